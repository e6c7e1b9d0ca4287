// Shared layouts: Triton 3.6's to_linear_layout aborts on them, so they are
// checked against the expectations of Triton's own unit tests
// (LinearLayoutConversionsTest.cpp) and bases printed by the 3.6 wheel through
// a memdesc reshape, and against the swizzle formulas.
#include <catch2/catch.hpp>

#include "spec.h"

using namespace ls;

namespace {

Bases offsets(const Spec& s, const Shape& shape) { return to_linear(s, shape).bases("offset"); }

SwizzledShared swz(int vec, int pp, int mp, Ints order, Bases cga = {}) { return {vec, pp, mp, std::move(order), {cga}}; }

NvmmaShared nvmma(int sw, int bits, bool transposed = false, bool fp4 = false, int rank = 2, Bases cga = {}) {
  return {sw, bits, rank, transposed, fp4, {cga}};
}

}  // namespace

TEST_CASE("swizzled_shared matches Triton's unit tests and the 3.6 wheel", "[shared]") {
  struct Case { SwizzledShared s; Shape shape; Bases offset, block; };
  std::vector<Case> cases = {
      {swz(1, 1, 4, {1, 0}), {32, 32}, {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {1, 1}, {2, 2}, {4, 0}, {8, 0}, {16, 0}}, {}},
      {swz(1, 2, 4, {1, 0}), {32, 32}, {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {1, 0}, {2, 1}, {4, 2}, {8, 0}, {16, 0}}, {}},
      {swz(2, 1, 4, {1, 0}), {4, 8}, {{0, 1}, {0, 2}, {0, 4}, {1, 2}, {2, 4}}, {}},
      {swz(2, 2, 4, {1, 0}), {32, 32}, {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {1, 0}, {2, 2}, {4, 4}, {8, 0}, {16, 0}}, {}},
      {swz(2, 2, 4, {3, 2, 1, 0}), {2, 4, 32, 32},
       {{0, 0, 0, 1}, {0, 0, 0, 2}, {0, 0, 0, 4}, {0, 0, 0, 8}, {0, 0, 0, 16}, {0, 0, 1, 0}, {0, 0, 2, 2},
        {0, 0, 4, 4}, {0, 0, 8, 0}, {0, 0, 16, 0}, {0, 1, 0, 0}, {0, 2, 0, 0}, {1, 0, 0, 0}}, {}},
      {swz(1, 1, 4, {0, 1}), {4, 8}, {{1, 0}, {2, 0}, {1, 1}, {2, 2}, {0, 4}}, {}},
      {swz(2, 2, 4, {1, 0}), {64, 1}, {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {32, 0}}, {}},
      {swz(8, 2, 4, {1, 0}), {32, 64},
       {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32}, {1, 0}, {2, 8}, {4, 16}, {8, 0}, {16, 0}}, {}},
      {swz(4, 1, 8, {1, 0}, {{1, 0}}), {64, 32},
       {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {1, 4}, {2, 8}, {4, 16}, {8, 0}, {16, 0}}, {{32, 0}}},
      {swz(8, 1, 8, {2, 1, 0}), {2, 16, 64},
       {{0, 0, 1}, {0, 0, 2}, {0, 0, 4}, {0, 0, 8}, {0, 0, 16}, {0, 0, 32}, {0, 1, 8}, {0, 2, 16}, {0, 4, 32}, {0, 8, 0}, {1, 0, 0}}, {}},
      {swz(8, 4, 2, {0, 1}), {64, 16}, {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {32, 0}, {0, 1}, {0, 2}, {8, 4}, {0, 8}}, {}},
      {swz(2, 1, 1, {0}), {32}, {{1}, {2}, {4}, {8}, {16}}, {}},
  };
  for (auto& c : cases) {
    INFO("vec " << c.s.vec << " perPhase " << c.s.per_phase << " maxPhase " << c.s.max_phase);
    LinearLayout l = to_linear(Spec{c.s}, c.shape);
    CHECK(l.bases("offset") == c.offset);
    CHECK(l.bases("block") == c.block);
  }
}

