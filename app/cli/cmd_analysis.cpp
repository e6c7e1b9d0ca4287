// bank-conflicts, coalescing, convert-cost, swizzle: the analyses of
// core/analysis as JSON (a short table with --table).
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <optional>
#include <sstream>
#include <utility>

#include "analysis/bank_conflicts.h"
#include "analysis/coalescing.h"
#include "analysis/conversion.h"
#include "analysis/swizzle.h"
#include "analysis/report_json.h"
#include "codegen/codegen.h"
#include "cli.h"
#include "interrupt.h"
#include "error.h"
#include "io/text.h"
#include "layout_map.h"

namespace {

// A layout given with --NAME (text, file or '-').
ls::TensorLayout named_layout(const cli::Args& a, const std::string& opt) {
  ls::require(a.has(opt), "missing " + opt + " LAYOUT");
  ls::TensorLayout t = ls::parse_layout(cli::read_all_text(a.get(opt)));
  t.triton = cli::triton_version(a);
  return t;
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
  ls::require(!rm->is_shared() && !rm->is_tensor_memory(), "--reg must be a distributed (register) layout, not " + kind_of(reg));
  ls::require(sm->is_shared(), "--shared must be a shared layout, not " + kind_of(shared));
  return ls::analyze_bank_conflicts(*rm, *sm, bits, o, shared.spec ? ls::physical_offset_of(*shared.spec) : nullptr);
}

void print_op_table(const std::string& what, const ls::SharedOpReport& r) {
  std::cout << what << ": " << r.instruction << ", " << r.instructions << " instructions, " << r.wavefronts
            << " wavefronts (ideal " << r.ideal << ", " << r.conflicts() << " bank conflicts, worst instruction "
            << r.max_wavefronts << ")\n";
}

// Printed together at the end: Ctrl-C leaves no partial output.
int bank_batch(const cli::Args& a, const std::string& path, ls::TritonVersion v) {
  std::string text = cli::read_file(path);
  const int64_t lines = std::count(text.begin(), text.end(), '\n') + 1;
  std::istringstream f(text);
  std::ostringstream out;
  std::string line;
  for (int64_t n = 0; std::getline(f, line); ++n) {
    ls::work_point("bank-conflicts --batch", n, lines);
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      ls::BankCase c = ls::parse_bank_case(line);
      if (c.reg.shape.empty()) c.reg.shape = c.shared.shape;
      if (c.shared.shape.empty()) c.shared.shape = c.reg.shape;
      c.reg.triton = c.shared.triton = v;
      cli::check_work(a, c.reg);
      cli::check_work(a, c.shared);
      ls::check_element_bits(c.bits);
      out << cli::with_triton(ls::to_json(bank_report(c.reg, c.shared, c.bits, {}), false), v) << "\n";
    } catch (const std::exception& e) {
      out << "{\"error\": " << ls::json_string(e.what()) << "}\n";
    }
  }
  std::cout << out.str();
  return 0;
}

const cli::Registration bank{
    {"bank-conflicts",
     {{"", "",
       {{"--reg", "L", true}, {"--shared", "L", true}, {"--shape", "32x32"}, {"--bits", "16"}, {"--triton", "3.6|3.9"},
        {"--target", "sm_80|sm_90|sm_100"}, {"--instr", "triton|layoutscope"}, {"--matrix", "x4[.trans]"},
        {"--details"}, {"--table"}},
       "shared-memory wavefronts of storing/loading a register tile with the instructions Triton emits (default), "
       "layoutscope's widest vector or ldmatrix/stmatrix, and Triton's conflicts per wavefront"},
      {"", "", {{"--batch", "FILE", true}, {"--triton", "3.6|3.9"}},
       "one {\"reg\", \"shared\", \"shape\", \"bits\"} per line -> one result per line"}},
     [](const cli::Args& a) {
       no_positional(a);
       if (a.has("--batch")) return bank_batch(a, a.get("--batch"), cli::triton_version(a));
       auto [reg, shared] = layout_pair(a, "--reg", "--shared");
       const int32_t bits = bits_of(a, reg);
       auto r = bank_report(reg, shared, bits, matrix_options(a));
       // By default the instructions Triton emits (core/codegen); --instr
       // layoutscope (widest plain vector) or --matrix choose them explicitly.
       const std::string instr = a.get("--instr", "triton");
       ls::require(instr == "triton" || instr == "layoutscope", "--instr must be triton or layoutscope, not '" + instr + "'");
       std::string used = a.has("--matrix") ? "ldmatrix/stmatrix " + a.get("--matrix") : "layoutscope widest vector";
       namespace cg = ls::codegen;
       cg::Target target;
       if (a.has("--triton")) target.version = cg::parse_version(a.get("--triton"));
       if (a.has("--target")) target.sm = cg::parse_sm(a.get("--target"));
       std::optional<std::pair<cg::Instr, cg::Instr>> ops;
       if (instr == "triton" && !a.has("--matrix") && bits <= 32 && reg.spec && shared.spec) {
         try {
           ops = cg::round_trip_ops(reg, shared, bits, target, a.flag("--details"));
         } catch (const ls::Error& e) {  // e.g. several CTAs: layoutscope's choice, saying why
           used += std::string(" (no Triton model: ") + e.what() + ")";
         }
       }
       if (ops) {
         auto& [st, ld] = *ops;
         r.store = cg::as_report(st, bits);
         r.load = cg::as_report(ld, bits);
         used = "triton " + cg::to_string(target.version) + " sm_" + std::to_string(target.sm);
       }
       if (a.flag("--table")) {
         std::cout << "instructions: " << used << "\n";
         std::cout << "Triton conflicts per wavefront: "
                   << (r.triton_conflicts_per_wavefront ? std::to_string(*r.triton_conflicts_per_wavefront) : "n/a") << "\n";
         print_op_table("store", r.store);
         print_op_table("load", r.load);
       } else {
         std::cout << cli::with_triton("{\"instructions_of\": " + ls::json_string(used) + ", " +
                                           ls::to_json(r, a.flag("--details")).substr(1),
                                       reg.triton)
                   << "\n";
       }
       return 0;
     },
     int64_t{1} << 24}};

