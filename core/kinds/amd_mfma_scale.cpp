#include "amd_mfma_scale.h"

#include "../error.h"

namespace ls {

size_t rank_of(const AmdMfmaScale&) { return 2; }

void validate(const AmdMfmaScale& s) {
  const AmdMfma& p = s.parent;
  require(s.op_idx == 0 || s.op_idx == 1, "amd_mfma_scale: opIdx = " + std::to_string(s.op_idx) + " must be 0 or 1");
  require(s.scale_factor == 32, "amd_mfma_scale: scaleFactor = " + std::to_string(s.scale_factor) +
                                    " must be 32 (the only one CDNA4's scaled MFMA has)");
  require(p.warps_per_cta.size() == 2, "amd_mfma_scale: the parent must have rank 2 (warpsPerCTA has " +
                                           std::to_string(p.warps_per_cta.size()) + " entries)");
  check_pow2_list("amd_mfma_scale: parent warpsPerCTA", p.warps_per_cta);
  require(!p.instr_shape.empty() && (p.instr_shape[0] == 16 || p.instr_shape[0] == 32),
          "amd_mfma_scale: parent instrShape M must be 16 or 32 (scaled MFMA 16x16x128 or 32x32x64)");
  require(p.tiles_per_warp.empty() || p.tiles_per_warp.size() == 2,
          "amd_mfma_scale: parent tilesPerWarp must have 2 entries");
  if (!p.tiles_per_warp.empty()) check_pow2_list("amd_mfma_scale: parent tilesPerWarp", p.tiles_per_warp);
}

LinearLayout lower(const AmdMfmaScale& s, const Shape& shape) {
  const AmdMfma& p = s.parent;
  const int32_t mdim = p.instr_shape[0];
  const size_t mn = s.op_idx == 0 ? 0 : 1;  // the accumulator dim that is nonK
  const int32_t tiles = p.tiles_per_warp.empty() ? 1 : p.tiles_per_warp[mn];
  auto nonk = [](int32_t v) { return Ints{v, 0}; };
  auto k = [](int32_t v) { return Ints{0, v}; };
  Bases reg, lane;
  for (int32_t e = mdim == 32 ? 2 : 4; e < shape[1]; e *= 2) reg.push_back(k(e));
  for (int32_t e = mdim; e < tiles * mdim; e *= 2) reg.push_back(nonk(e));
  for (int32_t e = 1; e < mdim; e *= 2) lane.push_back(nonk(e));
  for (int32_t e = 1; lane.size() < 6; e *= 2) lane.push_back(k(e));
  auto names = dim_names(2);
  LinearLayout tile = LinearLayout::infer_outs({{"register", reg}, {"lane", lane}}, names);
  // Warps: A along K first (warpsPerCTA[1], then [0]); B along nonK first.
  const int32_t w0 = p.warps_per_cta[0], w1 = p.warps_per_cta[1];
  LinearLayout warps = s.op_idx == 0
                           ? LinearLayout::identity1d(w1, "warp", names[1]) * LinearLayout::identity1d(w0, "warp", names[0])
                           : LinearLayout::identity1d(w1, "warp", names[0]) * LinearLayout::identity1d(w0, "warp", names[1]);
  return combine_cta_cga((tile * warps).transpose_outs(names), CgaLayout{}, shape);
}

}  // namespace ls
