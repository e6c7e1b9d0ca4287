// layoutscope-cli inspect: every layout-bearing op of a TTGIR dump with its
// cost (core/inspect). Exit 2 only when nothing could be read.
#include <filesystem>
#include <iostream>

#include "cli.h"
#include "error.h"
#include "inspect/inspect.h"

namespace {

int run_inspect(const cli::Args& a) {
  ls::require(a.pos.size() == 1, a.pos.empty() ? "missing FILE (a TTGIR dump)" : "expected one FILE, got " +
                                                                                    std::to_string(a.pos.size()));
  ls::inspect::Options opt;
  opt.triton = a.get("--triton", "3.9");  // as every Triton-answering command
  opt.max_elements = a.max_elements;
  std::error_code ec;
  ls::require(a.pos[0] == "-" || std::filesystem::is_regular_file(a.pos[0], ec),
              "inspect: " + a.pos[0] + ": no such file (FILE is a TTGIR dump, or '-' for stdin)");
  std::string text = cli::read_all_text(a.pos[0]);
  ls::inspect::Report r = ls::inspect::inspect_dump(text, opt);
  if (r.ops.empty()) {
    std::string why = r.unread.empty() ? "no layout-bearing op (tt.load, ttg.convert_layout, ...) found in " + a.pos[0]
                                       : "no op could be read; first: line " + std::to_string(r.unread[0].line) + " " +
                                             r.unread[0].op + ": " + r.unread[0].why;
    ls::fail("inspect: " + why);
  }
  std::cout << (a.flag("--json") ? ls::inspect::to_json(r) : ls::inspect::to_table(r));
  return 0;
}

const cli::Registration r{{"inspect",
                           {{"", "FILE", {{"--json"}, {"--triton", "3.6|3.9"}},
                             "every layout-bearing op of a TTGIR dump with its cost (docs/inspect.md)"}},
                           run_inspect,
                           ls::inspect::Options{}.max_elements}};

}  // namespace
