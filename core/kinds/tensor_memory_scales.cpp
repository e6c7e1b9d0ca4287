#include "tensor_memory_scales.h"

#include "../error.h"
#include "tensor_memory.h"

namespace ls {

size_t rank_of(const TensorMemoryScales&) { return 2; }

void validate(const TensorMemoryScales& t) { check_tmem_cga("tensor_memory_scales", t.cga); }

LinearLayout lower(const TensorMemoryScales& t, const Shape& shape) {
  Shape cta = tmem_shape_per_cta("tensor_memory_scales", t.cga, shape);
  Bases rows = {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {0, 0}, {0, 0}};
  Bases cols = {{0, 1}, {0, 2}, {32, 0}};
  for (int64_t r = 64; r < cta[0]; r *= 2) cols.push_back({static_cast<int32_t>(r), 0});
  for (int64_t c = 4; c < cta[1]; c *= 2) cols.push_back({0, static_cast<int32_t>(c)});
  int32_t lm = 6, ln = 2;
  while ((int64_t{1} << lm) < cta[0]) ++lm;
  while ((int64_t{1} << ln) < cta[1]) ++ln;
  LinearLayout tile({{"row", rows}, {"col", cols}}, {{"dim0", lm}, {"dim1", ln}});
  tile = ensure_not_larger(tile, {{"dim0", cta[0]}, {"dim1", cta[1]}});
  int32_t sm = 0, sn = 0;
  while ((int64_t{1} << sm) < shape[0]) ++sm;
  while ((int64_t{1} << sn) < shape[1]) ++sn;
  return LinearLayout({{"row", tile.bases("row")}, {"col", tile.bases("col")},
                       {"block", tmem_block_bases(t.cga, cta, shape)}},
                      {{"dim0", sm}, {"dim1", sn}});
}

}  // namespace ls
