#include "svg.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "png.h"

namespace ls {
namespace {

constexpr int64_t kMaxAutoLabels = 16384;
constexpr double kMinFontPx = 7;

std::string hex(Rgb c) {
  char b[8];
  std::snprintf(b, sizeof b, "#%02x%02x%02x", c.r, c.g, c.b);
  return b;
}

std::string num(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.6g", v);
  return b;
}

std::string xml_escape(const std::string& s) {
  std::string r;
  for (char c : s) {
    if (c == '&') r += "&amp;";
    else if (c == '<') r += "&lt;";
    else if (c == '>') r += "&gt;";
    else if (c == '"') r += "&quot;";
    else r += c;
  }
  return r;
}

// Display pixels per cell: the longer side near 1600 pixels.
double cell_px(const Picture& p) { return std::clamp(1600.0 / static_cast<double>(std::max(p.width(), p.height())), 0.5, 40.0); }

// Text sizes in display pixels, and a monospace character's width in em.
constexpr double kIndexPx = 12, kLegendPx = 13, kTitlePx = 14, kCharEm = 0.6;

// Font size in cells that fits the longest label in one cell.
double font_cells(const Picture& p) { return std::min(0.4, 0.92 / (0.6 * static_cast<double>(std::max<size_t>(p.max_label, 1)))); }

}  // namespace

bool svg_labels_readable(const Picture& p, double px) {
  return static_cast<int64_t>(p.fill.size()) <= kMaxAutoLabels && font_cells(p) * (px ? px : cell_px(p)) >= kMinFontPx;
}

double svg_cell_px(const Picture& p) { return cell_px(p); }

Frame svg_frame(const Picture& p, double px) {
  double fi = kIndexPx / (px ? px : cell_px(p));
  double digits = static_cast<double>(std::to_string((p.rows - 1) * p.row_stride).size());
  return p.frame(static_cast<int64_t>(std::ceil(fi * (digits * kCharEm + 0.5))),
                 static_cast<int64_t>(std::ceil(fi * (p.titled() ? 2.8 : 1.4))));
}

SvgPart svg_part(const Picture& p, Labels labels, const std::string& id, double cell) {
  SvgPart out;
  const double px = cell ? cell : cell_px(p);
  const double fi = kIndexPx / px, fl = kLegendPx / px, ft = kTitlePx / px, margin = 10 / px;
  const Frame f = svg_frame(p, px);
  const double w = static_cast<double>(f.width()), h = static_cast<double>(f.height());
  // The legend: columns right of the grid, or rows below it when the grid is wide.
  size_t widest = 0;
  for (auto& e : p.legend) widest = std::max(widest, e.text.size());
  const double row_h = 1.5 * fl, entry_w = fl * (2.2 + kCharEm * static_cast<double>(widest)), gap = 1.5 * fl;
  const int64_t n = static_cast<int64_t>(p.legend.size());
  const bool below = w > 2 * h;
  int64_t per_col = 0, per_row = 0;
  double legend_w = 0, legend_h = 0;
  if (!below) {
    per_col = std::max<int64_t>(8, static_cast<int64_t>((h - static_cast<double>(f.top)) / row_h));
    legend_w = static_cast<double>((n + per_col - 1) / per_col) * entry_w;
    legend_h = static_cast<double>(f.top) + static_cast<double>(std::min(n, per_col)) * row_h;
  }
  double content_w = w + (below ? 0 : gap + legend_w);
  std::vector<std::string> lines;
  if (!p.title.empty()) lines = wrap_text(p.title, title_chars(content_w / (kCharEm * ft)));
  size_t title_chars_max = p.caption.size();
  for (auto& l : lines) title_chars_max = std::max(title_chars_max, l.size());
  double title_w = kCharEm * ft * static_cast<double>(title_chars_max);
  double title_h = (static_cast<double>(lines.size()) + 1) * 1.35 * ft + 0.5 * ft;
  if (below) {
    // as wide as the picture, or wider when that would make it taller than wide
    per_row = std::max<int64_t>({1, static_cast<int64_t>(std::max(w, title_w) / entry_w), square_columns(n, row_h, entry_w)});
    legend_w = static_cast<double>(std::min(n, per_row)) * entry_w;
    legend_h = static_cast<double>((n + per_row - 1) / per_row) * row_h;
  }
  out.x = -margin, out.y = -title_h - margin;
  out.w = 2 * margin + std::max({content_w, title_w, legend_w});
  out.h = 2 * margin + title_h + (below ? h + gap + legend_h : std::max(h, legend_h));
  out.px = px;

  std::string& s = out.body;
  s += "<title>" + xml_escape(p.title.empty() ? p.caption : p.title + " (" + p.caption + ")") + "</title>\n";
  s += "<defs><pattern id=\"" + id + "gap-pattern\" width=\"1\" height=\"1\" patternUnits=\"userSpaceOnUse\">"
       "<path d=\"M1 0V1H0\" fill=\"none\" stroke=\"" + hex(kBackground) + "\" stroke-width=\"0.08\"/></pattern></defs>\n";
  s += "<rect x=\"" + num(out.x) + "\" y=\"" + num(out.y) + "\" width=\"" + num(out.w) + "\" height=\"" + num(out.h) +
       "\" fill=\"" + hex(kBackground) + "\"/>\n";
  s += "<g id=\"" + id + "title\" font-family=\"monospace\" font-size=\"" + num(ft) + "\" fill=\"#e8e8ec\">\n";
  for (size_t i = 0; i < lines.size(); ++i)
    s += "<text x=\"0\" y=\"" + num(-title_h + static_cast<double>(i + 1) * 1.35 * ft - 0.3 * ft) + "\" xml:space=\"preserve\">" +
         xml_escape(lines[i]) + "</text>\n";
  s += "<text x=\"0\" y=\"" + num(-title_h + static_cast<double>(lines.size() + 1) * 1.35 * ft - 0.3 * ft) +
       "\" font-family=\"sans-serif\" fill=\"#aaaab2\">" + xml_escape(p.caption) + "</text>\n</g>\n";

  ColorRects cr = color_rects(p, f);
  std::vector<std::string> d(cr.palette.size());
  for (auto& r : cr.rects) {
    std::string& path = d[r.color];
    path += 'M';
    path += std::to_string(r.x) + " " + std::to_string(r.y) + "h" + std::to_string(r.w) + "v" + std::to_string(r.h) +
            "h-" + std::to_string(r.w) + "z";
  }
  s += "<g id=\"" + id + "cells\" shape-rendering=\"crispEdges\" data-rows=\"" + std::to_string(p.rows) + "\" data-cols=\"" +
       std::to_string(p.cols) + "\" data-panels=\"" + std::to_string(p.panels) + "\">\n";
  for (size_t c = 0; c < d.size(); ++c) s += "<path fill=\"" + hex(cr.palette[c]) + "\" d=\"" + d[c] + "\"/>\n";
  s += "</g>\n<g id=\"" + id + "gaps\" fill=\"url(#" + id + "gap-pattern)\">\n";
  for (int64_t k = 0; k < p.panels; ++k)
    s += "<rect x=\"" + std::to_string(f.x(k)) + "\" y=\"" + std::to_string(f.y(k)) + "\" width=\"" +
         std::to_string(p.cols) + "\" height=\"" + std::to_string(p.rows) + "\"/>\n";
  s += "</g>\n";

  std::string marks;
  for (int64_t k = 0; k < p.panels; ++k)
    for (int64_t r = 0; r < p.rows; ++r)
      for (int64_t c = 0; c < p.cols; ++c)
        if (p.shared_by_many[(k * p.rows + r) * p.cols + c])
          marks += 'M' + std::to_string(f.x(k) + c) + ".72 " + std::to_string(f.y(k) + r) + "h.28v.28z";
  if (!marks.empty()) s += "<path id=\"" + id + "several-owners\" fill=\"#000\" fill-opacity=\"0.6\" d=\"" + marks + "\"/>\n";

  bool draw = !p.labels.empty() && (labels == Labels::owner || (labels == Labels::automatic && svg_labels_readable(p, px)));
  if (draw) {
    s += "<g id=\"" + id + "labels\" font-family=\"monospace\" font-size=\"" + num(font_cells(p)) +
         "\" text-anchor=\"middle\" dominant-baseline=\"central\">\n";
    for (int64_t k = 0; k < p.panels; ++k)
      for (int64_t r = 0; r < p.rows; ++r)
        for (int64_t c = 0; c < p.cols; ++c) {
          int64_t e = (k * p.rows + r) * p.cols + c;
          s += "<text x=\"" + std::to_string(f.x(k) + c) + ".5\" y=\"" + std::to_string(f.y(k) + r) +
               ".5\" fill=\"" + hex(text_color_on(p.fill[e])) + "\">" + xml_escape(p.labels[e]) + "</text>\n";
        }
    s += "</g>\n";
  }
  if (px >= 4) {  // warp (thin) and CTA (thick) boundaries
    std::string thin_d, thick_d;
    for (const Boundary& b : boundaries(p, f))
      (b.cta ? thick_d : thin_d) += "M" + std::to_string(b.x0) + " " + std::to_string(b.y0) +
                                    (b.x0 == b.x1 ? "V" + std::to_string(b.y1) : "H" + std::to_string(b.x1));
    double thin = (px >= 16 ? 2 : 1) / px;
    if (!thin_d.empty())
      s += "<path id=\"" + id + "warp-lines\" fill=\"none\" stroke=\"#f5f5f5\" stroke-width=\"" + num(thin) + "\" d=\"" +
           thin_d + "\"/>\n";
    if (!thick_d.empty())
      s += "<path id=\"" + id + "cta-lines\" fill=\"none\" stroke=\"#f5f5f5\" stroke-width=\"" + num(2 * thin) + "\" d=\"" +
           thick_d + "\"/>\n";
  }
  // Indices: columns above each panel, rows left of it; panel titles above those.
  double digits = static_cast<double>(std::to_string(p.cols - 1).size());
  int64_t col_step = index_step(fi * (digits * kCharEm + 0.6)), row_step = index_step(1.2 * fi);
  s += "<g id=\"" + id + "col-indices\" data-step=\"" + std::to_string(col_step) + "\" font-family=\"monospace\" font-size=\"" +
       num(fi) + "\" fill=\"#aaaab2\" text-anchor=\"middle\">\n";
  for (int64_t k = 0; k < p.panels; ++k)
    for (int64_t c = 0; c < p.cols; c += col_step)
      s += "<text x=\"" + std::to_string(f.x(k) + c) + ".5\" y=\"" + num(static_cast<double>(f.y(k)) - 0.35 * fi) + "\">" +
           std::to_string(c) + "</text>\n";
  s += "</g>\n<g id=\"" + id + "row-indices\" data-step=\"" + std::to_string(row_step) + "\" data-stride=\"" +
       std::to_string(p.row_stride) + "\" font-family=\"monospace\" font-size=\"" +
       num(fi) + "\" fill=\"#aaaab2\" text-anchor=\"end\" dominant-baseline=\"central\">\n";
  for (int64_t k = 0; k < p.panels; ++k)
    for (int64_t r = 0; r < p.rows; r += row_step)
      s += "<text x=\"" + num(static_cast<double>(f.x(k)) - 0.3 * fi) + "\" y=\"" + std::to_string(f.y(k) + r) + ".5\">" +
           std::to_string(r * p.row_stride) + "</text>\n";
  s += "</g>\n";
  if (p.titled()) {
    s += "<g id=\"" + id + "titles\" font-family=\"sans-serif\" font-size=\"" + num(fi) + "\" fill=\"#aaaab2\">\n";
    for (int64_t k = 0; k < p.panels; ++k)
      s += "<text x=\"" + std::to_string(f.x(k)) + "\" y=\"" + num(static_cast<double>(f.y(k)) - 1.75 * fi) + "\">" +
           xml_escape(p.titles[k]) + "</text>\n";
    s += "</g>\n";
  }
  s += "<g id=\"" + id + "legend\" font-family=\"sans-serif\" font-size=\"" + num(fl) + "\" fill=\"#dcdce0\">\n";
  double lx = below ? 0 : w + gap, ly = below ? h + gap : static_cast<double>(f.top);
  for (int64_t i = 0; i < n; ++i) {
    int64_t col = below ? i % per_row : i / per_col, row = below ? i / per_row : i % per_col;
    double x = lx + static_cast<double>(col) * entry_w, y = ly + static_cast<double>(row) * row_h;
    s += "<rect x=\"" + num(x) + "\" y=\"" + num(y + 0.3 * fl) + "\" width=\"" + num(0.9 * fl) + "\" height=\"" + num(0.9 * fl) +
         "\" fill=\"" + hex(p.legend[i].color) + "\"/><text x=\"" + num(x + 1.3 * fl) + "\" y=\"" + num(y + 1.1 * fl) + "\">" +
         xml_escape(p.legend[i].text) + "</text>\n";
  }
  s += "</g>\n";
  return out;
}

std::string render_svg(const Picture& p, Labels labels) {
  SvgPart part = svg_part(p, labels, "", cell_px(p));
  std::string s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  s += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(std::lround(part.w * part.px)) + "\" height=\"" +
       std::to_string(std::lround(part.h * part.px)) + "\" viewBox=\"" + num(part.x) + " " + num(part.y) + " " + num(part.w) +
       " " + num(part.h) + "\">\n";
  return s + part.body + "</svg>\n";
}

std::string render_svg_pair(const Picture& a, const Picture& b, Labels labels) {
  double px = std::min(cell_px(a), cell_px(b));  // one cell size for both
  SvgPart pa = svg_part(a, labels, "a-", px), pb = svg_part(b, labels, "b-", px);
  long wa = std::lround(pa.w * pa.px), ha = std::lround(pa.h * pa.px), wb = std::lround(pb.w * pb.px),
       hb = std::lround(pb.h * pb.px), w = wa + wb, h = std::max(ha, hb);
  std::string s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  s += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(w) + "\" height=\"" + std::to_string(h) +
       "\" viewBox=\"0 0 " + std::to_string(w) + " " + std::to_string(h) + "\">\n";
  s += "<rect width=\"" + std::to_string(w) + "\" height=\"" + std::to_string(h) + "\" fill=\"" + hex(kBackground) + "\"/>\n";
  long x = 0;
  for (auto* part : {&pa, &pb}) {
    long pw = part == &pa ? wa : wb, ph = part == &pa ? ha : hb;
    s += "<svg id=\"" + std::string(part == &pa ? "a" : "b") + "\" x=\"" + std::to_string(x) + "\" y=\"0\" width=\"" +
         std::to_string(pw) + "\" height=\"" + std::to_string(ph) + "\" viewBox=\"" + num(part->x) + " " + num(part->y) + " " +
         num(part->w) + " " + num(part->h) + "\">\n" + part->body + "</svg>\n";
    x += pw;
  }
  return s + "</svg>\n";
}

}  // namespace ls
