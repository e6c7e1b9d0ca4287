// CuTe shape:stride layouts, their algebra, swizzles, TV layouts and the Mojo
// LayoutTensor views (tile, vectorize, distribute), drawn through LayoutMap.
// Expected layouts are CuTe's documented results (checked against pycute).
#include <catch2/catch.hpp>

#include "cute/cute_layout.h"
#include "error.h"
#include "io/text.h"
#include "layout_map.h"
#include "views.h"

using namespace ls;
using namespace ls::cute;

namespace {

std::string eval(const std::string& s) { return print(parse_value(s)); }
std::vector<int64_t> table(const std::string& s) { return make_map(parse_layout(s))->table(); }

// Offsets of a memory layout's cells, row-major (one owner each).
std::vector<int64_t> offsets(const std::string& s) {
  auto m = make_map(parse_layout(s));
  auto owners = owners_by_element(*m);
  std::vector<int64_t> r;
  for (auto& o : owners) {
    REQUIRE(o.size() == 1);
    r.push_back(hw_coords(*m, o[0])[0]);
  }
  return r;
}

}  // namespace

TEST_CASE("cute: hierarchical shape:stride maps coordinates colexicographically", "[cute]") {
  // (4,(4,2)):(4,(1,16)): (i, j) -> 4i + j%4 + 16*(j/4)
  auto o = offsets("(4,(4,2)):(4,(1,16))");
  REQUIRE(o.size() == 32);
  for (int64_t i = 0; i < 4; ++i)
    for (int64_t j = 0; j < 8; ++j) CHECK(o[i * 8 + j] == 4 * i + j % 4 + 16 * (j / 4));
  CHECK(eval("row_major(4, 8)") == "(4,8):(8,1)");
  CHECK(eval("Layout.col_major(4, 8)") == "(4,8):(1,4)");
  CHECK(eval("col_major((2,(2,2)))") == "(2,(2,2)):(1,(2,4))");
  // Mojo figure 1: a 2D column-major layout, (0, 1) at offset 2
  CHECK(offsets("col_major(2, 2)")[1] == 2);
}

TEST_CASE("cute: coalesce, composition, complement, divide and product", "[cute]") {
  CHECK(eval("coalesce((2,(1,6)):(1,(6,2)))") == "12:1");
  CHECK(eval("coalesce((2,4):(1,3))") == "(2,4):(1,3)");
  CHECK(eval("composition((6,2):(8,2), (4,3):(3,1))") == "((2,2),3):((24,2),8)");
  CHECK(eval("composition((12,(4,8)):(59,(13,1)), (3,8))") == "(3,(4,2)):(59,(13,1))");
  CHECK(eval("complement((2,2):(1,6), 24)") == "(3,2):(2,12)");
  CHECK(eval("complement(4:2, 24)") == "(2,3):(1,8)");
  CHECK(eval("logical_divide((4,2,3):(2,1,8), 4:2)") == "((2,2),(2,3)):((4,1),(2,8))");
  CHECK(eval("logical_divide((9,(4,8)):(59,(13,1)), [3:3, (2,4):(1,8)])") ==
        "((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))");
  CHECK(eval("logical_product((2,2):(4,1), 6:1)") == "((2,2),(2,3)):((4,1),(2,8))");
  CHECK_THROWS_AS(parse_value("composition((6,2):(8,2), 4:5)"), Error);
}

TEST_CASE("cute: products, compositions and cosizes past 2^62 are refused, not overflowed", "[cute]") {
  // found by fuzz_cute under UBSan (2026-11-28): (s - 1) * d of a huge mode overflowed in cosize
  CHECK_THROWS_WITH(ls::parse_cute("raked_product((8,222,52),2666666666:6666666666)"),
                    Catch::Matchers::Contains("past 2^62"));
  CHECK_THROWS_WITH(ls::parse_cute("blocked_product((4,2):(1,4),(1073741824):(4000000000))"),
                    Catch::Matchers::Contains("past 2^62"));
}

