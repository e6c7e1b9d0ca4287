#include "gather.h"

#include <algorithm>

#include "../analysis/conversion.h"

namespace ls::codegen {
namespace {

bool zero(const std::vector<int32_t>& b) {
  return std::all_of(b.begin(), b.end(), [](int32_t v) { return v == 0; });
}

// nonzero bases of `in`; with `a` >= 0 only those that move dim a
int64_t count(const LinearLayout& l, const char* in, int a = -1) {
  if (!l.has_in(in)) return 0;
  int64_t n = 0;
  for (const auto& b : l.bases(in))
    if (!zero(b) && (a < 0 || b[a] != 0)) ++n;
  return n;
}

}  // namespace

GatherCode triton_gather(const LinearLayout& src, const LinearLayout& idx, int axis, int32_t bits, int64_t src_vec) {
  GatherCode r;
  const int a = src.out_index("dim" + std::to_string(axis));
  const int ai = idx.out_index("dim" + std::to_string(axis));
  bool local = a >= 0 && ai >= 0 && count(src, "warp", a) == 0 && count(src, "block", a) == 0 &&
               count(idx, "warp", ai) == 0 && count(idx, "block", ai) == 0;
  if (local && src.has_in("warp") && idx.has_in("warp")) {
    // the other dims' warp bases agree, so each warp holds the rows it gathers from
    const auto& sw = src.bases("warp");
    const auto& iw = idx.bases("warp");
    local = sw.size() == iw.size();
    for (size_t i = 0; local && i < sw.size(); ++i)
      for (size_t d = 0; d < sw[i].size(); ++d)
        if (static_cast<int>(d) != a && sw[i][d] != iw[i][d]) local = false;
  }
  r.warp_local = local;
  const int64_t words = (bits + 31) / 32;
  const int64_t out = without_register_broadcast(idx).in_size("register");
  if (local) {
    r.shuffles = out * (int64_t{1} << count(src, "register", a)) * words;
    r.per_thread["shfl.sync.idx.b32"] = r.shuffles;
    return r;
  }
  const std::string b = ".b" + std::to_string(bits);
  const int64_t vec = std::clamp<int64_t>(src_vec, 1, 128 / bits);
  r.shared_stores = (int64_t{1} << count(src, "register")) / vec;
  const int64_t total = vec * bits;
  r.per_thread[vec == 1 || total == 32 ? "st.shared.b" + std::to_string(total)
               : bits == 64 || total < 32 ? "st.shared.v" + std::to_string(vec) + b
                                          : "st.shared.v" + std::to_string(total / 32) + ".b32"] = r.shared_stores;
  r.shared_loads = out;
  r.per_thread["ld.shared" + b] = out;
  return r;
}

}  // namespace ls::codegen
