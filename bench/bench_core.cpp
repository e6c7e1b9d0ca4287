// Prints the speed of the core model: elements per second when enumerating
// the whole table of a layout with 2^20 elements (one core), and the time to
// parse and lower typical layouts. Results go to bench/RESULTS.md by hand.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "io/text.h"
#include "spec.h"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Median over `reps` runs of f(), in seconds.
template <class F>
double median_time(int reps, F f) {
  std::vector<double> t;
  for (int i = 0; i < reps; ++i) {
    auto s = Clock::now();
    f();
    t.push_back(seconds_since(s));
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

}  // namespace

int main() {
  // 1024x1024 fp32 tile of an MMA-like blocked layout: 2^20 elements.
  ls::Blocked b{{4, 4}, {8, 4}, {4, 2}, {1, 0}, {}};
  ls::LinearLayout l = ls::to_linear(ls::Spec{b}, {1024, 1024});
  std::vector<uint64_t> table(size_t{1} << l.total_in_bits());
  volatile uint64_t sink = 0;
  double t = median_time(21, [&] {
    l.table(table.data());
    sink = sink + table[table.size() / 3];
  });
  std::printf("enumerate  %-40s %8.1f M elements/s  (%zu elements, %.3f ms)\n", "blocked 1024x1024 table",
              table.size() / t / 1e6, table.size(), t * 1e3);

  const char* texts[] = {
      "#ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [16, 2], warpsPerCTA = [2, 2], order = [1, 0]}>",
      "tensor<128x128xf16, #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>>",
      "SliceLayout(dim=1, parent=BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[8, 4], warps_per_cta=[4, 1], order=[1, 0]))",
  };
  const ls::Shape shapes[] = {{64, 16}, {128, 128}, {128}};
  for (int i = 0; i < 3; ++i) {
    ls::TensorLayout tl;
    double parse = median_time(201, [&] { tl = ls::parse_layout(texts[i]); });
    double lower = median_time(201, [&] { ls::to_linear(*tl.spec, shapes[i]); });
    std::printf("parse+lower %-40s %8.2f us parse  %8.2f us lower\n", ls::kind_name(*tl.spec).c_str(), parse * 1e6,
                lower * 1e6);
  }
  return 0;
}
