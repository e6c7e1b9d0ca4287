#include "histogram.h"

#include <algorithm>

namespace ls::codegen {

std::map<std::string, int64_t> triton_histogram(int64_t elems, int64_t bins, int64_t out, int64_t out_vec,
                                                TritonVersion v) {
  std::map<std::string, int64_t> r;
  r["st.shared.b32"] = out;
  const int64_t vec = std::clamp<int64_t>(out_vec, 1, 4);
  r[vec == 1 ? "ld.shared.b32" : "ld.shared.v" + std::to_string(vec) + ".b32"] = out / vec;
  if (v != TritonVersion::v3_6) {
    r["atom.relaxed.sys.shared.add.u32"] = elems;
    return r;
  }
  int64_t bits = 0;
  while ((int64_t{1} << bits) < std::max<int64_t>(bins, 32)) ++bits;
  const int64_t per_lane = std::max<int64_t>(1, bins / 32);
  r["vote.sync.ballot.b32"] = elems * bits;
  r["popc.b32"] = elems * per_lane;
  r["atom.shared.add.u32"] = per_lane;
  return r;
}

}  // namespace ls::codegen
