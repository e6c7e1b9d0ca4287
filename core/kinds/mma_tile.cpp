#include "mma_tile.h"

#include <numeric>

#include "../error.h"

namespace ls {

Ints matrix_order(size_t rank, bool row_major) {
  Ints o(rank);
  for (size_t i = 0; i < rank; ++i) o[i] = static_cast<int32_t>(rank - 1 - i);
  if (!row_major) std::swap(o[0], o[1]);
  return o;
}

LinearLayout mma_tile(const Ints& tile, int32_t k_width, const Ints& order, const Ints& rep_order) {
  auto names = dim_names(tile.size());
  LinearLayout l = identity_nd("register", Ints(tile.size(), 1), rep_order);
  const std::string& inner = names[order[0]];
  const std::string& outer = names[order[1]];
  int32_t m = tile[order[1]], n = tile[order[0]];
  require(m % 8 == 0 && n % (k_width * 4) == 0, "mma tile " + std::to_string(m) + "x" + std::to_string(n) +
                                                    " does not fit kWidth = " + std::to_string(k_width));
  l *= LinearLayout::identity1d(k_width, "register", inner);
  l *= LinearLayout::identity1d(4, "lane", inner);
  l *= LinearLayout::identity1d(8, "lane", outer);
  l *= LinearLayout::identity1d(m / 8, "register", outer);
  l *= LinearLayout::identity1d(n / (k_width * 4), "register", inner);
  return l;
}

}  // namespace ls
