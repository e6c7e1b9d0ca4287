#include "families.h"

#include <algorithm>
#include <cctype>

#include "coloring.h"
#include "cute/cute_layout.h"
#include "editor.h"
#include "imgui.h"
#include "imgui_stdlib.h"
#include "tilus/tilus_layout.h"
#include "views.h"

namespace lsgui {
namespace {

constexpr const char* kTilusCalls[] = {"local", "spatial", "column_local", "column_spatial"};

std::string ints_text(const std::vector<int64_t>& v) {
  std::string t;
  for (size_t i = 0; i < v.size(); ++i) t += (i ? ", " : "") + std::to_string(v[i]);
  return t;
}

// One input per entry, with buttons to add or drop the last one.
bool int64_list(const char* field, std::vector<int64_t>& v, int64_t fill) {
  ImGui::PushID(field);
  ImGui::TextUnformatted(field);
  bool changed = false;
  for (size_t i = 0; i < v.size(); ++i) {
    ImGui::SameLine();
    ImGui::PushID(static_cast<int>(i));
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("0000").x + 8);
    changed |= ImGui::InputScalar("##e", ImGuiDataType_S64, &v[i]);
    ImGui::PopID();
  }
  ImGui::SameLine();
  if (ImGui::SmallButton("+")) v.push_back(fill), changed = true;
  if (!v.empty()) {
    ImGui::SameLine(0, 2);
    if (ImGui::SmallButton("-")) v.pop_back(), changed = true;
  }
  ImGui::PopID();
  return changed;
}

void tilus_editor(Doc& d, const std::string& expr, const ls::tilus::TilusLayout& tl) {
  auto calls = split_tilus_chain(expr);
  if (!calls.empty() && ImGui::TreeNodeEx("chain", ImGuiTreeNodeFlags_DefaultOpen, "chain of %zu primitives",
                                          calls.size())) {
    bool changed = false;
    int drop = -1, move = -1, dir = 0;
    for (size_t i = 0; i < calls.size(); ++i) {
      ImGui::PushID(static_cast<int>(i));
      ImGui::SetNextItemWidth(130);
      if (ImGui::BeginCombo("##call", calls[i].name.c_str())) {
        for (const char* n : kTilusCalls)
          if (ImGui::Selectable(n, calls[i].name == n)) calls[i].name = n, changed = true;
        ImGui::EndCombo();
      }
      ImGui::SameLine();
      changed |= int64_list("", calls[i].args, 1);
      ImGui::SameLine();
      if (ImGui::SmallButton("^") && i > 0) move = static_cast<int>(i), dir = -1;
      ImGui::SameLine(0, 2);
      if (ImGui::SmallButton("v") && i + 1 < calls.size()) move = static_cast<int>(i), dir = 1;
      ImGui::SameLine(0, 2);
      if (ImGui::SmallButton("x") && calls.size() > 1) drop = static_cast<int>(i);
      ImGui::PopID();
    }
    if (move >= 0) std::swap(calls[move], calls[move + dir]), changed = true;
    if (drop >= 0) calls.erase(calls.begin() + drop), changed = true;
    if (ImGui::SmallButton("+ primitive")) {
      calls.push_back({"local", std::vector<int64_t>(calls.back().args.size(), 1)});
      changed = true;
    }
    if (changed) set_text(d, join_tilus_chain(calls));
    ImGui::TreePop();
  } else if (calls.empty()) {
    ImGui::TextDisabled("(the expression is not a plain chain of spatial/local calls)");
  }
  if (ImGui::TreeNodeEx("fields", calls.empty() ? ImGuiTreeNodeFlags_DefaultOpen : 0, "register_layout fields")) {
    ls::tilus::RegisterLayout l = tl.layout();
    bool changed = int64_list("shape", l.shape, 1);
    changed |= int64_list("mode_shape", l.mode_shape, 1);
    changed |= int64_list("spatial_modes", l.spatial_modes, 0);
    changed |= int64_list("local_modes", l.local_modes, 0);
    ImGui::TextDisabled("%lld threads x %lld locals", static_cast<long long>(tl.layout().num_threads()),
                        static_cast<long long>(tl.layout().local_size()));
    if (changed) set_text(d, ls::tilus::expression(l));
    ImGui::TreePop();
  }
}

// Text fields for one shape:stride layout; `text` is rewritten on edit.
bool shape_stride(const char* id, const ls::cute::Layout& l, std::string& text) {
  ImGui::PushID(id);
  std::string shape = l.shape.str(), stride = l.stride.str();
  ImGui::SetNextItemWidth(150);
  bool changed = ImGui::InputText("##shape", &shape);
  ImGui::SameLine(0, 2);
  ImGui::TextUnformatted(":");
  ImGui::SameLine(0, 2);
  ImGui::SetNextItemWidth(150);
  changed |= ImGui::InputText("##stride", &stride);
  ImGui::SameLine();
  ImGui::TextUnformatted(id);
  ImGui::PopID();
  if (changed) text = shape + ":" + stride;
  return changed;
}

// A memory layout's parts; returns its text after an edit.
bool memory_editor(const ls::cute::Memory& m, std::string& text) {
  std::string layout = m.layout.str();
  bool changed = shape_stride("shape : stride", m.layout, layout);
  bool swz = m.swizzle.has_value();
  int bms[3] = {swz ? m.swizzle->bits : 3, swz ? m.swizzle->base : 3, swz ? m.swizzle->shift : 3};
  changed |= ImGui::Checkbox("Swizzle<B,M,S>", &swz);
  ImGui::SameLine();
  ImGui::BeginDisabled(!swz);
  ImGui::SetNextItemWidth(150);
  changed |= ImGui::InputInt3("##bms", bms);
  ImGui::EndDisabled();
  long long base = m.base;
  ImGui::SetNextItemWidth(150);
  changed |= ImGui::InputScalar("base offset", ImGuiDataType_S64, &base);
  std::vector<int64_t> vec = m.vector;
  changed |= int64_list("vector", vec, 1);
  if (!changed) return false;
  text = (swz ? "Swizzle<" + std::to_string(bms[0]) + "," + std::to_string(bms[1]) + "," + std::to_string(bms[2]) +
                    "> o "
              : "") +
         (base ? std::to_string(base) + " + " : "") + layout;
  if (!vec.empty()) {
    std::string v;
    for (size_t i = 0; i < vec.size(); ++i) v += (i ? "," : "") + std::to_string(vec[i]);
    text = "vectorize(" + text + ", (" + v + "))";
  }
  return true;
}

void cute_editor(Doc& d, const ls::cute::CuteLayout& cl) {
  const ls::cute::Value& v = cl.value();
  std::string text;
  if (auto* m = std::get_if<ls::cute::Memory>(&v)) {
    ImGui::TextDisabled("memory layout: coordinate -> offset");
    if (memory_editor(*m, text)) set_text(d, text);
  } else if (auto* tv = std::get_if<ls::cute::Tv>(&v)) {
    ImGui::TextDisabled("TV layout: (thread, value) -> index into the tile");
    std::string layout = tv->layout.str(), tile;
    for (size_t i = 0; i < tv->tile.size(); ++i) tile += (i ? "," : "") + std::to_string(tv->tile[i]);
    bool changed = shape_stride("(thread, value)", tv->layout, layout);
    ImGui::SetNextItemWidth(150);
    changed |= ImGui::InputText("tile", &tile);
    if (changed) set_text(d, "tv(" + layout + ", (" + tile + "))");
  } else {
    const auto& dist = std::get<ls::cute::Distributed>(v);
    ImGui::TextDisabled("distributed tensor: a thread layout tiled over the tensor");
    std::string tensor = ls::cute::print(dist.tensor), threads = dist.threads.str();
    bool changed = memory_editor(dist.tensor, tensor);
    changed |= shape_stride("threads", dist.threads, threads);
    if (changed) set_text(d, "distribute(" + tensor + ", " + threads + ")");
  }
}

// Row-major element index -> coordinates.
std::vector<int64_t> coords_of(const Grid& g, int64_t e) {
  std::vector<int64_t> c(g.shape.size());
  for (size_t i = g.shape.size(); i-- > 0;) c[i] = e % g.shape[i], e /= g.shape[i];
  return c;
}

}  // namespace

