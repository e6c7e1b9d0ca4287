// The copy kernels generated from layouts: the access widths the layouts
// imply, and (where nvcc is installed) that the source compiles for sm_90;
// in Triton's mode, that NVRTC's PTX of the kernel holds exactly the global
// instructions core/codegen predicts and Triton's own PTX holds.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "codegen.h"
#include "error.h"
#include "shared_bench.h"
#include "triton_kernel.h"
#include "io/text.h"
#include "runtime.h"
#include <nlohmann/json.hpp>

using namespace ls;
using namespace ls::gpu;

namespace {

LinearLayout blocked(Ints spt, Ints tpw, Ints wpc, Ints order, const Shape& tile) {
  return to_linear(Spec{Blocked{std::move(spt), std::move(tpw), std::move(wpc), std::move(order), {}}}, tile);
}

CopyKernel kernel(const LinearLayout& load, const LinearLayout& store, const Shape& tile, const Shape& shape,
                  const std::string& in, const std::string& out, int bytes = 4) {
  return make_copy_kernel({load, store, tile, shape, view_strides(shape, in), view_strides(shape, out), bytes, false});
}

// Compiles a generated kernel with nvcc for sm_90; true when nvcc is absent.
bool compiles(const CopyKernel& k) {
#ifdef LAYOUTSCOPE_NVCC
  std::string cu = "/tmp/ls_codegen_test.cu";
  std::ofstream(cu) << k.source;
  std::string cmd = std::string(LAYOUTSCOPE_NVCC) + " -arch=sm_90 -cubin -o /tmp/ls_codegen_test.cubin " + cu + " 2>&1";
  return std::system(cmd.c_str()) == 0;
#else
  (void)k;
  return true;
#endif
}

}  // namespace

TEST_CASE("1D memcpy: R registers per thread become one access of R elements (up to 16 bytes)", "[codegen]") {
  // The Gluon tutorial's table: R=1 32-bit, R=2 64-bit, R=4..16 128-bit accesses.
  for (auto [R, vec] : {std::pair{1, 1}, {2, 2}, {4, 4}, {8, 4}, {16, 4}}) {
    auto l = blocked({R}, {32}, {4}, {0}, {2048});
    CopyKernel k = kernel(l, l, {2048}, {1 << 20}, "contiguous", "contiguous");
    CHECK(k.load_vec == vec);
    CHECK(k.store_vec == vec);
    CHECK(k.threads == 128);
    CHECK(k.grid == 512);
    CHECK(k.smem_bytes == 0);
  }
  auto l = blocked({8}, {32}, {4}, {0}, {2048});
  CHECK(compiles(kernel(l, l, {2048}, {1 << 20}, "contiguous", "contiguous")));
}

TEST_CASE("2D memcpy: the transposed tensor loses the vector accesses, the transposed layout keeps them",
          "[codegen]") {
  auto rows = blocked({1, 4}, {1, 32}, {1, 4}, {1, 0}, {1, 512});
  auto cols = blocked({4, 1}, {32, 1}, {4, 1}, {0, 1}, {512, 1});
  CHECK(kernel(rows, rows, {1, 512}, {64, 1024}, "contiguous", "contiguous").load_vec == 4);
  CHECK(kernel(rows, rows, {1, 512}, {64, 1024}, "transposed", "transposed").load_vec == 1);
  CHECK(kernel(cols, cols, {512, 1}, {1024, 64}, "transposed", "transposed").load_vec == 4);
  // every other row: the row pitch doubles, rows stay contiguous
  CHECK(kernel(rows, rows, {1, 512}, {64, 1024}, "every-other-row", "contiguous").load_vec == 4);
  // one layout, two views: wide loads from the rows, single stores into columns
  CopyKernel mixed = kernel(rows, rows, {1, 512}, {64, 1024}, "contiguous", "transposed");
  CHECK(mixed.load_vec == 4);
  CHECK(mixed.store_vec == 1);
}

TEST_CASE("different load and store layouts go through shared memory", "[codegen]") {
  auto in = blocked({1, 4}, {4, 8}, {4, 1}, {1, 0}, {128, 128});
  auto out = blocked({4, 1}, {8, 4}, {1, 4}, {0, 1}, {128, 128});
  CopyKernel k = kernel(in, out, {128, 128}, {1024, 1024}, "contiguous", "transposed", 2);
  CHECK(k.smem_bytes == 128 * 128 * 2);
  CHECK(k.load_vec == 4);
  CHECK(k.store_vec == 4);
  CHECK(k.source.find("__syncthreads") != std::string::npos);
  CHECK(compiles(k));
}

