#include "coloring.h"

#include <algorithm>
#include <cmath>

#include "views.h"

namespace ls {
namespace {

const char* kNames[] = {"thread", "warp", "register", "lane", "block", "offset", "bank"};

Rgb hsv(double h, double s, double v) {
  h = std::fmod(h, 1.0) * 6.0;
  int i = static_cast<int>(h);
  double f = h - i, p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f));
  double r = v, g = t, b = p;
  switch (i % 6) {
    case 1: r = q, g = v, b = p; break;
    case 2: r = p, g = v, b = t; break;
    case 3: r = p, g = q, b = v; break;
    case 4: r = t, g = p, b = v; break;
    case 5: r = v, g = p, b = q; break;
    default: break;
  }
  auto byte = [](double x) { return static_cast<uint8_t>(std::lround(std::clamp(x, 0.0, 1.0) * 255)); };
  return {byte(r), byte(g), byte(b)};
}

int dim_index(const std::vector<HwDim>& dims, const char* name) {
  for (size_t i = 0; i < dims.size(); ++i)
    if (dims[i].name == name) return static_cast<int>(i);
  return -1;
}

// Tensor-memory maps have row (TMEM lane) and col dims: lane and thread
// colour by row, register by col, warp by the 32-lane quadrant a warp reaches.
bool tmem(const std::vector<HwDim>& dims) { return dim_index(dims, "row") >= 0; }

const char* dim_of(ColorBy by, bool tensor_memory) {
  if (tensor_memory && (by == ColorBy::thread || by == ColorBy::lane || by == ColorBy::warp)) return "row";
  if (tensor_memory && by == ColorBy::reg) return "col";
  switch (by) {
    case ColorBy::thread: return "lane";
    case ColorBy::warp: return "warp";
    case ColorBy::reg: return "register";
    case ColorBy::lane: return "lane";
    case ColorBy::block: return "block";
    case ColorBy::offset:
    case ColorBy::bank: return "offset";
  }
  return "";
}

}  // namespace

const char* color_by_name(ColorBy by) { return kNames[static_cast<int>(by)]; }

std::optional<ColorBy> parse_color_by(const std::string& name) {
  for (int i = 0; i < 7; ++i)
    if (name == kNames[i]) return static_cast<ColorBy>(i);
  return std::nullopt;
}

bool color_by_available(const LayoutMap& m, ColorBy by) {
  auto dims = m.hw_dims();
  int i = dim_index(dims, dim_of(by, tmem(dims)));
  if (i < 0) return false;
  if (by == ColorBy::offset || by == ColorBy::bank) return true;
  return dims[i].size > 1 || (by == ColorBy::thread && dim_index(dims, "warp") >= 0);
}

ColorBy default_color_by(const LayoutMap& m) {
  return m.is_shared() ? ColorBy::offset : m.is_tensor_memory() ? ColorBy::warp : ColorBy::thread;
}

int64_t color_key(const LayoutMap& m, int64_t flat, ColorBy by, int elem_bits) {
  auto dims = m.hw_dims();
  auto c = hw_coords(m, flat);
  auto at = [&](const char* name) {
    int i = dim_index(dims, name);
    return i < 0 ? int64_t{0} : c[i];
  };
  auto size = [&](const char* name) {
    int i = dim_index(dims, name);
    return i < 0 ? int64_t{1} : dims[i].size;
  };
  if (tmem(dims)) {
    if (by == ColorBy::thread || by == ColorBy::lane) return at("row") + size("row") * at("block");
    if (by == ColorBy::warp) return at("row") / 32 + 4 * at("block");
    if (by == ColorBy::reg) return at("col");
  }
  switch (by) {
    case ColorBy::thread: return at("lane") + size("lane") * (at("warp") + size("warp") * at("block"));
    case ColorBy::warp: return at("warp") + size("warp") * at("block");
    case ColorBy::reg: return at("register");
    case ColorBy::lane: return at("lane");
    case ColorBy::block: return at("block");
    case ColorBy::offset: return at("offset");
    case ColorBy::bank: return (at("offset") * elem_bits / 32) % 32;
  }
  return 0;
}

Rgb id_color(int64_t k, Palette p) {
  if (p == Palette::high_contrast) {
    static constexpr Rgb kOkabeIto[8] = {{230, 159, 0},  {86, 180, 233},  {0, 158, 115}, {240, 228, 66},
                                         {0, 114, 178},  {213, 94, 0},    {204, 121, 167}, {170, 170, 170}};
    Rgb c = kOkabeIto[k % 8];
    if ((k / 8) % 2 == 0) return c;
    auto shade = [](uint8_t x) { return static_cast<uint8_t>(x * 0.62); };
    return {shade(c.r), shade(c.g), shade(c.b)};
  }
  double h = std::fmod(static_cast<double>(k) * 0.6180339887498949, 1.0);
  return hsv(h, (k & 1) ? 0.50 : 0.70, (k & 2) ? 0.80 : 0.95);
}

Rgb ramp_color(int64_t k, int64_t period, Palette p) {
  period = std::max<int64_t>(1, period);
  k %= period;
  if (p == Palette::high_contrast) {  // viridis, by linear steps between 5 of its colours
    static constexpr double kStops[5][3] = {{68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {253, 231, 37}};
    double t = 4.0 * static_cast<double>(k) / static_cast<double>(std::max<int64_t>(1, period - 1));
    int i = std::min(3, static_cast<int>(t));
    double f = t - i;
    auto mix = [&](int c) { return static_cast<uint8_t>(std::lround(kStops[i][c] + (kStops[i + 1][c] - kStops[i][c]) * f)); };
    return {mix(0), mix(1), mix(2)};
  }
  return hsv(0.75 * static_cast<double>(k) / static_cast<double>(std::max<int64_t>(1, period - 1)), 0.60, 0.95);
}

std::vector<Rgb> element_colors(const LayoutMap& m, const std::vector<std::vector<int64_t>>& owners, ColorBy by,
                                int elem_bits, Palette p) {
  Shape shape = m.shape();
  int64_t row = shape.back();
  std::vector<Rgb> r(owners.size(), kUnowned);
  for (size_t e = 0; e < owners.size(); ++e) {
    if (owners[e].empty()) continue;
    int64_t k = color_key(m, owners[e][0], by, elem_bits);
    r[e] = by == ColorBy::offset ? ramp_color(k, row, p) : by == ColorBy::bank ? ramp_color(k, 32, p) : id_color(k, p);
  }
  return r;
}

Rgb text_color_on(Rgb f) {
  double luma = (0.299 * f.r + 0.587 * f.g + 0.114 * f.b) / 255.0;
  return luma > 0.55 ? Rgb{20, 20, 20} : Rgb{245, 245, 245};
}

}  // namespace ls
