// layoutscope: the desktop explorer. This file reads the arguments, opens
// the window and runs the frame loop: waiting for events while idle, saving
// the session and settings, writing PNGs; or renders one screenshot, or
// times frames (--bench-frames).
#include <GLFW/glfw3.h>

#include <algorithm>
#include <atomic>
#include <cfloat>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "actions.h"
#include "capture.h"
#include "error.h"
#include "explorer.h"
#include "imgui.h"
#include "imgui_impl_glfw.h"
#include "imgui_impl_opengl3.h"
#include "io/text.h"
#include "jobs.h"

namespace {

constexpr const char* kDefaultLayout =
    "BlockedLayout(\n"
    "    size_per_thread=[2, 4],\n"
    "    threads_per_warp=[16, 2],\n"
    "    warps_per_cta=[2, 2],\n"
    "    order=[1, 0],\n"
    ")\n";
constexpr const char* kDefaultShape = "64x16";
constexpr int kScreenshotFrames = 3;      // the first frames lay the windows out
constexpr int kFramesAfterEvent = 3;      // ImGui settles hover and layout within a few frames
constexpr double kStaleTemporarySeconds = 600;  // an unfinished save older than this is abandoned

constexpr const char* kUsage =
    "usage: layoutscope [LAYOUT] [--shape 64x16]\n"
    "       layoutscope --screenshot OUT.png [--layout LAYOUT] [--shape 64x16] [--size 1280x800]\n"
    "                   [--screenshot-meta OUT.json] [--view grid|hardware|compare|build-up|export|bases]\n"
    "                   [--compare LAYOUT] [--color-by thread|warp|register|lane|block|offset|bank] [--level N]\n"
    "                   [--gpu-window]   open the GPU window\n"
    "       layoutscope --actions FILE [--layout LAYOUT] [--screenshot OUT.png [--screenshot-meta OUT.json]]\n"
    "                   [--size 1280x800] [--session DIR]   replay scripted edits (one JSON action a line,\n"
    "                   docs/gui-actions.md); --session: restore and save DIR/session.json as the window does\n"
    "       layoutscope --list-presets      the preset names, one a line\n"
    "       layoutscope --bench-frames N [--layout LAYOUT] [--shape 256x256] [--size 1280x800]\n"
    "LAYOUT is Triton MLIR, Gluon or JSON text, or a file holding it. Without one the last\n"
    "session is restored (a Gluon BlockedLayout on a 64x16 tensor the first time).\n"
    "--shape overrides the shape the text carries. Settings and the session live in\n"
    "$LAYOUTSCOPE_CONFIG_DIR (default ~/.config/layoutscope); screenshots and benchmarks use neither.\n"
    "Exit codes: 0 ok, 1 no window (no display?), 2 bad input.\n";

struct Options {
  std::string layout, shape, screenshot, meta, view, compare, color_by, actions, session;
  bool has_layout = false, has_shape = false, help = false, gpu_window = false, list_presets = false;
  int width = 1280, height = 800, bench_frames = 0, level = -1;
};

int to_int(const std::string& opt, const std::string& v, int lo, int hi) {
  ls::require(!v.empty() && v.size() <= 9 && v.find_first_not_of("0123456789") == std::string::npos &&
                  std::stoi(v) >= lo && std::stoi(v) <= hi,
              opt + " '" + v.substr(0, 20) + "' must be a whole number from " + std::to_string(lo) + " to " +
                  std::to_string(hi));
  return std::stoi(v);
}

Options parse_args(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&] {
      ls::require(i + 1 < argc, a + " needs a value");
      return std::string(argv[++i]);
    };
    auto set_layout = [&](std::string v) {
      ls::require(!o.has_layout, "expected one LAYOUT");
      o.layout = std::move(v), o.has_layout = true;
    };
    if (a == "--help" || a == "-h") o.help = true;
    else if (a == "--shape") o.shape = value(), o.has_shape = true;
    else if (a == "--screenshot") o.screenshot = value();
    else if (a == "--screenshot-meta") o.meta = value();
    else if (a == "--layout") set_layout(value());
    else if (a == "--compare") o.compare = value();
    else if (a == "--gpu-window") o.gpu_window = true;
    else if (a == "--actions") o.actions = value();
    else if (a == "--session") o.session = value();
    else if (a == "--list-presets") o.list_presets = true;
    else if (a == "--bench-frames") o.bench_frames = to_int(a, value(), 1, 100000);
    else if (a == "--level") o.level = to_int(a, value(), 0, 16);
    else if (a == "--color-by") {
      o.color_by = value();
      ls::require(ls::parse_color_by(o.color_by).has_value(),
                  "--color-by '" + o.color_by.substr(0, 20) + "' must be thread, warp, register, lane, block, offset or bank");
    } else if (a == "--view") {
      o.view = value();
      bool known = false;
      for (int t = 0; t < lsgui::kTabs; ++t) known |= o.view == lsgui::tab_key(static_cast<lsgui::Tab>(t));
      ls::require(known, "--view '" + o.view.substr(0, 20) + "' must be grid, hardware, compare, build-up, export or bases");
    } else if (a == "--size") {
      std::string v = value();
      ls::Shape s = lsgui::parse_shape(v);
      ls::require(s.size() == 2 && s[0] >= 64 && s[0] <= 8192 && s[1] >= 64 && s[1] <= 8192,
                  "--size '" + v.substr(0, 20) + "' must be WIDTHxHEIGHT, each 64 to 8192");
      o.width = static_cast<int>(s[0]), o.height = static_cast<int>(s[1]);
    } else if (a.size() > 2 && a.rfind("--", 0) == 0) ls::fail("unknown option " + a.substr(0, 40));
    else set_layout(a);
  }
  ls::require(o.screenshot.size() < 4096 && o.meta.size() < 4096, "--screenshot: path too long");
  ls::require(o.meta.empty() || !o.screenshot.empty(), "--screenshot-meta needs --screenshot");
  ls::require(o.screenshot.empty() || o.bench_frames == 0, "--screenshot and --bench-frames exclude each other");
  ls::require(o.actions.empty() || o.bench_frames == 0, "--actions and --bench-frames exclude each other");
  ls::require(o.session.empty() || !o.actions.empty(), "--session needs --actions (the window keeps its session in the config directory)");
  return o;
}

