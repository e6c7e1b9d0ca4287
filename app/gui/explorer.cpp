#include "explorer.h"

#include <GLFW/glfw3.h>  // key codes: ImGui 1.86 indexes io.KeysDown by them

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>

#include "editor.h"
#include "error.h"
#include "imgui_internal.h"  // ImGuiSettingsHandler
#include "imgui_stdlib.h"
#include "io/text.h"
#include "bases_panel.h"
#include "panels.h"

namespace lsgui {
namespace {

constexpr float kMinScale = 0.5f, kMaxScale = 4.f;
constexpr float kBaseFontPx = 15, kPresentationFactor = 1.6f;
constexpr const char* kTabNames[kTabs] = {"Grid", "Hardware", "Side by side", "Build-up", "Export", "Bases"};
constexpr const char* kTabKeys[kTabs] = {"grid", "hardware", "compare", "build-up", "export", "bases"};

void copy_as(App& app, TextFormat f) {
  if (!app.a.grid) return;
  try {
    ImGui::SetClipboardText(export_text(app.a.grid->layout, f).c_str());
    app.status = std::string("copied the layout as ") +
                 (f == TextFormat::mlir ? "MLIR" : f == TextFormat::gluon ? "Gluon" : "JSON");
  } catch (const std::exception& e) {
    app.status = e.what();
  }
}

void request_png(App& app, Capture what) {
  app.capture = what;
  app.capture_path = app.png_path;
}


void shortcuts(App& app) {
  ImGuiIO& io = ImGui::GetIO();
  bool ctrl = io.KeyCtrl, shift = io.KeyShift;
  auto pressed = [](int key) { return ImGui::IsKeyPressed(key, false); };
  if (ctrl && pressed(GLFW_KEY_Z)) shift ? do_redo(app) : do_undo(app);
  if (ctrl && pressed(GLFW_KEY_Y)) do_redo(app);
  if (ctrl && pressed(GLFW_KEY_O)) app.open_browser = true;
  if (ctrl && pressed(GLFW_KEY_S)) app.open_save = true;
  if (ctrl && pressed(GLFW_KEY_P)) app.open_png = true;
  if (ctrl && pressed(GLFW_KEY_Q)) app.quit = true;
  if (ctrl && (pressed(GLFW_KEY_EQUAL) || pressed(GLFW_KEY_KP_ADD))) set_ui_scale(app, app.ui_scale * 1.125f);
  if (ctrl && (pressed(GLFW_KEY_MINUS) || pressed(GLFW_KEY_KP_SUBTRACT))) set_ui_scale(app, app.ui_scale / 1.125f);
  if (ctrl && pressed(GLFW_KEY_0)) set_ui_scale(app, 1);
  if (pressed(GLFW_KEY_F11)) app.presentation = !app.presentation, app.settings_dirty = true;
  if (ctrl && shift && pressed(GLFW_KEY_M)) copy_as(app, TextFormat::mlir);
  if (ctrl && shift && pressed(GLFW_KEY_G)) copy_as(app, TextFormat::gluon);
  if (ctrl && shift && pressed(GLFW_KEY_J)) copy_as(app, TextFormat::json);
  if (io.WantTextInput || ctrl) return;  // plain keys belong to the text being typed
  for (int i = 0; i < kTabs; ++i)
    if (pressed(GLFW_KEY_F1 + i)) app.tab = static_cast<Tab>(i), app.select_tab = true;
  if (View* v = shown_view(app)) {
    if (pressed(GLFW_KEY_F) || pressed(GLFW_KEY_0)) v->fit = true;
    if (pressed(GLFW_KEY_ESCAPE)) v->sel = Selection{};
    if (app.a.grid)
      for (int i = 0; i < 7; ++i)
        if (pressed(GLFW_KEY_1 + i) && ls::color_by_available(*app.a.grid->map, static_cast<ls::ColorBy>(i)))
          v->color_by = static_cast<ls::ColorBy>(i);
    if (pressed(GLFW_KEY_T)) v->click = Selection::thread;
    if (pressed(GLFW_KEY_W)) v->click = Selection::warp;
    if (pressed(GLFW_KEY_R)) v->click = Selection::reg;
  }
  if (app.tab == Tab::build_up) {
    if (pressed(GLFW_KEY_RIGHT)) ++app.step_level;
    if (pressed(GLFW_KEY_LEFT) && app.step_level > 0) --app.step_level;
  }
}

void menu_bar(App& app) {
  if (!ImGui::BeginMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("Open...", "Ctrl+O")) app.open_browser = true;
    if (ImGui::MenuItem("Save JSON...", "Ctrl+S")) app.open_save = true;
    if (ImGui::BeginMenu("Recent", !app.recent.empty())) {
      for (const auto& r : std::vector<std::string>(app.recent))
        if (ImGui::MenuItem(r.c_str())) open_file(app, r);
      ImGui::EndMenu();
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Save PNG...", "Ctrl+P")) app.open_png = true;
    ImGui::Separator();
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) app.quit = true;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Edit")) {
    if (ImGui::MenuItem("Undo", "Ctrl+Z", false, !app.a.undo.empty())) do_undo(app);
    if (ImGui::MenuItem("Redo", "Ctrl+Shift+Z", false, !app.a.redo.empty())) do_redo(app);
    ImGui::Separator();
    if (ImGui::MenuItem("Copy as MLIR", "Ctrl+Shift+M")) copy_as(app, TextFormat::mlir);
    if (ImGui::MenuItem("Copy as Gluon", "Ctrl+Shift+G")) copy_as(app, TextFormat::gluon);
    if (ImGui::MenuItem("Copy as JSON", "Ctrl+Shift+J")) copy_as(app, TextFormat::json);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    for (int i = 0; i < kTabs; ++i) {
      std::string key = "F" + std::to_string(i + 1);
      if (ImGui::MenuItem(kTabNames[i], key.c_str(), app.tab == static_cast<Tab>(i)))
        app.tab = static_cast<Tab>(i), app.select_tab = true;
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Fit grid", "F") && shown_view(app)) shown_view(app)->fit = true;
    ImGui::Separator();
    if (ImGui::MenuItem("Larger text", "Ctrl +")) set_ui_scale(app, app.ui_scale * 1.125f);
    if (ImGui::MenuItem("Smaller text", "Ctrl -")) set_ui_scale(app, app.ui_scale / 1.125f);
    if (ImGui::MenuItem("Text size 100%", "Ctrl 0")) set_ui_scale(app, 1);
    if (ImGui::MenuItem("Presentation mode", "F11", app.presentation)) app.presentation = !app.presentation, app.settings_dirty = true;
    ImGui::Separator();
    ImGui::MenuItem("GPU window", nullptr, &app.gpu.open);
    ImGui::MenuItem("Kernel window (open or drop a TTGIR dump)", nullptr, &app.kernel_open);
    ImGui::EndMenu();
  }
  // The Triton version: whose rules lower both panes and whose instructions the analyses show.
  std::string triton_menu = "Triton " + ls::triton_version_name(app.a.triton) + "###triton";
  if (ImGui::BeginMenu(triton_menu.c_str())) {
    for (auto v : {ls::TritonVersion::v3_9, ls::TritonVersion::v3_6}) {
      std::string item = "Triton " + ls::triton_version_name(v) + (v == ls::kDefaultTriton ? " (newest)" : "");
      if (ImGui::MenuItem(item.c_str(), nullptr, app.a.triton == v)) set_triton_version(app, v);
    }
    ImGui::EndMenu();
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("the Triton release whose lowering and instructions every pane and analysis follows");
  // The GPU Triton compiles for: which instructions (ldmatrix/stmatrix and their forms) the analyses show.
  std::string target_menu = "Target sm_" + std::to_string(app.a.sm) + "###target";
  if (ImGui::BeginMenu(target_menu.c_str())) {
    for (int sm : {80, 90, 100}) {
      std::string item = "sm_" + std::to_string(sm) + (sm == 80 ? " (Ampere)" : sm == 90 ? " (Hopper)" : " (Blackwell)");
      if (ImGui::MenuItem(item.c_str(), nullptr, app.a.sm == sm)) set_target_sm(app, sm);
    }
    ImGui::EndMenu();
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("the GPU whose instructions Triton emits in every analysis (the Kernel window follows its dump)");
  if (ImGui::BeginMenu("Help")) {
    ImGui::TextUnformatted(
        "wheel: zoom   drag: pan   F: fit   hover: every owner\n"
        "click: light all the thread (T), warp (W) or register (R) owns; Esc: clear\n"
        "1-7: colour by thread, warp, register, lane, block, offset, bank\n"
        "F1-F6: grid, hardware, side by side, build-up (Left/Right step), export, bases\n"
        "Ctrl +/-: text size   F11: presentation mode (large text, colour-blind-safe colours)\n"
        "Ctrl+Z / Ctrl+Shift+Z: undo / redo   Ctrl+O / Ctrl+S: open / save JSON\n"
        "Ctrl+Shift+M/G/J: copy as MLIR / Gluon / JSON   Ctrl+P: save PNG\n"
        "Drop a layout file on the window to open it.");
    ImGui::EndMenu();
  }
  ImGui::EndMenuBar();
}

void presets_list(App& app) {
  ImGui::SetNextItemWidth(-FLT_MIN);
  ImGui::InputTextWithHint("##filter", "filter presets", &app.preset_filter);
  ImGui::BeginChild("presets", ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * 8), true);
  for (const auto& p : app.presets) {
    if (!app.preset_filter.empty() && p.name.find(app.preset_filter) == std::string::npos &&
        p.description.find(app.preset_filter) == std::string::npos)
      continue;
    if (ImGui::Selectable(p.name.c_str())) apply_preset(app, p);
    if (ImGui::IsItemHovered() && !p.description.empty()) ImGui::SetTooltip("%s", p.description.c_str());
  }
  ImGui::EndChild();
}

// The Kernel window; "Open in explorer" puts the op's layouts in the panes.
void kernel_window(App& app) {
  if (app.kernel.poll() && !app.kernel.path.empty())
    app.status = app.kernel.error.empty() ? "inspected the kernel " + app.kernel.path + " (Triton " + app.kernel.triton + ")"
                                          : app.kernel.path + ": " + app.kernel.error;
  if (!app.kernel_open) return;
  ImGui::SetNextWindowSize(ImVec2(1000, 600), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowBgAlpha(1.0f);  // opaque: the panes behind made its text hard to read
  if (ImGui::Begin("Kernel", &app.kernel_open)) {
    if (app.kernel.lines.empty())
      ImGui::TextWrapped("Open (Ctrl+O) or drop a Triton TTGIR dump (kernel.asm[\"ttgir\"], the cache's .ttgir, "
                         "MLIR_ENABLE_DUMP output): every op that moves data between layouts, with its cost.");
    else if (auto r = draw_kernel_view(app.kernel))
      open_in_explorer(app, *r);
  }
  ImGui::End();
}

void lessons_panel(App& app) {
  int n = static_cast<int>(app.lessons.size());
  if (n == 0) {
    ImGui::TextDisabled("no lessons (assets/lessons.json was not found)");
    return;
  }
  if (app.lesson < 0) {
    ImGui::TextWrapped("New to layouts? %d steps, from the registers of one thread to linear layouts, each a preset "
                       "with a paragraph on what to look at.", n);
    if (ImGui::Button("Begin")) apply_lesson(app, 0);
    return;
  }
  ImGui::BeginDisabled(app.lesson == 0);
  if (ImGui::ArrowButton("lesson_prev", ImGuiDir_Left)) apply_lesson(app, app.lesson - 1);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(app.lesson + 1 >= n);
  if (ImGui::ArrowButton("lesson_next", ImGuiDir_Right)) apply_lesson(app, app.lesson + 1);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-FLT_MIN);
  std::string now = std::to_string(app.lesson + 1) + "/" + std::to_string(n) + "  " + app.lessons[app.lesson].title;
  if (ImGui::BeginCombo("##lesson", now.c_str())) {
    for (int i = 0; i < n; ++i)
      if (ImGui::Selectable((std::to_string(i + 1) + ". " + app.lessons[i].title).c_str(), i == app.lesson))
        apply_lesson(app, i);
    ImGui::EndCombo();
  }
  if (app.lesson_version != app.a.version) ImGui::TextDisabled("(the layout was edited since; the caption is for the preset)");
}

void file_browser(App& app) {
  if (app.open_browser) ImGui::OpenPopup("Open layout"), app.open_browser = false;
  ImGui::SetNextWindowSize(ImVec2(520, 420), ImGuiCond_Appearing);
  if (!ImGui::BeginPopupModal("Open layout")) return;
  ImGui::SetNextItemWidth(-FLT_MIN);
  ImGui::InputText("##dir", &app.browse_dir);
  ImGui::BeginChild("entries", ImVec2(0, -ImGui::GetFrameHeightWithSpacing()), true);
  for (const auto& e : list_dir(app.browse_dir)) {
    std::string label = (e.is_dir ? "[dir] " : "") + e.name;
    if (!ImGui::Selectable(label.c_str(), false, ImGuiSelectableFlags_DontClosePopups)) continue;
    std::filesystem::path p = std::filesystem::path(app.browse_dir) / e.name;
    if (e.is_dir) {
      app.browse_dir = p.lexically_normal().string();
    } else if (open_file(app, p.string())) {
      ImGui::CloseCurrentPopup();
    }
  }
  ImGui::EndChild();
  if (ImGui::Button("Close") || ImGui::IsKeyPressed(GLFW_KEY_ESCAPE)) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

void path_popup(App& app, bool& open, const char* title, std::string& path, bool png) {
  if (open) ImGui::OpenPopup(title), open = false;
  if (!ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  ImGui::SetNextItemWidth(420);
  if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
  bool enter = ImGui::InputText("path", &path, ImGuiInputTextFlags_EnterReturnsTrue);
  if (png) {
    if (ImGui::Button("Save grid")) request_png(app, Capture::grid), ImGui::CloseCurrentPopup();
    ImGui::SameLine();
    if (ImGui::Button("Save window") || enter) request_png(app, Capture::window), ImGui::CloseCurrentPopup();
  } else if (ImGui::Button("Save") || enter) {
    if (save_json(app, path)) ImGui::CloseCurrentPopup();
  }
  ImGui::SameLine();
  if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(GLFW_KEY_ESCAPE)) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

void left_panel(App& app) {
  Doc& d = app.a;
  if (app.field_input) ImGui::SetNextItemOpen(true);  // scripted input goes to the editor's widgets
  if (ImGui::CollapsingHeader("Layout", ImGuiTreeNodeFlags_DefaultOpen))
    draw_editor(d, app.field_input ? &*app.field_input : nullptr);
  if (ImGui::CollapsingHeader("Text: MLIR, Gluon or JSON", ImGuiTreeNodeFlags_DefaultOpen)) {
    ImGui::TextDisabled("paste a layout, a tensor type or a whole TTGIR dump");
    draw_paste_box(d, "##text", 9);
    int f = static_cast<int>(d.format);
    ImGui::TextUnformatted("show edits as");
    ImGui::SameLine();
    bool changed = ImGui::RadioButton("Gluon", &f, 1);
    ImGui::SameLine();
    changed |= ImGui::RadioButton("MLIR", &f, 0);
    ImGui::SameLine();
    changed |= ImGui::RadioButton("JSON", &f, 2);
    if (changed) {
      d.format = static_cast<TextFormat>(f);
      if (d.grid) d.text = print_as(d.grid->layout, d.format);
      app.settings_dirty = true;
    }
    if (ImGui::SmallButton("copy MLIR")) copy_as(app, TextFormat::mlir);
    ImGui::SameLine();
    if (ImGui::SmallButton("copy Gluon")) copy_as(app, TextFormat::gluon);
    ImGui::SameLine();
    if (ImGui::SmallButton("copy JSON")) copy_as(app, TextFormat::json);
  }
  if (ImGui::CollapsingHeader("Start here", ImGuiTreeNodeFlags_DefaultOpen)) lessons_panel(app);
  if (ImGui::CollapsingHeader("Presets", ImGuiTreeNodeFlags_DefaultOpen)) presets_list(app);
  if (ImGui::CollapsingHeader("Files")) {
    if (ImGui::Button("Open...")) app.open_browser = true;
    ImGui::SameLine();
    if (ImGui::Button("Save JSON...")) app.open_save = true;
    ImGui::SameLine();
    if (ImGui::Button("Save PNG...")) app.open_png = true;
    ImGui::SameLine();
    ImGui::BeginDisabled(d.undo.empty());
    if (ImGui::Button("Undo")) do_undo(app);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(d.redo.empty());
    if (ImGui::Button("Redo")) do_redo(app);
    ImGui::EndDisabled();
    for (const auto& r : std::vector<std::string>(app.recent))
      if (ImGui::Selectable(r.c_str())) open_file(app, r);
    if (app.recent.empty()) ImGui::TextDisabled("no recent files; drop one on the window");
  }
}

void grid_tab(App& app) {
  auto held = app.a.grid;  // an edit this frame may replace app.a.grid
  const Grid& g = *held;
  View& v = app.grid_view;
  sync_view(v, g, app.a.version);
  v.stale = app.a.error;
  ImGui::Text("%s  %s x %s", g.kind.c_str(), shape_text(g.shape).c_str(), g.layout.elem.c_str());
  ImGui::SameLine();
  std::string hw;
  for (size_t d = g.dims.size(); d-- > 0;) hw += g.dims[d].name + " " + std::to_string(g.dims[d].size) + (d ? " x " : "");
  ImGui::TextDisabled("  hardware: %s", hw.c_str());
  draw_color_by(v, g);
  draw_slice_selectors(v, g);
  if (ImGui::SmallButton("fit")) v.fit = true;
  ImGui::SameLine();
  ImGui::TextDisabled("%.3g px per cell%s", v.cell, v.labels ? "" : "; zoom in for labels");
  if (!g.map->is_shared()) {
    ImGui::SameLine(0, 24);
    ImGui::TextUnformatted("click lights");
    int c = v.click == Selection::warp ? 1 : v.click == Selection::reg ? 2 : 0;
    ImGui::SameLine();
    ImGui::RadioButton("thread##c", &c, 0);
    ImGui::SameLine();
    ImGui::RadioButton("warp##c", &c, 1);
    ImGui::SameLine();
    ImGui::RadioButton("register##c", &c, 2);
    v.click = c == 1 ? Selection::warp : c == 2 ? Selection::reg : Selection::thread;
    if (v.sel.kind != Selection::none) {
      ImGui::SameLine();
      ImGui::TextDisabled("lit: %s", describe(g, v.sel).c_str());
      ImGui::SameLine();
      if (ImGui::SmallButton("clear")) v.sel = Selection{};
    }
  }
  ImGui::SameLine(0, 24);
  ImGui::Checkbox("analysis", &app.show_analysis);
  if (v.folded())
    ImGui::TextDisabled("a 1D tensor of %lld elements, folded into lines of %lld; each line's label is its first index",
                        static_cast<long long>(v.rows * v.cols), static_cast<long long>(v.cols));
  draw_legend(v, g);
  float side = app.show_analysis
                   ? std::min(300.f, ImGui::GetContentRegionAvail().x * 0.4f) + ImGui::GetStyle().ItemSpacing.x
                   : 0;
  draw_grid(v, g, "grid", ImVec2(ImGui::GetContentRegionAvail().x - side, 0));
  if (!app.show_analysis) return;
  ImGui::SameLine();
  ImGui::BeginChild("analysis", ImVec2(0, 0), true);
  draw_coalescing(app.an, app.a);
  ImGui::EndChild();
}

// ImGui ini section [layoutscope][settings]: key=value lines.
void* settings_open(ImGuiContext*, ImGuiSettingsHandler* h, const char* name) {
  return std::strcmp(name, "settings") == 0 ? h->UserData : nullptr;
}

void settings_line(ImGuiContext*, ImGuiSettingsHandler*, void* entry, const char* line) {
  App& app = *static_cast<App*>(entry);
  std::string l = line;
  size_t eq = l.find('=');
  if (eq == std::string::npos) return;
  std::string k = l.substr(0, eq), v = l.substr(eq + 1);
  if (k == "ColorBy") {
    if (auto by = ls::parse_color_by(v)) app.grid_view.color_by = *by;
  } else if (k == "Tab" && v.size() == 1 && v[0] >= '0' && v[0] < '0' + kTabs) {
    app.tab = static_cast<Tab>(v[0] - '0');
  } else if (k == "Recent" && !v.empty()) {
    if (app.recent.size() < 10) app.recent.push_back(v);
  } else if (k == "BrowseDir") {
    app.browse_dir = v;
  } else if (k == "SavePath") {
    app.save_path = v;
  } else if (k == "PngPath") {
    app.png_path = v;
  } else if (k == "UiScale") {
    app.ui_scale = std::clamp(std::strtof(v.c_str(), nullptr), kMinScale, kMaxScale);
  } else if (k == "Presentation") {
    app.presentation = v == "1";
  } else if (k == "HwCell") {
    app.hw_cell = std::clamp(std::strtof(v.c_str(), nullptr), 4.f, 80.f);
  }
}

void settings_write(ImGuiContext*, ImGuiSettingsHandler* h, ImGuiTextBuffer* out) {
  const App& app = *static_cast<const App*>(h->UserData);
  out->appendf("[%s][settings]\n", h->TypeName);
  out->appendf("ColorBy=%s\n", ls::color_by_name(app.grid_view.color_by));
  out->appendf("Tab=%d\n", static_cast<int>(app.tab));
  for (const auto& r : app.recent) out->appendf("Recent=%s\n", r.c_str());
  out->appendf("BrowseDir=%s\nSavePath=%s\nPngPath=%s\n", app.browse_dir.c_str(), app.save_path.c_str(),
               app.png_path.c_str());
  out->appendf("UiScale=%.3f\nPresentation=%d\n", app.ui_scale, app.presentation ? 1 : 0);
  out->appendf("HwCell=%.0f\n\n", app.hw_cell);
}

}  // namespace

float font_px(const App& app) {
  return std::round(kBaseFontPx * app.ui_scale * (app.presentation ? kPresentationFactor : 1.f));
}

void set_ui_scale(App& app, float scale) {
  app.ui_scale = std::clamp(scale, kMinScale, kMaxScale);
  app.settings_dirty = true;
  app.status = "text size " + std::to_string(static_cast<int>(std::lround(app.ui_scale * 100))) + "%";
}

void do_undo(App& app) { app.status = undo(app.a) ? "undone" : "nothing to undo"; }
void do_redo(App& app) { app.status = redo(app.a) ? "redone" : "nothing to redo"; }

bool apply_preset(App& app, const Preset& p) {
  try {
    std::string text = read_file(p.path);
    bool ok = set_text(app.a, text);
    if (ok) app.a.text = print_as(app.a.grid->layout, app.a.format);  // the layout, not the preset file
    app.status = ok ? "preset " + p.name : app.a.error;
    return ok;
  } catch (const std::exception& e) {
    app.status = e.what();
    return false;
  }
}

const char* tab_key(Tab t) { return kTabKeys[static_cast<int>(t)]; }

bool apply_lesson(App& app, int k) {
  if (k < 0 || k >= static_cast<int>(app.lessons.size())) return false;
  const Lesson& l = app.lessons[k];
  auto p = std::find_if(app.presets.begin(), app.presets.end(), [&](const Preset& x) { return x.name == l.preset; });
  if (p == app.presets.end()) {
    app.status = "lesson " + std::to_string(k + 1) + ": no preset named " + l.preset;
    return false;
  }
  if (!apply_preset(app, *p)) return false;
  app.lesson = k;
  app.lesson_version = app.a.version;
  for (int i = 0; i < kTabs; ++i)
    if (l.view == kTabKeys[i]) app.tab = static_cast<Tab>(i), app.select_tab = true;
  if (l.level >= 0) app.step_level = l.level;
  if (auto by = ls::parse_color_by(l.color_by); by && app.a.grid && ls::color_by_available(*app.a.grid->map, *by)) {
    View* v = shown_view(app);
    (v ? *v : app.grid_view).pending_color = static_cast<int>(*by);
  }
  app.status = "lesson " + std::to_string(k + 1) + ": " + l.title;
  return true;
}

void set_triton_version(App& app, ls::TritonVersion v) {
  bool ok = set_triton(app.a, v);
  ok = set_triton(app.b, v) && ok;
  app.kernel.set_triton(ls::triton_version_name(v));
  app.status = "Triton " + ls::triton_version_name(v) + ": layouts lowered and instructions chosen by its rules" +
               (ok ? "" : std::string("; ") + (app.a.error.empty() ? app.b.error : app.a.error));
}

void set_target_sm(App& app, int32_t sm) {
  set_target(app.a, sm), set_target(app.b, sm);
  app.status = "target sm_" + std::to_string(sm) + ": the analyses show the instructions Triton emits for it";
}

void follow_first_pane(App& app) {
  if (!app.a.grid || !app.b.grid || app.b_followed == app.a.version) return;
  app.b_followed = app.a.version;  // once per first layout: a shape it cannot take stays an error
  const auto held = app.a.grid;
  const ls::TensorLayout& first = held->layout;
  if (!app.b.names_shape && app.b.grid->shape != first.shape) set_shape_text(app.b, shape_text(first.shape));
  if (!app.b.names_elem && app.b.grid->layout.elem_bits != first.elem_bits) set_elem(app.b, first.elem, first.elem_bits);
}

bool set_second_text(App& app, const std::string& text) {
  const auto held = app.a.grid;
  return set_text(app.b, text, held ? &held->layout : nullptr);
}

void swap_panes(App& app) {
  std::swap(app.a, app.b);
  std::swap(app.cmp_a.color_by, app.cmp_b.color_by);
  app.status = "swapped the two panes";
}

View* shown_view(App& app) {
  switch (app.tab) {
    case Tab::grid: return &app.grid_view;
    case Tab::build_up: return &app.step_view;
    case Tab::compare: return &app.cmp_a;
    case Tab::hardware:
    case Tab::exports:
    case Tab::bases: return nullptr;
  }
  return nullptr;
}

bool open_in_explorer(App& app, const OpenLayouts& r) {
  bool ok = set_text(app.a, r.first);
  if (ok && !r.second.empty()) ok = set_second_text(app, r.second);
  app.tab = r.second.empty() ? Tab::grid : Tab::compare;
  app.select_tab = true;
  app.status = ok ? r.op + " at line " + std::to_string(r.line) + " opened in the explorer"
                  : r.op + ": " + (app.a.error.empty() ? app.b.error : app.a.error);
  return ok;
}

bool open_file(App& app, const std::string& path) {
  try {
    std::string text = read_file(path);
    if (text.find("tt.func") != std::string::npos) {  // a whole kernel
      app.kernel.load(text, path, ls::triton_version_name(app.a.triton));
      app.kernel_open = true;
      add_recent(app.recent, path);
      app.settings_dirty = true;
      app.status = "inspecting the kernel " + path + "...";
      return true;
    }
    if (!set_text(app.a, text)) {
      app.status = path + ": " + app.a.error;
      return false;
    }
    add_recent(app.recent, path);
    app.settings_dirty = true;
    app.status = "opened " + path;
    return true;
  } catch (const std::exception& e) {
    app.status = e.what();
    return false;
  }
}

bool save_json(App& app, const std::string& path) {
  if (!app.a.grid) return false;
  try {
    write_atomic(path, ls::print_json(app.a.grid->layout));
    add_recent(app.recent, path);
    app.settings_dirty = true;
    app.status = "saved " + path;
    return true;
  } catch (const std::exception& e) {
    app.status = e.what();
    return false;
  }
}

void register_settings(App& app) {
  ImGuiSettingsHandler h;
  h.TypeName = "layoutscope";
  h.TypeHash = ImHashStr("layoutscope");
  h.ReadOpenFn = settings_open;
  h.ReadLineFn = settings_line;
  h.WriteAllFn = settings_write;
  h.UserData = &app;
  ImGui::GetCurrentContext()->SettingsHandlers.push_back(h);
}

void draw_explorer(App& app) {
  if (!app.headless) shortcuts(app);
  follow_first_pane(app);
  ls::Palette palette = app.presentation ? ls::Palette::high_contrast : ls::Palette::standard;
  for (View* v : {&app.grid_view, &app.step_view, &app.cmp_a, &app.cmp_b}) v->palette = palette;
  if (app.settings_dirty) ImGui::MarkIniSettingsDirty(), app.settings_dirty = false;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  ImGui::Begin("layoutscope", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_MenuBar);
  menu_bar(app);
  float status_h = ImGui::GetFrameHeightWithSpacing();
  float left_w = std::min(430.f * font_px(app) / kBaseFontPx, vp->WorkSize.x * (app.presentation ? 0.3f : 0.36f));
  ImGui::BeginChild("left", ImVec2(left_w, -status_h), true);
  left_panel(app);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("right", ImVec2(0, -status_h), true, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  View* before = shown_view(app);
  if (app.lesson >= 0 && app.lesson < static_cast<int>(app.lessons.size()) && app.lesson_version == app.a.version) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.9f, 0.6f, 1));  // the step's caption, where the class looks
    ImGui::TextWrapped("%d. %s: %s", app.lesson + 1, app.lessons[app.lesson].title.c_str(),
                       app.lessons[app.lesson].caption.c_str());
    ImGui::PopStyleColor();
  }
  if (ImGui::BeginTabBar("tabs")) {
    for (int i = 0; i < kTabs; ++i) {
      ImGuiTabItemFlags f = app.select_tab && app.tab == static_cast<Tab>(i) ? ImGuiTabItemFlags_SetSelected : 0;
      if (!ImGui::BeginTabItem(kTabNames[i], nullptr, f)) continue;
      if (!app.select_tab && app.tab != static_cast<Tab>(i)) app.tab = static_cast<Tab>(i), app.settings_dirty = true;
      if (!app.a.grid) {
        ImGui::TextDisabled("No valid layout yet: pick a preset, paste a layout or open a file.");
      } else {
        switch (app.tab) {
          case Tab::grid: grid_tab(app); break;
          case Tab::hardware: draw_hardware(app); break;
          case Tab::compare: draw_compare(app); break;
          case Tab::build_up: draw_build_up(app); break;
          case Tab::exports: draw_export(app.ex, app.a, app.b, app.grid_view.color_by, app.status); break;
          case Tab::bases: draw_bases(app); break;
        }
      }
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
  app.select_tab = false;
  if (View* v = shown_view(app); v && v == before) app.capture_min = v->canvas_min, app.capture_max = v->canvas_max;
  ImGui::EndChild();
  if (app.a.grid && (app.a.error.empty() || app.status.empty())) {
    ImGui::TextDisabled("%s", app.status.empty() ? "F1-F6 views, wheel zoom, drag pan, Help menu for keys"
                                                 : app.status.c_str());
  } else {
    ImGui::TextDisabled("%s", app.status.c_str());
  }
  file_browser(app);
  path_popup(app, app.open_save, "Save layout as JSON", app.save_path, false);
  path_popup(app, app.open_png, "Save PNG", app.png_path, true);
  ImGui::End();
  draw_gpu_window(app.gpu, app.a, app.b);
  kernel_window(app);
}

}  // namespace lsgui
