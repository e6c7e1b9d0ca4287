// The explorer: one state struct and plain functions over it (imgui_demo
// style). Every answer about a layout comes from core; this code edits,
// colours and draws. The window: an editor, paste box, presets and files on
// the left; on the right the grid (with its analyses), the hardware view,
// two layouts side by side (with theirs), the build-up stepper and exports.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "analysis_panel.h"
#include "export_panel.h"
#include "files.h"
#include "gpu_panel.h"
#include "grid.h"
#include "model.h"

namespace lsgui {

enum class Tab { grid, hardware, compare, build_up, exports };
constexpr int kTabs = 5;
enum class Capture { none, grid, window };

struct App {
  Doc a;  // the layout being explored
  Doc b;  // the second layout of the side-by-side view
  GpuPanel gpu;  // the GPU window (View menu)
  View grid_view, step_view, cmp_a, cmp_b;
  Tab tab = Tab::grid;
  bool select_tab = true;  // make `tab` the selected tab on the next frame
  int step_level = 0;
  int cmp_warp = 0;
  bool cmp_banks_lit = false;  // the second pane lights a bank access (else the warp's elements)
  Analyses an;                 // core's analyses beside the grids
  bool show_analysis = true;   // the coalescing panel beside the grid
  ExportState ex;
  float hw_cell = 40;

  std::vector<Preset> presets;
  std::string preset_filter;
  std::vector<std::string> recent;
  std::string browse_dir = ".", save_path = "layout.json", png_path = "layoutscope.png";
  bool open_browser = false, open_save = false, open_png = false;
  std::string status;  // last message in the status bar

  Capture capture = Capture::none;  // a PNG to write after this frame renders
  std::string capture_path;
  ImVec2 capture_min{0, 0}, capture_max{0, 0};  // the grid canvas shown this frame

  bool settings_dirty = false;
  bool quit = false;
  bool headless = false;  // screenshots and benchmarks: no pointer, no session
};

// The whole window for one frame, filling the main viewport; handles the shortcuts.
void draw_explorer(App& app);
// Opens a layout file (argument, file list, drag and drop) into app.a.
bool open_file(App& app, const std::string& path);
bool save_json(App& app, const std::string& path);
// Keeps App's settings (colouring, tab, recent files, paths) in the ini file.
void register_settings(App& app);
// The view whose grid is on screen in the current tab (null for the hardware view).
View* shown_view(App& app);

}  // namespace lsgui
