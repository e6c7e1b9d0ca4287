// Scale layout of a scaled WMMA operand on gfx1250 (Triton 3.9's
// get_wmma_scale_layout): the layout of the [nonK, K / scaleFactor] scale
// tensor of operand A (opIdx 0, nonK = M) or B (opIdx 1, nonK = N) of a WMMA
// accumulator in 3.9's ctaLayout form. A lane holds its row's scales along K
// (4 per instruction for scaleFactor 32, 8 for 16, then the rest of K);
// lanes 0..15 run along nonK; then the accumulator's ctaLayout register and
// warp bases, keeping only their nonK part in units of the tile's nonK size
// (register bases with none are dropped, warp bases become broadcast), then
// repeats along nonK. Lane 16 steps 16 along nonK when the tile's nonK size
// is 32; with a 16-row instruction (instrShape M = 16) it takes the first
// nonK register step instead (nothing when there is none); otherwise it
// holds copies. CTAs split the rows as the parent's CGA layout splits nonK,
// and hold copies along K. Steps past the per-CTA shape are zeroed.
#pragma once
#include "amd_wmma.h"

namespace ls {
struct AmdWmmaScale {
  int32_t op_idx = 0;
  AmdWmma parent;  // Triton 3.9 form (ctaLayout bases)
  int32_t scale_factor = 32;
  bool operator==(const AmdWmmaScale&) const = default;
};
size_t rank_of(const AmdWmmaScale& s);
void validate(const AmdWmmaScale& s);
LinearLayout lower(const AmdWmmaScale& s, const Shape& shape);
}  // namespace ls
