#include "amd_wmma.h"

#include <algorithm>
#include <utility>

#include "../error.h"
#include "amd_dot.h"
#include "mma_tile.h"

namespace ls {
namespace {

Ints instr_of(const AmdWmma& m) { return m.instr_shape.empty() ? Ints{16, 16, 16} : m.instr_shape; }

// Warps along `bcast` hold copies; the others tile in `order`.
LinearLayout warps_broadcast(const Ints& warps, const Ints& order, size_t bcast) {
  auto names = dim_names(warps.size());
  LinearLayout l;
  for (int32_t d : order)
    l *= static_cast<size_t>(d) == bcast ? LinearLayout::zeros1d(warps[d], "warp", names[d])
                                         : LinearLayout::identity1d(warps[d], "warp", names[d]);
  return l;
}

}  // namespace

size_t rank_of(const AmdWmma& m) { return m.cta_bases ? static_cast<size_t>(m.rank) : m.warps_per_cta.size(); }

Ints wmma_tile(const AmdWmma& m) {
  Ints is = instr_of(m);
  return m.transposed ? Ints{is[1], is[0]} : Ints{is[0], is[1]};
}

namespace {

void validate_cta_bases(const AmdWmma& m) {
  size_t rank = rank_of(m);
  require(rank == 2 || rank == 3, "amd_wmma: rank = " + std::to_string(rank) + " must be 2 or 3");
  check_bases("amd_wmma: ctaLayout.register", m.cta_register, rank);
  check_bases("amd_wmma: ctaLayout.warp", m.cta_warp, rank);
  require(m.cta_warp.size() <= 10, "amd_wmma: ctaLayout.warp has " + std::to_string(m.cta_warp.size()) +
                                       " bases; at most 10 (1024 warps)");
  Ints is = instr_of(m);
  require(is.size() == 3, "amd_wmma: instrShape must be [M, N, K]");
  bool ok = false;
  if (m.version == 1) ok = is == Ints{16, 16, 16};
  if (m.version == 2) ok = is == Ints{16, 16, 16} || is == Ints{16, 16, 32};
  if (m.version == 3)
    ok = (is[0] == 16 && is[1] == 16 && (is[2] == 4 || is[2] == 32 || is[2] == 64 || is[2] == 128)) ||
         (is[0] == 32 && is[1] == 16 && (is[2] == 64 || is[2] == 128));
  require(ok, "amd_wmma: instrShape " + list_text(is) + " is not a WMMA v" + std::to_string(m.version) +
                  " shape in Triton 3.9 (v1: 16x16x16; v2: 16x16x16, 16x16x32; v3: 16x16x{4,32,64,128}, "
                  "32x16x{64,128})");
  Bases cta = m.cta_register;
  cta.insert(cta.end(), m.cta_warp.begin(), m.cta_warp.end());
  require(covers_box(cta, rank), "amd_wmma: the ctaLayout register and warp bases do not cover a box of tiles "
                                 "(Triton 3.9 requires the layout to be surjective)");
  check_cga(m.cga, rank);
  check_unit_box("amd_wmma: CGALayout", {&m.cga.bases}, rank);
}

}  // namespace

void validate(const AmdWmma& m) {
  require(m.version >= 1 && m.version <= 3, "amd_wmma: version = " + std::to_string(m.version) + " must be in 1..3");
  if (m.cta_bases) return validate_cta_bases(m);
  size_t rank = rank_of(m);
  require(rank == 2 || rank == 3, "amd_wmma: warpsPerCTA has " + std::to_string(rank) + " entries; rank must be 2 or 3");
  check_warps("amd_wmma: warpsPerCTA", m.warps_per_cta);
  Ints is = instr_of(m);
  require(is.size() == 3, "amd_wmma: instrShape must be [M, N, K]");
  bool ok = is[0] == 16 && is[1] == 16;
  if (m.version == 1) ok = ok && is[2] == 16;
  if (m.version == 2) ok = ok && (is[2] == 16 || is[2] == 32);
  if (m.version == 3) ok = ok && (is[2] == 4 || is[2] == 32 || is[2] == 64 || is[2] == 128);
  require(ok, "amd_wmma: instrShape [" + std::to_string(is[0]) + ", " + std::to_string(is[1]) + ", " +
                  std::to_string(is[2]) + "] is not a WMMA v" + std::to_string(m.version) +
                  " shape (v1: 16x16x16; v2: K 16 or 32; v3: K 4, 32, 64 or 128)");
  check_tiles_and_cga("amd_wmma", m.tiles_per_warp, m.cga, rank);
}

// 16x16 tile, 32 lanes: 16 lanes along N (along M when transposed), the 17th
// lane steps 1 (v1) or 8 (v2, v3) along the other dim, registers fill it.
namespace {

// Triton 3.9: tile, then the ctaLayout bases scaled by the tile, repeats
// along dimN-1 first, then the CTAs.
LinearLayout lower_cta_bases(const AmdWmma& m, const Shape& shape) {
  size_t rank = shape.size();
  auto names = dim_names(rank);
  Ints tile = wmma_tile(m);
  size_t r_dim = m.transposed ? rank - 1 : rank - 2;  // registers run along M
  size_t l_dim = m.transposed ? rank - 2 : rank - 1;  // lanes along N
  Bases reg, lane;
  auto unit = [&](size_t d, int32_t v) {
    Ints b(rank, 0);
    b[d] = v;
    return b;
  };
  for (int32_t v : m.version == 1 ? Ints{2, 4, 8} : Ints{1, 2, 4}) reg.push_back(unit(r_dim, v));
  if (tile[r_dim - (rank - 2)] == 32) reg.push_back(unit(r_dim, 16));
  for (int32_t v = 1; v < 16; v *= 2) lane.push_back(unit(l_dim, v));
  lane.push_back(unit(r_dim, m.version == 1 ? 1 : 8));
  Ints scale(rank, 1);
  scale[rank - 2] = tile[0];
  scale[rank - 1] = tile[1];
  auto scaled = [&](const Bases& bs) {
    Bases r;
    for (const Ints& b : bs) {
      Ints v(rank);
      for (size_t d = 0; d < rank; ++d) v[d] = b[d] * scale[d];
      r.push_back(v);
    }
    return r;
  };
  for (const Ints& b : scaled(m.cta_register)) reg.push_back(b);
  std::vector<std::string> outs(names.rbegin(), names.rend());
  LinearLayout l = LinearLayout::infer_outs({{"register", reg}, {"lane", lane}, {"warp", scaled(m.cta_warp)}}, names);
  l = l.transpose_outs(outs);
  // As combine_cta_cga, except that every step reaching past the per-CTA
  // shape is zeroed (Triton's answer where ctaLayout bases repeat).
  std::vector<std::pair<std::string, int64_t>> labeled;
  for (size_t i = 0; i < rank; ++i) labeled.push_back({names[i], shape[i]});
  LinearLayout cgal = ensure_not_larger(cga_linear(m.cga, rank), labeled).transpose_outs(outs);
  std::vector<std::pair<std::string, int64_t>> cta;
  for (const std::string& n : outs) cta.push_back({n, std::max<int64_t>(1, shape[n.back() - '0'] / cgal.out_size(n))});
  l = (zero_past(ensure_not_smaller(l, cta, "register"), cta) * cgal).transpose_outs(names);
  // Triton 3.9 then requires a permutation matrix once zero bases are removed.
  std::vector<Ints> seen;
  for (const auto& d : l.ins())
    for (const auto& b : d.bases) {
      int nonzero = 0;
      bool pow2 = true;
      for (int32_t v : b)
        if (v != 0) ++nonzero, pow2 = pow2 && (v & (v - 1)) == 0;
      if (nonzero == 0) continue;
      require(nonzero == 1 && pow2 && std::find(seen.begin(), seen.end(), b) == seen.end(),
              "amd_wmma: on this shape the " + d.name + " basis " + list_text(b) + " is not a distinct step along one "
              "dim (Triton 3.9 requires a permutation matrix after removing zero bases)");
      seen.push_back(b);
    }
  return l;
}

}  // namespace

LinearLayout lower(const AmdWmma& m, const Shape& shape) {
  if (m.cta_bases) return lower_cta_bases(m, shape);
  size_t rank = shape.size();
  bool batch = rank == 3;
  size_t mi = batch ? 1 : 0, ni = mi + 1;
  auto names = dim_names(rank);
  Ints is = instr_of(m);
  for (size_t i : {mi, ni})
    require(shape[i] == 1 || shape[i] >= is[i - mi], "amd_wmma: tensor dim" + std::to_string(i) + " = " +
                                                         std::to_string(shape[i]) + " is smaller than the instruction");
  Ints tord = matrix_order(rank, !m.transposed);
  Bases reg = m.version == 1 ? Bases{{0, 2}, {0, 4}, {0, 8}} : Bases{{0, 1}, {0, 2}, {0, 4}};
  Bases lane = {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, m.version == 1 ? 1 : 8}};
  LinearLayout l = LinearLayout::infer_outs({{"register", reg}, {"lane", lane}}, {names[tord[0]], names[tord[1]]});
  const std::string& dm = names[rank - 2];
  const std::string& dn = names[rank - 1];
  return amd_warps_and_ctas(l.transpose_outs({dn, dm}), is[1], m.tiles_per_warp, m.warps_per_cta, m.cga, shape);
}