std::string g_glfw_error = "unknown GLFW error";
void on_glfw_error(int, const char* description) { g_glfw_error = description; }

// Input arrived: render a few frames before waiting again. Set by the GLFW
// callbacks below, which the ImGui backend chains to.
std::atomic<bool> g_event{true};
std::vector<std::string> g_dropped;
void on_any(GLFWwindow*) { g_event = true; }
void on_cursor(GLFWwindow*, double, double) { g_event = true; }
void on_button(GLFWwindow*, int, int, int) { g_event = true; }
void on_scroll(GLFWwindow*, double, double) { g_event = true; }
void on_key(GLFWwindow*, int, int, int, int) { g_event = true; }
void on_char(GLFWwindow*, unsigned) { g_event = true; }
void on_size(GLFWwindow*, int, int) { g_event = true; }
void on_focus(GLFWwindow*, int) { g_event = true; }
void on_drop(GLFWwindow*, int n, const char** paths) {
  for (int i = 0; i < n; ++i) g_dropped.push_back(paths[i]);
  g_event = true;
}

// A scalable font (DejaVu Sans) rasterised at the app's size, and the style
// scaled to match; redone between frames whenever the size or mode changes.
float g_font_px = 0;
void apply_scale(const lsgui::App& app) {
  float px = lsgui::font_px(app);
  if (px == g_font_px) return;
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  std::string ttf = lsgui::font_file();
  if (ttf.empty() || !io.Fonts->AddFontFromFileTTF(ttf.c_str(), px)) {  // ImGui's own, drawn for 13 px
    ImFontConfig c;
    c.SizePixels = px;
    io.Fonts->AddFontDefault(&c);
  }
  io.Fonts->Build();
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
  ImGuiStyle style;
  ImGui::StyleColorsDark(&style);
  if (app.presentation) {  // higher contrast: brighter text on darker panels, framed widgets
    style.Colors[ImGuiCol_Text] = ImVec4(1, 1, 1, 1);
    style.Colors[ImGuiCol_TextDisabled] = ImVec4(0.78f, 0.78f, 0.78f, 1);
    style.Colors[ImGuiCol_WindowBg] = ImVec4(0.02f, 0.02f, 0.03f, 1);
    style.Colors[ImGuiCol_ChildBg] = ImVec4(0.02f, 0.02f, 0.03f, 1);
    style.FrameBorderSize = 1;
  }
  style.ScaleAllSizes(px / 13.f);
  ImGui::GetStyle() = style;
  g_font_px = px;
}

