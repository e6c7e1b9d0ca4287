// Padded shared layout: a linear layout from offset to element (the `offset`
// and `block` bases), stored with padding: after every `interval` elements
// `pad` elements are skipped, so logical offset i sits at
//   i + sum_k (i / interval_k) * pad_k
// The padding is not linear over F2; the linear part is the layout, the
// physical address is a function of it (padded_offset).
#pragma once
#include "common.h"

namespace ls {
struct PaddedShared {
  std::vector<std::pair<int32_t, int32_t>> interval_pads;
  Bases offset, block;
  Shape shape;  // the shape the bases are written for
  bool operator==(const PaddedShared&) const = default;
};
size_t rank_of(const PaddedShared& s);
void validate(const PaddedShared& s);
LinearLayout lower(const PaddedShared& s, const Shape& shape);
int64_t padded_offset(const PaddedShared& s, int64_t offset);
}  // namespace ls
