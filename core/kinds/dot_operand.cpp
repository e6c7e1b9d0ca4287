#include "dot_operand.h"

#include <utility>

#include "../error.h"
#include "../spec.h"
#include "amd_dot.h"
#include "mma_tile.h"

namespace ls {
namespace {

// [k, non-k, batch...] for the operand's dims.
Ints operand_order(int32_t op_idx, size_t rank) {
  Ints o = matrix_order(rank, true);
  if (op_idx == 1) std::swap(o[0], o[1]);
  return o;
}

// Along `order`, identity over `sizes` except zeros along `bcast`: the
// operand is replicated over the threads that split the other operand's dim.
LinearLayout broadcast_along(const std::string& in, const Ints& sizes, const Ints& order, int32_t bcast) {
  auto names = dim_names(sizes.size());
  LinearLayout l;
  for (int32_t d : order)
    l *= d == bcast ? LinearLayout::zeros1d(sizes[d], in, names[d]) : LinearLayout::identity1d(sizes[d], in, names[d]);
  return l;
}

// CTAs never split K: their bases along K are dropped.
CgaLayout operand_cga(const CgaLayout& parent, int32_t k_dim) {
  CgaLayout c = parent;
  for (auto& b : c.bases) b[k_dim] = 0;
  return c;
}

LinearLayout nvidia_dot(const DotOperand& d, const NvidiaMma& mma, const Shape& shape) {
  size_t rank = shape.size();
  bool is_a = d.op_idx == 0;
  Ints tile(rank, 1);
  tile[rank - 2] = is_a ? 16 : d.k_width * 8;
  tile[rank - 1] = is_a ? d.k_width * 8 : 8;
  Ints order = operand_order(d.op_idx, rank);
  LinearLayout cta = mma_tile(tile, d.k_width, order, order);
  int32_t k_dim = static_cast<int32_t>(is_a ? rank - 1 : rank - 2);
  Ints warp_order = matrix_order(rank, mma.version_major == 2);
  cta *= broadcast_along("warp", mma.warps_per_cta, warp_order, k_dim).transpose_outs(cta.out_names());
  return combine_cta_cga(std::move(cta), operand_cga(mma.cga, k_dim), shape);
}

// FMA dot: a thread holds the whole K extent of its rows (or columns).
LinearLayout blocked_dot(const DotOperand& d, const Blocked& b, const Shape& shape) {
  size_t rank = shape.size();
  int32_t k_dim = static_cast<int32_t>(d.op_idx == 0 ? rank - 1 : rank - 2);
  require(shape[k_dim] <= (1 << 20), "dot_op: K = " + std::to_string(shape[k_dim]) + " is too large");
  Ints per_thread = b.size_per_thread;
  per_thread[k_dim] = static_cast<int32_t>(shape[k_dim]);
  LinearLayout cta = identity_nd("register", per_thread, b.order) *
                     broadcast_along("lane", b.threads_per_warp, b.order, k_dim) *
                     broadcast_along("warp", b.warps_per_cta, b.order, k_dim);
  return combine_cta_cga(std::move(cta), operand_cga(b.cga, k_dim), shape);
}

}  // namespace

bool DotOperand::operator==(const DotOperand& o) const {
  return op_idx == o.op_idx && k_width == o.k_width &&
         (parent == o.parent || (parent && o.parent && *parent == *o.parent));
}

size_t rank_of(const DotOperand& d) { return d.parent ? rank_of(*d.parent) : 0; }

void validate(const DotOperand& d) {
  require(d.parent != nullptr, "dot_op: parent is missing");
  require(d.op_idx == 0 || d.op_idx == 1, "dot_op: opIdx = " + std::to_string(d.op_idx) + " must be 0 (A) or 1 (B)");
  validate(*d.parent);
  size_t rank = rank_of(*d.parent);
  require(rank == 2 || rank == 3, "dot_op: parent has rank " + std::to_string(rank) + "; dot operands have rank 2 or 3");
  const SpecVariant& p = d.parent->v;
  if (auto* mma = std::get_if<NvidiaMma>(&p)) {
    check_pow2("dot_op: kWidth", d.k_width);
    require(mma->version_major == 2 || d.op_idx == 0,
            "dot_op: opIdx = 1 with a wgmma (v3) parent is read from shared memory, not registers");
  } else if (std::holds_alternative<Blocked>(p)) {
    require(d.k_width >= 0, "dot_op: kWidth must not be negative");
  } else if (std::holds_alternative<AmdMfma>(p) || std::holds_alternative<AmdWmma>(p)) {
    check_pow2("dot_op: kWidth", d.k_width);
  } else {
    fail("dot_op: parent must be nvidia_mma, amd_mfma, amd_wmma or blocked, not " + kind_name(*d.parent));
  }
}

LinearLayout lower(const DotOperand& d, const Shape& shape) {
  require(shape.size() == rank_of(d), "dot_op: layout has rank " + std::to_string(rank_of(d)) +
                                          "; the tensor shape has rank " + std::to_string(shape.size()));
  const SpecVariant& p = d.parent->v;
  if (auto* mma = std::get_if<NvidiaMma>(&p)) return nvidia_dot(d, *mma, shape);
  if (auto* b = std::get_if<Blocked>(&p)) return blocked_dot(d, *b, shape);
  if (auto* m = std::get_if<AmdMfma>(&p)) return mfma_dot(d, *m, shape);
  return wmma_dot(d, std::get<AmdWmma>(p), shape);
}

}  // namespace ls
