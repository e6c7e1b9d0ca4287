// The analyses: hardware bank-conflict counts, Triton's number, coalescing
// (the Gluon tutorial's cases), conversion kinds and the swizzle designer's
// classic cases.
#include <catch2/catch.hpp>

#include "analysis/bank_conflicts.h"
#include "analysis/coalescing.h"
#include "analysis/conversion.h"
#include "analysis/swizzle.h"
#include "error.h"
#include "io/text.h"

namespace {

ls::LinearLayout lower(const std::string& text, ls::Shape shape) {
  ls::TensorLayout t = ls::parse_layout(text);
  return ls::to_linear(*t.spec, shape);
}

ls::BankConflictReport banks(const std::string& reg, const std::string& shared, ls::Shape shape, int bits,
                             ls::SharedOpOptions o = {}) {
  ls::LinearLayoutMap r(lower(reg, shape)), s(lower(shared, shape));
  return ls::analyze_bank_conflicts(r, s, bits, o);
}

ls::CoalescingReport coalesce(const std::string& layout, ls::Shape shape, std::vector<int64_t> strides, int bits = 32) {
  ls::LinearLayoutMap m(lower(layout, shape));
  return ls::analyze_coalescing(m, strides, bits);
}

const char* kRowMajor4 = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>";
const char* kPlain = "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>";
const char* kMmaA = "#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>";
const char* kMmaB = "#ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>";
const char* kNvmma128 = "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>";

}  // namespace

TEST_CASE("wavefronts follow the hardware phases", "[analysis]") {
  std::vector<int64_t> lanes(32);
  for (int l = 0; l < 32; ++l) lanes[l] = 4 * l;  // 32 words, one per bank
  CHECK(ls::wavefronts(lanes, 4) == 1);
  for (int l = 0; l < 32; ++l) lanes[l] = 128 * l;  // all in bank 0: 32-way
  std::vector<ls::BankCollision> c;
  CHECK(ls::wavefronts(lanes, 4, &c) == 32);
  REQUIRE(c.size() == 1);
  CHECK(c[0].bank == 0);
  CHECK(c[0].lanes.size() == 32);
  for (int l = 0; l < 32; ++l) lanes[l] = 0;  // one word: broadcast
  CHECK(ls::wavefronts(lanes, 4) == 1);
  for (int l = 0; l < 32; ++l) lanes[l] = 16 * l;  // LDS.128 at best 4
  int ideal = 0;
  CHECK(ls::wavefronts(lanes, 16, nullptr, &ideal) == 4);
  CHECK(ideal == 4);
  for (int l = 0; l < 32; ++l) lanes[l] = 8 * l;  // 64-bit: 2
  CHECK(ls::wavefronts(lanes, 8) == 2);
  for (int l = 0; l < 32; ++l) lanes[l] = 2 * l;  // 16-bit lanes sharing words
  CHECK(ls::wavefronts(lanes, 2) == 1);
}

TEST_CASE("8- and 16-byte loads: quads ask for their distinct addresses (H200 counts)", "[analysis]") {
  // measured on an H200, 2026-11-27 (bench/results/2026-11-27-gpu-codegen-rules)
  auto lanes_of = [](std::initializer_list<int64_t> quad_pattern, int64_t quad_step) {
    std::vector<int64_t> v;
    for (int q = 0; q < 8; ++q)
      for (int64_t a : quad_pattern) v.push_back(a + q * quad_step);
    return v;
  };
  // 16-byte, lanes i and i + 2 alike (each quad asks for 2): a half-warp in one phase
  auto v = lanes_of({0, 16, 0, 16}, 32);
  CHECK(ls::wavefronts(v, 16, nullptr, nullptr, true) == 2);
  // lanes i and i + 4 alike: each quad asks for 4 even though the half-warp
  // has 8 distinct addresses in 128 bytes: a phase per two quads
  v.clear();
  for (int h = 0; h < 4; ++h)
    for (int k = 0; k < 8; ++k) v.push_back(64 * h + 16 * (k % 4));
  CHECK(ls::wavefronts(v, 16, nullptr, nullptr, true) == 4);
  // the same four addresses in every quad, two of them in one bank: 2 per phase
  v = lanes_of({0, 16, 256, 272}, 0);
  CHECK(ls::wavefronts(v, 16, nullptr, nullptr, true) == 8);
  // a phase never spans half-warps: 8 quads asking for 1 each still cost 2
  v = lanes_of({0, 0, 0, 0}, 144);
  CHECK(ls::wavefronts(v, 16, nullptr, nullptr, true) == 2);
  CHECK(ls::wavefronts(v, 16) == 4);  // stores: quarter-warps
  // 8-byte loads, four lanes alike: the warp's 8 addresses in one phase
  v = lanes_of({0, 0, 0, 0}, 8);
  CHECK(ls::wavefronts(v, 8, nullptr, nullptr, true) == 1);
  CHECK(ls::wavefronts(v, 8) == 2);
}