TEST_CASE("plans that cannot run are refused with a reason", "[codegen]") {
  auto l = blocked({1}, {32}, {4}, {0}, {128});
  REQUIRE_THROWS_WITH(kernel(l, l, {128}, {100}, "contiguous", "contiguous"), Catch::Contains("not a multiple"));
  auto amd = blocked({1}, {64}, {4}, {0}, {256});
  REQUIRE_THROWS_WITH(kernel(amd, amd, {256}, {1024}, "contiguous", "contiguous"), Catch::Contains("warps have 32"));
  REQUIRE_THROWS_WITH(view_strides({4, 4}, "diagonal"), Catch::Contains("contiguous, transposed or every-other-row"));
}

TEST_CASE("tensor sizes stay far inside int64 (issue 15)", "[codegen]") {
  auto rows = blocked({1, 4}, {8, 4}, {4, 1}, {1, 0}, {32, 32});
  // 2^39 elements, strided every other row: spans and bytes still fit
  auto k = kernel(rows, rows, {32, 32}, {int64_t{1} << 20, int64_t{1} << 19}, "contiguous", "every-other-row", 8);
  CHECK(k.grid == (int64_t{1} << 29));
  CHECK_THROWS_WITH(kernel(rows, rows, {32, 32}, {int64_t{1} << 21, int64_t{1} << 20}, "contiguous", "contiguous"),
                    Catch::Contains("more than 2^40 elements"));
  CHECK_THROWS_WITH(view_strides({int64_t{1} << 41, 32}, "every-other-row"), Catch::Contains("must be in 1..2^40"));
  CHECK_THROWS_WITH(view_strides({0, 32}, "contiguous"), Catch::Contains("must be in 1..2^40"));
}

// --- Triton's instructions (issue 16) ---------------------------------------

namespace {

CopyKernel triton_kernel(const LinearLayout& load, const LinearLayout& store, const Shape& tile, const Shape& shape,
                         const std::string& in, const std::string& out, int bytes, TritonVersion v) {
  return make_copy_kernel(
      {load, store, tile, shape, view_strides(shape, in), view_strides(shape, out), bytes, true, v});
}

std::map<std::string, int64_t> global_part(const std::map<std::string, int64_t>& m) {
  std::map<std::string, int64_t> g;
  for (auto& [k, n] : m)
    if (k.find(".global") != std::string::npos) g[k] = n;
  return g;
}

}  // namespace

TEST_CASE("count_ptx counts memory mnemonics, predicate guards dropped, inside braces too", "[codegen]") {
  std::string ptx = "\t@%p1 ld.global.v4.b32 { %r1, %r2, %r3, %r4 }, [ %rd1 + 0 ];\n"
                    "\t{ .reg .pred p; setp.ne.u32 p, %r5, 0; @p st.global.b32 [%rd2], %r6; }\n"
                    "\tld.param.u64 %rd3, [k_param_0]; // ld.global.b8 in a comment\n"
                    "\tldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%r1, %r2, %r3, %r4}, [%r7];\n";
  auto n = count_ptx(ptx);
  CHECK(n == std::map<std::string, int64_t>{{"ld.global.v4.b32", 1},
                                            {"st.global.b32", 1},
                                            {"ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16", 1}});
}

TEST_CASE("Triton grid order: program_id(0) walks dim-0 tiles", "[codegen]") {
  auto rows = blocked({1, 1}, {1, 32}, {1, 4}, {1, 0}, {1, 2048});
  CopyKernel t = triton_kernel(rows, rows, {1, 2048}, {64, 4096}, "contiguous", "contiguous", 4, TritonVersion::v3_9);
  // sizes specialized and 32-bit offsets, as Triton's JIT has them
  CHECK(t.source.find("r0 = (int)blockIdx.x * 1, c0 = (int)blockIdx.y * 2048;") != std::string::npos);
  CHECK(t.grid == 128);  // Triton's 2D grid: 64 dim-0 tiles along x, 2 dim-1 tiles along y
  CHECK(t.grid_y == 2);
  // a y past 65535 tiles: one grid dim, program_id(0) still walking dim-0 tiles first
  CopyKernel wide = triton_kernel(rows, rows, {1, 2048}, {2, int64_t{1} << 28}, "contiguous", "contiguous", 4,
                                  TritonVersion::v3_9);
  CHECK(wide.grid_y == 1);
  CHECK(wide.source.find("r0 = (int)blockIdx.x % 2 * 1, c0 = (int)blockIdx.x / 2 * 2048;") != std::string::npos);
  // the thread's part: one shift-and-mask per run of doubling bases
  CHECK(t.source.find("tc ^= ((lane >> 0) & 31) << 0;") != std::string::npos);
  CHECK(t.source.find("tc ^= ((warp >> 0) & 3) << 5;") != std::string::npos);
  // Triton's masks: loads leave zeros; a register 1536 columns on has its own
  CHECK(t.source.find("mov.b32 %0, 0; @p ld.global.b32") != std::string::npos);
  CHECK(t.source.find("r0 + (0 ^ tr) < n0 && c0 + (1536 ^ tc) < n1") != std::string::npos);
  CHECK(t.source.find("@p st.global.b32") != std::string::npos);
  // registers within one 16-element box share the first one's mask
  auto l1 = blocked({4}, {32}, {4}, {0}, {1024});
  CopyKernel v = triton_kernel(l1, l1, {1024}, {1 << 20}, "contiguous", "contiguous", 4, TritonVersion::v3_9);
  CHECK(v.source.find("c0 + (512 ^ tc) < n1") != std::string::npos);
  CHECK(v.source.find("(1 ^ tc) < n1") == std::string::npos);
  CopyKernel own = kernel(rows, rows, {1, 2048}, {64, 4096}, "contiguous", "contiguous");
  CHECK(own.source.find("(tile / tiles1) * 1LL, c0 = (tile % tiles1) * 2048LL") != std::string::npos);
}

