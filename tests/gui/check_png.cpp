// check_png FILE WIDTH HEIGHT MIN_COLOURS: exits 0 when FILE is a PNG of
// that size holding more than MIN_COLOURS distinct colours.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <unordered_set>

#include "stb_image.h"

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: check_png FILE WIDTH HEIGHT MIN_COLOURS\n");
    return 2;
  }
  int want_w = std::atoi(argv[2]), want_h = std::atoi(argv[3]);
  size_t min_colours = std::strtoul(argv[4], nullptr, 10);
  int w, h, channels;
  unsigned char* px = stbi_load(argv[1], &w, &h, &channels, 3);
  if (!px) {
    std::fprintf(stderr, "check_png: cannot load %s: %s\n", argv[1], stbi_failure_reason());
    return 1;
  }
  std::unordered_set<uint32_t> colours;
  for (size_t i = 0; i < static_cast<size_t>(w) * h; ++i)
    colours.insert(uint32_t{px[3 * i]} << 16 | uint32_t{px[3 * i + 1]} << 8 | px[3 * i + 2]);
  stbi_image_free(px);
  std::printf("%s: %dx%d, %zu distinct colours\n", argv[1], w, h, colours.size());
  if (w != want_w || h != want_h) {
    std::fprintf(stderr, "check_png: expected %dx%d\n", want_w, want_h);
    return 1;
  }
  if (colours.size() <= min_colours) {
    std::fprintf(stderr, "check_png: expected more than %zu colours (is the grid drawn?)\n", min_colours);
    return 1;
  }
  return 0;
}
