// Slice layout: the parent layout over the shape with a size-1 dim inserted
// at `dim`, with that output dim dropped. Register bases that become zero are
// removed (those registers held copies along the dropped dim); lane, warp and
// block bases that become zero stay, so those threads broadcast.
#pragma once
#include "../triton_version.h"
#include "common.h"

namespace ls {
struct Slice {
  int32_t dim = 0;
  SpecPtr parent;
  bool operator==(const Slice& o) const;
};
size_t rank_of(const Slice& s);
void validate(const Slice& s);
LinearLayout lower(const Slice& s, const Shape& shape, TritonVersion v);
}  // namespace ls
