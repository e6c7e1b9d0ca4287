#include "swizzle.h"

#include <algorithm>
#include <bit>
#include <set>

#include "../error.h"
#include "f2.h"

namespace ls {

namespace {

using Vec = std::vector<uint64_t>;

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

// Triton's intersectionBasis: for unit vectors, those of `a` also in `b`, in
// a's order; otherwise a basis of the intersection of the spans.
Vec intersection(const Vec& a, const Vec& b) {
  auto pow2 = [](uint64_t x) { return x && !(x & (x - 1)); };
  Vec r;
  if (std::all_of(a.begin(), a.end(), pow2) && std::all_of(b.begin(), b.end(), pow2)) {
    for (auto x : a)
      if (x && contains(b, x)) r.push_back(x);
    return r;
  }
  // Zassenhaus: reduce the rows (a_i | a_i) and (b_j | 0); the rows whose
  // left half vanishes span the intersection in their right half.
  Vec rows;
  auto insert = [&](uint64_t x) {
    for (auto q : rows)
      if (x & std::bit_floor(q)) x ^= q;
    if (!x) return;
    rows.push_back(x);
    std::sort(rows.rbegin(), rows.rend());
  };
  for (auto x : a) insert(x << 32 | x);
  for (auto x : b) insert(x << 32);
  for (auto q : rows)
    if (q < (1ull << 32)) r.push_back(q);
  return r;
}

Vec get_vbasis(Vec reg_src, Vec reg_dst, const Vec& lane_src, const Vec& lane_dst, int bits) {
  Vec vb = intersection(reg_src, reg_dst);
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
  Vec extra = vec_src ? after_bank0(reg_src, vb, lane_dst) : after_bank0(reg_dst, vb, lane_src);
  vb.insert(vb.end(), extra.begin(), extra.end());
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
  seg.insert(seg.end(), a.begin(), a.begin() + conflicts);
  seg.insert(seg.end(), c.begin(), c.begin() + conflicts);
  if (seg.size() > len) seg.resize(len);
  return seg;
}

// Unit vectors outside the pivots (lowest set bits) of span(v), ascending.
Vec complement(const Vec& v, int dim) {
  Vec rows;
  for (auto x : v) {
    for (auto r : rows)
      if (x & (r & -r)) x ^= r;
    if (!x) continue;
    for (auto& r : rows)
      if (r & (x & -x)) r ^= x;
    rows.push_back(x);
  }
  uint64_t piv = 0;
  for (auto r : rows) piv |= r & -r;
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

SwizzleDesign design_swizzle(const LinearLayout& src, const LinearLayout& dst, int32_t bits) {
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
  Vec vb = get_vbasis(reg_src, reg_dst, lane_src, lane_dst, bits);
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
  Vec bank_src = vb, bank_dst = vb;
  bank_src.insert(bank_src.end(), tile_src.begin(), tile_src.end());
  bank_dst.insert(bank_dst.end(), tile_dst.begin(), tile_dst.end());
  const int len_bank = std::min<int>(log2i(1024 / ((int64_t{1} << vb.size()) * bits)), dim - static_cast<int>(vb.size()));
  const int len_seg = dim - len_bank - static_cast<int>(vb.size());
  Vec seg = compute_segment(bank_src, bank_dst, dim, std::max(0, len_seg));
  Vec uni = vb;
  uni.insert(uni.end(), seg.begin(), seg.end());
  Vec bank = complement(uni, dim);
  Vec all = uni;
  all.insert(all.end(), bank.begin(), bank.end());
  require(static_cast<int>(all.size()) == dim && f2::rank(all) == dim,
          "the swizzle designer found no bijective shared layout for this pair");
  // segment bases in registers on both sides are repetitions
  Vec segment, reps;
  for (auto s : seg) (contains(reg_src, s) && contains(reg_dst, s) ? reps : segment).push_back(s);

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

std::vector<SwizzleCandidate> rank_conventional(const LinearLayout& src, const LinearLayout& dst, int32_t bits) {
  check_element_bits(bits);
  require(src.outs() == dst.outs(), "the source and destination layouts must have the same shape");
  Shape shape;
  for (auto& o : src.outs()) shape.push_back(int64_t{1} << o.log2);
  const size_t rank = shape.size();
  std::vector<SwizzleCandidate> out;
  LinearLayoutMap rs(src), rd(dst);
  std::set<Bases> seen;
  auto add = [&](std::string name, Spec spec) {
    LinearLayout l;
    try {
      l = to_linear(spec, shape);
    } catch (const Error&) {
      return;
    }
    if (!seen.insert(l.bases("offset")).second) return;  // same arrangement as an earlier one
    LinearLayoutMap sm(l);
    SharedOpReport st = analyze_shared_access(rs, sm, bits, true), ld = analyze_shared_access(rd, sm, bits, false);
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
