#include "ptxas.h"

#include <algorithm>
#include <cstdlib>

namespace ls::codegen {

namespace {

// What ptxas knows of a base: base + o is a multiple of w (the widest
// promise; the others follow from it, the program being valid).
struct Known {
  int64_t o = 0;
  int32_t w = 1;
  void add(int64_t offset, int32_t bytes) {
    if (bytes > w) o = offset, w = std::min(bytes, 16);
  }
  // the largest power of two (at most 16) known to divide base + offset
  int32_t align(int64_t offset) const {
    const int64_t d = ((offset - o) % w + w) % w;
    return static_cast<int32_t>(d == 0 ? w : d & -d);
  }
};

// ptxas joins loads at most this many loads apart in the program (session
// 55: seed-2406 3.6 line 1087's +0/+2 pairs, 32 apart, stay LDS.U16 in a
// 16-byte aligned register; 20 to 28 fit the cubins alike)
constexpr int32_t kLoadWindow = 24;

// 16-bit loads from op[idx[i]] on (idx sorted by offset) that follow on,
// near it in the program, inside one 8-byte window ptxas knows aligned: one
// LDS.64, from below the first where it is not the window's start (a pair
// alone in the window: an LDS); or a pair at a 4-byte aligned offset: an
// LDS; else the load alone (seed-2401 3.6 line 778: +2, +4, +6 of an
// 8-aligned register are `LDS.64 [R0]`, +8 an LDS.U16)
SassAccess halves_run(const std::vector<Merged>& op, const std::vector<int32_t>& idx, size_t i, const Known& known) {
  const int64_t first = op[idx[i]].offset;
  for (const int32_t size : {8, 4}) {
    int64_t start = -1;  // the window's
    for (int64_t k = 0; k < size / 2 && start < 0; ++k)
      if (known.align(first - 2 * k) >= size) start = first - 2 * k;
    if (start < 0 || (size == 4 && start != first)) continue;
    std::vector<int32_t> run;
    int64_t next = first;
    for (size_t j = i; j < idx.size() && op[idx[j]].offset + op[idx[j]].bytes <= start + size; ++j) {
      const Merged& m = op[idx[j]];
      if (m.bytes != 2 || m.split || m.byte_pair) break;
      if (std::abs(idx[j] - idx[i]) > kLoadWindow) continue;
      if (m.offset != next) break;
      run.push_back(idx[j]);
      next += 2;
    }
    if (run.size() < 2 || (size == 8 && run.size() == 2 && known.align(first) >= 4)) continue;
    return {run, size, static_cast<int32_t>(first - start), true};
  }
  return {{idx[i]}, 2};
}

}  // namespace

bool ptxas_may_join(const std::vector<Merged>& op) {
  // (base, offset) as one key: the base above bit 40, the offset (a shared
  // memory byte offset, far inside +-2^39) below it
  constexpr int kBase = 40;
  std::vector<uint64_t> at;
  at.reserve(op.size());
  for (const Merged& m : op)
    at.push_back(static_cast<uint64_t>(m.base) << kBase | static_cast<uint64_t>(m.offset + (int64_t{1} << (kBase - 1))));
  if (!std::is_sorted(at.begin(), at.end())) std::sort(at.begin(), at.end());
  for (size_t i = 1; i < at.size(); ++i)
    if (at[i] >> kBase == at[i - 1] >> kBase && at[i] - at[i - 1] < 16) return true;
  return false;
}

std::vector<SassAccess> ptxas_accesses(const std::vector<Merged>& op, bool store, const std::vector<Merged>& other,
                                       bool arithmetic, int32_t elem_bytes) {
  // a store ptxas joined promises its width to the loads, as the PTX's own
  // accesses do (not for 8-bit data: session 54, seed-2550 line 523)
  const std::vector<Merged> joined = [&] {
    std::vector<Merged> j;
    if (!store && elem_bytes > 1 && ptxas_may_join(other))
      for (const SassAccess& a : ptxas_accesses(other, true, {}, arithmetic, elem_bytes))
        if (a.ptx.size() > 1) {
          j.push_back(other[static_cast<size_t>(a.ptx.front())]);
          j.back().bytes = a.bytes;
        }
    return j;
  }();
  int32_t bases = 0;  // bases are numbered from 0
  for (const auto* list : {&op, &other})
    for (const Merged& m : *list) bases = std::max(bases, m.base + 1);
  std::vector<Known> known_of(static_cast<size_t>(bases));
  for (const auto* list : {&op, &other, &joined})
    for (const Merged& m : *list) {
      Known& k = known_of[static_cast<size_t>(m.base)];
      k.add(m.offset, m.bytes);
      if (arithmetic) k.add(0, m.base_align);
    }
  std::vector<int32_t> pos(op.size());  // each store's place in program order
  if (store) {
    const std::vector<int32_t> o = store_order(op);
    for (size_t k = 0; k < o.size(); ++k) pos[static_cast<size_t>(o[k])] = static_cast<int32_t>(k);
  }
  std::vector<std::vector<int32_t>> by_base(static_cast<size_t>(bases));
  for (int32_t i = 0; i < static_cast<int32_t>(op.size()); ++i) by_base[static_cast<size_t>(op[i].base)].push_back(i);
  std::vector<SassAccess> out;
  out.reserve(op.size());
  for (int32_t base = 0; base < bases; ++base) {
    std::vector<int32_t>& idx = by_base[static_cast<size_t>(base)];
    if (idx.empty()) continue;
    const size_t first = out.size();  // this base's accesses in out
    const auto by_offset = [&](int32_t a, int32_t b) {  // then in program order
      return op[a].offset != op[b].offset ? op[a].offset < op[b].offset : a < b;
    };
    if (!std::is_sorted(idx.begin(), idx.end(), by_offset)) std::sort(idx.begin(), idx.end(), by_offset);
    const Known& known = known_of[static_cast<size_t>(base)];
    for (size_t i = 0; i < idx.size();) {
      SassAccess s{{idx[i]}, op[idx[i]].bytes};
      if (!store && op[idx[i]].bytes == 2 && !op[idx[i]].byte_pair && !op[idx[i]].split) {
        s = halves_run(op, idx, i, known);
        // the run first, then the base's other loads, each in offset order
        std::stable_partition(idx.begin() + static_cast<std::ptrdiff_t>(i), idx.end(), [&](int32_t x) {
          return std::find(s.ptx.begin(), s.ptx.end(), x) != s.ptx.end();
        });
        i += s.ptx.size();
        out.push_back(std::move(s));
        continue;
      }
      for (const int32_t size : {16, 8, 4}) {
        if (op[idx[i]].bytes >= size || known.align(op[idx[i]].offset) < size || op[idx[i]].split) continue;
        int32_t least = 4;
        if (op[idx[i]].bytes == 2 && size <= 8) {
          // byte pairs' loads stay apart (codegen-3.6 line 495: `ld.shared.v2.b8` beside an LDS of
          // their register, LDS.U16 in the cubin)
          if (!store) continue;
          least = 2;
        } else if (size == 4) {
          continue;
        }
        int64_t end = op[idx[i]].offset;
        size_t j = i;
        while (j < idx.size() && end - op[idx[i]].offset < size && op[idx[j]].offset == end && op[idx[j]].bytes >= least &&
               !op[idx[j]].split)
          end += op[idx[j++]].bytes;
        if (end - op[idx[i]].offset != size || j - i < 2) continue;
        if (store) {  // stores next to one another in the program
          int32_t lo = pos[static_cast<size_t>(idx[i])], hi = lo;
          for (size_t k = i; k < j; ++k)
            lo = std::min(lo, pos[static_cast<size_t>(idx[k])]), hi = std::max(hi, pos[static_cast<size_t>(idx[k])]);
          if (hi - lo != static_cast<int32_t>(j - i) - 1) continue;
        } else {
          const auto [lo, hi] = std::minmax_element(idx.begin() + static_cast<std::ptrdiff_t>(i),
                                                    idx.begin() + static_cast<std::ptrdiff_t>(j));
          if (*hi - *lo > kLoadWindow) continue;  // loads near one another in the program
        }
        s.ptx.assign(idx.begin() + static_cast<std::ptrdiff_t>(i), idx.begin() + static_cast<std::ptrdiff_t>(j));
        s.bytes = size;
        s.halves = least == 2;
        break;
      }
      i += s.ptx.size();
      out.push_back(std::move(s));
    }
    if (store || known.w < 16) continue;
    // loads (at least 4 bytes each) inside one 16-byte window ptxas knows
    // aligned become one LDS.128, reading the gaps between them too (and a
    // load whose bytes a 16-byte one already reads is dropped)
    for (size_t a = first; a < out.size();) {
      const int64_t lo = op[out[a].ptx.front()].offset;
      const int64_t w0 = lo - ((lo - known.o) % 16 + 16) % 16;
      size_t b = a;
      while (b < out.size() && out[b].bytes >= 4 && !out[b].halves && op[out[b].ptx.front()].offset + out[b].bytes <= w0 + 16)
        ++b;
      if (b - a >= 2) {
        for (size_t k = a + 1; k < b; ++k) {
          out[a].ptx.insert(out[a].ptx.end(), out[k].ptx.begin(), out[k].ptx.end());
          out[k].ptx.clear();
        }
        out[a].bytes = 16;
        out[a].lead_gap = static_cast<int32_t>(lo - w0);
      }
      a = std::max(b, a + 1);
    }
    out.erase(std::remove_if(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
                             [](const SassAccess& a) { return a.ptx.empty(); }),
              out.end());
  }
  // in the order of each one's first PTX access
  std::vector<std::pair<int32_t, int32_t>> order(out.size());
  for (size_t i = 0; i < out.size(); ++i)
    order[i] = {*std::min_element(out[i].ptx.begin(), out[i].ptx.end()), static_cast<int32_t>(i)};
  if (std::is_sorted(order.begin(), order.end())) return out;
  std::sort(order.begin(), order.end());
  std::vector<SassAccess> sorted;
  sorted.reserve(out.size());
  for (auto [first, i] : order) sorted.push_back(std::move(out[static_cast<size_t>(i)]));
  return sorted;
}

std::string sass_name(int32_t bytes, bool store) {
  const std::string op = store ? "STS" : "LDS";
  switch (bytes) {
    case 1: return op + ".U8";
    case 2: return op + ".U16";
    case 4: return op;
    default: return op + "." + std::to_string(bytes * 8);
  }
}

}  // namespace ls::codegen
