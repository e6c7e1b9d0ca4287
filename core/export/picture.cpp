#include "picture.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "../error.h"
#include "../views.h"

namespace ls {

namespace {

const char* key_prefix(ColorBy by) {
  switch (by) {
    case ColorBy::thread: return "T";
    case ColorBy::warp: return "W";
    case ColorBy::reg: return "R";
    case ColorBy::lane: return "L";
    case ColorBy::block: return "B";
    case ColorBy::offset: return "offset";
    case ColorBy::bank: return "bank";
  }
  return "";
}

std::vector<LegendEntry> legend_of(const LayoutMap& m, const std::vector<std::vector<int64_t>>& owners, ColorBy by,
                                   int elem_bits) {
  int64_t period = by == ColorBy::offset ? m.shape().back() : by == ColorBy::bank ? 32 : 0;
  std::map<int64_t, Rgb> keys;  // shown key -> colour
  for (auto& o : owners) {
    if (o.empty()) continue;
    int64_t k = color_key(m, o[0], by, elem_bits);
    if (period) keys.emplace(k % period, ramp_color(k, period));
    else keys.emplace(k, id_color(k));
  }
  std::vector<LegendEntry> r;
  for (auto& [k, c] : keys) {
    if (r.size() + 1 == kMaxLegend && keys.size() > kMaxLegend) {
      r.push_back({c, "... " + std::to_string(keys.size()) + " in all"});
      break;
    }
    std::string text = by == ColorBy::offset ? "offset mod " + std::to_string(period) + " = " + std::to_string(k)
                       : by == ColorBy::bank ? "bank " + std::to_string(k)
                                             : std::string(key_prefix(by)).append(std::to_string(k));
    r.push_back({c, text});
  }
  bool unowned = std::any_of(owners.begin(), owners.end(), [](auto& o) { return o.empty(); });
  if (unowned && r.size() < kMaxLegend) r.push_back({kUnowned, "no owner"});
  return r;
}

}  // namespace

Picture make_picture(const LayoutMap& m, ColorBy by, bool with_labels, int elem_bits, const std::string& kind) {
  Shape shape = m.shape();
  require(!shape.empty(), "picture: the layout has no tensor dims");
  int64_t n = m.num_elements();
  require(n <= kMaxPictureElements && m.hw_size() <= kMaxPictureElements,
          "picture: " + std::to_string(n) + " elements and " + std::to_string(m.hw_size()) +
              " hardware indices; a picture shows at most " + std::to_string(kMaxPictureElements));
  Picture p;
  p.cols = shape.back();
  p.rows = shape.size() >= 2 ? shape[shape.size() - 2] : 1;
  bool fold = shape.size() == 1 && n > 64 && (n & (n - 1)) == 0;
  if (fold) {  // rows of 2^ceil(log2(n) / 2) elements
    int bits = 0;
    while ((int64_t{1} << bits) < n) ++bits;
    p.cols = int64_t{1} << ((bits + 1) / 2);
    p.rows = n / p.cols;
    p.row_stride = p.cols;
  }
  p.panels = n / (p.rows * p.cols);
  // Near-square: panel columns so that width ~ height.
  double aspect = static_cast<double>(p.rows + 2) / static_cast<double>(p.cols + 1);
  p.panel_cols = std::clamp<int64_t>(std::llround(std::sqrt(static_cast<double>(p.panels) * aspect)), 1, p.panels);
  auto owners = owners_by_element(m);
  p.fill = element_colors(m, owners, by, elem_bits);
  p.shared_by_many.resize(n);
  for (int64_t e = 0; e < n; ++e) p.shared_by_many[e] = owners[e].size() > 1;
  if (!m.is_shared()) {  // warp (as color_key counts it: warp + warps * block) and CTA of each first owner
    int64_t stride = 1, warp_stride = 0, warps = 1, block_stride = 0, blocks = 1;
    for (auto& d : m.hw_dims()) {  // the flat hardware index counts the first dim fastest
      if (d.name == "warp") warp_stride = stride, warps = d.size;
      if (d.name == "block") block_stride = stride, blocks = d.size;
      stride *= d.size;
    }
    p.warp_of.assign(n, -1), p.cta_of.assign(n, -1);
    for (int64_t e = 0; e < n; ++e)
      if (!owners[e].empty()) {
        int64_t f = owners[e][0];
        int64_t w = warp_stride ? f / warp_stride % warps : 0, b = block_stride ? f / block_stride % blocks : 0;
        p.warp_of[e] = static_cast<int32_t>(w + warps * b);
        p.cta_of[e] = static_cast<int32_t>(b);
      }
  }
  if (with_labels) {
    p.labels.resize(n);
    for (int64_t e = 0; e < n; ++e) {
      p.labels[e] = owners[e].empty() ? "-" : owner_label(m, owners[e][0]) + (owners[e].size() > 1 ? "+" : "");
      p.max_label = std::max(p.max_label, p.labels[e].size());
    }
  }
  Shape lead(shape.begin(), shape.end() - std::min<size_t>(shape.size(), 2));
  for (int64_t k = 0; k < p.panels; ++k) {
    std::string t;
    int64_t rest = k;
    std::vector<int64_t> c(lead.size());
    for (size_t i = lead.size(); i-- > 0;) c[i] = rest % lead[i], rest /= lead[i];
    for (size_t i = 0; i < c.size(); ++i) {
      t += i ? ", dim" : "dim";
      t += std::to_string(i) + "=" + std::to_string(c[i]);
    }
    p.titles.push_back(t);
  }
  p.legend = legend_of(m, owners, by, elem_bits);
  std::string dims;
  for (size_t i = 0; i < shape.size(); ++i) {
    dims += i ? "x" : "";
    dims += std::to_string(shape[i]);
  }
  p.caption = kind + " " + dims + (fold ? " in rows of " + std::to_string(p.cols) : "") + ", colour by " + color_by_name(by);
  return p;
}

ColorRects color_rects(const Picture& p, const Frame& f) {
  ColorRects r;
  std::map<uint32_t, size_t> index;
  auto color_of = [&](Rgb c) {
    uint32_t key = uint32_t{c.r} << 16 | uint32_t{c.g} << 8 | c.b;
    auto [it, added] = index.emplace(key, r.palette.size());
    if (added) r.palette.push_back(c);
    return it->second;
  };
  for (int64_t k = 0; k < p.panels; ++k) {
    int64_t x0 = f.x(k), y0 = f.y(k);
    std::map<std::pair<int64_t, int64_t>, size_t> open;  // (x, w) -> rect still growing down, by colour check
    for (int64_t row = 0; row < p.rows; ++row) {
      std::map<std::pair<int64_t, int64_t>, size_t> next;
      const Rgb* line = &p.fill[(k * p.rows + row) * p.cols];
      for (int64_t c = 0; c < p.cols;) {
        int64_t e = c;
        while (e < p.cols && line[e] == line[c]) ++e;
        size_t col = color_of(line[c]);
        auto it = open.find({c, e - c});
        if (it != open.end() && r.rects[it->second].color == col) {
          r.rects[it->second].h += 1;
          next[{c, e - c}] = it->second;
        } else {
          next[{c, e - c}] = r.rects.size();
          r.rects.push_back({x0 + c, y0 + row, e - c, 1, col});
        }
        c = e;
      }
      open = std::move(next);
    }
  }
  return r;
}

std::vector<Boundary> boundaries(const Picture& p, const Frame& f) {
  std::vector<Boundary> r;
  if (p.warp_of.empty()) return r;
  // kind of the edge between elements a and b: 0 none, 1 warp, 2 CTA
  auto kind = [&](int64_t a, int64_t b) { return p.cta_of[a] != p.cta_of[b] ? 2 : p.warp_of[a] != p.warp_of[b] ? 1 : 0; };
  for (int64_t k = 0; k < p.panels; ++k) {
    int64_t x0 = f.x(k), y0 = f.y(k), base = k * p.rows * p.cols;
    for (int64_t c = 0; c + 1 < p.cols; ++c)  // vertical edges right of column c
      for (int64_t r0 = 0; r0 < p.rows;) {
        int64_t e = base + r0 * p.cols + c, kd = kind(e, e + 1), r1 = r0 + 1;
        while (r1 < p.rows && kind(base + r1 * p.cols + c, base + r1 * p.cols + c + 1) == kd) ++r1;
        if (kd) r.push_back({x0 + c + 1, y0 + r0, x0 + c + 1, y0 + r1, kd == 2});
        r0 = r1;
      }
    for (int64_t row = 0; row + 1 < p.rows; ++row)  // horizontal edges below row `row`
      for (int64_t c0 = 0; c0 < p.cols;) {
        int64_t e = base + row * p.cols + c0, kd = kind(e, e + p.cols), c1 = c0 + 1;
        while (c1 < p.cols && kind(base + row * p.cols + c1, base + (row + 1) * p.cols + c1) == kd) ++c1;
        if (kd) r.push_back({x0 + c0, y0 + row + 1, x0 + c1, y0 + row + 1, kd == 2});
        c0 = c1;
      }
  }
  return r;
}

int64_t index_step(double extent) {
  int64_t s = 1;
  while (static_cast<double>(s) < extent && s < (int64_t{1} << 40)) s *= 2;
  return s;
}

std::vector<std::string> wrap_text(const std::string& s, size_t width, size_t max_lines) {
  width = std::max<size_t>(width, 8);
  std::vector<std::string> lines;
  const std::string indent = "  ";  // continuation lines
  size_t i = 0;
  while (i < s.size()) {
    size_t room = lines.empty() ? width : width - indent.size();
    std::string head = lines.empty() ? "" : indent;
    if (s.size() - i <= room) {
      lines.push_back(head + s.substr(i));
      break;
    }
    // The last space within reach, preferring one after a comma.
    size_t cut = std::string::npos, comma = std::string::npos;
    for (size_t j = i + 1; j <= i + room && j < s.size(); ++j)
      if (s[j] == ' ') {
        cut = j;
        if (s[j - 1] == ',') comma = j;
      }
    if (comma != std::string::npos && comma - i >= room / 2) cut = comma;
    if (cut == std::string::npos) cut = i + room;
    lines.push_back(head + s.substr(i, cut - i));
    i = cut;
    while (i < s.size() && s[i] == ' ') ++i;
  }
  if (lines.size() > max_lines) {
    lines.resize(max_lines);
    std::string& last = lines.back();
    if (last.size() + 3 > width) last.resize(width - 3);
    last += "...";
  }
  return lines;
}

int64_t square_columns(int64_t n, double row_h, double entry_w) {
  return static_cast<int64_t>(std::ceil(std::sqrt(static_cast<double>(n) * row_h / std::max(entry_w, 1.0))));
}

size_t title_chars(double room_chars) { return static_cast<size_t>(std::clamp(room_chars, 48.0, 110.0)); }

}  // namespace ls