TEST_CASE("row-major 128-bit stores into an unswizzled tile conflict 2-way", "[analysis]") {
  auto r = banks(kRowMajor4, kPlain, {32, 32}, 32);
  CHECK(r.store.instruction == "st.shared.v4.b32");
  CHECK(r.store.vector_elems == 4);
  CHECK(r.store.instructions == 8);
  CHECK(r.store.wavefronts == 64);
  CHECK(r.store.ideal == 32);
  CHECK(r.load.wavefronts == 64);
  REQUIRE(r.triton_conflicts_per_wavefront.has_value());
  CHECK(*r.triton_conflicts_per_wavefront == 1);
  REQUIRE(!r.store.accesses.empty());
  CHECK(!r.store.accesses[0].collisions.empty());
}

TEST_CASE("Triton's number matches its own examples", "[analysis]") {
  // values read from the triton 3.6.0 wheel (get_shared_bank_conflicts)
  auto t = [](const char* shared, int bits) {
    return ls::triton_bank_conflicts(lower(kRowMajor4, {32, 32}), lower(shared, {32, 32}), bits);
  };
  const char* sw = "#ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>";
  const char* colmajor = "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>";
  CHECK(t(kPlain, 8) == 1);
  CHECK(t(kPlain, 64) == 1);
  CHECK(t(sw, 8) == 0);
  CHECK(t(sw, 16) == 1);
  CHECK(t(colmajor, 32) == 3);
}

TEST_CASE("MMA v2 operands through NVMMA 128B are conflict-free", "[analysis]") {
  auto a = banks(kMmaA, kNvmma128, {128, 64}, 16);
  CHECK(a.load.wavefronts == a.load.ideal);
  CHECK(a.store.wavefronts == a.store.ideal);
  CHECK(*a.triton_conflicts_per_wavefront == 0);
  ls::SharedOpOptions x4{ls::SharedInstr::matrix, 4, false};
  auto m = banks(kMmaA, kNvmma128, {128, 64}, 16, x4);
  CHECK(m.load.instruction == "ldmatrix.sync.aligned.m8n8.x4.shared.b16");
  CHECK(m.load.wavefronts == 4 * m.load.instructions);
  CHECK(m.load.conflicts() == 0);
  ls::SharedOpOptions x4t{ls::SharedInstr::matrix, 4, true};
  auto b = banks(kMmaB, kNvmma128, {64, 128}, 16, x4t);
  CHECK(b.load.conflicts() == 0);
  // without the swizzle every matrix's 8 rows share 4 banks: 8-way
  auto u = banks(kMmaA, kPlain, {128, 64}, 16, x4);
  CHECK(u.load.max_wavefronts == 32);
  CHECK(*u.triton_conflicts_per_wavefront == 7);
  // a layout that does not match the fragment is refused
  CHECK_THROWS_AS(banks(kRowMajor4, kNvmma128, {32, 64}, 16, x4), ls::Error);
}

TEST_CASE("coalescing reproduces the Gluon tutorial's R table", "[analysis]") {
  // R: width (bits per thread run), vec_len, n_loads
  const int64_t want[5][3] = {{32, 32, 1}, {64, 64, 1}, {128, 128, 1}, {256, 128, 2}, {512, 128, 4}};
  for (int i = 0; i < 5; ++i) {
    int R = 1 << i;
    auto r = coalesce("#ttg.blocked<{sizePerThread = [" + std::to_string(R) +
                          "], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>",
                      {2048}, {1});
    INFO("R=" << R);
    CHECK(r.run_bits == want[i][0]);
    CHECK(r.vector_bits == want[i][1]);
    CHECK(r.vectors_per_run == want[i][2]);
    CHECK(r.tile_efficiency == 1.0);
  }
}

