#include "bases_panel.h"

#include <algorithm>

#include "grid.h"
#include "imgui.h"
#include "linear_layout.h"
#include "views.h"

namespace lsgui {
namespace {

std::string vec_text(const std::vector<int32_t>& v) {
  std::string t = "[";
  for (size_t i = 0; i < v.size(); ++i) t += (i ? ", " : "") + std::to_string(v[i]);
  return t + "]";
}

// One letter per input dim for the matrix's column labels: r0, l3, w1, o5, b0.
std::string bit_label(const std::string& dim, int bit) {
  char c = dim == "register" ? 'r' : dim == "lane" ? 'l' : dim == "warp" ? 'w' : dim == "block" ? 'b'
           : dim == "offset" ? 'o' : dim.empty() ? '?' : dim[0];
  return std::string(1, c) + std::to_string(bit);
}

std::vector<int64_t> coords_of(const ls::Shape& shape, int64_t e) {
  std::vector<int64_t> c(shape.size());
  for (size_t i = shape.size(); i-- > 0;) c[i] = e % shape[i], e /= shape[i];
  return c;
}

}  // namespace

void draw_bases(App& app) {
  auto held = app.a.grid;  // an edit this frame may replace app.a.grid
  const Grid& g = *held;
  const ls::LinearLayout* L = g.map->linear();
  ImGui::TextWrapped("%s %s as a linear map over F2: the coordinates of a hardware index are the XOR of the basis "
                     "vectors of its set bits, L(x) = XOR of bases[i] for every bit i set in x.",
                     g.kind.c_str(), shape_text(g.shape).c_str());
  if (!L) {
    ImGui::TextDisabled("This layout is not linear over F2 (a %s layout whose strides are not powers of two): it has "
                        "no bases; the grid and hardware views still show every owner.", g.kind.c_str());
    return;
  }
  // The element to explain: the last one hovered in the grid view, or typed here.
  if (app.grid_view.hovered >= 0 && app.grid_view.hovered != app.bases_seen_hover &&
      app.grid_view.hovered < static_cast<int64_t>(g.owners.size())) {
    app.bases_element = app.grid_view.hovered;
  }
  app.bases_seen_hover = app.grid_view.hovered;
  app.bases_element = std::clamp<int64_t>(app.bases_element, 0, static_cast<int64_t>(g.owners.size()) - 1);
  auto coord = coords_of(g.shape, app.bases_element);
  ImGui::TextUnformatted("element");
  bool changed = false;
  for (size_t d = 0; d < coord.size(); ++d) {
    ImGui::SameLine();
    ImGui::PushID(static_cast<int>(d));
    int v = static_cast<int>(coord[d]);
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("000000").x + ImGui::GetFrameHeight() * 2);
    if (ImGui::InputInt("##c", &v)) coord[d] = std::clamp<int64_t>(v, 0, g.shape[d] - 1), changed = true;
    ImGui::PopID();
  }
  if (changed) {
    int64_t e = 0;
    for (size_t d = 0; d < coord.size(); ++d) e = e * g.shape[d] + coord[d];
    app.bases_element = e;
  }
  ImGui::SameLine();
  ImGui::TextDisabled("(hover a cell in the grid view to pick it)");

