// Tensor-memory kinds and the Triton version switch, on answers recorded from
// the triton==3.9.0 and 3.6.0 wheels (to_linear_layout,
// _compute_tmem_reg_layout).
#include <catch2/catch.hpp>

#include "analysis/tmem_reg_layout.h"
#include "error.h"
#include "io/text.h"
#include "layout_map.h"
#include "views.h"

using namespace ls;

namespace {
Bases rows_of(const std::string& text, const Shape& shape, const char* dim) {
  TensorLayout t = parse_layout(text);
  LinearLayout l = to_linear(*t.spec, shape, TritonVersion::v3_9);
  Bases b;
  for (auto& v : l.bases(dim)) b.push_back(Ints(v.begin(), v.end()));
  return b;
}
}  // namespace

TEST_CASE("tensor memory: Triton 3.9's rows and cols") {
  const std::string m64 = "TensorMemoryLayout(block=(64, 64), col_stride=1)";
  CHECK(rows_of(m64, {128, 128}, "row") == Bases{{1, 0}, {2, 0}, {4, 0}, {8, 0}, {64, 0}, {16, 0}, {32, 0}});
  CHECK(rows_of(m64, {128, 128}, "col") == Bases{{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32}, {0, 64}});
  // col_stride 2 adds a leading zero col basis; the tile repeats along M then N.
  CHECK(rows_of("TensorMemoryLayout(block=(128, 64), col_stride=2)", {256, 128}, "col") ==
        Bases{{0, 0}, {0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32}, {128, 0}, {0, 64}});
  // Two-CTA blockM 64: row 64 takes the last col basis.
  const std::string two = "TensorMemoryLayout(block=(64, 16), col_stride=1, cga_layout=[[1, 0]], two_ctas=True)";
  CHECK(rows_of(two, {256, 64}, "row") == Bases{{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {32, 0}, {0, 8}});
  CHECK(rows_of(two, {256, 64}, "col") == Bases{{0, 1}, {0, 2}, {0, 4}, {64, 0}, {0, 16}, {0, 32}});
  CHECK(rows_of(two, {256, 64}, "block") == Bases{{128, 0}});
  CHECK(rows_of("TensorMemoryScalesLayout()", {32, 8}, "col") == Bases{{0, 1}, {0, 2}, {0, 0}, {0, 4}});
}

TEST_CASE("tensor memory: text round trips and refusals") {
  TensorLayout g = parse_layout(
      "TensorMemoryLayout(block=(64, 256), col_stride=1, cga_layout=[[1, 0], [0, 0]], two_ctas=True, fp4_padded=True)");
  g.shape = {256, 128};
  std::string mlir = print_mlir(g);
  CHECK(mlir ==
        "!ttg.memdesc<256x128xf32, #ttng.tensor_memory_encoding<blockM = 64, blockN = 256, colStride = 1, "
        "CGALayout = [[1, 0], [0, 0]], twoCTAs = true, fp4Padded = true>, #ttng.tensor_memory, mutable>");
  CHECK(*parse_layout(mlir).spec == *g.spec);
  CHECK(*parse_layout(print_json(g)).spec == *g.spec);
  CHECK(print_gluon(*parse_layout("!ttg.memdesc<256x8xi8, #ttng.tensor_memory_scales_encoding<CGALayout = [[1, 0]]>, "
                                  "#ttng.tensor_memory, mutable>")
                         .spec) == "TensorMemoryScalesLayout(cga_layout=[[1, 0]])");
  CHECK_THROWS_AS(validate(*parse_layout("TensorMemoryLayout(block=(32, 64), col_stride=1)").spec), Error);
  CHECK_THROWS_AS(validate(*parse_layout("TensorMemoryLayout(block=(128, 64), col_stride=2, fp4_padded=True)").spec),
                  Error);
  CHECK_THROWS_AS(to_linear(*parse_layout("TensorMemoryLayout(block=(128, 64), col_stride=1)").spec, {64, 64}), Error);
  CHECK_THROWS_AS(to_linear(*parse_layout("TensorMemoryLayout(block=(128, 64), col_stride=1)").spec, {128, 64},
                            TritonVersion::v3_6),
                  Error);
  TensorLayout t = parse_layout("TensorMemoryLayout(block=(128, 64), col_stride=1)");
  t.shape = {128, 64};
  CHECK(make_map(t)->is_tensor_memory());
}

TEST_CASE("tmem-reg-layout: compute_tmem_reg_layout's answers") {
  TensorLayout t = parse_layout("TensorMemoryLayout(block=(128, 64), col_stride=1)");
  t.shape = {128, 64};
  auto r = tmem_reg_layout(t, 32, 4, "16x256b", TritonVersion::v3_9);
  CHECK(r.reg == Bases{{0, 1}, {8, 0}, {0, 8}, {0, 16}, {0, 32}, {16, 0}});
  CHECK(r.lane == Bases{{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}});
  CHECK(r.warp == Bases{{32, 0}, {64, 0}});
  auto w8 = tmem_reg_layout(t, 32, 8, "32x32b", TritonVersion::v3_9);
  CHECK(w8.reg == Bases{{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}});
  CHECK(w8.warp == Bases{{32, 0}, {64, 0}, {0, 32}});
  TensorLayout m64 = parse_layout("TensorMemoryLayout(block=(64, 64), col_stride=1)");
  m64.shape = {64, 64};
  auto x2 = tmem_reg_layout(m64, 32, 4, "32x32b", TritonVersion::v3_9);
  CHECK(x2.lane == Bases{{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 32}});
  CHECK(x2.message == "16x32bx2");
  auto splitn = tmem_reg_layout(m64, 32, 4, "32x32b_splitn", TritonVersion::v3_9);
  CHECK(splitn.reg.back() == Ints{0, 32});
  CHECK_THROWS_AS(tmem_reg_layout(t, 32, 4, "16x32bx2", TritonVersion::v3_9), Error);
  CHECK_THROWS_AS(tmem_reg_layout(t, 32, 2, "32x32b", TritonVersion::v3_9), Error);
  TensorLayout narrow = parse_layout("TensorMemoryLayout(block=(128, 2), col_stride=1)");
  narrow.shape = {128, 1};
  CHECK_THROWS_AS(tmem_reg_layout(narrow, 32, 8, "16x64b", TritonVersion::v3_9), Error);
}

TEST_CASE("Triton 3.9 drops the register bases a blocked layout zeroes in 3.6") {
  auto spec = parse_layout("BlockedLayout([4, 8], [8, 4], [1, 1], [1, 0])").spec;
  auto regs = [&](TritonVersion v) {
    LinearLayout l = to_linear(*spec, {2, 4}, v);
    Bases b;
    for (auto& x : l.bases("register")) b.push_back(Ints(x.begin(), x.end()));
    return b;
  };
  CHECK(regs(TritonVersion::v3_6) == Bases{{0, 1}, {0, 2}, {0, 0}, {1, 0}, {0, 0}});
  CHECK(regs(TritonVersion::v3_9) == Bases{{0, 1}, {0, 2}, {1, 0}});
}

TEST_CASE("tensor memory: the TMEM grid of lanes and 32-bit columns") {
  auto grid = [](const std::string& text, const Shape& shape, int32_t bits) {
    TensorLayout t = parse_layout(text);
    t.shape = shape;
    return tmem_grid(*make_map(t), bits);
  };
  auto at = [](const TmemGrid& g, int64_t block, int64_t lane, int64_t col) {
    return g.cells[static_cast<size_t>((block * TmemGrid::kLanes + lane) * g.columns + col)];
  };
  // f32 128x128: element (r, c) in lane r, column c; 128 of 512 columns.
  TmemGrid f32 = grid("TensorMemoryLayout(block=(128, 128), col_stride=1)", {128, 128}, 32);
  CHECK(f32.blocks == 1);
  CHECK(f32.columns == 512);
  CHECK(f32.used_columns == 128);
  CHECK(at(f32, 0, 5, 7) == std::vector<int64_t>{5 * 128 + 7});
  CHECK(at(f32, 0, 5, 200).empty());
  // packed f16 (col_stride 1): two elements per column; unpacked (col_stride 2): one.
  TmemGrid packed = grid("TensorMemoryLayout(block=(128, 64), col_stride=1)", {128, 64}, 16);
  CHECK(packed.used_columns == 32);
  CHECK(at(packed, 0, 3, 5) == std::vector<int64_t>{3 * 64 + 10, 3 * 64 + 11});
  TmemGrid unpacked = grid("TensorMemoryLayout(block=(128, 64), col_stride=2)", {128, 64}, 16);
  CHECK(unpacked.used_columns == 64);
  CHECK(at(unpacked, 0, 3, 5) == std::vector<int64_t>{3 * 64 + 5});
  // blockM 64: rows 0..15 hold dim0 0..15, row 16 dim0 64 (M = 128), rows 32, 64 dim0 16, 32.
  TmemGrid m64 = grid("TensorMemoryLayout(block=(64, 64), col_stride=1)", {128, 64}, 32);
  CHECK(at(m64, 0, 16, 0) == std::vector<int64_t>{64 * 64});
  CHECK(at(m64, 0, 32, 1) == std::vector<int64_t>{16 * 64 + 1});
  // two CTAs: a grid per CTA.
  TmemGrid two = grid("TensorMemoryLayout(block=(128, 64), col_stride=1, cga_layout=[[1, 0]], two_ctas=True)",
                      {256, 64}, 32);
  CHECK(two.blocks == 2);
  CHECK(at(two, 1, 0, 0) == std::vector<int64_t>{128 * 64});
  // a register layout has no TMEM grid
  TensorLayout reg = parse_layout("#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>");
  reg.shape = {128, 8};
  CHECK_THROWS_AS(tmem_grid(*make_map(reg), 32), Error);
}

TEST_CASE("tmem messages: each message's register layout leads back to it, registers in any order") {
  // Over TMEM layouts of every block, col stride, shape, element size and warp count here, every
  // variant Triton gives a layout for is found again from that layout (and from it with its
  // registers reversed) with the same message and count: no two messages share a register layout.
  int checked = 0, ambiguous = 0;
  for (int bm : {64, 128})
    for (int bn : {16, 32, 64, 128, 256})
      for (int cs : {1, 2, 4})
        for (int m : {bm, 2 * bm})
          for (int n : {bn, 2 * bn})
            for (int bits : {8, 16, 32})
              for (int warps : {4, 8, 16}) {
                if (bits * cs > 32) continue;
                TensorLayout t = parse_layout("TensorMemoryLayout(block=(" + std::to_string(bm) + ", " +
                                              std::to_string(bn) + "), col_stride=" + std::to_string(cs) + ")");
                t.shape = {m, n};
                t.elem_bits = bits;
                for (const std::string& v : tmem_variants_for(t, bits, warps)) {
                  TmemRegLayout r = tmem_reg_layout(t, bits, warps, v, TritonVersion::v3_9);
                  for (bool reversed : {false, true}) {
                    DistributedLinear d{r.reg, r.lane, r.warp, r.block};
                    if (reversed) std::reverse(d.reg.begin(), d.reg.end());
                    TensorLayout reg;
                    reg.spec = make_spec(d);
                    reg.shape = t.shape;
                    reg.elem_bits = bits;
                    auto found = tmem_message_of(reg, t);
                    bool same = found && found->message == r.message && found->per_message == r.per_message &&
                                found->registers == r.registers && found->unpacked == r.unpacked;
                    if (!same) {
                      ++ambiguous;
                      UNSCOPED_INFO(print_gluon(*t.spec) << " " << m << "x" << n << " b" << bits << " w" << warps
                                                         << " " << v << " -> " << (found ? found->variant : "none"));
                    }
                    ++checked;
                  }
                }
              }
  CHECK(checked > 1000);
  CHECK(ambiguous == 0);
}
