// Blocked layout: a CTA tile of sizePerThread x threadsPerWarp x warpsPerCTA
// elements per dim. Each level is an identity over its sizes taken in
// `order` (order[0] most minor), stacked register < lane < warp:
//   L = id_reg(sizePerThread) * id_lane(threadsPerWarp) * id_warp(warpsPerCTA)
// then fitted to the tensor shape and the CGA (see common.h). Where
// sizePerThread reaches past the shape, Triton 3.6 zeroes those register
// bases (the thread holds copies) and Triton 3.9 drops them.
#pragma once
#include "../triton_version.h"
#include "common.h"

namespace ls {
struct Blocked {
  Ints size_per_thread, threads_per_warp, warps_per_cta, order;
  CgaLayout cga;
  bool operator==(const Blocked&) const = default;
};
size_t rank_of(const Blocked& b);
void validate(const Blocked& b);
LinearLayout lower(const Blocked& b, const Shape& shape, TritonVersion v);
}  // namespace ls