void render_frame(GLFWwindow* window, lsgui::App& app) {
  apply_scale(app);
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  if (app.headless) {  // the scripted pointer, else none (wherever Xvfb put the real one)
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = app.pointer.scripted ? app.pointer.pos : ImVec2(-FLT_MAX, -FLT_MAX);
    for (bool& down : io.MouseDown) down = false;
    io.MouseDown[0] = app.pointer.scripted && app.pointer.down;
  }
  ImGui::NewFrame();
  lsgui::draw_explorer(app);
  ImGui::Render();
  int w, h;
  glfwGetFramebufferSize(window, &w, &h);
  glViewport(0, 0, w, h);
  glClearColor(0.1f, 0.1f, 0.12f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

// The grid geometry of the screenshot, so tests know where each cell is; the
// layout shown (canonical MLIR) and the UI errors of a scripted run.
void write_meta(const std::string& path, const lsgui::App& app, const std::vector<lsgui::ActionError>& errors) {
  const lsgui::View& v = app.grid_view;
  nlohmann::json j;
  j["canvas"] = {v.canvas_min.x, v.canvas_min.y, v.canvas_max.x, v.canvas_max.y};
  j["origin"] = {v.origin.x, v.origin.y};
  j["cell"] = v.cell;
  j["step"] = v.step;
  j["gap"] = v.gap;
  j["rows"] = v.rows;
  j["cols"] = v.cols;
  j["base"] = v.base;
  j["labels"] = v.labels;
  j["color_by"] = ls::color_by_name(v.color_by);
  j["shape"] = app.a.grid->shape;
  j["elem_bits"] = app.a.grid->layout.elem_bits;
  j["kind"] = app.a.grid->kind;
  if (app.b.grid) j["second_shape"] = app.b.grid->shape, j["second_elem_bits"] = app.b.grid->layout.elem_bits;
  j["triton"] = ls::triton_version_name(app.a.triton);
  j["target"] = "sm_" + std::to_string(app.a.sm);
  try {
    j["layout"] = lsgui::export_text(app.a.grid->layout, lsgui::TextFormat::mlir);
  } catch (const std::exception&) {  // a tilus or CuTe layout without a linear form: its own text
    j["layout"] = lsgui::print_as(app.a.grid->layout, lsgui::TextFormat::gluon);
  }
  if (app.tab == lsgui::Tab::hardware && app.tmem && app.tmem_of == app.a.grid->id)
    j["tmem"] = {{"origin", {app.tmem_origin.x, app.tmem_origin.y}}, {"cell", app.tmem_cell},
                 {"blocks", app.tmem->blocks}, {"columns", app.tmem->columns}, {"used_columns", app.tmem->used_columns}};
  // the bank-conflict panel's figures as shown (side by side)
  if (app.tab == lsgui::Tab::compare && app.an.banks.result) {
    const auto& r = app.an.banks.result->report;
    j["banks"] = {{"store", r.store.instruction}, {"load", r.load.instruction},
                  {"shared_bytes", app.an.banks.result->shared_bytes},
                  {"launch_error", app.an.banks.result->launch_error},
                  {"store_wavefronts", r.store.wavefronts}, {"load_wavefronts", r.load.wavefronts},
                  {"llvm_alignment_decides", r.store.llvm_alternative || r.load.llvm_alternative},
                  {"store_fault", r.store.hardware_fault}, {"load_fault", r.load.hardware_fault},
                  {"store_wrong_addresses", r.store.wrong_addresses}, {"load_wrong_addresses", r.load.wrong_addresses}};
    for (const auto* side : {&r.store, &r.load})
      if (const auto& a = side->llvm_alternative)
        j["banks"][side == &r.store ? "store_alternative" : "load_alternative"] = {
            {"llvm_joins", a->llvm_joins}, {"instruction", a->instruction}, {"wavefronts", a->wavefronts}};
    for (const auto* side : {&r.store, &r.load})
      if (const auto& p = side->ptxas)
        j["banks"][side == &r.store ? "store_ptxas" : "load_ptxas"] = {{"instruction", p->instruction},
                                                                      {"wavefronts", p->wavefronts}};
  }
  // the tcgen05 message line as shown (a register layout beside a TMEM one)
  if (app.tab == lsgui::Tab::compare && app.an.tmem.result) {
    const auto& r = *app.an.tmem.result;
    if (r.message)
      j["tmem_message"] = {{"message", r.message->message}, {"load", ls::tcgen05_instruction(*r.message, true)},
                           {"store", ls::tcgen05_instruction(*r.message, false)},
                           {"per_thread", r.message->registers / r.message->per_message}};
    else
      j["tmem_message"] = {{"none", true}, {"variants", r.variants}};
  }
  // the GPU window: its device line, the job running and the last job's failure as shown
  j["gpu"] = {{"open", app.gpu.open}, {"device", app.gpu.device}, {"running", lsgui::gpu_running(app.gpu)},
              {"error", lsgui::gpu_error(app.gpu)}};
  // the Kernel window: the dump open, the rules it was inspected under and its totals as shown
  if (!app.kernel.lines.empty()) {
    const auto& kv = app.kernel;
    j["kernel"] = {{"path", kv.path}, {"triton", kv.triton}, {"inspecting", kv.inspecting()}, {"error", kv.error},
                   {"ops", kv.report.ops.size()}, {"unread", kv.report.unread.size()}};
    if (!kv.report.kernels.empty())
      j["kernel"]["shared_wavefronts"] = kv.report.kernels.back().shared_wavefronts;
    if (kv.selected >= 0) {
      const auto& o = kv.report.ops[static_cast<size_t>(kv.selected)];
      j["kernel"]["selected_line"] = o.line;
      j["kernel"]["selected_summary"] = o.cost.summary;
    }
  }
  j["errors"] = nlohmann::json::array();
  for (const auto& e : errors) j["errors"].push_back({{"line", e.line}, {"action", e.action}, {"error", e.error}});
  lsgui::write_atomic(path, j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
}

double ms_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size() - 1) + 0.5))];
}

