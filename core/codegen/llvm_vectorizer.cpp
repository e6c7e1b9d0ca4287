#include "llvm_vectorizer.h"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <map>
#include <numeric>
#include <set>
#include <span>
#include <tuple>

#include "dag_combiner.h"

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

using Pads = std::span<const std::pair<int32_t, int32_t>>;  // (interval, padding) in elements

// The bits of the padding term of these intervals that may be set when x's
// possibly-set bits are m: Triton adds the intervals' paddings, and LLVM's
// computeKnownBits of an `add` of unknown bits m1, m2 leaves possible the
// bits of m1 + m2 and every bit a carry may reach (golden seed-8003 3.6
// lines 367, 564: [[128, 2], [512, 4]] pads of bits 3-4 and 2-3 reach 5).
int64_t pad_bits(int64_t m, Pads pads, int32_t elem_bytes) {
  int64_t b = 0;
  for (auto [interval, pad] : pads) {
    const int64_t t = (m >> log2i(int64_t{interval} * elem_bytes)) << log2i(int64_t{pad} * elem_bytes);
    b = (b + t) | ((b + t) ^ b ^ t) | b | t;
  }
  return b;
}

// Whether terms[mine] (each term's possibly-set bits, elements) is the one
// term that reaches some padding interval: a padding reads it alone.
bool alone_at_a_padding(std::span<const int64_t> terms, size_t mine, Pads pads) {
  for (auto [interval, pad] : pads) {
    int reach = 0;
    bool it = false;
    for (size_t u = 0; u < terms.size(); ++u)
      if ((terms[u] >> log2i(interval)) != 0) ++reach, it = it || u == mine;
    if (reach == 1 && it) return true;
  }
  return false;
}

// The values the padding of x (these intervals) may take when its bits
// `ones` are set and the bits `unknown` may be: LLVM's range of it from its
// known bits.
std::pair<int64_t, int64_t> pad_range(int64_t ones, int64_t unknown, Pads pads, int32_t elem_bytes) {
  int64_t lo = 0, hi = 0;
  for (auto [interval, pad] : pads) {
    const int k = log2i(int64_t{interval} * elem_bytes), p = log2i(int64_t{pad} * elem_bytes);
    lo += (ones >> k) << p;
    hi += ((ones | unknown) >> k) << p;
  }
  return {lo, hi};
}

// InstCombine's padding of x (bytes) for an interval of 2^i bytes padded by
// 2^p: `lshr x, i - p` where x's bits in [i - p, i) are known zero (true),
// else that shift under an `and` mask that clears them (false).
bool padding_is_lshr(int64_t x, int i, int p) {
  const int lo = std::max(i - p, 0);
  return ((x >> lo) & ((int64_t{1} << (i - lo)) - 1)) == 0;
}

// 3.6: whether LLVM takes the padding of (R | off) for this interval (i,
// p: log2 of its bytes and of its padding's) apart into R's and a constant,
// which puts the access in R's chain. The padding (padding_is_lshr) divides
// x by 2^a: a = i - p for the `lshr`, i under the mask.
// - padding as large as the interval (Triton's padding is then x & -2^i)
//   with bits below it: where R has several terms and one (of two bits or
//   more) above 2^i, a left shift, InstCombine drops the others from
//   (R + off) & -2^i and takes off's part out: that term, R's own padding,
//   plus a constant (seed-2400 line 1670); a single-bit term is a select of
//   constants, which takes the constant into its arms (seed-2110 line 863),
//   and where R is one term the `and` stays (seed-2400 line 275);
// - else ScalarEvolution (the LoadStoreVectorizer asks it for the distance)
//   splits (R + off) / 2^a only where R is one term (two operands: the sum
//   keeps its no-wrap) that is a left shift with no bit below a, and off a
//   multiple of 2^a.
bool padding_splits(const LdStShape& s, int64_t off, int32_t interval, int32_t pad) {
  const int64_t x = s.lane_warp_mask * s.elem_bytes | off;
  const int i = log2i(int64_t{interval} * s.elem_bytes), p = log2i(int64_t{pad} * s.elem_bytes);
  const int a = padding_is_lshr(x, i, p) ? std::max(i - p, 0) : i;
  auto shifted_above = [&](size_t t) {  // term t: a left shift with no bit below a
    return t < s.r_term_shifts.size() && s.r_term_shifts[t] != LdStShape::kNoShift &&
           std::countr_zero(static_cast<uint64_t>(s.r_terms[t] * s.elem_bytes)) >= a;
  };
  if (p == i && a == i && s.r_terms.size() >= 2) {
    int above = 0;
    size_t which = 0;
    for (size_t t = 0; t < s.r_terms.size(); ++t)
      if ((s.r_terms[t] * s.elem_bytes) >> a) ++above, which = t;
    return above == 1 && std::popcount(static_cast<uint64_t>(s.r_terms[which])) >= 2 && shifted_above(which);
  }
  if (off & ((int64_t{1} << a) - 1)) return false;
  return a == 0 || (s.r_terms.size() == 1 && shifted_above(0));
}

// 3.9 runs SLP (and its load combining) on sm_90 and sm_100 only: its cost
// model leaves sm_80's code alone (no SLP log at all there).
bool slp_off(const LdStShape& s) { return s.version == TritonVersion::v3_9 && s.sm == 80; }

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
  int32_t base = 0;  // Merged::base
  int32_t base_align = 16;  // Merged::base_align
  bool jumbled = false;  // a word combined of pieces out of register order
  int32_t carried = 0;   // padded: the alignment InferFromBasePointer carries (0: align)
  int32_t part = 0;      // a word of a load VectorCombine scalarized: its bytes from the access's start
  bool word = false;     // such a word
};

// accesses by base: (kind, value) as vectorize() keys them
using Bases = std::map<std::pair<int, int64_t>, std::vector<Placed>>;

// O3's load combining: the pieces of one word (registers r .. r + u - 1,
// r a multiple of u) join into one load when they lie at consecutive
// addresses of one IR value (one base, and one XOR constant where it has
// bits of R: seed-2500 3.9 line 515) and the lowest is aligned to the word:
// in register order an integer load; four bytes in another order SLP's
// `<4 x i8>` load and a shuffle, which the LoadStoreVectorizer keeps apart
// from the integer loads (seed-2400 3.6 line 726; seed-77 line 209: the
// jumbled word beside an integer one stays a `b32`); a pair in another
// order keeps its pieces.
// Where the lowest piece is not aligned to the word, SLP on sm_90 and
// sm_100 still makes them one vector load (`load i32, align 2`), which
// NVPTX loads in pieces of its alignment (seed-2400 3.6 line 956: a word of
// bytes at 2 mod 4, two `ld.shared.b16`) and the LoadStoreVectorizer joins
// with nothing (seed-2406 3.6 line 2159); on sm_80 SLP leaves them (held-out
// seed 2501 3.9 line 1890, which combines when compiled for sm_90): such
// pieces go to `apart`, one instruction each. 3.9 on sm_80 combines no word
// at all (vectorize; fresh seed 7902 3.9 line 7335: registers 0, 1 in order
// and 2, 3 reversed, every `half` loaded alone, the eight one v4.b32).
void combine_loads(std::vector<Placed>& v, const std::vector<LdStAccess>& acc, const LdStShape& s,
                   std::vector<Placed>& apart) {
  const int64_t u = s.unit_elems;
  std::map<int64_t, size_t> at;  // register -> position in v
  for (size_t i = 0; i < v.size(); ++i) at[acc[v[i].index].reg] = i;
  std::vector<bool> gone(v.size(), false);
  for (auto& [reg, i] : at) {
    if (reg % u != 0) continue;
    std::vector<size_t> word;  // positions in v, in register order
    for (int64_t j = 0; j < u; ++j)
      if (auto it = at.find(reg + j); it != at.end() && v[it->second].size == s.elem_bytes) word.push_back(it->second);
    if (static_cast<int64_t>(word.size()) != u) continue;
    const int64_t c0 = acc[v[word[0]].index].xor_const;
    if (std::any_of(word.begin(), word.end(), [&](size_t k) {
          const int64_t c = acc[v[k].index].xor_const;
          return (c & s.lane_warp_mask) != 0 && c != c0;
        }))
      continue;
    std::vector<int64_t> offs;
    bool in_order = true;
    for (int64_t j = 0; j < u; ++j) {
      offs.push_back(v[word[static_cast<size_t>(j)]].offset);
      in_order = in_order && offs.back() == offs.front() + j * s.elem_bytes;
    }
    std::sort(offs.begin(), offs.end());
    bool consecutive = true;
    for (int64_t j = 0; j < u; ++j) consecutive = consecutive && offs[static_cast<size_t>(j)] == offs[0] + j * s.elem_bytes;
    if (!in_order && !(u == 4 && consecutive)) continue;
    size_t low = word[0];
    for (size_t k : word)
      if (v[k].offset < v[low].offset) low = k;
    Placed& a = v[low];
    const bool aligned = a.align >= u * s.elem_bytes;
    if (!aligned && s.sm < 90) continue;
    if (!aligned) {  // NVPTX loads the word in pieces of its alignment
      std::sort(word.begin(), word.end(), [&](size_t x, size_t y) { return v[x].offset < v[y].offset; });
      const int64_t per = std::max<int64_t>(a.align / s.elem_bytes, 1);
      for (size_t k = 0; k < word.size(); k += static_cast<size_t>(per)) {
        Placed p = v[word[k]];
        p.size = static_cast<int32_t>(per * s.elem_bytes);
        for (size_t q = k + 1; q < k + static_cast<size_t>(per); ++q)
          p.count += v[word[q]].count, p.first = std::min(p.first, v[word[q]].first);
        apart.push_back(p);
      }
      for (size_t k : word) gone[k] = true;
      continue;
    }
    a.size = static_cast<int32_t>(u * s.elem_bytes);
    a.jumbled = !in_order;
    for (size_t k : word) {
      if (k == low) continue;
      a.count += v[k].count;
      a.first = std::min(a.first, v[k].first);
      gone[k] = true;
    }
  }
  std::vector<Placed> kept;
  for (size_t i = 0; i < v.size(); ++i)
    if (!gone[i]) kept.push_back(v[i]);
  v = std::move(kept);
}

// LLVM's chains: accesses of one piece size whose bytes follow on; for 3.9's
// loads a gap of one access, or of two after the first of every four, is
// filled with an unused access (its alignment the best access's, moved).
// The chains lie one after another in `out`; `ends` holds where each ends.
void chains_of(const Placed* v, size_t n, bool fill, std::vector<Placed>& out, std::vector<size_t>& ends) {
  out.clear(), ends.clear();
  if (n == 0) return;
  const Placed* best = v;
  for (size_t i = 1; i < n; ++i)
    if (v[i].align > best->align) best = v + i;
  auto extra = [&](int64_t offset, int32_t size) {
    const uint64_t d = static_cast<uint64_t>(offset > best->offset ? offset - best->offset : best->offset - offset);
    const int32_t a = d == 0 ? best->align : static_cast<int32_t>(std::min<uint64_t>(best->align, d & (~d + 1)));
    return Placed{-1, offset, a, size, 0, std::numeric_limits<int32_t>::max(), best->base, best->base_align};
  };
  size_t start = 0;  // of the current chain in out
  out.push_back(v[0]);
  for (size_t i = 1; i < n; ++i) {
    const Placed& prev = v[i - 1];
    const int64_t end = prev.offset + prev.size, gap = v[i].offset - end;
    const bool same = v[i].size == prev.size;
    if (fill && same && gap == prev.size) {
      out.push_back(extra(end, prev.size));
    } else if (fill && same && gap == 2 * prev.size && (out.size() - start) % 4 == 1) {
      out.push_back(extra(end, prev.size));
      out.push_back(extra(end + prev.size, prev.size));
    } else if (!same || gap != 0) {  // a chain ends
      ends.push_back(out.size());
      start = out.size();
    }
    out.push_back(v[i]);
  }
  ends.push_back(out.size());
}

// A piece of a chain: its accesses [first, last) and its bytes.
struct Piece {
  const Placed* first;
  const Placed* last;
  int64_t bytes;
};

// Cut greedily from the start into the longest piece of at most 16 bytes
// that is a power of two no larger than its first access's alignment; for
// 3.9's loads a piece of another size grows to the next power of two (an
// unused tail) where that alignment allows. A two-access piece with an
// unused one is not joined; an unused access left alone vanishes.
void split_by_alignment(const Placed* c, size_t n, const LdStShape& s, bool fill, std::vector<Piece>& out) {
  auto alone = [&](const Placed& p) {
    if (p.index >= 0) out.push_back({&p, &p + 1, p.size});
  };
  for (size_t b = 0; b < n; ++b) {
    bool taken = false;
    // LLVM's vector element
    const int64_t unit = c[b].word ? 4 : c[b].size > s.vec_bytes ? c[b].size : s.elem_bytes;
    for (size_t end = n - 1; end > b && !taken; --end) {
      const int64_t bytes = c[end].offset + c[end].size - c[b].offset;
      if (bytes > 16) continue;
      int64_t grown = bytes;
      if (c[b].align % bytes != 0) {
        const auto elems = static_cast<uint64_t>(bytes / unit);
        if (!fill || elems >= static_cast<uint64_t>(16 / unit) || std::has_single_bit(elems)) continue;
        grown = static_cast<int64_t>(std::bit_ceil(elems)) * unit;
        if (c[b].align % grown != 0) continue;
      }
      const Piece p{c + b, c + end + 1, grown};
      const bool unused = grown > bytes || std::any_of(p.first, p.last, [](const Placed& e) { return e.index < 0; });
      if (static_cast<size_t>(p.last - p.first) + static_cast<size_t>((grown - bytes) / unit) == 2 && unused)
        for (const Placed* e = p.first; e != p.last; ++e) alone(*e);
      else
        out.push_back(p);
      b = end;
      taken = true;
    }
    if (!taken) alone(c[b]);
  }
}

// The instruction of a piece, keyed by its first access in the input.
std::pair<int32_t, Merged> merged_of(const Piece& p, const std::vector<LdStAccess>& acc) {
  Merged m;
  m.unit = p.first->size;
  m.bytes = static_cast<int32_t>(p.bytes);
  m.count = 0;
  m.base = p.first->base;
  m.base_align = p.first->base_align;
  m.llvm_align = p.first->align;
  m.offset = p.first->offset;
  int32_t first = std::numeric_limits<int32_t>::max(), real = 0;
  for (const Placed* e = p.first; e != p.last; ++e) {
    if (e->index < 0) continue;
    if (real++ == 0) {
      m.lead = e->index;
      m.lead_gap = static_cast<int32_t>(e->offset - e->part - p.first->offset);
    }
    m.words = m.words || e->word;
    first = std::min(first, e->first);
    m.last = std::max(m.last, e->index);
    m.count += e->count;
  }
  if (p.last - p.first == 2 && real == 2 && p.first[0].count == 1 && p.first[1].count == 1) m.next = p.first[1].index;
  // e[0], e[1]: two of Triton's accesses, registers 2k, 2k + 1 in order
  auto in_order = [&](const Placed* e) {
    return e[0].index >= 0 && e[1].index >= 0 && e[0].count == 1 && e[1].count == 1 &&
           acc[static_cast<size_t>(e[0].index)].reg % 2 == 0 &&
           acc[static_cast<size_t>(e[1].index)].reg == acc[static_cast<size_t>(e[0].index)].reg + 1;
  };
  // (a piece grown past its last access ends in unused elements)
  const int64_t covered = p.last[-1].offset + p.last[-1].size - p.first->offset;
  if (m.unit == 2 && p.bytes > covered && covered % 4 != 0) m.word_half_unused = true;
  for (const Placed* e = p.first; m.unit == 2 && e + 1 < p.last; e += 2) {
    if ((e[0].index < 0) != (e[1].index < 0)) m.word_half_unused = true;
    if (in_order(e)) m.word_in_order = true;
  }
  m.low_pair = m.unit == 1 && p.last - p.first >= 2 && p.first[1].offset == p.first->offset + 1 && in_order(p.first);
  m.pairs = (p.last - p.first) % 2 == 0;
  for (const Placed* e = p.first; e + 1 < p.last && m.pairs; e += 2)
    m.pairs = in_order(e) && e[1].offset == e[0].offset + e[0].size;
  return {first, m};
}

// Terms of an address (below): R, R's padding for one interval (+ the
// interval's index), R ^ c (+ c), the padding of an access of its own (+ its
// index), an access of its own whose `and` InstCombine dropped (+ its index).
constexpr int64_t kR = 1, kRPad = 2, kXored = int64_t{1} << 40, kOwnPad = int64_t{2} << 40, kAndDropped = int64_t{3} << 40;
constexpr int64_t kRPad0 = int64_t{4} << 40;  // register 0's padding where it is a value of its own (reg0_pad_apart)
constexpr int64_t kRPadAlone = int64_t{5} << 40;  // one of R's factored paddings by itself (pads_factored)
constexpr int64_t kUnbounded = int64_t{1} << 40;  // a term's range where BasicAA cannot bound it
constexpr int64_t kNegated = int64_t{1} << 50;    // a base key's XOR constant: the base is -R (c - R)

int tz_of(int64_t bits) { return bits ? std::countr_zero(static_cast<uint64_t>(bits)) : 62; }

// An access's address as LLVM's alias analysis takes it apart: the shared
// base, a constant and variable terms, each a value (`id`) with its range and
// `tz`, the power of two BasicAA's GCD step counts for it: R, R's padding (one
// GEP per interval), the padding of an access of its own, R XOR-ed with a
// constant. 3.9's LLVM counts an index's known trailing zeros there, 3.6's
// only its GEP scale (1 for R and R ^ c: hand-written IR through both
// wheels, R + 128 beside (R ^ 4) + 129 single bytes, joined by 3.9 only).
// A padding index `(x >> a) & mask` has scale 1 there (its known zero bits
// count only in its range): tz 0. `opaque`: not modelled.
struct Term {
  int64_t id = 0, lo = 0, hi = 0;
  int tz = 0;
};
struct Address {
  int64_t constant = 0;
  // a chain joined before: its store, just above its last piece (this one),
  // from `joined_constant`, `joined` bytes (0: none); the pieces stay until
  // the LoadStoreVectorizer ends
  int64_t joined = 0, joined_constant = 0;
  uint32_t first = 0, count = 0;  // its terms in Addresses::terms
  bool opaque = false;
  bool removed = false;  // a dead store (overwritten_stores)
};
// Every store's address; an address's terms are added together (one access
// at a time), so they lie side by side in one list.
struct Addresses {
  std::vector<Address> at;
  std::vector<Term> terms;
  void add(size_t i, const Term& t) {
    if (at[i].count++ == 0) at[i].first = static_cast<uint32_t>(terms.size());
    terms.push_back(t);
  }
  std::span<const Term> terms_of(const Address& a) const { return {terms.data() + a.first, a.count}; }
};

// May b's bytes overlap a's (BasicAA's aliasGEP on byte GEPs)? Terms of the
// same value cancel; the others leave the distance d = b - a a multiple of
// the GCD of their 2^tz off the constant difference, in the sum of their
// ranges: no overlap if d mod GCD keeps both accesses apart or the range does.
// Two values left, R and R ^ c or R ^ c and R ^ c', differ (isKnownNonEqual,
// both LLVMs: d is at least 1 away from the constant difference): single
// bytes at one constant do not meet. sa, sb: the accesses' bytes.
bool may_overlap(const Addresses& all, const Address& a, const Address& b, int64_t sa, int64_t sb) {
  if (a.opaque || b.opaque) return true;
  const int64_t offset = b.constant - a.constant;
  int64_t lo = offset, hi = offset;
  int tz = 62, left = 0;
  const std::span<const Term> at = all.terms_of(a), bt = all.terms_of(b);
  auto in = [](std::span<const Term> x, int64_t id) {
    return std::any_of(x.begin(), x.end(), [&](const Term& t) { return t.id == id; });
  };
  for (const Term& t : bt)
    if (!in(at, t.id)) lo += t.lo, hi += t.hi, tz = std::min(tz, t.tz), ++left;
  for (const Term& t : at)
    if (!in(bt, t.id)) lo -= t.hi, hi -= t.lo, tz = std::min(tz, t.tz), ++left;
  if (left == 0) return offset < sa && offset > -sb;
  auto r_or_xored = [](const Term& t) { return t.id == kR || (t.id >= kXored && t.id < kOwnPad); };
  if (at.size() == 1 && bt.size() == 1 && left == 2 && r_or_xored(at[0]) && r_or_xored(bt[0]) &&
      offset == 0 && sa == 1 && sb == 1)
    return false;
  const int64_t gcd = int64_t{1} << tz, mod = ((offset % gcd) + gcd) % gcd;
  if (mod >= sa && gcd - mod >= sb) return false;
  return lo < sa && hi > -sb;
}

// LLVM's DeadStoreElimination: each store, in program order, walks up the
// block's stores (MemorySSA's defs) and removes every earlier one of the
// same address value it meets; the walk takes at most 89 steps (its step
// limit of 90), one per store not yet removed. `same[i]`: the address value
// of store i, -1 where no other store has it. Returns the stores removed.
std::vector<bool> overwritten_stores(const std::vector<int64_t>& same) {
  constexpr int kSteps = 89;
  std::vector<bool> dead(same.size());
  for (size_t j = 0; j < same.size(); ++j) {
    if (same[j] < 0) continue;
    int steps = 0;
    for (size_t k = j; k-- > 0 && steps < kSteps;) {
      if (dead[k]) continue;
      ++steps;
      if (same[k] == same[j]) dead[k] = true;
    }
  }
  return dead;
}

// LLVM's LoadStoreVectorizer gathers its chains in program order: an access
// joins the chain of its base whose leader it meets first among the 64 chains
// used last (gatherChains' MaxChainsToTry), which then becomes the first;
// where its base's chain is further back (more than 64 others used since), it
// starts a new one. Repeated loads (base and offset) are one load. Returns
// each of the n accesses' generation of its base's chain; empty where there
// are at most 64 bases (one chain each).
std::vector<int32_t> chain_generations(const Bases& bases, size_t n, bool load) {
  constexpr size_t kMaxChainsToTry = 64;
  if (bases.size() <= kMaxChainsToTry) return {};
  std::vector<int32_t> base_of(n, -1);
  std::vector<int64_t> offset(n, 0);
  int32_t b = 0;
  for (const auto& [key, v] : bases) {
    for (const Placed& p : v) base_of[static_cast<size_t>(p.index)] = b, offset[static_cast<size_t>(p.index)] = p.offset;
    ++b;
  }
  std::vector<int32_t> gen(n, 0), next(bases.size(), 0);
  std::vector<std::pair<int32_t, int32_t>> mru;  // (base, generation), the last used first
  std::map<std::pair<int32_t, int64_t>, int32_t> loaded;  // a load's base and offset: its generation
  for (size_t i = 0; i < n; ++i) {
    if (base_of[i] < 0) continue;
    const std::pair<int32_t, int64_t> at{base_of[i], offset[i]};
    if (auto it = loaded.find(at); load && it != loaded.end()) {
      gen[i] = it->second;
      continue;
    }
    const size_t tried = std::min(mru.size(), kMaxChainsToTry);
    size_t j = 0;
    while (j < tried && mru[j].first != base_of[i]) ++j;
    std::pair<int32_t, int32_t> c{base_of[i], 0};
    if (j < tried) c = mru[j], mru.erase(mru.begin() + static_cast<std::ptrdiff_t>(j));
    else c.second = next[static_cast<size_t>(base_of[i])]++;
    mru.insert(mru.begin(), c);
    gen[i] = c.second;
    if (load) loaded.emplace(at, c.second);
  }
  return gen;
}

// LLVM's LoadStoreVectorizer sinks the stores of a chain (one base) down to
// its last one, from the last backwards in program order (the input's): a
// store joins the ones after it unless a store in between may overlap it (of
// the chain: by offset; of another base: may_overlap); else a new piece
// starts with it.
void split_at_aliasing_stores(std::vector<Placed>& v, const Addresses& addresses, int64_t bytes,
                              std::vector<std::vector<Placed>>& out) {
  const std::vector<Address>& address = addresses.at;
  std::vector<int64_t> offset(address.size(), std::numeric_limits<int64_t>::min());  // members' offsets
  for (const Placed& p : v) offset[p.index] = p.offset;
  std::vector<int32_t> others;  // the stores of other bases, in program order
  for (int32_t q = 0; q < static_cast<int32_t>(address.size()); ++q)
    if (offset[q] == std::numeric_limits<int64_t>::min() && !address[q].removed) others.push_back(q);
  std::vector<int64_t> at;  // the members' offsets, sorted
  at.reserve(v.size());
  for (const Placed& p : v) at.push_back(p.offset);
  std::sort(at.begin(), at.end());
  bool overlapping = false;  // members of the chain that share bytes (then checked by offset too)
  for (size_t i = 1; i < at.size(); ++i) overlapping = overlapping || at[i] < at[i - 1] + bytes;
  const auto later_first = [](const Placed& a, const Placed& b) { return a.index > b.index; };
  if (std::is_sorted(v.rbegin(), v.rend(), later_first)) std::reverse(v.begin(), v.end());
  else std::sort(v.begin(), v.end(), later_first);
  std::vector<Placed> piece;
  int32_t last = 0;  // the piece's last store
  for (const Placed& p : v) {
    bool safe = !piece.empty();
    for (auto it = std::upper_bound(others.begin(), others.end(), p.index); safe && it != others.end() && *it < last;
         ++it) {
      const Address& o = address[*it];
      safe = !may_overlap(addresses, address[p.index], o, bytes, bytes);
      if (safe && o.joined) {  // the joined store above it
        Address j = o;
        j.constant = o.joined_constant;
        safe = !may_overlap(addresses, address[p.index], j, bytes, o.joined);
      }
    }
    for (int32_t q = p.index + 1; safe && overlapping && q < last; ++q)
      safe = offset[q] == std::numeric_limits<int64_t>::min() || offset[q] >= p.offset + bytes ||
             offset[q] + bytes <= p.offset;
    if (!safe) {
      if (!piece.empty()) out.push_back(std::move(piece));
      piece.clear();
      last = p.index;
    }
    piece.push_back(p);
  }
  out.push_back(std::move(piece));
}

// R's term t's shift (LdStShape::r_term_shifts; kNoShift where none is given).
int32_t shift_of(const LdStShape& s, int t) {
  return static_cast<size_t>(t) < s.r_term_shifts.size() ? s.r_term_shifts[static_cast<size_t>(t)]
                                                         : LdStShape::kNoShift;
}

// Triton's lists of R's terms (lowerLdSt's matrixVectorProd, r_tree_align
// below): diagonals (x & m) << s and the other terms, each among the ORs where
// every offset bit on its path is set by one lane/warp basis only, else among
// the XORs; (order, term) pairs, sorted.
struct TritonLists {
  std::vector<std::pair<int, int>> or_d, xor_d, or_s, xor_s;
};
TritonLists triton_lists(const LdStShape& s) {
  const int n = static_cast<int>(s.r_terms.size());
  const int eb = log2i(s.elem_bytes);
  // offset bits (bytes) and how many lane/warp bases set each
  const int ncol = static_cast<int>(s.thread_bases.size());
  const int nrow = s.offset_log2 + eb;
  std::vector<int> pop(64, 0);
  for (int64_t v : s.thread_bases)
    for (auto x = static_cast<uint64_t>(v << eb) & ((uint64_t{1} << 62) - 1); x; x &= x - 1)
      ++pop[static_cast<size_t>(std::countr_zero(x))];
  auto unique_path = [&](int i) {  // the diagonal of shift -i (bytes)
    for (int r = std::max(0, -i), c = std::max(0, i); r < nrow && c < ncol; ++r, ++c)
      if (pop[static_cast<size_t>(r)] != 1) return false;
    return true;
  };
  // Triton's lists: diagonals (by shift), then the other terms (by thread-index bit)
  TritonLists lists;
  auto& [or_d, xor_d, or_s, xor_s] = lists;
  for (int t = 0; t < n; ++t) {
    const int32_t sh = shift_of(s, t);
    const auto bits = static_cast<uint64_t>(s.r_terms[static_cast<size_t>(t)]);
    if (sh != LdStShape::kNoShift && !std::has_single_bit(bits)) {
      const int i = -(sh + eb);
      (unique_path(i) ? or_d : xor_d).push_back({i, t});
    } else {
      bool uniq = true;
      for (int r = 0; r < 62; ++r)
        if (((bits << eb) >> r) & 1) uniq = uniq && pop[static_cast<size_t>(r)] == 1;
      (uniq ? or_s : xor_s).push_back({sh == LdStShape::kNoShift ? 1000 + t : std::countr_zero(bits) - sh, t});
    }
  }
  for (auto* l : {&or_d, &xor_d, &or_s, &xor_s}) std::sort(l->begin(), l->end());
  return lists;
}

// Triton's treeReduce (matrixVectorProd's lists): pairs joined in rounds,
// an odd last one carried; `none` for an empty list.
template <class V, class Join>
V tree_reduce(std::vector<V> level, Join join, V none) {
  if (level.empty()) return none;
  while (level.size() > 1) {
    std::vector<V> next;
    for (size_t g = 0; g + 1 < level.size(); g += 2) next.push_back(join(level[g], level[g + 1]));
    if (level.size() % 2) next.push_back(std::move(level.back()));
    level = std::move(next);
  }
  return std::move(level[0]);
}

// A node of R's tree: a term, or an `or` / `xor` / `add` of two nodes.
struct RNode {
  int l = -1, r = -1, term = -1;
  int op = 0;          // 0 `or`, 1 `xor`, 2 `add`
  bool multi = false;  // the index code computes the same node (EarlyCSE made them one)
  bool rev = false;    // InstCombine made it a bit reversal (reversals): one value, opaque to the folds
};

// Triton's treeReduce as nodes: leaves with terms 0 .. n - 1 `or`-ed in
// pairs, in rounds, appended to nodes; returns the root (-1: none).
int or_tree(std::vector<RNode>& nodes, size_t n) {
  std::vector<int> level;
  for (size_t i = 0; i < n; ++i) {
    nodes.push_back({-1, -1, static_cast<int>(i), 0});
    level.push_back(static_cast<int>(nodes.size()) - 1);
  }
  return tree_reduce(
      level,
      [&](int a, int b) {
        nodes.push_back({a, b, -1, 0});
        return static_cast<int>(nodes.size()) - 1;
      },
      -1);
}

// Each node's parent (-1: none) among all of `nodes`.
std::vector<int> parents_of(const std::vector<RNode>& nodes) {
  std::vector<int> parent(nodes.size(), -1);
  for (int u = 0; u < static_cast<int>(nodes.size()); ++u)
    if (nodes[u].term < 0) parent[static_cast<size_t>(nodes[u].l)] = u, parent[static_cast<size_t>(nodes[u].r)] = u;
  return parent;
}

// The nodes (not terms) of the tree at root, operands first (a bit
// reversal's own nodes left out).
std::vector<int> post_order_of(const std::vector<RNode>& nodes, int root) {
  std::vector<int> order;
  auto go = [&](auto&& self, int v) -> void {
    if (nodes[v].term >= 0) return;
    if (!nodes[v].rev) {
      self(self, nodes[v].l);
      self(self, nodes[v].r);
    }
    order.push_back(v);
  };
  go(go, root);
  return order;
}

// InstCombine's reassociateForUses at node v: the first operand (else the
// second) that same(u, v) allows, X op Y, and the other operand Z with one
// use: (X op Y) op Z -> (Y op Z) op X where X has another use, else (X op
// Z) op Y where Y has. Returns the operand it rebuilt (-1: none).
template <class Same, class OneUse>
int reassociate_at(std::vector<RNode>& nodes, int v, Same same, OneUse one_use) {
  const int a = nodes[v].l, b = nodes[v].r;
  int in = -1, z = -1;
  if (same(a, v) && one_use(b)) in = a, z = b;
  else if (same(b, v) && one_use(a)) in = b, z = a;
  if (in < 0) return -1;
  const int x = nodes[in].l, y = nodes[in].r;
  int keep = -1, up = -1;
  if (!one_use(x)) keep = y, up = x;
  else if (!one_use(y)) keep = x, up = y;
  else return -1;
  nodes[in] = {keep, z, -1, nodes[in].op};
  nodes[v] = {in, up, -1, nodes[v].op};
  return in;
}

// reassociateForUses over the tree at root, operands first, until nothing
// changes (a rebuilt operand is visited at once).
template <class Same, class OneUse>
void reassociate_for_uses(std::vector<RNode>& nodes, int root, Same same, OneUse one_use) {
  bool folded = false;
  auto fold = [&](auto&& self, int v) -> void {
    for (int in; (in = reassociate_at(nodes, v, same, one_use)) >= 0;) {
      folded = true;
      self(self, in);
    }
  };
  do {
    folded = false;
    for (int v : post_order_of(nodes, root)) fold(fold, v);
  } while (folded);
}

struct Terms {
  std::vector<int64_t> bits;    // elements
  std::vector<int32_t> shifts;  // as LdStShape::r_term_shifts
  TritonLists lists;
  std::vector<bool> reused;     // the same value as a term of the index code's
  std::vector<bool> gone;       // reused, but the index code's use is gone to a bit reversal
  std::vector<bool> kept;       // its `x & mask` has another use (the index code's, or another term's)
  std::vector<bool> slp_and;    // kept, yet by SLP one value with an index term, an `and` (triton_terms)
  std::vector<uint32_t> groups; // the index code's `or` lists it is in (bit per coordinate)
  std::vector<MvpTerm> mvp;     // Triton's term itself
};

// An index term's shift (left positive), a single-bit select's once
// InstCombine makes it one (0: another select).
int32_t shift_amount(const MvpTerm& o) {
  if (o.shift != MvpTerm::kSelect) return o.shift;
  if (!std::has_single_bit(static_cast<uint64_t>(o.value))) return 0;
  return std::countr_zero(static_cast<uint64_t>(o.value)) - std::countr_zero(static_cast<uint64_t>(o.mask));
}

// The `tid & m` mask of R's term t (-1: no shift, its bits from one
// thread-index bit or several overlapping ones).
int64_t tid_mask_of(const Terms& T, size_t t) {
  const int32_t sh = T.shifts[t];
  return sh == LdStShape::kNoShift ? int64_t{-1} : sh >= 0 ? T.bits[t] >> sh : T.bits[t] << -sh;
}

// R's twin of an index term: every index term `same` picks went into a bit
// reversal in the first InstCombine, which visits the index code before R's
// folds (its `tid & mask` all among index_gone): R's use is its only one then.
template <class Same>
bool twin_reversed(const LdStShape& s, int64_t mask, Same same) {
  return (mask & ~s.index_gone) == 0 &&
         std::none_of(s.index_terms.begin(), s.index_terms.end(), [&](const MvpTerm& o) { return same(o) && !o.gone; });
}