  const auto& owners = g.owners[app.bases_element];
  std::vector<std::pair<std::string, int>> set_bits;  // (in dim, bit) of the first owner
  if (owners.empty()) {
    ImGui::TextUnformatted("No hardware index holds this element.");
  } else {
    auto hw = ls::hw_coords(*g.map, owners[0]);
    std::vector<int32_t> sum(L->outs().size(), 0);
    std::string line = "owner " + ls::owner_label(*g.map, owners[0]) + ":";
    for (size_t d = 0; d < g.dims.size(); ++d) {
      const auto& bases = L->bases(g.dims[d].name);
      for (size_t i = 0; i < bases.size(); ++i)
        if (hw[d] >> i & 1) {
          set_bits.push_back({g.dims[d].name, static_cast<int>(i)});
          for (size_t j = 0; j < sum.size(); ++j) sum[j] ^= bases[i][j];
        }
    }
    for (size_t d = g.dims.size(); d-- > 0;) line += " " + g.dims[d].name + " " + std::to_string(hw[d]);
    ImGui::TextUnformatted(line.c_str());
    std::string x;
    for (const auto& [dim, bit] : set_bits) x += (x.empty() ? "" : " ^ ") + bit_label(dim, bit) + vec_text(L->bases(dim)[bit]);
    ImGui::TextWrapped("%s = %s", x.empty() ? "(no bit set)" : x.c_str(), vec_text(sum).c_str());
    if (owners.size() > 1)
      ImGui::TextDisabled("and %zu more owners (broadcast): their extra bits map to zero vectors", owners.size() - 1);
  }

  ImGui::Separator();
  ImGui::TextUnformatted("Bases, one per bit of each hardware dim (coordinates dim0 first):");
  if (ImGui::BeginTable("bases", 3, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("dim");
    ImGui::TableSetupColumn("bit");
    ImGui::TableSetupColumn("basis vector");
    ImGui::TableHeadersRow();
    for (const auto& in : L->ins())
      for (size_t i = 0; i < in.bases.size(); ++i) {
        bool lit = std::find(set_bits.begin(), set_bits.end(), std::make_pair(in.name, static_cast<int>(i))) != set_bits.end();
        ImGui::TableNextRow();
        if (lit) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(90, 70, 20, 255));
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(in.name.c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%zu", i);
        ImGui::TableNextColumn();
        bool zero = std::all_of(in.bases[i].begin(), in.bases[i].end(), [](int32_t v) { return v == 0; });
        ImGui::Text("%s%s", vec_text(in.bases[i]).c_str(), zero ? "  (zero: broadcast)" : "");
      }
    ImGui::EndTable();
  }

  // The bit matrix: a column per input bit, a row per output coordinate bit.
  ImGui::Separator();
  ImGui::TextUnformatted("The bit matrix (1: the input bit flips that coordinate bit; lit: the element's set bits)");
  std::vector<std::pair<std::string, int>> cols;
  for (const auto& in : L->ins())
    for (size_t i = 0; i < in.bases.size(); ++i) cols.push_back({in.name, static_cast<int>(i)});
  float cw = ImGui::CalcTextSize("w00").x + 6, ch = ImGui::GetTextLineHeight() + 4;
  float label_w = ImGui::CalcTextSize("dim0 b00").x + 8;
  int rows = 0;
  for (const auto& o : L->outs()) rows += o.log2;
  ImVec2 p = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  for (size_t c = 0; c < cols.size(); ++c) {
    bool lit = std::find(set_bits.begin(), set_bits.end(), cols[c]) != set_bits.end();
    ImVec2 a(p.x + label_w + c * cw, p.y);
    if (lit) dl->AddRectFilled(a, ImVec2(a.x + cw - 2, a.y + ch * (rows + 1)), IM_COL32(90, 70, 20, 255));
    dl->AddText(ImVec2(a.x + 2, a.y + 2), text, bit_label(cols[c].first, cols[c].second).c_str());
  }
  int r = 0;
  for (size_t j = 0; j < L->outs().size(); ++j)
    for (int b = 0; b < L->outs()[j].log2; ++b, ++r) {
      float y = p.y + ch * (r + 1);
      std::string label = L->outs()[j].name + " b" + std::to_string(b);
      dl->AddText(ImVec2(p.x, y + 2), text, label.c_str());
      for (size_t c = 0; c < cols.size(); ++c) {
        bool one = L->bases(cols[c].first)[cols[c].second][j] >> b & 1;
        dl->AddText(ImVec2(p.x + label_w + c * cw + cw / 2 - 4, y + 2), one ? text : dim, one ? "1" : "0");
      }
    }
  ImGui::Dummy(ImVec2(label_w + cols.size() * cw, ch * (rows + 1)));
}

}  // namespace lsgui
