#include "scan.h"

#include <algorithm>
#include <limits>

namespace ls::codegen {
namespace {

bool zero(const std::vector<int32_t>& b) {
  return std::all_of(b.begin(), b.end(), [](int32_t v) { return v == 0; });
}

}  // namespace

std::optional<ScanCode> triton_scan(const LinearLayout& l, int axis, bool axis_fastest, int32_t bits,
                                    int32_t operands, bool reverse, TritonVersion v, std::string* why) {
  auto fail = [&](const std::string& w) -> std::optional<ScanCode> {
    if (why) *why = w;
    return std::nullopt;
  };
  const int a = l.out_index("dim" + std::to_string(axis));
  if (a < 0) return fail("the layout has no dim" + std::to_string(axis));
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64) return fail("scan of " + std::to_string(bits) + "-bit values");
  // smallest lane / warp step along the axis, and which lane bits move it
  int32_t lowest = std::numeric_limits<int32_t>::max();
  std::vector<int32_t> lane_steps;  // axis step of each lane bit along it, in lane-bit order
  std::vector<int> lane_bits;
  int64_t w = 0;
  const auto& lanes = l.bases("lane");
  for (size_t i = 0; i < lanes.size(); ++i)
    if (lanes[i][a] != 0) {
      lowest = std::min(lowest, lanes[i][a]);
      lane_steps.push_back(lanes[i][a]);
      lane_bits.push_back(static_cast<int>(i));
    }
  bool warps_beside = false;  // warps that split the other dims
  if (l.has_in("warp"))
    for (const auto& b : l.bases("warp")) {
      if (b[a] != 0) lowest = std::min(lowest, b[a]), ++w;
      else if (!zero(b)) warps_beside = true;
    }
  int64_t regs = 0, in_group = 0, reg_chunks = 0;
  for (const auto& b : l.bases("register")) {
    if (zero(b)) continue;
    ++regs;
    if (b[a] == 0) continue;
    (b[a] < lowest ? in_group : reg_chunks)++;
  }
  ScanCode r;
  r.group = int64_t{1} << in_group;
  r.groups = (int64_t{1} << regs) / r.group;
  r.lane_steps = static_cast<int64_t>(lane_steps.size());
  r.warps_along = int64_t{1} << w;
  r.chunks = int64_t{1} << (w + reg_chunks);
  r.side_by_side = r.groups >> reg_chunks;
  // lanes along the axis at consecutive lane bits, each step doubling: shuffle up
  bool up = true;
  for (size_t i = 1; i < lane_steps.size(); ++i)
    up = up && lane_bits[i] == lane_bits[i - 1] + 1 && lane_steps[i] == 2 * lane_steps[i - 1];
  const int64_t words = (bits + 31) / 32 * operands;
  r.shuffles = r.groups * (r.lane_steps + (r.group > 1 || w > 0 ? 1 : 0)) * words;
  if (r.shuffles) r.per_thread[up ? "shfl.sync.up.b32" : "shfl.sync.idx.b32"] = r.shuffles;
  if (reverse) {
    // the registers turned around across the warp before and after: lane ^ 31,
    // in one butterfly (3.9) or five (3.6)
    const int64_t flips = 2 * (v == TritonVersion::v3_6 ? 5 : 1) * (int64_t{1} << regs) * words;
    r.per_thread["shfl.sync.bfly.b32"] = flips;
    r.shuffles += flips;
  }
  if (w > 0) {
    const std::string b = ".b" + std::to_string(bits);
    const int64_t st = r.groups * operands;
    r.per_thread[(v == TritonVersion::v3_6 ? "st.shared" : "st.shared::cta") + b] = st;
    r.shared_stores = st;
    const int64_t n = r.chunks - 1;  // totals before the last chunk
    auto add = [&](const std::string& m, int64_t count) {
      if (count <= 0) return;
      r.per_thread[m] += count * r.side_by_side * operands;
      r.shared_loads += count * r.side_by_side * operands;
    };
    auto spelled = [&](int64_t width) {  // `width` values in one load
      if (width == 1) return "ld.shared" + b;
      if (width * bits >= 128 || (v != TritonVersion::v3_6 && width * bits >= 32))
        return bits == 64 ? "ld.shared.v" + std::to_string(width) + b
                          : width * bits == 32 ? std::string("ld.shared.b32")
                                               : "ld.shared.v" + std::to_string(width * bits / 32) + ".b32";
      return "ld.shared.v" + std::to_string(width) + b;
    };
    if (!axis_fastest || warps_beside) {
      add("ld.shared" + b, n);
    } else {
      const int64_t vmax = 128 / bits;
      add(spelled(vmax), n / vmax);
      int64_t rest = n % vmax;
      if (v == TritonVersion::v3_6) {
        for (int64_t width = vmax / 2; width >= 1; width /= 2)
          if (rest >= width) add(spelled(width), 1), rest -= width;
      } else if (rest > 0) {
        int64_t width = 1;
        while (width < rest) width *= 2;
        add(spelled(width), 1);
      }
    }
  }
  return r;
}

}  // namespace ls::codegen
