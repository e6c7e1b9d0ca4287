// The F2 engine: every operation checked against its definition on small
// layouts (brute force over all inputs).
#include <catch2/catch.hpp>

#include "error.h"
#include "linear_layout.h"

using namespace ls;
using L = LinearLayout;
using Bases = std::vector<LinearLayout::Basis>;

namespace {

// A 2D "MMA-like" layout: register, lane, warp -> dim0 (8), dim1 (16).
L sample() {
  return L({{"register", {{0, 1}, {4, 0}}}, {"lane", {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {0, 8}}}, {"warp", {{0, 0}}}},
           {{"dim0", 3}, {"dim1", 4}});
}

}  // namespace

TEST_CASE("identity, zeros and product", "[linear]") {
  L id = L::identity1d(8, "register", "dim0");
  CHECK(id.bases("register") == Bases{{1}, {2}, {4}});
  CHECK(L::zeros1d(4, "lane", "dim0").bases("lane") == Bases{{0}, {0}});
  // Shared in and out dims: the outer layout's bases follow and are shifted.
  L p = L::identity1d(4, "register", "dim0") * L::identity1d(2, "register", "dim0");
  CHECK(p.bases("register") == Bases{{1}, {2}, {4}});
  CHECK(p.out_size("dim0") == 8);
  // Different out dims: bases get zeros for the other dim.
  L q = L::identity1d(2, "register", "dim1") * L::identity1d(4, "lane", "dim0");
  CHECK(q.out_names() == std::vector<std::string>{"dim1", "dim0"});
  CHECK(q.bases("register") == Bases{{1, 0}});
  CHECK(q.bases("lane") == Bases{{0, 1}, {0, 2}});
  // zeros do not grow the out dim
  L z = L::identity1d(4, "register", "dim0") * L::zeros1d(2, "register", "dim0");
  CHECK(z.out_size("dim0") == 4);
  CHECK(z.bases("register") == Bases{{1}, {2}, {0}});
}

TEST_CASE("apply, flat apply and the table agree", "[linear]") {
  L l = sample();
  std::vector<uint64_t> t(size_t{1} << l.total_in_bits());
  l.table(t.data());
  for (uint64_t x = 0; x < t.size(); ++x) {
    int32_t reg = x & 3, lane = (x >> 2) & 31, warp = (x >> 7) & 1;
    auto out = l.apply({reg, lane, warp});
    REQUIRE(t[x] == static_cast<uint64_t>(out[0] * 16 + out[1]));  // row-major
    REQUIRE(l.apply_flat(x) == t[x]);
  }
}

TEST_CASE("injective, surjective, free variables", "[linear]") {
  L l = sample();
  CHECK(l.is_surjective());
  CHECK_FALSE(l.is_injective());  // the warp bit broadcasts
  auto masks = l.free_variable_masks();
  CHECK(masks[0] == std::pair<std::string, uint64_t>{"register", 0});
  CHECK(masks[2] == std::pair<std::string, uint64_t>{"warp", 1});
  L dup({{"register", {{1}, {1}, {2}}}}, {{"dim0", 2}});
  CHECK(dup.free_variable_masks()[0].second == 2);  // basis 1 repeats basis 0
  L part({{"register", {{1}}}}, {{"dim0", 2}});
  CHECK_FALSE(part.is_surjective());
  CHECK(part.is_injective());
}

TEST_CASE("invert and pseudo-invert", "[linear]") {
  L l = sample().sublayout({"register", "lane"}, {"dim0", "dim1"});
  REQUIRE(l.is_invertible());
  L inv = l.invert();
  for (int32_t r = 0; r < 4; ++r)
    for (int32_t ln = 0; ln < 32; ++ln) {
      auto e = l.apply({r, ln});
      REQUIRE(inv.apply(e) == std::vector<int32_t>{r, ln});
    }
  L p = sample().pseudo_invert();  // a right inverse: l(p(x)) == x
  for (int32_t a = 0; a < 8; ++a)
    for (int32_t b = 0; b < 16; ++b) REQUIRE(sample().apply(p.apply({a, b})) == std::vector<int32_t>{a, b});
  CHECK_THROWS_AS(sample().invert(), Error);
}

