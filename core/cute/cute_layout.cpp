#include "cute_layout.h"

#include <algorithm>
#include <map>

#include "../error.h"

namespace ls::cute {
namespace {

constexpr int64_t kMaxTable = int64_t{1} << 26;
constexpr int64_t kMaxThreads = int64_t{1} << 12;  // a thread layout's threads (a CTA has at most 1024)

using Vec = std::vector<int64_t>;

std::string tuple_str(const Vec& v) {
  std::string s = "(";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s + ")";
}

int64_t product(const Vec& v) {
  int64_t p = 1;
  for (int64_t x : v) {
    require(x >= 0 && (x == 0 || p <= kMaxTable / x), "cute: a tile may hold at most 2^26 elements; " + tuple_str(v) +
                                                          " holds more");
    p *= x;
  }
  return p;
}

Vec colex(int64_t idx, const Vec& shape) {
  Vec c(shape.size());
  for (size_t i = 0; i < shape.size(); ++i) c[i] = idx % shape[i], idx /= shape[i];
  return c;
}

int64_t row_major_index(const Vec& c, const Vec& shape) {
  int64_t e = 0;
  for (size_t i = 0; i < shape.size(); ++i) e = e * shape[i] + c[i];
  return e;
}

bool pow2(int64_t x) { return x > 0 && (x & (x - 1)) == 0; }

// The F2 form of a table, when every size is a power of two, every hw index
// owns an element and ownership is the XOR of the single-bit owners.
std::optional<LinearLayout> linear_of(const std::vector<HwDim>& dims, const Shape& shape, const Vec& table) {
  for (auto& d : dims)
    if (!pow2(d.size)) return std::nullopt;
  for (int64_t s : shape)
    if (!pow2(s)) return std::nullopt;
  for (size_t x = 0; x < table.size(); ++x) {
    if (table[x] < 0) return std::nullopt;
    int64_t acc = 0;
    for (size_t b = 1; b <= x; b <<= 1)
      if (x & b) acc ^= table[b];
    if (table[x] != acc) return std::nullopt;
  }
  std::vector<LinearLayout::OutDim> outs;
  for (size_t i = 0; i < shape.size(); ++i) {
    int32_t k = 0;
    while ((int64_t{1} << k) < shape[i]) ++k;
    outs.push_back({"dim" + std::to_string(i), k});
  }
  std::vector<LinearLayout::InDim> ins;
  int64_t bit = 1;
  for (auto& d : dims) {
    LinearLayout::InDim in{d.name, {}};
    for (int64_t k = 1; k < d.size; k <<= 1, bit <<= 1) {
      int64_t e = table[bit];
      LinearLayout::Basis b(shape.size());
      for (size_t i = shape.size(); i-- > 0;) b[i] = static_cast<int32_t>(e % shape[i]), e /= shape[i];
      in.bases.push_back(b);
    }
    ins.push_back(in);
  }
  return LinearLayout(ins, outs);
}

std::vector<HwDim> thread_dims(int64_t values, int64_t threads) {
  int64_t lanes = threads % 32 == 0 ? 32 : threads;
  return {{"register", values}, {"lane", lanes}, {"warp", threads / lanes}};
}

class TableMap final : public LayoutMap {
public:
  TableMap(std::vector<HwDim> dims, Shape shape, Vec table)
      : dims_(std::move(dims)), shape_(std::move(shape)), table_(std::move(table)),
        lin_(linear_of(dims_, shape_, table_)) {}
  std::vector<HwDim> hw_dims() const override { return dims_; }
  Shape shape() const override { return shape_; }
  std::vector<int64_t> table() const override { return table_; }
  const LinearLayout* linear() const override { return lin_ ? &*lin_ : nullptr; }

private:
  std::vector<HwDim> dims_;
  Shape shape_;
  Vec table_;
  std::optional<LinearLayout> lin_;
};

std::unique_ptr<LayoutMap> memory_map(const Memory& m) {
  Vec grid = m.grid(), vec = m.vector.empty() ? Vec(grid.size(), 1) : m.vector;
  int64_t n = product(grid);
  require(n <= kMaxTable, "cute: the grid holds more than 2^26 cells");
  Vec offsets(n);
  int64_t top = 0;
  for (int64_t e = 0; e < n; ++e) {
    Vec c(grid.size());
    int64_t r = e;
    for (size_t i = grid.size(); i-- > 0;) c[i] = (r % grid[i]) * vec[i], r /= grid[i];
    offsets[e] = m.offset(c);
    top = std::max(top, offsets[e]);
  }
  require(top < kMaxTable, "cute: offsets reach " + std::to_string(top) + "; the grid shows offsets below 2^26");
  Vec count(top + 1, 0);
  int64_t copies = 1;
  for (int64_t o : offsets) copies = std::max(copies, ++count[o]);
  require((top + 1) * copies <= kMaxTable, "cute: too many coordinates share an offset to draw");
  Vec table((top + 1) * copies, -1);
  std::fill(count.begin(), count.end(), 0);
  for (int64_t e = 0; e < n; ++e) table[offsets[e] + (top + 1) * count[offsets[e]]++] = e;
  std::vector<HwDim> dims{{"offset", top + 1}, {copies > 1 ? "copy" : "block", copies}};
  return std::make_unique<TableMap>(dims, grid, table);
}

std::unique_ptr<LayoutMap> tv_map(const Tv& tv) {
  Layout t = tv.layout.mode(0), v = tv.layout.mode(1);
  int64_t threads = t.size(), values = v.size(), cells = product(tv.tile);
  require(threads * values <= kMaxTable, "tv: more than 2^26 (thread, value) pairs");
  Vec table;
  table.reserve(threads * values);
  for (int64_t i = 0; i < threads; ++i)
    for (int64_t j = 0; j < values; ++j) {
      int64_t idx = t(i) + v(j);
      require(idx < cells, "tv: " + tv.layout.str() + " maps thread " + std::to_string(i) + ", value " +
                               std::to_string(j) + " to index " + std::to_string(idx) + ", outside the tile " +
                               tuple_str(tv.tile));
      table.push_back(row_major_index(colex(idx, tv.tile), tv.tile));
    }
  return std::make_unique<TableMap>(thread_dims(values, threads), tv.tile, table);
}

// thread id -> its coordinate in the thread layout's tile.
std::vector<Vec> thread_coords(const Layout& threads) {
  Vec shape = threads.tensor_shape();
  int64_t p = threads.size();
  require(p <= kMaxThreads, "distribute: the thread layout " + threads.str() + " has more than 4096 threads");
  std::vector<Vec> at(p);
  for (int64_t i = 0; i < p; ++i) {
    Vec c = colex(i, shape);
    int64_t id = 0;
    for (size_t k = 0; k < c.size(); ++k) id += threads.mode(k)(c[k]);
    require(id < p && at[id].empty(), "distribute: thread layout " + threads.str() +
                                          " must number its threads 0.." + std::to_string(p - 1) + " once each");
    at[id] = c;
  }
  return at;
}

std::unique_ptr<LayoutMap> distributed_map(const Distributed& d) {
  Vec grid = d.tensor.grid(), tshape = d.threads.tensor_shape(), scalar = d.tensor.layout.tensor_shape();
  Vec vec = d.tensor.vector.empty() ? Vec(grid.size(), 1) : d.tensor.vector, frag(grid.size());
  for (size_t i = 0; i < grid.size(); ++i) frag[i] = grid[i] / tshape[i];
  auto at = thread_coords(d.threads);
  int64_t nf = product(frag), nv = product(vec), threads = static_cast<int64_t>(at.size());
  require(threads * nf * nv <= kMaxTable, "distribute: more than 2^26 (thread, value) pairs");
  Vec table;
  for (int64_t t = 0; t < threads; ++t)
    for (int64_t f = 0; f < nf; ++f)
      for (int64_t e = 0; e < nv; ++e) {
        Vec fc = colex(f, frag), ec = colex(e, vec), s(grid.size());
        for (size_t i = 0; i < grid.size(); ++i) s[i] = (fc[i] * tshape[i] + at[t][i]) * vec[i] + ec[i];
        table.push_back(row_major_index(s, scalar));
      }
  return std::make_unique<TableMap>(thread_dims(nf * nv, threads), scalar, table);
}

}  // namespace

Vec Memory::grid() const {
  Vec g = layout.tensor_shape();
  for (size_t i = 0; i < vector.size(); ++i) g[i] /= vector[i];
  return g;
}

int64_t Memory::offset(const Vec& c) const {
  int64_t o = base;
  for (size_t i = 0; i < c.size(); ++i) o += layout.mode(i)(c[i]);
  return swizzle ? (*swizzle)(o) : o;
}

void validate(const Value& v) {
  if (auto* m = std::get_if<Memory>(&v)) {
    validate(m->layout);
    require(m->base >= 0, "cute: the base offset must be non-negative");
    if (m->swizzle) validate(*m->swizzle);
    Vec shape = m->layout.tensor_shape();
    require(m->vector.empty() || m->vector.size() == shape.size(),
            "vectorize: give one vector size per mode of " + m->layout.str());
    for (size_t i = 0; i < m->vector.size(); ++i)
      require(m->vector[i] >= 1 && shape[i] % m->vector[i] == 0,
              "vectorize: vector " + tuple_str(m->vector) + " does not divide the shape " + tuple_str(shape));
  } else if (auto* t = std::get_if<Tv>(&v)) {
    validate(t->layout);
    require(t->layout.rank() == 2, "tv: " + t->layout.str() + " must have two modes, (thread, value)");
    require(!t->tile.empty(), "tv: give the tile shape");
    for (int64_t s : t->tile) require(s >= 1 && s <= (int64_t{1} << 30), "tv: tile sizes must be in [1, 2^30]");
    require(t->layout.cosize() <= product(t->tile), "tv: " + t->layout.str() + " reaches index " +
                                                        std::to_string(t->layout.cosize() - 1) +
                                                        ", outside the tile " + tuple_str(t->tile));
  } else {
    auto& d = std::get<Distributed>(v);
    validate(Value{d.tensor});
    validate(d.threads);
    Vec grid = d.tensor.grid(), ts = d.threads.tensor_shape();
    require(ts.size() == grid.size(), "distribute: thread layout " + d.threads.str() + " must have " +
                                          std::to_string(grid.size()) + " modes, like the tensor");
    for (size_t i = 0; i < grid.size(); ++i)
      require(grid[i] % ts[i] == 0, "distribute: thread layout " + tuple_str(ts) + " does not tile the grid " +
                                        tuple_str(grid));
    thread_coords(d.threads);
  }
}

std::string print(const Value& v) {
  if (auto* m = std::get_if<Memory>(&v)) {
    std::string s = (m->swizzle ? m->swizzle->str() + " o " : "") + (m->base ? std::to_string(m->base) + " + " : "") +
                    m->layout.str();
    return m->vector.empty() ? s : "vectorize(" + s + ", " + tuple_str(m->vector) + ")";
  }
  if (auto* t = std::get_if<Tv>(&v)) return "tv(" + t->layout.str() + ", " + tuple_str(t->tile) + ")";
  auto& d = std::get<Distributed>(v);
  return "distribute(" + print(Value{d.tensor}) + ", " + d.threads.str() + ")";
}

Shape CuteLayout::shape() const {
  if (auto* m = std::get_if<Memory>(&v_)) return m->grid();
  if (auto* t = std::get_if<Tv>(&v_)) return t->tile;
  return std::get<Distributed>(v_).tensor.layout.tensor_shape();
}

std::unique_ptr<LayoutMap> CuteLayout::map() const {
  if (auto* m = std::get_if<Memory>(&v_)) return memory_map(*m);
  if (auto* t = std::get_if<Tv>(&v_)) return tv_map(*t);
  return distributed_map(std::get<Distributed>(v_));
}

std::string CuteLayout::json_params() const { return "{\"expr\": \"" + print(v_) + "\"}"; }

TensorLayout tensor_layout(Value v) {
  validate(v);
  TensorLayout t;
  auto c = std::make_shared<const CuteLayout>(std::move(v));
  t.shape = c->shape();
  t.foreign = c;
  return t;
}

Memory tile(const Memory& t, const Vec& sizes, const Vec& coords) {
  require(t.vector.empty(), "tile: tile the tensor before vectorizing it");
  require(sizes.size() == t.layout.rank() && coords.size() == t.layout.rank(),
          "tile: give one tile size and one tile coordinate per mode of " + t.layout.str());
  Memory r = t;
  std::vector<Layout> modes;
  for (size_t i = 0; i < sizes.size(); ++i) {
    Layout m = t.layout.mode(i);
    int64_t n = m.size(), s = sizes[i], k = coords[i];
    require(s >= 1 && n % s == 0, "tile: size " + std::to_string(s) + " does not divide mode " + std::to_string(i) +
                                      " of size " + std::to_string(n));
    require(k >= 0 && k < n / s, "tile: coordinate " + std::to_string(k) + " is outside the " + std::to_string(n / s) +
                                     " tiles of mode " + std::to_string(i));
    Layout sub = composition(m, Layout{IntTuple::of(s), IntTuple::of(1)});
    int64_t start = m(k * s);
    for (int64_t j = 0; j < s; ++j)
      require(m(k * s + j) == start + sub(j), "tile: the tile crosses the nested modes of " + m.str());
    r.base += start;
    modes.push_back(sub);
  }
  r.layout = modes.size() == 1 ? modes[0] : make_layout(modes);
  return r;
}

Memory vectorize(const Memory& t, const Vec& sizes) {
  require(t.vector.empty(), "vectorize: the tensor is already vectorized");
  Memory r = t;
  r.vector = sizes;
  validate(Value{r});
  return r;
}

Distributed distribute(const Memory& t, const Layout& threads) {
  Distributed d{t, threads};
  validate(Value{d});
  return d;
}

}  // namespace ls::cute
