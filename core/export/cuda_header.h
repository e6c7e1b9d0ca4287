// The `cuda` export: a self-contained header for CUDA and plain C++ that
// answers, with __host__ __device__ functions, what the layout map answers.
//   - distributed layouts: hw_to_coords(reg, lane, warp, block, coords);
//   - shared layouts: offset_to_coords(offset[, block], coords) and its
//     inverse coords_to_offset / coords_to_block (the first owner when
//     several offsets hold an element, -1 when none does).
// A layout linear over F2 is written as its bases: an input's coordinates
// are the XOR of the bases of its set bits (the inverse likewise, over the
// bits of the row-major element index). Other layout maps are written as
// tables. The data lives in static constexpr arrays inside the functions
// (CUDA lets device code read those, not namespace-scope arrays).
#pragma once

#include <string>

#include "../layout_map.h"

namespace ls {

// `title` becomes the first comment line (say, the layout's MLIR text).
std::string cuda_header(const LayoutMap& m, const std::string& ns, const std::string& title);

}  // namespace ls