// R's terms as Triton makes them (mvp_terms), each with the shift
// InstCombine gives a single-bit select.
Terms triton_terms(const LdStShape& s) {
  const int eb = log2i(s.elem_bytes);
  std::vector<int64_t> cols;
  for (int64_t v : s.thread_bases) cols.push_back(v << eb);
  Terms t;
  const std::vector<MvpTerm> terms = mvp_terms(cols, s.offset_log2 + eb);
  // The index code's terms in the tensor's linear offset (a coordinate times
  // its stride): a term alone in its coordinate, or in the last one, is an
  // operand of the offset's `or`s itself, its shift there its own plus the
  // stride's; InstCombine joins two such of one shift into one `and (shl
  // tid, s), m1 | m2`, and their `tid & m` are gone (seed-2405 3.6 line
  // 3624: the rows' select of `tid & 16` joins the columns' of `tid & 1`;
  // R's `tid & 16` term is then `and (lshr tid, 2), 4`, its mask in reach)
  auto stride_of = [&](const MvpTerm& o) {  // its coordinate's stride (log2)
    const auto g = static_cast<size_t>(o.group);
    return g < s.index_stride_log2.size() ? s.index_stride_log2[g] : 0;
  };
  auto linear_shift = [&](const MvpTerm& o) {
    if (o.shift == MvpTerm::kSelect && !std::has_single_bit(static_cast<uint64_t>(o.value)))
      return int32_t{LdStShape::kNoShift};
    return shift_amount(o) + stride_of(o);
  };
  auto exposed = [&](const MvpTerm& o) {
    const auto g = static_cast<size_t>(o.group);
    return (g < s.index_stride_log2.size() && s.index_stride_log2[g] == 0) ||
           std::count_if(s.index_terms.begin(), s.index_terms.end(), [&](const MvpTerm& p) { return p.group == o.group; }) == 1;
  };
  // pulled: a coordinate of several terms that the stride's shift cannot
  // enter whole (canEvaluateShifted: a bare `tid & m`, a right shift by less
  // than the stride) meets InstCombine's foldShiftOfShiftedBinOp, `((x << a)
  // | y) << stride` -> `(x << (a + stride)) | (y << stride)`, after
  // reassociateForUses, from the top `or` (Triton's ORs | XORs) down while an
  // operand is a left-shifted term (a last term is shifted alone); where it
  // pulls them all the coordinate's `or`s stay the offset's (EarlyCSE's
  // nodes). Before those, FoldShiftByConstant's `(y | ((x >> stride) & m))
  // << stride` -> `(y << stride) | (x & (m << stride))` takes out a right
  // shift by the stride whose `tid & mask` has no other use (an `and` of the
  // `lshr`), operand 1 first; a coordinate it enters is pulled whole then
  // (screen82-3.6 line 2: the rows' `(tid >> 5) & 4` | `(tid & 32) >> 4`
  // times 32, R's `(tid & 32) << 1` one value with the row's, an `and`
  // lane). An 8-bit term of R that equals a pulled one is one value with it
  // after GVN, InstCombine's `and (shl tid, k), m` for SLP (held-out screen70
  // kernel 83: the rows' `(tid & 6) << 2 | ...` times 32, R's `(tid & 6) <<
  // 7` no `shl` lane: three are left, SLP reduces nothing)
  std::vector<char> pulled(s.index_terms.size(), 0);
  auto amount = [&](size_t i) { return shift_amount(s.index_terms[i]); };
  for (size_t g = 0; g < s.index_stride_log2.size(); ++g) {
    const int32_t stride = s.index_stride_log2[g];
    auto left = [&](size_t i) { return amount(i) > 0; };
    auto evaluable = [&](size_t i) { return amount(i) > 0 || (amount(i) < 0 && -amount(i) >= stride); };
    std::vector<RNode> tree;
    std::vector<int> ors, xors;
    std::vector<size_t> members;  // the coordinate's terms
    for (size_t i = 0; i < s.index_terms.size(); ++i)
      if (static_cast<size_t>(s.index_terms[i].group) == g) {
        members.push_back(i);
        tree.push_back({-1, -1, static_cast<int>(i)});
        (s.index_terms[i].ors ? ors : xors).push_back(static_cast<int>(tree.size()) - 1);
      }
    if (stride == 0 || members.size() < 2) continue;
    auto join = [&](int op) {
      return [&tree, op](int a, int b) {
        if (a < 0 || b < 0) return a < 0 ? b : a;
        tree.push_back({a, b, -1, op});
        return static_cast<int>(tree.size()) - 1;
      };
    };
    const int top = join(0)(tree_reduce(ors, join(0), -1), tree_reduce(xors, join(1), -1));
    auto leaf = [&](int v) { return tree[v].term >= 0; };
    auto term = [&](int v) { return static_cast<size_t>(tree[v].term); };
    auto all = [&](auto&& self, int v, auto f) -> bool {
      return leaf(v) ? f(term(v)) : self(self, tree[v].l, f) && self(self, tree[v].r, f);
    };
    if (std::all_of(members.begin(), members.end(), evaluable)) continue;
    // (reassociateForUses: a bare `tid & m` and a term of R's have other uses)
    auto one_use = [&](int v) {
      if (!leaf(v)) return true;
      return amount(term(v)) != 0 && std::find(terms.begin(), terms.end(), s.index_terms[term(v)]) == terms.end();
    };
    reassociate_for_uses(tree, top, [&](int u, int v) { return !leaf(u) && tree[u].op == tree[v].op; }, one_use);
    auto and_of_lshr = [&](int u) {
      if (!leaf(u) || amount(term(u)) != -stride) return false;
      const MvpTerm& o = s.index_terms[term(u)];
      auto shares_mask = [&](const MvpTerm& p) { return &p != &o && p.mask == o.mask && !p.gone; };
      return std::none_of(s.index_terms.begin(), s.index_terms.end(), shares_mask) &&
             std::none_of(terms.begin(), terms.end(), [&](const MvpTerm& m) { return m.mask == o.mask; });
    };
    bool masked = false;
    for (int v = top;;) {
      if (all(all, v, evaluable)) {
        all(all, v, [&](size_t i) { return pulled[i] = 1; });
        break;
      }
      if (leaf(v)) {  // `shl` of one term: a term of its own
        pulled[term(v)] = 1;
        break;
      }
      const int a = tree[v].l, b = tree[v].r;
      if (and_of_lshr(b)) pulled[term(b)] = 1, v = a, masked = true;
      else if (and_of_lshr(a)) pulled[term(a)] = 1, v = b, masked = true;
      else if (leaf(a) && left(term(a))) pulled[term(a)] = 1, v = b;
      else if (leaf(b) && left(term(b))) pulled[term(b)] = 1, v = a;
      else break;
    }
    if (!masked && std::all_of(members.begin(), members.end(), [&](size_t i) { return pulled[i] != 0; }))
      for (size_t i : members) pulled[i] = 0;
  }
  std::vector<int32_t> at;  // each index term's shift in the offset where exposed, else kNoShift
  for (const MvpTerm& o : s.index_terms)
    at.push_back(exposed(o) && !o.gone ? linear_shift(o) : int32_t{LdStShape::kNoShift});
  // each index term's depth below the offset's `or`s: 0 alone in its
  // coordinate or pulled, else its depth in the coordinate's treeReduce of
  // its ORs | its XORs (InstCombine joins `(x << c) | ((y << c) | z)`, one
  // level deep)
  std::vector<int> depth(s.index_terms.size(), 0);
  for (size_t g = 0; g < s.index_stride_log2.size(); ++g) {
    std::vector<std::vector<size_t>> lists(2);
    for (size_t i = 0; i < s.index_terms.size(); ++i)
      if (static_cast<size_t>(s.index_terms[i].group) == g) lists[s.index_terms[i].ors ? 0 : 1].push_back(i);
    const bool both = !lists[0].empty() && !lists[1].empty();
    for (const auto& list : lists) {
      std::vector<std::vector<size_t>> level;
      for (size_t i : list) level.push_back({i});
      tree_reduce(std::move(level), [&](std::vector<size_t> x, const std::vector<size_t>& y) {
        for (size_t i : x) ++depth[i];
        for (size_t i : y) ++depth[i];
        x.insert(x.end(), y.begin(), y.end());
        return x;
      }, {});
      if (both)
        for (size_t i : list) ++depth[i];
    }
  }
  for (size_t i = 0; i < depth.size(); ++i)
    if (pulled[i]) depth[i] = 0;
  std::vector<int64_t> term_bits;  // elements
  for (const MvpTerm& u : terms) term_bits.push_back(u.value >> eb);
  for (const MvpTerm& m : terms) {
    auto same_mask = [&](const MvpTerm& o) { return o.mask == m.mask && !(o == m) && !o.gone; };
    // an index term of m's mask that InstCombine does not join keeps `tid &
    // mask` alive (index_keeps), but where it is m itself in the tensor's
    // offset (8-bit: the offset and R both count bytes) the two are one value
    // (index_same), and `tid & mask` has another use only where a padding
    // reads m alone (seed-2560 3.6 sm_80 line 10: `and (shl tid, 8), 512`,
    // R's term and the row's, so InstSimplify finds R's node under the
    // padding's mask; seed-2406 3.6 line 3139: `shl (tid & 4), 4`, its
    // padding `shl (tid & 4), 1`)
    bool index_keeps = false, index_same = false;
    for (size_t i = 0; i < s.index_terms.size(); ++i) {
      const MvpTerm& o = s.index_terms[i];
      // (InstCombine joins o with an index term of its shift of one
      // coordinate, or one `or` apart at most: held-out seed 8805 kernel
      // 92094, the rows' `(tid & 16) << 1` beside the columns' `(tid & 1) <<
      // 1` two levels down, stays apart, `tid & 16` R's too; seed-2405 line
      // 3624's, one level down, joins; seeds 8807 and 8808: SASS 1 of 4 -> 6
      // of 6 and 1 of 5 -> 5 of 5 changed kernels)
      auto joined = [&]() {
        for (size_t j = 0; j < s.index_terms.size(); ++j)
          if (j != i && at[j] == at[i] && (s.index_terms[j].group == o.group || depth[i] + depth[j] <= 1)) return true;
        return false;
      };
      if (!same_mask(o) || !(at[i] == LdStShape::kNoShift || !joined())) continue;
      const bool same = eb == 0 && at[i] != LdStShape::kNoShift && (o.value << stride_of(o)) == m.value;
      (same ? index_same : index_keeps) = true;
    }
    const auto mine = static_cast<size_t>(&m - terms.data());
    t.kept.push_back(index_keeps || (index_same && alone_at_a_padding(term_bits, mine, s.pads)) ||
                     std::any_of(terms.begin(), terms.end(), same_mask));
    // m is an index term foldShiftOfShiftedBinOp pulled out, `tid & mask` of
    // no other use: one value after GVN, InstCombine's `and (shl tid, k), m`
    int twins = 0, others = 0;
    for (size_t i = 0; i < s.index_terms.size(); ++i)
      if (const MvpTerm& o = s.index_terms[i]; same_mask(o))
        ++(eb == 0 && pulled[i] && (o.value << stride_of(o)) == m.value ? twins : others);
    t.slp_and.push_back(twins == 1 && others == 0 && !std::any_of(terms.begin(), terms.end(), same_mask));
    auto& list = m.shift == MvpTerm::kSelect ? (m.ors ? t.lists.or_s : t.lists.xor_s)
                                             : (m.ors ? t.lists.or_d : t.lists.xor_d);
    list.push_back({static_cast<int>(list.size()), static_cast<int>(t.bits.size())});
    t.bits.push_back(m.value >> eb);
    const auto v = static_cast<uint64_t>(m.value);
    t.shifts.push_back(m.shift != MvpTerm::kSelect ? m.shift - eb
                       : std::has_single_bit(v) ? std::countr_zero(v) - std::countr_zero(static_cast<uint64_t>(m.mask)) - eb
                                                : LdStShape::kNoShift);
    t.reused.push_back(index_same || std::find(s.index_terms.begin(), s.index_terms.end(), m) != s.index_terms.end() ||
                       (std::has_single_bit(v) && (m.value >> eb & s.index_reused) != 0));
    t.gone.push_back(t.reused.back() && !index_same &&
                     twin_reversed(s, m.mask, [&](const MvpTerm& o) { return o == m; }));
    uint32_t g = 0;
    for (const MvpTerm& o : s.index_terms)
      if (o == m && o.ors && !o.gone) g |= uint32_t{1} << o.group;
    t.groups.push_back(g);
    t.mvp.push_back(m);
  }
  return t;
}

// R is XOR-ed: some access's constant shares bits with R's (R ^ c).
bool r_xored(const std::vector<LdStAccess>& accesses, const LdStShape& s) {
  return std::any_of(accesses.begin(), accesses.end(),
                     [&](const LdStAccess& a) { return (a.xor_const & s.lane_warp_mask) != 0; });
}

// R's operands InstCombine made a bit reversal of (`zext (bitreverse (trunc
// x))`, o3_operands): each the terms under it, one operand of its own
// opcode for SLP.
using Casts = std::vector<std::vector<int>>;
int cast_of(const Casts& casts, int t) {
  for (size_t c = 0; c < casts.size(); ++c)
    if (std::find(casts[c].begin(), casts[c].end(), t) != casts[c].end()) return static_cast<int>(c);
  return -1;
}

// 3.9's SLP on R's four operands: whether tryToReduce's greedy merge of
// their opcode groups makes one list of four (else nothing is reduced, no
// word in SLP's log). The matcher meets the operands right to left (the
// reverse of the leaf order; the XOR tree, `tree`, one `xor`) and groups
// them by opcode, larger groups first; a merge step is kept only while the
// lanes stay one bundle: binary opcodes, two at most, alternate; else the
// lanes off the most frequent opcode are copyable elements, fewer than half
// of them, or half where the operand-0 column (an `and`'s operand, a
// copyable lane itself; the thread id a kind of its own) keeps at most half
// of its own. Two groups of two are not merged (a 2026 SLPVectorizer.cpp).
// Seed-2540 3.9 line 962: an `and` pair of a `shl` and the thread id, then
// a select, whose column is three kinds; seed-2500 3.9 line 156: that pair
// takes the XOR tree, then the select makes four kinds; seed-2520 3.9 line
// 289: two groups of two. Four single lanes reduce all the same (seed-2500
// 3.9 line 871, sm_100: `xor`, `and`, `shl` and a select in one `and`
// bundle), which the merge as read does not explain.
bool slp_lists_four(const Terms& T, const std::vector<int>& leaves, bool tree, int eb, const Casts& casts) {
  enum Kind { kSel, kAnd, kShl, kLshr, kXor, kTid, kCast };
  struct Lane {
    Kind op, operand;
  };
  auto in_tree = [&](int t) {
    for (const auto* l : {&T.lists.xor_d, &T.lists.xor_s})
      for (auto [k, u] : *l)
        if (u == t) return tree;
    return false;
  };
  std::vector<Lane> met;
  std::vector<char> cast_met(casts.size(), 0);
  for (auto it = leaves.rbegin(); it != leaves.rend(); ++it) {
    const auto u = static_cast<size_t>(*it);
    const int32_t sh = T.shifts[u] + eb;
    if (const int c = cast_of(casts, *it); c >= 0) {
      if (!cast_met[static_cast<size_t>(c)]) met.push_back({kCast, kCast});
      cast_met[static_cast<size_t>(c)] = 1;
    } else if (in_tree(*it)) {
      if (std::none_of(met.begin(), met.end(), [](const Lane& x) { return x.op == kXor; })) met.push_back({kXor, kXor});
    } else if (T.shifts[u] == LdStShape::kNoShift) {
      met.push_back({kSel, kSel});
    } else if (T.kept[u] && sh != 0) {
      met.push_back({sh > 0 ? kShl : kLshr, sh > 0 ? kShl : kLshr});
    } else {
      met.push_back({kAnd, sh > 0 ? kShl : sh < 0 ? kLshr : kTid});
    }
  }
  if (met.size() != 4) return true;  // not R's four operands as the caller counts them
  std::vector<std::vector<Lane>> groups;
  for (const Lane& x : met) {
    auto g = std::find_if(groups.begin(), groups.end(), [&](const auto& y) { return y[0].op == x.op; });
    if (g == groups.end()) groups.push_back({x});
    else g->push_back(x);
  }
  if (groups.size() == 4) return true;
  std::stable_sort(groups.begin(), groups.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
  if (groups.size() == 2 && groups[0].size() == 2) return false;
  auto majority = [](const std::vector<Kind>& k) {  // the first kind of the most lanes, and their count
    std::pair<Kind, int> best{k[0], 0};
    for (Kind a : k)
      if (const int c = static_cast<int>(std::count(k.begin(), k.end(), a)); c > best.second) best = {a, c};
    return best;
  };
  auto one_bundle = [&](const std::vector<Lane>& lanes) {
    std::vector<Kind> ops, column;
    for (const Lane& x : lanes) ops.push_back(x.op);
    std::vector<Kind> distinct = ops;
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    if (distinct.size() <= 2 && std::find(ops.begin(), ops.end(), kSel) == ops.end()) return true;
    const int m = static_cast<int>(lanes.size());
    const auto [main, count] = majority(ops);
    if (m - count != m / 2) return m - count < m / 2;
    for (const Lane& x : lanes) column.push_back(x.op == main ? x.operand : x.op);
    return m - majority(column).second <= m / 2;
  };
  std::vector<Lane> list;
  for (const auto& g : groups) {
    std::vector<Lane> next = list;
    next.insert(next.end(), g.begin(), g.end());
    list = list.empty() || one_bundle(next) ? next : g;
    if (list.size() == 4) return true;
  }
  return false;
}

// 3.9 on sm_90 and sm_100 (SLP leaves sm_80's code alone): SLP makes R's
// `or` of four operands one `llvm.vector.reduce.or` also where their forms
// differ (at most one select; `and (shl tid, k), m` or `tid & m`; a shift
// of a `tid & m` kept for other uses; the tree of Triton's XOR list), each lane of
// another form an identity (`and x, -1`, `shl x, 0`: its copyable
// elements). computeKnownBits takes each vector op's constants over
// all lanes and proves no bit of R, so SeparateConstOffsetFromGEP moves no
// bit of an `R ^ c` out (golden seed-2500 3.9 lines 1443, 62; 3.9 line
// 1528). Of five operands or more, SLP's lists: one per opcode (a select,
// `and`, `shl`, `lshr`, the XOR tree), the largest first, reduced four
// lanes at a time from the first; the first four are of unlike forms where
// they span two lists or more and one binary opcode holds two lanes or
// more, the others copyable (seed-2500 3.9 line 1831, the select or-ed to
// four lanes of two lists; fresh seeds 2441 line 1195 and 2443 line 1553),
// but for `shl` and `lshr` lanes alone (an alternate-op bundle) and three
// `shl`s beside an `and` (below); a select pair beside single lanes is not
// reduced (seed-2500 line 1154); four of one list are alike. One operand
// beside n - 1 `shl`s: LLVM's shl-based copyable reduction puts it first
// and the `shl`s by their shift after it (seed-2500 3.9 line 1179). A
// proxy of SLP's cost model: of four, with two selects it reduces nothing;
// an `and (lshr tid, k), m` lane beside a shift lane makes the bundle an
// alternate-op one whose shuffle keeps each lane's bits, but where three
// `and` lanes and one `shl` are scored (below); beside `and` lanes and a
// select alone it is one more `and` lane, the select copyable (fresh 3.9
// seed 6210 line 1078: R's bits lost); and a few R like the others it leaves alone
// (gapped 3.9 line 243, an alternate-op bundle; seed-2500 3.9 line 156).
// A bit reversal InstCombine made of terms is one operand of its own opcode
// (fresh 3.9 seed 6411 line 400: `zext (bitreverse ...)` beside two selects
// and an `and`, nothing reduced, R's bits kept).
// leaves, casts: o3_operands'.
bool reduces_unlike_lanes(const LdStShape& s, const Terms& T, const std::vector<int>& leaves, const Casts& casts) {
  if (s.version != TritonVersion::v3_9 || slp_off(s) || !s.pads.empty()) return false;
  const auto& [or_d, xor_d, or_s, xor_s] = T.lists;
  // the XOR lists: terms of no common bit are `or`s of R's reduction
  // (InstCombine), else their tree is one operand
  int64_t xored = 0;
  bool tree = false;
  for (const auto* l : {&xor_d, &xor_s})
    for (auto [k, t] : *l) {
      tree = tree || (T.bits[static_cast<size_t>(t)] & xored) != 0;
      xored |= T.bits[static_cast<size_t>(t)];
    }
  const int eb = log2i(s.elem_bytes);
  // select, `and` outermost, shift outermost, XOR tree, a cast of a bit reversal
  int forms[5] = {0, 0, 0, tree ? 1 : 0, static_cast<int>(casts.size())};
  int shls = 0;                             // of the shifts outermost, the left shifts
  int odd = -1, first_shl = -1;  // terms: an `and (shl tid, s), m`; the `shl (and tid, m), k` of the smallest k
  bool and_lshr = false;         // an `and (lshr tid, k), m`
  int shl_lane = -1;             // a `shl (and tid, m), k`
  for (const auto* l : {&or_d, &or_s, &xor_d, &xor_s}) {
    if (tree && (l == &xor_d || l == &xor_s)) continue;  // one operand, counted above
    for (auto [k, i] : *l) {
      const auto t = static_cast<size_t>(i);
      if (cast_of(casts, i) >= 0) continue;  // counted above
      const bool shift_outermost = T.kept[t] && T.shifts[t] + eb != 0;
      and_lshr = and_lshr || (T.shifts[t] != LdStShape::kNoShift && !shift_outermost && T.shifts[t] + eb < 0);
      if (shift_outermost && T.shifts[t] + eb > 0) shl_lane = i;
      ++forms[T.shifts[t] == LdStShape::kNoShift ? 0 : shift_outermost ? 2 : 1];
      shls += shift_outermost && T.shifts[t] + eb > 0;
      if (T.shifts[t] != LdStShape::kNoShift && !shift_outermost && T.shifts[t] + eb > 0) odd = i;
      const bool smaller = first_shl < 0 || T.shifts[t] < T.shifts[static_cast<size_t>(first_shl)];
      if (shift_outermost && T.shifts[t] + eb > 0 && smaller) first_shl = i;
    }
  }
  const int n = forms[0] + forms[1] + forms[2] + forms[3] + forms[4];
  // three `and` lanes and one `shl (X, k)`, X = `and tid, m`: SLP's
  // copyable `and` bundle (the `shl` lane `and S, -1`: R's bits lost) unless
  // isCopyablePreferable's look-ahead scores the alternate `and`/`shl`
  // pairing higher. M is the first `and` lane in R's leaf order (A, its
  // operand), Sm the next whose operand is an instruction (B, its mask cS);
  // scores of depth 2: same opcode 20, other opcodes 10, the thread id
  // against another value 0, constants 15, equal ones 17. Alternate where
  // score(B, X) > score(A, L), or cS = k and score(A, L) < 17 (seed-2490 3.9
  // line 327 copyable, gapped 3.9 line 261 alternate: their SLP traces)
  if (forms[0] <= 1 && forms[1] == 3 && forms[2] == 1 && shls == 1 && forms[3] == 0 && forms[4] == 0) {
    std::vector<int> ands;  // the `and` lanes, left to right
    for (int t : leaves) {
      const auto u = static_cast<size_t>(t);
      if (T.shifts[u] != LdStShape::kNoShift && !(T.kept[u] && T.shifts[u] + eb != 0)) ands.push_back(t);
    }
    if (ands.size() == 3) {
      auto shift = [&](int t) { return T.shifts[static_cast<size_t>(t)] + eb; };  // the operand's: 0 the thread id
      const int M = ands[0];
      int Sm = M;
      for (size_t j = 1; j < ands.size() && Sm == M; ++j)
        if (shift(ands[j]) != 0) Sm = ands[j];
      const int k = shift(shl_lane);
      const int64_t m = T.mvp[static_cast<size_t>(shl_lane)].mask;
      auto consts = [](int64_t a, int64_t b) { return a == b ? 17 : 15; };
      // score(A, L): L = `shl X, k` beside A = `shl tid, a` / `lshr tid, a`
      const int a = shift(M);
      const int C = a == 0 ? 0 : (a > 0 ? 20 : 10) + consts(a > 0 ? a : -a, k);
      // score(B, X): X = `and tid, m` beside B (the thread ids pair: 10)
      const int b = shift(Sm);
      const int Alt = b == 0 ? 0 : 10 + 10 + consts(b > 0 ? b : -b, m);
      const int64_t cS = T.bits[static_cast<size_t>(Sm)] << eb;
      return !(Alt > C || (cS == k && C < 17));
    }
  }
  if (and_lshr && forms[2] > 0) return false;
  if (n == 4 && !slp_lists_four(T, leaves, tree, eb, casts)) return false;
  if (n < 5) {
    const int kinds = (forms[1] > 0) + (forms[2] > 0) + (forms[3] > 0) + (forms[4] > 0);
    if (!(n == 4 && forms[0] <= 1 && kinds + (forms[0] > 0) >= 2)) return false;
    // three `shl (and tid, m), k` and one `and (shl tid, s), m'`: SLP makes
    // the bundle copyable `shl`s (the odd lane `shl x, 0`) unless its
    // look-ahead scores the alternate-op pairing higher: the first `shl`'s
    // `and tid, m` beside the odd lane's `shl tid, s` scores more only when
    // m = s and m != m' (equal constants), and an alternate-op bundle does
    // not pay (gapped 3.9 line 243; seed-2028 3.9 line 450 ties and is
    // reduced; SLP's trace, TRITON_LLVM_DEBUG_ONLY=SLP)
    if (forms[1] == 1 && forms[2] == 3 && shls == 3 && odd >= 0 && first_shl >= 0) {
      const int64_t m = T.mvp[static_cast<size_t>(first_shl)].mask;
      if (m == T.shifts[static_cast<size_t>(odd)] + eb && m != T.mvp[static_cast<size_t>(odd)].value) return false;
    }
    return true;
  }
  if (shls == n - 1 && forms[2] == shls) return true;
  // the lists: select, `and`, `shl`, `lshr`, XOR tree; the first four lanes
  std::array<int, 6> lists{forms[0], forms[1], shls, forms[2] - shls, forms[3], forms[4]};
  std::array<size_t, 6> order{0, 1, 2, 3, 4, 5};
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return lists[a] > lists[b]; });
  std::array<int, 6> window{};  // the first four lanes, by list
  for (int left = 4; size_t i : order) {
    window[i] = std::min(left, lists[i]);
    left -= window[i];
  }
  const int spanned = static_cast<int>(std::count_if(window.begin(), window.end(), [](int w) { return w > 0; }));
  const int main = *std::max_element(window.begin() + 1, window.end());  // the vector's opcode: most lanes
  if (spanned < 2 || main < 2) return false;
  if (window[2] + window[3] == 4) return false;  // `shl` and `lshr`: an alternate-op bundle
  // `shl` the vector's opcode (more lanes than `and`, which wins a tie)
  // beside copyable `and`s: the shifts' operands are all `and`s, whose masks
  // keep their zero bits (fresh seed 2444 line 1915)
  return !(window[2] > window[1] && window[2] + window[1] == 4);
}
}  // namespace

bool reverses_bits(const std::vector<std::pair<int, int>>& pq) {
  if (pq.size() < 2) return false;
  int top = 0;
  for (auto [p, q] : pq) top = std::max(top, p);
  return std::all_of(pq.begin(), pq.end(), [&](std::pair<int, int> x) { return x.first + x.second == top; });
}

std::vector<MvpTerm> mvp_terms(const std::vector<int64_t>& cols, int nrow) {
  const int ncol = static_cast<int>(cols.size());
  auto col = [&](int c) { return static_cast<uint64_t>(cols[static_cast<size_t>(c)]); };
  uint64_t unique = 0;
  for (int r = 0; r < nrow; ++r) {
    int pop = 0;
    for (int c = 0; c < ncol; ++c) pop += static_cast<int>((col(c) >> r) & 1);
    if (pop == 1) unique |= uint64_t{1} << r;
  }
  auto diag = [&](int i, bool& all_unique) {  // the columns c with bit c - i set
    uint64_t mask = 0;
    all_unique = true;
    for (int r = i < 0 ? -i : 0, c = i < 0 ? 0 : i; r < nrow && c < ncol; ++r, ++c) {
      mask |= ((col(c) >> r) & 1) << c;
      all_unique = all_unique && ((unique >> r) & 1);
    }
    return mask;
  };
  uint64_t alone = 0;  // columns alone on one of their diagonals, found again until none is
  for (bool found = true; found;) {
    found = false;
    for (int i = -nrow + 1; i < ncol; ++i) {
      bool u;
      if (const uint64_t m = diag(i, u) & ~alone; std::has_single_bit(m)) alone |= m, found = true;
    }
  }
  std::vector<MvpTerm> out;
  for (int i = -nrow + 1; i < ncol; ++i) {
    bool u;
    const uint64_t m = diag(i, u) & ~alone;
    int64_t value = 0;
    for (uint64_t x = m; x; x &= x - 1) value |= int64_t{1} << (std::countr_zero(x) - i);
    if (m) out.push_back({static_cast<int64_t>(m), -i, value, u});
  }
  for (int c = 0; c < ncol; ++c)
    if (((alone >> c) & 1) && col(c))
      out.push_back({int64_t{1} << c, MvpTerm::kSelect, cols[static_cast<size_t>(c)], (unique & col(c)) == col(c)});
  return out;
}

namespace {

// Whether bits (elements) reach one of the padding intervals.
bool reaches_pads(int64_t bits, const LdStShape& s) {
  return std::any_of(s.pads.begin(), s.pads.end(),
                     [&](std::pair<int32_t, int32_t> p) { return (bits >> log2i(p.first)) != 0; });
}

int64_t r_bits_of(const LdStShape& s) {
  int64_t b = 0;
  for (const int64_t t : s.r_terms) b |= t;
  return b;
}

int64_t r_range_max(const std::vector<RNode>& nodes, int root, const Terms& T, int eb);
int triton_tree(const Terms& T, std::vector<RNode>& nodes, int& xors);
bool disjoint_xor(const std::vector<RNode>& nodes, const Terms& T, int v);
int64_t possible_bytes(const std::vector<RNode>& nodes, const LdStShape& s, const Terms& T, int u, int d);
int o3_reshape(std::vector<RNode>& nodes, int root, const LdStShape& s, const Terms& T,
               std::vector<RNode>& first_ic, bool& index_offset, bool* bits_lost,
               std::vector<size_t>* kept_lanes, int* rdx_top, std::array<uint32_t, 2>* ic1_exact);
bool padding_folds_early(const std::vector<RNode>& nodes, int root, const LdStShape& s, const Terms& T, int64_t c, int k);

// R's GEP chain (r_too_deep): where R's only use is one GEP, InstCombine
// splits R's `or disjoint`s, so each term of Triton's OR lists is a GEP of
// its own and the tree of the XOR lists one more. The XOR lists' tree is one
// index, except in a padded layout whose padding R never reaches: R's terms
// share no bit, InstCombine makes each `xor` an `or disjoint` and splits it
// too, unless the index code computes every one of those terms and the `or`
// is its node, of two uses (3.9 held-out seed 7303 kernel 1815: six GEPs,
// Triton's scalar b32; seed 7305: the 8-bit kernels whose `(tid >> 1) & 96
// | tid & 24` is the index code's keep five; seed 7306: 4 of 4 padded won,
// while 2 shared-linear ones, like seed 2110 line 3743, keep the tree one
// index). No chain where a padding of R + c is left late (r_padding_late).
struct RChain {
  std::vector<char> own;  // per term of R: a GEP of its own (empty: no chain)
  size_t geps = 0;
};

// 3.6, padded, R reaching no interval: whether the padding of some R + c (c
// a register offset below the interval) survives until after the second
// InstCombine. IPSCCP folds it where c plus R's range (r_range_max) stays
// below the interval; else the first InstCombine does where R's known bits
// (R one below the `add`) share none with c, so the `add` is an `or
// disjoint`, and padding_folds_early's walk gets to 0. A padding left is a
// use of R besides the GEPs, and InstCombine then splits no GEP out of R's
// index: R stays one tree, which SLP may reduce (golden seed-2470 3.6 line
// 1641: `R + 2304` of an R six `or`s deep, its padding left; R one GEP
// index, SLP's reduction, 4-byte aligned; the IR after each pass). R of a
// split chain has GEPs as its only uses (fresh seed 7902 line 3411: each
// padding folded, six GEPs).
bool r_padding_late(const std::vector<LdStAccess>& accesses, const LdStShape& s) {
  if (s.version != TritonVersion::v3_6 || s.pads.empty() || reaches_pads(r_bits_of(s), s)) return false;
  const Terms T = triton_terms(s);
  std::vector<RNode> nodes, first_ic;
  int xors = -1;
  const int root = triton_tree(T, nodes, xors);
  if (root < 0 || T.reused.empty()) return false;
  const int64_t r_max = r_range_max(nodes, root, T, log2i(s.elem_bytes));
  bool index_offset = false;
  (void)o3_reshape(nodes, root, s, T, first_ic, index_offset, nullptr, nullptr, nullptr, nullptr);
  for (const LdStAccess& a : accesses)
    for (auto [interval, pad] : s.pads) {
      const int64_t c = (a.xor_const + a.add_const) * s.elem_bytes, at = int64_t{interval} * s.elem_bytes;
      if (c == 0 || c >= at || c + r_max < at) continue;
      if (!padding_folds_early(first_ic, root, s, T, c, log2i(at))) return true;
    }
  return false;
}

RChain r_chain(const std::vector<LdStAccess>& accesses, const LdStShape& s) {
  // 3.6: a register offset that reaches an interval pads R + c, `(R + c) >>
  // k`, a use of R besides its GEP (golden seed-2540 3.6 line 713: SLP
  // reduces R, which stays one GEP index, 16 bytes aligned)
  int64_t offsets = 0;
  for (const LdStAccess& a : accesses) offsets |= a.xor_const | a.add_const;
  const bool offset_pads = s.version == TritonVersion::v3_6 && reaches_pads(offsets, s);
  if (reaches_pads(r_bits_of(s), s) || r_xored(accesses, s) || offset_pads) return {};
  if (r_padding_late(accesses, s)) return {};
  const auto [or_d, xor_d, or_s, xor_s] = triton_lists(s);
  int64_t xor_bits = 0;
  for (const auto* list : {&xor_d, &xor_s})
    for (const auto& [order, t] : *list) xor_bits |= s.r_terms[static_cast<size_t>(t)];
  const bool xor_split = !s.pads.empty() && (xor_bits & ~s.index_reused) != 0;
  RChain c{std::vector<char>(s.r_terms.size(), 0)};
  for (const auto* list : {&or_d, &or_s, &xor_d, &xor_s})
    for (const auto& [order, t] : *list) c.own[static_cast<size_t>(t)] = list == &or_d || list == &or_s || xor_split;
  c.geps = static_cast<size_t>(std::count(c.own.begin(), c.own.end(), 1));
  if (!xor_split && !(xor_d.empty() && xor_s.empty())) {
    // the XOR lists' tree, one GEP index; in 3.6 (Triton's tree of its own
    // terms) an `xor` of operands with no common bit is an `or disjoint`,
    // split into GEPs from the top (screen73-3.6 line 3: `(sel 96 ^ (tid <<
    // 2) & 32) ^ (sel 16512 ^ tid & 128)`, two GEPs, six in all: register
    // 0's base no longer 8-byte aligned)
    int xors = -1;
    std::vector<RNode> nodes;
    const Terms T = s.version == TritonVersion::v3_6 ? triton_terms(s) : Terms{};
    if (s.version == TritonVersion::v3_6) triton_tree(T, nodes, xors);
    auto split = [&](auto&& self, int v) -> size_t {
      return nodes[v].term < 0 && disjoint_xor(nodes, T, v) ? self(self, nodes[v].l) + self(self, nodes[v].r) : 1;
    };
    c.geps += xors < 0 ? 1 : split(split, xors);
  }
  return c;
}

// A term of R shifted right (its shift, elements, with elements of that many bytes).
bool shifts_right(int32_t shift, int32_t elem_bytes) {
  return shift != LdStShape::kNoShift && shift + log2i(elem_bytes) < 0;
}

}  // namespace

