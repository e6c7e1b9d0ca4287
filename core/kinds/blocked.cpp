#include "blocked.h"

#include <utility>

#include "../error.h"

namespace ls {

size_t rank_of(const Blocked& b) { return b.order.size(); }

void validate(const Blocked& b) {
  size_t rank = rank_of(b);
  require(rank >= 1, "blocked: order must not be empty");
  check_rank("blocked: sizePerThread", b.size_per_thread.size(), rank);
  check_rank("blocked: threadsPerWarp", b.threads_per_warp.size(), rank);
  check_rank("blocked: warpsPerCTA", b.warps_per_cta.size(), rank);
  check_permutation("blocked: order", b.order);
  check_pow2_list("blocked: sizePerThread", b.size_per_thread);
  check_pow2_list("blocked: threadsPerWarp", b.threads_per_warp);
  check_warps("blocked: warpsPerCTA", b.warps_per_cta);
  int64_t lanes = product(b.threads_per_warp);
  require(lanes == 32 || lanes == 64, "blocked: threadsPerWarp multiplies to " + std::to_string(lanes) +
                                          "; a warp has 32 lanes (64 on AMD)");
  require(product(b.size_per_thread) <= (1 << 20), "blocked: sizePerThread multiplies to more than 2^20");
  check_cga(b.cga, rank);
}

LinearLayout lower(const Blocked& b, const Shape& shape, TritonVersion v) {
  LinearLayout cta = identity_nd("register", b.size_per_thread, b.order) *
                     identity_nd("lane", b.threads_per_warp, b.order) *
                     identity_nd("warp", b.warps_per_cta, b.order);
  return combine_cta_cga(std::move(cta), b.cga, shape, v == TritonVersion::v3_9);
}

}  // namespace ls
