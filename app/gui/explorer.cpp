#include "explorer.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "error.h"
#include "imgui_stdlib.h"
#include "io/text.h"
#include "views.h"

namespace lsgui {
namespace {

// The grid keeps every element's owners in memory; beyond this it refuses.
constexpr int64_t kMaxGridElements = int64_t{1} << 20;
constexpr float kMinCell = 0.05f, kMaxCell = 400.f;
constexpr float kMinDrawn = 3.f;  // smaller cells are drawn in blocks of this many pixels
constexpr size_t kMaxTooltipOwners = 32;
const ImU32 kBackground = IM_COL32(28, 28, 32, 255);
const ImU32 kUnowned = IM_COL32(70, 70, 74, 255);
const ImVec4 kErrorText(1.0f, 0.35f, 0.35f, 1.0f);

struct Choice {
  ColorBy by;
  const char* label;
  const char* dim;  // the hw dim it needs
};
constexpr Choice kChoices[] = {{ColorBy::thread, "thread", "lane"},   {ColorBy::warp, "warp", "warp"},
                               {ColorBy::reg, "register", "register"}, {ColorBy::lane, "lane", "lane"},
                               {ColorBy::block, "block", "block"},     {ColorBy::offset, "offset", "offset"}};

ImVec2 operator+(ImVec2 a, ImVec2 b) { return {a.x + b.x, a.y + b.y}; }
ImVec2 operator-(ImVec2 a, ImVec2 b) { return {a.x - b.x, a.y - b.y}; }

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\r\n"), b = s.find_last_not_of(" \t\r\n");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

std::string shape_text(const ls::Shape& shape) {
  std::string t;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i) t += 'x';
    t += std::to_string(shape[i]);
  }
  return t;
}

int dim_index(const Grid& g, const std::string& name) {
  for (size_t i = 0; i < g.dims.size(); ++i)
    if (g.dims[i].name == name) return static_cast<int>(i);
  return -1;
}

int64_t dim_size(const Grid& g, const std::string& name) {
  int i = dim_index(g, name);
  return i < 0 ? 1 : g.dims[i].size;
}

// A colouring is offered when its hw dim has more than one index.
bool available(const Grid& g, ColorBy by) {
  for (auto& c : kChoices)
    if (c.by == by) return dim_index(g, c.dim) >= 0 && dim_size(g, c.dim) > 1;
  return false;
}

int64_t rows_of(const Grid& g) { return g.shape.size() >= 2 ? g.shape[g.shape.size() - 2] : 1; }
int64_t cols_of(const Grid& g) { return g.shape.back(); }

// The value an owner is coloured by.
int64_t color_key(const Grid& g, int64_t flat, ColorBy by) {
  auto c = ls::hw_coords(*g.map, flat);
  auto at = [&](const char* name) {
    int i = dim_index(g, name);
    return i < 0 ? int64_t{0} : c[i];
  };
  switch (by) {
    case ColorBy::thread:  // thread = lane + lanes_per_warp * warp (views.h), numbered across blocks
      return at("lane") + dim_size(g, "lane") * (at("warp") + dim_size(g, "warp") * at("block"));
    case ColorBy::warp: return at("warp") + dim_size(g, "warp") * at("block");
    case ColorBy::reg: return at("register");
    case ColorBy::lane: return at("lane");
    case ColorBy::block: return at("block");
    case ColorBy::offset: return at("offset");
  }
  return 0;
}

// Golden-ratio hue steps keep neighbouring ids apart; saturation and value
// alternate to separate ids whose hues come close.
ImU32 palette(int64_t k) {
  float h = static_cast<float>(std::fmod(static_cast<double>(k) * 0.6180339887498949, 1.0));
  float s = (k & 1) ? 0.50f : 0.70f;
  float v = (k & 2) ? 0.80f : 0.95f;
  float r, g, b;
  ImGui::ColorConvertHSVtoRGB(h, s, v, r, g, b);
  return ImGui::ColorConvertFloat4ToU32(ImVec4(r, g, b, 1.0f));
}

