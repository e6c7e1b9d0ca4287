// gpu ...: kernels that use the layout, run on the local GPU.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "cli.h"
#include "codegen/codegen.h"
#include "copy.h"
#include "device.h"
#include "error.h"
#include "fault.h"
#include "interrupt.h"
#include "io/text.h"
#include "mma_verify.h"
#include "shared_bench.h"
#include <nlohmann/json.hpp>

namespace {

std::string num(double v, int digits = 3) {
  char b[64];
  std::snprintf(b, sizeof b, "%.*f", digits, v);
  return b;
}

int gpu_info() {
  auto d = ls::gpu::list_devices();
  std::cout << "{\"built_with_cuda\": " << (ls::gpu::built_with_cuda() ? "true" : "false") << ", \"devices\": [";
  for (size_t i = 0; i < d.devices.size(); ++i) {
    auto& v = d.devices[i];
    std::cout << (i ? ", " : "") << "{\"name\": \"" << cli::json_escape(v.name) << "\", \"cc\": \"" << v.major << "."
              << v.minor << "\", \"sms\": " << v.sm_count << ", \"global_mem_bytes\": " << v.global_mem_bytes
              << ", \"shared_mem_per_block\": " << v.shared_mem_per_block << ", \"shared_mem_optin\": "
              << v.shared_mem_optin << ", \"simulated\": " << (v.simulated ? "true" : "false") << "}";
  }
  std::cout << "], \"error\": \"" << cli::json_escape(d.error) << "\"}\n";
  return 0;
}

std::string counts_json(const std::map<std::string, int64_t>& m) {
  std::string s = "{";
  for (auto& [k, v] : m) s += (s.size() > 1 ? ", \"" : "\"") + k + "\": " + std::to_string(v);
  return s + "}";
}

// The global-memory part of a PTX count (what core/codegen predicts for a copy).
std::map<std::string, int64_t> global_only(const std::map<std::string, int64_t>& m) {
  std::map<std::string, int64_t> g;
  for (auto& [k, v] : m)
    if (k.rfind("ld.global", 0) == 0 || k.rfind("st.global", 0) == 0) g[k] = v;
  return g;
}

// The rest (ld/st.shared, ldmatrix, stmatrix, shfl): a copy's convert_layout.
std::map<std::string, int64_t> shared_only(const std::map<std::string, int64_t>& m) {
  std::map<std::string, int64_t> g;
  for (auto& [k, v] : m)
    if (k.rfind("ld.global", 0) != 0 && k.rfind("st.global", 0) != 0) g[k] = v;
  return g;
}

std::string copy_json(const ls::gpu::CopyResult& r) {
  std::ostringstream o;
  o << "{\"tbps\": " << num(r.tbps) << ", \"memcpy_tbps\": " << num(r.memcpy_tbps) << ", \"fraction_of_memcpy\": "
    << num(r.memcpy_tbps > 0 ? r.tbps / r.memcpy_tbps : 0) << ", \"ms\": " << num(r.ms, 4) << ", \"bytes\": " << r.bytes
    << ", \"mismatches\": " << r.mismatches << ", \"load_vector\": " << r.kernel.load_vec
    << ", \"store_vector\": " << r.kernel.store_vec << ", \"through_shared\": "
    << (r.kernel.smem_bytes > 0 ? "true" : "false") << ", \"ctas\": " << r.kernel.grid << ", \"threads\": "
    << r.kernel.threads << ", \"instructions\": \"" << (r.kernel.triton ? "triton" : "own")
    << "\", \"ptx_per_thread\": " << counts_json(r.ptx_per_thread) << ", \"registers\": " << r.registers
    << ", \"local_bytes\": " << r.local_bytes;
  if (r.kernel.triton)
    o << ", \"predicted_global\": " << counts_json(r.kernel.predicted) << ", \"global_equals_prediction\": "
      << (global_only(r.ptx_per_thread) == r.kernel.predicted ? "true" : "false")
      << ", \"predicted_convert\": " << counts_json(r.kernel.predicted_convert) << ", \"convert_equals_prediction\": "
      << (shared_only(r.ptx_per_thread) == r.kernel.predicted_convert ? "true" : "false") << ", \"note\": \""
      << cli::json_escape(r.kernel.note) << "\"";
  if (r.triton) {
    auto& t = *r.triton;
    o << ", \"triton_kernel\": {\"triton\": \"" << t.kernel.version << "\", \"name\": \"" << t.kernel.name
      << "\", \"tbps\": " << num(t.tbps) << ", \"ms\": " << num(t.ms, 4) << ", \"mismatches\": " << t.mismatches
      << ", \"num_warps\": " << t.kernel.num_warps << ", \"shared\": " << t.kernel.shared << ", \"grid\": ["
      << t.kernel.grid.x << ", " << t.kernel.grid.y << "], \"ptx_per_thread\": " << counts_json(t.kernel.ptx_per_thread)
      << ", \"registers\": " << t.registers << ", \"local_bytes\": " << t.local_bytes
      << ", \"same_ptx_counts\": " << (t.kernel.ptx_per_thread == r.ptx_per_thread ? "true" : "false")
      << ", \"layoutscope_over_triton\": " << num(t.tbps > 0 ? r.tbps / t.tbps : 0) << "}";
  }
  o << "}";
  return o.str();
}

// The GPU runner lowers Triton layouts; a tilus or CuTe layout is refused
// naming what it takes (`convert --to mlir` gives a linear equivalent).
const ls::TensorLayout& triton_only(const ls::TensorLayout& t, const std::string& what) {
  ls::require(t.spec != nullptr && !t.foreign,
              what + ": a " + (t.foreign ? t.foreign->family() : std::string("missing")) +
                  " layout; the GPU runner takes Triton layouts (blocked, slice, linear, NVIDIA MMA, dot operand, AMD "
                  "MFMA/WMMA, shared); `layoutscope-cli convert LAYOUT --to mlir` turns it into one");
  return t;
}

ls::gpu::CopyRequest copy_request(const cli::Args& a) {
  ls::require(a.pos.size() == 2, "gpu copy: expected one LOAD layout (gpu copy LAYOUT --shape 4096x65536 ...)");
  cli::Args la = a;
  la.pos = {a.pos[1]};
  la.options.erase("--shape");
  if (a.has("--tile")) la.options["--shape"] = a.get("--tile");
  ls::TensorLayout load = cli::load_layout(la);
  ls::require(!load.shape.empty(), "gpu copy: the load layout carries no tile shape; give one with --tile (e.g. --tile 1x2048)");
  ls::gpu::CopyRequest r;
  r.tile = load.shape;
  r.load = ls::to_linear(*triton_only(load, "gpu copy LAYOUT").spec, r.tile);
  r.store = r.load;
  if (a.has("--store")) {
    cli::Args sa = la;
    sa.pos = {a.get("--store")};
    ls::TensorLayout store = cli::load_layout(sa);
    r.store = ls::to_linear(*triton_only(store, "gpu copy --store").spec, r.tile);
  }
  ls::require(a.has("--shape"), "gpu copy: --shape (the tensor, e.g. 4096x65536) is required");
  r.shape = cli::parse_shape(a.get("--shape"));
  int bits = a.has("--bits") ? static_cast<int>(cli::parse_int("--bits", a.get("--bits"), 1, 64)) : load.elem_bits;
  ls::require(bits == 8 || bits == 16 || bits == 32 || bits == 64, "--bits must be 8, 16, 32 or 64");
  r.elem_bytes = bits / 8;
  r.in_view = a.get("--input", "contiguous");
  r.out_view = a.get("--output", "contiguous");
  if (a.has("--reps")) r.reps = static_cast<int>(cli::parse_int("--reps", a.get("--reps"), 1, 1000));
  std::string ins = a.get("--instructions", "triton");
  ls::require(ins == "triton" || ins == "own", "--instructions must be triton or own, not '" + ins + "'");
  r.triton = ins == "triton";
  if (a.has("--triton")) r.version = ls::parse_triton_version(a.get("--triton"));
  r.triton_kernel = a.flag("--triton-kernel");
  r.triton_load = ls::print_gluon(*load.spec);
  r.triton_store = r.triton_load;
  if (a.has("--store")) {
    cli::Args sa = la;
    sa.pos = {a.get("--store")};
    r.triton_store = ls::print_gluon(*cli::load_layout(sa).spec);
  }
  return r;
}

int gpu_copy(const cli::Args& a) {
  ls::gpu::CopyRequest r = copy_request(a);
  if (a.flag("--source")) {
    std::cout << ls::gpu::plan_copy(r).source;
    return 0;
  }
  ls::gpu::CopyResult res = ls::gpu::run_copy(r);
  if (a.flag("--table"))
  {
    std::cout << "copy: " << num(res.tbps) << " TB/s (" << num(100 * res.tbps / res.memcpy_tbps, 1)
              << "% of cudaMemcpy " << num(res.memcpy_tbps) << " TB/s), " << num(res.ms, 4) << " ms, "
              << res.mismatches << " mismatches, " << res.registers << " registers\n";
    if (res.triton)
      std::cout << "Triton " << res.triton->kernel.version << "'s kernel: " << num(res.triton->tbps) << " TB/s, "
                << num(res.triton->ms, 4) << " ms, " << res.triton->mismatches << " mismatches, "
                << res.triton->registers << " registers\n";
  } else
    std::cout << copy_json(res) << "\n";
  return res.mismatches == 0 && (!res.triton || res.triton->mismatches == 0) ? 0 : 1;
}

int gpu_sweep(const cli::Args& a) {
  ls::require(a.pos.size() == 2 && a.pos[1] == "gluon-memcpy", "gpu sweep: the sweep so far is 'gluon-memcpy'");
  std::string ins = a.get("--instructions", "triton");
  ls::require(ins == "triton" || ins == "own", "--instructions must be triton or own, not '" + ins + "'");
  const bool with_triton = a.flag("--triton-kernel");
  // progress on a terminal, and Ctrl-C, between rows (interrupt.h)
  auto rows = ls::gpu::sweep_gluon_memcpy([](int done, int total) {
    if (done < total) ls::work_point("gpu sweep", done, total);
  }, nullptr, ins == "triton", with_triton);
  if (a.flag("--table") && with_triton) {
    std::cout << "experiment | case | layoutscope TB/s | Triton TB/s | ratio | same PTX counts | registers | mismatches\n";
    for (auto& r : rows) {
      if (!r.error.empty()) {
        std::cout << r.experiment << " | " << r.label << " | error: " << r.error << "\n";
        continue;
      }
      auto& t = *r.result.triton;
      std::cout << r.experiment << " | " << r.label << " | " << num(r.result.tbps) << " | " << num(t.tbps) << " | "
                << num(t.tbps > 0 ? r.result.tbps / t.tbps : 0) << " | "
                << (t.kernel.ptx_per_thread == r.result.ptx_per_thread ? "yes" : "no") << " | " << r.result.registers
                << "/" << t.registers << " | " << r.result.mismatches << "/" << t.mismatches << "\n";
    }
    std::cout << "cudaMemcpy: " << num(rows.empty() ? 0 : rows[0].result.memcpy_tbps) << " TB/s\n";
    return 0;
  }
  if (a.flag("--table")) {
    std::cout << "1D memcpy, TB/s (rows XBLOCK, columns R)\nXBLOCK   R=1   R=2   R=4   R=8   R=16\n";
    for (size_t i = 0; i < rows.size(); ++i) {
      if (rows[i].experiment != "1d") continue;
      auto& l = rows[i].label;
      if (l.find(" R=1") != std::string::npos && l.find(" R=16") == std::string::npos)
        std::cout << l.substr(7, l.find(' ') - 7) << std::string(8 - (l.find(' ') - 7), ' ');
      std::cout << " " << num(rows[i].result.tbps);
      if (l.find(" R=16") != std::string::npos) std::cout << "\n";
    }
    for (auto& r : rows)
      if (r.experiment != "1d")
        std::cout << r.experiment << ": " << r.label << ": " << num(r.result.tbps) << " TB/s\n";
    std::cout << "cudaMemcpy: " << num(rows.empty() ? 0 : rows[0].result.memcpy_tbps) << " TB/s\n";
    return 0;
  }
  std::cout << "[";
  for (size_t i = 0; i < rows.size(); ++i)
    std::cout << (i ? ",\n " : "") << "{\"experiment\": \"" << rows[i].experiment << "\", \"label\": \""
              << rows[i].label << "\", "
              << (rows[i].error.empty() ? "\"result\": " + copy_json(rows[i].result)
                                        : "\"error\": \"" + cli::json_escape(rows[i].error) + "\"")
              << "}";
  std::cout << "]\n";
  return 0;
}

// "plain", "ldmatrix.x4", "stmatrix.x2.trans", ...
ls::SharedOpOptions shared_instr(const std::string& s, const char* matrix_name) {
  ls::SharedOpOptions o;
  if (s == "plain" || s.empty()) return o;
  std::string prefix = std::string(matrix_name) + ".x";
  ls::require(s.rfind(prefix, 0) == 0 && s.size() >= prefix.size() + 1,
              "gpu shared: '" + s + "' must be plain or " + matrix_name + ".x1|x2|x4[.trans]");
  o.instr = ls::SharedInstr::matrix;
  o.matrices = s[prefix.size()] - '0';
  ls::require(o.matrices == 1 || o.matrices == 2 || o.matrices == 4, "gpu shared: matrices must be x1, x2 or x4");
  std::string rest = s.substr(prefix.size() + 1);
  ls::require(rest.empty() || rest == ".trans", "gpu shared: '" + s + "' must end in .trans or nothing");
  o.trans = rest == ".trans";
  return o;
}

ls::TensorLayout layout_arg(const std::string& text, const std::string& what) {
  ls::TensorLayout t = ls::parse_layout(cli::read_all_text(text));
  triton_only(t, what);
  return t;
}

ls::gpu::SharedRequest shared_request(const std::string& reg, const std::string& shared, const std::string& load_reg,
                                      const std::string& shape, int bits, const std::string& store,
                                      const std::string& load, bool triton, const ls::codegen::Target& target) {
  ls::gpu::SharedRequest r;
  r.triton = triton;
  r.target = target;
  r.store_reg = layout_arg(reg, "gpu shared --reg");
  r.shared = layout_arg(shared, "gpu shared --shared");
  if (!load_reg.empty()) r.load_reg = layout_arg(load_reg, "gpu shared --load-reg");
  r.shape = shape.empty() ? r.shared.shape : cli::parse_shape(shape);
  ls::require(!r.shape.empty(), "gpu shared: --shape is required when the layouts carry none");
  r.bits = bits ? bits : r.shared.elem_bits;
  r.store_opt = shared_instr(store, "stmatrix");
  r.load_opt = shared_instr(load, "ldmatrix");
  return r;
}

std::string shared_json(const ls::gpu::SharedMeasurement& m) {
  std::ostringstream o;
  auto side = [&](const char* name, const ls::SharedOpReport& p) {
    std::string w = std::string(name);
    o << "\"" << name << "\": {\"instruction\": \"" << p.instruction << "\", \"instructions\": " << p.instructions
      << ", \"wavefronts\": " << p.wavefronts << ", \"ideal\": " << p.ideal << ", \"conflicts\": " << p.conflicts()
      << ", \"measured_instructions\": " << m.measured(w + "_instructions") << ", \"measured_wavefronts\": "
      << m.measured(w + "_wavefronts") << ", \"measured_conflicts\": " << m.measured(w + "_conflicts") << "}";
  };
  o << "{";
  side("store", m.store);
  o << ", ";
  side("load", m.load);
  o << ", \"cycles\": {\"store\": " << m.store_cycles << ", \"load\": " << m.load_cycles << "}, \"agrees\": "
    << (m.agrees() ? "true" : "false") << ", \"counter_error\": \"" << cli::json_escape(m.counter_error)
    << "\", \"unsupported_metrics\": [";
  for (size_t i = 0; i < m.unsupported.size(); ++i) o << (i ? ", " : "") << "\"" << m.unsupported[i] << "\"";
  o << "]}";
  return o.str();
}

// One case per line: {"name", "reg", "shared", "shape": [..], "bits", "load_reg"?, "store"?, "load"?}.
int gpu_shared_batch(const std::string& path) {
  std::string text = cli::read_file(path);
  const int64_t lines = std::count(text.begin(), text.end(), '\n') + 1;
  std::istringstream f(text);
  std::ostringstream out;  // printed at the end: Ctrl-C or a GPU failure leaves no partial output
  int cases = 0, agree = 0;
  std::string line;
  for (int64_t n = 0; std::getline(f, line); ++n) {
    ls::work_point("gpu shared --batch", n, lines);
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    auto j = nlohmann::json::parse(line, nullptr, false);
    std::string name = j.is_object() ? j.value("name", "") : "";
    try {
      ls::require(j.is_object(), "batch line is not a JSON object");
      std::string shape;
      for (auto& v : j.at("shape")) shape += (shape.empty() ? "" : "x") + std::to_string(v.get<int64_t>());
      // lines choose "instructions": "triton" (Triton's, 3.9, sm_90 unless
      // "triton"/"target" say otherwise) or "own" (the default for a batch)
      std::string ins = j.value("instructions", "own");
      ls::require(ins == "triton" || ins == "own", "batch line: instructions must be triton or own");
      ls::codegen::Target tg;
      tg.version = ls::parse_triton_version(j.value("triton", "3.9"));
      tg.sm = ls::codegen::parse_sm(j.value("target", "sm_90"));
      auto m = ls::gpu::run_shared(shared_request(j.at("reg"), j.at("shared"), j.value("load_reg", ""), shape,
                                                  j.value("bits", 0), j.value("store", "plain"), j.value("load", "plain"),
                                                  ins == "triton", tg));
      ++cases;
      agree += m.agrees();
      out << "{\"name\": \"" << cli::json_escape(name) << "\", \"result\": " << shared_json(m) << "}\n";
    } catch (const ls::gpu::Failure&) {
      throw;  // the GPU, not this case: no later case can run either
    } catch (const std::exception& e) {
      ++cases;
      out << "{\"name\": \"" << cli::json_escape(name) << "\", \"error\": \"" << cli::json_escape(e.what()) << "\"}\n";
    }
  }
  std::cout << out.str();
  std::cerr << "gpu shared: " << agree << " of " << cases << " cases agree with the model\n";
  return agree == cases ? 0 : 1;
}

int gpu_shared(const cli::Args& a) {
  if (a.has("--batch")) return gpu_shared_batch(a.get("--batch"));
  ls::require(a.has("--reg") && a.has("--shared"), "gpu shared: --reg LAYOUT and --shared LAYOUT are required");
  int bits = a.has("--bits") ? static_cast<int>(cli::parse_int("--bits", a.get("--bits"), 1, 64)) : 0;
  std::string ins = a.get("--instructions", a.has("--store-instr") || a.has("--load-instr") ? "own" : "triton");
  ls::require(ins == "triton" || ins == "own", "--instructions must be triton or own, not '" + ins + "'");
  ls::require(ins == "own" || (!a.has("--store-instr") && !a.has("--load-instr")),
              "gpu shared: --store-instr/--load-instr choose own instructions; drop them or use --instructions own");
  ls::codegen::Target tg;
  if (a.has("--triton")) tg.version = ls::parse_triton_version(a.get("--triton"));
  if (a.has("--target")) tg.sm = ls::codegen::parse_sm(a.get("--target"));
  auto r = shared_request(a.get("--reg"), a.get("--shared"), a.get("--load-reg"), a.get("--shape"), bits,
                          a.get("--store-instr", "plain"), a.get("--load-instr", "plain"), ins == "triton", tg);
  if (a.flag("--source")) {
    std::cout << ls::gpu::shared_source(r);
    return 0;
  }
  auto m = ls::gpu::run_shared(r);
  std::cout << shared_json(m) << "\n";
  return m.agrees() ? 0 : 1;
}

int gpu_mma_verify(const cli::Args& a) {
  auto checks = ls::gpu::verify_fragments();
  int bad = 0;
  if (a.flag("--table")) {
    for (auto& c : checks) {
      std::cout << c.instruction << ": " << c.cells << " cells, " << c.mismatches.size() << " mismatches\n";
      for (size_t i = 0; i < c.mismatches.size() && i < 8; ++i) {
        auto& m = c.mismatches[i];
        std::cout << "  " << m.operand << " lane " << m.lane << " reg " << m.reg << ": model (" << m.model_row << ","
                  << m.model_col << ") hardware (" << m.hw_row << "," << m.hw_col << ")\n";
      }
      bad += !c.mismatches.empty();
    }
    return bad ? 1 : 0;
  }
  std::cout << "[";
  for (size_t i = 0; i < checks.size(); ++i) {
    auto& c = checks[i];
    bad += !c.mismatches.empty();
    std::cout << (i ? ",\n " : "") << "{\"instruction\": \"" << c.instruction << "\", \"model\": \""
              << cli::json_escape(c.model) << "\", \"cells\": " << c.cells << ", \"mismatches\": [";
    for (size_t j = 0; j < c.mismatches.size(); ++j) {
      auto& m = c.mismatches[j];
      std::cout << (j ? ", " : "") << "{\"operand\": \"" << m.operand << "\", \"lane\": " << m.lane << ", \"reg\": "
                << m.reg << ", \"model\": [" << m.model_row << ", " << m.model_col << "], \"hardware\": [" << m.hw_row
                << ", " << m.hw_col << "]}";
    }
    std::cout << "]}";
  }
  std::cout << "]\n";
  return bad ? 1 : 0;
}

const cli::Registration gpu{
    {"gpu",
     {{"info", "", {}, "the CUDA devices this build sees"},
      {"copy", "LAYOUT",
       {{"--tile", "1x2048"}, {"--shape", "4096x65536", true}, {"--store", "LAYOUT"}, {"--bits", "32"},
        {"--input", "contiguous|transposed|every-other-row"}, {"--output", "contiguous|transposed|every-other-row"},
        {"--reps", "20"}, {"--instructions", "triton|own"}, {"--triton", "3.6|3.9"}, {"--triton-kernel"}, {"--source"},
        {"--table"}},
       "copy a tensor loading with LAYOUT (storing with --store, through shared memory), measured; with Triton's own "
       "kernel beside it (--triton-kernel)"},
      {"sweep", "gluon-memcpy", {{"--instructions", "triton|own"}, {"--triton-kernel"}, {"--table"}},
       "the Gluon tutorial's memcpy experiments on this GPU"},
      {"mma-verify", "", {{"--table"}}, "mma.sync, ldmatrix and wgmma fragments read back and compared with the model"},
      {"shared", "",
       {{"--reg", "L", true}, {"--shared", "S", true}, {"--shape", "64x64"}, {"--bits", "16"}, {"--load-reg", "L"},
        {"--instructions", "triton|own"}, {"--triton", "3.6|3.9"}, {"--target", "sm_90"},
        {"--store-instr", "plain|stmatrix.x4[.trans]"}, {"--load-instr", "plain|ldmatrix.x4[.trans]"}, {"--source"}},
       "shared-memory wavefronts counted vs predicted"},
      {"shared", "", {{"--batch", "FILE", true}}, "one case per JSON line"}},
     [](const cli::Args& a) {
       std::string sub = a.pos.empty() ? "" : a.pos[0];
       try {
         if (sub == "info") return gpu_info();
         if (sub == "copy") return gpu_copy(a);
         if (sub == "sweep") return gpu_sweep(a);
         if (sub == "mma-verify") return gpu_mma_verify(a);
         if (sub == "shared") return gpu_shared(a);
       } catch (const ls::gpu::Failure& e) {  // the GPU failed, not the input: exit 3
         cli::end_progress();
         std::cerr << "error: " << e.what() << "\n";
         return 3;
       }
       ls::fail("gpu: expected info, copy, sweep, mma-verify or shared");
     }}};

}  // namespace
