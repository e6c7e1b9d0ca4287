// bank-conflicts, coalescing, convert-cost, swizzle: the analyses of
// core/analysis as JSON (a short table with --table).
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <utility>

#include "analysis/bank_conflicts.h"
#include "analysis/coalescing.h"
#include "analysis/conversion.h"
#include "analysis/swizzle.h"
#include "analysis/report_json.h"
#include "codegen/codegen.h"
#include "codegen/swizzle_choice.h"
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

// --triton and --target: whose instructions the analyses report by default.
ls::codegen::Target target_of(const cli::Args& a) {
  ls::codegen::Target t;
  t.version = cli::triton_version(a);
  if (a.has("--target")) t.sm = ls::codegen::parse_sm(a.get("--target"));
  return t;
}

ls::BankConflictReport bank_report(const ls::TensorLayout& reg, const ls::TensorLayout& shared, int32_t bits,
                                   const ls::SharedOpOptions& o) {
  auto rm = ls::make_map(reg);
  auto sm = ls::make_map(shared);
  ls::require(!rm->is_shared() && !rm->is_tensor_memory(), "--reg must be a distributed (register) layout, not " + kind_of(reg));
  ls::require(sm->is_shared(), "--shared must be a shared layout, not " + kind_of(shared) +
                                   (sm->is_tensor_memory() ? " (a tmem load/store: tmem-reg-layout --tmem L --reg R)" : ""));
  return ls::analyze_bank_conflicts(*rm, *sm, bits, o, shared.spec ? ls::physical_offset_of(*shared.spec) : nullptr);
}