TEST_CASE("cute: tiled layouts — Mojo figure 2's tile-major nesting", "[cute]") {
  // 2x2 row-major tiles, tiles row-major: ((1,0),(0,1)) is offset 6
  CHECK(eval("blocked_product(row_major(2,2), row_major(2,2))") == "((2,2),(2,2)):((2,8),(1,4))");
  auto o = offsets("blocked_product(row_major(2,2), row_major(2,2))");
  CHECK(o[1 * 4 + 2] == 6);  // row 1 (in-tile 1, tile 0), column 2 (in-tile 0, tile 1)
  CHECK(eval("raked_product(row_major(2,2), row_major(2,2))") == "((2,2),(2,2)):((8,2),(4,1))");
}

TEST_CASE("cute: Swizzle<B,M,S> composed with a layout, and its F2 form", "[cute]") {
  auto o = offsets("Swizzle<1,0,1> o (4,4):(4,1)");
  CHECK(o == std::vector<int64_t>{0, 1, 3, 2, 4, 5, 7, 6, 8, 9, 11, 10, 12, 13, 15, 14});
  // Swizzle<3,3,3> on 8 rows of 64 halves: row r's 8-element chunks XOR r
  auto s = offsets("Sw<3,3,3> o _0 o (8,64):(64,1)");
  for (int64_t r = 0; r < 8; ++r)
    for (int64_t c = 0; c < 64; ++c) CHECK(s[r * 64 + c] == r * 64 + ((c / 8) ^ r) * 8 + c % 8);
  auto m = make_map(parse_layout("Swizzle<3,4,3> o (8,64):(64,1)"));
  REQUIRE(m->linear() != nullptr);
  CHECK(m->is_shared());
  CHECK(make_map(to_triton_linear(parse_layout("Swizzle<3,4,3> o (8,64):(64,1)")))->table() == m->table());
  CHECK_THROWS_AS(parse_value("Swizzle<3,4,2> o 8:1"), Error);
}

TEST_CASE("cute: layouts that alias offsets or skip them still draw", "[cute]") {
  auto m = make_map(parse_layout("(4,2):(1,0)"));  // broadcast: two coordinates per offset
  CHECK(m->hw_dims()[1].name == "copy");
  CHECK(m->hw_dims()[1].size == 2);
  auto owners = owners_by_element(*m);
  for (auto& o : owners) CHECK(o.size() == 1);
  CHECK(tensor_view(*make_map(parse_layout("(3,3):(1,5)"))) == "[[ 0,  5, 10],\n [ 1,  6, 11],\n [ 2,  7, 12]]\n");
}

TEST_CASE("cute: a TV layout — the m16n8 accumulator as CuTe writes it", "[cute]") {
  // ((4,8),(2,2)):((32,1),(16,8)) over a 16x8 tile (column-major indices)
  TensorLayout t = parse_layout("tv(((4,8),(2,2)):((32,1),(16,8)), (16,8))");
  LinearLayout mma = to_linear(Spec{NvidiaMma{2, 0, {1, 1}, {16, 8}, {}}}, {16, 8});
  CHECK(make_map(t)->table() == LinearLayoutMap(mma).table());
  CHECK_THROWS_WITH(parse_layout("tv((32,4):(1,32), (8,8))"), Catch::Contains("outside the tile"));
}

TEST_CASE("mojo: tile keeps the parent's offsets", "[cute][mojo]") {
  CHECK(eval("tile(row_major(8,8), (4,4), (1,0))") == "32 + (4,4):(8,1)");
  CHECK(eval("tile(col_major(64,64), (32,32), (0,1))") == "2048 + (32,32):(1,64)");
  CHECK(offsets("tile(row_major(8,8), (4,4), (1,1))")[0] == 36);
  // a tile of a tile-major layout follows the tile boundaries
  CHECK(eval("tile(blocked_product(row_major(2,2), row_major(2,2)), (2,2), (0,1))") == "4 + (2,2):(2,1)");
  CHECK_THROWS_AS(parse_value("tile(row_major(8,8), (3,4), (0,0))"), Error);
}

