// The `svg` export: a Picture (picture.h) as light SVG. The cells are one
// <path> per colour whose subpaths are the merged rectangles of that colour
// (color_rects), so a 256x256 grid is a few thousand subpaths rather than
// 65536 elements; the gaps between cells are one pattern-filled rectangle
// per panel. One user unit is one cell. Labels are <text> elements, drawn
// in `auto` mode only when they are readable at the picture's size; the
// legend sits right of the grid.
#pragma once

#include <string>

#include "export.h"
#include "picture.h"

namespace ls {

std::string render_svg(const Picture& p, Labels labels);
// The labels `auto` shows: few enough cells and a readable font size.
bool svg_labels_readable(const Picture& p);

}  // namespace ls
