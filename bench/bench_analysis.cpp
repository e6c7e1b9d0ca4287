// Speed of the analyses (targets: the swizzle designer for a 128x128 16-bit
// pair <= 10 ms; one bank-conflict analysis <= 1 ms). Prints the median of
// repeated runs.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <vector>

#include "analysis/bank_conflicts.h"
#include "analysis/coalescing.h"
#include "analysis/conversion.h"
#include "analysis/swizzle.h"
#include "codegen/swizzle_choice.h"
#include "io/text.h"

namespace {

ls::LinearLayout lower(const char* text, ls::Shape shape) {
  auto t = ls::parse_layout(text);
  return ls::to_linear(*t.spec, shape);
}

double median_ms(const std::function<void()>& f, int reps) {
  std::vector<double> ms;
  for (int i = 0; i < reps; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    f();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

}  // namespace

int main() {
  const char* rowmajor = "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>";
  const char* colmajor = "#ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>";
  const char* mma_a = "#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
                      "warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>";
  const char* nvmma = "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>";
  auto src = lower(rowmajor, {128, 128}), dst = lower(colmajor, {128, 128});
  auto a = lower(mma_a, {128, 128}), s = lower(nvmma, {128, 128});
  ls::LinearLayoutMap am(a), sm(s), rm(src);

  double design = median_ms([&] { ls::design_swizzle(src, dst, 16); }, 51);
  double design_mma = median_ms([&] { ls::design_swizzle(src, a, 16); }, 51);
  double rank = median_ms([&] { ls::rank_conventional(src, dst, 16); }, 5);
  double banks = median_ms([&] { ls::analyze_bank_conflicts(am, sm, 16); }, 101);
  double banks_x4 = median_ms([&] { ls::analyze_bank_conflicts(am, sm, 16, {ls::SharedInstr::matrix, 4, false}); }, 101);
  double triton = median_ms([&] { ls::triton_bank_conflicts(a, s, 16); }, 1001);
  double coal = median_ms([&] { ls::analyze_coalescing(rm, {128, 1}, 16); }, 101);
  double cvt = median_ms([&] { ls::analyze_conversion(src, dst, 16); }, 51);
  // the designer as the CLI and GUI run it: design, rank, then rank again by the
  // wavefronts of the instructions Triton emits (codegen/swizzle_choice.h)
  auto t_src = ls::parse_layout(rowmajor), t_dst = ls::parse_layout(colmajor);
  t_src.shape = t_dst.shape = {128, 128};
  auto design0 = ls::design_swizzle(src, dst, 16);
  auto ranked0 = ls::rank_conventional(src, dst, 16);
  double by_triton = median_ms([&] { ls::codegen::choose_swizzle(t_src, t_dst, 16, {}, design0, ranked0); }, 11);
  double whole = median_ms(
      [&] {
        auto d = ls::design_swizzle(src, dst, 16);
        auto r = ls::rank_conventional(src, dst, 16);
        ls::codegen::choose_swizzle(t_src, t_dst, 16, {}, d, r);
      },
      11);

  std::printf("swizzle designer, 128x128 16-bit, blocked row-major -> column-major: %.3f ms (target <= 10)\n", design);
  std::printf("swizzle designer, 128x128 16-bit, blocked -> MMA v2 operand A:      %.3f ms (target <= 10)\n", design_mma);
  std::printf("rank the conventional layouts for that pair:                        %.2f ms\n", rank);
  std::printf("bank conflicts, MMA v2 A 128x128 16-bit <-> NVMMA 128B, ld/st:       %.3f ms (target <= 1)\n", banks);
  std::printf("bank conflicts, same with ldmatrix/stmatrix x4:                     %.3f ms (target <= 1)\n", banks_x4);
  std::printf("Triton's conflicts per wavefront alone:                             %.4f ms\n", triton);
  std::printf("coalescing, 128x128 16-bit blocked:                                 %.3f ms\n", coal);
  std::printf("conversion cost, row-major -> column-major 128x128:                 %.3f ms\n", cvt);
  std::printf("re-rank that pair by Triton's instructions (swizzle_choice):        %.2f ms\n", by_triton);
  std::printf("designer + both rankings for that pair (what `swizzle` runs):       %.2f ms\n", whole);
  return 0;
}
