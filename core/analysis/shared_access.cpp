#include "shared_access.h"

#include <algorithm>

#include "../error.h"

namespace ls {

namespace {

// Size and stride (in the table's flat index) of each named hw dim.
struct Dims {
  std::vector<HwDim> dims;
  int64_t size(const std::string& n) const {
    for (auto& d : dims)
      if (d.name == n) return d.size;
    return 1;
  }
  int64_t stride(const std::string& n) const {
    int64_t s = 1;
    for (auto& d : dims) {
      if (d.name == n) return s;
      s *= d.size;
    }
    return 0;
  }
};

}  // namespace

ThreadOffsets thread_offsets(const LayoutMap& reg, const LayoutMap& shared, const PhysicalOffset& physical) {
  require(!reg.is_shared() && !reg.is_tensor_memory(), "the register layout is a shared or tensor-memory layout; give a distributed one");
  require(shared.is_shared(), "the shared layout is a distributed layout; give a shared one");
  require(reg.shape() == shared.shape(), "the register and shared layouts must have the same shape");
  Dims rd{reg.hw_dims()}, sd{shared.hw_dims()};
  for (auto& d : sd.dims)
    require(d.name != "partition", "the shared layout is partitioned (AMD CDNA5 partitioned_shared): its LDS "
                                   "partitions have no bank model here");
  for (auto& d : rd.dims)
    require(d.name == "register" || d.name == "lane" || d.name == "warp" || d.name == "block",
            "the register layout has an unknown hardware dim '" + d.name + "'");
  require(rd.size("lane") == 32, "the register layout must have 32 lanes per warp, not " + std::to_string(rd.size("lane")));
  ThreadOffsets t;
  t.regs = rd.size("register");
  t.warps = rd.size("warp");
  t.blocks = rd.size("block");
  const int64_t offsets = sd.size("offset"), sblocks = sd.size("block");
  require(sblocks == 1 || sblocks == t.blocks, "the shared layout has " + std::to_string(sblocks) +
                                                   " CTAs and the register layout " + std::to_string(t.blocks));
  // element -> smallest offset holding it, per shared CTA
  const int64_t n = shared.num_elements();
  std::vector<int64_t> inv(static_cast<size_t>(n * sblocks), -1);
  auto stab = shared.table();
  const int64_t so = sd.stride("offset"), sbk = sd.stride("block");
  for (int64_t b = 0; b < sblocks; ++b)
    for (int64_t o = offsets - 1; o >= 0; --o) {
      int64_t e = stab[o * so + b * sbk];
      if (e >= 0) inv[b * n + e] = o;
    }
  auto rtab = reg.table();
  const int64_t sr = rd.stride("register"), sl = rd.stride("lane"), sw = rd.stride("warp"), sb = rd.stride("block");
  t.off.assign(static_cast<size_t>(t.regs * 32 * t.warps * t.blocks), -1);
  for (int64_t b = 0; b < t.blocks; ++b)
    for (int64_t w = 0; w < t.warps; ++w)
      for (int64_t l = 0; l < 32; ++l)
        for (int64_t r = 0; r < t.regs; ++r) {
          int64_t e = rtab[r * sr + l * sl + w * sw + b * sb];
          if (e < 0) continue;
          int64_t o = inv[(sblocks == 1 ? 0 : b) * n + e];
          if (o < 0) fail("element " + std::to_string(e) + " of the register layout has no place in the shared layout");
          t.off[r + t.regs * (l + 32 * (w + t.warps * b))] = physical ? physical(o) : o;
        }
  return t;
}

std::vector<std::vector<int64_t>> thread_lists(const ThreadOffsets& t) {
  std::vector<std::vector<int64_t>> lists(static_cast<size_t>(32 * t.warps * t.blocks));
  int64_t top = 0;
  for (auto o : t.off) top = std::max(top, o);
  // stamp[o] == thread + 1 when this thread already holds offset o
  std::vector<int64_t> stamp(static_cast<size_t>(top + 1), 0);
  for (size_t th = 0; th < lists.size(); ++th) {
    auto& l = lists[th];
    l.reserve(static_cast<size_t>(t.regs));
    for (int64_t r = 0; r < t.regs; ++r) {
      int64_t o = t.at(r, static_cast<int64_t>(th));
      if (o < 0 || stamp[o] == static_cast<int64_t>(th) + 1) continue;
      stamp[o] = static_cast<int64_t>(th) + 1;
      l.push_back(o);
    }
  }
  return lists;
}

namespace {

bool fits(const std::vector<int64_t>& l, int32_t v) {
  if (l.size() % v) return false;
  for (size_t g = 0; g < l.size(); g += v) {
    if (l[g] % v) return false;
    for (int32_t i = 1; i < v; ++i)
      if (l[g + i] != l[g] + i) return false;
  }
  return true;
}

}  // namespace

int32_t widest_vector(const std::vector<std::vector<int64_t>>& lists, int32_t max_elems) {
  int32_t v = max_elems;
  for (size_t th = 0; th < lists.size() && v > 1; ++th)
    while (v > 1 && !fits(lists[th], v)) v /= 2;
  return v;
}

std::vector<int64_t> thread_runs(const std::vector<int64_t>& list, int32_t v) {
  std::vector<int64_t> runs;
  for (size_t g = 0; g < list.size(); g += v) runs.push_back(list[g]);
  return runs;
}

}  // namespace ls