TEST_CASE("coalescing: the transposed 2D memcpy craters and the transposed layout fixes it", "[analysis]") {
  // input.T of a contiguous (32K, 64K) tensor: strides (1, 65536)
  auto rows = coalesce("#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>",
                       {1, 2048}, {1, 65536});
  CHECK(rows.sectors_per_request == 32.0);
  CHECK(rows.ideal_sectors_per_request == 4.0);
  CHECK(rows.efficiency == Approx(0.125));
  auto fixed = coalesce("#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>",
                        {2048, 1}, {1, 65536});
  CHECK(fixed.sectors_per_request == 4.0);
  CHECK(fixed.efficiency == 1.0);
  // the contiguous tensor with the original layout is coalesced too
  auto plain = coalesce("#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>",
                        {1, 2048}, {65536, 1});
  CHECK(plain.efficiency == 1.0);
}

TEST_CASE("conversion kinds", "[analysis]") {
  auto a = lower(kRowMajor4, {32, 32});
  CHECK(ls::analyze_conversion(a, a, 32).kind == ls::ConversionKind::free);
  // same threads, registers in another order: [1,4] vs a linear layout swapping two register bases
  auto b = lower("#ttg.linear<{register = [[0, 2], [0, 1]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], "
                 "warp = [[8, 0], [16, 0]], block = []}>", {32, 32});
  CHECK(ls::analyze_conversion(a, b, 32).kind == ls::ConversionKind::register_permutation);
  // two register bits trade places with two lane bits: two mixed
  // transpositions, which Triton 3.6 moves through shared memory, not shuffles
  auto c = lower("#ttg.linear<{register = [[0, 4], [0, 8]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], "
                 "warp = [[8, 0], [16, 0]], block = []}>", {32, 32});
  CHECK(ls::analyze_conversion(a, c, 32).kind == ls::ConversionKind::shared_memory);
  auto t = lower("#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>", {32, 32});
  auto r = ls::analyze_conversion(a, t, 32);
  CHECK(r.kind == ls::ConversionKind::shared_memory);
  CHECK(r.scratch_bytes == 32 * 32 * 4);
}

TEST_CASE("swizzle designer: 32x32 fp32 transpose is conflict-free", "[analysis]") {
  auto src = lower(kRowMajor4, {32, 32});
  auto dst = lower("#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>", {32, 32});
  auto d = ls::design_swizzle(src, dst, 32);
  CHECK(d.store.conflicts() == 0);
  CHECK(d.load.conflicts() == 0);
  CHECK(d.store.vector_elems == 4);
  // the unswizzled tile is not
  ls::LinearLayoutMap rs(src), rd(dst), plain(lower(kPlain, {32, 32}));
  CHECK(ls::analyze_shared_access(rd, plain, 32, false).conflicts() > 0);
}

TEST_CASE("swizzle designer: a 16x32 fp32 transpose by one warp needs col ^ 2*row", "[analysis]") {
  auto src = lower("#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>", {16, 32});
  auto dst = lower("#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 1], order = [0, 1]}>", {16, 32});
  auto d = ls::design_swizzle(src, dst, 32);
  CHECK(d.store.conflicts() + d.load.conflicts() == 0);
  auto ranked = ls::rank_conventional(src, dst, 32);
  auto find = [&](const std::string& name) {
    for (auto& c : ranked)
      if (c.name == name) return c.conflicts();
    FAIL("missing candidate " << name);
    return int64_t{-1};
  };
  // col ^ 2*row: vec 2, perPhase 1, maxPhase 16; col ^ row: vec 1
  CHECK(find("swizzled_shared vec=2 perPhase=1 maxPhase=16 order=[1, 0]") == 0);
  CHECK(find("swizzled_shared vec=1 perPhase=1 maxPhase=16 order=[1, 0]") > 0);
  CHECK(ranked.front().conflicts() == 0);
  CHECK(ranked.back().conflicts() > 0);
}