bool r_too_deep(const std::vector<LdStAccess>& accesses, const LdStShape& s) {
  const bool xored = r_xored(accesses, s);
  const bool unpadded = !reaches_pads(r_bits_of(s), s);
  const auto terms = static_cast<int>(s.r_terms.size());
  // padded, R XOR-ed: R of six terms or more, LLVM proves none of its bits
  // (else r_tree_align gives each term's depth)
  if (!unpadded && terms >= 6 && xored) return true;
  // R's GEP chain of six or more (held-out seed 2110 3.6 line 3743: six
  // terms, three GEPs, register 0's address 4-byte aligned; lines 256, 913,
  // 3003: six GEPs, none known)
  if (r_chain(accesses, s).geps >= 6) return true;
  // padded, 16- and 32-bit: r_tree_align gives each term's depth (fresh 3.9
  // seed 5908 case 3933, seven terms: `shl` of a kept `tid & m` five deep
  // proves its shift, 4 bytes); 8-bit R of seven terms keeps the rule
  // (held-out seed 6202: without it 3 gained, 3 lost, those SLP's
  // reductions of unlike lanes, which prove nothing)
  if (!unpadded && s.elem_bytes >= 2) return false;
  return s.version == TritonVersion::v3_9 && terms >= 7;
}

namespace {

int64_t node_bits(const std::vector<RNode>& nodes, const Terms& T, int v) {
  if (nodes[v].term >= 0) return T.bits[static_cast<size_t>(nodes[v].term)];
  return node_bits(nodes, T, nodes[v].l) | node_bits(nodes, T, nodes[v].r);
}

// InstCombine: an `xor` whose operands share no bit is an `or disjoint`.
bool disjoint_xor(const std::vector<RNode>& nodes, const Terms& T, int v) {
  return nodes[v].op == 1 && (node_bits(nodes, T, nodes[v].l) & node_bits(nodes, T, nodes[v].r)) == 0;
}

// What a padding interval (elements) reads of R's tree (demanded bits): the
// node below which one operand alone reaches it (a node both reach, or a
// term); -1 where R does not reach it.
int padding_read(const std::vector<RNode>& nodes, int root, const Terms& T, int32_t interval) {
  const int k = log2i(interval);
  auto reach = [&](int v) { return (node_bits(nodes, T, v) >> k) != 0; };
  if (!reach(root)) return -1;
  int v = root;
  while (nodes[v].term < 0 && reach(nodes[v].l) != reach(nodes[v].r)) v = reach(nodes[v].l) ? nodes[v].l : nodes[v].r;
  return v;
}

// 3.9's first InstCombine after it has visited R's `or`s: a padding's
// `lshr` demands only R's bits from its interval up, so where one operand of
// the node it reads reaches the interval alone it reads that operand, one
// level a visit, down to padding_read's node. That node has two uses then;
// the node the `lshr` left has one again and its user is visited:
// reassociateForUses there moves the node now read up (fresh 3.9 seed 5908
// case 2594: `(t1 | t2) | t0` becomes `(t1 | t0) | t2`, t2 the one term of
// the second interval; golden seed-2300 3.9 line 479: two levels down, the
// user's first operand has no operand of more uses and nothing moves). The
// padding keeps reading a node of several terms (a second padding walking
// through it leaves its user alone: case 599); a term's second use goes
// (the padding becomes a shift of its `and`). multi(u): u has other uses.
// Returns whether anything moved.
template <class Same, class Multi>
bool padding_reads_move(std::vector<RNode>& nodes, int root, const Terms& T, Pads pads, Same same, Multi multi) {
  std::vector<char> kept_read(nodes.size(), 0);  // nodes a padding reads for good
  bool moved = false;
  for (const auto& [interval, pad] : pads) {
    const int k = log2i(interval);
    auto reach = [&](int v) { return (node_bits(nodes, T, v) >> k) != 0; };
    if (!reach(root)) continue;
    for (int cur = root; nodes[cur].term < 0 && nodes[cur].op == 0 && reach(nodes[cur].l) != reach(nodes[cur].r);) {
      const int left = cur;
      cur = reach(nodes[left].l) ? nodes[left].l : nodes[left].r;
      if (left == root || multi(left) || kept_read[static_cast<size_t>(left)]) continue;
      int user = -1;
      for (int v = 0; v < static_cast<int>(nodes.size()); ++v)
        if (nodes[v].term < 0 && (nodes[v].l == left || nodes[v].r == left)) user = v;
      if (user < 0) continue;
      auto one_use = [&](int u) { return u != cur && !multi(u) && !kept_read[static_cast<size_t>(u)]; };
      moved = reassociate_at(nodes, user, [&](int u, int v) { return same(u, v) && one_use(u); }, one_use) >= 0 || moved;
    }
    if (const int p = padding_read(nodes, root, T, interval); p >= 0 && nodes[p].term < 0)
      kept_read[static_cast<size_t>(p)] = 1;
  }
  return moved;
}

// padding_read of each interval R reaches.
std::vector<int> padding_reads(const std::vector<RNode>& nodes, int root, const LdStShape& s, const Terms& T) {
  std::vector<int> reads;
  for (auto [interval, pad] : s.pads)
    if (const int v = padding_read(nodes, root, T, interval); v >= 0) reads.push_back(v);
  return reads;
}

// Each padding interval's demanded-bits walk down to the part of R reaching
// it: where one operand of a node alone reaches, the walk goes down, and
// reassociateForUses turns the grandparent (C | Y) | Z into (Y | Z) | C where
// may_fold(Z) and may_fold(C | Y): both of one use (a node an earlier
// interval's walk stopped at has its padding's use too: seed-2406 3.6 line
// 2487); read(v, g, k) is told where it stops (v a node both operands of
// which reach, or a term; g >= 0 where the walk went below R's root; k the
// interval's log2, elements).
template <class MayFold, class Read>
void padding_walk(std::vector<RNode>& nodes, int root, const LdStShape& s, const Terms& T, MayFold may_fold,
                  Read read) {
  for (auto [interval, pad] : s.pads) {
    const int k = log2i(interval);
    auto reach = [&](int v) { return (node_bits(nodes, T, v) >> k) != 0; };
    int g = -1, v = root;
    while (nodes[v].term < 0) {
      const bool rl = reach(nodes[v].l), rr = reach(nodes[v].r);
      if (rl == rr) {  // both (the node stays read by the padding) or neither
        if (rl) read(v, g, k);
        break;
      }
      const int c = rl ? nodes[v].l : nodes[v].r, y = rl ? nodes[v].r : nodes[v].l;
      if (nodes[c].term >= 0) {  // a term: the padding folds into it
        read(c, g, k);
        break;
      }
      const int z = g >= 0 ? (nodes[g].l == v ? nodes[g].r : nodes[g].l) : -1;
      // (reassociateForUses matches g's first operand first: an `or` of one
      // use there is taken, and v beside it moves nothing)
      const bool first_taken = g >= 0 && nodes[g].r == v && nodes[z].term < 0 && nodes[z].op == nodes[g].op;
      if (g >= 0 && may_fold(z) && may_fold(v) && !first_taken) {
        nodes.push_back({y, z, -1});
        nodes[g].l = static_cast<int>(nodes.size()) - 1;
        nodes[g].r = c;
        v = c;
        continue;
      }
      g = v;
      v = c;
    }
  }
}

// Whether R's tree at v is the index code's linear offset of register 0,
// commutation aside: each coordinate's terms (mask, image) shifted by its
// stride, its ORs reduced in pairs, `|` its XORs reduced likewise (an `or`
// where their bits are disjoint), the coordinates OR-ed in order. Elements
// are bytes (8-bit), so the two are one value once InstCombine has shaped
// both alike. InstCombine moves a stride's shift into a coordinate of
// several terms only where each term can take it (canEvaluateShifted): a
// shift or a select, not a bare `tid & m` nor a right shift by less than the
// stride's; such a coordinate stays `shl (or ...)` and R is not the offset
// (seed-2403 3.6 line 2802: `shl ((tid & 96) >> 1 | tid & 14), 6`).
bool is_index_offset(const std::vector<RNode>& nodes, int v, const LdStShape& s, const Terms& T) {
  struct Node {
    int l = -1, r = -1;
    int64_t mask = 0;   // a term's (l < 0)
    int64_t value = 0;  // a term's image; a node's bits
    int op = 0;
  };
  std::vector<Node> idx;
  auto join = [&](int a, int b, int op) {
    if (a < 0 || b < 0) return a < 0 ? b : a;
    const int64_t x = idx[static_cast<size_t>(a)].value, y = idx[static_cast<size_t>(b)].value;
    idx.push_back({a, b, 0, x | y, op == 1 && (x & y) != 0 ? 1 : 0});
    return static_cast<int>(idx.size()) - 1;
  };
  auto reduce = [&](std::vector<int> level, int op) {
    return tree_reduce(std::move(level), [&](int a, int b) { return join(a, b, op); }, -1);
  };
  int top = -1;
  for (size_t d = 0; d < s.index_stride_log2.size(); ++d) {
    const int32_t stride = s.index_stride_log2[d];
    int in_coordinate = 0;
    bool whole = false;  // a term the stride's shift cannot move into
    for (const MvpTerm& o : s.index_terms)
      if (static_cast<size_t>(o.group) == d) {
        ++in_coordinate;
        whole = whole || (o.shift != MvpTerm::kSelect && o.shift <= 0 && -o.shift < stride);
      }
    if (stride > 0 && in_coordinate >= 2 && whole) return false;
    std::vector<int> ors, xors;
    for (const MvpTerm& o : s.index_terms)
      if (static_cast<size_t>(o.group) == d) {
        idx.push_back({-1, -1, o.mask, o.value << s.index_stride_log2[d]});
        (o.ors ? ors : xors).push_back(static_cast<int>(idx.size()) - 1);
      }
    top = join(top, join(reduce(ors, 0), reduce(xors, 1), 0), 0);
  }
  auto same = [&](auto&& self, int a, int b) -> bool {
    const RNode& x = nodes[a];
    const Node& y = idx[b];
    if (x.term >= 0 || y.l < 0) {
      if (x.term < 0 || y.l >= 0) return false;
      const MvpTerm& m = T.mvp[static_cast<size_t>(x.term)];
      return m.mask == y.mask && m.value == y.value;
    }
    return x.op == y.op && ((self(self, x.l, y.l) && self(self, x.r, y.r)) || (self(self, x.l, y.r) && self(self, x.r, y.l)));
  };
  return top >= 0 && same(same, v, top);
}

// 3.9, 8-bit: whether node v of R's tree (an `or` of two terms) is the
// index code's coordinate of those two terms times its stride, which
// foldShiftOfShiftedBinOp shapes alike where one of them is a left shift
// (`shl (or (shl x, a), y), s` to `or (shl x, a + s), shl y, s`): GVN then
// makes R's node and the coordinate one value, each `tid & m` under it of
// one use (held-out seed 8301 kernel 11172: `(tid & 3) << 9 | (tid & 96) <<
// 6`, the row's (tid & 3) << 3 | tid & 96 times 64).
bool is_coordinate_twin(const std::vector<RNode>& nodes, int v, const LdStShape& s, const Terms& T) {
  if (s.elem_bytes != 1 || nodes[v].term >= 0 || nodes[nodes[v].l].term < 0 || nodes[nodes[v].r].term < 0) return false;
  auto left = [](const MvpTerm* o) { return shift_amount(*o) > 0; };  // a left shift after InstCombine
  for (size_t d = 0; d < s.index_stride_log2.size(); ++d) {
    std::vector<const MvpTerm*> in;
    for (const MvpTerm& o : s.index_terms)
      if (static_cast<size_t>(o.group) == d) in.push_back(&o);
    if (in.size() != 2 || (in[0]->value & in[1]->value) != 0 || std::none_of(in.begin(), in.end(), left)) continue;
    auto is = [&](int u, const MvpTerm* o) {
      const auto t = static_cast<size_t>(nodes[u].term);
      return tid_mask_of(T, t) == o->mask && T.bits[t] == o->value << s.index_stride_log2[d];
    };
    const int l = nodes[v].l, r = nodes[v].r;
    if ((is(l, in[0]) && is(r, in[1])) || (is(l, in[1]) && is(r, in[0]))) return true;
  }
  return false;
}

// Reassociate's rank of R's term t: `x & m` 2, shifted 3, a select 4.
int leaf_rank(const Terms& T, size_t t, int eb) {
  return T.shifts[t] == LdStShape::kNoShift ? 4 : T.shifts[t] + eb == 0 ? 2 : 3;
}

// Reassociate's rank of node v: a leaf's, a bit reversal (reversed(v): `zext
// (bitreverse (and (trunc tid)))`) 5, a node one more than its operands.
template <class Reversed>
int node_rank(const std::vector<RNode>& nodes, const Terms& T, int eb, int v, Reversed reversed) {
  if (reversed(v)) return 5;
  if (nodes[v].term >= 0) return leaf_rank(T, static_cast<size_t>(nodes[v].term), eb);
  return 1 + std::max(node_rank(nodes, T, eb, nodes[v].l, reversed), node_rank(nodes, T, eb, nodes[v].r, reversed));
}

// 8-bit elements: whether R's final tree holds a chain of `or`s that GVN
// makes one value with the index code's chain of a coordinate of stride 0
// (its terms are R's own in bytes) and SLP then reduces (four `and`s of
// the thread index or more, now of one use; golden seed-2403 3.6 line 451:
// `((tid >> 3) & 16 | tid & 4) | (tid >> 2) & 8) | (tid << 1) & 2`, ten
// uses, becomes `llvm.vector.reduce.or` and R's accesses are 2-byte
// aligned; where the chains' orders differ both stay scalar, golden
// seed-2408 3.6 line 1477). The index code's chain is its treeReduce of the
// coordinate's `or` list after the first InstCombine's reassociateForUses
// (its leaves have R's use too) and Reassociate (leaves by rank, the highest
// on top, ties in the order a last-in-first-out walk meets them).
bool reduces_index_chain(const std::vector<RNode>& nodes, int root, const LdStShape& s, const Terms& T) {
  const int eb = log2i(s.elem_bytes);
  for (size_t d = 0; d < s.index_stride_log2.size(); ++d) {
    if (s.index_stride_log2[d] != 0) continue;
    std::vector<RNode> tree;  // the index code's: its leaves R's terms
    std::vector<int> level;
    for (const MvpTerm& o : s.index_terms) {
      if (static_cast<size_t>(o.group) != d) continue;
      const auto it = std::find(T.mvp.begin(), T.mvp.end(), o);
      if (!o.ors || it == T.mvp.end()) {
        level.clear();
        break;
      }
      tree.push_back({-1, -1, static_cast<int>(it - T.mvp.begin())});
      level.push_back(static_cast<int>(tree.size()) - 1);
    }
    if (level.size() < 4) continue;
    const int top = tree_reduce(std::move(level), [&](int a, int b) {
      tree.push_back({a, b, -1});
      return static_cast<int>(tree.size()) - 1;
    }, -1);
    auto leaf = [&](int u) { return tree[static_cast<size_t>(u)].term >= 0; };
    auto node = [&](int u) { return !leaf(u); };  // one use; a leaf has R's too
    reassociate_for_uses(tree, top, [&](int u, int) { return node(u); }, node);
    std::vector<int> order, work{top};
    while (!work.empty()) {
      const int u = work.back();
      work.pop_back();
      for (int c : {tree[u].l, tree[u].r}) {
        if (leaf(c)) order.push_back(tree[c].term);
        else work.push_back(c);
      }
    }
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      return leaf_rank(T, static_cast<size_t>(a), eb) > leaf_rank(T, static_cast<size_t>(b), eb);
    });
    int ands = 0;
    for (int t : order) ands += T.shifts[static_cast<size_t>(t)] != LdStShape::kNoShift && !T.kept[static_cast<size_t>(t)];
    if (ands < 4) continue;
    // a node of R that is that chain: {inner, leaf} down to a pair of leaves
    for (std::vector<int> todo{root}; !todo.empty();) {
      int u = todo.back();
      todo.pop_back();
      if (nodes[u].term >= 0) continue;
      todo.push_back(nodes[u].l);
      todo.push_back(nodes[u].r);
      std::vector<int> chain;
      while (nodes[u].term < 0 && nodes[u].op == 0 && nodes[nodes[u].l].term < 0 && nodes[nodes[u].r].term >= 0) {
        chain.push_back(nodes[nodes[u].r].term);
        u = nodes[u].l;
      }
      if (nodes[u].term >= 0 || nodes[u].op != 0 || nodes[nodes[u].l].term < 0 || nodes[nodes[u].r].term < 0) continue;
      chain.push_back(nodes[nodes[u].l].term);
      chain.push_back(nodes[nodes[u].r].term);
      if (chain.size() == order.size() && std::equal(chain.begin(), chain.end() - 2, order.begin()) &&
          std::is_permutation(chain.end() - 2, chain.end(), order.end() - 2))
        return true;
    }
  }
  return false;
}

// The largest `or` subtrees of R that reverse bits (reverses_bits; bits of
// the byte address).
std::vector<char> reversals(const std::vector<RNode>& nodes, int root, const Terms& T, int eb) {
  std::vector<char> reversed(nodes.size(), 0);
  if (root < 0) return reversed;
  auto moves = [&](auto&& self, int v, std::vector<std::pair<int, int>>& pq) -> bool {
    if (nodes[v].term >= 0) {
      const auto t = static_cast<size_t>(nodes[v].term);
      const auto bits = static_cast<uint64_t>(T.bits[t]);
      if (!std::has_single_bit(bits) || T.shifts[t] == LdStShape::kNoShift) return false;
      pq.push_back({std::countr_zero(bits) + eb, std::countr_zero(bits) - T.shifts[t]});
      return true;
    }
    return nodes[v].op == 0 && self(self, nodes[v].l, pq) && self(self, nodes[v].r, pq);
  };
  auto mark = [&](auto&& self, int v) -> void {
    if (nodes[v].term >= 0) return;
    std::vector<std::pair<int, int>> pq;
    if (moves(moves, v, pq) && reverses_bits(pq)) {
      reversed[static_cast<size_t>(v)] = 1;
      return;
    }
    self(self, nodes[v].l);
    self(self, nodes[v].r);
  };
  mark(mark, root);
  return reversed;
}

// SLP's cost of four `and (shift tid, k), m` lanes (3.6), as its debug
// log gives it: the `or` reduction saves 2, the `and` bundle 3, the shifts'
// bundle 3 where one shift op (`shl` or `lshr`), 1 where both (an
// alternate-op bundle), 0 where three of one op beside an unshifted `tid &
// m` lane (two vectorized, two gathered); the splat of tid costs 2, and
// each scalar the kernel uses elsewhere an extract: a lane the index code
// computes too (slp_and's too), or a lane's shifted tid that an index term
// of the same shift `and`s (InstCombine shares it). SLP reduces where the sum is below
// 0 (golden seed-2406 3.6 line 2131: alternate, three lanes the index
// code's and one `lshr tid, 1` shared with it, total 0, R left alone;
// held-out seed-2550 3.6 line 780: three `shl`s and a `tid & 32` of the
// index code, total -2, reduced). Four lanes, two of one shift op, one of
// the other and an unshifted one: the shifts are gathered at no cost (each
// lane used elsewhere still an extract), but for a slice of SLP's list
// (`lanes`, in its order: 0-1 or 2-3) whose two lanes share a shift op and
// whose shifts have no other use: that pair is a vector of its own (-1)
// over tid's splat (2), put into the gather (1) (golden seed-2110 3.6 line
// 10: `shl` pair at 2-3, total 1, left alone; seed-2470 line 1641: tid,
// shl, lshr, shl, total -1, reduced; screen82-3.6 line 7: three extracts,
// `lshr` pair at 2-3, total 0, left alone; line 29: three extracts, no
// pair, -2, reduced); fewer than four extracts in padded R only (swizzled
// screen82-3.6 line 32: the model's lanes are not SLP's). Other mixes: the
// proxy stays (held-out seed 8203: swizzled, sm_80).
bool slp_gains(const LdStShape& s, const Terms& T, const std::vector<size_t>& lanes) {
  const int eb = log2i(s.elem_bytes);
  int shl = 0, lshr = 0, none = 0;
  for (size_t t : lanes) {
    const int k = T.shifts[t] + eb;
    (k > 0 ? shl : k < 0 ? lshr : none) += 1;
  }
  auto used_elsewhere = [&](size_t t) {
    const int k = T.shifts[t] + eb;
    return (T.reused[t] && !T.gone[t]) || (k == 0 && T.kept[t]) || T.slp_and[t];
  };
  auto shift_shared = [&](size_t t) {  // the lane's shifted tid is an index term's too
    const int k = T.shifts[t] + eb;
    return k != 0 && std::any_of(s.index_terms.begin(), s.index_terms.end(),
                                 [&](const MvpTerm& o) { return !o.gone && shift_amount(o) == k; });
  };
  // the lane's shift has another use: the index code `and`s it with another mask
  auto shift_used = [&](size_t t) { return !used_elsewhere(t) && shift_shared(t); };
  const auto extracts = static_cast<int>(std::count_if(lanes.begin(), lanes.end(), used_elsewhere));
  if (none == 1 && shl + lshr == 3 && shl != 3 && lshr != 3 && (extracts == 4 || !s.pads.empty())) {
    bool pair = false;  // a slice of two lanes of one shift op, each shift of one use
    for (size_t i = 0; i + 1 < lanes.size(); i += 2) {
      const size_t a = lanes[i], b = lanes[i + 1];
      const int ka = T.shifts[a] + eb, kb = T.shifts[b] + eb;
      pair = pair || (ka != 0 && (ka > 0) == (kb > 0) && kb != 0 && !shift_used(a) && !shift_used(b));
    }
    return -2 - 3 + (pair ? 2 : 0) + extracts < 0;
  }
  int shifts;
  if (none == 0) shifts = shl == 0 || lshr == 0 ? -3 : -1;
  else if (shl == 3 || lshr == 3) shifts = 0;
  else return std::none_of(lanes.begin(), lanes.end(), [&](size_t t) { return T.kept[t]; });  // not seen: the proxy
  const auto shared = static_cast<int>(std::count_if(lanes.begin(), lanes.end(), shift_used));
  return -2 - 3 + shifts + 2 + extracts + shared < 0;
}

// SLP's horizontal reduction of an `or` tree (matchAssociativeReduction):
// from the root, each `or` of the reduction (is_op) takes its operands last
// first, an operand that is no such `or` into the list at once, the `or`s
// onto a stack (the last one's popped first); each list of like operands
// (one opcode) is then taken in reverse. Returns the reduction's operands
// in that order, all opcodes together (their order within each opcode is
// SLP's).
template <class IsOp>
std::vector<int> rdx_candidates(const std::vector<RNode>& nodes, int root, IsOp is_op) {
  std::vector<int> list;
  for (std::vector<int> stack{root}; !stack.empty();) {
    const int u = stack.back();
    stack.pop_back();
    std::vector<int> inner;
    for (int c : {nodes[u].r, nodes[u].l})
      (nodes[c].term < 0 && nodes[c].op == 0 && is_op(c) ? inner : list).push_back(c);
    stack.insert(stack.end(), inner.rbegin(), inner.rend());
  }
  std::reverse(list.begin(), list.end());
  return list;
}

