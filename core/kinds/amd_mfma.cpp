#include "amd_mfma.h"

#include <utility>

#include "../error.h"
#include "amd_dot.h"
#include "mma_tile.h"

namespace ls {

size_t rank_of(const AmdMfma& m) { return m.warps_per_cta.size(); }

void validate(const AmdMfma& m) {
  size_t rank = rank_of(m);
  require(m.version >= 1 && m.version <= 4, "amd_mfma: version = " + std::to_string(m.version) + " must be in 1..4");
  require(rank == 2 || rank == 3, "amd_mfma: warpsPerCTA has " + std::to_string(rank) + " entries; rank must be 2 or 3");
  check_warps("amd_mfma: warpsPerCTA", m.warps_per_cta);
  require(m.instr_shape.size() == 3, "amd_mfma: instrShape must be [M, N, K]");
  int32_t mm = m.instr_shape[0], nn = m.instr_shape[1];
  require((mm == 32 && nn == 32) || (mm == 16 && nn == 16) || (mm == 64 && nn == 4) || (mm == 4 && nn == 64),
          "amd_mfma: instrShape M x N = " + std::to_string(mm) + "x" + std::to_string(nn) +
              " must be 32x32, 16x16, 64x4 or 4x64");
  require(m.instr_shape[2] >= 0, "amd_mfma: instrShape[2] (K) = " + std::to_string(m.instr_shape[2]) +
                                     " must not be negative");
  require(!(mm == 64 && nn == 4) || m.transposed, "amd_mfma: a 64x4 instrShape must be transposed");
  require(m.element_bitwidth == 32 || m.element_bitwidth == 64,
          "amd_mfma: elementBitWidth = " + std::to_string(m.element_bitwidth) + " must be 32 or 64");
  check_tiles_and_cga("amd_mfma", m.tiles_per_warp, m.cga, rank);
}

// A lane holds `height` values along M (along N when transposed); the lanes
// cover N first then M; the tile repeats in registers until it covers M x N.
// Then tilesPerWarp and warpsPerCTA along N, the rest of N, then along M.
LinearLayout lower(const AmdMfma& m, const Shape& shape) {
  size_t rank = shape.size();
  bool batch = rank == 3;
  size_t mi = batch ? 1 : 0, ni = mi + 1;
  auto names = dim_names(rank);
  const std::string& dm = names[mi];
  const std::string& dn = names[ni];
  int32_t mdim = m.instr_shape[0], ndim = m.instr_shape[1];
  int32_t height = m.element_bitwidth == 64 ? 1 : 4;
  constexpr int32_t kWarp = 64;
  int32_t tiles = mdim * ndim / (kWarp * height);
  const std::string& reg_dim = m.transposed ? dn : dm;
  LinearLayout l = LinearLayout::identity1d(height, "register", reg_dim);
  if (!m.transposed)
    l *= LinearLayout::identity1d(ndim, "lane", dn) * LinearLayout::identity1d(kWarp / ndim, "lane", dm);
  else
    l *= LinearLayout::identity1d(mdim, "lane", dm) * LinearLayout::identity1d(kWarp / mdim, "lane", dn);
  if (tiles > 0) l *= LinearLayout::identity1d(tiles, "register", reg_dim);
  return amd_warps_and_ctas(l.transpose_outs({dn, dm}), ndim, m.tiles_per_warp, m.warps_per_cta, m.cga, shape);
}

void check_tiles_and_cga(const std::string& kind, const Ints& tiles_per_warp, const CgaLayout& cga, size_t rank) {
  if (!tiles_per_warp.empty()) {
    check_rank(kind + ": tilesPerWarp", tiles_per_warp.size(), rank);
    check_pow2_list(kind + ": tilesPerWarp", tiles_per_warp);
  }
  check_cga(cga, rank);
}

LinearLayout amd_warps_and_ctas(LinearLayout tile, int32_t instr_n, const Ints& tiles_per_warp, const Ints& warps,
                                const CgaLayout& cga, const Shape& shape) {
  size_t rank = shape.size();
  size_t mi = rank - 2, ni = rank - 1;
  auto names = dim_names(rank);
  const std::string& dm = names[mi];
  const std::string& dn = names[ni];
  Ints tpw = tiles_per_warp.empty() ? Ints(rank, 1) : tiles_per_warp;
  LinearLayout l = std::move(tile);
  l *= LinearLayout::identity1d(tpw[ni], "register", dn);
  l *= LinearLayout::identity1d(warps[ni], "warp", dn);
  int32_t rest_n = static_cast<int32_t>(shape[ni] / (int64_t{instr_n} * warps[ni] * tpw[ni]));
  l *= LinearLayout::identity1d(rest_n, "register", dn);
  l *= LinearLayout::identity1d(tpw[mi], "register", dm);
  l *= LinearLayout::identity1d(warps[mi], "warp", dm);
  if (rank == 3) {
    l *= LinearLayout::identity1d(1, "register", names[0]);
    l *= LinearLayout::identity1d(1, "lane", names[0]);
    l *= LinearLayout::identity1d(warps[0], "warp", names[0]);
  }
  return combine_cta_cga(std::move(l), cga, shape);
}

}  // namespace ls

namespace ls {

// A lane holds kWidth consecutive K values; lanes cover the non-K dim of the
// instruction, then step along K; registers repeat along K to cover it, then
// tilesPerWarp along non-K. Warps are not broadcast here: the ones along K
// reach past the tensor and are zeroed when fitted to the shape.
LinearLayout mfma_dot(const DotOperand& d, const AmdMfma& m, const Shape& shape) {
  size_t rank = shape.size();
  bool batch = rank == 3;
  size_t k_idx = d.op_idx == 0 ? rank - 1 : rank - 2;
  size_t nonk_idx = d.op_idx == 0 ? rank - 2 : rank - 1;
  auto names = dim_names(rank);
  const std::string& dk = names[k_idx];
  const std::string& dnk = names[nonk_idx];
  int32_t mdim = m.instr_shape[0], ndim = m.instr_shape[1];
  int32_t nonk = d.op_idx == 0 ? mdim : ndim;
  constexpr int32_t kWarp = 64;
  LinearLayout l = LinearLayout::identity1d(d.k_width, "register", dk) *
                   (LinearLayout::identity1d(nonk, "lane", dnk) * LinearLayout::identity1d(kWarp / nonk, "lane", dk));
  int64_t k_tile = int64_t{kWarp / nonk} * d.k_width;
  if ((mdim == 64 && ndim == 4 && d.op_idx == 0) || (mdim == 4 && ndim == 64 && d.op_idx == 1)) {
    l *= LinearLayout::identity1d(16, "register", dk);
    k_tile *= 16;
  }
  if (shape[k_idx] > k_tile) l *= LinearLayout::identity1d(static_cast<int32_t>(shape[k_idx] / k_tile), "register", dk);
  Ints tpw = m.tiles_per_warp.empty() ? Ints(rank, 1) : m.tiles_per_warp;
  l *= LinearLayout::identity1d(tpw[nonk_idx], "register", dnk);
  l = l.transpose_outs({dk, dnk});
  if (batch) {
    l *= LinearLayout::identity1d(1, "register", names[0]);
    l *= LinearLayout::identity1d(1, "lane", names[0]);
  }
  l *= identity_nd("warp", m.warps_per_cta, matrix_order(rank, true));
  return combine_cta_cga(std::move(l), m.cga, shape);
}

}  // namespace ls
