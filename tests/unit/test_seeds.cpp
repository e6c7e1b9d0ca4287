// Every worked example the source documents (../shared/seeds/) print,
// reproduced from the model.
#include <catch2/catch.hpp>
#include <sstream>

#include "layout_map.h"
#include "views.h"

using namespace ls;

namespace {

std::vector<std::string> lines(const std::string& s) {
  std::vector<std::string> r;
  std::stringstream in(s);
  for (std::string l; std::getline(in, l);) r.push_back(l);
  return r;
}

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

std::unique_ptr<LayoutMap> map_of(SpecVariant v, Shape shape) {
  return make_map(TensorLayout{std::make_shared<const Spec>(Spec{std::move(v)}), std::move(shape)});
}

Blocked blocked(Ints spt, Ints tpw, Ints wpc, Ints order, Bases cga = {}) {
  return {std::move(spt), std::move(tpw), std::move(wpc), std::move(order), {std::move(cga)}};
}

// thread id (lane + 32 * warp) of every element, row-major; -1 if broadcast.
std::vector<int64_t> thread_grid(const LayoutMap& m, int64_t* block_of = nullptr) {
  std::vector<int64_t> r;
  auto owners = owners_by_element(m);
  size_t k = 0;
  for (auto& o : owners) {
    auto c = hw_coords(m, o.at(0));  // register, lane, warp, block
    r.push_back(c[1] + 32 * c[2]);
    if (block_of) block_of[k] = c.size() > 3 ? c[3] : 0;
    ++k;
  }
  return r;
}

}  // namespace

TEST_CASE("Gluon tutorial: the warp tile of BlockedLayout([2,4],[16,2],...,[1,0])", "[seeds]") {
  // One warp of the tutorial's layout covers 32x8; the printed grid is it.
  auto m = map_of(blocked({2, 4}, {16, 2}, {1, 1}, {1, 0}), {32, 8});
  auto g = lines(tensor_view(*m));
  REQUIRE(g.size() == 32);
  CHECK(g[0] == "[[ T0:0,  T0:1,  T0:2,  T0:3,  T1:0,  T1:1,  T1:2,  T1:3],");
  CHECK(g[1] == " [ T0:4,  T0:5,  T0:6,  T0:7,  T1:4,  T1:5,  T1:6,  T1:7],");
  CHECK(g[2] == " [ T2:0,  T2:1,  T2:2,  T2:3,  T3:0,  T3:1,  T3:2,  T3:3],");
  CHECK(g[3] == " [ T2:4,  T2:5,  T2:6,  T2:7,  T3:4,  T3:5,  T3:6,  T3:7],");
  CHECK(g[28] == " [T28:0, T28:1, T28:2, T28:3, T29:0, T29:1, T29:2, T29:3],");
  CHECK(g[29] == " [T28:4, T28:5, T28:6, T28:7, T29:4, T29:5, T29:6, T29:7],");
  CHECK(g[30] == " [T30:0, T30:1, T30:2, T30:3, T31:0, T31:1, T31:2, T31:3],");
  CHECK(g[31] == " [T30:4, T30:5, T30:6, T30:7, T31:4, T31:5, T31:6, T31:7]]");
  // The full four-warp layout on 64x16 has the same warp tile at its top left.
  auto full = lines(tensor_view(*map_of(blocked({2, 4}, {16, 2}, {2, 2}, {1, 0}), {64, 16})));
  CHECK(full[0].rfind("[[  T0:0,   T0:1,   T0:2,   T0:3,   T1:0,", 0) == 0);
}

