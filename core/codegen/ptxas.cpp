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

// ptxas's joins of 16-bit loads (session 69, probed on synthetic PTX with
// both wheels' ptxas): in program order each 16-bit load into a 16-bit
// register opens an entry for the block it lies in (8 bytes where ptxas
// knows the base so aligned, else 4) or joins that block's open entry; at
// most kOpenBlocks are open, the oldest closing first. A load of 4 or 8
// bytes opens (or finds) the entry of its 16-byte block, which no half
// joins; other loads (16 bytes, `v2.b8`, a split piece into a 32-bit
// register, one of a base ptxas knows no 4-byte block of) take no entry
// (tests/conformance/ptxas_probe.py: of 200 random load sequences 196 as
// the cubin, 191 with no words' entries). A closed entry of three or more
// halves of an 8-byte block is one LDS.64 from the block's start; the pair
// at a 4-aligned start of it an LDS; any other set stays LDS.U16.
constexpr size_t kOpenBlocks = 12;

std::vector<SassAccess> halves_groups(const std::vector<Merged>& op, const std::vector<Known>& known_of) {
  std::vector<SassAccess> out;
  struct Entry {
    int32_t base = -1;
    int64_t start = 0;
    int32_t size = 0;  // 8 or 4 bytes of halves; 16: words' block
    std::vector<int32_t> members;
  };
  std::vector<Entry> open;  // oldest first
  const auto close = [&](Entry& e) {
    if (e.members.empty()) return;
    std::sort(e.members.begin(), e.members.end(), [&](int32_t a, int32_t b) {
      return op[a].offset != op[b].offset ? op[a].offset < op[b].offset : a < b;
    });
    std::vector<int64_t> offs;
    for (const int32_t m : e.members)
      if (offs.empty() || offs.back() != op[m].offset) offs.push_back(op[m].offset);
    if (e.size == 8 && offs.size() >= 3) {
      out.push_back({e.members, 8, static_cast<int32_t>(offs.front() - e.start), true});
      return;
    }
    if (e.members.size() == 2 && offs.size() == 2 && offs[1] == offs[0] + 2 &&
        (offs[0] == e.start || (e.size == 8 && offs[0] == e.start + 4))) {
      out.push_back({e.members, 4, 0, true});
      return;
    }
    for (const int32_t m : e.members) out.push_back({{m}, 2});
  };
  // the open entry of e's block, else e opened (the oldest closing past kOpenBlocks)
  const auto entry_of = [&](Entry&& e) -> Entry& {
    const auto same = std::find_if(open.begin(), open.end(), [&](const Entry& o) {
      return o.base == e.base && o.size == e.size && o.start == e.start;
    });
    if (same != open.end()) return *same;
    open.push_back(std::move(e));
    if (open.size() > kOpenBlocks) {
      close(open.front());
      open.erase(open.begin());
    }
    return open.back();
  };
  for (int32_t i = 0; i < static_cast<int32_t>(op.size()); ++i) {
    const Merged& m = op[static_cast<size_t>(i)];
    Entry e;
    e.base = m.base;
    if (m.bytes == 4 || m.bytes == 8) {  // a word or two: its 16-byte block's entry, joining no half
      e.size = 16, e.start = m.offset >> 4 << 4;
      entry_of(std::move(e));
      continue;
    }
    if (m.bytes != 2 || m.byte_pair) continue;
    if (!m.split) {
      const Known& known = known_of[static_cast<size_t>(m.base)];
      for (const int32_t size : {8, 4}) {
        for (int64_t k = 0; k < size / 2 && e.size == 0; ++k)
          if (known.align(m.offset - 2 * k) >= size) e.start = m.offset - 2 * k, e.size = size;
        if (e.size) break;
      }
    }
    if (e.size == 0) {  // no block ptxas knows: an LDS.U16 taking no entry
      out.push_back({{i}, 2});
      continue;
    }
    entry_of(std::move(e)).members.push_back(i);
  }
  for (Entry& e : open) close(e);
  return out;
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
  std::vector<SassAccess> halves;  // the 16-bit loads' SASS accesses (halves_groups)
  std::vector<int32_t> group_of(op.size(), -1);  // each load's among them
  if (!store) {
    halves = halves_groups(op, known_of);
    for (size_t g = 0; g < halves.size(); ++g)
      for (const int32_t x : halves[g].ptx) group_of[static_cast<size_t>(x)] = static_cast<int32_t>(g);
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
      if (!store && op[idx[i]].bytes == 2 && !op[idx[i]].byte_pair) {
        s = halves[static_cast<size_t>(group_of[static_cast<size_t>(idx[i])])];
        // the access first, then the base's other loads, each in offset order
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
      int32_t read = 0;  // bytes the window's loads read: at least 12 of its 16
      for (size_t k = a; k < b; ++k) read += out[k].bytes;
      if (b - a >= 2 && read >= 12) {
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
