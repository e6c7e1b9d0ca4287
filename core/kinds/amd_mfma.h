// AMD MFMA accumulator layouts (CDNA, 64-lane wavefronts). For a 32x32 tile a
// lane owns 4 consecutive rows, then a gap of 4 rows, 16 values in all; for
// 16x16 a lane owns 4 consecutive rows. `transposed` swaps the roles of rows
// and columns inside the warp. tilesPerWarp repeats the tile inside a warp
// before the warps tile warpsPerCTA.
#pragma once
#include "common.h"

namespace ls {
struct AmdMfma {
  int32_t version = 3;
  Ints instr_shape;  // M, N, K
  bool transposed = false;
  Ints warps_per_cta;
  int32_t element_bitwidth = 32;
  Ints tiles_per_warp;  // empty means all 1
  CgaLayout cga;
  bool operator==(const AmdMfma&) const = default;
};
size_t rank_of(const AmdMfma& m);
void validate(const AmdMfma& m);
LinearLayout lower(const AmdMfma& m, const Shape& shape);
}  // namespace ls
