// The explorer: one state struct and plain functions over it (imgui_demo
// style). Every answer about a layout comes from core; this code edits,
// colours and draws. The window: an editor, paste box, presets and files on
// the left; on the right the grid (with its analyses), the hardware view,
// two layouts side by side (with theirs), the build-up stepper and exports.
#pragma once

#include <cfloat>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "analysis_panel.h"
#include "export_panel.h"
#include "files.h"
#include "gpu_panel.h"
#include "kernel_panel.h"
#include "grid.h"
#include "editor.h"
#include "model.h"
#include "views.h"

namespace lsgui {

enum class Tab { grid, hardware, compare, build_up, exports, bases };
constexpr int kTabs = 6;
enum class Capture { none, grid, window };

struct App {
  Doc a;  // the layout being explored
  Doc b;  // the second layout of the side-by-side view
  GpuPanel gpu;  // the GPU window (View menu)
  KernelView kernel;          // the Kernel window: a whole TTGIR dump and what each op costs
  bool kernel_open = false;
  View grid_view, step_view, cmp_a, cmp_b;
  Tab tab = Tab::grid;
  bool select_tab = true;  // make `tab` the selected tab on the next frame
  int step_level = 0;
  int cmp_warp = 0;
  uint64_t b_followed = 0;  // the first layout (version) whose tensor the second pane last tried to take
  bool cmp_banks_lit = false;  // the second pane lights a bank access (else the warp's elements)
  Analyses an;                 // core's analyses beside the grids
  bool show_analysis = true;   // the coalescing panel beside the grid
  ExportState ex;
  float hw_cell = 40;
  std::shared_ptr<const ls::TmemGrid> tmem;  // the hardware view of a TMEM layout, for grid `tmem_of`
  uint64_t tmem_of = 0;
  std::string tmem_error;  // why grid `tmem_of` has no TMEM grid
  float tmem_cell = 0;     // its cell size; 0: fit the whole grid on its next frame
  ImVec2 tmem_origin{0, 0};  // screen position of lane 0, column 0 of the first CTA, last frame

  std::vector<Preset> presets;
  std::vector<Lesson> lessons;  // the "start here" path
  int lesson = -1;              // the step shown; -1 before the first
  uint64_t lesson_version = 0;  // the layout version the step showed (its caption hides after an edit)
  int64_t bases_element = 0;    // the element the Bases view explains
  int64_t bases_seen_hover = -1;
  std::string preset_filter;
  std::vector<std::string> recent;
  std::string browse_dir = ".", save_path = "layout.json", png_path = "layoutscope.png";
  bool open_browser = false, open_save = false, open_png = false;
  std::string status;  // last message in the status bar

  Capture capture = Capture::none;  // a PNG to write after this frame renders
  std::string capture_path;
  ImVec2 capture_min{0, 0}, capture_max{0, 0};  // the grid canvas shown this frame

  float ui_scale = 1;         // View menu, Ctrl +/-; remembered
  bool presentation = false;  // F11: large text, colour-blind-safe palette, thick warp/CTA lines

  bool settings_dirty = false;
  bool quit = false;
  bool headless = false;  // screenshots and benchmarks: no pointer, no session

  // Scripted runs (actions.h): input given to the widgets instead of a person's.
  std::optional<FieldInput> field_input;  // consumed by the editor's widget of that field
  struct Pointer {
    bool scripted = false;  // when set, the pointer is here instead of the real one
    ImVec2 pos{-FLT_MAX, -FLT_MAX};
    bool down = false;
  } pointer;
};

// The whole window for one frame, filling the main viewport; handles the shortcuts.
void draw_explorer(App& app);
// Opens a file (argument, file list, drag and drop): a whole kernel (a TTGIR
// dump with tt.func) into the Kernel window, else a layout into app.a.
bool open_file(App& app, const std::string& path);
// The Kernel window's "Open in explorer": the op's layouts into the panes
// (two: side by side); false (and the status says why) when one cannot be read.
bool open_in_explorer(App& app, const OpenLayouts& r);
// What clicking a preset does; false (and the status says why) when it cannot be read or applied.
bool apply_preset(App& app, const Preset& p);
// Shows step `k` of the start-here path (its preset, view and colouring).
bool apply_lesson(App& app, int k);
// Tab names as the View menu and scripted runs say them: grid, hardware, compare, build-up, export, bases.
const char* tab_key(Tab t);
// The Triton menu: both panes lowered by version v's rules, the analyses
// showing its instructions.
void set_triton_version(App& app, ls::TritonVersion v);
void set_target_sm(App& app, int32_t sm);  // both panes; throws ls::Error for a target other than 80/90/100
// Exchanges the two panes (the side-by-side view's swap button).
void swap_panes(App& app);
// The second pane shows the first's tensor: a text of it that names no shape
// (no element type) takes the first pane's, now and whenever that changes.
void follow_first_pane(App& app);
bool set_second_text(App& app, const std::string& text);
void do_undo(App& app);
void do_redo(App& app);
bool save_json(App& app, const std::string& path);
// Keeps App's settings (colouring, tab, recent files, paths) in the ini file.
void register_settings(App& app);
// The view whose grid is on screen in the current tab (null for the hardware view).
View* shown_view(App& app);
// The font size in pixels for the app's scale and mode.
float font_px(const App& app);
void set_ui_scale(App& app, float scale);

}  // namespace lsgui
