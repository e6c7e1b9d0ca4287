// The `cute` export: the layout as CuTe types, where CuTe can say it.
//   - distributed: a TV layout, (thread, value) -> colexicographic index of
//     the element in the tile (dim0 fastest), as CuTe's MMA and copy atoms
//     count; thread = lane + lanes * warp, value = register, and a third mode
//     for the CTA when there are several. Each hardware bit is a mode of
//     size 2 whose stride is its basis's index; an integer stride layout adds
//     what the F2 layout XORs, so the bases' indices must share no bit.
//   - shared: element coordinates -> offset, i.e. the inverse of the
//     layout, as Swizzle<B,M,S> composed with a stride layout. The inverse
//     must be a bijection onto one CTA's offsets and, after undoing one
//     swizzle (a swizzle is its own inverse), a stride layout as above.
// Runs of bits with doubling strides merge into one mode.
#pragma once

#include <string>

#include "../layout_map.h"

namespace ls {

// Throws ls::Error with the reason when CuTe cannot express the layout.
std::string cute_code(const LayoutMap& m, const std::string& ns, const std::string& title);

}  // namespace ls
