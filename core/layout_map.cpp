#include "layout_map.h"

#include "error.h"

namespace ls {

bool LayoutMap::is_shared() const {
  for (auto& d : hw_dims())
    if (d.name == "offset") return true;
  return false;
}

int64_t LayoutMap::hw_size() const {
  int64_t n = 1;
  for (auto& d : hw_dims()) n *= d.size;
  return n;
}

int64_t LayoutMap::num_elements() const {
  int64_t n = 1;
  for (int64_t s : shape()) n *= s;
  return n;
}

LinearLayoutMap::LinearLayoutMap(LinearLayout l) : l_(std::move(l)) {}

std::vector<HwDim> LinearLayoutMap::hw_dims() const {
  std::vector<HwDim> r;
  for (auto& d : l_.ins()) r.push_back({d.name, int64_t{1} << d.bases.size()});
  return r;
}

Shape LinearLayoutMap::shape() const {
  Shape s;
  for (auto& o : l_.outs()) s.push_back(int64_t{1} << o.log2);
  return s;
}

std::vector<int64_t> LinearLayoutMap::table() const {
  std::vector<int64_t> t(size_t{1} << l_.total_in_bits());
  l_.table(reinterpret_cast<uint64_t*>(t.data()));
  return t;
}

std::unique_ptr<LayoutMap> make_map(const TensorLayout& t) {
  require(t.spec != nullptr, "layout is missing");
  require(!t.shape.empty(), "the layout carries no shape; give one (--shape 64x16)");
  return std::make_unique<LinearLayoutMap>(to_linear(*t.spec, t.shape));
}

}  // namespace ls
