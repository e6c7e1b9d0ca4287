#include "bank_conflicts.h"

#include <algorithm>
#include <array>

#include "../error.h"
#include "../interrupt.h"
#include "f2.h"
#include "shared_access.h"

namespace ls {

void check_element_bits(int32_t bits) {
  require(bits == 8 || bits == 16 || bits == 32 || bits == 64,
          "--bits must be 8, 16, 32 or 64, not " + std::to_string(bits));
}

int32_t wavefronts(std::span<const int64_t> lane_bytes, int32_t access_bytes, std::vector<BankCollision>* collisions,
                   int32_t* ideal, bool plain_load) {
  const int32_t lanes = static_cast<int32_t>(lane_bytes.size());
  require(lanes <= 32, "a warp instruction has at most 32 lanes, not " + std::to_string(lanes));
  const int32_t per_phase = access_bytes <= 4 ? 32 : access_bytes == 8 ? 16 : 8;
  // the phases: phase p is lanes order[start[p]] .. order[start[p + 1] - 1]
  std::array<int32_t, 32> order;
  std::array<int32_t, 33> start;
  int32_t phases = 0, n = 0;
  if (plain_load && access_bytes > 4) {
    // 8- and 16-byte loads: each quad of lanes asks for its distinct
    // addresses; a phase takes quads in order while it asks for at most 16
    // (8-byte) or 8 (16-byte: within one half-warp) addresses, 128 bytes
    const int32_t cap = access_bytes == 8 ? 16 : 8, group = access_bytes == 8 ? 32 : 16;
    int32_t asked = cap;
    for (int32_t q = 0; q < lanes; q += 4) {
      const int32_t first = n;
      int32_t distinct = 0;
      for (int32_t l = q; l < std::min(lanes, q + 4); ++l) {
        if (lane_bytes[l] < 0) continue;
        bool seen = false;
        for (int32_t k = first; k < n; ++k) seen = seen || lane_bytes[order[k]] == lane_bytes[l];
        distinct += seen ? 0 : 1;
        order[n++] = l;
      }
      if (q % group == 0) asked = cap;  // a new group starts a new phase
      if (n == first) continue;
      if (asked + distinct > cap) {
        start[phases++] = first;
        asked = 0;
      }
      asked += distinct;
    }
  } else {
    for (int32_t p0 = 0; p0 < lanes; p0 += per_phase) {
      start[phases++] = n;
      for (int32_t l = p0; l < std::min(lanes, p0 + per_phase); ++l)
        if (lane_bytes[l] >= 0) order[n++] = l;
    }
  }
  start[phases] = n;
  int32_t total = 0, best = 0;
  // distinct words per bank in one phase (a lane touches each bank at most once)
  std::array<std::array<int64_t, 32>, 32> words;
  std::array<int32_t, 32> count;
  for (int32_t p = 0; p < phases; ++p) {
    if (start[p] == start[p + 1]) continue;
    count.fill(0);
    for (int32_t k = start[p]; k < start[p + 1]; ++k) {
      const int64_t b = lane_bytes[order[k]];
      for (int64_t w = b / 4; w <= (b + access_bytes - 1) / 4; ++w) {
        auto& v = words[w % 32];
        int32_t& c = count[w % 32];
        if (std::find(v.begin(), v.begin() + c, w) == v.begin() + c && c < 32) v[c++] = w;
      }
    }
    const int32_t wf = std::max(1, *std::max_element(count.begin(), count.end()));
    total += wf;
    ++best;
    if (collisions && wf > 1) {
      for (int32_t b = 0; b < 32; ++b) {
        if (count[b] < 2) continue;
        BankCollision c{p, b, count[b], {}};
        for (int32_t k = start[p]; k < start[p + 1]; ++k) {
          const int64_t a = lane_bytes[order[k]];
          for (int64_t w = a / 4; w <= (a + access_bytes - 1) / 4; ++w)
            if (w % 32 == b) {
              c.lanes.push_back(order[k]);
              break;
            }
        }
        collisions->push_back(std::move(c));
      }
    }
  }
  if (ideal) *ideal = best;
  return total;
}

PhysicalOffset physical_offset_of(const Spec& shared) {
  if (auto* p = std::get_if<PaddedShared>(&shared.v)) {
    PaddedShared copy = *p;
    return [copy](int64_t o) { return padded_offset(copy, o); };
  }
  return {};
}

namespace {

std::string plain_name(bool store, int32_t access_bits) {
  std::string op = store ? "st.shared." : "ld.shared.";
  if (access_bits <= 32) return op + "b" + std::to_string(access_bits);
  return op + (access_bits == 64 ? "v2.b32" : "v4.b32");
}

// Counts one instruction; `elem_bytes` turns the lanes' offsets into addresses.
void add_access(SharedOpReport& r, SharedAccess a, int32_t elem_bytes, int32_t access_bytes, bool plain_load) {
  LaneOffsets bytes;
  for (size_t l = 0; l < bytes.size(); ++l) bytes[l] = a.lane_offset[l] >= 0 ? a.lane_offset[l] * elem_bytes : -1;
  a.wavefronts = wavefronts(bytes, access_bytes, &a.collisions, &a.ideal, plain_load);
  r.instructions += 1;
  r.wavefronts += a.wavefronts;
  r.ideal += a.ideal;
  r.max_wavefronts = std::max(r.max_wavefronts, a.wavefronts);
  r.accesses.push_back(std::move(a));
}

// One direction from the threads' offsets (`lists`: thread_lists(t), only
// for plain accesses).
SharedOpReport analyze(const ThreadOffsets& t, const std::vector<std::vector<int64_t>>& lists, int32_t bits, bool store,
                       const SharedOpOptions& opt) {
  SharedOpReport r;
  if (opt.instr == SharedInstr::plain) {
    int32_t v = widest_vector(lists, 128 / bits);
    r.vector_elems = v;
    r.access_bits = v * bits;
    r.instruction = plain_name(store, r.access_bits);
    const int32_t bytes = std::max(1, r.access_bits / 8);
    for (int64_t w = 0; w < t.warps * t.blocks; ++w) {
      work_point(store ? "bank conflicts, stores" : "bank conflicts, loads", w, t.warps * t.blocks);
      std::array<std::vector<int64_t>, 32> runs;  // per lane: run starts, in register order
      size_t n = 0;
      for (int32_t l = 0; l < 32; ++l) {
        runs[l] = thread_runs(lists[l + 32 * w], v);
        n = std::max(n, runs[l].size());
      }
      for (size_t i = 0; i < n; ++i) {
        SharedAccess a;
        a.block = w / t.warps;
        a.warp = w % t.warps;
        a.index = static_cast<int32_t>(i);
        a.lane_offset.fill(-1);
        for (int32_t l = 0; l < 32; ++l)
          if (i < runs[l].size()) a.lane_offset[l] = runs[l][i];
        add_access(r, std::move(a), bits / 8, bytes, !store);
      }
    }
    return r;
  }
  // ldmatrix / stmatrix
  const std::string name = store ? "stmatrix" : "ldmatrix";
  require(bits == 16, name + " moves 16-bit elements; --bits is " + std::to_string(bits));
  const int32_t m = opt.matrices;
  require(m == 1 || m == 2 || m == 4, name + ": the matrix count must be 1, 2 or 4, not " + std::to_string(m));
  require(t.regs % (2 * m) == 0, name + ".x" + std::to_string(m) + " needs a multiple of " + std::to_string(2 * m) +
                                     " registers per thread; the register layout has " + std::to_string(t.regs));
  r.vector_elems = 8;
  r.access_bits = 128;
  r.instruction = name + ".sync.aligned.m8n8.x" + std::to_string(m) + (opt.trans ? ".trans" : "") + ".shared.b16";
  for (int64_t w = 0; w < t.warps * t.blocks; ++w) {
    work_point(store ? "bank conflicts, stores" : "bank conflicts, loads", w, t.warps * t.blocks);
    for (int64_t k = 0; k < t.regs / (2 * m); ++k) {
      SharedAccess a;
      a.block = w / t.warps;
      a.warp = w % t.warps;
      a.index = static_cast<int32_t>(k);
      a.lane_offset.fill(-1);
      for (int32_t j = 0; j < m; ++j) {
        std::array<int64_t, 8> row{};
        for (int32_t q = 0; q < 8; ++q) {
          int64_t reg0 = k * 2 * m + 2 * j + (opt.trans ? (q & 1) : 0);
          int32_t lane = opt.trans ? (q >> 1) : 4 * q;
          row[q] = t.at(reg0, lane + 32 * w);
          if (row[q] < 0 || row[q] * 2 % 16 != 0)
            fail(name + ": row " + std::to_string(q) + " of matrix " + std::to_string(j) +
                      " does not start on a 16-byte boundary in shared memory");
        }
        for (int32_t l = 0; l < 32; ++l)
          for (int32_t h = 0; h < 2; ++h) {
            int64_t want = opt.trans ? row[2 * (l & 3) + h] + (l >> 2) : row[l >> 2] + 2 * (l & 3) + h;
            if (t.at(k * 2 * m + 2 * j + h, l + 32 * w) != want)
              fail(name + (opt.trans ? ".trans" : "") + ": the register layout does not match the instruction's "
                    "fragment (lane " + std::to_string(l) + ", register " + std::to_string(k * 2 * m + 2 * j + h) + ")");
          }
        for (int32_t q = 0; q < 8; ++q) a.lane_offset[8 * j + q] = row[q];
      }
      add_access(r, std::move(a), 2, 16, false);
    }
  }
  return r;
}

}  // namespace

SharedOpReport analyze_shared_access(const LayoutMap& reg, const LayoutMap& shared, int32_t bits, bool store,
                                     const SharedOpOptions& opt, const PhysicalOffset& physical) {
  check_element_bits(bits);
  ThreadOffsets t = thread_offsets(reg, shared, physical);
  return analyze(t, opt.instr == SharedInstr::plain ? thread_lists(t) : std::vector<std::vector<int64_t>>{}, bits, store, opt);
}

SharedOpReport shared_access_totals(const LayoutMap& reg, const LayoutMap& shared, int32_t bits, bool store) {
  const LinearLayout* R = reg.linear();
  const LinearLayout* S = shared.linear();
  bool linear = R && S && R->in_size("lane") == 32 && S->in_size("block") == 1 && R->in_size("block") == 1 &&
                R->out_names() == S->out_names() && reg.shape() == shared.shape();
  for (const auto& d : linear ? R->ins() : std::vector<LinearLayout::InDim>{})
    linear = linear && (d.name == "register" || d.name == "lane" || d.name == "warp" || d.name == "block");
  auto scols = linear ? S->flat_columns() : std::vector<uint64_t>{};
  f2::Solver solve(scols);
  // An injective shared layout: every element has one offset (else "smallest offset" is not linear).
  if (!linear || solve.rank() != static_cast<int>(scols.size())) return analyze_shared_access(reg, shared, bits, store);
  check_element_bits(bits);
  // C: each hardware input bit -> the shared offset bits it flips (offset = XOR over set bits).
  auto rcols = R->flat_columns();
  std::vector<int64_t> reg_c, thread_c;  // register columns; lane then warp columns
  size_t c = 0;
  for (const auto& d : R->ins())
    for (size_t i = 0; i < d.bases.size(); ++i, ++c) {
      auto x = solve.preimage(rcols[c]);
      if (!x) fail("element " + std::to_string(rcols[c]) + " of the register layout has no place in the shared layout");
      (d.name == "register" ? reg_c : thread_c).push_back(static_cast<int64_t>(*x));
    }
  auto offset_of = [](const std::vector<int64_t>& cols, int64_t x) {
    int64_t o = 0;
    for (size_t i = 0; i < cols.size(); ++i)
      if (x >> i & 1) o ^= cols[i];
    return o;
  };
  // The registers a thread keeps (the first of equal offsets), the same for every thread.
  std::vector<int64_t> kept;
  std::vector<uint8_t> seen(static_cast<size_t>(int64_t{1} << scols.size()), 0);
  for (int64_t r = 0; r < (int64_t{1} << reg_c.size()); ++r) {
    int64_t o = offset_of(reg_c, r);
    if (!seen[o]) seen[o] = 1, kept.push_back(o);
  }
  // Vector width: fitting thread 0 and each single-bit thread is fitting every
  // thread (a thread's offsets are thread 0's XOR its constant).
  std::vector<std::vector<int64_t>> lists;
  for (int64_t t : [&] {
         std::vector<int64_t> ts{0};
         for (size_t i = 0; i < thread_c.size(); ++i) ts.push_back(int64_t{1} << i);
         return ts;
       }()) {
    int64_t k = offset_of(thread_c, t);
    std::vector<int64_t> l;
    for (int64_t o : kept) l.push_back(o ^ k);
    lists.push_back(std::move(l));
  }
  SharedOpReport r;
  int32_t v = widest_vector(lists, 128 / bits);
  r.vector_elems = v;
  r.access_bits = v * bits;
  r.instruction = plain_name(store, r.access_bits);
  std::vector<int64_t> first(32);
  for (int64_t l = 0; l < 32; ++l) first[l] = (kept[0] ^ offset_of(thread_c, l)) * (bits / 8);
  int32_t ideal = 0;
  int32_t wf = wavefronts(first, std::max(1, r.access_bits / 8), nullptr, &ideal, !store);
  r.instructions = static_cast<int64_t>(kept.size() / v) * R->in_size("warp");
  r.wavefronts = wf * r.instructions;
  r.ideal = ideal * r.instructions;
  r.max_wavefronts = wf;
  return r;
}

BankConflictReport analyze_bank_conflicts(const LayoutMap& reg, const LayoutMap& shared, int32_t bits,
                                          const SharedOpOptions& opt, const PhysicalOffset& physical) {
  check_element_bits(bits);
  ThreadOffsets t = thread_offsets(reg, shared, physical);
  auto lists = opt.instr == SharedInstr::plain ? thread_lists(t) : std::vector<std::vector<int64_t>>{};
  BankConflictReport r;
  r.store = analyze(t, lists, bits, true, opt);
  r.load = analyze(t, lists, bits, false, opt);
  if (reg.linear() && shared.linear()) r.triton_conflicts_per_wavefront = triton_bank_conflicts(*reg.linear(), *shared.linear(), bits);
  return r;
}

int32_t triton_bank_conflicts(const LinearLayout& reg, const LinearLayout& shared, int32_t bits) {
  check_element_bits(bits);
  require(reg.has_in("register") && reg.has_in("lane"), "the register layout must have register and lane dims");
  require(shared.has_in("offset"), "the shared layout must have an offset dim");
  require(reg.out_names() == shared.out_names(), "the register and shared layouts must cover the same tensor dims");
  for (auto& o : reg.outs())
    require(o.log2 == shared.out_log2(o.name), "the register and shared layouts must have the same shape");
  // Flat outputs of both layouts (one convention for both).
  auto rcols = reg.flat_columns();
  auto scols = shared.flat_columns();
  const int offset_bits = shared.in_log2("offset");
  // Register bases without the broadcast (zero) ones; then lane, warp, block.
  std::vector<uint64_t> regs, others, lanes;
  size_t c = 0;
  for (auto& d : reg.ins())
    for (size_t i = 0; i < d.bases.size(); ++i, ++c) {
      if (d.name == "register") {
        if (rcols[c]) regs.push_back(rcols[c]);
        continue;
      }
      others.push_back(rcols[c]);
      if (d.name == "lane") lanes.push_back(rcols[c]);
    }
  // register/lane/warp/block -> shared input (offset low, block high).
  f2::Solver solve(scols);
  auto to_shared = [&](uint64_t v) {
    auto x = solve.preimage(v);
    require(x.has_value(), "the shared layout does not hold every element of the register layout");
    return *x;
  };
  std::vector<uint64_t> creg, coth;
  for (auto v : regs) creg.push_back(to_shared(v));
  for (auto v : others) coth.push_back(to_shared(v));
  // Largest vectorisation (Triton's largestVectorisation with permutation).
  int32_t vec = 1;
  for (int32_t v = 128 / bits; v > 1; v /= 2) {
    int k = 0;
    while ((1 << k) < v) ++k;
    if (k > offset_bits) continue;
    std::vector<bool> used(creg.size(), false);
    bool ok = true;
    for (int i = 0; i < k && ok; ++i) {
      ok = false;
      for (size_t j = 0; j < creg.size(); ++j)
        if (!used[j] && creg[j] == (uint64_t{1} << i)) {
          used[j] = ok = true;
          break;
        }
    }
    if (!ok) continue;
    const uint64_t low = static_cast<uint64_t>(v - 1);
    for (size_t j = 0; j < creg.size() && ok; ++j)
      if (!used[j] && (creg[j] & low)) ok = false;
    for (auto x : coth)
      if (x & low) ok = false;
    if (ok) {
      vec = v;
      break;
    }
  }
  const int64_t total = int64_t{1} << scols.size();
  const int64_t bank = std::min<int64_t>(1024 / (vec * bits), total);
  int skip = 0;
  while ((int64_t{1} << skip) < bank * vec) ++skip;
  std::vector<uint64_t> segment(scols.begin() + std::min<size_t>(skip, scols.size()), scols.end());
  int drop = 0;
  while ((1 << drop) < std::max(vec * bits / 32, 1)) ++drop;
  lanes.resize(lanes.size() - std::min<size_t>(drop, lanes.size()));
  return (1 << f2::intersection_dim(segment, lanes)) - 1;
}

}  // namespace ls