// A distributed layout's F2 form for the shape.
ls::LinearLayout distributed(const ls::TensorLayout& t, const std::string& what) {
  if (t.foreign) return distributed(ls::to_triton_linear(t), what);
  ls::require(!ls::is_shared(*t.spec) && !ls::is_tensor_memory(*t.spec),
              what + " must be a distributed layout, not " + ls::kind_name(*t.spec));
  return ls::to_linear(*t.spec, t.shape, t.triton);
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
     {{"", "LAYOUT", {{"--shape", "S"}, {"--bits", "32"}, {"--strides", "64,1"}, {"--triton", "3.6|3.9"}, {"--table"}},
       "global-memory vector width, sectors per request, efficiency (strides in elements; default: contiguous "
       "row-major)"}},
     [](const cli::Args& a) {
       ls::TensorLayout t = cli::load_layout(a);
       ls::require(!t.shape.empty(), "the layout carries no shape; give one with --shape (e.g. --shape 64x16)");
       auto m = ls::make_map(t);
       ls::require(!m->is_shared() && !m->is_tensor_memory(), "coalescing takes a distributed layout, not " + kind_of(t));
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
         std::cout << cli::with_triton(ls::to_json(r), t.triton) << "\n";
       }
       return 0;
     },
     int64_t{1} << 24}};

const cli::Registration convert_cost{
    {"convert-cost",
     {{"", "", {{"--src", "L", true}, {"--dst", "L", true}, {"--shape", "S"}, {"--bits", "32"}, {"--triton", "3.6|3.9"},
                {"--table"}},
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
         std::cout << cli::with_triton(ls::to_json(r), src.triton) << "\n";
       }
       return 0;
     },
     int64_t{1} << 24}};


// The swizzle choice judged by the instructions Triton emits (core/codegen):
// Triton's own conversion (its optimal swizzling), the designed layout and
// every conventional candidate as local_store (src) / local_load (dst), and
// the cheapest of them, which is never worse than Triton's own or the best
// candidate. JSON text; empty for 64-bit elements or foreign layouts.
ls::codegen::Target target_of(const cli::Args& a) {
  ls::codegen::Target t;
  if (a.has("--triton")) t.version = ls::codegen::parse_version(a.get("--triton"));
  if (a.has("--target")) t.sm = ls::codegen::parse_sm(a.get("--target"));
  return t;
}

