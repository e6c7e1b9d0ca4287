// How the grid is coloured, shared by the app and every picture exporter so
// a PNG, SVG or TikZ picture looks like the window:
//   - ids (thread, warp, register, lane, block) step the hue by the golden
//     ratio, so neighbouring ids differ; saturation and value alternate with
//     the low bits to separate ids whose hues come close;
//   - shared offsets (and banks) are a hue ramp that restarts every row of
//     the tensor, so an unswizzled layout repeats one ramp and a swizzle
//     permutes it;
//   - tensor-memory layouts: thread and lane colour by TMEM lane (row),
//     warp by the 32-lane quadrant (the default), register by column.
// The high-contrast palette (presentation mode) is safe for colour-blind
// viewers: ids cycle through the 8 Okabe-Ito colours, a lighter and a darker
// shade alternating every 8 ids; ramps follow viridis.
// An element is coloured by its first owner (lowest flat hardware index).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "layout_map.h"

namespace ls {

enum class ColorBy { thread, warp, reg, lane, block, offset, bank };
enum class Palette { standard, high_contrast };

struct Rgb {
  uint8_t r = 0, g = 0, b = 0;
  bool operator==(const Rgb&) const = default;
};

constexpr Rgb kUnowned{60, 60, 66};  // an element no hardware index owns

const char* color_by_name(ColorBy by);  // "thread", "warp", "register", ...
std::optional<ColorBy> parse_color_by(const std::string& name);
// Whether the colouring means something for this layout (its hw dim exists
// and has more than one index; bank needs an offset dim).
bool color_by_available(const LayoutMap& m, ColorBy by);
// The natural colouring: offset for shared layouts, thread otherwise.
ColorBy default_color_by(const LayoutMap& m);

// The value owner `flat` is coloured by. Thread = lane + lanes * (warp +
// warps * block); bank = (offset * elem_bits / 32) % 32.
int64_t color_key(const LayoutMap& m, int64_t flat, ColorBy by, int elem_bits = 32);
Rgb id_color(int64_t key, Palette p = Palette::standard);
Rgb ramp_color(int64_t key, int64_t period, Palette p = Palette::standard);
// Per row-major element, given its owners (views.h owners_by_element).
std::vector<Rgb> element_colors(const LayoutMap& m, const std::vector<std::vector<int64_t>>& owners, ColorBy by,
                                int elem_bits = 32, Palette p = Palette::standard);
// Dark or light text, whichever reads on `fill`.
Rgb text_color_on(Rgb fill);

}  // namespace ls