// Renders frames while panning and zooming, and prints the time per frame:
// building the UI (CPU) and the whole frame with software GL drawing it.
void bench(GLFWwindow* window, lsgui::App& app, int frames) {
  std::vector<double> ui, total;
  for (int i = 0; i < frames + 3; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    glfwPollEvents();
    lsgui::View& v = app.grid_view;
    if (i >= 3) {  // pan back and forth, zoom in and out
      v.pan.x += (i / 50) % 2 ? -3.f : 3.f;
      v.cell *= (i / 100) % 2 ? 1.004f : 0.996f;
    }
    apply_scale(app);
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    lsgui::draw_explorer(app);
    ImGui::Render();
    double ui_ms = ms_since(t0);
    int w, h;
    glfwGetFramebufferSize(window, &w, &h);
    glViewport(0, 0, w, h);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    glfwSwapBuffers(window);
    glFinish();
    if (i >= 3) ui.push_back(ui_ms), total.push_back(ms_since(t0));
  }
  const ImDrawData* dd = ImGui::GetDrawData();
  std::printf("layoutscope bench: %d frames, %s %s, window %dx%d, %d vertices, GL %s\n", frames,
              app.a.grid->kind.c_str(), lsgui::shape_text(app.a.grid->shape).c_str(),
              static_cast<int>(ImGui::GetIO().DisplaySize.x), static_cast<int>(ImGui::GetIO().DisplaySize.y),
              dd ? dd->TotalVtxCount : 0, reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
  std::printf("ui (CPU, build the frame):   p50 %.2f ms  p95 %.2f ms\n", percentile(ui, 0.5), percentile(ui, 0.95));
  std::printf("frame (UI + software GL):    p50 %.2f ms  p95 %.2f ms\n", percentile(total, 0.5),
              percentile(total, 0.95));
}

struct Persist {
  std::string dir;  // empty: nothing is saved
  uint64_t saved_a = 0, saved_b = 0;
  bool trace = false;  // a scripted run prints what it saved after each action (--session)
};

// Saves the session when an edit changed it, before the next frame can take
// another edit: a kill at any moment loses at most the edit being made (the
// write is atomic, so the file holds the state before it or after it). The
// second pane takes the first pane's tensor first: one edit, one saved state.
void save_session(Persist& p, lsgui::App& app) {
  lsgui::follow_first_pane(app);
  if (p.dir.empty() || (app.a.version == p.saved_a && app.b.version == p.saved_b)) return;
  try {
    lsgui::write_atomic(p.dir + "/session.json", lsgui::session_text(app.a, app.b));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "layoutscope: %s\n", e.what());
    app.status = e.what();
  }
  p.saved_a = app.a.version, p.saved_b = app.b.version;
}

