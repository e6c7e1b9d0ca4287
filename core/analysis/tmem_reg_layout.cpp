#include "tmem_reg_layout.h"

#include <algorithm>
#include <optional>

#include "../error.h"

namespace ls {
namespace {

// The TMEM map of one CTA: row and col bases onto (dim0, dim1).
struct Tmem {
  Bases rows, cols;
};

struct Regs {
  Bases reg, lane, warp;
  std::string message;
  int64_t regs32 = 0, per_message = 0;
  bool unpacked = false;
};

// Tmem = P * Q where P has only the given leading col bases and dim1 size
// `step`: Q drops them and divides every dim1 value by `step`.
std::optional<Tmem> divide_left(const Tmem& t, const Bases& lead, int32_t step) {
  if (t.cols.size() < lead.size()) return std::nullopt;
  for (size_t i = 0; i < lead.size(); ++i)
    if (t.cols[i] != lead[i]) return std::nullopt;
  Tmem q;
  auto shrink = [&](const Ints& b, Bases& out) {
    if (b[1] % step != 0) return false;
    out.push_back({b[0], b[1] / step});
    return true;
  };
  for (const Ints& b : t.rows)
    if (!shrink(b, q.rows)) return std::nullopt;
  for (size_t i = lead.size(); i < t.cols.size(); ++i)
    if (!shrink(t.cols[i], q.cols)) return std::nullopt;
  return q;
}

Ints apply(const Tmem& t, int32_t row, int32_t col) {
  Ints r = {0, 0};
  for (size_t i = 0; i < t.rows.size(); ++i)
    if (row >> i & 1) r[0] ^= t.rows[i][0], r[1] ^= t.rows[i][1];
  for (size_t i = 0; i < t.cols.size(); ++i)
    if (col >> i & 1) r[0] ^= t.cols[i][0], r[1] ^= t.cols[i][1];
  return r;
}

// Registers first: `k` registers that step dim1 by 1, 2, ..; the rest scaled by k.
Regs widen(Regs r, int32_t k) {
  auto scale = [&](Bases& b) {
    for (Ints& v : b) v[1] *= k;
  };
  scale(r.reg);
  scale(r.lane);
  scale(r.warp);
  Bases reg;
  for (int32_t c = 1; c < k; c *= 2) reg.push_back({0, c});
  reg.insert(reg.end(), r.reg.begin(), r.reg.end());
  r.reg = std::move(reg);
  return r;
}

std::optional<Regs> solve(const Tmem& t, const std::string& atom, int32_t num_warps, int32_t bits) {
  if (bits != 32) {
    Tmem quot = t;
    int32_t best = 1;
    for (int32_t contig = 2; bits * contig <= 32; contig *= 2) {
      Bases lead;
      for (int32_t c = 1; c < contig; c *= 2) lead.push_back({0, c});
      auto q = divide_left(t, lead, contig);
      if (!q) break;
      quot = *q;
      best = contig;
    }
    if (best > 1) {
      auto r = solve(quot, atom, num_warps, bits * best);
      return r ? std::optional<Regs>(widen(*r, best)) : std::nullopt;
    }
    if (bits == 16) {
      if (auto q = divide_left(t, {{0, 0}, {0, 1}}, 2)) {
        auto r = solve(*q, atom, num_warps, 32);
        if (!r) return std::nullopt;
        Regs w = widen(*r, 2);
        w.unpacked = true;
        return w;
      }
    }
    Bases zeros;
    for (int32_t z = 1; z < 32 / bits; z *= 2) zeros.push_back({0, 0});
    if (auto q = divide_left(t, zeros, 1)) return solve(*q, atom, num_warps, 32);
    fail("the TMEM layout is neither packed, unpacked nor padded for " + std::to_string(bits) +
         "-bit elements (Triton 3.9 aborts)");
  }
  // The message tile over (row, col).
  Bases reg, lane;
  int32_t tile_cols = 1;
  if (atom == "32x32b") {
    lane = {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}};
  } else if (atom == "16x64b") {
    lane = {{8, 0}, {0, 1}, {1, 0}, {2, 0}, {4, 0}};
    tile_cols = 2;
  } else if (atom == "16x128b") {
    lane = {{0, 1}, {0, 2}, {1, 0}, {2, 0}, {4, 0}};
    reg = {{8, 0}};
    tile_cols = 4;
  } else {  // 16x256b
    reg = {{0, 1}, {8, 0}};
    lane = {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}};
    tile_cols = 8;
  }
  const int64_t tile_regs = int64_t{1} << reg.size();
  const size_t tile_reg_bases = reg.size();
  Bases warp = {{32, 0}, {64, 0}};
  int32_t cols = 1 << t.cols.size();
  int32_t missing = cols / tile_cols;
  if (missing == 0) return std::nullopt;
  const bool rows32 = atom == "32x32b";
  const bool rows16 = t.rows.size() > 4 && t.rows[4] == Ints{0, 0};
  enum { none, to_warp, to_reg } row16 = none;
  if (!rows32 && !rows16) row16 = num_warps > 4 ? to_warp : to_reg;
  int32_t warps_to_tile = num_warps / (row16 == to_warp ? 8 : 4);
  int32_t broadcast = warps_to_tile / std::min(missing, warps_to_tile);
  warps_to_tile /= broadcast;
  const int32_t cols_all = cols;
  missing /= warps_to_tile;
  cols /= warps_to_tile;
  std::string message = atom;
  int64_t col_regs = 1;
  if (missing > 1) {
    bool x2 = rows32 && rows16;
    col_regs = x2 ? missing / 2 : missing;
    for (int32_t c = tile_cols; c < tile_cols * col_regs; c *= 2) reg.push_back({0, c});
    if (x2) {
      lane.back() = {0, cols / 2};
      message = "16x32bx2";
    }
  }
  // The lowering matches the message on the TMEM side: a basis of the message
  // itself that lands on padding (a zero col basis) cannot be lowered.
  for (size_t i = 0; !rows32 && i < tile_reg_bases + lane.size(); ++i) {
    const Ints& v = i < tile_reg_bases ? reg[i] : lane[i - tile_reg_bases];
    if (v != Ints{0, 0} && apply(t, v[0], v[1]) == Ints{0, 0}) return std::nullopt;
  }
  if (row16 == to_warp) warp.push_back({16, 0});
  if (row16 == to_reg) reg.push_back({16, 0});
  for (int32_t c = cols; c < cols_all; c *= 2) warp.push_back({0, c});
  for (int32_t i = 1; i < broadcast; i *= 2) warp.push_back({0, 0});
  Regs r;
  auto compose = [&](const Bases& in, Bases& out) {
    for (const Ints& b : in) out.push_back(apply(t, b[0], b[1]));
  };
  compose(reg, r.reg);
  compose(lane, r.lane);
  compose(warp, r.warp);
  r.message = message;
  // Triton's vectorisation: at most half of 256 registers per message, a
  // quarter when one message cannot hold them all.
  int64_t total = int64_t{1} << reg.size();
  int64_t max_reg = total > 128 ? 64 : 128;
  r.per_message = tile_regs * std::min<int64_t>(col_regs, std::max<int64_t>(1, max_reg / tile_regs));
  r.regs32 = total;
  return r;
}

