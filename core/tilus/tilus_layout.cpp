#include "tilus_layout.h"

#include <algorithm>

#include "../error.h"

namespace ls::tilus {
namespace {

std::string list(const Vec& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

class TilusMap final : public LayoutMap {
public:
  explicit TilusMap(RegisterLayout l) : l_(std::move(l)), lin_(to_linear(l_)) {}
  std::vector<HwDim> hw_dims() const override {
    int64_t t = l_.num_threads();
    int64_t lanes = t % 32 == 0 ? 32 : t;
    return {{"register", l_.local_size()}, {"lane", lanes}, {"warp", t / lanes}};
  }
  Shape shape() const override { return l_.shape; }
  std::vector<int64_t> table() const override {
    Vec to = l_.thread_offsets(), lo = l_.local_offsets();
    std::vector<int64_t> r;
    r.reserve(to.size() * lo.size());
    for (int64_t t : to)
      for (int64_t i : lo) r.push_back(t + i);
    return r;
  }
  const LinearLayout* linear() const override { return lin_ ? &*lin_ : nullptr; }

private:
  RegisterLayout l_;
  std::optional<LinearLayout> lin_;
};

}  // namespace

std::unique_ptr<LayoutMap> TilusLayout::map() const { return std::make_unique<TilusMap>(l_); }

std::string TilusLayout::json_params() const {
  return "{\"shape\": " + list(l_.shape) + ", \"mode_shape\": " + list(l_.mode_shape) +
         ", \"spatial_modes\": " + list(l_.spatial_modes) + ", \"local_modes\": " + list(l_.local_modes) + "}";
}

TensorLayout tensor_layout(RegisterLayout l) {
  TensorLayout t;
  t.shape = l.shape;
  t.foreign = std::make_shared<const TilusLayout>(std::move(l));
  return t;
}

std::string tilus_table(const LayoutMap& m) {
  Shape shape = m.shape();
  // Normalised to 3 dims as tilus does: drop 1s past rank 3, merge leading dims.
  if (shape.size() > 3) {
    Shape s;
    for (int64_t x : shape)
      if (x > 1) s.push_back(x);
    while (s.size() > 3) s[1] *= s[0], s.erase(s.begin());
    shape = s;
  }
  while (shape.size() < 3) shape.insert(shape.begin(), 1);
  auto dims = m.hw_dims();
  int64_t lanes = 1;
  for (auto& d : dims)
    if (d.name == "lane") lanes = d.size;
  auto t = m.table();
  std::vector<std::vector<std::pair<int64_t, int64_t>>> owners(m.num_elements());  // (thread, local)
  for (size_t x = 0; x < t.size(); ++x) {
    if (t[x] < 0) continue;
    int64_t f = static_cast<int64_t>(x), reg = 0, lane = 0, warp = 0, offset = -1;
    for (auto& d : dims) {
      int64_t v = f % d.size;
      f /= d.size;
      if (d.name == "register") reg = v;
      if (d.name == "lane") lane = v;
      if (d.name == "warp") warp = v;
      if (d.name == "offset") offset = v;
    }
    owners[t[x]].push_back(offset >= 0 ? std::pair{offset, int64_t{-1}} : std::pair{lane + lanes * warp, reg});
  }
  auto cell = [](std::vector<std::pair<int64_t, int64_t>> o) -> std::string {
    if (o.empty()) return "-";
    std::sort(o.begin(), o.end());
    if (o[0].second < 0) {  // memory offsets
      std::string s;
      for (size_t i = 0; i < o.size(); ++i) s += (i ? ", " : "") + std::to_string(o[i].first);
      return o.size() == 1 ? s : "[" + s + "]";
    }
    bool one_local = std::all_of(o.begin(), o.end(), [&](auto& p) { return p.second == o[0].second; });
    if (o.size() == 1) return std::to_string(o[0].first) + ": " + std::to_string(o[0].second);
    std::string s = "[";
    for (size_t i = 0; i < o.size(); ++i)
      s += (i ? ", " : "") + std::to_string(o[i].first) + (one_local ? "" : ": " + std::to_string(o[i].second));
    return s + "]" + (one_local ? ": " + std::to_string(o[0].second) : "");
  };
  auto rule = [](const std::vector<size_t>& w, const char* l, const char* m, const char* r) {
    std::string s = l;
    for (size_t c = 0; c < w.size(); ++c) {
      for (size_t k = 0; k < w[c] + 2; ++k) s += "─";
      s += c + 1 < w.size() ? m : r;
    }
    return s + "\n";
  };
  std::string out;
  for (int64_t b = 0; b < shape[0]; ++b) {
    std::vector<std::vector<std::string>> rows(shape[1], std::vector<std::string>(shape[2]));
    std::vector<size_t> w(shape[2], 0);
    for (int64_t i = 0; i < shape[1]; ++i)
      for (int64_t j = 0; j < shape[2]; ++j) {
        rows[i][j] = cell(owners[(b * shape[1] + i) * shape[2] + j]);
        w[j] = std::max(w[j], rows[i][j].size());
      }
    out += rule(w, "┌", "┬", "┐");
    for (int64_t i = 0; i < shape[1]; ++i) {
      if (i) out += rule(w, "├", "┼", "┤");
      out += "│";
      for (int64_t j = 0; j < shape[2]; ++j) out += " " + rows[i][j] + std::string(w[j] - rows[i][j].size(), ' ') + " │";
      out += "\n";
    }
    out += rule(w, "└", "┴", "┘");
  }
  return out;
}

}  // namespace ls::tilus
