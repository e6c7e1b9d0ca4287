// The element grid: one cell per tensor element of a 2D slice, coloured by
// core/coloring.h, with zoom, pan, fit, labels where they can be read, a
// legend, hover (every owner) and click (light all a thread, warp or
// register owns). Long 1D rows are folded into lines of `fold` elements.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "coloring.h"
#include "imgui.h"
#include "model.h"
#include "texture.h"

namespace lsgui {

struct View {
  ls::ColorBy color_by = ls::ColorBy::thread;
  float cell = 24;    // pixels per element
  ImVec2 pan{0, 0};   // grid origin relative to the canvas
  bool fit = true;    // fit on the next frame
  std::vector<int> slice;  // index along each leading dim (rank > 2)
  Selection sel;            // what a click lit
  Selection::Kind click = Selection::thread;  // what a click selects
  Selection level;          // the stepper's level (kind none when off)
  std::vector<uint8_t> mark;     // extra lighting from elsewhere (compare); empty = none
  std::vector<uint8_t> outline;  // elements outlined in red (bank collisions); empty = none
  uint64_t mark_version = 0;     // bumped by whoever changes `mark` or `outline`

  // Caches, rebuilt when the grid or the colouring changes.
  uint64_t seen_version = ~uint64_t{0};
  const Grid* seen_grid = nullptr;
  ls::ColorBy seen_by = ls::ColorBy::thread;
  Selection seen_sel, seen_level;
  uint64_t seen_mark = 0;
  std::vector<ImU32> base_fill, fill;  // per element: colour, and after lighting
  uint64_t fill_version = 0;           // bumped whenever `fill` changes
  std::string widest_label;
  // Zoomed out (no gaps, no labels) the cells are one texture, a texel per
  // drawn block: far less for the GL to raster than a rectangle per cell.
  Texture tex;
  uint64_t tex_fill = ~uint64_t{0};
  int64_t tex_base = -1, tex_step = 0, tex_rows = 0, tex_cols = 0;

  // Geometry of the last frame (screen pixels), for captures and tests.
  ImVec2 canvas_min{0, 0}, canvas_max{0, 0}, origin{0, 0};
  int64_t rows = 0, cols = 0, base = 0, step = 1;  // displayed rows x cols from element `base`
  float gap = 0;
  bool labels = false;
  bool fold = false;  // a long vector shown as lines of `cols`
  bool folded() const { return fold; }
};

// Makes the view fit a new layout (colouring, slices) after the grid changed.
void sync_view(View& v, const Grid& g, uint64_t version);
// Colour-by choices (only those meaningful for the layout), wrapping.
void draw_color_by(View& v, const Grid& g);
// One slider per leading dim of a rank >= 3 tensor.
void draw_slice_selectors(View& v, const Grid& g);
void draw_legend(const View& v, const Grid& g);
// The canvas filling `size` (<= 0: the available region).
void draw_grid(View& v, const Grid& g, const char* id, ImVec2 size = ImVec2(0, 0));
// The label a cell shows under the view's colouring: T12:3, W1, R3, an offset, a bank.
std::string cell_label(const View& v, const Grid& g, int64_t element);
ImU32 to_u32(ls::Rgb c);
// Row-major index of the first element of the shown 2D slice, and the slice's rows x cols.
int64_t slice_base(const View& v, const Grid& g);
void slice_dims(const Grid& g, int64_t& rows, int64_t& cols);

}  // namespace lsgui
