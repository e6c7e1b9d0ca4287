#include "swizzle.h"

#include <algorithm>
#include <array>
#include <bit>
#include <compare>
#include <set>

#include "../error.h"
#include "../interrupt.h"
#include "f2.h"

namespace ls {

namespace {

// A list of F2 vectors (flat-index bit masks), held inline: the search
// builds thousands per conversion, and none is longer than a layout's input
// bits, far below the 64 it holds.
class Vec {
public:
  static constexpr size_t kCap = 64;
  Vec() = default;
  Vec(std::initializer_list<uint64_t> l) { for (uint64_t x : l) push_back(x); }
  Vec(const Vec& o) : n_(o.n_) { std::copy(o.begin(), o.end(), v_); }
  Vec& operator=(const Vec& o) { n_ = o.n_; std::copy(o.begin(), o.end(), v_); return *this; }
  size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  uint64_t* begin() { return v_; }
  uint64_t* end() { return v_ + n_; }
  const uint64_t* begin() const { return v_; }
  const uint64_t* end() const { return v_ + n_; }
  uint64_t& operator[](size_t i) { return v_[i]; }
  uint64_t operator[](size_t i) const { return v_[i]; }
  uint64_t back() const { return v_[n_ - 1]; }
  void push_back(uint64_t x) {
    require(n_ < kCap, "swizzle search: more than 64 vectors in one list");
    v_[n_++] = x;
  }
  void resize(size_t n) {
    require(n <= kCap, "swizzle search: more than 64 vectors in one list");
    if (n > n_) std::fill(v_ + n_, v_ + n, 0);
    n_ = n;
  }
  template <class It> void append(It first, It last) { for (; first != last; ++first) push_back(*first); }
  std::vector<uint64_t> vector() const { return {begin(), end()}; }
  bool operator==(const Vec& o) const { return std::equal(begin(), end(), o.begin(), o.end()); }
  auto operator<=>(const Vec& o) const {
    return std::lexicographical_compare_three_way(begin(), end(), o.begin(), o.end());
  }

private:
  size_t n_ = 0;
  uint64_t v_[kCap];
};

int log2i(int64_t x) { return std::bit_width(static_cast<uint64_t>(x)) - 1; }
bool contains(const Vec& v, uint64_t x) { return std::find(v.begin(), v.end(), x) != v.end(); }

// Flat index with dim0 in the low bits (Triton's flattenOuts).
struct Flat {
  std::vector<int> shift, log2;
  explicit Flat(const LinearLayout& l) {
    int s = 0;
    for (auto& o : l.outs()) shift.push_back(s), log2.push_back(o.log2), s += o.log2;
  }
  uint64_t pack(const LinearLayout::Basis& b) const {
    uint64_t v = 0;
    for (size_t d = 0; d < b.size(); ++d) v |= static_cast<uint64_t>(b[d]) << shift[d];
    return v;
  }
  Ints unpack(uint64_t v) const {
    Ints b;
    for (size_t d = 0; d < shift.size(); ++d) b.push_back(static_cast<int32_t>((v >> shift[d]) & ((1ull << log2[d]) - 1)));
    return b;
  }
  int bits() const { return shift.empty() ? 0 : shift.back() + log2.back(); }
};

Vec flat_bases(const LinearLayout& l, const Flat& f, const std::string& in, bool drop_zero) {
  Vec v;
  for (auto& b : l.bases(in)) {
    uint64_t x = f.pack(b);
    if (x || !drop_zero) v.push_back(x);
  }
  return v;
}

// span(v) over F2 in reduced echelon form, each row's pivot at its lowest
// set bit (f2reduce's form, as Triton uses it).
Vec reduced_rows(const Vec& v) {
  Vec rows;
  for (auto x : v) {
    for (auto r : rows)
      if (x & (r & -r)) x ^= r;
    if (!x) continue;
    for (auto& r : rows)
      if (r & (x & -x)) r ^= x;
    rows.push_back(x);
  }
  return rows;
}

uint64_t pivots(const Vec& rows) {
  uint64_t piv = 0;
  for (auto r : rows) piv |= r & -r;
  return piv;
}

// Null space of the rows `v` with `dim` columns, as Triton's nullspaceBasis
// computes it: one vector per free column, ascending.
Vec nullspace(const Vec& v, int dim) {
  const Vec rows = reduced_rows(v);
  const uint64_t piv = pivots(rows);
  Vec out;
  for (int c = 0; c < dim; ++c) {
    if (piv >> c & 1) continue;
    uint64_t x = 1ull << c;
    for (auto r : rows)
      if (r >> c & 1) x ^= r & -r;
    out.push_back(x);
  }
  return out;
}

// Triton's intersectionBasis: for unit vectors, those of `a` also in `b`, in
// a's order; otherwise the null space of the two null spaces, in its order.
Vec intersection(const Vec& a, const Vec& b, int dim) {
  auto pow2 = [](uint64_t x) { return x && !(x & (x - 1)); };
  Vec r;
  if (std::all_of(a.begin(), a.end(), pow2) && std::all_of(b.begin(), b.end(), pow2)) {
    for (auto x : a)
      if (contains(b, x)) r.push_back(x);
    return r;
  }
  Vec joint = nullspace(a, dim);
  const Vec nb = nullspace(b, dim);
  joint.append(nb.begin(), nb.end());
  return nullspace(joint, dim);
}

Vec get_vbasis(Vec reg_src, Vec reg_dst, const Vec& lane_src, const Vec& lane_dst, int bits, int dim, bool extend) {
  Vec vb = intersection(reg_src, reg_dst, dim);
  const size_t max_vec = log2i(128 / bits);
  if (vb.size() > max_vec) vb.resize(max_vec);
  const int per_bank = bits > 32 ? 0 : log2i(32 / bits);
  auto after_bank0 = [&](const Vec& regs, const Vec& v, const Vec& other_lane) {
    Vec out;
    const size_t max_log2 = log2i(128 / std::max(bits, 32));
    for (auto r : regs) {
      if (contains(v, r)) continue;
      if (contains(other_lane, r)) out.push_back(r);
      if (out.size() == max_log2) break;
    }
    return out;
  };
  bool vec_src = true;
  if ((int64_t{1} << vb.size()) * bits < 32) {
    auto is_prefix = [](const Vec& p, const Vec& regs) { return std::equal(p.begin(), p.end(), regs.begin()); };
    bool sp = is_prefix(vb, reg_src), dp = is_prefix(vb, reg_dst);
    auto to_front = [&](const Vec& regs) {
      Vec r = vb;
      for (auto x : regs)
        if (!contains(vb, x)) r.push_back(x);
      return r;
    };
    if (!vb.empty() && !sp && !dp) {
      reg_src = to_front(reg_src);
      reg_dst = to_front(reg_dst);
      sp = dp = true;
    }
    auto fill = [&](const Vec& regs) {
      Vec r = vb;
      for (size_t i = vb.size(); static_cast<int>(i) < per_bank && i < regs.size(); ++i) r.push_back(regs[i]);
      return r;
    };
    if (sp && dp) {
      Vec vs = after_bank0(reg_src, fill(reg_src), lane_dst);
      Vec vd = after_bank0(reg_dst, fill(reg_dst), lane_src);
      sp = vs >= vd;  // lexicographic, as Triton compares them
      dp = vd > vs;
    }
    vec_src = sp;
    vb = fill(vec_src ? reg_src : reg_dst);
  }
  if (!extend) return vb;
  Vec extra = vec_src ? after_bank0(reg_src, vb, lane_dst) : after_bank0(reg_dst, vb, lane_src);
  vb.append(extra.begin(), extra.end());
  return vb;
}

Vec compute_segment(const Vec& bank_src, const Vec& bank_dst, int dim, size_t len) {
  std::set<uint64_t> ss(bank_src.begin(), bank_src.end()), sd(bank_dst.begin(), bank_dst.end());
  ss.erase(0);
  sd.erase(0);
  Vec seg;
  for (int b = 0; b < dim; ++b)
    if (!ss.count(1ull << b) && !sd.count(1ull << b)) seg.push_back(1ull << b);
  if (seg.size() >= len) {
    seg.resize(len);
    return seg;
  }
  Vec a, c;
  for (auto v : ss)
    if (!sd.count(v)) a.push_back(v);
  for (auto v : sd)
    if (!ss.count(v)) c.push_back(v);
  if (a.size() > c.size()) std::swap(a, c);  // sets iterate sorted: a and c are sorted
  const size_t conflicts = std::min<size_t>(std::max<int64_t>(0, static_cast<int64_t>(len) - a.size() - seg.size()), a.size());
  for (size_t i = conflicts; i < a.size(); ++i) seg.push_back(a[i] ^ c[i]);
  seg.append(a.begin(), a.begin() + conflicts);
  seg.append(c.begin(), c.begin() + conflicts);
  if (seg.size() > len) seg.resize(len);
  return seg;
}

// Unit vectors outside the pivots (lowest set bits) of span(v), ascending.
Vec complement(const Vec& v, int dim) {
  const uint64_t piv = pivots(reduced_rows(v));
  Vec out;
  for (int i = 0; i < dim; ++i)
    if (!(piv >> i & 1)) out.push_back(1ull << i);
  return out;
}

// Offset bases of a lowered shared spec (one CTA), or nothing.
std::optional<Bases> offset_bases(const Spec& s, const Shape& shape) {
  try {
    LinearLayout l = to_linear(s, shape);
    return l.bases("offset");
  } catch (const Error&) {
    return std::nullopt;
  }
}


// The shared layout given its vector bases and the lane bases each side's
// wavefront serves (Triton's optimalSwizzling + buildReps): segment bases
// avoid both sides' wavefront bases, bank bases complete the basis, and
// segment bases held in registers on both sides become reps (but the first
// leave_reps of them stay in the segment, for ldmatrix/stmatrix .x4).
struct Core {
  Vec bank, segment, reps, seg_all;
};

Core build_core(const Vec& reg_src, const Vec& reg_dst, const Vec& vb, const Vec& tile_src, const Vec& tile_dst,
                int bits, int dim, int leave_reps, int banks = 32) {
  Vec bank_src = vb, bank_dst = vb;
  bank_src.append(tile_src.begin(), tile_src.end());
  bank_dst.append(tile_dst.begin(), tile_dst.end());
  const int len_bank =
      std::min<int>(log2i(int64_t{32} * banks / ((int64_t{1} << vb.size()) * bits)), dim - static_cast<int>(vb.size()));
  const int len_seg = dim - len_bank - static_cast<int>(vb.size());
  Vec seg = compute_segment(bank_src, bank_dst, dim, std::max(0, len_seg));
  Vec uni = vb;
  uni.append(seg.begin(), seg.end());
  Core c;
  c.bank = complement(uni, dim);
  Vec all = uni;
  all.append(c.bank.begin(), c.bank.end());
  require(static_cast<int>(all.size()) == dim && f2::rank(all.vector()) == dim,
          "the swizzle designer found no bijective shared layout for this pair");
  for (auto s : seg) {
    if (contains(reg_src, s) && contains(reg_dst, s)) {
      if (leave_reps > 0) --leave_reps, c.segment.push_back(s);
      else c.reps.push_back(s);
    } else {
      c.segment.push_back(s);
    }
  }
  c.seg_all = seg;
  return c;
}

// A layout's hardware bases over the flat tensor index, by in dim, and
// their echelon form (each row: a value and the hardware bits that XOR to it,
// rows by decreasing leading bit) for preimages.
struct FlatHw {
  static constexpr size_t kMaxIns = 8;  // a distributed layout has 4: register, lane, warp, block
  using Combo = std::array<uint64_t, kMaxIns>;  // a bit mask per in dim
  struct Row {
    uint64_t v;
    Combo comb;
  };
  std::vector<std::string> names;
  std::vector<Vec> bases;
  std::vector<Row> rows;
};

FlatHw flat_hw(const LinearLayout& l, const Flat& f) {
  FlatHw h;
  for (auto& d : l.ins()) {
    h.names.push_back(d.name);
    h.bases.push_back(flat_bases(l, f, d.name, false));
  }
  const size_t nd = h.names.size();
  require(nd <= FlatHw::kMaxIns, "swizzle search: a layout with more than 8 in dims");
  for (size_t d = 0; d < nd; ++d)
    for (size_t i = 0; i < h.bases[d].size(); ++i) {
      FlatHw::Row r{h.bases[d][i], {}};
      r.comb[d] = 1ull << i;
      for (auto& q : h.rows)
        if (r.v & std::bit_floor(q.v)) {
          r.v ^= q.v;
          for (size_t k = 0; k < nd; ++k) r.comb[k] ^= q.comb[k];
        }
      if (!r.v) continue;  // else r.v differs from every row's (its leading bit is no row's)
      const auto at = std::upper_bound(h.rows.begin(), h.rows.end(), r.v,
                                       [](uint64_t v, const FlatHw::Row& q) { return v > q.v; });
      h.rows.insert(at, std::move(r));
    }
  return h;
}

// The hardware index of `a` holding element e (nonzero bases only), as a
// bit mask per in dim; nullopt when e is not reached.
std::optional<FlatHw::Combo> preimage(const FlatHw& a, uint64_t e) {
  FlatHw::Combo out{};
  for (auto& q : a.rows)
    if (e & std::bit_floor(q.v)) {
      e ^= q.v;
      for (size_t k = 0; k < a.names.size(); ++k) out[k] ^= q.comb[k];
    }
  if (e) return std::nullopt;
  return out;
}

uint64_t component(const FlatHw& h, const FlatHw::Combo& x, const std::string& name) {
  for (size_t d = 0; d < h.names.size(); ++d)
    if (h.names[d] == name) return x[d];
  return 0;
}

// A shared-memory access instruction's lane roles (Triton's LocalMemOpTile):
// lanes whose data is contiguous in one 128-bit row, and the lanes of one
// wavefront's addresses (registers fill what is missing, up to 3).
struct OpTile {
  std::vector<int> contig, addr;
  int kind = 0;  // 0 ld/st.shared, 1 ldmatrix/stmatrix, 2 their .trans form
};

// Triton's optimalSwizzlingTile: the vector bases when side a stores with
// tile ta using n_a register bases and side b with tb using n_b (common_ab:
// intersection(reg_a, reg_b); common_ba: the same in b's order).
std::optional<Vec> tile_vbasis(const FlatHw& ha, const Vec& common_ab, const Vec& lane_a, const FlatHw& hb,
                               const Vec& common_ba, const Vec& lane_b, int n_a, int n_b, const OpTile& ta,
                               const OpTile& tb) {
  if (n_a < n_b) return tile_vbasis(hb, common_ba, lane_b, ha, common_ab, lane_a, n_b, n_a, tb, ta);
  Vec vb = common_ab;
  if (static_cast<int>(vb.size()) < n_b) return std::nullopt;
  vb.resize(n_b);
  Vec tile_a, tile_b;
  for (int i : ta.contig) tile_a.push_back(i < static_cast<int>(lane_a.size()) ? lane_a[i] : 0);
  for (int i : tb.contig) tile_b.push_back(i < static_cast<int>(lane_b.size()) ? lane_b[i] : 0);
  if (contains(tile_a, 0) || contains(tile_b, 0)) return std::nullopt;
  // b's contiguous lanes seen in a's hardware
  std::vector<FlatHw::Combo> img;
  for (auto x : tile_b) {
    auto p = preimage(ha, x);
    if (!p) return std::nullopt;
    img.push_back(*p);
  }
  for (int i = 0; i < n_a - n_b; ++i)
    if (i >= static_cast<int>(img.size()) || component(ha, img[i], "register") == 0) return std::nullopt;
  const size_t off = tb.contig.size() - ta.contig.size();
  for (size_t j = 0; j < ta.contig.size(); ++j)
    if (component(ha, img[off + j], "lane") != (1ull << ta.contig[j])) return std::nullopt;
  vb.append(tile_b.begin(), tile_b.end());
  return vb;
}

// Triton's bankConflicts: the wavefront bases that land in the segment.
int64_t seg_conflicts(const Vec& seg, const Vec& tile, int dim) {
  return (int64_t{1} << intersection(seg, tile, dim).size()) - 1;
}

// Triton's optimalSwizzlingLdSt (3.6 and 3.9, one CTA): the vector is the
// common register bases, filled up to one 32-bit word with one side's
// registers that are the other side's warps (the side whose lowest such basis
// is lower on a tie), then common warps, then each side's warps in turn; each
// side's wavefront is its lanes less the last log2(vector bits / 32); with a
// vector under 128 bits the bank bases held in registers by the side that
// filled the word (else by the side holding more) move to the front.
// Returns the offset bases: vector, bank, segment, reps.
struct LdStSmem {
  Vec offset;
  size_t reps = 0;
};

LdStSmem ldst_smem(const Vec& reg_src, const Vec& reg_dst, const Vec& lane_src, const Vec& lane_dst, const Vec& warp_src,
                   const Vec& warp_dst, int bits, int dim, int banks, int wave_lanes) {
  Vec vb = intersection(reg_src, reg_dst, dim);
  const size_t max_vec = log2i(128 / bits);
  if (vb.size() > max_vec) vb.resize(max_vec);
  std::optional<bool> src_fills;
  if ((int64_t{1} << vb.size()) * bits < 32) {
    const size_t per_bank = log2i(32 / bits);
    auto without_vb = [&](const Vec& v) {
      Vec r;
      for (auto x : v)
        if (!contains(vb, x)) r.push_back(x);
      return r;
    };
    Vec rs = intersection(without_vb(reg_src), warp_dst, dim), rd = intersection(without_vb(reg_dst), warp_src, dim);
    if (rs.size() == rd.size() && !rs.empty())
      src_fills = *std::min_element(rs.begin(), rs.end()) < *std::min_element(rd.begin(), rd.end());
    else
      src_fills = rs.size() > rd.size();
    const Vec& largest = *src_fills ? rs : rd;
    vb.append(largest.begin(), largest.end());
    if (vb.size() < per_bank) {
      Vec ww = intersection(warp_src, warp_dst, dim);
      vb.append(ww.begin(), ww.end());
    }
    for (size_t i = 0; vb.size() < per_bank && (i < warp_src.size() || i < warp_dst.size()); ++i) {
      if (i < warp_src.size() && !contains(vb, warp_src[i])) vb.push_back(warp_src[i]);
      if (vb.size() < per_bank && i < warp_dst.size() && !contains(vb, warp_dst[i])) vb.push_back(warp_dst[i]);
    }
    if (vb.size() > per_bank) vb.resize(per_bank);
  }
  const int log2_vec = log2i(std::max<int64_t>(1, ((int64_t{1} << vb.size()) * bits) / 32));
  auto wavefront = [&](Vec lanes) {
    const int n = wave_lanes < 0 ? static_cast<int>(lanes.size()) : std::min<int>(wave_lanes, lanes.size());
    lanes.resize(std::max(0, n - log2_vec));
    return lanes;
  };
  Core c = build_core(reg_src, reg_dst, vb, wavefront(lane_src), wavefront(lane_dst), bits, dim, 0, banks);
  if (log2_vec < 2) {
    std::vector<size_t> in_src, in_dst, order;
    for (size_t i = 0; i < c.bank.size(); ++i) {
      if (contains(reg_src, c.bank[i])) in_src.push_back(i);
      if (contains(reg_dst, c.bank[i])) in_dst.push_back(i);
    }
    if (src_fills) order = *src_fills ? in_src : in_dst;
    else order = in_src.size() > in_dst.size() ? in_src : in_dst;
    for (size_t i = 0; i < c.bank.size(); ++i)
      if (std::find(order.begin(), order.end(), i) == order.end()) order.push_back(i);
    Vec bank;
    for (auto i : order) bank.push_back(c.bank[i]);
    c.bank = bank;
  }
  LdStSmem r;
  r.offset = vb;
  for (auto* part : {&c.bank, &c.segment, &c.reps}) r.offset.append(part->begin(), part->end());
  r.reps = c.reps.size();
  return r;
}
}  // namespace

std::optional<CuteSwizzle> cute_swizzle_of(const LinearLayout& l) {
  const size_t rank = l.outs().size();
  std::vector<Ints> orders;
  Ints minor_last, minor_first;
  for (size_t d = 0; d < rank; ++d) minor_last.insert(minor_last.begin(), static_cast<int32_t>(d)), minor_first.push_back(static_cast<int32_t>(d));
  orders.push_back(minor_last);
  if (rank > 1) orders.push_back(minor_first);
  const auto& bases = l.bases("offset");
  if (!l.has_in("offset")) return std::nullopt;
  for (auto& order : orders) {
    // row-major index of each offset basis with order[0] fastest
    std::vector<int> shift(rank);
    int s = 0;
    for (auto d : order) shift[d] = s, s += l.outs()[d].log2;
    Vec x;
    for (auto& b : bases) {
      uint64_t v = 0;
      for (size_t d = 0; d < rank; ++d) v |= static_cast<uint64_t>(b[d]) << shift[d];
      x.push_back(v);
    }
    for (int B = 0; B <= 5; ++B)
      for (int M = 0; M <= 8; ++M)
        for (int S = std::max(B, 1); M + S + B <= s; ++S) {
          if (B == 0 && (M || S > 1)) continue;
          const uint64_t mask = ((1ull << B) - 1) << M;
          bool ok = true;
          for (size_t i = 0; i < x.size() && ok; ++i) {
            uint64_t o = 1ull << i;
            ok = (o ^ ((o >> S) & mask)) == x[i];
          }
          if (ok) return CuteSwizzle{B, M, S, order};
        }
  }
  return std::nullopt;
}

SwizzleDesign design_swizzle(const LinearLayout& src, const LinearLayout& dst, int32_t bits, bool extend_vector) {
  check_element_bits(bits);
  for (auto* l : {&src, &dst}) {
    require(l->has_in("register") && l->has_in("lane") && !l->has_in("offset"),
            "the swizzle designer takes two distributed layouts");
  }
  require(src.outs() == dst.outs(), "the source and destination layouts must have the same shape");
  Flat f(src);
  const int dim = f.bits();
  Vec reg_src = flat_bases(src, f, "register", true), reg_dst = flat_bases(dst, f, "register", true);
  Vec lane_src = flat_bases(src, f, "lane", false), lane_dst = flat_bases(dst, f, "lane", false);
  Vec vb = get_vbasis(reg_src, reg_dst, lane_src, lane_dst, bits, dim, extend_vector);
  require(static_cast<int>(vb.size()) <= dim, "internal: vector wider than the tile");
  // per side: the lanes one wavefront serves
  auto vec_size = [&](const Vec& regs) {
    size_t i = 0;
    while (i < vb.size() && i < regs.size() && regs[i] == vb[i]) ++i;
    return i;
  };
  auto tile = [&](Vec lanes, const Vec& regs) {
    int64_t access = (int64_t{1} << vec_size(regs)) * bits;
    if (access > 32) lanes.resize(lanes.size() - std::min<size_t>(lanes.size(), log2i(access / 32)));
    Vec t;
    for (auto x : lanes)
      if (!contains(vb, x)) t.push_back(x);
    return t;
  };
  Vec tile_src = tile(lane_src, reg_src), tile_dst = tile(lane_dst, reg_dst);
  Core core = build_core(reg_src, reg_dst, vb, tile_src, tile_dst, bits, dim, 0);
  const Vec& bank = core.bank;
  const Vec& segment = core.segment;
  const Vec& reps = core.reps;

  SwizzleDesign d;
  auto unpack = [&](const Vec& v) {
    Bases b;
    for (auto x : v) b.push_back(f.unpack(x));
    return b;
  };
  d.vector = unpack(vb);
  d.bank = unpack(bank);
  d.segment = unpack(segment);
  d.reps = unpack(reps);
  Bases offset = d.vector;
  for (auto* part : {&d.bank, &d.segment, &d.reps}) offset.insert(offset.end(), part->begin(), part->end());
  std::vector<LinearLayout::OutDim> outs = src.outs();
  d.layout = LinearLayout({{"offset", offset}, {"block", {}}}, outs);
  d.scratch_elems = (int64_t{1} << dim) >> reps.size();

  Shape shape;
  for (auto& o : outs) shape.push_back(int64_t{1} << o.log2);
  // the conventional forms it equals, if any
  const size_t rank = shape.size();
  // swizzled_shared (2-D): columns 1, 2, 4, ... then row 2^i at column
  // vec * ((2^i / perPhase) % maxPhase); integer pre-check, then lowered once
  if (rank == 2)
    for (int t = 0; t < 2 && !d.swizzled; ++t) {
      const int minor = t ? 0 : 1, major = 1 - minor;
      const int cb = log2i(shape[minor]), rb = log2i(shape[major]);
      bool cols = true;
      for (int i = 0; i < cb && cols; ++i) cols = offset[i][minor] == (1 << i) && offset[i][major] == 0;
      if (!cols) continue;
      for (int32_t vec = 1; vec <= shape[minor] && !d.swizzled; vec *= 2)
        for (int32_t pp = 1; pp <= shape[major] && !d.swizzled; pp *= 2)
          for (int32_t mp = 1; mp * vec <= shape[minor] && !d.swizzled; mp *= 2) {
            bool ok = true;
            for (int i = 0; i < rb && ok; ++i)
              ok = offset[cb + i][major] == (1 << i) && offset[cb + i][minor] == vec * (((1 << i) / pp) % mp);
            SwizzledShared sw{vec, pp, mp, {minor, major}, {}};
            if (ok && offset_bases(Spec{sw}, shape) == offset) d.swizzled = sw;
          }
    }
  if (rank >= 2 && (bits == 8 || bits == 16 || bits == 32))
    for (int32_t sw : {0, 32, 64, 128})
      for (bool tr : {false, true})
        if (!d.nvmma) {
          NvmmaShared n{sw, bits, static_cast<int32_t>(rank), tr, false, {}};
          if (offset_bases(Spec{n}, shape) == offset) d.nvmma = n;
        }
  d.cute = cute_swizzle_of(d.layout);
  LinearLayoutMap sm(d.layout), rs(src), rd(dst);
  d.store = analyze_shared_access(rs, sm, bits, true);
  d.load = analyze_shared_access(rd, sm, bits, false);
  return d;
}

std::vector<SwizzleCandidate> rank_conventional(const LinearLayout& src, const LinearLayout& dst, int32_t bits,
                                                int64_t max_candidates) {
  check_element_bits(bits);
  require(src.outs() == dst.outs(), "the source and destination layouts must have the same shape");
  Shape shape;
  for (auto& o : src.outs()) shape.push_back(int64_t{1} << o.log2);
  const size_t rank = shape.size();
  // rank! orders x vec x perPhase x maxPhase swizzled layouts, plus 8 NVMMA ones
  int64_t vecs = 0, n_orders = 1;
  for (int32_t vec = 1; vec * bits <= 128; vec *= 2) ++vecs;
  for (size_t i = 2; i <= rank && n_orders <= max_candidates; ++i) n_orders *= static_cast<int64_t>(i);
  int64_t candidates = n_orders * vecs * 4 * 5 + 8;
  require(candidates <= max_candidates, "ranking rank-" + std::to_string(rank) + " layouts tries " +
                                            std::to_string(candidates) + " conventional shared layouts; at most " +
                                            std::to_string(max_candidates) + ": use --no-rank or --max-candidates");
  std::vector<SwizzleCandidate> out;
  LinearLayoutMap rs(src), rd(dst);
  std::set<Bases> seen;
  int64_t tried = 0;
  auto add = [&](std::string name, Spec spec) {
    work_point("ranking swizzles", tried++, candidates);
    LinearLayout l;
    try {
      l = to_linear(spec, shape);
    } catch (const Error&) {
      return;
    }
    if (!seen.insert(l.bases("offset")).second) return;  // same arrangement as an earlier one
    LinearLayoutMap sm(l);
    SharedOpReport st = shared_access_totals(rs, sm, bits, true), ld = shared_access_totals(rd, sm, bits, false);
    out.push_back({std::move(name), std::move(spec), st.wavefronts, ld.wavefronts, st.ideal + ld.ideal});
  };
  std::vector<Ints> orders;
  Ints o(rank);
  for (size_t i = 0; i < rank; ++i) o[i] = static_cast<int32_t>(i);
  do orders.push_back(o);
  while (std::next_permutation(o.begin(), o.end()));
  auto list = [](const Ints& v) {
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
    return s + "]";
  };
  for (auto& ord : orders)
    for (int32_t vec = 1; vec * bits <= 128; vec *= 2)
      for (int32_t pp = 1; pp <= 8; pp *= 2)
        for (int32_t mp = 1; mp <= 16; mp *= 2)
          add("swizzled_shared vec=" + std::to_string(vec) + " perPhase=" + std::to_string(pp) + " maxPhase=" +
                  std::to_string(mp) + " order=" + list(ord),
              Spec{SwizzledShared{vec, pp, mp, ord, {}}});
  if (rank >= 2 && bits <= 32)
    for (int32_t sw : {0, 32, 64, 128})
      for (bool tr : {false, true})
        add("nvmma_shared swizzle=" + std::to_string(sw) + (tr ? " transposed" : ""),
            Spec{NvmmaShared{sw, bits, static_cast<int32_t>(rank), tr, false, {}}});
  std::stable_sort(out.begin(), out.end(), [](const SwizzleCandidate& a, const SwizzleCandidate& b) {
    if (a.conflicts() != b.conflicts()) return a.conflicts() < b.conflicts();
    return a.store_wavefronts + a.load_wavefronts < b.store_wavefronts + b.load_wavefronts;
  });
  return out;
}

}  // namespace ls

