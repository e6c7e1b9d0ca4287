#include "editor.h"

#include <algorithm>
#include <cfloat>
#include <optional>
#include <type_traits>

#include "families.h"
#include "imgui.h"
#include "imgui_stdlib.h"
#include "nlohmann/json.hpp"

namespace lsgui {
namespace {

constexpr int32_t kMaxPow2 = 1 << 20;
const ImVec4 kErrorColor(1.0f, 0.4f, 0.4f, 1.0f);

struct Elem {
  const char* name;
  int32_t bits;
};
constexpr Elem kElems[] = {{"f64", 64}, {"f32", 32},      {"f16", 16},    {"bf16", 16}, {"f8E4M3FN", 8},
                           {"f8E5M2", 8}, {"i64", 64},     {"i32", 32},    {"i16", 16},  {"i8", 8}};

// Where the current error is shown: under the first field its text names.
struct Ctx {
  std::string error;
  bool shown = false;
  int depth = 0;
  FieldInput* input = nullptr;
};

// The scripted input when it is for `field` and not yet applied; records the field.
FieldInput* input_for(Ctx& cx, const char* field) {
  if (!cx.input) return nullptr;
  if (std::find(cx.input->fields.begin(), cx.input->fields.end(), field) == cx.input->fields.end())
    cx.input->fields.push_back(field);
  if (cx.input->consumed || cx.input->field != field) return nullptr;
  cx.input->consumed = true;
  return cx.input;
}

// The value of a scripted input as JSON; sets its error when it is not.
std::optional<nlohmann::json> input_json(FieldInput& in) {
  if (in.delta != 0) {
    in.error = "field '" + in.field + "' has no + / - buttons";
    return std::nullopt;
  }
  auto j = nlohmann::json::parse(in.value, nullptr, false);
  if (j.is_discarded()) in.error = "field '" + in.field + "': '" + in.value.substr(0, 40) + "' is not a JSON value";
  if (j.is_discarded()) return std::nullopt;
  return j;
}

// Converts a scripted value to the field's type; sets the input's error when it does not fit.
template <class T>
bool input_value(FieldInput& in, T& out, const char* expect) {
  auto j = input_json(in);
  if (!j) return false;
  try {
    out = j->get<T>();
    return true;
  } catch (const std::exception&) {
    in.error = "field '" + in.field + "' takes " + expect + ", not " + in.value.substr(0, 40);
    return false;
  }
}

// The + and - buttons of a power of two: double, or halve down to `min`.
int32_t pow2_step(int32_t v, int delta, int32_t min) {
  if (delta < 0) return v > min ? std::max(min, v / 2) : v;
  return v <= 0 ? 1 : std::min(kMaxPow2, v * 2);
}

// A step of a scripted input on entry `i` of a power-of-two list (or field).
bool input_step(FieldInput& in, ls::Ints& v, int32_t min) {
  if (in.delta == 0) return false;
  if (in.index < 0 || in.index >= static_cast<int>(v.size())) {
    in.error = "field '" + in.field + "' has " + std::to_string(v.size()) + " entries; index " +
               std::to_string(in.index) + " is out of range";
    return false;
  }
  v[in.index] = pow2_step(v[in.index], in.delta, min);
  return true;
}

void field_error(Ctx& cx, const char* field) {
  if (cx.shown || cx.error.empty()) return;
  // Messages read "kind: field = ..." or "kind: field[i] ..."; match the field name as a word.
  for (size_t p = cx.error.find(field); p != std::string::npos; p = cx.error.find(field, p + 1)) {
    size_t end = p + std::char_traits<char>::length(field);
    bool start_ok = p == 0 || cx.error[p - 1] == ' ';
    bool end_ok = end == cx.error.size() || cx.error[end] == ' ' || cx.error[end] == '[' || cx.error[end] == ':';
    if (start_ok && end_ok) {
      error_text(cx.error);
      cx.shown = true;
      return;
    }
  }
}

bool pow2_int(const char* id, int32_t& v, int32_t min = 1) {
  ImGui::PushID(id);
  bool changed = false;
  if (ImGui::SmallButton("-")) v = pow2_step(v, -1, min), changed = true;
  ImGui::SameLine(0, 2);
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("00000").x + 8);
  changed |= ImGui::InputScalar("##v", ImGuiDataType_S32, &v);
  ImGui::SameLine(0, 2);
  if (ImGui::SmallButton("+")) v = pow2_step(v, 1, min), changed = true;
  ImGui::PopID();
  return changed;
}

bool plain_int(const char* id, int32_t& v) {
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("00000").x + 8);
  return ImGui::InputScalar(id, ImGuiDataType_S32, &v);
}

