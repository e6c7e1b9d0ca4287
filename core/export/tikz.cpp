#include "tikz.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string_view>

#include "png.h"

namespace ls {
namespace {

constexpr int64_t kMaxAutoLabels = 4096;
constexpr double kTinyCharPt = 2.7;   // a \tiny character's width, about
constexpr double kTinyDigitPt = 2.5;  // a \tiny digit's width
constexpr double kSmallCharPt = 3.6;  // a \scriptsize character's width, about
constexpr double kTtCharPt = 3.68;    // a \scriptsize\ttfamily character's width
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

// Text in \ttfamily: TeX's specials as the typewriter font's own glyphs.
std::string tt_escape(const std::string& s) {
  std::string r;
  for (char c : s) {
    if (std::string_view("#$%&_{}\\^~").find(c) != std::string_view::npos) r += "\\char" + std::to_string(int{c}) + " ";
    else r += c;
  }
  return r;
}

std::string rgb(Rgb c) { return std::to_string(c.r) + "," + std::to_string(c.g) + "," + std::to_string(c.b); }

}  // namespace

double tikz_cell_pt(const Picture& p) { return std::clamp(400.0 / static_cast<double>(p.width()), 0.25, 24.0); }

Frame tikz_frame(const Picture& p, double cell) {
  double pt = cell ? cell : tikz_cell_pt(p), digits = static_cast<double>(std::to_string((p.rows - 1) * p.row_stride).size());
  return p.frame(static_cast<int64_t>(std::ceil((digits * kTinyDigitPt + 2.5) / pt)),
                 static_cast<int64_t>(std::ceil(((p.titled() ? 7.0 : 0.0) + 6.5) / pt)));
}

TikzPart tikz_part(const Picture& p, Labels labels, double x0, double cell) {
  TikzPart out;
  const double pt = cell ? cell : tikz_cell_pt(p);
  const Frame f = tikz_frame(p, pt);
  const double w = static_cast<double>(f.width()) * pt, h = static_cast<double>(f.height()) * pt, margin = 6;
  // A point given in pt, x right and y down from the grid's origin.
  auto at = [](double x, double y) { return "(" + num(x) + "pt," + num(-y) + "pt)"; };
  // The legend: columns right of the grid, or rows below it when the grid is wide.
  size_t widest = 0;
  for (auto& e : p.legend) widest = std::max(widest, e.text.size());
  const double row_h = 9, entry_w = 16 + kSmallCharPt * static_cast<double>(widest), gap = 8;
  const int64_t n = static_cast<int64_t>(p.legend.size());
  const bool below = w > 2 * h;
  int64_t per_col = 0, per_row = 0;
  double legend_w = 0, legend_h = 0;
  if (!below) {
    per_col = std::max<int64_t>(8, static_cast<int64_t>((h - static_cast<double>(f.top) * pt) / row_h));
    legend_w = static_cast<double>((n + per_col - 1) / per_col) * entry_w;
    legend_h = static_cast<double>(f.top) * pt + static_cast<double>(std::min(n, per_col)) * row_h;
  }
  double content_w = w + (below ? 0 : gap + legend_w);
  std::vector<std::string> lines;
  if (!p.title.empty()) lines = wrap_text(p.title, title_chars(content_w / kTtCharPt));
  size_t chars = p.caption.size();
  for (auto& l : lines) chars = std::max(chars, l.size());
  double title_w = kTtCharPt * static_cast<double>(chars), title_h = 8.5 * static_cast<double>(lines.size() + 1) + 4;
  if (below) {
    // as wide as the picture, or wider when that would make it taller than wide
    per_row = std::max<int64_t>({1, static_cast<int64_t>(std::max(w, title_w) / entry_w), square_columns(n, row_h, entry_w)});
    legend_w = static_cast<double>(std::min(n, per_row)) * entry_w;
    legend_h = static_cast<double>((n + per_row - 1) / per_row) * row_h;
  }
  out.width = 2 * margin + std::max({content_w, title_w, legend_w});
  out.top = -title_h - margin;
  out.bottom = (below ? h + gap + legend_h : std::max(h, legend_h)) + margin;

  std::string& s = out.body;
  s += "% " + p.caption + "\n";
  s += "\\begin{scope}[shift={(" + num(x0 + margin) + "pt,0pt)},x=" + num(pt) + "pt,y=-" + num(pt) + "pt]\n";
  // The title: the layout's text, then the caption.
  std::string t;
  for (auto& l : lines)
    t += (l.compare(0, 2, "  ") == 0 ? "\\hspace*{2\\fontdimen2\\font}" + tt_escape(l.substr(2)) : tt_escape(l)) + "\\\\";
  t += "\\textcolor{lsdim}{\\sffamily " + tex_escape(p.caption) + "}";
  s += "\\node[anchor=south west,align=left,inner sep=0pt,font=\\scriptsize\\ttfamily,text=white] at " + at(0, -4) +
       " {" + t + "};\n";

  ColorRects cr = color_rects(p, f);
  std::vector<std::vector<const ColorRect*>> by_color(cr.palette.size());
  for (auto& r : cr.rects) by_color[r.color].push_back(&r);
  // The cells are raw PDF fills (pgf's \pgfsys@invoke), a few tokens per
  // rectangle, where a TikZ path per rectangle takes hundreds of words of
  // TeX's memory. In cell units: the matrix scales cells to pt (PDF counts
  // in bp), moves to the scope's origin and points y down.
  double bp = pt * 72.0 / 72.27;
  std::string open = "\\csname pgfsys@invoke\\endcsname{q " + num(bp) + " 0 0 -" + num(bp) + " " +
                     num((x0 + margin) * 72.0 / 72.27) + " 0 cm";
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
  s += "\\lsunit=" + num(pt) + "pt\n";
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
            s += "\\lsl{" + std::to_string(f.x(k) + c) + "}{" + std::to_string(f.y(k) + r) + "}{" +
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
      s += "\\draw (" + std::to_string(f.x(k)) + "," + std::to_string(f.y(k)) + ") grid (" +
           std::to_string(f.x(k) + p.cols) + "," + std::to_string(f.y(k) + p.rows) + ");\n";
    s += "\\end{scope}\n";
  }
  // Warp (thin) and CTA (thick) boundaries: raw PDF strokes, as the fills.
  if (pt >= 2) {
    std::vector<Boundary> bs = boundaries(p, f);
    for (bool cta : {false, true}) {
      size_t i = 0;
      for (const Boundary& b : bs) {
        if (b.cta != cta) continue;
        if (i % kRectsPerFill == 0) s += open + " 0.96 0.96 0.96 RG " + num((cta ? 0.8 : 0.4) / pt) + " w";
        if (i % kRectsPerLine == 0) s += "\n";
        s += std::to_string(b.x0) + " " + std::to_string(b.y0) + " m " + std::to_string(b.x1) + " " +
             std::to_string(b.y1) + " l ";
        if (++i % kRectsPerFill == 0) s += "S Q}\n";
      }
      if (i % kRectsPerFill) s += "S Q}\n";
    }
  }
  // Indices and panel titles.
  double digits = static_cast<double>(std::to_string(p.cols - 1).size());
  int64_t col_step = index_step((digits * kTinyDigitPt + 2) / pt), row_step = index_step(5.5 / pt);
  s += "\\begin{scope}[every node/.style={font=\\tiny,text=lsdim,inner sep=1pt}]\n";
  for (int64_t k = 0; k < p.panels; ++k) {
    double px = static_cast<double>(f.x(k)) * pt, py = static_cast<double>(f.y(k)) * pt;
    if (p.titled()) s += "\\node[anchor=south west] at " + at(px, py - 6.5) + " {" + tex_escape(p.titles[k]) + "};\n";
    for (int64_t c = 0; c < p.cols; c += col_step)
      s += "\\node[anchor=south] at " + at(px + (static_cast<double>(c) + 0.5) * pt, py) + " {" + std::to_string(c) + "};\n";
    for (int64_t r = 0; r < p.rows; r += row_step)
      s += "\\node[anchor=east] at " + at(px, py + (static_cast<double>(r) + 0.5) * pt) + " {" + std::to_string(r * p.row_stride) + "};\n";
  }
  s += "\\end{scope}\n";
  // The legend.
  s += "\\begin{scope}[every node/.style={font=\\scriptsize,anchor=west,inner sep=1pt,text=white}]\n";
  double lx = below ? 0 : w + gap, ly = below ? h + gap : static_cast<double>(f.top) * pt;
  for (int64_t i = 0; i < n; ++i) {
    int64_t col = below ? i % per_row : i / per_col, row = below ? i / per_row : i % per_col;
    double x = lx + static_cast<double>(col) * entry_w, y = ly + static_cast<double>(row) * row_h;
    const Rgb& c = p.legend[i].color;
    s += "\\fill[fill={rgb,255:red," + std::to_string(c.r) + ";green," + std::to_string(c.g) + ";blue," +
         std::to_string(c.b) + "}] " + at(x, y + 1) + " rectangle " + at(x + 7, y + 8) + ";\n";
    s += "\\node at " + at(x + 9, y + 4.5) + " {" + tex_escape(p.legend[i].text) + "};\n";
  }
  s += "\\end{scope}\n\\end{scope}\n";
  return out;
}