// Offsets as a hue ramp that restarts every n offsets (one tensor row): an
// unswizzled layout shows the same ramp in every row, a swizzle permutes it.
ImU32 ramp(int64_t k, int64_t n) {
  k %= n;
  float r, g, b;
  ImGui::ColorConvertHSVtoRGB(0.75f * static_cast<float>(k) / static_cast<float>(std::max<int64_t>(1, n - 1)), 0.60f,
                              0.95f, r, g, b);
  return ImGui::ColorConvertFloat4ToU32(ImVec4(r, g, b, 1.0f));
}

ImU32 text_color_on(ImU32 fill) {
  ImVec4 c = ImGui::ColorConvertU32ToFloat4(fill);
  float luma = 0.299f * c.x + 0.587f * c.y + 0.114f * c.z;
  return luma > 0.55f ? IM_COL32(20, 20, 20, 255) : IM_COL32(245, 245, 245, 255);
}

void recolor(State& s) {
  const Grid& g = s.grid;
  s.fill.assign(g.owners.size(), kUnowned);
  for (size_t e = 0; e < g.owners.size(); ++e) {
    if (g.owners[e].empty()) continue;
    int64_t k = color_key(g, g.owners[e][0], s.color_by);
    s.fill[e] = s.color_by == ColorBy::offset ? ramp(k, cols_of(g)) : palette(k);
  }
}

// Row-major index of the first element of the current 2D slice.
int64_t slice_base(const State& s) {
  int64_t base = 0;
  for (size_t i = 0; i < s.slice.size(); ++i) base = base * s.grid.shape[i] + s.slice[i];
  return base * rows_of(s.grid) * cols_of(s.grid);
}

std::string cell_label(const Grid& g, int64_t e) {
  const auto& o = g.owners[e];
  if (o.empty()) return "-";
  return ls::owner_label(*g.map, o[0]) + (o.size() > 1 ? "+" : "");
}

void owners_tooltip(const State& s, int64_t e, int64_t r, int64_t c) {
  const Grid& g = s.grid;
  const auto& o = g.owners[e];
  ImGui::BeginTooltip();
  std::string at;
  for (int v : s.slice) at += std::to_string(v) + ", ";
  if (g.shape.size() >= 2) at += std::to_string(r) + ", ";
  ImGui::Text("element (%s%lld)", at.c_str(), static_cast<long long>(c));
  if (o.empty()) ImGui::TextUnformatted("no owner");
  else if (o.size() > 1) ImGui::Text("broadcast: %zu owners", o.size());
  // One row per owner, slowest hw dim (block) first.
  if (!o.empty() && ImGui::BeginTable("owners", 1 + static_cast<int>(g.dims.size()),
                                      ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("owner");
    for (size_t d = g.dims.size(); d-- > 0;) ImGui::TableSetupColumn(g.dims[d].name.c_str());
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
    }
    ImGui::EndTable();
  }
  if (o.size() > kMaxTooltipOwners) ImGui::Text("... and %zu more", o.size() - kMaxTooltipOwners);
  ImGui::EndTooltip();
}

