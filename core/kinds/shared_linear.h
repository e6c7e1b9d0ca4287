// Shared linear layout: offset and block bases are given directly; the
// offset of element x is the (unique) input the layout maps to x.
#pragma once
#include "common.h"

namespace ls {
struct SharedLinear {
  Bases offset, block;
  int32_t alignment = 16;
  bool operator==(const SharedLinear&) const = default;
};
size_t rank_of(const SharedLinear& s);
void validate(const SharedLinear& s);
LinearLayout lower(const SharedLinear& s, const Shape& shape);
// The offset/block bases as a layout; its extent must equal `shape`.
LinearLayout shared_bases_lower(const std::string& kind, const Bases& offset, const Bases& block, const Shape& shape);
}  // namespace ls
