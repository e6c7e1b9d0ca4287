// export: a layout as code (cuda, triton-cpp, cute), text (gluon, mlir,
// json) or a picture (png, svg, tikz), to stdout or, atomically, to a file.
#include <iostream>

#include "cli.h"
#include "error.h"
#include "export/export.h"
#include "io/text.h"

namespace {

std::string format_list() {
  std::string s;
  for (ls::ExportFormat f : ls::export_formats()) s += (s.empty() ? "" : "|") + std::string(ls::format_name(f));
  return s;
}

int run_export(const cli::Args& a) {
  ls::require(a.has("--format"), "export: --format is required (" + format_list() + ")");
  auto f = ls::parse_export_format(a.get("--format"));
  ls::require(f.has_value(), "--format must be one of " + format_list() + ", not '" + a.get("--format") + "'");
  ls::ExportOptions o;
  if (a.has("--namespace")) o.ns = a.get("--namespace");
  if (a.has("--color-by")) {
    o.color_by = ls::parse_color_by(a.get("--color-by"));
    ls::require(o.color_by.has_value(), "--color-by must be thread, warp, register, lane, block, offset or bank, not '" +
                                            a.get("--color-by") + "'");
  }
  if (a.has("--labels")) {
    auto l = ls::parse_labels(a.get("--labels"));
    ls::require(l.has_value(), "--labels must be auto, owner or none, not '" + a.get("--labels") + "'");
    o.labels = *l;
  }
  if (a.has("--cell")) {
    o.cell_px = static_cast<int>(cli::parse_int("--cell", a.get("--cell"), 1, 256));
  }
  std::string bytes;
  if (a.has("--with")) {  // a second layout beside the first, as the GUI's side-by-side panes
    ls::TensorLayout b = ls::parse_layout(cli::read_all_text(a.get("--with")));
    if (a.has("--shape")) b.shape = cli::parse_shape(a.get("--shape"));
    b.triton = cli::triton_version(a);
    cli::check_work(a, b);
    bytes = ls::export_pair(cli::load_layout(a), b, *f, o);
  } else {
    bytes = ls::export_layout(cli::load_layout(a), *f, o);
  }
  if (a.has("-o")) ls::write_file_atomic(a.get("-o"), bytes);
  else std::cout << bytes << std::flush;
  return 0;
}

const cli::Registration r{{"export",
                           {{"", "LAYOUT",
                             {{"--format", "cuda|triton-cpp|cute|gluon|mlir|json|png|svg|tikz", true},
                              {"-o", "FILE"},
                              {"--shape", "S"},
                              {"--namespace", "NS"},
                              {"--color-by", "thread|warp|register|lane|block|offset|bank"},
                              {"--labels", "auto|owner|none"},
                              {"--cell", "PX"},
                              {"--with", "LAYOUT2"},
                              {"--triton", "3.6|3.9"}},
                             "code, text or a picture (docs/exports.md); --with: png, svg, tikz with LAYOUT2 drawn "
                             "right of LAYOUT"}},
                           run_export,
                           int64_t{1} << 22}};

}  // namespace