void draw_controls(State& s) {
  ImGui::TextUnformatted("Layout: Triton MLIR, Gluon or JSON");
  if (ImGui::InputTextMultiline("##layout", &s.text, ImVec2(-FLT_MIN, ImGui::GetTextLineHeight() * 12))) reload(s);
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize("shape").x - ImGui::GetStyle().ItemInnerSpacing.x);
  if (ImGui::InputTextWithHint("shape", "from the layout text, e.g. 64x16", &s.shape_text)) reload(s);
  if (!s.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, kErrorText);
    ImGui::TextWrapped("%s", s.error.c_str());
    ImGui::PopStyleColor();
    if (s.grid.map) ImGui::TextDisabled("The grid shows the last valid layout.");
  }
  const Grid& g = s.grid;
  if (!g.map) return;

  ImGui::Separator();
  ImGui::Text("%s, shape %s", g.kind.c_str(), shape_text(g.shape).c_str());
  std::string hw;
  for (size_t d = g.dims.size(); d-- > 0;) {
    hw += g.dims[d].name + " " + std::to_string(g.dims[d].size);
    if (d) hw += " x ";
  }
  ImGui::TextWrapped("hardware: %s", hw.c_str());

  ImGui::Separator();
  ImGui::TextUnformatted("Colour by");
  const ImGuiStyle& style = ImGui::GetStyle();
  bool first = true;
  for (auto& c : kChoices) {
    if (!available(g, c.by) && s.color_by != c.by) continue;
    float w = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(c.label).x;
    float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (!first && ImGui::GetItemRectMax().x + style.ItemSpacing.x + w <= right) ImGui::SameLine();
    first = false;
    if (ImGui::RadioButton(c.label, s.color_by == c.by)) {
      s.color_by = c.by;
      recolor(s);
    }
  }

  for (size_t i = 0; i < s.slice.size(); ++i) {
    std::string name = "dim" + std::to_string(i);
    ImGui::SliderInt(name.c_str(), &s.slice[i], 0, static_cast<int>(g.shape[i] - 1), "%d",
                     ImGuiSliderFlags_AlwaysClamp);
  }
  ImGui::Separator();
  if (ImGui::Button("fit")) s.fit = true;
  ImGui::SameLine();
  ImGui::Text("%.3g px per cell", s.cell);
  ImGui::TextDisabled("wheel: zoom   drag: pan   hover: owners");
  ImGui::TextDisabled("'+' and a corner mark: several owners");
}

// The visible part of the grid this frame: element (0, 0) at origin, rows
// [r0, r1) and columns [c0, c1) inside the canvas.
struct Frame {
  ImVec2 canvas_min, canvas_max, origin;
  int64_t r0, r1, c0, c1;
};

// Column indices above row 0 and row indices left of column 0, sticking to
// the canvas edge when the grid is panned past it; a power-of-two step keeps
// them apart.
void draw_axes(const State& s, ImDrawList* dl, const Frame& f, ImVec2 axis) {
  int64_t rows = rows_of(s.grid), cols = cols_of(s.grid);
  float digits_w = ImGui::CalcTextSize(std::to_string(std::max(rows, cols) - 1).c_str()).x;
  int64_t step = 1;
  while (s.cell * step < digits_w + 8) step *= 2;
  ImU32 col = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  float line_h = ImGui::GetTextLineHeight();

  float top = std::max(f.canvas_min.y, f.origin.y - axis.y);
  dl->AddRectFilled(ImVec2(f.canvas_min.x, top), ImVec2(f.canvas_max.x, top + axis.y), kBackground);
  for (int64_t c = f.c0 / step * step; c < f.c1; c += step) {
    std::string t = std::to_string(c);
    float x = f.origin.x + c * s.cell + std::max(0.f, (s.cell - ImGui::CalcTextSize(t.c_str()).x) / 2);
    dl->AddText(ImVec2(x, top + 1), col, t.c_str());
  }
  float left = std::max(f.canvas_min.x, f.origin.x - axis.x);
  dl->AddRectFilled(ImVec2(left, top + axis.y), ImVec2(left + axis.x, f.canvas_max.y), kBackground);
  dl->PushClipRect(ImVec2(left, top + axis.y), ImVec2(left + axis.x, f.canvas_max.y), true);
  for (int64_t r = f.r0 / step * step; r < f.r1; r += step) {
    std::string t = std::to_string(r);
    float y = f.origin.y + r * s.cell + std::max(0.f, (s.cell - line_h) / 2);
    dl->AddText(ImVec2(left + axis.x - 6 - ImGui::CalcTextSize(t.c_str()).x, y), col, t.c_str());
  }
  dl->PopClipRect();
}

