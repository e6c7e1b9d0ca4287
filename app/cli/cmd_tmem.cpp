// tmem-reg-layout: the register layout of a tensor-memory load/store
// (tcgen05.ld/st) as Triton 3.9 computes it (core/analysis/tmem_reg_layout.h).
#include <iostream>

#include "analysis/tmem_reg_layout.h"
#include "cli.h"
#include "error.h"
#include "io/text.h"

namespace {

std::string list_json(const ls::Bases& b) {
  std::string s = "[";
  for (size_t i = 0; i < b.size(); ++i) {
    s += i ? ", [" : "[";
    for (size_t k = 0; k < b[i].size(); ++k) s += (k ? ", " : "") + std::to_string(b[i][k]);
    s += "]";
  }
  return s + "]";
}

int32_t small_int(const cli::Args& a, const std::string& opt, const std::string& fallback) {
  std::string v = a.get(opt, fallback);
  ls::require(!v.empty() && v.size() <= 4 && v.find_first_not_of("0123456789") == std::string::npos,
              opt + ": '" + v + "' is not a whole number");
  return std::stoi(v);
}

int run(const cli::Args& a) {
  ls::require(a.pos.empty(), "unexpected argument '" + (a.pos.empty() ? std::string() : a.pos[0]) + "'");
  ls::require(a.has("--tmem"), "missing --tmem LAYOUT (a TensorMemoryLayout or TensorMemoryScalesLayout)");
  ls::TensorLayout t = ls::parse_layout(cli::read_all_text(a.get("--tmem")));
  if (a.has("--shape")) t.shape = cli::parse_shape(a.get("--shape"));
  ls::require(!t.shape.empty(), "the layout carries no shape; give one with --shape (e.g. --shape 128x64)");
  t.triton = cli::triton_version(a);
  ls::require(t.spec && ls::is_tensor_memory(*t.spec), "--tmem must be a TensorMemoryLayout or TensorMemoryScalesLayout");
  cli::check_work(a, t);
  ls::TmemRegLayout r;
  int32_t bits = 0, warps = 0;
  if (a.has("--reg")) {  // the message of a tmem load/store with this register layout
    ls::require(!a.has("--variant") && !a.has("--num-warps"), "--reg gives the variant and the warps; leave out --variant and --num-warps");
    ls::TensorLayout reg = ls::parse_layout(cli::read_all_text(a.get("--reg")));
    if (reg.shape.empty()) reg.shape = t.shape;
    reg.triton = t.triton;
    bits = small_int(a, "--bits", std::to_string(reg.elem_named ? reg.elem_bits : t.elem_bits));
    reg.elem_bits = bits;
    ls::require(reg.spec && !ls::is_tensor_memory(*reg.spec) && !ls::is_shared(*reg.spec), "--reg must be a distributed (register) layout");
    ls::require(reg.shape == t.shape, "--reg: its shape must be the TMEM tensor's");
    cli::check_work(a, reg);
    ls::require(t.triton == ls::TritonVersion::v3_9, "tmem-reg-layout answers for Triton 3.9 only (compute_tmem_reg_layout is new in 3.9)");
    auto m = ls::tmem_message_of(reg, t);
    if (!m) {
      std::string vs;
      for (const auto& v : ls::tmem_variants_for(t, reg)) vs += (vs.empty() ? "" : ", ") + v;
      ls::fail("--reg: no tcgen05 message has this register layout; Triton 3.9 refuses a tmem load/store with it (it "
               "takes the " + (vs.empty() ? std::string("no") : vs) + " layouts --variant gives, registers in any order)");
    }
    r = *m;
    warps = int32_t{1} << r.warp.size();  // one warp basis a warp bit
  } else {
    bits = small_int(a, "--bits", std::to_string(t.elem_bits));
    warps = small_int(a, "--num-warps", "4");
    r = ls::tmem_reg_layout(t, bits, warps, a.get("--variant", "32x32b"), t.triton);
  }
  const std::string& variant = r.variant;
  std::string shape = "[" + std::to_string(t.shape[0]) + ", " + std::to_string(t.shape[1]) + "]";
  int64_t messages = r.registers / r.per_message;
  std::cout << "{\"triton\": \"" << ls::triton_version_name(t.triton) << "\", \"tmem\": " << "\"" << cli::json_escape(ls::print_gluon(*t.spec)) << "\""
            << ", \"shape\": " << shape << ", \"bits\": " << bits << ", \"num_warps\": " << warps << ", \"variant\": \""
            << variant << "\", \"bases\": {\"register\": " << list_json(r.reg) << ", \"lane\": " << list_json(r.lane)
            << ", \"warp\": " << list_json(r.warp) << ", \"block\": " << list_json(r.block) << "}, \"message\": \""
            << r.message << "\", \"registers_32bit\": " << r.registers << ", \"registers_per_message\": " << r.per_message
            << ", \"tcgen05_per_warp\": " << messages << ", \"tcgen05_ld\": \"" << ls::tcgen05_instruction(r, true)
            << "\", \"tcgen05_st\": \"" << ls::tcgen05_instruction(r, false) << "\"}\n";
  return 0;
}

const cli::Registration r{
    {"tmem-reg-layout",
     {{"", "",
       {{"--tmem", "L", true}, {"--shape", "MxN", true}, {"--bits", "32"}, {"--num-warps", "4"},
        {"--variant", "32x32b|16x64b|16x128b|16x256b|16x32bx2|32x32b_splitn"}, {"--reg", "R"}, {"--triton", "3.9"}},
       "the register layout of a tmem load/store as Triton 3.9's compute_tmem_reg_layout gives it (exit 2 naming the "
       "rule where Triton refuses), the tcgen05 message and its count; --reg R: the message of a tmem load/store "
       "with register layout R (exit 2 where none has it)"}},
     run,
     int64_t{1} << 22}};

}  // namespace
