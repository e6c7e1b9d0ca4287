// The `svg` export: a Picture (picture.h) as light SVG. The cells are one
// <path> per colour whose subpaths are the merged rectangles of that colour
// (color_rects), so a 256x256 grid is a few thousand subpaths rather than
// 65536 elements; the gaps between cells are one pattern-filled rectangle
// per panel. One user unit is one cell. Labels are <text> elements, drawn
// in `auto` mode only when they are readable at the picture's size. Text
// outside the grid (title, indices, legend) is sized in display pixels: the
// SVG's width and height make the longer side of the grid about 1600
// pixels. Ids: `title`, `cells`, `gaps`, `several-owners`, `labels`,
// `warp-lines`, `cta-lines`, `col-indices` and `row-indices` (with
// data-step, the index step), `titles` (panels), `legend`; in a pair they
// are prefixed `a-` and `b-` inside nested <svg id="a"> and <svg id="b">.
#pragma once

#include <string>

#include "export.h"
#include "picture.h"

namespace ls {

std::string render_svg(const Picture& p, Labels labels);
// Two pictures side by side, each with its own title, indices and legend,
// at one cell size (the smaller of their own).
std::string render_svg_pair(const Picture& a, const Picture& b, Labels labels);
// Where render_svg puts the panels (cells are user units).
Frame svg_frame(const Picture& p, double px = 0);

// One picture's SVG content (no <svg> element) and its viewBox in cells.
struct SvgPart {
  std::string body;
  double x = 0, y = 0, w = 0, h = 0;  // the viewBox
  double px = 1;                      // display pixels per cell
};
SvgPart svg_part(const Picture& p, Labels labels, const std::string& id_prefix, double px);
// Display pixels per cell: the grid's longer side about 1600 pixels (0.5..40).
double svg_cell_px(const Picture& p);
// The labels `auto` shows: few enough cells and a readable font size (at
// `px` pixels per cell, 0: svg_cell_px).
bool svg_labels_readable(const Picture& p, double px = 0);

}  // namespace ls
