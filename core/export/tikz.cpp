#include "tikz.h"

#include <algorithm>
#include <cstdio>

#include "png.h"

namespace ls {
namespace {

constexpr int64_t kMaxAutoLabels = 4096;
constexpr double kTinyCharPt = 2.7;  // a \tiny character's width, about
constexpr size_t kRectsPerLine = 8;    // TeX reads lines into a bounded buffer
constexpr size_t kRectsPerFill = 512;  // TeX holds one literal's tokens twice while reading it

std::string num(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.4g", v);
  return b;
}

std::string tex_escape(const std::string& s) {
  std::string r;
  for (char c : s) {
    if (c == '_' || c == '%' || c == '&' || c == '#' || c == '$' || c == '{' || c == '}') r += std::string("\\") + c;
    else if (c == '\\' || c == '^' || c == '~') r += "?";
    else r += c;
  }
  return r;
}

std::string rgb(Rgb c) { return std::to_string(c.r) + "," + std::to_string(c.g) + "," + std::to_string(c.b); }

}  // namespace

double tikz_cell_pt(const Picture& p) { return std::clamp(400.0 / static_cast<double>(p.width()), 0.25, 24.0); }

std::string render_tikz(const Picture& p, Labels labels) {
  double pt = tikz_cell_pt(p);
  int64_t w = p.width(), h = p.height();
  std::string s = "% " + p.caption + ". Exported by layoutscope; needs \\usepackage{tikz}.\n";
  s += "\\begin{tikzpicture}[x=" + num(pt) + "pt,y=-" + num(pt) + "pt]\n";
  ColorRects cr = color_rects(p);
  s += "\\definecolor{lsbg}{RGB}{" + rgb(kBackground) + "}\n";
  // The background covers the grid and the legend (in pt, right of it).
  size_t chars = p.caption.size();
  for (auto& e : p.legend) chars = std::max(chars, e.text.size() + 3);
  double legend_w = 8 + 4.2 * static_cast<double>(chars), legend_h = 16 + 9.0 * static_cast<double>(p.legend.size());
  s += "\\fill[lsbg] (-1,-1) rectangle (" + num(static_cast<double>(w + 1) + legend_w / pt) + "," +
       num(std::max(static_cast<double>(h + 1), legend_h / pt)) + ");\n";
  std::vector<std::vector<const ColorRect*>> by_color(cr.palette.size());
  for (auto& r : cr.rects) by_color[r.color].push_back(&r);
  // The cells are raw PDF fills (pgf's \pgfsys@invoke), a few tokens per
  // rectangle, where a TikZ path per rectangle takes hundreds of words of
  // TeX's memory. In cell units: the matrix scales cells to pt (PDF counts
  // in bp) and points y down.
  double bp = pt * 72.0 / 72.27;
  std::string open = "\\csname pgfsys@invoke\\endcsname{q " + num(bp) + " 0 0 -" + num(bp) + " 0 0 cm";
  for (size_t c = 0; c < by_color.size(); ++c) {
    char fill[64];
    Rgb k = cr.palette[c];
    std::snprintf(fill, sizeof fill, " %.3f %.3f %.3f rg", k.r / 255.0, k.g / 255.0, k.b / 255.0);
    for (size_t i = 0; i < by_color[c].size(); ++i) {
      const ColorRect& r = *by_color[c][i];
      if (i % kRectsPerFill == 0) s += open + fill;
      if (i % kRectsPerLine == 0) s += "\n";
      s += std::to_string(r.x) + " " + std::to_string(r.y) + " " + std::to_string(r.w) + " " + std::to_string(r.h) +
           " re ";
      if (i % kRectsPerFill + 1 == kRectsPerFill || i + 1 == by_color[c].size()) s += "f Q}\n";
    }
  }
  // Labels are TeX boxes: \lsl{x}{y}{text} centres text in cell (x, y).
  s += "\\ifdefined\\lsunit\\else\\newdimen\\lsunit\\fi\\lsunit=" + num(pt) + "pt\n";
  s += "\\def\\lsl#1#2#3{\\rlap{\\kern#1\\lsunit\\lower#2\\lsunit\\vtop to\\lsunit{\\vss\\hbox "
       "to\\lsunit{\\hss#3\\hss}\\vss}}}\n";
  bool fits = p.max_label * kTinyCharPt + 1 <= pt && pt >= 6.5;
  bool draw = !p.labels.empty() &&
              (labels == Labels::owner ||
               (labels == Labels::automatic && fits && static_cast<int64_t>(p.fill.size()) <= kMaxAutoLabels));
  if (draw) {
    s += "\\node[anchor=base west,inner sep=0pt] at (0,0) {%\n";
    for (const char* ink : {"black", "white"}) {
      s += std::string("{\\tiny\\color{") + ink + "}%\n";
      for (int64_t k = 0; k < p.panels; ++k)
        for (int64_t r = 0; r < p.rows; ++r)
          for (int64_t c = 0; c < p.cols; ++c) {
            int64_t e = (k * p.rows + r) * p.cols + c;
            if ((text_color_on(p.fill[e]).r > 128) != (ink[0] == 'w')) continue;
            s += "\\lsl{" + std::to_string(p.panel_x(k) + c) + "}{" + std::to_string(p.panel_y(k) + r) + "}{" +
                 tex_escape(p.labels[e]) + "}%\n";
          }
      s += "}%\n";
    }
    s += "};\n";
  }
  // Gaps between cells, where cells are large enough to show them.
  if (pt >= 3) {
    s += "\\begin{scope}[lsbg,line width=" + num(std::min(0.5, pt * 0.06)) + "pt]\n";
    for (int64_t k = 0; k < p.panels; ++k)
      s += "\\draw (" + std::to_string(p.panel_x(k)) + "," + std::to_string(p.panel_y(k)) + ") grid (" +
           std::to_string(p.panel_x(k) + p.cols) + "," + std::to_string(p.panel_y(k) + p.rows) + ");\n";
    s += "\\end{scope}\n";
  }
  if (p.titled())
    for (int64_t k = 0; k < p.panels; ++k)
      s += "\\node[anchor=south west,inner sep=1pt,font=\\tiny,text=gray] at (" + std::to_string(p.panel_x(k)) + "," +
           std::to_string(p.panel_y(k)) + ") {" + tex_escape(p.titles[k]) + "};\n";

  // The legend: in pt, right of the grid.
  s += "\\begin{scope}[shift={(" + std::to_string(w + 1) + ",0)},x=1pt,y=-1pt,every node/.style={font=\\scriptsize,"
       "anchor=west,inner sep=1pt,text=white}]\n";
  s += "\\node at (4,5) {" + tex_escape(p.caption) + "};\n";
  for (size_t i = 0; i < p.legend.size(); ++i) {
    double y = 12.0 + 9.0 * static_cast<double>(i);
    s += "\\fill[fill={rgb,255:red," + std::to_string(p.legend[i].color.r) + ";green," +
         std::to_string(p.legend[i].color.g) + ";blue," + std::to_string(p.legend[i].color.b) + "}] (4," + num(y) +
         ") rectangle +(7,7);\n";
    s += "\\node at (13," + num(y + 3.5) + ") {" + tex_escape(p.legend[i].text) + "};\n";
  }
  s += "\\end{scope}\n\\end{tikzpicture}\n";
  return s;
}

}  // namespace ls
