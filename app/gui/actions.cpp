#include "actions.h"

#include <algorithm>
#include <chrono>
#include <sstream>
#include <thread>

#include "analysis_panel.h"
#include "error.h"
#include "grid.h"

namespace lsgui {
namespace {

constexpr const char* kActions[] = {"layout", "compare", "shape", "preset",  "field", "step",         "view",  "color_by",
                                    "label_by", "hover", "click", "zoom",   "undo",  "redo", "swap", "swizzle_pick",
                                    "frames", "scale", "presentation", "lesson", "design_swizzle", "export_format",
                                    "export_pair", "open", "kernel_op", "kernel_window", "leave", "pointer", "triton", "target", "gpu"};
constexpr const char* kGpuJobs[] = {"copy", "sweep", "shared", "fragments"};
constexpr double kGpuJobSeconds = 600;  // a scripted GPU job that runs longer is reported, not awaited
constexpr int kMaxFrames = 1000;
constexpr int kMaxRepeat = 10000;

std::string nearest(const std::string& word, const std::vector<std::string>& names) {
  return ls::did_you_mean(word, names);
}

void check_arg(bool ok, const Action& a, const std::string& rule) {
  ls::require(ok, "line " + std::to_string(a.line) + ": \"" + a.name + "\" " + rule);
}

bool is_cell(const nlohmann::json& j) {
  return j.is_array() && j.size() == 2 && j[0].is_number_integer() && j[1].is_number_integer();
}

// The structure each action needs; names inside are checked when it runs.
void check(const Action& a) {
  const auto& v = a.arg[a.name];
  if (a.name == "layout" || a.name == "compare" || a.name == "preset" || a.name == "field" || a.name == "view" ||
      a.name == "color_by" || a.name == "label_by" || a.name == "step")
    check_arg(v.is_string(), a, "takes a string");
  if (a.name == "field") check_arg(a.arg.contains("value"), a, "needs a \"value\"");
  if (a.name == "step") {
    check_arg(!a.arg.contains("index") || (a.arg["index"].is_number_integer() && a.arg["index"].get<int64_t>() >= 0 &&
                                            a.arg["index"].get<int64_t>() < 64),
              a, "needs \"index\" a whole number from 0 to 63");
    check_arg(a.arg.contains("delta") && (a.arg["delta"] == 1 || a.arg["delta"] == -1), a, "needs \"delta\" 1 or -1");
  }
  if (a.name == "shape") {
    bool ok = v.is_array() && !v.empty() && v.size() <= 8;
    for (const auto& d : v) ok = ok && d.is_number_integer();
    check_arg(ok, a, "takes a list of 1 to 8 sizes like [64, 16]");
  }
  if (a.name == "hover" || a.name == "click") check_arg(is_cell(v), a, "takes a cell [row, column]");
  if (a.name == "pointer")
    check_arg(v.is_array() && v.size() == 2 && v[0].is_number() && v[1].is_number() && v[0].get<double>() >= 0 &&
                  v[1].get<double>() >= 0 && v[0].get<double>() <= 1e5 && v[1].get<double>() <= 1e5,
              a, "takes a window position [x, y] in pixels");
  if (a.name == "zoom")
    check_arg(v == "fit" || (v.is_number() && v.get<double>() > 0 && v.get<double>() <= 1000), a,
              "takes a factor in (0, 1000] or \"fit\"");
  if (a.name == "undo" || a.name == "redo")
    check_arg(v.is_number_integer() && v.get<int64_t>() >= 1 && v.get<int64_t>() <= kMaxRepeat, a,
              "takes a count from 1 to " + std::to_string(kMaxRepeat));
  if (a.name == "swap" || a.name == "design_swizzle" || a.name == "leave") check_arg(v == true, a, "takes true");
  if (a.name == "open") check_arg(v.is_string(), a, "takes a file path");
  if (a.name == "kernel_op")
    check_arg(v.is_number_integer() && v.get<int64_t>() >= 1 && v.get<int64_t>() <= 1 << 30, a,
              "takes the line of an op in the open kernel");
  if (a.name == "kernel_window") check_arg(v.is_boolean(), a, "takes true or false");
  if (a.name == "triton") check_arg(v == "3.6" || v == "3.9", a, "takes \"3.6\" or \"3.9\"");
  if (a.name == "target") check_arg(v == "sm_80" || v == "sm_90" || v == "sm_100", a, "takes \"sm_80\", \"sm_90\" or \"sm_100\"");
  if (a.name == "gpu")
    check_arg(v.is_string() && std::find(std::begin(kGpuJobs), std::end(kGpuJobs), v.get<std::string>()) != std::end(kGpuJobs),
              a, "takes copy, sweep, shared or fragments");
  if (a.name == "export_format") check_arg(v.is_string(), a, "takes a format name");
  if (a.name == "export_pair") check_arg(v.is_boolean(), a, "takes true or false");
  if (a.name == "swizzle_pick")
    check_arg(v.is_number_integer() && v.get<int64_t>() >= 1 && v.get<int64_t>() <= 1 << 20, a,
              "takes the rank K >= 1 of a candidate (1 is the best)");
  if (a.name == "scale") check_arg(v.is_number() && v.get<double>() >= 0.5 && v.get<double>() <= 4, a, "takes a factor from 0.5 to 4");
  if (a.name == "lesson") check_arg(v.is_number_integer() && v.get<int64_t>() >= 1 && v.get<int64_t>() <= 1000, a, "takes a step number from 1");
  if (a.name == "presentation") check_arg(v.is_boolean(), a, "takes true or false");
  if (a.name == "frames")
    check_arg(v.is_number_integer() && v.get<int64_t>() >= 1 && v.get<int64_t>() <= kMaxFrames, a,
              "takes a count from 1 to " + std::to_string(kMaxFrames));
}

std::string shape_of(const nlohmann::json& v) {
  std::string t;
  for (const auto& d : v) t += (t.empty() ? "" : "x") + d.dump();
  return t;
}

// The grid a pointer action aims at, or why there is none.
View* pointer_view(App& app, std::string& err) {
  View* v = shown_view(app);
  if (!app.a.grid) err = "no valid layout to point at";
  else if (!v) err = "the current view has no element grid (use grid, compare or build-up)";
  return err.empty() ? v : nullptr;
}

std::string place_pointer(App& app, const nlohmann::json& cell, std::string& err) {
  View* v = pointer_view(app, err);
  if (!v) return err;
  int64_t r = cell[0], c = cell[1];
  if (r < 0 || r >= v->rows || c < 0 || c >= v->cols)
    return "cell [" + std::to_string(r) + ", " + std::to_string(c) + "] is outside the " + std::to_string(v->rows) +
           "x" + std::to_string(v->cols) + " grid shown";
  ImVec2 p = cell_center(*v, r, c);
  if (p.x < v->canvas_min.x || p.y < v->canvas_min.y || p.x >= v->canvas_max.x || p.y >= v->canvas_max.y)
    return "cell [" + std::to_string(r) + ", " + std::to_string(c) + "] is not on screen: zoom or fit first";
  app.pointer.scripted = true;
  app.pointer.pos = p;
  app.pointer.down = false;
  return "";
}

std::optional<ls::ColorBy> colour_choice(App& app, const std::string& name, std::string& err) {
  auto by = ls::parse_color_by(name);
  std::vector<std::string> names;
  for (int i = 0; i < 7; ++i) names.push_back(ls::color_by_name(static_cast<ls::ColorBy>(i)));
  if (!by) err = "unknown colouring '" + name.substr(0, 30) + "'" + nearest(name, names);
  else if (!app.a.grid || !ls::color_by_available(*app.a.grid->map, *by))
    err = "colouring by " + name + " is not offered for this layout";
  return err.empty() ? by : std::nullopt;
}

View& colour_view(App& app) {
  View* v = shown_view(app);
  return v ? *v : app.grid_view;
}

std::string run_one(App& app, const Action& a, const std::function<void()>& frame) {
  const auto& v = a.arg[a.name];
  std::string err;
  if (a.name == "layout") {
    if (!set_text(app.a, v.get<std::string>())) err = app.a.error;
  } else if (a.name == "compare") {
    if (!set_second_text(app, v.get<std::string>())) err = app.b.error;
  } else if (a.name == "shape") {
    if (!set_shape_text(app.a, shape_of(v))) err = app.a.error;
  } else if (a.name == "preset") {
    std::string name = v;
    auto p = std::find_if(app.presets.begin(), app.presets.end(), [&](const Preset& x) { return x.name == name; });
    if (p == app.presets.end()) {
      std::vector<std::string> names;
      for (const auto& x : app.presets) names.push_back(x.name);
      err = "no preset named '" + name.substr(0, 60) + "'" + nearest(name, names);
      app.status = err;
    } else if (!apply_preset(app, *p)) {
      err = app.status;
    }
  } else if (a.name == "field" || a.name == "step") {
    FieldInput in;
    in.field = v.get<std::string>();
    if (a.name == "field") in.value = a.arg["value"].is_string() ? a.arg["value"].get<std::string>() : a.arg["value"].dump();
    else in.index = a.arg.value("index", 0), in.delta = a.arg["delta"];
    std::string before = app.a.error;
    uint64_t version = app.a.version;
    app.field_input = in;
    frame();  // the editor's widget of the field applies it
    FieldInput done = *app.field_input;
    app.field_input.reset();
    if (!done.consumed) {
      std::string list;
      for (const auto& f : done.fields) list += (list.empty() ? "" : ", ") + f;
      err = "the editor has no field '" + in.field.substr(0, 40) + "'" + nearest(in.field, done.fields) +
            " (fields: " + list + ")";
      app.status = err;
    } else if (!done.error.empty()) {
      err = done.error;
      app.status = err;
    } else if (app.a.version == version && !app.a.error.empty() && app.a.error != before) {
      err = app.a.error;
    }
  } else if (a.name == "view") {
    static const std::vector<std::string> names = [] {
      std::vector<std::string> n;
      for (int i = 0; i < kTabs; ++i) n.push_back(tab_key(static_cast<Tab>(i)));
      return n;
    }();
    auto it = std::find(names.begin(), names.end(), v.get<std::string>());
    if (it == names.end()) {
      err = "unknown view '" + v.get<std::string>().substr(0, 30) + "'" + nearest(v, names);
      app.status = err;
    } else {
      app.tab = static_cast<Tab>(it - names.begin());
      app.select_tab = true;
    }
  } else if (a.name == "color_by") {
    if (auto by = colour_choice(app, v, err)) colour_view(app).color_by = *by;
    else app.status = err;
  } else if (a.name == "label_by") {
    std::string name = v;
    if (name == "as colour" || name == "as color" || name == "auto") colour_view(app).label_by = -1;
    else if (auto by = colour_choice(app, name, err)) colour_view(app).label_by = static_cast<int>(*by);
    else app.status = err;
  } else if (a.name == "hover" || a.name == "click") {
    err = place_pointer(app, v, err);
    if (err.empty()) {
      frame();
      if (a.name == "click") {
        app.pointer.down = true;
        frame();
        app.pointer.down = false;
        frame();
      }
    } else {
      app.status = err;
    }
  } else if (a.name == "zoom") {
    if (View* view = pointer_view(app, err); view && v == "fit")
      view->fit = true;
    else if (view)
      zoom_view(*view, v.get<float>(),
                ImVec2((view->canvas_min.x + view->canvas_max.x) / 2, (view->canvas_min.y + view->canvas_max.y) / 2));
    else app.status = err;
  } else if (a.name == "undo" || a.name == "redo") {
    bool undoing = a.name == "undo";
    for (int64_t i = 0, n = v; i < n; ++i) {
      if ((undoing ? app.a.undo : app.a.redo).empty()) {
        err = std::string("nothing to ") + a.name + " after " + std::to_string(i) + " step(s)";
        break;
      }
      undoing ? do_undo(app) : do_redo(app);
    }
  } else if (a.name == "swap") {
    swap_panes(app);
  } else if (a.name == "triton") {  // the Triton menu
    set_triton_version(app, ls::parse_triton_version(v.get<std::string>()));
  } else if (a.name == "target") {  // the Target menu: "sm_80", "sm_90", "sm_100"
    set_target_sm(app, ls::codegen::parse_sm(v.get<std::string>()));
  } else if (a.name == "leave") {  // the pointer leaves the window
    app.pointer = App::Pointer{};
  } else if (a.name == "pointer") {  // the pointer rests on any pixel of the window (tooltips show)
    app.pointer = App::Pointer{true, ImVec2(v[0].get<float>(), v[1].get<float>()), false};
    frame();
    frame();
  } else if (a.name == "open") {  // File > Open, or a file dropped on the window
    if (!open_file(app, v)) err = app.status;
    else if (app.kernel.inspecting() && (frame(), !app.kernel.error.empty())) err = app.status;  // a kernel: its inspection
  } else if (a.name == "kernel_op") {  // the Kernel window's row of the op at that line, then "Open in explorer"
    auto& kv = app.kernel;
    if (kv.inspecting()) frame();  // the inspection running finishes first
    auto it = kv.op_at_line.find(v.get<int>());
    if (kv.lines.empty()) {
      err = "kernel_op: no kernel is open (\"open\" a TTGIR dump first)";
    } else if (it == kv.op_at_line.end()) {
      err = "kernel_op: line " + std::to_string(v.get<int64_t>()) + " holds no inspected op";
    } else {
      app.kernel_open = true;
      kv.selected = it->second;
      kv.scroll_to_line = v.get<int>();
      frame();
      auto r = kv.selected >= 0 ? request_for(kv, kv.selected) : std::nullopt;
      if (!r) err = "kernel_op: none of the op's layouts could be read";
      else if (!open_in_explorer(app, *r)) err = app.status;
    }
    if (!err.empty()) app.status = err;
  } else if (a.name == "kernel_window") {  // View > Kernel window, or the window's close button
    app.kernel_open = v.get<bool>();
  } else if (a.name == "export_format") {  // the export view's format buttons
    if (auto f = ls::parse_export_format(v)) set_export_format(app.ex, *f);
    else err = "unknown export format '" + v.get<std::string>().substr(0, 20) + "'", app.status = err;
  } else if (a.name == "export_pair") {  // its "both panes" checkbox
    app.ex.pair = v.get<bool>();
  } else if (a.name == "design_swizzle") {  // the "Design swizzle" button
    if (app.tab != Tab::compare) err = "design_swizzle: the designer is in the side-by-side view (\"view\": \"compare\")";
    else if (!app.a.grid || !app.b.grid || !request_swizzle(app.an, app.a, app.b))
      err = "design_swizzle: the designer needs two distributed layouts of one shape, linear over F2";
    else frame();
    if (!err.empty()) app.status = err;
  } else if (a.name == "swizzle_pick") {
    if (app.tab != Tab::compare) {
      err = "swizzle_pick: the ranking is in the side-by-side view (\"view\": \"compare\")";
    } else if (!app.a.grid || !app.b.grid || !request_swizzle(app.an, app.a, app.b)) {
      err = "swizzle_pick: the designer needs two distributed layouts of one shape, linear over F2";
    } else {
      frame();  // the job finishes before the next frame draws its result
      frame();
      auto r = app.an.swizzle.result;
      int64_t k = v;
      if (!r) err = "swizzle_pick: the designer failed: " + app.an.swizzle.error;
      else if (k > static_cast<int64_t>(pickable(*r)))
        err = "swizzle_pick: " + std::to_string(k) + " is past the " + std::to_string(pickable(*r)) + " ranked candidates";
      else app.an.pick = static_cast<int>(k - 1), frame();
    }
    if (!err.empty()) app.status = err;
  } else if (a.name == "gpu") {  // the GPU window's run button; waits for the job
    app.gpu.open = true;
    app.gpu.click = v.get<std::string>();
    app.gpu.click_error.clear();
    frame();
    if (!app.gpu.click_error.empty()) {
      err = "gpu " + v.get<std::string>() + ": the button is disabled: " + app.gpu.click_error;
    } else {
      auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(kGpuJobSeconds);
      while (!gpu_running(app.gpu).empty() && std::chrono::steady_clock::now() < until) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        frame();
      }
      if (!gpu_running(app.gpu).empty()) err = "gpu " + v.get<std::string>() + ": still running after " +
                                                   std::to_string(int(kGpuJobSeconds)) + " s";
      else err = gpu_error(app.gpu);
    }
    if (!err.empty()) app.status = err;
  } else if (a.name == "scale") {
    set_ui_scale(app, v.get<float>());
  } else if (a.name == "lesson") {
    int k = v.get<int>() - 1;
    if (k >= static_cast<int>(app.lessons.size())) err = "no lesson " + std::to_string(k + 1) + " (there are " + std::to_string(app.lessons.size()) + ")";
    else if (!apply_lesson(app, k)) err = app.status;
    if (!err.empty()) app.status = err;
  } else if (a.name == "presentation") {
    app.presentation = v.get<bool>();
  } else if (a.name == "frames") {
    for (int i = 1; i < v.get<int>(); ++i) frame();
  }
  frame();
  return err;
}

}  // namespace

