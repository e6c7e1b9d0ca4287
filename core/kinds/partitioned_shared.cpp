#include "partitioned_shared.h"

#include "../error.h"
#include "../spec.h"

namespace ls {

bool PartitionedShared::operator==(const PartitionedShared& o) const {
  return num_partitions == o.num_partitions && num_groups == o.num_groups && partition_dim == o.partition_dim &&
         (inner == o.inner || (inner && o.inner && *inner == *o.inner));
}

size_t rank_of(const PartitionedShared& s) { return s.inner ? rank_of(*s.inner) : 0; }

// The rules and messages of Triton 3.9's verifier (and Gluon's asserts).
void validate(const PartitionedShared& s) {
  require(s.inner != nullptr, "partitioned_shared: partitionLayout is missing");
  require(is_shared(*s.inner), "partitioned_shared: partitionLayout must be a shared layout, not " + kind_name(*s.inner));
  validate(*s.inner);
  require(s.num_partitions >= 2 && (s.num_partitions & (s.num_partitions - 1)) == 0,
          "partitioned_shared: numPartitions = " + std::to_string(s.num_partitions) +
              " must be a power of 2 and at least 2");
  require(s.num_groups >= 1 && (s.num_groups & (s.num_groups - 1)) == 0,
          "partitioned_shared: numGroups = " + std::to_string(s.num_groups) + " must be a power of 2 and greater than 0");
  const int32_t rank = static_cast<int32_t>(rank_of(*s.inner));
  require(s.partition_dim >= 0 && s.partition_dim < rank,
          "partitioned_shared: partitionDim (" + std::to_string(s.partition_dim) +
              ") must be less than the layout rank (" + std::to_string(rank) + ")");
}

LinearLayout lower(const PartitionedShared& s, const Shape& shape) {
  const size_t pd = static_cast<size_t>(s.partition_dim);
  const int64_t pieces = int64_t{s.num_partitions} * s.num_groups;
  require(shape[pd] >= pieces, "partitioned_shared: shape[" + std::to_string(pd) + "] = " + std::to_string(shape[pd]) +
                                   " must be at least numPartitions * numGroups = " + std::to_string(pieces) +
                                   " (one row of the tensor per piece)");
  Shape piece = shape;
  piece[pd] = shape[pd] / pieces;
  const std::string dim = dim_names(shape.size())[pd];
  return to_linear(*s.inner, piece, TritonVersion::v3_9) *
         LinearLayout::identity1d(s.num_partitions, "partition", dim) *
         LinearLayout::identity1d(s.num_groups, "offset", dim);
}

}  // namespace ls
