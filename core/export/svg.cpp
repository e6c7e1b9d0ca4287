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

// Font size in cells that fits the longest label in one cell.
double font_cells(const Picture& p) { return std::min(0.4, 0.92 / (0.6 * static_cast<double>(std::max<size_t>(p.max_label, 1)))); }

}  // namespace

bool svg_labels_readable(const Picture& p) {
  return static_cast<int64_t>(p.fill.size()) <= kMaxAutoLabels && font_cells(p) * cell_px(p) >= kMinFontPx;
}

std::string render_svg(const Picture& p, Labels labels) {
  double px = cell_px(p);
  int64_t w = p.width(), h = p.height();
  double u = std::max(0.8, static_cast<double>(std::max(w, h)) / 40.0);  // legend row height
  double legend_w = u * 14;
  double vw = static_cast<double>(w) + 2 + legend_w, vh = std::max(static_cast<double>(h), u * (p.legend.size() + 2)) + 2;
  std::string s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  s += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(std::lround(vw * px)) + "\" height=\"" + std::to_string(std::lround(vh * px)) +
       "\" viewBox=\"-1 -1 " + num(vw) + " " + num(vh) + "\">\n";
  s += "<title>" + xml_escape(p.caption) + "</title>\n";
  s += "<defs><pattern id=\"gaps\" width=\"1\" height=\"1\" patternUnits=\"userSpaceOnUse\">"
       "<path d=\"M1 0V1H0\" fill=\"none\" stroke=\"" + hex(kBackground) + "\" stroke-width=\"0.08\"/></pattern></defs>\n";
  s += "<rect x=\"-1\" y=\"-1\" width=\"" + num(vw) + "\" height=\"" + num(vh) + "\" fill=\"" + hex(kBackground) + "\"/>\n";

  ColorRects cr = color_rects(p);
  std::vector<std::string> d(cr.palette.size());
  for (auto& r : cr.rects) {
    std::string& path = d[r.color];
    path += 'M';
    path += std::to_string(r.x) + " " + std::to_string(r.y) + "h" + std::to_string(r.w) + "v" + std::to_string(r.h) +
            "h-" + std::to_string(r.w) + "z";
  }
  s += "<g id=\"cells\" shape-rendering=\"crispEdges\" data-rows=\"" + std::to_string(p.rows) + "\" data-cols=\"" +
       std::to_string(p.cols) + "\" data-panels=\"" + std::to_string(p.panels) + "\">\n";
  for (size_t c = 0; c < d.size(); ++c) s += "<path fill=\"" + hex(cr.palette[c]) + "\" d=\"" + d[c] + "\"/>\n";
  s += "</g>\n<g id=\"gaps\" fill=\"url(#gaps)\">\n";
  for (int64_t k = 0; k < p.panels; ++k)
    s += "<rect x=\"" + std::to_string(p.panel_x(k)) + "\" y=\"" + std::to_string(p.panel_y(k)) + "\" width=\"" +
         std::to_string(p.cols) + "\" height=\"" + std::to_string(p.rows) + "\"/>\n";
  s += "</g>\n";

  std::string marks;
  for (int64_t k = 0; k < p.panels; ++k)
    for (int64_t r = 0; r < p.rows; ++r)
      for (int64_t c = 0; c < p.cols; ++c)
        if (p.shared_by_many[(k * p.rows + r) * p.cols + c])
          marks += 'M' + std::to_string(p.panel_x(k) + c) + ".72 " + std::to_string(p.panel_y(k) + r) + "h.28v.28z";
  if (!marks.empty()) s += "<path id=\"several-owners\" fill=\"#000\" fill-opacity=\"0.6\" d=\"" + marks + "\"/>\n";

  bool draw = !p.labels.empty() && (labels == Labels::owner || (labels == Labels::automatic && svg_labels_readable(p)));
  if (draw) {
    s += "<g id=\"labels\" font-family=\"monospace\" font-size=\"" + num(font_cells(p)) +
         "\" text-anchor=\"middle\" dominant-baseline=\"central\">\n";
    for (int64_t k = 0; k < p.panels; ++k)
      for (int64_t r = 0; r < p.rows; ++r)
        for (int64_t c = 0; c < p.cols; ++c) {
          int64_t e = (k * p.rows + r) * p.cols + c;
          s += "<text x=\"" + std::to_string(p.panel_x(k) + c) + ".5\" y=\"" + std::to_string(p.panel_y(k) + r) +
               ".5\" fill=\"" + hex(text_color_on(p.fill[e])) + "\">" + xml_escape(p.labels[e]) + "</text>\n";
        }
    s += "</g>\n";
  }
  if (p.titled()) {
    s += "<g id=\"titles\" font-family=\"sans-serif\" font-size=\"0.7\" fill=\"#aaaab2\">\n";
    for (int64_t k = 0; k < p.panels; ++k)
      s += "<text x=\"" + std::to_string(p.panel_x(k)) + "\" y=\"" + std::to_string(p.panel_y(k)) + "\" dy=\"-0.25\">" +
           xml_escape(p.titles[k]) + "</text>\n";
    s += "</g>\n";
  }
  s += "<g id=\"legend\" font-family=\"sans-serif\" font-size=\"" + num(0.7 * u) + "\" fill=\"#dcdce0\">\n";
  double lx = static_cast<double>(w) + 1;
  s += "<text x=\"" + num(lx) + "\" y=\"" + num(0.8 * u) + "\">" + xml_escape(p.caption) + "</text>\n";
  for (size_t i = 0; i < p.legend.size(); ++i) {
    double y = u * static_cast<double>(i + 1) + 0.2 * u;
    s += "<rect x=\"" + num(lx) + "\" y=\"" + num(y) + "\" width=\"" + num(0.8 * u) + "\" height=\"" + num(0.8 * u) +
         "\" fill=\"" + hex(p.legend[i].color) + "\"/><text x=\"" + num(lx + 1.1 * u) + "\" y=\"" + num(y + 0.65 * u) +
         "\">" + xml_escape(p.legend[i].text) + "</text>\n";
  }
  s += "</g>\n</svg>\n";
  return s;
}

}  // namespace ls
