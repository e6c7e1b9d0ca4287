// AMD WMMA accumulator layouts (RDNA 32-lane wavefronts, and gfx1250). A warp
// owns a 16x16 tile (instrShape M, N); the lanes split it along one dim and
// each lane holds a strip of registers along the other.
#pragma once
#include "common.h"

namespace ls {
struct AmdWmma {
  int32_t version = 1;
  bool transposed = false;
  Ints warps_per_cta;
  Ints instr_shape;     // M, N, K; empty means 16, 16, 16
  Ints tiles_per_warp;  // empty means all 1
  CgaLayout cga;
  bool operator==(const AmdWmma&) const = default;
};
size_t rank_of(const AmdWmma& m);
void validate(const AmdWmma& m);
LinearLayout lower(const AmdWmma& m, const Shape& shape);
}  // namespace ls
