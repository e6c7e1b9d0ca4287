// Tilus register layouts. A layout of a tensor of `shape` splits every dim
// into modes (mode_shape, row-major within the dim, sizes > 1), and assigns
// each mode either to the threads (spatial_modes) or to each thread's local
// array (local_modes), every mode exactly once. A negative spatial entry -r
// is a replication of size r: r threads hold the same elements.
//   thread = row-major index of the spatial mode values over spatial_shape
//   local  = row-major index of the local mode values over local_shape
// where spatial_shape[k] = mode_shape[spatial_modes[k]] (or r for -r).
// Composition a * b replaces every element of a by a tile laid out by b:
// dims multiply, each dim's modes are a's followed by b's, and a's spatial
// (local) modes come before b's, so a's thread index is the major one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "../kinds/common.h"
#include "../linear_layout.h"

namespace ls::tilus {

using Vec = std::vector<int64_t>;

struct RegisterLayout {
  Vec shape, mode_shape, spatial_modes, local_modes;
  bool operator==(const RegisterLayout&) const = default;

  Vec spatial_shape() const;
  Vec local_shape() const;
  int64_t num_threads() const;
  int64_t local_size() const;
  int64_t size() const;
  // The modes of each dim, in order.
  std::vector<Vec> grouped_modes() const;
  // The row-major element index is linear in the mode values: the sum of
  // value * stride over the modes.
  Vec mode_strides() const;
  // Element index contributed by each thread (by each local index); the
  // element held by (thread, local) is their sum.
  Vec thread_offsets() const;
  Vec local_offsets() const;
  int64_t element_of(int64_t thread, int64_t local) const;
};

// Checks the rules above; throws ls::Error naming the field.
void validate(const RegisterLayout& l);
// Validates, drops size-1 modes and merges neighbouring modes of one dim that
// are neighbours in the same spatial/local list (tilus's canonical form).
RegisterLayout register_layout(Vec shape, Vec mode_shape, Vec spatial_modes, Vec local_modes);

RegisterLayout spatial(const Vec& shape);
RegisterLayout local(const Vec& shape);
RegisterLayout column_spatial(const Vec& shape);
RegisterLayout column_local(const Vec& shape);
// Every thread of `num_workers` holds the whole tensor, as local(shape).
RegisterLayout replicated(const Vec& shape, int64_t num_workers);

RegisterLayout compose(const RegisterLayout& outer, const RegisterLayout& inner);
RegisterLayout squeeze(const RegisterLayout& l, const Vec& dims);
RegisterLayout unsqueeze(const RegisterLayout& l, const Vec& dims);
RegisterLayout permute(const RegisterLayout& l, const Vec& dims);
RegisterLayout reshape(const RegisterLayout& l, const Vec& shape);
RegisterLayout flatten(const RegisterLayout& l, int64_t start_dim = 0, int64_t end_dim = -1);
// Drops `dims`; their spatial modes become replications (keepdims: size 1).
RegisterLayout reduce(const RegisterLayout& l, const Vec& dims, bool keepdims = false);
RegisterLayout concat(const RegisterLayout& lhs, const RegisterLayout& rhs);
// The layout q with compose(q, rhs) == lhs; throws when there is none.
RegisterLayout divide(const RegisterLayout& lhs, const RegisterLayout& rhs);

// The F2 form (register, lane, warp -> dim0..), when every size is a power of
// two; lanes are the low 5 bits of the thread (all of it below 32 threads).
std::optional<LinearLayout> to_linear(const RegisterLayout& l);

// RegisterLayout(shape=[6, 12], mode_shape=[...], spatial_modes=[...], local_modes=[...])
std::string repr(const RegisterLayout& l);
// register_layout(shape=[...], ...): parseable back.
std::string expression(const RegisterLayout& l);

}  // namespace ls::tilus
