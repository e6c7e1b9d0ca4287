#include "nvmma_shared.h"

#include <algorithm>
#include <utility>

#include "../error.h"

namespace ls {

size_t rank_of(const NvmmaShared& s) { return static_cast<size_t>(s.rank); }

void validate(const NvmmaShared& s) {
  require(s.rank >= 1 && s.rank <= 8, "nvmma_shared: rank = " + std::to_string(s.rank) + " must be in 1..8");
  require(s.swizzle_bytes == 0 || s.swizzle_bytes == 32 || s.swizzle_bytes == 64 || s.swizzle_bytes == 128,
          "nvmma_shared: swizzlingByteWidth = " + std::to_string(s.swizzle_bytes) + " must be 0, 32, 64 or 128");
  require(s.element_bitwidth == 8 || s.element_bitwidth == 16 || s.element_bitwidth == 32 || s.element_bitwidth == 64,
          "nvmma_shared: elementBitWidth = " + std::to_string(s.element_bitwidth) + " must be 8, 16, 32 or 64");
  check_cga(s.cga, rank_of(s));
}

namespace {

// One 8-row core matrix, swizzled; 4-bit padded data maps each 16 offsets
// (8 real, 8 padding) onto the same 8 columns.
LinearLayout core_matrix(const NvmmaShared& s) {
  int32_t vec = 128 / s.element_bitwidth, per_phase = 128 / s.swizzle_bytes, max_phase = s.swizzle_bytes / 16;
  int32_t cols = 8 * s.swizzle_bytes / s.element_bitwidth;
  auto packed = [&](int32_t c) { return s.fp4_padded ? c / 16 * 8 + c % 8 : c; };
  Bases b;
  for (int32_t c = 1; c < cols; c *= 2) b.push_back({0, packed(c)});
  for (int32_t r = 1; r < 8; r *= 2) b.push_back({r, packed(vec * ((r / per_phase) % max_phase))});
  return LinearLayout::infer_outs({{"offset", b}}, dim_names(2));
}

std::vector<std::pair<std::string, int64_t>> named(const Shape& shape) {
  auto names = dim_names(shape.size());
  std::vector<std::pair<std::string, int64_t>> r;
  for (size_t i = 0; i < shape.size(); ++i) r.push_back({names[i], shape[i]});
  return r;
}

}  // namespace

LinearLayout lower(const NvmmaShared& s, const Shape& shape, TritonVersion v) {
  size_t rank = shape.size();
  auto names = dim_names(rank);
  Shape per_cta = shape_per_cta(s.cga, shape);
  // The TMA box: at most 256 per dim, the contiguous dim exactly one swizzle row.
  Shape box = per_cta;
  size_t contig = s.transposed ? 0 : rank - 1;
  if (s.fp4_padded) box[contig] *= 2;
  for (auto& v : box) v = std::min<int64_t>(v, 256);
  if (s.swizzle_bytes != 0) {
    int64_t want = 8 * s.swizzle_bytes / s.element_bitwidth;
    require(box[contig] >= want, "nvmma_shared: the contiguous dim holds " + std::to_string(box[contig]) +
                                     " elements per CTA; swizzlingByteWidth = " + std::to_string(s.swizzle_bytes) +
                                     " needs at least " + std::to_string(want));
    box[contig] = want;
  }
  if (s.fp4_padded) box[contig] /= 2;
  if (s.swizzle_bytes == 0) {
    bool dim0_first = v == TritonVersion::v3_9 && s.transposed;
    require(!dim0_first || rank <= 3, "nvmma_shared: swizzlingByteWidth = 0 with transposed = true and rank " +
                                          std::to_string(rank) + " is not modeled for Triton 3.9; use --triton 3.6");
    LinearLayout l;
    auto id = [&](int64_t n, size_t d) { return LinearLayout::identity1d(static_cast<int32_t>(n), "offset", names[d]); };
    if (dim0_first && rank == 2) {
      l = id(box[0], 0) * id(box[1], 1);
    } else if (dim0_first) {
      // Triton 3.9, rank 3 (as its to_linear_layout answers): dim1 takes
      // box[0] steps, dim0 box[2], dim2 box[1]; steps past the tensor hold
      // nothing and the missing ones repeat along dim2, dim1, dim0.
      l = (id(box[0], 1) * id(box[2], 0) * id(box[1], 2)).transpose_outs({names[2], names[1], names[0]});
    } else {
      l = LinearLayout::identity1d(static_cast<int32_t>(box[rank - 1]), "offset", names[rank - 1]);
      for (size_t i = rank - 1; i-- > 0;) l *= LinearLayout::identity1d(static_cast<int32_t>(box[i]), "offset", names[i]);
    }
    l = ensure_not_smaller(l, named(per_cta), "offset");
    return combine_cta_cga(std::move(l), s.cga, shape);
  }
  require(rank >= 2, "nvmma_shared: a swizzled layout needs rank 2 or more");
  // Collapse the outer dims into rows, lay out core matrices, reshape back.
  Shape collapsed{1, box[rank - 1]};
  for (size_t i = 0; i + 1 < rank; ++i) collapsed[0] *= box[i];
  if (s.transposed) std::swap(collapsed[0], collapsed[1]);
  LinearLayout tile = core_matrix(s);
  int64_t tile_rows = tile.out_size("dim0"), tile_cols = tile.out_size("dim1");
  int64_t pack = s.fp4_padded ? 2 : 1;
  require(collapsed[1] * pack >= tile_cols && collapsed[0] >= tile_rows,
          "nvmma_shared: the block is smaller than one " + std::to_string(tile_rows) + "x" +
              std::to_string(tile_cols / pack) + " core matrix");
  LinearLayout l = ensure_not_smaller(tile, named(collapsed), "offset");
  Shape pre = box;
  if (s.transposed) std::rotate(pre.begin(), pre.begin() + 1, pre.end());
  std::vector<std::pair<std::string, int64_t>> pre_named = named(pre);
  l = l.reshape_outs(pre_named);
  if (s.transposed) {
    std::vector<LinearLayout::InDim> ins = l.ins();
    for (auto& d : ins)
      for (auto& b : d.bases) std::rotate(b.rbegin(), b.rbegin() + 1, b.rend());
    l = LinearLayout::infer_outs(std::move(ins), names);
  }
  l = ensure_not_smaller(l, named(per_cta), "offset");
  return combine_cta_cga(std::move(l), s.cga, shape);
}

}  // namespace ls