// The map the register layout is solved on. For scales with fewer than 64
// rows per CTA and at most 4 columns, Triton 3.9 leaves out the last col
// basis (the tile's second 32-row half, zeroed to fit the shape): checked
// against compute_tmem_reg_layout, which loads no copy of it.
Tmem per_cta(const LinearLayout& l, bool scales) {
  Tmem t{l.bases("row"), l.bases("col")};
  if (scales && t.cols.size() == 3 && t.cols[2] == Ints{0, 0}) t.cols.pop_back();
  return t;
}

std::string shape_text(int64_t m, int64_t n) { return std::to_string(m) + "x" + std::to_string(n); }

// Triton's verifier takes the registers in any order (the lowering permutes them).
bool same_registers(Bases a, Bases b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  return a == b;
}

}  // namespace

const std::vector<std::string>& tmem_variants() {
  static const std::vector<std::string> v = {"32x32b", "16x64b", "16x128b", "16x256b", "16x32bx2", "32x32b_splitn"};
  return v;
}

std::vector<std::string> tmem_variants_for(const TensorLayout& tmem, int32_t bits, int32_t num_warps) {
  std::vector<std::string> out;
  for (const std::string& v : tmem_variants()) {
    if (v == "16x32bx2") continue;
    try {
      tmem_reg_layout(tmem, bits, num_warps, v, TritonVersion::v3_9);
      out.push_back(v);
    } catch (const Error&) {  // Triton refuses this variant here
    }
  }
  return out;
}

std::vector<std::string> tmem_variants_for(const TensorLayout& tmem, const TensorLayout& reg) {
  const LinearLayout l = to_linear(*reg.spec, reg.shape, reg.triton);
  return tmem_variants_for(tmem, reg.elem_bits, static_cast<int32_t>(l.in_size("warp")));
}

std::optional<TmemRegLayout> tmem_message_of(const TensorLayout& reg, const TensorLayout& tmem) {
  if (!reg.spec || is_tensor_memory(*reg.spec) || is_shared(*reg.spec) || reg.shape != tmem.shape) return std::nullopt;
  const LinearLayout l = to_linear(*reg.spec, reg.shape, reg.triton);
  const auto warps = static_cast<int32_t>(l.in_size("warp"));
  for (const std::string& v : tmem_variants()) {
    if (v == "16x32bx2") continue;
    try {
      TmemRegLayout r = tmem_reg_layout(tmem, reg.elem_bits, warps, v, TritonVersion::v3_9);
      if (same_registers(r.reg, l.bases("register")) && r.lane == l.bases("lane") && r.warp == l.bases("warp") &&
          r.block == l.bases("block"))
        return r;
    } catch (const Error&) {  // Triton refuses this variant here
    }
  }
  return std::nullopt;
}

