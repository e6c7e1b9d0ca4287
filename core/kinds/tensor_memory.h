// Blackwell tensor memory (TMEM) layout, as Triton 3.9 maps it: a linear map
// from TMEM coordinates (row = TMEM lane 0..127, col, block = CTA) to the
// 2-D tensor coordinates (dim0, dim1). `col` counts element-width units: the
// element sits in 32-bit column col * bitwidth / 32; each col_stride bigger
// than 1 (and fp4_padded) adds leading zero col bases (unused halves/bytes).
// Per CTA (the shape divided by the CGA split, see common.h) the tile is
//   blockM = 128:  row r -> dim0 r,  col c -> dim1 c  (c < bn = min(blockN, N));
//   blockM = 64:   rows 0..15 -> dim0, row 16 -> dim0 64 when M > 64, else
//                  dim1 bn when N > bn, else nothing; rows 32, 64 -> dim0 16, 32;
//   blockM = 64 with two_ctas: the blockM = 128 tile whose last col basis
//                  (dim1 bn/2, or a zero padding basis) moves to row 64;
// then further col bases repeat the tile along dim0 and then dim1 to the
// per-CTA shape (the shape divided by the CTAs along each dim, at least 1).
// Block bases are the CGA bases times the per-CTA shape (zero past the shape).
// Where Triton aborts or crashes (shape smaller than the tile, a CGA basis
// that is not the next power of two along one dim, two_ctas with blockM 64
// and no col basis) this throws ls::Error naming the rule.
#pragma once
#include "common.h"

namespace ls {
struct TensorMemory {
  int32_t block_m = 128, block_n = 128, col_stride = 1;
  CgaLayout cga;
  bool two_ctas = false, fp4_padded = false;
  bool operator==(const TensorMemory&) const = default;
};
size_t rank_of(const TensorMemory& t);
void validate(const TensorMemory& t);
LinearLayout lower(const TensorMemory& t, const Shape& shape);

// Shared with the scales layout: the CGA rules Triton's TMEM layouts accept
// (each basis moves along one dim by the next power of two, or is zero), the
// per-CTA shape, and the block bases (CGA basis times per-CTA shape).
void check_tmem_cga(const std::string& kind, const CgaLayout& cga);
Shape tmem_shape_per_cta(const std::string& kind, const CgaLayout& cga, const Shape& shape);
Bases tmem_block_bases(const CgaLayout& cga, const Shape& per_cta, const Shape& shape);
}  // namespace ls
