// CuTe layouts: a hierarchical shape with a congruent stride maps a
// coordinate to an offset, offset = sum of coordinate * stride over the
// leaves. A 1-D index is split into a coordinate colexicographically (the
// leftmost leaf fastest) at every level, so `(4,(4,2)):(4,(1,16))` maps
// (i, j) to 4*i + (j % 4) + 16*(j / 4).
// The algebra follows CuTe's definitions:
//   coalesce        the same function with as few leaves as possible;
//   composition A∘B B's offsets fed to A as 1-D indices (by mode for tilers);
//   complement(A,M) the layout that fills the offsets below M that A skips;
//   logical_divide  A∘(B, complement(B, size A)): B's tile, then the rest;
//   logical_product (A, complement(A, size A * cosize B)∘B): A repeated as B;
//   blocked_product mode by mode (A_i, rest_i): tiles laid out tile-major;
//   raked_product   mode by mode (rest_i, A_i): tiles interleaved.
// Swizzle<B,M,S> maps an offset o to o ^ ((o & mask) >> S), mask = B bits
// starting at bit M + max(S, 0) (a negative S shifts left).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ls::cute {

struct IntTuple {
  bool leaf = true;
  int64_t value = 0;
  std::vector<IntTuple> kids;
  static IntTuple of(int64_t v) { return {true, v, {}}; }
  static IntTuple tuple(std::vector<IntTuple> k) { return {false, 0, std::move(k)}; }
  bool operator==(const IntTuple&) const = default;
  size_t rank() const { return leaf ? 1 : kids.size(); }
  const IntTuple& at(size_t i) const { return leaf ? *this : kids[i]; }
  int64_t product() const;
  std::vector<int64_t> flat() const;
  std::string str() const;  // 4, (4,(4,2))
};

struct Layout {
  IntTuple shape, stride;
  bool operator==(const Layout&) const = default;
  size_t rank() const { return shape.rank(); }
  Layout mode(size_t i) const { return {shape.at(i), stride.at(i)}; }
  int64_t size() const { return shape.product(); }
  int64_t cosize() const;                     // largest offset + 1 (over the domain)
  int64_t operator()(int64_t index) const;    // 1-D index
  // The top-level modes' sizes: the shape of the tensor it lays out.
  std::vector<int64_t> tensor_shape() const;
  std::string str() const;  // (4,(4,2)):(4,(1,16))
};

// Checks congruence, positive sizes and size limits; throws ls::Error.
void validate(const Layout& l);
// Strides: colexicographic (col_major) or lexicographic (row_major) compact.
Layout make_compact(const IntTuple& shape, bool row_major);
Layout make_layout(const std::vector<Layout>& modes);  // each one a mode

Layout coalesce(const Layout& l);
Layout composition(const Layout& a, const Layout& b);
Layout composition(const Layout& a, const std::vector<Layout>& tiler);  // by mode
Layout complement(const Layout& l, int64_t max_index);
Layout logical_divide(const Layout& a, const Layout& b);
Layout logical_divide(const Layout& a, const std::vector<Layout>& tiler);
Layout logical_product(const Layout& a, const Layout& b);
Layout blocked_product(const Layout& a, const Layout& b);
Layout raked_product(const Layout& a, const Layout& b);

struct Swizzle {
  int32_t bits = 0, base = 0, shift = 0;
  bool operator==(const Swizzle&) const = default;
  int64_t operator()(int64_t offset) const;
  std::string str() const;  // Swizzle<3,4,3>
};
void validate(const Swizzle& s);

}  // namespace ls::cute
