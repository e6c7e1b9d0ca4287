// Inspector speed: a dump of at least 2,000 lines (a real TTGIR dump whose
// function body is repeated until the file has 2,000 lines), read and costed
// by inspect_dump; prints the median of 20 runs (target: under 200 ms), and
// the time of the original dump once.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "inspect/inspect.h"

int main(int argc, char** argv) {
  std::string path = argc > 1 ? argv[1] : LAYOUTSCOPE_SOURCE_DIR "/tests/inspect/dumps/attention-t3.6-sm100.ttgir";
  std::ifstream f(path);
  if (!f) {
    std::fprintf(stderr, "cannot read %s\n", path.c_str());
    return 2;
  }
  std::vector<std::string> lines;
  for (std::string l; std::getline(f, l);) lines.push_back(l);
  // The body: from the line after `tt.func` to the line before its closing `} loc(`.
  size_t b = 0, e = 0;
  for (size_t i = 0; i < lines.size(); ++i)
    if (lines[i].find("tt.func") != std::string::npos) b = i + 1;
  for (size_t i = lines.size(); i-- > b;)
    if (lines[i].rfind("  } loc(", 0) == 0) {
      e = i;
      break;
    }
  if (b == 0 || e <= b) {
    std::fprintf(stderr, "%s: no tt.func body found\n", path.c_str());
    return 2;
  }
  std::vector<std::string> body(lines.begin() + b, lines.begin() + e);
  std::vector<std::string> out(lines.begin(), lines.begin() + b);
  while (out.size() + (lines.size() - e) < 2000) out.insert(out.end(), body.begin(), body.end());
  out.insert(out.end(), lines.begin() + e, lines.end());
  std::string text;
  for (auto& l : out) text += l + "\n";
  // The dump itself once (every op costed afresh).
  std::string original;
  for (auto& l : lines) original += l + "\n";
  auto o0 = std::chrono::steady_clock::now();
  size_t original_ops = ls::inspect::inspect_dump(original).ops.size();
  double original_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - o0).count();
  std::printf("inspect the %zu-line dump itself, %zu ops: %.1f ms\n", lines.size(), original_ops, original_ms);
  for (bool reuse : {true, false}) {
    ls::inspect::Options opt;
    opt.reuse_costs = reuse;
    std::vector<double> ms;
    size_t ops = 0;
    for (int run = 0; run < 20; ++run) {
      auto t0 = std::chrono::steady_clock::now();
      ls::inspect::Report r = ls::inspect::inspect_dump(text, opt);
      auto t1 = std::chrono::steady_clock::now();
      ops = r.ops.size();
      ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    std::printf("inspect %zu-line dump (%s body repeated), %zu ops, %s: median %.1f ms, min %.1f, max %.1f\n",
                out.size(), path.substr(path.find_last_of('/') + 1).c_str(), ops,
                reuse ? "costs reused" : "every op costed afresh", ms[ms.size() / 2], ms.front(), ms.back());
  }
  return 0;
}