void print_op_table(const std::string& what, const ls::SharedOpReport& r) {
  std::cout << what << ": " << r.instruction << ", " << r.instructions << " instructions, " << r.wavefronts
            << " wavefronts (ideal " << r.ideal << ", " << r.conflicts() << " bank conflicts, worst instruction "
            << r.max_wavefronts << ")\n";
  if (const auto& a = r.llvm_alternative)
    std::cout << "  the alignment LLVM proves decides these widths; "
              << (a->llvm_joins ? "if it proves R's alignment: " : "if it proves no alignment: ") << a->instruction << ", "
              << a->per_thread << " per thread, " << a->wavefronts << " wavefronts (ideal " << a->ideal << ")\n";
  if (const auto& p = r.ptxas)
    std::cout << "  as the GPU runs it (ptxas merges): " << p->instruction << " per thread, " << p->wavefronts
              << " wavefronts (ideal " << p->ideal << ")\n";
  if (!r.hardware_fault.empty()) std::cout << "  the GPU faults (" << r.hardware_fault << "), as Triton's own kernel does\n";
  if (!r.wrong_addresses.empty()) std::cout << "  wrong addresses: " << r.wrong_addresses << "\n";
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
       const cg::Target target = target_of(a);
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
         r.store = cg::as_report(std::move(st), bits);
         r.load = cg::as_report(std::move(ld), bits);
         used = cg::target_name(target);
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

// Triton's instructions need a Triton layout and 8-32 bit elements; the
// reason when they are out of reach.
std::string no_triton_model(const ls::TensorLayout& t, int32_t bits) {
  if (!t.spec) return "Triton compiles Triton layouts, not " + kind_of(t);
  if (bits > 32) return "codegen models 8, 16 and 32-bit elements";
  return "";
}

std::string json_list(const std::vector<std::string>& items) {
  std::string s = "[";
  for (size_t i = 0; i < items.size(); ++i) s += (i ? ", " : "") + items[i];
  return s + "]";
}

std::string ptx_json(const std::map<std::string, int64_t>& m) {
  std::string s = "{";
  for (auto& [k, n] : m) s += (s.size() > 1 ? ", " : "") + ls::json_string(k) + ": " + std::to_string(n);
  return s + "}";
}

void print_coalescing_table(const std::string& what, const ls::CoalescingReport& r) {
  std::printf("%s: %s, %d-bit vectors, runs of %lld bits (%lld per run), %.2f sectors per request (ideal %.2f), "
              "efficiency %.1f%%\n",
              what.c_str(), r.instruction.c_str(), r.vector_bits, static_cast<long long>(r.run_bits),
              static_cast<long long>(r.vectors_per_run), r.sectors_per_request, r.ideal_sectors_per_request,
              100 * r.efficiency);
}

const cli::Registration coalescing{
    {"coalescing",
     {{"", "LAYOUT",
       {{"--shape", "S"}, {"--bits", "32"}, {"--strides", "64,1"}, {"--triton", "3.6|3.9"}, {"--target", "sm_80|sm_90|sm_100"},
        {"--table"}},
       "global-memory accesses: the vectors Triton's gl.load/gl.store use on a contiguous row-major tensor (default), "
       "layoutscope's widest vector beside them; sectors per request, efficiency (strides in elements)"}},
     [](const cli::Args& a) {
       namespace cg = ls::codegen;
       ls::TensorLayout t = cli::load_layout(a);
       ls::require(!t.shape.empty(), "the layout carries no shape; give one with --shape (e.g. --shape 64x16)");
       auto m = ls::make_map(t);
       ls::require(!m->is_shared() && !m->is_tensor_memory(), "coalescing takes a distributed layout, not " + kind_of(t));
       std::vector<int64_t> strides(t.shape.size(), 1);
       for (size_t d = t.shape.size() - 1; d-- > 0;) strides[d] = strides[d + 1] * t.shape[d + 1];
       const std::vector<int64_t> contiguous = strides;
       if (a.has("--strides")) strides = parse_strides(a.get("--strides"));
       const int32_t bits = bits_of(a, t);
       const cg::Target target = target_of(a);
       auto widest = ls::analyze_coalescing(*m, strides, bits);  // layoutscope's widest vector
       // Triton's gl.load / gl.store (codegen.h) on a contiguous row-major tensor
       std::string why = no_triton_model(t, bits);
       if (why.empty() && strides != contiguous) why = "Triton's accesses are modelled on a contiguous row-major tensor";
       std::optional<cg::Instr> ld, st;
       if (why.empty()) {
         try {
           const ls::LinearLayout l = cg::lowered(t, target.version);
           ld = cg::global_access(l, bits, false, target.version);
           st = cg::global_access(l, bits, true, target.version);
         } catch (const ls::Error& e) {
           why = e.what();
         }
       }
       if (!ld) {
         const std::string used = "layoutscope widest vector (no Triton model: " + why + ")";
         if (a.flag("--table")) print_coalescing_table(used, widest);
         else std::cout << cli::with_triton("{\"instructions_of\": " + ls::json_string(used) + ", " + ls::to_json(widest).substr(1), t.triton) << "\n";
         return 0;
       }
       auto r = ls::analyze_coalescing(*m, strides, bits, ld->bytes_per_lane * 8 / bits);
       if (a.flag("--table")) {
         std::printf("%s: gl.load %lld x %s, gl.store %lld x %s per thread\n", cg::target_name(target).c_str(),
                     static_cast<long long>(ld->per_thread), ld->mnemonic.c_str(), static_cast<long long>(st->per_thread),
                     st->mnemonic.c_str());
         print_coalescing_table(cg::target_name(target), r);
         print_coalescing_table("alternative, layoutscope widest vector", widest);
       } else {
         std::cout << cli::with_triton("{\"instructions_of\": " + ls::json_string(cg::target_name(target)) +
                                           ", \"target\": \"sm_" + std::to_string(target.sm) + "\", \"load\": " +
                                           ls::json_string(ld->mnemonic) + ", \"load_per_thread\": " +
                                           std::to_string(ld->per_thread) + ", \"store\": " + ls::json_string(st->mnemonic) +
                                           ", \"store_per_thread\": " + std::to_string(st->per_thread) + ", " +
                                           ls::to_json(r).substr(1, ls::to_json(r).size() - 2) +
                                           ", \"layoutscope_widest\": " + ls::to_json(widest) + "}",
                                       t.triton)
                   << "\n";
       }
       return 0;
     },
     int64_t{1} << 24}};

const cli::Registration convert_cost{
    {"convert-cost",
     {{"", "",
       {{"--src", "L", true}, {"--dst", "L", true}, {"--shape", "S"}, {"--bits", "32"}, {"--triton", "3.6|3.9"},
        {"--target", "sm_80|sm_90|sm_100"}, {"--table"}},
       "what Triton emits for convert_layout: registers only / warp shuffles / shared memory with its own swizzle, the "
       "instructions, wavefronts and scratch (default); layoutscope's swizzle design beside it"}},
     [](const cli::Args& a) {
       namespace cg = ls::codegen;
       no_positional(a);
       auto [src, dst] = layout_pair(a, "--src", "--dst");
       const int32_t bits = bits_of(a, src);
       const cg::Target target = target_of(a);
       const ls::LinearLayout sl = distributed(src, "--src"), dl = distributed(dst, "--dst");
       auto r = ls::analyze_conversion(sl, dl, bits, target.version);
       std::string why = no_triton_model(src, bits);
       if (why.empty()) why = no_triton_model(dst, bits);
       std::optional<cg::KernelReport> k;
       if (why.empty()) {
         try {
           k = cg::via_convert(src, dst, bits, target);
         } catch (const ls::Error& e) {
           why = e.what();
         }
       }
       // layoutscope's alternative: the swizzle designer's layout with the widest ld/st.shared
       std::optional<ls::SwizzleDesign> design;
       if ((k ? k->path : ls::to_string(r.kind)) == "shared_memory" && bits <= 32) {
         try {
           design = ls::design_swizzle(ls::without_register_broadcast(sl), ls::without_register_broadcast(dl), bits);
         } catch (const ls::Error&) {
         }
       }
       if (!k) {
         const std::string used = "layoutscope's reading of Triton 3.6's rules (no Triton model: " + why + ")";
         if (a.flag("--table")) {
           std::cout << used << ": " << ls::to_string(r.kind);
           if (r.kind == ls::ConversionKind::shared_memory) std::cout << ", " << r.scratch_bytes << " bytes of scratch";
           std::cout << "\n";
         } else {
           std::cout << cli::with_triton("{\"instructions_of\": " + ls::json_string(used) + ", " + ls::to_json(r).substr(1), src.triton) << "\n";
         }
         return 0;
       }
       std::map<std::string, int64_t> ptx;
       std::vector<std::string> instrs;
       for (auto& in : k->instrs) {
         if (in.op != "convert_layout") continue;
         ptx[in.mnemonic] += in.per_thread;
         std::string j = "{\"mnemonic\": " + ls::json_string(in.mnemonic) + ", \"per_thread\": " + std::to_string(in.per_thread);
         if (in.shared)
           j += std::string(", \"side\": ") + (in.store ? "\"store\"" : "\"load\"") + ", \"warp_instructions\": " +
                std::to_string(in.warp_instructions) + ", \"wavefronts\": " + std::to_string(in.wavefronts) +
                ", \"ideal\": " + std::to_string(in.ideal);
         instrs.push_back(j + "}");
       }
       if (a.flag("--table")) {
         std::cout << cg::target_name(target) << ": " << k->path;
         for (auto& [mn, n] : ptx) std::cout << ", " << n << " x " << mn;
         if (k->path == "shared_memory")
           std::cout << ", " << k->shared_store_wavefronts << " + " << k->shared_load_wavefronts << " wavefronts, "
                     << k->shared_bytes << " bytes of scratch";
         std::cout << "\n";
         if (const std::string e = cg::launch_error(*k); !e.empty()) std::cout << e << "\n";
         if (design)
           std::cout << "alternative, layoutscope's swizzle design with the widest ld/st.shared: "
                     << design->store.instruction << " + " << design->load.instruction << ", " << design->store.wavefronts
                     << " + " << design->load.wavefronts << " wavefronts, " << design->scratch_elems * bits / 8
                     << " bytes of scratch\n";
         return 0;
       }
       std::string dims;
       for (auto& d : r.moved_dims) dims += (dims.empty() ? "" : ", ") + ls::json_string(d);
       std::string alt = "null";
       if (design)
         alt = "{\"store\": " + ls::json_string(design->store.instruction) + ", \"load\": " +
               ls::json_string(design->load.instruction) + ", \"store_wavefronts\": " +
               std::to_string(design->store.wavefronts) + ", \"load_wavefronts\": " + std::to_string(design->load.wavefronts) +
               ", \"scratch_bytes\": " + std::to_string(design->scratch_elems * bits / 8) + "}";
       const std::string e = cg::launch_error(*k);
       const std::string launch = e.empty() ? "" : ", \"launch_error\": " + ls::json_string(e);
       std::cout << cli::with_triton(
                        "{\"instructions_of\": " + ls::json_string(cg::target_name(target)) + ", \"target\": \"sm_" +
                            std::to_string(target.sm) + "\", \"kind\": " + ls::json_string(k->path) + ", \"moved_dims\": [" +
                            dims + "], \"scratch_bytes\": " + std::to_string(k->shared_bytes) + ", \"ptx_per_thread\": " +
                            ptx_json(ptx) + ", \"wavefronts\": {\"shared_store\": " +
                            std::to_string(k->shared_store_wavefronts) + ", \"shared_load\": " +
                            std::to_string(k->shared_load_wavefronts) + "}, \"instructions\": " + json_list(instrs) +
                            launch + ", \"layoutscope_design\": " + alt + "}",
                        target.version)
                 << "\n";
       return 0;
     },
     int64_t{1} << 24}};

// The swizzle choice with Triton's instructions (codegen/swizzle_choice.h) as JSON.
std::string choice_json(const ls::codegen::SwizzleChoice& c) {
  auto one = [](const ls::codegen::SharedChoice& x) {
    // shared_layout: the layout itself as Gluon text (null for Triton's own conversion)
    return "{\"layout\": " + ls::json_string(x.name) +
           ", \"shared_layout\": " + (x.spec ? ls::json_string(ls::print_gluon(*x.spec)) : std::string("null")) +
           ", \"store\": " + ls::json_string(x.store_instr) +
           ", \"load\": " + ls::json_string(x.load_instr) + ", \"store_wavefronts\": " + std::to_string(x.store) +
           ", \"load_wavefronts\": " + std::to_string(x.load) + "}";
  };
  std::vector<std::string> ranked;
  for (auto& x : c.ranked) ranked.push_back(one(x));
  return "{\"instructions_of\": " + ls::json_string(ls::codegen::target_name(c.target)) + ", \"path\": " +
         ls::json_string(c.path) + ", \"own\": " + one(c.own) + ", \"designed\": " + (c.designed ? one(*c.designed) : "null") +
         ", \"ranked\": " + json_list(ranked) + ", \"recommended\": " + one(c.recommended) +
         ", \"beats_triton\": " + (c.beats_triton ? "true" : "false") + ", \"note\": " + ls::json_string(c.note) + "}";
}

const cli::Registration swizzle{
    {"swizzle",
     {{"", "", {{"--src", "L", true}, {"--dst", "L", true}, {"--shape", "S"}, {"--bits", "16"}, {"--triton", "3.6|3.9"},
                {"--target", "sm_80|sm_90|sm_100"}, {"--no-rank"}, {"--max-candidates", "N"}, {"--table"}},
       "the shared layout for the pair ranked by the wavefronts of the instructions Triton emits (triton_choice: "
       "never worse than Triton's own conversion); layoutscope's design and ranking with the widest ld/st.shared beside it"}},
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
       const auto target = target_of(a);
       std::optional<ls::codegen::SwizzleChoice> choice;
       std::string why = no_triton_model(src, bits);
       if (why.empty()) why = no_triton_model(dst, bits);
       if (why.empty()) {
         try {
           choice = ls::codegen::choose_swizzle(src, dst, bits, target, design, ranked);
         } catch (const ls::Error& e) {  // e.g. several CTAs: no Triton view, the rest stands
           why = e.what();
         }
       }
       const std::string triton = choice ? choice_json(*choice) : "{\"error\": " + ls::json_string(why) + "}";
       if (a.flag("--table")) {
         if (choice) {
           auto line = [](const char* what, const ls::codegen::SharedChoice& x) {
             std::printf("%-12s %6lld + %6lld wavefronts  %s%s%s\n", what, static_cast<long long>(x.store),
                         static_cast<long long>(x.load), x.name.c_str(), x.store_instr.empty() ? "" : "  ",
                         x.store_instr.empty() ? "" : (x.store_instr + " / " + x.load_instr).c_str());
           };
           std::cout << "with " << ls::codegen::target_name(target) << "'s instructions:\n";
           line("recommended", choice->recommended);
           line("Triton's own", choice->own);
           if (choice->designed) line("designed", *choice->designed);
           for (auto& x : choice->ranked) line("", x);
           std::cout << choice->note << "\n";
         } else {
           std::cout << "no Triton model: " << why << "\n";
         }
         std::cout << "alternative, layoutscope's widest ld/st.shared:\n";
         print_op_table("designed, store", design.store);
         print_op_table("designed, load", design.load);
         for (auto& c : ranked)
           std::printf("%6lld conflicts  %6lld + %6lld wavefronts  %s\n", static_cast<long long>(c.conflicts()),
                       static_cast<long long>(c.store_wavefronts), static_cast<long long>(c.load_wavefronts), c.name.c_str());
       } else {
         std::string j = ls::to_json(design, ranked);
         // Triton's ranking first; the design and the conventional list below it are
         // layoutscope's alternative (widest ld/st.shared)
         j = "{\"triton_choice\": " + triton +
             ", \"alternative_of\": \"layoutscope: design and conventional with the widest ld/st.shared\", " + j.substr(1);
         std::cout << cli::with_triton(j, src.triton) << "\n";
       }
       return 0;
     },
     int64_t{1} << 18}};

}  // namespace
