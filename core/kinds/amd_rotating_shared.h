// AMD rotating shared layout: a swizzled layout whose phase also rotates from
// one block of perPhase * maxPhase rows to the next, so the XOR pattern of
// consecutive blocks differs.
#pragma once
#include "common.h"

namespace ls {
struct AmdRotatingShared {
  int32_t vec = 1, per_phase = 1, max_phase = 1;
  Ints order;
  CgaLayout cga;
  bool operator==(const AmdRotatingShared&) const = default;
};
size_t rank_of(const AmdRotatingShared& s);
void validate(const AmdRotatingShared& s);
LinearLayout lower(const AmdRotatingShared& s, const Shape& shape);
}  // namespace ls
