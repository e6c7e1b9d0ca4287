#include "llvm_vectorizer.h"

#include <algorithm>
#include <bit>
#include <map>


namespace ls::codegen {

namespace {

int log2i(int64_t x) { return std::bit_width(static_cast<uint64_t>(x)) - 1; }

// The bytes the padding adds to x (Triton's emitPadding, in bytes).
int64_t pad_of(int64_t x, const LdStShape& s) {
  int64_t p = 0;
  for (auto [interval, pad] : s.pads)
    p += (x >> log2i(int64_t{interval} * s.elem_bytes)) << log2i(int64_t{pad} * s.elem_bytes);
  return p;
}

// The bits of the padding term that may be set when x's possibly-set bits are m.
int64_t pad_bits(int64_t m, const LdStShape& s) {
  int64_t b = 0;
  for (auto [interval, pad] : s.pads)
    b |= (m >> log2i(int64_t{interval} * s.elem_bytes)) << log2i(int64_t{pad} * s.elem_bytes);
  return b;
}

int32_t align_of(int64_t bits) {
  return bits == 0 ? 16 : static_cast<int32_t>(int64_t{1} << std::min(4, std::countr_zero(static_cast<uint64_t>(bits))));
}

struct Placed {
  int32_t index;   // the lowest of its accesses
  int64_t offset;  // bytes from its base
  int32_t align;
  int32_t size;    // bytes
  int32_t count = 1;  // Triton's accesses in it
  int32_t first;   // the first of its accesses in the input
};

// O3's load combining: pieces of one base that are a word's parts in
// register order join pairwise, register bit by register bit.
void combine_loads(std::vector<Placed>& v, const std::vector<LdStAccess>& acc, const LdStShape& s) {
  const int levels = log2i(s.unit_elems);
  std::map<int64_t, size_t> at;  // register -> position in v
  for (size_t i = 0; i < v.size(); ++i) at[acc[v[i].index].reg] = i;
  std::vector<bool> gone(v.size(), false);
  for (int j = 0; j < levels; ++j) {
    const int32_t size = s.elem_bytes << j;
    for (auto& [reg, i] : at) {
      if (reg >> j & 1 || gone[i] || v[i].size != size) continue;
      auto hi = at.find(reg | int64_t{1} << j);
      if (hi == at.end() || gone[hi->second] || v[hi->second].size != size) continue;
      Placed& a = v[i];
      const Placed& b = v[hi->second];
      if (b.offset != a.offset + size || a.align < 2 * size) continue;
      a.size = 2 * size;
      a.count += b.count;
      a.first = std::min(a.first, b.first);
      gone[hi->second] = true;
    }
  }
  std::vector<Placed> kept;
  for (size_t i = 0; i < v.size(); ++i)
    if (!gone[i]) kept.push_back(v[i]);
  v = std::move(kept);
}

}  // namespace

std::vector<Merged> vectorize(const std::vector<LdStAccess>& accesses, const LdStShape& s) {
  const int64_t mb = s.lane_warp_mask * s.elem_bytes;
  const bool padded = !s.pads.empty();
  // base: (kind, value): 0 = R, 1 = R ^ c (value c), 2 = an access of its own (value: index)
  std::map<std::pair<int, int64_t>, std::vector<Placed>> bases;
  for (int32_t i = 0; i < static_cast<int32_t>(accesses.size()); ++i) {
    const int64_t c = accesses[i].xor_const * s.elem_bytes, d = accesses[i].add_const * s.elem_bytes;
    std::pair<int, int64_t> key{0, 0};
    int64_t known = mb, off = c + d;  // possibly-set bits of the base; offset from it
    if (c & mb) {
      const int64_t cx = s.version == TritonVersion::v3_9 ? (c & mb) : c;
      key = {1, cx};
      known = mb | cx;
      off = (c ^ cx) + d;
    }
    if (padded) {
      bool spread = (off & known) == 0;
      if (s.version == TritonVersion::v3_6)  // 3.6: not where both reach an interval
        for (auto [interval, pad] : s.pads) {
          const int sh = log2i(int64_t{interval} * s.elem_bytes);
          if ((known >> sh) && (off >> sh)) spread = false;
        }
      if (!spread) {
        key = {2, i};
        known |= off;
        off = 0;
      } else {
        off += pad_of(off, s);
      }
      known |= pad_bits(known, s);
    }
    int32_t align = align_of(known | off);
    if (s.version == TritonVersion::v3_9 && s.lane_warp_terms >= 7) align = std::min(align, s.vec_bytes);
    bases[key].push_back({i, off, align, s.vec_bytes, 1, i});
  }
  const bool combine = s.load && s.unit_elems > 1 && s.vec_bytes == s.elem_bytes;
  std::vector<std::pair<int32_t, Merged>> out;  // by first access
  for (auto& [key, v] : bases) {
    if (combine) combine_loads(v, accesses, s);
    std::stable_sort(v.begin(), v.end(), [](const Placed& a, const Placed& b) { return a.offset < b.offset; });
    if (s.load)  // one load per address
      v.erase(std::unique(v.begin(), v.end(),
                          [](const Placed& a, const Placed& b) { return a.offset == b.offset && a.size == b.size; }),
              v.end());
    size_t i = 0;
    while (i < v.size()) {
      const int32_t size = v[i].size;
      size_t run = i + 1;  // contiguous run [i, run) of one piece size
      while (run < v.size() && v[run].size == size && v[run].offset == v[run - 1].offset + size) ++run;
      for (size_t a = i; a < run;) {
        size_t take = 1;
        for (size_t n = std::min<size_t>(run - a, 16 / size); n > 1; --n) {
          const int64_t bytes = static_cast<int64_t>(n) * size;
          if (std::has_single_bit(static_cast<uint64_t>(bytes)) && v[a].align >= bytes) {
            take = n;
            break;
          }
        }
        Merged m;
        m.lead = v[a].index;
        if (take == 2 && v[a].count == 1 && v[a + 1].count == 1) m.next = v[a + 1].index;
        m.unit = size;
        m.bytes = static_cast<int32_t>(take) * size;
        m.count = 0;
        int32_t first = v[a].first;
        for (size_t k = a; k < a + take; ++k) {
          first = std::min(first, v[k].first);
          m.count += v[k].count;
        }
        out.emplace_back(first, m);
        a += take;
      }
      i = run;
    }
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<Merged> r;
  r.reserve(out.size());
  for (auto& [first, m] : out) r.push_back(m);
  return r;
}

}  // namespace ls::codegen
