#include "grid.h"

#include <algorithm>
#include <cmath>

#include "families.h"
#include "views.h"

namespace lsgui {
namespace {

constexpr float kMinCell = 0.05f, kMaxCell = 400.f;
constexpr float kMinDrawn = 3.f;  // smaller cells are drawn in blocks of this many pixels
constexpr size_t kMaxTooltipOwners = 32;
constexpr int64_t kMaxLegend = 1024;  // legend entries; past them a count
constexpr int64_t kLegendLines = 3;   // lines shown before the legend scrolls
constexpr int64_t kRectsWithout32BitOffsets = 12000;  // 4 vertices each stays under 2^16
const ImU32 kBackground = IM_COL32(28, 28, 32, 255);
constexpr int64_t kMaxTexture = 4096;  // texels a side (GL 3 guarantees 1024; desktop GLs 8192+)

constexpr ls::ColorBy kChoices[] = {ls::ColorBy::thread, ls::ColorBy::warp,  ls::ColorBy::reg,  ls::ColorBy::lane,
                                    ls::ColorBy::block,  ls::ColorBy::offset, ls::ColorBy::bank};

ImVec2 operator+(ImVec2 a, ImVec2 b) { return {a.x + b.x, a.y + b.y}; }
ImVec2 operator-(ImVec2 a, ImVec2 b) { return {a.x - b.x, a.y - b.y}; }

ImU32 dimmed(ImU32 c) {
  ImVec4 f = ImGui::ColorConvertU32ToFloat4(c), b = ImGui::ColorConvertU32ToFloat4(kBackground);
  const float k = 0.22f;
  return ImGui::ColorConvertFloat4ToU32(ImVec4(b.x + (f.x - b.x) * k, b.y + (f.y - b.y) * k, b.z + (f.z - b.z) * k, 1));
}

int64_t dim_size(const Grid& g, const char* name) {
  for (const auto& d : g.dims)
    if (d.name == name) return d.size;
  return 1;
}

void refresh(View& v, const Grid& g) {
  bool regrid = v.seen_grid != g.id || v.base_fill.size() != g.owners.size();
  bool recolor = regrid || v.seen_by != v.color_by || v.seen_label != v.label_by || v.seen_palette != v.palette;
  if (regrid) {  // warp and CTA of every element, for the boundary lines
    bool regs = !g.map->is_shared();
    v.warp_of.assign(g.owners.size(), -1), v.cta_of.assign(g.owners.size(), -1);
    for (size_t e = 0; regs && e < g.owners.size(); ++e)
      if (!g.owners[e].empty()) {
        v.warp_of[e] = ls::color_key(*g.map, g.owners[e][0], ls::ColorBy::warp);
        v.cta_of[e] = ls::color_key(*g.map, g.owners[e][0], ls::ColorBy::block);
      }
  }
  if (recolor) {
    auto rgb = ls::element_colors(*g.map, g.owners, v.color_by, g.layout.elem_bits, v.palette);
    v.base_fill.resize(rgb.size());
    for (size_t i = 0; i < rgb.size(); ++i) v.base_fill[i] = to_u32(rgb[i]);
    v.widest_label.clear();
    bool broadcast = false;
    for (const auto& o : g.owners) broadcast |= o.size() > 1;
    for (int64_t flat : {int64_t{0}, g.map->hw_size() - 1}) {
      std::string t = cell_label(v, g, g.table.empty() || g.table[flat] < 0 ? 0 : g.table[flat]);
      if (!t.empty() && t.back() == '+') t.pop_back();
      if (t.size() > v.widest_label.size()) v.widest_label = t;
    }
    if (broadcast) v.widest_label += "+";
  }
  if (recolor || !(v.seen_sel == v.sel) || !(v.seen_level == v.level) || v.seen_mark != v.mark_version ||
      v.fill.size() != v.base_fill.size()) {
    auto lit = lit_elements(g, v.sel);
    if (v.level.kind != Selection::none) {
      auto l2 = lit_elements(g, v.level);
      for (size_t i = 0; i < lit.size(); ++i) lit[i] &= l2[i];
    }
    if (v.mark.size() == lit.size())
      for (size_t i = 0; i < lit.size(); ++i) lit[i] &= v.mark[i];
    v.fill.resize(v.base_fill.size());
    for (size_t i = 0; i < lit.size(); ++i) v.fill[i] = lit[i] ? v.base_fill[i] : dimmed(v.base_fill[i]);
    ++v.fill_version;
  }
  v.seen_grid = g.id, v.seen_shared = g.map->is_shared(), v.seen_by = v.color_by, v.seen_label = v.label_by, v.seen_palette = v.palette, v.seen_sel = v.sel, v.seen_level = v.level, v.seen_mark = v.mark_version;
}

// Row-major element index -> its coordinates.
std::string coords_text(const Grid& g, int64_t e) {
  std::vector<int64_t> c(g.shape.size());
  for (size_t i = g.shape.size(); i-- > 0;) c[i] = e % g.shape[i], e /= g.shape[i];
  std::string t;
  for (size_t i = 0; i < c.size(); ++i) t += (i ? ", " : "") + std::to_string(c[i]);
  return t;
}

void owners_tooltip(const View& v, const Grid& g, int64_t e) {
  const auto& o = g.owners[e];
  bool shared = g.map->is_shared();
  ImGui::BeginTooltip();
  ImGui::Text("element (%s)", coords_text(g, e).c_str());
  if (o.empty()) ImGui::TextUnformatted("no owner");
  else if (o.size() > 1) ImGui::Text("broadcast: %zu owners", o.size());
  int cols = 1 + static_cast<int>(g.dims.size()) + (shared ? 1 : 0);
  if (!o.empty() && ImGui::BeginTable("owners", cols, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("owner");
    for (size_t d = g.dims.size(); d-- > 0;) ImGui::TableSetupColumn(g.dims[d].name.c_str());
    if (shared) ImGui::TableSetupColumn("bank");
    ImGui::TableHeadersRow();
    for (size_t i = 0; i < o.size() && i < kMaxTooltipOwners; ++i) {
      auto hw = ls::hw_coords(*g.map, o[i]);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(ls::owner_label(*g.map, o[i]).c_str());
      for (size_t d = hw.size(); d-- > 0;) {
        ImGui::TableNextColumn();
        ImGui::Text("%lld", static_cast<long long>(hw[d]));
      }
      if (shared) {
        ImGui::TableNextColumn();
        ImGui::Text("%lld", static_cast<long long>(ls::color_key(*g.map, o[i], ls::ColorBy::bank, g.layout.elem_bits)));
      }
    }
    ImGui::EndTable();
  }
  if (o.size() > kMaxTooltipOwners) ImGui::Text("... and %zu more", o.size() - kMaxTooltipOwners);
  for (const auto& line : explain_element(g, e)) ImGui::TextUnformatted(line.c_str());
  if (!o.empty() && !shared) ImGui::TextDisabled("click: light all this %s owns", v.click == Selection::warp ? "warp"
                                                                                : v.click == Selection::reg ? "register"
                                                                                                            : "thread");
  ImGui::EndTooltip();
}

// Column indices above row 0 and row indices (the flat index of the row's
// first element when folded) left of column 0, sticking to the canvas edge;
// a power-of-two step keeps them apart.
void draw_axes(const View& v, ImDrawList* dl, int64_t r0, int64_t r1, int64_t c0, int64_t c1, ImVec2 axis) {
  float digits_w = ImGui::CalcTextSize(std::to_string(std::max(v.rows * v.cols, v.cols) - 1).c_str()).x;
  int64_t step = 1;
  while (v.cell * step < digits_w + 8) step *= 2;
  ImU32 col = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  float line_h = ImGui::GetTextLineHeight();
  float top = std::max(v.canvas_min.y, v.origin.y - axis.y);
  dl->AddRectFilled(ImVec2(v.canvas_min.x, top), ImVec2(v.canvas_max.x, top + axis.y), kBackground);
  for (int64_t c = c0 / step * step; c < c1; c += step) {
    std::string t = std::to_string(c);
    float x = v.origin.x + c * v.cell + std::max(0.f, (v.cell - ImGui::CalcTextSize(t.c_str()).x) / 2);
    dl->AddText(ImVec2(x, top + 1), col, t.c_str());
  }
  float left = std::max(v.canvas_min.x, v.origin.x - axis.x);
  dl->AddRectFilled(ImVec2(left, top + axis.y), ImVec2(left + axis.x, v.canvas_max.y), kBackground);
  dl->PushClipRect(ImVec2(left, top + axis.y), ImVec2(left + axis.x, v.canvas_max.y), true);
  for (int64_t r = r0 / step * step; r < r1; r += step) {
    std::string t = std::to_string(v.folded() ? r * v.cols : r);
    float y = v.origin.y + r * v.cell + std::max(0.f, (v.cell - line_h) / 2);
    dl->AddText(ImVec2(left + axis.x - 6 - ImGui::CalcTextSize(t.c_str()).x, y), col, t.c_str());
  }
  dl->PopClipRect();
}

}  // namespace

ImU32 to_u32(ls::Rgb c) { return IM_COL32(c.r, c.g, c.b, 255); }

void slice_dims(const Grid& g, int64_t& rows, int64_t& cols) {
  rows = g.shape.size() >= 2 ? g.shape[g.shape.size() - 2] : 1;
  cols = g.shape.back();
  int64_t n = rows * cols;
  if ((rows == 1 || cols == 1) && n > 32) {  // fold a long vector into lines
    int bits = 0;
    while ((int64_t{1} << bits) < n) ++bits;
    cols = int64_t{1} << ((bits + 1) / 2);
    rows = n / cols;
  }
}

int64_t slice_base(const View& v, const Grid& g) {
  int64_t base = 0;
  for (size_t i = 0; i < v.slice.size() && i < g.shape.size(); ++i) base = base * g.shape[i] + v.slice[i];
  int64_t rows, cols;
  slice_dims(g, rows, cols);
  return base * rows * cols;
}

void sync_view(View& v, const Grid& g, uint64_t version) {
  if (v.seen_version == version && v.seen_grid == g.id) return;
  bool same_shape = v.seen_grid != 0 && v.slice.size() == (g.shape.size() > 2 ? g.shape.size() - 2 : 0) &&
                    v.rows * v.cols * 1 > 0;
  size_t lead = g.shape.size() > 2 ? g.shape.size() - 2 : 0;
  if (v.slice.size() != lead) v.slice.assign(lead, 0), same_shape = false;
  for (size_t i = 0; i < lead; ++i) v.slice[i] = std::clamp<int>(v.slice[i], 0, static_cast<int>(g.shape[i] - 1));
  int64_t rows, cols;
  slice_dims(g, rows, cols);
  if (!same_shape || rows != v.rows || cols != v.cols) v.fit = true;
  if (!ls::color_by_available(*g.map, v.color_by)) v.color_by = ls::default_color_by(*g.map);
  if (v.seen_grid != 0 && v.seen_shared != g.map->is_shared()) v.color_by = ls::default_color_by(*g.map);
  if (v.pending_color >= 0 && ls::color_by_available(*g.map, static_cast<ls::ColorBy>(v.pending_color)))
    v.color_by = static_cast<ls::ColorBy>(v.pending_color);
  v.pending_color = -1;
  v.sel = Selection{};
  v.mark.clear();
  v.outline.clear();
  ++v.mark_version;
  v.seen_version = version;
  v.seen_grid = 0;  // recolour
  refresh(v, g);
}

ls::ColorBy label_by(const View& v) { return v.label_by < 0 ? v.color_by : static_cast<ls::ColorBy>(v.label_by); }

std::string cell_label(const View& v, const Grid& g, int64_t e) {
  const auto& o = g.owners[e];
  if (o.empty()) return "-";
  std::string more = o.size() > 1 ? "+" : "";
  auto key = [&](ls::ColorBy by) { return std::to_string(ls::color_key(*g.map, o[0], by, g.layout.elem_bits)); };
  switch (label_by(v)) {
    case ls::ColorBy::thread: return ls::owner_label(*g.map, o[0]) + more;
    case ls::ColorBy::warp: return "W" + key(ls::ColorBy::warp) + more;
    case ls::ColorBy::reg: return "R" + key(ls::ColorBy::reg) + more;
    case ls::ColorBy::lane: return "L" + key(ls::ColorBy::lane) + more;
    case ls::ColorBy::block: return "B" + key(ls::ColorBy::block) + more;
    case ls::ColorBy::offset: return key(ls::ColorBy::offset) + more;
    case ls::ColorBy::bank: return "b" + key(ls::ColorBy::bank) + more;
  }
  return "";
}

void draw_color_by(View& v, const Grid& g) {
  ImGui::TextUnformatted("Colour by");
  const ImGuiStyle& style = ImGui::GetStyle();
  for (ls::ColorBy by : kChoices) {
    if (!ls::color_by_available(*g.map, by)) continue;
    const char* label = ls::color_by_name(by);
    float w = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(label).x;
    float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (ImGui::GetItemRectMax().x + style.ItemSpacing.x + w <= right) ImGui::SameLine();
    if (ImGui::RadioButton(label, v.color_by == by)) v.color_by = by;
  }
  ImGui::SameLine(0, 16);
  ImGui::TextUnformatted("labels");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("as colour  ").x + ImGui::GetFrameHeight());
  const char* now = v.label_by < 0 ? "as colour" : ls::color_by_name(static_cast<ls::ColorBy>(v.label_by));
  if (ImGui::BeginCombo("##label_by", now)) {
    if (ImGui::Selectable("as colour", v.label_by < 0)) v.label_by = -1;
    for (ls::ColorBy by : kChoices)
      if (ls::color_by_available(*g.map, by) && ImGui::Selectable(ls::color_by_name(by), v.label_by == static_cast<int>(by)))
        v.label_by = static_cast<int>(by);
    ImGui::EndCombo();
  }
}

void zoom_view(View& v, float factor, ImVec2 about) {
  float old = v.cell;
  v.cell = std::clamp(v.cell * factor, kMinCell, kMaxCell);
  ImVec2 m = about - v.canvas_min;
  v.pan = ImVec2(m.x - (m.x - v.pan.x) * v.cell / old, m.y - (m.y - v.pan.y) * v.cell / old);
  v.fit = false;
}

ImVec2 cell_center(const View& v, int64_t row, int64_t col) {
  return ImVec2(v.origin.x + (static_cast<float>(col) + 0.5f) * v.cell, v.origin.y + (static_cast<float>(row) + 0.5f) * v.cell);
}

void draw_slice_selectors(View& v, const Grid& g) {
  for (size_t i = 0; i < v.slice.size(); ++i) {
    std::string name = "dim" + std::to_string(i) + " index";
    ImGui::SetNextItemWidth(160);
    ImGui::SliderInt(name.c_str(), &v.slice[i], 0, static_cast<int>(g.shape[i] - 1), "%d",
                     ImGuiSliderFlags_AlwaysClamp);
    ImGui::SameLine();
  }
  if (!v.slice.empty()) ImGui::NewLine();
}

void draw_legend(const View& v, const Grid& g) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  float sw = ImGui::GetTextLineHeight();
  if (v.color_by == ls::ColorBy::offset || v.color_by == ls::ColorBy::bank) {
    int64_t period = v.color_by == ls::ColorBy::bank ? 32 : g.shape.back();
    ImGui::Text("%s: hue ramp 0..%lld%s", ls::color_by_name(v.color_by), static_cast<long long>(period - 1),
                v.color_by == ls::ColorBy::offset ? ", restarting every row" : "");
    ImVec2 p = ImGui::GetCursorScreenPos();
    float w = std::min(ImGui::GetContentRegionAvail().x, 320.f);
    int steps = static_cast<int>(std::min<int64_t>(period, 64));
    for (int i = 0; i < steps; ++i) {
      int64_t k = i * period / steps;
      dl->AddRectFilled(ImVec2(p.x + w * i / steps, p.y), ImVec2(p.x + w * (i + 1) / steps, p.y + sw),
                        to_u32(ls::ramp_color(k, period, v.palette)));
    }
    ImGui::Dummy(ImVec2(w, sw));
    return;
  }
  int64_t n = v.color_by == ls::ColorBy::thread ? dim_size(g, "lane") * dim_size(g, "warp") * dim_size(g, "block")
              : v.color_by == ls::ColorBy::warp ? dim_size(g, "warp") * dim_size(g, "block")
              : v.color_by == ls::ColorBy::reg  ? dim_size(g, "register")
              : v.color_by == ls::ColorBy::lane ? dim_size(g, "lane")
                                                : dim_size(g, "block");
  const char* prefix = v.color_by == ls::ColorBy::thread ? "T"
                       : v.color_by == ls::ColorBy::warp ? "W"
                       : v.color_by == ls::ColorBy::reg  ? "R"
                       : v.color_by == ls::ColorBy::lane ? "L"
                                                         : "B";
  ImGui::Text("%s: %lld distinct", ls::color_by_name(v.color_by), static_cast<long long>(n));
  int64_t shown = std::min<int64_t>(n, kMaxLegend);
  // Entries of one width, wrapped; past kLegendLines lines they scroll.
  float w = ImGui::CalcTextSize((prefix + std::to_string(shown - 1)).c_str()).x + 8;
  float avail = ImGui::GetContentRegionAvail().x;
  int64_t per_line = std::max<int64_t>(1, static_cast<int64_t>((avail - 16) / (w + 2)));
  int64_t lines = (shown + per_line - 1) / per_line;
  float line_h = sw + 2 + ImGui::GetStyle().ItemSpacing.y;
  bool scroll = lines > kLegendLines;
  if (scroll) {
    ImGui::SameLine();
    ImGui::TextDisabled("(scroll for all %lld)", static_cast<long long>(shown));
    ImGui::BeginChild("legend", ImVec2(0, line_h * kLegendLines), false);
    dl = ImGui::GetWindowDrawList();
  }
  for (int64_t k = 0; k < shown; ++k) {
    std::string t = prefix + std::to_string(k);
    if (k % per_line) ImGui::SameLine(0, 2);
    ImVec2 p = ImGui::GetCursorScreenPos();
    ls::Rgb c = ls::id_color(k, v.palette);
    dl->AddRectFilled(p, ImVec2(p.x + w, p.y + sw + 2), to_u32(c));
    dl->AddText(ImVec2(p.x + 3, p.y + 1), to_u32(ls::text_color_on(c)), t.c_str());
    ImGui::Dummy(ImVec2(w, sw + 2));
  }
  if (n > shown) {
    ImGui::SameLine();
    ImGui::TextDisabled("... %lld more", static_cast<long long>(n - shown));
  }
  if (scroll) ImGui::EndChild();
}