std::vector<Action> read_actions(const std::string& text, const std::string& file) {
  std::vector<Action> out;
  std::istringstream in(text);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    Action a;
    a.line = n;
    a.arg = nlohmann::json::parse(line, nullptr, false);
    std::string where = file + " line " + std::to_string(n) + ": ";
    ls::require(!a.arg.is_discarded() && a.arg.is_object(), where + "not a JSON object");
    for (const char* k : kActions)
      if (a.arg.contains(k)) {
        ls::require(a.name.empty(), where + "names two actions, \"" + a.name + "\" and \"" + k + "\"");
        a.name = k;
      }
    if (a.name.empty()) {
      std::string first = a.arg.empty() ? "" : a.arg.begin().key();
      ls::fail(where + "names no known action" + nearest(first, {std::begin(kActions), std::end(kActions)}));
    }
    try {
      check(a);
    } catch (const std::exception& e) {
      ls::fail(file + " " + e.what());
    }
    out.push_back(std::move(a));
  }
  return out;
}

std::vector<ActionError> run_actions(App& app, const std::vector<Action>& actions, const std::function<void()>& frame,
                                     const std::function<void(const Action&)>& after) {
  std::vector<ActionError> errors;
  for (const auto& a : actions) {
    std::string err = run_one(app, a, frame);
    if (!err.empty()) errors.push_back({a.line, a.name, err});
    if (after) after(a);
  }
  return errors;
}

}  // namespace lsgui