// One rectangle per visible element; elements smaller than kMinDrawn pixels
// are drawn in blocks, each the colour of its first element.
void draw_cells(const State& s, ImDrawList* dl, const Frame& f) {
  const Grid& g = s.grid;
  int64_t rows = rows_of(g), cols = cols_of(g);
  int64_t step = 1;
  while (s.cell * step < kMinDrawn) step *= 2;
  float span = s.cell * step;
  float gap = span >= 8 ? 1.f : 0.f;
  float mark = std::min(7.f, span * 0.25f);
  std::string widest = ls::owner_label(*g.map, g.map->hw_size() - 1) + "+";
  bool labels = step == 1 && s.cell >= ImGui::CalcTextSize(widest.c_str()).x + 4 &&
                s.cell >= ImGui::GetTextLineHeight() + 2;
  int64_t base = slice_base(s);
  for (int64_t r = f.r0 / step * step; r < f.r1; r += step) {
    for (int64_t c = f.c0 / step * step; c < f.c1; c += step) {
      int64_t e = base + r * cols + c;
      ImVec2 a(f.origin.x + c * s.cell, f.origin.y + r * s.cell);
      ImVec2 b(f.origin.x + std::min(c + step, cols) * s.cell - gap,
               f.origin.y + std::min(r + step, rows) * s.cell - gap);
      dl->AddRectFilled(a, b, s.fill[e]);
      if (g.owners[e].size() > 1 && span >= 10)
        dl->AddTriangleFilled(ImVec2(b.x - mark, a.y), ImVec2(b.x, a.y), ImVec2(b.x, a.y + mark), IM_COL32(0, 0, 0, 150));
      if (labels) {
        std::string t = cell_label(g, e);
        ImVec2 ts = ImGui::CalcTextSize(t.c_str());
        dl->AddText(ImVec2((a.x + b.x - ts.x) / 2, (a.y + b.y - ts.y) / 2), text_color_on(s.fill[e]), t.c_str());
      }
    }
  }
}

void draw_grid(State& s) {
  ImVec2 canvas = ImGui::GetCursorScreenPos();
  ImVec2 size = ImGui::GetContentRegionAvail();
  size = ImVec2(std::max(size.x, 64.f), std::max(size.y, 64.f));
  ImGui::InvisibleButton("canvas", size, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonMiddle);
  bool hovered = ImGui::IsItemHovered();
  bool dragging = ImGui::IsItemActive();
  const Grid& g = s.grid;
  if (!g.map) return;

  int64_t rows = rows_of(g), cols = cols_of(g);
  ImVec2 axis(ImGui::CalcTextSize(std::to_string(rows - 1).c_str()).x + 12, ImGui::GetTextLineHeight() + 4);
  ImGuiIO& io = ImGui::GetIO();
  if (s.fit) {  // the grid and its axes, centred
    s.cell = std::clamp(std::min((size.x - axis.x) / cols, (size.y - axis.y) / rows), kMinCell, kMaxCell);
    s.pan = ImVec2(axis.x + (size.x - axis.x - cols * s.cell) / 2, axis.y + (size.y - axis.y - rows * s.cell) / 2);
    s.fit = false;
  }
  if (hovered && io.MouseWheel != 0) {  // zoom about the mouse
    float old = s.cell;
    s.cell = std::clamp(s.cell * std::pow(1.2f, io.MouseWheel), kMinCell, kMaxCell);
    ImVec2 m = io.MousePos - canvas;
    s.pan = ImVec2(m.x - (m.x - s.pan.x) * s.cell / old, m.y - (m.y - s.pan.y) * s.cell / old);
  }
  if (dragging) s.pan = s.pan + io.MouseDelta;

  Frame f{canvas, canvas + size, canvas + s.pan, 0, 0, 0, 0};
  auto first = [&](float from, int64_t n) {
    return std::clamp<int64_t>(static_cast<int64_t>(std::floor(from / s.cell)), 0, n);
  };
  auto last = [&](float to, int64_t n) {
    return std::clamp<int64_t>(static_cast<int64_t>(std::ceil(to / s.cell)), 0, n);
  };
  f.c0 = first(f.canvas_min.x - f.origin.x, cols), f.c1 = last(f.canvas_max.x - f.origin.x, cols);
  f.r0 = first(f.canvas_min.y - f.origin.y, rows), f.r1 = last(f.canvas_max.y - f.origin.y, rows);

  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->PushClipRect(f.canvas_min, f.canvas_max, true);
  dl->AddRectFilled(f.canvas_min, f.canvas_max, kBackground);
  draw_cells(s, dl, f);
  draw_axes(s, dl, f, axis);
  if (hovered && !dragging) {
    ImVec2 m = io.MousePos - f.origin;
    int64_t r = static_cast<int64_t>(std::floor(m.y / s.cell)), c = static_cast<int64_t>(std::floor(m.x / s.cell));
    if (r >= 0 && r < rows && c >= 0 && c < cols) {
      ImVec2 a(f.origin.x + c * s.cell, f.origin.y + r * s.cell);
      dl->AddRect(a, ImVec2(a.x + s.cell, a.y + s.cell), IM_COL32(255, 255, 255, 255), 0, 0, 2);
      owners_tooltip(s, slice_base(s) + r * cols + c, r, c);
    }
  }
  dl->PopClipRect();
}

}  // namespace

