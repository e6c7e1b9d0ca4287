#include "slice.h"

#include "../error.h"
#include "../spec.h"

namespace ls {

bool Slice::operator==(const Slice& o) const {
  return dim == o.dim && (parent == o.parent || (parent && o.parent && *parent == *o.parent));
}

size_t rank_of(const Slice& s) { return s.parent ? rank_of(*s.parent) - 1 : 0; }

void validate(const Slice& s) {
  require(s.parent != nullptr, "slice: parent is missing");
  require(!is_shared(*s.parent) && !is_tensor_memory(*s.parent),
          "slice: parent must be a distributed layout, not " + kind_name(*s.parent));
  validate(*s.parent);
  size_t prank = rank_of(*s.parent);
  require(prank >= 2, "slice: parent has rank " + std::to_string(prank) + "; slicing needs rank 2 or more");
  require(s.dim >= 0 && s.dim < static_cast<int32_t>(prank),
          "slice: dim = " + std::to_string(s.dim) + " must be in 0.." + std::to_string(prank - 1));
}

LinearLayout lower(const Slice& s, const Shape& shape, TritonVersion v) {
  Shape pshape = shape;
  pshape.insert(pshape.begin() + s.dim, 1);
  LinearLayout parent = to_linear(*s.parent, pshape, v);
  auto pnames = parent.out_names();
  std::vector<std::string> keep;
  for (size_t i = 0; i < pnames.size(); ++i)
    if (static_cast<int32_t>(i) != s.dim) keep.push_back(pnames[i]);
  std::vector<LinearLayout::InDim> ins = parent.sublayout(parent.in_names(), keep).ins();
  for (auto& d : ins) {
    if (d.name != "register") continue;
    std::vector<LinearLayout::Basis> nonzero;
    for (auto& b : d.bases)
      for (int32_t v : b)
        if (v != 0) {
          nonzero.push_back(b);
          break;
        }
    d.bases = std::move(nonzero);
  }
  return LinearLayout::infer_outs(std::move(ins), dim_names(shape.size()));
}

}  // namespace ls
