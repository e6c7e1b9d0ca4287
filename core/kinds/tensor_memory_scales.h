// Blackwell tensor-memory layout of MMA scale factors (Triton 3.9's
// TensorMemoryScalesLayout), rows = TMEM lanes, col = byte columns:
//   rows 0..31 -> dim0 0..31; rows 32, 64 hold copies (the four warps'
//   quadrants see the same 32 rows); cols 1, 2 -> dim1 1, 2; col 4 -> dim0 32;
// further cols repeat this 64x4 tile along dim0, then dim1, to the per-CTA
// shape (rounded up), and bases reaching past a smaller shape are zeroed
// (largest first) so those columns hold copies. CGA as for tensor_memory.
#pragma once
#include "common.h"

namespace ls {
struct TensorMemoryScales {
  CgaLayout cga;
  bool operator==(const TensorMemoryScales&) const = default;
};
size_t rank_of(const TensorMemoryScales& t);
void validate(const TensorMemoryScales& t);
LinearLayout lower(const TensorMemoryScales& t, const Shape& shape);
}  // namespace ls
