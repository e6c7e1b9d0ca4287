// What the picture exports (PNG, SVG, TikZ) draw: the ownership grid as the
// GUI shows it. One cell per element, row r and column c of the last two
// dims, filled with the colour of its first owner (core/coloring.h) and
// labelled with that owner (views.h owner_label, `+` when it has several).
// A tensor of rank > 2 becomes one panel per slice of its leading dims, in
// row-major order, laid out in a near-square grid of panels; panels are one
// cell apart, each under a one-cell band for its title ("dim0=1").
// Coordinates below are in cells, x to the right, y down.
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

struct Picture {
  int64_t rows = 1, cols = 1;            // of one panel: the last two dims
  int64_t panels = 1, panel_cols = 1;    // panels, and panels per row of panels
  std::vector<Rgb> fill;                 // per row-major element
  std::vector<uint8_t> shared_by_many;   // per element: more than one owner
  std::vector<std::string> labels;       // per element; empty unless asked for
  std::vector<std::string> titles;       // per panel; empty strings for rank <= 2
  std::vector<LegendEntry> legend;       // at most kMaxLegend entries, the last may say how many are left out
  std::string caption;                   // "blocked 64x16, colour by thread"
  size_t max_label = 0;                  // longest label, in characters

  int64_t width() const;   // in cells
  int64_t height() const;  // in cells
  // Top-left cell of panel p (its title band is the row above, when titled).
  int64_t panel_x(int64_t p) const;
  int64_t panel_y(int64_t p) const;
  bool titled() const { return panels > 1; }
};

constexpr size_t kMaxLegend = 32;
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
ColorRects color_rects(const Picture& p);

}  // namespace ls
