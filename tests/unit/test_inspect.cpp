// The kernel inspector's reader and rules on small hand-made dumps: aliases,
// locations (callsite -> caller), regions and reduce types after `})`,
// MLIR_ENABLE_DUMP sections, partial reading, the 3.6/3.9 global rule, and
// the cost-model hook. Real dumps are checked by tests/inspect.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "inspect/inspect.h"

using namespace ls::inspect;

namespace {

const char* kDump = R"(#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>
#loc = loc("/home/u/k.py":10:0)
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%p: !tt.ptr<f16> loc("p"(#loc))) attributes {noinline = false} {
    %x = tt.load %ptrs : tensor<64x64x!tt.ptr<f16>, #blocked> loc(#loc2)
    %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %x) -> (tensor<64x64xf16, #blocked>) : i32 {
      %y = ttg.convert_layout %a : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1> loc(#loc3)
      %s = "tt.reduce"(%y) <{axis = 1 : i32}> ({
      ^bb0(%u: f16 loc(unknown), %v: f16 loc(unknown)):
        %w = arith.addf %u, %v : f16 loc(#loc4)
        tt.reduce.return %w : f16 loc(#loc4)
      }) : (tensor<64x64xf16, #blocked1>) -> tensor<64xf16, #ttg.slice<{dim = 1, parent = #blocked1}>> loc(#loc5)
      scf.yield %a : tensor<64x64xf16, #blocked> loc(#loc)
    } loc(#loc)
    tt.return loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc2 = loc("/home/u/k.py":12:8)
#loc3 = loc("/home/u/k.py":14:8)
#loc4 = loc("/lib/triton/language/standard.py":290:11)
#loc6 = loc("/home/u/k.py":15:12)
#loc5 = loc(callsite(#loc4 at #loc6))
)";

const OpRecord* at_line(const Report& r, int line) {
  for (const OpRecord& o : r.ops)
    if (o.line == line) return &o;
  return nullptr;
}

std::string field(const Cost& c, const std::string& key) {
  for (const Field& f : c.fields)
    if (f.key == key) return f.json;
  return "";
}

}  // namespace

TEST_CASE("inspect: ops, lines, locations, regions and reduce types") {
  Report r = inspect_dump(kDump);
  REQUIRE(r.unread.empty());
  REQUIRE(r.ops.size() == 3);
  REQUIRE(r.kernels.size() == 1);
  CHECK(r.kernels[0].name == "k");
  CHECK(r.kernels[0].target == "cuda:90");
  CHECK(r.kernels[0].num_warps == 4);

  const OpRecord* load = at_line(r, 6);
  REQUIRE(load);
  CHECK(load->op == "tt.load");
  CHECK(load->source == "k.py:12");
  CHECK(load->depth == 0);
  // 64x64 f16 over 128 threads, 8 contiguous per thread: 4 x 128-bit loads
  CHECK(field(load->cost, "instruction") == "\"ld.global.v4.b32\"");
  CHECK(field(load->cost, "instructions_per_thread") == "4");

  const OpRecord* cvt = at_line(r, 8);
  REQUIRE(cvt);
  CHECK(cvt->region == "scf.for");
  CHECK(cvt->depth == 1);
  CHECK(cvt->source == "k.py:14");
  CHECK(cvt->cost.kind == "convert");
  CHECK(field(cvt->cost, "how") == "\"shared_memory\"");
  CHECK(cvt->cost.scratch_bytes > 0);

  // the reduce's types come from its closing `})` line; its loc from the caller of a callsite
  const OpRecord* red = at_line(r, 9);
  REQUIRE(red);
  CHECK(red->op == "tt.reduce");
  CHECK(red->source == "k.py:15");
  CHECK(red->cost.kind == "reduce");
  // blocked1 along dim 1 (64 = 1 x 4 lanes x 4 warps x 4 repeats): 2 register, 2 lane, 2 warp bases
  CHECK(field(red->cost, "elements_combined_per_thread") == "4");
  CHECK(field(red->cost, "shuffle_steps") == "2");
  CHECK(field(red->cost, "warps_along_axis") == "4");

  CHECK(r.kernels[0].top.size() == 3);
  CHECK(r.kernels[0].scratch_bytes == std::max(cvt->cost.scratch_bytes, red->cost.scratch_bytes));
}

TEST_CASE("inspect: a damaged op is unread, the others are read") {
  std::string text = kDump;
  const std::string good = "-> tensor<64x64xf16, #blocked1> loc(#loc3)";
  size_t p = text.find(good);
  REQUIRE(p != std::string::npos);
  text.replace(p, good.size(), "-> tensor<64x64xf16, #nope> loc(#loc3)");
  Report r = inspect_dump(text);
  REQUIRE(r.unread.size() == 1);
  CHECK(r.unread[0].line == 8);
  CHECK(r.unread[0].why.find("#nope") != std::string::npos);
  CHECK(r.ops.size() == 2);
}

TEST_CASE("inspect: MLIR_ENABLE_DUMP sections, the last with layouts is read") {
  std::string text = std::string("// -----// IR Dump Before Foo (foo) ('builtin.module' operation) //----- //\n") + kDump +
                     "// -----// IR Dump Before Bar (bar) ('builtin.module' operation) //----- //\n" + kDump;
  Report r = inspect_dump(text);
  REQUIRE(r.ops.size() == 3);
  const std::string one = kDump;
  int lines_before = 1 + static_cast<int>(std::count(one.begin(), one.end(), '\n')) + 1;
  CHECK(r.ops[0].line == lines_before + 6);
}

TEST_CASE("inspect: Triton 3.6 issues global accesses for broadcast registers, 3.9 does not") {
  // sizePerThread 8 over 4 elements: register bases [1], [2], [0]
  const char* dump = R"(#b = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func @f() {
    %x = tt.load %p : tensor<4x!tt.ptr<f32>, #b>
    tt.return
  }
}
)";
  Options o36, o39;
  o39.triton = "3.9";
  Report a = inspect_dump(dump, o36), b = inspect_dump(dump, o39);
  REQUIRE(a.ops.size() == 1);
  REQUIRE(b.ops.size() == 1);
  CHECK(field(a.ops[0].cost, "instruction") == "\"ld.global.v4.b32\"");
  CHECK(field(a.ops[0].cost, "instructions_per_thread") == "2");
  CHECK(field(b.ops[0].cost, "instructions_per_thread") == "1");
  Options bad;
  bad.triton = "4.0";
  CHECK_THROWS(inspect_dump(dump, bad));
}

TEST_CASE("inspect: a tmem load/store names its tcgen05 message, or says no message has its layout") {
  // 128x64 f16 one element per 32-bit column (colStride 2): 32x32b with .pack::16b (gluon_tmem4's
  // dump has the same op); #perm takes its registers in another order, which Triton 3.9 accepts and
  // lowers with the same message; #bad swaps register 0 with lane 0, which its verifier refuses.
  const char* dump = R"(#good = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>
#perm = #ttg.linear<{register = [[0, 2], [0, 1], [0, 4], [0, 8], [0, 32], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>
#bad = #ttg.linear<{register = [[1, 0], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane = [[0, 1], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 2>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @f() {
    %t = ttng.tmem_alloc : () -> !ttg.memdesc<128x64xf16, #tmem, #ttng.tensor_memory, mutable>
    %x = ttng.tmem_load %t : !ttg.memdesc<128x64xf16, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf16, #good>
    ttng.tmem_store %x, %t, %true : tensor<128x64xf16, #good> -> !ttg.memdesc<128x64xf16, #tmem, #ttng.tensor_memory, mutable>
    %y = ttng.tmem_load %t : !ttg.memdesc<128x64xf16, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf16, #bad>
    %z = ttng.tmem_load %t : !ttg.memdesc<128x64xf16, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf16, #perm>
    tt.return
  }
}
)";
  Options o;
  o.triton = "3.9";
  Report r = inspect_dump(dump, o);
  REQUIRE(r.ops.size() == 5);
  CHECK(field(r.ops[0].cost, "tmem_columns") == "64");
  CHECK(field(r.ops[1].cost, "instruction") == "\"tcgen05.ld.sync.aligned.32x32b.x32.pack::16b.b32\"");
  CHECK(field(r.ops[1].cost, "instructions_per_thread") == "1");
  CHECK(field(r.ops[1].cost, "registers_per_thread") == "64");
  CHECK(field(r.ops[2].cost, "instruction") == "\"tcgen05.st.sync.aligned.32x32b.x32.unpack::16b.b32\"");
  CHECK(r.ops[1].cost.unread.empty());
  CHECK(field(r.ops[3].cost, "instruction") == "\"tcgen05.ld\"");
  CHECK(r.ops[3].cost.unread.find("refuses") != std::string::npos);
  CHECK(field(r.ops[4].cost, "instruction") == field(r.ops[1].cost, "instruction"));
}

TEST_CASE("inspect: a cost model replaces the per-op cost through Options::model") {
  struct Model : AnalysisCostModel {
    Cost cost(const OpContext& c) const override {
      if (c.op != "ttg.convert_layout") return AnalysisCostModel::cost(c);
      Cost k;
      k.kind = "convert";
      k.add_str("from", "test model");
      k.score = 1e6;
      return k;
    }
  } model;
  Options opt;
  opt.model = &model;
  Report r = inspect_dump(kDump, opt);
  REQUIRE(r.ops.size() == 3);
  CHECK(field(at_line(r, 8)->cost, "from") == "\"test model\"");
  CHECK(at_line(r, 6)->cost.kind == "global");
  REQUIRE(!r.kernels[0].top.empty());
  CHECK(r.ops[r.kernels[0].top[0]].line == 8);
}
