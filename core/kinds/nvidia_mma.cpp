#include "nvidia_mma.h"

#include <utility>

#include "../error.h"
#include "mma_tile.h"

namespace ls {

size_t rank_of(const NvidiaMma& m) { return m.warps_per_cta.size(); }

void validate(const NvidiaMma& m) {
  size_t rank = rank_of(m);
  require(m.version_major == 2 || m.version_major == 3,
          "nvidia_mma: versionMajor = " + std::to_string(m.version_major) + "; supported are 2 (mma.sync) and 3 (wgmma)");
  check_warps("nvidia_mma: warpsPerCTA", m.warps_per_cta);
  if (m.version_major == 2) {
    require(rank == 2 || rank == 3, "nvidia_mma: warpsPerCTA has " + std::to_string(rank) + " entries; v2 has rank 2 or 3");
    check_rank("nvidia_mma: instrShape", m.instr_shape.size(), rank);
    require(m.instr_shape[rank - 2] == 16 && m.instr_shape[rank - 1] == 8 && (rank == 2 || m.instr_shape[0] == 1),
            "nvidia_mma: instrShape of v2 must be [16, 8] (rank 3: [1, 16, 8])");
  } else {
    require(rank == 2, "nvidia_mma: warpsPerCTA has " + std::to_string(rank) + " entries; v3 has rank 2");
    require(m.instr_shape.size() == 3, "nvidia_mma: instrShape of v3 must be [16, N, K]");
    require(m.instr_shape[0] == 16, "nvidia_mma: instrShape[0] of v3 must be 16");
    int32_t n = m.instr_shape[1];
    require(n >= 8 && n <= 256 && (n & (n - 1)) == 0, "nvidia_mma: instrShape[1] = " + std::to_string(n) +
                                                           " must be a power of two in 8..256");
    require(m.warps_per_cta[0] % 4 == 0, "nvidia_mma: warpsPerCTA[0] of v3 must be a multiple of 4 (a warpgroup)");
  }
  check_cga(m.cga, rank);
}

LinearLayout lower(const NvidiaMma& m, const Shape& shape) {
  size_t rank = rank_of(m);
  Ints tile = m.version_major == 2 ? m.instr_shape : Ints{m.instr_shape[0], m.instr_shape[1]};
  Ints order = matrix_order(rank, true);
  LinearLayout cta = mma_tile(tile, 2, order, order);
  cta *= identity_nd("warp", m.warps_per_cta, matrix_order(rank, m.version_major == 2)).transpose_outs(cta.out_names());
  return combine_cta_cga(std::move(cta), m.cga, shape);
}

}  // namespace ls