namespace {

std::string tikz_document(const std::string& comment, const std::vector<TikzPart>& parts) {
  std::string s = "% " + comment + ". Exported by layoutscope; needs \\usepackage{tikz} and pdflatex, lualatex or xelatex.\n";
  s += "\\begin{tikzpicture}\n";
  s += "\\definecolor{lsbg}{RGB}{" + rgb(kBackground) + "}\\definecolor{lsdim}{RGB}{170,170,178}\n";
  s += "\\ifdefined\\lsunit\\else\\newdimen\\lsunit\\fi\n";
  s += "\\def\\lsl#1#2#3{\\rlap{\\kern#1\\lsunit\\lower#2\\lsunit\\vtop to\\lsunit{\\vss\\hbox "
       "to\\lsunit{\\hss#3\\hss}\\vss}}}\n";
  // One background behind all parts (in pt, y up).
  double width = 0, top = 0, bottom = 0;
  for (auto& p : parts) width += p.width, top = std::min(top, p.top), bottom = std::max(bottom, p.bottom);
  s += "\\fill[lsbg] (0pt," + num(-top) + "pt) rectangle (" + num(width) + "pt," + num(-bottom) + "pt);\n";
  for (auto& p : parts) s += p.body;
  return s + "\\end{tikzpicture}\n";
}

}  // namespace

std::string render_tikz(const Picture& p, Labels labels) {
  return tikz_document(p.caption, {tikz_part(p, labels, 0, 0)});
}

std::string render_tikz_pair(const Picture& a, const Picture& b, Labels labels) {
  double pt = std::min(tikz_cell_pt(a), tikz_cell_pt(b));  // one cell size for both
  TikzPart pa = tikz_part(a, labels, 0, pt);
  return tikz_document(a.caption + " | " + b.caption, {pa, tikz_part(b, labels, pa.width, pt)});
}

}  // namespace ls
