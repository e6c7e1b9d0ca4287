// The explorer: one state struct and plain functions over it (imgui_demo
// style). Every answer about the layout comes from core; this code only
// parses the user's input, colours and draws.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "imgui.h"
#include "layout_map.h"

namespace lsgui {

enum class ColorBy { thread, warp, reg, lane, block, offset };

// What a valid layout text lowers to, ready to draw.
struct Grid {
  std::unique_ptr<ls::LayoutMap> map;
  std::string kind;                            // "blocked", "nvmma_shared", ...
  ls::Shape shape;                             // never empty
  std::vector<ls::HwDim> dims;                 // hw dims, fastest first
  std::vector<std::vector<int64_t>> owners;    // per row-major element: flat hw indices
};

struct State {
  std::string text;        // the layout text, as edited
  std::string shape_text;  // e.g. "64x16"; when empty the text's own shape is used
  std::string error;       // why the current text is invalid; empty when it is valid
  Grid grid;               // the last valid layout (grid.map is null before the first)
  ColorBy color_by = ColorBy::thread;
  std::vector<ImU32> fill;  // per element, under color_by
  std::vector<int> slice;   // index along each leading dim (rank > 2)
  float cell = 24;          // cell size in pixels
  ImVec2 pan{0, 0};         // grid origin relative to the canvas
  bool fit = true;          // fit the grid to the canvas on the next frame
};

// The text of a LAYOUT argument: the file's contents when it names a file.
std::string read_layout_arg(const std::string& arg);
// "64x16" (or "64,16") -> {64, 16}; throws ls::Error.
ls::Shape parse_shape(const std::string& s);
// Re-parses text and shape. On success replaces the grid and returns true;
// otherwise sets error and keeps the last valid grid.
bool reload(State& s);
// The whole window for one frame, filling the main viewport.
void draw_explorer(State& s);

}  // namespace lsgui
