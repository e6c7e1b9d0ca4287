// NVIDIA MMA accumulator layouts (mma.sync v2 and wgmma v3). One warp owns a
// 16 x 8 tile (v3: a warpgroup of 4 warps owns 64 x N): lane = 4*groupID + tig
// holds rows groupID and groupID + 8, columns 2*tig and 2*tig + 1, i.e.
//   register bases (0,1), (8,0);  lane bases (0,2), (0,4), (1,0), (2,0), (4,0)
// v3 adds register bases (0,8), (0,16), ... up to N, and the warps of a
// warpgroup step by 16 rows. Warps tile warpsPerCTA, then the tile repeats.
#pragma once
#include "common.h"

namespace ls {
struct NvidiaMma {
  int32_t version_major = 2, version_minor = 0;
  Ints warps_per_cta, instr_shape;
  CgaLayout cga;
  bool operator==(const NvidiaMma&) const = default;
};
size_t rank_of(const NvidiaMma& m);
void validate(const NvidiaMma& m);
LinearLayout lower(const NvidiaMma& m, const Shape& shape);
}  // namespace ls
