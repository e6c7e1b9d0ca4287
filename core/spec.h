// A layout spec is one of the layout kinds, each a small value type that
// lowers to a LinearLayout for a given tensor shape exactly as the chosen
// Triton release (3.6 or 3.9, triton_version.h) does. Distributed kinds map
// register/lane/warp/block, shared kinds offset/block (and partition), tensor-memory kinds
// row/col/block onto the tensor. A TensorLayout is a spec with the tensor's
// shape, element type and the Triton release its answers follow.
#pragma once

#include <string>
#include <variant>

#include "kinds/amd_mfma.h"
#include "kinds/amd_mfma_scale.h"
#include "kinds/amd_rotating_shared.h"
#include "kinds/amd_wmma.h"
#include "kinds/amd_wmma_scale.h"
#include "kinds/blocked.h"
#include "kinds/dot_operand.h"
#include "kinds/linear.h"
#include "kinds/nvidia_mma.h"
#include "kinds/nvmma_shared.h"
#include "kinds/padded_shared.h"
#include "kinds/partitioned_shared.h"
#include "kinds/shared_linear.h"
#include "kinds/slice.h"
#include "kinds/swizzled_shared.h"
#include "kinds/tensor_memory.h"
#include "kinds/tensor_memory_scales.h"
#include "triton_version.h"

namespace ls {

using SpecVariant = std::variant<Blocked, Slice, DistributedLinear, NvidiaMma, DotOperand, AmdMfma, AmdWmma,
                                 SwizzledShared, NvmmaShared, SharedLinear, PaddedShared, AmdRotatingShared,
                                 TensorMemory, TensorMemoryScales, AmdWmmaScale, PartitionedShared, AmdMfmaScale>;

struct Spec {
  SpecVariant v;
  bool operator==(const Spec&) const = default;
};

template <class T>
SpecPtr make_spec(T kind) {
  return std::make_shared<const Spec>(Spec{std::move(kind)});
}

size_t rank_of(const Spec& s);
bool is_shared(const Spec& s);
bool is_tensor_memory(const Spec& s);  // tensor_memory, tensor_memory_scales
std::string kind_name(const Spec& s);  // "blocked", "slice", "linear", "nvidia_mma", ...
void validate(const Spec& s);          // shape-independent rules; throws ls::Error
// Validates, checks the shape (rank, powers of two, size limit), lowers as
// Triton release `v` does.
LinearLayout to_linear(const Spec& s, const Shape& shape, TritonVersion v = kDefaultTriton);

// Largest tensor the model accepts: 2^30 elements (so every coordinate and
// flat index fits in 32 bits).
constexpr int kMaxElementsLog2 = 30;
void check_shape(const Shape& shape);

class ForeignLayout;  // layout_map.h

struct TensorLayout {
  SpecPtr spec;           // a Triton layout, or null when `foreign` is set
  Shape shape;            // empty when the text carried none
  std::string elem = "f32";  // MLIR element type
  int32_t elem_bits = 32;
  bool elem_named = false;   // the text named the element type (else the default above)
  TritonVersion triton = kDefaultTriton;  // whose answers make_map gives
  // A layout of another family (tilus, CuTe/Mojo); it carries its own shape.
  std::shared_ptr<const ForeignLayout> foreign;
};

}  // namespace ls
