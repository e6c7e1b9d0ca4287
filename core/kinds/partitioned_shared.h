// AMD CDNA5 partitioned shared layout (Triton 3.9): the tensor is cut along
// `partition_dim` into P * G equal pieces (P = num_partitions, G =
// num_groups); piece k lives in partition k mod P, as group k / P of that
// partition's buffer. Every piece is laid out by `inner` (a shared layout
// lowered for the piece's shape). As a linear layout:
//   inner(offset, block) * identity(P: partition -> dim[pd])
//                        * identity(G: offset -> dim[pd])
// so the hardware dims are offset (within one partition's buffer), block and
// partition. A padded inner layout keeps its padding, applied to the offset
// within the partition buffer (Triton's paddedLinearLayout).
#pragma once
#include "common.h"

namespace ls {
struct PartitionedShared {
  int32_t num_partitions = 2, num_groups = 1, partition_dim = 0;
  SpecPtr inner;
  bool operator==(const PartitionedShared& o) const;
};
size_t rank_of(const PartitionedShared& s);
void validate(const PartitionedShared& s);
LinearLayout lower(const PartitionedShared& s, const Shape& shape);
}  // namespace ls
