// bases, show, convert: a layout's bases, its grids as text, and its text in
// another format.
#include <algorithm>
#include <sstream>
#include <iostream>

#include "cli.h"
#include "interrupt.h"
#include "error.h"
#include "io/text.h"
#include "layout_map.h"
#include "tilus/tilus_layout.h"
#include "views.h"

namespace {

std::string ints_json(const std::vector<int32_t>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

std::string bases_list(const std::vector<std::vector<int32_t>>& b) {
  std::string s = "[";
  for (size_t i = 0; i < b.size(); ++i) s += (i ? ", " : "") + ints_json(b[i]);
  return s + "]";
}

// Tensor-memory layouts answer as Triton's to_linear_layout does:
// "tmem": {"rows": .., "cols": ..} (rows: TMEM lanes, cols: columns), plus
// the CTAs' "block" bases.
std::string bases_json(const ls::TensorLayout& in) {
  // A tilus or CuTe layout answers through its Triton linear equivalent.
  const ls::TensorLayout t = in.foreign ? ls::to_triton_linear(in) : in;
  ls::require(t.spec != nullptr, "layout is missing");
  ls::require(!t.shape.empty(), "the layout carries no shape; give one with --shape (e.g. --shape 64x16)");
  ls::LinearLayout l = ls::to_linear(*t.spec, t.shape, t.triton);
  std::string s = "{\"triton\": \"" + ls::triton_version_name(t.triton) + "\", \"kind\": \"" + ls::kind_name(*t.spec) +
                  "\", \"shape\": [";
  for (size_t i = 0; i < t.shape.size(); ++i) s += (i ? ", " : "") + std::to_string(t.shape[i]);
  if (ls::is_tensor_memory(*t.spec))
    return s + "], \"tmem\": {\"rows\": " + bases_list(l.bases("row")) + ", \"cols\": " + bases_list(l.bases("col")) +
           ", \"block\": " + bases_list(l.bases("block")) + "}}";
  s += "], \"bases\": {";
  std::vector<std::string> dims = ls::is_shared(*t.spec) ? std::vector<std::string>{"offset", "block"}
                                                         : std::vector<std::string>{"register", "lane", "warp", "block"};
  if (l.has_in("partition")) dims.push_back("partition");  // partitioned_shared (AMD CDNA5)
  for (size_t d = 0; d < dims.size(); ++d) s += (d ? ", \"" : "\"") + dims[d] + "\": " + bases_list(l.bases(dims[d]));
  return s + "}}";
}

// One JSON object per input line; a bad line answers {"error": ...}. The
// answers are printed together at the end: Ctrl-C leaves no partial output.
int batch(const std::string& path, ls::TritonVersion v) {
  std::string text = cli::read_file(path);
  const int64_t lines = std::count(text.begin(), text.end(), '\n') + 1;
  std::istringstream f(text);
  std::ostringstream out;
  std::string line;
  for (int64_t n = 0; std::getline(f, line); ++n) {
    ls::work_point("bases --batch", n, lines);
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      ls::TensorLayout t = ls::parse_batch_line(line);
      t.triton = v;
      out << bases_json(t) << "\n";
    } catch (const std::exception& e) {
      out << "{\"error\": \"" << cli::json_escape(e.what()) << "\"}\n";
    }
  }
  std::cout << out.str();
  return 0;
}

const cli::Registration bases{{"bases",
                               {{"", "LAYOUT", {{"--shape", "64x16"}, {"--triton", "3.6|3.9"}},
                                 "the layout's bases as JSON (TMEM layouts: \"tmem\": {\"rows\", \"cols\"})"},
                                {"", "", {{"--batch", "FILE", true}, {"--triton", "3.6|3.9"}},
                                 "one {\"layout\": ..., \"shape\": [..]} per line -> one result per line"}},
                               [](const cli::Args& a) {
                                 if (a.has("--batch")) {
                                   ls::require(a.pos.empty(), "bases --batch FILE takes no LAYOUT");
                                   ls::require(!a.has("--shape"), "bases --batch: each line carries its shape; --shape does not apply");
                                   return batch(a.get("--batch"), cli::triton_version(a));
                                 }
                                 std::cout << bases_json(cli::load_layout(a)) << "\n";
                                 return 0;
                               }}};

const cli::Registration show{
    {"show",
     {{"", "LAYOUT", {{"--shape", "S"}, {"--view", "tensor|hw|table"}, {"--triton", "3.6|3.9"}},
       "the grid as text (table: tilus's `t: i` boxes, the default for tilus layouts; TMEM: L<lane>:C<col>)"}},
     [](const cli::Args& a) {
       ls::TensorLayout t = cli::load_layout(a);
       auto* tilus = dynamic_cast<const ls::tilus::TilusLayout*>(t.foreign.get());
       std::string view = a.get("--view", tilus ? "table" : "tensor");
       ls::require(view == "tensor" || view == "hw" || view == "table",
                   "--view must be tensor, hw or table, not '" + view + "'");
       auto map = ls::make_map(t);
       if (view == "table") std::cout << (tilus ? ls::tilus::repr(tilus->layout()) + "\n" : "") << ls::tilus::tilus_table(*map);
       else std::cout << (view == "tensor" ? ls::tensor_view(*map) : ls::hw_view(*map));
       return 0;
     },
     int64_t{1} << 22}};

const cli::Registration convert{{"convert",
                                 {{"", "LAYOUT", {{"--shape", "S"}, {"--to", "mlir|gluon|json|native", true}, {"--triton", "3.6|3.9"}},
                                   "native: a tilus or CuTe layout's own notation; mlir/gluon: its #ttg.linear form "
                                   "when linear"}},
                                 [](const cli::Args& a) {
                                   ls::TensorLayout t = cli::load_layout(a);
                                   std::string to = a.get("--to");
                                   ls::require(to == "mlir" || to == "gluon" || to == "json" || to == "native",
                                               "--to must be mlir, gluon, json or native");
                                   if (t.foreign) {
                                     ls::make_map(t);  // checks a given --shape
                                     if (to == "native") std::cout << t.foreign->text() << "\n";
                                     else if (to == "json") std::cout << ls::print_json(t) << "\n";
                                     else t = ls::to_triton_linear(t);
                                     if (to == "native" || to == "json") return 0;
                                   }
                                   ls::require(to != "native", "--to native needs a tilus or CuTe layout");
                                   ls::validate(*t.spec);
                                   if (!t.shape.empty()) ls::to_linear(*t.spec, t.shape, t.triton);
                                   if (to == "mlir") std::cout << ls::print_mlir(t) << "\n";
                                   else if (to == "gluon") std::cout << ls::print_gluon(*t.spec) << "\n";
                                   else std::cout << ls::print_json(t) << "\n";
                                   return 0;
                                 }}};

}  // namespace
