#include "f2.h"

#include <algorithm>
#include <bit>

namespace ls::f2 {

Solver::Solver(const std::vector<uint64_t>& columns) {
  for (size_t i = 0; i < columns.size(); ++i) {
    Row r{columns[i], uint64_t{1} << i};
    for (auto& p : rows_)
      if (r.value & std::bit_floor(p.value)) r.value ^= p.value, r.combo ^= p.combo;
    if (!r.value) continue;
    // keep rows sorted by leading bit, highest first, each lead unique
    auto it = std::find_if(rows_.begin(), rows_.end(), [&](const Row& p) { return p.value < r.value; });
    rows_.insert(it, r);
  }
}

std::optional<uint64_t> Solver::preimage(uint64_t v) const {
  uint64_t x = 0;
  for (auto& p : rows_)
    if (v & std::bit_floor(p.value)) v ^= p.value, x ^= p.combo;
  if (v) return std::nullopt;
  return x;
}

int rank(const std::vector<uint64_t>& vectors) { return Solver(vectors).rank(); }

int intersection_dim(const std::vector<uint64_t>& a, const std::vector<uint64_t>& b) {
  auto pow2 = [](uint64_t x) { return x != 0 && (x & (x - 1)) == 0; };
  if (std::all_of(a.begin(), a.end(), pow2) && std::all_of(b.begin(), b.end(), pow2)) {
    int n = 0;
    for (auto x : a) n += std::find(b.begin(), b.end(), x) != b.end();
    return n;
  }
  std::vector<uint64_t> both = a;
  both.insert(both.end(), b.begin(), b.end());
  return rank(a) + rank(b) - rank(both);
}

}  // namespace ls::f2
