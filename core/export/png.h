// The `png` export: a software rasteriser for a Picture (picture.h), so the
// image needs no window or GPU and any size fits in memory. Drawn as the GUI
// draws its grid: a dark background, one rectangle per cell with a one-pixel
// gap from 8 pixels up, a dark corner mark on cells with several owners from
// 10 pixels up, labels in a pixel font (stb_easy_font) scaled to the cell.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "picture.h"

namespace ls {

struct Image {
  int width = 0, height = 0;
  std::vector<uint8_t> rgb;  // row-major, 3 bytes per pixel
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

}  // namespace ls