// What O3 makes of Triton's tree of R (its own terms, T) before the first
// InferAlignment, step by step as the wheels' pass dumps and debug logs of
// 3.6 show it; true where SLP then makes R's `or`s a vector reduction.
// - EarlyCSE: a term the index code computes too is that value (T.reused),
//   and so is a node whose leaves, in order, are those of a node of the
//   index code's own tree (the same treeReduce of its `or`/`xor` list); a
//   term `tid & m` itself (kept, no shift in bytes) has the index code's use;
// - InstCombine: an `xor` of operands with no common bit is an `or
//   disjoint`; reassociateForUses, at each node in program order: the first
//   operand (else the second) of the same op with one use, X op Y, and the
//   other operand Z with one use: (X op Y) op Z -> (Y op Z) op X where X has
//   another use, else (X op Z) op Y where Y has. R's nodes come before the
//   padding in program order, so this runs first on the uses Triton's code
//   gives them (seed-2080 line 556: `tid & 12`'s second use moves it up
//   before any padding reads R);
// - then each padding interval's demanded-bits walk (padded layouts), down
//   to the part of R reaching it: the nodes it passes have a second use for
//   a while, and reassociateForUses turns their grandparent (C | Y) | Z, Z of
//   one use, into (Y | Z) | C; a node both of whose operands reach stays
//   read (it is neither the inner node nor Z of a fold in the first
//   InstCombine: seed-2405 line 144), and a kept shifted term it reaches
//   below R's root keeps a second use through the first InstCombine
//   (seed-2403 line 742, seed-2404 line 561) but where its shift is the
//   interval's: InstSimplify takes `lshr (shl nuw x, k), k` for x at once,
//   and the padding reads `tid & m` (fresh seed 2426 3.6 line 3390: `(tid &
//   7) << 4`, R's GEPs stay in Triton's order); InstCombine again on those
//   uses. `first_ic` gets the tree this leaves (its root one value with the
//   index code's offset where it is that expression: EarlyCSE,
//   is_index_offset); from here on the padding reads that tree
//   (padding_reads), a second use of what it reads;
// - Reassociate, in program order: each node's operands by rank (the lower
//   first; `x & m` 2, shifted 3, a select 4, a node one more than its
//   operands); an `or` with a one-use `add` or `shl` operand becomes an
//   `add` (its operands stay leaves: the old `or` still uses them); the root
//   of an `or` tree becomes one chain of its leaves by rank, the highest on
//   top, equal ranks in the order a last-in-first-out walk meets them, a pair
//   of leaves that an `or` of the index code also joins at the bottom (its
//   CSE pairs); the root of an `xor` tree likewise, with no CSE pairs (seed
//   2500 3.9 line 1121: `(sel ^ (tid & 72))`, an `or` after InstCombine, then
//   `^` the rest); an `or` tree below a node that became an `add` is a root
//   then, and Reassociate revisits it (codegen-3.6 line 438: ((t0 | t1) |
//   (t2 | t3)) under an `add` becomes ((t0 | t1) | t3) | t2);
// - InstCombine again: `add`s back to `or`s, reassociateForUses;
// - SLP: four `and (x >> s), m` leaves or more among the `or`s of R's
//   reduction (its root and the one-use `or`s below it) become one vector
//   `and` under `llvm.vector.reduce.or`, shallow for the second
//   InferAlignment (seed-2110 line 1137, seed-2200 line 1440): in 3.6 four
//   where SLP's cost pays (slp_gains; lanes the index code shares cost an
//   extract each: seed-2110 line 10, seed-2403 line 3828 stay scalar,
//   seed-2470 line 1641 is reduced); else (3.9, more lanes) one at least
//   used by R alone, leaves all shared with the index code staying scalar
//   but for a chain GVN makes one with the index code's (padded, 8-bit:
//   reduces_index_chain) and for the index code's own node of `and`s inside
//   R (a reduction below R's root). A proxy: SLP's cost model decides (of
//   3.6's four lanes that cost itself, slp_gains; 3.9's
//   SLP also reduces R of unlike lanes, whose bits it then loses:
//   reduces_unlike_lanes; on sm_80 3.9's SLP reduces nothing: no SLP log at
//   all); in 3.6 also four kept `shl (tid & m), k` leaves (kept_lanes gets
//   them: their vector proves its lanes together; of five to seven, the
//   first four of SLP's list that pay, the others beside the vector, since
//   session 67); where R's root reduces nothing, SLP's walk goes on into its
//   operands, breadth first, and a node below of four kept `shl` lanes is a
//   reduction of its own (rdx_top; the padding reads it too). Returns the
//   number of the reduction's operands (0: no SLP); tree_align follows the
//   reduction's depth. index_offset: whether R is the index code's offset
//   (EarlyCSE).
int64_t possible_bytes(const std::vector<RNode>& nodes, const LdStShape& s, const Terms& T, int u, int d);
bool in_reach(const std::vector<RNode>& nodes, const LdStShape& s, const Terms& T, int v, int d);
int o3_reshape(std::vector<RNode>& nodes, int root, const LdStShape& s, const Terms& T,
               std::vector<RNode>& first_ic, bool& index_offset, bool* bits_lost = nullptr,
               std::vector<size_t>* kept_lanes = nullptr, int* rdx_top = nullptr, std::array<uint32_t, 2>* ic1_exact = nullptr) {
  auto leaf = [&](int v) { return nodes[v].term >= 0; };
  auto term = [&](int v) { return static_cast<size_t>(nodes[v].term); };
  const int eb = log2i(s.elem_bytes);
  bool first = false;                 // in the first InstCombine
  std::vector<char> walked_node;      // nodes the walk stopped at (both operands reach)
  std::vector<char> walked_term(T.bits.size(), 0);  // kept shifted terms it reached below the root
  std::vector<char> read_node;        // after the first InstCombine: nodes the padding reads
  std::vector<char> read_term;        // and terms it reads itself (second uses)
  auto flag = [](const std::vector<char>& f, size_t i) { return i < f.size() && f[i]; };
  auto one_use = [&](int v) {
    if (leaf(v))
      return !((T.reused[term(v)] && !T.gone[term(v)]) || (T.kept[term(v)] && T.shifts[term(v)] + eb == 0) ||
               (first && flag(walked_term, term(v))) || (!first && flag(read_term, term(v))));
    return !(nodes[v].multi || flag(first ? walked_node : read_node, static_cast<size_t>(v)));
  };
  auto shift = [&](int v) { return T.shifts[term(v)]; };  // of a leaf (kNoShift: a select)
  auto post_order = [&]() { return post_order_of(nodes, root); };
  // a bit reversal (InstCombine's first visit of its root) is one value
  const std::vector<char> rev = reversals(nodes, root, T, eb);
  for (size_t v = 0; v < rev.size(); ++v) nodes[v].rev = rev[v] != 0;
  auto rank = [&](int v) { return node_rank(nodes, T, eb, v, [&](int u) { return nodes[u].rev; }); };
  // EarlyCSE with the index code's nodes (each as its terms in order)
  using Seq = std::vector<std::tuple<int64_t, int32_t, int64_t>>;
  std::set<Seq> index_nodes;
  auto seq = [&](auto&& self, int v, Seq& out) -> bool {  // false: a leaf of R's own
    if (leaf(v)) {
      const MvpTerm& m = T.mvp[term(v)];
      out.push_back({m.mask, m.shift, m.value});
      return T.reused[term(v)];
    }
    const bool a = self(self, nodes[v].l, out);
    return self(self, nodes[v].r, out) && a;
  };
  std::set<Seq> index_joins;  // a coordinate's ORs `|` its XORs (index_pair only)
  {
    std::map<std::pair<int32_t, bool>, std::vector<Seq>> lists;
    std::map<std::pair<int32_t, bool>, Seq> tops;
    for (const MvpTerm& o : s.index_terms) lists[{o.group, o.ors}].push_back({{o.mask, o.shift, o.value}});
    for (auto& [key, level] : lists)
      tops[key] = tree_reduce(std::move(level), [&](const Seq& a, const Seq& b) {
        Seq both = a;
        both.insert(both.end(), b.begin(), b.end());
        index_nodes.insert(both);
        return both;
      }, Seq{});
    for (const auto& [key, top] : tops)
      if (const auto x = tops.find({key.first, false}); key.second && x != tops.end()) {
        Seq both = top;
        both.insert(both.end(), x->second.begin(), x->second.end());
        index_joins.insert(both);
      }
    for (int v : post_order()) {
      Seq q;
      nodes[v].multi = seq(seq, v, q) && index_nodes.count(q);
    }
  }
  auto same = [&](int u, int v) {  // an operand of v reassociateForUses may take apart
    return !leaf(u) && !nodes[u].rev && !nodes[v].rev && nodes[u].op == nodes[v].op && !nodes[u].multi &&
           !(first && flag(walked_node, static_cast<size_t>(u)));
  };
  auto instcombine = [&]() {
    for (int v : post_order())
      if (nodes[v].op == 2 || disjoint_xor(nodes, T, v))
        nodes[v].op = 0;
    reassociate_for_uses(nodes, root, same, one_use);
  };
  auto reassociate = [&]() {
    std::vector<int> parent;
    auto parents = [&]() { parent = parents_of(nodes); };
    parents();
    auto interesting = [&](int u) {  // a one-use `shl` or `add`
      if (!leaf(u)) return one_use(u) && nodes[u].op == 2;
      return one_use(u) && shift(u) != LdStShape::kNoShift && shift(u) + eb > 0 && T.kept[term(u)];
    };
    // a node of four terms or more that the index code also computes beside
    // one of its terms, `node | t`: Reassociate's pair map joins the two
    // first, and GVN makes them the index code's node (held-out seed 7202
    // kernel 335414: R's `(tid << 1) & 32` joins the column's SLP-reduced
    // four, not R's row term; of a pair, R's ranks decide: seed 7203); the
    // node may be the coordinate's ORs and t its XORs (seed 7205 kernel 15543)
    auto index_pair = [&](int a, int b) {
      if (leaf(a) == leaf(b) || !nodes[leaf(a) ? b : a].multi) return false;
      Seq ab, ba;
      seq(seq, a, ab), seq(seq, b, ab), seq(seq, b, ba), seq(seq, a, ba);
      return ab.size() >= 5 && index_nodes.count(ab) + index_nodes.count(ba) + index_joins.count(ab) + index_joins.count(ba) > 0;
    };
    std::vector<int> inside;  // nodes of a larger tree when met
    auto chain = [&](int v, bool again) {
      RNode& nv = nodes[v];
      if (nv.multi || nv.rev) return;
      if (!again) {
        if (rank(nv.r) < rank(nv.l)) std::swap(nv.l, nv.r);
        if (nv.op == 0 && (interesting(nv.l) || interesting(nv.r))) {
          nv.op = 2;
          if (rank(nv.l) < rank(nv.r)) std::swap(nv.l, nv.r);  // its two leaves by rank
          return;
        }
      }
      const int op = nv.op;
      if (op == 2) return;
      if (parent[v] >= 0 && nodes[parent[v]].op == op) {
        if (!again) inside.push_back(v);
        return;
      }
      std::vector<int> leaves, inner, work{v};
      while (!work.empty()) {
        const int u = work.back();
        work.pop_back();
        inner.push_back(u);
        for (int c : {nodes[u].l, nodes[u].r})
          (!leaf(c) && !nodes[c].rev && nodes[c].op == op && one_use(c) ? work : leaves).push_back(c);
      }
      std::stable_sort(leaves.begin(), leaves.end(), [&](int a, int b) { return rank(a) > rank(b); });
      const int k = static_cast<int>(leaves.size());
      int best_i = -1, best_j = -1, best_rank = 0;
      for (int i = k - 1; i > 0 && k > 2; --i)
        for (int j = i - 1; j >= 0; --j) {
          if (op != 0 || !(leaf(leaves[i]) && leaf(leaves[j]) ? (T.groups[term(leaves[i])] & T.groups[term(leaves[j])]) != 0
                                                               : index_pair(leaves[i], leaves[j])))
            continue;
          const int mr = std::max(rank(leaves[i]), rank(leaves[j]));
          if (best_i < 0 || mr < best_rank) best_i = i, best_j = j, best_rank = mr;
        }
      if (best_i >= 0) {
        const int a = leaves[best_j], b = leaves[best_i];
        leaves.erase(leaves.begin() + best_i);
        leaves.erase(leaves.begin() + best_j);
        leaves.push_back(a);
        leaves.push_back(b);
      }
      for (int i = 0; i + 2 < k; ++i) nodes[inner[i]] = {inner[i + 1], leaves[i], -1, op};
      if (k == 2) std::swap(leaves[0], leaves[1]);  // canonicalizeOperands: the lower rank first (gapped 3.9 line 261)
      nodes[inner[k - 2]] = {leaves[k - 2], leaves[k - 1], -1, op};
      parents();
    };
    for (int v : post_order()) chain(v, false);
    for (int v : inside)  // below a node that became an `add`: a root now
      if (parent[v] >= 0 && nodes[parent[v]].op == 2 && nodes[v].op == 0) chain(v, true);
  };
  first = true;
  instcombine();
  padding_walk(nodes, root, s, T, one_use, [&](int v, int g, int k) {
    if (!leaf(v)) {
      walked_node.resize(std::max(walked_node.size(), static_cast<size_t>(v) + 1)), walked_node[v] = 1;
      for (size_t j = 0; ic1_exact && j < s.pads.size(); ++j)
        if (log2i(s.pads[j].first) == k && in_reach(nodes, s, T, v, 2))
          (*ic1_exact)[0] |= uint32_t{1} << j;
    }
    else if (g >= 0 && T.kept[term(v)] && shift(v) != LdStShape::kNoShift && shift(v) != k)
      walked_term[term(v)] = 1;
  });
  instcombine();
  first = false;
  first_ic = nodes;
  for (size_t j = 0; ic1_exact && j < s.pads.size(); ++j)
    if (const int v = padding_read(nodes, root, T, s.pads[j].first);
        v >= 0 && !leaf(v) && in_reach(nodes, s, T, v, 2))
      (*ic1_exact)[1] |= uint32_t{1} << j;
  // EarlyCSE: where R is now the index code's offset of register 0 (8-bit
  // elements), the two are one value, so R's root has the global GEP's use
  // too and InstCombine does not split it into GEPs (seed-2405 3.6 line 870)
  index_offset = s.elem_bytes == 1 && is_index_offset(first_ic, root, s, T);
  if (index_offset) first_ic[root].multi = true;
  read_node.assign(nodes.size(), 0);
  for (int v : padding_reads(nodes, root, s, T))
    if (!leaf(v)) read_node[static_cast<size_t>(v)] = 1;
  // a padding that reads a term itself, `lshr exact` of R's `and (shift
  // tid, k), m` (a kept `shl` gives way to its `tid & m`), is its second
  // use: the later reassociateForUses leaves the term where the first put
  // it (screen82-3.6 line 9: SLP's lanes in the IR's order). Only below an
  // `or` of R's own that no padding reads (held-out seed 8405 kernel 19182
  // and screen82-3.6 line 6 lost without it; line 6's node above is read)
  read_term.assign(T.bits.size(), 0);
  const std::vector<int> parent = parents_of(nodes);
  for (int v : padding_reads(nodes, root, s, T))
    if (const int p = parent[static_cast<size_t>(v)];
        leaf(v) && !T.kept[term(v)] && p >= 0 && !read_node[static_cast<size_t>(p)] && !nodes[p].multi)
      read_term[term(v)] = 1;
  reassociate();
  instcombine();
  if (slp_off(s)) return 0;
  auto reduce_at = [&](int top) -> int {  // SLP's reduction rooted at `top`: its operands (0: none)
    int ands = 0, own = 0, ops = 0;  // SLP
    int lshrs = 0;               // kept `tid & m` shifted right (the operand's outermost op)
    std::vector<size_t> lanes;   // the `and` leaves
    std::vector<size_t> idents;  // kept `tid & m` leaves (no shift)
    std::vector<size_t> shl_lanes;  // kept `tid & m` shifted left (the operand's outermost op)
    const bool index_node = top != root && nodes[top].multi;  // the index code's node below R's root
    for (std::vector<int> work{top}; !work.empty();) {
      const int u = work.back();
      work.pop_back();
      if (!leaf(u) && !nodes[u].rev && nodes[u].op == 0 && (u == top || one_use(u) || (index_node && nodes[u].multi))) {
        work.push_back(nodes[u].l), work.push_back(nodes[u].r);
        continue;
      }
      ++ops;
      if (leaf(u) && T.shifts[term(u)] != LdStShape::kNoShift && (!T.kept[term(u)] || T.slp_and[term(u)])) {
        ++ands;
        own += (!T.reused[term(u)] || T.gone[term(u)]) && !T.slp_and[term(u)];
        lanes.push_back(term(u));
      } else if (leaf(u) && T.shifts[term(u)] != LdStShape::kNoShift && T.shifts[term(u)] + eb == 0) {
        idents.push_back(term(u));
      } else if (leaf(u) && T.shifts[term(u)] != LdStShape::kNoShift) {
        if (T.shifts[term(u)] + eb > 0) shl_lanes.push_back(term(u));
        else ++lshrs;
      }
    }
    // 3.6: four kept `shl (tid & m), k` leaves are a `shl` bundle over an
    // `and` bundle of tid's splat (SLP's log, seed-2470 line 689: -2 the
    // reduction, -3 each bundle, 2 the splat, 1 each lane's `tid & m` the
    // other use keeps, 1 more where the shift is the index code's too); not
    // at the root of an R that is the index code's offset (8-bit: its terms
    // are that code's own, `and (shl tid, k), m`: held-out seed 6503 kernel
    // 7), but below it (golden seed-2406 3.6 line 787)
    if (s.version == TritonVersion::v3_6 && shl_lanes.size() >= 4 && shl_lanes.size() < 8 && !(index_offset && top == root)) {
      // SLP's list of them (rdx_candidates): of more than four, the first
      // four that pay, from the list's start on (golden seed-2470 3.6 line
      // 2390: five, `(tid & 66) << 6` left beside the vector; seed-2110 line
      // 318: `(tid & 5) << 10`)
      std::vector<size_t> list;
      for (int v : rdx_candidates(nodes, top, [&](int u) { return !nodes[u].rev && (u == top || one_use(u)); }))
        if (leaf(v) && T.kept[term(v)] && T.shifts[term(v)] != LdStShape::kNoShift && T.shifts[term(v)] + eb > 0)
          list.push_back(term(v));
      for (size_t pos = 0; pos + 4 <= list.size(); ++pos) {
        int cost = -2 - 3 - 3 + 2;
        for (size_t i = pos; i < pos + 4; ++i) cost += 1 + (T.reused[list[i]] && !T.gone[list[i]]);
        if (cost < 0) {
          if (kept_lanes) kept_lanes->assign(list.begin() + static_cast<long>(pos), list.begin() + static_cast<long>(pos) + 4);
          return ops;
        }
      }
    }
    // the index code's own node of four `and`s or more below R's root (EarlyCSE
    // made it one value with R's): SLP reduces it as the index code's, its
    // `or`s one use each (golden seed-2540 3.6 line 214)
    if (index_node && !nodes[root].multi && ands >= 4 && ands == ops) return ops;
    if (top != root) return 0;  // (below R's root only kept lanes were seen reduced)
    if (s.version == TritonVersion::v3_6 && ands + idents.size() == 4 && idents.size() <= 1) {
      std::vector<size_t> all;  // the lanes in SLP's order (the walk's leaves)
      for (int v : rdx_candidates(nodes, top, [&](int u) { return !nodes[u].rev && (u == top || one_use(u)); }))
        if (leaf(v) && (std::find(lanes.begin(), lanes.end(), term(v)) != lanes.end() ||
                        std::find(idents.begin(), idents.end(), term(v)) != idents.end()))
          all.push_back(term(v));
      return slp_gains(s, T, all) ? ops : 0;
    }
    if (ands >= 4 && own > 0) {
      // 3.9: the reduction and R's other operands, four or more, one binary
      // opcode on two of them, are reduced again as unlike lanes (the first
      // reduction a copyable lane): R's bits lost
      if (bits_lost && s.version == TritonVersion::v3_9) {
        // the `and` lanes left are the walk's first (SLP's list is its
        // reverse); two of them over shifts of both directions make an
        // alternate-op bundle SLP leaves alone (seed 6306 line 5), three or
        // more an `and` bundle over gathered operands (seed 6308 line 1)
        bool left_shift = false, right_shift = false;
        for (size_t i = 0; i + 4 < lanes.size(); ++i)
          (T.shifts[lanes[i]] + eb < 0 ? right_shift : left_shift) = true;
        const int and_pair = ands - 4 >= 2 && !(ands - 4 == 2 && left_shift && right_shift) ? 2 : 0;
        *bits_lost = ops - 3 >= 4 && std::max({and_pair, static_cast<int>(shl_lanes.size()), lshrs}) >= 2;
      }
      return ops;
    }
    return !s.pads.empty() && s.elem_bytes == 1 && reduces_index_chain(nodes, root, s, T) ? ops : 0;
  };
  if (const int ops = reduce_at(root); ops > 0 || !rdx_top || leaf(root)) return ops;
  // SLP's walk from the stores goes on into the operands of an `or` it
  // did not reduce, breadth first: a node of R below its root (the padding
  // reads it too) may be a reduction of its own (golden seed-2200 3.6 line
  // 561: `(tid & 4) << 4 | ...` of four kept `shl` lanes under R's root,
  // R's own operands three)
  std::vector<int> queue{nodes[root].l, nodes[root].r};
  for (size_t q = 0; q < queue.size(); ++q) {
    const int u = queue[q];
    if (leaf(u) || nodes[u].rev || nodes[u].op != 0) continue;
    if (const int ops = reduce_at(u); ops > 0) {
      *rdx_top = u;
      return ops;
    }
    queue.push_back(nodes[u].l), queue.push_back(nodes[u].r);
  }
  return 0;
}

// Triton's tree of R: treeReduce of its OR lists, `or`-ed with that of its
// XOR lists (xors: that tree's root, -1 where none); returns the root (-1:
// no term).
int triton_tree(const Terms& T, std::vector<RNode>& nodes, int& xors) {
  const auto& [or_d, xor_d, or_s, xor_s] = T.lists;
  auto reduce = [&](const std::vector<std::pair<int, int>>& a, const std::vector<std::pair<int, int>>& b, int op) {
    std::vector<int> level;
    for (const auto* l : {&a, &b})
      for (auto [k, t] : *l) nodes.push_back({-1, -1, t}), level.push_back(static_cast<int>(nodes.size()) - 1);
    return tree_reduce(std::move(level), [&](int x, int y) {
      nodes.push_back({x, y, -1, op});
      return static_cast<int>(nodes.size()) - 1;
    }, -1);
  };
  const int ors = reduce(or_d, or_s, 0);
  xors = reduce(xor_d, xor_s, 1);
  if (ors < 0) return xors;
  if (xors < 0) return ors;
  nodes.push_back({ors, xors, -1});
  return static_cast<int>(nodes.size()) - 1;
}


// The terms of the tree under `root`, from left to right.
std::vector<int> leaf_order(const std::vector<RNode>& nodes, int root) {
  std::vector<int> order;
  auto walk = [&](auto&& self, int v) -> void {
    if (nodes[v].term >= 0) {
      order.push_back(nodes[v].term);
      return;
    }
    self(self, nodes[v].l);
    self(self, nodes[v].r);
  };
  if (root >= 0) walk(walk, root);
  return order;
}

// What ptxas knows R's register a multiple of where R holds a bit reversal
// (InstCombine's `zext (bitreverse ...)`, reversals) whose top bit t is not
// that of an 8-, 16- or 32-bit value: the code generator builds it at the
// top of a 16-bit register and shifts it right by k = 15 - t (`shr.u16`,
// then `cvt.u32.u16`), and ptxas, which knows a value a multiple of 16
// bytes at most, halves that per bit shifted: 2^(4 - k) (t above 15: 1)
// (fresh seed 2572 3.6 kernel 37: `shr.u16` by 9, nothing; golden
// seed-2540 line 240 in both versions; the 3.6 wheel's ptxas on held-out
// seed 6506 kernel 16's PTX with its shift 6 made 1, 2, 3: its loads of R |
// 128 LDS.64, LDS, LDS.U16; seed 6603 kernel 64206: shift 1, 4-byte pairs).
// A reversal to a whole byte's top (seed-2406 3.6 line 3006: bits 7 and 5)
// is left shifts only, and ptxas knows its bits. 16: no such reversal in
// the tree at root.
int32_t reversal_align(const std::vector<RNode>& nodes, int root, const Terms& T, int eb) {
  const std::vector<char> reversed = reversals(nodes, root, T, eb);
  int32_t a = 16;
  for (size_t v = 0; v < reversed.size(); ++v) {
    if (!reversed[v]) continue;
    int top = 0;
    for (int t : leaf_order(nodes, static_cast<int>(v)))
      top = std::max(top, std::countr_zero(static_cast<uint64_t>(T.bits[static_cast<size_t>(t)])) + eb);
    if (top == 7 || top == 15 || top == 31) continue;
    a = std::min(a, top < 15 ? int32_t{1} << std::max(0, 4 - (15 - top)) : 1);
  }
  return a;
}

// Triton's tree of R as O3 leaves it (o3_reshape) in nodes: its root, -1
// where R has no term; first_ic: the tree after the first InstCombine.
int o3_tree(const LdStShape& s, const Terms& T, std::vector<RNode>& nodes, std::vector<RNode>* first_ic = nullptr) {
  std::vector<RNode> ic1;
  int xors = -1;
  const int root = triton_tree(T, nodes, xors);
  if (root < 0) return root;
  bool index_offset = false;
  o3_reshape(nodes, root, s, T, first_ic ? *first_ic : ic1, index_offset);
  return root;
}

// r_reversal_align's reversals: InstCombine's first visit makes those of
// Triton's tree, its second those Reassociate's order brings together
// (seed 8501 kernel 10870, 3.6: `((t0 | sel) | t1)` by rank `(t0 | t1) |
// sel`, `(tid & 1) << 12 | (tid & 32) << 2` then `lshr (bitreverse i16), 3`).
// o3, o3_root: o3_tree's.
int32_t r_reversal_align(const LdStShape& s, const Terms& T, const std::vector<RNode>& o3, int o3_root) {
  std::vector<RNode> nodes;
  int xors = -1;
  const int eb = log2i(s.elem_bytes);
  return std::min(reversal_align(nodes, triton_tree(T, nodes, xors), T, eb), reversal_align(o3, o3_root, T, eb));
}

// R's operands as SLP meets them in the tree O3 leaves (o3_reshape): its
// terms from left to right (the order of SLP's reduced values of one opcode)
// and its bit reversals (top bit 7, 15 or 31: an intrinsic of i8, i16 or i32,
// r_reversal_align's others aside), each the terms under it.
struct O3Operands {
  std::vector<int> leaves;
  Casts casts;
};
O3Operands o3_operands(const LdStShape& s, const Terms& T) {
  std::vector<RNode> nodes;
  const int root = o3_tree(s, T, nodes);
  if (root < 0) return {};
  const int eb = log2i(s.elem_bytes);
  const std::vector<char> reversed = reversals(nodes, root, T, eb);
  O3Operands o3{leaf_order(nodes, root), {}};
  Casts& casts = o3.casts;
  for (size_t v = 0; v < reversed.size(); ++v) {
    if (!reversed[v]) continue;
    const std::vector<int> under = leaf_order(nodes, static_cast<int>(v));
    int top = 0;
    for (int t : under) top = std::max(top, std::countr_zero(static_cast<uint64_t>(T.bits[static_cast<size_t>(t)])) + eb);
    if (top == 7 || top == 15 || top == 31) casts.push_back(under);
  }
  return o3;
}

// 3.6, a padding interval as large as its padding: Triton's padding of
// R | c is `(R | c) & M` (M the bits at or above the interval), and once R's
// terms have their last shapes InstCombine distributes it: `(R & M) | (c &
// M)` where InstSimplify finds R & M an existing value (depth 3: a node
// distributes over its operands, an `and` of a constant mask inside M or
// outside it is itself or zero, as a select of constants is; a `shl (tid &
// m)` of a kept mask is neither, but where it is the one term the padding
// reads), and that is the node the padding of R reads. The padding is then
// that node plus a constant and the access joins R's chain. Where R is the
// index code's offset (index_offset) GVN has made the index code's copies
// of R's terms one with them: a term's `tid & m` keeps another use only
// from R's terms of the same mask or a padding that reads it alone (golden
// seed-2406 3.6 line 841: `(tid << 7) & 896 | (tid << 5) & 1024` plus 32,
// every byte pair `v2.b8`), all of its bits: a padding that reads only the
// term's upper bits takes them straight from the thread id (seed-2460 3.6
// line 3: `(tid << 2) & 16` for the 512-interval of `(tid << 7) & 768`,
// and the 16-interval's padding splits). Bit j: s.pads[j] splits.
uint32_t pads_split_by_and(const std::vector<RNode>& nodes, int root, const LdStShape& s, const Terms& T,
                           bool index_offset) {
  const int eb = log2i(s.elem_bytes);
  std::vector<char> other_use(T.bits.size(), 0);  // a term's `tid & m` has a use besides its own shift
  for (size_t a = 0; a < T.bits.size(); ++a) {
    other_use[a] = !index_offset && T.kept[a];
    for (size_t b = 0; b < T.bits.size(); ++b) other_use[a] = other_use[a] || (a != b && T.mvp[a].mask == T.mvp[b].mask);
  }
  for (auto [interval, pad] : s.pads)
    if (const int v = padding_read(nodes, root, T, interval);
        v >= 0 && nodes[v].term >= 0 && (T.bits[static_cast<size_t>(nodes[v].term)] & (int64_t{interval} - 1)) == 0)
      other_use[static_cast<size_t>(nodes[v].term)] = 1;
  constexpr int kFail = -1, kZero = -2;
  uint32_t split = 0;
  for (size_t j = 0; j < s.pads.size(); ++j) {
    const auto [interval, pad] = s.pads[j];
    if (interval != pad) continue;
    const int k = log2i(interval);
    const int read = padding_read(nodes, root, T, interval);  // the node R's padding reads
    auto simplify = [&](auto&& self, int v, int depth) -> int {  // R's node v & M: kFail, kZero or a node
      if (depth == 0) return kFail;
      if (const int t = nodes[v].term; t >= 0) {
        const int64_t bits = T.bits[static_cast<size_t>(t)];
        const int32_t sh = T.shifts[static_cast<size_t>(t)];
        const bool above = (bits & ((int64_t{1} << k) - 1)) == 0, below = (bits >> k) == 0;
        // (seed-2510 3.6 line 814: R = `(tid & 1) << 9 | tid & 28`, every
        // R | c padded as R's first term plus c & M)
        const bool read_alone = nodes[root].term < 0 && read == v;
        if ((!above && !below) ||
            (!read_alone && sh != LdStShape::kNoShift && sh + eb != 0 && other_use[static_cast<size_t>(t)]))
          return kFail;
        return above ? v : kZero;
      }
      const int l = self(self, nodes[v].l, depth - 1);
      const int r = l == kFail ? kFail : self(self, nodes[v].r, depth - 1);
      if (r == kFail) return kFail;
      if (l == nodes[v].l && r == nodes[v].r) return v;
      return l == kZero ? r : r == kZero ? l : kFail;
    };
    const int got = simplify(simplify, root, 3);
    if (got >= 0 && got == read) split |= uint32_t{1} << j;
  }
  return split;
}

// LLVM's ConstantRange of an `or` (an `xor`: bounded = false) of two i32
// ranges (inclusive, unwrapped): the known bits of both (each range knows the
// leading bits its ends share), an `or` bounded above by minus the lower
// bound its estimate gives ~a & ~b (ConstantRange::binaryOr), as IPSCCP
// computes it
std::pair<uint32_t, uint32_t> range_or(std::pair<uint32_t, uint32_t> a, std::pair<uint32_t, uint32_t> b, bool bounded) {
  auto lead = [](int n) { return n == 0 ? 0u : n >= 32 ? ~0u : ~0u << (32 - n); };  // the top n bits
  const uint32_t ka = lead(std::countl_zero(a.first ^ a.second)), kb = lead(std::countl_zero(b.first ^ b.second));
  const uint32_t one = (a.first & ka) | (b.first & kb), zero = (~a.first & ka) & (~b.first & kb);
  if (!bounded) return {0u, ~zero};
  const std::pair<uint32_t, uint32_t> na{~a.second, ~a.first}, nb{~b.second, ~b.first};
  const uint32_t common = lead(std::countl_one(~((na.first ^ na.second) | (nb.first ^ nb.second) | (na.first ^ nb.first))));
  auto bound = [&](uint32_t x, std::pair<uint32_t, uint32_t> y) { return x & lead(std::countl_one((y.first & y.second) | common)); };
  const uint32_t low = std::max(bound(na.first, nb), bound(nb.first, na));  // of ~a & ~b
  return {std::max({one, a.first, b.first}), low == 0 ? ~zero : std::min(~zero, 0u - low - 1)};
}

// IPSCCP's range of R (its largest value, bytes) from Triton's own tree under
// root (each term a select of constants or an `and` of a mask: 0 up to its
// bits); 0 where R has no term.
int64_t r_range_max(const std::vector<RNode>& nodes, int root, const Terms& T, int eb) {
  if (root < 0) return 0;
  auto range = [&](auto&& self, int v) -> std::pair<uint32_t, uint32_t> {
    if (nodes[v].term >= 0) return {0u, static_cast<uint32_t>(T.bits[static_cast<size_t>(nodes[v].term)] << eb)};
    const auto l = self(self, nodes[v].l), r = self(self, nodes[v].r);
    if (nodes[v].op == 2) return {l.first + r.first, l.second + r.second};
    return range_or(l, r, nodes[v].op == 0);
  };
  return range(range, root).second;
}

// Whether term t, shifted, stays `shl (tid & m), k` or `lshr (tid & m), k`:
// where `tid & m` has another use (the kernel's index code, or a padding term
// read from it alone); else InstCombine makes it `and (shl tid, k), m << k`
// or `and (lshr tid, k), m >> k`, whose constant mask computeKnownBits reads
// at any depth.
bool term_kept(const LdStShape& s, const Terms& T, size_t t) {
  if (!T.kept.empty()) return T.kept[t];
  return (T.bits[t] & s.index_shared) != 0 || alone_at_a_padding(T.bits, t, s.pads);
}

// Whether term t is a kept `shl (tid & m), k` (k > 0 in bytes).
bool kept_shl(const LdStShape& s, const Terms& T, size_t t) {
  return T.shifts[t] != LdStShape::kNoShift && T.shifts[t] + log2i(s.elem_bytes) > 0 && term_kept(s, T, t);
}

// What ptxas knows R a multiple of through its terms shifted right, `(tid &
// m) >> k` (0: nothing), in tree at top: where the `or`
// joining one has a kept `shl (tid & m'), k'` as its other operand (for
// k > 1 only as the `or`'s first operand), or (k = 1 only) an `or` of two
// such, the code generator folds that into a multiply-add and keeps the
// shift a SHF.R, whose value ptxas knows a multiple of 2^(min(tz m, 4) -
// k); any other operand (an `or` of more, an `and`, SLP's reduction, the
// shared base of a GEP chain) and it fuses the shift into a LEA.HI, and
// ptxas knows nothing of R (screen seed 6601 kernel 10591: `(tid & 28) |
// (tid & 192) >> 1`, 16-bit pairs apart; kernel 20701: `(tid & 112) >> 1
// | (tid & 2) << 7`, 8-byte aligned; screen seed 6807, k = 2 beside one
// `shl`: 16 of 16 kernels with the shift second folded, 14 of 14 with it
// first a LEA.HI, as codegen-3.6 line 788's `(tid & 16) >> 2 | (tid & 3)
// << 6`; golden seed-2200 line 130: `(tid & 3) << 8 | (tid & 8) << 7`
// beside `(tid & 240) >> 1`, a multiply-add of the pair's `(tid & 3) * 2
// + (tid & 8)`, 4-byte aligned; screen seed 6802 kernel 31068: `(tid & 1)
// << 7 | (tid & 2) << 4` beside `(tid & 32) >> 2`, a LEA.HI). A term whose
// `and` has no other use is InstCombine's `and (lshr tid, k), m >> k`, a
// LOP3 whose mask ptxas knows, wherever it stands (golden seed-2470 line
// 31: `(tid >> 1) & 40` or-ed to SLP's `or`, 8-byte aligned)
// An `xor`'s operand stays a SHF.R too (a LOP3 takes the `xor`): unpadded
// held-out seed 8504 (3.6) 36 -> 38 of 39 kernels' SASS, seed 8505 (3.9) 21
// -> 26 of 28 against nothing known there; padded, no kernel of 400,000
// screened (seeds 8506, 8507) has one.
int32_t shr_cap(const LdStShape& s, const Terms& T, const std::vector<RNode>& tree, int top) {
  const int eb = log2i(s.elem_bytes);
  int32_t a = 16;
  if (top < 0) return a;
  const auto kept_shl_at = [&](int u) { return tree[u].term >= 0 && kept_shl(s, T, static_cast<size_t>(tree[u].term)); };
  for (std::vector<std::pair<int, int>> work{{top, -1}}; !work.empty();) {  // (node, its parent)
    const auto [v, p] = work.back();
    work.pop_back();
    if (tree[v].term < 0) {
      work.push_back({tree[v].l, v}), work.push_back({tree[v].r, v});
      continue;
    }
    const auto t = static_cast<size_t>(tree[v].term);
    if (!shifts_right(T.shifts[t], s.elem_bytes)) continue;
    const int k = -(T.shifts[t] + eb);
    const int tz = std::countr_zero(static_cast<uint64_t>(T.bits[t] << eb));  // of the shifted value
    if (!term_kept(s, T, t)) {
      a = std::min(a, int32_t{1} << std::min(tz, 4));
      continue;
    }
    if (p >= 0 && tree[p].op == 1) {
      a = std::min(a, int32_t{1} << std::max(0, std::min(tz + k, 4) - k));
      continue;
    }
    if (p < 0 || tree[p].op != 0) return 0;
    const int sib = tree[p].l == v ? tree[p].r : tree[p].l;
    const bool single = kept_shl_at(sib) && (k == 1 || tree[p].r == v);
    const bool pair = k == 1 && tree[sib].term < 0 && tree[sib].op == 0 && kept_shl_at(tree[sib].l) &&
                      kept_shl_at(tree[sib].r);
    if (!single && !pair) return 0;
    a = std::min(a, int32_t{1} << std::max(0, std::min(tz + k, 4) - k));
  }
  return a;
}

// The bytes computeKnownBits, reaching node u of R's tree at depth d, leaves
// possibly set: a term's own bits down to depth 5, anything deeper, and at
// depth 5 a kept `shl/lshr (tid & m), k` anything but its low k bits (its
// `and` is one deeper). 3.9: a bit reversal, `zext (bitreverse (and (trunc
// tid), m))`, its bits where its `and` is in reach (two below), else
// anything (golden screen78-3.9 line 21: `lshr exact (shl (tid & 16), 8 |
// reversal), 4` three below the access, its `and` six: a byte offset).
int64_t possible_bytes(const std::vector<RNode>& nodes, const LdStShape& s, const Terms& T, int u, int d) {
  if (nodes[u].rev && s.version == TritonVersion::v3_9)
    return d + 2 <= 5 ? node_bits(nodes, T, u) << log2i(s.elem_bytes) : ~int64_t{0};
  if (nodes[u].term < 0)
    return possible_bytes(nodes, s, T, nodes[u].l, d + 1) | possible_bytes(nodes, s, T, nodes[u].r, d + 1);
  const auto t = static_cast<size_t>(nodes[u].term);
  const int32_t k = T.shifts[t] + log2i(s.elem_bytes);
  if (d >= 6) return ~int64_t{0};
  if (d == 5 && T.shifts[t] != LdStShape::kNoShift && k != 0 && term_kept(s, T, t))
    return k > 0 ? ~((int64_t{1} << k) - 1) : ~int64_t{0};
  return T.bits[t] << log2i(s.elem_bytes);
}

// The first InstCombine on `lshr (R + c), k` (c below 2^k bytes, R's tree
// after it in nodes): the `add` becomes `or disjoint` where R's known bits (R
// at depth 0 for haveNoCommonBitsSet) share none with c; the `lshr` then drops
// c and, one visit a level, each operand of the `or` it reads whose known
// bits (two below the `lshr`) stay under 2^k, and is 0 once all of them do
// (the 3.6 wheel's InstCombine log, fresh seed 7902 line 3411). Whether it
// folds to 0.
bool padding_folds_early(const std::vector<RNode>& nodes, int root, const LdStShape& s, const Terms& T, int64_t c, int k) {
  if ((possible_bytes(nodes, s, T, root, 0) & c) != 0) return false;
  const int64_t high = ~((int64_t{1} << k) - 1);
  for (int v = root;;) {
    if (nodes[v].term >= 0) return (possible_bytes(nodes, s, T, v, 1) & high) == 0;
    const int64_t a = possible_bytes(nodes, s, T, nodes[v].l, 2), b = possible_bytes(nodes, s, T, nodes[v].r, 2);
    if (((a | b) & high) == 0) return true;
    if ((b & high) == 0) v = nodes[v].l;
    else if ((a & high) == 0) v = nodes[v].r;
    else return false;
  }
}

// Whether computeKnownBits, reaching node v at depth d, proves all its bits.
bool in_reach(const std::vector<RNode>& nodes, const LdStShape& s, const Terms& T, int v, int d) {
  return possible_bytes(nodes, s, T, v, d) == node_bits(nodes, T, v) << log2i(s.elem_bytes);
}

// An expression tree as Reassociate linearizes it: the nodes from top down
// through those inner(v) allows (a last-in-first-out walk), and its leaves
// sorted by rank, the highest first (ties in the order the walk meets them).
struct ExprTree {
  std::vector<int> in, leaves;
};

template <class Inner>
ExprTree linearize(const std::vector<RNode>& nodes, int top, Inner inner, const Terms& T, int eb) {
  ExprTree e;
  std::vector<int> work{top};
  while (!work.empty()) {
    const int u = work.back();
    work.pop_back();
    e.in.push_back(u);
    for (int c : {nodes[u].l, nodes[u].r}) (inner(c) ? work : e.leaves).push_back(c);
  }
  auto rank = [&](int v) { return node_rank(nodes, T, eb, v, [](int) { return false; }); };
  std::stable_sort(e.leaves.begin(), e.leaves.end(), [&](int a, int b) { return rank(a) > rank(b); });
  return e;
}

// Reassociate's rewrite: one chain of `or`s, leaves[0] on top, the last
// two at the bottom.
void rewrite_chain(std::vector<RNode>& nodes, const ExprTree& e) {
  const size_t k = e.leaves.size();
  for (size_t i = 0; i + 2 < k; ++i) nodes[static_cast<size_t>(e.in[i])] = {e.in[i + 1], e.leaves[i], -1, 0};
  nodes[static_cast<size_t>(e.in[k - 2])] = {e.leaves[k - 2], e.leaves[k - 1], -1, 0};
}

// 3.9: an `or` the moves made (reassociateForUses) is `or disjoint` only
// where computeKnownBits, from it, proves its operands share no bit; InstCombine
// splits no GEP out of one that is not, so Reassociate sees R's tree above
// the padding's part P first and makes it one chain of its leaves by rank,
// the highest on top (P, a value of more uses, a leaf), which InstCombine
// then splits (golden seed-2110 3.9 line 598: `(((P | 16) | 4) | 8)`, its
// root `or` not disjoint, becomes `(((16 | 4) | 8) | P)`).
void reassociate_blocked(std::vector<RNode>& nodes, int root, const LdStShape& s, const Terms& T,
                         const std::vector<RNode>& before, const std::vector<char>& multi, int kmin) {  // kmin: P's interval (log2)
  const int eb = log2i(s.elem_bytes);
  const int p = padding_read(nodes, root, T, int32_t{1} << kmin);
  auto is_multi = [&](int v) { return static_cast<size_t>(v) < multi.size() && multi[static_cast<size_t>(v)]; };
  auto inner = [&](int v) { return v != p && nodes[v].term < 0 && nodes[v].op == 0 && !is_multi(v); };
  int blocked = -1;
  auto find = [&](auto&& self, int v) -> void {
    if (blocked >= 0 || !inner(v)) return;
    const bool made = static_cast<size_t>(v) >= before.size() || before[static_cast<size_t>(v)].l != nodes[v].l ||
                      before[static_cast<size_t>(v)].r != nodes[v].r;
    if (made && (possible_bytes(nodes, s, T, nodes[v].l, 1) & possible_bytes(nodes, s, T, nodes[v].r, 1)) != 0) {
      blocked = v;
      return;
    }
    self(self, nodes[v].l);
    self(self, nodes[v].r);
  };
  find(find, root);
  if (blocked < 0) return;
  ExprTree e = linearize(nodes, blocked, inner, T, eb);
  const int k = static_cast<int>(e.leaves.size());
  if (k == 2) std::swap(e.leaves[0], e.leaves[1]);
  rewrite_chain(nodes, e);
}

