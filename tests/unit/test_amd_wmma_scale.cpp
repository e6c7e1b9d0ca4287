// get_wmma_scale_layout (Triton 3.9): a few answers printed by the 3.9
// wheel; the 2,400 recorded cases run in conformance_amd39_golden.
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
