#include "png.h"

#include <algorithm>

#include "../error.h"

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wsign-compare"
#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_easy_font.h>
#include <stb/stb_image_write.h>
#pragma GCC diagnostic pop

namespace ls {
namespace {

constexpr int kFontHeight = 7;  // stb_easy_font's capitals, in font pixels

struct Canvas {
  Image& img;
  void fill(int64_t x0, int64_t y0, int64_t x1, int64_t y1, Rgb c, int alpha = 255) {
    x0 = std::max<int64_t>(x0, 0), y0 = std::max<int64_t>(y0, 0);
    x1 = std::min<int64_t>(x1, img.width), y1 = std::min<int64_t>(y1, img.height);
    for (int64_t y = y0; y < y1; ++y) {
      uint8_t* px = &img.rgb[(static_cast<size_t>(y) * img.width + x0) * 3];
      for (int64_t x = x0; x < x1; ++x, px += 3) {
        if (alpha == 255) {
          px[0] = c.r, px[1] = c.g, px[2] = c.b;
        } else {
          px[0] = static_cast<uint8_t>((px[0] * (255 - alpha) + c.r * alpha) / 255);
          px[1] = static_cast<uint8_t>((px[1] * (255 - alpha) + c.g * alpha) / 255);
          px[2] = static_cast<uint8_t>((px[2] * (255 - alpha) + c.b * alpha) / 255);
        }
      }
    }
  }
  // Text with its top-left at (x, y), `scale` image pixels per font pixel,
  // clipped to the box [cx0, cx1) x [cy0, cy1).
  void text(const std::string& s, int64_t x, int64_t y, int scale, Rgb c, int64_t cx0, int64_t cy0, int64_t cx1,
            int64_t cy1) {
    std::vector<char> buf(s.begin(), s.end());
    buf.push_back('\0');
    std::vector<float> quads(s.size() * 270 + 64);  // 4 vertices of 4 floats per quad
    int n = stb_easy_font_print(0, 0, buf.data(), nullptr, quads.data(), static_cast<int>(quads.size() * sizeof(float)));
    for (int q = 0; q < n; ++q) {
      const float* v = &quads[q * 16];
      auto px = [&](float f, int64_t o) { return o + static_cast<int64_t>(f) * scale; };
      fill(std::max(px(v[0], x), cx0), std::max(px(v[1], y), cy0), std::min(px(v[8], x), cx1),
           std::min(px(v[9], y), cy1), c);
    }
  }
};

int text_width(const std::string& s) {
  std::vector<char> buf(s.begin(), s.end());
  buf.push_back('\0');
  return stb_easy_font_width(buf.data());
}

// The largest font scale (1..4) at which `chars` characters fit the box.
int fit_scale(size_t chars, int64_t w, int64_t h) {
  int64_t text_w = static_cast<int64_t>(chars) * 6;  // stb_easy_font's advance for digits and capitals
  for (int s = 4; s >= 1; --s)
    if (text_w * s + 4 <= w && kFontHeight * s + 2 <= h) return s;
  return 0;
}

}  // namespace

bool label_fits(size_t chars, int cell_px) { return fit_scale(chars, cell_px, cell_px) > 0; }

int default_cell_px(const Picture& p) {
  return static_cast<int>(std::clamp<int64_t>(2048 / std::max(p.width(), p.height()), 1, 48));
}

Image rasterise(const Picture& p, int cell_px, bool draw_labels) {
  require(cell_px >= 1 && cell_px <= 256, "--cell: " + std::to_string(cell_px) + " pixels per cell is outside 1..256");
  const int64_t cell = cell_px;
  const int64_t ts = std::max(p.width(), p.height()) * cell >= 1200 ? 3 : 2;  // font pixels -> image pixels
  const int64_t line = 12 * ts, margin = 8 * ts, gap = 6 * ts;
  const Rgb kText{232, 232, 236}, kDim{170, 170, 178};
  // Bands for the indices (and panel titles), in whole cells.
  int64_t index_h = (kFontHeight + 3) * ts;
  int64_t left = (text_width(std::to_string((p.rows - 1) * p.row_stride)) * ts + 4 * ts + cell - 1) / cell;
  int64_t top = (index_h + (p.titled() ? index_h : 0) + ts + cell - 1) / cell;
  Frame f = p.frame(left, top);
  int64_t grid_w = f.width() * cell, grid_h = f.height() * cell;
  require(grid_w * grid_h <= kMaxImagePixels, "png: " + std::to_string(grid_w) + "x" + std::to_string(grid_h) +
                                                  " pixels is more than the " + std::to_string(kMaxImagePixels) +
                                                  " a PNG export draws; give a smaller --cell");
  // The legend: columns right of the grid, or rows below it when the grid is wide.
  int64_t widest = 0;
  for (auto& e : p.legend) widest = std::max<int64_t>(widest, text_width(e.text));
  const int64_t swatch = 8 * ts, row_h = 11 * ts, entry_w = swatch + 3 * ts + widest * ts + 8 * ts;
  const int64_t n = static_cast<int64_t>(p.legend.size());
  bool below = grid_w > 2 * grid_h;
  int64_t per_col = 0, per_row = 0, legend_w = 0, legend_h = 0;
  if (!below) {
    per_col = std::max<int64_t>(8, (grid_h - f.top * cell) / row_h);
    legend_w = (n + per_col - 1) / per_col * entry_w;
    legend_h = f.top * cell + std::min(n, per_col) * row_h;
  }
  int64_t content_w = grid_w + (below ? 0 : gap + legend_w);
  // The title: the layout's text, wrapped, then the caption.
  std::vector<std::string> lines;
  if (!p.title.empty()) lines = wrap_text(p.title, title_chars(static_cast<double>(content_w) / (6.0 * ts)));
  lines.push_back(p.caption);
  int64_t title_w = 0;
  for (auto& l : lines) title_w = std::max<int64_t>(title_w, text_width(l) * ts);
  int64_t title_h = static_cast<int64_t>(lines.size()) * line + ts * 4;
  if (below) {
    // as wide as the picture, or wider when that would make it taller than wide
    per_row = std::max<int64_t>({1, std::max(grid_w, title_w) / entry_w, square_columns(n, row_h, entry_w)});
    legend_w = std::min(n, per_row) * entry_w;
    legend_h = (n + per_row - 1) / per_row * row_h;
  }
  int64_t w = 2 * margin + std::max({content_w, title_w, legend_w});
  int64_t h = 2 * margin + title_h + (below ? grid_h + gap + legend_h : std::max(grid_h, legend_h));
  require(w * h <= kMaxImagePixels, "png: " + std::to_string(w) + "x" + std::to_string(h) + " pixels is more than the " +
                                        std::to_string(kMaxImagePixels) + " a PNG export draws; give a smaller --cell");
  Image img{static_cast<int>(w), static_cast<int>(h), {}, f, margin, margin + title_h, cell_px};
  img.rgb.resize(static_cast<size_t>(w) * h * 3);
  Canvas cv{img};
  cv.fill(0, 0, w, h, kBackground);
  for (size_t i = 0; i < lines.size(); ++i)
    cv.text(lines[i], margin, margin + static_cast<int64_t>(i) * line, static_cast<int>(ts),
            i + 1 == lines.size() ? kDim : kText, 0, 0, w, h);

  const int64_t gx = img.grid_x, gy = img.grid_y;
  int cell_gap = cell_px >= 8 ? 1 : 0;
  int mark = std::min(7, cell_px / 4);
  int scale = draw_labels ? std::max(1, fit_scale(p.max_label, cell_px, cell_px)) : 0;
  int64_t col_step = index_step(static_cast<double>(text_width(std::to_string(p.cols - 1)) * ts + 4 * ts) / cell);
  int64_t row_step = index_step(static_cast<double>(kFontHeight * ts + 3 * ts) / cell);
  for (int64_t k = 0; k < p.panels; ++k) {
    int64_t ox = gx + f.x(k) * cell, oy = gy + f.y(k) * cell;
    if (p.titled()) cv.text(p.titles[k], ox, oy - 2 * index_h, static_cast<int>(ts), kDim, 0, 0, w, h);
    for (int64_t c = 0; c < p.cols; c += col_step) {
      std::string t = std::to_string(c);
      cv.text(t, ox + c * cell + (cell - text_width(t) * ts) / 2, oy - index_h, static_cast<int>(ts), kDim, 0, 0, w, h);
    }
    for (int64_t r = 0; r < p.rows; r += row_step) {
      std::string t = std::to_string(r * p.row_stride);
      cv.text(t, ox - 3 * ts - text_width(t) * ts, oy + r * cell + (cell - kFontHeight * ts) / 2, static_cast<int>(ts),
              kDim, 0, 0, w, h);
    }
    for (int64_t r = 0; r < p.rows; ++r)
      for (int64_t c = 0; c < p.cols; ++c) {
        int64_t e = (k * p.rows + r) * p.cols + c;
        int64_t x0 = ox + c * cell, y0 = oy + r * cell, x1 = x0 + cell - cell_gap, y1 = y0 + cell - cell_gap;
        cv.fill(x0, y0, x1, y1, p.fill[e]);
        if (mark >= 2 && p.shared_by_many[e])  // a corner triangle, row by row
          for (int i = 0; i < mark; ++i) cv.fill(x1 - mark + i, y0 + i, x1, y0 + i + 1, Rgb{0, 0, 0}, 150);
        if (scale && !p.labels.empty()) {
          const std::string& t = p.labels[e];
          int64_t tx = x0 + (x1 - x0 - text_width(t) * scale) / 2, ty = y0 + (y1 - y0 - kFontHeight * scale) / 2;
          cv.text(t, tx, ty, scale, text_color_on(p.fill[e]), x0, y0, x1, y1);
        }
      }
  }
  if (cell_px >= 4) {  // warp (thin) and CTA (thick) boundaries, centred on the cell edge
    const Rgb kLine{245, 245, 245};
    int64_t thin = cell_px >= 16 ? 2 : 1;
    for (const Boundary& b : boundaries(p, f)) {
      int64_t t = b.cta ? 2 * thin : thin, lo = -1 - (t - 1) / 2;
      int64_t x0 = gx + b.x0 * cell, y0 = gy + b.y0 * cell, x1 = gx + b.x1 * cell, y1 = gy + b.y1 * cell;
      if (b.x0 == b.x1) cv.fill(x0 + lo, y0, x0 + lo + t, y1, kLine);
      else cv.fill(x0, y0 + lo, x1, y0 + lo + t, kLine);
    }
  }
  // The legend.
  int64_t lx = below ? margin : gx + grid_w + gap, ly = below ? gy + grid_h + gap : gy + f.top * cell;
  for (int64_t i = 0; i < n; ++i) {
    int64_t col = below ? i % per_row : i / per_col, row = below ? i / per_row : i % per_col;
    int64_t x = lx + col * entry_w, y = ly + row * row_h;
    cv.fill(x, y + (row_h - swatch) / 2, x + swatch, y + (row_h - swatch) / 2 + swatch, p.legend[i].color);
    cv.text(p.legend[i].text, x + swatch + 3 * ts, y + (row_h - kFontHeight * ts) / 2, static_cast<int>(ts), kText, 0, 0,
            w, h);
  }
  return img;
}

Image side_by_side(const Image& a, const Image& b) {
  Image r = a;
  r.width = a.width + b.width;
  r.height = std::max(a.height, b.height);
  require(static_cast<int64_t>(r.width) * r.height <= kMaxImagePixels,
          "png: the two pictures side by side are more than " + std::to_string(kMaxImagePixels) + " pixels");
  r.rgb.assign(static_cast<size_t>(r.width) * r.height * 3, 0);
  Canvas cv{r};
  cv.fill(0, 0, r.width, r.height, kBackground);
  for (const Image* im : {&a, &b}) {
    size_t x0 = im == &a ? 0 : static_cast<size_t>(a.width);
    for (int y = 0; y < im->height; ++y)
      std::copy_n(&im->rgb[static_cast<size_t>(y) * im->width * 3], static_cast<size_t>(im->width) * 3,
                  &r.rgb[(static_cast<size_t>(y) * r.width + x0) * 3]);
  }
  return r;
}

std::string encode_png(const Image& img) {
  std::string out;
  auto append = [](void* ctx, void* data, int size) {
    static_cast<std::string*>(ctx)->append(static_cast<const char*>(data), static_cast<size_t>(size));
  };
  int ok = stbi_write_png_to_func(append, &out, img.width, img.height, 3, img.rgb.data(), img.width * 3);
  require(ok != 0 && !out.empty(), "png: the image could not be encoded");
  return out;
}

}  // namespace ls
