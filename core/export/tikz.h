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
// titles and the legend (right of the grid) are TikZ nodes.
#pragma once

#include <string>

#include "export.h"
#include "picture.h"

namespace ls {

std::string render_tikz(const Picture& p, Labels labels);
// The cell size in pt.
double tikz_cell_pt(const Picture& p);

}  // namespace ls