TEST_CASE("mojo: vectorize turns elements into vectors", "[cute][mojo]") {
  TensorLayout t = parse_layout("vectorize(row_major(16,16), 1, 4)");
  CHECK(t.shape == Shape{16, 4});
  auto o = offsets("vectorize(row_major(16,16), 1, 4)");
  CHECK(o[0] == 0);
  CHECK(o[1] == 4);
  CHECK(o[4] == 16);
}

TEST_CASE("mojo: figure 5 — a 4x4 row-major tensor over a 2x2 column-major thread layout", "[cute][mojo]") {
  auto m = make_map(parse_layout("distribute(row_major(4,4), col_major(2,2))"));
  auto t = m->table();  // flat = value + 4 * thread; elements of a row-major 4x4 are their offsets
  std::vector<std::vector<int64_t>> expect = {{0, 8, 2, 10}, {4, 12, 6, 14}, {1, 9, 3, 11}, {5, 13, 7, 15}};
  for (int64_t th = 0; th < 4; ++th)
    for (int64_t v = 0; v < 4; ++v) CHECK(t[th * 4 + v] == expect[th][v]);
}

TEST_CASE("mojo: a 16x16 tile, 1x4 vectors, an 8x4 row-major thread layout", "[cute][mojo]") {
  auto m = make_map(parse_layout("distribute(vectorize(row_major(16,16), 1, 4), row_major(8,4))"));
  CHECK(m->hw_size() == 256);
  auto t = m->table();
  // thread th holds 2 vectors: rows th/4 and th/4 + 8, columns 4*(th%4) .. +3
  for (int64_t th = 0; th < 32; ++th)
    for (int64_t v = 0; v < 8; ++v) {
      int64_t row = th / 4 + 8 * (v / 4), col = 4 * (th % 4) + v % 4;
      CHECK(t[th * 8 + v] == row * 16 + col);
    }
  REQUIRE(m->linear() != nullptr);
  CHECK_THROWS_WITH(parse_layout("distribute(row_major(4,4), row_major(3,2))"), Catch::Contains("does not tile"));
  // a billion threads: refused before anything is allocated for them (fuzz_cute ran out of memory)
  CHECK_THROWS_WITH(make_map(parse_layout("distribute(row_major(255555554,4), col_major(255555554,4))")),
                    Catch::Contains("more than 4096 threads"));
  // 2.8 million threads: refused before a coordinate is made for each (fuzz_cute timed out)
  CHECK_THROWS_WITH(make_map(parse_layout("distribute(row_major(8,88888,48), row_major(8,88888,4))")),
                    Catch::Contains("more than 4096 threads"));
  // a tile whose size overflows 64 bits: refused, no signed overflow (fuzz_cute, UBSan)
  CHECK_THROWS_WITH(make_map(parse_layout("tv((5,3),((2,66666,6662,66666,6666600,6600,9)))")),
                    Catch::Contains("at most 2^26 elements"));
  // a divisor mode whose size times stride overflows 64 bits: refused in complement (fuzz_cute, UBSan)
  CHECK_THROWS_WITH(parse_value("logical_divide((8,22,2,2,2,52),266666666:66666666666)"),
                    Catch::Contains("reaches past 2^62"));
}

TEST_CASE("cute: text round trip and JSON", "[cute]") {
  for (const char* s : {"(4,(4,2)):(4,(1,16))", "Swizzle<3,4,3> o 64 + (8,64):(64,1)",
                        "distribute(vectorize((16,16):(16,1), (1,4)), (8,4):(4,1))",
                        "tv(((4,8),(2,2)):((32,1),(16,8)), (16,8))"}) {
    INFO(s);
    CHECK(eval(s) == s);
    TensorLayout t = parse_layout(s);
    TensorLayout back = parse_layout(print_json(t));
    REQUIRE(back.foreign);
    CHECK(back.foreign->text() == s);
  }
  CHECK_THROWS_WITH(parse_value("(4,2):(1,(2,2))"), Catch::Contains("not congruent"));
  CHECK_THROWS_WITH(parse_value("(4,2):(1,2"), Catch::Contains("column"));
  CHECK_THROWS_AS(parse_value("frobnicate(4:1)"), Error);
}
