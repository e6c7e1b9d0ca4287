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
  int64_t margin = std::max(4, cell_px / 2);
  int64_t w = p.width() * cell_px + 2 * margin, h = p.height() * cell_px + 2 * margin;
  require(w * h <= kMaxImagePixels, "png: " + std::to_string(w) + "x" + std::to_string(h) + " pixels is more than the " +
                                        std::to_string(kMaxImagePixels) + " a PNG export draws; give a smaller --cell");
  Image img{static_cast<int>(w), static_cast<int>(h), {}};
  img.rgb.resize(static_cast<size_t>(w) * h * 3);
  Canvas cv{img};
  cv.fill(0, 0, w, h, kBackground);
  int gap = cell_px >= 8 ? 1 : 0;
  int mark = std::min(7, cell_px / 4);
  int scale = draw_labels ? std::max(1, fit_scale(p.max_label, cell_px, cell_px)) : 0;
  const Rgb kTitle{170, 170, 178};
  for (int64_t k = 0; k < p.panels; ++k) {
    int64_t ox = margin + p.panel_x(k) * cell_px, oy = margin + p.panel_y(k) * cell_px;
    if (p.titled()) {
      int ts = fit_scale(1, cell_px * 4, cell_px);
      if (ts) cv.text(p.titles[k], ox, oy - cell_px + (cell_px - kFontHeight * ts) / 2, ts, kTitle, ox, oy - cell_px,
                      ox + p.cols * cell_px, oy);
    }
    for (int64_t r = 0; r < p.rows; ++r)
      for (int64_t c = 0; c < p.cols; ++c) {
        int64_t e = (k * p.rows + r) * p.cols + c;
        int64_t x0 = ox + c * cell_px, y0 = oy + r * cell_px, x1 = x0 + cell_px - gap, y1 = y0 + cell_px - gap;
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
  return img;
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
