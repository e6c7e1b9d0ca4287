// Small F2 (GF(2)) linear-algebra helpers for the analyses: vectors are bit
// masks (uint64_t), a set of vectors spans a subspace.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace ls::f2 {

// Row-reduced basis with, per pivot, which input columns combine into it.
class Solver {
public:
  explicit Solver(const std::vector<uint64_t>& columns);
  // x with XOR of columns[i] over bits i of x == v; free variables are 0.
  std::optional<uint64_t> preimage(uint64_t v) const;
  int rank() const { return static_cast<int>(rows_.size()); }

private:
  struct Row {
    uint64_t value, combo;
  };
  std::vector<Row> rows_;  // distinct leading bits, highest first
};

int rank(const std::vector<uint64_t>& vectors);
// dim(span(a) ∩ span(b)), as Triton's intersectionBasis counts it: when every
// vector is a power of two, the vectors of `a` that also occur in `b`.
int intersection_dim(const std::vector<uint64_t>& a, const std::vector<uint64_t>& b);

}  // namespace ls::f2
