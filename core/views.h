// Text views of a layout map, in the notation of Triton's
// triton-tensor-layout and the Gluon tutorial:
//   - tensor view: one cell per element, `T<thread>:<register>` (prefixed by
//     `B<block>:` when there are several CTAs), the owners of a broadcast
//     element joined by `|`, every owner right-aligned to one width;
//     shared layouts show the offset instead, tensor-memory layouts
//     `L<TMEM lane>:C<col>`;
//   - hardware view: per block and warp, one row per lane (per offset for
//     shared layouts) listing the coordinates each register holds.
// Thread = lane + lanes_per_warp * warp.
#pragma once

#include <string>
#include <vector>

#include "layout_map.h"

namespace ls {

// The owners (flat hardware indices) of every element, ascending.
std::vector<std::vector<int64_t>> owners_by_element(const LayoutMap& m);
// Decodes a flat hardware index into one value per hw dim.
std::vector<int64_t> hw_coords(const LayoutMap& m, int64_t flat);
// `T12:3`, `B1:T12:3`, the offset for shared layouts, `L5:C8` for TMEM.
std::string owner_label(const LayoutMap& m, int64_t flat);

// The TMEM grid of a tensor-memory layout, per CTA 128 lanes x 512 32-bit
// columns: the element at TMEM lane r and column unit c (one unit is
// elem_bits wide) sits in 32-bit column c * elem_bits / 32. Warp w reaches
// only lanes 32 * (w % 4) .. +31, its quadrant. Throws ls::Error for a map
// without TMEM dims (row, col).
struct TmemGrid {
  static constexpr int64_t kLanes = 128, kColumns = 512;
  int64_t blocks = 1;
  int64_t columns = kColumns;  // kColumns, or more when the layout needs more
  int64_t used_columns = 0;    // 1 + the highest column holding an element
  // per (block * kLanes + lane) * columns + column: the elements held there
  // (row-major indices), ascending, without repeats
  std::vector<std::vector<int64_t>> cells;
};
TmemGrid tmem_grid(const LayoutMap& m, int32_t elem_bits);

std::string tensor_view(const LayoutMap& m);
std::string hw_view(const LayoutMap& m);

}  // namespace ls