std::string read_layout_arg(const std::string& arg) {
  std::error_code ec;
  if (arg.size() >= 4096 || !std::filesystem::is_regular_file(arg, ec)) return arg;
  ls::require(std::filesystem::file_size(arg, ec) <= (16u << 20), arg + ": file is larger than 16 MiB");
  std::ifstream f(arg, std::ios::binary);
  ls::require(f.good(), arg + ": cannot read the file");
  std::ostringstream text;
  text << f.rdbuf();
  return text.str();
}

ls::Shape parse_shape(const std::string& s) {
  std::string t = trim(s);
  std::replace(t.begin(), t.end(), ',', 'x');
  auto bad = "shape '" + s + "' is not a list of sizes like 64x16";
  ls::require(!t.empty() && t.back() != 'x', bad);
  ls::Shape shape;
  std::stringstream in(t);
  for (std::string part; std::getline(in, part, 'x');) {
    part = trim(part);
    ls::require(!part.empty() && part.size() <= 12 && part.find_first_not_of("0123456789") == std::string::npos, bad);
    shape.push_back(std::stoll(part));
  }
  return shape;
}

bool reload(State& s) {
  try {
    ls::TensorLayout t = ls::parse_layout(s.text);
    ls::require(t.spec != nullptr, "the layout is missing");
    if (!trim(s.shape_text).empty()) t.shape = parse_shape(s.shape_text);
    ls::require(!t.shape.empty(), "the layout carries no shape; give one in the shape field or with --shape (e.g. 64x16)");
    Grid g;
    g.map = ls::make_map(t);
    g.kind = ls::kind_name(*t.spec);
    g.shape = g.map->shape();
    g.dims = g.map->hw_dims();
    ls::require(!g.shape.empty(), "the layout has no tensor dims");
    int64_t n = g.map->num_elements(), hw = g.map->hw_size();
    ls::require(n <= kMaxGridElements && hw <= kMaxGridElements,
                "too large to draw: " + std::to_string(n) + " elements, " + std::to_string(hw) +
                    " hardware indices (the grid shows up to " + std::to_string(kMaxGridElements) + ")");
    g.owners = ls::owners_by_element(*g.map);
    bool same_shape = s.grid.map && s.grid.shape == g.shape;
    s.grid = std::move(g);
    s.error.clear();
    if (!same_shape) {
      s.fit = true;
      s.slice.assign(s.grid.shape.size() > 2 ? s.grid.shape.size() - 2 : 0, 0);
    }
    if (!available(s.grid, s.color_by)) s.color_by = s.grid.map->is_shared() ? ColorBy::offset : ColorBy::thread;
    recolor(s);
    return true;
  } catch (const std::exception& e) {
    s.error = e.what();
    std::replace(s.error.begin(), s.error.end(), '\n', ' ');
    return false;
  }
}

void draw_explorer(State& s) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  ImGui::Begin("layoutscope", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  ImGui::BeginChild("controls", ImVec2(std::min(380.f, vp->WorkSize.x * 0.4f), 0), true);
  draw_controls(s);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("grid", ImVec2(0, 0), true, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  draw_grid(s);
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace lsgui