TEST_CASE("swizzled_shared follows the column formula", "[shared]") {
  // column = ((c / vec) ^ ((r / perPhase) % maxPhase)) * vec + c % vec
  for (int vec : {1, 2, 4, 8})
    for (int pp : {1, 2, 4})
      for (int mp : {1, 2, 4, 8}) {
        LinearLayout l = to_linear(Spec{swz(vec, pp, mp, {1, 0})}, {64, 64});
        LinearLayout inv = l.invert();  // element -> offset
        for (int r = 0; r < 64; r += 3)
          for (int c = 0; c < 64; c += 5) {
            int32_t off = inv.apply({r, c})[0];
            int col = ((c / vec) ^ ((r / pp) % mp)) * vec + c % vec;
            REQUIRE(off == r * 64 + col);
          }
      }
}

TEST_CASE("nvmma_shared matches Triton's unit tests and the 3.6 wheel", "[shared]") {
  struct Case { NvmmaShared s; Shape shape; Bases offset, block; };
  std::vector<Case> cases = {
      {nvmma(32, 16), {8, 16}, {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 8}}, {}},
      {nvmma(32, 16), {128, 16}, {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 8}, {8, 0}, {16, 0}, {32, 0}, {64, 0}}, {}},
      {nvmma(64, 16), {8, 32}, {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {1, 0}, {2, 8}, {4, 16}}, {}},
      {nvmma(128, 16), {8, 64}, {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32}, {1, 8}, {2, 16}, {4, 32}}, {}},
      {nvmma(128, 32), {8, 64}, {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {1, 4}, {2, 8}, {4, 16}, {0, 32}}, {}},
      {nvmma(128, 32, true), {128, 128},
       {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {4, 1}, {8, 2}, {16, 4}, {0, 8}, {0, 16}, {0, 32}, {0, 64}, {32, 0}, {64, 0}}, {}},
      {nvmma(64, 32, false, false, 3), {32, 4, 64},
       {{0, 0, 1}, {0, 0, 2}, {0, 0, 4}, {0, 0, 8}, {0, 1, 0}, {0, 2, 4}, {1, 0, 8}, {2, 0, 0}, {4, 0, 0}, {8, 0, 0}, {16, 0, 0},
        {0, 0, 16}, {0, 0, 32}}, {}},
      {nvmma(64, 32, true, false, 3), {64, 4, 32},
       {{1, 0, 0}, {2, 0, 0}, {4, 0, 0}, {8, 0, 0}, {0, 0, 4}, {4, 0, 8}, {8, 0, 16}, {0, 1, 0}, {0, 2, 0}, {0, 0, 1}, {0, 0, 2},
        {16, 0, 0}, {32, 0, 0}}, {}},
      {nvmma(128, 8, false, true), {32, 64},
       {{0, 1}, {0, 2}, {0, 4}, {0, 0}, {0, 8}, {0, 16}, {0, 32}, {1, 8}, {2, 16}, {4, 32}, {8, 0}, {16, 0}}, {}},
      {nvmma(0, 16), {64, 64}, {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32}, {1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {32, 0}}, {}},
      {nvmma(0, 16, true), {8, 32}, {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {1, 0}, {2, 0}, {4, 0}}, {}},
      {nvmma(0, 16), {4, 512}, {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32}, {0, 64}, {0, 128}, {1, 0}, {2, 0}, {0, 256}}, {}},
      {nvmma(32, 16), {64, 64}, {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 8}, {8, 0}, {16, 0}, {32, 0}, {0, 16}, {0, 32}}, {}},
      {nvmma(64, 16), {64, 64}, {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {1, 0}, {2, 8}, {4, 16}, {8, 0}, {16, 0}, {32, 0}, {0, 32}}, {}},
      {nvmma(128, 16), {64, 64}, {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32}, {1, 8}, {2, 16}, {4, 32}, {8, 0}, {16, 0}, {32, 0}}, {}},
      {nvmma(128, 16, true), {64, 64},
       {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {32, 0}, {8, 1}, {16, 2}, {32, 4}, {0, 8}, {0, 16}, {0, 32}}, {}},
      {nvmma(64, 16, true), {32, 128},
       {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {0, 1}, {8, 2}, {16, 4}, {0, 8}, {0, 16}, {0, 32}, {0, 64}}, {}},
      {nvmma(128, 16, true), {128, 16},
       {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {32, 0}, {8, 1}, {16, 2}, {32, 4}, {0, 8}, {64, 0}}, {}},
      {nvmma(128, 8, false, true), {64, 64},
       {{0, 1}, {0, 2}, {0, 4}, {0, 0}, {0, 8}, {0, 16}, {0, 32}, {1, 8}, {2, 16}, {4, 32}, {8, 0}, {16, 0}, {32, 0}}, {}},
      {nvmma(64, 8, false, true), {16, 64},
       {{0, 1}, {0, 2}, {0, 4}, {0, 0}, {0, 8}, {0, 16}, {1, 0}, {2, 8}, {4, 16}, {8, 0}, {0, 32}}, {}},
      {nvmma(128, 16, false, false, 2, {{1, 0}}), {128, 64},
       {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32}, {1, 8}, {2, 16}, {4, 32}, {8, 0}, {16, 0}, {32, 0}}, {{64, 0}}},
      {nvmma(32, 32), {16, 16}, {{0, 1}, {0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 4}, {8, 0}, {0, 8}}, {}},
      {nvmma(128, 8), {64, 256},
       {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32}, {0, 64}, {1, 16}, {2, 32}, {4, 64}, {8, 0}, {16, 0}, {32, 0}, {0, 128}}, {}},
      {nvmma(128, 16), {16, 512},
       {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32}, {1, 8}, {2, 16}, {4, 32}, {8, 0}, {0, 64}, {0, 128}, {0, 256}}, {}},
  };
  for (auto& c : cases) {
    INFO("swizzle " << c.s.swizzle_bytes << " bits " << c.s.element_bitwidth << " transposed " << c.s.transposed
                    << " fp4Padded " << c.s.fp4_padded << " shape[0] " << c.shape[0]);
    LinearLayout l = to_linear(Spec{c.s}, c.shape, TritonVersion::v3_6);  // 3.6 expectations
    CHECK(l.bases("offset") == c.offset);
    CHECK(l.bases("block") == c.block);
  }
}

