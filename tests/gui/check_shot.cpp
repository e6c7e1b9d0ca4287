// check_shot PNG META LAYOUT WIDTH HEIGHT: checks a `layoutscope
// --screenshot` picture against the layout it shows. The PNG must have the
// size asked for and not be blank, and at the top-left pixel of sampled grid
// cells (placed by the geometry the app wrote to META) the colour must be
// the one core/coloring.h gives the element's first owner.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "coloring.h"
#include "io/text.h"
#include "stb_image.h"
#include "views.h"

int main(int argc, char** argv) {
  if (argc != 6) {
    std::fprintf(stderr, "usage: check_shot PNG META LAYOUT WIDTH HEIGHT\n");
    return 2;
  }
  try {
    int w, h, channels;
    unsigned char* px = stbi_load(argv[1], &w, &h, &channels, 3);
    if (!px) throw std::runtime_error(std::string("cannot load the PNG: ") + stbi_failure_reason());
    if (w != std::atoi(argv[4]) || h != std::atoi(argv[5]))
      throw std::runtime_error("the PNG is " + std::to_string(w) + "x" + std::to_string(h));
    std::set<uint32_t> colours;
    for (int i = 0; i < w * h; ++i) colours.insert(uint32_t{px[3 * i]} << 16 | uint32_t{px[3 * i + 1]} << 8 | px[3 * i + 2]);
    if (colours.size() < 8) throw std::runtime_error("the PNG is blank (" + std::to_string(colours.size()) + " colours)");

    std::ifstream mf(argv[2]), lf(argv[3]);
    nlohmann::json meta = nlohmann::json::parse(mf);
    std::stringstream text;
    text << lf.rdbuf();
    ls::TensorLayout t = ls::parse_layout(text.str());
    auto map = ls::make_map(t);
    if (meta["shape"].get<ls::Shape>() != map->shape()) throw std::runtime_error("the app shows another shape");
    auto by = ls::parse_color_by(meta["color_by"].get<std::string>());
    if (!by) throw std::runtime_error("unknown color_by in META");
    auto expect = ls::element_colors(*map, ls::owners_by_element(*map), *by, t.elem_bits);

    double ox = meta["origin"][0], oy = meta["origin"][1], cell = meta["cell"];
    double cx1 = meta["canvas"][2], cy1 = meta["canvas"][3];
    int64_t rows = meta["rows"], cols = meta["cols"], base = meta["base"], step = meta["step"];
    double span = cell * step - meta["gap"].get<double>();
    if (span < 2) throw std::runtime_error("cells too small to check");
    // Corners, centre, and a spread of block-aligned cells.
    std::vector<std::pair<int64_t, int64_t>> cells = {{0, 0}, {rows - 1, cols - 1}, {0, cols - 1}, {rows - 1, 0},
                                                      {rows / 2, cols / 2}};
    for (int64_t k = 1; k <= 40; ++k) cells.push_back({(k * 7919) % rows, (k * 104729) % cols});
    int checked = 0, bad = 0;
    for (auto [r, c] : cells) {
      r = r / step * step, c = c / step * step;
      int x = static_cast<int>(std::ceil(ox + c * cell)), y = static_cast<int>(std::ceil(oy + r * cell));
      if (x + 1 > ox + c * cell + span || y + 1 > oy + r * cell + span || x >= cx1 || y >= cy1 || x < 0 || y < 0 ||
          x >= w || y >= h)
        continue;
      const unsigned char* p = px + 3 * (static_cast<size_t>(y) * w + x);
      ls::Rgb want = expect[base + r * cols + c];
      ++checked;
      if (std::abs(p[0] - want.r) > 2 || std::abs(p[1] - want.g) > 2 || std::abs(p[2] - want.b) > 2) {
        ++bad;
        std::fprintf(stderr, "cell (%lld, %lld) at pixel (%d, %d): got %d,%d,%d, expected %d,%d,%d\n",
                     static_cast<long long>(r), static_cast<long long>(c), x, y, p[0], p[1], p[2], want.r, want.g,
                     want.b);
      }
    }
    stbi_image_free(px);
    std::printf("%s: %dx%d, %zu colours, %d cells checked, %d wrong\n", argv[1], w, h, colours.size(), checked, bad);
    if (checked < 4) throw std::runtime_error("fewer than 4 cells could be checked");
    return bad ? 1 : 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "check_shot: %s\n", e.what());
    return 1;
  }
}
