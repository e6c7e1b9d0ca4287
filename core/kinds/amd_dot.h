// Shared by the AMD matrix layouts: their dot operands (in amd_mfma.cpp and
// amd_wmma.cpp) and the pieces MFMA and WMMA have in common (in amd_mfma.cpp).
#pragma once
#include "amd_mfma.h"
#include "amd_wmma.h"
#include "dot_operand.h"

namespace ls {
LinearLayout mfma_dot(const DotOperand& d, const AmdMfma& m, const Shape& shape);
LinearLayout wmma_dot(const DotOperand& d, const AmdWmma& m, const Shape& shape);

// `kind`: tilesPerWarp (empty means all 1) and the CGA layout for the rank.
void check_tiles_and_cga(const std::string& kind, const Ints& tiles_per_warp, const CgaLayout& cga, size_t rank);
// `tile` covers one instruction (N wide) with its outs ordered N, M; then
// tilesPerWarp and warpsPerCTA along N, the rest of N, then along M, the
// batch dim's warps, and the CTAs.
LinearLayout amd_warps_and_ctas(LinearLayout tile, int32_t instr_n, const Ints& tiles_per_warp, const Ints& warps,
                                const CgaLayout& cga, const Shape& shape);
}  // namespace ls