TEST_CASE("nvmma_shared refuses a block narrower than the swizzle", "[shared]") {
  REQUIRE_THROWS_WITH(to_linear(Spec{nvmma(128, 16)}, {8, 32}), Catch::Contains("swizzlingByteWidth = 128"));
}

TEST_CASE("amd_rotating_shared matches Triton's unit tests", "[shared]") {
  struct Case { AmdRotatingShared s; Shape shape; Bases offset; };
  std::vector<Case> cases = {
      {{2, 2, 2, {1, 0}, {}}, {8, 16}, {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {1, 0}, {2, 2}, {4, 2}}},
      {{2, 2, 2, {0, 1}, {}}, {8, 16}, {{1, 0}, {2, 0}, {4, 0}, {0, 1}, {2, 2}, {2, 4}, {0, 8}}},
      {{4, 2, 4, {1, 0}, {}}, {64, 64}, {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32}, {1, 0}, {2, 4}, {4, 8}, {8, 4}, {16, 8}, {32, 0}}},
      {{4, 2, 4, {2, 1, 0}, {}}, {4, 64, 64},
       {{0, 0, 1}, {0, 0, 2}, {0, 0, 4}, {0, 0, 8}, {0, 0, 16}, {0, 0, 32}, {0, 1, 0}, {0, 2, 4}, {0, 4, 8}, {0, 8, 4},
        {0, 16, 8}, {0, 32, 0}, {1, 0, 0}, {2, 0, 0}}},
  };
  for (auto& c : cases) CHECK(offsets(Spec{c.s}, c.shape) == c.offset);
}

TEST_CASE("shared_linear and padded_shared take their bases as given", "[shared]") {
  SharedLinear sl{{{0, 1}, {0, 2}, {1, 0}, {2, 0}}, {}, 16};
  CHECK(offsets(Spec{sl}, {4, 4}) == sl.offset);
  REQUIRE_THROWS_WITH(to_linear(Spec{sl}, {8, 4}), Catch::Contains("not fitted"));
  PaddedShared p{{{32, 4}, {64, 8}}, {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32}, {1, 0}, {2, 0}}, {}, {4, 64}};
  CHECK(offsets(Spec{p}, {4, 64}) == p.offset);
  // After every 32 elements 4 are skipped, after every 64 another 8.
  CHECK(padded_offset(p, 0) == 0);
  CHECK(padded_offset(p, 31) == 31);
  CHECK(padded_offset(p, 32) == 36);
  CHECK(padded_offset(p, 64) == 64 + 8 + 8);
  CHECK(padded_offset(p, 100) == 100 + 3 * 4 + 1 * 8);
}