// 3.9: Reassociate's pair map. Where P (the padding's part of R, one `or`
// tree when Reassociate runs: its GEPs are split off R's other terms) has
// two leaves that the index code also ORs (index_pairs), that pair goes to
// the bottom of P's chain, the other leaves above it by rank, and GVN then
// makes it the index code's value (golden seed-2490 3.9 line 266: `((N |
// (tid << 2) & 128) | (tid << 3) & 120` after the first InstCombine, `(tid
// << 3) & 120 | (tid << 2) & 128) | N` after Reassociate, 8-byte aligned).
// Not where Reassociate makes P an `add` first: an `or` with a one-use
// `shl` operand (a kept left shift) or such an `add` operand (fresh seed
// 6003 case 36592: P's chain from `(tid & 32) << 5` up is all `add`s).
// Returns whether it changed the tree.
template <class Unit>
bool reassociate_pairs(std::vector<RNode>& nodes, int root, const LdStShape& s, const Terms& T, int kmin, Unit unit) {
  const int eb = log2i(s.elem_bytes);
  const int top = padding_read(nodes, root, T, int32_t{1} << kmin);
  if (top < 0 || nodes[top].term >= 0) return false;
  const std::vector<int> reads = padding_reads(nodes, root, s, T);
  auto inner = [&](int v) {
    return nodes[v].term < 0 && nodes[v].op == 0 && !unit(v) && std::find(reads.begin(), reads.end(), v) == reads.end();
  };
  auto shl = [&](int v) { return nodes[v].term >= 0 && !unit(v) && kept_shl(s, T, static_cast<size_t>(nodes[v].term)); };
  auto added = [&](auto&& self, int v) -> bool {
    bool any = false;
    for (int c : {nodes[v].l, nodes[v].r}) any = shl(c) || (inner(c) && self(self, c)) || any;
    return any;
  };
  if (added(added, top)) return false;
  ExprTree e = linearize(nodes, top, inner, T, eb);
  const int k = static_cast<int>(e.leaves.size());
  if (k < 3) return false;
  auto reused = [&](int v) { return nodes[v].term >= 0 && unit(v); };
  for (int i = k - 1; i > 0; --i)
    for (int j = i - 1; j >= 0; --j) {
      const int a = e.leaves[static_cast<size_t>(j)], b = e.leaves[static_cast<size_t>(i)];
      const int64_t bits = node_bits(nodes, T, a) | node_bits(nodes, T, b);
      if (!reused(a) || !reused(b) || std::find(s.index_pairs.begin(), s.index_pairs.end(), bits) == s.index_pairs.end())
        continue;
      e.leaves.erase(e.leaves.begin() + i);
      e.leaves.erase(e.leaves.begin() + j);
      e.leaves.push_back(a);
      e.leaves.push_back(b);
      rewrite_chain(nodes, e);
      return true;
    }
  return false;
}

// SLP's lanes, `shl (and v, masks), amounts` with its `shl` at depth d (v:
// `tid` splat, or beside it a copyable `shl tid, k`): computeKnownBits takes
// the lanes together, the masks' common zeros shifted by the least amount
// the constants' common bits allow (KnownBits::shl: at least 1 unless an
// amount is 0, zero_amount); with the `and` out of reach (d = 5) the least
// amount alone. masks: the `and`'s masks or-ed; amt_or, amt_and: the
// amounts or-ed, and-ed.
int lanes_tz(int64_t masks, int64_t amt_or, int64_t amt_and, int d, bool zero_amount = false) {
  const int64_t least = zero_amount ? 0 : std::max<int64_t>(amt_and, 1);
  if (d >= 6) return 0;
  if (d == 5) return static_cast<int>(least);
  int64_t amt = least;
  while ((amt & ~amt_or) != 0 || (amt & amt_and) != amt_and) ++amt;
  return std::countr_zero(static_cast<uint64_t>(masks)) + static_cast<int>(amt);
}

// SelectionDAG's tree of SLP's reduction of R: R's tree with `or` nodes
// appended, the vector's llvm.vector.reduce.or of four lanes as (l0 | l2) |
// (l1 | l3) (vec); place puts the final reduction (top) in place of R's
// node `at` and returns the tree's root (vec follows a lone vector moved).
struct DagTree {
  std::vector<RNode> nodes;
  int vec = -1;
  DagTree(const std::vector<RNode>& r, const std::vector<int>& lanes) : nodes(r) {
    vec = join(join(lanes[0], lanes[2]), join(lanes[1], lanes[3]));
  }
  int join(int a, int b) {
    nodes.push_back({a, b, -1, 0});
    return static_cast<int>(nodes.size()) - 1;
  }
  int place(int at, int top, int root) {
    if (at == root) return top;
    nodes[static_cast<size_t>(at)] = nodes[static_cast<size_t>(top)];
    if (top == vec) vec = at;
    return root;
  }
};

// 3.9, after the first InstCombine (tree_align): Reassociate's `add`s in the
// subtree at p and the second InstCombine's reassociateForUses there (unit:
// a node or term of more uses). A bit reversal is one value, `zext
// (bitreverse ...)` of rank 5, which InstCombine puts second again (a cast
// after a binary operator). Returns whether the tree changed.
template <class Unit>
bool reassociate_adds(std::vector<RNode>& nodes, int root, int p, const LdStShape& s, const Terms& T, Unit unit) {
  const int eb = log2i(s.elem_bytes);
  const std::vector<int> reads = padding_reads(nodes, root, s, T);
  const std::vector<char> rev = reversals(nodes, root, T, eb);
  auto reversed = [&](int v) { return static_cast<size_t>(v) < rev.size() && rev[static_cast<size_t>(v)]; };
  auto rank = [&](int v) { return node_rank(nodes, T, eb, v, reversed); };
  // (a node a padding reads has that use too)
  auto one_use = [&](int u) { return !unit(u) && std::find(reads.begin(), reads.end(), u) == reads.end(); };
  std::vector<char> is_add(nodes.size(), 0);
  auto add_operand = [&](int u) {  // a one-use `shl` or `add`
    if (unit(u) || reversed(u)) return false;
    if (nodes[u].term < 0) return is_add[static_cast<size_t>(u)] && one_use(u);
    return kept_shl(s, T, static_cast<size_t>(nodes[u].term));
  };
  bool changed = false;
  auto visit = [&](auto&& self, int v) -> void {  // operands first; a reversal whole
    if (nodes[v].term >= 0 || reversed(v)) return;
    self(self, nodes[v].l);
    self(self, nodes[v].r);
    if (nodes[v].op != 0 || (!add_operand(nodes[v].l) && !add_operand(nodes[v].r))) return;
    is_add[static_cast<size_t>(v)] = 1;
    if (!reversed(nodes[v].r) && rank(nodes[v].r) > rank(nodes[v].l))
      std::swap(nodes[v].l, nodes[v].r), changed = true;
  };
  visit(visit, p);
  if (changed)
    reassociate_for_uses(
        nodes, p, [&](int u, int v) { return nodes[u].term < 0 && !reversed(u) && nodes[u].op == nodes[v].op && one_use(u); },
        one_use);
  return changed;
}

