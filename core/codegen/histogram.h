// The instructions Triton emits for tt.histogram on NVIDIA, per thread (held
// to the PTX of the wheels' compiles, tests/inspect/make_dumps.py). With E
// the distinct input elements a thread holds, B the bins, O the output
// elements a thread holds (v of them side by side):
// - both: the bins are zeroed in shared memory (O st.shared.b32), and read
//   back after a barrier (O / v ld.shared, v-wide);
// - 3.9: one atom.relaxed.sys.shared.add.u32 per input element (E);
// - 3.6: a warp histogram first: per element one vote.sync.ballot.b32 per
//   bit of the bin (log2 max(B, 32)) and one popc.b32 per bin a lane owns
//   (max(1, B / 32)), then atom.shared.add.u32 per bin a lane owns.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "../triton_version.h"

namespace ls::codegen {

std::map<std::string, int64_t> triton_histogram(int64_t elems, int64_t bins, int64_t out, int64_t out_vec,
                                                TritonVersion v);

}  // namespace ls::codegen
