// CuTe and Mojo layouts as foreign layouts of the core model, in three forms:
//   - a memory layout: coordinate -> offset = swizzle(base + L(coordinate)),
//     over the tensor of L's top-level mode sizes; vectorized (Mojo's
//     vectorize), the cells are vectors and show their first offset. Its map
//     has hw dims offset (and copy when several coordinates share an offset:
//     copy k is the k-th of them, in row-major order);
//   - a TV layout: (thread, value) -> index into a tile, the index read
//     colexicographically (CuTe's convention: dim 0 fastest);
//   - a distributed tensor (Mojo's distribute): a thread layout tiled over
//     the (vector) grid, thread t owning the cell where the thread layout
//     gives t in every tile; its value v = fragment index * vector size +
//     index in the vector, both colexicographic.
// TV and distributed maps have hw dims register, lane, warp, as tilus ones.
// Maps give their F2 form when every size is a power of two and the
// ownership is linear (swizzles are).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "../layout_map.h"
#include "layout.h"

namespace ls::cute {

struct Memory {
  Layout layout;
  int64_t base = 0;
  std::optional<Swizzle> swizzle;
  std::vector<int64_t> vector;  // vector shape per mode, empty for scalars
  bool operator==(const Memory&) const = default;
  bool plain() const { return base == 0 && !swizzle && vector.empty(); }
  std::vector<int64_t> grid() const;  // tensor shape (of vectors when vectorized)
  int64_t offset(const std::vector<int64_t>& scalar_coord) const;
};

struct Tv {
  Layout layout;  // (thread mode, value mode)
  std::vector<int64_t> tile;
  bool operator==(const Tv&) const = default;
};

struct Distributed {
  Memory tensor;
  Layout threads;
  bool operator==(const Distributed&) const = default;
};

using Value = std::variant<Memory, Tv, Distributed>;

void validate(const Value& v);
// The text parse_cute reads back: [Swizzle<B,M,S> o ][BASE + ]shape:stride,
// vectorize(..., (1,4)), tv(L, (M,N)), distribute(T, L).
std::string print(const Value& v);

class CuteLayout final : public ForeignLayout {
public:
  explicit CuteLayout(Value v) : v_(std::move(v)) {}
  const Value& value() const { return v_; }
  std::string family() const override { return "cute"; }
  Shape shape() const override;
  std::unique_ptr<LayoutMap> map() const override;
  std::string text() const override { return print(v_); }
  std::string json_params() const override;

private:
  Value v_;
};

TensorLayout tensor_layout(Value v);

// Mojo LayoutTensor views.
// tile(T, sizes, coords): the tile at tile coordinate `coords`; its offsets
// stay those of the parent storage (base moves to the tile's first element).
Memory tile(const Memory& t, const std::vector<int64_t>& sizes, const std::vector<int64_t>& coords);
Memory vectorize(const Memory& t, const std::vector<int64_t>& sizes);
Distributed distribute(const Memory& t, const Layout& threads);

// Whether the text starts like a CuTe layout: '(' or a digit, Swizzle<, or a
// CuTe / Mojo function name followed by '('.
bool looks_like_cute(const std::string& text);
Value parse_value(const std::string& text);

}  // namespace ls::cute