// r_tree_align on the terms T (the model's for 3.9; Triton's own, through
// o3_reshape, for 3.6): register 0's access and an access at a register
// offset, from one tree. late: r_padding_late (R one GEP index, its tree
// decides).
TreeAlign tree_align(const LdStShape& s, const Terms& T, int64_t offsets = 0, int* slp_ops = nullptr, bool late = false) {
  const int n = static_cast<int>(T.bits.size());
  const int eb = log2i(s.elem_bytes);
  // GEPs of the padding: one per interval some term reaches; the intervals
  // one single term reaches whole share one where each padding term is a
  // left shift of that term's `tid & m` (InstCombine factors (X << a) +
  // (X << b) into one multiplication; a right shift stays a GEP of its own:
  // seed-2400 line 2776); so do two paddings of one term each shifted left
  // by the same amount, one of them reading its term whole: (A << k) + (B <<
  // k) is `shl (add A, B), k` (golden seed-2460 3.6 line 745, `(tid & 12) +
  // (tid & 8)`; two read in part stay two, `and (shl tid, k), m` each:
  // screen81-3.6 line 1)
  int geps = 0;
  // each padding GEP's right shift of the byte offset (none: 0 or less), the
  // padding's bits, whether it is a bare `lshr` (no `and` mask: the terms
  // it reads have no bit the shift must clear) and the bits of R it reads:
  // two bare paddings shifted right by the same amount whose bits are
  // disjoint are one GEP
  // (InstCombine makes their `or` one `lshr` of an `or`: fresh seed 2420 3.9
  // line 3557, golden seed-2405 3.6 line 648); masked ones stay two (seed-2408
  // 3.6 line 1839: `and (lshr R, 4), 248` and `and (lshr tid, 4), 4`). In
  // 3.9 two bare paddings that read the same terms with the same shift are
  // one `lshr` (x >> a + x >> a: golden seed-2027 3.9 line 311, `lshr N, 3`
  // for two `lshr N, 4`), unless that shares no bit with R, when InstCombine
  // folds it into R's `or` tree instead (seed-2480 3.9 line 62). In both a
  // masked one joins the padding of one whole term whose `and` is kept for
  // other uses, `lshr ((R & M) | (tid & m)), a` (fresh seed 6411 line 4636; read
  // in part, the term's padding is `(tid >> a) & m'` and stays apart:
  // seed 6409 line 5). The
  // padding of one shifted term counts as bare: its mask can go inside,
  // `lshr (tid & m), k` (golden seed-2460 3.6 line 2227: `lshr (A | (tid &
  // 64)), 5`, one GEP where the model had two)
  std::vector<std::tuple<int, int64_t, bool, int64_t>> shifted, shifted_folded;
  std::vector<size_t> shifted_j;  // the padding of each of `shifted`
  uint32_t lshr_joined = 0;       // bit j: s.pads[j] is one `lshr` with another padding (a GEP joined)
  int64_t r_bytes = 0;
  for (int64_t b : T.bits) r_bytes |= b << eb;
  int64_t single = -1;
  bool single_left = false;
  int kmin = 64;  // the smallest interval some term reaches (log2)
  struct Lifted {  // a padding of one left-shifted term
    int lift;
    bool whole;  // it reads its term whole
    size_t j;
  };
  std::vector<Lifted> lifts;
  uint32_t factored = 0;  // TreeAlign::pads_factored
  // 3.6: R's tree after the first InstCombine, where each padding is made
  // (o3_reshape's first_ic; built for the first padding of several terms)
  std::vector<RNode> ic1;
  int ic1_root = -2;
  for (size_t j = 0; j < s.pads.size(); ++j) {
    const auto& iv = s.pads[j];
    const auto [interval, pad] = iv;
    int reach = 0;
    int64_t which = -1;
    int32_t sh = LdStShape::kNoShift;
    int64_t read = 0;  // the bits of R's terms the padding reads (bytes)
    size_t which_t = 0;
    for (size_t t = 0; t < T.bits.size(); ++t)
      if ((T.bits[t] >> log2i(interval)) != 0) ++reach, which = T.bits[t], which_t = t, sh = T.shifts[t], read |= T.bits[t] << eb;
    if (reach == 0) continue;
    // 3.6, several terms: the padding reads the node of R demanded bits
    // leave it (padding_read) with every term under it, reaching the
    // interval or not; their bits decide its `and` mask (golden seed-2470
    // 3.6 line 2138: R's root, whose `(tid & 6) << 3` and `(tid & 16) << 2`
    // keep `and (lshr R, 3), -16`, a GEP apart from the 2048's bare `lshr`;
    // seed-2405 line 648: the left operand alone, no mask, one GEP)
    if (reach >= 2 && s.version == TritonVersion::v3_6 && !T.reused.empty()) {
      if (ic1_root == -2) {
        std::vector<RNode> o3;
        ic1_root = o3_tree(s, T, o3, &ic1);
      }
      if (ic1_root >= 0) read = node_bits(ic1, T, padding_read(ic1, ic1_root, T, interval)) << eb;
    }
    kmin = std::min(kmin, log2i(interval));
    const int lift = sh + eb - log2i(interval) + log2i(pad);  // the one term's padding: x << lift
    const bool left = sh != LdStShape::kNoShift && lift >= 0;
    if (reach == 1) {
      if (single >= 0 && which == single && std::countr_zero(static_cast<uint64_t>(which)) >= log2i(interval) &&
          left && single_left)
        continue;
      if (single < 0) single = which, single_left = left;
      if (left) {
        const bool whole = std::countr_zero(static_cast<uint64_t>(which)) >= log2i(interval);
        const auto o = std::find_if(lifts.begin(), lifts.end(),
                                    [&](const Lifted& o) { return o.lift == lift && (o.whole || whole); });
        if (o != lifts.end()) {
          factored |= uint32_t{1} << j | uint32_t{1} << o->j;
          continue;
        }
        lifts.push_back({lift, whole, j});
      }
    }
    // the padding read from R, (R >> i) << p, or from its one term there
    const int right = reach >= 2 ? log2i(interval) - log2i(pad) : sh == LdStShape::kNoShift ? 0 : -lift;
    const int64_t bits = pad_bits(r_bytes, Pads(&iv, 1), s.elem_bytes);
    const bool bare = (reach == 1 && sh != LdStShape::kNoShift) ||
                      padding_is_lshr(read, log2i(int64_t{interval} * s.elem_bytes), log2i(int64_t{pad} * s.elem_bytes));
    // (the padding of one whole term kept for other uses joins a masked one;
    // 3.6: golden screen72-3.6 line 68, `lshr ((R & 352) | (tid & 16)), 1`)
    const bool kept_lshr = reach == 1 && term_kept(s, T, which_t) &&
                           std::countr_zero(static_cast<uint64_t>(which)) >= log2i(interval);
    // (folded: the sum is one `lshr` whatever R's bits, geps_folded)
    auto joins = [&](bool any) {
      return [&, any](const std::tuple<int, int64_t, bool, int64_t>& o) {
        const bool one_lshr = s.version == TritonVersion::v3_9 && std::get<3>(o) == read &&
                              (any || ((read >> (right - 1)) & r_bytes) != 0);
        return std::get<0>(o) == right && (std::get<2>(o) || kept_lshr) && ((std::get<1>(o) & bits) == 0 || one_lshr);
      };
    };
    if (!(right > 0 && bare && std::any_of(shifted_folded.begin(), shifted_folded.end(), joins(true))))
      shifted_folded.push_back({right, bits, bare, read});
    if (right > 0 && bare) {
      if (const auto o = std::find_if(shifted.begin(), shifted.end(), joins(false)); o != shifted.end()) {
        lshr_joined |= uint32_t{1} << j | uint32_t{1} << shifted_j[static_cast<size_t>(o - shifted.begin())];
        continue;
      }
    }
    shifted.push_back({right, bits, bare, read});
    shifted_j.push_back(j);
    ++geps;
  }
  const int geps_folded = static_cast<int>(shifted_folded.size());
  bool folded = false;  // 3.9: R + pads folded into R's tree (below)
  // folded: the fold node is the one whose operand P is (R's root, or one
  // below R's operands of more uses, fold_above, innermost first)
  std::vector<int> fold_above;
  size_t fold_split = 0;        // folded: the levels above the fold node split into GEPs, from the top
  bool p_gvn = false;           // folded: P the index code's coordinate (is_coordinate_twin)
  int fold_sib = -1;            // folded: the fold node's operand beside P (Y)
  bool fold_early = false;      // folded: InstCombine proves (Y | pads) | P disjoint (its GEPs split)
  int merged_node = -1;  // folded: the term of Y whose `lshr` joins the padding's (below)
  int fold_g0 = -1;  // folded: the depth of the innermost padding GEP's index for register 0's access
  std::vector<RNode> nodes;
  int xors = -1;
  int root = triton_tree(T, nodes, xors);
  std::vector<RNode> first_ic;  // o3_reshape's tree after the first InstCombine
  int slp = 0;                  // operands of SLP's reduction of R (0: none)
  int slp_top = root;           // the node SLP reduces (padded: R's root or one below it)
  // o3_reshape, bit j per interval: the first InstCombine's `and` mask of
  // register 0's padding proves every bit of the node it reads ([0]: before
  // the later intervals' walks move terms), that of R | c ([1]: after them)
  std::array<uint32_t, 2> ic1_exact{0, 0};
  std::vector<size_t> kept_lanes;  // SLP's lanes where they are kept `shl (tid & m), k` (3.6)
  bool index_offset = false;    // R is one value with the index code's offset (o3_reshape)
  int64_t r_max = r_range_max(nodes, root, T, eb);
  const auto all = [&] { return TreeAlign{{16, 16}, {16, 16}, 0, 0, r_max}; };
  // no term reaches an interval: no padding in R's address (but in 3.6 where
  // a register offset reaches one: its access may have a base of its own,
  // vectorize, which then proves what R's tree does at a register offset;
  // and where a padding of R + c is left late: R's tree is one index)
  bool offset_reaches = false;
  for (auto [interval, pad] : s.pads) offset_reaches = offset_reaches || (offsets >> log2i(interval)) != 0;
  if (geps == 0 && !s.pads.empty() && !(s.version == TritonVersion::v3_6 && (offset_reaches || late)))
    return all();
  std::vector<char> multi_node;  // (3.9) nodes of more uses: one GEP in the chain split
  std::vector<char> unit_node;   // (3.9) nodes of more uses: reused terms and pairs
  bool shr_gep = false;  // (3.9) TreeAlign::shr_gep
  std::vector<RNode> triton_nodes;  // (3.9) the tree before the moves
  if (root >= 0) {
    // 3.9: a term whose index-code twin went into a bit reversal
    // (twin_reversed, by its `tid & m`) stays (fresh seed 7801 kernel 590:
    // `(tid & 1) << 5` and `(tid & 8) >> 1`, apart in R's tree); not a term
    // under a reversal of R's own tree, which is the index code's value
    // (held-out seed 7811: R = the index offset, `bitreverse` in both).
    // Held-out seed 7811 kernels whose twins move all the same (R forms a
    // reversal of its own; 3 of the 15 the rule changes) are not modelled
    std::vector<char> r_reversed(T.bits.size(), 0);
    if (T.reused.empty() && s.index_gone != 0) {
      const std::vector<char> rev = reversals(nodes, root, T, eb);
      auto mark = [&](auto&& self, int u) -> void {
        if (nodes[u].term >= 0) r_reversed[static_cast<size_t>(nodes[u].term)] = 1;
        else self(self, nodes[u].l), self(self, nodes[u].r);
      };
      for (size_t v = 0; v < rev.size(); ++v)
        if (rev[v]) mark(mark, static_cast<int>(v));
    }
    // a term the index code also computes (`tid & bit`, or a shifted bit
    // of its own: Triton's CSE made them one value) has a second use, and
    // reassociateForUses moves it up one level at a time, (D | Y) | Z ->
    // (Y | Z) | D (Z of one use), until it is an operand of R itself
    // (held-out seed 2060 line 393: `tid & 64`); its matcher takes the first
    // operand for (D | Y) where that is an `or` of one use, and then moves
    // nothing where neither of its operands has more (golden seed-2036 3.9
    // line 639: `((a | b) | (c | D)) | e` stays)
    auto reused = [&](int v) {
      if (nodes[v].term < 0) return false;
      const auto t = static_cast<size_t>(nodes[v].term);
      const int64_t bits = T.bits[t];
      if ((bits & s.index_reused) == 0) return false;
      if (!T.reused.empty() || T.shifts[t] == LdStShape::kNoShift || r_reversed[t]) return true;
      const int64_t tid = tid_mask_of(T, t);
      return !twin_reversed(s, tid, [&](const MvpTerm& o) { return o.mask == tid; });
    };
    // an `or` of two such terms that the index code also ORs first (its
    // tree's first level) is one value too (seed-2540 3.9 line 214), and
    // moves up as one; InstCombine splits no GEP out of it (more uses)
    auto pair = [&](int v) {
      if (nodes[v].term >= 0 || nodes[v].op != 0 || nodes[nodes[v].l].term < 0 || nodes[nodes[v].r].term < 0 ||
          !reused(nodes[v].l) || !reused(nodes[v].r))
        return false;
      return std::find(s.index_pairs.begin(), s.index_pairs.end(), node_bits(nodes, T, v)) != s.index_pairs.end();
    };
    auto unit = [&](int v) { return reused(v) || pair(v); };
    if (!T.reused.empty()) {
      bool lost = false;
      slp = o3_reshape(nodes, root, s, T, first_ic, index_offset, &lost, &kept_lanes,
                       s.pads.empty() ? nullptr : &slp_top, &ic1_exact);
      if (slp_ops) *slp_ops = lost ? 0 : slp;
      // the first InstCombine proves R + c's padding from R's known bits two
      // levels below its `lshr` where those bound R tighter than IPSCCP's
      // range (golden seed-7902 3.6 line 6597: R 511 at most by its range
      // through a bit reversal, its bits 440, the padding of R + 1088 folded
      // then; line 6745: R's bits out of reach there, the range decides)
      if (!s.pads.empty())
        if (const int64_t known = possible_bytes(first_ic, s, T, root, 2); known >= 0) r_max = std::min(r_max, known);
    }
    if (T.reused.empty()) {  // the model's terms (3.9)
      // a bit reversal is one value before reassociateForUses meets it
      // (InstCombine visits the inner `or`s first: fresh 3.9 seed 5908 case
      // 535, `(tid & 1) << 12 | tid & 64` a `zext (bitreverse i13)` though
      // `tid & 64` is the index code's too)
      std::vector<char> reversed_first;
      auto same = [&](int u, int v) {
        return nodes[u].term < 0 && nodes[u].op == nodes[v].op && !pair(u) && !reversed_first[static_cast<size_t>(u)];
      };
      triton_nodes = nodes;
      // InstCombine makes an `xor` of operands that share no bit an `or
      // disjoint` first, so reused terms move out of Triton's XOR list too
      // (fresh 3.9 seed 5908 case 875: `tid & 28` of `(28 ^ 96)` a GEP of
      // its own in the wheel's PTX)
      for (int v : post_order_of(nodes, root))
        if (disjoint_xor(nodes, T, v)) nodes[v].op = 0;
      if (xors >= 0 && nodes[xors].op == 0) xors = -1;
      reversed_first = reversals(nodes, root, T, eb);
      reassociate_for_uses(nodes, root, same, [&](int u) { return !unit(u); });
      // the paddings' reads move nodes up; the nodes InstCombine rebuilds are
      // visited anew, and once a term's second use is gone its user again
      // (case 1271: `tid & 28`, the index code's, moves up after `shl (tid &
      // 16), 5`)
      if (padding_reads_move(nodes, root, T, s.pads, same, unit))
        reassociate_for_uses(nodes, root, same, [&](int u) { return !unit(u); });
    }
    if (T.reused.empty()) {
      auto mark_multi = [&]() {
        multi_node.assign(nodes.size(), 0);
        for (int v = 0; v < static_cast<int>(nodes.size()); ++v) multi_node[static_cast<size_t>(v)] = pair(v);
      };
      mark_multi();
      // (reassociateForUses folds only values of one use: no reused term)
      padding_walk(nodes, root, s, T, [&](int v) { return !unit(v); }, [](int, int, int) {});
      if (!s.pads.empty() && reassociate_pairs(nodes, root, s, T, kmin, unit)) mark_multi();
      if (!s.pads.empty()) reassociate_blocked(nodes, root, s, T, triton_nodes, multi_node, kmin);
      // Reassociate on P (the node the first interval's padding reads): an
      // `or` with a one-use `shl` operand, or a one-use `add` it made, becomes
      // an `add` of its two operands by rank, the highest first; the second
      // InstCombine makes them `or`s again and its reassociateForUses moves a
      // term of more uses that now sits in P's first operand up, out of the
      // padding's read, a GEP of its own (golden screen75-3.9 line 53: `(((tid
      // & 6) << 8 | (tid & 192) >> 1) | tid & 24) | Y` after the first
      // InstCombine, `(... | Y) | tid & 24` after the second, the IR after each
      // pass; lines 91, screen77-3.9 line 6 alike)
      if (const int p = padding_read(nodes, root, T, int32_t{1} << kmin);
          s.version == TritonVersion::v3_9 && p >= 0 && nodes[p].term < 0)
        if (reassociate_adds(nodes, root, p, s, T, unit)) mark_multi();
      unit_node.assign(nodes.size(), 0);
      for (int v = 0; v < static_cast<int>(nodes.size()); ++v) unit_node[static_cast<size_t>(v)] = unit(v);
    }
  }
  const std::vector<char> reversed = reversals(nodes, root, T, eb);
  if (s.version == TritonVersion::v3_9)  // (possible_bytes reads them)
    for (size_t v = 0; v < reversed.size(); ++v) nodes[v].rev = reversed[v] != 0;
  // each term's depth below the access's address, for register 0 (at_offset
  // false) or a register offset; 0 where the shared base is out of reach
  std::vector<int> depth(static_cast<size_t>(n), 0);
  std::vector<char> in_reversal(static_cast<size_t>(n), 0);  // a term under a reversed node
  // InstCombine makes `(x << a) | (x << b)` of one `x = tid & m` (two left-shifted terms of one
  // mask, its `and` kept; an `or`, or an `xor` of no common bit) one `mul x, 2^a + 2^b`: both
  // terms at that node's depth (Triton's terms only: 3.9's padded R is of InstCombine's, no mvp)
  auto mul_pair = [&](const std::vector<RNode>& tree, int v) {
    const int a = tree[v].l, b = tree[v].r;
    if (tree[v].op == 2 || tree[a].term < 0 || tree[b].term < 0) return false;
    const auto ta = static_cast<size_t>(tree[a].term), tb = static_cast<size_t>(tree[b].term);
    if (std::max(ta, tb) >= T.mvp.size() || T.mvp[ta].mask != T.mvp[tb].mask || (T.bits[ta] & T.bits[tb])) return false;
    return kept_shl(s, T, ta) && kept_shl(s, T, tb);
  };
  auto walk_in = [&](const std::vector<RNode>& tree, auto&& self, int v, int d) -> void {
    if (tree[v].term >= 0) {
      depth[static_cast<size_t>(tree[v].term)] = d;
      return;
    }
    if (mul_pair(tree, v)) {
      depth[static_cast<size_t>(tree[tree[v].l].term)] = depth[static_cast<size_t>(tree[tree[v].r].term)] = d;
      return;
    }
    if (&tree == &nodes && reversed[static_cast<size_t>(v)]) {  // each of its terms: the mask's depth
      auto leaves = [&](auto&& me, int u) -> void {
        if (tree[u].term >= 0) {
          depth[static_cast<size_t>(tree[u].term)] = d + 2;
          in_reversal[static_cast<size_t>(tree[u].term)] = 1;
          return;
        }
        me(me, tree[u].l);
        me(me, tree[u].r);
      };
      leaves(leaves, v);
      return;
    }
    self(tree, self, tree[v].l, d + 1);
    self(tree, self, tree[v].r, d + 1);
  };
  // 3.6: where nothing but R's GEP uses R's root (no padding reads the root,
  // none of R's register offsets shares a bit with R or reaches an interval
  // R reaches: their `R | c` would use it too), the second InstCombine (after
  // EarlyCSE made the accesses' `gep (base, R)` one) splits R's `or
  // disjoint`s into a chain of GEPs, as 3.9 does, on the tree the first one
  // left: each node the padding reads, each term, each node of other uses
  // a GEP of its own, innermost first (seed-2404 line 227: `tid & 4`, then
  // the two terms the padding reads, then `tid & 56`). Triton's `R + c` of
  // a register offset is that `R | c` only where the first InstCombine's
  // computeKnownBits proves c's bits clear in R, on the tree it left (R at
  // depth 0; a kept `shl (tid & m), k` five deep proves only its low k
  // bits); an `add` it leaves uses R too (seed-2405 line 88: `(tid & 8) << 6`
  // five deep, `add R, 64` stays)
  std::vector<int> split36;
  auto sums_disjoint = [&]() {
    return ((offsets << eb) & possible_bytes(first_ic, s, T, root, 0)) == 0;
  };
  if (s.version == TritonVersion::v3_6 && geps > 0 && !first_ic.empty() && first_ic[root].term < 0 &&
      !first_ic[root].multi && (offsets & s.lane_warp_mask) == 0 && (offsets >> kmin) == 0 && sums_disjoint()) {
    const std::vector<int> reads = padding_reads(first_ic, root, s, T);
    auto read = [&](int v) { return std::find(reads.begin(), reads.end(), v) != reads.end(); };
    auto split = [&](auto&& self, int v) -> void {
      const RNode& x = first_ic[v];
      if (x.term >= 0 || x.multi || x.op != 0 || read(v)) {
        split36.push_back(v);
        return;
      }
      self(self, x.l);
      self(self, x.r);
    };
    if (!read(root)) split(split, root);
  }
  // R's `or`s a chain of GEPs before SLP: nothing to reduce (held-out 3.6
  // seed 6507 kernel 3)
  if (!split36.empty()) slp = 0, kept_lanes.clear(), slp_top = root;
  // 3.9: the possible bits of the paddings' sum, each padding at depth d:
  // a bare `lshr` of the node it reads (no bit of it the mask would clear:
  // InstCombine drops the `and` once demanded bits narrow the read to that
  // node; golden screen78-3.9 line 16), one level deeper where a term of Y
  // joins it (merged_node), else an `and` whose mask keeps every bit from
  // the padding's lowest up that computeKnownBits does not prove zero; one
  // padding is those bits (fresh seed 7801 kernel 590: `and (lshr P, 4),
  // 144` beside R's bits 32 and 64), two or more an `add` (carries: every
  // bit up to the largest sum)
  auto pads_sum = [&](int d) -> int64_t {
    int64_t any = 0, most = 0;
    int count = 0;
    bool unbounded = false;
    for (const auto& iv : s.pads) {
      const int v = padding_read(nodes, root, T, iv.first);
      if (v < 0) continue;
      const int i = log2i(int64_t{iv.first} * s.elem_bytes), pp = log2i(int64_t{iv.second} * s.elem_bytes);
      int64_t b = 0;
      if (merged_node >= 0)
        b = (possible_bytes(nodes, s, T, v, d + 2) |
             T.bits[static_cast<size_t>(nodes[merged_node].term)] << eb << (i - pp)) >> (i - pp);
      else if (padding_is_lshr(node_bits(nodes, T, v) * s.elem_bytes, i, pp))
        b = possible_bytes(nodes, s, T, v, d + 1) >> (i - pp);
      else
        b = (possible_bytes(nodes, s, T, v, d + 2) >> (i - pp)) & ~((int64_t{1} << pp) - 1);
      if (b) any |= b, ++count, unbounded = unbounded || b < 0, most += unbounded ? 0 : b;
    }
    if (count <= 1) return any;
    const int lo = std::countr_zero(static_cast<uint64_t>(any));
    // (an unbounded term, negative, may leave the sum anything: no top bit)
    const int hi = !unbounded && most > 0 ? 63 - std::countl_zero(static_cast<uint64_t>(most)) : 63;
    return (hi >= 62 ? ~int64_t{0} : (int64_t{2} << hi) - 1) & ~((int64_t{1} << lo) - 1);
  };
  auto depths = [&](int below) {  // levels below the first access's
    if (root < 0) return true;
    if (!split36.empty()) {
      const int g = static_cast<int>(split36.size()) + geps + below;
      if (g >= 6) return false;  // computeKnownBits does not reach the shared base
      for (size_t i = 0; i < split36.size(); ++i) walk_in(first_ic, walk_in, split36[i], g - static_cast<int>(i));
    } else if (s.version == TritonVersion::v3_6 || s.pads.empty()) {
      walk_in(nodes, walk_in, root, 1 + geps + below);
    } else {
      // 3.9, after the walk above: the padding reads P, the smallest subtree
      // holding every term that reaches an interval (demanded bits); R's
      // `or`s above P have one use, the GEP, and InstCombine splits them
      // into one GEP per operand, in order (a tree of XORs stays one): the
      // chain is those GEPs, the padding's, and the access's constant; of G
      // GEPs the i-th's index is at depth G - i, the shared base at G
      // (held-out seed 2110 line 1130)
      const int p = padding_read(nodes, root, T, int32_t{1} << kmin);
      auto shr_in = [&](const std::vector<int>& gep_nodes) {  // a kept term shifted right, a GEP of its own
        return std::any_of(gep_nodes.begin(), gep_nodes.end(), [&](int v) {
          return v >= 0 && nodes[v].term >= 0 && shifts_right(T.shifts[static_cast<size_t>(nodes[v].term)], s.elem_bytes) &&
                 term_kept(s, T, static_cast<size_t>(nodes[v].term));
        });
      };
      auto holds = [&](auto&& self, int v, int w) -> bool {
        return v == w || (nodes[v].term < 0 && (self(self, nodes[v].l, w) || self(self, nodes[v].r, w)));
      };
      std::vector<int> chain;
      auto split = [&](auto&& self, int v) -> void {
        if (v == p || nodes[v].term >= 0 || (v == xors && !holds(holds, v, p)) ||
            (static_cast<size_t>(v) < multi_node.size() && multi_node[static_cast<size_t>(v)])) {
          chain.push_back(v);
          return;
        }
        // InstCombine puts the more complex operand first, so a bit
        // reversal (a `zext`, a cast) comes after an `and` or `or`
        // (seed-2200 3.9 line 57: `(tid << 1) & 20`, then the reversal)
        if (reversed[static_cast<size_t>(nodes[v].l)] && !reversed[static_cast<size_t>(nodes[v].r)]) {
          self(self, nodes[v].r);
          self(self, nodes[v].l);
          return;
        }
        self(self, nodes[v].l);
        self(self, nodes[v].r);
      };
      if (folded) {
        // R = Y | P, R + pads an `or`: InstCombine's reassociateForUses
        // makes it (Y | pads) | P (P of more uses: the paddings read it) and
        // splits the `or`s into GEPs, Y's first (-1 in the chain: the
        // paddings' GEPs), where it proves the top one disjoint (its known
        // bits reaching the paddings' sum two levels down, an `add` of
        // several one more); else Reassociate makes (Y | pads) an `add` of
        // its operands, the higher rank first (the paddings), where one is a
        // one-use `add` or `shl` (two paddings' sum, Y a kept `shl`), and the
        // top one too, and InstCombine splits those; else R stays one GEP
        const int sib = fold_sib;
        const int levels = static_cast<int>(fold_above.size());
        // the rebuilt node k levels above the fold node one `or` tree, at depth d:
        // (Y | pads) | P at the bottom, the paddings beside Y
        auto one_index = [&](auto&& self, int k, int d) -> void {
          if (k > 0) {
            walk_in(nodes, walk_in, fold_above[static_cast<size_t>(k - 1)], d + 1);
            self(self, k - 1, d + 1);
            return;
          }
          walk_in(nodes, walk_in, p, d + 1);
          // (a term joined to the padding's `lshr` is one below it)
          const int y = merged_node < 0 ? sib : nodes[sib].l == merged_node ? nodes[sib].r : nodes[sib].l;
          if (merged_node != sib) walk_in(nodes, walk_in, y, d + 2);
          if (merged_node >= 0) depth[static_cast<size_t>(nodes[merged_node].term)] = d + 3;
          if (below == 0) fold_g0 = d + 2;
        };
        // the levels above m GEPs of their other operand, the node m levels up one index
        auto split_above = [&](int m) {
          const int gs = levels - m;
          if (gs + 1 + below >= 6) return false;
          for (int k = levels; k > m; --k)
            walk_in(nodes, walk_in, fold_above[static_cast<size_t>(k - 1)], levels - k + 1 + below);
          one_index(one_index, m, gs + 1 + below);
          return true;
        };
        if (static_cast<int>(fold_split) < levels) return split_above(levels - static_cast<int>(fold_split));
        // (Y a bit reversal, a `zext`, goes after the paddings: InstCombine
        // puts the more complex operand first; screen78-3.9 line 29)
        if (reversed[static_cast<size_t>(sib)]) {
          chain.push_back(-1);
          split(split, sib);
        } else {
          split(split, sib);
          chain.push_back(-1);
        }
        if (!p_gvn) chain.push_back(p);
        for (int v : fold_above) split(split, v);  // (outermost last)
        if (p_gvn) chain.push_back(p);
        const bool split_early = fold_early;
        const int ts = nodes[sib].term;
        const bool sib_shl = ts >= 0 && kept_shl(s, T, static_cast<size_t>(ts));
        if (!split_early && (geps_folded >= 2 || sib_shl)) {
          std::erase(chain, -1);
          chain.insert(chain.begin(), -1);
        } else if (!split_early) {
          // nothing to convert: R stays one `or` tree, one GEP index, the
          // paddings beside Y (golden screen78-3.9 line 30)
          return split_above(0);
        }
        if (merged_node >= 0) std::erase(chain, merged_node);
        shr_gep = shr_gep || shr_in(chain);
        int d = static_cast<int>(chain.size()) - 1 + geps_folded + below;  // the innermost GEP's index
        if (d >= 6) return false;
        for (const int v : chain) {
          if (v >= 0) {
            walk_in(nodes, walk_in, v, d--);
            continue;
          }
          if (below == 0) fold_g0 = d;
          if (merged_node >= 0) depth[static_cast<size_t>(nodes[merged_node].term)] = d + 1;
          d -= geps_folded;
        }
        return true;
      }
      split(split, root);
      shr_gep = shr_gep || shr_in(chain);
      const int g = static_cast<int>(chain.size()) + geps + below;
      if (g >= 6) return false;  // computeKnownBits does not reach the shared base
      for (size_t i = 0; i < chain.size(); ++i) walk_in(nodes, walk_in, chain[i], g - static_cast<int>(i));
    }
    return true;
  };
  // the padding of an interval that several of R's terms reach is
  // `(node >> a) & mask`, node the part of R's tree reaching it; InstCombine
  // shrinks the mask to the bits it proves of node, where every term below
  // is in reach of computeKnownBits from the `and` (node two levels down),
  // else the mask keeps every bit from the padding's lowest up: that GEP's
  // index proves only the padding's own alignment (seed-2403 3.6 line 910;
  // 3.9 alike, on the tree after its moves: held-out seed 5901 case 1560,
  // `and (lshr R, 4), 134217724`, R's leaves five deep below the `and`).
  // BasicAA bounds that index (its range) by the same walk, from the `and`
  // or, where the padding is a bare `lshr` (padding_is_lshr), from the shift
  // (node one level down: seed-2036 line 639); where some term is out of
  // reach the range is the mask's, and stores beside it may overlap
  // (seed-2405 line 218)
  auto in_reach = [&](int v, int d) { return ls::codegen::in_reach(nodes, s, T, v, d); };
  // 3.9: where the paddings' sum shares no bit with R (as computeKnownBits
  // sees both), the first InstCombine makes Triton's `add R, pads` an `or
  // disjoint` of R's tree (fresh seed 5907 case 183); modelled where R is
  // Y | P, P (the node the paddings read) one of R's operands and of several
  // terms: a single term's second use is gone by then (padding_reads_move),
  // nothing moves and the paddings' GEPs are the outermost, as unfolded
  // (fresh 3.9 seed 6210 case 3267: `(tid & 96) << 7` the paddings' term)
  if (s.version == TritonVersion::v3_9 && geps > 0 && root >= 0 && nodes[root].term < 0) {
    const int p = padding_read(nodes, root, T, int32_t{1} << kmin);
    const int64_t sum = pads_sum(geps_folded >= 2 ? 1 : 0);
    // R = X | Z, P under X, Z of more uses (a reused term, a pair):
    // reassociateForUses makes R + pads (X | pads) | Z and goes on into X
    // while X is an `or` of one use beside an operand of more uses; it
    // stops at the node of which P is an operand (the fold node)
    // (golden screen78-3.9 line 29: ((pads | reversal) | P) | (tid >> 3) &
    // 2 of R = (reversal | P) | (tid >> 3) & 2)
    auto more_uses = [&](int v) {
      const auto u = static_cast<size_t>(v);
      return (u < unit_node.size() && unit_node[u]) || (u < multi_node.size() && multi_node[u]);
    };
    auto holds = [&](auto&& self, int v) -> bool {
      return v == p || (nodes[v].term < 0 && (self(self, nodes[v].l) || self(self, nodes[v].r)));
    };
    int u = root;
    std::vector<int> above;
    while (p >= 0 && nodes[u].term < 0 && nodes[u].op == 0 && nodes[u].l != p && nodes[u].r != p) {
      const int in = holds(holds, nodes[u].l) ? nodes[u].l : nodes[u].r;
      const int other = in == nodes[u].l ? nodes[u].r : nodes[u].l;
      if (!holds(holds, in) || nodes[in].term >= 0 || nodes[in].op != 0 || more_uses(in) || !more_uses(other)) break;
      above.insert(above.begin(), other);
      u = in;
    }
    folded = (nodes[u].l == p || nodes[u].r == p) && nodes[p].term < 0 &&
             (sum & possible_bytes(nodes, s, T, root, 0)) == 0;
    if (folded) fold_above = above, fold_sib = nodes[u].l == p ? nodes[u].r : nodes[u].l;
    // InstCombine's `(A >> k) | (B >> k)` to `(A | B) >> k`: one padding
    // GEP, a bare `lshr` of P by k (P clear of the bits its mask would
    // clear), beside a term of Y that is an `lshr` by k of a `tid & m` kept
    // for other uses: the term joins the padding's read, one level below
    // it, P one more (fresh seed 6210 line 2654: `lshr ((tid & 128) | P),
    // 3`, P's `shl`s six deep under the GEP: R + 0 2-byte aligned)
    if (folded && geps == 1) {
      const auto reached = std::find_if(s.pads.begin(), s.pads.end(), [&](const auto& iv) {
        return (r_bytes >> log2i(int64_t{iv.first} * s.elem_bytes)) != 0;
      });
      const int i = log2i(int64_t{reached->first} * s.elem_bytes);
      const int pp = log2i(int64_t{reached->second} * s.elem_bytes);
      const int sib = fold_sib;
      auto lshr = [&](int u) {
        if (u < 0 || nodes[u].term < 0) return false;
        const int32_t sh = T.shifts[static_cast<size_t>(nodes[u].term)];
        return sh != LdStShape::kNoShift && sh + eb == pp - i && term_kept(s, T, static_cast<size_t>(nodes[u].term));
      };
      if (((node_bits(nodes, T, p) << eb) >> (i - pp) & ((int64_t{1} << pp) - 1)) == 0) {
        if (lshr(sib)) merged_node = sib;
        else if (nodes[sib].term < 0 && nodes[sib].op == 0 && sib != xors &&
                 !(static_cast<size_t>(sib) < multi_node.size() && multi_node[static_cast<size_t>(sib)]))
          merged_node = lshr(nodes[sib].l) ? nodes[sib].l : lshr(nodes[sib].r) ? nodes[sib].r : -1;
      }
    }
    // the top `or` of (Y | pads) | P proven disjoint: its known bits
    // reaching the paddings' sum two levels down (an `add` of several one
    // more), P's one (depths)
    const int np = geps_folded >= 2 ? 1 : 0;
    if (folded)
      fold_early =
          ((possible_bytes(nodes, s, T, fold_sib, 2) | pads_sum(2 + np)) & possible_bytes(nodes, s, T, p, 1)) == 0;
    // nested: each `or` reassociateForUses rebuilt on the way down splits
    // into GEPs, from the top, while InstCombine's SimplifyDemandedBits
    // proves it disjoint (its operands at depth 1, as fold_early's); the
    // first it does not is one GEP index, the `or` tree below it whole
    // (golden seed-2480 3.9 line 62: the top `or` of the two paddings' `add`
    // beside `(tid >> 1) & 14` not disjoint, R one index)
    if (folded && !fold_above.empty()) {
      const int sib = fold_sib;
      auto bits = [&](auto&& self, size_t k, int d) -> int64_t {  // the rebuilt node k levels up, at depth d
        if (k == 0)
          return possible_bytes(nodes, s, T, sib, d + 2) | pads_sum(d + 2 + np) | possible_bytes(nodes, s, T, p, d + 1);
        return self(self, k - 1, d + 1) | possible_bytes(nodes, s, T, fold_above[k - 1], d + 1);
      };
      // (P the index code's coordinate: GVN makes them one, P's `and`s of
      // one use; a later InstCombine proves every `or` disjoint and splits
      // them, after Reassociate put P outermost: held-out seed 8301 kernel
      // 11172, `gep (gep (gep (gep (smem, (tid >> 1) & 14), pads), (tid >>
      // 3) & 16), P)`)
      fold_split = 0;
      p_gvn = is_coordinate_twin(nodes, p, s, T);
      if (p_gvn) fold_split = fold_above.size();
      for (size_t k = fold_above.size(); k >= 1 && !p_gvn; --k, ++fold_split)
        if ((bits(bits, k - 1, 1) & possible_bytes(nodes, s, T, fold_above[k - 1], 1)) != 0) break;
    }
  }
  // 3.6's kept lanes (lanes_tz; seed-2403 3.6 line 3793: masks 2, 4, 64, 48
  // by 1, 9, 2, 5, 4-byte aligned, where each lane by itself proves 4 bytes
  // more; seed-2470 line 689: 2 for 64)
  int64_t masks = 0, amt_or = 0, amt_and = -1;
  for (size_t t : kept_lanes) {
    const int k = T.shifts[t] + eb;
    masks |= (T.bits[t] << eb) >> k;
    amt_or |= k, amt_and &= k;
  }
  auto vector_tz = [&](int d) {
    return kept_lanes.empty() ? 0 : lanes_tz(masks, amt_or, amt_and, d);  // (no lanes: nothing to prove)
  };
  int64_t lane_bits = 0;  // the vector's lanes
  for (size_t t : kept_lanes) lane_bits |= T.bits[t];
  int pad_tz = 62;
  int pad_tz_rdx = 62;  // the same after SLP (the second InferAlignment)
  uint32_t pads_unbounded = 0, pads_c_unbounded = 0;  // TreeAlign::pads_unbounded, pads_c_unbounded
  uint32_t reg0_apart = 0;
  std::vector<int64_t> pad_hi(s.pads.size(), 0);
  if (folded) depths(0);  // (sets fold_g0)
  int fold_j = 0;  // folded: the paddings' GEPs from the innermost
  if (split36.empty() && root >= 0)
    for (size_t j = 0; j < s.pads.size(); ++j) {
      const int v = padding_read(nodes, root, T, s.pads[j].first);
      if (v < 0 || nodes[v].term >= 0) continue;
      // the padding GEP's index at depth `at` (1: the outermost GEP)
      const int at = fold_g0 >= 0 ? fold_g0 - std::min(fold_j++, geps_folded - 1) : 1;
      const int i = log2i(int64_t{s.pads[j].first} * s.elem_bytes), p = log2i(int64_t{s.pads[j].second} * s.elem_bytes);
      // the `and` two levels above node; a mask the first InstCombine shrank stays
      const bool from_and = in_reach(v, at + 1) || (ic1_exact[1] >> j & 1);
      // (of SLP's reduction below R's root, always of kept lanes: the lanes'
      // bits, which InstCombine knew before SLP; golden seed-2403 3.6 line
      // 3251); or the node of just the vector's lanes, other operands of the
      // reduction beside it (InstCombine after SLP drops them from the
      // padding's `or`: held-out screen70 kernel 120, `lshr (reduce), 4`)
      const bool lanes_read = v != root && (v == slp_top || (!kept_lanes.empty() && node_bits(nodes, T, v) == lane_bits));
      // (folded: the node's own bits decide, as in pads_sum)
      const int64_t read_bits = lanes_read || folded ? node_bits(nodes, T, v) : s.lane_warp_mask;
      const bool bare = padding_is_lshr(read_bits * s.elem_bytes, i, p);
      const bool from_index = bare ? in_reach(v, at) : from_and;
      if (!from_index) pads_unbounded |= uint32_t{1} << j;
      // (R | c's padding reads it one level deeper, below the `or` of c)
      if (!in_reach(v, at + 2) && !(ic1_exact[1] >> j & 1)) pads_c_unbounded |= uint32_t{1} << j;
      const int64_t bits = pad_bits(node_bits(nodes, T, v) << eb, Pads(&s.pads[j], 1), s.elem_bytes);
      if (merged_node >= 0) {  // `lshr (term | P), i - p`: P two levels below the index
        const int64_t term = T.bits[static_cast<size_t>(nodes[merged_node].term)] << eb << (i - p);
        const int64_t read = possible_bytes(nodes, s, T, v, at + 2) | term;
        if (!in_reach(v, at + 2)) pads_unbounded |= uint32_t{1} << j;
        pad_tz = std::min(pad_tz, tz_of(read >> (i - p)));
        continue;
      }
      // (P the index code's coordinate after GVN: its `and`s of one use
      // then, `and (shl tid, k), m` whose masks any depth reads)
      const int64_t possible = p_gvn ? (at + 2 <= 5 ? node_bits(nodes, T, v) << eb : ~int64_t{0})
                                     : possible_bytes(nodes, s, T, v, at + 1);  // node's bits, two levels below
      if (!bare && !from_and && (ic1_exact[0] >> j & 1)) reg0_apart |= uint32_t{1} << j;
      // after SLP, InstCombine bounds a mask of the lanes' reduction by the
      // vector's range: the masks' top bit shifted by the largest amount the
      // amounts' bits allow (held-out screen70 kernel 116: `and (lshr
      // (reduce), 6), 252`, BasicAA's bound beside R | 2048)
      if (!bare && !from_and && lanes_read && !kept_lanes.empty())
        pad_hi[j] = ~((int64_t{1} << p) - 1) &
                    (((int64_t{2} << (std::bit_width(static_cast<uint64_t>(masks)) - 1 + amt_or)) - 1) >> (i - p));
      // the mask drops the bits it sees zero, the rest of them stay (held-out
      // 3.9 seed 5903 case 88006: `and (lshr R, 4), 134217720`, R's bit 6
      // zero below its kept `shl`s by 7 and 8, the others unknown: 8 bytes)
      if (!bare) {
        const int64_t mask = ~((int64_t{1} << p) - 1);
        pad_tz = std::min(pad_tz, from_and ? tz_of(bits) : tz_of(mask & (possible >> (i - p))));
        continue;
      }
      // a bare `lshr (node, i - p)` has no mask to prove p: only what
      // computeKnownBits sees of node (seed-2460 3.6 line 2285: `(tid & 1) << 3`
      // five deep, its bits 3 up unknown, so `R >> 8` proves nothing); once
      // SLP made node the kept lanes' reduction, what their vector proves of
      // all lanes together (golden seed-2409 3.6 line 353: `lshr (reduce), 8`
      // of lanes 8 bytes apart and up, the vector's bits 4 up unknown;
      // seed-2406 line 191: register 0's access keeps the first pass's 4)
      pad_tz = std::min(pad_tz, tz_of(possible >> (i - p)));
      if (lanes_read && !kept_lanes.empty()) pad_tz_rdx = std::min(pad_tz_rdx, std::max(0, vector_tz(at + 2) - (i - p)));
    }
  // R's own padding of interval j, read from tree at top, a bare `lshr` (all
  // the bits its mask would clear zero in the node it reads)
  auto r_own_bare = [&](const std::vector<RNode>& tree, int top, size_t j) {
    const auto [interval, pad] = s.pads[j];
    const int v = padding_read(tree, top, T, interval);
    const int i = log2i(int64_t{interval} * s.elem_bytes), p = log2i(int64_t{pad} * s.elem_bytes);
    if (v < 0 || i <= p || !padding_is_lshr(node_bits(tree, T, v) << eb, i, p)) return false;
    // (x << a) >> (i - p) with a >= i - p is InstCombine's x << (a - i + p)
    // (seed-2403 3.6 line 1806: R's padding `(tid & 8) << 4`)
    const int t = tree[v].term;
    const int32_t sh = t >= 0 ? T.shifts[static_cast<size_t>(t)] : LdStShape::kNoShift;
    return sh == LdStShape::kNoShift || sh + eb < i - p;
  };
  // what ptxas knows of R's bare padding j reading node v where its shift
  // stays a SHF.R of its own (the value modulo 16 bytes, halved per bit
  // shifted): a kept term's `and`, the term's own shift folded into the
  // padding's; an unkept one's `and (lshr tid, c), m`, the mask whole; else
  // the node's bits
  auto pad_shift = [&](size_t j) {  // the right shift of padding j's `lshr` (bytes: interval less padding)
    return log2i(int64_t{s.pads[j].first} * s.elem_bytes) - log2i(int64_t{s.pads[j].second} * s.elem_bytes);
  };
  std::vector<int32_t> r_pad_amt(s.pads.size(), 0);  // TreeAlign::r_pad_amt, set beside r_pad_shf
  auto bare_shf = [&](const std::vector<RNode>& tree, int v, size_t j) -> int32_t {
    const int k = pad_shift(j);
    const int tz = tz_of(node_bits(tree, T, v) << eb);
    const int t = tree[v].term;
    int known = std::min(tz, 4) - k;
    r_pad_amt[j] = k;
    if (t >= 0 && T.shifts[static_cast<size_t>(t)] != LdStShape::kNoShift) {
      const int a = T.shifts[static_cast<size_t>(t)] + eb;
      known = term_kept(s, T, static_cast<size_t>(t)) ? std::min(tz - a, 4) - (k - a) : tz - k;
      r_pad_amt[j] = term_kept(s, T, static_cast<size_t>(t)) ? k - a : 0;
    }
    return int32_t{1} << std::clamp(known, 0, 4);
  };
  uint32_t r_pad_bare = 0, r_pad_bare_node = 0;
  std::vector<int32_t> r_pad_shf(s.pads.size(), 1);
  if (root >= 0)
    for (size_t j = 0; j < s.pads.size(); ++j) {
      const auto [interval, pad] = s.pads[j];
      const int i = log2i(int64_t{interval} * s.elem_bytes), p = log2i(int64_t{pad} * s.elem_bytes);
      // the padding of an access of its own, `((R | c) >> (i - p)) & mask`
      // (R | c of no other use): SelectionDAG takes R's operand that reaches
      // the interval for R where the other one is known zero there, as long
      // as computeKnownBits proves that operand (R's operands four levels
      // below the `and`), and again on the operand it took; where the node
      // it ends at leaves the mask nothing to clear, as far as
      // computeKnownBits sees (the node two levels below the `and`), the
      // `and` goes and the padding is a bare shift of that node: one
      // register, unknown to ptxas (seed-2036 3.6 line 607: `(tid & 7) << 8`
      // of R = that | tid & 24; seed-2408 3.6 line 886 keeps R whole, its
      // other operand `(tid & 1) << 4 | (tid & 60) << 3` out of reach, and
      // every `and` mask: 8-byte aligned; seed-2110 line 1172 keeps the
      // mask of `(Y | 256) >> 5`, Y's `shl`s five levels deep)
      if (const int k = log2i(interval); i > p) {
        auto reach = [&](int u) { return (node_bits(nodes, T, u) >> k) != 0; };
        int u = root;
        while (nodes[u].term < 0 && reach(nodes[u].l) != reach(nodes[u].r)) {
          const bool left = reach(nodes[u].l);  // the operand that reaches
          if (!in_reach(left ? nodes[u].r : nodes[u].l, 4)) break;
          u = left ? nodes[u].l : nodes[u].r;
        }
        if (u != root && padding_is_lshr(possible_bytes(nodes, s, T, u, 2), i, p)) r_pad_bare_node |= uint32_t{1} << j;
      }
      if (r_own_bare(nodes, root, j))
        r_pad_bare |= uint32_t{1} << j, r_pad_shf[j] = bare_shf(nodes, padding_read(nodes, root, T, interval), j);
    }
  // (R's `or`s a chain of GEPs: each piece is added to the shared base, a
  // kept shift right alone in a LEA.HI, one whose `and` InstCombine made
  // `and (lshr tid, k), m` a LOP3 ptxas reads, one inside a piece's `or` as
  // shr_cap reads it there; session 88, held-out seeds 8805 and 8806: 6 ->
  // 11 of the 17 kernels whose SASS it changes, against nothing known)
  int32_t shr_a = split36.empty() ? shr_cap(s, T, nodes, root) : 16;
  for (const int v : split36) shr_a = std::min(shr_a, shr_cap(s, T, first_ic, v));
  int64_t dag_r_bits = root >= 0 ? possible_bytes(nodes, s, T, root, 2) : ~int64_t{0};  // TreeAlign::dag_r_bits
  // 3.9 padded (sm_90): SLP reduces four of R's kept terms (below),
  // `llvm.vector.reduce.or` of a vector `shl`, which SelectionDAG builds as
  // (l0 | l2) | (l1 | l3), the other operands or-ed to it; ptxas reads that
  // tree, not the model's (shr_cap, R's bare paddings: golden screen74-3.9
  // line 17, `(tid & 96) >> 1` a GEP beside the reduction, a LEA.HI, where
  // the model's tree paired it with a kept `shl`, a SHF.R; the wheel's IR
  // before and after SLPVectorizerPass, LLVM_IR_ENABLE_DUMP); rdx39 keeps
  // that reduction for the second InferAlignment (below)
  struct Reduced {
    std::vector<RNode> tree;  // DagTree's nodes
    int top = -1, vec = -1;
    std::vector<std::pair<size_t, int>> lanes;  // the vector's terms and amounts
  };
  Reduced rdx39;
  if (s.version == TritonVersion::v3_9 && s.sm != 80 && T.reused.empty() && !s.pads.empty() && root >= 0 &&
      nodes[root].term < 0) {
    // (R's `or`s above the node the paddings read are GEPs by then: depths)
    const int p = padding_read(nodes, root, T, int32_t{1} << kmin);
    const int rdx_top = !folded && p >= 0 && nodes[p].term < 0 && nodes[p].op == 0 ? p : root;
    const std::vector<int> reads = padding_reads(nodes, root, s, T);
    const std::vector<int> list = rdx_candidates(nodes, rdx_top, [&](int u) {
      return !reversed[static_cast<size_t>(u)] &&
             !(static_cast<size_t>(u) < multi_node.size() && multi_node[static_cast<size_t>(u)]) &&
             std::find(reads.begin(), reads.end(), u) == reads.end();
    });
    // SLP's candidates: the kept terms `shl (tid & m), k`, `tid & m` (a
    // copyable `shl` by 0) and `lshr (tid & m), k` (an alternate opcode), in
    // SLP's order (rdx_candidates) where all are `shl`s, else by their
    // shift (held-out seed 7502 kernel 1311: `tid & 48` and three `shl`s,
    // the vector <0, 2, 8, 9>); the first window of four that pays, none
    // with a `lshr` (SLP's log of line 20: the `lshr` and three `shl`s cost
    // 0, the next four -2). Unkept terms (InstCombine's `and (shl tid, k),
    // m`) are sometimes a copyable lane too (fresh seed 7506 kernel 653,
    // 8-bit), sometimes not (seed 7504 kernel 3446): left out
    auto shift = [&](int v) { return T.shifts[static_cast<size_t>(nodes[v].term)] + eb; };
    std::vector<int> cands;
    for (int v : list)
      if (nodes[v].term >= 0 && T.shifts[static_cast<size_t>(nodes[v].term)] != LdStShape::kNoShift &&
          term_kept(s, T, static_cast<size_t>(nodes[v].term)))
        cands.push_back(v);
    // ... and where R's one unkept term is InstCombine's `and (shl tid, k),
    // m` (or a bare `tid & m`), that `and` as a copyable `shl` by 0, the
    // window's first (3.9 seed 7603: 13 of 13 such kernels, e.g. kernel
    // 1444's vector <0, 1, 2, 3>, the `and` of mask 8704 and three `shl`s;
    // one bit too, kernel 6638's `tid & 32`, golden screen76-3.9 line 11's
    // `and (shl tid, 5), 512`), where no kept `tid & m` competes and,
    // beside a kept `lshr`, fewer than four kept `shl`s do (seed 7603: the
    // `and` apart in 5 of 5 kernels with four or more; golden seed-2540 3.9
    // line 651, three: the vector <8, 5, 7, 0>). Of two unkept terms neither
    // (kernels 2074, 10243, seed 7601 kernel 118039); golden screen75-3.9
    // line 54's stays apart, outside the node the padding reads in the IR,
    // where the model's tree has it inside.
    int and_lane = -1;
    const auto shls = std::count_if(cands.begin(), cands.end(), [&](int v) { return shift(v) > 0; });
    if (std::none_of(cands.begin(), cands.end(), [&](int v) { return shift(v) == 0; }) &&
        (shls < 4 || std::none_of(cands.begin(), cands.end(), [&](int v) { return shift(v) < 0; }))) {
      std::vector<int> unkept;
      for (int v : list)
        if (nodes[v].term >= 0 && T.shifts[static_cast<size_t>(nodes[v].term)] != LdStShape::kNoShift &&
            !term_kept(s, T, static_cast<size_t>(nodes[v].term)) && shift(v) >= 0)
          unkept.push_back(v);
      if (unkept.size() == 1) and_lane = unkept[0], cands.push_back(and_lane);
    }
    auto amount = [&](int v) { return v == and_lane ? 0 : shift(v); };  // the lane's shift in the vector
    if (std::any_of(cands.begin(), cands.end(), [&](int v) { return amount(v) <= 0; }))
      std::stable_sort(cands.begin(), cands.end(), [&](int a, int b) { return amount(a) < amount(b); });
    std::vector<int> lanes;
    for (size_t pos = 0; pos + 4 <= cands.size() && lanes.empty(); ++pos)
      if (std::all_of(cands.begin() + static_cast<long>(pos), cands.begin() + static_cast<long>(pos) + 4,
                      [&](int v) { return amount(v) >= 0; }))
        lanes.assign(cands.begin() + static_cast<long>(pos), cands.begin() + static_cast<long>(pos) + 4);
    if (!lanes.empty()) {
      DagTree dag(nodes, lanes);
      const std::vector<RNode>& sn = dag.nodes;
      const int vec = dag.vec;
      // [vector, the other candidates in their order, the other operands]
      // or-ed in pairs, in rounds (line 20: `(reduce | (tid & 192) >> 1) |
      // (tid & 2) << 10`)
      std::vector<int> level{vec};
      for (int v : cands)
        if (std::find(lanes.begin(), lanes.end(), v) == lanes.end()) level.push_back(v);
      for (int v : list)
        if (std::find(cands.begin(), cands.end(), v) == cands.end()) level.push_back(v);
      const int reduced = tree_reduce(level, [&](int a, int b) { return dag.join(a, b); }, -1);
      const int top = dag.place(rdx_top, reduced, root);
      // the IR's reduction where the padding read an `or` of R before SLP
      // (R's `or`s above it, all of them where a single term reaches the
      // interval, are GEPs by then: golden seed-2480 3.9 line 2358 has no
      // reduction) and SLP's lanes are the model's: a bit reversal (kernel 31166)
      // or an `and (lshr tid, k), m` (kernel 4866) among R's operands may be
      // a copyable lane of its own
      const bool lanes_known = std::none_of(list.begin(), list.end(), [&](int v) {
        const int t = nodes[v].term;
        if (t < 0) return reversed[static_cast<size_t>(v)] != 0;
        return !term_kept(s, T, static_cast<size_t>(t)) && shift(v) < 0;
      });
      if (rdx_top == p && lanes_known) {
        rdx39 = {sn, top, dag.vec, {}};
        for (int v : lanes) rdx39.lanes.push_back({static_cast<size_t>(nodes[v].term), amount(v)});
      }
      shr_a = shr_cap(s, T, sn, top);
      dag_r_bits = possible_bytes(sn, s, T, top, 2);
      // (a node of the final reduction holding the vector is an `or` of the
      // IR, which InstCombine narrows the padding to: s59-pad t39 case 9,
      // `lshr (reduce | (tid & 4) << 8), 7`, a bare shift; one of extras
      // alone is SelectionDAG's, which does not: as in 3.6's SLP branch)
      auto holds_vec = [&](auto&& self, int u) -> bool {
        return u == vec || (sn[u].term < 0 && (self(self, sn[u].l) || self(self, sn[u].r)));
      };
      // (paddings of one shift whose masks differ share one `lshr` of the
      // reduction's node whole, each its own `and`, which neither InstCombine
      // nor SelectionDAG narrows: a bare shift only where that node's bits
      // leave the mask nothing (golden screen75-3.9 line 119, `(R >> 6) &
      // 104` and `& 96`; held-out seed 7507 kernel 247, `lshr exact` beside
      // `& 448`); where the masks agree InstCombine made them one value,
      // line 58; a padding of one term is a `shl` of its own, line 22)
      std::vector<int> read(s.pads.size());  // the node each padding reads
      std::vector<std::pair<int, int64_t>> lshr_mask(s.pads.size(), {-1, 0});  // (shift right, mask) of a node read
      auto log2_bytes = [&](int32_t elems) { return log2i(int64_t{elems} * s.elem_bytes); };
      for (size_t j = 0; j < s.pads.size(); ++j) {
        const int v = read[j] = padding_read(sn, top, T, s.pads[j].first);
        const int k = log2_bytes(s.pads[j].first) - log2_bytes(s.pads[j].second);
        if (v >= 0 && sn[v].term < 0)
          lshr_mask[j] = {k, ((node_bits(sn, T, v) << eb) >> k) & ~((int64_t{1} << log2_bytes(s.pads[j].second)) - 1)};
      }
      for (size_t j = 0; j < s.pads.size(); ++j) {
        bool shared = false;
        for (size_t k = 0; k < s.pads.size(); ++k)
          shared = shared || (k != j && lshr_mask[j].first >= 0 && lshr_mask[k].first == lshr_mask[j].first &&
                              lshr_mask[k].second != lshr_mask[j].second);
        const bool extras_node = read[j] > vec && !holds_vec(holds_vec, read[j]);
        const bool bare = shared ? padding_is_lshr(node_bits(sn, T, rdx_top) << eb, log2_bytes(s.pads[j].first),
                                                   log2_bytes(s.pads[j].second))
                                 : r_own_bare(sn, top, j);
        r_pad_bare = (r_pad_bare & ~(uint32_t{1} << j)) | uint32_t{!extras_node && bare} << j;
        if (!extras_node && bare) r_pad_shf[j] = bare_shf(sn, shared ? rdx_top : read[j], j);
      }
    }
  }
  const auto with_pads = [&](TreeAlign out) {
    out.r_pad_bare = r_pad_bare;
    out.r_pad_bare_node = r_pad_bare_node;
    out.r_pad_shf = r_pad_shf;
    out.r_pad_amt = r_pad_amt;
    if (s.version == TritonVersion::v3_6) {
      // paddings InstCombine made one `lshr` of an `or` (lshr_joined): that
      // shift is the register's own, fused into its add (golden screen86-3.6
      // line 48: `((R & 5248) | (tid & 32)) >> 1` in register 0's address)
      for (size_t j = 0; j < s.pads.size(); ++j)
        if (lshr_joined >> j & 1) out.r_pad_bare |= uint32_t{1} << j, out.r_pad_shf[j] = 1;
      // a bare padding of one kept term, `lshr (tid & m), k`, that the index
      // code computes too (the coordinate term of that mask whose shift, with
      // its coordinate's stride, is -k): a value of more uses, a SHF.R
      // (golden screen86-3.6 line 14: `(tid & 32) >> 2`, 16-bit pairs joined)
      for (size_t j = 0; j < s.pads.size() && root >= 0; ++j) {
        const int v = padding_read(nodes, root, T, s.pads[j].first);
        if (!(out.r_pad_bare >> j & 1) || (lshr_joined >> j & 1) || v < 0 || nodes[v].term < 0) continue;
        const size_t t = static_cast<size_t>(nodes[v].term);
        if (T.shifts[t] == LdStShape::kNoShift || !term_kept(s, T, t)) continue;
        const int32_t shift = T.shifts[t] + eb - pad_shift(j);
        const int64_t m = tid_mask_of(T, t);
        const bool index = std::any_of(s.index_terms.begin(), s.index_terms.end(), [&](const MvpTerm& o) {
          const auto g = static_cast<size_t>(o.group);
          return !o.gone && o.mask == m && g < s.index_stride_log2.size() &&
                 shift_amount(o) + s.index_stride_log2[g] == shift;
        });
        if (index) out.r_pad_index |= uint32_t{1} << j;
      }
    }
    out.reg0_pad_apart = reg0_apart;
    out.pads_factored = factored;
    out.pad_hi = pad_hi;
    out.shr_align = shr_a;
    out.dag_r_bits = dag_r_bits;
    out.shr_gep = shr_gep;
    out.pads_c_unbounded = pads_c_unbounded;
    return out;
  };
  // what term t proves at depth d (in_rev: under a bit reversal)
  auto term_tz = [&](int t, int d, bool in_rev, bool at_offset) {
    const int full = std::countr_zero(static_cast<uint64_t>(T.bits[static_cast<size_t>(t)])) + eb;
    const int32_t sh = T.shifts[static_cast<size_t>(t)];
    int k = full;
    if (in_rev) k = d <= 5 ? full : 0;  // the mask proves all or nothing
    else if (d >= 6) k = 0;
    else if (d == 5 && sh != LdStShape::kNoShift) {
      // a right shift's mask is taken for register 0's access only: for the
      // others (one GEP deeper) it lost kernels whose tree InstCombine
      // reshapes around the index code's terms (seed-77 line 525), which
      // the tree above leaves out (docs/codegen.md, session 19)
      const bool kept = term_kept(s, T, static_cast<size_t>(t));
      k = sh + eb > 0 ? (kept ? std::min(sh + eb, full) : full)
          : sh + eb == 0 ? full : ((!at_offset || !T.reused.empty()) && !kept ? full : 0);
    }
    return k;
  };
  auto known_tz = [&](bool at_offset, bool after_slp = false) {  // what the terms at their depths prove
    int tz = std::min({4, pad_tz, after_slp ? pad_tz_rdx : 62});
    for (int t = 0; t < n; ++t)
      tz = std::min(tz, term_tz(t, depth[static_cast<size_t>(t)], in_reversal[static_cast<size_t>(t)], at_offset));
    return tz;
  };
  auto align = [&](int below) -> int32_t { return depths(below) ? int32_t{1} << known_tz(below > 0) : 1; };
  const int32_t first = align(0), offset = align(1), deeper = align(2);
  const bool shl_group = !kept_lanes.empty();
  if (rdx39.top >= 0 && !folded) {
    // 3.9 padded: the second InferAlignment sees SLP's reduction, R's `or`s
    // above the node the padding reads now (InstCombine narrows it to the
    // reduction's) split into GEPs as before SLP (depths); the vector `shl
    // (and splat(tid), masks), amounts` proves the masks' common zeros
    // shifted by the least amount, 0 where a lane is a copyable `tid & m`
    // (golden screen75-3.9 line 23: `gep (gep (gep (smem, reduce), (tid & 7)
    // << 9), pad)`, lanes by 0, 1, 7 and 8: register 0's access 4-byte
    // aligned, the accesses one constant GEP deeper 2)
    const std::vector<RNode>& sn = rdx39.tree;
    int64_t lane_masks = 0, lane_or = 0, lane_and = -1;
    bool zero_amount = false;
    for (const auto& [t, k] : rdx39.lanes) {
      lane_masks |= (T.bits[t] << eb) >> k;
      lane_or |= k, lane_and &= k;
      zero_amount = zero_amount || k == 0;
    }
    const int p = padding_read(sn, rdx39.top, T, int32_t{1} << kmin);
    auto holds_p = [&](auto&& self, int v) -> bool {
      return v == p || (sn[v].term < 0 && (self(self, sn[v].l) || self(self, sn[v].r)));
    };
    std::vector<int> chain;  // R's GEP indices, innermost first
    auto split = [&](auto&& self, int v) -> void {
      if (v == p || v == rdx39.vec || sn[v].term >= 0 || (v == xors && !holds_p(holds_p, v)) ||
          (static_cast<size_t>(v) < multi_node.size() && multi_node[static_cast<size_t>(v)])) {
        chain.push_back(v);
        return;
      }
      self(self, sn[v].l);
      self(self, sn[v].r);
    };
    split(split, rdx39.top);
    // (the padding's node is the innermost GEP: seed 7601 kernel 41003,
    // `gep (gep (gep (smem, reduce), tid & 160), ...)`)
    std::stable_partition(chain.begin(), chain.end(), [&](int v) { return v == p || v == rdx39.vec; });
    // each padding that was a bare `lshr` before SLP (r_own_bare): the node
    // it reads, and its shift right; it reads the reduction whole
    std::vector<std::pair<int, int>> bare_reads;
    for (size_t j = 0; j < s.pads.size(); ++j) {
      const auto [interval, pad] = s.pads[j];
      const int i = log2i(int64_t{interval} * s.elem_bytes), q = log2i(int64_t{pad} * s.elem_bytes);
      int u = padding_read(sn, rdx39.top, T, interval);
      if (u < 0 || i <= q || !r_own_bare(nodes, root, j)) continue;
      for (int w = rdx39.top; w != u; w = (node_bits(sn, T, sn[w].l) >> log2i(interval)) != 0 ? sn[w].l : sn[w].r)
        if (w == rdx39.vec) {
          u = w;
          break;
        }
      bare_reads.push_back({u, i - q});
    }
    auto proves = [&](int below) -> int32_t {
      depth.assign(static_cast<size_t>(n), 0);
      in_reversal.assign(static_cast<size_t>(n), 0);
      const int g = static_cast<int>(chain.size()) + geps + below;
      if (g >= 6) return 1;
      int at_vec = 6;
      auto walk = [&](auto&& self, int v, int d) -> void {
        if (v == rdx39.vec) {
          at_vec = d;
          return;
        }
        if (static_cast<size_t>(v) < nodes.size() && (sn[v].term >= 0 || reversed[static_cast<size_t>(v)])) {
          walk_in(nodes, walk_in, v, d);
          return;
        }
        self(self, sn[v].l, d + 1);
        self(self, sn[v].r, d + 1);
      };
      for (size_t i = 0; i < chain.size(); ++i) walk(walk, chain[i], g - static_cast<int>(i));
      int tz = std::min(known_tz(below > 0), lanes_tz(lane_masks, lane_or, lane_and, at_vec + 1, zero_amount));
      // a bare padding's GEP index (the outermost) proves only what
      // computeKnownBits sees of the node it reads (seed 7601 kernel 55266:
      // `lshr exact reduce, 4`, amounts 5, 8, 9, 10 of masks 15: nothing)
      auto node_tz = [&](auto&& self, int u, int d) -> int {
        if (d >= 6) return 0;
        if (u == rdx39.vec) return lanes_tz(lane_masks, lane_or, lane_and, d + 1, zero_amount);
        if (sn[u].term >= 0) return term_tz(sn[u].term, d, false, below > 0);
        if (static_cast<size_t>(u) < nodes.size() && reversed[static_cast<size_t>(u)]) {
          int k = 62;
          auto leaves = [&](auto&& me, int w) -> void {
            if (nodes[w].term >= 0) k = std::min(k, term_tz(nodes[w].term, d + 2, true, below > 0));
            else me(me, nodes[w].l), me(me, nodes[w].r);
          };
          leaves(leaves, u);
          return k;
        }
        return std::min(self(self, sn[u].l, d + 1), self(self, sn[u].r, d + 1));
      };
      for (const auto& [u, shr] : bare_reads) tz = std::min(tz, std::max(0, node_tz(node_tz, u, 2 + below) - shr));
      return int32_t{1} << tz;
    };
    const int32_t p0 = proves(0), p1 = proves(1);
    TreeAlign out{{std::max(first, p0), std::max(offset, p1)}, {first, offset}, pads_unbounded, 0, r_max, deeper};
    out.first_pass = {first, offset};
    return with_pads(out);
  }
  if (slp > 0 && !s.pads.empty()) {
    // padded (3.6): the second InferAlignment sees SLP's reduction of R's
    // operands (its `or`s from the root down, a bit reversal InstCombine made
    // of R's tree one operand): four `and` lanes in leaf order (or the four
    // kept `shl` lanes) become one vector under llvm.vector.reduce.or, R
    // whole where they are all (seed-2080 3.6 line 38), the others or-ed to it
    // in pairs, in rounds, in SLP's order (golden seed-2405 3.6 line 2093:
    // `(reduce | bitreverse) | shl`); each operand proves its bits where
    // computeKnownBits reaches its constant mask. That pass proves each
    // access by itself; what it carries from an access to the others of its
    // base pointer is what the first pass proved (first_pass).
    std::vector<int> ops;
    auto operands = [&](auto&& self, int v) -> void {
      if (nodes[v].term >= 0 || reversed[static_cast<size_t>(v)] || nodes[v].op != 0) {
        ops.push_back(v);
        return;
      }
      self(self, nodes[v].l);
      self(self, nodes[v].r);
    };
    operands(operands, slp_top);
    std::vector<int> lanes;  // in leaf order; the extras in SLP's order (below)
    for (int v : ops) {
      const int t = nodes[v].term;
      const bool kept_shift = t >= 0 && T.kept[static_cast<size_t>(t)] && T.shifts[static_cast<size_t>(t)] + eb != 0;
      const bool lane = t >= 0 && T.shifts[static_cast<size_t>(t)] != LdStShape::kNoShift &&
                        (shl_group ? std::find(kept_lanes.begin(), kept_lanes.end(), static_cast<size_t>(t)) !=
                                         kept_lanes.end()
                                   : !kept_shift);
      if (lane && lanes.size() < 4) lanes.push_back(v);
    }
    if (lanes.size() < 4) return all();  // not seen: R's bits taken as known
    // the lanes one node of R's (GVN made it the index code's chain, which
    // SLP reduced: reduces_index_chain): InstCombine splits R's GEP there and
    // the reduction is in reach of every access (golden seed-2403 3.6 line
    // 451: `gep (gep (smem, reduce), rest)`, all 2-byte aligned)
    bool one_node = false;
    auto lanes_under = [&](auto&& self, int v) -> int {  // -1: another leaf is under v
      if (nodes[v].term >= 0) return std::find(lanes.begin(), lanes.end(), v) != lanes.end() ? 1 : -1;
      const int l = self(self, nodes[v].l), r = self(self, nodes[v].r);
      one_node = one_node || (l >= 0 && r >= 0 && l + r == 4);
      return l < 0 || r < 0 ? -1 : l + r;
    };
    lanes_under(lanes_under, root);
    // (the kept lanes are not the index code's chain; the index code's own
    // node, reduced below R's root, is at its depth: below)
    if (one_node && !shl_group && slp_top == root) return all();
    // the extras in SLP's order: its list's groups of one opcode, the
    // largest first (ties: the first it meets), each in the list's order
    // (golden seed-2403 3.6 line 3177: `(v | (tid & 32) << 2) | ((tid & 64)
    // | (tid & 16) >> 2)`, where leaf order reversed paired the shifts)
    auto opcode = [&](int v) {
      const int t = nodes[v].term;
      if (t < 0) return reversed[static_cast<size_t>(v)] ? 5 : 6 + nodes[v].op;
      const int32_t sh = T.shifts[static_cast<size_t>(t)];
      if (sh == LdStShape::kNoShift) return 4;                        // a select
      if (!T.kept[static_cast<size_t>(t)] || sh + eb == 0) return 1;  // `and`
      return sh + eb > 0 ? 2 : 3;                                     // `shl`, `lshr`
    };
    const std::vector<int> list = rdx_candidates(nodes, slp_top, [&](int u) { return !reversed[static_cast<size_t>(u)]; });
    std::vector<std::pair<int, int>> groups;  // (opcode, operands) as SLP meets them (the list's reverse)
    for (auto it = list.rbegin(); it != list.rend(); ++it) {
      const int k = opcode(*it);
      auto g = std::find_if(groups.begin(), groups.end(), [&](const auto& x) { return x.first == k; });
      if (g == groups.end()) groups.push_back({k, 1});
      else ++g->second;
    }
    std::stable_sort(groups.begin(), groups.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    std::vector<int> extras;
    for (const auto& g : groups)
      for (int v : list)
        if (opcode(v) == g.first && std::find(lanes.begin(), lanes.end(), v) == lanes.end()) extras.push_back(v);
    // SLP's final reduction: [vector, extras...] or-ed in pairs, in rounds;
    // the next InstCombine's reassociateForUses then moves up an extra the
    // index code also uses (held-out 3.6 seed 6503 kernel 10: `(v | e10) |
    // (e8 | e6)` becomes `((e6 | v) | e8) | e10`, the reduction five below
    // R + 0's address); rdx_depth: each one's `or`s above it (0: the vector,
    // i: extras[i - 1])
    auto extra_multi = [&](int k) {  // extras[k - 1] has another use
      const int v = extras[static_cast<size_t>(k - 1)];
      if (nodes[v].term < 0) return nodes[v].multi;
      const auto t = static_cast<size_t>(nodes[v].term);
      return (T.reused[t] && !T.gone[t]) || (T.kept[t] && T.shifts[t] + eb == 0);
    };
    // (read: the nodes with another use, a padding's, besides the extras'
    // own: the late InstCombine's)
    auto reassociate = [&](std::vector<RNode>& tree, int top, const std::vector<char>& read) {
      auto one_use = [&](int u) {
        if (static_cast<size_t>(u) < read.size() && read[static_cast<size_t>(u)]) return false;
        return tree[u].term <= 0 || !extra_multi(tree[u].term);
      };
      reassociate_for_uses(tree, top, [&](int u, int) { return tree[u].term < 0 && one_use(u); }, one_use);
    };
    std::vector<RNode> rdx;
    const int rdx_root = or_tree(rdx, extras.size() + 1);
    reassociate(rdx, rdx_root, {});
    // after SLP each padding reads the node of the final reduction that holds
    // the operands reaching its interval (InstCombine's demanded bits; the
    // vector where two lanes or more and nothing else do, one lane alone
    // read as its term before SLP): a second use, and the late
    // InstCombine's reassociateForUses moves the rest around it; ptxas
    // reads that tree (golden seed-2403 3.6 line 2897: `((e2 | e1) | e3) |
    // v`, the padding `lshr v, 5`, `e2 = (tid & 16) >> 1` a SHF.R beside
    // the `shl` e1; held-out seed 86361 kernel 143481: a second padding
    // reads `v | e1`, nothing moves). The alignment passes before it read
    // rdx (kernel 12245).
    std::vector<RNode> late;  // SLP's final reduction, before any reassociation
    const int late_root = or_tree(late, extras.size() + 1);
    std::vector<int64_t> bits(extras.size() + 1, 0);  // each operand's, elements
    for (int v : lanes) bits[0] |= T.bits[static_cast<size_t>(nodes[v].term)];
    for (size_t i = 0; i < extras.size(); ++i) bits[i + 1] = node_bits(nodes, T, extras[i]);
    auto bits_of = [&](auto&& self, int u) -> int64_t {
      if (late[u].term >= 0) return bits[static_cast<size_t>(late[u].term)];
      return self(self, late[u].l) | self(self, late[u].r);
    };
    std::vector<char> read(late.size(), 0);
    for (const auto& iv : s.pads) {
      const int k = log2i(iv.first);
      auto reach = [&](int u) { return (bits_of(bits_of, u) >> k) != 0; };
      if (!reach(late_root)) continue;
      int u = late_root;
      while (late[u].term < 0 && reach(late[u].l) != reach(late[u].r)) u = reach(late[u].l) ? late[u].l : late[u].r;
      if (late[u].term > 0) continue;  // an extra (a node of extras alone: below)
      if (late[u].term == 0) {
        int lanes_in = 0;
        for (int v : lanes) lanes_in += (T.bits[static_cast<size_t>(nodes[v].term)] >> k) != 0;
        if (lanes_in < 2) continue;
      }
      read[static_cast<size_t>(u)] = 1;
    }
    const bool vec_read = std::find(read.begin(), read.end(), 1) != read.end();
    if (vec_read) reassociate(late, late_root, read);
    std::vector<int> rdx_depth(extras.size() + 1, 0);
    auto depth_of = [&](auto&& self, int u, int d) -> void {
      if (rdx[u].term >= 0) {
        rdx_depth[static_cast<size_t>(rdx[u].term)] = d;
        return;
      }
      self(self, rdx[u].l, d + 1);
      self(self, rdx[u].r, d + 1);
    };
    depth_of(depth_of, rdx_root, 0);
    // R's own paddings read their node in the tree SelectionDAG builds: the
    // vector's reduction (l0 | l2) | (l1 | l3), under SLP's final reduction;
    // a bare `lshr` there leaves ptxas nothing to know (held-out 3.6 seed
    // 6504 kernel 8: `(l1 | l3) >> 6` and `>> 7`, the `and` masks gone)
    DagTree dag(nodes, lanes);
    const std::vector<RNode>& sn = dag.nodes;
    const int vec = dag.vec;
    auto add = [&](int a, int b) { return dag.join(a, b); };
    // a node of extras alone that a padding reads has that second use, and
    // the final reduction takes it as one operand (held-out 3.6 seed 6603
    // kernel 9235: `v | (e1 | e2)`, `lshr (e1 | e2), 8`)
    std::vector<int> sn_extras = extras;
    for (const auto& iv : s.pads) {
      const int v = padding_read(nodes, root, T, iv.first);
      if (v < 0 || v == root || nodes[v].term >= 0) continue;
      std::vector<int> under;
      bool only_extras = true;
      auto walk = [&](auto&& self, int u) -> void {
        if (std::find(sn_extras.begin(), sn_extras.end(), u) != sn_extras.end()) {
          under.push_back(u);
          return;
        }
        if (nodes[u].term >= 0) {
          only_extras = false;
          return;
        }
        self(self, nodes[u].l);
        self(self, nodes[u].r);
      };
      walk(walk, v);
      if (!only_extras || under.size() < 2) continue;
      std::erase_if(sn_extras, [&](int e) { return std::find(under.begin(), under.end(), e) != under.end(); });
      sn_extras.push_back(v);
    }
    // SLP's final reduction as reassociated (rdx, late) where the extras are its own, else in pairs
    const std::vector<RNode>& final_rdx = vec_read ? late : rdx;
    auto map = [&](auto&& self, int u) -> int {
      const RNode& r = final_rdx[static_cast<size_t>(u)];
      if (r.term >= 0) return r.term == 0 ? vec : extras[static_cast<size_t>(r.term - 1)];
      return add(self(self, r.l), self(self, r.r));
    };
    std::vector<int> level{vec};
    level.insert(level.end(), sn_extras.begin(), sn_extras.end());
    // (the reduction in place of its node, under R's root)
    const int reduced = sn_extras == extras ? map(map, vec_read ? late_root : rdx_root) : tree_reduce(level, add, -1);
    const int top = dag.place(slp_top, reduced, root);
    shr_a = shr_cap(s, T, sn, top);
    dag_r_bits = possible_bytes(sn, s, T, top, 2);  // (SelectionDAG's tree of the reduction)
    // (paddings of one shift share one `lshr` of R, all of whose bits their
    // `and`s demand: R whole, as before; golden seed-2403 3.6 line 3269)
    auto shift_of_pad = [&](size_t j) {  // the padding's shift right where R reaches it, else -1
      const int i = log2i(int64_t{s.pads[j].first} * s.elem_bytes);
      return r_bytes >> i ? i - log2i(int64_t{s.pads[j].second} * s.elem_bytes) : -1;
    };
    for (size_t j = 0; j < s.pads.size(); ++j) {
      if (shift_of_pad(j) < 0) continue;
      bool shared = false;
      for (size_t k = 0; k < s.pads.size(); ++k) shared = shared || (k != j && shift_of_pad(k) == shift_of_pad(j));
      if (shared) continue;
      // (SelectionDAG narrows the padding's read to a node of the vector's
      // reduction, not to one of the final reduction's extras: golden
      // seed-77 3.6 line 311, `(R >> 10) & 2097144` of R whole where the
      // terms reaching the interval are the extras' `e2 | e3`)
      const int read = padding_read(sn, top, T, s.pads[j].first);
      const bool extras_node = read > vec && read != top;  // (sn's nodes after vec: the final reduction's)
      const bool bare = !extras_node && r_own_bare(sn, top, j);
      r_pad_bare = (r_pad_bare & ~(uint32_t{1} << j)) | uint32_t{bare} << j;
      if (bare) r_pad_shf[j] = bare_shf(sn, read, j);
    }
    auto proves = [&](int below) -> int32_t {
      int r = 1 + geps + below;  // R's depth, then the reduction's
      depth.assign(static_cast<size_t>(n), 0);
      in_reversal.assign(static_cast<size_t>(n), 0);
      auto outside = [&](auto&& self, int v, int d) -> void {  // R's operands beside the reduction
        if (v == slp_top) {
          r = d;
          return;
        }
        if (nodes[v].term >= 0 || reversed[static_cast<size_t>(v)]) return walk_in(nodes, walk_in, v, d);
        self(self, nodes[v].l, d + 1);
        self(self, nodes[v].r, d + 1);
      };
      outside(outside, root, r);
      for (int v : lanes) depth[static_cast<size_t>(nodes[v].term)] = shl_group ? 0 : r + rdx_depth[0] + 1;
      for (size_t i = 0; i < extras.size(); ++i) walk_in(nodes, walk_in, extras[i], r + rdx_depth[i + 1]);
      const int tz = known_tz(below > 0, true);
      return int32_t{1} << (shl_group ? std::min(tz, vector_tz(r + rdx_depth[0] + 1)) : tz);
    };
    const int32_t p0 = proves(0), p1 = proves(1), p2 = proves(2);
    TreeAlign out{{std::max(first, p0), std::max(offset, p1)}, {std::max(first, p1), std::max(offset, p2)},
                  pads_unbounded, 0, r_max};
    out.first_pass = {first, offset};
    return with_pads(out);
  }
  if (slp == 0)
    return with_pads({{first, offset}, {first, offset}, pads_unbounded,
                      s.version == TritonVersion::v3_6 && root >= 0 ? pads_split_by_and(nodes, root, s, T, index_offset) : 0,
                      r_max, deeper});
  // SLP reduced R between the passes: the vector's llvm.vector.reduce.or and
  // R's other operands, reduced in pairs (rounds of them); its `and` of
  // constant masks is in computeKnownBits' reach where R is at most 4 -
  // rounds deep (all R's bits known), else the first pass's alignment stays
  // (codegen-3.6 line 438: the accesses of an R ^ c below its first one, two
  // rounds, stay 4-byte aligned)
  int rounds = 0;
  while ((1 << rounds) < slp - 3) ++rounds;
  int others_tz = 4;  // R's operands beside the kept lanes, by their bits
  for (size_t t = 0; t < T.bits.size(); ++t)
    if (std::find(kept_lanes.begin(), kept_lanes.end(), t) == kept_lanes.end())
      others_tz = std::min(others_tz, std::countr_zero(static_cast<uint64_t>(T.bits[t] << eb)));
  auto known = [&](int r) {
    if (shl_group) return int32_t{1} << std::min(others_tz, vector_tz(r + rounds + 1));
    return r + rounds + 1 <= 5 ? 16 : 1;
  };
  return with_pads({{std::max(first, known(1)), std::max(offset, known(2))},
                    {std::max(first, known(2)), std::max(offset, known(3))},
                    pads_unbounded, 0, r_max});
}

}  // namespace