void draw_grid(View& v, const Grid& g, const char* id, ImVec2 size) {
  refresh(v, g);
  ImVec2 canvas = ImGui::GetCursorScreenPos();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  if (size.x <= 0) size.x = avail.x;
  if (size.y <= 0) size.y = avail.y;
  size = ImVec2(std::max(size.x, 64.f), std::max(size.y, 64.f));
  ImGui::InvisibleButton(id, size, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonMiddle);
  bool hovered = ImGui::IsItemHovered();
  bool dragging = ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 2.f);
  bool clicked = ImGui::IsItemDeactivated() && ImGui::GetIO().MouseDragMaxDistanceSqr[0] < 4.f;

  slice_dims(g, v.rows, v.cols);
  v.fold = v.cols != g.shape.back();
  v.base = slice_base(v, g);
  ImVec2 axis(ImGui::CalcTextSize(std::to_string(v.rows * (v.folded() ? v.cols : 1) - 1).c_str()).x + 12,
              ImGui::GetTextLineHeight() + 4);
  ImGuiIO& io = ImGui::GetIO();
  if (v.fit) {  // the grid and its axes, centred, on whole pixels
    v.cell = std::clamp(std::min((size.x - axis.x - 4) / v.cols, (size.y - axis.y - 4) / v.rows), kMinCell, kMaxCell);
    if (v.cell >= 4) v.cell = std::floor(v.cell);
    v.pan = ImVec2(std::floor(axis.x + (size.x - axis.x - v.cols * v.cell) / 2),
                   std::floor(axis.y + (size.y - axis.y - v.rows * v.cell) / 2));
    v.fit = false;
  }
  v.canvas_min = canvas;
  if (hovered && io.MouseWheel != 0) zoom_view(v, std::pow(1.2f, io.MouseWheel), io.MousePos);
  if (ImGui::IsItemActive() && (ImGui::IsMouseDragging(ImGuiMouseButton_Left, 2.f) ||
                                ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 0.f)))
    v.pan = v.pan + io.MouseDelta;

  v.canvas_min = canvas, v.canvas_max = canvas + size, v.origin = canvas + v.pan;
  auto first = [&](float from, int64_t n) {
    return std::clamp<int64_t>(static_cast<int64_t>(std::floor(from / v.cell)), 0, n);
  };
  auto last = [&](float to, int64_t n) {
    return std::clamp<int64_t>(static_cast<int64_t>(std::ceil(to / v.cell)), 0, n);
  };
  int64_t c0 = first(v.canvas_min.x - v.origin.x, v.cols), c1 = last(v.canvas_max.x - v.origin.x, v.cols);
  int64_t r0 = first(v.canvas_min.y - v.origin.y, v.rows), r1 = last(v.canvas_max.y - v.origin.y, v.rows);

  // Cells below kMinDrawn pixels are drawn in blocks of their first element's
  // colour; without 32-bit vertex offsets the blocks grow until the visible
  // ones fit 16-bit indices.
  v.step = 1;
  bool vtx_offset = io.BackendFlags & ImGuiBackendFlags_RendererHasVtxOffset;
  auto blocks = [&](int64_t s) { return ((r1 - r0) / s + 2) * ((c1 - c0) / s + 2); };
  while (v.cell * v.step < kMinDrawn || (!vtx_offset && blocks(v.step) > kRectsWithout32BitOffsets)) v.step *= 2;
  float span = v.cell * v.step;
  v.gap = span >= 8 ? 1.f : 0.f;
  // Labels on one line, or split at the last ':' (T12 over :3) when that fits.
  float line_h = ImGui::GetTextLineHeight();
  size_t split = v.widest_label.rfind(':');
  std::string head = split == std::string::npos ? v.widest_label : v.widest_label.substr(0, split);
  std::string tail = split == std::string::npos ? "" : v.widest_label.substr(split);
  float one_w = ImGui::CalcTextSize(v.widest_label.c_str()).x;
  float two_w = std::max(ImGui::CalcTextSize(head.c_str()).x, ImGui::CalcTextSize(tail.c_str()).x);
  bool one_line = v.cell >= one_w + 4 && v.cell >= line_h + 2;
  bool two_lines = !one_line && split != std::string::npos && v.cell >= two_w + 4 && v.cell >= 2 * line_h + 2;
  // Too small for the whole label: its head alone (T12 of T12:3).
  bool short_only = !one_line && !two_lines && split != std::string::npos &&
                    v.cell >= ImGui::CalcTextSize(head.c_str()).x + 4 && v.cell >= line_h + 2;
  v.labels = v.step == 1 && (one_line || two_lines || short_only);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(v.canvas_min, v.canvas_max, true);
  dl->AddRectFilled(v.canvas_min, v.canvas_max, kBackground);
  float mark = std::min(7.f, span * 0.25f);
  int64_t tex_w = (v.cols + v.step - 1) / v.step, tex_h = (v.rows + v.step - 1) / v.step;
  if (v.gap == 0 && !v.labels && tex_w <= kMaxTexture && tex_h <= kMaxTexture) {
    if (v.tex_fill != v.fill_version || v.tex_base != v.base || v.tex_step != v.step || v.tex_rows != v.rows ||
        v.tex_cols != v.cols) {  // one texel per block: its first element's colour
      std::vector<ImU32> px(static_cast<size_t>(tex_w * tex_h));
      for (int64_t r = 0; r < tex_h; ++r)
        for (int64_t c = 0; c < tex_w; ++c) px[r * tex_w + c] = v.fill[v.base + r * v.step * v.cols + c * v.step];
      upload(v.tex, static_cast<int>(tex_w), static_cast<int>(tex_h), px.data(), true);
      v.tex_fill = v.fill_version, v.tex_base = v.base, v.tex_step = v.step, v.tex_rows = v.rows, v.tex_cols = v.cols;
    }
    // The last texels of a row or column may stand for a partial block.
    ImVec2 uv1(static_cast<float>(v.cols) / (tex_w * v.step), static_cast<float>(v.rows) / (tex_h * v.step));
    dl->AddImage(v.tex.im(), v.origin, v.origin + ImVec2(v.cols * v.cell, v.rows * v.cell), ImVec2(0, 0), uv1);
  } else {
    const ImVec2 uv = ImGui::GetFontTexUvWhitePixel();
    for (int64_t r = r0 / v.step * v.step; r < r1; r += v.step) {
      int64_t cs = c0 / v.step * v.step;
      int64_t n = (c1 - cs + v.step - 1) / v.step;
      dl->PrimReserve(static_cast<int>(n * 6), static_cast<int>(n * 4));
      float y0 = v.origin.y + r * v.cell, y1 = v.origin.y + std::min(r + v.step, v.rows) * v.cell - v.gap;
      for (int64_t c = cs; c < c1; c += v.step) {
        int64_t e = v.base + r * v.cols + c;
        ImVec2 a(v.origin.x + c * v.cell, y0), b(v.origin.x + std::min(c + v.step, v.cols) * v.cell - v.gap, y1);
        dl->PrimRectUV(a, b, uv, uv, v.fill[e]);
      }
    }
  }
  if (span >= 10 || v.labels)
    for (int64_t r = r0 / v.step * v.step; r < r1; r += v.step)
      for (int64_t c = c0 / v.step * v.step; c < c1; c += v.step) {
        int64_t e = v.base + r * v.cols + c;
        ImVec2 a(v.origin.x + c * v.cell, v.origin.y + r * v.cell);
        ImVec2 b(a.x + span - v.gap, a.y + span - v.gap);
        if (g.owners[e].size() > 1 && span >= 10)
          dl->AddTriangleFilled(ImVec2(b.x - mark, a.y), ImVec2(b.x, a.y), ImVec2(b.x, a.y + mark),
                                IM_COL32(0, 0, 0, 150));
        if (v.labels) {
          std::string t = cell_label(v, g, e);
          if (short_only && t.rfind(':') != std::string::npos) t.erase(t.rfind(':'));
          size_t cut = two_lines ? t.rfind(':') : std::string::npos;
          if (cut != std::string::npos) t.insert(cut, "\n");
          ImVec2 ts = ImGui::CalcTextSize(t.c_str());
          ImVec4 f = ImGui::ColorConvertU32ToFloat4(v.fill[e]);
          ls::Rgb rgb{static_cast<uint8_t>(f.x * 255), static_cast<uint8_t>(f.y * 255), static_cast<uint8_t>(f.z * 255)};
          ImU32 ink = to_u32(ls::text_color_on(rgb));
          if (cut == std::string::npos) {
            dl->AddText(ImVec2((a.x + b.x - ts.x) / 2, (a.y + b.y - ts.y) / 2), ink, t.c_str());
          } else {  // each line centred
            std::string l1 = t.substr(0, cut), l2 = t.substr(cut + 1);
            float y = (a.y + b.y) / 2 - line_h;
            dl->AddText(ImVec2((a.x + b.x - ImGui::CalcTextSize(l1.c_str()).x) / 2, y), ink, l1.c_str());
            dl->AddText(ImVec2((a.x + b.x - ImGui::CalcTextSize(l2.c_str()).x) / 2, y + line_h), ink, l2.c_str());
          }
        }
      }
  if (v.outline.size() == g.owners.size() && v.step == 1 && span >= 4)
    for (int64_t r = r0; r < r1; ++r)
      for (int64_t c = c0; c < c1; ++c)
        if (v.outline[v.base + r * v.cols + c]) {
          ImVec2 a(v.origin.x + c * v.cell, v.origin.y + r * v.cell);
          dl->AddRect(a, ImVec2(a.x + span - v.gap, a.y + span - v.gap), IM_COL32(255, 60, 60, 255), 0, 0,
                      span >= 12 ? 2.f : 1.f);
        }
  if (span >= 8 && v.warp_of.size() == g.owners.size()) {  // warp (thin) and CTA (thick) boundaries
    ImU32 ink = IM_COL32(245, 245, 245, 255);
    float thin = (span >= 8 ? 2.f : 1.f) * (v.palette == ls::Palette::high_contrast ? 2.f : 1.f);
    // Drawn along the right and bottom edges of a cell, inside it: the next
    // cell's top-left pixel keeps its colour (the screenshot tests read it).
    for (int64_t r = r0 / v.step * v.step; r < r1; r += v.step)
      for (int64_t c = c0 / v.step * v.step; c < c1; c += v.step) {
        int64_t e = v.base + r * v.cols + c;
        float right = v.origin.x + std::min(c + v.step, v.cols) * v.cell - v.gap;
        float bottom = v.origin.y + std::min(r + v.step, v.rows) * v.cell - v.gap;
        if (c + v.step < v.cols) {
          int64_t n = e + v.step;
          float t = v.cta_of[e] != v.cta_of[n] ? 2 * thin : thin;
          if (v.warp_of[e] != v.warp_of[n])
            dl->AddRectFilled(ImVec2(right - t, v.origin.y + r * v.cell), ImVec2(right, bottom), ink);
        }
        if (r + v.step < v.rows) {
          int64_t n = e + v.step * v.cols;
          float t = v.cta_of[e] != v.cta_of[n] ? 2 * thin : thin;
          if (v.warp_of[e] != v.warp_of[n])
            dl->AddRectFilled(ImVec2(v.origin.x + c * v.cell, bottom - t), ImVec2(right, bottom), ink);
        }
      }
  }
  draw_axes(v, dl, r0, r1, c0, c1, axis);
  // No pointer (-FLT_MAX, e.g. under Xvfb) is off every cell; converting it to an index would overflow.
  ImVec2 m = ImGui::IsMousePosValid(&io.MousePos) ? io.MousePos - v.origin : ImVec2(-1, -1);
  int64_t r = static_cast<int64_t>(std::floor(m.y / v.cell)), c = static_cast<int64_t>(std::floor(m.x / v.cell));
  bool on_cell = r >= 0 && r < v.rows && c >= 0 && c < v.cols;
  if (hovered && !dragging && on_cell) {
    ImVec2 a(v.origin.x + c * v.cell, v.origin.y + r * v.cell);
    dl->AddRect(a, ImVec2(a.x + v.cell, a.y + v.cell), IM_COL32(255, 255, 255, 255), 0, 0, 2);
    owners_tooltip(v, g, v.base + r * v.cols + c);
    v.hovered = v.base + r * v.cols + c;
  }
  if (clicked && on_cell && !g.map->is_shared()) {
    const auto& o = g.owners[v.base + r * v.cols + c];
    Selection s{o.empty() ? Selection::none : v.click, o.empty() ? 0 : o[0], 0};
    v.sel = (s == v.sel) ? Selection{} : s;
  }
  if (!v.stale.empty()) {  // the text is invalid: the last valid layout, greyed, says so
    dl->AddRectFilled(v.canvas_min, v.canvas_max, IM_COL32(28, 28, 32, 170));
    std::string t = "showing the last valid layout; the text is invalid:\n" + v.stale;
    ImVec2 p = v.canvas_min + ImVec2(12, 12);
    ImVec2 ts = ImGui::CalcTextSize(t.c_str(), nullptr, false, v.canvas_max.x - p.x - 12);
    dl->AddRectFilled(p - ImVec2(6, 6), p + ts + ImVec2(6, 6), IM_COL32(60, 20, 20, 230), 4);
    dl->AddText(nullptr, 0, p, IM_COL32(255, 200, 200, 255), t.c_str(), nullptr, v.canvas_max.x - p.x - 12);
  }
  dl->PopClipRect();
}

}  // namespace lsgui