#ifdef LAYOUTSCOPE_HAVE_CUDA
// The generated kernel's PTX (NVRTC, no GPU needed) holds exactly the global
// instructions Triton's own PTX holds for the textbook copy kernels of the
// golden file (compiled by Triton 3.6 and 3.9), and core/codegen's prediction.
TEST_CASE("generated copy kernels hold Triton's global instructions (golden textbook copies)", "[codegen]") {
  std::ifstream f(LAYOUTSCOPE_GOLDEN_DIR "/codegen-textbook.jsonl");
  REQUIRE(f.good());
  int copies = 0;
  for (std::string line; std::getline(f, line);) {
    if (line.find("\"via_shared\"") != std::string::npos || line.find("\"convert\"") != std::string::npos) continue;
    auto j = nlohmann::json::parse(line);
    TritonVersion v = parse_triton_version(j.at("triton").get<std::string>());
    int bits = j.at("bits");
    Shape tile = j.at("shape").get<Shape>();
    LinearLayout l = to_linear(*parse_layout(j.at("load").get<std::string>()).spec, tile);
    Shape shape = tile;
    shape[0] *= 4;
    CopyKernel k = triton_kernel(l, l, tile, shape, "contiguous", "contiguous", bits / 8, v);
    auto triton = j.at("ptx_per_thread").get<std::map<std::string, int64_t>>();  // Triton's PTX, counted
    INFO(line);
    CHECK(k.note.empty());
    CHECK(k.predicted == triton);
    CHECK(global_part(count_ptx(compile_ptx(k.source, 90))) == triton);
    ++copies;
  }
  CHECK(copies == 18);
}

