#include "tensor_memory.h"

#include "../error.h"

namespace ls {

size_t rank_of(const TensorMemory&) { return 2; }

void check_tmem_cga(const std::string& kind, const CgaLayout& cga) {
  check_bases(kind + ": CGALayout", cga.bases, 2);
  int32_t next[2] = {1, 1};
  for (size_t i = 0; i < cga.bases.size(); ++i) {
    const Ints& b = cga.bases[i];
    if (b[0] == 0 && b[1] == 0) continue;
    int d = b[0] != 0 ? 0 : 1;
    require(b[1 - d] == 0 && b[d] == next[d],
            kind + ": CGALayout[" + std::to_string(i) + "] = " + "[" + std::to_string(b[0]) + ", " +
                std::to_string(b[1]) + "] must be [" + (d == 0 ? std::to_string(next[0]) + ", 0" : "0, " + std::to_string(next[1])) +
                "] (each CTA basis moves along one dim by the next power of two; Triton aborts otherwise)");
    next[d] *= 2;
  }
}

Shape tmem_shape_per_cta(const std::string& kind, const CgaLayout& cga, const Shape& shape) {
  Ints split = cga_split(cga, 2);
  Shape r = shape;
  (void)kind;
  for (size_t i = 0; i < 2; ++i) r[i] = std::max<int64_t>(1, shape[i] / split[i]);
  return r;
}

Bases tmem_block_bases(const CgaLayout& cga, const Shape& per_cta, const Shape& shape) {
  Bases r;
  for (const Ints& b : cga.bases) {
    Ints v(2);
    for (size_t d = 0; d < 2; ++d) {
      int64_t x = b[d] * per_cta[d];
      v[d] = x < shape[d] ? static_cast<int32_t>(x) : 0;  // CTAs past a too-small dim hold copies
    }
    r.push_back(v);
  }
  return r;
}

void validate(const TensorMemory& t) {
  require(t.block_m == 64 || t.block_m == 128,
          "tensor_memory: blockM = " + std::to_string(t.block_m) + " must be 64 or 128");
  require(t.block_n >= 1 && t.block_n <= 512 && (t.block_n & (t.block_n - 1)) == 0,
          "tensor_memory: blockN = " + std::to_string(t.block_n) + " must be a power of two in 1..512");
  require(t.col_stride == 1 || t.col_stride == 2 || t.col_stride == 4,
          "tensor_memory: colStride = " + std::to_string(t.col_stride) + " must be 1, 2 or 4");
  require(!t.fp4_padded || t.col_stride == 1,
          "tensor_memory: fp4Padded requires colStride 1, not " + std::to_string(t.col_stride));
  check_tmem_cga("tensor_memory", t.cga);
  require(!t.two_ctas || (!t.cga.bases.empty() && t.cga.bases[0] == Ints{1, 0}),
          "tensor_memory: twoCTAs requires the first CGALayout basis to be [1, 0]");
}

LinearLayout lower(const TensorMemory& t, const Shape& shape) {
  Shape cta = tmem_shape_per_cta("tensor_memory", t.cga, shape);
  const int32_t m = static_cast<int32_t>(cta[0]), n = static_cast<int32_t>(cta[1]);
  const int32_t bn = std::min(t.block_n, n);
  Bases rows, cols;
  for (int32_t z = 1; z < t.col_stride * (t.fp4_padded ? 2 : 1); z *= 2) cols.push_back({0, 0});
  int32_t tile_m = 128, tile_n = bn;
  if (t.block_m == 64 && t.two_ctas) {
    // The blockM = 128 tile with its last col basis moved to row 64.
    for (int32_t c = 1; c < bn; c *= 2) cols.push_back({0, c});
    require(!cols.empty(), "tensor_memory: twoCTAs with blockM = 64, colStride 1 and one column per CTA has no "
                           "column to pair the CTAs' rows with (Triton 3.9 crashes)");
    for (int32_t r = 1; r < 64; r *= 2) rows.push_back({r, 0});
    rows.push_back(cols.back());
    cols.pop_back();
    tile_m = 64;
  } else if (t.block_m == 64) {
    for (int32_t r = 1; r < 16; r *= 2) rows.push_back({r, 0});
    if (m > 64) {
      rows.push_back({64, 0});
    } else if (n > bn) {
      rows.push_back({0, bn});
      tile_n = 2 * bn;
    } else {
      rows.push_back({0, 0});  // row 16 holds nothing
    }
    rows.push_back({16, 0});
    rows.push_back({32, 0});
    tile_m = m > 64 ? 128 : 64;
    for (int32_t c = 1; c < bn; c *= 2) cols.push_back({0, c});
  } else {
    for (int32_t r = 1; r < 128; r *= 2) rows.push_back({r, 0});
    for (int32_t c = 1; c < bn; c *= 2) cols.push_back({0, c});
  }
  require(m >= tile_m && n >= tile_n,
          "tensor_memory: the per-CTA shape " + std::to_string(m) + "x" + std::to_string(n) + " is smaller than the " +
              std::to_string(tile_m) + "x" + std::to_string(tile_n) + " TMEM tile of blockM = " +
              std::to_string(t.block_m) + " (Triton 3.9 aborts)");
  for (int32_t r = tile_m; r < m; r *= 2) cols.push_back({r, 0});
  for (int32_t c = tile_n; c < n; c *= 2) cols.push_back({0, c});
  int32_t lm = 0, ln = 0;
  while ((int64_t{1} << lm) < shape[0]) ++lm;
  while ((int64_t{1} << ln) < shape[1]) ++ln;
  return LinearLayout({{"row", rows}, {"col", cols}, {"block", tmem_block_bases(t.cga, cta, shape)}},
                      {{"dim0", lm}, {"dim1", ln}});
}

}  // namespace ls
