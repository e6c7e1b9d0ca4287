// codegen: kernels whose PTX was read from Triton 3.6 / 3.9 (compiled offline
// for sm_80/sm_90/sm_100), counts per thread as the PTX has them.
#include <catch2/catch.hpp>
#include <algorithm>
#include <map>
#include <tuple>

#include "analysis/swizzle.h"
#include "codegen/amd_lds.h"
#include "codegen/atomic.h"
#include "codegen/codegen.h"
#include "codegen/dag_combiner.h"
#include "codegen/gather.h"
#include "codegen/histogram.h"
#include "codegen/llvm_vectorizer.h"
#include "codegen/mma.h"
#include "codegen/ptxas.h"
#include "codegen/scan.h"
#include "codegen/swizzle_choice.h"
#include "io/text.h"

namespace {

namespace cg = ls::codegen;
using Counts = std::map<std::string, int64_t>;

ls::TensorLayout at(const std::string& text, ls::Shape shape) {
  ls::TensorLayout t = ls::parse_layout(text);
  t.shape = std::move(shape);
  return t;
}

const char* kRows = "BlockedLayout([1, 8], [4, 8], [4, 1], [1, 0])";
const char* kCols = "BlockedLayout([8, 1], [8, 4], [1, 4], [0, 1])";

// codegen's shared instructions per thread for a golden via_shared case
Counts via_shared_counts(const std::string& reg, const std::string& shared, ls::Shape shape, int32_t bits,
                         ls::TritonVersion version, int32_t sm) {
  Counts out;
  for (auto& [m, n] : cg::via_shared(at(reg, shape), at(shared, shape), bits, {version, sm}).ptx_per_thread)
    if (m.find("shared") != std::string::npos) out[m] = n;
  return out;
}

}  // namespace

TEST_CASE("codegen: the textbook transpose (fp16 128x128, 4 warps)", "[codegen]") {
  for (auto v : {ls::TritonVersion::v3_6, ls::TritonVersion::v3_9}) {
    auto r = cg::via_convert(at(kRows, {128, 128}), at(kCols, {128, 128}), 16, {v, 90});
    CHECK(r.path == "shared_memory");
    CHECK(r.ptx_per_thread == Counts{{"ld.global.v4.b32", 16},
                                     {"st.shared.v4.b32", 16},
                                     {"ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16", 16},
                                     {"st.global.b16", 128}});
    CHECK(r.shared_bytes == 8192);
    // Triton's own swizzle is conflict-free: 4 wavefronts per 128-bit store,
    // one per 8x8 matrix of ldmatrix, 4 warps x 16 instructions each
    CHECK(r.shared_store_wavefronts == 256);
    CHECK(r.shared_load_wavefronts == 256);
  }
}

TEST_CASE("codegen: a kernel above the target's shared memory or threads is said not to launch", "[codegen]") {
  // Triton's metadata.shared for these (3.6 and 3.9 wheels, offline); its
  // launcher refuses a kernel above the device's opt-in maximum per block
  const char* plain = "SwizzledSharedLayout(vec=1, per_phase=1, max_phase=1, order=[1, 0])";
  const char* ob = "offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128], [0, 256], "
                   "[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], shape=[64, 512])";
  const cg::Target h{ls::TritonVersion::v3_9, 90}, a{ls::TritonVersion::v3_9, 80};
  CHECK(cg::shared_limit(90) == 232448);
  CHECK(cg::shared_limit(100) == 232448);
  CHECK(cg::shared_limit(80) == 166912);
  auto fits = cg::via_shared(at(kRows, {256, 256}), at(plain, {256, 256}), 16, h);
  CHECK(fits.shared_bytes == 131072);
  CHECK(cg::launch_error(fits).empty());
  auto big = cg::via_shared(at(kRows, {512, 256}), at(plain, {512, 256}), 16, h);
  CHECK(big.shared_bytes == 262144);
  CHECK(cg::launch_error(big).find("262144 bytes of shared memory, sm_90 allows 232448") !=
        std::string::npos);
  // padding counts: 229,248 bytes fit sm_90 (not sm_80), 245,568 do not
  auto under = cg::via_shared(at(kRows, {64, 512}),
                              at(std::string("PaddedSharedLayout(interval_padding_pairs=[[32, 16], [64, 16]], ") + ob,
                                 {64, 512}), 32, h);
  CHECK(under.shared_bytes == 229248);
  CHECK(cg::launch_error(under).empty());
  under.target = a;
  CHECK(!cg::launch_error(under).empty());
  auto over = cg::via_shared(
      at(kRows, {64, 512}),
      at(std::string("PaddedSharedLayout(interval_padding_pairs=[[32, 16], [64, 16], [128, 16]], ") + ob, {64, 512}),
      32, h);
  CHECK(over.shared_bytes == 245568);
  CHECK(!cg::launch_error(over).empty());
  // 64 warps: Triton compiles `.reqntid 2048`; a CTA runs at most 1,024 threads
  auto w64 = cg::via_shared(at("BlockedLayout([1, 8], [4, 8], [64, 1], [1, 0])", {256, 64}), at(plain, {256, 64}), 16, h);
  CHECK(w64.num_warps == 64);
  CHECK(cg::launch_error(w64).find("64 warps are 2048 threads") != std::string::npos);
  auto w32 = cg::via_shared(at("BlockedLayout([1, 8], [4, 8], [32, 1], [1, 0])", {128, 64}), at(plain, {128, 64}), 16, h);
  CHECK(cg::launch_error(w32).empty());
}

TEST_CASE("codegen: one ldmatrix takes its matrices from one round of the scratch", "[codegen]") {
  // Triton's IR: the four row groups of each ldmatrix.x4 lie in one round
  // (tests/conformance/codegen_addresses.py evaluates its addresses)
  for (auto v : {ls::TritonVersion::v3_6, ls::TritonVersion::v3_9}) {
    auto r = cg::via_convert(at("BlockedLayout([8, 1], [8, 4], [4, 2], [0, 1])", {128, 64}),
                             at("NVMMADistributedLayout([3, 0], [4, 2], [16, 64, 16])", {128, 64}), 16, {v, 90}, true);
    REQUIRE(r.ptx_per_thread.count("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16") == 1);
    const int64_t round = r.shared_bytes / 2;
    int64_t spanning = 0, instrs = 0;
    for (const auto& in : r.instrs)
      if (in.mnemonic.rfind("ldmatrix", 0) == 0)
        for (const auto& a : in.accesses) {
          ++instrs;
          spanning += a.lane_offset[0] / round != a.lane_offset[31] / round;
        }
    CHECK(instrs == 8 * 8);
    CHECK(spanning == 0);
  }
}

TEST_CASE("codegen: 3.9's .trans matrices take the row register that reaches the most bank groups", "[codegen]") {
  // registers 64, 8, 512, 1024 and lanes 128, 256 through an unswizzled tile:
  // 3.6 takes register 0 (rows 64 elements apart, all in one 16-byte bank
  // group), 3.9 register 1 (rows 8 apart: two groups), as their IR addresses
  const char* reg = "DotOperandLayout(0, NVMMADistributedLayout([3, 0], [4, 1], [16, 32, 16]), 2)";
  const char* shared = "SwizzledSharedLayout(1, 2, 1, [0, 1])";
  for (auto [v, row, wavefronts] : {std::tuple{ls::TritonVersion::v3_6, 64, 256}, std::tuple{ls::TritonVersion::v3_9, 8, 128}}) {
    auto r = cg::via_shared(at(reg, {64, 32}), at(shared, {64, 32}), 16, {v, 100}, true);
    REQUIRE(r.ptx_per_thread.count("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16") == 1);
    for (const auto& in : r.instrs)
      if (!in.accesses.empty()) CHECK(in.accesses[0].lane_offset[1] - in.accesses[0].lane_offset[0] == row);
    CHECK(r.shared_store_wavefronts == wavefronts);
    CHECK(r.shared_load_wavefronts == wavefronts);
  }
}

TEST_CASE("codegen: the rows of the byte .trans matrices (sm_100) are Triton's", "[codegen]") {
  // as the wheels' IR addresses (codegen_addresses.py, golden/addresses-b8-*):
  // 3.6 counts the fragment's register 1 (stmatrix) or 2 (ldmatrix) first: the
  // dot operand's registers hold bytes 64, 128, 256, 8 and its row lanes 16,
  // 32, so its stmatrix row register is 128, whose rows share bank groups two
  // by two (8 store wavefronts; 4 with 64); 3.9 judges an ldmatrix.m16n16 by
  // its first 8 rows (two registers, one lane): the MMA tile's then reach all
  // eight groups (16 load wavefronts; 32 judged by all 16 rows)
  const char* dot = "DotOperandLayout(operand_index=1, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 1], "
                    "instr_shape=[16, 8], cga_layout=[]), k_width=1)";
  const char* flat = "NVMMASharedLayout(swizzle_byte_width=0, element_bitwidth=8, rank=2, transposed=False, fp4_padded=False, cga_layout=[])";
  const char* mma = "NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, 16, 32], cga_layout=[])";
  const char* swz = "NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=8, rank=2, transposed=True, fp4_padded=False, cga_layout=[])";
  for (auto [v, reg, shared, shape, store, load] :
       {std::tuple{ls::TritonVersion::v3_6, dot, flat, ls::Shape{32, 16}, 8, 8}, std::tuple{ls::TritonVersion::v3_9, dot, flat, ls::Shape{32, 16}, 4, 8},
        std::tuple{ls::TritonVersion::v3_6, mma, swz, ls::Shape{128, 16}, 16, 32}, std::tuple{ls::TritonVersion::v3_9, mma, swz, ls::Shape{128, 16}, 16, 16}}) {
    auto r = cg::via_shared(at(reg, shape), at(shared, shape), 8, {v, 100});
    REQUIRE(r.ptx_per_thread.count("stmatrix.sync.aligned.m16n8.x4.trans.shared.b8") == 1);
    REQUIRE(r.ptx_per_thread.count("ldmatrix.sync.aligned.m16n16.x2.trans.shared.b8") == 1);
    CHECK(r.shared_store_wavefronts == store);
    CHECK(r.shared_load_wavefronts == load);
  }
}

TEST_CASE("codegen: ldmatrix serves 32-bit data", "[codegen]") {
  auto r = cg::via_convert(at("BlockedLayout([1, 1], [1, 32], [1, 4], [1, 0])", {128, 128}),
                           at("BlockedLayout([1, 1], [32, 1], [4, 1], [0, 1])", {128, 128}), 32, {ls::TritonVersion::v3_6, 90});
  CHECK(r.ptx_per_thread == Counts{{"ld.global.b32", 128},
                                   {"st.shared.v4.b32", 32},
                                   {"ldmatrix.sync.aligned.m8n8.x4.shared.b16", 32},
                                   {"st.global.v4.b32", 32}});
  CHECK(r.shared_bytes == 65536);
}

TEST_CASE("codegen: stmatrix from sm_90, ldmatrix from sm_80", "[codegen]") {
  auto reg = at("BlockedLayout([1, 2], [8, 4], [4, 1], [1, 0])", {64, 64});
  auto s = at("SwizzledSharedLayout(1, 1, 1, [1, 0])", {64, 64});
  auto h = cg::via_shared(reg, s, 16, {ls::TritonVersion::v3_6, 90});
  CHECK(h.ptx_per_thread == Counts{{"ld.global.b32", 16},
                                   {"stmatrix.sync.aligned.m8n8.x4.shared.b16", 4},
                                   {"ldmatrix.sync.aligned.m8n8.x4.shared.b16", 4},
                                   {"st.global.b32", 16}});
  CHECK(h.shared_bytes == 8192);
  auto a = cg::via_shared(reg, s, 16, {ls::TritonVersion::v3_6, 80});
  CHECK(a.ptx_per_thread == Counts{{"ld.global.b32", 16},
                                   {"st.shared.b32", 16},
                                   {"ldmatrix.sync.aligned.m8n8.x4.shared.b16", 4},
                                   {"st.global.b32", 16}});
}

TEST_CASE("codegen: .trans forms for column-major registers", "[codegen]") {
  auto reg = at("BlockedLayout([8, 1], [4, 8], [1, 4], [0, 1])", {64, 64});
  auto s = at("SwizzledSharedLayout(1, 1, 1, [1, 0])", {64, 64});
  auto r = cg::via_shared(reg, s, 16, {ls::TritonVersion::v3_6, 90});
  CHECK(r.ptx_per_thread == Counts{{"ld.global.b16", 32},
                                   {"stmatrix.sync.aligned.m8n8.x4.trans.shared.b16", 4},
                                   {"ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16", 4},
                                   {"st.global.b16", 32}});
}

TEST_CASE("codegen: element vectors when the global side is narrower", "[codegen]") {
  // scalar b16 global loads feed a two-element shared vector: v2.b16, not b32
  auto r = cg::via_shared(at("BlockedLayout([2, 2], [8, 4], [1, 4], [0, 1])", {16, 16}),
                          at("SwizzledSharedLayout(1, 1, 1, [1, 0])", {16, 16}), 16, {ls::TritonVersion::v3_6, 90});
  CHECK(r.ptx_per_thread == Counts{{"ld.global.b16", 4},
                                   {"st.shared.v2.b16", 2},
                                   {"ld.shared.v2.b16", 2},
                                   {"st.global.b16", 4}});
}

TEST_CASE("codegen: broadcast registers, 3.6 moves them and 3.9 does not", "[codegen]") {
  auto reg = at("BlockedLayout([1, 32], [32, 1], [4, 1], [1, 0])", {16, 16});
  auto s = at("SwizzledSharedLayout(1, 1, 1, [1, 0])", {16, 16});
  auto r36 = cg::via_shared(reg, s, 16, {ls::TritonVersion::v3_6, 90});
  CHECK(r36.ptx_per_thread == Counts{{"ld.global.v4.b32", 4},
                                     {"st.shared.v4.b32", 2},
                                     {"ld.shared.v4.b32", 2},
                                     {"st.global.v4.b32", 4}});
  auto r39 = cg::via_shared(reg, s, 16, {ls::TritonVersion::v3_9, 90});
  CHECK(r39.ptx_per_thread.at("ld.global.v4.b32") == 2);
}

TEST_CASE("codegen: copy kernels", "[codegen]") {
  auto r = cg::copy(at("BlockedLayout([16], [32], [4], [0])", {1024}), 32, {ls::TritonVersion::v3_6, 90});
  CHECK(r.ptx_per_thread == Counts{{"ld.global.v4.b32", 4}, {"st.global.v4.b32", 4}});
  auto c = cg::copy(at("BlockedLayout([1, 1], [1, 32], [1, 4], [1, 0])", {128, 128}), 32, {ls::TritonVersion::v3_9, 90});
  CHECK(c.ptx_per_thread == Counts{{"ld.global.b32", 128}, {"st.global.b32", 128}});
}

TEST_CASE("codegen: the one-instruction shortcut equals evaluating every warp instruction", "[codegen]") {
  const char* regs[] = {kRows, kCols, "BlockedLayout([2, 2], [8, 4], [2, 2], [0, 1])",
                        "NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 2], instr_shape=[16, 8])",
                        "DotOperandLayout(0, NVMMADistributedLayout(version=[2, 0], warps_per_cta=[4, 1], instr_shape=[16, 8]), 2)"};
  const char* shared[] = {"SwizzledSharedLayout(1, 1, 1, [1, 0])", "SwizzledSharedLayout(2, 2, 4, [0, 1])",
                          "NVMMASharedLayout(64, 16, 2)", "NVMMASharedLayout(128, 16, 2, True)"};
  for (auto* r : regs) {
    for (auto* s : shared)
      for (int sm : {80, 90}) {
        cg::Target t{ls::TritonVersion::v3_6, sm};
        auto fast = cg::via_shared(at(r, {64, 64}), at(s, {64, 64}), 16, t);
        auto all = cg::via_shared(at(r, {64, 64}), at(s, {64, 64}), 16, t, true);
        CHECK(fast.shared_store_wavefronts == all.shared_store_wavefronts);
        CHECK(fast.shared_load_wavefronts == all.shared_load_wavefronts);
        CHECK(all.shared_store_wavefronts >= 1);
      }
    for (auto* d : regs) {
      auto fast = cg::via_convert(at(r, {64, 64}), at(d, {64, 64}), 16, {ls::TritonVersion::v3_6, 90});
      auto all = cg::via_convert(at(r, {64, 64}), at(d, {64, 64}), 16, {ls::TritonVersion::v3_6, 90}, true);
      CHECK(fast.shared_store_wavefronts == all.shared_store_wavefronts);
      CHECK(fast.shared_load_wavefronts == all.shared_load_wavefronts);
    }
  }
}

TEST_CASE("codegen: bad input names the field", "[codegen]") {
  CHECK_THROWS_WITH(ls::parse_triton_version("3.7"), Catch::Contains("--triton"));
  CHECK_THROWS_WITH(cg::parse_sm("sm_75"), Catch::Contains("--target"));
  auto reg = at(kRows, {128, 128});
  CHECK_THROWS_WITH(cg::via_shared(reg, reg, 16, {}), Catch::Contains("--via-shared"));
  CHECK_THROWS_WITH(cg::via_convert(reg, at(kCols, {128, 128}), 64, {}), Catch::Contains("--bits"));
}

TEST_CASE("swizzle designer with Triton's instructions: the textbook transpose", "[codegen][swizzle]") {
  // blocked [1, 8] rows to [8, 1] columns, fp16 128x128, 4 warps (issue 16)
  auto src = at(kRows, {128, 128}), dst = at(kCols, {128, 128});
  for (auto v : {ls::TritonVersion::v3_6, ls::TritonVersion::v3_9}) {
    const cg::Target t{v, 90};
    auto a = cg::lowered(src, v), b = cg::lowered(dst, v);
    auto design = ls::design_swizzle(a, b, 16);
    auto conventional = ls::rank_conventional(a, b, 16);
    auto c = cg::choose_swizzle(src, dst, 16, t, design, conventional);
    REQUIRE(c.path == "shared_memory");
    REQUIRE(!c.ranked.empty());
    // Triton's own conversion: st.shared.v4.b32 + ldmatrix.x4.trans, conflict-free
    CHECK(c.own.store == 256);
    CHECK(c.own.load == 256);
    // the best conventional layout with Triton's instructions is of the 512 + 256 class or better
    CHECK(c.ranked.front().total() <= 512 + 256);
    CHECK(c.recommended.total() <= c.own.total());
    CHECK(c.recommended.total() <= c.ranked.front().total());
    REQUIRE(c.designed);
    CHECK(c.recommended.total() <= c.designed->total());
    // the ranking is cheapest first, and each candidate really costs what it says
    for (size_t i = 1; i < c.ranked.size(); ++i) CHECK(c.ranked[i - 1].total() <= c.ranked[i].total());
    for (size_t i = 0; i < c.ranked.size() && i < 3; ++i) {
      ls::TensorLayout s;
      s.spec = std::make_shared<const ls::Spec>(*c.ranked[i].spec);
      s.shape = {128, 128};
      auto st = cg::via_shared(src, s, 16, t), ld = cg::via_shared(dst, s, 16, t);
      CHECK(st.shared_store_wavefronts == c.ranked[i].store);
      CHECK(ld.shared_load_wavefronts == c.ranked[i].load);
    }
    CHECK(!c.note.empty());
  }
}

TEST_CASE("swizzle designer with Triton's instructions: no shared memory beats a shuffle", "[codegen][swizzle]") {
  auto src = at("BlockedLayout([1, 2], [4, 8], [4, 1], [1, 0])", {64, 64});
  auto dst = at("BlockedLayout([2, 1], [8, 4], [4, 1], [1, 0])", {64, 64});
  const cg::Target t{ls::TritonVersion::v3_9, 90};
  auto a = cg::lowered(src, t.version), b = cg::lowered(dst, t.version);
  auto c = cg::choose_swizzle(src, dst, 16, t, ls::design_swizzle(a, b, 16), ls::rank_conventional(a, b, 16));
  if (c.path != "shared_memory") {
    CHECK(c.own.total() == 0);
    CHECK(c.recommended.name == c.own.name);
    CHECK(!c.beats_triton);
  } else {
    CHECK(c.recommended.total() <= c.own.total());
  }
}

// Golden 3.9 line 126 (and 3.6's): Triton's 8-byte vectors meet the padding
// of two elements every 1024 at 4-byte offsets; Triton's own kernel stops
// with "misaligned address" on an H200 (as do all 36 such golden kernels).
TEST_CASE("codegen: accesses the padding misaligns are named as a hardware fault", "[codegen]") {
  const std::string reg = "BlockedLayout([1, 4], [4, 8], [4, 2], [1, 0])";
  auto padded = [](const char* pairs) {
    return std::string("PaddedSharedLayout(interval_padding_pairs=") + pairs +
           ", offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0]], "
           "block_bases=[], shape=[16, 128])";
  };
  for (auto v : {ls::TritonVersion::v3_6, ls::TritonVersion::v3_9}) {
    auto r = cg::via_shared(at(reg, {16, 128}), at(padded("[[256, 4], [1024, 2]]"), {16, 128}), 16, {v, 90});
    CHECK(r.ptx_per_thread.at("st.shared.v2.b32") == 2);
    for (const auto& in : r.instrs)
      if (in.shared) CHECK(in.hardware_fault == "misaligned address: " + in.mnemonic + " at byte 2084 (8-byte accesses)");
    // a padding of four elements keeps the 8-byte vectors aligned
    auto ok = cg::via_shared(at(reg, {16, 128}), at(padded("[[256, 4]]"), {16, 128}), 16, {v, 90});
    for (const auto& in : ok.instrs) CHECK(in.hardware_fault.empty());
  }
}

// Golden 3.6 line 431: Triton 3.6 XORs only the register offsets that share
// bits with a lane offset (144, 3, 1 here) and adds the others (64, 6, 36,
// 256), which share bits with them: its addresses, evaluated from its LLVM IR
// for all 64 threads, are these, and 112 of the 512 elements come back wrong
// on an H200. 3.9 XORs 6 and 36 too.
TEST_CASE("codegen: Triton 3.6 adds register offsets that share bits with the XOR-ed part", "[codegen]") {
  const std::string reg = "SliceLayout(dim=1, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 2, 1], "
                          "instr_shape=[1, 16, 8], cga_layout=[]))";
  const std::string shared = "SharedLinearLayout(offset_bases=[[8, 0], [12, 0], [13, 0], [8, 2], [0, 4], [15, 0], [0, 1], "
                             "[0, 12], [16, 0]], block_bases=[], alignment=16)";
  auto r36 = cg::via_shared(at(reg, {32, 16}), at(shared, {32, 16}), 32, {ls::TritonVersion::v3_6, 90});
  CHECK(via_shared_counts(reg, shared, {32, 16}, 32, ls::TritonVersion::v3_6, 90) ==
        Counts{{"st.shared.b32", 128}, {"ld.shared.b32", 112}});  // Triton's PTX: some loads of one address
  for (const auto& in : r36.instrs)
    if (in.shared) CHECK(in.wrong_addresses.rfind("Triton 3.6 adds register offsets", 0) == 0);
  auto r39 = cg::via_shared(at(reg, {32, 16}), at(shared, {32, 16}), 32, {ls::TritonVersion::v3_9, 90});
  for (const auto& in : r39.instrs) CHECK(in.wrong_addresses.empty());
}

// Conversions inside warps (16x32, 4 warps), as both wheels' PTX has them
// (golden/codegen-shuffle-*.jsonl holds 800 such kernels): the source's
// register bit 0 (col 1) trading places with a lane bit.
TEST_CASE("codegen: warp shuffles as Triton packs and ships them", "[codegen]") {
  const std::string src = "DistributedLinearLayout(reg_bases=[[0, 1], [0, 2]], lane_bases=[[0, 4], [0, 8], [0, 16], "
                          "[1, 0], [2, 0]], warp_bases=[[4, 0], [8, 0]], block_bases=[], shape=[16, 32])";
  auto dst = [](const char* reg, const char* lane) {
    return std::string("DistributedLinearLayout(reg_bases=") + reg + ", lane_bases=" + lane +
           ", warp_bases=[[4, 0], [8, 0]], block_bases=[], shape=[16, 32])";
  };
  auto shuffles = [&](const std::string& d, int32_t bits) {
    Counts out;
    for (auto v : {ls::TritonVersion::v3_6, ls::TritonVersion::v3_9}) {
      Counts c;
      for (auto& [m, n] : cg::via_convert(at(src, {16, 32}), at(d, {16, 32}), bits, {v, 90}).ptx_per_thread)
        if (m.rfind("shfl", 0) == 0) c[m] = n;
      if (v == ls::TritonVersion::v3_6) out = c;
      else CHECK(c == out);  // the same lowering in both
    }
    return out;
  };
  // one mixed transposition, no lane permutation: half of the packed words
  // go to the partner lane by butterfly (4 registers: 4 words of 32 bits, 2
  // of 16, and 8-bit also 2, the transposed bit kept out of the word)
  const std::string swap = dst("[[0, 4], [0, 2]]", "[[0, 1], [0, 8], [0, 16], [1, 0], [2, 0]]");
  CHECK(shuffles(swap, 32) == Counts{{"shfl.sync.bfly.b32", 2}});
  CHECK(shuffles(swap, 16) == Counts{{"shfl.sync.bfly.b32", 1}});
  CHECK(shuffles(swap, 8) == Counts{{"shfl.sync.bfly.b32", 1}});
  // the same with two lane bits exchanged too: every packed word by index
  const std::string swap_lanes = dst("[[0, 4], [0, 2]]", "[[0, 8], [0, 1], [0, 16], [1, 0], [2, 0]]");
  CHECK(shuffles(swap_lanes, 32) == Counts{{"shfl.sync.idx.b32", 4}});
  CHECK(shuffles(swap_lanes, 8) == Counts{{"shfl.sync.idx.b32", 2}});
  // lanes only: all four bytes in one word
  const std::string lanes = dst("[[0, 1], [0, 2]]", "[[0, 8], [0, 4], [0, 16], [1, 0], [2, 0]]");
  CHECK(shuffles(lanes, 8) == Counts{{"shfl.sync.idx.b32", 1}});
  CHECK(shuffles(lanes, 16) == Counts{{"shfl.sync.idx.b32", 2}});
}

// AMD (64-lane waves, 32x32 fp32, 4 warps): the same shipping by Triton's
// shuffleXor, whose instruction depends on the lane stride (both wheels'
// assembly; golden/amd-lds-shuffle.jsonl holds 600 such kernels).
TEST_CASE("codegen: AMD lane exchanges by stride", "[codegen][amd]") {
  auto swap_with_lane = [](int j) {
    std::vector<std::string> lane = {"[0, 4]", "[0, 8]", "[0, 16]", "[1, 0]", "[2, 0]", "[4, 0]"};
    const std::string reg0 = lane[j];
    lane[j] = "[0, 1]";
    std::string l;
    for (auto& b : lane) l += (l.empty() ? "" : ", ") + b;
    return "DistributedLinearLayout(reg_bases=[" + reg0 + ", [0, 2]], lane_bases=[" + l +
           "], warp_bases=[[8, 0], [16, 0]], block_bases=[], shape=[32, 32])";
  };
  const std::string src = "DistributedLinearLayout(reg_bases=[[0, 1], [0, 2]], lane_bases=[[0, 4], [0, 8], [0, 16], "
                          "[1, 0], [2, 0], [4, 0]], warp_bases=[[8, 0], [16, 0]], block_bases=[], shape=[32, 32])";
  auto exchange = [&](int j, const char* arch, ls::TritonVersion v) {
    cg::AmdConvert c = cg::amd_convert(cg::lowered(at(src, {32, 32}), v), cg::lowered(at(swap_with_lane(j), {32, 32}), v),
                                       32, arch, v);
    CHECK(c.path == ls::ConversionKind::warp_shuffle);
    CHECK(c.shuffles == 2);  // four words, half of them shipped
    return c.shuffle;
  };
  using V = ls::TritonVersion;
  for (auto v : {V::v3_6, V::v3_9})
    for (const char* arch : {"gfx942", "gfx950"}) {
      CHECK(exchange(1, arch, v) == "v_mov_b32_dpp");  // stride 2
      CHECK(exchange(3, arch, v) == "v_mov_b32_dpp");  // stride 8
    }
  CHECK(exchange(4, "gfx942", V::v3_6) == "ds_swizzle_b32");
  CHECK(exchange(4, "gfx942", V::v3_9) == "ds_bpermute_b32");
  CHECK(exchange(5, "gfx942", V::v3_9) == "ds_bpermute_b32");
  CHECK(exchange(4, "gfx950", V::v3_9) == "v_permlane16_swap_b32");
  CHECK(exchange(5, "gfx950", V::v3_9) == "v_permlane32_swap_b32");
}

// AMD convert_layout (gfx942/gfx950, 64-lane waves): the 64x64 fp16
// transpose and a same-order convert, as Triton 3.9's AMDGCN has them
// (tests/conformance/golden/amd-lds-convert.jsonl holds 420 such kernels).
TEST_CASE("codegen: AMD convert_layout through LDS and by ds_bpermute", "[codegen][amd]") {
  auto ll = [](const std::string& text) { return cg::lowered(at(text, {64, 64}), ls::TritonVersion::v3_9); };
  const auto rows = ll("BlockedLayout([1, 8], [8, 8], [4, 1], [1, 0])");
  const auto cols = ll("BlockedLayout([8, 1], [8, 8], [1, 4], [0, 1])");
  for (const char* arch : {"gfx942", "gfx950"}) {
    cg::AmdConvert t = cg::amd_convert(rows, cols, 16, arch, ls::TritonVersion::v3_9);
    CHECK(t.path == ls::ConversionKind::shared_memory);
    CHECK(t.store.per_thread == Counts{{"ds_write_b16", 16}});  // 8 of them _d16_hi in the assembly
    CHECK(t.load.per_thread == Counts{{"ds_read_u16", 16}});
    CHECK(t.scratch_bytes == 8192);
  }
  cg::AmdConvert same = cg::amd_convert(rows, ll("BlockedLayout([1, 8], [8, 8], [1, 4], [1, 0])"), 16, "gfx942",
                                        ls::TritonVersion::v3_9);
  CHECK(same.store.per_thread == Counts{{"ds_write_b128", 2}});
  CHECK(same.load.per_thread == Counts{{"ds_read_b128", 8}});
  CHECK(same.scratch_bytes == 4096);
  CHECK(same.rounds == 2);
  CHECK_THROWS_WITH(cg::amd_convert(rows, cols, 16, "gfx1250", ls::TritonVersion::v3_9),
                    Catch::Contains("--arch: 'gfx1250' is not modelled"));
}

TEST_CASE("codegen: LLVM joins Triton's scalar accesses by known alignment (3.9 wheel's PTX)", "[codegen]") {
  // golden line 129 of codegen-3.9.jsonl: Triton emits 512 scalar i16 per
  // side; a one-element pad every 2048 leaves 8 groups only 2-byte aligned
  auto r = cg::via_shared(
      at("SliceLayout(dim=1, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 1, 2], "
         "instr_shape=[1, 16, 8], cga_layout=[]))",
         {16, 256}),
      at("PaddedSharedLayout(interval_padding_pairs=[[2048, 1]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], "
         "[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128]], block_bases=[], shape=[16, 256])",
         {16, 256}),
      16, {ls::TritonVersion::v3_9, 90});
  CHECK(r.ptx_per_thread == Counts{{"ld.global.b32", 256}, {"ld.shared.b16", 16}, {"ld.shared.v2.b16", 8},
                                   {"ld.shared.v4.b16", 8}, {"ld.shared.v4.b32", 56}, {"st.global.b32", 256},
                                   {"st.shared.b16", 16}, {"st.shared.b32", 8}, {"st.shared.v2.b32", 8},
                                   {"st.shared.v4.b32", 56}});
  const cg::Instr& st = r.instrs[1];
  CHECK(st.mnemonic == "st.shared.v4.b32");
  REQUIRE(st.sequence.size() == 88);
  CHECK(cg::as_report(st, 16).instruction ==
        "st.shared.v4.b32 x56 + st.shared.b16 x16 + st.shared.b32 x8 + st.shared.v2.b32 x8");
  // every warp instruction is evaluated: 88 per warp, 2 warps
  CHECK(st.warp_instructions == 176);
  CHECK(st.accesses.size() == 176);
  // the widths rest on LLVM's joining, and say so, with Triton's 512
  // scalar accesses per side as the alternative
  REQUIRE(st.llvm_alternative);
  CHECK_FALSE(st.llvm_alternative->llvm_joins);
  CHECK(st.llvm_alternative->instruction == "st.shared.b16");
  CHECK(st.llvm_alternative->per_thread == 512);
  CHECK(st.llvm_alternative->wavefronts > st.wavefronts);
  REQUIRE(r.instrs[2].llvm_alternative);
  CHECK(r.instrs[2].llvm_alternative->instruction == "ld.shared.b16");
  CHECK(cg::as_report(st, 16).llvm_alternative);
  CHECK_FALSE(r.instrs[0].llvm_alternative);
}

TEST_CASE("codegen: accesses Triton emits as they are are not flagged as joined by LLVM", "[codegen]") {
  // a swizzled round trip at Triton's own 128-bit vectors, and one of scalar
  // accesses LLVM cannot join (a lane between every two registers)
  auto plain = cg::via_shared(at("BlockedLayout(size_per_thread=[1, 8], threads_per_warp=[8, 4], warps_per_cta=[4, 1], "
                                 "order=[1, 0])", {64, 64}),
                              at("SwizzledSharedLayout(vec=8, per_phase=1, max_phase=8, order=[1, 0])", {64, 64}), 16,
                              {ls::TritonVersion::v3_9, 90});
  CHECK(plain.ptx_per_thread.count("st.shared.v4.b32") == 1);
  auto scalar = cg::via_shared(at("BlockedLayout(size_per_thread=[1, 1], threads_per_warp=[1, 32], warps_per_cta=[4, 1], "
                                  "order=[1, 0])", {64, 64}),
                               at("SwizzledSharedLayout(vec=1, per_phase=1, max_phase=1, order=[1, 0])", {64, 64}), 16,
                               {ls::TritonVersion::v3_9, 90});
  CHECK(scalar.ptx_per_thread.count("st.shared.b16") == 1);
  for (const auto* r : {&plain, &scalar})
    for (const auto& in : r->instrs) CHECK_FALSE(in.llvm_alternative);
}

TEST_CASE("codegen: the LoadStoreVectorizer model on Triton's addresses", "[codegen]") {
  cg::LdStShape s;
  s.lane_warp_mask = 0x30;  // R may set element bits 4, 5
  s.elem_bytes = 4;
  s.vec_bytes = 4;
  s.version = ls::TritonVersion::v3_6;
  // R + 0, 1, 2, 3 elements: 16 contiguous bytes at alignment 16
  auto m = cg::vectorize({{0, 0}, {0, 1}, {0, 2}, {0, 3}}, s);
  REQUIRE(m.size() == 1);
  CHECK(m[0].bytes == 16);
  // R ^ 16 (shares a bit with R) is a base of its own
  m = cg::vectorize({{0, 0}, {16, 1}}, s);
  CHECK(m.size() == 2);
  // R + 2, 3, 4, 5: the run starts 8-byte aligned, so it is cut in two
  m = cg::vectorize({{0, 2}, {0, 3}, {0, 4}, {0, 5}}, s);
  REQUIRE(m.size() == 2);
  CHECK(m[0].bytes == 8);
  CHECK(m[1].bytes == 8);
  // R ^ 16 and R ^ 18 elements: LLVM adds the bits of an XOR constant R
  // cannot have, R ^ 18 = (R ^ 16) + 2, one run of 16 bytes (both versions:
  // golden 3.6 line 431 needs it once 3.6's own split of the offsets is used)
  const std::vector<cg::LdStAccess> two = {{16, 0}, {16, 1}, {18, 0}, {18, 1}};
  for (auto v : {ls::TritonVersion::v3_6, ls::TritonVersion::v3_9}) {
    s.version = v;
    m = cg::vectorize(two, s);
    REQUIRE(m.size() == 1);
    CHECK(m[0].bytes == 16);
  }
  // a load of one address twice is loaded once; of two stores the later
  // one's DSE removes the first where at most 89 stores up
  s.load = true;
  CHECK(cg::vectorize({{0, 0}, {0, 0}}, s).size() == 1);
  s.load = false;
  CHECK(cg::vectorize({{0, 0}, {0, 0}}, s).size() == 1);
  for (int apart : {89, 90}) {
    std::vector<cg::LdStAccess> far;
    for (int k = 0; k < apart; ++k) far.push_back({0, 64 * k});
    far.push_back({0, 0});
    CHECK(cg::vectorize(far, s).size() == static_cast<size_t>(apart == 89 ? 89 : 91));
  }
}

TEST_CASE("codegen: O3 combines 16-bit loads packed into one word, in register order only", "[codegen]") {
  cg::LdStShape s;
  s.lane_warp_mask = 0x40;
  s.elem_bytes = 2;
  s.vec_bytes = 2;
  s.load = true;
  s.unit_elems = 2;  // the global store packs registers 2i, 2i + 1 into one word
  // registers 0, 1 at elements 0, 1 (in order): one integer load; registers
  // 2, 3 at elements 17, 16 (a swizzle swapped them): two half loads that
  // the LoadStoreVectorizer then joins into one 4-byte vector at element 16
  const std::vector<cg::LdStAccess> acc = {{0, 0, 0}, {0, 1, 1}, {0, 17, 2}, {0, 16, 3}};
  auto m = cg::vectorize(acc, s);
  REQUIRE(m.size() == 2);
  CHECK((m[0].lead == 0 && m[0].count == 2 && m[0].bytes == 4 && m[0].unit == 4));
  CHECK((m[1].lead == 3 && m[1].count == 2 && m[1].bytes == 4 && m[1].unit == 2));
  // combined words join further where contiguous and aligned: 4 words, 16 bytes
  m = cg::vectorize({{0, 0, 0}, {0, 1, 1}, {0, 2, 2}, {0, 3, 3}, {0, 4, 4}, {0, 5, 5}, {0, 6, 6}, {0, 7, 7}}, s);
  REQUIRE(m.size() == 1);
  CHECK((m[0].count == 8 && m[0].bytes == 16 && m[0].unit == 4));
  // without the packing consumer nothing is combined: the vectorizer joins the halves
  s.unit_elems = 1;
  m = cg::vectorize(acc, s);
  REQUIRE(m.size() == 2);
  CHECK((m[0].unit == 2 && m[1].unit == 2));
}

TEST_CASE("codegen: golden 3.9 line 296, half of the local_load's pairs combined into b32", "[codegen]") {
  // SwizzledShared vec=1, perPhase=8, maxPhase=2 swaps the pairs of rows 8-15:
  // Triton's PTX has 32 ld.shared.b32 (pairs in order) and 32 ld.shared.v2.b16
  auto reg = at("SliceLayout(dim=1, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 2, 2], "
                "instr_shape=[1, 16, 8], cga_layout=[]))",
                {16, 128});
  auto shared = at("SwizzledSharedLayout(vec=1, per_phase=8, max_phase=2, order=[1, 0], cga_layout=[])", {16, 128});
  auto r = cg::via_shared(reg, shared, 16, {ls::TritonVersion::v3_9, 90});
  CHECK(r.ptx_per_thread.at("ld.shared.b32") == 32);
  CHECK(r.ptx_per_thread.at("ld.shared.v2.b16") == 32);
  CHECK(r.ptx_per_thread.at("st.shared.b32") == 64);
}

TEST_CASE("codegen: 3.9 on sm_80 combines no loads (fresh seed 7902 3.9 lines 7335, 925)", "[codegen]") {
  // registers 0, 1 of each 16-byte vector in order, 2, 3 and 4, 5 reversed
  // (shared bases [0, 3], [0, 5]): on sm_80 every `half` is loaded alone and
  // the LoadStoreVectorizer joins the eight, as the stores (the model had
  // the in-order pairs combined into words, their class apart: b32 and v2.b16)
  const char* dot = "DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[4, "
                    "2], instr_shape=[16, 8], cga_layout=[]), k_width=8)";
  const char* linear = "SharedLinearLayout(offset_bases=[[0, 1], [0, 3], [0, 5], [0, 8], [0, 16], [0, 32], [0, 64], [1, "
                       "0], [2, 0], [4, 0], [8, 3], [16, 0], [32, 0]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(dot, linear, {64, 128}, 16, ls::TritonVersion::v3_9, 80) ==
        Counts{{"ld.shared.v4.b32", 8}, {"st.shared.v4.b32", 8}});
  // 8-bit: the bytes an st.global.b16 packs, some pairs out of order, all 16 bytes one load
  CHECK(via_shared_counts("SliceLayout(dim=1, parent=BlockedLayout(size_per_thread=[1, 2, 2], threads_per_warp=[4, 8, "
                          "1], warps_per_cta=[1, 1, 1], order=[0, 1, 2], cga_layout=[]))",
                          "SharedLinearLayout(offset_bases=[[0, 1], [0, 2], [0, 5], [0, 8], [0, 16], [1, 16], [2, 16], "
                          "[4, 0], [8, 1], [16, 0]], block_bases=[], alignment=16)",
                          {32, 32}, 8, ls::TritonVersion::v3_9, 80) ==
        Counts{{"ld.shared.v4.b32", 16}, {"st.shared.v4.b32", 16}});
}

TEST_CASE("codegen: 3.9 on sm_80 loads a word's first two bytes again as one b16 (seed-7921 screen)", "[codegen]") {
  // the st.global.b16 packs registers 2k, 2k + 1; in the unswizzled rows
  // they are bytes 0, 1 of a word: SelectionDAG loads that half on its own
  // beside the word (rows of the other phase have the pair reversed)
  const char* reg = "DistributedLinearLayout(reg_bases=[[0, 1], [1, 0], [2, 0], [0, 2], [4, 0]], lane_bases=[[8, 0], [0, "
                    "4], [0, 8], [0, 16], [0, 32]], warp_bases=[[0, 64], [0, 128]], block_bases=[], shape=[16, 256])";
  const char* swz = "SwizzledSharedLayout(vec=1, per_phase=1, max_phase=2, order=[1, 0], cga_layout=[])";
  CHECK(via_shared_counts(reg, swz, {16, 256}, 8, ls::TritonVersion::v3_9, 80) ==
        Counts{{"ld.shared.b16", 4}, {"ld.shared.b32", 8}, {"st.shared.b32", 4}, {"st.shared.v2.b16", 4}});
  // sm_90's SLP loads the pairs as i16 first: words only
  CHECK(via_shared_counts(reg, swz, {16, 256}, 8, ls::TritonVersion::v3_9, 90).count("ld.shared.b16") == 0);
  // the words of a 16-byte load are not narrowed
  CHECK(via_shared_counts("BlockedLayout(size_per_thread=[2, 2], threads_per_warp=[32, 1], warps_per_cta=[1, 1], "
                          "order=[1, 0], cga_layout=[])",
                          "SharedLinearLayout(offset_bases=[[0, 1], [0, 2], [0, 5], [0, 9], [0, 17], [0, 32], [1, 5], "
                          "[2, 0], [4, 0], [12, 0]], block_bases=[], alignment=16)",
                          {16, 64}, 8, ls::TritonVersion::v3_9, 80) ==
        Counts{{"ld.shared.v4.b32", 8}, {"st.shared.v4.b32", 8}});
}

TEST_CASE("codegen: two shifts of one `tid & m` are one mul for computeKnownBits (fresh seed 7902 line 1465)", "[codegen]") {
  // R ^ 3 is (R ^ 2) + 1: its pair joins where LLVM proves R ^ 2 even. R's
  // `(tid & 96) << 5 | (tid & 96) << 1` is InstCombine's `mul (tid & 96),
  // 34`, one level up: in reach, its factor's low zero proves bit 0 clear
  const char* dot = "DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, "
                    "1], instr_shape=[16, 64, 32], cga_layout=[]), k_width=4)";
  const char* linear = "SharedLinearLayout(offset_bases=[[0, 1], [0, 3], [0, 4], [0, 11], [0, 16], [0, 48], [1, 48], [2, "
                       "4], [4, 16], [8, 0], [17, 48], [34, 4]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(dot, linear, {64, 64}, 8, ls::TritonVersion::v3_9, 80) ==
        Counts{{"ld.shared.v2.b8", 16}, {"st.shared.v2.b8", 16}});
  CHECK(via_shared_counts(dot, linear, {64, 64}, 8, ls::TritonVersion::v3_6, 80) ==
        Counts{{"ld.shared.b8", 16}, {"ld.shared.v2.b8", 8}, {"st.shared.b8", 16}, {"st.shared.v2.b8", 8}});
  // two shifts of one mask whose bits meet stay an `xor` of two shifts
  // (golden seed-2500 3.9 line 2246)
  CHECK(via_shared_counts("DistributedLinearLayout(reg_bases=[[0, 1], [0, 2], [0, 4]], lane_bases=[[1, 0], [2, 0], [0, "
                          "8], [4, 0], [8, 0]], warp_bases=[[0, 16]], block_bases=[], shape=[16, 32])",
                          "SharedLinearLayout(offset_bases=[[0, 1], [0, 2], [0, 5], [0, 13], [0, 18], [1, 0], [2, 13], "
                          "[6, 13], [14, 13]], block_bases=[], alignment=16)",
                          {16, 32}, 8, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.b8", 6}, {"ld.shared.v2.b8", 1}, {"st.shared.b8", 6}, {"st.shared.v2.b8", 1}});
}

TEST_CASE("codegen: two intervals' paddings may carry into a higher bit (fresh seed 8003 3.6 lines 564, 367)", "[codegen]") {
  // padding (x >> 6) << 3 plus (x >> 8) << 4 of R's rows: bits 7-9 plus
  // 6-8, whose sum may reach bit 10, one of R's own. LLVM cannot make the
  // sum with R an `or`, the constants stay inside the paddings' GEPs and
  // only register 0 proves its pair's 8 bytes (the model had 4 pairs)
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[64, 8], [256, 16]], offset_bases=[[0, 1], [0, 2], [0, "
                    "4], [0, 8], [0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], "
                    "block_bases=[], shape=[64, 128])";
  CHECK(via_shared_counts("SliceLayout(dim=2, parent=BlockedLayout(size_per_thread=[8, 2, 2], threads_per_warp=[4, 8, "
                          "1], warps_per_cta=[2, 1, 2], order=[0, 2, 1], cga_layout=[]))",
                          pad, {64, 128}, 32, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b32", 126}, {"ld.shared.v2.b32", 1}, {"st.shared.b32", 128}});
}

TEST_CASE("codegen: paddings of one left shift share one GEP (golden seed-2460 3.6 line 745)", "[codegen]") {
  // R's term (tid & 12) << 10 reaches both intervals: the 1024's padding
  // reads it whole, (tid & 12) << 3, the 2048's in part, (tid & 8) << 3;
  // InstCombine factors the sum into `shl (add (tid & 12), (tid & 8)), 3`,
  // one GEP, and register 0's pair stays in computeKnownBits's reach
  const char* reg = "DistributedLinearLayout(reg_bases=[[4, 0], [2, 0], [8, 0], [1, 0], [0, 64], [0, 8], [0, 128]], "
                    "lane_bases=[[16, 0], [32, 0], [0, 16], [0, 32], [0, 2]], warp_bases=[[0, 1], [0, 4]], "
                    "block_bases=[], shape=[64, 256])";
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[1024, 8], [2048, 16]], offset_bases=[[1, 0], [2, 0], "
                    "[4, 0], [8, 0], [16, 0], [32, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, "
                    "128]], block_bases=[], shape=[64, 256])";
  CHECK(via_shared_counts(reg, pad, {64, 256}, 32, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b32", 126}, {"ld.shared.v2.b32", 1}, {"st.shared.b32", 126}, {"st.shared.v2.b32", 1}});
  // the factored sum is one value for BasicAA too: the padding of R | c by
  // itself does not cancel it, and the stores of R's pairs stay apart
  // (held-out seed 8102 screen, line 10: loads joined, stores not)
  CHECK(via_shared_counts("SliceLayout(dim=0, parent=BlockedLayout(size_per_thread=[1, 2, 2], threads_per_warp=[1, 16, "
                          "2], warps_per_cta=[4, 1, 1], order=[1, 0, 2], cga_layout=[]))",
                          "PaddedSharedLayout(interval_padding_pairs=[[16, 1], [128, 8]], offset_bases=[[0, 1], [0, "
                          "2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, "
                          "32])",
                          {16, 32}, 16, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b16", 24}, {"ld.shared.v2.b16", 4}, {"st.shared.b16", 32}});
  // a padding term out of computeKnownBits's reach leaves the paddings' sum
  // unbounded (golden 3.9 sm_80 kernel whose sum of bounds was 0: the
  // sanitizer build's shift by -1)
  CHECK(via_shared_counts("NVMMADistributedLayout(version=[2, 0], warps_per_cta=[4, 1], instr_shape=[16, 8], "
                          "cga_layout=[])",
                          "PaddedSharedLayout(interval_padding_pairs=[[32, 16], [128, 8]], offset_bases=[[0, 1], [0, "
                          "2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, "
                          "16])",
                          {32, 16}, 16, ls::TritonVersion::v3_9, 80) ==
        Counts{{"ld.shared.b32", 4}, {"st.shared.b32", 4}});
}

TEST_CASE("codegen: a padding of R + c left late keeps R one GEP index (golden seed-2470 3.6 line 1641)", "[codegen]") {
  // R reaches no interval, but R + 2304 may reach 4096 for IPSCCP, and R's
  // tree, six `or`s deep, is out of the first InstCombine's reach: that
  // padding stays, R has a use besides its GEP and is not split into GEPs;
  // SLP reduces four of its lanes (the shifts gathered at no cost: tid, shl,
  // lshr, shl), R + 0 is 4-byte aligned and the i16 pairs join
  CHECK(via_shared_counts("DistributedLinearLayout(reg_bases=[[0, 1], [1, 0], [8, 0], [0, 2], [0, 32]], lane_bases=[[0, "
                          "128], [2, 0], [0, 4], [0, 16], [4, 0]], warp_bases=[[0, 64], [0, 8]], block_bases=[], "
                          "shape=[16, 256])",
                          "PaddedSharedLayout(interval_padding_pairs=[[4096, 16]], offset_bases=[[0, 1], [0, 2], [0, "
                          "4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128], [1, 0], [2, 0], [4, 0], [8, 0]], "
                          "block_bases=[], shape=[16, 256])",
                          {16, 256}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.v2.b16", 8}, {"st.shared.v2.b16", 8}});
  // held-out seed 8201 (screen line 1): the same, byte pairs
  CHECK(via_shared_counts("DistributedLinearLayout(reg_bases=[[0, 8], [0, 2], [1, 0]], lane_bases=[[2, 0], [8, 0], [0, "
                          "4], [4, 0], [32, 0]], warp_bases=[[0, 1], [64, 0], [16, 0]], block_bases=[], shape=[128, "
                          "16])",
                          "PaddedSharedLayout(interval_padding_pairs=[[2048, 1], [4096, 2]], offset_bases=[[1, 0], [2, "
                          "0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [0, 1], [0, 2], [0, 4], [0, 8]], "
                          "block_bases=[], shape=[128, 16])",
                          {128, 16}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.v2.b8", 4}, {"st.shared.v2.b8", 4}});
  // every padding of R + c folds early (the `or`s' walk down to 0): R's
  // only uses are GEPs, six of them, register 0's address unknown (golden
  // seed-7902 3.6 line 3411)
  CHECK(via_shared_counts("DistributedLinearLayout(reg_bases=[[4, 0], [0, 8], [0, 1], [8, 0]], lane_bases=[[16, 0], [0, "
                          "16], [0, 4], [1, 0], [32, 0]], warp_bases=[[0, 2], [2, 0]], block_bases=[], shape=[64, 32])",
                          "PaddedSharedLayout(interval_padding_pairs=[[2048, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], "
                          "[0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], "
                          "shape=[64, 32])",
                          {64, 32}, 32, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b32", 16}, {"st.shared.b32", 16}});
  // SLP's cost with the two `shl` lanes a slice of its own (2-3 of its
  // list: a pair vector over tid's splat, total 1): R stays scalar (golden
  // seed-2110 3.6 line 10)
  CHECK(via_shared_counts("DistributedLinearLayout(reg_bases=[[32, 0], [1, 0], [0, 4]], lane_bases=[[2, 0], [0, 1], [16, "
                          "0], [8, 0], [0, 2]], warp_bases=[[0, 8], [4, 0]], block_bases=[], shape=[64, 16])",
                          "PaddedSharedLayout(interval_padding_pairs=[[256, 8]], offset_bases=[[1, 0], [2, 0], [4, 0], "
                          "[8, 0], [16, 0], [32, 0], [0, 1], [0, 2], [0, 4], [0, 8]], block_bases=[], shape=[64, 16])",
                          {64, 16}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b8", 8}, {"st.shared.b8", 8}});
}

TEST_CASE("codegen: a 3.6 padding's mask comes from the node it reads (golden seed-2470 3.6 line 2138)", "[codegen]") {
  // the 32's padding reads R's root, whose terms below the interval keep its
  // `and` mask: a GEP apart from the 2048's, R out of reach before SLP
  CHECK(via_shared_counts("DistributedLinearLayout(reg_bases=[[1, 0], [0, 1], [2, 0], [0, 2]], lane_bases=[[4, 0], [0, "
                          "4], [0, 8], [8, 0], [0, 16]], warp_bases=[[16, 0], [32, 0], [64, 0]], block_bases=[], "
                          "shape=[128, 32])",
                          "PaddedSharedLayout(interval_padding_pairs=[[32, 4], [2048, 4]], offset_bases=[[0, 1], [0, "
                          "2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], "
                          "block_bases=[], shape=[128, 32])",
                          {128, 32}, 32, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b32", 16}, {"st.shared.b32", 16}});
  // held-out seed 8206 (screen line 1)
  CHECK(via_shared_counts("BlockedLayout(size_per_thread=[2, 2], threads_per_warp=[8, 4], warps_per_cta=[2, 1], "
                          "order=[0, 1], cga_layout=[])",
                          "PaddedSharedLayout(interval_padding_pairs=[[64, 16], [256, 4]], offset_bases=[[0, 1], [0, "
                          "2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], "
                          "block_bases=[], shape=[128, 16])",
                          {128, 16}, 16, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b16", 30}, {"ld.shared.v2.b16", 1}, {"st.shared.b16", 30}, {"st.shared.v2.b16", 1}});
  // a masked padding joins the bare one of a whole term kept for other uses:
  // `lshr ((R & 352) | (tid & 16)), 1`, one GEP (golden screen72-3.6 line 68)
  CHECK(via_shared_counts("DistributedLinearLayout(reg_bases=[[1, 0], [4, 0], [0, 16], [0, 8], [0, 1], [8, 0]], "
                          "lane_bases=[[0, 4], [0, 64], [0, 32], [0, 2], [2, 0]], warp_bases=[], block_bases=[], "
                          "shape=[16, 128])",
                          "PaddedSharedLayout(interval_padding_pairs=[[32, 16], [128, 4]], offset_bases=[[0, 1], [0, "
                          "2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0]], "
                          "block_bases=[], shape=[16, 128])",
                          {16, 128}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b8", 56}, {"ld.shared.v2.b8", 4}, {"st.shared.b8", 64}});
}

TEST_CASE("codegen: 3.6 stride fold of a masked right shift, SLP of three extracts, a term a padding reads, XOR GEPs "
          "(golden screen82-3.6 lines 2, 7, 29, 9; screen73-3.6 line 3)",
          "[codegen]") {
  // the rows' `(tid >> 5) & 4` leaves the stride's `shl` as `tid & 128`,
  // the rest `(tid & 32) << 1`: R's twin is one value with it, an `and`
  // lane; SLP reduces R, register 0 2-byte aligned (the model had the
  // `shl` kept: three lanes, no SLP, all bytes)
  CHECK(via_shared_counts("DistributedLinearLayout(reg_bases=[[0, 8], [128, 0], [0, 1], [1, 0], [8, 0]], lane_bases=[[0, "
                          "16], [0, 2], [16, 0], [32, 0], [64, 0]], warp_bases=[[2, 0], [0, 4], [4, 0]], block_bases=[], "
                          "shape=[256, 32])",
                          "PaddedSharedLayout(interval_padding_pairs=[[512, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], "
                          "[0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], "
                          "block_bases=[], shape=[256, 32])",
                          {256, 32}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b8", 16}, {"ld.shared.v2.b8", 8}, {"st.shared.b8", 16}, {"st.shared.v2.b8", 8}});
  // three lanes the index code uses, a `shl`, the `tid & m` and an `lshr`
  // pair at 2-3 of SLP's list: the pair is a vector of its own, total 0,
  // R left alone (the model's proxy reduced it)
  CHECK(via_shared_counts("DistributedLinearLayout(reg_bases=[[8, 0], [4, 0], [0, 128], [0, 16], [0, 1]], lane_bases=[[1, "
                          "0], [0, 64], [0, 4], [0, 8], [2, 0]], warp_bases=[[0, 2], [0, 32]], block_bases=[], "
                          "shape=[16, 256])",
                          "PaddedSharedLayout(interval_padding_pairs=[[1024, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], "
                          "[0, 8], [0, 16], [0, 32], [0, 64], [0, 128], [1, 0], [2, 0], [4, 0], [8, 0]], "
                          "block_bases=[], shape=[16, 256])",
                          {16, 256}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b8", 18}, {"ld.shared.v2.b8", 7}, {"st.shared.b8", 18}, {"st.shared.v2.b8", 7}});
  // the same mix with no such pair: total -2, reduced, every pair joined
  CHECK(via_shared_counts("DistributedLinearLayout(reg_bases=[[8, 0], [64, 0], [128, 0], [0, 1], [32, 0]], lane_bases=[[0, "
                          "4], [4, 0], [16, 0], [0, 2], [0, 8]], warp_bases=[[2, 0], [1, 0]], block_bases=[], "
                          "shape=[256, 16])",
                          "PaddedSharedLayout(interval_padding_pairs=[[1024, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], "
                          "[0, 8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], "
                          "block_bases=[], shape=[256, 16])",
                          {256, 16}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.v2.b8", 16}, {"st.shared.v2.b8", 16}});
  // the padding reads R's own `and (shl tid, 5), 96` itself: two uses, so
  // after Reassociate it stays beside the index code's pair, SLP's lanes
  // in the IR's order (no pair slice), reduced: 2 pairs joined (the model
  // had moved it down and seen an `lshr` pair at 2-3)
  CHECK(via_shared_counts("DistributedLinearLayout(reg_bases=[[0, 32], [0, 4], [1, 0], [16, 0], [0, 2], [0, 8], [0, 16]], "
                          "lane_bases=[[32, 0], [0, 1], [4, 0], [2, 0], [8, 0]], warp_bases=[], block_bases=[], "
                          "shape=[64, 64])",
                          "PaddedSharedLayout(interval_padding_pairs=[[32, 2]], offset_bases=[[1, 0], [2, 0], [4, 0], "
                          "[8, 0], [16, 0], [32, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], "
                          "block_bases=[], shape=[64, 64])",
                          {64, 64}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b8", 124}, {"ld.shared.v2.b8", 2}, {"st.shared.b8", 124}, {"st.shared.v2.b8", 2}});
  // R's XOR tree `(a ^ b) ^ (c ^ d)`, the top `xor` of disjoint operands an
  // `or`: two GEPs, six in all, the shared base out of computeKnownBits'
  // reach: 4-byte aligned, no v2 (the model counted the tree one GEP)
  CHECK(via_shared_counts("DistributedLinearLayout(reg_bases=[[0, 1], [0, 2], [8, 0], [1, 0], [4, 0]], lane_bases=[[2, 0], "
                          "[16, 0], [0, 8], [32, 0], [0, 32]], warp_bases=[[64, 0], [0, 4], [0, 16]], block_bases=[], "
                          "shape=[128, 64])",
                          "SharedLinearLayout(offset_bases=[[1, 0], [0, 8], [5, 0], [32, 0], [34, 0], [0, 16], [64, 0], "
                          "[16, 0], [8, 0], [0, 4], [0, 1], [0, 2], [0, 48]], block_bases=[], alignment=16)",
                          {128, 64}, 32, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b32", 32}, {"st.shared.b32", 32}});
}

TEST_CASE("codegen: 3.9 R + pads folded below R's operands of more uses (golden screen78-3.9 lines 29, 16)",
          "[codegen]") {
  // R = (reversal | P) | (tid >> 3) & 2, the last the index code's too:
  // reassociateForUses takes the paddings down past it and past P, ((pads |
  // reversal) | P) | t, every `or` proven disjoint, four GEPs; the paddings'
  // `lshr exact P, 2` innermost, P's `shl`s six deep: register 0's byte
  // unaligned (the model had the paddings' GEP outermost: v2.b8)
  CHECK(via_shared_counts("DistributedLinearLayout(reg_bases=[[1, 0], [16, 0], [8, 0], [0, 1], [4, 0], [2, 0]], "
                          "lane_bases=[[0, 8], [0, 4], [64, 0], [32, 0], [0, 2]], warp_bases=[], block_bases=[], "
                          "shape=[128, 16])",
                          "PaddedSharedLayout(interval_padding_pairs=[[32, 8], [4096, 1]], offset_bases=[[0, 1], [0, "
                          "2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], "
                          "block_bases=[], shape=[128, 16])",
                          {128, 16}, 8, ls::TritonVersion::v3_9, 100) ==
        Counts{{"ld.shared.b8", 64}, {"st.shared.b8", 64}});
  // the same descent where the top `or` is not proven disjoint (the
  // paddings' `lshr` reads P six deep): R + pads one GEP index, 2-byte
  // aligned (golden seed-2510 3.9 line 429)
  CHECK(via_shared_counts("SliceLayout(dim=2, parent=BlockedLayout(size_per_thread=[2, 2, 8], threads_per_warp=[2, 8, "
                          "2], warps_per_cta=[2, 2, 2], order=[2, 0, 1], cga_layout=[]))",
                          "PaddedSharedLayout(interval_padding_pairs=[[128, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], "
                          "[0, 8], [0, 16], [0, 32], [0, 64], [0, 128], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, "
                          "0]], block_bases=[], shape=[64, 256])",
                          {64, 256}, 16, ls::TritonVersion::v3_9, 100) ==
        Counts{{"ld.shared.b16", 256}, {"st.shared.b16", 256}});
  // the paddings' mask goes where the node they read has no bit it would
  // clear: a bare `lshr` whose bits the fold's disjointness proof sees
  // (golden screen78-3.9 line 16: the model had `and` and no proof)
  CHECK(via_shared_counts("DistributedLinearLayout(reg_bases=[[0, 4], [2, 0], [1, 0], [4, 0], [16, 0]], lane_bases=[[0, "
                          "8], [0, 2], [32, 0], [8, 0], [0, 1]], warp_bases=[], block_bases=[], shape=[64, 16])",
                          "PaddedSharedLayout(interval_padding_pairs=[[128, 4], [1024, 16]], offset_bases=[[1, 0], [2, "
                          "0], [4, 0], [8, 0], [16, 0], [32, 0], [0, 1], [0, 2], [0, 4], [0, 8]], block_bases=[], "
                          "shape=[64, 16])",
                          {64, 16}, 16, ls::TritonVersion::v3_9, 100) ==
        Counts{{"ld.shared.v4.b16", 8}, {"st.shared.v4.b16", 8}});
  // two paddings' sum, one of them unbounded (P's kept `shl`s five deep):
  // the sum may be anything, no `or disjoint` to split early; Reassociate's
  // `add` puts the paddings innermost, P's `shl`s six deep, 2-byte aligned
  // (golden screen83-3.9 line 69: the model's bound wrapped to bits 2-4)
  CHECK(via_shared_counts("SliceLayout(dim=2, parent=BlockedLayout(size_per_thread=[2, 4, 2], threads_per_warp=[2, 4, "
                          "4], warps_per_cta=[1, 2, 2], order=[1, 0, 2], cga_layout=[]))",
                          "PaddedSharedLayout(interval_padding_pairs=[[256, 8], [2048, 16]], offset_bases=[[1, 0], [2, "
                          "0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], "
                          "block_bases=[], shape=[128, 32])",
                          {128, 32}, 16, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.b16", 256}, {"st.shared.b16", 256}});
}

TEST_CASE("codegen: joined bytes spelled as the 16-bit values they are (golden 3.9 lines 694, 1152)", "[codegen]") {
  // two bytes of one ld.global.b16 in order: the code generator stores the
  // 16-bit value again (b16); pairs of other origins stay v2.b8
  CHECK(via_shared_counts("NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, 64, 32], "
                          "cga_layout=[])",
                          "SharedLinearLayout(offset_bases=[[0, 1], [0, 2], [0, 6], [0, 14], [0, 30], [0, 33], "
                          "[0, 64], [0, 128], [1, 0], [2, 0], [4, 0], [8, 6], [16, 0]], block_bases=[], alignment=16)",
                          {32, 256}, 8, ls::TritonVersion::v3_9, 80) ==
        Counts{{"ld.shared.b16", 32}, {"ld.shared.v2.b8", 32}, {"st.shared.b16", 32}, {"st.shared.v2.b8", 32}});
  // Triton's own byte pairs are i16: joined, they are 16-bit element vectors
  CHECK(via_shared_counts("SliceLayout(dim=0, parent=BlockedLayout(size_per_thread=[1, 2, 2], threads_per_warp=[4, 8, "
                          "1], warps_per_cta=[2, 1, 1], order=[0, 2, 1], cga_layout=[]))",
                          "PaddedSharedLayout(interval_padding_pairs=[[64, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], "
                          "[0, 8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], "
                          "shape=[32, 64])",
                          {32, 64}, 8, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.v2.b16", 4}, {"ld.shared.v4.b16", 30}, {"st.shared.v2.b16", 4}, {"st.shared.v4.b16", 30}});
}

TEST_CASE("codegen: LLVM knows no bit of R six GEPs deep, or (3.9) of seven terms", "[codegen]") {
  cg::LdStShape s;
  s.lane_warp_mask = 0x7f0;  // R a multiple of 16 elements: four 4-byte scalars join
  s.elem_bytes = 4;
  s.vec_bytes = 4;
  s.version = ls::TritonVersion::v3_9;
  const std::vector<cg::LdStAccess> acc = {{0, 0}, {0, 1}, {0, 2}, {0, 3}};
  // R's terms: one per lane/warp basis, each offset bit set by that basis only
  // (Triton's OR lists)
  s.thread_bases = {0x10, 0x20, 0x40, 0x80, 0x100, 0x200, 0x400};
  s.offset_log2 = 11;
  s.r_terms.assign(s.thread_bases.begin(), s.thread_bases.begin() + 5);
  auto m = cg::vectorize(acc, s);
  REQUIRE(m.size() == 1);
  CHECK(m[0].bytes == 16);
  // R's only use is one GEP: InstCombine splits it into a chain of six, the
  // shared base six deep: Triton's 4-byte alignment only, in both versions
  s.r_terms.assign(s.thread_bases.begin(), s.thread_bases.begin() + 6);
  CHECK(cg::vectorize(acc, s).size() == 4);
  s.version = ls::TritonVersion::v3_6;
  CHECK(cg::vectorize(acc, s).size() == 4);
  // only the `or disjoint`s are split: terms of Triton's XOR lists (here two
  // whose bit a second basis also sets) stay one index, five GEPs in all
  s.thread_bases = {0x10, 0x20, 0x40, 0x80, 0x100, 0x200, 0x300};
  CHECK(cg::vectorize(acc, s).size() == 1);
  // held-out seed 2110 3.6 line 3743 (the wheel's IR: six terms, three GEPs,
  // the first store 4-byte aligned): the stores join into words
  CHECK(via_shared_counts("NVMMADistributedLayout(version=[3, 0], warps_per_cta=[8, 1], instr_shape=[16, 32, 32], "
                          "cga_layout=[])",
                          "SharedLinearLayout(offset_bases=[[0, 1], [8, 1], [64, 0], [1, 0], [2, 0], [0, 2], [4, 0], "
                          "[0, 16], [0, 4], [32, 0], [16, 4], [0, 8]], block_bases=[], alignment=16)",
                          {128, 32}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b16", 4}, {"ld.shared.v2.b8", 4}, {"st.shared.b32", 4}});
  s.thread_bases = {0x10, 0x20, 0x40, 0x80, 0x100, 0x200, 0x400};
  // XOR-ed offsets use R again: a tree of ORs, deep enough in 3.9 at seven
  // terms, not in 3.6's golden kernels
  const std::vector<cg::LdStAccess> xored = {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0x10, 0}, {0x10, 1}, {0x10, 2}, {0x10, 3}};
  s.r_terms.assign(7, 1);
  CHECK(cg::vectorize(xored, s).size() == 2);
  s.version = ls::TritonVersion::v3_9;
  CHECK(cg::vectorize(xored, s).size() == 8);
  s.r_terms.assign(6, 1);
  CHECK(cg::vectorize(xored, s).size() == 2);
  // golden 3.9 sm_80 line 679: R of seven terms, Triton's 16 byte accesses stay apart
  CHECK(via_shared_counts("NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 4], instr_shape=[16, 8], "
                          "cga_layout=[])",
                          "SharedLinearLayout(offset_bases=[[0, 1], [0, 33], [2, 33], [0, 16], [1, 0], [0, 64], "
                          "[0, 8], [0, 2], [8, 0], [0, 4], [4, 0]], block_bases=[], alignment=16)",
                          {16, 128}, 8, ls::TritonVersion::v3_9, 80) ==
        Counts{{"ld.shared.b8", 16}, {"st.shared.b8", 16}});
  s.r_terms.assign(7, 1);
  s.proof = cg::LdStShape::Proof::full;  // as if LLVM knew R's bits
  CHECK(cg::vectorize(acc, s).size() == 1);
  s.proof = cg::LdStShape::Proof::none;  // as if it knew none: nothing joins
  s.r_terms.assign(5, 1);
  CHECK(cg::vectorize(acc, s).size() == 4);
}

TEST_CASE("codegen: a padding R never reaches: its XOR lists' disjoint terms are GEPs of their own", "[codegen]") {
  const auto v39 = ls::TritonVersion::v3_9;
  // held-out 3.9 seed 7303 kernel 1815: two diagonal terms in Triton's XOR
  // lists, no bit in common, each an `or disjoint` split into a GEP: six in
  // all, the shared base out of computeKnownBits' reach, Triton's scalar b32
  // (the model had v4)
  CHECK(via_shared_counts("DistributedLinearLayout(reg_bases=[[0, 2], [0, 1], [2, 0]], lane_bases=[[16, 0], [4, 0], "
                          "[0, 16], [1, 0], [0, 8]], warp_bases=[[8, 0], [0, 4], [32, 0]], block_bases=[], "
                          "shape=[64, 32])",
                          "PaddedSharedLayout(interval_padding_pairs=[[4096, 8]], offset_bases=[[0, 1], [0, 2], "
                          "[0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], "
                          "block_bases=[], shape=[64, 32])",
                          {64, 32}, 32, v39, 90) == Counts{{"ld.shared.b32", 8}, {"st.shared.b32", 8}});
  // held-out 3.9 seed 7306 (16-bit): likewise, the 16-bit pairs stay apart
  CHECK(via_shared_counts("DistributedLinearLayout(reg_bases=[[8, 0], [64, 0], [0, 64], [0, 1], [32, 0], [1, 0]], "
                          "lane_bases=[[0, 8], [0, 32], [0, 16], [16, 0], [4, 0]], warp_bases=[[2, 0], [0, 2], "
                          "[0, 4]], block_bases=[], shape=[128, 128])",
                          "PaddedSharedLayout(interval_padding_pairs=[[4096, 4]], offset_bases=[[0, 1], [0, 2], "
                          "[0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], "
                          "[32, 0], [64, 0]], block_bases=[], shape=[128, 128])",
                          {128, 128}, 16, v39, 90) == Counts{{"ld.shared.b16", 64}, {"st.shared.b16", 64}});
  // held-out 3.9 seed 7305 (8-bit): the two terms are the index code's own
  // `(tid >> 1) & 96 | tid & 24`, a node of two uses that stays one index:
  // five GEPs, the bytes joined into words as in Triton's PTX
  CHECK(via_shared_counts("DistributedLinearLayout(reg_bases=[[0, 1], [1, 0], [2, 0]], lane_bases=[[0, 2], [4, 0], "
                          "[0, 4], [8, 0], [16, 0]], warp_bases=[[0, 8], [32, 0], [64, 0]], block_bases=[], "
                          "shape=[128, 16])",
                          "PaddedSharedLayout(interval_padding_pairs=[[2048, 2], [4096, 2]], offset_bases=[[1, 0], "
                          "[2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [0, 1], [0, 2], [0, 4], [0, 8]], "
                          "block_bases=[], shape=[128, 16])",
                          {128, 16}, 8, v39, 90) == Counts{{"ld.shared.b32", 2}, {"st.shared.b32", 2}});
}

TEST_CASE("codegen: padded layouts in 3.9: R split into GEPs with a padding term read from one of its terms", "[codegen]") {
  // golden 3.9 line 422 (the wheel's IR before InferAlignment: five GEPs of
  // R's terms, then `(tid & 16) << 2` for the padding, read from R's one term
  // past the interval): six GEPs, nothing known, every access Triton's b32
  const std::string reg = "DistributedLinearLayout(reg_bases=[[0, 2], [0, 16], [1, 0], [2, 0], [0, 32], [0, 64]], "
                          "lane_bases=[[4, 0], [0, 1], [0, 8], [0, 4], [0, 128]], warp_bases=[[8, 0]], "
                          "block_bases=[], shape=[16, 256])";
  const std::string offsets = "offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], "
                              "[0, 32], [0, 64], [0, 128]], block_bases=[], shape=[16, 256])";
  CHECK(via_shared_counts(reg, "PaddedSharedLayout(interval_padding_pairs=[[1024, 8]], " + offsets, {16, 256}, 32,
                          ls::TritonVersion::v3_9, 90) == Counts{{"ld.shared.b32", 64}, {"st.shared.b32", 64}});
  // 3.6 keeps R one index (its LLVM does not split it): R's bits known, v4
  CHECK(via_shared_counts(reg, "PaddedSharedLayout(interval_padding_pairs=[[1024, 8]], " + offsets, {16, 256}, 32,
                          ls::TritonVersion::v3_6, 90) != Counts{{"ld.shared.b32", 64}, {"st.shared.b32", 64}});
}

TEST_CASE("codegen: a padded R of six terms or more proves nothing (both versions)", "[codegen]") {
  // golden 3.6 line 1446: R (used by its GEP and by its padding) keeps six
  // terms in a tree of ORs; the wheel's PTX has Triton's b16 only, no pair
  // joined (before the rule: 32 v2.b16 a side)
  const std::string reg = "DistributedLinearLayout(reg_bases=[[0, 4], [0, 16], [0, 32], [0, 1], [0, 64], [16, 0], "
                          "[32, 0]], lane_bases=[[8, 0], [64, 0], [0, 8], [1, 0], [2, 0]], warp_bases=[[0, 2], [4, 0]], "
                          "block_bases=[], shape=[128, 128])";
  const std::string smem = "PaddedSharedLayout(interval_padding_pairs=[[4096, 4]], offset_bases=[[0, 1], [0, 2], "
                           "[0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], "
                           "[32, 0], [64, 0]], block_bases=[], shape=[128, 128])";
  CHECK(via_shared_counts(reg, smem, {128, 128}, 16, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b16", 128}, {"st.shared.b16", 128}});
  // a 32-bit kernel missed by both versions before the rule (the model joined
  // v2/v4, both wheels keep 64 b32 a side)
  const std::string reg2 = "DistributedLinearLayout(reg_bases=[[2, 0], [4, 0], [32, 0], [0, 2], [0, 1], [0, 32]], "
                           "lane_bases=[[8, 0], [64, 0], [0, 8], [1, 0], [0, 4]], warp_bases=[[16, 0], [0, 16]], "
                           "block_bases=[], shape=[128, 64])";
  const std::string smem2 = "PaddedSharedLayout(interval_padding_pairs=[[256, 2]], offset_bases=[[0, 1], [0, 2], "
                            "[0, 4], [0, 8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], "
                            "[64, 0]], block_bases=[], shape=[128, 64])";
  for (auto v : {ls::TritonVersion::v3_6, ls::TritonVersion::v3_9})
    CHECK(via_shared_counts(reg2, smem2, {128, 64}, 32, v, 90) == Counts{{"ld.shared.b32", 64}, {"st.shared.b32", 64}});
}

TEST_CASE("codegen: 3.6 padded: a term of R proves its zeros only where computeKnownBits reaches it", "[codegen]") {
  // golden 3.6 line 422: R's terms S1, S4, S16, S32 (ORs) and T10 (XOR);
  // the padding reads only S16, its walk makes R ((1|4)|10)|(16|32); with the
  // padding's GEP and the register offset, S1 and S4 lie six deep for every
  // access but register 0's: the wheel joins one v4.b32 a side, 60 b32 stay
  // (before the rule: 16 v4.b32, nothing left)
  const std::string reg = "DistributedLinearLayout(reg_bases=[[0, 2], [0, 16], [1, 0], [2, 0], [0, 32], [0, 64]], "
                          "lane_bases=[[4, 0], [0, 1], [0, 8], [0, 4], [0, 128]], warp_bases=[[8, 0]], "
                          "block_bases=[], shape=[16, 256])";
  const std::string smem = "PaddedSharedLayout(interval_padding_pairs=[[1024, 8]], offset_bases=[[1, 0], [2, 0], "
                           "[4, 0], [8, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128]], "
                           "block_bases=[], shape=[16, 256])";
  CHECK(via_shared_counts(reg, smem, {16, 256}, 32, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b32", 60}, {"ld.shared.v4.b32", 1}, {"st.shared.b32", 60}, {"st.shared.v4.b32", 1}});
  // 3.9 splits R into a chain of GEPs here (its own rule): nothing joined
  CHECK(via_shared_counts(reg, smem, {16, 256}, 32, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.b32", 64}, {"st.shared.b32", 64}});
}

TEST_CASE("codegen: 3.6 padded: the second InferAlignment gives R's accesses register 0's alignment", "[codegen]") {
  // held-out seed 2060 line 702 (3.6 wheel, sm_90): R and its padding share
  // no bit, so InstCombine moves each constant out, (R | pad) | c, and every
  // access is register 0's pointer plus a constant; the first InferAlignment
  // proves 4 bytes for register 0 only (the others lie a GEP deeper), the
  // second one (after SLP) carries those 4 bytes to +4k: 16 v2.b16 a side
  // (before: one v2.b16, 126 b16)
  const std::string reg = "SliceLayout(dim=1, parent=BlockedLayout(size_per_thread=[2, 8, 2], threads_per_warp=[4, 4, 2], "
                          "warps_per_cta=[2, 1, 1], order=[1, 0, 2], cga_layout=[]))";
  const std::string smem = "PaddedSharedLayout(interval_padding_pairs=[[512, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], "
                           "[0, 8], [0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], "
                           "shape=[16, 128])";
  CHECK(via_shared_counts(reg, smem, {16, 128}, 16, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b16", 96}, {"ld.shared.v2.b16", 16}, {"st.shared.b16", 96}, {"st.shared.v2.b16", 16}});
}

TEST_CASE("codegen: 3.6 padded: a right-shifted term InstCombine masks after the shift proves its mask", "[codegen]") {
  // golden seed-2036 line 639 (3.6, sm_100): `(tid & 8) >> 2` becomes
  // `and (lshr tid, 2), 2` (its `tid & 8` has no other use); at depth 5 the
  // mask's constant still proves register 0's 2 bytes: one v2.b8 a side
  // (before: none)
  const std::string reg = "DistributedLinearLayout(reg_bases=[[0, 64], [1, 0], [4, 0], [0, 4], [8, 0], [0, 16]], "
                          "lane_bases=[[0, 32], [0, 2], [0, 8], [2, 0], [0, 1]], warp_bases=[], block_bases=[], "
                          "shape=[16, 128])";
  const std::string smem = "PaddedSharedLayout(interval_padding_pairs=[[16, 2]], offset_bases=[[1, 0], [2, 0], [4, 0], "
                           "[8, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], block_bases=[], "
                           "shape=[16, 128])";
  CHECK(via_shared_counts(reg, smem, {16, 128}, 8, ls::TritonVersion::v3_6, 100) ==
        Counts{{"ld.shared.b8", 62}, {"ld.shared.v2.b8", 1}, {"st.shared.b8", 62}, {"st.shared.v2.b8", 1}});
}

TEST_CASE("codegen: 3.6 padded: an access of its own shares R's padding for an interval its constant does not reach",
          "[codegen]") {
  // held-out seed 2050 line 164 (3.6 wheel, sm_90): R's padding is one GEP
  // per interval; the constant of register 1 (+1024 bytes) reaches the
  // 512-byte interval only, so its padding for the 8192-byte one is R's own
  // value, BasicAA cancels it, keeps register 1's store apart from register
  // 0's by the rest, and LLVM sinks registers 0, 2, 16, 18 into one v4.b32
  // (before: the two paddings as one term each, the stores kept apart)
  const std::string reg = "DistributedLinearLayout(reg_bases=[[1, 0], [0, 1], [2, 0], [4, 0], [0, 2], [8, 0], [16, 0]], "
                          "lane_bases=[[32, 0], [0, 4], [0, 8], [0, 16], [0, 32]], warp_bases=[[0, 64], [0, 128]], "
                          "block_bases=[], shape=[64, 256])";
  const std::string smem = "PaddedSharedLayout(interval_padding_pairs=[[128, 4], [2048, 8]], offset_bases=[[0, 1], "
                           "[0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128], [1, 0], [2, 0], [4, 0], "
                           "[8, 0], [16, 0], [32, 0]], block_bases=[], shape=[64, 256])";
  CHECK(via_shared_counts(reg, smem, {64, 256}, 32, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b32", 124}, {"ld.shared.v4.b32", 1}, {"st.shared.b32", 124}, {"st.shared.v4.b32", 1}});
}

TEST_CASE("codegen: 3.6 padded: a term the index code also computes moves up to R", "[codegen]") {
  // held-out seed 2060 line 393 (3.6 wheel, sm_90): Triton's R is
  // ((t&32)<<5 | t&64) | ((t&3)<<8 ^ (t&28)<<1); `t & 64` is also the
  // index code's, and reassociateForUses makes R (((t&3)<<8 | (t&28)<<1) |
  // (t&32)<<5) | t&64: (t&28)<<1, whose `tid & 28` the index code uses too,
  // lies five deep for register 0 and proves its shift only, so the loads
  // stay b32 (before: one ld.shared.v2.b32)
  const std::string reg = "BlockedLayout(size_per_thread=[2, 2], threads_per_warp=[4, 8], warps_per_cta=[2, 4], "
                          "order=[0, 1], cga_layout=[])";
  const std::string smem = "PaddedSharedLayout(interval_padding_pairs=[[16, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], "
                           "[0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], "
                           "block_bases=[], shape=[128, 32])";
  CHECK(via_shared_counts(reg, smem, {128, 32}, 32, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b32", 32}, {"st.shared.b32", 32}});
}

TEST_CASE("codegen: 3.6 padded: a left-shifted term InstCombine masks after the shift proves its mask", "[codegen]") {
  // held-out seed 2081 line 171 (3.6 wheel, sm_90, 8-bit): `tid & m` of a
  // left-shifted term has no other use, so it is `and (shl tid, k), m << k`
  // and at depth 5 its mask still proves its trailing zeros: 8 v2.b32 a side
  // (before: its shift only, one v2.b32 and 14 b32)
  const std::string reg = "DistributedLinearLayout(reg_bases=[[0, 1], [0, 2], [1, 0], [2, 0], [0, 4], [4, 0]], "
                          "lane_bases=[[8, 0], [16, 0], [0, 8], [32, 0], [64, 0]], warp_bases=[], block_bases=[], "
                          "shape=[128, 16])";
  const std::string smem = "PaddedSharedLayout(interval_padding_pairs=[[1024, 8]], offset_bases=[[0, 1], [0, 2], "
                           "[0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], "
                           "block_bases=[], shape=[128, 16])";
  CHECK(via_shared_counts(reg, smem, {128, 16}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.v2.b32", 8}, {"st.shared.v2.b32", 8}});
}

TEST_CASE("codegen: a swizzled R of six terms, its only use one GEP, is six GEPs deep (both versions)", "[codegen]") {
  // held-out kernel (seed 2028, both wheels' PTX and IR): Triton's v2.b16
  // stay apart, LLVM proves no more than their own 4 bytes
  for (auto v : {ls::TritonVersion::v3_6, ls::TritonVersion::v3_9})
    CHECK(via_shared_counts("DistributedLinearLayout(reg_bases=[[128, 0], [16, 0], [1, 0], [2, 0], [0, 8], [4, 0]], "
                            "lane_bases=[[0, 4], [64, 0], [8, 0], [0, 2], [0, 1]], warp_bases=[[32, 0]], "
                            "block_bases=[], shape=[256, 16])",
                            "SwizzledSharedLayout(vec=2, per_phase=8, max_phase=16, order=[0, 1], cga_layout=[])",
                            {256, 16}, 16, v, 90) == Counts{{"ld.shared.v2.b16", 32}, {"st.shared.v2.b16", 32}});
}

TEST_CASE("codegen: where 3.9's rule for deep addresses keeps accesses apart, the joined op is the alternative",
          "[codegen]") {
  // golden 3.9 sm_80 line 679 again: the rule decides, so the prediction
  // carries what LLVM would join if it proved R's alignment
  auto r = cg::via_shared(at("NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 4], instr_shape=[16, 8], "
                             "cga_layout=[])", {16, 128}),
                          at("SharedLinearLayout(offset_bases=[[0, 1], [0, 33], [2, 33], [0, 16], [1, 0], [0, 64], "
                             "[0, 8], [0, 2], [8, 0], [0, 4], [4, 0]], block_bases=[], alignment=16)", {16, 128}),
                          8, {ls::TritonVersion::v3_9, 80});
  const cg::Instr& st = r.instrs[1];
  CHECK(st.mnemonic == "st.shared.b8");
  REQUIRE(st.llvm_alternative);
  CHECK(st.llvm_alternative->llvm_joins);
  CHECK(st.llvm_alternative->per_thread < st.per_thread);
  // 3.6 has no such rule: LLVM joins (12 per thread: 8 single bytes, 4 byte pairs),
  // and the alternative is Triton's 16 scalar bytes
  auto r36 = cg::via_shared(at("NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 4], instr_shape=[16, 8], "
                               "cga_layout=[])", {16, 128}),
                            at("SharedLinearLayout(offset_bases=[[0, 1], [0, 33], [2, 33], [0, 16], [1, 0], [0, 64], "
                               "[0, 8], [0, 2], [8, 0], [0, 4], [4, 0]], block_bases=[], alignment=16)", {16, 128}),
                            8, {ls::TritonVersion::v3_6, 80});
  CHECK(r36.instrs[1].per_thread == 12);
  REQUIRE(r36.instrs[1].llvm_alternative);
  CHECK_FALSE(r36.instrs[1].llvm_alternative->llvm_joins);
  CHECK(r36.instrs[1].llvm_alternative->per_thread == 16);
}

TEST_CASE("codegen: LLVM of 3.9 fills gaps in load chains and grows them to a power of two", "[codegen]") {
  cg::LdStShape s;
  s.lane_warp_mask = 0x40;
  s.elem_bytes = 4;
  s.vec_bytes = 4;
  s.version = ls::TritonVersion::v3_9;
  s.load = true;
  // elements 0 and 2 (bytes 0 and 8): one unused access between them, the
  // three grow to four: one 16-byte load holding both
  auto m = cg::vectorize({{0, 0}, {0, 2}}, s);
  REQUIRE(m.size() == 1);
  CHECK((m[0].bytes == 16 && m[0].count == 2 && m[0].lead == 0 && m[0].lead_gap == 0));
  // three in a row at 16-byte alignment: one 16-byte load with an unused tail
  m = cg::vectorize({{0, 0}, {0, 1}, {0, 2}}, s);
  REQUIRE(m.size() == 1);
  CHECK((m[0].bytes == 16 && m[0].count == 3));
  // stores are never filled (masked shared stores are not legal), nor 3.6's loads
  s.load = false;
  CHECK(cg::vectorize({{0, 0}, {0, 2}}, s).size() == 2);
  s.load = true;
  s.version = ls::TritonVersion::v3_6;
  CHECK(cg::vectorize({{0, 0}, {0, 2}}, s).size() == 2);
  // 8-byte aligned (R may set element bit 1): the filled pair alone is not joined
  s.version = ls::TritonVersion::v3_9;
  s.lane_warp_mask = 0x42;
  CHECK(cg::vectorize({{0, 0}, {0, 2}}, s).size() == 2);
  // 2-byte elements 3, 5, 6, 7, 8: the unused element 4 (8-byte aligned, as
  // element 8's 16 bytes give it) starts an 8-byte load holding 5, 6, 7
  s.elem_bytes = 2;
  s.vec_bytes = 2;
  s.lane_warp_mask = 0x40;
  m = cg::vectorize({{0, 3}, {0, 5}, {0, 6}, {0, 7}, {0, 8}}, s);
  REQUIRE(m.size() == 3);
  CHECK((m[1].lead == 1 && m[1].lead_gap == 2 && m[1].bytes == 8 && m[1].count == 3));
  // golden 3.9 line 578: the i32 words O3 combined at bytes 0 and 8 of each
  // 16 are loaded as one v4.b32; the swapped halves between them as v2.b16
  CHECK(via_shared_counts("SliceLayout(dim=0, parent=BlockedLayout(size_per_thread=[1, 2, 8], threads_per_warp=[8, 2, "
                          "2], warps_per_cta=[2, 2, 2], order=[2, 1, 0], cga_layout=[]))",
                          "SharedLinearLayout(offset_bases=[[0, 1], [0, 3], [0, 4], [0, 8], [0, 16], [0, 48], [1, 0], "
                          "[2, 0], [4, 0], [8, 8], [17, 0], [40, 8], [104, 8], [128, 48]], block_bases=[], "
                          "alignment=16)",
                          {256, 64}, 16, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.v2.b16", 256}, {"ld.shared.v4.b32", 128}, {"st.shared.v4.b32", 128}});
}

TEST_CASE("codegen: 16-bit values loaded one by one are stored as halves when LLVM joins them", "[codegen]") {
  // held-out kernel (seed 77, both wheels' PTX): 64 ld.global.b16 per
  // thread; LLVM joins four 16-bit stores at a time, and the NVPTX backend
  // stores the four registers as they are (v4.b16), not packed as v2.b32
  for (auto v : {ls::TritonVersion::v3_6, ls::TritonVersion::v3_9})
    CHECK(via_shared_counts("BlockedLayout(size_per_thread=[2, 1], threads_per_warp=[32, 1], warps_per_cta=[1, 1], "
                            "order=[1, 0], cga_layout=[])",
                            "SwizzledSharedLayout(vec=2, per_phase=1, max_phase=4, order=[1, 0], cga_layout=[])",
                            {32, 32}, 16, v, 90) ==
          Counts{{"ld.shared.v4.b16", 16}, {"st.shared.v4.b16", 16}});
}

TEST_CASE("codegen: O3 combines the four bytes of a word at consecutive addresses", "[codegen]") {
  // held-out kernel (seed 77, both wheels' PTX): each thread's 8 bytes go
  // to shared offsets 0 1 2 3 5 4 7 6; the first word, in order, becomes one
  // i32 load, the second SLP's `<4 x i8>` load and a shuffle, which the
  // LoadStoreVectorizer keeps apart from the i32: 16 ld.shared.b32, not 8
  // v2.b32 (the stores were never combined)
  for (auto v : {ls::TritonVersion::v3_6, ls::TritonVersion::v3_9})
    CHECK(via_shared_counts("BlockedLayout(size_per_thread=[1, 8], threads_per_warp=[2, 16], warps_per_cta=[2, 2], "
                            "order=[1, 0], cga_layout=[])",
                            "SharedLinearLayout(offset_bases=[[0, 1], [0, 2], [0, 5], [0, 8], [1, 0], [2, 0], [4, 0], "
                            "[8, 0], [16, 0]], block_bases=[], alignment=16)",
                            {32, 16}, 8, v, 90) == Counts{{"ld.shared.b32", 16}, {"st.shared.v2.b32", 8}});
  // a word whose pairs are swapped (offsets 0 1 3 2) is one combined load
  // too, as is one in order; bytes at offsets 0 1 2 4 are not a word's
  cg::LdStShape s;
  s.lane_warp_mask = 0x40;
  s.elem_bytes = 1;
  s.vec_bytes = 1;
  s.load = true;
  s.unit_elems = 4;
  auto m = cg::vectorize({{0, 0, 0}, {0, 1, 1}, {0, 3, 2}, {0, 2, 3}}, s);
  REQUIRE(m.size() == 1);
  CHECK((m[0].bytes == 4 && m[0].unit == 4 && m[0].count == 4));
  m = cg::vectorize({{0, 0, 0}, {0, 1, 1}, {0, 2, 2}, {0, 3, 3}}, s);
  REQUIRE(m.size() == 1);
  CHECK((m[0].bytes == 4 && m[0].unit == 4 && m[0].count == 4));
  m = cg::vectorize({{0, 0, 0}, {0, 1, 1}, {0, 2, 2}, {0, 4, 3}}, s);
  CHECK(std::none_of(m.begin(), m.end(), [](const cg::Merged& x) { return x.unit == 4; }));
}

TEST_CASE("codegen: O3 combines two bytes an st.global.b16 packs into one i16 load", "[codegen]") {
  // held-out seed 2110 3.6 line 3151 (the wheel's PTX and IR): each thread
  // stores bytes at 0 1 2 3 as one b32 word; the pair in register order at 0 1
  // becomes one `load i16`, the pair at 3 2 (swapped) stays two i8 loads that
  // the LoadStoreVectorizer joins apart from the i16: b16 + v2.b8, not b32
  CHECK(via_shared_counts("BlockedLayout(size_per_thread=[1, 2], threads_per_warp=[32, 1], warps_per_cta=[1, 1], "
                          "order=[0, 1], cga_layout=[])",
                          "SharedLinearLayout(offset_bases=[[0, 1], [0, 3], [0, 4], [0, 8], [1, 4], [2, 0], [4, 8], "
                          "[8, 8], [16, 0], [32, 0], [64, 0]], block_bases=[], alignment=16)",
                          {128, 16}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b16", 16}, {"ld.shared.v2.b8", 16}, {"st.shared.b32", 16}});
}

TEST_CASE("codegen: Triton's 32-bit words of 16-bit pairs join as words", "[codegen]") {
  // held-out kernel (seed 99, both wheels' PTX): Triton loads each swizzled
  // pair as one 32-bit word (the global store packs the pair); LLVM joins two
  // words into ld.shared.v2.b32, not v4.b16
  for (auto v : {ls::TritonVersion::v3_6, ls::TritonVersion::v3_9})
    CHECK(via_shared_counts("DistributedLinearLayout(reg_bases=[[0, 1], [0, 2], [0, 4], [0, 0], [1, 0]], "
                            "lane_bases=[[0, 8], [0, 16], [2, 0], [4, 0], [8, 0]], warp_bases=[[0, 32]], "
                            "block_bases=[], shape=[16, 64])",
                            "SwizzledSharedLayout(vec=2, per_phase=1, max_phase=16, order=[1, 0], cga_layout=[])",
                            {16, 64}, 16, v, 90) == Counts{{"ld.shared.v2.b32", 4}, {"st.shared.v2.b32", 4}});
}

TEST_CASE("codegen: Triton 3.6's stores join only past stores LLVM proves apart (padded)", "[codegen]") {
  // held-out kernel (seed 77, 3.6 wheel's PTX and LLVM's LoadStoreVectorizer
  // log): the loads join into v4.b16, but between the stores of base R lie
  // stores of accesses of their own whose padding LLVM cannot bound apart
  // from R's: every store stays alone
  CHECK(via_shared_counts("DistributedLinearLayout(reg_bases=[[0, 8], [8, 0], [1, 0], [0, 2], [0, 1]], "
                          "lane_bases=[[2, 0], [4, 0], [16, 0], [32, 0], [0, 4]], warp_bases=[], block_bases=[], "
                          "shape=[64, 16])",
                          "PaddedSharedLayout(interval_padding_pairs=[[16, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], "
                          "[0, 8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], shape=[64, 16])",
                          {64, 16}, 16, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b16", 24}, {"ld.shared.v4.b16", 2}, {"st.shared.b16", 32}});
  // golden 3.6 line 1299: the padding terms in between take values in [0, 8]
  // and [0, 24] bytes (BasicAA's ranges from their known bits): those stores
  // lie over a kilobyte away and the pair joins on both sides
  CHECK(via_shared_counts("DistributedLinearLayout(reg_bases=[[0, 1], [0, 2], [1, 0], [0, 4], [0, 8]], "
                          "lane_bases=[[2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], warp_bases=[[64, 0], [128, 0]], "
                          "block_bases=[], shape=[256, 16])",
                          "PaddedSharedLayout(interval_padding_pairs=[[128, 2], [256, 8]], offset_bases=[[1, 0], "
                          "[2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0], [0, 1], [0, 2], [0, 4], "
                          "[0, 8]], block_bases=[], shape=[256, 16])",
                          {256, 16}, 32, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b32", 30}, {"ld.shared.v2.b32", 1}, {"st.shared.b32", 30}, {"st.shared.v2.b32", 1}});
}

TEST_CASE("codegen: stores join past stores of other XOR bases only where BasicAA's modulus keeps them apart",
          "[codegen]") {
  // golden 3.9 sm_80 line 664 (the wheel's PTX and LoadStoreVectorizer log):
  // eight bases R ^ c; between the two halves of a base's stores lie stores
  // of other bases. R's terms are multiples of 8 bytes: where the constant
  // difference is 4 mod 8 BasicAA keeps the two apart, where it is 0 mod 8 it
  // cannot. Loads join in every base (no store in between)
  CHECK(via_shared_counts("DistributedLinearLayout(reg_bases=[[1, 0], [2, 0], [0, 64], [0, 16], [0, 1], [0, 4]], "
                          "lane_bases=[[0, 2], [8, 0], [0, 8], [0, 32], [4, 0]], warp_bases=[], block_bases=[], "
                          "shape=[16, 128])",
                          "SharedLinearLayout(offset_bases=[[0, 1], [0, 2], [0, 5], [0, 13], [0, 16], [0, 32], [0, 77], "
                          "[1, 0], [2, 5], [6, 5], [8, 0]], block_bases=[], alignment=16)",
                          {16, 128}, 32, ls::TritonVersion::v3_9, 80) ==
        Counts{{"ld.shared.v2.b32", 32}, {"st.shared.b32", 48}, {"st.shared.v2.b32", 8}});
}

TEST_CASE("codegen: R's terms counted on the thread index (lane and warp terms of one shift merge)", "[codegen]") {
  // gapped 3.9 line 194 (the wheel's PTX and IR before InferAlignment): the
  // lane bit 4 and warp bit 0 both move by -2 bits, lane bit 2 and warp bit
  // 1 by +3: five terms on the thread index, not seven, so LLVM proves R's
  // 4-byte alignment and joins the 16-bit pairs
  CHECK(via_shared_counts("DistributedLinearLayout(reg_bases=[[0, 8], [0, 1], [0, 2]], lane_bases=[[8, 0], [0, 16], "
                          "[0, 4], [0, 32], [4, 0]], warp_bases=[[2, 0], [1, 0]], block_bases=[], shape=[16, 64])",
                          "SharedLinearLayout(offset_bases=[[0, 1], [4, 0], [2, 0], [0, 2], [0, 4], [0, 9], [0, 16], "
                          "[0, 32], [1, 0], [8, 0]], block_bases=[], alignment=16)",
                          {16, 64}, 16, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.v2.b16", 4}, {"st.shared.v2.b16", 4}});
}

TEST_CASE("codegen: ptxas merges loads whose alignment the PTX promises (the wheel's SASS)", "[codegen]") {
  // held-out seed 2031, 3.6 sm_90: LLVM leaves the loads as ld.shared.b32 + ld.shared.v2.b16 (4 each per
  // thread) beside st.shared.v2.b32 stores through the same registers; Triton's cubin has 4 LDS.64
  auto r = cg::via_shared(at("BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[4, 8], warps_per_cta=[2, 4], "
                             "order=[1, 0], cga_layout=[])", {32, 32}),
                          at("SharedLinearLayout(offset_bases=[[0, 1], [0, 3], [0, 4], [0, 8], [0, 24], [1, 0], [2, 0], "
                             "[4, 0], [8, 0], [16, 0]], block_bases=[], alignment=16)", {32, 32}),
                          16, {ls::TritonVersion::v3_6, 90});
  CHECK(r.ptx_per_thread.at("ld.shared.b32") == 4);  // the PTX stays the PTX
  CHECK(r.ptx_per_thread.at("ld.shared.v2.b16") == 4);
  CHECK(r.ptx_per_thread.at("st.shared.v2.b32") == 4);
  const cg::Instr& ld = r.instrs[2];
  REQUIRE(ld.ptxas);
  CHECK(ld.ptxas->instruction == "LDS.64 x4");
  CHECK(ld.ptxas->per_thread == 4);
  CHECK(ld.ptxas->wavefronts < ld.wavefronts);
  CHECK(r.shared_load_wavefronts == ld.ptxas->wavefronts);  // what Nsight Compute counts
  CHECK_FALSE(r.instrs[1].ptxas);  // stores stay

  // ptxas's own arithmetic: held-out seed 2028 line 52 (3.6, swizzled; R split into six GEPs, so LLVM
  // proves nothing and keeps 32 ld.shared.v2.b16 per thread); R has no right-shifted term, ptxas proves
  // 16 bytes and runs 8 LDS.128: Nsight Compute counted 256 load wavefronts on an H200 (1,024 for the PTX)
  auto r52 = cg::via_shared(at("DistributedLinearLayout(reg_bases=[[128, 0], [16, 0], [1, 0], [2, 0], [0, 8], [4, 0]], "
                               "lane_bases=[[0, 4], [64, 0], [8, 0], [0, 2], [0, 1]], warp_bases=[[32, 0]], "
                               "block_bases=[], shape=[256, 16])", {256, 16}),
                            at("SwizzledSharedLayout(vec=2, per_phase=8, max_phase=16, order=[0, 1], cga_layout=[])",
                               {256, 16}),
                            16, {ls::TritonVersion::v3_6, 90});
  CHECK(r52.ptx_per_thread.at("ld.shared.v2.b16") == 32);
  REQUIRE(r52.instrs[2].ptxas);
  CHECK(r52.instrs[2].ptxas->instruction == "LDS.128 x8");
  CHECK(r52.shared_load_wavefronts == 256);
  CHECK(r52.instrs[2].wavefronts == 1024);
  CHECK_FALSE(r52.instrs[1].ptxas);  // its stores do not follow one another: 32 STS, as the cubin has

  // a padded layout's accesses of their own share a register where their constants agree at and above
  // the one interval in reach (golden 3.6 line 642, 32-bit: the wheel's cubin runs the 64 ld.shared.b32
  // as 4 LDS.128 and 24 LDS.64; an H100 counted 896 load wavefronts; each its own base gave 1,664)
  auto r642 = cg::via_shared(at("DistributedLinearLayout(reg_bases=[[2, 0], [4, 0], [32, 0], [0, 2], [0, 1], [0, 32]], "
                                "lane_bases=[[8, 0], [64, 0], [0, 8], [1, 0], [0, 4]], warp_bases=[[16, 0], [0, 16]], "
                                "block_bases=[], shape=[128, 64])", {128, 64}),
                             at("PaddedSharedLayout(interval_padding_pairs=[[256, 2]], offset_bases=[[0, 1], [0, 2], "
                                "[0, 4], [0, 8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], "
                                "[64, 0]], block_bases=[], shape=[128, 64])", {128, 64}),
                             32, {ls::TritonVersion::v3_6, 90});
  CHECK(r642.ptx_per_thread.at("ld.shared.b32") == 64);
  REQUIRE(r642.instrs[2].ptxas);
  CHECK(r642.instrs[2].ptxas->per_thread == 28);
  CHECK(r642.instrs[2].ptxas->instruction.find("LDS.64 x24") != std::string::npos);
  CHECK(r642.instrs[2].ptxas->instruction.find("LDS.128 x4") != std::string::npos);
  CHECK(r642.shared_load_wavefronts == 896);

  // ... but where that one register's padding is R's one term above the interval shifted right
  // (`lshr (shl (tid & 8), 8), 7`, no mask), ptxas knows nothing of it: seed-2090 3.6 line 546
  // (16-bit, one warp): its cubin keeps the 16 ld.shared.b32 as 16 LDS beside 4 LDS.128, and an H200
  // counted 192 load wavefronts (128 with them merged into LDS.64)
  auto r545 = cg::via_shared(at("DistributedLinearLayout(reg_bases=[[0, 1], [1, 0], [16, 0], [32, 0], [0, 2], [0, 4], "
                                "[0, 0]], lane_bases=[[2, 0], [4, 0], [8, 0], [64, 0], [0, 8]], warp_bases=[], "
                                "block_bases=[], shape=[128, 16])", {128, 16}),
                             at("PaddedSharedLayout(interval_padding_pairs=[[512, 4]], offset_bases=[[0, 1], [0, 2], "
                                "[0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], "
                                "block_bases=[], shape=[128, 16])", {128, 16}),
                             16, {ls::TritonVersion::v3_6, 90});
  CHECK(r545.ptx_per_thread.at("ld.shared.b32") == 16);
  CHECK(r545.ptx_per_thread.at("ld.shared.v4.b32") == 4);
  CHECK_FALSE(r545.instrs[2].ptxas);
  CHECK(r545.shared_load_wavefronts == 192);

  // a term of several bits (one thread-index bit to offset bits 4 and 32) is an `and` of a select
  // ptxas reads: fresh seed 2413 (3.6, shared-linear, 32-bit), whose cubin joins four pairs of its
  // 12 ld/st.shared.b32 into LDS.64/STS.64 (line 491): an H200 counted 384 wavefronts each way (448 apart)
  auto r37 = cg::via_shared(at("BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[4, 8], warps_per_cta=[4, 2], "
                               "order=[1, 0], cga_layout=[])", {32, 128}),
                            at("SharedLinearLayout(offset_bases=[[0, 1], [0, 3], [0, 7], [0, 8], [0, 16], [0, 32], "
                               "[0, 96], [1, 0], [2, 0], [4, 32], [8, 0], [16, 0]], block_bases=[], alignment=16)",
                               {32, 128}),
                            32, {ls::TritonVersion::v3_6, 90});
  CHECK(r37.ptx_per_thread.at("st.shared.b32") == 12);
  REQUIRE(r37.instrs[1].ptxas);
  REQUIRE(r37.instrs[2].ptxas);
  CHECK(r37.instrs[1].ptxas->instruction == "STS x8 + STS.64 x4");
  CHECK(r37.instrs[2].ptxas->instruction == "LDS x8 + LDS.64 x4");
  CHECK(r37.shared_store_wavefronts == 384);
  CHECK(r37.shared_load_wavefronts == 384);

  // R's family: golden seed-2405 line 1806 (3.6, padded, 16-bit) keeps its loads in four registers,
  // each smem + R plus an `and`-masked padding; the one `ld.shared.v2.b16` promises (smem + R) + o
  // 4-byte aligned, which ptxas carries to the other three: its cubin pairs every load (8 LDS), and
  // an H200 counted 128 load wavefronts (224 with only that register's joined)
  auto r1806 = cg::via_shared(at("DistributedLinearLayout(reg_bases=[[0, 16], [2, 0], [1, 0], [0, 4]], lane_bases=[[0, "
                                 "64], [8, 0], [4, 0], [0, 32], [0, 1]], warp_bases=[[0, 8], [0, 2]], block_bases=[], "
                                 "shape=[16, 128])", {16, 128}),
                              at("PaddedSharedLayout(interval_padding_pairs=[[16, 2]], offset_bases=[[1, 0], [2, 0], "
                                 "[4, 0], [8, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], "
                                 "block_bases=[], shape=[16, 128])", {16, 128}),
                              16, {ls::TritonVersion::v3_6, 90});
  CHECK(r1806.ptx_per_thread.at("ld.shared.b16") == 14);
  // session 55: 16-bit loads join on ptxas's arithmetic, where the padding of R's node is no bare
  // `lshr` (ptxas knows nothing through one). Golden seed-2401 3.6 line 3083 (swizzled): its cubin
  // has 6 LDS.64 and 8 LDS.U16 (the pieces of split words); seed-2470 3.6 line 1186 (padded, R's
  // padding `R' >> 4` bare): 32 LDS.U16, its loads at +0/+2 kept apart
  auto r3083 = cg::via_shared(at("DistributedLinearLayout(reg_bases=[[0, 1], [1, 0], [0, 2], [2, 0], [4, 0]], "
                                 "lane_bases=[[8, 0], [16, 0], [0, 4], [32, 0], [0, 8]], warp_bases=[[0, 16]], "
                                 "block_bases=[], shape=[64, 32])", {64, 32}),
                              at("SwizzledSharedLayout(vec=1, per_phase=1, max_phase=16, order=[1, 0], cga_layout=[])",
                                 {64, 32}),
                              16, {ls::TritonVersion::v3_6, 90});
  REQUIRE(r3083.instrs[2].ptxas);
  CHECK(r3083.instrs[2].ptxas->instruction == "LDS.U16 x8 + LDS.64 x6");
  auto r1186 = cg::via_shared(at("DistributedLinearLayout(reg_bases=[[2, 0], [0, 8], [1, 0], [0, 1], [0, 4]], "
                                 "lane_bases=[[8, 0], [0, 2], [0, 16], [32, 0], [64, 0]], warp_bases=[[4, 0], "
                                 "[16, 0]], block_bases=[], shape=[128, 32])", {128, 32}),
                              at("PaddedSharedLayout(interval_padding_pairs=[[16, 4], [256, 16]], offset_bases=[[0, "
                                 "1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, "
                                 "0], [64, 0]], block_bases=[], shape=[128, 32])", {128, 32}),
                              16, {ls::TritonVersion::v3_6, 90});
  CHECK(r1186.ptx_per_thread.at("ld.shared.b16") == 32);
  CHECK_FALSE(r1186.instrs[2].ptxas);
  REQUIRE(r1806.instrs[2].ptxas);
  CHECK(r1806.instrs[2].ptxas->instruction == "LDS x8");
  CHECK(r1806.shared_load_wavefronts == 128);

  // the rule itself: loads of one register at +0 (4 bytes) and +4 (4 bytes) merge only where an access
  // promises 8-byte alignment there (or ptxas's arithmetic proves it); a load of another register never joins
  std::vector<cg::Merged> loads(3), stores(1);
  loads[0].bytes = loads[1].bytes = loads[2].bytes = 4;
  loads[1].offset = 4;
  loads[2].base = 1, loads[2].offset = 8;
  for (auto& m : loads) m.base_align = 4;
  CHECK(cg::ptxas_accesses(loads, false, {}, true, 2).size() == 3);
  stores[0].bytes = 8, stores[0].offset = 512;
  auto merged = cg::ptxas_accesses(loads, false, stores, false, 2);
  REQUIRE(merged.size() == 2);
  CHECK(merged[0].bytes == 8);
  CHECK(merged[0].ptx == std::vector<int32_t>{0, 1});
  stores[0].offset = 516;  // promises base = 4 mod 8: +0 is not 8-aligned
  CHECK(cg::ptxas_accesses(loads, false, stores, false, 2).size() == 3);
  for (auto& m : loads) m.base_align = 16;  // the arithmetic proves 16 bytes
  CHECK(cg::ptxas_accesses(loads, false, {}, true, 2).size() == 2);
  CHECK(cg::ptxas_accesses(loads, false, {}, false, 2).size() == 3);
  // a promise of one register carries to no other (session 66: not across R's padded registers)
  std::vector<cg::Merged> fam(3), kin(1);
  fam[0].bytes = fam[1].bytes = 4, fam[1].offset = 4;
  fam[2].bytes = 4, fam[2].base = 1, fam[2].offset = 8;  // another register
  kin[0].bytes = 8, kin[0].base = 1, kin[0].offset = 16;
  CHECK(cg::ptxas_accesses(fam, false, kin, false, 2).size() == 3);
  kin[0].base = 0, kin[0].offset = 32;  // promised through the loads' own register: they join
  CHECK(cg::ptxas_accesses(fam, false, kin, false, 2).size() == 2);
  // two 16-bit loads that follow on become one 32-bit load where an access of the register (here a
  // 4-byte load at +0) promises the word's alignment or ptxas's arithmetic knows it (below); 16-bit
  // stores too where they follow one another in the program
  std::vector<cg::Merged> halves(3);
  halves[0].bytes = 4, halves[0].offset = 0;
  halves[1].bytes = halves[2].bytes = 2;
  halves[1].offset = 8, halves[2].offset = 10;
  auto pairs = cg::ptxas_accesses(halves, false, {}, false, 2);
  REQUIRE(pairs.size() == 2);
  CHECK(pairs[1].bytes == 4);
  CHECK(pairs[1].ptx == std::vector<int32_t>{1, 2});
  CHECK(cg::ptxas_accesses(halves, true, {}, false, 2).size() == 2);
  halves[1].last = 2, halves[2].last = 0;  // the first store of the pair stands after a third
  halves[0].last = 1;
  CHECK(cg::ptxas_accesses(halves, true, {}, false, 2).size() == 3);
  // byte pairs' loads (`v2.b8`, Merged::byte_pair) stay apart even there (codegen-3.6 line 495:
  // `ld.shared.v2.b8` beside an `ld.shared.b32` of their register, LDS.U16 in the cubin)
  std::vector<cg::Merged> bytes = halves;
  bytes[1].byte_pair = bytes[2].byte_pair = true;
  CHECK(cg::ptxas_accesses(bytes, false, {}, false, 1).size() == 3);
  // 16-bit loads of 8-bit data (`ld.shared.b16`, bytes LLVM joined) join as 16-bit data do (session
  // 56: seed-2408 3.6 line 659's cubin, LDS x8), but a run does not go on into a byte pair
  // (seed-2540 3.6 line 64: a `b16` at +0 and a `v2.b8` at +2 stay LDS.U16)
  CHECK(cg::ptxas_accesses(halves, false, {}, false, 1).size() == 2);
  bytes[1].byte_pair = false;
  CHECK(cg::ptxas_accesses(bytes, false, {}, false, 1).size() == 3);
  halves[0].offset = 2;  // promises 2 mod 4: +8 is not a word
  CHECK(cg::ptxas_accesses(halves, false, {}, false, 2).size() == 3);
  std::vector<cg::Merged> arith(halves.begin() + 1, halves.end());
  for (auto& m : arith) m.base_align = 16;
  CHECK(cg::ptxas_accesses(arith, false, {}, false, 2).size() == 2);
  // on the arithmetic too (session 55: seed-2401 3.6 line 3083's cubin, LDS.64 of 16-bit loads no
  // access promises)
  REQUIRE(cg::ptxas_accesses(arith, false, {}, true, 2).size() == 1);
  CHECK(cg::ptxas_accesses(arith, false, {}, true, 2)[0].bytes == 4);
  // a run of 16-bit loads inside an 8-byte window ptxas knows aligned is one LDS.64, from below its
  // first (seed-2401 3.6 line 778: +2, +4, +6 of an 8-aligned register are `LDS.64 [R0]`, +8 alone)
  std::vector<cg::Merged> run(4);
  for (int k = 0; k < 4; ++k) run[k].bytes = 2, run[k].offset = 2 + 2 * k, run[k].base_align = 8;
  auto r64 = cg::ptxas_accesses(run, false, {}, true, 2);
  REQUIRE(r64.size() == 2);
  CHECK(r64[0].bytes == 8);
  CHECK(r64[0].lead_gap == 2);
  CHECK(r64[0].ptx == std::vector<int32_t>{0, 1, 2});
  CHECK(r64[1].bytes == 2);
  run.erase(run.begin() + 1);  // +2, +6, +8: a gap between them joins nothing below +8
  CHECK(cg::ptxas_accesses(run, false, {}, true, 2).size() == 3);
  // ptxas joins 16-bit loads through at most 12 open blocks, the oldest closing first (session 69:
  // synthetic PTX through the 3.6 wheel's ptxas; +0 and +2 of a 16-byte aligned register join with 11
  // other blocks' 16-bit loads between them, not with 12; golden seed-2403 line 153: pairs 15 loads
  // apart stay LDS.U16). Loads of other bases count; bases ptxas knows no block of do not.
  const auto apart = [](int others, int32_t other_base_align, int32_t other_bytes) {
    std::vector<cg::Merged> op(static_cast<size_t>(others) + 2);
    for (int k = 0; k <= others + 1; ++k) {
      cg::Merged& m = op[static_cast<size_t>(k)];
      m.bytes = other_bytes, m.offset = 64 * k, m.base = 1, m.base_align = other_base_align;
    }
    op.front().bytes = op.back().bytes = 2, op.front().base = op.back().base = 0;
    op.front().offset = 0, op.back().offset = 2, op.front().base_align = op.back().base_align = 16;
    return cg::ptxas_accesses(op, false, {}, true, 2);
  };
  CHECK(apart(11, 16, 2).size() == 12);  // the pair one LDS
  CHECK(apart(12, 16, 2).size() == 14);
  CHECK(apart(40, 2, 2).size() == 41);   // another base's halves ptxas knows no block of take no entry
  CHECK(apart(11, 16, 4).size() == 12);  // words take entries too (below)
  CHECK(apart(12, 16, 4).size() == 14);
  // a block's entry keeps what joined it: +0, +2 then 11 blocks then +4 are one LDS.64; +0, 11 blocks,
  // +2, 11 blocks, +4 close +0's block before +4 comes (an LDS and an LDS.U16)
  std::vector<cg::Merged> chain;
  const auto half = [&](int64_t offset) {
    chain.emplace_back();
    chain.back().bytes = 2, chain.back().offset = offset, chain.back().base_align = 16;
  };
  const auto blocks = [&](int n) {
    for (int k = 0; k < n; ++k) half(1024 + 64 * static_cast<int64_t>(chain.size()));
  };
  half(0), half(2), blocks(11), half(4);
  auto c1 = cg::ptxas_accesses(chain, false, {}, true, 2);
  CHECK(c1.size() == 12);
  CHECK(c1[0].bytes == 8);
  chain.clear();
  half(0), blocks(11), half(2), blocks(11), half(4);
  auto c2 = cg::ptxas_accesses(chain, false, {}, true, 2);
  CHECK(c2.size() == 24);
  CHECK(c2[0].bytes == 4);
  // a block's entry that closes holding +4 and +0 joins neither, though +2 came after it closed
  chain.clear();
  half(4), blocks(10), half(0), blocks(10), half(2);
  CHECK(cg::ptxas_accesses(chain, false, {}, true, 2).size() == 23);
  // a word (or two, or 8 bytes) takes the entry of its 16-byte block, joining no half: with eleven
  // blocks it closes +0's (tests/conformance/ptxas_probe.py); a 16-byte load takes none
  chain.clear();
  half(0), blocks(11);
  chain.emplace_back();
  chain.back().bytes = 4, chain.back().offset = 4096, chain.back().base_align = 16;
  half(2);
  CHECK(cg::ptxas_accesses(chain, false, {}, true, 2).size() == 14);
  chain[12].bytes = 16;
  CHECK(cg::ptxas_accesses(chain, false, {}, true, 2).size() == 13);
  // words join however far apart in the program (synthetic PTX: 400 loads apart, one LDS.64)
  std::vector<cg::Merged> words(42);
  for (int k = 0; k < 42; ++k) words[k].bytes = 4, words[k].offset = 64 + 64 * k, words[k].base_align = 16;
  words.front().offset = 0, words.back().offset = 4;
  CHECK(cg::ptxas_accesses(words, false, {}, true, 4).size() == 41);
  // an LDS.128 reads at least 12 of its 16 bytes: words at +0 and +8 stay two LDS, +0, +4 and +12 one
  std::vector<cg::Merged> gap(2);
  for (auto& m : gap) m.bytes = 4, m.base_align = 16;
  gap[1].offset = 8;
  CHECK(cg::ptxas_accesses(gap, false, {}, true, 4).size() == 2);
  gap.insert(gap.begin() + 1, gap[0]);
  gap[1].offset = 4, gap[2].offset = 12;
  REQUIRE(cg::ptxas_accesses(gap, false, {}, true, 4).size() == 1);
  CHECK(cg::ptxas_accesses(gap, false, {}, true, 4)[0].bytes == 16);
  // 16-bit stores in program order join where ptxas's arithmetic knows the word's alignment (seed-2406
  // 3.6 line 3056 and seed-2550 line 523 in the wheels' cubins: `st.shared.b16`/`v2.b8` at +0, +2 of a
  // register whose bits start at bit 2 are one STS); then the store they make promises the word to the
  // loads of the same addresses (line 3056: LDS), but not to byte pairs (line 523: LDS.U16 kept)
  std::vector<cg::Merged> pair = arith;
  pair[0].last = 0, pair[1].last = 1;
  REQUIRE(cg::ptxas_accesses(pair, true, {}, true, 2).size() == 1);
  CHECK(cg::ptxas_accesses(pair, true, {}, true, 2)[0].bytes == 4);
  CHECK(cg::ptxas_accesses(pair, true, {}, true, 1).size() == 1);
  CHECK(cg::ptxas_accesses(pair, true, {}, false, 2).size() == 2);
  CHECK(cg::ptxas_accesses(pair, false, pair, true, 2).size() == 1);
  std::vector<cg::Merged> byte_pairs = pair;
  for (auto& m : byte_pairs) m.byte_pair = true;
  CHECK(cg::ptxas_accesses(byte_pairs, false, byte_pairs, true, 1).size() == 2);
  CHECK(cg::ptxas_accesses(pair, false, pair, false, 2).size() == 2);
  // loads inside one 16-byte window ptxas knows aligned become one LDS.128 (held-out seed 2032,
  // padded: a 4-byte load at +8196 and an 8-byte one at +8200 run as one LDS.128 at +8192)
  std::vector<cg::Merged> win(2), promise(1);
  win[0].bytes = 4, win[0].offset = 8196;
  win[1].bytes = 8, win[1].offset = 8200;
  promise[0].bytes = 16, promise[0].offset = 8704;
  auto w = cg::ptxas_accesses(win, false, promise, false, 2);
  REQUIRE(w.size() == 1);
  CHECK(w[0].bytes == 16);
  CHECK(w[0].lead_gap == 4);
  promise[0].bytes = 8;  // only 8-byte alignment known: they stay
  CHECK(cg::ptxas_accesses(win, false, promise, false, 2).size() == 2);
  // held-out seed 2034, 3.9: LLVM's gap filling leaves ld.shared.v2.b16 at +4 and +12 beside the
  // ld.shared.v4.b32 at +0 that reads their bytes too; the cubin has the LDS.128 alone
  std::vector<cg::Merged> dup(3);
  dup[0].bytes = 16, dup[1].bytes = dup[2].bytes = 4;
  dup[1].offset = 4, dup[2].offset = 12;
  auto d = cg::ptxas_accesses(dup, false, {}, false, 2);
  REQUIRE(d.size() == 1);
  CHECK(d[0].bytes == 16);
  CHECK(d[0].ptx.size() == 3);
  // stores merge only next to one another in the program: +0, +8 (another register), +4 do not
  std::vector<cg::Merged> st = loads;
  std::swap(st[1], st[2]);
  CHECK(cg::ptxas_accesses(st, true, {}, true, 2).size() == 3);
  CHECK(cg::ptxas_accesses(loads, true, {}, true, 2).size() == 2);
}

// ldst skips ptxas_accesses where ptxas_may_join says nothing can join: it
// must say so only where ptxas_accesses joins nothing.
TEST_CASE("codegen: ptxas_may_join is false only where ptxas joins nothing", "[codegen]") {
  std::vector<cg::Merged> far(2);
  far[0].bytes = far[1].bytes = 4;
  far[1].offset = 16;
  CHECK_FALSE(cg::ptxas_may_join(far));
  far[1].offset = 12;
  CHECK(cg::ptxas_may_join(far));
  far[1].base = 1;  // another base: never joined
  CHECK_FALSE(cg::ptxas_may_join(far));
  uint64_t x = 88172645463325252ull;  // xorshift: fixed random lists of accesses
  auto next = [&](uint64_t n) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    return static_cast<int64_t>(x % n);
  };
  int joined = 0;
  for (int t = 0; t < 3000; ++t) {
    std::vector<cg::Merged> op(static_cast<size_t>(1 + next(8))), other(static_cast<size_t>(next(3)));
    for (auto* l : {&op, &other})
      for (auto& m : *l) {
        m.bytes = int32_t{1} << (1 + next(4));
        m.offset = m.bytes * next(12);
        m.base = static_cast<int32_t>(next(2));
        m.base_align = int32_t{1} << next(5);
      }
    const bool store = next(2) == 1, arithmetic = next(2) == 1;
    if (cg::ptxas_accesses(op, store, other, arithmetic, 1 + static_cast<int32_t>(next(2))).size() < op.size()) {
      ++joined;
      CHECK(cg::ptxas_may_join(op));
    }
  }
  CHECK(joined > 100);
}

// The tensor-core instruction of a dot op, as in the PTX / AMDGCN of the
// tests/inspect/dumps compiles (the inspect test holds every dump to it).
TEST_CASE("codegen: MMA instructions as Triton spells and repeats them", "[codegen][mma]") {
  cg::MmaQuery q;
  std::string why;
  SECTION("mma.sync: m16n8k16 per warp, repeated over M, N and K") {
    q.family = cg::MmaFamily::mma_sync, q.a = q.b = "bf16", q.c = "f32";
    q.m = 128, q.n = 256, q.k = 32, q.warps = {2, 4};  // dot_bf16_w8 sm_80: 64 per thread
    auto r = cg::triton_mma(q, &why);
    REQUIRE(r);
    CHECK(r->mnemonic == "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32");
    CHECK(r->count == 64);
    q.a = q.b = "i8", q.c = "i32", q.m = 128, q.n = 64, q.k = 64, q.warps = {2, 2};
    r = cg::triton_mma(q, &why);
    CHECK(r->mnemonic == "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32");
    CHECK(r->count == 32);
  }
  SECTION("wgmma: N from the layout, 16 rows a warp") {
    q.family = cg::MmaFamily::wgmma, q.a = "f8E4M3FN", q.b = "f8E5M2", q.c = "f32";
    q.m = q.n = 128, q.k = 64, q.instr = {16, 128, 32}, q.warps = {4, 1};
    auto r = cg::triton_mma(q, &why);
    REQUIRE(r);
    CHECK(r->mnemonic == "wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e5m2");
    CHECK(r->count == 4);
    q.a = q.b = "f16", q.c = "f16", q.m = 64, q.k = 64, q.instr = {16, 128, 16};
    CHECK(cg::triton_mma(q, &why)->mnemonic == "wgmma.mma_async.sync.aligned.m64n128k16.f16.f16.f16");
  }
  SECTION("tcgen05: kinds, the scaled forms of each version, one thread issues") {
    q.family = cg::MmaFamily::tcgen05, q.a = q.b = "f32", q.c = "f32", q.m = q.n = 64, q.k = 32, q.instr = {64, 64};
    auto r = cg::triton_mma(q, &why);
    CHECK(r->mnemonic == "tcgen05.mma.cta_group::1.kind::tf32");
    CHECK(r->count == 4);
    CHECK(r->issued_by == "one thread");
    q.a = q.b = "i8", q.c = "i32", q.m = 128, q.k = 64, q.instr = {128, 64};
    CHECK(cg::triton_mma(q, &why)->mnemonic == "tcgen05.mma.cta_group::1.kind::i8");
    q.a = q.b = "i8", q.a_fmt = q.b_fmt = "e2m1", q.with_scales = true, q.c = "f32", q.m = q.n = 128, q.k = 64;
    q.version = ls::TritonVersion::v3_9;
    r = cg::triton_mma(q, &why);
    CHECK(r->mnemonic == "tcgen05.mma.cta_group::1.kind::mxf4.block_scale.block32");
    CHECK(r->count == 2);  // K = 128 e2m1 in 64 bytes, 64 a instruction
    q.version = ls::TritonVersion::v3_6;
    CHECK(cg::triton_mma(q, &why)->mnemonic == "tcgen05.mma.cta_group::1.kind::mxf4.block_scale.scale_vec::2X");
    q.a = q.b = "f8E4M3FN", q.a_fmt = q.b_fmt = "e4m3", q.k = 128;
    r = cg::triton_mma(q, &why);
    CHECK(r->mnemonic == "tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.scale_vec::1X");
    CHECK(r->count == 4);
  }
  SECTION("AMD: operand order of 8-bit floats by version, CDNA4's f8f6f4, WMMA's iu8") {
    q.family = cg::MmaFamily::mfma, q.a = "f8E4M3FNUZ", q.b = "f8E5M2FNUZ", q.c = "f32";
    q.m = q.n = 128, q.k = 64, q.instr = {32, 32, 16}, q.warps = {2, 2}, q.transposed = true;
    q.version = ls::TritonVersion::v3_6;
    auto r = cg::triton_mma(q, &why);
    CHECK(r->mnemonic == "v_mfma_f32_32x32x16_fp8_bf8");
    CHECK(r->count == 16);
    q.version = ls::TritonVersion::v3_9;
    CHECK(cg::triton_mma(q, &why)->mnemonic == "v_mfma_f32_32x32x16_bf8_fp8");
    q.instr = {32, 32, 64};
    CHECK(cg::triton_mma(q, &why)->mnemonic == "v_mfma_f32_32x32x64_f8f6f4");
    q.with_scales = true, q.a_fmt = q.b_fmt = "e2m1", q.a = q.b = "i8", q.k = 64;  // 128 e2m1 along K
    r = cg::triton_mma(q, &why);
    CHECK(r->mnemonic == "v_mfma_scale_f32_32x32x64_f8f6f4");
    CHECK(r->count == 8);
    q = {};
    q.family = cg::MmaFamily::wmma, q.a = q.b = "i8", q.c = "i32", q.m = 128, q.n = 64, q.k = 64;
    q.instr = {16, 16, 64}, q.warps = {2, 2};
    r = cg::triton_mma(q, &why);
    CHECK(r->mnemonic == "v_wmma_i32_16x16x64_iu8");
    CHECK(r->count == 8);
  }
  SECTION("types no instruction takes") {
    q.family = cg::MmaFamily::mma_sync, q.a = q.b = "f64", q.c = "f64";
    CHECK_FALSE(cg::triton_mma(q, &why));
    CHECK(why.find("f64") != std::string::npos);
  }
}

// tt.atomic_rmw / tt.atomic_cas, as in the PTX of the atomics dumps (tests/inspect).
TEST_CASE("codegen: atomics as Triton emits them", "[codegen][atomic]") {
  cg::AtomicQuery q;
  std::string why;
  q.op = "fadd", q.elem = "f32", q.elems_per_thread = 8, q.contiguous = 8, q.sm = 90;
  auto r = cg::triton_atomic(q, &why);
  REQUIRE(r);
  CHECK(r->mnemonic == "atom.global.gpu.acq_rel.add.v4.f32");
  CHECK(r->per_thread == 2);
  q.sm = 80;
  CHECK(cg::triton_atomic(q, &why)->mnemonic == "atom.global.gpu.acq_rel.add.f32");
  CHECK(cg::triton_atomic(q, &why)->per_thread == 8);
  // unused result, relaxed or release: 3.9 reduces, 3.6 keeps atom
  q.sm = 90, q.sem = "relaxed", q.result_used = false, q.version = ls::TritonVersion::v3_9;
  CHECK(cg::triton_atomic(q, &why)->mnemonic == "red.global.gpu.relaxed.add.v4.f32");
  q.version = ls::TritonVersion::v3_6;
  CHECK(cg::triton_atomic(q, &why)->mnemonic == "atom.global.gpu.relaxed.add.v4.f32");
  q.version = ls::TritonVersion::v3_9, q.sem = "acq_rel";
  CHECK(cg::triton_atomic(q, &why)->mnemonic == "atom.global.gpu.acq_rel.add.v4.f32");
  // halves: .v8 from sm_90, packed pairs before; bf16 before sm_90 loops on a CAS
  q.elem = "f16";
  CHECK(cg::triton_atomic(q, &why)->mnemonic == "atom.global.gpu.acq_rel.add.noftz.v8.f16");
  q.sm = 80;
  r = cg::triton_atomic(q, &why);
  CHECK(r->mnemonic == "atom.global.gpu.acq_rel.add.noftz.f16x2");
  CHECK(r->per_thread == 4);
  q.elem = "bf16", q.version = ls::TritonVersion::v3_6;
  r = cg::triton_atomic(q, &why);
  CHECK(r->mnemonic == "atom.acq_rel.gpu.global.cas.b32");
  CHECK(r->preload == "ld.global.b32");
  q.version = ls::TritonVersion::v3_9;
  r = cg::triton_atomic(q, &why);
  CHECK(r->mnemonic == "atom.relaxed.gpu.global.cas.b32");
  CHECK(r->preload.empty());
  // integers: no vectors; cas names the order before the scope
  q = {};
  q.op = "max", q.elem = "i32", q.sem = "release", q.scope = "cta", q.elems_per_thread = 8, q.contiguous = 4;
  CHECK(cg::triton_atomic(q, &why)->mnemonic == "atom.global.cta.release.max.s32");
  CHECK(cg::triton_atomic(q, &why)->per_thread == 8);
  q.op = "exch", q.elem = "i64";
  CHECK(cg::triton_atomic(q, &why)->mnemonic == "atom.global.cta.release.exch.b64");
  q.op = "cas", q.elem = "i32";
  CHECK(cg::triton_atomic(q, &why)->mnemonic == "atom.global.release.cta.cas.b32");
  q.op = "fadd", q.elem = "i8";
  CHECK_FALSE(cg::triton_atomic(q, &why));
  // AMD (gfx942/gfx950): buffer_ for Triton's buffer atomics, halves in packed pairs
  q = {};
  q.amd = true, q.buffer = true, q.op = "fadd", q.elem = "f16", q.elems_per_thread = 4, q.contiguous = 4;
  auto a = cg::triton_atomic(q, &why);
  CHECK(a->mnemonic == "buffer_atomic_pk_add_f16");
  CHECK(a->per_thread == 2);
  q.buffer = false, q.op = "max", q.elem = "i32";
  CHECK(cg::triton_atomic(q, &why)->mnemonic == "global_atomic_smax");
  q.op = "cas", q.elem = "i64";
  CHECK(cg::triton_atomic(q, &why)->mnemonic == "global_atomic_cmpswap_x2");
}

// tt.scan (tl.cumsum), as in the PTX of the scan dumps (tests/inspect) and
// held-out compiles of both wheels.
TEST_CASE("codegen: scans as Triton emits them", "[codegen][scan]") {
  std::string why;
  // 32x64 along dim 0: 2 lanes and 4 warps along it, 4 columns side by side
  ls::TensorLayout cols = at("BlockedLayout([1, 4], [2, 16], [4, 1], [1, 0])", {32, 64});
  auto r = cg::triton_scan(ls::to_linear(*cols.spec, cols.shape), 0, false, 32, 1, false, ls::TritonVersion::v3_6, &why);
  REQUIRE(r);
  CHECK(r->per_thread == Counts{{"shfl.sync.up.b32", 32}, {"st.shared.b32", 16}, {"ld.shared.b32", 60}});
  // 1D, 4 warps, two chunks a thread: the 7 totals before the last joined into 128-bit loads
  ls::TensorLayout line = at("BlockedLayout([4], [32], [4], [0])", {1024});
  const ls::LinearLayout ll = ls::to_linear(*line.spec, line.shape);
  r = cg::triton_scan(ll, 0, true, 32, 1, false, ls::TritonVersion::v3_9, &why);
  CHECK(r->per_thread == Counts{{"shfl.sync.up.b32", 12}, {"st.shared::cta.b32", 2}, {"ld.shared.v4.b32", 2}});
  r = cg::triton_scan(ll, 0, true, 32, 1, false, ls::TritonVersion::v3_6, &why);
  CHECK(r->per_thread ==
        Counts{{"shfl.sync.up.b32", 12}, {"st.shared.b32", 2}, {"ld.shared.v4.b32", 1}, {"ld.shared.v2.b32", 1},
               {"ld.shared.b32", 1}});
  // along lanes only: 5 steps and the previous lane's total, for each of a thread's 16 rows
  ls::TensorLayout rows = at("BlockedLayout([1, 4], [1, 32], [8, 1], [1, 0])", {128, 128});
  r = cg::triton_scan(ls::to_linear(*rows.spec, rows.shape), 1, true, 32, 1, false, ls::TritonVersion::v3_9, &why);
  CHECK(r->per_thread == Counts{{"shfl.sync.up.b32", 96}});
  // reverse: the registers turned around across the warp, before and after
  r = cg::triton_scan(ll, 0, true, 32, 1, true, ls::TritonVersion::v3_9, &why);
  CHECK(r->per_thread.at("shfl.sync.bfly.b32") == 16);
  r = cg::triton_scan(ll, 0, true, 32, 1, true, ls::TritonVersion::v3_6, &why);
  CHECK(r->per_thread.at("shfl.sync.bfly.b32") == 80);
  CHECK_FALSE(cg::triton_scan(ll, 0, true, 4, 1, false, ls::TritonVersion::v3_9, &why));
}

// tt.gather, as in the PTX of the gather dumps (tests/inspect).
TEST_CASE("codegen: gathers as Triton emits them", "[codegen][gather]") {
  // along lanes and two registers: every output element looks in both registers
  ls::TensorLayout local = at("BlockedLayout([1, 2], [1, 32], [4, 1], [1, 0])", {32, 64});
  const ls::LinearLayout l = ls::to_linear(*local.spec, local.shape);
  cg::GatherCode g = cg::triton_gather(l, l, 1, 32, 2);
  CHECK(g.warp_local);
  CHECK(g.per_thread == Counts{{"shfl.sync.idx.b32", 32}});
  CHECK(cg::triton_gather(l, l, 1, 64, 2).shuffles == 64);
  // 1D across 4 warps: stored in 128-bit vectors, read back one by one
  ls::TensorLayout line = at("BlockedLayout([4], [32], [4], [0])", {1024});
  const ls::LinearLayout ll = ls::to_linear(*line.spec, line.shape);
  g = cg::triton_gather(ll, ll, 0, 32, 4);
  CHECK_FALSE(g.warp_local);
  CHECK(g.per_thread == Counts{{"st.shared.v4.b32", 2}, {"ld.shared.b32", 8}});
  CHECK(cg::triton_gather(ll, ll, 0, 16, 4).per_thread == Counts{{"st.shared.v2.b32", 2}, {"ld.shared.b16", 8}});
}

// tt.histogram, as in the PTX of the histogram dumps (tests/inspect): 3.6's
// warp ballots, 3.9's one shared atomic per element.
TEST_CASE("codegen: histograms as Triton emits them", "[codegen][histogram]") {
  using Map = std::map<std::string, int64_t>;
  CHECK(cg::triton_histogram(8, 64, 1, 1, ls::TritonVersion::v3_9) ==
        Map{{"atom.relaxed.sys.shared.add.u32", 8}, {"st.shared.b32", 1}, {"ld.shared.b32", 1}});
  CHECK(cg::triton_histogram(8, 64, 1, 1, ls::TritonVersion::v3_6) ==
        Map{{"vote.sync.ballot.b32", 48}, {"popc.b32", 16}, {"atom.shared.add.u32", 2}, {"st.shared.b32", 1},
            {"ld.shared.b32", 1}});
  // fewer bins than lanes: still five ballots an element; bins side by side read as one vector
  CHECK(cg::triton_histogram(16, 16, 1, 1, ls::TritonVersion::v3_6).at("vote.sync.ballot.b32") == 80);
  CHECK(cg::triton_histogram(8, 512, 4, 4, ls::TritonVersion::v3_9).at("ld.shared.v4.b32") == 1);
}

TEST_CASE("codegen: an offset that sets every other bit of the thread index drops R's mask (seed 2200 line 1032)",
          "[codegen]") {
  // R is one term, (tid << 5) & 992 bytes; rows 248-255 add 31744, which with
  // the mask covers every bit tid << 5 may have, so InstCombine leaves
  // `or (tid << 5), 31744`: LLVM relates it to nothing and the last 8 of
  // Triton's 32-bit accesses stay scalar (both wheels' PTX)
  const char* reg = "DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[2, 0], "
                    "warps_per_cta=[1, 4], instr_shape=[16, 8], cga_layout=[]), k_width=8)";
  const char* shared = "SwizzledSharedLayout(vec=1, per_phase=8, max_phase=8, order=[1, 0], cga_layout=[])";
  for (auto v : {ls::TritonVersion::v3_6, ls::TritonVersion::v3_9}) {
    const Counts c = via_shared_counts(reg, shared, {256, 32}, 32, v, 90);
    CHECK(c.at("st.shared.v4.b32") == 62);
    CHECK(c.at("st.shared.b32") == 8);
    CHECK(c.at("ld.shared.v4.b32") == 62);
    CHECK(c.at("ld.shared.b32") == 8);
  }
}

TEST_CASE("codegen: 3.9 padded layouts split R above what the padding reads (seed 2110 lines 1130, 204)",
          "[codegen]") {
  // line 1130: the padding reads the lane terms only (the warp term stays
  // below the interval), so InstCombine splits R into that OR and the warp
  // term's GEP; with the padding's GEP the lane terms lie five levels below
  // the address and `(tid & 16) >> 1` proves nothing: 4-byte alignment, 16
  // scalar accesses (Triton 3.9's PTX), not 8 v2
  const char* reg = "DistributedLinearLayout(reg_bases=[[0, 32], [0, 4], [0, 16], [0, 1]], lane_bases=[[2, 0], "
                    "[0, 8], [8, 0], [4, 0], [0, 2]], warp_bases=[[1, 0]], block_bases=[], shape=[16, 64])";
  const char* shared = "PaddedSharedLayout(interval_padding_pairs=[[256, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], "
                       "[0, 8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, 64])";
  CHECK(via_shared_counts(reg, shared, {16, 64}, 32, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.b32", 16}, {"st.shared.b32", 16}});
  // line 204: register 0 proves 8 bytes; the other accesses add their padded
  // constant outside R's GEPs and the second InferAlignment carries those 8
  // bytes to them: 32 v2 each way
  const char* blocked = "BlockedLayout(size_per_thread=[4, 2], threads_per_warp=[4, 8], warps_per_cta=[8, 1], "
                        "order=[0, 1], cga_layout=[])";
  const char* padded = "PaddedSharedLayout(interval_padding_pairs=[[16, 4], [128, 8]], offset_bases=[[0, 1], [0, 2], "
                       "[0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], "
                       "block_bases=[], shape=[32, 128])";
  CHECK(via_shared_counts(blocked, padded, {32, 128}, 32, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.v2.b32", 32}, {"st.shared.v2.b32", 32}});
}

TEST_CASE("codegen: 3.6 padded: R splits into GEPs where only its GEP uses its root (seed-2403 lines 742, 620)",
          "[codegen]") {
  // line 742: the padding reads `tid & 2` << 8 alone and the register
  // offsets stay below the interval, so the second InstCombine splits R,
  // ((S16 | D160) | S256) | `tid & 16` after the first, into four GEPs: with
  // the padding's and the offset's GEP the innermost is six deep for every
  // access but register 0's (the wheel: one v2.b16 a side, 14 b16 stay;
  // R kept whole it was 4 v2.b16 and a v4.b32)
  const char* reg = "DistributedLinearLayout(reg_bases=[[0, 2], [0, 1], [2, 0], [0, 4]], lane_bases=[[1, 0], [8, 0], "
                    "[4, 0], [0, 16], [0, 8]], warp_bases=[], block_bases=[], shape=[16, 32])";
  const char* padded = "PaddedSharedLayout(interval_padding_pairs=[[256, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], "
                       "[0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, 32])";
  CHECK(via_shared_counts(reg, padded, {16, 32}, 16, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b16", 14}, {"ld.shared.v2.b16", 1}, {"st.shared.b16", 14}, {"st.shared.v2.b16", 1}});
  // line 620: a register offset (128 elements) reaches the first interval, so
  // `R | 128` uses R's root too: R stays one GEP, register 0 4-byte aligned
  const char* blocked = "BlockedLayout(size_per_thread=[4, 2], threads_per_warp=[8, 4], warps_per_cta=[1, 1], "
                        "order=[0, 1], cga_layout=[])";
  const char* two = "PaddedSharedLayout(interval_padding_pairs=[[128, 2], [512, 2]], offset_bases=[[0, 1], [0, 2], "
                    "[0, 4], [0, 8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], "
                    "shape=[32, 64])";
  CHECK(via_shared_counts(blocked, two, {32, 64}, 16, ls::TritonVersion::v3_6, 80) ==
        Counts{{"ld.shared.b16", 62}, {"ld.shared.v2.b16", 1}, {"st.shared.b16", 62}, {"st.shared.v2.b16", 1}});
}

TEST_CASE("codegen: 3.6 padded: InstCombine folds R before the padding's walk, six terms as any", "[codegen]") {
  // seed-2080 line 556 (16-bit): R = sel | ((a ^ b) ^ (tid & 12)); `tid & 12`
  // has the index code's use, so R's first visit already makes it
  // ((a | b) | sel) | (tid & 12), before any padding reads (a | b): every
  // access stays `b16` (folding after the walk left pairs that join)
  const char* reg = "DistributedLinearLayout(reg_bases=[[0, 32], [8, 0], [64, 0], [0, 1], [32, 0], [0, 8]], lane_bases="
                    "[[1, 0], [0, 16], [0, 2], [0, 4], [16, 0]], warp_bases=[[4, 0], [2, 0]], block_bases=[], "
                    "shape=[128, 64])";
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[64, 2], [256, 2]], offset_bases=[[0, 1], [0, 2], "
                    "[0, 4], [0, 8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], "
                    "block_bases=[], shape=[128, 64])";
  CHECK(via_shared_counts(reg, pad, {128, 64}, 16, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b16", 64}, {"st.shared.b16", 64}});
  // seed-2405 line 144 (8-bit): the padding of the 128-element interval reads
  // the node of R's three selects, which then is no one-use operand of a fold:
  // R keeps Triton's shape, register 0 proves 2 bytes, one pair joins
  const char* reg2 = "DistributedLinearLayout(reg_bases=[[8, 0], [0, 8], [0, 16], [0, 1]], lane_bases=[[4, 0], [0, 2], "
                     "[0, 4], [1, 0], [2, 0]], warp_bases=[[32, 0], [16, 0]], block_bases=[], shape=[64, 32])";
  const char* pad2 = "PaddedSharedLayout(interval_padding_pairs=[[128, 8], [4096, 8]], offset_bases=[[0, 1], [0, 2], "
                     "[0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], "
                     "shape=[64, 32])";
  CHECK(via_shared_counts(reg2, pad2, {64, 32}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b8", 14}, {"ld.shared.v2.b8", 1}, {"st.shared.b8", 14}, {"st.shared.v2.b8", 1}});
  // seed-2405 line 135 (32-bit): R of six terms, whose tree proves 16 bytes
  // for register 0 (the six-term rule, dropped for unXOR-ed R, proved none)
  const char* reg3 = "DistributedLinearLayout(reg_bases=[[128, 0], [0, 1], [0, 2], [64, 0]], lane_bases=[[16, 0], "
                     "[0, 4], [32, 0], [1, 0], [8, 0]], warp_bases=[[0, 8], [2, 0], [4, 0]], block_bases=[], "
                     "shape=[256, 16])";
  const char* pad3 = "PaddedSharedLayout(interval_padding_pairs=[[128, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], "
                     "[0, 8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], block_bases=[], "
                     "shape=[256, 16])";
  CHECK(via_shared_counts(reg3, pad3, {256, 16}, 32, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b32", 12}, {"ld.shared.v4.b32", 1}, {"st.shared.b32", 12}, {"st.shared.v4.b32", 1}});
}

TEST_CASE("codegen: 3.6 padded: SCEV puts an access of its own in R's chain where it splits the padding",
          "[codegen]") {
  // seed-2405 line 1039 (8-bit, pairs as b16): R = (tid & 56) << 3 is one
  // term; R | 32 reaches the 16-byte interval as R does, and its padding
  // `lshr exact (R | 32), 3` is R's plus 4 to ScalarEvolution: that store is
  // in R's chain at 36, not a store in between that may overlap, so the
  // stores at R and R + 2 join
  const char* reg = "SliceLayout(dim=0, parent=BlockedLayout(size_per_thread=[2, 2, 2], threads_per_warp=[8, 4, 1], "
                    "warps_per_cta=[1, 2, 1], order=[0, 2, 1], cga_layout=[]))";
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[16, 2], [256, 4]], offset_bases=[[0, 1], [0, 2], "
                    "[0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], "
                    "block_bases=[], shape=[128, 32])";
  CHECK(via_shared_counts(reg, pad, {128, 32}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b16", 248}, {"ld.shared.v2.b16", 4}, {"st.shared.b16", 254}, {"st.shared.v2.b16", 1}});
  // seed-77 line 203 (8-bit): R has two terms, so R | 32 is a sum of three
  // to SCEV, which keeps its padding whole: it stays a store of its own
  // between R's, and no store pair joins
  const char* reg2 = "DistributedLinearLayout(reg_bases=[[0, 1], [1, 0], [0, 2], [0, 4], [0, 8]], lane_bases=[[0, 16], "
                     "[2, 0], [4, 0], [8, 0], [16, 0]], warp_bases=[[32, 0]], block_bases=[], shape=[64, 32])";
  const char* pad2 = "PaddedSharedLayout(interval_padding_pairs=[[16, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], "
                     "[0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], "
                     "shape=[64, 32])";
  CHECK(via_shared_counts(reg2, pad2, {64, 32}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b16", 8}, {"ld.shared.v2.b16", 4}, {"st.shared.b16", 16}});
}

TEST_CASE("codegen: 3.6: a padding as large as its interval leaves R's high term and a constant", "[codegen]") {
  // seed-2400 line 1670 (16-bit): the padding of 16 elements every 16 is
  // x & -32 (bytes); R = ((tid & 3) << 8) | (tid & 28), so InstCombine drops
  // the low term from (R + 66) & -32 and takes out 64: the padding is R's own,
  // and every access is in R's chain (all pairs v2.b16)
  const char* reg = "BlockedLayout(size_per_thread=[4, 2], threads_per_warp=[4, 8], warps_per_cta=[1, 1], "
                    "order=[0, 1], cga_layout=[])";
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[16, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], "
                    "[0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, 32])";
  CHECK(via_shared_counts(reg, pad, {16, 32}, 16, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.v2.b16", 8}, {"st.shared.v2.b16", 8}});
  // seed-2110 line 863: R's high term is one bit, a select of 0 or 64,
  // which takes the constant into its arms: (R | 32) & 96 stays an access of
  // its own
  const char* reg2 = "SliceLayout(dim=0, parent=BlockedLayout(size_per_thread=[4, 2, 2], threads_per_warp=[4, 2, 4], "
                     "warps_per_cta=[4, 1, 1], order=[0, 1, 2], cga_layout=[]))";
  const char* pad2 = "PaddedSharedLayout(interval_padding_pairs=[[16, 16], [128, 2]], offset_bases=[[0, 1], [0, 2], "
                     "[0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, 16])";
  CHECK(via_shared_counts(reg2, pad2, {32, 16}, 16, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b16", 60}, {"ld.shared.v2.b16", 2}, {"st.shared.b16", 64}});
  // seed-2400 line 275 (8-bit): R is one term, (tid & 28) << 2, and
  // (R | 129) & 240 stays: those accesses are of their own
  const char* reg3 = "SliceLayout(dim=2, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 1, 1], "
                     "instr_shape=[1, 16, 8], cga_layout=[]))";
  const char* pad3 = "PaddedSharedLayout(interval_padding_pairs=[[16, 16]], offset_bases=[[1, 0], [2, 0], [4, 0], "
                     "[8, 0], [0, 1], [0, 2], [0, 4], [0, 8]], block_bases=[], shape=[16, 16])";
  CHECK(via_shared_counts(reg3, pad3, {16, 16}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b8", 16},
               {"ld.shared.v4.b32", 1},
               {"st.shared.b32", 1},
               {"st.shared.b8", 18},
               {"st.shared.v2.b32", 1},
               {"st.shared.v2.b8", 1}});
}

TEST_CASE("codegen: padding GEPs of one term share one only where both are left shifts", "[codegen]") {
  // seed-2400 line 2776 (3.6, 16-bit): `tid & 56` alone reaches both
  // intervals; its padding terms are `(tid & 56) >> 1` and `(tid & 56) << 2`,
  // which InstCombine cannot factor: two GEPs, R's terms one level deeper,
  // `(tid & 64) >> 1` (its `tid & 64` also the index code's) at depth 5
  // proves nothing, and register 0's pair stays `b16`
  const char* reg = "DistributedLinearLayout(reg_bases=[[1, 0], [2, 0], [0, 1]], lane_bases=[[0, 2], [0, 4], [0, 8], "
                    "[4, 0], [8, 0]], warp_bases=[[16, 0], [0, 16]], block_bases=[], shape=[32, 32])";
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[64, 1], [128, 16]], offset_bases=[[0, 1], [0, 2], "
                    "[0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], "
                    "shape=[32, 32])";
  CHECK(via_shared_counts(reg, pad, {32, 32}, 16, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b16", 8}, {"st.shared.b16", 8}});
}

TEST_CASE("codegen: 3.6 padded: the padding's mask keeps its low bits where InstCombine cannot prove R's", "[codegen]") {
  // seed-2403 line 910 (16-bit): the padding is `(R >> 6) & 0x1fffffe`; R's
  // `(tid & 7) << 2` and `(tid & 192) << 5` (both `tid & m` also the index
  // code's) lie five levels below that `and`, so InstCombine keeps the mask
  // whole and the GEP proves 2 bytes: register 0's pair stays `b16` though
  // R's own path proves 4
  const char* reg = "DistributedLinearLayout(reg_bases=[[1, 0], [2, 0], [4, 0], [0, 1]], lane_bases=[[0, 2], [0, 4], "
                    "[0, 8], [8, 0], [0, 16]], warp_bases=[[0, 32], [16, 0], [32, 0]], block_bases=[], "
                    "shape=[64, 64])";
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[64, 1]], offset_bases=[[0, 1], [0, 2], [0, 4], "
                    "[0, 8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], "
                    "shape=[64, 64])";
  CHECK(via_shared_counts(reg, pad, {64, 64}, 16, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b16", 16}, {"st.shared.b16", 16}});
}

TEST_CASE("codegen: BasicAA's GCD step counts a padding index as scale 1", "[codegen]") {
  // seed-2408 line 1068 (3.6, 8-bit): the store at R + 201 (padding index
  // `R >> 6`) and a later store of its own at R + ((R | 257) >> 6) + 257 are
  // 56 bytes and two padding indices apart. BasicAA's modulo argument takes
  // each index's GEP scale (1 for a shift), not its known zero bits, so they
  // may overlap: the store chain splits there and R's and R + 1's stores stay
  // apart, while their loads join
  const char* reg = "DistributedLinearLayout(reg_bases=[[0, 8], [4, 0], [8, 0], [16, 0], [2, 0], [0, 1]], "
                    "lane_bases=[[128, 0], [1, 0], [32, 0], [0, 2], [0, 4]], warp_bases=[[64, 0]], block_bases=[], "
                    "shape=[256, 16])";
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[256, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], "
                    "[0, 8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], block_bases=[], "
                    "shape=[256, 16])";
  CHECK(via_shared_counts(reg, pad, {256, 16}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b8", 62}, {"ld.shared.v2.b8", 1}, {"st.shared.b8", 64}});
}

TEST_CASE("codegen: 3.6 padded: BasicAA bounds a padding index only where computeKnownBits reaches R's terms",
          "[codegen]") {
  // seed-2405 line 218 (32-bit): the padding of the 2048-byte interval is
  // `(R >> 6) & 0x1ffffe0`, R's terms out of computeKnownBits' reach from the
  // `and`: its range is the mask's, so R + 536 and the later store of its own
  // at (R | 8192) may overlap; the stores' chain splits between R and R + 4,
  // which stay apart, while their loads join
  const char* reg = "DistributedLinearLayout(reg_bases=[[2, 0], [128, 0], [4, 0], [0, 8], [1, 0], [0, 16]], "
                    "lane_bases=[[0, 4], [0, 1], [16, 0], [64, 0], [32, 0]], warp_bases=[[0, 2], [8, 0]], "
                    "block_bases=[], shape=[256, 32])";
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[512, 8], [4096, 4]], offset_bases=[[1, 0], [2, 0], "
                    "[4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], "
                    "block_bases=[], shape=[256, 32])";
  CHECK(via_shared_counts(reg, pad, {256, 32}, 32, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b32", 62}, {"ld.shared.v2.b32", 1}, {"st.shared.b32", 64}});
  // seed-2036 line 639 (8-bit, sm_100): R's bits leave the padding a bare
  // `lshr R, 3`, R one level below the index and in reach: bounded, and the
  // stores of R and R + 1 join as their loads do
  const char* reg2 = "DistributedLinearLayout(reg_bases=[[0, 64], [1, 0], [4, 0], [0, 4], [8, 0], [0, 16]], "
                     "lane_bases=[[0, 32], [0, 2], [0, 8], [2, 0], [0, 1]], warp_bases=[], block_bases=[], "
                     "shape=[16, 128])";
  const char* pad2 = "PaddedSharedLayout(interval_padding_pairs=[[16, 2]], offset_bases=[[1, 0], [2, 0], [4, 0], "
                     "[8, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], block_bases=[], "
                     "shape=[16, 128])";
  CHECK(via_shared_counts(reg2, pad2, {16, 128}, 8, ls::TritonVersion::v3_6, 100) ==
        Counts{{"ld.shared.b8", 62}, {"ld.shared.v2.b8", 1}, {"st.shared.b8", 62}, {"st.shared.v2.b8", 1}});
}

TEST_CASE("codegen: InstCombine's bit reversal puts R's single-bit terms under their mask", "[codegen]") {
  // seed-2403 line 3999 (3.6, 32-bit): two single-bit terms move thread-index
  // bits q to address bit P - q; InstCombine makes their `or`
  // `zext(bitreverse(trunc(tid) & mask))`, whose mask lies deeper than the
  // terms did: register 0 proves 4 bytes, not 8, and every access stays `b32`
  const char* reg = "DistributedLinearLayout(reg_bases=[[64, 0], [32, 0], [0, 4], [0, 8], [0, 1]], lane_bases=[[8, 0], "
                    "[4, 0], [0, 16], [0, 2], [2, 0]], warp_bases=[[16, 0], [1, 0]], block_bases=[], "
                    "shape=[128, 32])";
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[128, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], "
                    "[0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], "
                    "shape=[128, 32])";
  CHECK(via_shared_counts(reg, pad, {128, 32}, 32, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b32", 32}, {"st.shared.b32", 32}});
  // seed-2500 line 1113 (3.9, 8-bit, XOR-ed R): the same idiom in R's tree
  const char* reg2 = "DistributedLinearLayout(reg_bases=[[1, 0], [0, 1], [0, 16], [0, 64], [8, 0], [16, 0]], "
                     "lane_bases=[[0, 2], [2, 0], [0, 4], [0, 8], [4, 0]], warp_bases=[[0, 32]], block_bases=[], "
                     "shape=[32, 128])";
  const char* lin2 = "SharedLinearLayout(offset_bases=[[0, 16], [0, 4], [0, 36], [0, 80], [8, 0], [1, 0], [16, 4], "
                     "[1, 8], [0, 1], [2, 0], [0, 2], [4, 0]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg2, lin2, {32, 128}, 8, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.b8", 48}, {"ld.shared.v2.b8", 8}, {"st.shared.b8", 48}, {"st.shared.v2.b8", 8}});
}

TEST_CASE("codegen: Reassociate revisits an OR tree whose user became an add", "[codegen]") {
  // gapped 3.6 line 284 (16-bit): R's root becomes an `add` (its operand
  // `(tid & m) << k` is kept), and its left `or` tree, met before as part of
  // the root's, is a tree of its own: chained, deeper than the balanced
  // tree, and the eight pairs the balanced tree proved 4-byte aligned stay
  // `b16`
  const char* reg = "SliceLayout(dim=0, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 2, 2], "
                    "instr_shape=[1, 16, 8], cga_layout=[]))";
  const char* lin = "SharedLinearLayout(offset_bases=[[0, 1], [16, 0], [0, 2], [0, 4], [0, 8], [0, 17], [0, 49], "
                    "[0, 64], [0, 136], [1, 0], [2, 49], [4, 17], [8, 0], [32, 0]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg, lin, {64, 256}, 16, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b16", 128}, {"st.shared.b16", 128}});
}

TEST_CASE("codegen: SLP's reduction of R is in reach only where R is shallow enough", "[codegen]") {
  // seed-2090 3.6 line 342 (32-bit): SLP makes R `reduce.or(<4 x i32>) | s1
  // | s2`, two rounds; for the accesses below each R ^ c's first one the
  // vector's `and` is six levels down: they stay 4-byte aligned and scalar
  const char* reg = "DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[3, 0], "
                    "warps_per_cta=[4, 1], instr_shape=[16, 32, 8], cga_layout=[]), k_width=1)";
  const char* lin = "SharedLinearLayout(offset_bases=[[8, 0], [0, 16], [4, 0], [32, 0], [8, 4], [0, 1], [2, 0], "
                    "[24, 4], [0, 32], [0, 2], [1, 0], [0, 8]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg, lin, {64, 64}, 32, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b32", 16}, {"ld.shared.v4.b32", 4}, {"st.shared.b32", 16}, {"st.shared.v4.b32", 4}});
  // codegen-3.6 line 438: both rules; the revisited tree keeps the first
  // access of R ^ c 4-byte aligned in the first pass, and SLP's second pass
  // lifts it alone
  const char* reg2 = "DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[3, 0], "
                     "warps_per_cta=[4, 1], instr_shape=[16, 16, 8], cga_layout=[]), k_width=1)";
  const char* lin2 = "SharedLinearLayout(offset_bases=[[8, 0], [4, 0], [0, 32], [0, 4], [8, 8], [1, 0], [16, 0], "
                     "[1, 16], [0, 1], [2, 0], [0, 2], [0, 64]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg2, lin2, {32, 128}, 32, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b32", 30}, {"ld.shared.v2.b32", 17}, {"st.shared.b32", 30}, {"st.shared.v2.b32", 17}});
}

TEST_CASE("codegen: a misaligned word's loads stay apart where SLP joins them", "[codegen]") {
  // seed-2406 3.6 line 2159 (16-bit, sm_90): register pairs the global
  // store packs lie at consecutive addresses 2 mod 4; SLP makes each pair
  // one `load <2 x half>` (then `load i32, align 2`), which NVPTX loads as
  // two `ld.shared.b16` and the LoadStoreVectorizer joins with no other: no
  // load of the tile joins (the halves alone would make sixteen v4.b32)
  const char* reg = "SliceLayout(dim=1, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 1, 1], "
                    "instr_shape=[1, 16, 8], cga_layout=[]))";
  const char* lin = "SharedLinearLayout(offset_bases=[[2, 0], [2, 1], [0, 16], [0, 4], [8, 0], [0, 2], [1, 0], "
                    "[0, 8], [4, 0]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg, lin, {16, 32}, 16, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b16", 128}, {"st.shared.v4.b32", 16}});
  // ptxas joins none of those loads (the split pieces land in 32-bit
  // registers): the cubin has 128 LDS.U16, the H200 counted 128 load
  // wavefronts (bench/RESULTS.md, session 32)
  const auto r = cg::via_shared(at(reg, {16, 32}), at(lin, {16, 32}), 16, {ls::TritonVersion::v3_6, 90});
  CHECK(r.shared_load_wavefronts == 128);
  CHECK((!r.instrs[2].ptxas || r.instrs[2].ptxas->per_thread == 128));
  // seed-2400 3.6 line 956 (8-bit): a word whose lowest byte is only 2-byte
  // aligned (`load <4 x i8>, align 2`) is loaded as two `ld.shared.b16`
  const char* reg3 = "DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[3, 0], "
                     "warps_per_cta=[4, 1], instr_shape=[16, 32, 32], cga_layout=[]), k_width=4)";
  const char* lin3 = "SharedLinearLayout(offset_bases=[[0, 1], [0, 3], [0, 4], [0, 8], [0, 16], [0, 35], [0, 80], "
                     "[1, 8], [2, 16], [4, 16], [8, 0], [16, 0]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg3, lin3, {32, 128}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b16", 16}, {"ld.shared.b32", 8}, {"st.shared.b32", 8}, {"st.shared.v2.b8", 16}});
  // held-out seed 2501 3.9 line 1890 (sm_80): SLP leaves such a pair, and
  // the LoadStoreVectorizer joins its halves with their neighbours
  const char* reg2 = "NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 1], instr_shape=[16, 8], cga_layout=[])";
  const char* lin2 = "SharedLinearLayout(offset_bases=[[0, 8], [0, 9], [8, 8], [16, 0], [4, 0], [0, 2], [10, 8], "
                     "[1, 0], [0, 4]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg2, lin2, {32, 16}, 16, ls::TritonVersion::v3_9, 80) ==
        Counts{{"ld.shared.v4.b16", 4}, {"st.shared.b16", 8}, {"st.shared.v2.b32", 2}});
}

TEST_CASE("codegen: O3 combines a word's 16-bit loads through one XOR-ed value only; NVPTX keeps words", "[codegen]") {
  // seed-2500 3.9 line 515 (sm_90): the global store packs register pairs;
  // at R the pairs whose constants have no bit of R are one `load i32` each
  // (a `v4.b32` with its gap filled), but at R ^ c the eight halves have
  // eight constants c (16 ^ 0 .. 16 ^ 14): O3 sees no two as neighbours, the
  // code generator splits them to one base (R ^ 16) + 0 .. 14 and the
  // LoadStoreVectorizer joins all eight, which NVPTX loads as a `v4.b32`
  const char* reg = "SliceLayout(dim=2, parent=BlockedLayout(size_per_thread=[1, 2, 1], threads_per_warp=[4, 1, 8], "
                    "warps_per_cta=[4, 1, 2], order=[0, 1, 2], cga_layout=[]))";
  const char* lin = "SharedLinearLayout(offset_bases=[[0, 1], [0, 3], [0, 5], [0, 9], [0, 16], [0, 35], [1, 9], [2, 0], "
                    "[4, 0], [8, 0], [16, 0]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg, lin, {32, 64}, 16, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.b32", 8}, {"ld.shared.v2.b16", 16}, {"ld.shared.v4.b32", 12}, {"st.shared.v4.b32", 16}});
  // seed-2500 3.9 line 1598: the same at a larger tile
  const char* reg2 = "SliceLayout(dim=2, parent=BlockedLayout(size_per_thread=[1, 2, 2], threads_per_warp=[4, 1, 8], "
                     "warps_per_cta=[1, 1, 4], order=[1, 2, 0], cga_layout=[]))";
  const char* lin2 = "SharedLinearLayout(offset_bases=[[0, 1], [0, 3], [0, 4], [0, 9], [1, 9], [2, 0], [6, 0], [8, 3], "
                     "[16, 0], [32, 0], [96, 0], [134, 0]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg2, lin2, {256, 16}, 16, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.b32", 32}, {"ld.shared.v2.b16", 64}, {"ld.shared.v4.b32", 112}, {"st.shared.v4.b32", 128}});
  // seed-2500 3.9 line 14: a pair of R ^ 2048 and R ^ 2050, registers 2k,
  // 2k + 1 in order, is joined by the LoadStoreVectorizer and still loaded
  // as the word the global store packs (a `b32`); out of order, a `v2.b16`
  const char* reg3 = "NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 2], instr_shape=[16, 8, 16], "
                     "cga_layout=[])";
  const char* lin3 = "SharedLinearLayout(offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 24], [0, 36], [0, 64], "
                     "[1, 4], [2, 0], [4, 0], [8, 1], [24, 1], [32, 0], [64, 0]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg3, lin3, {128, 128}, 16, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.b32", 16}, {"ld.shared.v2.b16", 16}, {"st.shared.b32", 32}});
  // seed-2500 3.9 line 671: halves at 0 and 6 of one base, the gap filled
  // by the LoadStoreVectorizer, are a `v2.b32` (a word with an unused half
  // is not split into 16-bit registers); the other fours stay `v4.b16`
  const char* reg4 = "DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[2, 0], "
                     "warps_per_cta=[1, 4], instr_shape=[16, 8], cga_layout=[]), k_width=8)";
  const char* lin4 = "SharedLinearLayout(offset_bases=[[8, 0], [8, 1], [8, 3], [8, 4], [10, 3], [16, 0], [0, 8], "
                     "[32, 0], [9, 4], [36, 0]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg4, lin4, {64, 16}, 16, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.b16", 4}, {"ld.shared.v2.b32", 2}, {"ld.shared.v4.b16", 14}, {"st.shared.b16", 64}});
  // seed-2301 3.9 line 681 (padded): three halves grown to four, the last
  // unused (`used_bytes_mask 0x3f` in the PTX), are a `v2.b32` too
  const char* reg5 = "SliceLayout(dim=1, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 8, 1], "
                     "instr_shape=[1, 16, 8], cga_layout=[]))";
  const char* pad5 = "PaddedSharedLayout(interval_padding_pairs=[[64, 16], [2048, 1]], offset_bases=[[1, 0], [2, 0], "
                     "[4, 0], [8, 0], [16, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128]], "
                     "block_bases=[], shape=[32, 256])";
  CHECK(via_shared_counts(reg5, pad5, {32, 256}, 16, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.b16", 24}, {"ld.shared.v2.b16", 24}, {"ld.shared.v2.b32", 8}, {"ld.shared.v4.b16", 24},
               {"ld.shared.v4.b32", 232}, {"st.shared.b16", 32}, {"st.shared.b32", 32}, {"st.shared.v2.b32", 24},
               {"st.shared.v4.b32", 232}});
}

TEST_CASE("codegen: two joined byte pairs are a word, not a 16-bit value", "[codegen]") {
  // seed-2110 3.6 line 89 (8-bit, sm_90): Triton's `st.shared.v2.b8` pairs
  // (the halves of an ld.global.b16) join two by two; each 4-byte access is
  // a `b32`, also where its two pairs are registers 2k and 2k + 1
  const char* reg = "NVMMADistributedLayout(version=[3, 0], warps_per_cta=[8, 1], instr_shape=[16, 128, 32], "
                    "cga_layout=[])";
  const char* lin = "SharedLinearLayout(offset_bases=[[0, 32], [0, 1], [1, 0], [1, 2], [8, 0], [5, 2], [0, 128], "
                    "[0, 9], [0, 4], [16, 0], [1, 18], [2, 0], [0, 64], [32, 0]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg, lin, {64, 256}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b32", 32}, {"st.shared.b32", 32}});
}

TEST_CASE("codegen: eight stored bytes of four in-order 16-bit loads are a v4.b16", "[codegen]") {
  // gapped 3.6 line 66 (8-bit, 1 warp): Triton stores single bytes; the
  // rows whose eight bytes are registers 2k, 2k + 1 of ld.global.b16 values
  // in order store those values (`st.shared.v4.b16`), the others pack words
  const char* reg = "DistributedLinearLayout(reg_bases=[[0, 1], [1, 0], [2, 0], [0, 2], [0, 4], [0, 8]], "
                    "lane_bases=[[0, 16], [4, 0], [8, 0], [0, 32], [0, 64]], warp_bases=[], block_bases=[], "
                    "shape=[16, 128])";
  const char* lin = "SharedLinearLayout(offset_bases=[[0, 1], [0, 2], [0, 6], [0, 8], [0, 16], [0, 32], [0, 64], "
                    "[1, 0], [2, 1], [4, 8], [8, 0]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg, lin, {16, 128}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.v2.b32", 4}, {"ld.shared.v4.b16", 4}, {"st.shared.v2.b32", 4}, {"st.shared.v4.b16", 4}});
}

TEST_CASE("codegen: two of Triton's v2.b16 byte accesses joined are a v4.b16", "[codegen]") {
  // held-out seed 2502 3.9 line 10 (8-bit, swizzled vec 4): Triton stores
  // each 4-byte vector as two ld.global.b16 values (`st.shared.v2.b16`);
  // the LoadStoreVectorizer's pairs of them are <4 x i16>, not two words
  const char* reg = "DistributedLinearLayout(reg_bases=[[0, 1], [1, 0], [0, 2], [0, 4], [64, 0]], lane_bases=[[2, 0], "
                    "[4, 0], [8, 0], [0, 8], [0, 16]], warp_bases=[[16, 0], [32, 0]], block_bases=[], shape=[128, 32])";
  const char* sw = "SwizzledSharedLayout(vec=4, per_phase=1, max_phase=16, order=[1, 0], cga_layout=[])";
  CHECK(via_shared_counts(reg, sw, {128, 32}, 8, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.v4.b16", 4}, {"st.shared.v4.b16", 4}});
}

TEST_CASE("codegen: eight combined 16-bit loads joined are a v4.b32", "[codegen]") {
  // held-out seed 2410 line 1009 (8-bit, both versions): byte pairs the
  // global store packs are one `load i16` each; eight of them joined move as
  // four packed words (PTX has no v8.b16)
  const char* reg = "BlockedLayout(size_per_thread=[2, 2], threads_per_warp=[32, 1], warps_per_cta=[1, 1], order=[1, 0], "
                    "cga_layout=[])";
  const char* lin = "SharedLinearLayout(offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 20], [0, 33], [1, 33], [2, 0], "
                    "[4, 0], [8, 0], [16, 0]], block_bases=[], alignment=16)";
  for (auto v : {ls::TritonVersion::v3_6, ls::TritonVersion::v3_9})
    CHECK(via_shared_counts(reg, lin, {32, 64}, 8, v, 90) == Counts{{"ld.shared.v4.b32", 8}, {"st.shared.v4.b32", 8}});
}

TEST_CASE("codegen: four bytes of one word out of register order are one load", "[codegen]") {
  // seed-2400 3.6 line 726 (8-bit, sm_90): each packed word's four bytes
  // lie at consecutive addresses in another order; SLP loads them as one
  // `<4 x i8>` (a `b32` where the lowest is 4-byte aligned, else four
  // `ld.shared.b8`), never two `v2.b8`
  const char* reg = "SliceLayout(dim=1, parent=BlockedLayout(size_per_thread=[1, 1, 8], threads_per_warp=[2, 2, 8], "
                    "warps_per_cta=[4, 1, 2], order=[2, 0, 1], cga_layout=[]))";
  const char* lin = "SharedLinearLayout(offset_bases=[[0, 1], [0, 3], [0, 5], [0, 8], [1, 5], [3, 5], [4, 8], [8, 1], "
                    "[24, 1], [32, 8], [67, 5]], block_bases=[], alignment=16)";
  const Counts c = via_shared_counts(reg, lin, {128, 16}, 8, ls::TritonVersion::v3_6, 90);
  CHECK(c.at("ld.shared.b32") == 16);
  CHECK(c.at("ld.shared.b8") == 64);
  CHECK(c.count("ld.shared.v2.b8") == 0);
}

TEST_CASE("codegen: DSE removes a store that a later one of the same address overwrites within its walk", "[codegen]") {
  // seed-2110 3.6 line 748 (32-bit): Triton 3.6's wrong addresses put twelve
  // pairs of stores at one value R + off; DSE walks at most 89 stores up from
  // the later one: four pairs 84 apart go, then four 92 apart (88 once the
  // first four are gone), four 115 and 123 apart stay. The loads of one
  // address are one load (100)
  const char* reg = "DotOperandLayout(operand_index=1, parent=NVMMADistributedLayout(version=[2, 0], "
                    "warps_per_cta=[4, 1], instr_shape=[16, 8], cga_layout=[]), k_width=2)";
  const char* lin = "SharedLinearLayout(offset_bases=[[0, 1], [0, 2], [0, 6], [0, 8], [0, 18], [0, 50], [0, 66], "
                    "[0, 136], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg, lin, {16, 256}, 32, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b32", 100}, {"st.shared.b32", 120}});
  // golden 3.6 line 431: four pairs 98 apart, all kept
  const char* reg2 = "SliceLayout(dim=1, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 2, 1], "
                     "instr_shape=[1, 16, 8], cga_layout=[]))";
  const char* lin2 = "SharedLinearLayout(offset_bases=[[8, 0], [12, 0], [13, 0], [8, 2], [0, 4], [15, 0], [0, 1], "
                     "[0, 12], [16, 0]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg2, lin2, {32, 16}, 32, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b32", 112}, {"st.shared.b32", 128}});
}

TEST_CASE("codegen: SelectionDAG's combiner deletes a store a later one covers where its chain walk reaches it",
          "[codegen]") {
  // each answer is the wheel's llc (3.6) on the same stores
  using S = std::vector<cg::BlockStore>;
  auto gone = [](const S& s) {
    const std::vector<int32_t> k = cg::dag_stores(s);
    std::vector<int> g;
    for (size_t i = 0; i < k.size(); ++i)
      if (k[i] < 0) g.push_back(static_cast<int>(i));
    return g;
  };
  CHECK(gone({{1, 0, 4}, {1, 4, 4}, {1, 0, 4}, {1, 8, 4}}) == std::vector<int>{0});
  // GatherAllAliases takes 18 steps up: 18 stores between, not 19
  for (int between : {18, 19}) {
    S s{{1, 0, 4}};
    for (int k = 1; k <= between; ++k) s.push_back({1, 8 * k, 4});
    s.push_back({1, 0, 4});
    CHECK(gone(s) == (between == 18 ? std::vector<int>{0} : std::vector<int>{}));
  }
  // another base in between aliases: both stay
  CHECK(gone({{1, 0, 4}, {2, 0, 4}, {1, 0, 4}}).empty());
  // seed-2406 3.6 line 3073's second base alone: of six pairs 14 apart the
  // first four go, the last two stay
  const S b = {{1, 0, 4},    {1, 4096, 4}, {1, 96, 4},   {1, 4192, 4}, {1, 128, 4},  {1, 4224, 4}, {1, 224, 4},
               {1, 4320, 4}, {1, 256, 4},  {1, 4352, 4}, {1, 352, 4},  {1, 4448, 4}, {1, 384, 4},  {1, 4480, 4},
               {1, 480, 4},  {1, 4576, 4}, {1, 32, 4},   {1, 4128, 4}, {1, 128, 4},  {1, 4224, 4}, {1, 160, 4},
               {1, 4256, 4}, {1, 256, 4},  {1, 4352, 4}, {1, 288, 4},  {1, 4384, 4}, {1, 384, 4},  {1, 4480, 4}};
  CHECK(gone(b) == std::vector<int>{4, 5, 8, 9});
  // the whole kernel (32-bit): DSE leaves 58 stores, the combiner deletes 4
  const char* reg = "SliceLayout(dim=0, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 1, 1], "
                    "instr_shape=[1, 16, 8], cga_layout=[]))";
  const char* lin = "SharedLinearLayout(offset_bases=[[0, 1], [0, 2], [0, 4], [0, 9], [0, 25], [0, 32], [0, 64], "
                    "[1, 0], [3, 0], [4, 1], [8, 0]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg, lin, {16, 128}, 32, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b32", 52}, {"st.shared.b32", 54}});
}

TEST_CASE("codegen: SelectionDAG's combiner joins bytes of loaded vectors the LoadStoreVectorizer left apart",
          "[codegen]") {
  // each answer is the wheel's llc (3.6, LoadStoreVectorizer off) on the
  // same stores: single bytes of ld.global.b16 values at smem + (tid << 4)
  // + offset, in program order, LLVM's alignment as InferAlignment gives it
  using S = std::vector<cg::BlockStore>;
  auto bytes = [](std::initializer_list<std::pair<int, int>> offset_align, int32_t base = 0) {
    S s;
    for (auto [o, a] : offset_align) s.push_back({base, o, 1, a, 1});
    return s;
  };
  // four in a row from a 4-aligned one: one 32-bit store, in either order
  CHECK(cg::dag_stores(bytes({{0, 4}, {1, 1}, {2, 2}, {3, 1}})) == std::vector<int32_t>{0, 0, 0, 0});
  CHECK(cg::dag_stores(bytes({{3, 1}, {2, 2}, {1, 1}, {0, 4}})) == std::vector<int32_t>{3, 3, 3, 3});
  // a run from a 2-aligned byte: none up to the 4-aligned one, then four
  CHECK(cg::dag_stores(bytes({{2, 2}, {3, 1}, {4, 4}, {5, 1}})) == std::vector<int32_t>{0, 1, 2, 3});
  CHECK(cg::dag_stores(bytes({{2, 2}, {3, 1}, {4, 4}, {5, 1}, {6, 2}, {7, 1}, {8, 8}, {9, 1}})) ==
        std::vector<int32_t>{0, 1, 2, 2, 2, 2, 6, 7});
  // another base (R ^ 16) in between keeps nothing apart: three words
  S mixed = bytes({{0, 16}, {1, 1}, {2, 2}, {3, 1}});
  for (const cg::BlockStore& b : bytes({{4, 4}, {5, 1}, {6, 2}, {7, 1}}, 1)) mixed.push_back(b);
  for (const cg::BlockStore& b : bytes({{4, 4}, {5, 1}, {6, 2}, {7, 1}})) mixed.push_back(b);
  CHECK(cg::dag_stores(mixed) == std::vector<int32_t>{0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8});
  // values that are no `extract` (elem 0) stay apart
  S whole = bytes({{0, 4}, {1, 1}, {2, 2}, {3, 1}});
  for (cg::BlockStore& b : whole) b.elem = 0;
  CHECK(cg::dag_stores(whole) == std::vector<int32_t>{0, 1, 2, 3});
  // a kernel: golden seed-2110 3.9 line 301 (bytes of ld.global.b32 words):
  // the LoadStoreVectorizer makes six v2.b32, the combiner four b32 of
  // the single bytes it left
  const char* reg = "DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], "
                    "instr_shape=[16, 128, 32], cga_layout=[]), k_width=4)";
  const char* lin = "SharedLinearLayout(offset_bases=[[0, 2], [8, 0], [0, 18], [2, 0], [0, 146], [0, 8], [1, 146], "
                    "[0, 82], [16, 0], [0, 147], [0, 32], [4, 0], [0, 4]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg, lin, {32, 256}, 8, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.b8", 32}, {"ld.shared.v2.b32", 12}, {"st.shared.b32", 4}, {"st.shared.b8", 64},
               {"st.shared.v2.b32", 6}});
}

TEST_CASE("codegen: an XOR constant that sets every bit of R and is no low-bit mask makes a base -R of its own",
          "[codegen]") {
  // golden seed-2400 3.6 line 2931: R = select(tid & 1, 0, 3); InstCombine
  // leaves `xor R, 7` and makes `sub 19, R` (and the like) of the others, so
  // the loads at (R ^ 7) + 64 and 67 - R, one address, stay two: 921 loads of
  // 906 addresses, as the wheel's PTX
  const char* reg = "SliceLayout(dim=2, parent=BlockedLayout(size_per_thread=[1, 2, 1], threads_per_warp=[1, 2, 16], "
                    "warps_per_cta=[1, 1, 4], order=[1, 2, 0], cga_layout=[]))";
  const char* lin = "SharedLinearLayout(offset_bases=[[0, 1], [0, 3], [0, 7], [0, 15], [1, 0], [2, 0], [4, 3], [8, 1], "
                    "[16, 0], [40, 1], [66, 0]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg, lin, {128, 16}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b8", 921}, {"st.shared.b8", 1024}});
}

TEST_CASE("codegen: in 3.9 an XOR constant that sets every bit of R makes a base -R where a constant is added",
          "[codegen]") {
  // golden seed-2028 3.9 line 191: R = (tid & 1) * 8; InstCombine makes
  // (R ^ c) + d the base -R plus c + d, and leaves R ^ c itself (d = 0), which
  // the code generator then splits into (R ^ 8) + (c - 8): the two byte
  // pairs whose first byte is such an R ^ c stay apart (four `b8`, not two
  // `b16`), as the wheel's PTX
  const char* reg = "SliceLayout(dim=1, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 1, 1], "
                    "instr_shape=[1, 16, 8], cga_layout=[]))";
  const char* lin = "SharedLinearLayout(offset_bases=[[0, 1], [0, 2], [0, 4], [0, 10], [0, 16], [0, 34], [0, 68], "
                    "[1, 0], [2, 0], [4, 1], [8, 0]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg, lin, {16, 128}, 8, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.b16", 126}, {"ld.shared.b8", 4}, {"ld.shared.v2.b8", 128}, {"st.shared.b16", 126},
               {"st.shared.b8", 4}, {"st.shared.v2.b8", 128}});
}

TEST_CASE("codegen: BasicAA bounds no range of the base -R, so its stores keep others apart", "[codegen]") {
  // golden seed-2450 3.9 sm_80 line 925: R = select(..., 0, 12) | (tid & 64) >> 5;
  // the stores at c - R (a constant added to R ^ c, c setting R's bits) go
  // through the code generator's `sub 0, R`, which BasicAA cannot bound: every
  // pair of R's bytes has one between its halves, and no store joins (the
  // loads all do), as the wheel's PTX
  const char* reg = "SliceLayout(dim=0, parent=BlockedLayout(size_per_thread=[1, 1, 1], threads_per_warp=[16, 2, 1], "
                    "warps_per_cta=[2, 1, 2], order=[1, 0, 2], cga_layout=[]))";
  const char* lin = "SharedLinearLayout(offset_bases=[[0, 8], [0, 1], [4, 8], [5, 8], [8, 1], [0, 16], [0, 2], [16, 0], "
                    "[0, 5], [2, 0], [37, 8]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg, lin, {64, 32}, 8, ls::TritonVersion::v3_9, 80) ==
        Counts{{"ld.shared.v2.b8", 256}, {"st.shared.b8", 512}});
  // fresh seed 2443 line 1542 (sm_90): the stores of -R keep four byte pairs
  // from the words the others join (30 `b32` and 4 `v2.b8`, not 32 `b32`)
  const char* reg2 = "SliceLayout(dim=0, parent=BlockedLayout(size_per_thread=[2, 8, 2], threads_per_warp=[16, 2, 1], "
                     "warps_per_cta=[1, 4, 1], order=[1, 2, 0], cga_layout=[]))";
  const char* lin2 = "SharedLinearLayout(offset_bases=[[1, 0], [2, 0], [6, 0], [14, 0], [14, 1], [2, 2], [0, 4], [0, 8]], "
                     "block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg2, lin2, {16, 16}, 8, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.b32", 32}, {"st.shared.b32", 30}, {"st.shared.v2.b8", 4}});
}

TEST_CASE("codegen: in 3.6 an R + c whose bits InstCombine cannot prove clear stays an add, and R is not split",
          "[codegen]") {
  // golden seed-2405 3.6 line 88: after the first InstCombine R is a chain
  // with `(tid & 8) << 6` five deep, which proves bit 6 of R clear to no one,
  // so `add R, 64` stays (a second use of R) and R's GEP is not split: R's
  // tree stays shallow and register 0's byte pair is 2-byte aligned (one
  // `v2.b8` each way), as the wheel's PTX
  const char* reg = "DistributedLinearLayout(reg_bases=[[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], lane_bases=[[0, 2], "
                    "[16, 0], [0, 4], [32, 0], [0, 8]], warp_bases=[[64, 0], [128, 0]], block_bases=[], shape=[256, 16])";
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[512, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
                    "[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], block_bases=[], "
                    "shape=[256, 16])";
  CHECK(via_shared_counts(reg, pad, {256, 16}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b8", 30}, {"ld.shared.v2.b8", 1}, {"st.shared.b8", 30}, {"st.shared.v2.b8", 1}});
}

TEST_CASE("codegen: in 3.6 a padding IPSCCP cannot fold leaves its access a base of its own", "[codegen]") {
  // golden seed-2460 3.6 line 1921: R's bytes reach 4096, IPSCCP's range of
  // R is [0, 8191], so the padding of R + 8192 (interval 8192 bytes) folds
  // early and its accesses share register 0's base (8-byte aligned, as its
  // own), while R + 8320 and the others folded later get a `gep (smem, R)`
  // of their own, one level too deep to prove R's low bits: 7 pairs of
  // words stay apart, as the wheel's PTX
  const char* reg = "DistributedLinearLayout(reg_bases=[[2, 0], [128, 0], [0, 1], [16, 0], [1, 0]], lane_bases=[[64, 0], "
                    "[32, 0], [4, 0], [0, 2], [0, 4]], warp_bases=[[0, 8], [8, 0]], block_bases=[], shape=[256, 16])";
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[2048, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], "
                    "[0, 8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], block_bases=[], "
                    "shape=[256, 16])";
  CHECK(via_shared_counts(reg, pad, {256, 16}, 32, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b32", 14}, {"ld.shared.v2.b32", 9}, {"st.shared.b32", 14}, {"st.shared.v2.b32", 9}});
  // golden seed-2450 3.6 line 144: IPSCCP's `or`s of R's terms give [0, 1535]
  // (LLVM's ConstantRange::binaryOr bounds it below the 2047 of its known
  // bits), so of the constants past the 2048-byte interval those at most 512
  // past it fold early
  const char* reg2 = "DistributedLinearLayout(reg_bases=[[0, 16], [8, 0], [0, 1], [32, 0], [2, 0], [1, 0]], lane_bases=[[16, "
                     "0], [0, 4], [0, 8], [0, 2], [4, 0]], warp_bases=[], block_bases=[], shape=[64, 32])";
  const char* pad2 = "PaddedSharedLayout(interval_padding_pairs=[[1024, 4], [2048, 1]], offset_bases=[[0, 1], [0, 2], "
                     "[0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], "
                     "shape=[64, 32])";
  CHECK(via_shared_counts(reg2, pad2, {64, 32}, 16, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b16", 14}, {"ld.shared.v2.b16", 25}, {"st.shared.b16", 14}, {"st.shared.v2.b16", 25}});
  // golden seed-7902 3.6 line 6597: IPSCCP's range of R is [0, 511] (bytes;
  // two of its terms a bit reversal), but the first InstCombine's known bits
  // of R, two levels below each padding's `lshr`, leave 440 at most: the
  // padding of R + 1088 (interval 512) folds there, every access on
  // register 0's base, 8 word pairs joined (the model had 3 pairs apart)
  CHECK(via_shared_counts(
            "DistributedLinearLayout(reg_bases=[[0, 1], [0, 16], [1, 0], [0, 8]], lane_bases=[[0, 4], [0, 2], [8, 0], "
            "[2, 0], [4, 0]], warp_bases=[], block_bases=[], shape=[16, 32])",
            "PaddedSharedLayout(interval_padding_pairs=[[128, 8], [256, 8]], offset_bases=[[1, 0], [2, 0], [4, 0], "
            "[8, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], block_bases=[], shape=[16, 32])",
            {16, 32}, 32, ls::TritonVersion::v3_6, 90) == Counts{{"ld.shared.v2.b32", 8}, {"st.shared.v2.b32", 8}});
  // line 6745: R's five terms are a tree too deep for those known bits
  // (bits 496, range 511), so R + 2056's padding folds late as the range
  // says: the words at +528 and +532 stay apart
  CHECK(via_shared_counts(
            "DistributedLinearLayout(reg_bases=[[0, 2], [32, 0], [0, 1], [16, 0], [8, 0], [0, 0], [64, 0], [128, 0]], "
            "lane_bases=[[1, 0], [4, 0], [2, 0], [0, 8], [0, 4]], warp_bases=[], block_bases=[], shape=[256, 16])",
            "PaddedSharedLayout(interval_padding_pairs=[[128, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
            "[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], block_bases=[], shape=[256, 16])",
            {256, 16}, 32, ls::TritonVersion::v3_6, 80) ==
        Counts{{"ld.shared.b32", 32}, {"ld.shared.v2.b32", 16}, {"ld.shared.v4.b32", 16}, {"st.shared.b32", 32},
               {"st.shared.v2.b32", 16}, {"st.shared.v4.b32", 16}});
}

TEST_CASE("codegen: padded, an offset covering R's bits outside its mask drops R's mask: a base of its own",
          "[codegen]") {
  // golden seed-2470 3.6 line 318: R = (tid << 1) & 62 reaches no interval;
  // the last register's offsets 1984 and 1985 set every other bit tid << 1
  // may have, so InstCombine's demanded bits make those addresses `(tid <<
  // 1) | 1985` (plus the padding, 4): each a base of its own, that byte pair
  // apart, while BasicAA's range of them, past all of R's chain, lets every
  // other pair of stores join: 31 `v2.b8` and 2 `b8` each way, as the
  // wheel's PTX
  const char* reg = "DistributedLinearLayout(reg_bases=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 1]], lane_bases=[[0, "
                    "2], [0, 4], [0, 8], [0, 16], [0, 32]], warp_bases=[], block_bases=[], shape=[32, 64])";
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[1024, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
                    "8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, 64])";
  CHECK(via_shared_counts(reg, pad, {32, 64}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b8", 2}, {"ld.shared.v2.b8", 31}, {"st.shared.b8", 2}, {"st.shared.v2.b8", 31}});
}

TEST_CASE("codegen: in 3.6 an offset covering the padding's bits outside its mask drops the padding's mask",
          "[codegen]") {
  // golden seed-2470 3.6 line 1703: R = (tid & 28) << 7, its padding (tid &
  // 28) >> 1; the offset 497 sets every other bit tid >> 1 may have, so that
  // byte's address is `((tid & 28) << 7 | (tid >> 1)) | 497`, a base of its
  // own, and its pair stays apart: 255 `v2.b8` and 2 `b8` each way, as the
  // wheel's PTX (499, which shares a bit with the padding, stays R's)
  const char* reg = "SliceLayout(dim=2, parent=BlockedLayout(size_per_thread=[2, 1, 4], threads_per_warp=[8, 1, 4], "
                    "warps_per_cta=[1, 1, 2], order=[2, 0, 1], cga_layout=[]))";
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[512, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
                    "[0, 16], [0, 32], [0, 64], [0, 128], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], "
                    "shape=[16, 256])";
  CHECK(via_shared_counts(reg, pad, {16, 256}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b8", 2}, {"ld.shared.v2.b8", 255}, {"st.shared.b8", 2}, {"st.shared.v2.b8", 255}});
}

TEST_CASE("codegen: in 3.6 a bare padding and one term's padding of the same shift are one GEP", "[codegen]") {
  // golden seed-2460 3.6 line 2227: the padding of interval 128 is `R' >> 5`
  // and that of interval 2048, from one term, `(tid & 64) >> 5`; InstCombine
  // makes them one `lshr (R' | (tid & 64)), 5`, so R sits one GEP higher and
  // its accesses at a register offset keep R's 2-byte alignment: four byte
  // pairs of the loads join, as the wheel's PTX (the stores stay apart)
  const char* reg = "BlockedLayout(size_per_thread=[8, 2], threads_per_warp=[4, 8], warps_per_cta=[4, 2], order=[0, 1], "
                    "cga_layout=[])";
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[128, 4], [2048, 2]], offset_bases=[[0, 1], [0, 2], "
                    "[0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], "
                    "block_bases=[], shape=[128, 32])";
  CHECK(via_shared_counts(reg, pad, {128, 32}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b8", 8}, {"ld.shared.v2.b8", 4}, {"st.shared.b8", 16}});
}

TEST_CASE("codegen: the LoadStoreVectorizer looks for an access's chain among the 64 used last", "[codegen]") {
  // fresh seed 2420 3.6 line 3950 (docs/codegen.md, session 36): R's 128
  // bytes are loads 1, 5, 129, 133, ... in program order, the accesses of
  // their own between them 31 chains each time and more: every fourth byte
  // finds R's chain gone from the 64 (gatherChains' MaxChainsToTry) and
  // starts one, so bytes join in pairs (64 `v2.b8`), not in 16-byte pieces
  const char* reg = "SliceLayout(dim=1, parent=BlockedLayout(size_per_thread=[4, 2, 2], threads_per_warp=[2, 16, 1], "
                    "warps_per_cta=[2, 2, 1], order=[0, 2, 1], cga_layout=[]))";
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[128, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], "
                    "[0, 8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], "
                    "block_bases=[], shape=[256, 64])";
  CHECK(via_shared_counts(reg, pad, {256, 64}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b8", 3968}, {"ld.shared.v2.b8", 64}, {"st.shared.b8", 4096}});
}

TEST_CASE("codegen: two bare paddings shifted right alike with bits apart are one GEP", "[codegen]") {
  // golden seed-2405 3.6 line 648: the 64-element interval's padding is
  // (R >> 2) of R's terms there, the 2048's that of R's one term there, also
  // shifted right by 2, their bits apart: InstCombine makes the two `lshr`s
  // one, R's register-0 access is one GEP shallower and proves 4 bytes: its
  // four bytes are one `b32`, as the wheel's PTX
  const char* reg = "DistributedLinearLayout(reg_bases=[[1, 0], [0, 1], [0, 2], [2, 0], [0, 16], [4, 0]], "
                    "lane_bases=[[0, 8], [8, 0], [32, 0], [16, 0], [64, 0]], warp_bases=[[0, 4]], block_bases=[], "
                    "shape=[128, 32])";
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[64, 16], [2048, 4]], offset_bases=[[0, 1], [0, 2], "
                    "[0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], "
                    "block_bases=[], shape=[128, 32])";
  CHECK(via_shared_counts(reg, pad, {128, 32}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b32", 1}, {"ld.shared.b8", 60}, {"st.shared.b32", 1}, {"st.shared.b8", 60}});
  // golden seed-2408 3.6 line 1839: both paddings shifted right by 4 with
  // bits apart, but each keeps its `and` mask (`and (lshr R, 4), 248`, `and
  // (lshr tid, 4), 4`): two GEPs, and register 0's pair stays apart
  const char* reg2 = "BlockedLayout(size_per_thread=[2, 2], threads_per_warp=[16, 2], warps_per_cta=[4, 1], "
                     "order=[0, 1], cga_layout=[])";
  const char* pad2 = "PaddedSharedLayout(interval_padding_pairs=[[64, 4], [1024, 2]], offset_bases=[[0, 1], [0, 2], "
                     "[0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], "
                     "shape=[128, 16])";
  CHECK(via_shared_counts(reg2, pad2, {128, 16}, 16, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b16", 16}, {"st.shared.b16", 16}});
}

TEST_CASE("codegen: four stored bytes that are two ld.global.b16 values in order are a v2.b16", "[codegen]") {
  // fresh seed 2420 line 977 (both versions): the LoadStoreVectorizer joins
  // single bytes four by four; where they are two loaded 16-bit values in
  // order NVPTX stores those registers (`st.shared.v2.b16`), where their
  // bytes are swapped it packs a word (`prmt`, `st.shared.b32`)
  const char* reg = "NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 2], instr_shape=[16, 8], cga_layout=[])";
  const char* lin = "SharedLinearLayout(offset_bases=[[0, 1], [0, 16], [4, 0], [0, 129], [2, 0], [0, 64], [0, 32], "
                    "[0, 2], [8, 0], [1, 0], [1, 4], [0, 8]], block_bases=[], alignment=16)";
  for (const auto v : {ls::TritonVersion::v3_6, ls::TritonVersion::v3_9})
    CHECK(via_shared_counts(reg, lin, {16, 256}, 8, v, 90) ==
          Counts{{"ld.shared.b32", 8}, {"ld.shared.v2.b16", 8}, {"st.shared.b32", 8}, {"st.shared.v2.b16", 8}});
}

TEST_CASE("codegen: index terms InstCombine joins leave R's term of one use", "[codegen]") {
  // seed-2405 3.6 line 3624: the rows' select of `tid & 16` (alone in its
  // coordinate, shifted by the stride) and the columns' of `tid & 1` have one
  // shift in the offset and become one `and (shl tid, 2), 68`; R's term of
  // `tid & 16` is then `and (lshr tid, 2), 4`, whose mask computeKnownBits
  // reads at depth 5: register 0's load is 4-byte aligned and joins its
  // neighbour (the stores stay apart: other bases' stores come between)
  const char* reg = "SliceLayout(dim=2, parent=BlockedLayout(size_per_thread=[2, 4, 2], threads_per_warp=[2, 2, 8], "
                    "warps_per_cta=[1, 4, 1], order=[1, 2, 0], cga_layout=[]))";
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[16, 4], [128, 2]], offset_bases=[[1, 0], [2, 0], "
                    "[4, 0], [8, 0], [16, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], block_bases=[], shape=[32, 32])";
  CHECK(via_shared_counts(reg, pad, {32, 32}, 16, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b16", 62}, {"ld.shared.v2.b16", 1}, {"st.shared.b16", 64}});
}

TEST_CASE("codegen: a padding's walk does not fold through a node an earlier padding reads", "[codegen]") {
  // seed-2406 3.6 line 2487: the 64-element padding reads R's node
  // `((tid & 1) << 9 | (tid & 2) << 3) | (tid & 8) << 5`, so when the
  // 256-element padding's walk passes it, reassociateForUses cannot move
  // `(tid << 1) & 104` into it (its inner node has two uses); R stays
  // `(node) | ((tid << 1) & 104)`, two terms at depth 6: register 0's access
  // is 2-byte aligned like the others, no `v4.b16`
  const char* reg = "DistributedLinearLayout(reg_bases=[[4, 0], [0, 1], [64, 0], [0, 2], [32, 0]], lane_bases=[[16, "
                    "0], [0, 8], [0, 4], [8, 0], [1, 0]], warp_bases=[[2, 0]], block_bases=[], shape=[128, 16])";
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[64, 8], [256, 16]], offset_bases=[[0, 1], [0, 2], "
                    "[0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], "
                    "shape=[128, 16])";
  CHECK(via_shared_counts(reg, pad, {128, 16}, 16, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b16", 32}, {"st.shared.b16", 32}});
}

TEST_CASE("codegen: a padding that undoes its term's shift reads `tid & m`, and R keeps Triton's order", "[codegen]") {
  // fresh seed 2426 3.6 line 3390: R's one term reaching the 1024-element
  // interval is `(tid & 7) << 11` (bytes) and the padding shifts right by
  // 11: InstSimplify takes `lshr (shl nuw x, 11), 11` for x at once, so the
  // term keeps one use and the first InstCombine leaves R's `or`s in
  // Triton's order; R's GEPs, `(tid & 7) << 11` innermost, keep every term
  // within computeKnownBits' reach for the accesses a register offset away:
  // all 128 pairs are `v2.b16` (the model had 16, taking the term as used
  // twice and moved to the top)
  const char* reg = "SliceLayout(dim=0, parent=BlockedLayout(size_per_thread=[2, 4, 2], threads_per_warp=[1, 16, 2], "
                    "warps_per_cta=[1, 2, 2], order=[1, 2, 0], cga_layout=[]))";
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[1024, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
                    "[0, 16], [0, 32], [0, 64], [0, 128], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], "
                    "shape=[32, 256])";
  CHECK(via_shared_counts(reg, pad, {32, 256}, 16, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.v2.b16", 128}, {"st.shared.v2.b16", 128}});
}

TEST_CASE("codegen: R that is the index code's offset is one value with it, and InstCombine does not split it",
          "[codegen]") {
  // seed-2405 3.6 line 870: 8-bit elements, and the padded layout's offsets
  // are the tensor's row-major ones, so after the first InstCombine R,
  // `((tid >> 2) & 6 | (tid >> 3) & 24) | (tid << 7) & 896`, is the global
  // load's offset of register 0 (EarlyCSE makes them one value); with that
  // second use its `or`s stay one tree: register 0's access is 2-byte
  // aligned and joins its neighbour, the accesses a register offset away
  // (the tree one level deeper) stay single bytes
  const char* reg = "BlockedLayout(size_per_thread=[4, 2], threads_per_warp=[8, 4], warps_per_cta=[2, 4], "
                    "order=[0, 1], cga_layout=[])";
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[256, 8], [512, 4]], offset_bases=[[0, 1], [0, 2], "
                    "[0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], "
                    "shape=[32, 32])";
  CHECK(via_shared_counts(reg, pad, {32, 32}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b8", 6}, {"ld.shared.v2.b8", 1}, {"st.shared.b8", 6}, {"st.shared.v2.b8", 1}});
}

TEST_CASE("codegen: 3.6 padding of R | c is R's padding node plus a constant where InstSimplify finds R & M", "[codegen]") {
  // golden seed-2406 3.6 line 841: 8-bit elements, R = ((tid << 7) & 896 |
  // (tid << 5) & 1024) | (tid >> 2) & 6 is the index code's offset, so after
  // GVN its terms are `and`s of one use; the 16-element interval's padding of
  // R | 16, `(R | 16) & 1936`, distributes to the row node plus 16: the row
  // registers' accesses are R's chain at +32, and every byte pair is `v2.b8`
  // (the model had each such access on its own: 28 + 2 pairs)
  const char* reg = "BlockedLayout(size_per_thread=[8, 2], threads_per_warp=[8, 4], warps_per_cta=[4, 1], "
                    "order=[0, 1], cga_layout=[])";
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[16, 16], [4096, 8]], offset_bases=[[0, 1], [0, 2], "
                    "[0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], "
                    "shape=[128, 16])";
  CHECK(via_shared_counts(reg, pad, {128, 16}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.v2.b8", 16}, {"st.shared.v2.b8", 16}});
  // seed-2403 3.6 line 2802: the index code's row coordinate, (tid & 96) >> 1
  // | tid & 14, keeps its bare `tid & 14`, so it stays one `or` shifted by
  // the stride as a whole: R (terms shifted one by one) is not the index
  // code's offset, its `tid & m` keep their second uses, and the padding of
  // R | 64 stays an access of its own
  const char* reg2 = "SliceLayout(dim=0, parent=BlockedLayout(size_per_thread=[8, 2, 2], threads_per_warp=[2, 8, 2], "
                     "warps_per_cta=[1, 4, 2], order=[0, 1, 2], cga_layout=[]))";
  const char* pad2 = "PaddedSharedLayout(interval_padding_pairs=[[16, 16], [4096, 8]], offset_bases=[[0, 1], [0, 2], "
                     "[0, 4], [0, 8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], "
                     "block_bases=[], shape=[128, 64])";
  CHECK(via_shared_counts(reg2, pad2, {128, 64}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b8", 60}, {"ld.shared.v2.b8", 2}, {"st.shared.b8", 64}});
}

TEST_CASE("codegen: SLP reduces R's chain that GVN made one value with the index code's", "[codegen]") {
  // golden seed-2403 3.6 line 451: 8-bit elements; the columns' four terms
  // (the last coordinate, stride 0) are R's chain `((tid >> 3) & 16 | tid &
  // 4) | (tid >> 2) & 8) | (tid << 1) & 2`, and the index code's own chain
  // of them ends in the same order after reassociateForUses and Reassociate;
  // GVN makes the two one value, SLP reduces it (`llvm.vector.reduce.or`)
  // and R's bits are known again: every byte pair is `v2.b8` (the model had
  // them all scalar)
  const char* reg = "DistributedLinearLayout(reg_bases=[[1, 0], [0, 1], [2, 0], [4, 0]], lane_bases=[[0, 2], [8, 0], "
                    "[0, 4], [16, 0], [32, 0]], warp_bases=[[0, 8], [64, 0], [0, 16]], block_bases=[], "
                    "shape=[128, 32])";
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[256, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], "
                    "[0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], "
                    "shape=[128, 32])";
  CHECK(via_shared_counts(reg, pad, {128, 32}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.v2.b8", 8}, {"st.shared.v2.b8", 8}});
}

TEST_CASE("codegen: 3.6 padded accesses of their own go through R's register where R is one term reaching one interval",
          "[codegen]") {
  // case 12 of the session-31 H200 run (bench/RESULTS.md): R = (tid & 28)
  // * 8 elements reaches the 32-element interval only; the PTX addresses all
  // 226 accesses as [smem + (tid & 28) * 34 + c], so ptxas knows every load
  // from the stores' promises and pairs them: 64 load wavefronts counted
  // (97 predicted while each access of its own had a register of its own)
  const char* reg = "SliceLayout(dim=2, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 1, 1], "
                    "instr_shape=[1, 16, 8], cga_layout=[]))";
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[32, 2], [512, 2]], offset_bases=[[1, 0], [2, 0], "
                    "[4, 0], [8, 0], [16, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], block_bases=[], shape=[32, 32])";
  const auto r = cg::via_shared(at(reg, {32, 32}), at(pad, {32, 32}), 32, {ls::TritonVersion::v3_6, 90});
  CHECK(r.ptx_per_thread.at("ld.shared.b32") == 96);
  CHECK(r.ptx_per_thread.at("ld.shared.v2.b32") == 16);
  CHECK(r.shared_store_wavefronts == 128);
  CHECK(r.shared_load_wavefronts == 64);
}

TEST_CASE("codegen: 3.6 padded bytes of their own folded into R's register join in the DAG combiner", "[codegen]") {
  // seed-2408 3.6 line 1914: R = (tid & 3) << 8 reaches the 16-element
  // interval only, so the code generator folds each `R | c`'s own padding
  // into R's and a constant; those stores are R's base plus a constant in
  // the SelectionDAG too, and its combiner joins seven runs of four bytes
  // (stores of loaded vectors' bytes) into `st.shared.b32`, as it does R's
  const char* reg = "SliceLayout(dim=1, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 1, 1], "
                    "instr_shape=[1, 16, 8], cga_layout=[]))";
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[16, 8]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], "
                    "[16, 0], [32, 0], [64, 0], [0, 1], [0, 2], [0, 4], [0, 8]], block_bases=[], shape=[128, 16])";
  CHECK(via_shared_counts(reg, pad, {128, 16}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b8", 496},
               {"ld.shared.v4.b32", 1},
               {"st.shared.b32", 7},
               {"st.shared.b8", 482},
               {"st.shared.v2.b8", 1}});
}

TEST_CASE("codegen: 3.6 padded bytes of their own that share a register join in the DAG combiner", "[codegen]") {
  // golden seed-2080 3.6 line 192: the accesses at 2048 and above reach the
  // 1024-byte interval R reaches too, so each is a base of its own in the
  // IR, `(R | c) + padding`; those agreeing above the interval are one
  // register plus a constant in the SelectionDAG, whose combiner joins
  // their runs of four bytes into `st.shared.b32` as it does R's (the
  // loads stay single bytes: the LoadStoreVectorizer left them apart)
  const char* reg = "DistributedLinearLayout(reg_bases=[[0, 1], [1, 0], [0, 2], [2, 0], [0, 8], [64, 0]], "
                    "lane_bases=[[0, 4], [4, 0], [8, 0], [16, 0], [32, 0]], warp_bases=[[128, 0]], block_bases=[], "
                    "shape=[256, 16])";
  const char* pad = "PaddedSharedLayout(interval_padding_pairs=[[1024, 8], [4096, 1]], offset_bases=[[1, 0], [2, 0], "
                    "[4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0], [0, 1], [0, 2], [0, 4], [0, 8]], "
                    "block_bases=[], shape=[256, 16])";
  CHECK(via_shared_counts(reg, pad, {256, 16}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b32", 8}, {"ld.shared.b8", 32}, {"st.shared.b32", 16}});
}

TEST_CASE("codegen: an R ^ c keeping bits outside R proves base plus d only three levels down", "[codegen]") {
  // golden seed-2460 3.6 line 94: the accesses of R ^ 5 (R's low two bits
  // zero) are `gep (gep (smem, R ^ 5), d)`; the base is 1-aligned, so the
  // second InferAlignment carries nothing to R ^ 5 plus 1, and
  // computeKnownBits, with R three levels down, reaches none of its four
  // deep terms: `align 1`, no `v2.b8` of the pair at 2 and 3
  const char* reg = "DistributedLinearLayout(reg_bases=[[1, 0], [0, 1], [0, 2], [2, 0], [0, 4], [4, 0]], "
                    "lane_bases=[[8, 0], [16, 0], [0, 8], [0, 16], [32, 0]], warp_bases=[[0, 32], [0, 64]], "
                    "block_bases=[], shape=[64, 128])";
  const char* lin = "SharedLinearLayout(offset_bases=[[1, 0], [3, 0], [5, 0], [13, 0], [16, 0], [32, 0], [0, 1], "
                    "[0, 2], [16, 4], [16, 12], [0, 16], [0, 32], [0, 64]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg, lin, {64, 128}, 8, ls::TritonVersion::v3_6, 90) ==
        Counts{{"ld.shared.b32", 8}, {"ld.shared.b8", 32}, {"st.shared.b32", 8}, {"st.shared.b8", 32}});
}

TEST_CASE("codegen: R's terms as Triton's matrixVectorProd makes them", "[codegen]") {
  // golden 3.6 line 662 (bytes): column 0 images 132 (bits 2, 7), column 2
  // 66; column 2 is alone on both of its diagonals and becomes a select,
  // the other columns share diagonals: (x & 3) << 2, (x & 40) << 5,
  // (x & 17) << 7, all among the XORs (rows 4 and 9 are no column's)
  const std::vector<int64_t> cols = {132, 8, 66, 256, 2048, 1024};
  const std::vector<cg::MvpTerm> t = cg::mvp_terms(cols, 12);
  REQUIRE(t.size() == 4);
  CHECK(t[0] == cg::MvpTerm{17, 7, 2176});
  CHECK(!t[0].ors);
  CHECK(t[1] == cg::MvpTerm{40, 5, 1280});
  CHECK(t[2] == cg::MvpTerm{3, 2, 12});
  CHECK(t[3] == cg::MvpTerm{4, cg::MvpTerm::kSelect, 66});
  CHECK(t[3].ors);
  // seed 2400 line 886: every column ends up alone (found again until none
  // is): six selects; bit 5 is set by columns 1 and 2, so those are XORs
  const std::vector<cg::MvpTerm> u = cg::mvp_terms({528, 32, 1056, 64, 2048, 128}, 12);
  REQUIRE(u.size() == 6);
  for (size_t c = 0; c < u.size(); ++c) {
    CHECK(u[c].shift == cg::MvpTerm::kSelect);
    CHECK(u[c].ors == (c != 1 && c != 2));
  }
}

TEST_CASE("codegen: XOR-ed bases prove what O3's shape of R lets computeKnownBits reach", "[codegen]") {
  // seed 2400 line 886 (8-bit, 16x256, vec-8 swizzle): the terms the index
  // code computes too ((x << 3) & 64, (x << 2) & 128) move to the top of R, R
  // becomes a chain of five ORs, and the first access of R ^ 16 has R's
  // deepest leaves six levels down: its pairs stay 8-byte, R's join into
  // 16 (the wheel's PTX: 4 v2 and 2 v4 each way, not 4 v4)
  const char* reg = "DistributedLinearLayout(reg_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [0, 16]], lane_bases="
                    "[[2, 0], [0, 32], [4, 0], [0, 64], [8, 0]], warp_bases=[[0, 128]], block_bases=[], shape=[16, 256])";
  const char* swz = "SwizzledSharedLayout(vec=8, per_phase=1, max_phase=8, order=[1, 0], cga_layout=[])";
  const Counts want{{"ld.shared.v2.b32", 4}, {"ld.shared.v4.b32", 2}, {"st.shared.v2.b32", 4}, {"st.shared.v4.b32", 2}};
  CHECK(via_shared_counts(reg, swz, {16, 256}, 8, ls::TritonVersion::v3_6, 90) == want);
  // seed 2401 line 2036 (sm_80): the index code joins its terms 16 and 2 in
  // one `or`, and R's tree has the same node, one value after EarlyCSE: it
  // stays a pair under R, R ^ c stays 2-byte aligned and all pairs join (a
  // chain would have left half of them apart)
  const char* reg2 = "DistributedLinearLayout(reg_bases=[[0, 32], [4, 0], [2, 0], [8, 0], [0, 1], [1, 0]], lane_bases="
                     "[[0, 16], [16, 0], [0, 2], [0, 8], [0, 4]], warp_bases=[], block_bases=[], shape=[32, 64])";
  const char* swz2 = "SwizzledSharedLayout(vec=1, per_phase=4, max_phase=16, order=[1, 0], cga_layout=[])";
  CHECK(via_shared_counts(reg2, swz2, {32, 64}, 8, ls::TritonVersion::v3_6, 80) ==
        Counts{{"ld.shared.v2.b8", 32}, {"st.shared.v2.b8", 32}});
  // seed 2110 line 1137: four `and (x >> s), m` leaves, which SLP makes one
  // vector reduction before the second InferAlignment: R shallow again, its
  // bits known, 16 pairs join (without SLP the tree would keep 12 apart)
  const char* reg3 = "DistributedLinearLayout(reg_bases=[[0, 1], [0, 2], [1, 0], [0, 32], [0, 0], [4, 0], [16, 0]], "
                     "lane_bases=[[0, 4], [0, 8], [0, 16], [2, 0], [8, 0]], warp_bases=[[32, 0]], block_bases=[], "
                     "shape=[64, 64])";
  const char* lin3 = "SharedLinearLayout(offset_bases=[[1, 0], [2, 0], [5, 0], [8, 0], [24, 0], [32, 0], [8, 1], "
                     "[0, 2], [0, 4], [8, 9], [5, 16], [0, 32]], block_bases=[], alignment=16)";
  const Counts c3 = via_shared_counts(reg3, lin3, {64, 64}, 8, ls::TritonVersion::v3_6, 90);
  CHECK(c3.at("st.shared.b8") == 32);
  CHECK(c3.at("st.shared.v2.b8") == 16);
  // Triton 3.9 builds R the same way (golden 3.9 and 3.6 line 1237, 16-bit,
  // the same PTX from both wheels): register 0 proves 16 bytes, the first
  // access of R ^ 320 has R's leaves six levels down, so its 32 accesses
  // stay `b16` (the rule for 3.6 alone joined them into 8 v4.b32)
  const char* reg4 = "DistributedLinearLayout(reg_bases=[[1, 0], [0, 4], [0, 8], [0, 16], [16, 0], [64, 0]], lane_bases="
                     "[[0, 1], [0, 2], [2, 0], [0, 32], [4, 0]], warp_bases=[[8, 0], [32, 0], [128, 0]], block_bases=[], "
                     "shape=[256, 64])";
  const char* lin4 = "SharedLinearLayout(offset_bases=[[0, 16], [0, 24], [16, 0], [32, 0], [0, 1], [2, 0], [0, 32], "
                     "[66, 0], [1, 0], [4, 32], [8, 0], [160, 0], [0, 4], [0, 2]], block_bases=[], alignment=16)";
  const Counts want4{{"ld.shared.b16", 32}, {"ld.shared.v4.b32", 4}, {"st.shared.b16", 32}, {"st.shared.v4.b32", 4}};
  for (const ls::TritonVersion v : {ls::TritonVersion::v3_6, ls::TritonVersion::v3_9})
    CHECK(via_shared_counts(reg4, lin4, {256, 64}, 16, v, 90) == want4);
  // seed 2500 3.9 line 1121 (16-bit): Reassociate makes R's `xor` tree a
  // chain by rank, `sel ^ (tid & 72)` at the bottom (an `or` after
  // InstCombine): register 0 proves 4 bytes and 8 pairs join (kept as
  // Triton's tree, R proved nothing and every access stayed `b16`)
  const char* reg5 = "NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 2], instr_shape=[16, 8], cga_layout=[])";
  const char* lin5 = "SharedLinearLayout(offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 17], [1, 17], [2, 4], [4, 2], "
                     "[8, 0], [17, 17], [32, 0], [64, 0], [128, 8]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg5, lin5, {256, 32}, 16, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.b16", 48}, {"ld.shared.b32", 8}, {"st.shared.b16", 48}, {"st.shared.b32", 8}});
}

TEST_CASE("codegen: 3.9's SLP reduces R's four operands of unlike forms, and LLVM then knows none of R's bits",
          "[codegen]") {
  // golden seed-2500 3.9 line 1443 (8-bit, sm_90): R is `sel | (tid & 32)
  // << 5 | (tid << 4) & 384 | (tid << 2) & 12`; SLP makes it one
  // `llvm.vector.reduce.or` with the select and the shift as identity lanes
  // (`and x, -1`, `shl x, 0`), whose known bits prove nothing, so
  // SeparateConstOffsetFromGEP keeps `R ^ 3` and `R ^ 2` whole: two bases,
  // their bytes scalar (the model had moved bit 0 out and joined them)
  const char* dot = "DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[2, 0], "
                    "warps_per_cta=[8, 1], instr_shape=[16, 8], cga_layout=[]), k_width=4)";
  const char* sl = "SharedLinearLayout(offset_bases=[[0, 1], [0, 3], [0, 4], [0, 8], [0, 16], [0, 32], [1, 3], "
                   "[2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(dot, sl, {32, 64}, 8, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.b8", 16}, {"ld.shared.v2.b8", 8}, {"st.shared.b8", 16}, {"st.shared.v2.b8", 8}});
  // golden 3.9 line 1528 (32-bit): `R ^ 12` and `R ^ 8`, one word apart where R's bit 2 is known
  const char* reg = "DistributedLinearLayout(reg_bases=[[0, 1], [0, 2], [1, 0], [0, 16], [16, 0], [0, 0]], "
                    "lane_bases=[[2, 0], [4, 0], [0, 4], [0, 8], [8, 0]], warp_bases=[[0, 32]], block_bases=[], "
                    "shape=[32, 64])";
  const char* sl2 = "SharedLinearLayout(offset_bases=[[0, 1], [0, 3], [0, 4], [0, 11], [0, 16], [0, 32], [1, 16], "
                    "[2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg, sl2, {32, 64}, 32, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.b32", 16}, {"ld.shared.v2.b32", 8}, {"st.shared.b32", 16}, {"st.shared.v2.b32", 8}});
  // golden seed-2500 3.9 line 1913: BasicAA cannot keep the stores of the
  // `R ^ c` bases from R's own either, so R's stores at +16 and +24 (apart
  // in program order) stay two `v2.b32`; its loads join into `v4.b32`
  const char* dot1 = "DotOperandLayout(operand_index=1, parent=NVMMADistributedLayout(version=[2, 0], "
                     "warps_per_cta=[1, 1], instr_shape=[16, 8], cga_layout=[]), k_width=4)";
  const char* sl3 = "SharedLinearLayout(offset_bases=[[0, 16], [0, 32], [1, 32], [0, 2], [4, 0], [3, 32], [0, 1], "
                    "[3, 36], [0, 9], [8, 0]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(dot1, sl3, {16, 64}, 32, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.v2.b32", 12}, {"ld.shared.v4.b32", 2}, {"st.shared.v2.b32", 16}});
  // golden seed-2500 3.9 line 62 (16-bit): R's fourth operand is the tree of
  // its XOR list `sel ^ (tid & 4) << 4`, a lane of its own
  const char* reg2 = "DistributedLinearLayout(reg_bases=[[0, 1], [1, 0], [0, 2], [0, 4], [0, 8], [2, 0]], "
                     "lane_bases=[[0, 16], [4, 0], [0, 32], [8, 0], [0, 64]], warp_bases=[], block_bases=[], "
                     "shape=[16, 128])";
  const char* sl4 = "SharedLinearLayout(offset_bases=[[0, 1], [0, 3], [0, 7], [0, 11], [0, 19], [0, 32], [0, 64], "
                    "[1, 7], [2, 0], [4, 0], [8, 32]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg2, sl4, {16, 128}, 16, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.b16", 32}, {"ld.shared.b32", 8}, {"ld.shared.v2.b16", 8}, {"st.shared.b16", 32},
               {"st.shared.b32", 16}});
}

TEST_CASE("codegen: 3.9's SLP reduces four of R's five operands, the select left `or`-ed", "[codegen]") {
  // golden seed-2500 3.9 line 1831 (32-bit, sm_100): R is a select and
  // three `and (shl tid, k), m` terms beside `(tid & 3) << 3`; the four
  // are one `reduce.or` with the shift as a copyable lane, so R's bits are
  // lost and its `R ^ c` accesses stay scalar but for R's own pairs
  const char* dot = "DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[2, 0], "
                    "warps_per_cta=[4, 1], instr_shape=[16, 8], cga_layout=[]), k_width=1)";
  const char* sl = "SharedLinearLayout(offset_bases=[[64, 0], [0, 1], [0, 2], [192, 0], [0, 4], [32, 0], [4, 0], "
                   "[4, 8], [8, 0], [1, 0], [2, 0], [0, 36], [0, 18], [208, 0]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(dot, sl, {256, 64}, 32, ls::TritonVersion::v3_9, 100) ==
        Counts{{"ld.shared.b32", 112}, {"ld.shared.v2.b32", 8}, {"st.shared.b32", 128}});
}

TEST_CASE("codegen: 3.9's SLP reduces the first four lanes of R's lists by opcode", "[codegen]") {
  // golden seed-2500 3.9 line 1179 (32-bit): a select beside five `shl (tid
  // & m), k`; LLVM's shl-based copyable reduction puts the select first and
  // the shifts by amount after it, so the first four lanes are unlike and
  // R's bits are lost
  const char* reg = "DistributedLinearLayout(reg_bases=[[0, 32], [0, 0], [8, 0], [4, 0], [0, 16], [0, 1], [0, 2]], "
                    "lane_bases=[[0, 64], [1, 0], [0, 8], [0, 4], [0, 128]], warp_bases=[[2, 0]], block_bases=[], "
                    "shape=[16, 256])";
  const char* sl = "SharedLinearLayout(offset_bases=[[0, 1], [0, 3], [0, 7], [0, 8], [0, 16], [0, 32], [0, 64], "
                   "[0, 128], [1, 0], [2, 0], [5, 0], [8, 0]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg, sl, {16, 256}, 32, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.b32", 48}, {"ld.shared.v2.b32", 8}, {"st.shared.b32", 64}});
  // fresh seed 2441 line 1195 (16-bit): two selects, two `shl`s, one `and`:
  // the pairs are the first four lanes, half of them copyable
  const char* mma = "NVMMADistributedLayout(version=[2, 0], warps_per_cta=[4, 1], instr_shape=[16, 8], cga_layout=[])";
  const char* sl2 = "SharedLinearLayout(offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 18], [0, 33], [0, 64], "
                    "[1, 33], [2, 8], [4, 0], [8, 0], [16, 0]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(mma, sl2, {32, 128}, 16, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.b16", 56}, {"ld.shared.b32", 4}, {"st.shared.b16", 56}, {"st.shared.b32", 4}});
  // fresh seed 2443 line 1553 (16-bit): three `shl`s and three single
  // lanes (a select, `tid & 8`, the XOR tree): three `shl`s and a copyable
  const char* reg3 = "DistributedLinearLayout(reg_bases=[[0, 128], [0, 32], [0, 8], [0, 2], [2, 0], [0, 64], [1, 0]], "
                     "lane_bases=[[0, 4], [0, 1], [4, 0], [32, 0], [8, 0]], warp_bases=[[16, 0], [0, 16]], "
                     "block_bases=[], shape=[64, 256])";
  const char* sl3 = "SharedLinearLayout(offset_bases=[[1, 0], [3, 0], [4, 0], [8, 0], [20, 0], [35, 0], [0, 1], "
                    "[0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 132]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg3, sl3, {64, 256}, 16, ls::TritonVersion::v3_9, 90) ==
        Counts{{"ld.shared.b16", 96}, {"ld.shared.v2.b16", 16}, {"st.shared.b16", 128}});
  // fresh seed 2444 line 1915 (8-bit, sm_100): three `shl`s and an `and`
  // first: the shifts' operands are all `and`s, whose masks keep R's low
  // bits, so the `R ^ c` words still join
  const char* reg4 = "DistributedLinearLayout(reg_bases=[[0, 4], [4, 0], [64, 0], [1, 0], [2, 0]], "
                     "lane_bases=[[16, 0], [8, 0], [0, 8], [128, 0], [0, 1]], warp_bases=[[32, 0], [0, 2]], "
                     "block_bases=[], shape=[256, 16])";
  const char* sl4 = "SharedLinearLayout(offset_bases=[[2, 0], [4, 0], [68, 0], [1, 0], [0, 1], [2, 4], [0, 8], "
                    "[0, 2], [32, 0], [18, 4], [10, 4], [128, 0]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(reg4, sl4, {256, 16}, 8, ls::TritonVersion::v3_9, 100) ==
        Counts{{"ld.shared.b8", 16}, {"ld.shared.v2.b32", 2}, {"st.shared.b8", 16}, {"st.shared.v2.b32", 2}});
}

TEST_CASE("codegen: 3.9's SLP reduces nothing on sm_80", "[codegen]") {
  // golden seed-2500 3.9 line 1362 (16-bit, sm_80): R's four `and (shift
  // tid), m` terms and a select, the model's SLP proxy (four `and` leaves);
  // 3.9's SLP does nothing on sm_80 (no SLP log), so `R ^ 16` stays one
  // level too deep for InferAlignment and its 16-bit accesses stay apart
  const char* slice = "SliceLayout(dim=1, parent=BlockedLayout(size_per_thread=[1, 1, 8], threads_per_warp=[8, 1, 4], "
                      "warps_per_cta=[1, 2, 1], order=[2, 0, 1], cga_layout=[]))";
  const char* sl = "SharedLinearLayout(offset_bases=[[0, 1], [2, 0], [16, 0], [0, 33], [8, 0], [4, 0], [0, 49], "
                   "[0, 8], [32, 0], [0, 4], [0, 2], [1, 0]], block_bases=[], alignment=16)";
  CHECK(via_shared_counts(slice, sl, {64, 64}, 16, ls::TritonVersion::v3_9, 80) ==
        Counts{{"ld.shared.b16", 64}, {"ld.shared.b32", 32}, {"st.shared.b16", 64}, {"st.shared.b32", 32}});
}

namespace {

// Golden kernels one of LLVM's effects decides, with the shared-memory
// instructions of Triton's PTX.
struct GoldenCase {
  const char* why;
  const char* reg;
  const char* shared;
  ls::Shape shape;
  int32_t bits;
  ls::TritonVersion version;
  int32_t sm;
  Counts shared_ptx;
};

void check_golden(const std::vector<GoldenCase>& cases) {
  for (const GoldenCase& g : cases) {
    INFO(g.why);
    CHECK(via_shared_counts(g.reg, g.shared, g.shape, g.bits, g.version, g.sm) == g.shared_ptx);
  }
}

}  // namespace

TEST_CASE("codegen: InstCombine's bit reversals come before its folds", "[codegen]") {
  check_golden({
      {"seed-2405 3.6 line 1497: the index code's column (tid & 1 to 32, tid & 8 to 4) becomes one bitreverse, "
       "so R's `tid & 8` has no other use and stays at the bottom of R's tree: the padding proves no range and the "
       "stores of the accesses of their own cut R's chain (the loads still join four)",
       "DistributedLinearLayout(reg_bases=[[16, 0], [0, 16], [0, 1], [0, 8], [8, 0], [0, 2]], lane_bases=[[0, 32], "
       "[4, 0], [2, 0], [0, 4], [1, 0]], warp_bases=[], block_bases=[], shape=[32, 64])",
       "PaddedSharedLayout(interval_padding_pairs=[[32, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], "
       "[0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, 64])",
       {32, 64}, 16, ls::TritonVersion::v3_6, 90,
       {{"st.shared.b16", 64}, {"ld.shared.b16", 60}, {"ld.shared.v4.b16", 1}}},
      {"seed-2409 3.6 line 381: R's tid & 1 to 512 and tid & 2 to 256 become one bitreverse first, so "
       "reassociateForUses lifts `tid & 8` past it and the reversal's mask ends six levels below the address",
       "DistributedLinearLayout(reg_bases=[[0, 16], [1, 0], [0, 2], [0, 32], [0, 1], [0, 4], [16, 0]], "
       "lane_bases=[[4, 0], [2, 0], [8, 0], [0, 8], [0, 64]], warp_bases=[], block_bases=[], shape=[32, 128])",
       "PaddedSharedLayout(interval_padding_pairs=[[2048, 1]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], "
       "[0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, 128])",
       {32, 128}, 8, ls::TritonVersion::v3_6, 90,
       {{"st.shared.b8", 128}, {"ld.shared.b8", 128}}},
      {"seed-2470 3.6 line 2418: a subtree of a coordinate (rows 16 and 2 of lanes 0 and 3) reverses, lane 4's "
       "row 8 does not; those two lose their use",
       "DistributedLinearLayout(reg_bases=[[0, 8], [1, 0], [0, 1], [4, 0], [0, 4]], lane_bases=[[16, 0], [0, 2], [0, "
       "16], [2, 0], [8, 0]], warp_bases=[], block_bases=[], shape=[32, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 4], [2048, 16]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], "
       "[16, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], block_bases=[], shape=[32, 32])",
       {32, 32}, 8, ls::TritonVersion::v3_6, 90,
       {{"st.shared.b8", 30}, {"st.shared.v2.b8", 1}, {"ld.shared.b8", 30}, {"ld.shared.v2.b8", 1}}},
      {"seed-2403 3.6 line 804, sm_80: the reversed terms stay the index code's for EarlyCSE, which comes first: "
       "R's `or` of rows 4 and 2 is the index code's, and the bitreverse both then use keeps R's loads at 0 and 1 "
       "joined",
       "DistributedLinearLayout(reg_bases=[[0, 1], [1, 0], [0, 8]], lane_bases=[[4, 0], [2, 0], [8, 0], [0, 4], [0, "
       "2]], warp_bases=[], block_bases=[], shape=[16, 16])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 8], [2048, 4]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], "
       "[0, 1], [0, 2], [0, 4], [0, 8]], block_bases=[], shape=[16, 16])",
       {16, 16}, 8, ls::TritonVersion::v3_6, 80,
       {{"st.shared.b8", 8}, {"ld.shared.b8", 6}, {"ld.shared.v2.b8", 1}}},
  });
}

TEST_CASE("codegen: 3.9's SLP scores a copyable `and` bundle against an alternate `and`/`shl` one", "[codegen]") {
  check_golden({
      {"seed-2490 3.9 line 327 (its SLP trace): three `and` lanes and one `shl (tid & m), k`; the first `and` "
       "lane's `shl tid, 6` scores the `shl` lane as high as the alternate pairing does (35 each), so the bundle is "
       "copyable (`and S, -1`), R's bits are lost and only R's own base keeps 4 bytes",
       "DistributedLinearLayout(reg_bases=[[2, 0], [4, 0], [8, 0], [0, 1]], lane_bases=[[16, 0], [0, 8], [0, 2], "
       "[0, 4], [1, 0]], warp_bases=[], block_bases=[], shape=[32, 16])",
       "SharedLinearLayout(offset_bases=[[4, 0], [2, 0], [1, 0], [16, 0], [12, 0], [12, 4], [0, 8], [0, 1], [0, 2]], "
       "block_bases=[], alignment=16)",
       {32, 16}, 8, ls::TritonVersion::v3_9, 90,
       {{"st.shared.b32", 2}, {"st.shared.b8", 8}, {"ld.shared.b32", 4}, {"ld.shared.b8", 4}}},
      {"gapped 3.9 line 261: the first `and` lane is `tid & 18` (the thread id scores 0), so the alternate bundle "
       "wins and R keeps its bits",
       "BlockedLayout(size_per_thread=[1, 8], threads_per_warp=[32, 1], warps_per_cta=[2, 2], order=[1, 0], "
       "cga_layout=[])",
       "SharedLinearLayout(offset_bases=[[0, 1], [0, 3], [0, 4], [0, 8], [0, 16], [0, 32], [1, 0], [2, 3], [4, 32], "
       "[8, 0], [16, 16], [32, 0], [64, 0]], block_bases=[], alignment=16)",
       {128, 64}, 8, ls::TritonVersion::v3_9, 90,
       {{"st.shared.v2.b8", 32}, {"ld.shared.v2.b8", 32}}},
  });
}

TEST_CASE("codegen: 3.9's SLP merges four lanes' opcode groups only while they stay one bundle", "[codegen]") {
  check_golden({
      {"seed-2540 3.9 line 962: an `and` pair of a `shl` and the thread id, then a select: the select joins only "
       "as a copyable lane, a third kind in the pair's operand column, so the merge stops; R stays scalar, "
       "`R ^ 3` splits into `(R ^ 2) + 1` and every byte pair joins",
       "DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 2], "
       "instr_shape=[16, 16, 32], cga_layout=[]), k_width=4)",
       "SharedLinearLayout(offset_bases=[[0, 1], [0, 3], [0, 4], [0, 11], [0, 16], [0, 32], [0, 64], [0, 144], [1, "
       "0], [2, 0], [4, 16], [8, 11], [16, 144]], block_bases=[], alignment=16)",
       {32, 256}, 8, ls::TritonVersion::v3_9, 90,
       {{"st.shared.v2.b8", 64}, {"ld.shared.v2.b8", 64}}},
      {"seed-2520 3.9 line 289: the same `and` pair beside two `shl` lanes: two groups of two, no reduction",
       "DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[4, 4], "
       "instr_shape=[16, 8], cga_layout=[]), k_width=4)",
       "SharedLinearLayout(offset_bases=[[0, 1], [0, 3], [0, 4], [0, 11], [0, 16], [0, 32], [0, 68], [0, 128], [1, "
       "0], [2, 0], [4, 16], [8, 0], [16, 0], [32, 0]], block_bases=[], alignment=16)",
       {64, 256}, 8, ls::TritonVersion::v3_9, 90,
       {{"st.shared.v2.b8", 64}, {"ld.shared.v2.b8", 64}}},
      {"seed-2500 3.9 line 156: the `and` pair alternates with the XOR tree, then the select makes four kinds in "
       "the operand column: no list of four, R stays scalar and every load pair of `R ^ c` joins",
       "NVMMADistributedLayout(version=[2, 0], warps_per_cta=[4, 1], instr_shape=[16, 8], cga_layout=[])",
       "SharedLinearLayout(offset_bases=[[0, 8], [0, 9], [0, 11], [2, 0], [8, 0], [0, 4], [24, 0], [64, 8], [0, "
       "16], [1, 0], [32, 0], [4, 9]], block_bases=[], alignment=16)",
       {128, 32}, 8, ls::TritonVersion::v3_9, 90,
       {{"st.shared.b8", 32}, {"ld.shared.v2.b8", 16}}},
      {"seed-2500 3.9 line 871, sm_100: four single lanes (`xor`, `and`, `shl`, select) are reduced as one `and` "
       "bundle all the same; R's bits are lost",
       "DistributedLinearLayout(reg_bases=[[1, 0], [0, 2], [8, 0], [0, 8], [128, 0]], lane_bases=[[0, 1], [2, 0], "
       "[4, 0], [16, 0], [32, 0]], warp_bases=[[0, 4], [64, 0]], block_bases=[], shape=[256, 16])",
       "SharedLinearLayout(offset_bases=[[1, 0], [129, 0], [129, 8], [0, 2], [193, 8], [193, 12], [4, 0], [131, "
       "0], [32, 0], [8, 0], [0, 1], [16, 0]], block_bases=[], alignment=16)",
       {256, 16}, 8, ls::TritonVersion::v3_9, 100,
       {{"st.shared.b8", 24}, {"st.shared.v2.b8", 4}, {"ld.shared.b8", 24}, {"ld.shared.v2.b8", 4}}},
      {"seed-2500 3.9 line 1443 (its SLP trace, cost -2): an `and` pair of two `shl`s takes the `shl` lane "
       "(alternate opcodes), then the select as a copyable lane; R is reduced and its bits are lost",
       "DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[8, 1], "
       "instr_shape=[16, 8], cga_layout=[]), k_width=4)",
       "SharedLinearLayout(offset_bases=[[0, 1], [0, 3], [0, 4], [0, 8], [0, 16], [0, 32], [1, 3], [2, 0], [4, 0], "
       "[8, 0], [16, 0]], block_bases=[], alignment=16)",
       {32, 64}, 8, ls::TritonVersion::v3_9, 90,
       {{"st.shared.b8", 16}, {"st.shared.v2.b8", 8}, {"ld.shared.b8", 16}, {"ld.shared.v2.b8", 8}}},
  });
}

TEST_CASE("codegen: 3.6's padding of the upper bits of one term of R leaves the term's mask one use", "[codegen]") {
  check_golden({
      {"seed-2460 3.6 line 3: the 512-interval reads bit 512 of `(tid << 7) & 768` alone, straight from the "
       "thread id; the 16-interval's `and` folds to R's upper node plus 64, so R's four bytes at 0 are one "
       "base in the DAG and join",
       "DistributedLinearLayout(reg_bases=[[1, 0], [0, 1], [4, 0], [0, 2], [32, 0], [0, 16]], lane_bases=[[2, 0], "
       "[8, 0], [16, 0], [0, 4], [0, 8]], warp_bases=[], block_bases=[], shape=[64, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 16], [512, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], shape=[64, 32])",
       {64, 32}, 8, ls::TritonVersion::v3_6, 90,
       {{"st.shared.b32", 1}, {"st.shared.b8", 60}, {"ld.shared.b32", 1}, {"ld.shared.b8", 60}}},
      {"drawn with the 3.6 wheel (seed 5802, case 33980): the 512-interval reads bit 512 of `(tid << 5) & 960`; "
       "the 16-interval's padding splits and every access is R plus a constant",
       "DistributedLinearLayout(reg_bases=[[1, 0], [0, 1], [0, 2], [0, 4], [0, 8]], lane_bases=[[0, 16], [2, 0], "
       "[4, 0], [8, 0], [16, 0]], warp_bases=[], block_bases=[], shape=[32, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 16], [512, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, 32])",
       {32, 32}, 8, ls::TritonVersion::v3_6, 90,
       {{"st.shared.v2.b32", 4}, {"ld.shared.v2.b32", 4}}},
      {"seed 5802, case 25958 (a guard): the 128-interval reads all of `(tid << 5) & 896`, whose mask keeps that "
       "use; the 16-interval's `and` stays",
       "DistributedLinearLayout(reg_bases=[[0, 1], [1, 0], [0, 2], [0, 4], [0, 8]], lane_bases=[[0, 16], [0, 32], "
       "[2, 0], [4, 0], [8, 0]], warp_bases=[], block_bases=[], shape=[16, 64])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 16], [128, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, 64])",
       {16, 64}, 8, ls::TritonVersion::v3_6, 90,
       {{"st.shared.b16", 14}, {"st.shared.v2.b16", 1}, {"ld.shared.b16", 8}, {"ld.shared.v4.b16", 2}}},
  });
}

TEST_CASE("codegen: 3.9's R shares the index code's shifted bits, which stay out of the padding's subtree", "[codegen]") {
  check_golden({
      {"seed-2490 3.9 line 949: the column terms `(tid << 1) & 4` and `(tid >> 1) & 8` are the index code's, so "
       "InstCombine moves them out of the padding's subtree, each a GEP of its own: R's row terms six deep, no "
       "byte joins",
       "DistributedLinearLayout(reg_bases=[[0, 2], [0, 16], [2, 0], [0, 1], [0, 32]], lane_bases=[[8, 0], [0, 4], "
       "[1, 0], [4, 0], [0, 8]], warp_bases=[], block_bases=[], shape=[16, 64])",
       "PaddedSharedLayout(interval_padding_pairs=[[256, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, "
       "16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, 64])",
       {16, 64}, 8, ls::TritonVersion::v3_9, 90,
       {{"st.shared.b8", 32}, {"ld.shared.b8", 32}}},
      {"seed-2540 3.9 line 789: the same for a blocked layout of four warps",
       "BlockedLayout(size_per_thread=[8, 2], threads_per_warp=[8, 4], warps_per_cta=[2, 2], order=[0, 1], "
       "cga_layout=[])",
       "PaddedSharedLayout(interval_padding_pairs=[[32, 16], [64, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], block_bases=[], "
       "shape=[256, 32])",
       {256, 32}, 8, ls::TritonVersion::v3_9, 90,
       {{"st.shared.b8", 64}, {"ld.shared.b8", 64}}},
      {"seed-2540 3.9 line 214: R's column terms, a pair of them the index code's own first `or`, stay one GEP after "
       "the padding's subtree (in the wheel's IR SLP's reduction of them), which is four deep: byte pairs join",
       "DistributedLinearLayout(reg_bases=[[1, 0], [0, 16], [16, 0], [0, 0], [0, 64], [0, 1], [8, 0]], lane_bases=[[2, "
       "0], [4, 0], [0, 8], [0, 4], [0, 2]], warp_bases=[[0, 32], [32, 0]], block_bases=[], shape=[64, 128])",
       "PaddedSharedLayout(interval_padding_pairs=[[512, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], "
       "[0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], shape=[64, 128])",
       {64, 128}, 8, ls::TritonVersion::v3_9, 90,
       {{"st.shared.v2.b8", 32}, {"ld.shared.v2.b8", 32}}},
      {"drawn with the 3.9 wheel (seed 5811): the pair `(tid << 1) & 2 | (tid << 2) & 8` of the index code's column, "
       "a GEP of its own after `(tid >> 2) & 4`",
       "DistributedLinearLayout(reg_bases=[[0, 16], [8, 0], [0, 1], [2, 0], [1, 0]], lane_bases=[[0, 2], [0, 8], [32, "
       "0], [4, 0], [0, 4]], warp_bases=[[16, 0]], block_bases=[], shape=[64, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[32, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], "
       "[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], shape=[64, 32])",
       {64, 32}, 8, ls::TritonVersion::v3_9, 90,
       {{"st.shared.v2.b8", 16}, {"ld.shared.v2.b8", 16}}},
      {"seed-2200 3.9 line 57 (a guard): the reused `(tid >> 1) & 2` goes last; of the rest the `and` comes "
       "before the bit reversal (a cast), so the reversal's mask stays in reach and every byte pair joins",
       "DistributedLinearLayout(reg_bases=[[2, 0], [16, 0], [32, 0], [8, 0], [0, 8], [0, 1]], lane_bases=[[64, 0], "
       "[0, 4], [0, 2], [1, 0], [4, 0]], warp_bases=[], block_bases=[], shape=[128, 16])",
       "PaddedSharedLayout(interval_padding_pairs=[[64, 4], [4096, 1]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], shape=[128, 16])",
       {128, 16}, 8, ls::TritonVersion::v3_9, 90,
       {{"st.shared.v2.b8", 32}, {"ld.shared.v2.b8", 32}}},
  });
}

TEST_CASE("codegen: 3.9's reassociateForUses takes R's first `or` operand and moves nothing more", "[codegen]") {
  check_golden({
      {"seed-2036 3.9 line 639, sm_100: in `((a | b) | (c | D)) | e` the matcher takes `a | b`, neither of one use "
       "more, so the index code's `(tid >> 2) & 2` (D) stays five deep with its mask, and R's bit 0 is known: "
       "byte pairs join",
       "DistributedLinearLayout(reg_bases=[[0, 64], [1, 0], [4, 0], [0, 4], [8, 0], [0, 16]], lane_bases=[[0, 32], "
       "[0, 2], [0, 8], [2, 0], [0, 1]], warp_bases=[], block_bases=[], shape=[16, 128])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 2]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], [0, 1], "
       "[0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], block_bases=[], shape=[16, 128])",
       {16, 128}, 8, ls::TritonVersion::v3_9, 100,
       {{"st.shared.v2.b8", 32}, {"ld.shared.v2.b8", 32}}},
      {"drawn with the 3.9 wheel (seed 5901, case 26953): likewise for 16-bit R of two warps",
       "DistributedLinearLayout(reg_bases=[[16, 0], [1, 0], [2, 0], [32, 0], [8, 0]], lane_bases=[[64, 0], [0, 8], "
       "[0, 4], [4, 0], [0, 1]], warp_bases=[[0, 2]], block_bases=[], shape=[128, 16])",
       "PaddedSharedLayout(interval_padding_pairs=[[512, 2]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], "
       "[32, 0], [64, 0], [0, 1], [0, 2], [0, 4], [0, 8]], block_bases=[], shape=[128, 16])",
       {128, 16}, 16, ls::TritonVersion::v3_9, 90,
       {{"st.shared.v2.b16", 16}, {"ld.shared.v2.b16", 16}}},
      {"seed 5901, case 33445: likewise for 8-bit R whose bytes join in fours",
       "DistributedLinearLayout(reg_bases=[[0, 8], [16, 0], [1, 0], [2, 0], [0, 0]], lane_bases=[[0, 4], [0, 16], "
       "[4, 0], [0, 2], [8, 0]], warp_bases=[[0, 1]], block_bases=[], shape=[32, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 16], [1024, 8]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, "
       "0], [16, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], block_bases=[], shape=[32, 32])",
       {32, 32}, 8, ls::TritonVersion::v3_9, 90,
       {{"st.shared.b32", 4}, {"ld.shared.b32", 4}}},
  });
}

TEST_CASE("codegen: 3.9's padding keeps its whole mask where R's leaves are out of its `and`'s reach", "[codegen]") {
  check_golden({
      {"drawn with the 3.9 wheel (seed 5901, case 1560): `and (lshr R, 4), 134217724`, R's kept `shl`s five deep "
       "below the `and`, so the padding's GEP proves 4 bytes and no word pair joins",
       "DistributedLinearLayout(reg_bases=[[0, 4], [1, 0], [0, 16], [16, 0], [0, 1]], lane_bases=[[0, 8], [8, 0], "
       "[4, 0], [0, 2], [2, 0]], warp_bases=[], block_bases=[], shape=[32, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 1], [512, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, 32])",
       {32, 32}, 32, ls::TritonVersion::v3_9, 90,
       {{"st.shared.b32", 32}, {"ld.shared.b32", 32}}},
      {"seed 5902, case 12082: likewise for 16-bit R of one warp (the padding proves 2 bytes)",
       "DistributedLinearLayout(reg_bases=[[1, 0], [2, 0], [4, 0], [0, 1], [0, 2], [8, 0]], lane_bases=[[0, 4], "
       "[16, 0], [0, 8], [32, 0], [64, 0]], warp_bases=[], block_bases=[], shape=[128, 16])",
       "PaddedSharedLayout(interval_padding_pairs=[[64, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], "
       "[2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], shape=[128, 16])",
       {128, 16}, 16, ls::TritonVersion::v3_9, 90,
       {{"st.shared.b16", 64}, {"ld.shared.b16", 64}}},
      {"seed 5902, case 32752, sm_80: the padding proves 8 bytes, so pairs join but no v4",
       "DistributedLinearLayout(reg_bases=[[8, 0], [0, 16], [0, 32], [0, 1], [0, 2]], lane_bases=[[0, 8], [1, 0], "
       "[4, 0], [2, 0], [0, 4]], warp_bases=[[0, 64]], block_bases=[], shape=[16, 128])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], "
       "[0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, 128])",
       {16, 128}, 32, ls::TritonVersion::v3_9, 80,
       {{"st.shared.v2.b32", 16}, {"ld.shared.v2.b32", 16}}},
  });
}

TEST_CASE("codegen: 3.9's `or` of the moves that InstCombine cannot prove disjoint leaves R to Reassociate", "[codegen]") {
  check_golden({
      {"seed-2110 3.9 line 598: the root `or` the moves made, `((P | 16) | 4) | 8`, is not disjoint to "
       "computeKnownBits, so no GEP splits out until Reassociate has made it `((16 | 4) | 8) | P`: P is the GEP "
       "beside the padding's, its terms in reach, and the bytes join in fours (`v2.b16`)",
       "DistributedLinearLayout(reg_bases=[[0, 1], [8, 0], [16, 0], [32, 0], [0, 2]], lane_bases=[[0, 8], [64, 0], "
       "[0, 4], [0, 16], [2, 0]], warp_bases=[[4, 0], [1, 0]], block_bases=[], shape=[128, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[128, 4], [4096, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], shape=[128, 32])",
       {128, 32}, 8, ls::TritonVersion::v3_9, 90,
       {{"st.shared.v2.b16", 8}, {"ld.shared.v2.b16", 8}}},
      {"drawn with the 3.9 wheel (seed 5906, case 61100): likewise; R's bytes join in pairs of words",
       "DistributedLinearLayout(reg_bases=[[0, 4], [16, 0], [8, 0], [0, 2], [0, 1]], lane_bases=[[0, 16], [32, 0], "
       "[0, 8], [4, 0], [2, 0]], warp_bases=[[1, 0], [64, 0]], block_bases=[], shape=[128, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[256, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], "
       "[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], shape=[128, 32])",
       {128, 32}, 8, ls::TritonVersion::v3_9, 90,
       {{"st.shared.v2.b32", 4}, {"ld.shared.v2.b32", 4}}},
      {"seed 5906, case 127826, sm_100: likewise; bytes join in words",
       "DistributedLinearLayout(reg_bases=[[0, 2], [8, 0], [0, 8], [32, 0], [1, 0], [2, 0]], lane_bases=[[4, 0], "
       "[0, 32], [64, 0], [0, 16], [0, 1]], warp_bases=[[0, 4], [16, 0]], block_bases=[], shape=[128, 64])",
       "PaddedSharedLayout(interval_padding_pairs=[[512, 8]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], "
       "[32, 0], [64, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], block_bases=[], shape=[128, 64])",
       {128, 64}, 8, ls::TritonVersion::v3_9, 100,
       {{"st.shared.b32", 16}, {"ld.shared.b32", 16}}},
  });
}

TEST_CASE("codegen: 3.9's Reassociate pairs P's two terms the index code ORs, and multi-bit terms are the index code's",
          "[codegen]") {
  check_golden({
      {"seed-2490 3.9 line 266: P = R, `((N | (tid << 2) & 128) | (tid << 3) & 120)` after the first InstCombine "
       "(both terms the index code's, the four-bit one too); Reassociate puts the pair the index code ORs at the "
       "bottom, GVN makes it the index code's value, and R is 8-byte aligned",
       "DistributedLinearLayout(reg_bases=[[1, 0], [0, 1], [2, 0], [0, 2], [0, 4], [4, 0]], lane_bases=[[0, 8], "
       "[0, 16], [0, 32], [0, 64], [8, 0]], warp_bases=[[0, 128], [16, 0]], block_bases=[], shape=[32, 256])",
       "PaddedSharedLayout(interval_padding_pairs=[[32, 16], [512, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [0, 16], [0, 32], [0, 64], [0, 128], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], "
       "shape=[32, 256])",
       {32, 256}, 8, ls::TritonVersion::v3_9, 90,
       {{"st.shared.b32", 8}, {"st.shared.v2.b32", 2}, {"st.shared.v2.b8", 8}, {"ld.shared.b32", 6},
        {"ld.shared.v2.b32", 4}, {"ld.shared.v2.b8", 6}}},
      {"drawn with the 3.9 wheel (seed 6003, case 82437): 32-bit R's two-bit `tid & m` term is the index code's "
       "`and`, so reassociateForUses moves it up and word pairs join",
       "BlockedLayout(size_per_thread=[2, 2], threads_per_warp=[8, 4], warps_per_cta=[2, 2], order=[0, 1])",
       "PaddedSharedLayout(interval_padding_pairs=[[1024, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, "
       "16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, 64])",
       {32, 64}, 32, ls::TritonVersion::v3_9, 90,
       {{"st.shared.v2.b32", 8}, {"ld.shared.v2.b32", 8}}},
      {"seed 6003, case 992: likewise for 16-bit R",
       "BlockedLayout(size_per_thread=[2, 2], threads_per_warp=[8, 4], warps_per_cta=[2, 2], order=[1, 0])",
       "PaddedSharedLayout(interval_padding_pairs=[[512, 2]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], [16, "
       "0], [32, 0], [0, 1], [0, 2], [0, 4], [0, 8]], block_bases=[], shape=[64, 16])",
       {64, 16}, 16, ls::TritonVersion::v3_9, 90,
       {{"st.shared.b32", 4}, {"ld.shared.v2.b16", 4}}},
      {"seed 6003, case 36592 (sm_100): P's chain from a kept `(tid & 32) << 5` up is all `add`s after Reassociate, "
       "so the index code's `or` pair stays apart and every byte stays apart",
       "DistributedLinearLayout(reg_bases=[[1, 0], [2, 0], [0, 1], [0, 0], [0, 2]], lane_bases=[[0, 4], [4, 0], "
       "[8, 0], [0, 8], [0, 16]], warp_bases=[[16, 0], [0, 32]], block_bases=[], shape=[32, 64])",
       "PaddedSharedLayout(interval_padding_pairs=[[32, 4], [2048, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, 64])",
       {32, 64}, 8, ls::TritonVersion::v3_9, 100,
       {{"st.shared.b8", 16}, {"ld.shared.b8", 16}}},
  });
}

TEST_CASE("codegen: 3.6's SLP reduces four `and` lanes where its cost is below 0", "[codegen]") {
  check_golden({
      {"seed-2406 3.6 line 2131 (its SLP trace, total cost 0): an alternate `lshr`/`shl` bundle whose lanes are "
       "three of the index code's `and`s and one `and` of an `lshr tid, 1` the index code shares; the extracts "
       "cancel the gain, R stays a tree too deep for its bits and no byte pair joins",
       "DistributedLinearLayout(reg_bases=[[0, 4], [0, 32], [0, 64], [1, 0], [0, 2], [8, 0]], lane_bases=[[16, 0], "
       "[0, 16], [32, 0], [4, 0], [0, 8]], warp_bases=[[0, 128], [2, 0], [0, 1]], block_bases=[], shape=[64, 256])",
       "PaddedSharedLayout(interval_padding_pairs=[[4096, 8]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], "
       "[32, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128]], block_bases=[], "
       "shape=[64, 256])",
       {64, 256}, 8, ls::TritonVersion::v3_6, 90,
       {{"st.shared.b8", 64}, {"ld.shared.b8", 64}}},
      {"held-out seed-2550 3.6 line 780, sm_80 (its SLP trace, total cost -2): three `shl` lanes beside the index "
       "code's `tid & 32` reduce, R ^ 16 keeps R's 16-byte alignment and every pair of v2 accesses joins",
       "DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 2], "
       "instr_shape=[16, 64, 8], cga_layout=[]), k_width=1)",
       "SharedLinearLayout(offset_bases=[[0, 16], [0, 64], [0, 128], [16, 0], [0, 129], [8, 0], [0, 2], [0, 96], "
       "[0, 8], [2, 0], [1, 0], [0, 4], [4, 0]], block_bases=[], alignment=16)",
       {32, 256}, 32, ls::TritonVersion::v3_6, 80,
       {{"st.shared.v4.b32", 32}, {"ld.shared.v4.b32", 32}}},
  });
}

TEST_CASE("codegen: 3.6 pads R + c of a register offset past an interval, so R is no chain of GEPs", "[codegen]") {
  check_golden({
      {"seed-2540 3.6 line 713, sm_100: R reaches no interval, but the register offset of row 64 does; "
       "`(R + c) >> 14` uses R, InstCombine leaves R one value, SLP reduces it and R's accesses keep 16 bytes",
       "DistributedLinearLayout(reg_bases=[[0, 1], [64, 0], [0, 16], [0, 4], [2, 0], [0, 2]], lane_bases=[[8, 0], "
       "[0, 8], [0, 32], [32, 0], [16, 0]], warp_bases=[[1, 0], [4, 0]], block_bases=[], shape=[128, 64])",
       "PaddedSharedLayout(interval_padding_pairs=[[4096, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], "
       "[0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], shape=[128, 64])",
       {128, 64}, 32, ls::TritonVersion::v3_6, 100,
       {{"st.shared.v2.b32", 14}, {"st.shared.v4.b32", 9}, {"ld.shared.v2.b32", 14}, {"ld.shared.v4.b32", 9}}},
      {"seed-2405 3.6 line 2093, sm_100: likewise R stays one value, and SLP reduces it after the first "
       "InferAlignment (which proved nothing): `(reduce | bitreverse) | shl`, the reversal's mask in reach of "
       "register 0's access only, so only its four bytes join; the others carry the first pass's 1 byte",
       "DistributedLinearLayout(reg_bases=[[32, 0], [2, 0], [0, 2], [0, 32], [64, 0], [0, 1], [16, 0]], "
       "lane_bases=[[4, 0], [0, 16], [1, 0], [0, 4], [8, 0]], warp_bases=[[0, 8], [0, 64]], block_bases=[], "
       "shape=[128, 128])",
       "PaddedSharedLayout(interval_padding_pairs=[[4096, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
       "[0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], "
       "shape=[128, 128])",
       {128, 128}, 8, ls::TritonVersion::v3_6, 100,
       {{"st.shared.b8", 124}, {"st.shared.b32", 1}, {"ld.shared.b8", 124}, {"ld.shared.b32", 1}}},
  });
}

TEST_CASE("codegen: the index code's own term in R is one value with it (8-bit)", "[codegen]") {
  check_golden({
      {"seed-2560 3.6 line 10, sm_80: R's `and (shl tid, 8), 512` is the row's term of the tensor's offset, "
       "one value, so its `tid & 2` has no other use; the padding of R + 1 and R + 512 is then R's own node plus "
       "a constant, every access joins R's chain and every byte pair is one `v2.b8`",
       "SliceLayout(dim=1, parent=BlockedLayout(size_per_thread=[2, 2, 2], threads_per_warp=[2, 2, 8], "
       "warps_per_cta=[1, 2, 2], order=[1, 0, 2], cga_layout=[]))",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 16], [4096, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], "
       "[0, 8], [0, 16], [0, 32], [0, 64], [0, 128], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], "
       "shape=[32, 256])",
       {32, 256}, 8, ls::TritonVersion::v3_6, 80,
       {{"st.shared.v2.b8", 128}, {"ld.shared.v2.b8", 128}}},
      {"seed-2406 3.6 line 3139: R's `shl (tid & 4), 4` is the row's term too, but the padding reads it alone "
       "(`shl (tid & 4), 1`), so `tid & 4` keeps that use and nothing joins",
       "DistributedLinearLayout(reg_bases=[[2, 0], [4, 0], [0, 8], [8, 0], [16, 0], [0, 1]], lane_bases=[[0, 32], "
       "[0, 2], [1, 0], [0, 4], [0, 16]], warp_bases=[], block_bases=[], shape=[32, 64])",
       "PaddedSharedLayout(interval_padding_pairs=[[64, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], "
       "[0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, 64])",
       {32, 64}, 8, ls::TritonVersion::v3_6, 90,
       {{"st.shared.b8", 64}, {"ld.shared.b8", 64}}},
  });
}

TEST_CASE("codegen: a padding that is a bare `lshr` proves only what computeKnownBits sees", "[codegen]") {
  check_golden({
      {"seed-2460 3.6 line 2285: the padding is `R >> 8` with no mask; R's `(tid & 1) << 3` is five levels "
       "below it, so R's bits from 3 up and the padding's low bits are unknown and register 0's pair stays apart",
       "DistributedLinearLayout(reg_bases=[[0, 0], [1, 0], [0, 1], [2, 0], [4, 0], [0, 2], [8, 0]], "
       "lane_bases=[[0, 4], [16, 0], [0, 8], [32, 0], [64, 0]], warp_bases=[[0, 16], [0, 32]], block_bases=[], "
       "shape=[128, 64])",
       "PaddedSharedLayout(interval_padding_pairs=[[512, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
       "[0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], "
       "shape=[128, 64])",
       {128, 64}, 16, ls::TritonVersion::v3_6, 90,
       {{"st.shared.b16", 64}, {"ld.shared.b16", 64}}},
  });
}

// Session 56, below the PTX: what SelectionDAG leaves of the padding of an
// access of its own, and the registers of R | c, against the cubins of the
// wheel's ptxas (each count here is the cubin's; H200 runs:
// bench/results/2026-12-03-s56-changed).
namespace {

struct SassCase {
  const char* why;
  const char* reg;
  const char* shared;
  ls::Shape shape;
  int32_t bits;
  const char* load_sass;   // the local_load's SASS accesses where ptxas joins some ("": none; nullptr: unchecked)
  const char* store_sass;  // the local_store's, likewise
  int64_t load_wavefronts = -1, store_wavefronts = -1;  // -1: unchecked
  ls::TritonVersion version = ls::TritonVersion::v3_6;
};

void check_sass(const std::vector<SassCase>& cases) {
  for (const SassCase& g : cases) {
    INFO(g.why);
    const auto r = cg::via_shared(at(g.reg, g.shape), at(g.shared, g.shape), g.bits, {g.version, 90});
    const auto sass = [](const auto& instr) { return instr.ptxas ? instr.ptxas->instruction : std::string(); };
    if (g.load_sass) CHECK(sass(r.instrs[2]) == g.load_sass);
    if (g.store_sass) CHECK(sass(r.instrs[1]) == g.store_sass);
    if (g.load_wavefronts >= 0) CHECK(r.shared_load_wavefronts == g.load_wavefronts);
    if (g.store_wavefronts >= 0) CHECK(r.shared_store_wavefronts == g.store_wavefronts);
  }
}

}  // namespace

TEST_CASE("codegen: ptxas knows nothing of R through a bit reversal built in 16-bit registers", "[codegen]") {
  check_sass({
      {"seed-2540 3.6 line 240: R's `tid & 1` to 3 and `tid & 2` to 2 are a bit reversal whose top bit, 3, is no "
       "byte's: the code generator shifts it in 16-bit registers and right (`shr.u16`), so ptxas knows no bit of R "
       "and keeps the 16-bit pairs apart, as its cubin does: 192 load wavefronts on the H200 (the model had 128)",
       "DistributedLinearLayout(reg_bases=[[0, 16], [4, 0], [0, 8], [32, 0], [8, 0], [0, 1]], lane_bases=[[0, 4], "
       "[0, 2], [1, 0], [2, 0], [16, 0]], warp_bases=[], block_bases=[], shape=[64, 32])",
       "SharedLinearLayout(offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [5, 0], [8, 1], "
       "[16, 0], [32, 0]], block_bases=[], alignment=16)",
       {64, 32}, 16, "", "", 192, 192},
      {"seed-2401 3.6 line 670 (32-bit): likewise, its `ld.shared.b32` pairs stay LDS (the model had LDS.64)",
       "NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, 8, 8], cga_layout=[])",
       "SharedLinearLayout(offset_bases=[[0, 8], [0, 1], [8, 8], [64, 0], [16, 0], [0, 4], [4, 1], [32, 0], [1, 0], "
       "[128, 0], [0, 2], [2, 4]], block_bases=[], alignment=16)",
       {256, 16}, 32, "", "", 2048, 2048},
      {"seed-2406 3.6 line 3006: a reversal to bits 7 and 5, a whole byte, is left shifts only (`shl.b16`, "
       "`and.b16`): ptxas knows R and joins the 16-bit load pairs, 32 LDS",
       "DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[3, 0], warps_per_cta=[8, 1], "
       "instr_shape=[16, 16, 16], cga_layout=[]), k_width=2)",
       "SharedLinearLayout(offset_bases=[[0, 8], [0, 1], [4, 1], [8, 0], [1, 0], [0, 40], [0, 2], [0, 5], [0, 16], "
       "[0, 64], [2, 0]], block_bases=[], alignment=16)",
       {16, 128}, 16, "LDS x32", "", 1024, 1536},
  });
}

TEST_CASE("codegen: 3.6 padded: what ptxas knows of R (SLP, bit reversals, shifts right, masks)", "[codegen]") {
  check_sass({
      {"s73-pending 3.6 case 21 (32-bit, H100 2026-12-06): InstCombine keeps R | c's padding masks whole "
       "(32760), but SelectionDAG reaches SLP's reduction of R, (l0 | l2) | (l1 | l3), and shrinks them to "
       "232, 240, 248: R | 1024's register is 16-byte aligned and its v2 pairs are LDS.128 too, 384 load "
       "wavefronts counted (the model took the padding's own 8 bytes: LDS.128 x4, 448)",
       "DistributedLinearLayout(reg_bases=[[0, 1], [1, 0], [0, 2], [2, 0], [4, 0], [0, 4]], lane_bases=[[0, 8], "
       "[0, 16], [8, 0], [16, 0], [0, 32]], warp_bases=[[32, 0]], block_bases=[], shape=[64, 64])",
       "PaddedSharedLayout(interval_padding_pairs=[[128, 2], [2048, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], "
       "[0, 8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], "
       "shape=[64, 64])",
       {64, 64}, 32, "LDS.64 x16 + LDS.128 x8", nullptr, 384, 512},
      {"s71-pending case 10 (16-bit, H200 2026-12-06): register 0's padding is a value of its own in the IR "
       "(its `and` mask shrunk to 192, R + 4's kept at 32752), but SelectionDAG shrinks both masks to the bits "
       "it knows and they become one node: `[%r53]` and `[%r53+4]`, each pair one LDS.64, 64 load wavefronts "
       "counted (the model had register 0 in a register of its own: LDS.64 x3 + LDS x2, 80)",
       "DistributedLinearLayout(reg_bases=[[0, 1], [2, 0], [1, 0], [0, 2]], lane_bases=[[0, 16], [8, 0], [4, 0], "
       "[0, 32], [0, 4]], warp_bases=[[0, 8], [0, 64]], block_bases=[], shape=[16, 128])",
       "PaddedSharedLayout(interval_padding_pairs=[[128, 8], [1024, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], "
       "[0, 8], [0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, 128])",
       {16, 128}, 16, "LDS.64 x4", "", 64, 128},
      {"s71-pending case 13 (32-bit, H200 2026-12-06): likewise, register 0's `v2.b32` load shares R's register, "
       "so the v2 pair beside it is one LDS.128: LDS.128 x2, 32 load wavefronts counted (the model had 48)",
       "DistributedLinearLayout(reg_bases=[[1, 0], [8, 0], [2, 0]], lane_bases=[[4, 0], [0, 2], [0, 1], [0, 16], "
       "[0, 32]], warp_bases=[[0, 4], [0, 8]], block_bases=[], shape=[16, 64])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 8], [256, 4]], offset_bases=[[1, 0], [2, 0], [4, 0], "
       "[8, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], block_bases=[], shape=[16, 64])",
       {16, 64}, 32, "LDS.128 x2", "", 32, 64},
      {"s71-pending case 65 (32-bit, one warp, H200 2026-12-06): likewise, LDS.64 x8, 32 load wavefronts "
       "counted (the model had 36)",
       "DistributedLinearLayout(reg_bases=[[0, 8], [0, 1], [0, 4], [2, 0]], lane_bases=[[8, 0], [16, 0], [0, 2], "
       "[4, 0], [1, 0]], warp_bases=[], block_bases=[], shape=[32, 16])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 2], [256, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], "
       "[0, 8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, 16])",
       {32, 16}, 32, "LDS.64 x8", "", 32, 64},
      {"held-out seed 6504 kernel 8 (32-bit): SLP reduces R's four kept `shl` lanes, and SelectionDAG's tree of "
       "the reduction is (l0 | l2) | (l1 | l3); both paddings read l1 | l3 as bare shifts (`>> 6`, `>> 7`, no "
       "mask), so ptxas knows only what the v4 store at R + 0 promises: STS.128/LDS.128 x4 there, the R | 1024 "
       "register's accesses apart; 384 + 384 wavefronts on the H200 (the model had 256 + 256)",
       "DistributedLinearLayout(reg_bases=[[0, 2], [0, 1], [1, 0], [0, 4], [8, 0]], lane_bases=[[0, 8], [64, 0], "
       "[2, 0], [0, 16], [16, 0]], warp_bases=[[32, 0], [4, 0]], block_bases=[], shape=[128, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[256, 4], [512, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], "
       "[0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], "
       "shape=[128, 32])",
       {128, 32}, 32, "LDS x16 + LDS.128 x4", "STS x16 + STS.128 x4", 384, 384},
      {"held-out seed 6506 kernel 16 (16-bit): R holds a bit reversal built in 16-bit registers (`shr.u16`), "
       "unknown to ptxas, and so is R | 128's register, smem + R plus its padding: its 16-bit loads stay LDS.U16; "
       "384 load wavefronts on the H200 (the model had 256)",
       "DistributedLinearLayout(reg_bases=[[0, 64], [0, 4], [0, 1], [0, 8], [0, 2]], lane_bases=[[2, 0], [1, 0], "
       "[4, 0], [0, 32], [0, 16]], warp_bases=[[8, 0], [16, 0]], block_bases=[], shape=[32, 128])",
       "PaddedSharedLayout(interval_padding_pairs=[[32, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], "
       "[0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, 128])",
       {32, 128}, 16, "LDS.U16 x16 + LDS.64 x4", nullptr, 384, 512},
      {"held-out seed 6603 kernel 64206 (16-bit): R's reversal to bits 14 and 13 is `shr.u16` by 1 of bits 15 "
       "and 14, and ptxas halves the 16 bytes it knows once: 8, so R | 4096's register (its padding masked) pairs "
       "its 16-bit loads, LDS x16 as in the cubin (by 6, kernel 16 above, nothing)",
       "DistributedLinearLayout(reg_bases=[[0, 8], [0, 1], [2, 0], [16, 0], [0, 4], [0, 16]], lane_bases=[[64, 0], "
       "[32, 0], [0, 2], [0, 64], [8, 0]], warp_bases=[[4, 0], [0, 32], [1, 0]], block_bases=[], shape=[128, 128])",
       "PaddedSharedLayout(interval_padding_pairs=[[2048, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
       "[0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], "
       "shape=[128, 128])",
       {128, 128}, 16, "LDS.U16 x32 + LDS x16", "", 3072, 4096},
      {"held-out seed 6603 kernel 9235 (32-bit): the extras' `or`, e1 | e2, is read by a padding (`lshr (e1 | "
       "e2), 8`, bare), so SLP takes it as one operand and the final reduction is v | (e1 | e2): R's own register "
       "is unknown to ptxas and its cubin joins none of the 32 loads (the model had LDS.128 x4)",
       "DistributedLinearLayout(reg_bases=[[0, 32], [0, 8], [1, 0], [4, 0], [2, 0]], lane_bases=[[0, 64], [8, 0], "
       "[16, 0], [0, 1], [0, 2]], warp_bases=[[0, 16], [32, 0], [0, 4]], block_bases=[], shape=[64, 128])",
       "PaddedSharedLayout(interval_padding_pairs=[[32, 4], [1024, 4]], offset_bases=[[1, 0], [2, 0], [4, 0], "
       "[8, 0], [16, 0], [32, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], block_bases=[], "
       "shape=[64, 128])",
       {64, 128}, 32, "", "", 2048, 2048},
      {"golden seed-2080 line 197 (16-bit): R's `(tid & 64) >> 1` is or-ed with a kept `(tid & m) << 6`, which "
       "the code generator folds into a multiply-add, so the shift stays a SHF.R, which ptxas knows a multiple of "
       "16 bytes halved once: every 16-bit pair one LDS, as its cubin (the model had R unknown: LDS.U16 "
       "x56 + LDS x4)",
       "BlockedLayout(size_per_thread=[4, 2], threads_per_warp=[4, 8], warps_per_cta=[2, 2], order=[0, 1], "
       "cga_layout=[])",
       "PaddedSharedLayout(interval_padding_pairs=[[128, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
       "[0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], "
       "shape=[128, 64])",
       {128, 64}, 16, "LDS x32", nullptr, 256},
      {"golden seed-2403 line 3623 (16-bit): R's `(tid & 128) >> 2` is or-ed with an `and` (`tid & m`): a "
       "LEA.HI, R unknown; the 4-byte store at R + 0 promises its own register only, so R | 16384's 16-bit "
       "loads stay apart, LDS x16 + LDS.U16 x32 as in its cubin (a promise carried across R's padded registers "
       "had them LDS x32)",
       "BlockedLayout(size_per_thread=[2, 8], threads_per_warp=[8, 4], warps_per_cta=[2, 4], order=[1, 0], "
       "cga_layout=[])",
       "PaddedSharedLayout(interval_padding_pairs=[[1024, 4]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], "
       "[16, 0], [32, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128]], block_bases=[], "
       "shape=[64, 256])",
       {64, 256}, 16, "LDS.U16 x32 + LDS x16", nullptr, 1536},
      {"golden seed-2405 line 2823 (32-bit): InstCombine shrinks each R | c padding's mask to the bits it proves "
       "(10176, 11200, ...: 64-byte multiples), so ptxas knows those registers 16-byte aligned: LDS.128 x4 and 16 "
       "LDS, as its cubin (the model took each mask from the padding's own size: LDS.64 x6 + LDS.128)",
       "DistributedLinearLayout(reg_bases=[[1, 0], [0, 1], [0, 2], [2, 0], [4, 0]], lane_bases=[[8, 0], [0, 4], "
       "[0, 8], [0, 16], [0, 32]], warp_bases=[[0, 64], [0, 128]], block_bases=[], shape=[16, 256])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 16], [1024, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], "
       "[0, 8], [0, 16], [0, 32], [0, 64], [0, 128], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], "
       "shape=[16, 256])",
       {16, 256}, 32, "LDS x16 + LDS.128 x4", "", 640, 1024},
      {"golden seed-2110 line 318 (16-bit): R has five kept `shl (tid & m), k` terms; SLP lists its operands "
       "from the root, last first, each opcode's list then reversed, and vectorizes the first four that pay, "
       "leaving `(tid & 5) << 10` beside the vector, or-ed before `(tid & 16) >> 1`: that shift's sibling is the "
       "reduction's `or`, a LEA.HI, R unknown, and every 16-bit load stays LDS.U16 as in its cubin (the model "
       "reduced only exactly four lanes: LDS.64 x16, 512 wavefronts)",
       "DistributedLinearLayout(reg_bases=[[32, 0], [0, 1], [1, 0], [0, 16], [0, 2], [128, 0]], lane_bases=[[16, 0], "
       "[0, 4], [64, 0], [8, 0], [4, 0]], warp_bases=[[0, 8], [2, 0]], block_bases=[], shape=[256, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[512, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
       "[0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], block_bases=[], "
       "shape=[256, 32])",
       {256, 32}, 16, "", nullptr, 2048},
      {"golden seed-2403 line 3177 (16-bit): beside SLP's vector of four kept `shl` lanes, its extras in SLP's "
       "order (opcode groups, the largest first): `(tid & 32) << 2`, then `tid & 64`, then `(tid & 16) >> 2`, "
       "so the final reduction is `(v | e1) | (e2 | e3)` and the shift right's sibling is `tid & 64`, an `and`: "
       "a LEA.HI, R unknown, its 16-bit loads apart as in the cubin (the extras in leaf order reversed paired "
       "the two shifts: LDS x4, 64 wavefronts)",
       "DistributedLinearLayout(reg_bases=[[0, 4], [8, 0], [0, 1]], lane_bases=[[0, 8], [32, 0], [1, 0], [16, 0], "
       "[0, 2]], warp_bases=[[4, 0], [2, 0]], block_bases=[], shape=[64, 16])",
       "PaddedSharedLayout(interval_padding_pairs=[[64, 2], [1024, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], "
       "[0, 8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], shape=[64, 16])",
       {64, 16}, 16, "", nullptr, 128},
      {"golden seed-77 line 311 (32-bit): the terms reaching the second interval are two extras SLP's final "
       "reduction pairs, `e2 | e3`, yet SelectionDAG keeps the padding `(R >> 10) & 2097144` of R whole (it "
       "narrows a padding to the vector's own nodes only): ptxas knows R and joins the load pairs, LDS.64 x32 "
       "as in the cubin",
       "DistributedLinearLayout(reg_bases=[[1, 0], [2, 0], [0, 1], [4, 0], [0, 2], [0, 4]], lane_bases=[[8, 0], "
       "[0, 8], [16, 0], [0, 16], [32, 0]], warp_bases=[[64, 0], [0, 32], [128, 0]], block_bases=[], "
       "shape=[256, 64])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 4], [2048, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], "
       "[0, 8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], "
       "block_bases=[], shape=[256, 64])",
       {256, 64}, 32, "LDS.64 x32", nullptr, 2048},
      {"golden seed-2200 line 130 (16-bit): R's `(tid & 240) >> 1` is or-ed with `(tid & 3) << 8 | (tid & 8) << "
       "7`, two kept `shl`s: for a shift by 1 the code generator makes the pair a multiply-add of `(tid & 3) * 2 "
       "+ (tid & 8)` with the SHF.R as its addend, so ptxas knows R 4-byte aligned and joins the 16-bit load "
       "pair at +128/+130 into one LDS, as its cubin (the model had R unknown: three loads)",
       "DistributedLinearLayout(reg_bases=[[1, 0], [0, 1]], lane_bases=[[2, 0], [4, 0], [0, 2], [8, 0], [0, 4]], "
       "warp_bases=[[0, 8], [0, 16], [0, 32]], block_bases=[], shape=[16, 64])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
       "[0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, 64])",
       {16, 64}, 16, "LDS x2", ""},
      {"held-out screen seed 6802 kernel 31068 (16-bit): R's `(tid & 32) >> 2` beside `(tid & 1) << 7 | (tid & "
       "2) << 4`, two kept `shl`s, but shifted by 2: a LEA.HI, R unknown, every 16-bit load LDS.U16 as in its "
       "cubin (the pair's rule for any shift had LDS x4)",
       "DistributedLinearLayout(reg_bases=[[2, 0], [0, 4], [8, 0], [4, 0], [0, 1], [0, 8]], lane_bases=[[0, 32], "
       "[1, 0], [16, 0], [0, 16], [0, 2]], warp_bases=[], block_bases=[], shape=[32, 64])",
       "PaddedSharedLayout(interval_padding_pairs=[[32, 8], [64, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], "
       "[0, 8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, 64])",
       {32, 64}, 16, "", ""},
      {"golden seed-2470 line 31 (16-bit): R's shift right `(tid >> 1) & 40` has no kept `and` (InstCombine's "
       "form), a LOP3 whose mask ptxas knows though its sibling is SLP's `or`: R 8-byte aligned, LDS.64 x8 as in "
       "the cubin (the model had R unknown: LDS.U16 x28 + LDS.64)",
       "DistributedLinearLayout(reg_bases=[[16, 0], [0, 1], [128, 0], [4, 0], [0, 2]], lane_bases=[[0, 8], [2, 0], "
       "[32, 0], [8, 0], [0, 4]], warp_bases=[[64, 0], [1, 0]], block_bases=[], shape=[256, 16])",
       "PaddedSharedLayout(interval_padding_pairs=[[64, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], "
       "[2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], block_bases=[], shape=[256, 16])",
       {256, 16}, 16, "LDS.64 x8", ""},
      {"golden seed-2405 line 1048 (16-bit): R's bits from the 2048-byte interval up are one `shl` term, and the "
       "accesses of their own share one register, yet that register's padding keeps its mask, `((R' | 1024) >> "
       "4) & 96` of R's node R': ptxas knows it and joins each 16-bit load pair, LDS x8 as in the cubin (a rule "
       "taking every such padding for a bare shift had the register unknown: LDS.U16 x8 + LDS x4)",
       "SliceLayout(dim=0, parent=BlockedLayout(size_per_thread=[8, 2, 2], threads_per_warp=[2, 2, 8], "
       "warps_per_cta=[1, 2, 2], order=[0, 1, 2], cga_layout=[]))",
       "PaddedSharedLayout(interval_padding_pairs=[[256, 16], [1024, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], "
       "[0, 8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, 64])",
       {16, 64}, 16, "LDS x8", ""},
      {"codegen-3.6 line 788 (16-bit): R's `(tid & 16) >> 2` is the first operand of its `or` with a kept "
       "`(tid & 3) << 6`: for a shift by more than 1 in that place the code generator makes it a LEA.HI, R unknown, "
       "so most 16-bit loads stay LDS.U16, as in its cubin (the multiply-add rule for any place had LDS x32)",
       "DistributedLinearLayout(reg_bases=[[4, 0], [0, 8], [1, 0], [0, 4], [16, 0], [0, 1]], lane_bases=[[32, 0], "
       "[64, 0], [0, 2], [8, 0], [2, 0]], warp_bases=[], block_bases=[], shape=[128, 16])",
       "PaddedSharedLayout(interval_padding_pairs=[[256, 8], [2048, 4]], offset_bases=[[1, 0], [2, 0], [4, 0], "
       "[8, 0], [16, 0], [32, 0], [64, 0], [0, 1], [0, 2], [0, 4], [0, 8]], block_bases=[], shape=[128, 16])",
       {128, 16}, 16, "LDS.U16 x48 + LDS x8", nullptr, 224},
      {"golden seed-2403 line 1802 (16-bit): R's `(tid & 64) >> 2` is the second operand of its `or` with a kept "
       "`shl`: a multiply-add, the shift a SHF.R that ptxas knows, every 16-bit load pair one LDS as in the cubin "
       "(a LEA.HI for every shift by more than 1 had LDS.U16 x28 + LDS x2)",
       "BlockedLayout(size_per_thread=[2, 2], threads_per_warp=[8, 4], warps_per_cta=[2, 2], order=[0, 1], "
       "cga_layout=[])",
       "PaddedSharedLayout(interval_padding_pairs=[[32, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], "
       "[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], shape=[128, 32])",
       {128, 32}, 16, "LDS x16", nullptr, 128},
  });
}

TEST_CASE("codegen: 3.9 padded: a term shifted right that ptxas fuses into an add leaves R unknown", "[codegen]") {
  check_sass({
      {"s73-pending 3.9 case 3 (16-bit, H100 2026-12-06): the padding R never reaches, R's terms are a chain of "
       "GEPs and `(tid & 192) >> 4` is added last: ptxas fuses the shift into that add (LEA.HI) and knows nothing "
       "of the register, so its 16-bit loads stay LDS.U16, 2048 load wavefronts counted (the model read the "
       "term's mask: LDS x32, 1024)",
       "DistributedLinearLayout(reg_bases=[[8, 0], [64, 0], [0, 64], [0, 1], [32, 0], [1, 0]], lane_bases=[[0, 8], "
       "[0, 32], [0, 16], [16, 0], [4, 0]], warp_bases=[[2, 0], [0, 2], [0, 4]], block_bases=[], shape=[128, 128])",
       "PaddedSharedLayout(interval_padding_pairs=[[4096, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
       "[0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], "
       "shape=[128, 128])",
       {128, 128}, 16, "", "", 2048, 2048, ls::TritonVersion::v3_9},
      {"held-out 3.9 seed 7403 kernel 11683 (16-bit): R is one `or` tree (its padding reads it whole); "
       "`(tid & 24) >> 1` beside a kept `shl` stays a SHF.R (the code generator folds the `shl` into a "
       "multiply-add), but `(tid & 192) >> 2`, or-ed to that pair, becomes a LEA.HI: R unknown, every 16-bit "
       "load LDS.U16 as in the wheel's cubin (the model read both masks: LDS x16)",
       "BlockedLayout(size_per_thread=[4, 2], threads_per_warp=[8, 4], warps_per_cta=[2, 4], order=[0, 1], "
       "cga_layout=[])",
       "PaddedSharedLayout(interval_padding_pairs=[[64, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
       "[0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], block_bases=[], "
       "shape=[256, 32])",
       {256, 32}, 16, "", nullptr, 512, -1, ls::TritonVersion::v3_9},
  });
}

TEST_CASE("codegen: 3.9 padded: ptxas reads SLP's reduction of R's kept lanes", "[codegen]") {
  check_sass({
      {"golden screen74-3.9 line 17 (32-bit): SLP reduces R's four kept `shl (tid & m), k`, and `(tid & 96) >> 1` "
       "is left beside the reduction, a GEP of its own after InstCombine: a LEA.HI, R unknown, every load LDS as "
       "in the wheel's cubin (the model's tree paired the shift with a kept `shl`, a SHF.R: LDS.64 x32)",
       "DistributedLinearLayout(reg_bases=[[1, 0], [0, 2], [0, 16], [0, 64], [0, 1], [4, 0]], lane_bases=[[2, 0], "
       "[0, 32], [32, 0], [16, 0], [8, 0]], warp_bases=[[0, 4], [0, 8]], block_bases=[], shape=[64, 128])",
       "PaddedSharedLayout(interval_padding_pairs=[[128, 8], [1024, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], "
       "[0, 8], [0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], "
       "shape=[64, 128])",
       {64, 128}, 32, "", nullptr, -1, -1, ls::TritonVersion::v3_9},
      {"golden screen74-3.9 line 20 (32-bit): five kept `shl`s and `(tid & 192) >> 1`; SLP's candidates by "
       "shift, its first window (the `lshr` and three `shl`s) pays nothing, the next four reduce, and R is "
       "`(reduce | (tid & 192) >> 1) | (tid & 2) << 10`: a LEA.HI, every load LDS as in the cubin, 1024 load "
       "wavefronts counted on an H100 (s75-changed case 1; the model had LDS.64 x16, 512)",
       "DistributedLinearLayout(reg_bases=[[4, 0], [0, 8], [1, 0], [0, 128], [0, 32]], lane_bases=[[2, 0], "
       "[0, 16], [0, 1], [0, 2], [0, 64]], warp_bases=[[0, 4], [8, 0], [16, 0]], block_bases=[], shape=[32, 256])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 16], [32, 4]], offset_bases=[[1, 0], [2, 0], [4, 0], "
       "[8, 0], [16, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128]], block_bases=[], "
       "shape=[32, 256])",
       {32, 256}, 32, "", nullptr, 1024, -1, ls::TritonVersion::v3_9},
      {"golden screen75-3.9 line 6 (seed 7501 kernel 26406, 16-bit): four `shl` lanes, the vector in SLP's "
       "order, `(tid & 1) << 4, (tid & 64) << 2, (tid & 10) << 8, (tid & 52) << 1`: SelectionDAG's (l0 | l2) | "
       "(l1 | l3) pairs no two of the terms the padding reads, so its `and` mask stays and ptxas knows R: LDS x8 "
       "as in the cubin (lanes taken by shift paired them, a bare shift: LDS.U16)",
       "DistributedLinearLayout(reg_bases=[[2, 0], [0, 8], [1, 0], [0, 1]], lane_bases=[[8, 0], [0, 4], [4, 0], "
       "[0, 16], [16, 0]], warp_bases=[[32, 0], [0, 2]], block_bases=[], shape=[64, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[64, 16], [1024, 2]], offset_bases=[[1, 0], [2, 0], [4, 0], "
       "[8, 0], [16, 0], [32, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], block_bases=[], shape=[64, 32])",
       {64, 32}, 16, "LDS x8", nullptr, -1, -1, ls::TritonVersion::v3_9},
      {"golden screen75-3.9 line 17 (seed 7502 kernel 1311, 16-bit): a kept `tid & 48` is a lane too (a "
       "copyable `shl` by 0), and the vector is in shift order, <0, 2, 8, 9>: the padding's terms `<< 8` and "
       "`<< 9` are not one DAG node, its mask stays, R known: LDS.64 x8 as in the cubin (leaf order paired "
       "them: LDS x16)",
       "DistributedLinearLayout(reg_bases=[[0, 1], [1, 0], [2, 0], [0, 2], [4, 0]], lane_bases=[[8, 0], [0, 4], "
       "[16, 0], [32, 0], [0, 8]], warp_bases=[[0, 16]], block_bases=[], shape=[64, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[64, 4], [512, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], "
       "[0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], shape=[64, 32])",
       {64, 32}, 16, "LDS.64 x8", nullptr, -1, -1, ls::TritonVersion::v3_9},
      {"golden screen75-3.9 line 122 (seed 7505 kernel 82126, 32-bit): the two paddings shift R right by 4 "
       "with masks that differ, one `lshr` of R whole and two `and`s, which SelectionDAG does not narrow to "
       "the reduction's (l0 | l2): ptxas knows R, LDS.64 x16 as in the cubin (a bare shift of that pair: LDS)",
       "DistributedLinearLayout(reg_bases=[[0, 4], [4, 0], [0, 8], [2, 0], [0, 1]], lane_bases=[[0, 2], [16, 0], "
       "[8, 0], [0, 16], [32, 0]], warp_bases=[[1, 0]], block_bases=[], shape=[64, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[32, 2], [128, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], "
       "[0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], shape=[64, 32])",
       {64, 32}, 32, "LDS.64 x16", nullptr, 256, -1, ls::TritonVersion::v3_9},
      {"golden screen75-3.9 line 126 (seed 7507 kernel 247, 32-bit): the paddings share `lshr exact R, 5`, "
       "one of them with no mask at all (R's bits leave it nothing): that shift is added to the address, R "
       "unknown, every load LDS as in the cubin (masks taken for both: LDS.128)",
       "DistributedLinearLayout(reg_bases=[[1, 0], [0, 1], [0, 2], [0, 32], [0, 64], [16, 0]], lane_bases=[[2, 0], "
       "[0, 4], [0, 8], [0, 16], [4, 0]], warp_bases=[[0, 128], [8, 0]], block_bases=[], shape=[32, 256])",
       "PaddedSharedLayout(interval_padding_pairs=[[128, 4], [512, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], "
       "[0, 8], [0, 16], [0, 32], [0, 64], [0, 128], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], "
       "shape=[32, 256])",
       {32, 256}, 32, "", nullptr, -1, -1, ls::TritonVersion::v3_9},
  });
}

TEST_CASE("codegen: 3.9 padded: the second InferAlignment proves register 0's access on SLP's reduction of R",
          "[codegen]") {
  const auto v39 = ls::TritonVersion::v3_9;
  // golden screen75-3.9 line 23 (16-bit): SLP reduces `tid & 32` (a copyable
  // `shl` by 0) and three kept `shl`s; R is `gep (gep (gep (smem, reduce),
  // (tid & 7) << 9), pad)`, the vector's `and` five levels below register
  // 0's access: its masks prove 8 bytes, so that access is 4-byte aligned and
  // its pair one v2 (the accesses one constant GEP deeper reach nothing)
  CHECK(via_shared_counts(
            "DistributedLinearLayout(reg_bases=[[1, 0], [0, 1], [2, 0], [4, 0], [0, 2], [0, 4]], lane_bases=[[8, 0], "
            "[16, 0], [32, 0], [0, 8], [64, 0]], warp_bases=[[0, 16], [128, 0]], block_bases=[], shape=[256, 32])",
            "PaddedSharedLayout(interval_padding_pairs=[[2048, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
            "[0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], block_bases=[], "
            "shape=[256, 32])",
            {256, 32}, 16, v39, 90) == Counts{{"ld.shared.b16", 62},
                                              {"ld.shared.v2.b16", 1},
                                              {"st.shared.b16", 62},
                                              {"st.shared.v2.b16", 1}});
  // screen75 line 123 (16-bit): the reduction's lanes by 9, 2, 8 and 1 prove
  // 8 bytes: register 0's four 16-bit values are one v4
  CHECK(via_shared_counts(
            "DistributedLinearLayout(reg_bases=[[1, 0], [0, 1], [0, 2], [2, 0], [4, 0], [8, 0]], lane_bases=[[0, 4], "
            "[0, 8], [0, 16], [0, 32], [16, 0]], warp_bases=[[0, 64], [32, 0], [0, 128]], block_bases=[], "
            "shape=[64, 256])",
            "PaddedSharedLayout(interval_padding_pairs=[[256, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
            "[0, 16], [0, 32], [0, 64], [0, 128], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], "
            "block_bases=[], shape=[64, 256])",
            {64, 256}, 16, v39, 90) == Counts{{"ld.shared.b16", 60},
                                              {"ld.shared.v4.b16", 1},
                                              {"st.shared.b16", 60},
                                              {"st.shared.v4.b16", 1}});
  // held-out seed 7601 kernel 41003 (8-bit): the reduction is the innermost
  // of five GEPs, the `and` out of reach: no pair
  CHECK(via_shared_counts(
            "DistributedLinearLayout(reg_bases=[[0, 16], [64, 0], [0, 1], [0, 4], [0, 2], [0, 8], [0, 0]], "
            "lane_bases=[[8, 0], [32, 0], [16, 0], [0, 32], [4, 0]], warp_bases=[[2, 0], [1, 0]], block_bases=[], "
            "shape=[128, 64])",
            "PaddedSharedLayout(interval_padding_pairs=[[1024, 8], [2048, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], "
            "[0, 8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], "
            "shape=[128, 64])",
            {128, 64}, 8, v39, 90) == Counts{{"ld.shared.b8", 64}, {"st.shared.b8", 64}});
  // kernel 55266 (8-bit): the padding, a bare `lshr exact reduce, 4`, proves
  // only what the vector's lanes (masks 15 by 5, 8, 9, 10) do: nothing
  CHECK(via_shared_counts(
            "DistributedLinearLayout(reg_bases=[[128, 0], [0, 1], [2, 0], [0, 8], [0, 16], [0, 2]], "
            "lane_bases=[[16, 0], [64, 0], [32, 0], [8, 0], [1, 0]], warp_bases=[[0, 4], [4, 0]], block_bases=[], "
            "shape=[256, 32])",
            "PaddedSharedLayout(interval_padding_pairs=[[256, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
            "[0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], block_bases=[], "
            "shape=[256, 32])",
            {256, 32}, 8, v39, 90) == Counts{{"ld.shared.b8", 64}, {"st.shared.b8", 64}});
  // kernel 31166 (32-bit): SLP takes a bit reversal among R's operands as a
  // lane of its own (`and` by -1, amount 0); the model's lanes would prove 8
  // bytes, the wheel's none
  CHECK(via_shared_counts(
            "DistributedLinearLayout(reg_bases=[[0, 32], [0, 1], [0, 8], [0, 4]], lane_bases=[[8, 0], [4, 0], [0, 2], "
            "[1, 0], [0, 16]], warp_bases=[[2, 0]], block_bases=[], shape=[16, 64])",
            "PaddedSharedLayout(interval_padding_pairs=[[64, 2], [4096, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], "
            "[0, 8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, 64])",
            {16, 64}, 32, v39, 90) == Counts{{"ld.shared.b32", 16}, {"st.shared.b32", 16}});
  // seed 7601 kernel 108043 (16-bit): R's one unkept term, `and (shl tid,
  // 8), 2176` of two bits, is SLP's first lane (a copyable `shl` by 0), the
  // vector <0, 1, 3, 6>: no lane by 1 or more for all, nothing proved
  CHECK(via_shared_counts(
            "DistributedLinearLayout(reg_bases=[[0, 2], [0, 1], [0, 0], [1, 0], [2, 0], [0, 4], [16, 0]], "
            "lane_bases=[[64, 0], [8, 0], [4, 0], [32, 0], [0, 8]], warp_bases=[[0, 32], [0, 16]], block_bases=[], "
            "shape=[128, 64])",
            "PaddedSharedLayout(interval_padding_pairs=[[1024, 8]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], "
            "[16, 0], [32, 0], [64, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], block_bases=[], "
            "shape=[128, 64])",
            {128, 64}, 16, v39, 90) == Counts{{"ld.shared.b16", 64}, {"st.shared.b16", 64}});
  // kernel 118039 (8-bit): two unkept terms, neither a lane; the four kept
  // `shl`s by 5, 6, 1, 2 prove register 0's pair
  CHECK(via_shared_counts(
            "DistributedLinearLayout(reg_bases=[[16, 0], [0, 2], [0, 1], [64, 0], [0, 4], [128, 0]], "
            "lane_bases=[[0, 16], [2, 0], [8, 0], [0, 8], [1, 0]], warp_bases=[[4, 0], [32, 0]], block_bases=[], "
            "shape=[256, 32])",
            "PaddedSharedLayout(interval_padding_pairs=[[16, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
            "[0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], block_bases=[], "
            "shape=[256, 32])",
            {256, 32}, 8, v39, 90) == Counts{{"ld.shared.b8", 62},
                                             {"ld.shared.v2.b8", 1},
                                             {"st.shared.b8", 62},
                                             {"st.shared.v2.b8", 1}});
  // golden seed-2480 3.9 line 2358 (8-bit): a single term reaches the
  // interval, R is a chain of GEPs before SLP and nothing is reduced
  CHECK(via_shared_counts(
            "DistributedLinearLayout(reg_bases=[[128, 0], [1, 0], [0, 2], [32, 0], [0, 1], [0, 8]], "
            "lane_bases=[[2, 0], [16, 0], [0, 16], [4, 0], [8, 0]], warp_bases=[[0, 4], [64, 0]], block_bases=[], "
            "shape=[256, 32])",
            "PaddedSharedLayout(interval_padding_pairs=[[2048, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
            "[0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], block_bases=[], "
            "shape=[256, 32])",
            {256, 32}, 8, v39, 90) == Counts{{"ld.shared.b8", 64}, {"st.shared.b8", 64}});
}

TEST_CASE("codegen: 3.9 padded: an 8-bit term the index code pulled out of its coordinate is SLP's `and` lane",
          "[codegen]") {
  const auto v39 = ls::TritonVersion::v3_9;
  // golden screen76-3.9 line 6: the rows' `(tid & 3) << 4` times the stride
  // 16 is R's `(tid & 3) << 8` (foldShiftOfShiftedBinOp pulls it out): one
  // value, `and (shl tid, 8), 768`, SLP's first lane, the vector <0, 1, 3,
  // 5> of masks 768, 16, 8, 4: register 0's four bytes are one b32 (as a
  // kept `shl (tid & 3), 8`, its lanes by 1, 3, 5 and 8 joined every pair)
  CHECK(via_shared_counts(
            "DistributedLinearLayout(reg_bases=[[0, 8], [0, 2], [64, 0], [0, 1], [1, 0], [0, 4]], lane_bases=[[16, 0], "
            "[32, 0], [8, 0], [4, 0], [2, 0]], warp_bases=[], block_bases=[], shape=[128, 16])",
            "PaddedSharedLayout(interval_padding_pairs=[[64, 16], [128, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], "
            "[0, 8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], shape=[128, 16])",
            {128, 16}, 8, v39, 90) == Counts{{"ld.shared.b32", 1},
                                             {"ld.shared.b8", 60},
                                             {"st.shared.b32", 1},
                                             {"st.shared.b8", 60}});
  // line 11: the pulled term is one bit, `and (shl tid, 5), 512`, still the
  // first lane: the vector <0, 3, 4, 8>, a lane by 0 among them, nothing
  // proved, no pair
  CHECK(via_shared_counts(
            "DistributedLinearLayout(reg_bases=[[0, 2], [64, 0], [4, 0], [0, 4], [0, 1], [2, 0], [0, 8]], "
            "lane_bases=[[16, 0], [1, 0], [128, 0], [8, 0], [32, 0]], warp_bases=[], block_bases=[], "
            "shape=[256, 16])",
            "PaddedSharedLayout(interval_padding_pairs=[[64, 8], [256, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], "
            "[0, 8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], block_bases=[], "
            "shape=[256, 16])",
            {256, 16}, 8, v39, 90) == Counts{{"ld.shared.b8", 128}, {"st.shared.b8", 128}});
  // held-out seed 7704 kernel 178586: R's one unkept term is a single bit
  // of its own, `and (shl tid, k), 4`, a lane all the same (the vector <0,
  // 2, 3, 4> of masks 4, 96, 8, 1): nothing proved, no pair
  CHECK(via_shared_counts(
            "DistributedLinearLayout(reg_bases=[[0, 2], [2, 0], [32, 0], [0, 1]], lane_bases=[[1, 0], [64, 0], [0, 4], "
            "[4, 0], [0, 8]], warp_bases=[[8, 0], [16, 0]], block_bases=[], shape=[128, 16])",
            "PaddedSharedLayout(interval_padding_pairs=[[128, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
            "[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], shape=[128, 16])",
            {128, 16}, 8, v39, 90) == Counts{{"ld.shared.b8", 16}, {"st.shared.b8", 16}});
  // golden seed-2540 3.9 line 651 (16-bit): R's kept `lshr (tid & 32), 1`
  // is no lane, and three kept `shl`s leave room for the unkept `and (shl
  // tid, 6), 192` (the vector <8, 5, 7, 0> of masks 4, 8, 16, 192): the
  // masks' common zeros prove 4 bytes, register 0's pair is one v2
  CHECK(via_shared_counts(
            "DistributedLinearLayout(reg_bases=[[0, 4], [0, 1], [0, 16], [0, 2], [4, 0]], lane_bases=[[0, 32], [1, 0], "
            "[8, 0], [2, 0], [16, 0]], warp_bases=[[0, 8]], block_bases=[], shape=[32, 64])",
            "PaddedSharedLayout(interval_padding_pairs=[[64, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
            "[0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, 64])",
            {32, 64}, 16, v39, 90) == Counts{{"ld.shared.b16", 30},
                                             {"ld.shared.v2.b16", 1},
                                             {"st.shared.b16", 30},
                                             {"st.shared.v2.b16", 1}});
}

TEST_CASE("codegen: 3.9 padded: a term whose index twin went into a bit reversal has one use; one padding's bits",
          "[codegen]") {
  const auto v39 = ls::TritonVersion::v3_9;
  // fresh seed 7801 kernel 590 (8-bit): the index code's `(tid & 1) << 5`
  // and `(tid & 8) >> 1` are one bitreverse before R's `or`s are visited,
  // so R's twins of them stay where Triton put them, `((32 | 256) | (2048 |
  // 4)) | (64 | 8)`; the padding's `and (lshr P, 4), 144` shares no bit with
  // R (its mask's bits, not the range 16..128), the `add` is an `or`, every
  // term in reach: register 0 4-byte aligned, 64 bytes in 16 b32 (the model
  // had all 64 apart)
  CHECK(via_shared_counts(
            "DistributedLinearLayout(reg_bases=[[0, 2], [8, 0], [2, 0], [0, 1], [0, 16], [16, 0]], "
            "lane_bases=[[0, 32], [4, 0], [32, 0], [0, 4], [1, 0]], warp_bases=[[0, 8]], block_bases=[], "
            "shape=[64, 64])",
            "PaddedSharedLayout(interval_padding_pairs=[[256, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
            "[0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], shape=[64, 64])",
            {64, 64}, 8, v39, 90) == Counts{{"ld.shared.b32", 16}, {"st.shared.b32", 16}});
  // held-out seed 7811 kernel 57820 (16-bit): the twin rule alone (R's `(tid
  // & 4) >> 1` stays in place, its pair one v2)
  CHECK(via_shared_counts(
            "DistributedLinearLayout(reg_bases=[[4, 0], [0, 4], [0, 1], [0, 16]], lane_bases=[[0, 8], [8, 0], [0, 2], "
            "[1, 0], [2, 0]], warp_bases=[], block_bases=[], shape=[16, 32])",
            "PaddedSharedLayout(interval_padding_pairs=[[32, 8], [256, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], "
            "[0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, 32])",
            {16, 32}, 16, v39, 90) == Counts{{"ld.shared.v2.b16", 8}, {"st.shared.v2.b16", 8}});
  // held-out seed 7811 kernel 241553 (16-bit): the padding rule alone
  CHECK(via_shared_counts(
            "DistributedLinearLayout(reg_bases=[[0, 64], [0, 1], [1, 0], [2, 0], [0, 16], [8, 0]], lane_bases=[[0, 2], "
            "[0, 4], [0, 32], [0, 8], [4, 0]], warp_bases=[], block_bases=[], shape=[16, 128])",
            "PaddedSharedLayout(interval_padding_pairs=[[32, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
            "[0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, 128])",
            {16, 128}, 16, v39, 90) == Counts{{"ld.shared.v2.b16", 32}, {"st.shared.v2.b16", 32}});
}

TEST_CASE("codegen: ptxas knows a register of its own where SelectionDAG keeps its padding's mask", "[codegen]") {
  check_sass({
      {"seed-2408 3.6 line 886: each R | c's padding reads R whole, `((R | c) >> 6) & 72` (R's other operand "
       "`(tid & 1) << 4 | (tid & 60) << 3` is beyond computeKnownBits from the `and`), so ptxas knows every "
       "register 8-byte aligned; 120 load wavefronts on the H200 (the model had every such register unknown: 456)",
       "DistributedLinearLayout(reg_bases=[[0, 1], [1, 0], [2, 0], [4, 0], [0, 2], [0, 4]], lane_bases=[[8, 0], "
       "[0, 8], [16, 0], [32, 0], [64, 0]], warp_bases=[[128, 0]], block_bases=[], shape=[256, 16])",
       "PaddedSharedLayout(interval_padding_pairs=[[256, 4]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], "
       "[32, 0], [64, 0], [128, 0], [0, 1], [0, 2], [0, 4], [0, 8]], block_bases=[], shape=[256, 16])",
       {256, 16}, 16, "LDS.64 x14 + LDS.128 x1", "STS.U16 x50 + STS x1 + STS.64 x1 + STS.128 x1", 120, 424},
      {"seed-2036 3.6 line 607: R = `(tid & 7) << 8 | tid & 24`; SelectionDAG takes R's first operand for R | 128 "
       "(the other, `tid & 24`, known zero at bit 6 and up) and drops the mask: one register, `R + ((tid & 7) << 8 "
       ">> 1)`, that ptxas knows nothing of; its loads stay LDS",
       "BlockedLayout(size_per_thread=[2, 2], threads_per_warp=[8, 4], warps_per_cta=[4, 1], order=[0, 1], "
       "cga_layout=[])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 8], [1024, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], "
       "[0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, 32])",
       {16, 32}, 32, "", nullptr, 512},
      {"seed-2408 3.6 line 659 (8-bit): `ld.shared.b16` pairs at +128/+130 of a 4-byte aligned register are one LDS "
       "each, 64 load wavefronts on the H200 (the model had byte pairs apart: 112)",
       "DistributedLinearLayout(reg_bases=[[0, 1], [1, 0], [0, 0], [0, 2], [2, 0], [0, 4]], lane_bases=[[4, 0], "
       "[8, 0], [0, 8], [0, 16], [0, 32]], warp_bases=[[0, 64]], block_bases=[], shape=[16, 128])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], "
       "[0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, 128])",
       {16, 128}, 8, "LDS x8", nullptr, 64},
      {"codegen-3.6 line 1152 (8-bit, R one term that is the index code's own): the code generator's register of "
       "every R | c is R plus an `lshr` of that term's `shl`, unknown to ptxas, so nothing there joins: 226 store "
       "wavefronts on the H200 (the model had them in R's register: 212)",
       "SliceLayout(dim=0, parent=BlockedLayout(size_per_thread=[1, 2, 2], threads_per_warp=[4, 8, 1], "
       "warps_per_cta=[2, 1, 1], order=[0, 2, 1], cga_layout=[]))",
       "PaddedSharedLayout(interval_padding_pairs=[[64, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], "
       "[0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, 64])",
       {32, 64}, 8, nullptr, "", -1, 226},
      {"seed-2403 3.6 line 3990: R | c is read by one padding (the other interval's is R's own), so the accesses "
       "whose c agree from that interval up share one register, `and`-masked: its 16-bit loads at +256/+258 pair "
       "(each c a register of its own: 56 LDS.U16)",
       "DistributedLinearLayout(reg_bases=[[0, 4], [4, 0], [0, 1], [2, 0], [1, 0], [0, 8]], lane_bases=[[8, 0], "
       "[0, 2], [32, 0], [0, 16], [16, 0]], warp_bases=[], block_bases=[], shape=[64, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 16], [512, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], "
       "[0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], shape=[64, 32])",
       {64, 32}, 16, "LDS x32", nullptr, 128},
      {"seed-2406 3.6 line 2841: R | 520's padding is `(R | 512) >> 3`, bare (InstCombine drops c's bits below the "
       "interval), so the register R | 512, R | 516, ... share is unknown: no LDS.64",
       "DistributedLinearLayout(reg_bases=[[1, 0], [0, 1], [0, 2], [2, 0], [0, 4], [0, 8]], lane_bases=[[0, 16], "
       "[0, 32], [0, 64], [4, 0], [8, 0]], warp_bases=[[16, 0], [32, 0], [64, 0]], block_bases=[], "
       "shape=[128, 128])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 2], [256, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], "
       "[0, 8], [0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], "
       "block_bases=[], shape=[128, 128])",
       {128, 128}, 32, "", nullptr, 1792},
      {"seed-2405 3.6 line 1638: two paddings of shift 3 share one `lshr` of R | c, whose bits from the shift up "
       "their `and`s demand: R | 64 and R | 66 in one register (each c its own: LDS.U16 x12 + LDS x2)",
       "DistributedLinearLayout(reg_bases=[[1, 0], [2, 0], [0, 1], [0, 2]], lane_bases=[[4, 0], [0, 4], [0, 8], "
       "[8, 0], [0, 16]], warp_bases=[[16, 0], [32, 0]], block_bases=[], shape=[64, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 2], [32, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
       "[0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], shape=[64, 32])",
       {64, 32}, 16, "LDS x8", nullptr, 64},
      {"seed-2403 3.6 line 3269: shift 1 keeps R | 64 and R | 68 apart (c's bits from the interval up: LDS.64 x4)",
       "DistributedLinearLayout(reg_bases=[[0, 1], [1, 0], [0, 2], [2, 0]], lane_bases=[[0, 4], [4, 0], [0, 8], "
       "[8, 0], [16, 0]], warp_bases=[[0, 16]], block_bases=[], shape=[32, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 8], [32, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], "
       "[0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, 32])",
       {32, 32}, 16, "LDS x6 + LDS.64 x1", nullptr},
  });
}

TEST_CASE("codegen: R & M that is the one term the padding reads is that term", "[codegen]") {
  check_golden({
      {"seed-2510 3.6 line 814: R = `(tid & 1) << 9 | tid & 28` (bytes), 16 elements of padding every 16; "
       "`(R | c) & M` becomes R's first term plus c & M although its `tid & 1` has other uses, so every access "
       "joins R's chain and every pair is one `v2.b16`",
       "SliceLayout(dim=1, parent=BlockedLayout(size_per_thread=[4, 2, 2], threads_per_warp=[2, 2, 8], "
       "warps_per_cta=[1, 8, 1], order=[0, 1, 2], cga_layout=[]))",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 16], [2048, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], "
       "[0, 8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], "
       "shape=[64, 64])",
       {64, 64}, 16, ls::TritonVersion::v3_6, 90,
       {{"st.shared.v2.b16", 128}, {"ld.shared.v2.b16", 128}}},
  });
}

TEST_CASE("codegen: 3.9 folds disjoint XORs into `or`s before the moves; two bare paddings of one node are one GEP",
          "[codegen]") {
  check_golden({
      {"drawn with the 3.9 wheel (seed 6007, case 5060): Triton XORs R's disjoint terms, InstCombine makes the `xor` "
       "an `or disjoint`, and the index code's `tid & m` moves out of it: 32-bit words stay apart as the wheel's",
       "BlockedLayout(size_per_thread=[4, 2], threads_per_warp=[8, 4], warps_per_cta=[2, 4], order=[0, 1])",
       "PaddedSharedLayout(interval_padding_pairs=[[32, 8], [4096, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [0, 16], [0, 32], [0, 64], [0, 128], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], "
       "shape=[32, 256])",
       {32, 256}, 32, ls::TritonVersion::v3_9, 90,
       {{"st.shared.b32", 64}, {"ld.shared.b32", 64}}},
      {"seed 6007, case 17054: likewise for 16-bit R",
       "BlockedLayout(size_per_thread=[4, 2], threads_per_warp=[8, 4], warps_per_cta=[2, 4], order=[0, 1])",
       "PaddedSharedLayout(interval_padding_pairs=[[64, 2], [1024, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], shape=[64, 32])",
       {64, 32}, 16, ls::TritonVersion::v3_9, 90,
       {{"st.shared.b16", 8}, {"ld.shared.b16", 8}}},
      {"seed-2027 3.9 line 311, sm_100: both paddings are `lshr N, 4` of one node, one `lshr N, 3` (x >> 4 + x >> "
       "4), so R's node is four GEPs deep, not five, and its kept `shl`s prove 4 bytes",
       "BlockedLayout(size_per_thread=[2, 2], threads_per_warp=[8, 4], warps_per_cta=[2, 4], order=[1, 0])",
       "PaddedSharedLayout(interval_padding_pairs=[[64, 4], [256, 16]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, "
       "0], [16, 0], [32, 0], [64, 0], [128, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], block_bases=[], "
       "shape=[256, 64])",
       {256, 64}, 16, ls::TritonVersion::v3_9, 100,
       {{"st.shared.b32", 32}, {"ld.shared.v2.b16", 32}}},
      {"seed-2300 3.9 line 150: likewise, 8-bit, byte pairs join",
       "DistributedLinearLayout(reg_bases=[[0, 1], [0, 0], [1, 0], [0, 2]], lane_bases=[[0, 4], [2, 0], [4, 0], [0, "
       "8], [0, 16]], warp_bases=[[0, 32], [8, 0], [16, 0]], block_bases=[], shape=[32, 64])",
       "PaddedSharedLayout(interval_padding_pairs=[[64, 8], [128, 16]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, "
       "0], [16, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], block_bases=[], shape=[32, 64])",
       {32, 64}, 8, ls::TritonVersion::v3_9, 90,
       {{"st.shared.v2.b8", 4}, {"ld.shared.v2.b8", 4}}},
      {"seed-2480 3.9 line 62: the one `lshr` would share no bit with R, so InstCombine folds the paddings into "
       "R's `or` tree instead: no GEP merged, every byte apart",
       "BlockedLayout(size_per_thread=[2, 8], threads_per_warp=[8, 4], warps_per_cta=[2, 4], order=[1, 0])",
       "PaddedSharedLayout(interval_padding_pairs=[[128, 2], [512, 8]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, "
       "0], [16, 0], [32, 0], [64, 0], [128, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], block_bases=[], "
       "shape=[256, 64])",
       {256, 64}, 8, ls::TritonVersion::v3_9, 90,
       {{"st.shared.b8", 128}, {"ld.shared.b8", 128}}},
  });
}

TEST_CASE("codegen: 3.9's ptxas reads the mask of a multi-bit term shifted right", "[codegen]") {
  // H200 set s60-pairs case 3 (seed 6004): R holds `shr (and tid, 192), 2`; ptxas-blackwell knows R
  // 4-byte aligned and runs the 64 ld.shared.b16 as 32 LDS (the H200 counted 512 load wavefronts)
  auto r = cg::via_shared(at("SliceLayout(dim=1, parent=BlockedLayout(size_per_thread=[4, 2, 2], threads_per_warp=[4, "
                             "2, 4], warps_per_cta=[2, 1, 4], order=[0, 2, 1]))", {256, 32}),
                          at("PaddedSharedLayout(interval_padding_pairs=[[256, 8]], offset_bases=[[0, 1], [0, 2], [0, "
                             "4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, "
                             "0]], block_bases=[], shape=[256, 32])", {256, 32}),
                          16, {ls::TritonVersion::v3_9, 90});
  CHECK(r.ptx_per_thread.at("ld.shared.b16") == 64);
  REQUIRE(r.instrs[2].ptxas);
  CHECK(r.instrs[2].ptxas->instruction == "LDS x32");
  CHECK(r.shared_load_wavefronts == 512);
  CHECK(r.shared_store_wavefronts == 1024);  // its 16-bit stores do not follow one another
}

TEST_CASE("codegen: 3.9's 8-bit loads of words are loaded word by word and joined anew", "[codegen]") {
  check_golden({
      {"fresh 3.9 seed 5908 line 396: padding (4 bytes every 64) misaligns Triton's v2.b32 loads; VectorCombine "
       "loads each word alone and the LoadStoreVectorizer, filling the padding's gaps, joins them at their true "
       "places: 60 v2.b32 and 8 b32 (the stores stay misaligned v2.b32)",
       "SliceLayout(dim=0, parent=BlockedLayout(size_per_thread=[1, 2, 8], threads_per_warp=[2, 16, 1], "
       "warps_per_cta=[2, 2, 1], order=[2, 0, 1], cga_layout=[]))",
       "PaddedSharedLayout(interval_padding_pairs=[[64, 4], [512, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
       "[0, 16], [0, 32], [0, 64], [0, 128], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, 256])",
       {16, 256}, 8, ls::TritonVersion::v3_9, 90,
       {{"st.shared.v2.b32", 64}, {"ld.shared.v2.b32", 60}, {"ld.shared.b32", 8}}},
      {"held-out 3.9 seed 6101 (sm_100): v4.b32 words joined anew over the filled padding, 36 loads of 32 stores",
       "SliceLayout(dim=0, parent=BlockedLayout(size_per_thread=[1, 4, 1], threads_per_warp=[4, 1, 8], "
       "warps_per_cta=[1, 1, 1], order=[1, 0, 2], cga_layout=[]))",
       "PaddedSharedLayout(interval_padding_pairs=[[32, 4], [128, 4]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], "
       "[16, 0], [32, 0], [64, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], block_bases=[], shape=[128, 32])",
       {128, 32}, 8, ls::TritonVersion::v3_9, 100,
       {{"st.shared.v4.b32", 32}, {"ld.shared.v4.b32", 36}}},
      {"seed 6101: likewise where the global store takes single bytes",
       "BlockedLayout(size_per_thread=[8, 2], threads_per_warp=[1, 32], warps_per_cta=[1, 1], order=[0, 1])",
       "PaddedSharedLayout(interval_padding_pairs=[[64, 4], [512, 2]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], "
       "[16, 0], [32, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], block_bases=[], shape=[64, 32])",
       {64, 32}, 8, ls::TritonVersion::v3_9, 90,
       {{"st.shared.v2.b32", 16}, {"ld.shared.v2.b32", 15}, {"ld.shared.b32", 2}}},
      {"Triton 3.6's LLVM fills no gaps: the same kernel keeps Triton's misaligned vectors",
       "BlockedLayout(size_per_thread=[8, 2], threads_per_warp=[1, 32], warps_per_cta=[1, 1], order=[0, 1])",
       "PaddedSharedLayout(interval_padding_pairs=[[64, 4], [512, 2]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], "
       "[16, 0], [32, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], block_bases=[], shape=[64, 32])",
       {64, 32}, 8, ls::TritonVersion::v3_6, 90,
       {{"st.shared.v2.b32", 16}, {"ld.shared.v2.b32", 16}}},
  });
  // the words' own addresses: the loads no longer fault, the stores do
  auto r = cg::via_shared(at("SliceLayout(dim=0, parent=BlockedLayout(size_per_thread=[1, 2, 8], threads_per_warp=[2, "
                             "16, 1], warps_per_cta=[2, 2, 1], order=[2, 0, 1]))", {16, 256}),
                          at("PaddedSharedLayout(interval_padding_pairs=[[64, 4], [512, 8]], offset_bases=[[0, 1], [0, "
                             "2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128], [1, 0], [2, 0], [4, 0], [8, 0]], "
                             "block_bases=[], shape=[16, 256])", {16, 256}),
                          8, {ls::TritonVersion::v3_9, 90});
  CHECK_FALSE(r.instrs[1].hardware_fault.empty());
  CHECK(r.instrs[2].hardware_fault.empty());
  CHECK(r.shared_load_wavefronts == 272);
}

TEST_CASE("codegen: 3.9 folds paddings that share no bit with R into R's tree", "[codegen]") {
  check_golden({
      {"fresh 3.9 seed 5907 case 183: R = (tid & 12) << 1 | P, paddings P >> 4 and P >> 5 (bits 5-9, R's 3-4 and "
       "10-12): InstCombine makes R + pads ((tid & 12) << 1 | pads) | P, Reassociate that `add pads, (tid & 12) "
       "<< 1` (the higher rank first), so the paddings' GEPs are innermost and P >> 4 is five deep: no pairs",
       "SliceLayout(dim=0, parent=BlockedLayout(size_per_thread=[2, 4, 2], threads_per_warp=[2, 4, 4], "
       "warps_per_cta=[2, 4, 1], order=[1, 2, 0], cga_layout=[]))",
       "PaddedSharedLayout(interval_padding_pairs=[[32, 2], [128, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
       "[0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, 64])",
       {32, 64}, 32, ls::TritonVersion::v3_9, 90,
       {{"st.shared.b32", 64}, {"ld.shared.b32", 64}}},
      {"seed 5908 line 4334: one bare padding (an `lshr`) and Y the index code's `(tid >> 2) & 6` (an `and`): "
       "Reassociate leaves (Y | pad) an `or`, Y's GEP innermost, the padding's next: byte pairs join",
       "SliceLayout(dim=2, parent=BlockedLayout(size_per_thread=[4, 2, 2], threads_per_warp=[2, 4, 4], "
       "warps_per_cta=[2, 1, 2], order=[0, 2, 1], cga_layout=[]))",
       "PaddedSharedLayout(interval_padding_pairs=[[64, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], "
       "[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], shape=[64, 32])",
       {64, 32}, 8, ls::TritonVersion::v3_9, 90,
       {{"st.shared.v2.b8", 64}, {"ld.shared.v2.b8", 64}}},
      {"unscreened 3.9 seed 6111 line 4776 (sm_100): two paddings folded, every byte apart",
       "SliceLayout(dim=2, parent=BlockedLayout(size_per_thread=[2, 2, 1], threads_per_warp=[2, 2, 8], "
       "warps_per_cta=[1, 2, 2], order=[2, 1, 0], cga_layout=[]))",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 1], [128, 4]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], "
       "[16, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], block_bases=[], shape=[32, 32])",
       {32, 32}, 8, ls::TritonVersion::v3_9, 100,
       {{"st.shared.b8", 128}, {"ld.shared.b8", 128}}},
  });
}

TEST_CASE("codegen: 3.9's first InstCombine on padded R: reversals first, the paddings' reads move terms up",
          "[codegen]") {
  check_golden({
      {"fresh 3.9 seed 5908 case 535: Triton's R is ((tid & 1) << 12 | tid & 64) | (tid & 30) << 1; InstCombine "
       "makes the inner or a zext (bitreverse i13) before reassociateForUses could move tid & 64 (the index code's "
       "too) up, so R's GEPs are (tid & 30) << 1, the reversal, its paddings: 4-byte pairs",
       "BlockedLayout(size_per_thread=[8, 2], threads_per_warp=[2, 16], warps_per_cta=[2, 2], order=[0, 1], "
       "cga_layout=[])",
       "PaddedSharedLayout(interval_padding_pairs=[[32, 4], [512, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [0, 16], [0, 32], [0, 64], [0, 128], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, 256])",
       {16, 256}, 16, ls::TritonVersion::v3_9, 90,
       {{"ld.shared.v2.b16", 32}, {"st.shared.v2.b16", 32}}},
      {"case 3933 (sm_100): seven terms of 16-bit R, each a shl of a kept tid & m at most five deep, prove the 4 "
       "bytes of a pair",
       "DistributedLinearLayout(reg_bases=[[0, 32], [0, 1], [0, 2], [0, 8], [0, 64], [4, 0]], lane_bases=[[1, 0], "
       "[0, 4], [8, 0], [32, 0], [2, 0]], warp_bases=[[16, 0], [0, 16]], block_bases=[], shape=[64, 128])",
       "PaddedSharedLayout(interval_padding_pairs=[[128, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, "
       "16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], shape=[64, 128])",
       {64, 128}, 16, ls::TritonVersion::v3_9, 100,
       {{"ld.shared.v2.b16", 32}, {"st.shared.v2.b16", 32}}},
      {"held-out seed 6202 line 4: 8-bit R of seven terms stays unknown (SLP's reduction of unlike lanes)",
       "DistributedLinearLayout(reg_bases=[[2, 0], [0, 16], [1, 0], [0, 8], [8, 0], [0, 1], [0, 0]], "
       "lane_bases=[[16, 0], [4, 0], [0, 4], [0, 32], [0, 2]], warp_bases=[[0, 64], [32, 0]], block_bases=[], "
       "shape=[64, 128])",
       "PaddedSharedLayout(interval_padding_pairs=[[512, 2], [4096, 4]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, "
       "0], [16, 0], [32, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], block_bases=[], "
       "shape=[64, 128])",
       {64, 128}, 8, ls::TritonVersion::v3_9, 90,
       {{"ld.shared.b8", 64}, {"st.shared.b8", 64}}},
      {"case 2594: the second padding's lshr reads (t1 | t2), then t2 alone; the first InstCombine revisits the "
       "root and moves t2 up, (t1 | t0) | t2: t0 four deep, every access 4-byte aligned",
       "DistributedLinearLayout(reg_bases=[[1, 0], [2, 0], [4, 0], [0, 1]], lane_bases=[[0, 2], [8, 0], [0, 4], [0, "
       "8], [0, 16]], warp_bases=[[0, 32]], block_bases=[], shape=[16, 64])",
       "PaddedSharedLayout(interval_padding_pairs=[[32, 8], [128, 1]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, 64])",
       {16, 64}, 32, ls::TritonVersion::v3_9, 90,
       {{"ld.shared.b32", 16}, {"st.shared.b32", 16}}},
      {"case 1271: after that move InstCombine visits the or it rebuilt and, t2's second use gone, the root again: "
       "tid & 28 (the index code's) moves up each time, pairs join",
       "SliceLayout(dim=2, parent=BlockedLayout(size_per_thread=[4, 2, 1], threads_per_warp=[4, 8, 1], "
       "warps_per_cta=[2, 2, 1], order=[0, 2, 1], cga_layout=[]))",
       "PaddedSharedLayout(interval_padding_pairs=[[512, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, "
       "16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], block_bases=[], shape=[256, 32])",
       {256, 32}, 16, ls::TritonVersion::v3_9, 90,
       {{"ld.shared.v2.b16", 32}, {"st.shared.v2.b16", 32}}},
      {"case 599: the first padding keeps reading (t2 | t0); the second one walking through it moves nothing",
       "DistributedLinearLayout(reg_bases=[[0, 1], [1, 0], [2, 0], [0, 2]], lane_bases=[[0, 4], [4, 0], [8, 0], [0, "
       "8], [0, 16]], warp_bases=[[0, 32], [0, 64]], block_bases=[], shape=[16, 128])",
       "PaddedSharedLayout(interval_padding_pairs=[[64, 16], [128, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, 128])",
       {16, 128}, 32, ls::TritonVersion::v3_9, 90,
       {{"ld.shared.v4.b32", 4}, {"st.shared.v4.b32", 4}}},
      {"unscreened seed 6210 case 3267: R + pads is folded, but P, what the paddings read, is one term ((tid & 96) "
       "<< 7) whose second use is gone by then: the paddings' GEPs stay outermost and (tid & 24) >> 1 five deep "
       "proves nothing",
       "BlockedLayout(size_per_thread=[2, 4], threads_per_warp=[4, 8], warps_per_cta=[1, 4], order=[1, 0], "
       "cga_layout=[])",
       "PaddedSharedLayout(interval_padding_pairs=[[2048, 16], [4096, 8]], offset_bases=[[1, 0], [2, 0], [4, 0], "
       "[8, 0], [16, 0], [32, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], block_bases=[], "
       "shape=[64, 128])",
       {64, 128}, 16, ls::TritonVersion::v3_9, 90,
       {{"ld.shared.b16", 64}, {"st.shared.b16", 64}}},
      {"unscreened 3.9 seed 6210 case 2803: R = (tid << 1) & 254; row 7's constant 1792 plus its padding 16 shares "
       "bit 4 with R, so R + 1808 stays an add (a constant GEP of R's chain, no base of its own) and every byte "
       "pair joins",
       "DistributedLinearLayout(reg_bases=[[1, 0], [2, 0], [4, 0], [8, 0], [0, 1]], lane_bases=[[0, 2], [0, 4], [0, "
       "8], [0, 16], [0, 32]], warp_bases=[[0, 64], [0, 128]], block_bases=[], shape=[16, 256])",
       "PaddedSharedLayout(interval_padding_pairs=[[1024, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, "
       "16], [0, 32], [0, 64], [0, 128], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, 256])",
       {16, 256}, 8, ls::TritonVersion::v3_9, 90,
       {{"ld.shared.v2.b8", 16}, {"st.shared.v2.b8", 16}}},
      {"held-out 3.9 seed 6214 line 10: R = (tid << 1) & 14; the access at row constant 3264, padded 4080, drops "
       "the and, or (tid << 1), 4080, whose range [4080, 4094] BasicAA keeps clear of the pairs of R + 4000 and the "
       "rest: they join",
       "BlockedLayout(size_per_thread=[2, 8], threads_per_warp=[32, 1], warps_per_cta=[1, 1], order=[1, 0], "
       "cga_layout=[])",
       "PaddedSharedLayout(interval_padding_pairs=[[32, 8]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], [0, 1], "
       "[0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128]], block_bases=[], shape=[16, 256])",
       {16, 256}, 8, ls::TritonVersion::v3_9, 90,
       {{"ld.shared.b8", 2}, {"ld.shared.v2.b8", 255}, {"st.shared.b8", 2}, {"st.shared.v2.b8", 255}}},
  });
}

TEST_CASE("codegen: 3.9's SLP reduces an and (lshr tid, k), m lane with other and lanes and a select", "[codegen]") {
  check_golden({
      {"fresh 3.9 seed 6210 line 1078: R is tid & 16, (tid >> 1) & 4, (tid << 7) & 384 and a select; SLP makes them "
       "one and bundle of copyable lanes (the select and x, -1): R's bits lost, so R ^ 36 and R ^ 37 stay apart, 56 "
       "single bytes",
       "DistributedLinearLayout(reg_bases=[[32, 0], [0, 1], [1, 0], [2, 0], [16, 0], [0, 0], [0, 2]], "
       "lane_bases=[[4, 0], [8, 0], [0, 8], [0, 4], [0, 16]], warp_bases=[], block_bases=[], shape=[64, 32])",
       "SharedLinearLayout(offset_bases=[[0, 1], [0, 3], [0, 4], [0, 11], [0, 16], [1, 4], [2, 0], [4, 0], [8, 0], "
       "[20, 0], [32, 0]], block_bases=[], alignment=16)",
       {64, 32}, 8, ls::TritonVersion::v3_9, 90,
       {{"ld.shared.b8", 56}, {"ld.shared.v2.b8", 4}, {"st.shared.b8", 56}, {"st.shared.v2.b8", 4}}},
      {"held-out seed 6301 (sm_100): an and (lshr tid, k), m lane among and lanes and a select alone, no shift "
       "outermost: the same reduction",
       "BlockedLayout(size_per_thread=[1, 2], threads_per_warp=[16, 2], warps_per_cta=[4, 2], order=[1, 0], "
       "cga_layout=[])",
       "SharedLinearLayout(offset_bases=[[0, 8], [0, 9], [16, 0], [4, 9], [8, 0], [0, 4], [40, 0], [0, 16], [2, 0], "
       "[0, 11], [1, 0]], block_bases=[], alignment=16)",
       {64, 32}, 16, ls::TritonVersion::v3_9, 100,
       {{"ld.shared.b16", 4}, {"ld.shared.v2.b16", 2}, {"st.shared.b16", 8}}},
  });
}

TEST_CASE("codegen: BasicAA keeps R and R ^ c apart, chains joined in the LoadStoreVectorizer's order",
          "[codegen]") {
  check_golden({
      {"fresh 3.9 seed 6210 line 1250: R ^ 9 is (R ^ 8) + 1 and sinks past R + 1 (BasicAA: R ^ 8 and R differ, "
       "single bytes at one constant): 8 byte pairs",
       "DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[3, 0], warps_per_cta=[8, 1], "
       "instr_shape=[16, 32, 32], cga_layout=[]), k_width=4)",
       "SharedLinearLayout(offset_bases=[[0, 2], [0, 16], [1, 16], [0, 3], [16, 0], [4, 3], [0, 8], [0, 4], [2, 3], "
       "[8, 0]], block_bases=[], alignment=16)",
       {32, 32}, 8, ls::TritonVersion::v3_9, 90,
       {{"ld.shared.v2.b8", 8}, {"st.shared.v2.b8", 8}}},
      {"held-out seed 6303 line 4: the same, but R + 1544 meets R ^ 6's pairs joined before it (two bytes), and its "
       "pairs stay apart where Triton's do",
       "SliceLayout(dim=2, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 1, 1], instr_shape=[1, "
       "16, 8], cga_layout=[]))",
       "SharedLinearLayout(offset_bases=[[1, 0], [3, 0], [5, 0], [11, 0], [5, 1], [5, 3], [3, 4], [5, 8], [5, 19], "
       "[0, 32], [0, 64]], block_bases=[], alignment=16)",
       {16, 128}, 8, ls::TritonVersion::v3_9, 90,
       {{"ld.shared.v2.b8", 128}, {"st.shared.b8", 16}, {"st.shared.v2.b8", 120}}},
      {"held-out seed 6304 (sm_90): chains joined in the LoadStoreVectorizer's order",
       "DistributedLinearLayout(reg_bases=[[16, 0], [0, 8], [0, 2], [0, 4], [0, 16], [0, 1]], lane_bases=[[0, 32], "
       "[2, 0], [1, 0], [4, 0], [8, 0]], warp_bases=[], block_bases=[], shape=[32, 64])",
       "SharedLinearLayout(offset_bases=[[0, 1], [0, 3], [0, 4], [0, 8], [0, 19], [0, 40], [1, 19], [2, 40], [6, "
       "40], [8, 0], [16, 3]], block_bases=[], alignment=16)",
       {32, 64}, 8, ls::TritonVersion::v3_9, 90,
       {{"ld.shared.v2.b32", 8}, {"st.shared.v2.b32", 8}}},
      {"held-out seed 6304 (sm_80)",
       "DistributedLinearLayout(reg_bases=[[2, 0], [16, 0], [0, 1], [1, 0]], lane_bases=[[0, 4], [0, 2], [0, 8], "
       "[4, 0], [0, 16]], warp_bases=[[8, 0]], block_bases=[], shape=[32, 32])",
       "SharedLinearLayout(offset_bases=[[0, 1], [0, 2], [0, 6], [0, 10], [0, 18], [1, 2], [2, 1], [6, 1], [8, 0], "
       "[17, 2]], block_bases=[], alignment=16)",
       {32, 32}, 8, ls::TritonVersion::v3_9, 80,
       {{"ld.shared.b8", 12}, {"ld.shared.v2.b8", 2}, {"st.shared.b8", 12}, {"st.shared.v2.b8", 2}}},
      {"golden seed-2530 3.6 line 330 (sm_100): 3.6's BasicAA steps R and R ^ c by 1 (no known trailing zeros "
       "in its GCD), so R + 1 meets R ^ 2 + 2: stepped by R's known zeros this kernel loses 28 byte pairs",
       "SliceLayout(dim=1, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[4, 8, 1], instr_shape=[1, "
       "16, 8], cga_layout=[]))",
       "SharedLinearLayout(offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 17], [1, 17], [2, 8], [4, 8], [8, 0], "
       "[17, 17], [32, 0], [64, 8], [128, 8]], block_bases=[], alignment=16)",
       {256, 32}, 8, ls::TritonVersion::v3_6, 100,
       {{"ld.shared.b16", 128}, {"ld.shared.b8", 256}, {"st.shared.b16", 128}, {"st.shared.b8", 256}}},
      {"held-out 3.6 seed 6302 line 2: (R ^ 2) + 130 keeps R + 129 from sinking (3.6's debug log), one pair fewer "
       "where R's known zeros step the GCD",
       "DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 1], "
       "instr_shape=[16, 8], cga_layout=[]), k_width=4)",
       "SharedLinearLayout(offset_bases=[[0, 1], [0, 3], [0, 4], [0, 11], [1, 0], [2, 0], [4, 0], [8, 0], [16, 3]], "
       "block_bases=[], alignment=16)",
       {32, 16}, 8, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b8", 8}, {"ld.shared.v2.b8", 4}, {"st.shared.b8", 8}, {"st.shared.v2.b8", 4}}},
  });
}

TEST_CASE("codegen: 3.9's SLP takes a bit reversal of R's terms as one operand", "[codegen]") {
  check_golden({
      {"fresh 3.9 seed 6411 line 400: InstCombine's `zext (bitreverse (trunc tid & 3))` is one operand beside two "
       "selects and an `and`: SLP reduces nothing, R + 0 4-byte aligned, every pair joins",
       "SliceLayout(dim=0, parent=BlockedLayout(size_per_thread=[1, 2, 8], threads_per_warp=[1, 8, 4], "
       "warps_per_cta=[1, 1, 1], order=[2, 1, 0], cga_layout=[]))",
       "SharedLinearLayout(offset_bases=[[0, 2], [0, 34], [4, 0], [0, 4], [2, 34], [0, 16], [0, 8], [8, 4], [1, 0], "
       "[0, 1]], block_bases=[], alignment=16)",
       {16, 64}, 16, ls::TritonVersion::v3_9, 90,
       {{"ld.shared.v2.b16", 16}, {"st.shared.b32", 16}}},
  });
}

TEST_CASE("codegen: 3.9's InstCombine joins a kept term's lshr to a padding's, one GEP fewer or one level more",
          "[codegen]") {
  check_golden({
      {"fresh 3.9 seed 6210 line 2654: Y's `lshr (tid & 128), 3` joins the padding's `lshr` by 3, so R's high terms "
       "sit six deep under the padding: R + 0 proves 2 bytes, no pair joins",
       "SliceLayout(dim=0, parent=BlockedLayout(size_per_thread=[2, 2, 2], threads_per_warp=[4, 4, 2], "
       "warps_per_cta=[2, 2, 2], order=[2, 0, 1], cga_layout=[]))",
       "PaddedSharedLayout(interval_padding_pairs=[[32, 4]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], "
       "[32, 0], [64, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], block_bases=[], shape=[128, 64])",
       {128, 64}, 16, ls::TritonVersion::v3_9, 90,
       {{"ld.shared.b16", 256}, {"st.shared.b16", 256}}},
      {"seed 6406 (32-bit): the padding's GEP its own, the same fold: 4 bytes proved, no pair",
       "SliceLayout(dim=1, parent=BlockedLayout(size_per_thread=[2, 8, 2], threads_per_warp=[1, 16, 2], "
       "warps_per_cta=[2, 2, 2], order=[1, 2, 0], cga_layout=[]))",
       "PaddedSharedLayout(interval_padding_pairs=[[64, 4]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], "
       "[32, 0], [64, 0], [128, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], block_bases=[], shape=[256, "
       "64])",
       {256, 64}, 32, ls::TritonVersion::v3_9, 90,
       {{"ld.shared.b32", 2048}, {"st.shared.b32", 2048}}},
      {"seed 6406 (16-bit): the same where a second interval is out of R's reach",
       "SliceLayout(dim=0, parent=BlockedLayout(size_per_thread=[2, 2, 8], threads_per_warp=[16, 1, 2], "
       "warps_per_cta=[1, 2, 2], order=[2, 0, 1], cga_layout=[]))",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 1], [1024, 16]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, "
       "0], [16, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], block_bases=[], shape=[32, 32])",
       {32, 32}, 16, ls::TritonVersion::v3_9, 90,
       {{"ld.shared.b16", 128}, {"st.shared.b16", 128}}},
      {"seed 6406 (8-bit): Y's term an `and (lshr tid, 6), 2` (its `and` of one use): no fold, pairs join",
       "SliceLayout(dim=1, parent=BlockedLayout(size_per_thread=[2, 1, 2], threads_per_warp=[4, 8, 1], "
       "warps_per_cta=[2, 2, 2], order=[0, 1, 2], cga_layout=[]))",
       "PaddedSharedLayout(interval_padding_pairs=[[256, 4], [4096, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, 128])",
       {32, 128}, 8, ls::TritonVersion::v3_9, 80,
       {{"ld.shared.v2.b8", 128}, {"st.shared.v2.b8", 128}}},
      {"fresh 3.9 seed 6411 line 4636: the masked padding of R and the padding of `(tid & 128) << 6` (its `and` "
       "kept) are one `lshr` by 3, one GEP: R's `shl`s five deep, R + 0 8-byte aligned",
       "DistributedLinearLayout(reg_bases=[[1, 0], [2, 0], [0, 1], [0, 2]], lane_bases=[[0, 4], [0, 8], [4, 0], [0, "
       "16], [0, 32]], warp_bases=[[0, 64], [0, 128], [8, 0]], block_bases=[], shape=[16, 256])",
       "PaddedSharedLayout(interval_padding_pairs=[[64, 8], [2048, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [0, 16], [0, 32], [0, 64], [0, 128], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, 256])",
       {16, 256}, 32, ls::TritonVersion::v3_9, 90,
       {{"ld.shared.v2.b32", 8}, {"st.shared.v2.b32", 8}}},
      {"held-out seed 6409 line 1 (sm_100, 32-bit): the same, 16 bytes",
       "DistributedLinearLayout(reg_bases=[[1, 0], [0, 0], [0, 1], [0, 2], [0, 4], [2, 0]], lane_bases=[[4, 0], [8, "
       "0], [16, 0], [0, 8], [0, 16]], warp_bases=[[0, 32], [32, 0]], block_bases=[], shape=[64, 64])",
       "PaddedSharedLayout(interval_padding_pairs=[[32, 8], [2048, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], shape=[64, 64])",
       {64, 64}, 32, ls::TritonVersion::v3_9, 100,
       {{"ld.shared.v4.b32", 8}, {"st.shared.v4.b32", 8}}},
      {"seed 6409 line 5 (32-bit): the second padding reads only bit 12 of `(tid & 192) << 5`, `(tid >> 3) & 16`: "
       "two GEPs, R's `shl`s too deep",
       "DistributedLinearLayout(reg_bases=[[2, 0], [0, 1], [0, 4]], lane_bases=[[1, 0], [4, 0], [0, 2], [8, 0], [0, "
       "8]], warp_bases=[[0, 16], [16, 0], [32, 0]], block_bases=[], shape=[64, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[64, 8], [1024, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], shape=[64, 32])",
       {64, 32}, 32, ls::TritonVersion::v3_9, 90,
       {{"ld.shared.b32", 8}, {"st.shared.b32", 8}}},
  });
}

TEST_CASE("codegen: 3.9's SLP reduction of four and lanes makes R of seven terms shallow", "[codegen]") {
  check_golden({
      {"fresh 3.9 seed 6210 line 1825: seven terms; SLP reduces four and lanes, the other three stay scalar beside "
       "the reduction, so R is shallow and R + 0 proves 4 bytes: 17 pairs",
       "NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 2], instr_shape=[16, 8], cga_layout=[])",
       "SharedLinearLayout(offset_bases=[[8, 0], [0, 8], [0, 16], [16, 0], [8, 1], [4, 0], [2, 0], [64, 0], [0, 4], "
       "[32, 0], [1, 0], [0, 18], [128, 0]], block_bases=[], alignment=16)",
       {256, 32}, 16, ls::TritonVersion::v3_9, 90,
       {{"ld.shared.b16", 30}, {"ld.shared.v2.b16", 17}, {"st.shared.b16", 30}, {"st.shared.b32", 17}}},
      {"line 781 (sm_100, 32-bit): the same",
       "DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], "
       "instr_shape=[16, 8, 8], cga_layout=[]), k_width=1)",
       "SharedLinearLayout(offset_bases=[[0, 8], [128, 8], [128, 9], [32, 0], [2, 0], [32, 4], [0, 16], [32, 6], "
       "[1, 0], [64, 0], [16, 0], [8, 0], [4, 0]], block_bases=[], alignment=16)",
       {256, 32}, 32, ls::TritonVersion::v3_9, 100,
       {{"ld.shared.b32", 42}, {"ld.shared.v2.b32", 11}, {"st.shared.b32", 60}, {"st.shared.v2.b32", 2}}},
      {"held-out seed 6307 line 1: the same",
       "DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], "
       "instr_shape=[16, 8, 8], cga_layout=[]), k_width=1)",
       "SharedLinearLayout(offset_bases=[[0, 64], [8, 64], [0, 32], [0, 16], [0, 4], [4, 0], [40, 64], [16, 0], [2, "
       "0], [1, 0], [0, 2], [0, 5], [0, 8]], block_bases=[], alignment=16)",
       {64, 128}, 32, ls::TritonVersion::v3_9, 90,
       {{"ld.shared.b32", 42}, {"ld.shared.v2.b32", 11}, {"st.shared.b32", 64}}},
      {"seed 6306 line 2: two and (shl) lanes left beside the select and the reduction, which SLP reduces again as "
       "unlike lanes: R's bits lost, every access alone",
       "NVMMADistributedLayout(version=[3, 0], warps_per_cta=[8, 1], instr_shape=[16, 128, 16], cga_layout=[])",
       "SharedLinearLayout(offset_bases=[[0, 32], [8, 0], [0, 33], [0, 4], [32, 0], [1, 33], [64, 0], [4, 0], [0, "
       "8], [0, 64], [0, 2], [2, 0], [0, 80], [16, 0]], block_bases=[], alignment=16)",
       {128, 128}, 16, ls::TritonVersion::v3_9, 90,
       {{"ld.shared.b16", 64}, {"st.shared.b16", 64}}},
      {"seed 6306 line 5: the two and lanes left shift right and left, an alternate-op bundle SLP leaves alone: R's "
       "bits kept",
       "NVMMADistributedLayout(version=[2, 0], warps_per_cta=[1, 8], instr_shape=[16, 8], cga_layout=[])",
       "SharedLinearLayout(offset_bases=[[32, 0], [2, 0], [0, 2], [0, 32], [4, 0], [32, 1], [0, 16], [8, 0], [0, "
       "4], [16, 2], [17, 2], [0, 8]], block_bases=[], alignment=16)",
       {64, 64}, 8, ls::TritonVersion::v3_9, 90,
       {{"ld.shared.b8", 6}, {"ld.shared.v2.b8", 5}, {"st.shared.b8", 6}, {"st.shared.v2.b8", 5}}},
      {"held-out seed 6308 line 1: three and lanes left, reduced again with the first reduction over gathered "
       "operands: R's bits lost",
       "NVMMADistributedLayout(version=[2, 0], warps_per_cta=[8, 1], instr_shape=[16, 8], cga_layout=[])",
       "SharedLinearLayout(offset_bases=[[8, 0], [16, 0], [16, 16], [0, 2], [64, 0], [4, 0], [8, 32], [16, 20], "
       "[128, 2], [1, 0], [16, 24], [0, 1], [32, 0], [2, 0]], block_bases=[], alignment=16)",
       {256, 64}, 16, ls::TritonVersion::v3_9, 90,
       {{"ld.shared.b16", 64}, {"st.shared.b16", 64}}},
  });
}

TEST_CASE("codegen: 3.6 index code: a bit reversal InstCombine finds after reassociateForUses", "[codegen]") {
  check_golden({
      {"held-out 3.6 seed 6501 kernel 78533: the outer `or` over an inner bit reversal reverses too (the matcher "
       "reads through it): all three `tid & m` gone",
       "DistributedLinearLayout(reg_bases=[[1, 0], [0, 1]], lane_bases=[[0, 8], [0, 4], [0, 2], [2, 0], [8, 0]], "
       "warp_bases=[[4, 0]], block_bases=[], shape=[16, 16])",
       "PaddedSharedLayout(interval_padding_pairs=[[128, 8], [2048, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, 16])",
       {16, 16}, 32, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b32", 2}, {"ld.shared.v2.b32", 1}, {"st.shared.b32", 2}, {"st.shared.v2.b32", 1}}},
      {"held-out 3.6 seed 6502 kernel 53704: R's `tid & 2` is the index code's own term (EarlyCSE), no other term "
       "reads `tid & 2`: one use, no reassociation, no reversal",
       "DistributedLinearLayout(reg_bases=[[0, 16], [2, 0], [1, 0], [0, 1], [0, 4]], lane_bases=[[0, 32], [0, 2], "
       "[0, 8], [8, 0], [4, 0]], warp_bases=[], block_bases=[], shape=[16, 64])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 1], [4096, 1]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, 64])",
       {16, 64}, 8, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b8", 32}, {"st.shared.b8", 32}}},
  });
}

TEST_CASE("codegen: 3.6 SLP of four kept shl lanes: the vector proves its lanes together", "[codegen]") {
  check_golden({
      {"golden seed-2403 3.6 line 3793: SLP reduces four kept `shl (tid & m), k` lanes; their vector proves masks "
       "2, 4, 64, 48 shifted by at least 1, 4 bytes, for R + 0 alone (the reduction five deep): one pair joins",
       "DistributedLinearLayout(reg_bases=[[0, 16], [1, 0], [8, 0], [16, 0], [64, 0]], lane_bases=[[32, 0], [2, 0], "
       "[0, 8], [4, 0], [0, 2]], warp_bases=[[0, 4], [0, 1]], block_bases=[], shape=[128, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[2048, 8], [4096, 4]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, "
       "0], [16, 0], [32, 0], [64, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], block_bases=[], shape=[128, 32])",
       {128, 32}, 16, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b16", 30}, {"ld.shared.v2.b16", 1}, {"st.shared.b16", 30}, {"st.shared.v2.b16", 1}}},
      {"golden seed-2403 3.6 sm_100 line 1477: the same, one load pair",
       "DistributedLinearLayout(reg_bases=[[32, 0], [1, 0], [0, 2], [16, 0], [0, 1], [4, 0]], lane_bases=[[0, 8], "
       "[2, 0], [8, 0], [0, 4], [64, 0]], warp_bases=[], block_bases=[], shape=[128, 16])",
       "PaddedSharedLayout(interval_padding_pairs=[[64, 8], [128, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], shape=[128, 16])",
       {128, 16}, 16, ls::TritonVersion::v3_6, 100,
       {{"ld.shared.b16", 60}, {"ld.shared.v4.b16", 1}, {"st.shared.b16", 64}}},
      {"golden seed-2405 3.6 line 2534: the same",
       "DistributedLinearLayout(reg_bases=[[32, 0], [2, 0], [8, 0], [64, 0], [1, 0], [0, 16]], lane_bases=[[128, "
       "0], [0, 2], [4, 0], [0, 4], [0, 1]], warp_bases=[[16, 0], [0, 8]], block_bases=[], shape=[256, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[4096, 4]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], [16, "
       "0], [32, 0], [64, 0], [128, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], block_bases=[], shape=[256, 32])",
       {256, 32}, 16, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b16", 62}, {"ld.shared.v2.b16", 1}, {"st.shared.b16", 62}, {"st.shared.v2.b16", 1}}},
      {"seed-2470 3.6 line 689: the kept lanes' vector proves 2 bytes (mask 1 shifted by at least 1), not each "
       "lane's 64: nothing beyond the 8 Triton gives",
       "DistributedLinearLayout(reg_bases=[[0, 1], [0, 8], [0, 32], [0, 2], [0, 64]], lane_bases=[[0, 16], [4, 0], "
       "[1, 0], [2, 0], [8, 0]], warp_bases=[[0, 4], [16, 0]], block_bases=[], shape=[32, 128])",
       "PaddedSharedLayout(interval_padding_pairs=[[32, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, "
       "16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, 128])",
       {32, 128}, 32, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.v2.b32", 16}, {"st.shared.v2.b32", 16}}},
      {"seed-2470 3.6 line 472: R's `or`s split into GEPs before SLP: no reduction, nothing proved",
       "DistributedLinearLayout(reg_bases=[[0, 8], [0, 4], [2, 0], [0, 1], [32, 0], [0, 2]], lane_bases=[[64, 0], "
       "[8, 0], [16, 0], [4, 0], [1, 0]], warp_bases=[], block_bases=[], shape=[128, 16])",
       "PaddedSharedLayout(interval_padding_pairs=[[1024, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [1, "
       "0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], shape=[128, 16])",
       {128, 16}, 16, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b16", 64}, {"st.shared.b16", 64}}},
      {"seed-2080 3.6 line 38: the four lanes are R whole: the reduction stays one GEP index, 2 bytes proved",
       "DistributedLinearLayout(reg_bases=[[1, 0], [2, 0], [0, 1], [0, 2], [4, 0], [8, 0]], lane_bases=[[0, 4], [0, "
       "8], [16, 0], [0, 16], [32, 0]], warp_bases=[[64, 0], [128, 0]], block_bases=[], shape=[256, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 4], [32, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], block_bases=[], "
       "shape=[256, 32])",
       {256, 32}, 32, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b32", 62}, {"ld.shared.v2.b32", 1}, {"st.shared.b32", 64}}},
      {"fresh 3.6 seed 6412 line 3761 (swizzled): the vector proves 4 bytes beside the select's 8, no more",
       "DistributedLinearLayout(reg_bases=[[0, 1], [1, 0], [2, 0], [4, 0], [0, 2], [0, 4]], lane_bases=[[8, 0], [0, "
       "8], [16, 0], [0, 16], [32, 0]], warp_bases=[], block_bases=[], shape=[64, 32])",
       "SwizzledSharedLayout(vec=2, per_phase=4, max_phase=4, order=[1, 0], cga_layout=[])",
       {64, 32}, 16, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b32", 16}, {"ld.shared.v2.b32", 8}, {"st.shared.b32", 16}, {"st.shared.v2.b32", 8}}},
      {"held-out 3.6 seed 6503 kernel 10: after SLP, InstCombine moves the extras the index code also uses up "
       "(`((tid & 2 | v) | e8) | e10`): the reduction five below R + 0's address, nothing proved",
       "DistributedLinearLayout(reg_bases=[[1, 0], [0, 1]], lane_bases=[[2, 0], [0, 2], [4, 0], [8, 0], [0, 4]], "
       "warp_bases=[[16, 0], [0, 8], [32, 0]], block_bases=[], shape=[64, 16])",
       "PaddedSharedLayout(interval_padding_pairs=[[512, 2], [1024, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], shape=[64, 16])",
       {64, 16}, 8, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b8", 4}, {"st.shared.b8", 4}}},
      {"held-out 3.6 seed 6503 kernel 7: R is the index code's offset (8-bit), its `(tid & 20) << 5` that code's "
       "own term, an `and (shl)`: three kept lanes, no reduction",
       "DistributedLinearLayout(reg_bases=[[16, 0], [0, 1], [0, 2], [0, 8], [0, 4], [2, 0]], lane_bases=[[4, 0], "
       "[64, 0], [8, 0], [1, 0], [32, 0]], warp_bases=[], block_bases=[], shape=[128, 16])",
       "PaddedSharedLayout(interval_padding_pairs=[[32, 4], [256, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], shape=[128, 16])",
       {128, 16}, 8, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b8", 64}, {"st.shared.b8", 64}}},
      {"held-out 3.6 seed 6507 kernel 3: R's `or`s a chain of GEPs before SLP (split36): nothing reduced, nothing "
       "proved",
       "DistributedLinearLayout(reg_bases=[[4, 0], [2, 0], [1, 0], [0, 1], [16, 0]], lane_bases=[[0, 64], [0, 32], "
       "[8, 0], [0, 8], [0, 16]], warp_bases=[[0, 4], [0, 2]], block_bases=[], shape=[32, 128])",
       "PaddedSharedLayout(interval_padding_pairs=[[2048, 16], [4096, 8]], offset_bases=[[1, 0], [2, 0], [4, 0], "
       "[8, 0], [16, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], block_bases=[], shape=[32, "
       "128])",
       {32, 128}, 16, ls::TritonVersion::v3_6, 100,
       {{"ld.shared.b16", 32}, {"st.shared.b16", 32}}},
  });
}

TEST_CASE("codegen: 3.6 SLP reduces a node of R below its root", "[codegen]") {
  check_golden({
      {"golden seed-2200 3.6 sm_100 line 561: R's own operands are three, but the node of its four kept `shl` "
       "lanes (the padding reads it too) is a reduction of its own; the vector proves 2 bytes at every register "
       "offset, so the row pairs join (v2.b8) where the model had single bytes",
       "DistributedLinearLayout(reg_bases=[[1, 0], [0, 1], [0, 2], [0, 8], [4, 0]], lane_bases=[[0, 4], [32, 0], [2, "
       "0], [0, 16], [16, 0]], warp_bases=[[8, 0]], block_bases=[], shape=[64, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[128, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, "
       "16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], shape=[64, 32])",
       {64, 32}, 8, ls::TritonVersion::v3_6, 100,
       {{"ld.shared.b32", 1}, {"ld.shared.b8", 16}, {"ld.shared.v2.b8", 6}, {"st.shared.b32", 1},
        {"st.shared.b8", 16}, {"st.shared.v2.b8", 6}}},
      {"golden seed-2406 3.6 line 787: the same below a root that is the index code's offset (8-bit), one pair",
       "DistributedLinearLayout(reg_bases=[[0, 4], [8, 0], [1, 0], [0, 16], [0, 1]], lane_bases=[[2, 0], [16, 0], "
       "[4, 0], [0, 8], [0, 2]], warp_bases=[[64, 0], [32, 0]], block_bases=[], shape=[128, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[1024, 16], [2048, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], "
       "[0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], shape=[128, "
       "32])",
       {128, 32}, 8, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b8", 30}, {"ld.shared.v2.b8", 1}, {"st.shared.b8", 30}, {"st.shared.v2.b8", 1}}},
      {"golden seed-2409 3.6 line 353 (32-bit): the padding is a bare `lshr (reduce), 8`, and the vector proves "
       "its lanes' bits from 16 bytes up only: nothing of the padding, no pair",
       "DistributedLinearLayout(reg_bases=[[1, 0], [0, 1], [2, 0], [4, 0], [0, 0]], lane_bases=[[0, 2], [0, 4], [0, "
       "8], [8, 0], [0, 16]], warp_bases=[[16, 0], [0, 32]], block_bases=[], shape=[32, 64])",
       "PaddedSharedLayout(interval_padding_pairs=[[256, 1]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, "
       "16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, 64])",
       {32, 64}, 32, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b32", 16}, {"st.shared.b32", 16}}},
      {"golden seed-2406 3.6 line 191 (16-bit): likewise after SLP, but register 0's access keeps the 4 bytes the "
       "first InferAlignment proved from the lanes' own masks: one load pair",
       "DistributedLinearLayout(reg_bases=[[1, 0], [0, 1], [2, 0], [4, 0], [0, 2], [8, 0]], lane_bases=[[0, 4], [16, "
       "0], [0, 8], [32, 0], [0, 16]], warp_bases=[], block_bases=[], shape=[64, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[32, 1]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], "
       "[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], shape=[64, 32])",
       {64, 32}, 16, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b16", 62}, {"ld.shared.v2.b16", 1}, {"st.shared.b16", 64}}},
      {"golden seed-2403 3.6 line 3251 (8-bit): the padding reads only the lanes' node, whose bits leave its mask "
       "nothing to clear: a bare `lshr (reduce), 2`, nothing proved, no pair",
       "DistributedLinearLayout(reg_bases=[[4, 0], [16, 0], [0, 1], [0, 4], [0, 2], [32, 0]], lane_bases=[[1, 0], "
       "[2, 0], [0, 8], [64, 0], [8, 0]], warp_bases=[[128, 0]], block_bases=[], shape=[256, 16])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], "
       "[2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], block_bases=[], shape=[256, 16])",
       {256, 16}, 8, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b8", 64}, {"st.shared.b8", 64}}},
      {"held-out screen70 line 120: SLP reduces R's node of the four kept lanes and `(tid >> 3) & 4` (the padding's "
       "`lshr` reads that node too); InstCombine after SLP drops the `and` from the padding's operand: a bare `lshr "
       "(reduce), 4`, whose vector proves nothing, so register 0 joins no pair",
       "DistributedLinearLayout(reg_bases=[[2, 0], [1, 0], [0, 8], [8, 0], [32, 0]], lane_bases=[[0, 1], [0, 4], "
       "[16, 0], [64, 0], [0, 2]], warp_bases=[[4, 0], [0, 16]], block_bases=[], shape=[128, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[128, 8]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0],"
       " [32, 0], [64, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], block_bases=[], shape=[128, 32])",
       {128, 32}, 8, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b8", 32}, {"st.shared.b8", 32}}},
      {"held-out screen70 line 116: register 0's padding reads the lanes' reduction, and InstCombine after SLP "
       "bounds its mask by the vector's range (`and (lshr (reduce), 6), 252`: the masks' top bit shifted by the "
       "largest amount their bits allow), so BasicAA keeps R | 2048's stores, of their own padding, clear of it: "
       "register 0 joins R | 1 past them",
       "DistributedLinearLayout(reg_bases=[[128, 0], [0, 8], [1, 0], [0, 1], [32, 0]], lane_bases=[[4, 0], [16, 0], "
       "[2, 0], [8, 0], [0, 4]], warp_bases=[[0, 2], [64, 0]], block_bases=[], shape=[256, 16])",
       "PaddedSharedLayout(interval_padding_pairs=[[256, 4], [2048, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], block_bases=[], shape=[256, 16])",
       {256, 16}, 8, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b8", 30}, {"ld.shared.v2.b8", 1}, {"st.shared.b8", 30}, {"st.shared.v2.b8", 1}}},
      {"held-out screen70 line 16: likewise, sixteen pairs",
       "DistributedLinearLayout(reg_bases=[[1, 0], [2, 0], [32, 0], [0, 8], [0, 1], [128, 0], [0, 4]], "
       "lane_bases=[[0, 2], [4, 0], [16, 0], [64, 0], [8, 0]], warp_bases=[], block_bases=[], shape=[256, 16])",
       "PaddedSharedLayout(interval_padding_pairs=[[128, 2], [4096, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], block_bases=[], shape=[256, 16])",
       {256, 16}, 8, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b8", 96}, {"ld.shared.v2.b8", 16}, {"st.shared.b8", 96}, {"st.shared.v2.b8", 16}}},
  });
}
TEST_CASE("codegen: 3.6 register 0's padding mask, shrunk by the first InstCombine", "[codegen]") {
  check_golden({
      {"held-out screen70 line 37: the first InstCombine shrinks register 0's padding mask to its node's bits (80: "
       "R's four lanes in reach, before the second interval's walk moves one up), R | c's keeps a wider one (32752):"
       " two values, so register 0 joins nothing",
       "DistributedLinearLayout(reg_bases=[[16, 0], [0, 8], [0, 1], [4, 0], [0, 16], [64, 0]], lane_bases=[[2, 0], "
       "[32, 0], [0, 2], [8, 0], [1, 0]], warp_bases=[[0, 4], [0, 32]], block_bases=[], shape=[128, 64])",
       "PaddedSharedLayout(interval_padding_pairs=[[512, 16], [2048, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], "
       "shape=[128, 64])",
       {128, 64}, 8, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b8", 64}, {"st.shared.b8", 64}}},
      {"held-out screen70 line 111: the same with intervals 1024 and 2048",
       "DistributedLinearLayout(reg_bases=[[0, 128], [0, 8], [0, 64], [0, 1], [0, 32], [0, 4]], lane_bases=[[0, 2], "
       "[8, 0], [0, 16], [2, 0], [1, 0]], warp_bases=[[4, 0]], block_bases=[], shape=[16, 256])",
       "PaddedSharedLayout(interval_padding_pairs=[[1024, 8], [2048, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [0, 16], [0, 32], [0, 64], [0, 128], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, 256])",
       {16, 256}, 8, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b8", 64}, {"st.shared.b8", 64}}},
      {"held-out seed 7101 kernel 93788: one interval, nothing moves after register 0's mask shrinks (212), R | 2's "
       "shrinks alike: one value, and register 0's loads join (one ld.shared.b32)",
       "DistributedLinearLayout(reg_bases=[[4, 0], [0, 2], [16, 0], [0, 16], [0, 1]], lane_bases=[[0, 8], [8, 0], "
       "[32, 0], [64, 0], [0, 4]], warp_bases=[[1, 0], [2, 0]], block_bases=[], shape=[128, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[64, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], "
       "[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], shape=[128, 32])",
       {128, 32}, 8, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b32", 1}, {"ld.shared.b8", 28}, {"st.shared.b8", 32}}},
  });
}

TEST_CASE("codegen: 3.6 SLP of the index code's node inside R, and the folds around R's padding", "[codegen]") {
  check_golden({
      {"golden seed-2540 line 214: SLP reduces the index code's column node (four `and`s of tid), one value with R's"
       " node below its root: the accesses at a register offset reach the vector's masks too, all eight byte pairs "
       "join",
       "DistributedLinearLayout(reg_bases=[[1, 0], [0, 16], [16, 0], [0, 0], [0, 64], [0, 1], [8, 0]], "
       "lane_bases=[[2, 0], [4, 0], [0, 8], [0, 4], [0, 2]], warp_bases=[[0, 32], [32, 0]], block_bases=[], "
       "shape=[64, 128])",
       "PaddedSharedLayout(interval_padding_pairs=[[512, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16],"
       " [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], shape=[64, 128])",
       {64, 128}, 8, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b8", 48}, {"ld.shared.v2.b8", 8}, {"st.shared.b8", 48}, {"st.shared.v2.b8", 8}}},
      {"held-out seed 7201 kernel 1052: the index code's reduced node below R's root proves register 0's pair (two "
       "intervals)",
       "DistributedLinearLayout(reg_bases=[[0, 16], [0, 1], [4, 0], [2, 0]], lane_bases=[[1, 0], [0, 2], [0, 8], [0,"
       " 32], [16, 0]], warp_bases=[[0, 4], [8, 0]], block_bases=[], shape=[32, 64])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 4], [256, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8],"
       " [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, 64])",
       {32, 64}, 8, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b8", 14}, {"ld.shared.v2.b8", 1}, {"st.shared.b8", 16}}},
      {"held-out seed 7202 kernel 335414: Reassociate joins R's `(tid << 1) & 32` to the index code's four-`and` "
       "node first (the pair the index code computes), so R holds the column's five-leaf node; SLP's vector is one "
       "level deeper there, out of reach but for register 0",
       "DistributedLinearLayout(reg_bases=[[2, 0], [0, 64], [1, 0], [4, 0], [0, 1]], lane_bases=[[0, 4], [0, 16], "
       "[0, 2], [0, 8], [0, 32]], warp_bases=[[8, 0]], block_bases=[], shape=[16, 128])",
       "PaddedSharedLayout(interval_padding_pairs=[[512, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, "
       "16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, 128])",
       {16, 128}, 8, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b8", 30}, {"ld.shared.v2.b8", 1}, {"st.shared.b8", 30}, {"st.shared.v2.b8", 1}}},
      {"held-out seed 7201 kernel 527: R | 49's padding `(tid >> 4) & 14` shares bits 2 and 3 with R, so R | 49 plus"
       " it stays an `add`, the `and` stays and the access keeps R's base (pad_and_dropped needs the sum an `or`): "
       "its byte pair joins",
       "DistributedLinearLayout(reg_bases=[[1, 0], [2, 0], [0, 1], [0, 2]], lane_bases=[[0, 4], [0, 8], [4, 0], [8, "
       "0], [16, 0]], warp_bases=[[32, 0], [64, 0], [128, 0]], block_bases=[], shape=[256, 16])",
       "PaddedSharedLayout(interval_padding_pairs=[[512, 2], [4096, 1]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], block_bases=[], shape=[256, 16])",
       {256, 16}, 8, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.v2.b8", 8}, {"st.shared.v2.b8", 8}}},
      {"held-out seed 7201 kernel 1290: once the padding reads A = [(128 | 32) | (1024 | 512)] past B = A | 4, R = "
       "(4 | 24) | A; reassociateForUses matches R's first operand, an `or` of one use, and moves nothing when the "
       "read goes on into A: (4 | 24) four levels down, register 0 4-byte aligned",
       "DistributedLinearLayout(reg_bases=[[8, 0], [0, 1], [128, 0], [2, 0], [64, 0]], lane_bases=[[0, 4], [0, 8], "
       "[4, 0], [1, 0], [32, 0]], warp_bases=[[16, 0], [0, 2]], block_bases=[], shape=[256, 16])",
       "PaddedSharedLayout(interval_padding_pairs=[[512, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], "
       "[2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], block_bases=[], shape=[256, 16])",
       {256, 16}, 16, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b16", 30}, {"ld.shared.v2.b16", 1}, {"st.shared.b16", 30}, {"st.shared.v2.b16", 1}}},
      {"held-out seed 7205 kernel 15543: the column's `(tid >> 1) & 20` is the coordinate's XOR list, or-ed to its "
       "four ORs (`reduce | %7`): Reassociate pairs it with R's node of the four, not with R's row term; SLP's "
       "vector one level deeper, register 0's loads apart",
       "DistributedLinearLayout(reg_bases=[[1, 0], [8, 0], [0, 1], [16, 0]], lane_bases=[[0, 8], [2, 0], [4, 0], [0,"
       " 4], [0, 2]], warp_bases=[[0, 16], [0, 64], [0, 32]], block_bases=[], shape=[32, 128])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 8], [64, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
       "[0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, 128])",
       {32, 128}, 8, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b8", 16}, {"st.shared.b8", 16}}},
  });
}

TEST_CASE("codegen: 3.6 a term the index code's stride shift pulls out is no SLP shl lane", "[codegen]") {
  check_golden({
      {"held-out screen70 line 83: the rows' `(tid & 6) << 2` is pulled out of their `or`s times 32 "
       "(foldShiftOfShiftedBinOp; a right shift by 4 keeps the rest whole), one value with R's `(tid & 6) << 7` "
       "after GVN, an `and (shl tid, 7), 768`: three `shl` lanes, no reduction, no pair",
       "DistributedLinearLayout(reg_bases=[[4, 0], [128, 0], [32, 0], [0, 2], [0, 8], [0, 1]], lane_bases=[[2, 0], "
       "[8, 0], [16, 0], [64, 0], [1, 0]], warp_bases=[[0, 4], [0, 16]], block_bases=[], shape=[256, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[128, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16],"
       " [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], block_bases=[], shape=[256, 32])",
       {256, 32}, 8, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b8", 64}, {"st.shared.b8", 64}}},
      {"held-out screen70 line 42: likewise, eight pairs the model had joined",
       "DistributedLinearLayout(reg_bases=[[0, 16], [64, 0], [0, 2], [0, 1], [32, 0], [1, 0]], lane_bases=[[2, 0], "
       "[128, 0], [0, 4], [16, 0], [4, 0]], warp_bases=[[0, 8], [8, 0]], block_bases=[], shape=[256, 32])",
       "PaddedSharedLayout(interval_padding_pairs=[[128, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [0, 16],"
       " [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], [128, 0]], block_bases=[], shape=[256, 32])",
       {256, 32}, 8, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b8", 64}, {"st.shared.b8", 64}}},
      {"golden seed-2460 line 1977: the pulled `(tid & 5) << 5` is R's own value in the first InstCombine still (its"
       " reassociateForUses leaves it inside the node the padding reads), the padding a bare `lshr` of it: 2 bytes, "
       "one pair",
       "DistributedLinearLayout(reg_bases=[[4, 0], [0, 1], [32, 0]], lane_bases=[[2, 0], [1, 0], [8, 0], [0, 4], [0,"
       " 2]], warp_bases=[[0, 8], [16, 0]], block_bases=[], shape=[64, 16])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], "
       "[2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], block_bases=[], shape=[64, 16])",
       {64, 16}, 8, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b8", 6}, {"ld.shared.v2.b8", 1}, {"st.shared.b8", 6}, {"st.shared.v2.b8", 1}}},
      {"held-out seed 7109 kernel 198389: the pulled `(tid & 20) << 9` is the index code's value, an extract for "
       "SLP's cost like a lane the index code computes: with three more extracts and shifts of both directions the "
       "four `and` lanes do not pay, no reduction",
       "DistributedLinearLayout(reg_bases=[[4, 0], [0, 32], [0, 1], [0, 4], [0, 64], [1, 0]], lane_bases=[[32, 0], "
       "[0, 16], [16, 0], [2, 0], [64, 0]], warp_bases=[[0, 2], [0, 8], [8, 0]], block_bases=[], shape=[128, 128])",
       "PaddedSharedLayout(interval_padding_pairs=[[16, 16], [128, 4]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, "
       "8], [0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0]], block_bases=[], "
       "shape=[128, 128])",
       {128, 128}, 8, ls::TritonVersion::v3_6, 90,
       {{"ld.shared.b8", 64}, {"st.shared.b8", 64}}},
  });
}

// ptxas's SASS accesses of a 3.6 sm_90 round trip's local_store and local_load ("" where it joins
// none), and its shared load wavefronts
namespace {
std::pair<std::vector<std::string>, int64_t> sass36(const char* reg, const char* shared, ls::Shape shape,
                                                    int bits = 16) {
  const auto r = cg::via_shared(at(reg, shape), at(shared, shape), bits, {ls::TritonVersion::v3_6, 90});
  std::vector<std::string> out;
  for (const auto& in : r.instrs)
    if (in.op == "local_store" || in.op == "local_load") out.push_back(in.ptxas ? in.ptxas->instruction : "");
  return {out, r.shared_load_wavefronts};
}
}  // namespace

TEST_CASE("codegen: 3.6 padded R, ptxas's view of a shift by 1 two registers share, of one the index code computes, "
          "of paddings made one shift (H100 s86-screens cases 11, 13)",
          "[codegen]") {
  // `(tid & 8) >> 1` added to four registers: a SHF.R though ptxas knows only
  // 4 bytes of it (a shift by 2 or more is fused into each add); the 16-bit
  // loads joined in pairs, 16 load wavefronts counted on the H100
  const auto by_one = sass36(
      "DistributedLinearLayout(reg_bases=[[0, 4], [1, 0], [2, 0], [0, 1]], lane_bases=[[4, 0], [16, 0], [8, 0], [0, "
      "8], [0, 2]], warp_bases=[], block_bases=[], shape=[32, 16])",
      "PaddedSharedLayout(interval_padding_pairs=[[16, 16], [256, 2]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], "
      "[16, 0], [0, 1], [0, 2], [0, 4], [0, 8]], block_bases=[], shape=[32, 16])",
      {32, 16});
  CHECK(by_one.first == std::vector<std::string>{"", "LDS x8"});
  CHECK(by_one.second == 16);
  // register 0's padding `(tid & 32) >> 2` is the index code's value too: a
  // SHF.R, 4 bytes known; 1,536 load wavefronts counted (the model had 2,048)
  const auto index = sass36(
      "DistributedLinearLayout(reg_bases=[[0, 4], [4, 0], [1, 0], [0, 1], [16, 0], [0, 16]], lane_bases=[[128, 0], "
      "[64, 0], [2, 0], [8, 0], [0, 2]], warp_bases=[[0, 8], [32, 0]], block_bases=[], shape=[256, 32])",
      "PaddedSharedLayout(interval_padding_pairs=[[1024, 16], [2048, 4]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, "
      "0], [16, 0], [32, 0], [64, 0], [128, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], block_bases=[], "
      "shape=[256, 32])",
      {256, 32});
  CHECK(index.first == std::vector<std::string>{"", "LDS.U16 x32 + LDS x16"});
  CHECK(index.second == 1536);
  // both paddings one `((R & 5248) | (tid & 32)) >> 1`, fused into register
  // 0's add: nothing known, no LDS.64 (as in the cubin)
  CHECK(sass36("DistributedLinearLayout(reg_bases=[[0, 0], [4, 0], [0, 8], [0, 1], [1, 0], [0, 64]], lane_bases=[[0, "
               "16], [2, 0], [0, 2], [0, 32], [0, 4]], warp_bases=[[8, 0]], block_bases=[], shape=[16, 128])",
               "PaddedSharedLayout(interval_padding_pairs=[[32, 16], [512, 2]], offset_bases=[[0, 1], [0, 2], [0, 4], "
               "[0, 8], [0, 16], [0, 32], [0, 64], [1, 0], [2, 0], [4, 0], [8, 0]], block_bases=[], shape=[16, 128])",
               {16, 128}, 32)
            .first == std::vector<std::string>{"", ""});
  // R | 1024's mask `and (lshr (Y | 1024), 7), 16777212` stays whole (Y's
  // terms beyond computeKnownBits' reach from it): 4 bytes, no LDS.64
  CHECK(sass36("DistributedLinearLayout(reg_bases=[[0, 1], [0, 2], [1, 0], [2, 0]], lane_bases=[[0, 4], [4, 0], [0, "
               "8], [8, 0], [0, 16]], warp_bases=[[16, 0], [32, 0], [64, 0]], block_bases=[], shape=[128, 32])",
               "PaddedSharedLayout(interval_padding_pairs=[[128, 1]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], "
               "[16, 0], [32, 0], [64, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], block_bases=[], shape=[128, 32])",
               {128, 32}, 32)
            .first == std::vector<std::string>{"", ""});
}

TEST_CASE("codegen: 3.6 padded R split into GEPs, each piece's shifts right as ptxas reads them, an index term "
          "alone in its coordinate keeps its tid & m (golden screen88-3.6 lines 2, 14, 7)",
          "[codegen]") {
  // `tid & 4` a GEP of its own, the rest `((tid & 24) << 6 | (tid & 224) >>
  // 2) | (tid & 3) << 7` another: the shift a SHF.R beside a kept `shl`, a
  // multiple of 4; the 16-bit loads joined in pairs as in the cubin (the
  // model had nothing known once R was split)
  const auto split = sass36(
      "DistributedLinearLayout(reg_bases=[[0, 1], [1, 0]], lane_bases=[[0, 2], [0, 4], [2, 0], [0, 8], [0, 16]], "
      "warp_bases=[[4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, 32])",
      "PaddedSharedLayout(interval_padding_pairs=[[128, 8]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], "
      "[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], block_bases=[], shape=[32, 32])",
      {32, 32});
  CHECK(split.first == std::vector<std::string>{"", "LDS x2"});
  CHECK(split.second == 32);
  CHECK(sass36("DistributedLinearLayout(reg_bases=[[1, 0], [0, 1], [0, 2]], lane_bases=[[0, 4], [2, 0], [4, 0], [8, "
               "0], [0, 8]], warp_bases=[[16, 0], [0, 16]], block_bases=[], shape=[32, 32])",
               "PaddedSharedLayout(interval_padding_pairs=[[256, 8]], offset_bases=[[0, 1], [0, 2], [0, 4], [0, 8], "
               "[0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, 32])",
               {32, 32})
            .first == std::vector<std::string>{"", "LDS.64 x2"});
  // the rows' `(tid & 16) << 1` (alone in its coordinate) is not joined with
  // the columns' `(tid & 1) << 1` (one of four): `tid & 16` keeps that use,
  // R's `(tid & 16) >> 2` is a kept shift, a GEP of its own, a LEA.HI: R
  // unknown, the 16-bit loads apart (cubin: LDS.U16 x8; the model had the
  // pair joined, LDS x4, taking the shift for InstCombine's LOP3)
  CHECK(sass36("DistributedLinearLayout(reg_bases=[[4, 0], [1, 0], [8, 0]], lane_bases=[[0, 2], [0, 8], [0, 1], [0, "
               "4], [2, 0]], warp_bases=[], block_bases=[], shape=[16, 16])",
               "PaddedSharedLayout(interval_padding_pairs=[[128, 2], [2048, 2]], offset_bases=[[1, 0], [2, 0], [4, 0], "
               "[8, 0], [0, 1], [0, 2], [0, 4], [0, 8]], block_bases=[], shape=[16, 16])",
               {16, 16})
            .second == 32);
}

TEST_CASE("codegen: 3.9 padded R, a right-shifted GEP of one use is ptxas's LOP3, Reassociate's adds move a term "
          "of more uses out of the padding's read (golden screen74-3.9 line 43, screen75-3.9 line 53, screen88-3.9)",
          "[codegen]") {
  auto run = [](const char* reg, const char* shared, ls::Shape shape, int bits) {
    return cg::via_shared(at(reg, shape), at(shared, shape), bits, {ls::TritonVersion::v3_9, 90});
  };
  auto load_sass = [](const cg::KernelReport& r) {
    for (const auto& in : r.instrs)
      if (in.op == "local_load") return in.ptxas ? in.ptxas->instruction : std::string();
    return std::string("none");
  };
  // `(tid >> 1) & 40` (its `tid & 80` of one use) a GEP of its own: a LOP3,
  // ptxas knows R a multiple of 4 and joins the 16-bit loads in pairs (cubin:
  // LDS x2; the model had nothing known, LDS.U16 x4)
  const auto lop3 = run("DistributedLinearLayout(reg_bases=[[0, 8], [0, 1]], lane_bases=[[16, 0], [0, 2], [2, 0], [8, 0], "
                        "[0, 4]], warp_bases=[[4, 0], [1, 0]], block_bases=[], shape=[32, 16])",
                        "PaddedSharedLayout(interval_padding_pairs=[[32, 16], [2048, 4]], offset_bases=[[0, 1], [0, 2], "
                        "[0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, 16])",
                        {32, 16}, 16);
  CHECK(load_sass(lop3) == "LDS x2");
  CHECK(lop3.shared_load_wavefronts == 32);
  // Reassociate makes `(shl | lshr) | tid & 24` an `add` with the other
  // operand of the padding's node second; the second InstCombine moves `tid
  // & 24` (the index code's too) to the top, a GEP of its own, and the
  // padding reads the rest: `(tid & 192) >> 1` beside a kept `shl`, a SHF.R,
  // R 4-byte aligned (cubin: LDS x4)
  const auto moved = run("DistributedLinearLayout(reg_bases=[[1, 0], [2, 0], [0, 1]], lane_bases=[[0, 2], [4, 0], [8, 0], "
                         "[0, 4], [0, 8]], warp_bases=[[16, 0], [0, 16], [0, 32]], block_bases=[], shape=[32, 64])",
                         "PaddedSharedLayout(interval_padding_pairs=[[256, 16], [512, 16]], offset_bases=[[0, 1], [0, 2], "
                         "[0, 4], [0, 8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], "
                         "shape=[32, 64])",
                         {32, 64}, 16);
  CHECK(load_sass(moved) == "LDS x4");
  CHECK(moved.shared_load_wavefronts == 64);
  // the same move leaves R's pairs 4-byte aligned in the PTX too: Triton 3.9
  // emits `st.shared.b32` / `ld.shared.b32` (the model had `v2.b32`)
  const auto scalar = run("DistributedLinearLayout(reg_bases=[[1, 0], [2, 0], [0, 1]], lane_bases=[[0, 2], [0, 4], [4, 0], "
                          "[0, 8], [8, 0]], warp_bases=[[16, 0], [0, 16], [0, 32]], block_bases=[], shape=[32, 64])",
                          "PaddedSharedLayout(interval_padding_pairs=[[16, 4], [2048, 8]], offset_bases=[[0, 1], [0, 2], "
                          "[0, 4], [0, 8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], "
                          "shape=[32, 64])",
                          {32, 64}, 32);
  CHECK(scalar.ptx_per_thread.at("st.shared.b32") == 8);
  CHECK(scalar.ptx_per_thread.at("ld.shared.b32") == 8);
}

TEST_CASE("codegen: ptxas reads R's right shifts where they stay a SHF.R, not a late bit reversal (H100 s84-changed "
          "case 6, s85-screens case 3)",
          "[codegen]") {
  // `and (shr tid, 1), 4` (its `tid & 8` of one use): ptxas reads the mask,
  // R a multiple of 4, the 16-bit loads joined in pairs: the H100 counted
  // 4,096 load wavefronts (the model had 8,192: any right shift unknown)
  const auto line8 = sass36(
      "DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[3, 0], "
      "warps_per_cta=[8, 1], instr_shape=[16, 32, 16], cga_layout=[]), k_width=2)",
      "SharedLinearLayout(offset_bases=[[8, 0], [2, 0], [34, 0], [8, 32], [64, 0], [0, 16], "
      "[1, 0], [0, 1], [8, 40], [0, 4], [16, 0], [128, 0], [0, 6], [4, 0]], block_bases=[], "
      "alignment=16)",
      {256, 64});
  CHECK(line8.first == std::vector<std::string>{"", "LDS x32"});
  CHECK(line8.second == 4096);
  // `(tid & 64) >> 1`, `tid & 64` the index code's too, beside a bare
  // `shl` (fused there, LEA): a SHF.R of its own, a multiple of 8
  const char* swizzled = "SwizzledSharedLayout(vec=1, per_phase=8, max_phase=16, order=[0, 1], cga_layout=[])";
  CHECK(
      sass36("DistributedLinearLayout(reg_bases=[[1, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane_bases=[[2, "
             "0], [4, 0], [0, 32], [0, 64], [8, 0]], warp_bases=[[0, 128], [16, 0]], block_bases=[], shape=[32, 256])",
             swizzled, {32, 256})
          .first == std::vector<std::string>{"STS x32", "LDS x32"});
  // `(tid & 24) >> 1` beside an `and`: fused into that add (LEA.HI), R
  // unknown, the 16-bit accesses kept apart as in the cubin
  CHECK(sass36("SliceLayout(dim=2, parent=BlockedLayout(size_per_thread=[2, 2, 1], threads_per_warp=[8, 4, 1], "
               "warps_per_cta=[1, 1, 1], order=[0, 2, 1], cga_layout=[]))",
               "SharedLinearLayout(offset_bases=[[0, 1], [0, 2], [0, 4], [0, 9], [0, 25], [1, 1], [2, 0], [5, 1], [8, "
               "25], [16, 0]], block_bases=[], alignment=16)",
               {32, 32})
            .first == std::vector<std::string>{"", ""});
  // Reassociate's order brings `(tid & 1) << 12` and `(tid & 32) << 2`
  // together, and InstCombine makes them `lshr (bitreverse i16), 3`: 2-byte
  // alignment, the halves apart (the H100 counted 896 load wavefronts,
  // the model had 704 with the pairs joined)
  const auto reversal = sass36(
      "DotOperandLayout(operand_index=0, parent=NVMMADistributedLayout(version=[3, 0], "
      "warps_per_cta=[4, 1], instr_shape=[16, 128, 16], cga_layout=[]), k_width=2)",
      "SharedLinearLayout(offset_bases=[[0, 1], [0, 9], [4, 0], [0, 64], [32, 0], [2, 64], [16, "
      "0], [0, 68], [8, 0], [0, 32], [0, 16], [0, 2], [1, 16]], block_bases=[], alignment=16)",
      {64, 128});
  CHECK(reversal.first == std::vector<std::string>{"", "LDS.U16 x48 + LDS.64 x4"});
  CHECK(reversal.second == 896);
}

TEST_CASE("codegen: 3.6 padded R, ptxas's view of a bare padding shift two registers share and of a padding "
          "reading SLP's reduction (H100 s67-pending case 29)",
          "[codegen]") {
  // golden seed-2405 line 1880: the padding `(tid & 96) >> 1` is added to
  // R's register and to R | 32's: one SHF.R, a multiple of 8, the byte
  // pairs' loads joined in words as in the cubin
  CHECK(sass36("DistributedLinearLayout(reg_bases=[[0, 1], [1, 0], [0, 2]], lane_bases=[[2, 0], [0, 4], [4, 0], [0, "
               "8], [0, 16]], warp_bases=[[8, 0], [16, 0]], block_bases=[], shape=[32, 32])",
               "PaddedSharedLayout(interval_padding_pairs=[[32, 4], [256, 16]], offset_bases=[[0, 1], [0, 2], [0, 4], "
               "[0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], block_bases=[], shape=[32, 32])",
               {32, 32}, 8)
            .first == std::vector<std::string>{"", "LDS x2"});
  // golden seed-2406 line 1217: `(tid & 64) >> 3` in R's register alone is
  // fused into its add (LEA.HI): nothing known, the words apart
  CHECK(sass36("DistributedLinearLayout(reg_bases=[[0, 1], [0, 2], [1, 0], [0, 4]], lane_bases=[[2, 0], [4, 0], [8, "
               "0], [0, 8], [0, 16]], warp_bases=[[16, 0], [0, 32]], block_bases=[], shape=[32, 64])",
               "PaddedSharedLayout(interval_padding_pairs=[[1024, 2]], offset_bases=[[1, 0], [2, 0], [4, 0], [8, 0], "
               "[16, 0], [0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], block_bases=[], shape=[32, 64])",
               {32, 64}, 32)
            .first == std::vector<std::string>{"", ""});
  // two of SLP's lanes and nothing else reach the interval: the padding
  // reads the reduction, whose second use makes InstCombine take it out of
  // R's `or`s, `(tid & 16) >> 1` left beside the `shl` (a SHF.R): R 4-byte
  // aligned, the H100 counted 1,280 load wavefronts (the model had 2,048)
  const auto reduced = sass36(
      "DistributedLinearLayout(reg_bases=[[1, 0], [0, 8], [0, 1], [0, 2], [128, 0], [64, 0]],"
      " lane_bases=[[2, 0], [32, 0], [0, 4], [16, 0], [8, 0]], warp_bases=[[0, 32], [4, 0], [0, "
      "16]], block_bases=[], shape=[256, 64])",
      "PaddedSharedLayout(interval_padding_pairs=[[128, 4]], offset_bases=[[0, 1], [0, 2], [0, "
      "4], [0, 8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [64, 0], "
      "[128, 0]], block_bases=[], shape=[256, 64])",
      {256, 64}, 16);
  CHECK(reduced.first == std::vector<std::string>{"", "LDS x24 + LDS.U16 x16"});
  CHECK(reduced.second == 1280);
}
