#include "codegen.h"

#include <algorithm>
#include <array>
#include <bit>
#include <set>
#include <tuple>

#include "../analysis/conversion.h"
#include "../analysis/swizzle.h"
#include "../error.h"
#include "llvm_vectorizer.h"
#include "ptxas.h"

namespace ls::codegen {

std::string target_name(const Target& t) {
  return "triton " + triton_version_name(t.version) + " sm_" + std::to_string(t.sm);
}

int32_t parse_sm(const std::string& s) {
  if (s == "sm_80") return 80;
  if (s == "sm_90") return 90;
  if (s == "sm_100") return 100;
  fail("--target must be sm_80, sm_90 or sm_100, not '" + s + "'");
}

namespace {

int log2i(int64_t x) { return std::bit_width(static_cast<uint64_t>(x)) - 1; }

// PTX spelling of t bits moved as 32-bit words (or one value below a word).
std::string word_type(int32_t t) {
  if (t <= 32) return "b" + std::to_string(t);
  return t == 64 ? "v2.b32" : "v4.b32";
}

// The hardware bases of a register layout seen as shared offsets.
struct Cvt {
  std::vector<int64_t> reg;       // nonzero register bases (broadcast dropped)
  std::vector<int32_t> reg_index; // their index among all register bases
  std::vector<int64_t> lane, warp;
  int32_t offset_log2 = 0;  // the shared layout's offsets
  // thread-index masks (lane bit i is bit i, warp bit i bit 5 + i) of the
  // terms the kernel's own index code computes, (x & m) << s per dim and shift
  std::vector<std::pair<int64_t, int>> index_masks;  // (mask, shift)
  std::vector<MvpTerm> index_terms;  // Triton's terms of each coordinate (mvp_terms)
  int64_t index_gone = 0;  // thread-index bits of its terms in bit reversals (MvpTerm::gone)
  std::vector<int32_t> index_stride_log2;  // each coordinate's stride in the row-major tensor (log2, elements)
};

Cvt cvt_of(const LinearLayout& reg, const LinearLayout& shared, int32_t bits) {
  if (reg.in_size("block") != 1)
    fail("codegen models one CTA; the register layout has " + std::to_string(reg.in_size("block")) + " CTAs");
  LinearLayout c = reg.invert_and_compose(shared);
  const int o = c.out_index("offset"), b = c.out_index("block");
  Cvt r;
  auto get = [&](const std::string& dim, std::vector<int64_t>& out, std::vector<int32_t>* index) {
    const auto& bases = c.bases(dim);
    for (size_t i = 0; i < bases.size(); ++i) {
      if (b >= 0 && bases[i][b] != 0) fail("codegen models one CTA; the shared layout spans CTAs");
      int64_t v = o < 0 ? 0 : bases[i][o];
      if (index) {
        if (v == 0) continue;
        index->push_back(static_cast<int32_t>(i));
      }
      out.push_back(v);
    }
  };
  get("register", r.reg, &r.reg_index);
  if (o >= 0) r.offset_log2 = c.out_log2("offset");
  get("lane", r.lane, nullptr);
  get("warp", r.warp, nullptr);
  r.lane.resize(5, 0);
  r.index_stride_log2.assign(reg.out_names().size(), 0);
  for (size_t d = reg.out_names().size(); d-- > 1;)
    r.index_stride_log2[d - 1] = r.index_stride_log2[d] + reg.out_log2(reg.out_names()[d]);
  std::vector<std::vector<MvpTerm>> coords;  // each coordinate's terms (mvp_terms)
  for (size_t d = 0; d < reg.out_names().size(); ++d) {
    std::map<int, int64_t> by_shift;
    auto scan = [&](const std::string& dim, int first) {
      const auto& bases = reg.bases(dim);
      for (size_t i = 0; i < bases.size(); ++i) {
        const auto v = static_cast<uint64_t>(bases[i][d]);
        const int col = first + static_cast<int>(i);
        if (std::has_single_bit(v)) by_shift[std::countr_zero(v) - col] |= int64_t{1} << col;
        else if (v) r.index_masks.push_back({int64_t{1} << col, 1000});
      }
    };
    std::vector<int64_t> cols;
    for (const char* dim : {"lane", "warp"})
      for (const auto& b : reg.bases(dim)) cols.push_back(b[d]);
    std::vector<MvpTerm> terms = mvp_terms(cols, reg.out_log2(reg.out_names()[d]));
    scan("lane", 0);
    scan("warp", 5);
    for (auto& [sh, m] : by_shift) r.index_masks.push_back({m, sh});
    for (MvpTerm& t : terms) t.group = static_cast<int32_t>(d);
    coords.push_back(std::move(terms));
  }
  // every term of the kernel: R's (the shared offsets, in bytes) and each
  // coordinate's
  const int eb = log2i(std::max(bits / 8, 1));
  std::vector<int64_t> r_cols;
  for (const auto* v : {&r.lane, &r.warp})
    for (int64_t x : *v) r_cols.push_back(x << eb);
  std::vector<MvpTerm> kernel = mvp_terms(r_cols, r.offset_log2 + eb);
  for (const auto& terms : coords) kernel.insert(kernel.end(), terms.begin(), terms.end());
  for (auto& terms : coords) {
    r.index_gone |= mark_reversed(terms, kernel);
    r.index_terms.insert(r.index_terms.end(), terms.begin(), terms.end());
  }
  return r;
}

int64_t xor_bits(const std::vector<int64_t>& bases, const std::vector<int>& idx, int64_t x) {
  int64_t v = 0;
  for (size_t i = 0; i < idx.size(); ++i)
    if (x >> i & 1) v ^= bases[idx[i]];
  return v;
}

// xor_bits(bases, idx, x) for every x below 2^|idx|.
std::vector<int64_t> xor_table(const std::vector<int64_t>& bases, const std::vector<int>& idx) {
  std::vector<int64_t> t(size_t{1} << idx.size(), 0);
  for (size_t x = 1; x < t.size(); ++x) t[x] = t[x & (x - 1)] ^ bases[static_cast<size_t>(idx[std::countr_zero(x)])];
  return t;
}

// The shared offset the lane and warp bases give lane l of warp w.
int64_t thread_offset(const Cvt& c, int64_t w, int l) {
  int64_t v = 0;
  for (size_t j = 0; j < c.warp.size(); ++j)
    if (w >> j & 1) v ^= c.warp[j];
  for (int b = 0; b < 5; ++b)
    if (l >> b & 1) v ^= c.lane[b];
  return v;
}

// The shared offset (elements) of Triton's access `a` (lowerLdSt's address)
// for lane l of warp w.
int64_t access_offset(const Cvt& c, int64_t w, int l, const LdStAccess& a) {
  return (thread_offset(c, w, l) ^ a.xor_const) + a.add_const;
}

std::vector<int> all_but(size_t n, const std::vector<int>& skip) {
  std::vector<int> r;
  for (int i = 0; i < static_cast<int>(n); ++i)
    if (std::find(skip.begin(), skip.end(), i) == skip.end()) r.push_back(i);
  return r;
}

int find_reg(const Cvt& c, int64_t value, const std::vector<int>& used) {
  for (int i = 0; i < static_cast<int>(c.reg.size()); ++i)
    if (c.reg[i] == value && std::find(used.begin(), used.end(), i) == used.end()) return i;
  return -1;
}

// One more warp instruction that costs what `in`'s first does.
void repeat_first(Instr& in) {
  in.warp_instructions += 1;
  in.wavefronts += in.accesses.front().wavefronts;
  in.ideal += in.accesses.front().ideal;
}

// Adds one warp instruction's lanes (element offsets) to `in`; the banks
// that collide only for `details`. Without padding, the lanes' offsets are a
// fixed XOR pattern XOR-ed with a per-instruction constant, which only
// permutes the banks: every warp instruction of an op costs what the first
// does, so callers evaluate only the first unless `details` asks for all.
void add_warp_instr(Instr& in, int64_t warp, int32_t index, LaneOffsets lane_offset, int32_t bits,
                    int32_t access_bytes, const PhysicalOffset& phys, bool details) {
  SharedAccess a;
  a.warp = warp;
  a.index = index;
  LaneOffsets bytes;
  for (size_t l = 0; l < 32; ++l) {
    if (lane_offset[l] >= 0 && phys) lane_offset[l] = phys(lane_offset[l]);
    bytes[l] = lane_offset[l] >= 0 ? lane_offset[l] * bits / 8 : -1;
  }
  a.lane_offset = lane_offset;
  a.wavefronts = wavefronts(bytes, access_bytes, details ? &a.collisions : nullptr, &a.ideal,
                            in.mnemonic.rfind("ld.shared", 0) == 0);
  in.warp_instructions += 1;
  in.wavefronts += a.wavefronts;
  in.ideal += a.ideal;
  in.accesses.push_back(std::move(a));
}

// ldmatrix / stmatrix (trans: the .trans form); nullopt when Triton would not
// use it. Registers at or above `round` belong to later rounds of a
// conversion: one instruction never spans rounds.
std::optional<Instr> try_matrix(const Cvt& c, int32_t bits, bool store, bool trans, const Target& t,
                                bool details, int64_t round = 0) {
  if (store ? t.sm < 90 : t.sm < 80) return std::nullopt;
  if (trans ? !(bits == 16 || (bits == 8 && t.sm >= 100)) : bits > 32) return std::nullopt;
  const int n = static_cast<int>(c.reg.size());
  std::vector<int> tile;       // register bases inside the 16-byte row
  std::vector<int64_t> others; // bases that must stay 16-byte aligned
  int row_log2 = 0;            // elements per 16-byte row
  int addr_regs = 0;           // registers among the row addresses
  if (!trans) {
    const int w = log2i(32 / bits);
    for (int i = 0; i < w; ++i) {
      int r = find_reg(c, int64_t{1} << i, tile);
      if (r < 0) return std::nullopt;
      tile.push_back(r);
    }
    if (c.lane[0] != (int64_t{1} << w) || c.lane[1] != (int64_t{1} << (w + 1))) return std::nullopt;
    row_log2 = w + 2;
  } else {
    for (int i = 0; i < 3; ++i)
      if (c.lane[2 + i] != (int64_t{1} << i)) return std::nullopt;
    if (bits == 8) {
      int r = find_reg(c, 8, tile);
      if (r < 0) return std::nullopt;
      tile.push_back(r);
    }
    row_log2 = bits == 8 ? 4 : 3;
    addr_regs = bits == 8 && !store ? 2 : 1;
  }
  const int64_t mask = (int64_t{1} << row_log2) - 1;
  std::vector<int> rest = all_but(n, tile);
  for (int i : rest)
    if (c.reg[i] & mask) return std::nullopt;
  for (int l : (trans ? std::vector<int>{0, 1} : std::vector<int>{2, 3, 4}))
    if (c.lane[l] & mask) return std::nullopt;
  for (auto w : c.warp)
    if (w & mask) return std::nullopt;
  const int core_log2 = static_cast<int>(tile.size()) + addr_regs;  // registers per matrix
  if (n < core_log2) return std::nullopt;
  int per_round = n;
  for (auto r : c.reg)
    if (round > 0 && r >= round) --per_round;
  if (per_round < core_log2) return std::nullopt;
  const int vec = std::min(128 / bits, 1 << per_round) >> core_log2;  // matrices per instruction
  Instr in;
  in.shared = true;
  in.store = store;
  in.bytes_per_lane = 16;
  in.per_thread = (int64_t{1} << n) / (int64_t{vec} << core_log2);
  std::string shape = "m8n8", type = "b16";
  if (trans && bits == 8) shape = store ? "m16n8" : "m16n16", type = "b8";
  in.mnemonic = std::string(store ? "stmatrix" : "ldmatrix") + ".sync.aligned." + shape + ".x" + std::to_string(vec) +
                (trans ? ".trans" : "") + ".shared." + type;
  // row addresses of one matrix: addr_regs registers outside the tile (the
  // row registers), then the row lanes
  const std::vector<int> row_lanes = trans ? std::vector<int>{0, 1} : std::vector<int>{2, 3, 4};
  auto row_bases_of = [&](const std::vector<int>& regs) {
    std::vector<int64_t> bases;
    for (int i : regs) bases.push_back(c.reg[i]);
    for (int l : row_lanes) bases.push_back(c.lane[l]);
    return bases;
  };
  std::vector<int> addr;
  if (t.version == TritonVersion::v3_6 || addr_regs == 0) {
    // 3.6: the first registers outside the tile, a byte form counting first
    // register addr_regs (the fragment's place of the row's second half)
    const int lead = trans && bits == 8 ? addr_regs : -1;
    if (lead >= 0 && std::find(tile.begin(), tile.end(), lead) == tile.end()) addr.push_back(lead);
    for (int i : rest)
      if (static_cast<int>(addr.size()) < addr_regs && i != lead) addr.push_back(i);
  } else {
    // 3.9: the ordered choice whose 8-row phase (the row registers, then the
    // first row lanes) reaches the most 16-byte bank groups, then the most
    // registers of the first 32-bit word, then the most in their own place;
    // the first such: registers 64, 8 and lanes 128, 256 give 16-bit rows 8 apart
    const int word_regs = log2i(32 / bits);
    auto cost = [&](const std::vector<int>& regs) {
      std::vector<int64_t> bases = row_bases_of(regs);
      bases.resize(3);
      std::set<int64_t> seen;
      for (int64_t r = 0; r < (int64_t{1} << bases.size()); ++r) {
        int64_t off = 0;
        for (size_t k = 0; k < bases.size(); ++k)
          if (r >> k & 1) off ^= bases[k];
        seen.insert(off * bits / 128 % 8);
      }
      int word = 0, placed = 0;
      for (size_t p = 0; p < regs.size(); ++p) word += regs[p] < word_regs, placed += regs[p] == static_cast<int>(p);
      return std::tuple(-static_cast<int>(seen.size()), -word, -placed);
    };
    std::optional<std::tuple<int, int, int>> best;
    std::vector<int> pick(addr_regs);
    auto choose = [&](auto&& self, int k) -> void {
      if (k == addr_regs) {
        if (auto v = cost(pick); !best || v < *best) best = v, addr = pick;
        return;
      }
      for (int i : rest)
        if (std::find(pick.begin(), pick.begin() + k, i) == pick.begin() + k) pick[k] = i, self(self, k + 1);
    };
    choose(choose, 0);
  }
  std::vector<int> outer = all_but(n, [&] {
    std::vector<int> u = tile;
    u.insert(u.end(), addr.begin(), addr.end());
    return u;
  }());
  // an instruction's matrices come from one round: a later round's registers select instructions last
  std::stable_partition(outer.begin(), outer.end(), [&](int i) { return !(round > 0 && c.reg[i] >= round); });
  const std::vector<int64_t> row_bases = row_bases_of(addr);
  const int rows = 1 << row_bases.size();
  const int64_t matrices = int64_t{1} << outer.size();
  for (int64_t w = 0; w < (int64_t{1} << c.warp.size()); ++w) {
    int64_t wbase = 0;
    for (size_t k = 0; k < c.warp.size(); ++k)
      if (w >> k & 1) wbase ^= c.warp[k];
    for (int64_t m0 = 0; m0 < matrices; m0 += vec) {
      if (!details && !in.accesses.empty()) {
        repeat_first(in);
        continue;
      }
      LaneOffsets lanes;
      lanes.fill(-1);
      for (int j = 0; j < vec; ++j) {
        int64_t base = wbase ^ xor_bits(c.reg, outer, m0 + j);
        for (int r = 0; r < rows && j * rows + r < 32; ++r) {
          int64_t off = base;
          for (size_t k = 0; k < row_bases.size(); ++k)
            if (r >> k & 1) off ^= row_bases[k];
          lanes[j * rows + r] = off;
        }
      }
      add_warp_instr(in, w, static_cast<int32_t>(m0 / vec), lanes, bits, 16, {}, details);
    }
  }
  return in;
}

// PTX type of a shared vector (registers `vec`, the i-th found for offset
// bit i) whose values come from / go to global accesses of g elements.
// LLVM keeps values of narrower global accesses ("units") as a vector of
// units: whole units in order are words; units out of order stay
// <n x unit> (v2.b8; v2.b16, v4.b16); pieces cut out of wider units are
// shuffled into words on a store, except pairs of bytes (v2.b8), and stay
// an element vector on a load (v2.b16, v4.b16, v2.b8).
std::string shared_type(const Cvt& c, const std::vector<int>& vec, int32_t bits, int32_t g, bool store) {
  const int k = static_cast<int>(vec.size());
  const int32_t t = (1 << k) * bits;
  if (k == 0 || bits >= 32) return word_type(t);
  const int32_t u = std::min(32, g * bits);
  const int lu = log2i(u / bits);
  int j = 0;  // leading elements in register order
  while (j < k && c.reg_index[vec[j]] == j && c.reg[vec[j]] == (int64_t{1} << j)) ++j;
  if (j == k && k <= lu) return t < u && bits == 8 ? "v2.b8" : word_type(t);
  if (j >= lu) {
    const int32_t units = t / u;
    if (u == 16 && units <= 4) return "v" + std::to_string(units) + ".b16";
    if (u == 8 && units == 2) return "v2.b8";
    return word_type(t);
  }
  if (bits == 8 && k == 1) return "v2.b8";
  if (!store && bits == 16 && k <= 2) return "v" + std::to_string(1 << k) + ".b16";
  return word_type(t);
}

// ld.shared / st.shared of a conversion's scratch (Triton's own swizzled
// tile, rounds below `round`) at the largest vectorisation; registers at or
// above `round` (a later round) never join a vector.
Instr plain(const Cvt& c, int32_t bits, bool store, int32_t max_elems, int32_t neighbour_vec, bool details,
            int64_t round) {
  const int n = static_cast<int>(c.reg.size());
  auto usable = [&](int i, const std::vector<int>& taken) {
    return !(round > 0 && c.reg[i] >= round) && std::find(taken.begin(), taken.end(), i) == taken.end();
  };
  // k register bases inside the low k offset bits that span them (Triton
  // permutes registers to suit); lanes and warps keep vectors aligned;
  // other registers may reorder a vector's elements (a fixed register
  // permutation per instruction)
  int k = log2i(std::max(1, max_elems));
  std::vector<int> vecregs;
  for (; k > 0; --k) {
    vecregs.clear();
    const int64_t mask = (int64_t{1} << k) - 1;
    bool ok = true;
    for (auto l : c.lane) ok = ok && (l & mask) == 0;
    for (auto w : c.warp) ok = ok && (w & mask) == 0;
    if (!ok) continue;
    std::vector<int64_t> rows;  // reduced, largest pivot first
    auto add = [&](int i) {
      int64_t x = c.reg[i];
      for (auto r : rows)
        if (x & static_cast<int64_t>(std::bit_floor(static_cast<uint64_t>(r)))) x ^= r;
      if (!x) return;
      rows.push_back(x);
      std::sort(rows.rbegin(), rows.rend());
      vecregs.push_back(i);
    };
    // exact unit offsets first, then any independent ones
    for (int b = 0; b < k; ++b)
      for (int i = 0; i < n; ++i)
        if (c.reg[i] == (int64_t{1} << b) && usable(i, vecregs)) {
          add(i);
          break;
        }
    for (int i = 0; i < n && static_cast<int>(vecregs.size()) < k; ++i)
      if (c.reg[i] <= mask && usable(i, vecregs)) add(i);
    if (static_cast<int>(vecregs.size()) == k) break;
  }
  if (k == 0) vecregs.clear();
  const int32_t t = (1 << k) * bits;
  Instr in;
  in.shared = true;
  in.store = store;
  in.bytes_per_lane = std::max(1, t / 8);
  in.per_thread = (int64_t{1} << n) >> k;
  in.mnemonic = std::string(store ? "st.shared." : "ld.shared.") + shared_type(c, vecregs, bits, neighbour_vec, store);
  const int64_t align = ~((int64_t{1} << k) - 1);
  std::vector<int> rest = all_but(n, vecregs);
  for (int64_t w = 0; w < (int64_t{1} << c.warp.size()); ++w) {
    for (int64_t i = 0; i < in.per_thread; ++i) {
      if (!details && !in.accesses.empty()) {
        repeat_first(in);
        continue;
      }
      const int64_t reg = xor_bits(c.reg, rest, i);
      LaneOffsets lanes;
      for (int l = 0; l < 32; ++l) lanes[l] = (thread_offset(c, w, l) ^ reg) & align;
      add_warp_instr(in, w, static_cast<int32_t>(i), lanes, bits, in.bytes_per_lane, {}, details);
    }
  }
  return in;
}

// The spelling of a vector LLVM's LoadStoreVectorizer joined from several of
// Triton's accesses (`bytes` per lane): words, but 16-bit loads up to 8
// bytes, and 16-bit stores of values loaded one by one (`neighbour_vec` 1),
// stay element vectors (v2.b16, v4.b16); two bytes are v2.b8.
std::string joined_type(int32_t bytes, int32_t bits, bool store, int32_t neighbour_vec) {
  if (bits == 8 && bytes == 2) return "v2.b8";
  if (bits == 16 && (!store || neighbour_vec == 1) && bytes <= 8) return "v" + std::to_string(bytes / 2) + ".b16";
  return word_type(bytes * 8);
}

// The SASS accesses ptxas makes of an op's PTX instructions `merged` (of
// Triton's accesses `acc`), with their cost over the CTA.
PtxasMerge ptxas_merge(const Cvt& c, const std::vector<LdStAccess>& acc, const std::vector<Merged>& merged,
                       const std::vector<SassAccess>& sass, const PhysicalOffset& phys, int32_t bits, bool store) {
  PtxasMerge p;
  p.per_thread = static_cast<int64_t>(sass.size());
  std::map<int32_t, int64_t> by_bytes;
  for (const SassAccess& s : sass) by_bytes[s.bytes] += 1;
  std::vector<std::pair<int64_t, int32_t>> order;  // the most frequent first
  for (auto [b, k] : by_bytes) order.emplace_back(-k, b);
  std::sort(order.begin(), order.end());
  for (auto [k, b] : order) p.instruction += (p.instruction.empty() ? "" : " + ") + sass_name(b, store) + " x" + std::to_string(-k);
  std::vector<int64_t> bytes(32);
  for (int64_t w = 0; w < (int64_t{1} << c.warp.size()); ++w)
    for (const SassAccess& s : sass) {
      const Merged& m = merged[s.ptx.front()];
      const LdStAccess& a = acc[m.lead];
      for (int l = 0; l < 32; ++l) {
        const int64_t x = access_offset(c, w, l, a);
        bytes[l] = (phys ? phys(x) : x) * bits / 8 - m.lead_gap - s.lead_gap;
      }
      int32_t ideal = 0;
      p.wavefronts += wavefronts(bytes, s.bytes, nullptr, &ideal, !store);
      p.ideal += ideal;
      p.instructions += 1;
    }
  return p;
}

// local_store / local_load through ld/st.shared: Triton's vector (the
// largest v, at most 128 bits and the padding interval, with registers
// holding offsets 1 .. v/2, every other basis a multiple of v; padded:
// those registers first, unpermuted), its
// addresses (lowerLdSt: register bases that share bits with a lane or warp
// basis XOR-ed, the others added), then what LLVM makes of them
// (llvm_vectorizer.h). Several widths may result.
// `stores`: a local_store's instructions through the same registers (a round
// trip): a store fills it, a load takes the alignment they promise (ptxas.h).
Instr ldst(const Cvt& c, const Spec& shared, int32_t bits, bool store, const Target& t, int32_t neighbour_vec,
           bool details, LdStShape::Proof proof = LdStShape::Proof::model, std::vector<Merged>* stores = nullptr) {
  const TritonVersion version = t.version;
  const int n = static_cast<int>(c.reg.size());
  const auto* padded = std::get_if<PaddedShared>(&shared.v);
  const bool in_order = padded != nullptr;
  const PhysicalOffset phys = physical_offset_of(shared);
  int32_t max_elems = 128 / bits;
  if (padded)
    for (auto& p : padded->interval_pads) max_elems = std::min<int32_t>(max_elems, p.first);
  int64_t lane_warp = 0;
  for (auto l : c.lane) lane_warp |= l;
  for (auto w : c.warp) lane_warp |= w;
  std::vector<int> vecregs;
  int k = log2i(std::max(1, max_elems));
  for (; k > 0; --k) {
    vecregs.clear();
    const int64_t mask = (int64_t{1} << k) - 1;
    for (int b = 0; b < k; ++b) {
      int r = in_order ? (b < n && c.reg[b] == (int64_t{1} << b) ? b : -1) : find_reg(c, int64_t{1} << b, vecregs);
      if (r < 0) break;
      vecregs.push_back(r);
    }
    if (static_cast<int>(vecregs.size()) < k || (lane_warp & mask)) continue;
    bool ok = true;
    for (int i : all_but(n, vecregs)) ok = ok && (c.reg[i] & mask) == 0;
    if (ok) break;
  }
  if (k == 0) vecregs.clear();
  // XOR-ed: register bases sharing bits with a lane or warp basis, or (3.9)
  // with another XOR-ed one; the XOR of the others is added. 3.6 stops at
  // the first step, so an added basis may share bits with an XOR-ed one and
  // the sum then differs from the XOR: 3.6 puts those elements elsewhere
  std::vector<int> front = all_but(n, vecregs), back;
  for (int64_t taken = lane_warp, grew = 1; grew;) {
    grew = 0;
    for (size_t j = 0; j < front.size(); ++j)
      if (c.reg[front[j]] & taken) {
        if (version == TritonVersion::v3_9) taken |= c.reg[front[j]];
        back.push_back(front[j]);
        front.erase(front.begin() + static_cast<std::ptrdiff_t>(j));
        grew = 1;
        break;
      }
  }
  std::sort(back.begin(), back.end());
  int64_t xored = lane_warp, added = 0;
  for (int i : back) xored |= c.reg[i];
  for (int i : front) added |= c.reg[i];
  const std::string wrong = added & xored ? "Triton 3.6 adds register offsets that share bits with the offsets it "
                                            "XORs: some elements go to other shared addresses than the layout's "
                                            "(Triton 3.9 XORs them all)"
                                          : "";
  std::vector<int64_t> reg_bit;  // each register basis as a bit of the register index
  for (int32_t i : c.reg_index) reg_bit.push_back(int64_t{1} << i);
  std::vector<LdStAccess> acc;
  acc.reserve(size_t{1} << (back.size() + front.size()));
  const std::vector<int64_t> xor_c = xor_table(c.reg, back), add_c = xor_table(c.reg, front),
                             xor_r = xor_table(reg_bit, back), add_r = xor_table(reg_bit, front);
  for (size_t hi = 0; hi < xor_c.size(); ++hi)
    for (size_t lo = 0; lo < add_c.size(); ++lo) acc.push_back({xor_c[hi], add_c[lo], xor_r[hi] | add_r[lo]});
  LdStShape shape;
  shape.lane_warp_mask = lane_warp;
  shape.index_terms = c.index_terms;
  shape.index_gone = c.index_gone;
  shape.index_stride_log2 = c.index_stride_log2;
  bool r_shifted_right = false;
  {  // R's terms (llvm_vectorizer.h): by shift of the thread-index bit, overlapping ones joined
    std::map<int, int64_t> by_shift, tid_of;
    std::vector<int64_t> terms;
    for (size_t i = 0; i < c.lane.size() + c.warp.size(); ++i) {  // lane bit i, warp bit i: thread-index bit
      const auto b = static_cast<uint64_t>(i < c.lane.size() ? c.lane[i] : c.warp[i - c.lane.size()]);
      if (std::has_single_bit(b)) {
        by_shift[std::countr_zero(b) - static_cast<int>(i)] |= static_cast<int64_t>(b);
        tid_of[std::countr_zero(b) - static_cast<int>(i)] |= int64_t{1} << i;
      } else if (b) {
        terms.push_back(static_cast<int64_t>(b));
      }
    }
    // a right-shifted term whose thread-index mask the kernel's index code
    // also computes: `tid & m` has another use
    for (auto& [shift, m] : tid_of)
      for (auto [im, ish] : c.index_masks)
        if (im == m && ish != shift + log2i(bits / 8) && (im & ~c.index_gone)) shape.index_shared |= by_shift[shift];
    // a term that the index code also computes: the same value (Triton's
    // CSE), where it is `tid & m` itself or the index code's term has its
    // shift in bytes (golden seed-2490 3.9 line 949: the column terms
    // `(tid << 1) & 4` and `(tid >> 1) & 8` of 8-bit R; line 266: `(tid <<
    // 3) & 120`, four bits)
    for (auto& [shift, m] : tid_of)
      for (auto [im, ish] : c.index_masks)
        if (const int in_bytes = shift + log2i(bits / 8); im == m && (in_bytes == 0 || ish == in_bytes))
          shape.index_reused |= by_shift[shift];
    // the index code's tree of a coordinate ORs its list's terms in pairs
    // first (its diagonal terms, then its single-bit selects): where both
    // are R's (reused), that `or` is R's too
    for (size_t d = 0; d < c.index_stride_log2.size(); ++d) {
      std::vector<int64_t> got;  // the coordinate's terms in its list, as R's bits (0: not R's)
      for (const MvpTerm& t : c.index_terms) {
        if (t.group != static_cast<int32_t>(d) || !t.ors) continue;
        const auto mask = static_cast<uint64_t>(t.mask), value = static_cast<uint64_t>(t.value);
        const bool select = t.shift == MvpTerm::kSelect;
        if (select && !std::has_single_bit(value)) {
          got.push_back(0);
          continue;
        }
        const int sh = (select ? std::countr_zero(value) - std::countr_zero(mask) : t.shift) - log2i(bits / 8);
        const auto it = tid_of.find(sh);
        got.push_back(it != tid_of.end() && it->second == t.mask ? by_shift[sh] : 0);
      }
      for (size_t k = 0; k + 1 < got.size(); k += 2)
        if (got[k] && got[k + 1]) shape.index_pairs.push_back(got[k] | got[k + 1]);
    }
    // padded: a bit of the address below its thread-index bit (in bytes):
    // ptxas's arithmetic proves no alignment (ptxas.h) but through each
    // base's own (vectorize's shr_align and shr_gep); a term of several bits
    // is masked by an `and` (of a `bfe.s32` or a select), which it reads; in
    // 3.9 a term of several bits shifted right is `shr (and tid, m), k`,
    // whose mask ptxas-blackwell reads too (H200 set s60-pairs: `shr (and
    // tid, 192), 2`, its 16-bit loads joined in pairs; 3.6's stay apart:
    // s35-fresh case 86). Unpadded R: each base's own too (vectorize's
    // shr_cap over O3's tree, held-out seeds 8504 3.6 and 8505 3.9: SASS
    // 27 -> 38 of 39 and 18 -> 26 of 28 of the kernels it changes against
    // the rule above)
    for (auto& [shift, m] : tid_of)
      if (shift + log2i(bits / 8) < 0 &&
          (t.version == TritonVersion::v3_6 || std::has_single_bit(static_cast<uint64_t>(m))))
        r_shifted_right = true;
    std::vector<int32_t> shifts(terms.size(), LdStShape::kNoShift);
    for (auto& [shift, bits] : by_shift) terms.push_back(bits), shifts.push_back(shift);
    for (size_t a = 0; a < terms.size(); ++a)
      for (size_t b = a + 1; b < terms.size();)
        if (terms[a] & terms[b]) {
          terms[a] |= terms[b];
          shifts[a] = LdStShape::kNoShift;
          terms.erase(terms.begin() + static_cast<std::ptrdiff_t>(b));
          shifts.erase(shifts.begin() + static_cast<std::ptrdiff_t>(b));
          b = a + 1;
        } else {
          ++b;
        }
    shape.r_terms = std::move(terms);
    shape.r_term_shifts = std::move(shifts);
  }
  shape.thread_bases = c.lane;
  shape.thread_bases.insert(shape.thread_bases.end(), c.warp.begin(), c.warp.end());
  shape.offset_log2 = c.offset_log2;
  shape.elem_bytes = bits / 8;
  shape.vec_bytes = (1 << k) * bits / 8;
  if (padded) shape.pads = padded->interval_pads;
  shape.version = version;
  shape.sm = t.sm;
  shape.load = !store;
  // O3 combines the loads whose values the global store packs into one
  // word: two 16-bit ones, four 8-bit ones (whole words only); and two 8-bit
  // ones packed into one i16 for an st.global.b16 (held-out seed 2110 3.6
  // line 3151: `load i16` appears between the two InferAlignment passes, the
  // LoadStoreVectorizer then keeps i16 and i8 loads apart)
  shape.unit_elems = bits == 16 && neighbour_vec >= 2 ? 2 : bits == 8 && neighbour_vec >= 4 ? 4 : bits == 8 && neighbour_vec == 2 ? 2 : 1;
  if (store) shape.source_elems = neighbour_vec;
  shape.proof = proof;
  const std::string prefix = store ? "st.shared." : "ld.shared.";
  const std::string single = prefix + shared_type(c, vecregs, bits, neighbour_vec, store);
  shape.word_bytes = single == prefix + "v2.b32" || single == prefix + "v4.b32" ? 4 : 0;
  shape.r_shifted_right = r_shifted_right;
  // (3.6 padded: vectorize gives each base what ptxas knows through them, TreeAlign::shr_align)
  const bool shr_known = version == TritonVersion::v3_6 && !shape.pads.empty();
  std::vector<Merged> merged = vectorize(acc, shape);
  if (store && stores && proof == LdStShape::Proof::model) *stores = merged;
  struct Kind {
    int64_t count = 0;
    int32_t bytes = 0;
  };
  std::map<std::string, Kind> kinds;  // per mnemonic
  std::vector<const std::string*> names;  // each instruction's
  auto spelled = [&](const Merged& m) {  // an instruction of several of Triton's accesses
    if (m.narrowed) return prefix + "b16";
    if (m.words) return prefix + word_type(m.bytes * 8);
    if (m.unit > shape.vec_bytes) {  // integer loads O3 combined, joined or not
      const int32_t n = m.bytes / m.unit;
      // PTX vectors hold at most four: NVPTX moves eight 16-bit values as
      // four packed words (held-out seed 2410 line 1009: `v4.b32`)
      if (n > 4) return prefix + word_type(m.bytes * 8);
      return prefix + (n == 1 ? "" : "v" + std::to_string(n) + ".") + "b" + std::to_string(8 * m.unit);
    }
    // bytes LLVM joined: an ld.global.b16's two halves (two of Triton's
    // single bytes) in order are that 16-bit value again (two of its `v2.b8`
    // pairs joined are a word: seed-2110 3.6 line 89); Triton's own i16 byte
    // pairs join as 16-bit elements
    if (bits == 8 && neighbour_vec == 2 && m.bytes == 2 && m.next >= 0 && (acc[m.lead].reg & 1) == 0 &&
        acc[m.next].reg == (acc[m.lead].reg | 1))
      return prefix + "b16";
    // four or eight stored bytes that are two or four ld.global.b16 values,
    // each in order: NVPTX stores those 16-bit registers (gapped 3.6 line
    // 66: `v4.b16` beside `v2.b32` of bytes it must pack; fresh seed 2420
    // line 977: `v2.b16` beside `b32` of bytes it permutes)
    if (bits == 8 && store && neighbour_vec == 2 && m.unit == 1 && m.pairs && (m.bytes == 4 || m.bytes == 8))
      return prefix + "v" + std::to_string(m.bytes / 2) + ".b16";
    // Triton's own 16-bit units of bytes (a `b16`, a `v2.b16`) join as 16-bit
    // elements (held-out seed 2502 3.9 line 10: two `v2.b16` are a `v4.b16`)
    if (bits == 8 && ((m.unit == 2 && single == prefix + "b16") || (m.unit == 4 && single == prefix + "v2.b16")) &&
        m.bytes <= 8)
      return prefix + "v" + std::to_string(m.bytes / 2) + ".b16";
    // 16-bit values the LoadStoreVectorizer joined: NVPTX loads them as
    // words, and splits them into 16-bit registers only where every word is
    // unpacked; a word the consumer takes whole (registers 2k, 2k + 1 in
    // order, the global store packing pairs: seed-2500 3.9 line 14) or one
    // with an unused half, filling a gap (line 671: a `v2.b32`) or growing
    // three to four (seed-2301 3.9 line 681), keeps them words
    if (bits == 16 && !store && m.unit == 2 && (m.word_half_unused || (shape.unit_elems == 2 && m.word_in_order)))
      return prefix + word_type(m.bytes * 8);
    // Triton's own 32-bit words (16-bit pairs the consumer packs) join as words
    if (bits == 16 && m.unit == 4 && single == prefix + "b32") return prefix + word_type(m.bytes * 8);
    return prefix + joined_type(m.bytes, bits, store, neighbour_vec);
  };
  auto single_kind = kinds.end();  // Triton's own accesses, most of them
  for (auto& m : merged) {
    if (m.count == 1 && !m.words && single_kind == kinds.end()) single_kind = kinds.try_emplace(single).first;
    auto it = m.count == 1 && !m.words ? single_kind : kinds.try_emplace(spelled(m)).first;
    it->second.count += 1;
    it->second.bytes = m.bytes;
    names.push_back(&it->first);
  }
  Instr in;
  in.wrong_addresses = wrong;
  in.shared = true;
  in.store = store;
  in.per_thread = static_cast<int64_t>(merged.size());
  if (proof == LdStShape::Proof::model) {  // the other way LLVM's proof could go
    const bool joined = std::any_of(merged.begin(), merged.end(), [](const Merged& m) { return m.count > 1; });
    if (joined || r_too_deep(acc, shape) || r_tree_decides(acc, shape)) {
      Instr other = ldst(c, shared, bits, store, t, neighbour_vec, false,
                         joined ? LdStShape::Proof::none : LdStShape::Proof::full);
      if (joined || other.per_thread != in.per_thread) {
        LlvmAlternative alt{!joined, "", other.per_thread, other.wavefronts, other.ideal};
        alt.instruction = as_report(std::move(other), bits).instruction;
        in.llvm_alternative = std::move(alt);
      }
    }
  }
  int64_t most = 0;
  for (auto& [name, kind] : kinds)
    if (kind.count > most || (kind.count == most && kind.bytes > in.bytes_per_lane)) {
      most = kind.count;
      in.mnemonic = name;
      in.bytes_per_lane = kind.bytes;
    }
  const bool mixed = kinds.size() > 1;
  if (mixed)
    for (size_t i = 0; i < merged.size(); ++i) in.sequence.push_back({*names[i], merged[i].bytes});
  if (proof == LdStShape::Proof::model && ptxas_may_join(merged)) {  // what ptxas makes of them
    for (size_t i = 0; i < merged.size(); ++i) merged[i].byte_pair = names[i]->ends_with("v2.b8");
    static const std::vector<Merged> none;
    const std::vector<SassAccess> sass =
        ptxas_accesses(merged, store, !store && stores ? *stores : none,
                       shape.pads.empty() || !r_shifted_right || shr_known, bits / 8);
    if (sass.size() < merged.size()) in.ptxas = ptxas_merge(c, acc, merged, sass, phys, bits, store);
  }
  const PhysicalOffset identity;
  for (int64_t w = 0; w < (int64_t{1} << c.warp.size()); ++w) {
    for (size_t i = 0; i < merged.size(); ++i) {
      if (!details && !mixed && !phys && !in.accesses.empty()) {  // costs what the first does
        repeat_first(in);
        continue;
      }
      const LdStAccess& a = acc[merged[i].lead];
      LaneOffsets lanes;
      for (int l = 0; l < 32; ++l) lanes[l] = access_offset(c, w, l, a);
      const bool gap = merged[i].lead_gap != 0;  // it starts at an unused access below the lead, or inside it (a word)
      if (gap)
        for (auto& x : lanes) x = (phys ? phys(x) : x) - merged[i].lead_gap * 8 / bits;
      add_warp_instr(in, w, static_cast<int32_t>(i), lanes, bits, merged[i].bytes, gap ? identity : phys,
                     details);
    }
  }
  return in;
}

// Elements per global access of a register layout (see the header).
int32_t global_vec(const LinearLayout& reg, int32_t bits) {
  const auto& regs = reg.bases("register");
  const size_t last = reg.outs().size() - 1;
  int k = 0;
  for (; k < static_cast<int>(regs.size()); ++k) {
    bool unit = regs[k][last] == (1 << k);
    for (size_t d = 0; d < last; ++d) unit = unit && regs[k][d] == 0;
    if (!unit) break;
  }
  return std::min(1 << k, std::max(1, 128 / bits));
}

// Per-thread instructions of each mnemonic.
std::map<std::string, int64_t> per_mnemonic(const Instr& in) {
  if (in.sequence.empty()) return {{in.mnemonic, in.per_thread}};
  std::map<std::string, int64_t> n;
  for (auto& p : in.sequence) n[p.mnemonic] += 1;
  return n;
}

void count(KernelReport& r, Instr in, const std::string& op) {
  in.op = op;
  for (auto& [m, k] : per_mnemonic(in)) r.ptx_per_thread[m] += k;
  if (in.shared) (in.store ? r.shared_store_wavefronts : r.shared_load_wavefronts) += counted_wavefronts(in);
  r.instrs.push_back(std::move(in));
}

int64_t distinct_regs(const LinearLayout& l) {
  int64_t n = 1;
  for (auto& b : l.bases("register"))
    if (std::any_of(b.begin(), b.end(), [](int32_t x) { return x != 0; })) n *= 2;
  return n;
}

int32_t warps_of(const LinearLayout& l) { return static_cast<int32_t>(l.in_size("warp")); }

void check_bits(int32_t bits) {
  if (bits != 8 && bits != 16 && bits != 32) fail("--bits must be 8, 16 or 32 for codegen, not " + std::to_string(bits));
}

}  // namespace

SharedOpReport as_report(Instr in, int32_t bits) {
  SharedOpReport o;
  o.instruction = in.mnemonic;
  if (!in.sequence.empty()) {  // several widths: each with its count, the most frequent first
    std::vector<std::pair<int64_t, std::string>> order;
    for (auto& [m, k] : per_mnemonic(in)) order.emplace_back(-k, m);
    std::sort(order.begin(), order.end());
    o.instruction.clear();
    for (auto& [k, m] : order) o.instruction += (o.instruction.empty() ? "" : " + ") + m + " x" + std::to_string(-k);
  }
  o.access_bits = in.bytes_per_lane * 8;
  o.vector_elems = std::max(1, o.access_bits / bits);
  o.instructions = in.warp_instructions;
  o.wavefronts = in.wavefronts;
  o.ideal = in.ideal;
  o.llvm_alternative = in.llvm_alternative;
  o.ptxas = in.ptxas;
  o.hardware_fault = in.hardware_fault;
  o.wrong_addresses = in.wrong_addresses;
  for (const auto& x : in.accesses) o.max_wavefronts = std::max(o.max_wavefronts, x.wavefronts);
  o.accesses = std::move(in.accesses);
  return o;
}

LinearLayout lowered(const TensorLayout& t, TritonVersion v) {
  require(t.spec != nullptr, "codegen takes Triton layouts (blocked, slice, linear, MMA, dot operand, shared kinds)");
  return to_linear(*t.spec, t.shape, v);
}

Instr global_access(const LinearLayout& reg, int32_t bits, bool store, TritonVersion version) {
  const int32_t v = global_vec(reg, bits);
  Instr in;
  in.store = store;
  in.bytes_per_lane = std::max(1, v * bits / 8);
  int64_t regs = reg.in_size("register");
  if (version == TritonVersion::v3_9) regs = distinct_regs(reg);  // 3.9 moves each distinct register once
  in.per_thread = regs / v;
  in.mnemonic = std::string(store ? "st.global." : "ld.global.") + word_type(v * bits);
  return in;
}

namespace {

Instr shared_access_cvt(const Cvt& c, const Spec& shared, int32_t bits, bool store, const Target& t,
                        int32_t neighbour_vec, bool details, std::vector<Merged>* stores = nullptr) {
  if (!std::holds_alternative<PaddedShared>(shared.v))
    for (bool trans : {false, true})
      if (auto m = try_matrix(c, bits, store, trans, t, details)) return *m;
  Instr in = ldst(c, shared, bits, store, t, neighbour_vec, details, LdStShape::Proof::model, stores);
  // only padding can misplace a vector (every warp instruction is evaluated
  // then); linear layouts keep Triton's and LLVM's vectors aligned
  for (const SharedAccess& a : in.accesses) {
    const bool one = in.sequence.empty();
    const std::string& mn = one ? in.mnemonic : in.sequence[a.index].mnemonic;
    const int32_t bytes = one ? in.bytes_per_lane : in.sequence[a.index].bytes;
    for (int64_t off : a.lane_offset)
      if (off >= 0 && off * bits / 8 % bytes != 0) {
        in.hardware_fault = "misaligned address: " + mn + " at byte " + std::to_string(off * bits / 8) + " (" +
                            std::to_string(bytes) + "-byte accesses)";
        return in;
      }
  }
  return in;
}

}  // namespace

Instr shared_access(const LinearLayout& reg, const Spec& shared, const LinearLayout& shared_ll, int32_t bits,
                    bool store, const Target& t, int32_t neighbour_vec, bool details) {
  require(!shared_ll.has_in("partition"),
          "partitioned_shared is an AMD CDNA5 layout; the shared-memory instruction model is NVIDIA's");
  return shared_access_cvt(cvt_of(reg, shared_ll, bits), shared, bits, store, t, neighbour_vec, details);
}

std::pair<Instr, Instr> round_trip_ops(const TensorLayout& reg, const TensorLayout& shared, int32_t bits,
                                       const Target& t, bool details) {
  KernelReport r = via_shared(reg, shared, bits, t, details);
  return {std::move(r.instrs[1]), std::move(r.instrs[2])};
}

KernelReport via_shared(const TensorLayout& reg, const TensorLayout& shared, int32_t bits, const Target& t,
                        bool details) {
  check_bits(bits);
  require(reg.spec && !is_shared(*reg.spec), "--load must be a distributed layout");
  require(shared.spec && is_shared(*shared.spec), "--via-shared must be a shared layout");
  require(!std::holds_alternative<PartitionedShared>(shared.spec->v),
          "--via-shared: partitioned_shared is an AMD CDNA5 layout; the shared-memory instruction model is NVIDIA's");
  KernelReport r;
  r.target = t;
  r.bits = bits;
  r.path = "via_shared";
  LinearLayout rl = lowered(reg, t.version), sl = lowered(shared, t.version);
  require(rl.outs() == sl.outs(), "--load and --via-shared must have the same shape");
  r.num_warps = warps_of(rl);
  const int32_t g = static_cast<int32_t>(global_vec(rl, bits));
  count(r, global_access(rl, bits, false, t.version), "gl.load");
  const Cvt c = cvt_of(rl, sl, bits);
  std::vector<Merged> stores;  // through the registers the loads use
  count(r, shared_access_cvt(c, *shared.spec, bits, true, t, g, details, &stores), "local_store");
  count(r, shared_access_cvt(c, *shared.spec, bits, false, t, g, details, &stores), "local_load");
  count(r, global_access(rl, bits, true, t.version), "gl.store");
  int64_t offsets = sl.in_size("offset");
  if (auto* p = std::get_if<PaddedShared>(&shared.spec->v)) offsets = padded_offset(*p, offsets - 1) + 1;
  r.shared_bytes = offsets * bits / 8;
  return r;
}

int64_t shared_limit(int32_t sm) { return sm == 80 ? 163 * 1024 : 227 * 1024; }

std::string launch_error(const KernelReport& r) {
  const std::string why = "Triton will not launch it: ";
  if (r.num_warps > 32)
    return why + std::to_string(r.num_warps) + " warps are " + std::to_string(32 * r.num_warps) +
           " threads, a CTA has at most 1024 (OutOfResources)";
  if (r.shared_bytes > shared_limit(r.target.sm))
    return why + std::to_string(r.shared_bytes) + " bytes of shared memory, sm_" + std::to_string(r.target.sm) +
           " allows " + std::to_string(shared_limit(r.target.sm)) + " per CTA (OutOfResources)";
  return {};
}

KernelReport copy(const TensorLayout& reg, int32_t bits, const Target& t) {
  check_bits(bits);
  require(reg.spec && !is_shared(*reg.spec), "--load must be a distributed layout");
  KernelReport r;
  r.target = t;
  r.bits = bits;
  r.path = "copy";
  LinearLayout rl = lowered(reg, t.version);
  r.num_warps = warps_of(rl);
  count(r, global_access(rl, bits, false, t.version), "gl.load");
  count(r, global_access(rl, bits, true, t.version), "gl.store");
  return r;
}

SharedConvert shared_convert(const LinearLayout& a, const LinearLayout& b, int32_t bits, const Target& t,
                             bool details) {
  check_bits(bits);
  SharedConvert r;
  r.smem = cvt_smem(without_register_broadcast(a), without_register_broadcast(b), bits, t.sm);
  auto side = [&](const LinearLayout& l, int kind, bool store) {
    Cvt c = cvt_of(l, r.smem.layout, bits);
    if (kind > 0)
      if (auto m = try_matrix(c, bits, store, kind == 2, t, details, r.smem.scratch_elems)) return *m;
    return plain(c, bits, store, 128 / bits, global_vec(l, bits), details, r.smem.scratch_elems);
  };
  r.store = side(a, r.smem.src_instr, true);
  r.load = side(b, r.smem.dst_instr, false);
  return r;
}

Instr warp_shuffles(const LinearLayout& a, const LinearLayout& b, int32_t bits, const ConversionReport& cv) {
  int reg_bits = 0;  // log2 of the wider side's registers without broadcast
  for (const LinearLayout* l : {&a, &b}) {
    int n = 0;
    for (int64_t r = distinct_regs(*l); r > 1; r >>= 1) ++n;
    reg_bits = std::max(reg_bits, n);
  }
  int pack = 0;  // log2 of the elements per 32-bit word: at most 4, keeping the mixed bits apart
  for (int per_word = std::min(32 / bits, 4); per_word > 1; per_word >>= 1) ++pack;
  pack = std::min(pack, reg_bits - cv.warp.mixed);
  const int64_t words = int64_t{1} << (reg_bits - pack);
  Instr in;
  in.op = "convert_layout";
  in.bytes_per_lane = 4;
  if (cv.warp.mixed == 1 && cv.warp.lanes_fixed) {
    in.mnemonic = "shfl.sync.bfly.b32";  // one word of each pair crosses to the partner lane
    in.per_thread = words / 2;
  } else {
    in.mnemonic = "shfl.sync.idx.b32";
    in.per_thread = words;
  }
  return in;
}

KernelReport via_convert(const TensorLayout& src, const TensorLayout& dst, int32_t bits, const Target& t,
                         bool details) {
  check_bits(bits);
  require(src.spec && !is_shared(*src.spec), "--load must be a distributed layout");
  require(dst.spec && !is_shared(*dst.spec), "--convert must be a distributed layout");
  KernelReport r;
  r.target = t;
  r.bits = bits;
  LinearLayout a = lowered(src, t.version), b = lowered(dst, t.version);
  require(a.outs() == b.outs(), "--load and --convert must have the same shape");
  r.num_warps = warps_of(a);
  ConversionReport cv = analyze_conversion(a, b, bits, t.version, false);
  r.path = ls::to_string(cv.kind);
  count(r, global_access(a, bits, false, t.version), "gl.load");
  if (cv.kind == ConversionKind::shared_memory) {
    SharedConvert sc = shared_convert(a, b, bits, t, details);
    count(r, std::move(sc.store), "convert_layout");
    count(r, std::move(sc.load), "convert_layout");
    r.shared_bytes = sc.smem.scratch_elems * bits / 8;
  } else if (cv.kind == ConversionKind::warp_shuffle) {
    count(r, warp_shuffles(a, b, bits, cv), "convert_layout");
  }
  count(r, global_access(b, bits, true, t.version), "gl.store");
  return r;
}

}  // namespace ls::codegen
