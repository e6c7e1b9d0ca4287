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
  int32_t index;
  int64_t offset;  // bytes from its base
  int32_t align;
};

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
    bases[key].push_back({i, off, align_of(known | off)});
  }
  std::vector<std::pair<int32_t, Merged>> out;  // by first access
  for (auto& [key, v] : bases) {
    std::stable_sort(v.begin(), v.end(), [](const Placed& a, const Placed& b) { return a.offset < b.offset; });
    if (s.load)  // one load per address
      v.erase(std::unique(v.begin(), v.end(), [](const Placed& a, const Placed& b) { return a.offset == b.offset; }),
              v.end());
    size_t i = 0;
    while (i < v.size()) {
      size_t run = i + 1;  // contiguous run [i, run)
      while (run < v.size() && v[run].offset == v[run - 1].offset + s.vec_bytes) ++run;
      for (size_t a = i; a < run;) {
        size_t take = 1;
        for (size_t n = std::min<size_t>(run - a, 16 / s.vec_bytes); n > 1; --n) {
          const int64_t bytes = static_cast<int64_t>(n) * s.vec_bytes;
          if (std::has_single_bit(static_cast<uint64_t>(bytes)) && v[a].align >= bytes) {
            take = n;
            break;
          }
        }
        Merged m;
        m.lead = v[a].index;
        m.count = static_cast<int32_t>(take);
        m.bytes = m.count * s.vec_bytes;
        int32_t first = v[a].index;
        for (size_t k = a + 1; k < a + take; ++k) first = std::min(first, v[k].index);
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
