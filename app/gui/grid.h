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
  int label_by = -1;  // -1: labels follow the colouring; else an ls::ColorBy
  int pending_color = -1;  // an ls::ColorBy to take once the next grid is synced (lessons)
  ls::Palette palette = ls::Palette::standard;  // high contrast in presentation mode
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
  std::string stale;             // non-empty: the text is invalid (this says why); the grid greys out

  // Caches, rebuilt when the grid or the colouring changes.
  uint64_t seen_version = ~uint64_t{0};
  uint64_t seen_grid = 0;    // Grid::id of the grid the caches are for; 0: none
  bool seen_shared = false;  // whether that grid was a shared layout
  ls::ColorBy seen_by = ls::ColorBy::thread;
  int seen_label = -1;
  ls::Palette seen_palette = ls::Palette::standard;
  Selection seen_sel, seen_level;
  uint64_t seen_mark = 0;
  std::vector<ImU32> base_fill, fill;  // per element: colour, and after lighting
  std::vector<int64_t> warp_of;        // per element: its first owner's warp across CTAs (-1: none)
  std::vector<int64_t> cta_of;         // per element: its first owner's CTA (-1: none)
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
  int64_t hovered = -1;  // the element under the pointer in the last frame that had one (-1: none yet)
  bool folded() const { return fold; }
};

// Makes the view fit a new layout (colouring, slices) after the grid changed.
void sync_view(View& v, const Grid& g, uint64_t version);
// Colour-by choices (only those meaningful for the layout), wrapping, and the label-by combo.
void draw_color_by(View& v, const Grid& g);
// Zooms by `factor` about the screen point `about` (the wheel: the mouse; scripts: the canvas centre).
void zoom_view(View& v, float factor, ImVec2 about);
// Screen position of the centre of displayed cell (row, col), from the last frame's geometry.
ImVec2 cell_center(const View& v, int64_t row, int64_t col);
// One slider per leading dim of a rank >= 3 tensor.
void draw_slice_selectors(View& v, const Grid& g);
void draw_legend(const View& v, const Grid& g);
// The canvas filling `size` (<= 0: the available region).
void draw_grid(View& v, const Grid& g, const char* id, ImVec2 size = ImVec2(0, 0));
// The label a cell shows (label-by, else the colouring): T12:3, W1, R3, an offset, a bank.
std::string cell_label(const View& v, const Grid& g, int64_t element);
ls::ColorBy label_by(const View& v);
ImU32 to_u32(ls::Rgb c);
// Row-major index of the first element of the shown 2D slice, and the slice's rows x cols.
int64_t slice_base(const View& v, const Grid& g);
void slice_dims(const Grid& g, int64_t& rows, int64_t& cols);

}  // namespace lsgui
