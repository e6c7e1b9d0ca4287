// Scale layout of a scaled WMMA operand on gfx1250 (Triton 3.9's
// get_wmma_scale_layout): the layout of the [batch.., nonK, K / scaleFactor]
// scale tensor of operand A (opIdx 0, nonK = M) or B (opIdx 1, nonK = N) of
// a rank-2 or rank-3 WMMA accumulator in 3.9's ctaLayout form. A lane holds
// scales along K: max(shape[1], 4 for scaleFactor 32 or 8 for 16) of them
// (dim 1 is K for rank 2 but nonK for rank 3; Triton sizes them so either
// way). Lanes 0..15 run along nonK; then the accumulator's ctaLayout
// register and warp bases, keeping their batch part and their nonK part in
// units of the tile's nonK size (register bases with neither are dropped,
// warp bases become broadcast), then repeats along batch, K, nonK. Lane 16
// steps 16 along nonK when the tile's nonK size is 32; with a 16-row
// instruction (instrShape M = 16) it takes the first register step after
// those K registers (nothing when there is none); otherwise it holds copies.
// CTAs split the tensor as the parent's CGA layout splits batch and nonK,
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