TEST_CASE("swizzle ranking: blocked to MMA v2 operand A", "[analysis]") {
  // fp16 rows of 8 per thread into the MMA A fragment: the classic
  // vec=8/perPhase=1/maxPhase=8 swizzle is conflict-free both ways, the
  // unswizzled tile is not
  auto src = lower("#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>", {128, 64});
  auto dst = lower(kMmaA, {128, 64});
  auto ranked = ls::rank_conventional(src, dst, 16);
  REQUIRE(!ranked.empty());
  CHECK(ranked.front().conflicts() == 0);
  bool classic = false, plain_conflicts = false;
  for (auto& c : ranked) {
    if (c.name == "swizzled_shared vec=8 perPhase=1 maxPhase=8 order=[1, 0]") classic = c.conflicts() == 0;
    if (c.name == "swizzled_shared vec=1 perPhase=1 maxPhase=1 order=[1, 0]") plain_conflicts = c.conflicts() > 0;
  }
  CHECK(classic);
  CHECK(plain_conflicts);
  auto d = ls::design_swizzle(src, dst, 16);
  CHECK(d.scratch_elems == 128 * 64);
  CHECK(d.vector.size() + d.bank.size() + d.segment.size() + d.reps.size() == 13);
}

TEST_CASE("analysis inputs are checked", "[analysis]") {
  CHECK_THROWS_AS(ls::check_element_bits(12), ls::Error);
  auto a = lower(kRowMajor4, {32, 32});
  auto p = lower(kPlain, {32, 32});
  CHECK_THROWS_AS(ls::analyze_conversion(a, p, 32), ls::Error);
  CHECK_THROWS_AS(ls::design_swizzle(a, lower(kRowMajor4, {32, 64}), 32), ls::Error);
  ls::LinearLayoutMap m(a);
  CHECK_THROWS_AS(ls::analyze_coalescing(m, {1}, 32), ls::Error);
}

TEST_CASE("CuTe swizzle of conventional shared layouts", "[analysis]") {
  // col chunk ^ row % 8 over 64 fp16 columns: Swizzle<3,3,3>
  auto c = ls::cute_swizzle_of(lower("#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>", {64, 64}));
  REQUIRE(c.has_value());
  CHECK(c->b == 3);
  CHECK(c->m == 3);
  CHECK(c->s == 3);
  auto p = ls::cute_swizzle_of(lower(kPlain, {32, 32}));
  REQUIRE(p.has_value());
  CHECK(p->b == 0);
  // NVMMA 128B over fp16: the same XOR of 16-byte chunks, in element units
  auto n = ls::cute_swizzle_of(lower(kNvmma128, {64, 64}));
  REQUIRE(n.has_value());
  CHECK((n->b == 3 && n->m == 3 && n->s == 3));
}

TEST_CASE("shared-access totals from one instruction equal the full count for linear layouts") {
  // Every conventional candidate for several register pairs: the fast totals
  // (one instruction, scaled) must equal the instruction-by-instruction count.
  const std::vector<std::pair<std::string, std::string>> pairs = {
      {"#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>",
       "#ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>"},
      {"#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>",
       "#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], "
       "instrShape = [16, 8]}>, kWidth = 2}>"},
      {"#ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [2, 16], warpsPerCTA = [2, 2], order = [0, 1]}>",
       "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [1, 0]}>"},
  };
  int compared = 0;
  for (int32_t bits : {8, 16, 32})
    for (const auto& [a, b] : pairs) {
      auto src = lower(a, {64, 64}), dst = lower(b, {64, 64});
      ls::LinearLayoutMap rs(src), rd(dst);
      for (const auto& c : ls::rank_conventional(src, dst, bits)) {
        ls::LinearLayoutMap sm(ls::to_linear(c.spec, {64, 64}));
        for (bool store : {true, false}) {
          const auto& reg = store ? rs : rd;
          auto full = ls::analyze_shared_access(reg, sm, bits, store);
          auto fast = ls::shared_access_totals(reg, sm, bits, store);
          INFO(c.name << " bits " << bits << (store ? " store" : " load"));
          CHECK(fast.wavefronts == full.wavefronts);
          CHECK(fast.ideal == full.ideal);
          CHECK(fast.instructions == full.instructions);
          CHECK(fast.max_wavefronts == full.max_wavefronts);
          CHECK(fast.instruction == full.instruction);
          ++compared;
        }
      }
    }
  CHECK(compared > 500);
}
