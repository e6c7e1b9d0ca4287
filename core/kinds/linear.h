// Distributed linear layout: the bases are given directly, one list per
// input dim (register, lane, warp, block), each basis one value per dim.
#pragma once
#include "common.h"

namespace ls {
struct DistributedLinear {
  Bases reg, lane, warp, block;
  bool operator==(const DistributedLinear&) const = default;
};
size_t rank_of(const DistributedLinear& l);
void validate(const DistributedLinear& l);
LinearLayout lower(const DistributedLinear& l, const Shape& shape);
}  // namespace ls