std::string tcgen05_instruction(const TmemRegLayout& r, bool load) {
  // 32-bit registers one thread moves per .x1 of the message
  const int64_t x1 = r.message == "16x128b" ? 2 : r.message == "16x256b" ? 4 : 1;
  return std::string(load ? "tcgen05.ld" : "tcgen05.st") + ".sync.aligned." + r.message + ".x" +
         std::to_string(r.per_message / x1) + (r.unpacked ? (load ? ".pack::16b" : ".unpack::16b") : "") + ".b32";
}

TmemRegLayout tmem_reg_layout(const TensorLayout& t, int32_t bits, int32_t num_warps, const std::string& variant,
                              TritonVersion v) {
  require(v == TritonVersion::v3_9, "tmem-reg-layout answers for Triton 3.9 only (compute_tmem_reg_layout is new in 3.9)");
  const auto& vs = tmem_variants();
  require(std::find(vs.begin(), vs.end(), variant) != vs.end(),
          "--variant must be one of 32x32b, 16x64b, 16x128b, 16x256b, 16x32bx2, 32x32b_splitn, not '" + variant + "'");
  require(t.spec && is_tensor_memory(*t.spec), "--tmem must be a TensorMemoryLayout or TensorMemoryScalesLayout");
  require(t.shape.size() == 2, "the tensor shape must be 2-D (MxN)");
  require(bits == 8 || bits == 16 || bits == 32, "--bits must be 8, 16 or 32");
  require(num_warps >= 4 && (num_warps & (num_warps - 1)) == 0,
          "num_warps = " + std::to_string(num_warps) + " must be a power of two >= 4");
  require(variant != "16x32bx2", "variant 16x32bx2 is never requested: Triton infers it from 32x32b");
  validate(*t.spec);
  check_shape(t.shape);
  const int64_t m = t.shape[0], n = t.shape[1];
  CgaLayout cga;
  if (auto* s = std::get_if<TensorMemoryScales>(&t.spec->v)) {
    require(bits == 8, "tensor_memory_scales: the element type must be 8 bits wide, not " + std::to_string(bits));
    cga = s->cga;
  } else {
    const auto& tm = std::get<TensorMemory>(t.spec->v);
    require(bits * tm.col_stride <= 32, "tensor_memory: bits * colStride = " + std::to_string(bits) + " * " +
                                            std::to_string(tm.col_stride) + " must be at most 32");
    Ints split = cga_split(tm.cga, 2);
    int64_t min_m = int64_t{tm.block_m} * split[0], min_n = std::min<int64_t>(tm.block_n, n) * split[1];
    require(m >= min_m && n >= min_n, "tensor_memory: the tensor shape must be at least " + shape_text(min_m, min_n) +
                                          " (blockM and blockN times the CTAs along each dim), not " + shape_text(m, n));
    cga = tm.cga;
  }
  LinearLayout l = to_linear(*t.spec, t.shape, v);
  const std::string atom = variant == "32x32b_splitn" ? "32x32b" : variant;
  auto r = solve(per_cta(l, std::holds_alternative<TensorMemoryScales>(t.spec->v)), atom, num_warps, bits);
  require(r.has_value(), "the " + atom + " message needs more columns than the layout has for shape " +
                             shape_text(m, n) + " and num_warps " + std::to_string(num_warps));
  TmemRegLayout out{r->reg, r->lane, r->warp, l.bases("block"), r->message, r->regs32, r->per_message, r->unpacked, variant};
  if (variant == "32x32b_splitn") {
    const Ints half = {0, static_cast<int32_t>(n / 2)};
    if (out.reg.empty()) {
      require(!out.lane.empty() && out.lane.back() == half,
              "32x32b_splitn with one register needs the last lane basis to be [0, N/2]");
      out.reg.push_back(half);
      out.lane.back() = {0, 0};
    } else if (out.reg.back() != half) {
      require((int64_t{1} << out.reg.size()) > 32 / bits,
              "32x32b_splitn needs more than " + std::to_string(32 / bits) + " registers of " + std::to_string(bits) +
                  " bits (32x32b.x1 twice)");
      bool moved = false;
      for (Bases* b : {&out.lane, &out.warp}) {
        for (size_t i = (b == &out.warp ? 2 : 0); i < b->size() && !moved; ++i)
          if ((*b)[i] == half) std::swap(out.reg.back(), (*b)[i]), moved = true;
      }
      require(moved, "32x32b_splitn needs a lane basis or a warp basis past the first two equal to [0, N/2]");
    }
  }
  return out;
}

}  // namespace ls
