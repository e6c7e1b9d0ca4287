#include "coalescing.h"

#include <algorithm>
#include <set>

#include "../error.h"
#include "bank_conflicts.h"

namespace ls {

CoalescingReport analyze_coalescing(const LayoutMap& layout, const std::vector<int64_t>& strides, int32_t bits,
                                    int32_t vector_elems) {
  check_element_bits(bits);
  require(!layout.is_shared() && !layout.is_tensor_memory(),
          "coalescing takes a distributed layout, not a shared or tensor-memory one");
  const Shape shape = layout.shape();
  require(strides.size() == shape.size(), "--strides must give one stride per tensor dim (" + std::to_string(shape.size()) +
                                              "), not " + std::to_string(strides.size()));
  for (auto s : strides) require(s >= 0 && s <= (int64_t{1} << 40), "--strides must be between 0 and 2^40");
  const int64_t bytes = bits / 8;
  // hw dims: register fastest, threads = everything else (lane, warp, block)
  int64_t regs = 1;
  for (auto& d : layout.hw_dims())
    if (d.name == "register") regs = d.size;
  require(layout.hw_dims().empty() || layout.hw_dims()[0].name == "register" || regs == 1,
          "the layout's first hardware dim must be register");
  int64_t lanes = 32;
  for (auto& d : layout.hw_dims())
    if (d.name == "lane") lanes = d.size;
  const int64_t threads = layout.hw_size() / regs;
  auto table = layout.table();
  auto addr = [&](int64_t e) {
    int64_t a = 0;
    for (size_t d = shape.size(); d-- > 0;) a += (e % shape[d]) * strides[d], e /= shape[d];
    return a * bytes;
  };
  // per thread: addresses in register order (distinct)
  std::vector<std::vector<int64_t>> th(threads);
  for (int64_t t = 0; t < threads; ++t)
    for (int64_t r = 0; r < regs; ++r) {
      int64_t e = table[r + regs * t];
      if (e < 0) continue;
      int64_t a = addr(e);
      if (std::find(th[t].begin(), th[t].end(), a) == th[t].end()) th[t].push_back(a);
    }
  CoalescingReport rep;
  int64_t v = 16 / bytes, run = INT64_MAX;
  for (auto& a : th) {
    std::vector<int64_t> s = a;
    std::sort(s.begin(), s.end());
    for (size_t i = 0; i < s.size();) {
      size_t j = i + 1;
      while (j < s.size() && s[j] == s[j - 1] + bytes) ++j;
      run = std::min<int64_t>(run, j - i);
      i = j;
    }
    auto fits = [&](int64_t w) {
      if (s.size() % w) return false;
      for (size_t g = 0; g < s.size(); g += w)
        if (s[g] % (w * bytes) || s[g + w - 1] != s[g] + (w - 1) * bytes) return false;
      return true;
    };
    while (vector_elems <= 0 && v > 1 && !fits(v)) v /= 2;
  }
  if (vector_elems > 0) v = vector_elems;
  if (run == INT64_MAX) run = 1;
  rep.vector_bits = static_cast<int32_t>(v * bits);
  rep.run_bits = run * bits;
  rep.vectors_per_run = std::max<int64_t>(1, rep.run_bits / rep.vector_bits);
  rep.instruction = "LDG.E" + std::string(rep.vector_bits == 8 ? ".U8" : rep.vector_bits == 16 ? ".U16" :
                                         rep.vector_bits == 64 ? ".64" : rep.vector_bits == 128 ? ".128" : "");
  std::set<int64_t> all_sectors, all_vecs;
  for (int64_t w0 = 0; w0 < threads; w0 += lanes) {
    std::vector<std::vector<int64_t>> starts(lanes);
    size_t n = 0;
    for (int64_t l = 0; l < lanes && w0 + l < threads; ++l) {
      for (int64_t a : th[w0 + l]) {
        int64_t s = a - a % (v * bytes);
        if (std::find(starts[l].begin(), starts[l].end(), s) == starts[l].end()) starts[l].push_back(s);
      }
      n = std::max(n, starts[l].size());
      rep.instructions_per_thread = std::max<int64_t>(rep.instructions_per_thread, starts[l].size());
    }
    for (size_t i = 0; i < n; ++i) {
      std::set<int64_t> sectors, vecs;
      for (auto& s : starts)
        if (i < s.size()) sectors.insert(s[i] / 32), vecs.insert(s[i]), all_sectors.insert(s[i] / 32), all_vecs.insert(s[i]);
      rep.requests += 1;
      rep.sectors += static_cast<int64_t>(sectors.size());
      rep.ideal_sectors += (static_cast<int64_t>(vecs.size()) * v * bytes + 31) / 32;
    }
  }
  if (rep.requests) {
    rep.sectors_per_request = static_cast<double>(rep.sectors) / rep.requests;
    rep.ideal_sectors_per_request = static_cast<double>(rep.ideal_sectors) / rep.requests;
  }
  rep.unique_sectors = static_cast<int64_t>(all_sectors.size());
  rep.tile_efficiency = rep.unique_sectors ? static_cast<double>(all_vecs.size()) * v * bytes / (32.0 * rep.unique_sectors) : 1.0;
  rep.efficiency = rep.sectors ? static_cast<double>(rep.ideal_sectors) / rep.sectors : 1.0;
  return rep;
}

}  // namespace ls
