// Scripted UI runs, the GUI's test harness: a file of one JSON action per
// line, each applied through the functions the mouse and keyboard reach
// (the paste boxes' set_text, the preset list, the editor's field widgets
// and their + / - buttons, the View menu, the grid's pointer, undo, swap,
// the swizzle ranking's buttons) and followed by rendered frames. An action
// that does not apply is an ordinary UI event: its error is shown as a
// person would see it and recorded; only a line that is not JSON or names
// no action stops the run (read_actions throws).
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "explorer.h"

namespace lsgui {

struct Action {
  int line = 0;        // 1-based line in the file
  std::string name;    // layout, compare, shape, preset, field, step, view, color_by, label_by,
                       // hover, click, zoom, undo, redo, swap, design_swizzle, swizzle_pick, frames, scale,
                       // presentation, lesson, gpu
  nlohmann::json arg;  // the action's object
};

// Parses and checks every line (blank lines skipped); throws ls::Error
// "FILE line N: ..." for a line that is not a JSON object naming one known action.
std::vector<Action> read_actions(const std::string& text, const std::string& file);

// A UI error seen while the run went on.
struct ActionError {
  int line;
  std::string action, error;
};

// Applies each action, calling `frame` (render one frame, jobs finished
// first) as often as the action needs; returns the errors shown on the way.
// `after` (when set) runs after each action.
std::vector<ActionError> run_actions(App& app, const std::vector<Action>& actions, const std::function<void()>& frame,
                                     const std::function<void(const Action&)>& after = {});

}  // namespace lsgui