// Triton's address arithmetic, counted in the 3.6 wheel's PTX of the Gluon
// tutorial's memcpy kernels (scripts/triton_kernel.py, 2026-11-26): 1D
// offsets whose constant sets every bit tid < 1024 leaves above the threads'
// mask get their own mul.wide.s32 (XBLOCK=8192 R=8: the last register
// group's two accesses), the others are base + constant; 2D kernels one
// mad.wide.s32 per access (a 128x128 row-layout tile stored transposed: 128
// loads, 32 v4 stores).
TEST_CASE("generated copy kernels compute addresses as Triton's PTX does", "[codegen]") {
  auto count = [](const std::string& ptx, const std::string& m) {
    int64_t n = 0;
    for (size_t at = ptx.find(m); at != std::string::npos; at = ptx.find(m, at + 1)) ++n;
    return n;
  };
  struct Case { int64_t xblock; int R; int64_t mul_wide; };
  for (auto c : {Case{1024, 1, 2}, Case{2048, 16, 1}, Case{8192, 1, 9}, Case{8192, 8, 3}, Case{16384, 2, 9},
                 Case{16384, 16, 5}}) {
    auto l = blocked({c.R}, {32}, {4}, {0}, {c.xblock});
    CopyKernel k = triton_kernel(l, l, {c.xblock}, {int64_t{1} << 28}, "contiguous", "contiguous", 4, TritonVersion::v3_6);
    INFO("XBLOCK=" << c.xblock << " R=" << c.R);
    CHECK(count(compile_ptx(k.source, 90), "mul.wide.s32") == c.mul_wide);
  }
  auto rows = blocked({1, 1}, {1, 32}, {1, 4}, {1, 0}, {128, 128});
  CopyKernel t = triton_kernel(rows, rows, {128, 128}, {4096, 65536}, "contiguous", "transposed", 4, TritonVersion::v3_6);
  std::string ptx = compile_ptx(t.source, 90);
  CHECK(count(ptx, "mad.wide.s32") == 160);
  CHECK(count(ptx, "mul.wide.s32") == 0);
  // Triton's order: all of a side's addresses before its first access
  auto runs = [](const std::string& ptx) {
    std::vector<std::pair<std::string, int>> r;
    std::istringstream in(ptx);
    for (std::string line; std::getline(in, line);)
      for (const char* m : {"mad.wide.s32", "ld.global", "st.global", "ldmatrix", "st.shared"})
        if (line.find(m) != std::string::npos) {
          if (r.empty() || r.back().first != m) r.push_back({m, 0});
          ++r.back().second;
        }
    return r;
  };
  using Runs = std::vector<std::pair<std::string, int>>;
  CHECK(runs(ptx) == Runs{{"mad.wide.s32", 128}, {"ld.global", 128}, {"mad.wide.s32", 32}, {"st.global", 32}});
  auto cols = blocked({1, 1}, {32, 1}, {4, 1}, {0, 1}, {128, 128});
  CopyKernel x = triton_kernel(rows, cols, {128, 128}, {4096, 65536}, "contiguous", "transposed", 4, TritonVersion::v3_6);
  CHECK(runs(compile_ptx(x.source, 90)) == Runs{{"mad.wide.s32", 128}, {"ld.global", 128}, {"st.shared", 32},
                                                {"ldmatrix", 32}, {"mad.wide.s32", 128}, {"st.global", 128}});
}

// gpu shared in Triton's instructions: the kernel's shared instructions are
// codegen's local_store / local_load, per thread as in Triton's PTX.
TEST_CASE("gpu shared kernels hold codegen's local_store / local_load instructions", "[codegen]") {
  std::ifstream f(LAYOUTSCOPE_SOURCE_DIR "/tests/gpu/triton_shared_cases.jsonl");
  REQUIRE(f.good());
  int n = 0, matrix = 0;
  for (std::string line; std::getline(f, line) && n < 24;) {
    auto j = nlohmann::json::parse(line);
    SharedRequest r;
    r.store_reg = parse_layout(j.at("reg").get<std::string>());
    r.shared = parse_layout(j.at("shared").get<std::string>());
    r.shape = j.at("shape").get<Shape>();
    r.bits = j.at("bits");
    r.target.version = parse_triton_version(j.at("triton").get<std::string>());
    TensorLayout reg = r.store_reg, sh = r.shared;
    reg.shape = sh.shape = r.shape;
    codegen::KernelReport want = codegen::via_shared(reg, sh, r.bits, r.target);
    std::map<std::string, int64_t> expect;
    for (auto& [m, k] : want.ptx_per_thread)
      if (m.find("shared") != std::string::npos)
        expect[m] = k;
    std::map<std::string, int64_t> got;
    for (auto& [m, k] : count_ptx(compile_ptx(shared_source(r), 90)))
      if (m.find("shared") != std::string::npos) got[m] = k;
    INFO(line);
    CHECK(got == expect);
    matrix += expect.begin()->first.find("matrix") != std::string::npos;
    ++n;
  }
  CHECK(n == 24);
  CHECK(matrix > 0);
}

