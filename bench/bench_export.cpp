// Export speed and size: each export of a few large layouts, the median of
// repeated runs, and the bytes it makes. Targets: an SVG of a 256x256 layout
// under 2 MB (its size is what slows a browser) made in under 250 ms; a TikZ
// picture of a 128x32x32 tiled MMA under 1.5 MB (pdflatex compiles it in
// about 1.5 s within its default memory).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "export/export.h"
#include "io/text.h"

namespace {

double median_ms(const ls::TensorLayout& t, ls::ExportFormat f, size_t& bytes) {
  std::vector<double> ms;
  for (int i = 0; i < 5; ++i) {
    auto a = std::chrono::steady_clock::now();
    bytes = ls::export_layout(t, f).size();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - a).count());
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

}  // namespace

int main() {
  struct Case {
    const char* name;
    const char* text;
  } cases[] = {
      {"blocked 256x256",
       "tensor<256x256xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], "
       "order = [1, 0]}>>"},
      {"mma v2 128x32x32",
       "tensor<128x32x32xf32, #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2, 1], "
       "instrShape = [1, 16, 8]}>>"},
      {"nvmma shared 128x128",
       "!ttg.memdesc<128x128xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = "
       "16}>, #ttg.shared_memory, mutable>"},
  };
  std::printf("%-22s %-10s %10s %12s\n", "layout", "format", "ms", "bytes");
  for (auto& c : cases) {
    ls::TensorLayout t = ls::parse_layout(c.text);
    for (ls::ExportFormat f : ls::export_formats()) {
      if (f == ls::ExportFormat::cute && c.name[0] == 'm') continue;  // not a stride layout
      size_t bytes = 0;
      double ms = median_ms(t, f, bytes);
      std::printf("%-22s %-10s %10.2f %12zu\n", c.name, ls::format_name(f), ms, bytes);
    }
  }
  return 0;
}
