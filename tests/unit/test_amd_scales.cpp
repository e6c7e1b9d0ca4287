// get_wmma_scale_layout (Triton 3.9) and CDNA4's get_mfma_scale_layout: a
// few answers printed by the wheels; the 3,600 recorded cases run in
// conformance_amd39_golden.
#include <catch2/catch.hpp>

#include "io/text.h"
#include "spec.h"

using namespace ls;

namespace {

LinearLayout scale(const std::string& parent, int op, int sf, const Shape& shape) {
  TensorLayout t = parse_gluon("AMDWMMAScaleLayout(operand_index=" + std::to_string(op) + ", parent=" + parent +
                               ", scale_factor=" + std::to_string(sf) + ")");
  return to_linear(*t.spec, shape, TritonVersion::v3_9);
}

}  // namespace

TEST_CASE("amd_wmma_scale: rank 2 and batched parents as the 3.9 wheel answers", "[amd]") {
  const std::string rank2 =
      "AMDWMMALayout(version=3, transposed=False, warp_bases=[], reg_bases=[], instr_shape=[16, 16, 128], rank=2)";
  LinearLayout a = scale(rank2, 0, 32, {16, 8});
  CHECK(a.bases("register") == Bases{{0, 1}, {0, 2}, {0, 4}});
  CHECK(a.bases("lane") == Bases{{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 0}});
  // Rank 3: the K registers are sized by dim 1 (nonK here), and with a
  // 16-row instruction lane 16 takes the batch repeat.
  const std::string rank3 =
      "AMDWMMALayout(version=3, transposed=False, warp_bases=[], reg_bases=[], instr_shape=[16, 16, 128], rank=3)";
  LinearLayout b = scale(rank3, 0, 32, {2, 16, 4});
  CHECK(b.bases("register") == Bases{{0, 0, 1}, {0, 0, 2}, {0, 0, 0}, {0, 0, 0}});
  CHECK(b.bases("lane") == Bases{{0, 1, 0}, {0, 2, 0}, {0, 4, 0}, {0, 8, 0}, {1, 0, 0}});
  LinearLayout c = scale(rank3, 0, 32, {1, 4, 32});
  CHECK(c.bases("register") == Bases{{0, 0, 1}, {0, 0, 2}, {0, 0, 8}, {0, 0, 16}});
  CHECK(c.bases("lane") == Bases{{0, 1, 0}, {0, 2, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 4}});
}

TEST_CASE("amd_mfma_scale as the 3.6 and 3.9 wheels answer", "[amd]") {
  auto lower = [](const std::string& text, const Shape& shape, TritonVersion v) {
    return to_linear(*parse_gluon(text).spec, shape, v);
  };
  const std::string a = "AMDMFMAScaleLayout(operand_index=0, parent=AMDMFMALayout(version=4, instr_shape=[16, 16, 128], "
                        "transposed=True, warps_per_cta=[2, 2], tiles_per_warp=[2, 1]), scale_factor=32)";
  for (TritonVersion v : {TritonVersion::v3_6, TritonVersion::v3_9}) {
    LinearLayout l = lower(a, {64, 8}, v);
    CHECK(l.bases("register") == Bases{{0, 4}, {16, 0}});
    CHECK(l.bases("lane") == Bases{{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 1}, {0, 2}});
    CHECK(l.bases("warp") == Bases{{0, 0}, {32, 0}});
  }
  const std::string b = "AMDMFMAScaleLayout(operand_index=1, parent=AMDMFMALayout(version=4, instr_shape=[32, 32, 64], "
                        "transposed=True, warps_per_cta=[4, 2], tiles_per_warp=[1, 2]), scale_factor=32)";
  LinearLayout l = lower(b, {128, 4}, TritonVersion::v3_9);
  CHECK(l.bases("register") == Bases{{0, 2}, {32, 0}});
  CHECK(l.bases("lane") == Bases{{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {0, 1}});
  CHECK(l.bases("warp") == Bases{{64, 0}, {0, 0}, {0, 0}});
  REQUIRE_THROWS_WITH(lower("AMDMFMAScaleLayout(0, AMDMFMALayout(4, [64, 4, 4], True, [1, 1]))", {64, 4}, TritonVersion::v3_9),
                      Catch::Contains("M must be 16 or 32"));
}
