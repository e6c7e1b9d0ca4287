// Where each thread's elements sit in shared memory: the register layout's
// table composed with the inverse of the shared layout's table (and the
// padding), and the aligned vector runs the threads can move at once. Used by
// the bank-conflict analysis and the swizzle designer.
#pragma once

#include <cstdint>
#include <vector>

#include "../layout_map.h"
#include "bank_conflicts.h"

namespace ls {

struct ThreadOffsets {
  int64_t regs = 1, warps = 1, blocks = 1;
  // physical offset of (register r, thread t) at r + regs * t, with
  // t = lane + 32 * (warp + warps * block); -1 when the register holds nothing
  std::vector<int64_t> off;
  int64_t at(int64_t r, int64_t thread) const { return off[r + regs * thread]; }
};

ThreadOffsets thread_offsets(const LayoutMap& reg, const LayoutMap& shared, const PhysicalOffset& physical);
// Per thread, its distinct offsets in register order (a register repeating
// an earlier one's element is dropped, as Triton drops broadcast registers).
std::vector<std::vector<int64_t>> thread_lists(const ThreadOffsets& t);
// Largest power of two v <= max_elems such that every thread's list splits
// into groups of v consecutive registers holding v consecutive offsets
// starting at a multiple of v.
int32_t widest_vector(const std::vector<std::vector<int64_t>>& lists, int32_t max_elems);
// The first offset of each of a thread's groups of v (`list` from thread_lists).
std::vector<int64_t> thread_runs(const std::vector<int64_t>& list, int32_t v);

}  // namespace ls
