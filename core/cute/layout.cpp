#include "layout.h"

#include <algorithm>

#include "../error.h"

namespace ls::cute {
namespace {

constexpr int64_t kMaxSize = int64_t{1} << 30;
constexpr int64_t kMaxSpan = int64_t{1} << 62;  // a mode's size times stride, kept clear of overflow
constexpr int64_t kMaxStride = int64_t{1} << 40;

Layout leaf(int64_t s, int64_t d) { return {IntTuple::of(s), IntTuple::of(d)}; }

// a * b, refused (naming `what`) past 2^62.
int64_t times(int64_t a, int64_t b, const std::string& what) {
  int64_t r = 0;
  require(!__builtin_mul_overflow(a, b, &r) && r <= kMaxSpan, "cute: " + what + " reaches past 2^62");
  return r;
}

// Flat leaves as (shape, stride) pairs.
std::vector<std::pair<int64_t, int64_t>> leaves(const Layout& l) {
  auto s = l.shape.flat(), d = l.stride.flat();
  std::vector<std::pair<int64_t, int64_t>> r;
  for (size_t i = 0; i < s.size(); ++i) r.push_back({s[i], d[i]});
  return r;
}

Layout from_leaves(const std::vector<std::pair<int64_t, int64_t>>& v) {
  if (v.size() == 1) return leaf(v[0].first, v[0].second);
  Layout r{IntTuple::tuple({}), IntTuple::tuple({})};
  for (auto [s, d] : v) r.shape.kids.push_back(IntTuple::of(s)), r.stride.kids.push_back(IntTuple::of(d));
  return r;
}

int64_t index_to_offset(int64_t idx, const IntTuple& s, const IntTuple& d) {
  if (s.leaf) return idx * d.value;
  int64_t off = 0;
  for (size_t i = 0; i + 1 < s.kids.size(); ++i) {
    int64_t n = s.kids[i].product();
    off += index_to_offset(idx % n, s.kids[i], d.kids[i]);
    idx /= n;
  }
  return off + index_to_offset(idx, s.kids.back(), d.kids.back());
}

void check_congruent(const IntTuple& s, const IntTuple& d, const std::string& text) {
  require(s.leaf == d.leaf && (s.leaf || s.kids.size() == d.kids.size()),
          "cute: stride is not congruent with shape in " + text);
  if (s.leaf) {
    require(s.value >= 1, "cute: shape sizes must be positive in " + text);
    require(d.value >= 0 && d.value <= kMaxStride, "cute: strides must be in [0, 2^40] in " + text);
  }
  for (size_t i = 0; !s.leaf && i < s.kids.size(); ++i) check_congruent(s.kids[i], d.kids[i], text);
}

// Right-pads a layout to `rank` modes with 1:0.
Layout pad(const Layout& l, size_t rank) {
  std::vector<Layout> m;
  for (size_t i = 0; i < rank; ++i) m.push_back(i < l.rank() ? l.mode(i) : leaf(1, 0));
  return make_layout(m);
}

// `op` (named `fn`) of mode i of `a` with tiler[i]; modes past the tiler stay.
Layout by_mode(const std::string& fn, Layout (*op)(const Layout&, const Layout&), const Layout& a,
               const std::vector<Layout>& tiler) {
  require(tiler.size() <= a.rank(), fn + ": the tiler has " + std::to_string(tiler.size()) + " modes, " + a.str() +
                                        " has " + std::to_string(a.rank()));
  std::vector<Layout> m;
  for (size_t i = 0; i < a.rank(); ++i) m.push_back(i < tiler.size() ? op(a.mode(i), tiler[i]) : a.mode(i));
  return make_layout(m);
}

}  // namespace

int64_t IntTuple::product() const {
  if (leaf) return value;
  int64_t p = 1;
  for (auto& k : kids) {
    int64_t q = k.product();
    require(q <= kMaxSize && p <= kMaxSize / std::max<int64_t>(q, 1), "cute: a layout may hold at most 2^30 elements");
    p *= q;
  }
  return p;
}

std::vector<int64_t> IntTuple::flat() const {
  if (leaf) return {value};
  std::vector<int64_t> r;
  for (auto& k : kids) {
    auto f = k.flat();
    r.insert(r.end(), f.begin(), f.end());
  }
  return r;
}

std::string IntTuple::str() const {
  if (leaf) return std::to_string(value);
  std::string s = "(";
  for (size_t i = 0; i < kids.size(); ++i) s += (i ? "," : "") + kids[i].str();
  return s + ")";
}

int64_t Layout::cosize() const {
  int64_t m = 1;
  for (auto [s, d] : leaves(*this))
    require(!__builtin_add_overflow(m, times(s - 1, d, str()), &m) && m <= kMaxSpan, "cute: " + str() + " reaches past 2^62");
  return m;
}

int64_t Layout::operator()(int64_t index) const { return index_to_offset(index, shape, stride); }

std::vector<int64_t> Layout::tensor_shape() const {
  std::vector<int64_t> r;
  for (size_t i = 0; i < rank(); ++i) r.push_back(shape.at(i).product());
  return r;
}

std::string Layout::str() const { return shape.str() + ":" + stride.str(); }

void validate(const Layout& l) {
  check_congruent(l.shape, l.stride, l.str());
  l.size();
}

Layout make_compact(const IntTuple& shape, bool row_major) {
  auto f = shape.flat();
  std::vector<int64_t> d(f.size());
  int64_t p = 1;
  for (size_t k = 0; k < f.size(); ++k) {
    size_t i = row_major ? f.size() - 1 - k : k;
    d[i] = p;
    require(f[i] >= 1 && p <= kMaxSize / f[i], "cute: shape " + shape.str() + " must hold 1 to 2^30 elements");
    p *= f[i];
  }
  // Rebuild the stride with the shape's nesting.
  size_t next = 0;
  auto build = [&](auto& self, const IntTuple& s) -> IntTuple {
    if (s.leaf) return IntTuple::of(d[next++]);
    IntTuple t = IntTuple::tuple({});
    for (auto& k : s.kids) t.kids.push_back(self(self, k));
    return t;
  };
  return {shape, build(build, shape)};
}

Layout make_layout(const std::vector<Layout>& modes) {
  Layout r{IntTuple::tuple({}), IntTuple::tuple({})};
  for (auto& m : modes) r.shape.kids.push_back(m.shape), r.stride.kids.push_back(m.stride);
  return r;
}

Layout coalesce(const Layout& l) {
  std::vector<std::pair<int64_t, int64_t>> r{{1, 0}};
  for (auto [s, d] : leaves(l)) {
    if (s == 1) continue;
    if (r.back().first == 1) r.back() = {s, d};
    else if (int64_t reach = 0; !__builtin_mul_overflow(r.back().first, r.back().second, &reach) && reach == d)
      r.back().first *= s;
    else r.push_back({s, d});
  }
  return from_leaves(r);
}

Layout composition(const Layout& a, const Layout& b) {
  if (!b.shape.leaf) {
    std::vector<Layout> m;
    for (size_t i = 0; i < b.rank(); ++i) m.push_back(composition(a, b.mode(i)));
    return make_layout(m);
  }
  int64_t rest_shape = b.shape.value, rest_stride = b.stride.value;
  if (rest_stride == 0) return leaf(rest_shape, 0);
  auto flat = leaves(coalesce(a));
  std::vector<std::pair<int64_t, int64_t>> r;
  for (size_t i = 0; i + 1 < flat.size(); ++i) {
    auto [s, d] = flat[i];
    require(s % rest_stride == 0 || rest_stride % s == 0,
            "composition: " + a.str() + " o " + b.str() + " is not defined (stride " + std::to_string(rest_stride) +
                " and shape " + std::to_string(s) + " do not divide)");
    int64_t n = std::min(std::max<int64_t>(1, s / rest_stride), rest_shape);
    if (n != 1) r.push_back({n, times(rest_stride, d, a.str() + " o " + b.str())});
    require(rest_shape % n == 0, "composition: " + a.str() + " o " + b.str() + " is not defined (shapes do not divide)");
    rest_shape /= n;
    rest_stride = (rest_stride + s - 1) / s;
  }
  if (rest_shape != 1 || r.empty())
    r.push_back({rest_shape, times(rest_stride, flat.back().second, a.str() + " o " + b.str())});
  return from_leaves(r);
}

Layout composition(const Layout& a, const std::vector<Layout>& tiler) {
  return by_mode("composition", composition, a, tiler);
}

Layout complement(const Layout& l, int64_t max_index) {
  auto v = leaves(l);
  std::sort(v.begin(), v.end(), [](auto x, auto y) { return x.second < y.second || (x.second == y.second && x.first < y.first); });
  std::vector<std::pair<int64_t, int64_t>> r;
  int64_t current = 1;
  for (auto [s, d] : v) {
    if (d == 0 || s == 1) continue;
    int64_t span = 0;  // s * d, the mode's reach
    require(!__builtin_mul_overflow(s, d, &span) && span <= kMaxSpan,
            "complement: " + l.str() + " reaches past 2^62 (size " + std::to_string(s) + ", stride " +
                std::to_string(d) + ")");
    require(d % current == 0 && current <= span,
            "complement: " + l.str() + " has overlapping or misaligned modes (stride " + std::to_string(d) + ")");
    r.push_back({d / current, current});
    current = span;
  }
  r.push_back({max_index / current + (max_index % current != 0), current});
  return coalesce(from_leaves(r));
}

Layout logical_divide(const Layout& a, const Layout& b) {
  return composition(a, make_layout({b, complement(b, a.size())}));
}

Layout logical_divide(const Layout& a, const std::vector<Layout>& tiler) {
  return by_mode("logical_divide", logical_divide, a, tiler);
}

Layout logical_product(const Layout& a, const Layout& b) {
  return make_layout({a, composition(complement(a, times(a.size(), b.cosize(), "the product of " + a.str() + " and " + b.str())), b)});
}

namespace {
Layout zip_product(const Layout& a_in, const Layout& b_in, bool blocked) {
  size_t rank = std::max(a_in.rank(), b_in.rank());
  Layout a = pad(a_in, rank), b = pad(b_in, rank);
  Layout rest = composition(complement(a, times(a.size(), b.cosize(), "the product of " + a.str() + " and " + b.str())), b);
  std::vector<Layout> m;
  for (size_t i = 0; i < rank; ++i)
    m.push_back(blocked ? make_layout({a.mode(i), rest.mode(i)}) : make_layout({rest.mode(i), a.mode(i)}));
  return make_layout(m);
}
}  // namespace

Layout blocked_product(const Layout& a, const Layout& b) { return zip_product(a, b, true); }
Layout raked_product(const Layout& a, const Layout& b) { return zip_product(a, b, false); }

int64_t Swizzle::operator()(int64_t o) const {
  int64_t mask = ((int64_t{1} << bits) - 1) << (base + std::max(0, shift));
  int64_t y = o & mask;
  return o ^ (shift >= 0 ? y >> shift : y << -shift);
}

std::string Swizzle::str() const {
  return "Swizzle<" + std::to_string(bits) + "," + std::to_string(base) + "," + std::to_string(shift) + ">";
}

void validate(const Swizzle& s) {
  require(s.bits >= 0 && s.bits <= 16, "Swizzle: B must be in [0, 16], got " + std::to_string(s.bits));
  require(s.base >= 0 && s.base <= 24, "Swizzle: M must be in [0, 24], got " + std::to_string(s.base));
  require(std::abs(s.shift) >= s.bits && std::abs(s.shift) <= 24,
          "Swizzle: |S| must be at least B and at most 24, got S = " + std::to_string(s.shift));
}

}  // namespace ls::cute
