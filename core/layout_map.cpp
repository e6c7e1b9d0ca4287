#include "layout_map.h"

#include <bit>

#include "error.h"

namespace ls {

bool LayoutMap::is_shared() const {
  for (auto& d : hw_dims())
    if (d.name == "offset") return true;
  return false;
}

bool LayoutMap::is_tensor_memory() const {
  for (auto& d : hw_dims())
    if (d.name == "row") return true;
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
  if (t.foreign) {
    Shape own = t.foreign->shape();
    if (!t.shape.empty() && t.shape != own) {
      auto text = [](const Shape& s) {
        std::string r;
        for (size_t i = 0; i < s.size(); ++i) r += (i ? "x" : "") + std::to_string(s[i]);
        return r;
      };
      fail("shape: the " + t.foreign->family() + " layout has shape " + text(own) + ", not " + text(t.shape));
    }
    return t.foreign->map();
  }
  require(t.spec != nullptr, "layout is missing");
  require(!t.shape.empty(), "the layout carries no shape; give one (--shape 64x16)");
  return std::make_unique<LinearLayoutMap>(to_linear(*t.spec, t.shape, t.triton));
}

TensorLayout to_triton_linear(const TensorLayout& t) {
  require(t.foreign != nullptr, "to_triton_linear: the layout is already a Triton layout");
  auto m = make_map(t);
  const LinearLayout* l = m->linear();
  require(l != nullptr, "the " + t.foreign->family() + " layout " + t.foreign->text() +
                            " is not linear over F2 (every size must be a power of two and ownership a XOR of bits)");
  auto bases = [&](const std::string& d) {
    Bases b;
    for (auto& v : l->bases(d)) b.push_back(Ints(v.begin(), v.end()));
    return b;
  };
  TensorLayout r = t;
  r.foreign = nullptr;
  r.shape = m->shape();
  if (m->is_shared()) {
    require(!l->has_in("copy"), "the " + t.foreign->family() + " layout maps several coordinates to one offset");
    r.spec = make_spec(SharedLinear{bases("offset"), bases("block")});
  } else {
    r.spec = make_spec(DistributedLinear{bases("register"), bases("lane"), bases("warp"), bases("block")});
  }
  return r;
}

WorkSize work_size(const TensorLayout& t) {
  WorkSize w;
  const Shape shape = t.shape.empty() && t.foreign ? t.foreign->shape() : t.shape;
  w.elements = shape.empty() ? 0 : 1;
  for (int64_t s : shape)
    if (__builtin_mul_overflow(w.elements, s, &w.elements)) w.elements = INT64_MAX;
  if (t.spec && !t.foreign && !shape.empty() && w.elements <= (int64_t{1} << kMaxElementsLog2)) {
    const LinearLayout l = to_linear(*t.spec, shape, t.triton);
    for (const auto& d : l.ins()) w.index_bits += static_cast<int>(d.bases.size());
  }
  return w;
}

std::string power_text(int64_t n) {
  const auto u = static_cast<uint64_t>(n);
  return n > 0 && std::has_single_bit(u) ? "2^" + std::to_string(std::countr_zero(u)) : std::to_string(n);
}

}  // namespace ls