std::vector<TilusCall> split_tilus_chain(const std::string& text) {
  std::vector<TilusCall> calls;
  size_t i = 0, n = text.size();
  auto skip = [&] {
    while (i < n && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  };
  skip();
  while (i < n) {
    size_t start = i;
    while (i < n && (std::islower(static_cast<unsigned char>(text[i])) || text[i] == '_')) ++i;
    TilusCall c{text.substr(start, i - start), {}};
    if (std::find(std::begin(kTilusCalls), std::end(kTilusCalls), c.name) == std::end(kTilusCalls) &&
        c.name != "repeat")
      return {};
    if (c.name == "repeat") c.name = "local";
    skip();
    if (i >= n || text[i++] != '(') return {};
    for (;;) {
      skip();
      size_t d = i;
      while (i < n && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
      if (d == i || i - d > 9) return {};
      c.args.push_back(std::stoll(text.substr(d, i - d)));
      skip();
      if (i < n && text[i] == ',') {
        ++i;
        continue;
      }
      if (i < n && text[i] == ')') break;
      return {};
    }
    ++i;
    calls.push_back(std::move(c));
    skip();
    if (i < n && text[i] == '.') ++i, skip();
    else if (i < n) return {};
  }
  return calls;
}

std::string join_tilus_chain(const std::vector<TilusCall>& calls) {
  std::string t;
  for (size_t i = 0; i < calls.size(); ++i) t += (i ? "." : "") + calls[i].name + "(" + ints_text(calls[i].args) + ")";
  return t;
}

void draw_family_editor(Doc& d) {
  if (!d.draft.foreign) return;
  ImGui::TextUnformatted("expression");
  // The family's own notation: the typed text, or core's print when it came as JSON.
  size_t first = d.text.find_first_not_of(" \t\r\n");
  std::string text = first != std::string::npos && d.text[first] == '{' ? d.draft.foreign->text() : d.text;
  std::string expr = text;
  if (ImGui::InputTextMultiline("##expr", &text, ImVec2(-FLT_MIN, ImGui::GetTextLineHeight() * 3))) set_text(d, text);
  if (d.error_from == "text") error_text(d.error);
  ImGui::TextDisabled(d.draft.foreign->family() == "tilus" ? "e.g. local(2, 1).spatial(8, 4).local(1, 2), reduce(...)"
                                                           : "e.g. (4,(4,2)):(4,(1,16)), Swizzle<3,3,3> o row_major(8,64)");
  if (auto* tl = dynamic_cast<const ls::tilus::TilusLayout*>(d.draft.foreign.get())) tilus_editor(d, expr, *tl);
  if (auto* cl = dynamic_cast<const ls::cute::CuteLayout*>(d.draft.foreign.get())) cute_editor(d, *cl);
}

std::vector<std::string> explain_element(const Grid& g, int64_t e) {
  std::vector<std::string> lines;
  const auto& f = g.layout.foreign;
  if (!f) return lines;
  const auto& owners = g.owners[e];
  if (dynamic_cast<const ls::tilus::TilusLayout*>(f.get())) {
    std::string who;
    for (int64_t o : owners)
      who += (who.empty() ? "" : ", ") + std::to_string(ls::color_key(*g.map, o, ls::ColorBy::thread));
    if (!owners.empty())
      lines.push_back("tilus: " + (owners.size() > 1 ? "[" + who + "]" : who) + ": " +
                      std::to_string(ls::color_key(*g.map, owners[0], ls::ColorBy::reg)) +
                      "  (thread: local index)");
    return lines;
  }
  auto* cl = dynamic_cast<const ls::cute::CuteLayout*>(f.get());
  if (!cl) return lines;
  auto* m = std::get_if<ls::cute::Memory>(&cl->value());
  if (!m) {
    if (!owners.empty())
      lines.push_back("thread " + std::to_string(ls::color_key(*g.map, owners[0], ls::ColorBy::thread)) +
                      " holds it as value " + std::to_string(ls::color_key(*g.map, owners[0], ls::ColorBy::reg)));
    return lines;
  }
  if (!m->vector.empty()) {
    if (!owners.empty()) lines.push_back("a vector starting at offset " + ls::owner_label(*g.map, owners[0]));
    return lines;
  }
  // offset = swizzle(base + sum over the top-level modes of mode_k(c_k))
  auto c = coords_of(g, e);
  int64_t sum = 0;
  std::string terms;
  for (size_t k = 0; k < c.size() && k < m->layout.rank(); ++k) {
    ls::cute::Layout mode = m->layout.mode(k);
    int64_t t = mode(c[k]);
    sum += t;
    lines.push_back("mode " + std::to_string(k) + "  " + mode.str() + " at " + std::to_string(c[k]) + " = " +
                    std::to_string(t));
    terms += (terms.empty() ? "" : " + ") + std::to_string(t);
  }
  std::string line = "offset = " + (m->base ? std::to_string(m->base) + " + " : "") + terms;
  int64_t off = m->base + sum;
  if (c.size() > 1 || m->base) line += " = " + std::to_string(off);
  lines.push_back(line);
  if (m->swizzle)
    lines.push_back(m->swizzle->str() + "(" + std::to_string(off) + ") = " + std::to_string((*m->swizzle)(off)));
  return lines;
}

}  // namespace lsgui