void save_ini(const Persist& p) {
  size_t n = 0;
  const char* ini = ImGui::SaveIniSettingsToMemory(&n);
  try {
    lsgui::write_atomic(p.dir + "/layoutscope.ini", std::string(ini, n));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "layoutscope: %s\n", e.what());
  }
  ImGui::GetIO().WantSaveIniSettings = false;
}

void interactive(GLFWwindow* window, lsgui::App& app, Persist& p) {
  int frames_left = kFramesAfterEvent;
  while (!glfwWindowShouldClose(window) && !app.quit) {
    save_session(p, app);
    if (frames_left > 0) {
      glfwPollEvents();
    } else {
      double timeout = 60;  // idle: sleep until input, a worker's wake, or the next due job
      if (ImGui::GetIO().WantTextInput) timeout = std::min(timeout, 0.5);  // the cursor blinks
      if (lsgui::jobs_running()) timeout = std::min(timeout, 0.2);           // "working..." animates
      glfwWaitEventsTimeout(timeout);
    }
    if (g_event.exchange(false)) frames_left = kFramesAfterEvent;
    for (const auto& path : g_dropped) lsgui::open_file(app, path);
    g_dropped.clear();
    save_session(p, app);
    render_frame(window, app);
    if (app.capture != lsgui::Capture::none) {
      bool grid = app.capture == lsgui::Capture::grid;
      std::string err = lsgui::write_png(window, app.capture_path, grid, app.capture_min, app.capture_max);
      app.status = err.empty() ? "wrote " + app.capture_path : err;
      app.capture = lsgui::Capture::none;
      frames_left = kFramesAfterEvent;
    }
    glfwSwapBuffers(window);
    if (ImGui::GetIO().WantSaveIniSettings && !p.dir.empty()) save_ini(p);
    if (frames_left > 0) --frames_left;
  }
  save_session(p, app);
  if (!p.dir.empty()) save_ini(p);
}