// A list with one control per entry and buttons to add or drop the last one.
bool int_list(Ctx& cx, const char* field, ls::Ints& v, bool pow2, int32_t fill = 1) {
  ImGui::PushID(field);
  ImGui::TextUnformatted(field);
  bool changed = false;
  for (size_t i = 0; i < v.size(); ++i) {
    ImGui::SameLine();
    ImGui::PushID(static_cast<int>(i));
    changed |= pow2 ? pow2_int("##e", v[i]) : plain_int("##e", v[i]);
    ImGui::PopID();
  }
  ImGui::SameLine();
  if (ImGui::SmallButton("+dim")) v.push_back(fill), changed = true;
  if (!v.empty()) {
    ImGui::SameLine(0, 2);
    if (ImGui::SmallButton("-dim")) v.pop_back(), changed = true;
  }
  ImGui::PopID();
  if (FieldInput* in = input_for(cx, field))
    changed |= in->delta ? (pow2 ? input_step(*in, v, 1) : (in->error = "field '" + in->field + "' has no + / - buttons", false))
                         : input_value(*in, v, "a list of integers");
  field_error(cx, field);
  return changed;
}

// `order` as a permutation: drag an entry sideways to move it.
bool order_list(Ctx& cx, const char* field, ls::Ints& order) {
  ImGui::PushID(field);
  ImGui::TextUnformatted(field);
  bool changed = false;
  for (size_t i = 0; i < order.size(); ++i) {
    ImGui::SameLine();
    ImGui::PushID(static_cast<int>(i));
    ImGui::Button(std::to_string(order[i]).c_str(), ImVec2(ImGui::GetFrameHeight() * 1.2f, 0));
    if (ImGui::IsItemActive() && !ImGui::IsItemHovered()) {
      int next = static_cast<int>(i) + (ImGui::GetMouseDragDelta(0).x < 0 ? -1 : 1);
      if (next >= 0 && next < static_cast<int>(order.size())) {
        std::swap(order[i], order[next]);
        ImGui::ResetMouseDragDelta();
        changed = true;
      }
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("drag sideways to reorder; order[0] is the fastest dim");
    ImGui::PopID();
  }
  ImGui::SameLine();
  if (ImGui::SmallButton("reverse")) std::reverse(order.begin(), order.end()), changed = true;
  ImGui::PopID();
  if (FieldInput* in = input_for(cx, field)) changed |= input_value(*in, order, "a list of integers");
  field_error(cx, field);
  return changed;
}

bool flag(Ctx& cx, const char* field, bool& v) {
  bool changed = ImGui::Checkbox(field, &v);
  if (FieldInput* in = input_for(cx, field)) changed |= input_value(*in, v, "true or false");
  field_error(cx, field);
  return changed;
}

bool pow2_field(Ctx& cx, const char* field, int32_t& v, int32_t min = 1) {
  ImGui::TextUnformatted(field);
  ImGui::SameLine();
  bool changed = pow2_int(field, v, min);
  if (FieldInput* in = input_for(cx, field)) {
    ls::Ints one{v};
    if (in->delta ? input_step(*in, one, min) : input_value(*in, one[0], "an integer")) v = one[0], changed = true;
  }
  field_error(cx, field);
  return changed;
}

bool int_field(Ctx& cx, const char* field, int32_t& v) {
  ImGui::TextUnformatted(field);
  ImGui::SameLine();
  bool changed = plain_int((std::string("##") + field).c_str(), v);
  if (FieldInput* in = input_for(cx, field)) changed |= input_value(*in, v, "an integer");
  field_error(cx, field);
  return changed;
}

// One row per basis vector: its values, move up/down, remove; then add.
bool bases(Ctx& cx, const char* field, ls::Bases& b, size_t rank) {
  ImGui::PushID(field);
  ImGui::Text("%s (%zu)", field, b.size());
  bool changed = false;
  int move = -1, drop = -1, dir = 0;
  for (size_t i = 0; i < b.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    ImGui::TextDisabled("  %zu:", i);
    for (size_t j = 0; j < b[i].size(); ++j) {
      ImGui::SameLine();
      ImGui::PushID(static_cast<int>(j));
      changed |= plain_int("##c", b[i][j]);
      ImGui::PopID();
    }
    ImGui::SameLine();
    if (ImGui::SmallButton("^") && i > 0) move = static_cast<int>(i), dir = -1;
    ImGui::SameLine(0, 2);
    if (ImGui::SmallButton("v") && i + 1 < b.size()) move = static_cast<int>(i), dir = 1;
    ImGui::SameLine(0, 2);
    if (ImGui::SmallButton("x")) drop = static_cast<int>(i);
    ImGui::PopID();
  }
  if (move >= 0) std::swap(b[move], b[move + dir]), changed = true;
  if (drop >= 0) b.erase(b.begin() + drop), changed = true;
  if (ImGui::SmallButton("+ basis")) {
    b.push_back(ls::Ints(b.empty() ? std::max<size_t>(rank, 1) : b.back().size(), 0));
    changed = true;
  }
  ImGui::PopID();
  if (FieldInput* in = input_for(cx, field)) changed |= input_value(*in, b, "a list of basis vectors like [[0, 1], [1, 0]]");
  field_error(cx, field);
  return changed;
}

bool cga(Ctx& cx, ls::CgaLayout& c, size_t rank) {
  if (!ImGui::TreeNode("CGALayout", "CGALayout (CTAs: %zu block bases)", c.bases.size())) {
    bool changed = false;
    if (FieldInput* in = input_for(cx, "CGALayout")) changed = input_value(*in, c.bases, "a list of block bases");
    field_error(cx, "CGALayout");
    return changed;
  }
  bool changed = bases(cx, "CGALayout", c.bases, rank);
  ImGui::TreePop();
  return changed;
}

bool edit_spec(Ctx& cx, ls::Spec& s, size_t rank);

bool kind_combo(ls::Spec& s) {
  std::string now = ls::kind_name(s);
  bool changed = false;
  ImGui::SetNextItemWidth(200);
  if (ImGui::BeginCombo("kind", now.c_str())) {
    for (const auto& k : kind_names())
      if (ImGui::Selectable(k.c_str(), k == now) && k != now) {
        s = *default_layout(k).spec;
        changed = true;
      }
    ImGui::EndCombo();
  }
  return changed;
}

// A nested layout (a parent, or a partitioned layout's piece layout), with its own kind selector.
bool parent(Ctx& cx, ls::SpecPtr& p, size_t rank, const char* label = "parent") {
  if (!p) return false;
  bool changed = false;
  if (ImGui::TreeNodeEx(label, ImGuiTreeNodeFlags_DefaultOpen, "%s: %s", label, ls::kind_name(*p).c_str())) {
    ls::Spec copy = *p;
    ImGui::PushID(cx.depth);
    ++cx.depth;
    if (cx.depth > 16) ImGui::TextDisabled("(nested too deep to edit here; use the text)");
    else changed = kind_combo(copy) | edit_spec(cx, copy, rank);
    --cx.depth;
    ImGui::PopID();
    if (changed) p = std::make_shared<const ls::Spec>(std::move(copy));
    ImGui::TreePop();
  }
  return changed;
}

bool edit(Ctx& cx, ls::Blocked& k, size_t) {
  bool c = int_list(cx, "sizePerThread", k.size_per_thread, true);
  c |= int_list(cx, "threadsPerWarp", k.threads_per_warp, true);
  c |= int_list(cx, "warpsPerCTA", k.warps_per_cta, true);
  c |= order_list(cx, "order", k.order);
  if (ImGui::SmallButton("+dim (all)")) {
    k.size_per_thread.push_back(1), k.threads_per_warp.push_back(1), k.warps_per_cta.push_back(1);
    for (auto& o : k.order) ++o;
    k.order.insert(k.order.begin(), 0);
    c = true;
  }
  ImGui::SameLine();
  if (k.order.size() > 1 && ImGui::SmallButton("-dim (all)")) {
    k.size_per_thread.pop_back(), k.threads_per_warp.pop_back(), k.warps_per_cta.pop_back();
    int32_t last = static_cast<int32_t>(k.order.size()) - 1;
    k.order.erase(std::find(k.order.begin(), k.order.end(), last));
    c = true;
  }
  return c | cga(cx, k.cga, k.order.size());
}
bool edit(Ctx& cx, ls::Slice& k, size_t rank) {
  bool c = int_field(cx, "dim", k.dim);
  return c | parent(cx, k.parent, rank + 1);
}
bool edit(Ctx& cx, ls::DistributedLinear& k, size_t rank) {
  bool c = bases(cx, "register", k.reg, rank);
  c |= bases(cx, "lane", k.lane, rank);
  c |= bases(cx, "warp", k.warp, rank);
  return c | bases(cx, "block", k.block, rank);
}
bool edit(Ctx& cx, ls::NvidiaMma& k, size_t rank) {
  bool c = int_field(cx, "versionMajor", k.version_major);
  c |= int_field(cx, "versionMinor", k.version_minor);
  c |= int_list(cx, "warpsPerCTA", k.warps_per_cta, true);
  c |= int_list(cx, "instrShape", k.instr_shape, false, 16);
  return c | cga(cx, k.cga, rank);
}
bool edit(Ctx& cx, ls::DotOperand& k, size_t rank) {
  bool c = int_field(cx, "opIdx", k.op_idx);
  c |= pow2_field(cx, "kWidth", k.k_width, 0);
  return c | parent(cx, k.parent, rank);
}
bool edit(Ctx& cx, ls::AmdMfma& k, size_t rank) {
  bool c = int_field(cx, "version", k.version);
  c |= int_list(cx, "instrShape", k.instr_shape, false, 16);
  c |= flag(cx, "isTransposed", k.transposed);
  c |= int_list(cx, "warpsPerCTA", k.warps_per_cta, true);
  c |= pow2_field(cx, "elementBitWidth", k.element_bitwidth);
  c |= int_list(cx, "tilesPerWarp", k.tiles_per_warp, true);
  return c | cga(cx, k.cga, rank);
}
bool edit(Ctx& cx, ls::AmdWmma& k, size_t rank) {
  bool c = int_field(cx, "version", k.version);
  c |= flag(cx, "isTranspose", k.transposed);
  if (k.cta_bases) {  // Triton 3.9's form
    c |= bases(cx, "ctaLayout.register", k.cta_register, rank);
    c |= bases(cx, "ctaLayout.warp", k.cta_warp, rank);
    c |= int_list(cx, "instrShape", k.instr_shape, false, 16);
    return c | cga(cx, k.cga, rank);
  }
  c |= int_list(cx, "warpsPerCTA", k.warps_per_cta, true);
  c |= int_list(cx, "instrShape", k.instr_shape, false, 16);
  c |= int_list(cx, "tilesPerWarp", k.tiles_per_warp, true);
  return c | cga(cx, k.cga, rank);
}
// Swizzled and AMD rotating shared layouts have the same fields.
template <class K>
bool edit_swizzle(Ctx& cx, K& k) {
  bool c = pow2_field(cx, "vec", k.vec);
  c |= pow2_field(cx, "perPhase", k.per_phase);
  c |= pow2_field(cx, "maxPhase", k.max_phase);
  c |= order_list(cx, "order", k.order);
  return c | cga(cx, k.cga, k.order.size());
}
bool edit(Ctx& cx, ls::SwizzledShared& k, size_t) { return edit_swizzle(cx, k); }
bool edit(Ctx& cx, ls::NvmmaShared& k, size_t rank) {
  bool c = pow2_field(cx, "swizzlingByteWidth", k.swizzle_bytes, 0);
  c |= pow2_field(cx, "elementBitWidth", k.element_bitwidth);
  c |= int_field(cx, "rank", k.rank);
  c |= flag(cx, "transposed", k.transposed);
  c |= flag(cx, "fp4Padded", k.fp4_padded);
  return c | cga(cx, k.cga, rank);
}
bool edit(Ctx& cx, ls::SharedLinear& k, size_t rank) {
  bool c = bases(cx, "offset", k.offset, rank);
  c |= bases(cx, "block", k.block, rank);
  return c | pow2_field(cx, "alignment", k.alignment);
}
bool edit(Ctx& cx, ls::PaddedShared& k, size_t rank) {
  ImGui::TextUnformatted("intervals and pads");
  bool c = false;
  int drop = -1;
  for (size_t i = 0; i < k.interval_pads.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    ImGui::TextDisabled("  every");
    ImGui::SameLine();
    c |= pow2_int("##i", k.interval_pads[i].first);
    ImGui::SameLine();
    ImGui::TextDisabled("pad +");
    ImGui::SameLine();
    c |= pow2_int("##p", k.interval_pads[i].second);
    ImGui::SameLine();
    if (ImGui::SmallButton("x")) drop = static_cast<int>(i);
    ImGui::PopID();
  }
  if (drop >= 0) k.interval_pads.erase(k.interval_pads.begin() + drop), c = true;
  if (ImGui::SmallButton("+ interval")) k.interval_pads.push_back({32, 4}), c = true;
  if (FieldInput* in = input_for(cx, "intervals")) c |= input_value(*in, k.interval_pads, "a list of [interval, pad] pairs");
  field_error(cx, "interval");
  c |= bases(cx, "offset", k.offset, rank);
  c |= bases(cx, "block", k.block, rank);
  ls::Ints shape(k.shape.begin(), k.shape.end());
  if (int_list(cx, "shape", shape, true)) k.shape.assign(shape.begin(), shape.end()), c = true;
  return c;
}
bool edit(Ctx& cx, ls::AmdRotatingShared& k, size_t) { return edit_swizzle(cx, k); }
bool edit(Ctx& cx, ls::TensorMemory& k, size_t rank) {
  bool c = pow2_field(cx, "blockM", k.block_m);
  c |= pow2_field(cx, "blockN", k.block_n);
  c |= pow2_field(cx, "colStride", k.col_stride);
  c |= flag(cx, "twoCTAs", k.two_ctas);
  c |= flag(cx, "fp4Padded", k.fp4_padded);
  return c | cga(cx, k.cga, rank);
}
bool edit(Ctx& cx, ls::TensorMemoryScales& k, size_t rank) { return cga(cx, k.cga, rank); }
bool edit(Ctx& cx, ls::PartitionedShared& k, size_t rank) {
  bool c = pow2_field(cx, "numPartitions", k.num_partitions);
  c |= pow2_field(cx, "numGroups", k.num_groups);
  c |= int_field(cx, "partitionDim", k.partition_dim);
  return c | parent(cx, k.inner, rank, "partitionLayout");
}
bool edit(Ctx& cx, ls::AmdMfmaScale& k, size_t rank) {
  bool c = int_field(cx, "opIdx", k.op_idx);
  c |= pow2_field(cx, "scaleFactor", k.scale_factor);
  return c | edit(cx, k.parent, rank);
}
bool edit(Ctx& cx, ls::AmdWmmaScale& k, size_t rank) {
  bool c = int_field(cx, "opIdx", k.op_idx);
  c |= pow2_field(cx, "scaleFactor", k.scale_factor);
  return c | edit(cx, k.parent, rank);
}

bool edit_spec(Ctx& cx, ls::Spec& s, size_t rank) {
  return std::visit([&](auto& k) { return edit(cx, k, rank); }, s.v);
}

}  // namespace