int64_t mark_reversed(std::vector<MvpTerm>& terms, const std::vector<MvpTerm>& kernel) {
  std::vector<size_t> list;  // the `or` list, in order
  for (size_t i = 0; i < terms.size(); ++i)
    if (terms[i].ors) list.push_back(i);
  std::vector<RNode> nodes;
  const int root = or_tree(nodes, list.size());
  if (root < 0) return 0;
  auto term = [&](int v) -> MvpTerm& { return terms[list[static_cast<size_t>(nodes[v].term)]]; };
  auto reversal = [&](int v) {
    std::vector<std::pair<int, int>> pq;
    auto walk = [&](auto&& self, int u) -> bool {
      if (nodes[u].term < 0) return self(self, nodes[u].l) && self(self, nodes[u].r);  // through an inner reversal
      const MvpTerm& t = term(u);
      const auto x = static_cast<uint64_t>(t.value), m = static_cast<uint64_t>(t.mask);
      if (t.shift != MvpTerm::kSelect || !std::has_single_bit(m) || !std::has_single_bit(x)) return false;
      pq.push_back({std::countr_zero(x), std::countr_zero(m)});
      return true;
    };
    return walk(walk, v) && reverses_bits(pq);
  };
  auto same = [&](int u, int) { return nodes[u].term < 0 && !nodes[u].rev; };
  auto one_use = [&](int u) {  // but a term that is `tid & m` itself, m read by a term of another value
    if (nodes[u].term < 0) return true;
    const MvpTerm& t = term(u);
    return t.value != t.mask ||
           std::none_of(kernel.begin(), kernel.end(), [&](const MvpTerm& o) { return o.mask == t.mask && !(o == t); });
  };
  auto visit = [&](auto&& self, int v) -> void {
    if (nodes[v].term >= 0) return;
    self(self, nodes[v].l);
    self(self, nodes[v].r);
    for (int in; !(nodes[v].rev = reversal(v)) && (in = reassociate_at(nodes, v, same, one_use)) >= 0;) self(self, in);
  };
  visit(visit, root);
  int64_t gone = 0;
  auto mark = [&](auto&& self, int v, bool in_rev) -> void {
    if (nodes[v].term >= 0) {
      if (in_rev) term(v).gone = true, gone |= term(v).mask;
      return;
    }
    self(self, nodes[v].l, in_rev || nodes[v].rev);
    self(self, nodes[v].r, in_rev || nodes[v].rev);
  };
  mark(mark, root, false);
  return gone;
}

TreeAlign r_tree_align(const LdStShape& s, int64_t offsets, bool late) {
  if (s.version == TritonVersion::v3_6) return tree_align(s, triton_terms(s), offsets, nullptr, late);
  std::vector<int32_t> shifts(s.r_terms.size(), LdStShape::kNoShift);
  std::copy_n(s.r_term_shifts.begin(), std::min(shifts.size(), s.r_term_shifts.size()), shifts.begin());
  Terms t;
  t.bits = s.r_terms;
  t.shifts = std::move(shifts);
  t.lists = triton_lists(s);
  // an 8-bit term that the index code's offset computes too, pulled out of
  // its coordinate by foldShiftOfShiftedBinOp (triton_terms' slp_and, 8-bit
  // only), is one value with it, InstCombine's `and (shl tid, k), m`: no
  // `shl` lane
  if (s.elem_bytes == 1) {
    const Terms mvp = triton_terms(s);
    std::vector<bool> kept;
    for (size_t i = 0; i < t.bits.size(); ++i) {
      bool twin = false;
      for (size_t j = 0; j < mvp.bits.size(); ++j) twin = twin || (mvp.bits[j] == t.bits[i] && mvp.slp_and[j]);
      kept.push_back(term_kept(s, t, i) && !twin);
    }
    t.kept = std::move(kept);
  }
  return tree_align(s, t);
}

bool r_tree_decides(const std::vector<LdStAccess>& accesses, const LdStShape& s) {
  return !s.pads.empty() || r_xored(accesses, s);
}

// Whether off sets every bit x may have outside the mask m (and some): an
// `or` of (x & m) and off needs no `and` (InstCombine's demanded bits).
bool covers_outside(int64_t x, int64_t m, int64_t off) {
  const int64_t outside = x & ~m;
  return outside != 0 && (outside & ~off) == 0;
}

// InstCombine's demanded bits: where R is one term (x << s) & m, x the
// thread index (below 1024), and off sets every bit x << s may have outside
// m, the `or` of R and off needs no `and`: the access's address becomes
// (x << s) | off, an `or` whose operands may share bits, which LLVM cannot
// split into R's GEP and a constant: a base of its own, which BasicAA bounds
// by its known bits, [off, off | x] (seed 2200 3.6 line 1032: `or i32 %619,
// 31744`, eight scalar stores). Padded too where R reaches no interval (the
// padding is then off's own, a constant): golden seed-2470 3.6 line 318,
// `(tid << 1) | 1985` plus 4, a byte pair of its own kept apart, its range
// past every byte of R's chain, whose pairs join. Returns the bits x << s
// may have (bytes), 0 where the `and` stays.
int64_t r_and_dropped(const LdStShape& s, int64_t off) {
  // the index code's `tid & m` (index_shared) has other uses, so `shl` of it stays
  if (s.r_terms.size() != 1 || off == 0 || (s.r_terms[0] & s.index_shared)) return 0;
  for (auto [interval, pad] : s.pads)
    if ((s.r_terms[0] >> log2i(interval)) != 0) return 0;
  const int32_t sh = shift_of(s, 0);
  if (sh == LdStShape::kNoShift) return 0;
  const int sb = sh + log2i(s.elem_bytes);
  const int64_t x = sb >= 0 ? int64_t{1023} << sb : int64_t{1023} >> -sb;
  // R + off is an `or` only where off (the constant Triton adds: 3.9's
  // padded one) shares no bit with R's mask (fresh 3.9 seed 6210 case 2803:
  // R = (tid << 1) & 254 plus 1792 and its padding 16 stays an `add`, a
  // constant GEP of R's chain, and the byte pair there joins)
  if ((off & s.r_terms[0] * s.elem_bytes) != 0) return 0;
  return covers_outside(x, s.r_terms[0] * s.elem_bytes, off) ? x : 0;
}

// The same in 3.6 for the padding, where one term of R, (x << s) & m,
// reaches the one interval R reaches and off none: the padding of R + off is
// that term's, `lshr (x & m), k` in the first InstCombine, and where off
// sets every other bit x >> k may have, none of the padding's, the `and` goes
// and R + off + padding becomes `(R | (x >> k)) | off`, a base of its own
// (golden seed-2470 line 1703: `((tid & 28) << 7 | (tid >> 1)) | 497`, one
// byte pair apart); only where the padding shares no bit with R | off, the
// sum an `or` (held-out seed 7201 kernel 527: `(tid >> 4) & 14` beside R's
// bits 2 and 3 stays an `add`, its `and` kept). Returns the bits of R and x
// >> k (bytes), 0 where not.
int64_t pad_and_dropped(const LdStShape& s, int64_t off) {
  if (s.version != TritonVersion::v3_6 || s.pads.empty() || off == 0) return 0;
  const int eb = log2i(s.elem_bytes);
  int which = -1, k = 0, p = 0, reached = 0;
  for (auto [interval, pad] : s.pads) {
    const int ki = log2i(int64_t{interval} * s.elem_bytes);
    if (off >> ki) return 0;
    for (size_t t = 0; t < s.r_terms.size(); ++t)
      if (((s.r_terms[t] * s.elem_bytes) >> ki) != 0) ++reached, which = static_cast<int>(t), k = ki, p = log2i(int64_t{pad} * s.elem_bytes);
  }
  if (reached != 1) return 0;
  const int32_t sh = shift_of(s, which);
  if (sh == LdStShape::kNoShift) return 0;
  const int lift = sh + eb - k + p;
  if (lift >= 0) return 0;
  const int64_t x = int64_t{1023} >> -lift;
  const int64_t m = ((s.r_terms[static_cast<size_t>(which)] * s.elem_bytes) >> k) << p;
  const int64_t r = s.lane_warp_mask * s.elem_bytes;
  return covers_outside(x, m, off) && ((off | r) & m) == 0 ? x | r : 0;
}

// SelectionDAG, 8-bit loads without SLP (the bytes loaded one by one, the
// LoadStoreVectorizer's word of them): where the consumer packs the word's
// first two bytes, in order, into an i16, the `trunc` of the word's load is
// narrowed into a load of its own and the word stays for its other bytes: an
// `ld.shared.b16` more at the word's address (seed-7921 screen, 3.9 sm_80:
// five kernels; words of v2.b32 or v4.b32 loads are not narrowed).
void narrow_halves(std::vector<Merged>& r, const LdStShape& s) {
  if (s.elem_bytes != 1 || !slp_off(s) || s.unit_elems != 2) return;
  const size_t n = r.size();
  for (size_t i = 0; i < n; ++i) {
    if (r[i].bytes != 4 || !r[i].low_pair) continue;
    Merged half = r[i];
    half.bytes = half.unit = half.count = 2;
    half.words = false;
    half.narrowed = true;
    r.push_back(half);
  }
}

