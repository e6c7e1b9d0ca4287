#include "amd_wmma_scale.h"

#include <algorithm>

#include "../error.h"

namespace ls {

size_t rank_of(const AmdWmmaScale& s) { return s.parent.rank == 3 ? 3 : 2; }

void validate(const AmdWmmaScale& s) {
  const AmdWmma& p = s.parent;
  require(s.op_idx == 0 || s.op_idx == 1, "amd_wmma_scale: opIdx = " + std::to_string(s.op_idx) + " must be 0 or 1");
  require(s.scale_factor == 16 || s.scale_factor == 32,
          "amd_wmma_scale: scaleFactor = " + std::to_string(s.scale_factor) + " must be 16 or 32");
  require(p.cta_bases, "amd_wmma_scale: parent must be an amd_wmma layout in Triton 3.9's ctaLayout form");
  require(p.version >= 1 && p.version <= 3,
          "amd_wmma_scale: parent version = " + std::to_string(p.version) + " must be in 1..3");
  require(p.rank == 2 || p.rank == 3, "amd_wmma_scale: parent rank = " + std::to_string(p.rank) + " must be 2 or 3");
  const size_t rank = static_cast<size_t>(p.rank);
  Ints is = p.instr_shape.empty() ? Ints{16, 16, 16} : p.instr_shape;
  require(is.size() == 3, "amd_wmma_scale: parent instrShape must be [M, N, K]");
  require((is[0] == 16 || is[0] == 32) && is[1] == 16,
          "amd_wmma_scale: parent instrShape " + list_text(is) + " is not modeled (M 16 or 32, N 16)");
  check_bases("amd_wmma_scale: ctaLayout.register", p.cta_register, rank);
  check_bases("amd_wmma_scale: ctaLayout.warp", p.cta_warp, rank);
  check_cga(p.cga, rank);
  // Triton builds the ctaLayout with the out sizes its bases reach and
  // requires it to be surjective.
  Bases all = p.cta_register;
  all.insert(all.end(), p.cta_warp.begin(), p.cta_warp.end());
  require(covers_box(all, rank), "amd_wmma_scale: the parent's ctaLayout bases do not cover a box (Triton 3.9 requires "
                                   "the layout to be surjective)");
}

LinearLayout lower(const AmdWmmaScale& s, const Shape& shape) {
  const AmdWmma& p = s.parent;
  const size_t rank = rank_of(s), nk = rank - 2, kd = rank - 1;  // scale tensor: [batch.., nonK, K / scaleFactor]
  const size_t src = s.op_idx == 0 ? rank - 2 : rank - 1;  // the accumulator dim that is nonK
  Ints tile = wmma_tile(p);
  const int32_t tile_nk = tile[src - (rank - 2)];
  auto names = dim_names(rank);
  // A parent basis on the scale tensor: its batch part, its nonK part in tiles, nothing along K.
  auto scaled = [&](const Ints& b, int32_t unit) {
    Ints v(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(nk));
    v.push_back(b[src] * unit);
    v.push_back(0);
    return v;
  };
  // CTAs split the scale tensor's rows as they split the operand's nonK dim.
  CgaLayout dot_cga;
  for (const Ints& b : p.cga.bases) dot_cga.bases.push_back(scaled(b, 1));
  std::vector<std::pair<std::string, int64_t>> labeled;
  for (size_t d = 0; d < rank; ++d) labeled.push_back({names[d], shape[d]});
  LinearLayout cgal = ensure_not_larger(cga_linear(dot_cga, rank), labeled);
  std::vector<std::pair<std::string, int64_t>> cta;
  for (size_t d = 0; d < rank; ++d)
    cta.push_back({names[d], std::max<int64_t>(1, shape[d] / cgal.out_size(names[d]))});
  // Triton sizes the K registers from the scale tensor's dim 1 (whole
  // tensor): K for rank 2, nonK for a batched (rank-3) one.
  int64_t k_regs = std::max<int64_t>(shape[1], s.scale_factor == 32 ? 4 : 8);
  auto along = [&](size_t d, int32_t v) {
    Ints b(rank, 0);
    b[d] = v;
    return b;
  };
  Bases reg, lane, warp;
  for (int32_t v = 1; v < k_regs; v *= 2) reg.push_back(along(kd, v));
  for (int32_t v = 1; v < 16; v *= 2) lane.push_back(along(nk, v));
  lane.push_back(along(nk, tile_nk == 32 ? 16 : 0));
  for (const Ints& b : p.cta_register) {
    Ints v = scaled(b, tile_nk);
    if (std::any_of(v.begin(), v.end(), [](int32_t x) { return x != 0; })) reg.push_back(v);
  }
  for (const Ints& b : p.cta_warp) warp.push_back(scaled(b, tile_nk));
  LinearLayout l = LinearLayout::infer_outs({{"register", reg}, {"lane", lane}, {"warp", warp}}, names);
  std::vector<std::string> rep_order;  // repeats: batch, then K, then nonK
  for (size_t d = nk; d-- > 0;) rep_order.push_back(names[d]);
  rep_order.push_back(names[kd]);
  rep_order.push_back(names[nk]);
  l = l.transpose_outs(rep_order);
  l = ensure_not_smaller(l, cta, "register");
  std::vector<LinearLayout::InDim> ins = l.ins();
  if (p.instr_shape.empty() || p.instr_shape[0] == 16) {
    // Lane 16 takes the first register step after the K registers above.
    auto& r = ins[0].bases;
    size_t first = 0;
    while ((int64_t{1} << first) < k_regs) ++first;
    if (r.size() > first) {
      ins[1].bases.back() = r[first];
      r.erase(r.begin() + static_cast<std::ptrdiff_t>(first));
    }
  }
  l = LinearLayout(std::move(ins), l.outs());
  l = zero_past(l, cta);
  l = (l * cgal.transpose_outs(l.out_names())).transpose_outs(names);
  for (const auto& in : l.ins())
    for (const auto& basis : in.bases)
      require(in.name == "warp" || std::count_if(basis.begin(), basis.end(), [](int32_t x) { return x != 0; }) <= 1,
              "amd_wmma_scale: " + in.name + " basis " + list_text(basis) +
                  " moves along several dims (Triton 3.9 requires register, lane and block bases to move along one)");
  return l;
}

}  // namespace ls
