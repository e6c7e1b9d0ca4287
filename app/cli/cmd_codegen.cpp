// codegen: the PTX instructions Triton emits for a Gluon copy kernel
// (core/codegen/codegen.h) and the shared-memory wavefronts they cost, as JSON.
#include <iostream>
#include <sstream>

#include "cli.h"
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
    if (details) {
      o << ", \"accesses\": [";
      for (size_t i = 0; i < in.accesses.size(); ++i) {
        auto& a = in.accesses[i];
        o << (i ? ", " : "") << "{\"warp\": " << a.warp << ", \"index\": " << a.index << ", \"wavefronts\": "
          << a.wavefronts << ", \"lane_offset\": [";
        for (size_t l = 0; l < a.lane_offset.size(); ++l) o << (l ? ", " : "") << a.lane_offset[l];
        o << "]}";
      }
      o << "]";
    }
  }
  o << "}";
  return o.str();
}

const cli::Registration codegen{
    {"codegen",
     {{"", "",
       {{"--load", "R", true}, {"--via-shared", "S"}, {"--convert", "R2"}, {"--shape", "MxN", true}, {"--bits", "B", true},
        {"--triton", "3.6|3.9"}, {"--target", "sm_80|sm_90|sm_100"}, {"--num-warps", "W"}, {"--details"}},
       "the PTX Triton emits for gl.load with R, then local_store to S and local_load with R (or convert_layout to "
       "R2; neither: a copy), then gl.store: instructions per thread and shared wavefronts per CTA"}},
     [](const cli::Args& a) {
       ls::require(a.pos.empty(), "unexpected argument '" + (a.pos.empty() ? std::string() : a.pos[0]) + "'");
       ls::require(a.has("--load"), "--load: missing (the register layout of gl.load)");
       ls::require(!(a.has("--via-shared") && a.has("--convert")), "--via-shared / --convert: give at most one");
       ls::require(a.has("--shape"), "--shape: missing (e.g. --shape 128x128)");
       ls::require(a.has("--bits"), "--bits: missing (8, 16 or 32)");
       ls::Shape shape;
       try {
         shape = cli::parse_shape(a.get("--shape"));
         ls::check_shape(shape);
       } catch (const std::exception& e) {
         ls::fail(std::string("--shape: ") + e.what());
       }
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
         << ", \"instructions\": [";
       for (size_t i = 0; i < r.instrs.size(); ++i) o << (i ? ", " : "") << instr_json(r.instrs[i], a.flag("--details"));
       o << "]}";
       std::cout << o.str() << "\n";
       return 0;
     },
     int64_t{1} << 22}};

}  // namespace