// After each scripted action with --session: what the session file now holds
// (the layouts' JSON and pane a as MLIR), for tests that kill the run.
void trace_session(const Persist& p, const lsgui::App& app, int line) {
  if (!p.trace) return;
  nlohmann::json j;
  j["line"] = line;
  j["session"] = lsgui::session_text(app.a, app.b);
  std::printf("%s\n", j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
  std::fflush(stdout);
}

int run(const Options& o, lsgui::App& app, Persist& p, const std::vector<lsgui::Action>& actions) {
  glfwSetErrorCallback(on_glfw_error);
  if (!glfwInit()) {
    std::fprintf(stderr, "layoutscope: cannot open a window (no display?): %s\n", g_glfw_error.c_str());
    return 1;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 2);  // 3.2: glDrawElementsBaseVertex, for 32-bit vertex offsets
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  if (app.headless) glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
  GLFWwindow* window = glfwCreateWindow(o.width, o.height, "layoutscope", nullptr, nullptr);
  if (!window) {  // an older GL: 3.0, where ImGui keeps to 16-bit indices (grid.cpp coarsens)
    glfwDefaultWindowHints();
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
    if (app.headless) glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    window = glfwCreateWindow(o.width, o.height, "layoutscope", nullptr, nullptr);
  }
  if (!window) {
    std::fprintf(stderr, "layoutscope: cannot open a window (no display?): %s\n", g_glfw_error.c_str());
    glfwTerminate();
    return 1;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(o.bench_frames ? 0 : 1);
  // Ours first: the ImGui backend chains to the callbacks it finds installed.
  glfwSetCursorPosCallback(window, on_cursor);
  glfwSetMouseButtonCallback(window, on_button);
  glfwSetScrollCallback(window, on_scroll);
  glfwSetKeyCallback(window, on_key);
  glfwSetCharCallback(window, on_char);
  glfwSetWindowSizeCallback(window, on_size);
  glfwSetWindowFocusCallback(window, on_focus);
  glfwSetWindowRefreshCallback(window, on_any);
  glfwSetDropCallback(window, on_drop);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // loaded and saved here, atomically
  ImGui::StyleColorsDark();
  lsgui::register_settings(app);
  if (!p.dir.empty()) {
    try {
      std::string ini = lsgui::read_file(p.dir + "/layoutscope.ini");
      ImGui::LoadIniSettingsFromMemory(ini.data(), ini.size());
    } catch (const std::exception&) {  // first start
    }
  }
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 150");
  if (!o.view.empty()) {
    for (int t = 0; t < lsgui::kTabs; ++t)
      if (o.view == lsgui::tab_key(static_cast<lsgui::Tab>(t))) app.tab = static_cast<lsgui::Tab>(t);
  }
  app.select_tab = true;

  lsgui::set_wake(glfwPostEmptyEvent);
  int rc = 0;
  if (!o.screenshot.empty() || !o.actions.empty()) {
    auto frame = [&] {
      save_session(p, app);
      glfwPollEvents();
      lsgui::wait_for_jobs();  // the picture shows the analyses and exports the frames asked for
      render_frame(window, app);
      glfwSwapBuffers(window);
    };
    for (int i = 0; i < kScreenshotFrames; ++i) frame();
    trace_session(p, app, 0);
    std::vector<lsgui::ActionError> errors = lsgui::run_actions(app, actions, frame, [&](const lsgui::Action& a) {
      save_session(p, app);
      trace_session(p, app, a.line);
    });
    save_session(p, app);
    for (const auto& e : errors) std::fprintf(stderr, "layoutscope: line %d (%s): %s\n", e.line, e.action.c_str(), e.error.c_str());
    if (!o.screenshot.empty()) {
      frame();
      lsgui::wait_for_jobs();
      render_frame(window, app);  // the picture: this frame, read back before it is presented
      std::string err = lsgui::write_png(window, o.screenshot, false, {}, {});
      if (err.empty() && !o.meta.empty()) try {
          write_meta(o.meta, app, errors);
        } catch (const std::exception& e) {
          err = e.what();
        }
      if (!err.empty()) std::fprintf(stderr, "layoutscope: %s\n", err.c_str()), rc = 1;
      glfwSwapBuffers(window);
    }
  } else if (o.bench_frames) {
    bench(window, app, o.bench_frames);
  } else {
    interactive(window, app, p);
  }

  lsgui::stop_gpu(app.gpu);
  lsgui::wait_for_jobs();
  lsgui::set_wake(nullptr);
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return rc;
}

}  // namespace

int main(int argc, char** argv) {
  lsgui::App app;
  Options o;
  Persist persist;
  std::vector<lsgui::Action> actions;
  try {
    o = parse_args(argc, argv);
    if (o.help) {
      std::fputs(kUsage, stdout);
      return 0;
    }
    app.headless = !o.screenshot.empty() || o.bench_frames > 0 || !o.actions.empty();
    std::string presets = lsgui::presets_dir(argv[0]), lessons_error;
    app.presets = lsgui::load_presets(presets);
    if (!presets.empty())
      app.lessons = lsgui::load_lessons((std::filesystem::path(presets).parent_path() / "lessons.json").string(), lessons_error);
    if (!lessons_error.empty()) std::fprintf(stderr, "layoutscope: %s\n", lessons_error.c_str());
    if (o.list_presets) {
      for (const auto& p : app.presets) std::printf("%s\n", p.name.c_str());
      return 0;
    }
    if (!o.actions.empty()) actions = lsgui::read_actions(lsgui::read_file(o.actions), o.actions);
    if (!app.headless) persist.dir = lsgui::config_dir();
    if (!o.session.empty()) persist.dir = o.session, persist.trace = true;
    bool restored = false;
    if (!persist.dir.empty())  // left by a writer killed mid-save
      lsgui::remove_stale_temporaries(persist.dir, {"session.json", "layoutscope.ini"}, kStaleTemporarySeconds);
    if (!persist.dir.empty() && !o.has_layout) {
      // An unreadable session is moved aside (never overwritten) and the status bar says where.
      app.status = lsgui::restore_session_file(persist.dir + "/session.json", app.a, app.b);
      if (app.headless && !app.status.empty()) std::fprintf(stderr, "layoutscope: %s\n", app.status.c_str());
      restored = app.a.grid != nullptr;
      persist.saved_a = app.a.version, persist.saved_b = app.b.version;
    }
    if (!restored) {
      app.a.shape_text = o.has_shape ? o.shape : o.has_layout ? "" : kDefaultShape;
      std::string text = o.has_layout ? lsgui::read_layout_arg(o.layout) : kDefaultLayout;
      bool ok = lsgui::set_text(app.a, text);
      if (ok && o.has_shape) ok = lsgui::set_shape_text(app.a, o.shape);
      app.a.undo.clear();
      // A bad layout fails a screenshot or benchmark; the window shows the error instead.
      if (!ok && app.headless) {
        std::fprintf(stderr, "layoutscope: error: %s\n", app.a.error.c_str());
        return 2;
      }
      if (ok && o.has_layout && std::filesystem::is_regular_file(o.layout)) lsgui::add_recent(app.recent, o.layout);
    }
    if (!o.compare.empty()) {
      if (!lsgui::set_second_text(app, lsgui::read_layout_arg(o.compare))) ls::fail("--compare: " + app.b.error);
    } else if (!app.b.grid) {
      lsgui::load(app.b, lsgui::default_layout("swizzled_shared"));
      app.b.names_shape = app.b.names_elem = false;  // a default: it takes the first pane's tensor
    }
    if (!o.color_by.empty()) {
      app.grid_view.color_by = *ls::parse_color_by(o.color_by);
      app.step_view.color_by = app.grid_view.color_by;
    }
    if (o.level >= 0) app.step_level = o.level;
    if (o.gpu_window) app.gpu.open = true;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "layoutscope: error: %s\n", e.what());
    return 2;
  }
  try {
    return run(o, app, persist, actions);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "layoutscope: error: %s\n", e.what());
    return 1;
  }
}