TEST_CASE("Gluon tutorial: the thread tile for order [1,0] and [0,1]", "[seeds]") {
  // [[T:0, T:1, T:2, T:3], [T:4, T:5, T:6, T:7]] and [[T:0, T:2, T:4, T:6], [T:1, T:3, T:5, T:7]]
  for (auto [order, expect] : {std::pair<Ints, std::vector<int>>{{1, 0}, {0, 1, 2, 3, 4, 5, 6, 7}},
                               std::pair<Ints, std::vector<int>>{{0, 1}, {0, 2, 4, 6, 1, 3, 5, 7}}}) {
    LinearLayout l = to_linear(Spec{blocked({2, 4}, {16, 2}, {2, 2}, order)}, {64, 16});
    for (int reg = 0; reg < 8; ++reg) {
      auto e = l.apply({reg, 0, 0, 0});
      CHECK(expect[e[0] * 4 + e[1]] == reg);  // the grid, read row-major
    }
  }
}

TEST_CASE("Gluon tutorial: 128x128 tiles the block 2x8 with 128 registers per thread", "[seeds]") {
  LinearLayout l = to_linear(Spec{blocked({2, 4}, {16, 2}, {2, 2}, {1, 0})}, {128, 128});
  CHECK(l.in_size("register") == 128);
  // Tile B(8i + j) of the [[B0..B7], [B8..B15]] tiling starts at register 8 * (8i + j).
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 8; ++j) CHECK(l.apply({8 * (8 * i + j), 0, 0, 0}) == std::vector<int32_t>{64 * i, 16 * j});
}

TEST_CASE("Gluon tutorial: a 32x8 tensor is broadcast to every warp", "[seeds]") {
  auto g = lines(tensor_view(*map_of(blocked({2, 4}, {16, 2}, {2, 2}, {1, 0}), {32, 8})));
  REQUIRE(g.size() == 32);
  CHECK(g[0].rfind("[[  T0:0| T32:0| T64:0| T96:0,", 0) == 0);
  CHECK(ends_with(g[0], ",   T1:3| T33:3| T65:3| T97:3],"));
  CHECK(g[1].rfind(" [  T0:4| T32:4| T64:4| T96:4,", 0) == 0);
  CHECK(g[30].rfind(" [ T30:0| T62:0| T94:0|T126:0,", 0) == 0);
  CHECK(ends_with(g[31], ",  T31:7| T63:7| T95:7|T127:7]]"));
}

TEST_CASE("Gluon tutorial: SliceLayout(dim=1) collapses rows and drops repeated registers", "[seeds]") {
  // The warp tile of the tutorial's layout, sliced along dim 1.
  auto m = map_of(Slice{1, std::make_shared<const Spec>(Spec{blocked({2, 4}, {16, 2}, {1, 1}, {1, 0})})}, {32});
  auto owners = owners_by_element(*m);
  REQUIRE(owners.size() == 32);
  auto cell = [&](int e) {
    std::string s;
    for (int64_t x : owners[e]) s += (s.empty() ? "" : "|") + owner_label(*m, x);
    return s;
  };
  CHECK(cell(0) == "T0:0|T1:0");
  CHECK(cell(1) == "T0:1|T1:1");
  CHECK(cell(2) == "T2:0|T3:0");
  CHECK(cell(3) == "T2:1|T3:1");
  CHECK(cell(28) == "T28:0|T29:0");
  CHECK(cell(31) == "T30:1|T31:1");
}

TEST_CASE("Gluon tutorial: three equivalent spellings of one 1D layout", "[seeds]") {
  LinearLayout a = to_linear(Spec{blocked({1}, {32}, {4}, {0})}, {128});
  LinearLayout b = to_linear(Spec{Slice{1, std::make_shared<const Spec>(Spec{blocked({1, 1}, {32, 1}, {4, 1}, {1, 0})})}}, {128});
  LinearLayout c = to_linear(Spec{DistributedLinear{{}, {{1}, {2}, {4}, {8}, {16}}, {{32}, {64}}, {}}}, {128});
  CHECK(a == b);
  CHECK(a == c);
}

