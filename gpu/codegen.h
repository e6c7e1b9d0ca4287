// CUDA source generated from layouts, so that a layout edited at run time
// becomes a real kernel. A copy kernel moves one tile per CTA:
//   - thread (lane, warp) owns, for register r, the tile coordinate
//     L(r, lane, warp) = Lreg(r) XOR Lthread(lane, warp): the register part is
//     a compile-time constant, the thread part a few XORs at run time;
//   - runs of `vec` registers that the layout makes contiguous along the
//     memory's unit-stride dim become one 2/4/8/16-byte access;
//   - when the load and store layouts differ, the tile goes through shared
//     memory (row-major) between them, as Triton's convert_layout does.
// Pure text generation: no CUDA headers, built with or without the toolkit.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "linear_layout.h"
#include "spec.h"

namespace ls::gpu {

struct CopyPlan {
  LinearLayout load, store;     // over the tile: ins register/lane/warp(/block of size 1)
  Shape tile;                   // the layouts' shape, rank 1 or 2
  Shape shape;                  // the tensor, a multiple of the tile
  std::vector<int64_t> in_strides, out_strides;  // in elements, per dim
  int elem_bytes = 4;
};

struct CopyKernel {
  std::string name;
  std::string source;
  int threads = 0;
  int smem_bytes = 0;          // dynamic shared memory (0 when the layouts are equal)
  int load_vec = 1, store_vec = 1;  // elements per global access
  int64_t grid = 0;            // CTAs: one per tile
};

// Checks the plan (one CTA, 32-lane warps, tile divides shape, smem fits) and
// writes the kernel; throws ls::Error naming what does not fit.
// A copied tensor has at most 2^40 elements, so byte counts and strided
// spans (at most twice the elements, 8 bytes each) fit in int64.
constexpr int64_t kMaxCopyElements = int64_t{1} << 40;
CopyKernel make_copy_kernel(const CopyPlan& p);

// Strides of the views the copy benchmark offers, for a 1D or 2D shape:
// "contiguous" (row-major), "transposed" (column-major), "every-other-row"
// (row-major with twice the row pitch).
std::vector<int64_t> view_strides(const Shape& shape, const std::string& view);

// Kernels that fill a buffer with a pattern and count the elements of a
// strided copy that differ from the source (for verification).
std::string support_source(int elem_bytes);

}  // namespace ls::gpu