void error_text(const std::string& msg) {
  ImGui::PushStyleColor(ImGuiCol_Text, kErrorColor);
  ImGui::TextWrapped("%s", msg.c_str());
  ImGui::PopStyleColor();
}

void draw_paste_box(Doc& d, const char* id, float lines, const ls::TensorLayout* tensor) {
  std::string text = d.text;
  if (ImGui::InputTextMultiline(id, &text, ImVec2(-FLT_MIN, ImGui::GetTextLineHeight() * lines)))
    set_text(d, text, tensor);
  if (d.error_from == "text") {
    error_text(d.error);
    if (d.grid) ImGui::TextDisabled("The grid shows the last valid layout.");
  }
}

// The kind selector: Triton's kinds, then the other families.
static void kind_selector(Doc& d, const std::string& now) {
  ImGui::SetNextItemWidth(200);
  if (!ImGui::BeginCombo("kind", now.c_str())) return;
  for (const auto& k : kind_names())
    if (ImGui::Selectable(k.c_str(), k == now) && k != now) switch_kind(d, k);
  ImGui::Separator();
  for (const auto& k : family_names())
    if (ImGui::Selectable(k.c_str(), k == now) && k != now) switch_kind(d, k);
  ImGui::EndCombo();
}

void draw_editor(Doc& d, FieldInput* input) {
  Ctx cx;
  cx.input = input;
  if (d.error_from == "editor") cx.error = d.error;
  ls::TensorLayout t = d.draft;
  if (!t.spec && !t.foreign) return;
  ImGui::PushID("editor");

  std::string shape = d.shape_text;
  ImGui::SetNextItemWidth(140);
  // A tilus or CuTe layout carries its shape in its expression.
  ImGui::BeginDisabled(t.foreign != nullptr);
  if (ImGui::InputTextWithHint("shape", "e.g. 64x16", &shape)) set_shape_text(d, shape);
  ImGui::EndDisabled();
  if (FieldInput* in = input_for(cx, "shape")) {
    ls::Ints dims;
    if (t.foreign) in->error = "field 'shape': a " + t.foreign->family() + " layout carries its shape in its text";
    else if (input_value(*in, dims, "a list of sizes like [64, 16]")) {
      std::string text;
      for (size_t i = 0; i < dims.size(); ++i) text += (i ? "x" : "") + std::to_string(dims[i]);
      set_shape_text(d, text);
    }
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(110);
  if (ImGui::BeginCombo("element", (t.elem + " (" + std::to_string(t.elem_bits) + " bits)").c_str())) {
    for (const auto& e : kElems)
      if (ImGui::Selectable(e.name, t.elem == e.name)) set_elem(d, e.name, e.bits);
    ImGui::EndCombo();
  }
  if (FieldInput* in = input_for(cx, "element")) {
    std::string name;
    if (input_value(*in, name, "an element type name like \"f16\"")) {
      auto e = std::find_if(std::begin(kElems), std::end(kElems), [&](const Elem& x) { return name == x.name; });
      if (e == std::end(kElems)) in->error = "field 'element': unknown element type '" + name.substr(0, 20) + "'";
      else set_elem(d, e->name, e->bits);
    }
  }
  if (d.error_from == "shape") error_text(d.error);

  if (FieldInput* in = input_for(cx, "kind")) {
    std::string kind;
    if (input_value(*in, kind, "a kind name like \"blocked\"")) {
      const auto& k = kind_names();
      const auto& f = family_names();
      if (std::find(k.begin(), k.end(), kind) == k.end() && std::find(f.begin(), f.end(), kind) == f.end())
        in->error = "field 'kind': unknown kind '" + kind.substr(0, 30) + "'";
      else if (kind != (t.foreign ? t.foreign->family() : ls::kind_name(*t.spec)))
        switch_kind(d, kind);
      if (in->error.empty()) {  // the kind changed: its fields are drawn next frame
        ImGui::PopID();
        return;
      }
    }
  }
  if (t.foreign) {
    kind_selector(d, t.foreign->family());
    if (d.draft.foreign == t.foreign) draw_family_editor(d);
    if (!d.error.empty() && d.grid && (d.error_from == "editor" || d.error_from == "text"))
      ImGui::TextDisabled("The grid shows the last valid layout.");
    ImGui::PopID();
    return;
  }
  ls::Spec s = *t.spec;
  kind_selector(d, ls::kind_name(s));
  if (!d.draft.spec || !(*d.draft.spec == s)) {  // the kind changed this frame
    ImGui::PopID();
    return;
  }
  if (edit_spec(cx, s, t.shape.size())) {
    t.spec = std::make_shared<const ls::Spec>(std::move(s));
    set_draft(d, t);
  }
  if (!cx.error.empty() && !cx.shown) error_text(cx.error);
  if (!d.error.empty() && d.grid && d.error_from == "editor")
    ImGui::TextDisabled("The grid shows the last valid layout.");
  ImGui::PopID();
}

}  // namespace lsgui