TEST_CASE("Data-layout overview: the 16x16 blocked thread grid and its 4-CTA variant", "[seeds]") {
  // [ 0 0 1 1 2 2 3 3 ; 32 32 33 33 34 34 35 35 ] ... each thread a 2x2 block.
  auto expected = [](int r, int c) { return (r / 2) * 4 + (c % 8) / 2 + 32 * (c / 8); };
  auto m = map_of(blocked({2, 2}, {8, 4}, {1, 2}, {1, 0}), {16, 16});
  auto t = thread_grid(*m);
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 16; ++c) REQUIRE(t[r * 16 + c] == expected(r, c));
  // ctasPerCluster [2, 2], ctasSplitNum [2, 2], ctaOrder [1, 0] on 32x32: CTA [i, j]
  // holds the (i, j) 16x16 quarter with the same thread grid.
  CgaLayout cga = cga_from_split({2, 2}, {2, 2}, {1, 0});
  auto m4 = map_of(Blocked{{2, 2}, {8, 4}, {1, 2}, {1, 0}, cga}, {32, 32});
  std::vector<int64_t> blocks(32 * 32);
  auto t4 = thread_grid(*m4, blocks.data());
  for (int r = 0; r < 32; ++r)
    for (int c = 0; c < 32; ++c) {
      REQUIRE(t4[r * 32 + c] == expected(r % 16, c % 16));
      REQUIRE(blocks[r * 32 + c] == (r / 16) * 2 + c / 16);
    }
}

TEST_CASE("Linear-layout post: the MFMA 16x16x16 C table", "[seeds]") {
  // Row m, column n is held by v(m % 4){16 * (m / 4) + n}.
  LinearLayout l = to_linear(Spec{AmdMfma{3, {16, 16, 16}, false, {1, 1}, 32, {}, {}}}, {16, 16});
  CHECK(l.bases("register") == Bases{{1, 0}, {2, 0}});
  CHECK(l.bases("lane") == Bases{{0, 1}, {0, 2}, {0, 4}, {0, 8}, {4, 0}, {8, 0}});
  for (int m = 0; m < 16; ++m)
    for (int n = 0; n < 16; ++n) CHECK(l.apply({m % 4, 16 * (m / 4) + n, 0, 0}) == std::vector<int32_t>{m, n});
}

TEST_CASE("Linear-layout post: the swizzle (o / 32, (o % 32) xor (o / 32))", "[seeds]") {
  LinearLayout l = to_linear(Spec{SwizzledShared{1, 1, 32, {1, 0}, {}}}, {32, 32});
  for (int o = 0; o < 1024; ++o) REQUIRE(l.apply({o, 0}) == std::vector<int32_t>{o / 32, (o % 32) ^ (o / 32)});
}

TEST_CASE("Tilus chapter: the m16n8k8 operand-C table is the MMA v2 accumulator", "[seeds]") {
  // Table cell (r, c) reads "t: i": thread (r % 8) * 4 + c / 2, register c % 2 + 2 * (r / 8).
  auto owner = [](int r, int c) { return std::pair{(r % 8) * 4 + c / 2, c % 2 + 2 * (r / 8)}; };
  // The table as a linear layout: the element each register / lane bit selects.
  auto at = [&](int t, int i) {
    for (int r = 0; r < 16; ++r)
      for (int c = 0; c < 8; ++c)
        if (owner(r, c) == std::pair{t, i}) return std::vector<int32_t>{r, c};
    return std::vector<int32_t>{};
  };
  Bases reg{at(0, 1), at(0, 2)}, lane{at(1, 0), at(2, 0), at(4, 0), at(8, 0), at(16, 0)};
  LinearLayout table({{"register", reg}, {"lane", lane}, {"warp", {}}, {"block", {}}}, {{"dim0", 4}, {"dim1", 3}});
  LinearLayout mma = to_linear(Spec{NvidiaMma{2, 0, {1, 1}, {16, 8}, {}}}, {16, 8});
  CHECK(mma == table);
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 8; ++c) {
      auto [t, i] = owner(r, c);
      CHECK(mma.apply({i, t, 0, 0}) == std::vector<int32_t>{r, c});
    }
}
