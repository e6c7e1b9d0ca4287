// Scale layout of a scaled MFMA operand on CDNA4 (gfx950; Gluon's
// get_mfma_scale_layout, Triton 3.6 and 3.9): the layout of the
// [nonK, K / 32] scale tensor of operand A (opIdx 0, nonK = M) or B
// (opIdx 1, nonK = N) of an MFMA accumulator. Only the parent's instruction
// M (32 or 16), tilesPerWarp and warpsPerCTA matter. A 32-row instruction
// spreads nonK over lanes 0..31 and K over lane 32 (16 rows: lanes 0..15,
// K over lanes 16 and 32); registers take the rest of K, then the parent's
// tiles along nonK; warps follow warpsPerCTA, along K first for A (where
// they hold copies once K is covered) and along nonK first for B; the
// tile then repeats or is cut to the tensor (one CTA).
#pragma once
#include "amd_mfma.h"

namespace ls {
struct AmdMfmaScale {
  int32_t op_idx = 0;
  AmdMfma parent;
  int32_t scale_factor = 32;
  bool operator==(const AmdMfmaScale&) const = default;
};
size_t rank_of(const AmdMfmaScale& s);
void validate(const AmdMfmaScale& s);
LinearLayout lower(const AmdMfmaScale& s, const Shape& shape);
}  // namespace ls
