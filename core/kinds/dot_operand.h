// Dot operand layouts: how the A (opIdx 0, M x K) or B (opIdx 1, K x N) input
// of an MMA is spread over threads, given the accumulator layout (`parent`)
// and kWidth, the number of consecutive K elements a thread holds per step.
#pragma once
#include "common.h"

namespace ls {
struct DotOperand {
  int32_t op_idx = 0;
  SpecPtr parent;
  int32_t k_width = 0;
  bool operator==(const DotOperand& o) const;
};
size_t rank_of(const DotOperand& d);
void validate(const DotOperand& d);
LinearLayout lower(const DotOperand& d, const Shape& shape);
}  // namespace ls
