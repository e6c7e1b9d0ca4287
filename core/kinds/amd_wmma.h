// AMD WMMA accumulator layouts (RDNA 32-lane wavefronts, and gfx1250). A warp
// owns one instruction tile; 16 lanes run along N (along M when transposed),
// lane 16 steps 1 (v1) or 8 (v2, v3) along the other dim, where each lane
// holds a strip of registers (v1: rows 2, 4, 8; v2/v3: 1, 2, 4, and 16 for
// gfx1250's 32x16 shapes).
// Two spellings: Triton 3.6's warpsPerCTA/tilesPerWarp, and Triton 3.9's
// ctaLayout = {register, warp}, bases counted in instruction tiles (a
// transposed 32x16 instruction is a 16x32 tile). In 3.9 the tile's registers
// come first, then the ctaLayout register and warp bases times the tile
// size, then repeats along the last dim first; steps past the per-CTA shape
// are zeroed. The ctaLayout must cover a box of tiles (surjective), and on
// the given shape the nonzero bases must be distinct steps along one dim
// each (a permutation matrix), as Triton 3.9 checks.
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
  // Triton 3.9's form: ctaLayout bases instead of warpsPerCTA/tilesPerWarp.
  bool cta_bases = false;
  Bases cta_register, cta_warp;
  int32_t rank = 2;  // of the 3.9 form
  bool operator==(const AmdWmma&) const = default;
};
size_t rank_of(const AmdWmma& m);
void validate(const AmdWmma& m);
LinearLayout lower(const AmdWmma& m, const Shape& shape);
// The instruction tile as a 3.9 layout sees it: [dim M, dim N], swapped when
// transposed.
Ints wmma_tile(const AmdWmma& m);
}  // namespace ls