std::string triton_swizzle_choice(const ls::codegen::Target& t, const ls::TensorLayout& src,
                                  const ls::TensorLayout& dst, int32_t bits, const ls::SwizzleDesign& design,
                                  const std::vector<ls::SwizzleCandidate>& ranked) {
  namespace cg = ls::codegen;
  if (bits > 32 || !src.spec || !dst.spec) return "";
  struct Cost {
    std::string name, store_instr, load_instr;
    int64_t store = 0, load = 0;
    int64_t total() const { return store + load; }
  };
  auto through = [&](const std::string& name, const ls::Spec& spec) -> std::optional<Cost> {
    ls::TensorLayout sh;
    sh.spec = std::make_shared<const ls::Spec>(spec);
    sh.shape = src.shape;
    try {
      auto st = cg::round_trip_ops(src, sh, bits, t).first;
      auto ld = cg::round_trip_ops(dst, sh, bits, t).second;
      return Cost{name, st.mnemonic, ld.mnemonic, st.wavefronts, ld.wavefronts};
    } catch (const ls::Error&) {
      return std::nullopt;
    }
  };
  auto json = [](const Cost& c) {
    return "{\"layout\": " + ls::json_string(c.name) + ", \"store\": " + ls::json_string(c.store_instr) +
           ", \"load\": " + ls::json_string(c.load_instr) + ", \"store_wavefronts\": " + std::to_string(c.store) +
           ", \"load_wavefronts\": " + std::to_string(c.load) + "}";
  };
  std::optional<Cost> own;
  cg::KernelReport k = cg::via_convert(src, dst, bits, t);
  if (k.path == "shared_memory") {
    Cost c{"Triton's own convert_layout (its optimal swizzling)", "", "", k.shared_store_wavefronts, k.shared_load_wavefronts};
    for (auto& in : k.instrs)
      if (in.shared) (in.store ? c.store_instr : c.load_instr) = in.mnemonic;
    own = c;
  }
  auto designed = through("designed", ls::Spec{ls::SharedLinear{design.layout.bases("offset"), {}, 16}});
  std::vector<Cost> cands;
  for (auto& c : ranked)
    if (auto x = through(c.name, c.spec)) cands.push_back(*x);
  std::stable_sort(cands.begin(), cands.end(), [](const Cost& x, const Cost& y) { return x.total() < y.total(); });
  // the cheapest; ties keep Triton's own, then the design
  std::optional<Cost> best = own;
  for (auto* c : {designed ? &*designed : nullptr, cands.empty() ? nullptr : &cands.front()})
    if (c && (!best || c->total() < best->total())) best = *c;
  std::string note;
  if (best && own && best->name == own->name)
    note = "no layout found beats Triton's own conversion; keep it";
  else if (best && designed && best->name != "designed")
    note = "the designed layout costs more than " + best->name + " with Triton's instructions; use that";
  std::string out = "{\"instructions_of\": " + ls::json_string("triton " + cg::to_string(t.version) + " sm_" + std::to_string(t.sm)) +
                    ", \"path\": " + ls::json_string(k.path) + ", \"own\": " + (own ? json(*own) : "null") +
                    ", \"designed\": " + (designed ? json(*designed) : "null") + ", \"ranked\": [";
  for (size_t i = 0; i < cands.size(); ++i) out += (i ? ", " : "") + json(cands[i]);
  out += "], \"recommended\": " + (best ? json(*best) : "null") + ", \"note\": " + ls::json_string(note) + "}";
  return out;
}

const cli::Registration swizzle{
    {"swizzle",
     {{"", "", {{"--src", "L", true}, {"--dst", "L", true}, {"--shape", "S"}, {"--bits", "16"}, {"--triton", "3.6|3.9"},
                {"--target", "sm_80|sm_90|sm_100"}, {"--no-rank"}, {"--max-candidates", "N"}, {"--table"}},
       "the conflict-minimal shared layout for the pair, and the conventional choices ranked by their conflicts, "
       "also with the instructions Triton emits (triton_choice)"}},
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
       std::string triton;
       const auto target = target_of(a);
       try {
         triton = triton_swizzle_choice(target, src, dst, bits, design, ranked);
       } catch (const ls::Error& e) {  // e.g. several CTAs: no Triton view, the rest stands
         triton = "{\"error\": " + ls::json_string(e.what()) + "}";
       }
       if (a.flag("--table")) {
         print_op_table("designed, store", design.store);
         print_op_table("designed, load", design.load);
         for (auto& c : ranked)
           std::printf("%6lld conflicts  %6lld + %6lld wavefronts  %s\n", static_cast<long long>(c.conflicts()),
                       static_cast<long long>(c.store_wavefronts), static_cast<long long>(c.load_wavefronts), c.name.c_str());
         if (!triton.empty()) std::cout << "with Triton's instructions: " << triton << "\n";
       } else {
         std::string j = ls::to_json(design, ranked);
         if (!triton.empty()) j = j.substr(0, j.size() - 1) + ", \"triton_choice\": " + triton + "}";
         std::cout << cli::with_triton(j, src.triton) << "\n";
       }
       return 0;
     },
     int64_t{1} << 16}};

}  // namespace
