// The NVIDIA MMA register tile shared by accumulators and dot operands: along
// the inner dim kWidth registers then 4 lanes, along the outer dim 8 lanes,
// then the tile repeats in registers m/8 times along the outer dim and
// n/(4 kWidth) times along the inner dim.
#pragma once
#include "common.h"

namespace ls {
// [rank-1, ..., 0]; column-major swaps the first two: [rank-2, rank-1, ...].
Ints matrix_order(size_t rank, bool row_major);
// tile: per-dim tile size; order: [inner, outer, ...]; rep_order gives the
// order of the outs (where repeated tiles add register bases).
LinearLayout mma_tile(const Ints& tile, int32_t k_width, const Ints& order, const Ints& rep_order);
}  // namespace ls
