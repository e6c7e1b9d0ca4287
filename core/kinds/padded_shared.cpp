#include "padded_shared.h"

#include <set>

#include "../error.h"
#include "shared_linear.h"

namespace ls {

size_t rank_of(const PaddedShared& s) { return s.shape.size(); }

void validate(const PaddedShared& s) {
  size_t rank = rank_of(s);
  require(rank >= 1, "padded_shared: shape must not be empty");
  require(!s.interval_pads.empty(), "padded_shared: needs at least one interval:padding pair");
  std::set<int32_t> seen;
  for (auto& [interval, pad] : s.interval_pads) {
    check_pow2("padded_shared: interval", interval);
    check_pow2("padded_shared: padding", pad);
    require(seen.insert(interval).second, "padded_shared: interval " + std::to_string(interval) + " appears twice");
  }
  check_bases("padded_shared: offset", s.offset, rank);
  check_bases("padded_shared: block", s.block, rank);
}

LinearLayout lower(const PaddedShared& s, const Shape& shape) { return shared_bases_lower("padded_shared", s.offset, s.block, shape); }

int64_t padded_offset(const PaddedShared& s, int64_t offset) {
  int64_t r = offset;
  for (auto& [interval, pad] : s.interval_pads) r += (offset / interval) * pad;
  return r;
}

}  // namespace ls
