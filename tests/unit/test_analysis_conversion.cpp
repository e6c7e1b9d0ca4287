// Conversion cost: the classic cases of Triton 3.6's decision (free, register
// permutation, warp shuffles, shared memory) and the mixed-transposition rule.
#include <algorithm>

#include <catch2/catch.hpp>

#include "analysis/conversion.h"
#include "io/text.h"

namespace {

ls::LinearLayout lower(const std::string& text, ls::Shape shape) {
  ls::TensorLayout t = ls::parse_layout(text);
  return ls::to_linear(*t.spec, shape);
}

const char* kRowMajor = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>";

}  // namespace

TEST_CASE("conversion: equal layouts are free", "[analysis][conversion]") {
  auto a = lower(kRowMajor, {32, 32});
  auto r = ls::analyze_conversion(a, a, 32);
  CHECK(r.kind == ls::ConversionKind::free);
  CHECK(r.moved_dims.empty());
  CHECK(r.scratch_bytes == 0);
}

TEST_CASE("conversion: registers reordered inside each thread", "[analysis][conversion]") {
  auto a = lower(kRowMajor, {32, 32});
  auto b = lower("#ttg.linear<{register = [[0, 2], [0, 1]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], "
                 "warp = [[8, 0], [16, 0]], block = []}>", {32, 32});
  auto r = ls::analyze_conversion(a, b, 32);
  CHECK(r.kind == ls::ConversionKind::register_permutation);
  CHECK(r.moved_dims == std::vector<std::string>{"register"});
}

TEST_CASE("conversion: one register/lane swap is done with warp shuffles", "[analysis][conversion]") {
  auto a = lower(kRowMajor, {32, 32});
  // register bit 0 (col 1) trades places with lane bit 0 (col 4): one mixed transposition
  auto c = lower("#ttg.linear<{register = [[0, 4], [0, 2]], lane = [[0, 1], [0, 8], [1, 0], [2, 0], [4, 0]], "
                 "warp = [[8, 0], [16, 0]], block = []}>", {32, 32});
  CHECK(ls::warp_permutation(a, c).mixed == 1);
  CHECK(ls::warp_permutation(a, c).lanes_fixed);
  auto r = ls::analyze_conversion(a, c, 32);
  CHECK(r.kind == ls::ConversionKind::warp_shuffle);
  CHECK(r.moved_dims == (std::vector<std::string>{"register", "lane"}));
  CHECK(r.scratch_bytes == 0);
}

TEST_CASE("conversion: two mixed transpositions go through shared memory", "[analysis][conversion]") {
  auto a = lower(kRowMajor, {32, 32});
  // both register bits trade places with lane bits: only register and lane
  // move, but Triton 3.6 shuffles only below two mixed transpositions
  auto c = lower("#ttg.linear<{register = [[0, 4], [0, 8]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], "
                 "warp = [[8, 0], [16, 0]], block = []}>", {32, 32});
  CHECK(ls::warp_permutation(a, c).mixed == 2);
  auto r = ls::analyze_conversion(a, c, 32);
  CHECK(r.moved_dims == (std::vector<std::string>{"register", "lane"}));
  CHECK(r.kind == ls::ConversionKind::shared_memory);
  CHECK(r.scratch_bytes > 0);
}

TEST_CASE("conversion: a transpose across warps needs shared memory", "[analysis][conversion]") {
  auto a = lower(kRowMajor, {32, 32});
  auto t = lower("#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>",
                 {32, 32});
  auto r = ls::analyze_conversion(a, t, 32);
  CHECK(r.kind == ls::ConversionKind::shared_memory);
  CHECK(std::find(r.moved_dims.begin(), r.moved_dims.end(), "warp") != r.moved_dims.end());
  CHECK(r.scratch_bytes == 32 * 32 * 4);  // what Triton 3.6 allocates for this cvt
}

TEST_CASE("conversion: scratch is one round of the stmatrix/ldmatrix design's reps", "[analysis][conversion]") {
  // 32x32 fp32, two register bits trade places with two lane bits; Triton 3.6
  // (sm_90) stores with stmatrix and loads with ld.shared.v4, which keeps the
  // register bit [0, 16] held by both sides out of the vector: it is a rep,
  // so the buffer is half the tile (kernel metadata "shared" = 2048)
  auto a = lower(kRowMajor, {32, 32});
  auto c = lower("#ttg.linear<{register = [[0, 4], [0, 8]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], "
                 "warp = [[8, 0], [16, 0]], block = []}>", {32, 32});
  auto r = ls::analyze_conversion(a, c, 32);
  CHECK(r.kind == ls::ConversionKind::shared_memory);
  CHECK(r.scratch_bytes == 2048);
}

TEST_CASE("conversion: the README's convert-cost example (issue 15: read out of bounds)", "[analysis][conversion]") {
  // block is equal in both layouts (no bases), so it is dropped from the
  // solved part; the other dims' block component used to be read at index -1.
  auto r = lower(kRowMajor, {32, 32});
  auto c = lower("#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>",
                 {32, 32});
  auto rep = ls::analyze_conversion(r, c, 32);
  CHECK(rep.kind == ls::ConversionKind::shared_memory);
  CHECK(std::find(rep.moved_dims.begin(), rep.moved_dims.end(), "warp") != rep.moved_dims.end());
  CHECK(rep.minimal.has_out("warp"));
  CHECK(!rep.minimal.has_out("block"));  // equal in both: quotiented out
  CHECK(rep.scratch_bytes > 0);
}

TEST_CASE("conversion: Triton 3.9 shuffles when each destination warp reads lanes of its own warp",
          "[analysis][conversion]") {
  // golden pair (fp8 16x128, sm_80): the source is broadcast over warps; the
  // destination's warp bit is the source's lane bit [0, 8], so every warp
  // finds its data in its own lanes. 3.9's PTX: 16 shfl.sync.idx.b32, no
  // shared memory; 3.6 goes through shared memory.
  auto s = lower("#ttg.linear<{register = [[0, 1], [0, 2], [8, 0], [0, 16], [0, 32], [0, 64]], "
                 "lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0]], block = []}>",
                 {16, 128});
  auto d = lower("#ttg.linear<{register = [[0, 1], [8, 0], [0, 16], [0, 32], [0, 64]], "
                 "lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 8], [0, 0]], block = []}>",
                 {16, 128});
  auto r39 = ls::analyze_conversion(s, d, 8, ls::TritonVersion::v3_9);
  CHECK(r39.kind == ls::ConversionKind::warp_shuffle);
  CHECK(r39.scratch_bytes == 0);
  CHECK(ls::analyze_conversion(s, d, 8, ls::TritonVersion::v3_6).kind == ls::ConversionKind::shared_memory);
  // golden pair (fp8 16x32, sm_90): the same warp move, but two register bits
  // trade places with lane bits: shared memory in 3.9 too
  auto s2 = lower("#ttg.linear<{register = [[0, 1], [0, 2], [8, 0], [0, 16]], "
                  "lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0]], block = []}>",
                  {16, 32});
  auto d2 = lower("#ttg.linear<{register = [[4, 0], [8, 0], [0, 16]], "
                  "lane = [[1, 0], [2, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 0]], block = []}>",
                  {16, 32});
  CHECK(ls::analyze_conversion(s2, d2, 8, ls::TritonVersion::v3_9).kind == ls::ConversionKind::shared_memory);
}
