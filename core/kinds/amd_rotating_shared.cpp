#include "amd_rotating_shared.h"

#include "../error.h"
#include "swizzled_shared.h"

namespace ls {

size_t rank_of(const AmdRotatingShared& s) { return s.order.size(); }

void validate(const AmdRotatingShared& s) {
  size_t rank = rank_of(s);
  require(rank >= 1, "amd_rotating_shared: order must not be empty");
  check_permutation("amd_rotating_shared: order", s.order);
  check_pow2("amd_rotating_shared: vec", s.vec);
  check_pow2("amd_rotating_shared: perPhase", s.per_phase);
  check_pow2("amd_rotating_shared: maxPhase", s.max_phase);
  check_cga(s.cga, rank);
}

LinearLayout lower(const AmdRotatingShared& s, const Shape& shape) {
  return swizzled_lower(s.vec, s.per_phase, s.max_phase, s.order, s.cga, shape, true);
}

}  // namespace ls
