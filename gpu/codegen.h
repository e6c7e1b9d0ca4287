// CUDA source generated from layouts, so that a layout edited at run time
// becomes a real kernel. Two instruction choices:
//   - triton (default): the global accesses are the PTX instructions that
//     core/codegen predicts Triton emits for the layout (inline PTX, one
//     `ld/st.global` per predicted instruction, stores predicated off on
//     threads that hold a broadcast copy, as Triton masks them), and the
//     CTAs walk the tiles in Triton's grid order (program_id(0) over dim-0
//     tiles, as the Gluon tutorial's kernels launch);
//   - own: layoutscope's earlier kernel (C++ accesses, tiles row-major).
// When load and store layouts differ, the triton kernel converts as Triton's
// convert_layout does (codegen::shared_convert): registers renamed, or
// through Triton's scratch layout in its rounds with its instructions
// (st/ld.shared, stmatrix/ldmatrix m8n8); conversions by warp shuffles, and
// the own mode, exchange the tile through row-major shared memory (the
// kernel's `note` says so).
// A copy kernel moves one tile per CTA:
//   - thread (lane, warp) owns, for register r, the tile coordinate
//     L(r, lane, warp) = Lreg(r) XOR Lthread(lane, warp): the register part is
//     a compile-time constant, the thread part a few XORs at run time;
//   - runs of `vec` registers that the layout makes contiguous along the
//     memory's unit-stride dim become one 2/4/8/16-byte access;
//   - when the load and store layouts differ, the tile changes layout in
//     between (above).
// Pure text generation: no CUDA headers, built with or without the toolkit.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "codegen/codegen.h"
#include "linear_layout.h"
#include "spec.h"

namespace ls::gpu {

struct CopyPlan {
  LinearLayout load, store;     // over the tile: ins register/lane/warp(/block of size 1)
  Shape tile;                   // the layouts' shape, rank 1 or 2
  Shape shape;                  // the tensor, a multiple of the tile
  std::vector<int64_t> in_strides, out_strides;  // in elements, per dim
  int elem_bytes = 4;
  bool triton = true;  // Triton's instructions and grid order (false: own)
  TritonVersion version = TritonVersion::v3_9;
};

struct CopyKernel {
  std::string name;
  std::string source;
  int threads = 0;
  int smem_bytes = 0;          // dynamic shared memory (0 when the layouts are equal)
  int load_vec = 1, store_vec = 1;  // elements per global access
  int64_t grid = 0;            // CTAs: one per tile
  int64_t grid_y = 1;          // of them along the grid's y (Triton's 2D grid: program_id(1), the dim-1 tiles)
  bool triton = false;
  // triton: core/codegen's prediction of the global instructions per thread
  // (PTX mnemonic -> count); what the kernel's PTX holds, see count_ptx
  std::map<std::string, int64_t> predicted;
  // triton, layouts differing: the convert_layout's shared-memory instructions
  // per thread as core/codegen predicts them (empty: registers only, or not
  // Triton's exchange, see note)
  std::map<std::string, int64_t> predicted_convert;
  std::string note;            // where the kernel is not Triton's
};

// Memory and shuffle instructions per thread in a PTX text: mnemonic (up to
// the first blank, predicate guards dropped) -> count, for ld/st.global,
// ld/st.shared, ldmatrix, stmatrix and shfl (the golden files' counter).
std::map<std::string, int64_t> count_ptx(const std::string& ptx);

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
