// The `png` export: a software rasteriser for a Picture (picture.h), so the
// image needs no window or GPU and any size fits in memory. Drawn as the GUI
// draws its grid: a dark background, one rectangle per cell with a one-pixel
// gap from 8 pixels up, a dark corner mark on cells with several owners from
// 10 pixels up, warp and CTA boundaries as light lines from 4 pixels up,
// labels in a pixel font (stb_easy_font) scaled to the cell. The title,
// indices and legend use that font at 2x (3x when the grid is 1200 pixels
// or more): its capitals are 14 (21) pixels tall.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "picture.h"

namespace ls {

struct Image {
  int width = 0, height = 0;
  std::vector<uint8_t> rgb;        // row-major, 3 bytes per pixel
  Frame frame;                     // where rasterise put the panels, in cells
  int64_t grid_x = 0, grid_y = 0;  // the pixel of the frame's cell (0, 0)
  int cell_px = 0;
};

constexpr int64_t kMaxImagePixels = int64_t{1} << 26;
const Rgb kBackground{28, 28, 32};  // the GUI's canvas

// draw_labels: whether cells carry the labels the picture holds (the caller
// decides "auto" with label_fits). Throws ls::Error above kMaxImagePixels.
Image rasterise(const Picture& p, int cell_px, bool draw_labels);
// Whether a label of `chars` characters fits a cell of `cell_px` pixels.
bool label_fits(size_t chars, int cell_px);
// The pixel size per cell that makes the longer side near 2048 pixels (1..48).
int default_cell_px(const Picture& p);
std::string encode_png(const Image& img);
// `a` and `b` side by side, tops aligned, on the background (the frame and
// grid fields are a's).
Image side_by_side(const Image& a, const Image& b);

}  // namespace ls
