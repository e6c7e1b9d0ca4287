// The copy kernels generated from layouts: the access widths the layouts
// imply, and (where nvcc is installed) that the source compiles for sm_90.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "codegen.h"
#include "error.h"

using namespace ls;
using namespace ls::gpu;

namespace {

LinearLayout blocked(Ints spt, Ints tpw, Ints wpc, Ints order, const Shape& tile) {
  return to_linear(Spec{Blocked{std::move(spt), std::move(tpw), std::move(wpc), std::move(order), {}}}, tile);
}

CopyKernel kernel(const LinearLayout& load, const LinearLayout& store, const Shape& tile, const Shape& shape,
                  const std::string& in, const std::string& out, int bytes = 4) {
  return make_copy_kernel({load, store, tile, shape, view_strides(shape, in), view_strides(shape, out), bytes});
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
