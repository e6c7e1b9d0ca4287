// Dot operands of the AMD matrix layouts (in amd_mfma.cpp and amd_wmma.cpp).
#pragma once
#include "amd_mfma.h"
#include "amd_wmma.h"
#include "dot_operand.h"

namespace ls {
LinearLayout mfma_dot(const DotOperand& d, const AmdMfma& m, const Shape& shape);
LinearLayout wmma_dot(const DotOperand& d, const AmdWmma& m, const Shape& shape);
}  // namespace ls