// Triton's convert_layout inside the copy kernel: for golden convert kernels
// on sm_90 (both versions), NVRTC's PTX of the generated copy holds exactly
// the instructions core/codegen predicts for the whole kernel (global and
// shared, ldmatrix/stmatrix), so Triton's own wherever the model equals it.
// Warp-shuffle conversions are not generated (the kernel says so in `note`).
TEST_CASE("generated copies convert layouts with Triton's instructions (golden convert kernels)", "[codegen]") {
  int n = 0, generated = 0, matrix = 0, rounds = 0, as_triton = 0;
  for (const char* file : {"/codegen-3.6.jsonl", "/codegen-3.9.jsonl"}) {
    std::ifstream f(std::string(LAYOUTSCOPE_GOLDEN_DIR) + file);
    REQUIRE(f.good());
    int taken = 0;
    for (std::string line; std::getline(f, line) && taken < 40;) {
      auto j = nlohmann::json::parse(line);
      if (!j.contains("convert") || j.at("target") != "sm_90") continue;
      const TritonVersion v = parse_triton_version(j.at("triton").get<std::string>());
      const int bits = j.at("bits");
      const Shape tile = j.at("shape").get<Shape>();
      TensorLayout a = parse_layout(j.at("load").get<std::string>()), b = parse_layout(j.at("convert").get<std::string>());
      a.shape = b.shape = tile;
      codegen::KernelReport want = codegen::via_convert(a, b, bits, codegen::Target{v, 90});
      if (want.path == "warp_shuffle") continue;
      ++taken, ++n;
      Shape shape = tile;
      shape[0] *= 2;
      CopyKernel k = triton_kernel(codegen::lowered(a, v), codegen::lowered(b, v), tile, shape, "contiguous",
                                   "contiguous", bits / 8, v);
      INFO(line << "\nnote: " << k.note);
      if (!k.note.empty()) {  // an exchange whose offsets do not fit Triton's rounds: not generated, said
        CHECK(k.note.find("convert_layout") != std::string::npos);
        continue;
      }
      CHECK(count_ptx(compile_ptx(k.source, 90)) == want.ptx_per_thread);
      CHECK(k.smem_bytes == want.shared_bytes);
      ++generated;
      matrix += k.source.find("matrix") != std::string::npos;
      const size_t first = k.source.find("__syncthreads();");
      rounds += first != std::string::npos && first != k.source.rfind("__syncthreads();");
      as_triton += want.ptx_per_thread == j.at("ptx_per_thread").get<std::map<std::string, int64_t>>();
    }
  }
  CHECK(n == 80);
  CHECK(generated >= 75);
  CHECK(matrix > 0);
  CHECK(rounds > 0);
  CHECK(as_triton >= 60);  // the model's own agreement with Triton's PTX (docs/codegen.md)
}

TEST_CASE("generated kernels follow the prediction on other views and element sizes", "[codegen]") {
  auto rows = blocked({1, 1}, {1, 32}, {1, 4}, {1, 0}, {1, 2048});
  auto cols = blocked({1, 1}, {32, 1}, {4, 1}, {0, 1}, {2048, 1});
  auto r8 = blocked({1, 8}, {4, 8}, {4, 1}, {1, 0}, {64, 64});
  struct Case {
    LinearLayout l;
    Shape tile, shape;
    const char *in, *out;
    int bytes;
    std::map<std::string, int64_t> want;
  };
  for (auto& c : std::vector<Case>{
           {rows, {1, 2048}, {64, 4096}, "transposed", "transposed", 4, {{"ld.global.b32", 16}, {"st.global.b32", 16}}},
           {cols, {2048, 1}, {4096, 64}, "transposed", "transposed", 4, {{"ld.global.b32", 16}, {"st.global.b32", 16}}},
           {rows, {1, 2048}, {64, 4096}, "contiguous", "transposed", 4, {{"ld.global.b32", 16}, {"st.global.b32", 16}}},
           {r8, {64, 64}, {128, 128}, "contiguous", "contiguous", 2, {{"ld.global.v4.b32", 4}, {"st.global.v4.b32", 4}}},
           {r8, {64, 64}, {128, 128}, "contiguous", "contiguous", 1, {{"ld.global.v2.b32", 4}, {"st.global.v2.b32", 4}}},
           {r8, {64, 64}, {128, 128}, "contiguous", "transposed", 1, {{"ld.global.v2.b32", 4}, {"st.global.b8", 32}}}}) {
    CopyKernel k = triton_kernel(c.l, c.l, c.tile, c.shape, c.in, c.out, c.bytes, TritonVersion::v3_9);
    CHECK(k.predicted == c.want);
    CHECK(global_part(count_ptx(compile_ptx(k.source, 90))) == c.want);
  }
}
#endif

TEST_CASE("Triton's own kernel: a Python without Triton is one clear error", "[codegen]") {
  ::setenv("LAYOUTSCOPE_TRITON_SCRIPT", LAYOUTSCOPE_SOURCE_DIR "/scripts/triton_kernel.py", 1);
  ::setenv("LAYOUTSCOPE_PYTHON", "/nonexistent/python3", 1);
  TritonCopySpec s{"BlockedLayout(size_per_thread=[4], threads_per_warp=[32], warps_per_cta=[4], order=[0])",
                   "BlockedLayout(size_per_thread=[4], threads_per_warp=[32], warps_per_cta=[4], order=[0])",
                   {2048}, {1 << 20}, {1}, {1}, 32, 4, 90};
  CHECK_THROWS_WITH(compile_triton_copy(s), Catch::StartsWith("gpu copy --triton-kernel: /nonexistent/python3 could not run"));
  ::unsetenv("LAYOUTSCOPE_PYTHON");
  ::unsetenv("LAYOUTSCOPE_TRITON_SCRIPT");
}
