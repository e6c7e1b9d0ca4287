// bank-conflicts, coalescing, convert-cost, swizzle: the analyses of
// core/analysis as JSON (a short table with --table).
#include <cstdio>
#include <iostream>
#include <sstream>
#include <utility>

#include "analysis/bank_conflicts.h"
#include "analysis/coalescing.h"
#include "analysis/conversion.h"
#include "analysis/swizzle.h"
#include "analysis/report_json.h"
#include "cli.h"
#include "error.h"
#include "io/text.h"
#include "layout_map.h"

namespace {

// A layout given with --NAME (text, file or '-').
ls::TensorLayout named_layout(const cli::Args& a, const std::string& opt) {
  ls::require(a.has(opt), "missing " + opt + " LAYOUT");
  return ls::parse_layout(cli::read_all_text(a.get(opt)));
}

int32_t parse_bits(const std::string& s) {
  ls::require(!s.empty() && s.size() <= 3 && s.find_first_not_of("0123456789") == std::string::npos,
              "--bits: '" + s + "' is not a number of bits");
  int32_t b = std::stoi(s);
  ls::check_element_bits(b);
  return b;
}

// --shape rules; otherwise the first layout whose text carries a shape.
void fix_shapes(const cli::Args& a, std::vector<ls::TensorLayout*> ts) {
  ls::Shape shape;
  if (a.has("--shape")) shape = cli::parse_shape(a.get("--shape"));
  for (auto* t : ts)
    if (shape.empty()) shape = t->shape;
  ls::require(!shape.empty(), "no layout carries a shape; give one with --shape (e.g. --shape 32x32)");
  for (auto* t : ts) t->shape = shape;
}

// The layouts given with --FIRST and --SECOND, on one shape (fix_shapes).
std::pair<ls::TensorLayout, ls::TensorLayout> layout_pair(const cli::Args& a, const std::string& first,
                                                          const std::string& second) {
  auto x = named_layout(a, first);
  auto y = named_layout(a, second);
  fix_shapes(a, {&x, &y});
  cli::check_work(a, x);
  cli::check_work(a, y);
  return {std::move(x), std::move(y)};
}

int32_t bits_of(const cli::Args& a, const ls::TensorLayout& t) {
  return a.has("--bits") ? parse_bits(a.get("--bits")) : t.elem_bits;
}

void no_positional(const cli::Args& a) {
  ls::require(a.pos.empty(), "unexpected argument '" + (a.pos.empty() ? std::string() : a.pos[0]) + "'");
}

// --matrix x1|x2|x4[.trans]: ldmatrix for the load, stmatrix for the store.
ls::SharedOpOptions matrix_options(const cli::Args& a) {
  ls::SharedOpOptions o;
  if (!a.has("--matrix")) return o;
  std::string m = a.get("--matrix");
  o.instr = ls::SharedInstr::matrix;
  o.trans = m.size() > 6 && m.substr(m.size() - 6) == ".trans";
  std::string n = o.trans ? m.substr(0, m.size() - 6) : m;
  ls::require(n == "x1" || n == "x2" || n == "x4", "--matrix must be x1, x2 or x4, optionally with .trans, not '" + m + "'");
  o.matrices = n[1] - '0';
  return o;
}

// The kind of a Triton layout, or the family of a tilus/CuTe one.
std::string kind_of(const ls::TensorLayout& t) { return t.spec ? ls::kind_name(*t.spec) : t.foreign->family(); }

ls::BankConflictReport bank_report(const ls::TensorLayout& reg, const ls::TensorLayout& shared, int32_t bits,
                                   const ls::SharedOpOptions& o) {
  auto rm = ls::make_map(reg);
  auto sm = ls::make_map(shared);
  ls::require(!rm->is_shared(), "--reg must be a distributed (register) layout, not " + kind_of(reg));
  ls::require(sm->is_shared(), "--shared must be a shared layout, not " + kind_of(shared));
  return ls::analyze_bank_conflicts(*rm, *sm, bits, o, shared.spec ? ls::physical_offset_of(*shared.spec) : nullptr);
}

void print_op_table(const std::string& what, const ls::SharedOpReport& r) {
  std::cout << what << ": " << r.instruction << ", " << r.instructions << " instructions, " << r.wavefronts
            << " wavefronts (ideal " << r.ideal << ", " << r.conflicts() << " bank conflicts, worst instruction "
            << r.max_wavefronts << ")\n";
}

int bank_batch(const cli::Args& a, const std::string& path) {
  std::istringstream f(cli::read_file(path));
  std::string line;
  while (std::getline(f, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      ls::BankCase c = ls::parse_bank_case(line);
      if (c.reg.shape.empty()) c.reg.shape = c.shared.shape;
      if (c.shared.shape.empty()) c.shared.shape = c.reg.shape;
      cli::check_work(a, c.reg);
      cli::check_work(a, c.shared);
      ls::check_element_bits(c.bits);
      std::cout << ls::to_json(bank_report(c.reg, c.shared, c.bits, {}), false) << "\n";
    } catch (const std::exception& e) {
      std::cout << "{\"error\": " << ls::json_string(e.what()) << "}\n";
    }
  }
  return 0;
}

const cli::Registration bank{
    {"bank-conflicts",
     {{"", "",
       {{"--reg", "L", true}, {"--shared", "L", true}, {"--shape", "32x32"}, {"--bits", "16"}, {"--matrix", "x4[.trans]"},
        {"--details"}, {"--table"}},
       "shared-memory wavefronts of storing/loading a register tile, and Triton's conflicts per wavefront"},
      {"", "", {{"--batch", "FILE", true}}, "one {\"reg\", \"shared\", \"shape\", \"bits\"} per line -> one result per line"}},
     [](const cli::Args& a) {
       no_positional(a);
       if (a.has("--batch")) return bank_batch(a, a.get("--batch"));
       auto [reg, shared] = layout_pair(a, "--reg", "--shared");
       auto r = bank_report(reg, shared, bits_of(a, reg), matrix_options(a));
       if (a.flag("--table")) {
         std::cout << "Triton conflicts per wavefront: "
                   << (r.triton_conflicts_per_wavefront ? std::to_string(*r.triton_conflicts_per_wavefront) : "n/a") << "\n";
         print_op_table("store", r.store);
         print_op_table("load", r.load);
       } else {
         std::cout << ls::to_json(r, a.flag("--details")) << "\n";
       }
       return 0;
     },
     int64_t{1} << 24}};

// A distributed layout's F2 form for the shape.
ls::LinearLayout distributed(const ls::TensorLayout& t, const std::string& what) {
  if (t.foreign) return distributed(ls::to_triton_linear(t), what);
  ls::require(!ls::is_shared(*t.spec), what + " must be a distributed layout, not " + ls::kind_name(*t.spec));
  return ls::to_linear(*t.spec, t.shape);
}

std::vector<int64_t> parse_strides(const std::string& s) {
  std::vector<int64_t> v;
  std::stringstream in(s);
  std::string part;
  while (std::getline(in, part, ',')) {
    ls::require(!part.empty() && part.size() <= 13 && part.find_first_not_of("0123456789") == std::string::npos,
                "--strides: '" + s + "' is not a comma-separated list of element strides like 64,1");
    v.push_back(std::stoll(part));
  }
  ls::require(!v.empty(), "--strides: '" + s + "' is not a comma-separated list of element strides like 64,1");
  return v;
}

const cli::Registration coalescing{
    {"coalescing",
     {{"", "LAYOUT", {{"--shape", "S"}, {"--bits", "32"}, {"--strides", "64,1"}, {"--table"}},
       "global-memory vector width, sectors per request, efficiency (strides in elements; default: contiguous "
       "row-major)"}},
     [](const cli::Args& a) {
       ls::TensorLayout t = cli::load_layout(a);
       ls::require(!t.shape.empty(), "the layout carries no shape; give one with --shape (e.g. --shape 64x16)");
       auto m = ls::make_map(t);
       ls::require(!m->is_shared(), "coalescing takes a distributed layout, not " + kind_of(t));
       std::vector<int64_t> strides(t.shape.size(), 1);
       for (size_t d = t.shape.size() - 1; d-- > 0;) strides[d] = strides[d + 1] * t.shape[d + 1];
       if (a.has("--strides")) strides = parse_strides(a.get("--strides"));
       auto r = ls::analyze_coalescing(*m, strides, bits_of(a, t));
       if (a.flag("--table")) {
         std::printf("%s: %d-bit vectors, runs of %lld bits (%lld per run), %.2f sectors per request (ideal %.2f), "
                     "efficiency %.1f%%\n",
                     r.instruction.c_str(), r.vector_bits, static_cast<long long>(r.run_bits),
                     static_cast<long long>(r.vectors_per_run), r.sectors_per_request, r.ideal_sectors_per_request,
                     100 * r.efficiency);
       } else {
         std::cout << ls::to_json(r) << "\n";
       }
       return 0;
     },
     int64_t{1} << 24}};

const cli::Registration convert_cost{
    {"convert-cost",
     {{"", "", {{"--src", "L", true}, {"--dst", "L", true}, {"--shape", "S"}, {"--bits", "32"}, {"--table"}},
       "free / register permutation / warp shuffles / shared memory"}},
     [](const cli::Args& a) {
       no_positional(a);
       auto [src, dst] = layout_pair(a, "--src", "--dst");
       auto r = ls::analyze_conversion(distributed(src, "--src"), distributed(dst, "--dst"), bits_of(a, src));
       if (a.flag("--table")) {
         std::cout << ls::to_string(r.kind);
         if (r.kind == ls::ConversionKind::shared_memory) std::cout << ", " << r.scratch_bytes << " bytes of scratch";
         std::cout << "\n";
       } else {
         std::cout << ls::to_json(r) << "\n";
       }
       return 0;
     },
     int64_t{1} << 24}};

const cli::Registration swizzle{
    {"swizzle",
     {{"", "", {{"--src", "L", true}, {"--dst", "L", true}, {"--shape", "S"}, {"--bits", "16"}, {"--no-rank"}, {"--max-candidates", "N"}, {"--table"}},
       "the conflict-minimal shared layout for the pair, and the conventional choices ranked by their conflicts"}},
     [](const cli::Args& a) {
       no_positional(a);
       auto [src, dst] = layout_pair(a, "--src", "--dst");
       int32_t bits = bits_of(a, src);
       auto s = distributed(src, "--src"), d = distributed(dst, "--dst");
       auto design = ls::design_swizzle(s, d, bits);
       std::vector<ls::SwizzleCandidate> ranked;
       if (!a.flag("--no-rank"))
         ranked = ls::rank_conventional(s, d, bits,
                                        a.has("--max-candidates")
                                            ? cli::parse_int("--max-candidates", a.get("--max-candidates"), 1, int64_t{1} << 24)
                                            : ls::kMaxSwizzleCandidates);
       if (a.flag("--table")) {
         print_op_table("designed, store", design.store);
         print_op_table("designed, load", design.load);
         for (auto& c : ranked)
           std::printf("%6lld conflicts  %6lld + %6lld wavefronts  %s\n", static_cast<long long>(c.conflicts()),
                       static_cast<long long>(c.store_wavefronts), static_cast<long long>(c.load_wavefronts), c.name.c_str());
       } else {
         std::cout << ls::to_json(design, ranked) << "\n";
       }
       return 0;
     },
     int64_t{1} << 16}};

}  // namespace
