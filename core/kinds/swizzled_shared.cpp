#include "swizzled_shared.h"

#include <algorithm>
#include <utility>

#include "../error.h"

namespace ls {

size_t rank_of(const SwizzledShared& s) { return s.order.size(); }

void validate(const SwizzledShared& s) {
  swizzled_validate("swizzled_shared", s.vec, s.per_phase, s.max_phase, s.order, s.cga);
}

void swizzled_validate(const std::string& kind, int32_t vec, int32_t per_phase, int32_t max_phase,
                       const Ints& order, const CgaLayout& cga) {
  require(!order.empty(), kind + ": order must not be empty");
  check_permutation(kind + ": order", order);
  check_pow2(kind + ": vec", vec);
  check_pow2(kind + ": perPhase", per_phase);
  check_pow2(kind + ": maxPhase", max_phase);
  check_cga(cga, order.size());
}

LinearLayout swizzled_lower(int32_t vec, int32_t per_phase, int32_t max_phase, const Ints& order,
                            const CgaLayout& cga, const Shape& shape, bool rotating) {
  size_t rank = shape.size();
  if (order.size() != rank)
    fail("shared layout has rank " + std::to_string(order.size()) + "; the tensor shape has rank " +
         std::to_string(rank));
  auto names = dim_names(rank);
  if (rank == 1) {
    int64_t n = rotating ? shape[0] : shape_per_cta(cga, shape)[0];
    return combine_cta_cga(LinearLayout::identity1d(static_cast<int32_t>(n), "offset", "dim0"), cga, shape);
  }
  // Rotating layouts swizzle over the whole shape, the others per CTA.
  Shape tile = rotating ? shape : shape_per_cta(cga, shape);
  auto per_cta = [&](int32_t d) { return tile[d]; };
  int32_t col = order[0], row = order[1];
  int64_t cols = per_cta(col), rows = per_cta(row);
  Bases b2;
  for (int64_t c = 1; c < cols; c *= 2) b2.push_back({0, static_cast<int32_t>(c)});
  for (int64_t r = 1; r < rows; r *= 2) {
    int64_t phase = (r / per_phase) % max_phase;
    if (rotating) phase ^= (r / (per_phase * max_phase)) % max_phase;
    b2.push_back({static_cast<int32_t>(r), static_cast<int32_t>((vec * phase) % cols)});
  }
  LinearLayout cta = LinearLayout::infer_outs({{"offset", std::move(b2)}}, {names[row], names[col]});
  for (size_t i = 2; i < rank; ++i)
    cta *= LinearLayout::identity1d(static_cast<int32_t>(per_cta(order[i])), "offset", names[order[i]]);
  return combine_cta_cga(std::move(cta), cga, shape);
}

LinearLayout lower(const SwizzledShared& s, const Shape& shape) {
  return swizzled_lower(s.vec, s.per_phase, s.max_phase, s.order, s.cga, shape, false);
}

}  // namespace ls
