#include "linear.h"

#include <algorithm>

#include "../error.h"

namespace ls {

size_t rank_of(const DistributedLinear& l) {
  for (const Bases* b : {&l.reg, &l.lane, &l.warp, &l.block})
    if (!b->empty()) return b->front().size();
  return 0;
}

void validate(const DistributedLinear& l) {
  size_t rank = rank_of(l);
  require(rank >= 1, "linear: every basis list is empty, so the rank is unknown");
  check_bases("linear: register", l.reg, rank);
  check_bases("linear: lane", l.lane, rank);
  check_bases("linear: warp", l.warp, rank);
  check_bases("linear: block", l.block, rank);
  require(l.lane.size() == 5 || l.lane.size() == 6,
          "linear: lane has " + std::to_string(l.lane.size()) + " bases; a warp has 32 lanes (5 bases) or 64 (6)");
}

// The tensor is fitted to the bases along the layout's register order: the
// dims in the order register bases first step along them, then the rest from
// the last dim to the first.
LinearLayout lower(const DistributedLinear& l, const Shape& shape) {
  size_t rank = rank_of(l);
  require(rank == shape.size(), "linear: layout has rank " + std::to_string(rank) + "; the tensor shape has rank " +
                                    std::to_string(shape.size()));
  auto names = dim_names(rank);
  LinearLayout ll = LinearLayout::infer_outs(
      {{"register", l.reg}, {"lane", l.lane}, {"warp", l.warp}, {"block", l.block}}, names);
  std::vector<int32_t> order;
  auto add = [&](int32_t d) {
    if (std::find(order.begin(), order.end(), d) == order.end()) order.push_back(d);
  };
  for (auto& b : l.reg)
    for (size_t d = 0; d < rank; ++d)
      if (b[d] != 0) {
        add(static_cast<int32_t>(d));
        break;
      }
  for (int32_t d = static_cast<int32_t>(rank) - 1; d >= 0; --d) add(d);
  std::vector<std::string> permuted;
  std::vector<std::pair<std::string, int64_t>> named;
  for (int32_t d : order) permuted.push_back(names[d]), named.push_back({names[d], shape[d]});
  ll = ensure_not_smaller(ll.transpose_outs(permuted), named, "register");
  ll = ensure_not_larger(ll, named, /*drop_registers=*/true);
  return ll.transpose_outs(names);
}

}  // namespace ls
