// Tilus register layouts: the mapping rule, the operations, the F2 form and
// the text forms.
#include <catch2/catch.hpp>

#include "error.h"
#include "io/text.h"
#include "layout_map.h"
#include "tilus/tilus_layout.h"
#include "views.h"

using namespace ls;
using namespace ls::tilus;

namespace {

RegisterLayout P(const std::string& s) { return parse_register_layout(s); }

// (thread, local) -> element, from the map's table.
std::vector<int64_t> table_of(const RegisterLayout& l) { return TilusLayout(l).map()->table(); }

}  // namespace

TEST_CASE("tilus: the mapping-process example of the chapter", "[tilus]") {
  // shape [4, 6], mode_shape [2, 2, 3, 2], spatial [0, 2], local [3, 1]:
  // thread (i/2)*3 + j/2, local (j%2)*2 + i%2.
  RegisterLayout l = register_layout({4, 6}, {2, 2, 3, 2}, {0, 2}, {3, 1});
  auto t = table_of(l);
  REQUIRE(t.size() == 24);
  for (int64_t i = 0; i < 4; ++i)
    for (int64_t j = 0; j < 6; ++j) {
      int64_t thread = (i / 2) * 3 + j / 2, local = (j % 2) * 2 + i % 2;
      CHECK(t[thread * l.local_size() + local] == i * 6 + j);
    }
}

TEST_CASE("tilus: m16n8k8 operand C equals the MMA v2 accumulator of core", "[tilus]") {
  auto lin = to_linear(P("local(2, 1).spatial(8, 4).local(1, 2)"));
  REQUIRE(lin);
  LinearLayout mma = to_linear(Spec{NvidiaMma{2, 0, {1, 1}, {16, 8}, {}}}, {16, 8});
  for (const char* d : {"register", "lane", "warp"}) CHECK(lin->bases(d) == mma.bases(d));
  // and the same through the JSON / CLI path
  TensorLayout t = to_triton_linear(parse_layout("repeat(2, 1).spatial(8, 4).repeat(1, 2)"));
  CHECK(make_map(t)->table() == LinearLayoutMap(mma).table());
}

TEST_CASE("tilus: chaining, `*` and compose() agree and compose is associative", "[tilus]") {
  RegisterLayout a = local(Vec{2, 1}), b = spatial(Vec{8, 4}), c = local(Vec{1, 2});
  CHECK(P("local(2,1).spatial(8,4).local(1,2)") == P("local(2, 1) * spatial(8, 4) * local(1, 2)"));
  CHECK(P("local(2,1) * spatial(8,4)") == compose(a, b));
  CHECK(compose(compose(a, b), c) == compose(a, compose(b, c)));
  CHECK(compose(spatial(Vec{2, 3}), local(Vec{3, 4})) != compose(local(Vec{3, 4}), spatial(Vec{2, 3})));
  CHECK(P("tilus.ir.layout.spatial(2, 3)") == spatial(Vec{2, 3}));
  CHECK(P("spatial(2, 3, ranks=[1, 0])") == column_spatial(Vec{2, 3}));
}

TEST_CASE("tilus: divide undoes compose, and refuses what it cannot divide", "[tilus]") {
  RegisterLayout q = compose(local(Vec{2, 1}), spatial(Vec{8, 4}));
  RegisterLayout l = compose(q, local(Vec{1, 2}));
  CHECK(divide(l, local(Vec{1, 2})) == q);
  CHECK(P("local(2,1).spatial(8,4).local(1,2) / local(1,2)") == q);
  CHECK(divide(l, compose(spatial(Vec{8, 4}), local(Vec{1, 2}))) == local(Vec{2, 1}));
  CHECK_THROWS_AS(divide(l, spatial(Vec{1, 2})), Error);
}

TEST_CASE("tilus: reduce makes replicated spatial modes; every owner is listed", "[tilus]") {
  RegisterLayout r = reduce(spatial(Vec{3, 4}), {0});
  CHECK(r == RegisterLayout{{4}, {4}, {-3, 0}, {}});
  CHECK(r.num_threads() == 12);
  auto owners = owners_by_element(*TilusLayout(r).map());
  CHECK(owners[1] == std::vector<int64_t>{1, 5, 9});  // register size 1: flat index = thread
  CHECK(reduce(spatial(Vec{3, 4}), {1}, true).shape == Vec{3, 1});
  CHECK(P("reduce(spatial(3, 4), dims=[1], keepdims=True)") == reduce(spatial(Vec{3, 4}), {1}, true));
  CHECK(P("replicated(2, 2, num_workers=4)").spatial_modes == Vec{-4});
}

