// codegen: the PTX instructions Triton emits for a Gluon copy kernel
// (core/codegen/codegen.h) and the shared-memory wavefronts they cost, as JSON;
// lds: the AMD LDS instructions of a local_store / local_load (core/codegen/amd_lds.h).
#include <iostream>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

#include "analysis/report_json.h"
#include "cli.h"
#include "codegen/amd_lds.h"
#include "codegen/codegen.h"
#include "error.h"
#include "io/text.h"

namespace {

namespace cg = ls::codegen;

ls::TensorLayout layout_opt(const cli::Args& a, const std::string& opt, const ls::Shape& shape) {
  ls::TensorLayout t;
  try {
    t = ls::parse_layout(cli::read_all_text(a.get(opt)));
  } catch (const std::exception& e) {
    ls::fail(opt + ": " + e.what());
  }
  if (!t.spec) ls::fail(opt + ": codegen takes Triton layouts, not " + t.foreign->family());
  t.shape = shape;
  cli::check_work(a, t);
  return t;
}

ls::Shape shape_opt(const cli::Args& a) {
  try {
    ls::Shape shape = cli::parse_shape(a.get("--shape"));
    ls::check_shape(shape);
    return shape;
  } catch (const std::exception& e) {
    const std::string what = e.what();
    ls::fail(what.rfind("--shape", 0) == 0 ? what : "--shape: " + what);
  }
}

int32_t parse_bits(const std::string& s) {
  ls::require(s == "8" || s == "16" || s == "32", "--bits must be 8, 16 or 32, not '" + s + "'");
  return std::stoi(s);
}

std::string instr_json(const cg::Instr& in, bool details) {
  std::ostringstream o;
  o << "{\"op\": \"" << in.op << "\", \"mnemonic\": \"" << in.mnemonic << "\", \"per_thread\": " << in.per_thread
    << ", \"bytes_per_lane\": " << in.bytes_per_lane;
  if (in.shared) {
    o << ", \"warp_instructions\": " << in.warp_instructions << ", \"wavefronts\": " << in.wavefronts
      << ", \"ideal\": " << in.ideal;
    if (const auto& a = in.llvm_alternative)
      o << ", \"llvm_alignment_decides\": true, \"alternative\": {\"llvm_joins\": " << (a->llvm_joins ? "true" : "false")
        << ", \"mnemonic\": \"" << a->instruction << "\", \"per_thread\": " << a->per_thread
        << ", \"wavefronts\": " << a->wavefronts << ", \"ideal\": " << a->ideal << "}";
    if (in.ptxas) o << ", \"ptxas\": " << ls::to_json(*in.ptxas);
    if (!in.hardware_fault.empty()) o << ", \"hardware_fault\": " << ls::json_string(in.hardware_fault);
    if (!in.wrong_addresses.empty()) o << ", \"wrong_addresses\": " << ls::json_string(in.wrong_addresses);
    if (details) {
      o << ", \"accesses\": [";
      for (size_t i = 0; i < in.accesses.size(); ++i) {
        auto& a = in.accesses[i];
        const int32_t bytes = in.sequence.empty() ? in.bytes_per_lane : in.sequence[a.index].bytes;
        o << (i ? ", " : "") << "{\"warp\": " << a.warp << ", \"index\": " << a.index << ", \"bytes\": " << bytes
          << ", \"wavefronts\": " << a.wavefronts << ", \"lane_offset\": [";
        for (size_t l = 0; l < a.lane_offset.size(); ++l) o << (l ? ", " : "") << a.lane_offset[l];
        o << "]}";
      }
      o << "]";
    }
  }
  o << "}";
  return o.str();
}

// One kernel's report (the options of `codegen --load ...`).
std::string codegen_report(const cli::Args& a) {
  ls::require(a.has("--load"), "--load: missing (the register layout of gl.load)");
  ls::require(!(a.has("--via-shared") && a.has("--convert")), "--via-shared / --convert: give at most one");
  ls::require(a.has("--shape"), "--shape: missing (e.g. --shape 128x128)");
  ls::require(a.has("--bits"), "--bits: missing (8, 16 or 32)");
  const ls::Shape shape = shape_opt(a);
  const int32_t bits = parse_bits(a.get("--bits"));
  cg::Target t;
  if (a.has("--triton")) t.version = ls::parse_triton_version(a.get("--triton"));
  if (a.has("--target")) t.sm = cg::parse_sm(a.get("--target"));
  ls::TensorLayout load = layout_opt(a, "--load", shape);
  cg::KernelReport r;
  const bool details = a.flag("--details");
  if (a.has("--via-shared")) r = cg::via_shared(load, layout_opt(a, "--via-shared", shape), bits, t, details);
  else if (a.has("--convert")) r = cg::via_convert(load, layout_opt(a, "--convert", shape), bits, t, details);
  else r = cg::copy(load, bits, t);
  if (a.has("--num-warps")) {
    const std::string w = a.get("--num-warps");
    ls::require(w == std::to_string(r.num_warps),
                "--num-warps: " + w + " differs from the layout's " + std::to_string(r.num_warps) + " warps");
  }
  std::ostringstream o;
  o << "{\"triton\": \"" << ls::triton_version_name(t.version) << "\", \"target\": \"sm_" << t.sm
    << "\", \"num_warps\": " << r.num_warps << ", \"bits\": " << bits << ", \"path\": \"" << r.path
    << "\", \"ptx_per_thread\": {";
  bool first = true;
  for (auto& [m, n] : r.ptx_per_thread) o << (first ? "" : ", ") << "\"" << m << "\": " << n, first = false;
  o << "}, \"wavefronts\": {\"shared_store\": " << r.shared_store_wavefronts
    << ", \"shared_load\": " << r.shared_load_wavefronts << "}, \"shared_bytes\": " << r.shared_bytes
    << ", \"shared_limit\": " << cg::shared_limit(t.sm);
  if (const std::string e = cg::launch_error(r); !e.empty()) o << ", \"launch_error\": " << ls::json_string(e);
  o << ", \"instructions\": [";
  for (size_t i = 0; i < r.instrs.size(); ++i) o << (i ? ", " : "") << instr_json(r.instrs[i], details);
  o << "]}";
  return o.str();
}

// A batch line's keys and the options they stand for (the golden files' own
// keys; others are ignored). "shape" also takes [M, N].
struct BatchKey {
  const char* key;
  const char* option;
  bool number;
};
constexpr BatchKey kBatchKeys[] = {{"load", "--load", false},       {"via_shared", "--via-shared", false},
                                   {"convert", "--convert", false}, {"shape", "--shape", false},
                                   {"bits", "--bits", true},        {"triton", "--triton", false},
                                   {"target", "--target", false},   {"num_warps", "--num-warps", true}};

// A batch line as the options of one kernel.
cli::Args batch_args(const cli::Args& outer, const nlohmann::json& j) {
  ls::require(j.is_object(), "a line must be a JSON object");
  cli::Args a;
  a.command = outer.command;
  a.max_elements = outer.max_elements;
  a.flags = outer.flags;
  for (const BatchKey& k : kBatchKeys) {
    if (!j.contains(k.key)) continue;
    const auto& v = j[k.key];
    if (k.number) {
      ls::require(v.is_number_integer(), std::string(k.key) + ": must be a whole number");
      a.options[k.option] = std::to_string(v.get<int64_t>());
    } else if (v.is_string()) {
      a.options[k.option] = v.get<std::string>();
    } else {
      const bool shape = std::string(k.key) == "shape";
      ls::require(shape, std::string(k.key) + ": must be a string");
      ls::require(v.is_array() && !v.empty(), "shape: must be [M, N] or \"MxN\"");
      std::string dims;
      for (const auto& d : v) {
        ls::require(d.is_number_integer(), "shape: must be [M, N] or \"MxN\"");
        if (!dims.empty()) dims += 'x';
        dims += std::to_string(d.get<int64_t>());
      }
      a.options[k.option] = dims;
    }
  }
  return a;
}

const cli::Registration codegen{
    {"codegen",
     {{"", "",
       {{"--load", "R", true}, {"--via-shared", "S"}, {"--convert", "R2"}, {"--shape", "MxN", true}, {"--bits", "B", true},
        {"--triton", "3.6|3.9"}, {"--target", "sm_80|sm_90|sm_100"}, {"--num-warps", "W"}, {"--details"}},
       "the PTX Triton emits for gl.load with R, then local_store to S and local_load with R (or convert_layout to "
       "R2; neither: a copy), then gl.store: instructions per thread and shared wavefronts per CTA"},
      {"", "", {{"--batch", "FILE", true}, {"--details"}},
       "the same for each line of FILE ('-': stdin), a JSON object with keys load, via_shared or convert, shape "
       "([M, N] or \"MxN\"), bits, and optional triton, target, num_warps (others are ignored: a golden file can be "
       "given as it is); one report per line, or {\"error\": \"line N: ...\"} for a line that fails (exit 2 then)"}},
     [](const cli::Args& a) {
       ls::require(a.pos.empty(), "unexpected argument '" + (a.pos.empty() ? std::string() : a.pos[0]) + "'");
       if (!a.has("--batch")) {
         std::cout << codegen_report(a) << "\n";
         return 0;
       }
       for (const BatchKey& k : kBatchKeys)
         ls::require(!a.has(k.option), std::string("--batch: give ") + k.option + " in each line, not on the command line");
       const std::string path = a.get("--batch");
       std::istringstream in(path == "-" ? cli::read_all_text("-") : cli::read_file(path));
       bool failed = false;
       std::string line;
       for (int64_t n = 1; std::getline(in, line); ++n) {
         if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
         try {
           const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
           ls::require(!j.is_discarded(), "not valid JSON");
           std::cout << codegen_report(batch_args(a, j)) << "\n";
         } catch (const ls::Error& e) {
           failed = true;
           std::string what = e.what();  // named by the line's key, not the option
           for (const BatchKey& k : kBatchKeys)
             if (what.rfind(k.option, 0) == 0) what = k.key + what.substr(std::string(k.option).size());
           std::cout << "{\"error\": " << ls::json_string("line " + std::to_string(n) + ": " + what) << "}\n";
         }
       }
       return failed ? 2 : 0;
     },
     int64_t{1} << 22}};

// {"ds_...": n, ...}
std::string counts_json(const std::map<std::string, int64_t>& m) {
  std::string s = "{";
  for (auto& [k, n] : m) s += (s.size() > 1 ? ", \"" : "\"") + k + "\": " + std::to_string(n);
  return s + "}";
}

int32_t dot_operand_of(const ls::TensorLayout& t) {
  auto* d = std::get_if<ls::DotOperand>(&t.spec->v);
  return d && d->parent && std::holds_alternative<ls::AmdMfma>(d->parent->v) ? d->op_idx : -1;
}

const cli::Registration lds{
    {"lds",
     {{"", "",
       {{"--shared", "S"}, {"--store", "R"}, {"--load", "R2"}, {"--convert", "R2"}, {"--shape", "MxN", true},
        {"--bits", "B", true}, {"--arch", "gfx942|gfx950", true}, {"--triton", "3.6|3.9"}},
       "the AMD LDS instructions per thread of local_store from R and/or local_load into R2 through shared layout S, "
       "or of convert_layout from R to R2 through Triton's scratch (CDNA3/4, as Triton and the AMDGPU backend emit "
       "them)"}},
     [](const cli::Args& a) {
       ls::require(a.pos.empty(), "unexpected argument '" + (a.pos.empty() ? std::string() : a.pos[0]) + "'");
       ls::require(a.has("--store") || a.has("--load"), "--store / --load: give at least one register layout");
       const ls::Shape shape = shape_opt(a);
       const int32_t bits = parse_bits(a.get("--bits"));
       const std::string arch = a.get("--arch");
       ls::require(cg::is_amd_arch(arch), "--arch: '" + arch + "' is not modelled (gfx942 or gfx950)");
       ls::TritonVersion v = a.has("--triton") ? ls::parse_triton_version(a.get("--triton")) : ls::kDefaultTriton;
       if (a.has("--convert")) {
         ls::require(!a.has("--shared") && !a.has("--load"),
                     "--convert: give it with --store R only (the conversion makes its own scratch layout)");
         ls::require(a.has("--store"), "--convert: --store R (the source layout) is missing");
         ls::TensorLayout src = layout_opt(a, "--store", shape), dst = layout_opt(a, "--convert", shape);
         for (auto* t : {&src, &dst})
           ls::require(!ls::is_shared(*t->spec) && !ls::is_tensor_memory(*t->spec),
                       std::string(t == &src ? "--store" : "--convert") + ": must be a distributed layout, not " +
                           ls::kind_name(*t->spec));
         cg::AmdConvert c = cg::amd_convert(cg::lowered(src, v), cg::lowered(dst, v), bits, arch, v);
         std::ostringstream o;
         o << "{\"triton\": \"" << ls::triton_version_name(v) << "\", \"arch\": \"" << arch << "\", \"bits\": " << bits
           << ", \"path\": \"" << ls::to_string(c.path) << "\"";
         if (c.path == ls::ConversionKind::warp_shuffle) {  // the ds_* the assembly counts, and the exchange
           const bool ds = c.shuffle.rfind("ds_", 0) == 0;
           o << ", \"amdgcn_per_thread\": {";
           if (ds) o << "\"" << c.shuffle << "\": " << c.shuffles;
           o << "}, \"lane_exchange\": {\"instruction\": \"" << c.shuffle << "\", \"per_thread\": " << c.shuffles << "}";
         }
         if (c.path == ls::ConversionKind::shared_memory) {
           o << ", \"scratch_bytes\": " << c.scratch_bytes << ", \"rounds\": " << c.rounds;
           for (auto* l : {&c.store, &c.load})
             o << ", \"" << (l == &c.store ? "store" : "load") << "\": {\"vec\": " << l->vec
               << ", \"accesses_per_thread\": " << l->accesses << ", \"amdgcn_per_thread\": " << counts_json(l->per_thread)
               << "}";
         }
         std::cout << o.str() << "}\n";
         return 0;
       }
       ls::require(a.has("--shared"), "--shared: missing (the shared layout; or --convert R2 for a conversion)");
       ls::TensorLayout s = layout_opt(a, "--shared", shape);
       ls::require(ls::is_shared(*s.spec), "--shared: must be a shared layout, not " + ls::kind_name(*s.spec));
       const ls::LinearLayout sl = cg::lowered(s, v);
       std::ostringstream o;
       o << "{\"triton\": \"" << ls::triton_version_name(v) << "\", \"arch\": \"" << arch << "\", \"bits\": " << bits;
       for (const char* opt : {"--store", "--load"}) {
         if (!a.has(opt)) continue;
         ls::TensorLayout r = layout_opt(a, opt, shape);
         ls::require(!ls::is_shared(*r.spec) && !ls::is_tensor_memory(*r.spec),
                     std::string(opt) + ": must be a distributed layout, not " + ls::kind_name(*r.spec));
         const bool store = std::string(opt) == "--store";
         cg::AmdLds l = cg::amd_lds_access(cg::lowered(r, v), *s.spec, sl, bits, store, arch, dot_operand_of(r));
         o << ", \"" << (store ? "local_store" : "local_load") << "\": {\"vec\": " << l.vec
           << ", \"accesses_per_thread\": " << l.accesses << ", \"instructions_per_thread\": " << l.instructions
           << ", \"amdgcn_per_thread\": " << counts_json(l.per_thread) << "}";
       }
       o << "}";
       std::cout << o.str() << "\n";
       return 0;
     },
     int64_t{1} << 22}};

}  // namespace
