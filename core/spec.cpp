#include "spec.h"

#include "error.h"

namespace ls {

size_t rank_of(const Spec& s) {
  return std::visit([](const auto& k) { return rank_of(k); }, s.v);
}

bool is_shared(const Spec& s) {
  return std::holds_alternative<SwizzledShared>(s.v) || std::holds_alternative<NvmmaShared>(s.v) ||
         std::holds_alternative<SharedLinear>(s.v) || std::holds_alternative<PaddedShared>(s.v) ||
         std::holds_alternative<AmdRotatingShared>(s.v) || std::holds_alternative<PartitionedShared>(s.v);
}

bool is_tensor_memory(const Spec& s) {
  return std::holds_alternative<TensorMemory>(s.v) || std::holds_alternative<TensorMemoryScales>(s.v);
}

std::string kind_name(const Spec& s) {
  static const char* names[] = {"blocked",  "slice",           "linear",        "nvidia_mma",
                                "dot_op",   "amd_mfma",        "amd_wmma",      "swizzled_shared",
                                "nvmma_shared", "shared_linear", "padded_shared", "amd_rotating_shared",
                                "tensor_memory", "tensor_memory_scales", "amd_wmma_scale", "partitioned_shared",
                                "amd_mfma_scale"};
  return names[s.v.index()];
}

void validate(const Spec& s) {
  std::visit([](const auto& k) { validate(k); }, s.v);
}

void check_shape(const Shape& shape) {
  require(!shape.empty(), "shape is empty; a tensor has at least one dim");
  int total = 0;
  for (size_t i = 0; i < shape.size(); ++i) {
    int64_t v = shape[i];
    if (!(v > 0 && (v & (v - 1)) == 0))
      fail("shape[" + std::to_string(i) + "] = " + std::to_string(v) + " must be a power of two");
    while (v > 1) v >>= 1, ++total;
  }
  if (total > kMaxElementsLog2)
    fail("shape has 2^" + std::to_string(total) + " elements; the limit is 2^" + std::to_string(kMaxElementsLog2));
}

namespace {

// Whether the layout is, or wraps (slice, dot operand), a WMMA layout in
// Triton 3.9's ctaLayout form.
bool uses_wmma_cta_bases(const Spec& s) {
  if (auto* w = std::get_if<AmdWmma>(&s.v)) return w->cta_bases;
  if (auto* d = std::get_if<DotOperand>(&s.v)) return uses_wmma_cta_bases(*d->parent);
  if (auto* sl = std::get_if<Slice>(&s.v)) return uses_wmma_cta_bases(*sl->parent);
  return false;
}

// Triton's rules for a CGA layout (its own, or its parent's), checked on the
// real wheels (tests/conformance/cga_oracle.py): every basis moves along one
// dim at most (3.6: distributed layouts only) and the nonzero bases reach
// every CTA of their box (toLinearLayout's surjectivity abort, both
// versions); 3.9 also wants distinct unit steps, a permutation matrix once
// zero bases are removed. Tensor-memory layouts and
// the WMMA scale layout (3.9 only) check their own CGA.
void check_cga_rules(const Spec& s, TritonVersion v) {
  std::visit(
      [&](const auto& k) {
        using K = std::decay_t<decltype(k)>;
        if constexpr (std::is_same_v<K, AmdWmmaScale> || std::is_same_v<K, AmdMfmaScale>) {
          return;  // a single CTA (MFMA) or its own CGA rule (WMMA)
        } else if constexpr (std::is_same_v<K, PartitionedShared>) {
          if (k.inner) check_cga_rules(*k.inner, v);
        } else if constexpr (requires { k.parent; }) {
          if (k.parent) check_cga_rules(*k.parent, v);
        } else if constexpr (requires { k.cga.bases; }) {
          if (is_tensor_memory(s) || k.cga.bases.empty()) return;  // no CGA bases: one CTA, nothing to break
          const std::string field = kind_name(s) + ": CGALayout";
          Bases nonzero;
          for (const Ints& b : k.cga.bases) {
            int dims = 0;
            for (int32_t x : b) dims += x != 0;
            require(dims <= 1 || (is_shared(s) && v == TritonVersion::v3_6),
                    field + ": basis " + list_text(b) +
                        " moves along several dims (Triton requires each basis to move along one dim)");
            if (dims) nonzero.push_back(b);
          }
          require(covers_box(nonzero, rank_of(s)),
                  field + ": the bases do not reach every CTA of the box they span (Triton requires the layout to be "
                          "surjective)");
          if (v == TritonVersion::v3_9) check_unit_box(field, {&k.cga.bases}, rank_of(s));
        }
      },
      s.v);
}

}  // namespace

LinearLayout to_linear(const Spec& s, const Shape& shape, TritonVersion v) {
  validate(s);
  check_shape(shape);
  if (shape.size() != rank_of(s))
    fail(kind_name(s) + ": layout has rank " + std::to_string(rank_of(s)) + "; the tensor shape has rank " +
         std::to_string(shape.size()));
  if (v != TritonVersion::v3_9 && is_tensor_memory(s))
    fail(kind_name(s) + ": tensor-memory layouts are answered for Triton 3.9 only (use --triton 3.9)");
  check_cga_rules(s, v);
  require(v == TritonVersion::v3_9 || !uses_wmma_cta_bases(s),
          "amd_wmma: ctaLayout (warp/register bases) is Triton 3.9's form; Triton 3.6 takes warpsPerCTA (use --triton 3.9)");
  require(v == TritonVersion::v3_9 || !std::holds_alternative<AmdWmmaScale>(s.v),
          "amd_wmma_scale: get_wmma_scale_layout is Triton 3.9's (use --triton 3.9)");
  require(v == TritonVersion::v3_9 || !std::holds_alternative<PartitionedShared>(s.v),
          "partitioned_shared: PartitionedSharedLayout (CDNA5) is Triton 3.9's (use --triton 3.9)");
  return std::visit(
      [&](const auto& k) {
        using K = std::decay_t<decltype(k)>;
        if constexpr (std::is_same_v<K, Blocked> || std::is_same_v<K, Slice> || std::is_same_v<K, NvmmaShared>)
          return lower(k, shape, v);
        else return lower(k, shape);
      },
      s.v);
}

}  // namespace ls