// kWidth K values per lane; lanes cover the non-K dim, then (v2, v3) step
// along K (v1: the upper 16 lanes hold copies); registers fill the
// instruction's K; warps along K hold copies.
namespace {

// Triton 3.9's form: kWidth K values per lane, 16 lanes along nonK, lane 16
// steps kWidth along K (v1: holds copies), registers from 2 x kWidth along
// K up to the instruction's K, the rest of the tile along nonK, the parent's ctaLayout
// register bases (their K-free part; none left: dropped) and warp bases
// (along the other operand's dim: copies), then repeats along K, nonK and
// the batch; the CTAs split as the parent's CGA with the K part removed.
LinearLayout wmma_dot_cta_bases(const DotOperand& d, const AmdWmma& m, const Shape& shape) {
  size_t rank = shape.size();
  size_t k_idx = d.op_idx == 0 ? rank - 1 : rank - 2;
  size_t nonk_idx = d.op_idx == 0 ? rank - 2 : rank - 1;
  size_t other = d.op_idx == 0 ? rank - 1 : rank - 2;  // the accumulator dim this operand lacks
  auto names = dim_names(rank);
  Ints tile = wmma_tile(m);
  int32_t nonk_tile = tile[nonk_idx - (rank - 2)];
  int32_t k_instr = instr_of(m)[2];
  auto unit = [&](size_t dim, int32_t v) {
    Ints b(rank, 0);
    b[dim] = v;
    return b;
  };
  Bases reg, lane;
  for (int32_t v = 1; v < d.k_width; v *= 2) reg.push_back(unit(k_idx, v));
  for (int32_t v = 1; v < 16; v *= 2) lane.push_back(unit(nonk_idx, v));
  lane.push_back(m.version == 1 ? Ints(rank, 0) : unit(k_idx, d.k_width));
  for (int32_t v = 2 * d.k_width; v < k_instr; v *= 2) reg.push_back(unit(k_idx, v));
  if (nonk_tile == 32) reg.push_back(unit(nonk_idx, 16));
  auto project = [&](const Ints& b) {
    Ints v(rank, 0);
    for (size_t i = 0; i < rank; ++i)
      if (i != other) v[i] = b[i] * (i == nonk_idx ? nonk_tile : 1);
    return v;
  };
  for (const Ints& b : m.cta_register) {
    Ints v = project(b);
    if (std::any_of(v.begin(), v.end(), [](int32_t x) { return x != 0; })) reg.push_back(v);
  }
  Bases warp;
  for (const Ints& b : m.cta_warp) warp.push_back(project(b));
  std::vector<std::string> outs = {names[k_idx], names[nonk_idx]};
  if (rank == 3) outs.push_back(names[0]);
  LinearLayout l = LinearLayout::infer_outs({{"register", reg}, {"lane", lane}, {"warp", warp}}, names).transpose_outs(outs);
  CgaLayout cga = m.cga;
  for (Ints& b : cga.bases) b[k_idx] = 0;
  std::vector<std::pair<std::string, int64_t>> labeled;
  for (size_t i = 0; i < rank; ++i) labeled.push_back({names[i], shape[i]});
  LinearLayout cgal = ensure_not_larger(cga_linear(cga, rank), labeled).transpose_outs(outs);
  std::vector<std::pair<std::string, int64_t>> cta;
  for (const std::string& n : outs) cta.push_back({n, std::max<int64_t>(1, shape[n.back() - '0'] / cgal.out_size(n))});
  return (zero_past(ensure_not_smaller(l, cta, "register"), cta) * cgal).transpose_outs(names);
}

}  // namespace

