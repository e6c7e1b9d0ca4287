// What the picture exports (PNG, SVG, TikZ) draw: the ownership grid as the
// GUI shows it, framed like a figure. One cell per element, row r and column
// c of the last two dims, filled with the colour of its first owner
// (core/coloring.h) and labelled with that owner (views.h owner_label, `+`
// when it has several). A tensor of rank > 2 becomes one panel per slice of
// its leading dims, in row-major order, laid out in a near-square grid of
// panels. Every panel has row indices left of it and column indices above it
// (every 2^k-th index, the smallest k at which they do not overlap), under
// its title ("dim0=1") when there are several panels; panels are one cell
// apart. A 1D tensor of more than 64 elements (a power of two) is folded
// into rows of 2^ceil(log2(n) / 2) elements, each row indexed by its first
// element's index, and the caption says so. Above all panels: the layout's text, wrapped, and the caption;
// beside or below them: the legend, wrapped into columns or rows.
// Where the first owners of two neighbouring cells are in different warps a
// thin light line separates them, a thicker one between CTAs (distributed
// layouts only), as in the GUI.
// Coordinates are in cells, x to the right, y down; text sizes are each
// renderer's, so each picks the bands (Frame) its index labels need.
#pragma once

#include <string>
#include <vector>

#include "../coloring.h"
#include "../layout_map.h"

namespace ls {

struct LegendEntry {
  Rgb color;
  std::string text;  // "T5", "W2", "offset mod 64 = 3", ...
};

// Where the panels go, in cells: each panel's grid has `left` cells for its
// row indices left of it and `top` cells for its title and column indices
// above it; panel p's cell (r, c) is at (x(p) + c, y(p) + r).
struct Frame {
  int64_t rows = 1, cols = 1, panels = 1, panel_cols = 1;
  int64_t left = 0, top = 0;
  int64_t x(int64_t p) const { return (p % panel_cols) * (left + cols + 1) + left; }
  int64_t y(int64_t p) const { return (p / panel_cols) * (top + rows + 1) + top; }
  int64_t width() const { return panel_cols * (left + cols + 1) - 1; }
  int64_t height() const { return (panels + panel_cols - 1) / panel_cols * (top + rows + 1) - 1; }
};

struct Picture {
  int64_t rows = 1, cols = 1;            // of one panel: the last two dims (a folded 1D tensor: see row_stride)
  int64_t row_stride = 1;                // row r starts at index r * row_stride: > 1 for a folded 1D tensor
  int64_t panels = 1, panel_cols = 1;    // panels, and panels per row of panels
  std::vector<Rgb> fill;                 // per row-major element
  std::vector<uint8_t> shared_by_many;   // per element: more than one owner
  std::vector<int32_t> warp_of, cta_of;  // per element: its first owner's warp and CTA (-1: none); empty for shared layouts
  std::vector<std::string> labels;       // per element; empty unless asked for
  std::vector<std::string> titles;       // per panel; empty strings for rank <= 2
  std::vector<LegendEntry> legend;       // at most kMaxLegend entries, the last may say how many there are
  std::string title;                     // the layout's text (export_layout sets it); may be empty
  std::string caption;                   // "blocked 64x16, colour by thread"
  size_t max_label = 0;                  // longest label, in characters

  bool titled() const { return panels > 1; }
  // The panels with bands of the given sizes.
  Frame frame(int64_t left, int64_t top) const { return {rows, cols, panels, panel_cols, left, top}; }
  // The grid alone (one-cell title bands when titled), in cells: what sizes the cells.
  int64_t width() const { return frame(0, 0).width(); }
  int64_t height() const { return frame(0, titled() ? 1 : 0).height(); }
};

constexpr size_t kMaxLegend = 1024;
// Larger tensors are refused: a picture holds every element's owners.
constexpr int64_t kMaxPictureElements = int64_t{1} << 22;

// `kind` names the layout in the caption. Throws ls::Error when the tensor
// is too large.
Picture make_picture(const LayoutMap& m, ColorBy by, bool with_labels, int elem_bits, const std::string& kind);

// Rectangles of one colour covering the picture's cells exactly once: runs
// of equal colour along each row, merged with identical runs below.
struct ColorRect {
  int64_t x, y, w, h;
  size_t color;  // index into the palette
};
struct ColorRects {
  std::vector<Rgb> palette;
  std::vector<ColorRect> rects;
};
ColorRects color_rects(const Picture& p, const Frame& f);

// Warp and CTA boundaries as axis-parallel segments on cell edges, merged
// along their line: (x0, y0) to (x1, y1) with x0 == x1 or y0 == y1.
struct Boundary {
  int64_t x0, y0, x1, y1;
  bool cta;  // between CTAs (else between warps of one CTA)
};
std::vector<Boundary> boundaries(const Picture& p, const Frame& f);

// The smallest power of two >= `extent` (>= 1): the index step when a label
// is `extent` cells long.
int64_t index_step(double extent);
// `s` in lines of at most `width` characters, broken after ", " or at a
// space where it can be; at most `max_lines`, the last ending in "..." when
// the text is longer.
std::vector<std::string> wrap_text(const std::string& s, size_t width, size_t max_lines = 16);
// Legend entries per row that make `n` entries of `entry_w` x `row_h` about square.
int64_t square_columns(int64_t n, double row_h, double entry_w);
// How many characters wide a title wraps to, given the room in characters.
size_t title_chars(double room_chars);

}  // namespace ls