TEST_CASE("tilus: squeeze, unsqueeze, permute, reshape, flatten keep ownership", "[tilus]") {
  RegisterLayout l = P("local(2, 3).spatial(4, 2)");  // 8 x 6
  RegisterLayout u = unsqueeze(l, {0});
  CHECK(u.shape == Vec{1, 8, 6});
  CHECK(squeeze(u, {0}) == l);
  CHECK(table_of(u) == table_of(l));
  // permute: element (i, j) of l is element (j, i) of the permuted layout
  RegisterLayout p = permute(l, {1, 0});
  auto tl = table_of(l), tp = table_of(p);
  REQUIRE(tl.size() == tp.size());
  for (size_t x = 0; x < tl.size(); ++x) CHECK(tp[x] == (tl[x] % 6) * 8 + tl[x] / 6);
  // reshape / flatten keep the row-major element of every (thread, local)
  CHECK(table_of(reshape(l, {4, 2, 6})) == tl);
  CHECK(table_of(flatten(l)) == tl);
  CHECK(flatten(l).shape == Vec{48});
  CHECK(table_of(reshape(P("spatial(8, 3)"), {2, 4, 3})) == table_of(P("spatial(8, 3)")));
  CHECK_THROWS_AS(reshape(P("spatial(6)"), {4, 9}), Error);
  CHECK_THROWS_AS(squeeze(l, {0}), Error);
}

TEST_CASE("tilus: concat puts two layouts side by side in rank", "[tilus]") {
  RegisterLayout c = concat(spatial(Vec{2}), local(Vec{3}));
  CHECK(c == RegisterLayout{{2, 3}, {2, 3}, {0}, {1}});
  CHECK(P("concat(spatial(2), local(3))") == c);
}

TEST_CASE("tilus: non-power-of-two layouts have no F2 form but draw through LayoutMap", "[tilus]") {
  RegisterLayout l = spatial(Vec{3, 4});
  CHECK_FALSE(to_linear(l));
  auto m = TilusLayout(l).map();
  CHECK(m->linear() == nullptr);
  CHECK(m->hw_size() == 12);
  CHECK(tensor_view(*m) == "[[ T0:0,  T1:0,  T2:0,  T3:0],\n [ T4:0,  T5:0,  T6:0,  T7:0],\n"
                           " [ T8:0,  T9:0, T10:0, T11:0]]\n");
  CHECK_THROWS_AS(to_triton_linear(parse_layout("spatial(3, 4)")), Error);
  // 64 threads: 32 lanes and 2 warps
  auto big = TilusLayout(spatial(Vec{8, 8})).map();
  CHECK(big->hw_dims()[1].size == 32);
  CHECK(big->hw_dims()[2].size == 2);
}

TEST_CASE("tilus: text forms parse back, JSON round-trips, errors name the rule", "[tilus]") {
  RegisterLayout l = P("local(2, 1).spatial(8, 4).local(1, 2)");
  CHECK(P(expression(l)) == l);
  CHECK(P(repr(l)) == l);
  CHECK(P("print(visualize_layout(local(2, 1).spatial(8, 4).local(1, 2)))") == l);
  TensorLayout t = parse_layout(expression(l));
  REQUIRE(t.foreign);
  TensorLayout back = parse_layout(print_json(t));
  REQUIRE(back.foreign);
  CHECK(back.foreign->text() == t.foreign->text());
  CHECK(back.shape == Shape{16, 8});
  CHECK_THROWS_WITH(P("register_layout(shape=[4], mode_shape=[3], spatial_modes=[0], local_modes=[])"),
                    Catch::Contains("does not split shape"));
  CHECK_THROWS_WITH(P("register_layout(shape=[4], mode_shape=[4], spatial_modes=[], local_modes=[])"),
                    Catch::Contains("neither spatial_modes nor local_modes"));
  CHECK_THROWS_WITH(P("register_layout(shape=[4], mode_shape=[4], spatial_modes=[0], local_modes=[0])"),
                    Catch::Contains("appears twice"));
  CHECK_THROWS_WITH(P("local(2, 3).spatal(2)"), Catch::Contains("unknown layout method"));
  CHECK_THROWS_WITH(P("local(2, 3"), Catch::Contains("column"));
  CHECK_THROWS_AS(P("spatial(0, 2)"), Error);
  CHECK_THROWS_AS(P("spatial(65536, 65536)"), Error);
}

TEST_CASE("tilus: a parenthesised layout followed by more text is refused, not read after free", "[tilus]") {
  // Found by fuzz_tilus: `(layout)` replaced the tuple by its own element while copying it.
  CHECK_THROWS(ls::parse_tilus("(local(1,1).spatial(8,4))(.)local(1,1)"));
  auto t = ls::parse_tilus("(local(1,1).spatial(8,4)).local(1,1)");
  REQUIRE(t.foreign != nullptr);
  CHECK(t.foreign->shape() == ls::Shape{8, 4});
}