LinearLayout wmma_dot(const DotOperand& d, const AmdWmma& m, const Shape& shape) {
  size_t rank = shape.size();
  size_t k_idx = d.op_idx == 0 ? rank - 1 : rank - 2;
  size_t nonk_idx = d.op_idx == 0 ? rank - 2 : rank - 1;
  auto names = dim_names(rank);
  const std::string& dk = names[k_idx];
  const std::string& dnk = names[nonk_idx];
  require(m.version != 1 || d.k_width == 8 || d.k_width == 16, "dot_op: kWidth of a WMMA v1 operand must be 8 or 16");
  require(m.version != 2 || d.k_width == 4 || d.k_width == 8 || d.k_width == 16,
          "dot_op: kWidth of a WMMA v2 operand must be 4, 8 or 16");
  if (m.cta_bases) return wmma_dot_cta_bases(d, m, shape);
  Ints is = instr_of(m);
  int32_t k_instr = is[2];
  int32_t nonk = d.op_idx == 0 ? is[0] : is[1];
  int32_t depth = 32 / nonk;
  LinearLayout l = LinearLayout::identity1d(d.k_width, "register", dk) * LinearLayout::identity1d(nonk, "lane", dnk);
  l *= m.version == 1 ? LinearLayout::zeros1d(depth, "lane", dk) : LinearLayout::identity1d(depth, "lane", dk);
  int64_t k_tile = int64_t{depth} * d.k_width;
  Ints tpw = m.tiles_per_warp.empty() ? Ints(rank, 1) : m.tiles_per_warp;
  if (tpw[nonk_idx] > 1) {
    l *= LinearLayout::identity1d(static_cast<int32_t>(std::max<int64_t>(shape[k_idx], k_instr) / k_tile), "register", dk);
    l *= LinearLayout::identity1d(tpw[nonk_idx], "register", dnk);
  } else {
    l *= LinearLayout::identity1d(static_cast<int32_t>(k_instr / k_tile), "register", dk);
  }
  if (rank == 3) {
    l *= LinearLayout::identity1d(1, "register", names[0]);
    l *= LinearLayout::identity1d(1, "lane", names[0]);
  }
  Ints order = matrix_order(rank, true);
  if (d.op_idx == 1) std::swap(order[0], order[1]);
  std::vector<std::string> rep;
  for (int32_t o : order) rep.push_back(names[o]);
  LinearLayout w = warps_broadcast(m.warps_per_cta, matrix_order(rank, true), k_idx);
  l = l.transpose_outs(rep) * w.transpose_outs(rep);
  return combine_cta_cga(std::move(l), m.cga, shape);
}

}  // namespace ls