TEST_CASE("compose and invert_and_compose", "[linear]") {
  L a = sample();
  // outer: swap dims and XOR-swizzle: (d0, d1) -> (d1, d1 ^ d0) over 16x16
  L outer({{"dim0", {{0, 1}, {0, 2}, {0, 4}}}, {"dim1", {{1, 1}, {2, 2}, {4, 4}, {8, 0}}}}, {{"x", 4}, {"y", 4}});
  L c = a.compose(outer);
  for (int32_t r = 0; r < 4; ++r)
    for (int32_t ln = 0; ln < 32; ++ln) REQUIRE(c.apply({r, ln, 0}) == outer.apply(a.apply({r, ln, 0})));
  // invert_and_compose: find C with b(C(x)) == a(x)
  L b = L({{"offset", {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 0}}}}, {{"dim0", 3}, {"dim1", 4}});
  L ac = a.invert_and_compose(b);
  for (int32_t r = 0; r < 4; ++r)
    for (int32_t ln = 0; ln < 32; ++ln) REQUIRE(b.apply(ac.apply({r, ln, 1})) == a.apply({r, ln, 1}));
}

TEST_CASE("transpose, reshape and sublayout", "[linear]") {
  L l = sample();
  L t = l.transpose_outs({"dim1", "dim0"});
  CHECK(t.bases("register") == Bases{{1, 0}, {0, 4}});
  CHECK(t.transpose_outs({"dim0", "dim1"}) == l);
  L ti = l.transpose_ins({"warp", "lane", "register"});
  CHECK(ti.in_names() == std::vector<std::string>{"warp", "lane", "register"});
  // Row-major reshape to 1D keeps the flat index.
  L flat = l.reshape_outs({{"dim0", 128}});
  for (uint64_t x = 0; x < 256; ++x) REQUIRE(flat.apply_flat(x) == l.apply_flat(x));
  L r2 = l.reshape_ins({{"thread", 128}, {"rest", 2}});
  CHECK(r2.in_size("thread") == 128);
  L sub = l.sublayout({"lane"}, {"dim1"});
  CHECK(sub.bases("lane") == Bases{{2}, {4}, {0}, {0}, {8}});
  CHECK_THROWS_AS(l.reshape_outs({{"dim0", 64}}), Error);
}

TEST_CASE("number of consecutive elements", "[linear]") {
  // registers 0..3 contiguous along dim1, then lanes step by 4: vector width 4
  L l({{"register", {{0, 1}, {0, 2}, {1, 0}}}, {"lane", {{0, 4}, {0, 8}, {2, 0}, {4, 0}, {8, 0}}}},
      {{"dim0", 4}, {"dim1", 4}});
  CHECK(l.num_consecutive("dim1") == 4);
  CHECK(l.num_consecutive("dim0") == 1);
  // a lane that lands inside the run breaks it
  L broken({{"register", {{0, 1}, {0, 2}}}, {"lane", {{0, 2}, {1, 0}}}}, {{"dim0", 1}, {"dim1", 2}});
  CHECK(broken.num_consecutive("dim1") == 2);
}

TEST_CASE("construction checks", "[linear]") {
  CHECK_THROWS_WITH(L({{"register", {{8}}}}, {{"dim0", 3}}), Catch::Contains("outside out dim dim0"));
  CHECK_THROWS_WITH(L({{"register", {{1, 0}}}}, {{"dim0", 3}}), Catch::Contains("has 2 values"));
  CHECK(L::infer_outs({{"register", {{4}, {1}}}}, {"dim0"}).out_size("dim0") == 8);
}
