#include "conversion.h"

#include <algorithm>
#include <array>
#include <optional>

#include "../error.h"
#include "bank_conflicts.h"
#include "swizzle.h"

namespace ls {

std::string to_string(ConversionKind k) {
  switch (k) {
    case ConversionKind::free: return "free";
    case ConversionKind::register_permutation: return "register_permutation";
    case ConversionKind::warp_shuffle: return "warp_shuffle";
    case ConversionKind::shared_memory: return "shared_memory";
  }
  return "";
}

namespace {

LinearLayout drop_ins(const LinearLayout& l, const std::vector<std::string>& drop) {
  std::vector<LinearLayout::InDim> ins;
  for (auto& d : l.ins())
    if (std::find(drop.begin(), drop.end(), d.name) == drop.end()) ins.push_back(d);
  return LinearLayout(std::move(ins), l.outs());
}

// dst hw -> src hw; in dims with equal bases in both layouts map as the identity.
LinearLayout dst_to_src(const LinearLayout& src, const LinearLayout& dst) {
  std::vector<std::string> same;
  for (auto& d : dst.ins())
    if (src.has_in(d.name) && src.bases(d.name) == d.bases) same.push_back(d.name);
  LinearLayout c;
  if (same.size() < dst.ins().size()) c = drop_ins(dst, same).invert_and_compose(drop_ins(src, same));
  std::vector<LinearLayout::InDim> ins;
  std::vector<LinearLayout::OutDim> outs;
  for (auto& d : src.ins()) outs.push_back({d.name, static_cast<int32_t>(d.bases.size())});
  std::vector<int> at;  // each source dim's out dim in c; c has none for a dim that maps as the identity
  for (auto& o : outs) at.push_back(c.out_index(o.name));
  for (auto& d : dst.ins()) {
    LinearLayout::InDim nd{d.name, {}};
    const bool id = std::find(same.begin(), same.end(), d.name) != same.end();
    const auto& composed = c.bases(d.name);
    for (size_t i = 0; i < d.bases.size(); ++i) {
      LinearLayout::Basis b(outs.size(), 0);
      for (size_t j = 0; j < outs.size(); ++j)
        b[j] = id ? (outs[j].name == d.name ? int32_t{1} << i : 0) : at[j] < 0 ? 0 : composed[i][at[j]];
      nd.bases.push_back(std::move(b));
    }
    ins.push_back(std::move(nd));
  }
  return LinearLayout(std::move(ins), std::move(outs));
}

// Triton's quotient: `dim` maps to itself as the identity and nothing else
// touches it.
bool trivial_over(const LinearLayout& c, const std::string& dim) {
  int o = c.out_index(dim);
  if (!c.has_in(dim) && o < 0) return false;
  if (c.in_log2(dim) != c.out_log2(dim)) return false;
  for (auto& d : c.ins())
    for (size_t i = 0; i < d.bases.size(); ++i)
      for (size_t j = 0; j < c.outs().size(); ++j) {
        bool self = d.name == dim, out_self = c.outs()[j].name == dim;
        int32_t want = self && out_self ? int32_t{1} << i : 0;
        if ((self || out_self) && d.bases[i][j] != want) return false;
      }
  return true;
}

LinearLayout quotient(const LinearLayout& c, const std::string& dim) {
  std::vector<std::string> ins, outs;
  for (auto& n : c.in_names())
    if (n != dim) ins.push_back(n);
  for (auto& n : c.out_names())
    if (n != dim) outs.push_back(n);
  return c.sublayout(ins, outs);
}


bool is_zero(const LinearLayout::Basis& b) {
  return std::all_of(b.begin(), b.end(), [](int32_t x) { return x == 0; });
}

int floor_log2(int32_t v) {
  int r = -1;
  while (v > 0) v >>= 1, ++r;
  return r;
}

// Triton's cycle walk over the register bits (flat 0..nr-1) and lane bits
// (nr..): each step from a lane bit to a register bit closes one mixed
// transposition; a step from a lane bit to another lane bit leaves a lane
// permutation behind. next[f] < 0: not a permutation, the walk stops there.
WarpPermutation walk_cycles(const std::vector<int>& next, int nr) {
  const int n = static_cast<int>(next.size());
  std::vector<bool> seen(n, false);
  WarpPermutation w;
  for (int f = 0; f < n; ++f)
    for (int c = f; c >= 0 && !seen[c]; c = next[c]) {
      seen[c] = true;
      if (c >= nr && next[c] >= 0 && next[c] < nr) ++w.mixed, w.lane_bit = c - nr;
      if (c >= nr && next[c] >= nr && next[c] != c) w.lanes_fixed = false;
    }
  return w;
}

}  // namespace

LinearLayout without_register_broadcast(const LinearLayout& l) {
  std::vector<LinearLayout::InDim> ins = l.ins();
  for (auto& d : ins)
    if (d.name == "register")
      d.bases.erase(std::remove_if(d.bases.begin(), d.bases.end(),
                                   [](const LinearLayout::Basis& b) {
                                     return std::all_of(b.begin(), b.end(), [](int32_t x) { return x == 0; });
                                   }),
                    d.bases.end());
  return LinearLayout(std::move(ins), l.outs());
}

WarpPermutation warp_permutation(const LinearLayout& src_in, const LinearLayout& dst_in) {
  // Triton's getWarpLayoutConvertDecomposition: the register and lane parts of
  // both layouts (broadcast registers dropped, both padded with zero bases to
  // equal sizes) give a permutation P of register and lane bits; every run of
  // lane bits inside a cycle that also holds register bits is factored out as
  // one (register, lane) transposition.
  LinearLayout src = without_register_broadcast(src_in), dst = without_register_broadcast(dst_in);
  const std::vector<std::string> dims = {"register", "lane"};
  const int n[2] = {std::max(src.in_log2("register"), dst.in_log2("register")),
                    std::max(src.in_log2("lane"), dst.in_log2("lane"))};
  auto padded = [&](const LinearLayout& l) {
    std::vector<LinearLayout::InDim> ins;
    for (int k = 0; k < 2; ++k) {
      LinearLayout::InDim d{dims[k], l.has_in(dims[k]) ? l.bases(dims[k]) : std::vector<LinearLayout::Basis>{}};
      d.bases.resize(n[k], LinearLayout::Basis(l.outs().size(), 0));
      ins.push_back(std::move(d));
    }
    return LinearLayout(std::move(ins), l.outs());
  };
  LinearLayout s = padded(src), t = padded(dst);
  // P = t^-1 o s with Triton's heuristic: a dim equal in both is the identity,
  // the rest is the least-squares solution over the remaining dims.
  std::vector<std::string> same;
  for (auto& d : dims)
    if (s.bases(d) == t.bases(d)) same.push_back(d);
  LinearLayout rest;
  if (same.size() < dims.size()) {
    try {
      rest = drop_ins(s, same).invert_and_compose(drop_ins(t, same));
    } catch (const Error&) {
      return {n[0] + n[1], false};  // the source's data is not all held by the destination's threads of one warp
    }
  }
  // p[k][i] = {register value, lane value} of P on bit i of dims[k]
  std::vector<std::array<int32_t, 2>> p[2];
  for (int k = 0; k < 2; ++k)
    for (int i = 0; i < n[k]; ++i) {
      std::array<int32_t, 2> v{0, 0};
      if (std::find(same.begin(), same.end(), dims[k]) != same.end()) {
        v[k] = int32_t{1} << i;
      } else {
        for (int j = 0; j < 2; ++j) {
          int o = rest.out_index(dims[j]);
          if (o >= 0) v[j] = rest.bases(dims[k])[i][o];
        }
      }
      p[k].push_back(v);
    }
  // zero bases: common ones are fixed points; the others pair up in order
  std::vector<std::pair<int, int>> src_free, dst_free;
  for (int k = 0; k < 2; ++k)
    for (int i = 0; i < n[k]; ++i) {
      bool sz = is_zero(s.bases(dims[k])[i]), tz = is_zero(t.bases(dims[k])[i]);
      if (sz && tz) p[k][i][k] = int32_t{1} << i;
      else if (sz) src_free.push_back({k, i});
      else if (tz) dst_free.push_back({k, i});
    }
  for (size_t z = 0; z < std::min(src_free.size(), dst_free.size()); ++z)
    p[src_free[z].first][src_free[z].second][dst_free[z].first] = int32_t{1} << dst_free[z].second;
  std::vector<int> next;
  for (int k = 0; k < 2; ++k)
    for (int i = 0; i < n[k]; ++i) {
      const int nk = p[k][i][1] != 0 ? 1 : 0, ni = floor_log2(p[k][i][nk]);
      next.push_back(ni < 0 || ni >= n[nk] ? -1 : (nk == 0 ? ni : n[0] + ni));
    }
  return walk_cycles(next, n[0]);
}

namespace {

// A basis as one integer: the out dims' bits side by side.
uint64_t packed(const LinearLayout& l, const LinearLayout::Basis& b) {
  uint64_t v = 0;
  int shift = 0;
  for (size_t j = 0; j < l.outs().size(); ++j) {
    v |= static_cast<uint64_t>(b[j]) << shift;
    shift += l.outs()[j].log2;
  }
  return v;
}

std::vector<uint64_t> packed_bases(const LinearLayout& l, const std::string& dim) {
  std::vector<uint64_t> r;
  for (auto& b : l.bases(dim)) r.push_back(packed(l, b));
  return r;
}

// v in the F2 span of `gens`
bool in_span(std::vector<uint64_t> gens, uint64_t v) {
  for (size_t i = 0; i < gens.size(); ++i) {
    if (gens[i] == 0) continue;
    const uint64_t top = uint64_t{1} << (63 - __builtin_clzll(gens[i]));
    for (size_t j = i + 1; j < gens.size(); ++j)
      if (gens[j] & top) gens[j] ^= gens[i];
    if (v & top) v ^= gens[i];
  }
  return v == 0;
}

// Mixed (register, lane) transpositions of the register/lane permutation of a
// conversion whose destination warps may take their data from other lanes of
// their own warp: broadcast registers dropped, both sides padded with zero
// bases; a source basis maps to the destination position holding the same
// vector, common zeros are fixed, and the remaining source positions (zeros,
// and lane bases that became destination warp bases) pair in order with the
// remaining destination positions. Empty when that is no permutation.
std::optional<WarpPermutation> warp_local_permutation(const LinearLayout& src_in, const LinearLayout& dst_in) {
  const LinearLayout src = without_register_broadcast(src_in), dst = without_register_broadcast(dst_in);
  std::vector<uint64_t> s[2] = {packed_bases(src, "register"), packed_bases(src, "lane")};
  std::vector<uint64_t> t[2] = {packed_bases(dst, "register"), packed_bases(dst, "lane")};
  for (int k = 0; k < 2; ++k) {
    const size_t n = std::max(s[k].size(), t[k].size());
    s[k].resize(n, 0);
    t[k].resize(n, 0);
  }
  const int nr = static_cast<int>(s[0].size()), n = nr + static_cast<int>(s[1].size());
  auto at = [&](const std::vector<uint64_t>* l, int f) { return f < nr ? l[0][f] : l[1][f - nr]; };
  std::vector<int> next(n, -1);
  std::vector<bool> taken(n, false);
  for (int f = 0; f < n; ++f) {
    const uint64_t v = at(s, f);
    for (int g = 0; g < n && v != 0; ++g)
      if (!taken[g] && at(t, g) == v) {
        next[f] = g, taken[g] = true;
        break;
      }
    if (v == 0 && at(t, f) == 0 && !taken[f]) next[f] = f, taken[f] = true;
  }
  int g = 0;
  for (int f = 0; f < n; ++f) {
    if (next[f] >= 0) continue;
    while (g < n && taken[g]) ++g;
    if (g == n) return std::nullopt;
    next[f] = g, taken[g] = true;
  }
  return walk_cycles(next, nr);
}

// Triton 3.9's warp-local test: every destination register and lane element
// is held by the source's registers and lanes, and each destination warp
// basis differs from the source's by lane bases only (source registers do not
// depend on the warp).
bool warp_local(const LinearLayout& src, const LinearLayout& dst) {
  std::vector<uint64_t> sr = packed_bases(src, "register"), sl = packed_bases(src, "lane");
  std::vector<uint64_t> srl = sr;
  srl.insert(srl.end(), sl.begin(), sl.end());
  for (const char* d : {"register", "lane"})
    for (uint64_t v : packed_bases(dst, d))
      if (!in_span(srl, v)) return false;
  std::vector<uint64_t> sw = packed_bases(src, "warp"), dw = packed_bases(dst, "warp");
  const size_t nw = std::max(sw.size(), dw.size());
  sw.resize(nw, 0);
  dw.resize(nw, 0);
  for (size_t i = 0; i < nw; ++i)
    if (!in_span(sl, sw[i] ^ dw[i])) return false;
  return true;
}

}  // namespace

ConversionReport analyze_conversion(const LinearLayout& src, const LinearLayout& dst, int32_t bits,
                                    TritonVersion version, bool with_scratch) {
  check_element_bits(bits);
  for (auto* l : {&src, &dst})
    require(l->has_in("register") && l->has_in("lane") && !l->has_in("offset"), "convert-cost takes two distributed layouts");
  require(src.outs() == dst.outs(), "the source and destination layouts must have the same shape");
  ConversionReport r;
  LinearLayout c = dst_to_src(src, dst);
  for (const char* dim : {"block", "warp", "lane", "register"}) {
    if (!trivial_over(c, dim)) break;
    c = quotient(c, dim);
  }
  r.minimal = c;
  r.moved_dims = c.out_names();
  if (r.moved_dims.empty()) r.kind = ConversionKind::free;
  else if (r.moved_dims == std::vector<std::string>{"register"}) r.kind = ConversionKind::register_permutation;
  else if (r.moved_dims == std::vector<std::string>{"register", "lane"}) {
    // Triton 3.6 (cvtNeedsWarpShuffle) shuffles only with fewer than two mixed
    // transpositions; otherwise it goes through shared memory
    r.warp = warp_permutation(src, dst);
    r.kind = r.warp.mixed < 2 ? ConversionKind::warp_shuffle : ConversionKind::shared_memory;
  } else r.kind = ConversionKind::shared_memory;
  // Triton 3.9 also shuffles when only warps differ, each destination warp
  // finding its data in lanes of its own warp (observed, see conversion.h)
  auto moved = [&](const char* d) { return std::find(r.moved_dims.begin(), r.moved_dims.end(), d) != r.moved_dims.end(); };
  if (version == TritonVersion::v3_9 && r.kind == ConversionKind::shared_memory && moved("warp") && !moved("block") &&
      warp_local(src, dst)) {
    const std::optional<WarpPermutation> w = warp_local_permutation(src, dst);
    if (w && w->mixed < 2) r.kind = ConversionKind::warp_shuffle, r.warp = *w;
  }
  if (r.kind == ConversionKind::shared_memory && with_scratch) {
    // the designer works on the tensor without register broadcast
    r.scratch_bytes = cvt_scratch_elems(without_register_broadcast(src), without_register_broadcast(dst), bits) * bits / 8;
  }
  return r;
}

}  // namespace ls
