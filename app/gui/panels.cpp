#include "panels.h"

#include <algorithm>
#include <cmath>

#include "analysis_panel.h"
#include "error.h"
#include "editor.h"
#include "explorer.h"
#include "views.h"

namespace lsgui {
namespace {

constexpr int64_t kFoldOffsets = 64;  // a shared layout's offsets shown in lines of this many
constexpr int64_t kMaxPanels = 256;

ImU32 dim_color(int64_t k) { return to_u32(ls::id_color(k)); }

std::string coords_of(const Grid& g, int64_t e) {
  std::string t;
  for (size_t i = g.shape.size(); i-- > 0;) {
    t = std::to_string(e % g.shape[i]) + (t.empty() ? "" : ",") + t;
    e /= g.shape[i];
  }
  return t;
}

const char* level_text(const std::string& dim) {
  if (dim == "register") return "the registers of one thread";
  if (dim == "lane") return "the lanes of one warp";
  if (dim == "warp") return "the warps of one CTA";
  if (dim == "block") return "the CTAs of the cluster";
  if (dim == "offset") return "the offsets of one CTA's shared memory";
  return "one more hardware dim";
}

// A tensor-memory layout's hardware: per CTA the TMEM grid, 128 lanes down,
// 32-bit columns across, the four 32-lane quadrants (warp % 4) marked.
void draw_tmem(App& app, const Grid& g) {
  if (app.tmem_of != g.id) {
    app.tmem.reset();
    app.tmem_error.clear();
    try {
      app.tmem = std::make_shared<const ls::TmemGrid>(ls::tmem_grid(*g.map, g.layout.elem_bits));
    } catch (const ls::Error& e) {
      app.tmem_error = e.what();
    }
    app.tmem_of = g.id;
    app.tmem_cell = 0;
  }
  if (!app.tmem) {
    ImGui::TextDisabled("no TMEM grid for this layout: %s", app.tmem_error.c_str());
    return;
  }
  auto tm = app.tmem;  // held for the frame
  const int64_t lanes = ls::TmemGrid::kLanes, cols = tm->columns;
  ImGui::TextWrapped("TMEM: %lld lanes x %lld 32-bit columns per CTA, %lld used (%d-bit elements); colour: the "
                     "element's row; a warp reaches only the lanes of its quadrant (warp %% 4)",
                     static_cast<long long>(lanes), static_cast<long long>(ls::TmemGrid::kColumns),
                     static_cast<long long>(tm->used_columns), g.layout.elem_bits);
  float line = ImGui::GetTextLineHeightWithSpacing();
  float ax = ImGui::CalcTextSize("warps 0,4  ").x + 10;
  bool fit = app.tmem_cell <= 0;
  ImGui::SetNextItemWidth(160);
  ImGui::SliderFloat("cell size", &app.tmem_cell, 1, 80, "%.1f px");
  ImGui::SameLine();
  fit = ImGui::Button("fit") || fit;
  if (fit) {  // the whole grid of one CTA in view
    ImVec2 avail = ImGui::GetContentRegionAvail();
    // whole pixels, so every cell is drawn crisp
    app.tmem_cell = std::clamp(std::floor(std::min((avail.x - ax - 24) / static_cast<float>(cols),
                                                   (avail.y - 3 * line - 16) / static_cast<float>(lanes))),
                               1.0f, 80.0f);
  }
  ImGui::BeginChild("tmem", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  float cell = app.tmem_cell;
  float pw = ax + cols * cell + 16, ph = lanes * cell + 2 * line + 12;
  ImVec2 start = ImGui::GetCursorScreenPos();
  start = ImVec2(std::floor(start.x), std::floor(start.y));
  ax = std::floor(ax), line = std::floor(line);
  ImGui::Dummy(ImVec2(pw, ph * static_cast<float>(tm->blocks)));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImVec2 clip_min = dl->GetClipRectMin(), clip_max = dl->GetClipRectMax();
  ImGuiIO& io = ImGui::GetIO();
  ImU32 num = ImGui::GetColorU32(ImGuiCol_TextDisabled), text = ImGui::GetColorU32(ImGuiCol_Text);
  int64_t row_len = g.shape.size() >= 2 ? g.shape.back() : 1;
  int64_t x_step = 1;
  while (x_step < cols && cell * x_step < ImGui::CalcTextSize("512").x + 6) x_step *= 2;
  for (int64_t b = 0; b < tm->blocks; ++b) {
    ImVec2 o(start.x, start.y + static_cast<float>(b) * ph);
    if (o.y > clip_max.y || o.y + ph < clip_min.y) continue;
    dl->AddText(o, text, tm->blocks > 1 ? ("CTA " + std::to_string(b)).c_str() : "one CTA");
    ImVec2 q(o.x + ax, o.y + 2 * line);
    if (b == 0) app.tmem_origin = q;
    for (int64_t x = 0; x < cols; x += x_step)
      dl->AddText(ImVec2(q.x + x * cell, o.y + line), num, std::to_string(x).c_str());
    for (int64_t quad = 0; quad < 4; ++quad) {
      float y = q.y + quad * 32 * cell;
      std::string t = "warps " + std::to_string(quad) + "," + std::to_string(quad + 4);
      dl->AddText(ImVec2(o.x, y), num, t.c_str());
    }
    int64_t x0 = std::clamp<int64_t>(static_cast<int64_t>((clip_min.x - q.x) / cell), 0, cols);
    int64_t x1 = std::clamp<int64_t>(static_cast<int64_t>((clip_max.x - q.x) / cell) + 1, 0, cols);
    int64_t y0 = std::clamp<int64_t>(static_cast<int64_t>((clip_min.y - q.y) / cell), 0, lanes);
    int64_t y1 = std::clamp<int64_t>(static_cast<int64_t>((clip_max.y - q.y) / cell) + 1, 0, lanes);
    for (int64_t y = y0; y < y1; ++y)
      for (int64_t x = x0; x < x1; ++x) {
        const auto& held = tm->cells[static_cast<size_t>((b * lanes + y) * cols + x)];
        ImVec2 a(q.x + x * cell, q.y + y * cell), e(a.x + cell - (cell >= 8), a.y + cell - (cell >= 8));
        ImU32 fill = held.empty() ? to_u32(ls::kUnowned) : dim_color(held.front() / row_len);
        if (x >= ls::TmemGrid::kColumns) fill = IM_COL32(200, 40, 40, 255);  // past TMEM's 512 columns
        dl->AddRectFilled(a, e, fill);
        if (io.MousePos.x >= a.x && io.MousePos.x < a.x + cell && io.MousePos.y >= a.y && io.MousePos.y < a.y + cell &&
            ImGui::IsWindowHovered()) {
          dl->AddRect(a, ImVec2(a.x + cell, a.y + cell), IM_COL32(255, 255, 255, 255), 0, 0, 2);
          std::string t;
          for (size_t k = 0; k < held.size(); ++k) t += (k ? ", (" : "(") + coords_of(g, held[k]) + ")";
          ImGui::SetTooltip("lane %lld, column %lld%s: %s", static_cast<long long>(y), static_cast<long long>(x),
                            tm->blocks > 1 ? (", CTA " + std::to_string(b)).c_str() : "",
                            held.empty() ? "unused" : t.c_str());
        }
      }
    // quadrant borders and the 512-column limit
    ImU32 edge = IM_COL32(255, 255, 255, 230);
    for (int64_t quad = 1; quad < 4; ++quad)
      dl->AddLine(ImVec2(q.x, q.y + quad * 32 * cell), ImVec2(q.x + cols * cell, q.y + quad * 32 * cell), edge, 2);
    dl->AddRect(q, ImVec2(q.x + cols * cell, q.y + lanes * cell), edge, 0, 0, 2);
  }
  ImGui::EndChild();
}

}  // namespace

void draw_hardware(App& app) {
  auto held = app.a.grid;  // an edit this frame may replace app.a.grid
  const Grid& g = *held;
  if (g.map->is_tensor_memory()) {
    draw_tmem(app, g);
    return;
  }
  int64_t x_size = g.dims[0].size, y_size = g.dims.size() > 1 ? g.dims[1].size : 1;
  bool fold = g.dims.size() < 2 || y_size == 1;  // shared: offsets folded into lines
  int64_t cols = fold ? std::min(x_size, kFoldOffsets) : x_size;
  int64_t rows = fold ? x_size / cols : y_size;
  int64_t per_panel = fold ? x_size : x_size * y_size;
  int64_t panels = std::max<int64_t>(1, g.map->hw_size() / per_panel);
  const char* xname = g.dims[0].name.c_str();
  const char* yname = fold ? "line" : g.dims[1].name.c_str();

  ImGui::SetNextItemWidth(160);
  ImGui::SliderFloat("cell size", &app.hw_cell, 4, 80, "%.0f px");
  ImGui::SameLine();
  ImGui::TextDisabled("rows: %s, columns: %s%s; label: the element's coordinates; colour: its row", yname, xname,
                      fold ? " (64 per line)" : "");
  ImGui::BeginChild("hw", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  float cell = app.hw_cell, title = ImGui::GetTextLineHeightWithSpacing();
  // Each panel: its title, column numbers (the x dim) above and row numbers (the y dim) left of the cells.
  float ax = ImGui::CalcTextSize(std::to_string(rows - 1).c_str()).x + 8;
  float pw = ax + cols * cell + 16, ph = rows * cell + 2 * title + 12;
  auto number_step = [&](int64_t n) {
    int64_t step = 1;
    while (step < n && cell * step < ImGui::CalcTextSize(std::to_string(n - 1).c_str()).x + 6) step *= 2;
    return step;
  };
  int64_t x_step = number_step(cols), y_step = cell >= ImGui::GetTextLineHeight() ? 1 : number_step(rows);
  while (y_step < rows && cell * y_step < ImGui::GetTextLineHeight()) y_step *= 2;
  int per_row = std::max(1, static_cast<int>(ImGui::GetContentRegionAvail().x / pw));
  int64_t shown = std::min(panels, kMaxPanels);
  ImVec2 start = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(per_row * pw, static_cast<float>((shown + per_row - 1) / per_row) * ph));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImVec2 clip_min = dl->GetClipRectMin(), clip_max = dl->GetClipRectMax();
  ImGuiIO& io = ImGui::GetIO();
  int64_t row_len = g.shape.size() >= 2 ? g.shape.back() : 1;
  std::string widest = coords_of(g, g.map->num_elements() - 1);
  bool labels = cell >= ImGui::CalcTextSize(widest.c_str()).x + 4 && cell >= ImGui::GetTextLineHeight();
  for (int64_t p = 0; p < shown; ++p) {
    ImVec2 o(start.x + (p % per_row) * pw, start.y + static_cast<float>(p / per_row) * ph);
    if (o.y > clip_max.y || o.y + ph < clip_min.y || o.x > clip_max.x || o.x + pw < clip_min.x) continue;
    auto hw = ls::hw_coords(*g.map, p * per_panel);
    std::string name;
    for (size_t d = g.dims.size(); d-- > (fold ? 1u : 2u);) name += g.dims[d].name + " " + std::to_string(hw[d]) + "  ";
    dl->AddText(o, ImGui::GetColorU32(ImGuiCol_Text), name.empty() ? "all" : name.c_str());
    ImVec2 q(o.x + ax, o.y + 2 * title);
    ImU32 num = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    for (int64_t x = 0; x < cols; x += x_step) {
      std::string t = std::to_string(x);
      dl->AddText(ImVec2(q.x + x * cell + std::max(0.f, (cell - ImGui::CalcTextSize(t.c_str()).x) / 2), o.y + title), num,
                  t.c_str());
    }
    for (int64_t y = 0; y < rows; y += y_step) {
      std::string t = std::to_string(y);
      dl->AddText(ImVec2(q.x - 6 - ImGui::CalcTextSize(t.c_str()).x,
                         q.y + y * cell + std::max(0.f, (cell - ImGui::GetTextLineHeight()) / 2)),
                  num, t.c_str());
    }
    int64_t y0 = std::clamp<int64_t>(static_cast<int64_t>((clip_min.y - q.y) / cell), 0, rows);
    int64_t y1 = std::clamp<int64_t>(static_cast<int64_t>((clip_max.y - q.y) / cell) + 1, 0, rows);
    for (int64_t y = y0; y < y1; ++y)
      for (int64_t x = 0; x < cols; ++x) {
        int64_t flat = p * per_panel + y * cols + x;
        int64_t e = g.table[flat];
        ImVec2 a(q.x + x * cell, q.y + y * cell), b(a.x + cell - (cell >= 8), a.y + cell - (cell >= 8));
        ImU32 fill = e < 0 ? to_u32(ls::kUnowned) : dim_color(e / row_len);
        dl->AddRectFilled(a, b, fill);
        if (labels && e >= 0) {
          std::string t = coords_of(g, e);
          ImVec2 ts = ImGui::CalcTextSize(t.c_str());
          ls::Rgb rgb = ls::id_color(e / row_len);
          dl->AddText(ImVec2((a.x + b.x - ts.x) / 2, (a.y + b.y - ts.y) / 2), to_u32(ls::text_color_on(rgb)), t.c_str());
        }
        if (ImGui::IsWindowHovered() && io.MousePos.x >= a.x && io.MousePos.x < a.x + cell && io.MousePos.y >= a.y &&
            io.MousePos.y < a.y + cell) {
          dl->AddRect(a, ImVec2(a.x + cell, a.y + cell), IM_COL32(255, 255, 255, 255), 0, 0, 2);
          ImGui::SetTooltip("%s -> %s", ls::owner_label(*g.map, flat).c_str(),
                            e < 0 ? "nothing" : ("element (" + coords_of(g, e) + ")").c_str());
        }
      }
  }
  if (panels > shown) ImGui::TextDisabled("... %lld more panels", static_cast<long long>(panels - shown));
  ImGui::EndChild();
}

void draw_compare(App& app) {
  auto held_a = app.a.grid, held_b = app.b.grid;  // edits this frame may replace them
  const Grid& ga = *held_a;
  if (ImGui::CollapsingHeader("second layout (MLIR, Gluon, JSON, tilus or CuTe)", ImGuiTreeNodeFlags_DefaultOpen))
    draw_paste_box(app.b, "##second", 3, &ga.layout);
  if (!held_b) return;
  const Grid& gb = *held_b;
  if (ImGui::Button("swap panes")) {
    swap_panes(app);
    return;  // both grids changed places: draw them next frame
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("exchange the first and the second layout");
  ImGui::SameLine();
  sync_view(app.cmp_a, ga, app.a.version);
  bool b_new = app.cmp_b.seen_version != app.b.version;
  sync_view(app.cmp_b, gb, app.b.version);
  app.cmp_a.stale = app.a.error, app.cmp_b.stale = app.b.error;
  if (b_new && gb.map->is_shared()) app.cmp_b.color_by = ls::ColorBy::bank;
  if (b_new && gb.map->is_tensor_memory()) app.cmp_b.color_by = ls::default_color_by(*gb.map);  // warp quadrants

  // The register pane picks the warp; in a register/shared (or TMEM) pair either pane may be the registers.
  bool a_tmem = ga.map->is_tensor_memory(), b_tmem = gb.map->is_tensor_memory();
  bool a_regs = !ga.map->is_shared() && !a_tmem, b_regs = !gb.map->is_shared() && !b_tmem;
  bool same_shape = ga.shape == gb.shape;
  const Grid& gr = a_regs ? ga : gb;
  View& reg_view = a_regs ? app.cmp_a : app.cmp_b;
  View& other_view = a_regs ? app.cmp_b : app.cmp_a;
  int64_t warps = 1;
  for (const auto& d : gr.dims)
    if (d.name == "warp" || d.name == "block") warps *= d.size;
  app.cmp_warp = std::clamp<int>(app.cmp_warp, 0, static_cast<int>(warps - 1));
  Selection sel;
  if (a_regs || b_regs) {
    ImGui::SetNextItemWidth(160);
    std::string label = std::string("warp of the ") + (a_regs ? "first" : "second") + " layout";
    ImGui::SliderInt(label.c_str(), &app.cmp_warp, 0, static_cast<int>(warps - 1), "%d", ImGuiSliderFlags_AlwaysClamp);
    for (int64_t flat = 0; flat < gr.map->hw_size(); ++flat)
      if (ls::color_key(*gr.map, flat, ls::ColorBy::warp) == app.cmp_warp) {
        sel = Selection{Selection::warp, flat, 0};
        break;
      }
  } else {
    ImGui::NewLine();
  }
  if (!same_shape)
    error_text("the shapes differ (" + shape_text(ga.shape) + " and " + shape_text(gb.shape) +
               "): elements are lit in the register layout only");
  // Lit in the other pane: the offsets the selected warp's access touches, or the elements it owns.
  std::vector<uint8_t> lit, colliding;
  if (a_regs != b_regs && (a_tmem || b_tmem) && same_shape) {
    draw_tmem_message(app.an, a_regs ? app.a : app.b, a_regs ? app.b : app.a);
  } else if (a_regs != b_regs && same_shape) {
    draw_bank_conflicts(app.an, a_regs ? app.a : app.b, a_regs ? app.b : app.a, app.cmp_warp, lit, colliding);
  } else if (a_regs && b_regs && same_shape) {
    draw_conversion(app.an, app.a, app.b);
  } else {
    ImGui::TextDisabled("Bank conflicts need a register layout beside a shared one, conversion costs two register "
                        "layouts, the tcgen05 message a register layout beside a TMEM one, of the same shape.");
  }
  // no panel: no figures of an earlier pair
  if (a_regs == b_regs || a_tmem || b_tmem || !same_shape) app.an.banks.clear();
  if (a_regs == b_regs || !(a_tmem || b_tmem) || !same_shape) app.an.tmem.clear();
  if (auto put = draw_swizzle_designer(app.an, app.a, app.b)) {
    app.status = set_draft(app.b, *put) ? "the second pane holds the chosen shared layout" : app.b.error;
    return;  // b's grid changed: draw it next frame
  }
  bool from_banks = !lit.empty();
  const Grid& go = a_regs ? gb : ga;
  bool stale = !(reg_view.sel == sel) || other_view.mark.size() != go.owners.size() || app.cmp_banks_lit != from_banks;
  if (from_banks ? other_view.mark != lit || other_view.outline != colliding : stale) {
    if (!from_banks) lit = same_shape ? lit_elements(gr, sel) : std::vector<uint8_t>(go.owners.size(), 1);
    reg_view.sel = sel;
    other_view.mark = std::move(lit);
    other_view.outline = colliding;
    reg_view.outline = std::move(colliding);
    app.cmp_banks_lit = from_banks;
    ++app.cmp_a.mark_version, ++app.cmp_b.mark_version;
  }

  float w = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  ImGui::BeginGroup();
  ImGui::Text("first: %s %s", ga.kind.c_str(), shape_text(ga.shape).c_str());
  draw_color_by(app.cmp_a, ga);
  draw_grid(app.cmp_a, ga, "cmp_a", ImVec2(w, 0));
  ImGui::EndGroup();
  ImGui::SameLine();
  ImGui::BeginGroup();
  ImGui::Text("second: %s %s", gb.kind.c_str(), shape_text(gb.shape).c_str());
  draw_color_by(app.cmp_b, gb);
  draw_grid(app.cmp_b, gb, "cmp_b", ImVec2(w, 0));
  ImGui::EndGroup();
}

void draw_build_up(App& app) {
  auto held = app.a.grid;  // an edit this frame may replace app.a.grid
  const Grid& g = *held;
  int levels = static_cast<int>(g.dims.size());
  app.step_level = std::clamp(app.step_level, 0, levels - 1);
  if (ImGui::ArrowButton("prev", ImGuiDir_Left) && app.step_level > 0) --app.step_level;
  ImGui::SameLine();
  if (ImGui::ArrowButton("next", ImGuiDir_Right) && app.step_level + 1 < levels) ++app.step_level;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(160);
  ImGui::SliderInt("level", &app.step_level, 0, levels - 1, "%d", ImGuiSliderFlags_AlwaysClamp);
  ImGui::SameLine();
  const auto& d = g.dims[app.step_level];
  ImGui::Text("%d of %d: %s (%s x %lld)", app.step_level + 1, levels, level_text(d.name), d.name.c_str(),
              static_cast<long long>(d.size));
  ImGui::TextDisabled("lit: %s", describe(g, Selection{Selection::level, 0, app.step_level}).c_str());
  app.step_view.level = Selection{Selection::level, 0, app.step_level};
  sync_view(app.step_view, g, app.a.version);
  app.step_view.stale = app.a.error;
  draw_color_by(app.step_view, g);
  draw_grid(app.step_view, g, "steps");
}

}  // namespace lsgui
