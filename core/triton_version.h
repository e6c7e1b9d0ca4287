// Which Triton release the answers follow. Lowering takes it as an explicit
// argument; the two differ only where noted:
//   - blocked layouts whose sizePerThread reaches past the tensor: 3.6 keeps
//     the register bases it zeroes to fit the shape, 3.9 drops them;
//   - tensor-memory layouts (TensorMemoryLayout, TensorMemoryScalesLayout)
//     are answered for 3.9 only.
#pragma once

#include <string>

namespace ls {

enum class TritonVersion { v3_6, v3_9 };

constexpr TritonVersion kDefaultTriton = TritonVersion::v3_9;

// "3.6" / "3.9"; throws ls::Error naming the accepted values otherwise.
TritonVersion parse_triton_version(const std::string& s);
std::string triton_version_name(TritonVersion v);

}  // namespace ls
