#include "amd_rotating_shared.h"

#include "../error.h"
#include "swizzled_shared.h"

namespace ls {

size_t rank_of(const AmdRotatingShared& s) { return s.order.size(); }

void validate(const AmdRotatingShared& s) {
  swizzled_validate("amd_rotating_shared", s.vec, s.per_phase, s.max_phase, s.order, s.cga);
}

LinearLayout lower(const AmdRotatingShared& s, const Shape& shape) {
  return swizzled_lower(s.vec, s.per_phase, s.max_phase, s.order, s.cga, shape, true);
}

}  // namespace ls