TEST_CASE("partitioned_shared matches the 3.9 wheel", "[shared]") {
  // Bases printed by the wheel's to_linear_layout, which leaves out the
  // partition bases: those follow Triton's rule (the piece size along
  // partitionDim, doubling).
  auto part = [](int p, int g, int dim, Spec inner) { return Spec{PartitionedShared{p, g, dim, make_spec(inner)}}; };
  struct Case { Spec s; Shape shape; Bases offset, partition; };
  std::vector<Case> cases = {
      // Triton's own example: 8 pieces of 16 rows, partition 0 holds P0, P2, P4, P6.
      {part(2, 4, 0, Spec{swz(1, 1, 1, {1, 0})}), {128, 32},
       {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {1, 0}, {2, 0}, {4, 0}, {8, 0}, {32, 0}, {64, 0}}, {{16, 0}}},
      // The swizzle is the piece's (16x16), not the tensor's.
      {part(2, 2, 1, Spec{swz(4, 1, 4, {1, 0})}), {16, 64},
       {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {1, 4}, {2, 8}, {4, 0}, {8, 0}, {0, 32}}, {{0, 16}}},
      {part(2, 2, 0, Spec{swz(2, 2, 4, {1, 0})}), {64, 32},
       {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {1, 0}, {2, 2}, {4, 4}, {8, 0}, {32, 0}}, {{16, 0}}},
  };
  for (auto& c : cases) {
    LinearLayout l = to_linear(c.s, c.shape, TritonVersion::v3_9);
    CHECK(l.bases("offset") == c.offset);
    CHECK(l.bases("partition") == c.partition);
    CHECK(l.is_invertible());
  }
  // A padded piece layout lowers to its linear part (the wheel's answer for
  // the same bases as a SharedLinearLayout); the padding applies to the
  // offset within a partition's buffer.
  PaddedShared pad{{{64, 4}}, {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32}, {1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}}, {}, {32, 64}};
  LinearLayout l = to_linear(part(2, 2, 0, Spec{pad}), {128, 64}, TritonVersion::v3_9);
  Bases want = pad.offset;
  want.push_back({64, 0});
  CHECK(l.bases("offset") == want);
  CHECK(l.bases("partition") == Bases{{32, 0}});
}

TEST_CASE("partitioned_shared refuses what Triton 3.9 refuses", "[shared]") {
  auto lower = [](int p, int g, int dim, Shape shape) {
    return to_linear(Spec{PartitionedShared{p, g, dim, make_spec(Spec{swz(1, 1, 1, {1, 0})})}}, shape, TritonVersion::v3_9);
  };
  REQUIRE_THROWS_WITH(lower(1, 2, 0, {64, 32}), Catch::Contains("numPartitions = 1 must be a power of 2 and at least 2"));
  REQUIRE_THROWS_WITH(lower(3, 2, 0, {64, 32}), Catch::Contains("numPartitions = 3"));
  REQUIRE_THROWS_WITH(lower(2, 0, 0, {64, 32}), Catch::Contains("numGroups = 0 must be a power of 2"));
  REQUIRE_THROWS_WITH(lower(2, 2, 2, {64, 32}), Catch::Contains("partitionDim (2) must be less than the layout rank (2)"));
  REQUIRE_THROWS_WITH(lower(2, 4, 0, {4, 32}), Catch::Contains("shape[0] = 4 must be at least numPartitions * numGroups = 8"));
  REQUIRE_THROWS_WITH(to_linear(Spec{PartitionedShared{2, 1, 0, make_spec(Spec{swz(1, 1, 1, {1, 0})})}}, {64, 32},
                                TritonVersion::v3_6),
                      Catch::Contains("Triton 3.9's"));
}
