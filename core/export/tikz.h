// The `tikz` export: a Picture (picture.h) as one tikzpicture for LaTeX
// (\usepackage{tikz}), small enough for pdflatex's memory on large layouts
// (a 128x32x32 tiled MMA is 65536 rectangles). The cells are the merged
// rectangles of color_rects, written as raw PDF fills through pgf's
// \pgfsys@invoke in chunks of one colour: about 13 tokens per rectangle,
// where a TikZ path costs hundreds of words of TeX memory per rectangle.
// So the picture needs a PDF-producing engine (pdflatex, lualatex,
// xelatex), not dvips. One unit is one cell, y pointing down as in the GUI;
// the cell size in pt makes the grid about 400pt wide (\resizebox to
// taste). Gaps between cells are TikZ grids where cells are 3pt or more;
// labels are TeX boxes in \tiny, drawn in `auto` mode only where they fit;
// warp and CTA boundaries are raw PDF strokes; the title (the layout's text
// in \scriptsize\ttfamily), panel titles, indices (\tiny) and the legend
// (\scriptsize) are TikZ nodes.
#pragma once

#include <string>

#include "export.h"
#include "picture.h"

namespace ls {

std::string render_tikz(const Picture& p, Labels labels);
// Two pictures side by side in one tikzpicture, each with its own title,
// indices and legend, at one cell size (the smaller of their own).
std::string render_tikz_pair(const Picture& a, const Picture& b, Labels labels);
// The cell size in pt.
double tikz_cell_pt(const Picture& p);
// Where render_tikz puts the panels (in cells).
Frame tikz_frame(const Picture& p, double cell_pt = 0);

// One picture's scope, `x0` pt right of the tikzpicture's origin, with
// cells of `cell_pt` (0: tikz_cell_pt), and its extent in pt; the
// background is the caller's.
struct TikzPart {
  std::string body;
  double width = 0;
  double top = 0, bottom = 0;  // its extent in pt, y down from the grid's top
};
TikzPart tikz_part(const Picture& p, Labels labels, double x0, double cell_pt);

}  // namespace ls