namespace ls {

CvtSmem cvt_smem(const LinearLayout& src, const LinearLayout& dst, int32_t bits, int32_t sm, int32_t banks,
                 int32_t wave_lanes) {
  check_element_bits(bits);
  require(src.outs() == dst.outs(), "the source and destination layouts must have the same shape");
  Flat f(src);
  const int dim = f.bits();
  Vec reg_src = flat_bases(src, f, "register", true), reg_dst = flat_bases(dst, f, "register", true);
  Vec lane_src = flat_bases(src, f, "lane", false), lane_dst = flat_bases(dst, f, "lane", false);
  // the instructions each side may use (Triton's getSrcDstTiles)
  const bool st_matrix = sm >= 90, ld_matrix = sm >= 75;
  std::vector<OpTile> src_ops{{{}, {0, 1, 2}, 0}}, dst_ops{{{}, {0, 1, 2}, 0}};
  if (bits <= 32) {
    if (st_matrix) src_ops.push_back({{0, 1}, {2, 3, 4}, 1});
    if (ld_matrix) dst_ops.push_back({{0, 1}, {2, 3, 4}, 1});
  }
  if (bits == 16) {
    if (st_matrix) src_ops.push_back({{2, 3, 4}, {0, 1}, 2});
    if (ld_matrix) dst_ops.push_back({{2, 3, 4}, {0, 1}, 2});
  }
  const int total = bits <= 128 ? log2i(128 / bits) : 0;
  FlatHw hs = flat_hw(src, f), hd = flat_hw(dst, f);
  const Vec common_sd = intersection(reg_src, reg_dst, dim), common_ds = intersection(reg_dst, reg_src, dim);
  bool found = false;
  int64_t best_conflicts = 0, best_reps = 0;
  CvtSmem best;
  for (auto& os : src_ops)
    for (auto& od : dst_ops) {
      const int ns = total - static_cast<int>(os.contig.size()), nd = total - static_cast<int>(od.contig.size());
      if (ns < 0 || nd < 0) continue;
      auto vb = tile_vbasis(hs, common_sd, lane_src, hd, common_ds, lane_dst, ns, nd, os, od);
      if (!vb) continue;
      // each side's wavefront: registers outside the vector, then its address lanes
      auto tile = [&](const OpTile& op, const Vec& regs, const Vec& lanes) -> std::optional<Vec> {
        Vec t;
        int need = 3 - static_cast<int>(op.addr.size());
        for (auto r : regs) {
          if (need == 0) break;
          if (!contains(*vb, r)) t.push_back(r), --need;
        }
        if (need > 0) return std::nullopt;
        for (int i : op.addr) t.push_back(i < static_cast<int>(lanes.size()) ? lanes[i] : 0);
        return t;
      };
      auto ts = tile(os, reg_src, lane_src), td = tile(od, reg_dst, lane_dst);
      if (!ts || !td) continue;
      auto missing = [](const OpTile& op) { return static_cast<int>(op.contig.size() + op.addr.size()) - 3; };
      const int leave = std::min(missing(os), missing(od));
      Core c = build_core(reg_src, reg_dst, *vb, *ts, *td, bits, dim, leave, banks);
      const int64_t conflicts = seg_conflicts(c.segment, *ts, dim) + seg_conflicts(c.segment, *td, dim);
      const int64_t reps = int64_t{1} << c.reps.size();
      if (!found || conflicts < best_conflicts || (conflicts == best_conflicts && reps > best_reps)) {
        found = true, best_conflicts = conflicts, best_reps = reps;
        Bases offset;
        for (auto* part : {&*vb, &c.bank, &c.segment, &c.reps})
          for (auto x : *part) offset.push_back(f.unpack(x));
        best.layout = LinearLayout({{"offset", offset}, {"block", {}}}, src.outs());
        best.src_instr = os.kind, best.dst_instr = od.kind;
        best.scratch_elems = (int64_t{1} << dim) / reps;
      }
    }
  if (!found) {  // plain ld.shared / st.shared
    auto warps = [&](const LinearLayout& l) { return l.has_in("warp") ? flat_bases(l, f, "warp", true) : Vec{}; };
    LdStSmem m = ldst_smem(reg_src, reg_dst, lane_src, lane_dst, warps(src), warps(dst), bits, dim, banks, wave_lanes);
    Bases offset;
    for (auto x : m.offset) offset.push_back(f.unpack(x));
    best.layout = LinearLayout({{"offset", offset}, {"block", {}}}, src.outs());
    best.scratch_elems = (int64_t{1} << dim) >> m.reps;
  }
  return best;
}

int64_t cvt_scratch_elems(const LinearLayout& src, const LinearLayout& dst, int32_t bits, int32_t sm) {
  return cvt_smem(src, dst, bits, sm).scratch_elems;
}

}  // namespace ls
