// NVMMA shared layout (the layouts TMA and wgmma read): a swizzled layout with
// vec = 128 / elementBitWidth, perPhase = 128 / swizzleBytes and maxPhase =
// swizzleBytes / 16, over core matrices of 8 rows x swizzleBytes. The
// contiguous dim is the last one, or the first when `transposed`.
// fp4Padded stores 4-bit values padded to bytes. Without swizzle
// (swizzlingByteWidth 0) the offsets run along the contiguous dim first; in
// Triton 3.6 that is always the last dim, in 3.9 the first when transposed;
// 3.9's rank-3 transposed form walks dim1 for box[0] steps, dim0 for box[2],
// dim2 for box[1] (steps past the tensor hold nothing: not injective);
// rank 4 and more transposed without swizzle are refused for 3.9.
#pragma once
#include "../triton_version.h"
#include "common.h"

namespace ls {
struct NvmmaShared {
  int32_t swizzle_bytes = 128, element_bitwidth = 16, rank = 2;
  bool transposed = false, fp4_padded = false;
  CgaLayout cga;
  bool operator==(const NvmmaShared&) const = default;
};
size_t rank_of(const NvmmaShared& s);
void validate(const NvmmaShared& s);
LinearLayout lower(const NvmmaShared& s, const Shape& shape, TritonVersion v);
}  // namespace ls
