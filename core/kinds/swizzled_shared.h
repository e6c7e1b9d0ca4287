// Swizzled shared layout: element (r, c) of the two most minor dims (c along
// order[0], r along order[1]) is stored at row r, column
//   ((c / vec) ^ ((r / perPhase) % maxPhase)) * vec + c % vec
// i.e. the offset bases are the columns 1, 2, 4, ... and for row 2^i the
// column vec * ((2^i / perPhase) % maxPhase). Other dims follow `order`.
#pragma once
#include "common.h"

namespace ls {
struct SwizzledShared {
  int32_t vec = 1, per_phase = 1, max_phase = 1;
  Ints order;
  CgaLayout cga;
  bool operator==(const SwizzledShared&) const = default;
};
size_t rank_of(const SwizzledShared& s);
void validate(const SwizzledShared& s);
LinearLayout lower(const SwizzledShared& s, const Shape& shape);
// The checks of validate(), for `kind` (also AMD rotating shared).
void swizzled_validate(const std::string& kind, int32_t vec, int32_t per_phase, int32_t max_phase,
                       const Ints& order, const CgaLayout& cga);
// The swizzle over per-CTA rows and columns; `rotating` swizzles over the
// whole shape and also XORs the phase with the index of the
// perPhase * maxPhase row block (AMD rotating shared).
LinearLayout swizzled_lower(int32_t vec, int32_t per_phase, int32_t max_phase, const Ints& order,
                            const CgaLayout& cga, const Shape& shape, bool rotating);
}  // namespace ls
