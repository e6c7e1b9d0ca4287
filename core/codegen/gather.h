// The instructions Triton 3.6 / 3.9 emit for tt.gather on NVIDIA, per thread.
// Held to the PTX of the wheels' compiles (tests/inspect/make_dumps.py):
// - warp-local (no warp or block basis of the source or the indices moves
//   along the axis, and their warp bases agree): each output element is
//   looked up in every source register along the axis with a shuffle,
//   shfl.sync.idx.b32 (64-bit values: two), then selected;
// - otherwise through shared memory: the source is stored in its order
//   (vectors of the registers that follow on along its fastest dim, at most
//   128 bits) and each output element is read back alone, ld.shared.b<bits>,
//   at an address only the indices know (no wavefront count).
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "../linear_layout.h"

namespace ls::codegen {

struct GatherCode {
  bool warp_local = false;
  std::map<std::string, int64_t> per_thread;  // PTX mnemonic -> count per thread
  int64_t shuffles = 0, shared_stores = 0, shared_loads = 0;
};

// src, idx: the layouts of the source and the indices (the result's is
// idx's); `src_vec`: elements of the source a thread holds side by side along
// its fastest dim (the width of its global accesses).
GatherCode triton_gather(const LinearLayout& src, const LinearLayout& idx, int axis, int32_t bits, int64_t src_vec);

}  // namespace ls::codegen