std::vector<Merged> vectorize(const std::vector<LdStAccess>& accesses, const LdStShape& s) {
  const int64_t mb = s.lane_warp_mask * s.elem_bytes;
  const bool padded = !s.pads.empty();
  // base: (kind, value): 0 = R, 1 = R ^ c (value c), 2 = an access of its own (value: index)
  Bases bases;
  bool deep = r_too_deep(accesses, s);
  // 3.9's 8-bit loads of i32 words: one i32 load per word (VectorCombine; llvm_vectorizer.h)
  const bool scalarized = s.load && s.version == TritonVersion::v3_9 && s.word_bytes == 4 && s.elem_bytes == 1;
  // no padding, R XOR-ed: Triton's terms of R
  const bool xored = !padded && r_xored(accesses, s);
  const Terms terms = triton_terms(s);  // Triton's terms of R
  // what R's tree proves at register 0 and at a register offset (padded),
  // or for R and each R ^ c (XOR-ed); 0: not this rule
  TreeAlign tree;
  TreeAlign xored_align;
  if (padded && s.proof == LdStShape::Proof::model) {
    int64_t offsets = 0;
    for (const LdStAccess& a : accesses) offsets |= a.xor_const | a.add_const;
    tree = r_tree_align(s, offsets, r_padding_late(accesses, s));
  }
  // No padding, R XOR-ed (used by R's GEP and by each R ^ c; both versions,
  // read in 3.6's pass dumps, 3.9 held to its golden files): the
  // alignment computeKnownBits proves for register 0's access (R one level
  // below the address) and for the first access of an R ^ c (two levels),
  // from the shape O3 gives Triton's tree of its own terms (mvp_terms;
  // EarlyCSE with the index code, InstCombine, Reassociate, InstCombine); the
  // second InferAlignment carries it to the base's other accesses. Where SLP
  // makes R a vector reduction between the passes, the second proves all of
  // R's bits for an access whose reduction's `and` is in reach (R at most 4 -
  // rounds deep, the reduction's pairs in rounds).
  int slp_ops = 0;
  if (xored && s.proof == LdStShape::Proof::model) xored_align = tree_align(s, terms, 0, &slp_ops);
  const bool unlike = xored && [&] {
    const O3Operands o3 = o3_operands(s, terms);  // of Triton's tree of R after O3
    return reduces_unlike_lanes(s, terms, o3.leaves, o3.casts);
  }();
  // 3.9: where SLP reduces four of R's `and` lanes and nothing reduces the
  // result again as an unlike lane, R is shallow for the second
  // InferAlignment however many terms it has (fresh seed 6210 line 1825:
  // seven terms, R + 0 4-byte aligned): tree_align's alignment holds
  if (s.version == TritonVersion::v3_9 && slp_ops > 0 && !unlike) deep = false;
  // what ptxas knows of R's register (and each R ^ c's): through a bit reversal, and padded
  // through terms shifted right (TreeAlign::shr_align). A term shifted right
  // that is a GEP of its own is added to the address, the shift fused into
  // that add (LEA.HI): ptxas knows nothing of the register (both wheels'
  // ptxas on synthetic PTX; H100 s73-pending 3.9 case 3: `(tid & 192) >> 4`
  // added last, 16-bit loads kept apart; 3.6's chains: TreeAlign::shr_align)
  // (where its `tid & m` has no other use it is InstCombine's `and (lshr
  // tid, k), m >> k`, a LOP3 whose mask ptxas reads wherever it is added:
  // golden screen74-3.9 line 43, `(tid >> 1) & 40` a GEP, 16-bit pairs
  // joined)
  auto kept = [&](size_t t) {
    for (size_t k = 0; k < terms.bits.size(); ++k)
      if ((terms.bits[k] & s.r_terms[t]) && term_kept(s, terms, k)) return true;
    return false;
  };
  const bool shr_added = s.version == TritonVersion::v3_9 && (tree.shr_gep || [&] {
    const RChain chain = r_chain(accesses, s);
    for (size_t t = 0; t < chain.own.size() && t < s.r_term_shifts.size(); ++t)
      if (chain.own[t] && shifts_right(s.r_term_shifts[t], s.elem_bytes) && kept(t)) return true;
    return false;
  }());
  const bool shr_any = s.version == TritonVersion::v3_6
                           ? s.r_shifted_right
                           : std::any_of(s.r_term_shifts.begin(), s.r_term_shifts.end(),
                                         [&](int32_t sh) { return shifts_right(sh, s.elem_bytes); });
  // (unpadded: shr_cap over the tree O3 leaves)
  const int32_t r_ptxas_align = [&] {
    if (shr_added) return 1;
    std::vector<RNode> o3;
    const int o3_root = o3_tree(s, terms, o3);
    return std::min({r_reversal_align(s, terms, o3, o3_root), padded && shr_any ? std::max(tree.shr_align, 1) : 16,
                     padded ? 16 : std::max(shr_cap(s, terms, o3, o3_root), 1)});
  }();
  // stores: each address as BasicAA takes it apart (loads need none)
  Addresses addresses;
  addresses.at.resize(s.load ? 0 : accesses.size());
  std::vector<Address>& address = addresses.at;
  // R and each R ^ c for BasicAA: no known bit after SLP's unlike lanes
  const int r_tz = s.version == TritonVersion::v3_9 ? tz_of(mb) : 0;
  const Term r_term = unlike ? Term{kR, 0, kUnbounded, 0} : Term{kR, 0, mb, r_tz};
  // R's padding: one GEP per interval R reaches, each its own value
  std::vector<Term> r_pad(s.pads.size());
  for (size_t j = 0; j < s.pads.size(); ++j) {
    const int64_t bits = pad_bits(mb, Pads(&s.pads[j], 1), s.elem_bytes);
    const int64_t unbounded = j < tree.pad_hi.size() && tree.pad_hi[j] ? tree.pad_hi[j] : kUnbounded;
    r_pad[j] = {kRPad + static_cast<int64_t>(j), 0, bits && (tree.pads_unbounded >> j & 1) ? unbounded : bits, 0};
  }
  // paddings InstCombine factored into one GEP (TreeAlign::pads_factored):
  // one value in R's chain, its range their sum; an access of its own adds
  // such a padding by itself, another value
  const uint32_t factored = tree.pads_factored;
  Term r_factored{0, 0, 0, 0};
  for (size_t j = 0; j < r_pad.size(); ++j)
    if (factored >> j & 1) {
      if (r_factored.id == 0) r_factored.id = r_pad[j].id;
      r_factored.hi = std::max(r_factored.hi, r_pad[j].hi) >= kUnbounded ? kUnbounded : r_factored.hi + r_pad[j].hi;
    }
  // accesses of their own whose address is (R or R ^ c) | off: the PTX
  // register of R and the padding of (R | off), their off (the immediate),
  // the register's alignment as ptxas knows it (R's bits; of each padding
  // term, `(x >> k) & mask`, the mask's). Where one interval is in reach of R | off
  // (the others' terms are zero) the padding reads only off's bits at or
  // above it (InstCombine shrinks the constant of the `or`, whose one use is
  // that padding's shift), so accesses whose off agree there share the
  // register; with more the `or` has several uses and each off its own.
  struct Own {
    bool shared = false;
    std::pair<int64_t, int64_t> reg;
    int64_t off = 0;
    int32_t align = 16;
    bool of_r = false;    // 3.6: smem + R plus the padding of R | off (not of an R ^ c)
  };
  std::vector<Own> own(accesses.size());
  // R's bare paddings (TreeAlign::r_pad_bare) each own register adds, and
  // register 0's accesses (every one of them), to learn how many registers
  // share each padding's shift
  std::vector<uint32_t> own_bare(accesses.size(), 0);
  std::vector<std::pair<std::pair<int, int64_t>, size_t>> bare_at;
  // ptxas knows the thread index below the CTA's threads (`.maxntid`): an
  // access of its own (x << s) | off, `and` dropped, with off clear of every
  // bit x << s may have there is x << s plus off, one register for all such
  // (seed-2550 3.9 sm_90 line 523: `or` 3072 and 3074 are `[R0+0xc00]`,
  // `[R0+0xc02]`, joined into one STS on the H200)
  const int32_t sb = s.r_terms.size() == 1 ? shift_of(s, 0) + log2i(s.elem_bytes) : -1;
  const int64_t ptxas_x = sb >= 0 ? ((int64_t{1} << s.thread_bases.size()) - 1) << sb : -1;  // its bits
  std::vector<int64_t> ptxas_or(accesses.size(), -1);  // such an access's off
  for (int32_t i = 0; i < static_cast<int32_t>(accesses.size()); ++i) {
    const int64_t c = accesses[i].xor_const * s.elem_bytes, d = accesses[i].add_const * s.elem_bytes;
    std::pair<int, int64_t> key{0, 0};
    int64_t dropped_ones = 0;  // an `and` dropped (r_and_dropped, pad_and_dropped): the constant
    int64_t known = mb, off = c + d;  // possibly-set bits of the base; offset from it
    if (c & mb) {
      const int64_t cx = unlike ? c : c & mb;
      key = {1, cx};
      // c setting every bit R may have is InstCombine's `c - R`, a base
      // (-R) of its own with c outside: in 3.6 where c is no low-bit mask
      // (a low-bit mask's stays R ^ c: seed-2400 3.6 line 2931, `sub 19, R`
      // beside `xor R, 7`); in 3.9 where a constant d is added, (R ^ c) + d
      // being (c + d) - R there, while R ^ c alone stays (seed-2028 3.9
      // line 191)
      const bool negated = s.version == TritonVersion::v3_6 ? (c & (c + 1)) != 0 : d != 0;
      if (cx == mb && negated) key = {1, cx | kNegated};
      known = mb | cx;
      off = (c ^ cx) + d;
    } else if (const int64_t added = s.version == TritonVersion::v3_9 ? off + pad_of(off, s) : off,
               r_x = r_and_dropped(s, added), x = r_x | pad_and_dropped(s, off);
               x != 0) {
      // the constant Triton adds to R: 3.9 pads it first, `(x << s) | (off +
      // its padding)` (fresh seed 6214 line 10: `or (tid << 1), 4080`,
      // BasicAA's range [4080, 4094] clear of R + 4000's bytes); 3.6 pads
      // the `or` itself, the padding off's alone
      const int64_t own_pad = padded && s.version == TritonVersion::v3_6 ? pad_of(off, s) : 0;
      off = added;
      if (ptxas_x >= 0 && (off & ptxas_x) == 0 && r_x) ptxas_or[i] = off;
      key = {2, i};
      known = x | off;
      dropped_ones = off;
      off = own_pad;
    }
    const bool dropped = dropped_ones != 0;
    if (padded && !dropped) {
      bool spread = (off & known) == 0;
      if (s.version == TritonVersion::v3_6)  // 3.6: not where both reach an interval (but where LLVM splits it)
        for (size_t j = 0; j < s.pads.size(); ++j) {
          const auto [interval, pad] = s.pads[j];
          const int sh = log2i(int64_t{interval} * s.elem_bytes);
          const bool splits = padding_splits(s, off, interval, pad) || (tree.pads_split >> j & 1);
          if ((known >> sh) && (off >> sh) && !(key.first == 0 && splits)) spread = false;
        }
      if (!spread) {
        if (!s.load && key.first == 0) {  // R + off, and the padding of that
          const int64_t ones = off & mb ? 0 : off;
          const int64_t unknown = off & mb ? (int64_t{1} << std::bit_width(static_cast<uint64_t>(mb + off))) - 1 : mb;
          // the padding of an interval off does not reach is R's own (the
          // same value: InstCombine drops the `or` of bits below the
          // interval), where off and R share no bit
          std::vector<std::pair<int32_t, int32_t>> own_pads;
          addresses.add(i, r_term);
          for (size_t j = 0; j < s.pads.size(); ++j) {
            const int sh = log2i(int64_t{s.pads[j].first} * s.elem_bytes);
            if ((off & mb) || (off >> sh)) own_pads.push_back(s.pads[j]);
            else if (mb >> sh) addresses.add(i, factored >> j & 1 ? Term{r_pad[j].id + kRPadAlone, 0, r_pad[j].hi, 0} : r_pad[j]);
          }
          const auto [lo, hi] = pad_range(ones, unknown, own_pads, s.elem_bytes);
          addresses.add(i, {kOwnPad + i, lo, hi, 0});
          address[i].constant = off;
        } else if (!s.load) {
          address[i].opaque = true;
        }
        if ((off & known) == 0) {
          // a padding term's `and` mask: InstCombine shrinks it to the bits computeKnownBits
          // proves of R | c where R's padding node is in its reach (pads_unbounded), else it
          // keeps every bit from the padding's lowest up (golden seed-2405 3.6 line 2823: masks
          // 10176, 11200, ... of 64-byte multiples, its loads LDS.128 x4 where the model had
          // LDS.64 x6 + LDS.128)
          auto mask_align = [&](int64_t bits, size_t j) {
            // (where it kept the mask whole, SelectionDAG shrinks it to the bits
            // its own computeKnownBits leaves R, TreeAlign::dag_r_bits)
            if ((tree.pads_unbounded | tree.pads_c_unbounded) >> j & 1) bits |= tree.dag_r_bits;
            return align_of(pad_bits(bits, Pads(&s.pads[j], 1), s.elem_bytes));
          };
          int live = 0, sh = 0;
          int32_t align = align_of(known);  // ptxas: R's bits, and each padding term's `and` mask
          for (size_t j = 0; j < s.pads.size(); ++j)
            if (const int k = log2i(int64_t{s.pads[j].first} * s.elem_bytes); (known | off) >> k)
              ++live, sh = k, align = std::min(align, mask_align(known | off, j));
          // the paddings that read R | c (R and c reach the interval; one c does not reach reads
          // R, InstCombine dropping c's bits below it: r_only), the last of them, and the shift
          // right they all have (-2: not one)
          int uses = 0, used = 0, ush = 0, shift = -1;
          uint32_t r_only = 0;
          for (size_t j = 0; j < s.pads.size(); ++j)
            if (const int k = log2i(int64_t{s.pads[j].first} * s.elem_bytes); known >> k) {
              if (off >> k) {
                ++uses, used = static_cast<int>(j), ush = k;
                const int a = k - log2i(int64_t{s.pads[j].second} * s.elem_bytes);
                shift = shift == -1 || shift == a ? a : -2;
              } else {
                r_only |= uint32_t{1} << j;
              }
            }
          // 3.6: a padding of the register's value that InstCombine leaves a bare `lshr` (the
          // bits a mask would clear all known zero; a shift by 0 is the value itself) tells
          // ptxas nothing (seed-2403 line 880: `shr.u32` of R | 512, 16-bit stores kept apart);
          // the padding of an interval c reaches reads c's bits from the interval up only
          // (InstCombine shrinks the constant: seed-2406 3.6 line 2841, `(R | 512) >> 3` for
          // R | 520 too)
          if (s.version == TritonVersion::v3_6) {
            const int64_t value = known | (live == 1 ? off >> sh << sh : off);
            for (auto [interval, pad] : s.pads)
              if (const int k = log2i(int64_t{interval} * s.elem_bytes), p = log2i(int64_t{pad} * s.elem_bytes);
                  k > p) {
                const int64_t v = off >> k ? known | (off >> k << k) : value;
                if (v >> k && padding_is_lshr(v, k, p)) align = 1;
              }
            // where SelectionDAG makes R | c's padding a bare shift of a node of R (tree_align;
            // seed-2080 3.6 line 50: one register, `R + (R' >> 1)` plus constants); it does
            // where R | c has that one use (seed-2406 3.6 line 2487: R | 2048, read by two
            // paddings, keeps both masks); and where the register holds a padding of R's own
            // that is a bare `lshr` (TreeAlign::r_pad_bare: seed-2470 3.6 line 1186)
            if (key.first == 0 && uses == 1 && (tree.r_pad_bare_node >> used & 1)) align = 1;
            if (key.first == 0) own_bare[i] = r_only & tree.r_pad_bare;
          }
          // what ptxas knows of R's register (a reversal, a shift right) holds for smem + R
          // plus R | c's padding too (held-out 3.6 seed 6506 kernel 16: `[%r34 + 128]`,
          // %r34 = %r29 + P, 16-bit loads kept apart)
          align = std::min(align, r_ptxas_align);
          // one register for the accesses whose c agree in the bits of R | c its paddings demand:
          // from the interval up where one padding reads it (seed-2403 3.6 line 3990: R | 256,
          // R | 258, R | 264, R | 266 in one, the other interval's padding R's own); from the
          // shift up where several share one `lshr`, whose other bits their `and`s all demand
          // (seed-2405 3.6 line 1638: R | 64 and R | 66 in one, two paddings of shift 3; seed-2403
          // line 3269: R | 64 and R | 68 apart, of shift 1); else each c its own
          const int64_t reg = uses == 1 ? off >> ush : shift >= 0 ? off >> shift : off;
          own[i] = {true, {key.second, reg}, off, align,
                    key.first == 0 && s.version == TritonVersion::v3_6};
        }
        key = {2, i};
        known |= off;
        off = 0;
      } else {
        off += pad_of(off, s);
      }
      known |= pad_bits(known, s.pads, s.elem_bytes);
    }
    // register 0 with a padding of its own: a base of its own
    const bool reg0_apart = padded && key == std::pair<int, int64_t>{0, 0} && c == 0 && d == 0 && tree.reg0_pad_apart;
    if (reg0_apart) key.second = kRPad0;
    // LLVM's alignment of an access at offset o that Triton promises `claim`
    // (InferAlignment raises it to what R's tree proves there)
    auto llvm_align = [&](int64_t o, int32_t claim, int32_t& carried) {
      int32_t a = align_of(known | o);
      if ((deep && s.proof == LdStShape::Proof::model) || s.proof == LdStShape::Proof::none) return std::min(a, claim);
      if (tree.base[0]) {
        const bool at_offset = (accesses[i].xor_const | accesses[i].add_const) != 0;
        if (tree.first_pass[0]) carried = std::max(claim, std::min(a, tree.first_pass[at_offset]));
        return std::max(claim, std::min(a, tree.base[at_offset]));
      }
      if (xored_align.deeper && key.first == 1 && d != 0 && c != key.second && !(key.second & kNegated))
        // R ^ c keeps c's bits outside R (the IR's base is R ^ c, 2^k-aligned
        // at best): the second InferAlignment carries that much to base + d,
        // computeKnownBits proves base + d itself with R three levels down
        // (golden seed-2460 3.6 line 94: R ^ 5 plus 1, `align 1`)
        return std::max(claim,
                        std::min(a, std::max(std::min({xored_align.base[1], align_of(c ^ key.second), align_of(d)}),
                                             xored_align.deeper)));
      if (xored_align.base[0])
        return std::max(claim, std::min(a, (d != 0 ? xored_align.gep : xored_align.base)[key.first == 1]));
      return a;
    };
    int32_t carried = 0;  // Placed::carried
    const int32_t align = llvm_align(off, s.vec_bytes, carried);
    if (!s.load && key.first != 2) {
      address[i].constant = off;
      // -R is the code generator's `sub 0, R` (SeparateConstOffsetFromGEP
      // takes c out of c - R): BasicAA bounds no range of it, only its
      // trailing zeros (golden seed-2450 3.9 line 925: its stores cut
      // every chain of R's bytes; the LoadStoreVectorizer's debug log)
      const bool minus_r = (key.second & kNegated) != 0;
      addresses.add(i, key.first == 0 ? r_term
                                      : Term{kXored + key.second, minus_r ? -kUnbounded : 0,
                                             unlike || minus_r ? kUnbounded : mb, r_term.tz});
      if (padded && key.first == 0 && r_factored.hi != 0) addresses.add(i, r_factored);
      if (padded && key.first == 0)
        for (size_t j = 0; j < r_pad.size(); ++j)
          if (r_pad[j].hi != 0 && !(factored >> j & 1)) {
            Term t = r_pad[j];
            if (reg0_apart && (tree.reg0_pad_apart >> j & 1)) t.id = kRPad0 + static_cast<int64_t>(j);
            addresses.add(i, t);
          }
      address[i].opaque = padded && key.first == 1;
    } else if (!s.load && dropped) {
      addresses.add(i, Term{kAndDropped + i, dropped_ones, known, tz_of(known)});  // (x << s) | off
      address[i].constant = off;
    }
    bases[key].push_back({i, off, align, s.vec_bytes, 1, i, 0, key.first != 2 ? std::min(r_ptxas_align, align_of(known)) : align_of(known)});
    if (key.first == 0 && (key.second == 0 || reg0_apart) && tree.r_pad_bare != 0)
      bare_at.push_back({key, bases[key].size() - 1});
    bases[key].back().carried = carried;
    if (scalarized) {
      const Placed whole = bases[key].back();
      bases[key].back().size = 4;
      bases[key].back().word = true;
      bases[key].back().align = std::max(whole.align, s.vec_bytes);  // Triton's claim stays
      for (int32_t k = 4; k < s.vec_bytes; k += 4) {
        Placed w = whole;
        w.offset = off + k;
        w.size = 4;
        w.count = 0;
        w.part = k;
        w.word = true;
        const int32_t claim = std::min(s.vec_bytes, align_of(k));  // Triton's promise at byte 4k
        w.align = std::max(claim, llvm_align(off + k, claim, w.carried));
        bases[key].push_back(w);
      }
    }
  }
  // a bare padding several registers add is one SHF.R, what it knows
  // (TreeAlign::r_pad_shf), where that is 8 bytes or more (golden seed-2405
  // 3.6 line 1880: `(tid & 96) >> 1` in R's register and R | 32's, 8-bit
  // pairs' loads joined; held-out seed 86361: 16 of 16 such kernels whose
  // cubins the rule changes); one register's is fused into its add, a
  // LEA.HI (seed-2406 line 1217), and so are, mostly, shifts of which ptxas
  // would know 4 bytes (seed 86361: 10 of 14, `(tid & 32) >> 2` fused into
  // each of four registers' adds)
  if (tree.r_pad_bare != 0) {
    std::set<int64_t> reg0;  // register 0's keys
    for (const auto& at : bare_at) reg0.insert(at.first.second);
    std::vector<std::set<std::pair<int64_t, int64_t>>> regs(s.pads.size());  // the own registers adding each
    for (size_t i = 0; i < own.size(); ++i)
      for (size_t j = 0; j < s.pads.size(); ++j)
        if (own_bare[i] >> j & 1) regs[j].insert(own[i].reg);
    auto shf_kept = [&](size_t j, size_t adds) {
      return (tree.r_pad_index >> j & 1) || (adds > 1 && (tree.r_pad_shf[j] >= 8 || tree.r_pad_amt[j] == 1));
    };
    auto known = [&](uint32_t bare) {
      int32_t a = 16;
      for (size_t j = 0; j < s.pads.size(); ++j)
        if (bare >> j & 1)
          a = std::min(a, shf_kept(j, reg0.size() + regs[j].size()) ? tree.r_pad_shf[j] : 1);
      return a;
    };
    for (const auto& [key, k] : bare_at)
      bases[key][k].base_align = std::min(bases[key][k].base_align, known(tree.r_pad_bare));
    for (size_t i = 0; i < own.size(); ++i)
      if (own_bare[i]) own[i].align = std::min(own[i].align, known(own_bare[i]));
  }
  // DSE before the LoadStoreVectorizer: of stores of one value R + off (no
  // padding; Triton 3.6's wrong addresses give them: seed-2406 3.6 line
  // 3073) the earlier go where the later's walk reaches them, Triton's
  // program order being the input's
  if (auto it = bases.find({0, 0}); !s.load && !padded && it != bases.end()) {
    std::vector<int64_t> offs;  // of the stores of R + off
    for (const Placed& p : it->second) offs.push_back(p.offset);
    std::sort(offs.begin(), offs.end());
    if (std::adjacent_find(offs.begin(), offs.end()) != offs.end()) {
      std::vector<int64_t> same(accesses.size(), -1);
      for (const Placed& p : it->second)
        if (const auto [lo, hi] = std::equal_range(offs.begin(), offs.end(), p.offset); hi - lo > 1)
          same[p.index] = p.offset;
      const std::vector<bool> dead = overwritten_stores(same);
      std::erase_if(it->second, [&](const Placed& p) { return dead[p.index]; });
      for (size_t i = 0; i < dead.size(); ++i) address[i].removed = dead[i];
    }
  }
  // 3.6: IPSCCP folds the padding of R + c (an interval c reaches) to a
  // constant where all of R's range (tree.r_max) gives c's quotient; else
  // the first InstCombine leaves it (a nonzero constant it cannot prove) and
  // SCCP folds it later, and the next InstCombine's `gep (smem, R)` for that
  // access is a copy of its own until GVN: its alignment is what R's tree
  // proves at a register offset (golden seed-2460 3.6 line 1921: R at most
  // 8191, the constant 8192 folds early, 8320 late; seed-2450 line 144)
  auto folds_late = [&](const LdStAccess& a) {
    const int64_t c = (a.xor_const + a.add_const) * s.elem_bytes;
    for (auto [interval, pad] : s.pads)
      if (const int64_t at = int64_t{interval} * s.elem_bytes; c >= at && (c % at) + tree.r_max >= at) return true;
    return false;
  };
  // padded: LLVM's second InferAlignment pass (after SLP) gives an access
  // the alignment an earlier access of the same base pointer proves at its
  // offset (InferFromBasePointer, from the alignments the first pass set;
  // the first pass had only Triton's). The accesses of R whose constant is
  // the outermost GEP share register 0's base pointer: in 3.9 all of them
  // (Triton pads R alone and adds the padded constant); in 3.6 those where
  // R, the constant and R's padding have no bit in common (InstCombine turns
  // (R | c) + pad into an `or disjoint` and moves c out: (R | pad) | c);
  // elsewhere the sum stays an `add` and its GEP puts c inside the padding;
  // nor those whose padding folds late.
  if (tree.base[0])
    if (auto it = bases.find({0, 0}); it != bases.end()) {
      const int64_t pbits = pad_bits(mb, s.pads, s.elem_bytes);
      int32_t best = 0;  // the base pointer's alignment the earlier accesses prove
      for (Placed& p : it->second) {
        if (s.version == TritonVersion::v3_6 && ((mb | p.offset) & pbits) != 0) continue;  // the constant sits inside
        if (s.version == TritonVersion::v3_6 && folds_late(accesses[p.index])) continue;
        const int32_t at = align_of(p.offset);
        const int32_t mine = std::min(p.carried ? p.carried : p.align, at);
        if (best > mine) p.align = std::max(p.align, std::min(best, at));
        else best = mine;
      }
    }
  // (3.9's O3 leaves sm_80's loads alone, as its SLP: combine_loads)
  const bool combine =
      s.proof != LdStShape::Proof::none && s.load && s.unit_elems > 1 && s.vec_bytes == s.elem_bytes && !slp_off(s);
  const bool fill = s.load && s.version == TritonVersion::v3_9;
  std::vector<std::pair<int32_t, Merged>> out;  // by first access
  std::vector<Placed> chained;
  std::vector<size_t> ends;
  std::vector<Piece> pieces;
  std::vector<std::vector<Placed>> groups;
  const std::vector<int32_t> generation = chain_generations(bases, accesses.size(), s.load);
  struct Chain {
    std::vector<Placed> v;
    bool split;    // stores LLVM may sink (split_at_aliasing_stores)
    int32_t last;  // its last access
  };
  std::vector<Chain> chains;
  // SelectionDAG's combiner shrinks each padding's `and` mask to the bits
  // computeKnownBits leaves possible, which makes register 0's padding of
  // its own (reg0_pad_apart) and R's one node: the same register for ptxas
  // (the s71-pending H200 run, 31 kernels: `[%r53]` beside `[%r53+4]`)
  const auto r_at = bases.find({0, 0});
  const int32_t r_id = static_cast<int32_t>(std::distance(bases.begin(), r_at));
  int32_t base_id = 0;
  for (auto& [key, v] : bases) {
    const bool reg0_in_r = r_at != bases.end() && key == std::pair<int, int64_t>{0, kRPad0};
    for (Placed& p : v) p.base = reg0_in_r ? r_id : base_id;
    ++base_id;
    const size_t from = chains.size();
    const bool split = !s.load && key.first != 2;
    if (generation.empty()) chains.push_back({std::move(v), split, 0});
    else
      for (const Placed& p : v) {  // the base's chains
        const auto g = from + static_cast<size_t>(generation[static_cast<size_t>(p.index)]);
        if (chains.size() <= g) chains.resize(g + 1, {{}, split, 0});
        chains[g].v.push_back(p);
      }
  }
  // stores: the LoadStoreVectorizer takes the chains in its MRU order (the
  // one of the latest store first) and joins each before the next is cut; a
  // later chain meets the joined stores beside their pieces (Address::joined)
  if (!s.load) {
    for (Chain& c : chains)
      for (const Placed& p : c.v) c.last = std::max(c.last, p.index);
    std::stable_sort(chains.begin(), chains.end(), [](const Chain& a, const Chain& b) { return a.last > b.last; });
  }
  std::vector<Placed> apart;
  for (Chain& chain : chains) {
    groups.clear();
    if (chain.split) split_at_aliasing_stores(chain.v, addresses, s.vec_bytes, groups);
    else groups.push_back(std::move(chain.v));
    for (auto& v : groups) {
      apart.clear();
      if (combine) combine_loads(v, accesses, s, apart);
      for (const Placed& p : apart) {
        out.push_back(merged_of(Piece{&p, &p + 1, p.size}, accesses));
        out.back().second.split = true;
      }
      // by offset, then in the group's order: a load group's is the input's,
      // a store group's (split_at_aliasing_stores) the reverse
      const auto by_offset = [&](const Placed& a, const Placed& b) {
        return a.offset != b.offset ? a.offset < b.offset : s.load ? a.index < b.index : a.index > b.index;
      };
      if (!std::is_sorted(v.begin(), v.end(), by_offset)) std::sort(v.begin(), v.end(), by_offset);
      if (s.load)  // one load per address
        v.erase(std::unique(v.begin(), v.end(),
                            [](const Placed& a, const Placed& b) { return a.offset == b.offset && a.size == b.size; }),
                v.end());
      // LLVM's classes: one scalar type each (mostly one: then v itself)
      auto cls = [](const Placed& a) { return 2 * a.size + (a.jumbled ? 1 : 0); };
      if (std::adjacent_find(v.begin(), v.end(), [&](const Placed& a, const Placed& b) { return cls(a) != cls(b); }) !=
          v.end())
        std::stable_sort(v.begin(), v.end(), [&](const Placed& a, const Placed& b) { return cls(a) < cls(b); });
      for (auto lo = v.begin(); lo != v.end();) {
        const auto hi = std::find_if(lo, v.end(), [&](const Placed& p) { return cls(p) != cls(*lo); });
        chains_of(&*lo, static_cast<size_t>(hi - lo), fill, chained, ends);
        for (size_t c = 0, from = 0; c < ends.size(); from = ends[c++]) {
          pieces.clear();
          split_by_alignment(chained.data() + from, ends[c] - from, s, fill, pieces);
          for (const Piece& p : pieces) {
            out.push_back(merged_of(p, accesses));
            const Merged& m = out.back().second;
            if (s.load || m.count < 2) continue;
            // one store of the piece's bytes above its last one
            address[static_cast<size_t>(m.last)].joined_constant = address[static_cast<size_t>(m.lead)].constant;
            address[static_cast<size_t>(m.last)].joined = p.bytes;
          }
        }
        lo = hi;
      }
    }
  }
  // in the order of their first accesses (each access lies in one piece; of
  // a scalarized load in several: by offset)
  std::vector<int32_t> by_first(out.size());
  std::iota(by_first.begin(), by_first.end(), 0);
  std::stable_sort(by_first.begin(), by_first.end(), [&](int32_t a, int32_t b) {
    const auto& x = out[static_cast<size_t>(a)];
    const auto& y = out[static_cast<size_t>(b)];
    return x.first != y.first ? x.first < y.first : x.second.offset < y.second.offset;
  });
  // ptxas: one base per shared register, numbered in the order of the input
  // (the same for an op's stores and loads, which drop repeated loads)
  // R's own base (the map's first key)
  const int32_t r_base = padded && s.version == TritonVersion::v3_6 && bases.count({0, 0}) ? 0 : -1;
  // there, where R is one left-shifted term that reaches one interval, the
  // code generator folds the padding of every R | c of its own, (R | c) >> k,
  // into R's and a constant: each goes through R's register (case 12 of the
  // session-31 H200 run: the PTX has one register where the model had 64)
  int r_reach = 0;  // the intervals R reaches
  bool r_shifts = false;  // one of them shifts right (a padding below its interval)
  for (auto [interval, pad] : s.pads)
    if (mb >> log2i(int64_t{interval} * s.elem_bytes)) ++r_reach, r_shifts = r_shifts || pad < interval;
  const bool into_r = r_base == 0 && r_reach == 1 && s.r_terms.size() == 1 && shift_of(s, 0) != LdStShape::kNoShift &&
                      shift_of(s, 0) + log2i(s.elem_bytes) >= 0;
  const int32_t r_base_align = align_of(mb | pad_bits(mb, s.pads, s.elem_bytes));
  std::map<std::pair<int64_t, int64_t>, int32_t> reg_of;
  for (const Own& o : own)
    if (o.shared) reg_of.try_emplace(o.reg, base_id + static_cast<int32_t>(reg_of.size()));
  const int32_t x_base = base_id + static_cast<int32_t>(reg_of.size());  // x << s of ptxas_or
  std::vector<Merged> r;
  r.reserve(out.size());
  const auto in_r = [&](const Merged& m) {  // an R | c folded into R's register
    const Own& o = own[m.lead];
    return o.shared && m.count == 1 && into_r && o.of_r;
  };
  for (const int32_t i : by_first) {
    Merged& m = out[static_cast<size_t>(i)].second;
    if (const Own& o = own[m.lead]; in_r(m)) {
      m.base = r_base;
      m.offset = o.off + pad_of(o.off, s);
      m.base_align = r_base_align;
    } else if (o.shared && m.count == 1) {
      m.base = reg_of.at(o.reg);
      m.offset = o.off;
      m.base_align = o.align;
    }
    r.push_back(m);
  }
  // (after SelectionDAG, which sees the IR's registers)
  const auto as_ptxas = [&](std::vector<Merged> v) {
    for (Merged& m : v)
      if (ptxas_or[m.lead] >= 0 && m.count == 1) {
        m.base = x_base;
        m.offset += ptxas_or[m.lead];
        m.base_align = static_cast<int32_t>(int64_t{1} << std::min(sb, 4));
      } else if (in_r(m) && s.elem_bytes == 1 && r_shifts) {
        // 8-bit: R's one term is the index code's own (the same bytes), so its `shl` has
        // another use, and the code generator's R | c is one register of its own, R plus
        // `lshr` of that `shl`, unknown to ptxas (seed-2080 3.6 line 358: `[%r9+68]`,
        // %r9 = smem + 136 x - 8 x + ((x << 7) >> 4), beside R's `mad` of 136 x; LDS.U16
        // pairs kept apart); a padding as large as its interval is an `and`, no shift, and
        // R | c stays in R's register (seed-2409 3.6 line 1116)
        m.base = x_base + 1;
        m.base_align = 1;
      }
    return v;
  };
  // SelectionDAG's combiner, where stores share bytes or may join
  if (s.load) {
    narrow_halves(r, s);
    return as_ptxas(std::move(r));
  }
  const std::vector<int32_t> order = store_order(r);
  // a single byte of a loaded vector of several is stored as an `extract` (O3
  // makes it a shufflevector; a 16-bit half, the trunc of a shift, is not one)
  const bool extracts = s.vec_bytes == s.elem_bytes && s.elem_bytes == 1 && s.source_elems >= 2;
  std::vector<BlockStore> block;
  block.reserve(r.size());
  for (int32_t i : order) {
    const Merged& m = r[static_cast<size_t>(i)];
    // accesses of their own that share a register (Own::reg) are that base
    // plus a constant there too, and the combiner joins them like R's
    // (seed-2080 3.6 line 192: `st.shared.b32 [%r29+2064]` of four bytes
    // whose IR addresses are four GEPs; seed-2408 line 1914: folded into R's)
    const bool joins = extracts && m.count == 1;
    block.push_back({m.base, m.offset, m.bytes, m.llvm_align, joins ? s.elem_bytes : 0});
  }
  if (!stores_meet(block) && !stores_may_join(block)) return as_ptxas(std::move(r));
  const std::vector<int32_t> lead = dag_stores(block);
  std::vector<int32_t> into(r.size(), -1);  // per instruction of r: the one of r holding it
  for (size_t k = 0; k < order.size(); ++k)
    if (lead[k] >= 0) into[static_cast<size_t>(order[k])] = order[static_cast<size_t>(lead[k])];
  std::vector<Merged> left;
  std::vector<int32_t> at(r.size(), -1);  // r's lowest joined instruction: its place in `left`
  for (size_t i = 0; i < r.size(); ++i) {
    const int32_t to = into[i];
    if (to < 0) continue;
    int32_t& place = at[static_cast<size_t>(to)];
    if (place < 0) {
      place = static_cast<int32_t>(left.size());
      left.push_back(r[static_cast<size_t>(to)]);
    }
    if (static_cast<int32_t>(i) == to) continue;
    Merged& j = left[static_cast<size_t>(place)];  // a store the combiner joined: all of them from its lowest
    j.bytes += r[i].bytes;
    j.count += r[i].count;
    j.last = std::max(j.last, r[i].last);
    j.next = -1;
    j.pairs = false;
  }
  return as_ptxas(std::move(left));
}

std::vector<int32_t> store_order(const std::vector<Merged>& op) {
  std::vector<int32_t> o(op.size());
  for (size_t k = 0; k < o.size(); ++k) o[k] = static_cast<int32_t>(k);
  std::stable_sort(o.begin(), o.end(), [&](int32_t a, int32_t b) {
    return op[static_cast<size_t>(a)].last < op[static_cast<size_t>(b)].last;
  });
  return o;
}

}  // namespace ls::codegen
