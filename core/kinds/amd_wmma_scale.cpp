#include "amd_wmma_scale.h"

#include <algorithm>

#include "../error.h"

namespace ls {

size_t rank_of(const AmdWmmaScale&) { return 2; }

void validate(const AmdWmmaScale& s) {
  const AmdWmma& p = s.parent;
  require(s.op_idx == 0 || s.op_idx == 1, "amd_wmma_scale: opIdx = " + std::to_string(s.op_idx) + " must be 0 or 1");
  require(s.scale_factor == 16 || s.scale_factor == 32,
          "amd_wmma_scale: scaleFactor = " + std::to_string(s.scale_factor) + " must be 16 or 32");
  require(p.cta_bases, "amd_wmma_scale: parent must be an amd_wmma layout in Triton 3.9's ctaLayout form");
  require(p.version >= 1 && p.version <= 3,
          "amd_wmma_scale: parent version = " + std::to_string(p.version) + " must be in 1..3");
  require(p.rank == 2, "amd_wmma_scale: a parent of rank " + std::to_string(p.rank) + " is not modeled (rank 2 only)");
  Ints is = p.instr_shape.empty() ? Ints{16, 16, 16} : p.instr_shape;
  require(is.size() == 3, "amd_wmma_scale: parent instrShape must be [M, N, K]");
  require((is[0] == 16 || is[0] == 32) && is[1] == 16,
          "amd_wmma_scale: parent instrShape " + list_text(is) + " is not modeled (M 16 or 32, N 16)");
  check_bases("amd_wmma_scale: ctaLayout.register", p.cta_register, 2);
  check_bases("amd_wmma_scale: ctaLayout.warp", p.cta_warp, 2);
  check_cga(p.cga, 2);
  // Triton builds the ctaLayout with the out sizes its bases reach and
  // requires it to be surjective.
  Bases all = p.cta_register;
  all.insert(all.end(), p.cta_warp.begin(), p.cta_warp.end());
  require(covers_box(all, 2), "amd_wmma_scale: the parent's ctaLayout bases do not cover a box (Triton 3.9 requires "
                                "the layout to be surjective)");
}

LinearLayout lower(const AmdWmmaScale& s, const Shape& shape) {
  const AmdWmma& p = s.parent;
  Ints tile = wmma_tile(p);
  const size_t nk = 0, kd = 1;  // scale tensor: [nonK, K / scaleFactor]
  const size_t src = s.op_idx == 0 ? 0 : 1;  // the accumulator dim that is nonK
  const int32_t tile_nk = tile[src];
  auto names = dim_names(2);
  // Per-CTA shape, as combine_cta_cga computes it.
  // CTAs split the scale tensor's rows as they split the operand's nonK dim.
  CgaLayout dot_cga;
  for (const Ints& b : p.cga.bases) dot_cga.bases.push_back({b[src], 0});
  std::vector<std::pair<std::string, int64_t>> labeled = {{names[0], shape[0]}, {names[1], shape[1]}};
  LinearLayout cgal = ensure_not_larger(cga_linear(dot_cga, 2), labeled);
  std::vector<std::pair<std::string, int64_t>> cta = {
      {names[0], std::max<int64_t>(1, shape[0] / cgal.out_size(names[0]))},
      {names[1], std::max<int64_t>(1, shape[1] / cgal.out_size(names[1]))}};
  int64_t k_regs = std::max<int64_t>(cta[kd].second, s.scale_factor == 32 ? 4 : 8);
  Bases reg, lane, warp;
  for (int32_t v = 1; v < k_regs; v *= 2) reg.push_back({0, v});
  for (int32_t v = 1; v < 16; v *= 2) lane.push_back({v, 0});
  lane.push_back({tile_nk == 32 ? 16 : 0, 0});
  for (const Ints& b : p.cta_register)
    if (b[src] != 0) reg.push_back({b[src] * tile_nk, 0});
  for (const Ints& b : p.cta_warp) warp.push_back({b[src] * tile_nk, 0});
  LinearLayout l = LinearLayout::infer_outs({{"register", reg}, {"lane", lane}, {"warp", warp}}, names);
  l = l.transpose_outs({names[kd], names[nk]});
  l = ensure_not_smaller(l, cta, "register");
  std::vector<LinearLayout::InDim> ins = l.ins();
  if (p.instr_shape.empty() || p.instr_shape[0] == 16) {
    // Lane 16 takes the first register step along nonK.
    auto& r = ins[0].bases;
    int j = l.out_index(names[nk]);
    auto it = std::find_if(r.begin(), r.end(), [&](const LinearLayout::Basis& b) { return b[j] != 0; });
    if (it != r.end()) {
      ins[1].bases.back() = *it;
      r.erase(it);
    }
  }
  l = LinearLayout(std::move(ins), l.outs());
  l = zero_past(l, cta);
  return (l * cgal.transpose_outs(l.out_names())).transpose_outs(names);
}

}  // namespace ls
