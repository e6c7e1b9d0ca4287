#include "register_layout.h"

#include <algorithm>

#include "../error.h"

namespace ls::tilus {
namespace {

constexpr int64_t kMaxSize = int64_t{1} << 30;

std::string list(const Vec& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

int64_t product(const Vec& v, const std::string& what) {
  int64_t p = 1;
  for (int64_t x : v) {
    require(x >= 1, what + ": sizes must be positive, got " + list(v));
    require(p <= kMaxSize / x, what + ": " + list(v) + " holds more than 2^30 entries");
    p *= x;
  }
  return p;
}

// Mixed-radix digits of `index` over `shape`, last digit fastest.
Vec digits(int64_t index, const Vec& shape) {
  Vec d(shape.size());
  for (size_t i = shape.size(); i-- > 0;) d[i] = index % shape[i], index /= shape[i];
  return d;
}

bool pow2(int64_t x) { return x > 0 && (x & (x - 1)) == 0; }
int32_t log2_of(int64_t x) {
  int32_t k = 0;
  while ((int64_t{1} << k) < x) ++k;
  return k;
}

[[noreturn]] void cannot(const std::string& op, const RegisterLayout& a, const RegisterLayout& b) {
  fail(op + ": " + repr(a) + " and " + repr(b) + " have no such layout");
}

RegisterLayout drop_singletons(const RegisterLayout& l) {
  std::vector<int64_t> map(l.mode_shape.size(), -1);
  RegisterLayout r{l.shape, {}, {}, {}};
  for (size_t m = 0; m < l.mode_shape.size(); ++m)
    if (l.mode_shape[m] > 1) map[m] = static_cast<int64_t>(r.mode_shape.size()), r.mode_shape.push_back(l.mode_shape[m]);
  for (int64_t m : l.spatial_modes)
    if (m < 0 || map[m] >= 0) r.spatial_modes.push_back(m < 0 ? m : map[m]);
  for (int64_t m : l.local_modes)
    if (map[m] >= 0) r.local_modes.push_back(map[m]);
  return r;
}

RegisterLayout merge_neighbours(const RegisterLayout& l) {
  // kind (0 spatial, 1 local) and position in its list, per mode
  size_t n = l.mode_shape.size();
  std::vector<int> kind(n, -1);
  std::vector<size_t> pos(n);
  for (size_t i = 0; i < l.spatial_modes.size(); ++i)
    if (l.spatial_modes[i] >= 0) kind[l.spatial_modes[i]] = 0, pos[l.spatial_modes[i]] = i;
  for (size_t i = 0; i < l.local_modes.size(); ++i) kind[l.local_modes[i]] = 1, pos[l.local_modes[i]] = i;
  std::vector<int64_t> map(n, -1);  // first mode of a merged run -> its new index
  RegisterLayout r{l.shape, {}, {}, {}};
  for (const Vec& group : l.grouped_modes()) {
    for (size_t i = 0; i < group.size();) {
      size_t j = i;
      int64_t size = l.mode_shape[group[i]];
      while (j + 1 < group.size() && kind[group[j]] == kind[group[j + 1]] && pos[group[j]] + 1 == pos[group[j + 1]])
        size *= l.mode_shape[group[++j]];
      map[group[i]] = static_cast<int64_t>(r.mode_shape.size());
      r.mode_shape.push_back(size);
      i = j + 1;
    }
  }
  for (int64_t m : l.spatial_modes)
    if (m < 0 || map[m] >= 0) r.spatial_modes.push_back(m < 0 ? m : map[m]);
  for (int64_t m : l.local_modes)
    if (map[m] >= 0) r.local_modes.push_back(map[m]);
  return r;
}

RegisterLayout canonical(const RegisterLayout& l) { return merge_neighbours(drop_singletons(l)); }

// `l` with its modes split further into `mode_shape` (a refinement).
RegisterLayout refine(const RegisterLayout& l, const Vec& mode_shape) {
  std::vector<Vec> map(l.mode_shape.size());
  size_t i = 0;
  for (size_t m = 0; m < l.mode_shape.size(); ++m) {
    int64_t rest = l.mode_shape[m];
    while (rest > 1 && i < mode_shape.size() && rest % mode_shape[i] == 0)
      rest /= mode_shape[i], map[m].push_back(static_cast<int64_t>(i++));
    require(rest == 1, "divide: mode shape " + list(mode_shape) + " does not refine " + list(l.mode_shape));
  }
  RegisterLayout r{l.shape, mode_shape, {}, {}};
  for (int64_t m : l.spatial_modes) {
    if (m < 0) r.spatial_modes.push_back(m);
    else r.spatial_modes.insert(r.spatial_modes.end(), map[m].begin(), map[m].end());
  }
  for (int64_t m : l.local_modes) r.local_modes.insert(r.local_modes.end(), map[m].begin(), map[m].end());
  return r;
}

}  // namespace

Vec RegisterLayout::spatial_shape() const {
  Vec s;
  for (int64_t m : spatial_modes) s.push_back(m >= 0 ? mode_shape[m] : -m);
  return s;
}

Vec RegisterLayout::local_shape() const {
  Vec s;
  for (int64_t m : local_modes) s.push_back(mode_shape[m]);
  return s;
}

int64_t RegisterLayout::num_threads() const { return product(spatial_shape(), "spatial_modes"); }
int64_t RegisterLayout::local_size() const { return product(local_shape(), "local_modes"); }
int64_t RegisterLayout::size() const { return product(shape, "shape"); }

std::vector<Vec> RegisterLayout::grouped_modes() const {
  std::vector<Vec> groups;
  size_t i = 0;
  for (int64_t s : shape) {
    Vec g;
    for (int64_t rest = s; rest > 1; ++i) {
      require(i < mode_shape.size() && mode_shape[i] > 1 && rest % mode_shape[i] == 0,
              "register_layout: mode_shape " + list(mode_shape) + " does not split shape " + list(shape));
      rest /= mode_shape[i];
      g.push_back(static_cast<int64_t>(i));
    }
    groups.push_back(g);
  }
  require(i == mode_shape.size(),
          "register_layout: mode_shape " + list(mode_shape) + " does not split shape " + list(shape));
  return groups;
}

Vec RegisterLayout::mode_strides() const {
  Vec stride(mode_shape.size());
  auto groups = grouped_modes();
  int64_t outer = 1;
  for (size_t d = shape.size(); d-- > 0;) {
    int64_t s = outer;
    for (size_t k = groups[d].size(); k-- > 0;) stride[groups[d][k]] = s, s *= mode_shape[groups[d][k]];
    outer *= shape[d];
  }
  return stride;
}

Vec RegisterLayout::thread_offsets() const {
  Vec stride = mode_strides(), sizes = spatial_shape(), r{0};
  for (size_t k = 0; k < spatial_modes.size(); ++k) {
    Vec next;
    int64_t s = spatial_modes[k] >= 0 ? stride[spatial_modes[k]] : 0;
    for (int64_t base : r)
      for (int64_t x = 0; x < sizes[k]; ++x) next.push_back(base + x * s);
    r = std::move(next);
  }
  return r;
}

Vec RegisterLayout::local_offsets() const {
  Vec stride = mode_strides(), r{0};
  for (int64_t m : local_modes) {
    Vec next;
    for (int64_t base : r)
      for (int64_t x = 0; x < mode_shape[m]; ++x) next.push_back(base + x * stride[m]);
    r = std::move(next);
  }
  return r;
}

int64_t RegisterLayout::element_of(int64_t thread, int64_t local) const {
  Vec stride = mode_strides(), s = digits(thread, spatial_shape()), l = digits(local, local_shape());
  int64_t e = 0;
  for (size_t k = 0; k < spatial_modes.size(); ++k)
    if (spatial_modes[k] >= 0) e += s[k] * stride[spatial_modes[k]];
  for (size_t k = 0; k < local_modes.size(); ++k) e += l[k] * stride[local_modes[k]];
  return e;
}

void validate(const RegisterLayout& l) {
  product(l.shape, "register_layout: shape");
  product(l.mode_shape, "register_layout: mode_shape");
  // Each dim must be the product of its modes (size-1 modes anywhere).
  Vec rest = l.shape;
  for (size_t i = l.mode_shape.size(); i-- > 0;) {
    int64_t m = l.mode_shape[i];
    if (m == 1) continue;
    while (!rest.empty() && rest.back() == 1) rest.pop_back();
    require(!rest.empty() && rest.back() % m == 0,
            "register_layout: mode_shape " + list(l.mode_shape) + " does not split shape " + list(l.shape));
    rest.back() /= m;
  }
  while (!rest.empty() && rest.back() == 1) rest.pop_back();
  require(rest.empty(), "register_layout: mode_shape " + list(l.mode_shape) + " does not split shape " + list(l.shape));
  std::vector<int> used(l.mode_shape.size(), 0);
  auto use = [&](int64_t m, const char* field) {
    require(m < static_cast<int64_t>(l.mode_shape.size()),
            std::string("register_layout: ") + field + " entry " + std::to_string(m) + " is not a mode of " +
                list(l.mode_shape));
    require(m >= 0, std::string("register_layout: local_modes entry ") + std::to_string(m) + " is negative");
    require(!used[m]++, "register_layout: mode " + std::to_string(m) + " appears twice in spatial_modes/local_modes");
  };
  for (int64_t m : l.spatial_modes)
    if (m >= 0) use(m, "spatial_modes");
  for (int64_t m : l.local_modes) use(m, "local_modes");
  for (size_t m = 0; m < used.size(); ++m)
    require(used[m] || l.mode_shape[m] == 1,
            "register_layout: mode " + std::to_string(m) + " is in neither spatial_modes nor local_modes");
  int64_t threads = product(l.spatial_shape(), "register_layout: spatial_modes");
  int64_t locals = product(l.local_shape(), "register_layout: local_modes");
  require(threads <= kMaxSize / locals, "register_layout: threads x local size exceeds 2^30");
}

RegisterLayout register_layout(Vec shape, Vec mode_shape, Vec spatial_modes, Vec local_modes) {
  RegisterLayout l{std::move(shape), std::move(mode_shape), std::move(spatial_modes), std::move(local_modes)};
  validate(l);
  return canonical(l);
}

namespace {
RegisterLayout ranked(const Vec& shape, bool is_spatial, bool column) {
  require(!shape.empty(), std::string(is_spatial ? "spatial" : "local") + ": give at least one size");
  Vec modes;
  for (size_t i = 0; i < shape.size(); ++i) modes.push_back(static_cast<int64_t>(column ? shape.size() - 1 - i : i));
  return is_spatial ? register_layout(shape, shape, modes, {}) : register_layout(shape, shape, {}, modes);
}
}  // namespace

RegisterLayout spatial(const Vec& shape) { return ranked(shape, true, false); }
RegisterLayout local(const Vec& shape) { return ranked(shape, false, false); }
RegisterLayout column_spatial(const Vec& shape) { return ranked(shape, true, true); }
RegisterLayout column_local(const Vec& shape) { return ranked(shape, false, true); }

RegisterLayout replicated(const Vec& shape, int64_t num_workers) {
  require(num_workers >= 1, "replicated: num_workers must be positive");
  return compose(RegisterLayout{{}, {}, {-num_workers}, {}}, local(shape));
}

RegisterLayout unsqueeze(const RegisterLayout& l, const Vec& dims) {
  size_t n = l.shape.size() + dims.size();
  std::vector<int> at(n, 0);
  for (int64_t d : dims) {
    require(d >= 0 && d < static_cast<int64_t>(n), "unsqueeze: dim " + std::to_string(d) + " is outside [0, " +
                                                       std::to_string(n) + ")");
    require(!at[d]++, "unsqueeze: dim " + std::to_string(d) + " appears twice");
  }
  RegisterLayout r = l;
  r.shape.clear();
  for (size_t i = 0, k = 0; i < n; ++i) r.shape.push_back(at[i] ? 1 : l.shape[k++]);
  return r;
}

RegisterLayout squeeze(const RegisterLayout& l, const Vec& dims) {
  std::vector<int> drop(l.shape.size(), 0);
  for (int64_t d : dims) {
    require(d >= 0 && d < static_cast<int64_t>(l.shape.size()),
            "squeeze: dim " + std::to_string(d) + " is outside [0, " + std::to_string(l.shape.size()) + ")");
    require(l.shape[d] == 1, "squeeze: dim " + std::to_string(d) + " has size " + std::to_string(l.shape[d]) + ", not 1");
    require(!drop[d]++, "squeeze: dim " + std::to_string(d) + " appears twice");
  }
  RegisterLayout r = l;
  r.shape.clear();
  for (size_t i = 0; i < l.shape.size(); ++i)
    if (!drop[i]) r.shape.push_back(l.shape[i]);
  return r;
}

RegisterLayout compose(const RegisterLayout& outer_in, const RegisterLayout& inner_in) {
  size_t n = std::max(outer_in.shape.size(), inner_in.shape.size());
  auto lead = [](size_t k) {
    Vec d;
    for (size_t i = 0; i < k; ++i) d.push_back(static_cast<int64_t>(i));
    return d;
  };
  RegisterLayout outer = unsqueeze(outer_in, lead(n - outer_in.shape.size()));
  RegisterLayout inner = unsqueeze(inner_in, lead(n - inner_in.shape.size()));
  auto og = outer.grouped_modes(), ig = inner.grouped_modes();
  Vec shape, mode_shape, omap(outer.mode_shape.size()), imap(inner.mode_shape.size());
  for (size_t d = 0; d < n; ++d) {
    require(outer.shape[d] <= kMaxSize / inner.shape[d], "compose: the composed shape exceeds 2^30");
    shape.push_back(outer.shape[d] * inner.shape[d]);
    for (int64_t m : og[d]) omap[m] = static_cast<int64_t>(mode_shape.size()), mode_shape.push_back(outer.mode_shape[m]);
    for (int64_t m : ig[d]) imap[m] = static_cast<int64_t>(mode_shape.size()), mode_shape.push_back(inner.mode_shape[m]);
  }
  Vec sp, lo;
  for (int64_t m : outer.spatial_modes) sp.push_back(m < 0 ? m : omap[m]);
  for (int64_t m : inner.spatial_modes) sp.push_back(m < 0 ? m : imap[m]);
  for (int64_t m : outer.local_modes) lo.push_back(omap[m]);
  for (int64_t m : inner.local_modes) lo.push_back(imap[m]);
  return register_layout(shape, mode_shape, sp, lo);
}

RegisterLayout permute(const RegisterLayout& l, const Vec& dims) {
  require(dims.size() == l.shape.size(), "permute: dims " + list(dims) + " must list all " +
                                             std::to_string(l.shape.size()) + " dims");
  std::vector<int> seen(dims.size(), 0);
  for (int64_t d : dims)
    require(d >= 0 && d < static_cast<int64_t>(dims.size()) && !seen[d]++,
            "permute: dims " + list(dims) + " is not a permutation");
  auto groups = l.grouped_modes();
  Vec shape, mode_shape, map(l.mode_shape.size());
  for (int64_t d : dims) {
    shape.push_back(l.shape[d]);
    for (int64_t m : groups[d]) map[m] = static_cast<int64_t>(mode_shape.size()), mode_shape.push_back(l.mode_shape[m]);
  }
  Vec sp, lo;
  for (int64_t m : l.spatial_modes) sp.push_back(m < 0 ? m : map[m]);
  for (int64_t m : l.local_modes) lo.push_back(map[m]);
  return register_layout(shape, mode_shape, sp, lo);
}

RegisterLayout reshape(const RegisterLayout& in, const Vec& shape) {
  require(product(shape, "reshape: shape") == in.size(),
          "reshape: shape " + list(shape) + " does not have the " + std::to_string(in.size()) + " elements of " +
              list(in.shape));
  RegisterLayout l = canonical(in);
  // Split every mode at the new dim boundaries.
  Vec rest = shape, mode_shape;
  std::vector<Vec> map(l.mode_shape.size());
  size_t k = 0;
  for (size_t m = 0; m < l.mode_shape.size(); ++m) {
    for (int64_t p = l.mode_shape[m]; p > 1;) {
      while (k < rest.size() && rest[k] == 1) ++k;
      int64_t q = rest[k];
      int64_t part = q % p == 0 ? p : p % q == 0 ? q : 0;
      require(part > 0, "reshape: " + repr(in) + " cannot take shape " + list(shape) + " (mode " +
                            std::to_string(l.mode_shape[m]) + " straddles a dim)");
      map[m].push_back(static_cast<int64_t>(mode_shape.size()));
      mode_shape.push_back(part);
      p /= part, rest[k] /= part;
    }
  }
  Vec sp, lo;
  for (int64_t m : l.spatial_modes) {
    if (m < 0) sp.push_back(m);
    else sp.insert(sp.end(), map[m].begin(), map[m].end());
  }
  for (int64_t m : l.local_modes) lo.insert(lo.end(), map[m].begin(), map[m].end());
  return register_layout(shape, mode_shape, sp, lo);
}

RegisterLayout flatten(const RegisterLayout& l, int64_t start, int64_t end) {
  int64_t n = static_cast<int64_t>(l.shape.size());
  if (end < 0) end += n;
  if (start < 0) start += n;
  require(0 <= start && start <= end && end < n, "flatten: dims " + std::to_string(start) + ".." +
                                                     std::to_string(end) + " are not a range of the " +
                                                     std::to_string(n) + " dims");
  Vec shape(l.shape.begin(), l.shape.begin() + start);
  int64_t p = 1;
  for (int64_t i = start; i <= end; ++i) p *= l.shape[i];
  shape.push_back(p);
  shape.insert(shape.end(), l.shape.begin() + end + 1, l.shape.end());
  return reshape(l, shape);
}

RegisterLayout reduce(const RegisterLayout& l, const Vec& dims, bool keepdims) {
  std::vector<int> drop(l.shape.size(), 0);
  for (int64_t d : dims) {
    require(d >= 0 && d < static_cast<int64_t>(l.shape.size()),
            "reduce: dim " + std::to_string(d) + " is outside [0, " + std::to_string(l.shape.size()) + ")");
    require(!drop[d]++, "reduce: dim " + std::to_string(d) + " appears twice");
  }
  auto groups = l.grouped_modes();
  Vec map(l.mode_shape.size(), -1), mode_shape, shape;
  for (size_t d = 0; d < l.shape.size(); ++d) {
    if (!drop[d])
      for (int64_t m : groups[d]) map[m] = static_cast<int64_t>(mode_shape.size()), mode_shape.push_back(l.mode_shape[m]);
    if (!drop[d] || keepdims) shape.push_back(drop[d] ? 1 : l.shape[d]);
  }
  Vec sp, lo;
  for (int64_t m : l.spatial_modes) sp.push_back(m < 0 ? m : map[m] < 0 ? -l.mode_shape[m] : map[m]);
  for (int64_t m : l.local_modes)
    if (map[m] >= 0) lo.push_back(map[m]);
  return register_layout(shape, mode_shape, sp, lo);
}

RegisterLayout concat(const RegisterLayout& a, const RegisterLayout& b) {
  RegisterLayout r = a;
  int64_t n = static_cast<int64_t>(a.mode_shape.size());
  r.shape.insert(r.shape.end(), b.shape.begin(), b.shape.end());
  r.mode_shape.insert(r.mode_shape.end(), b.mode_shape.begin(), b.mode_shape.end());
  for (int64_t m : b.spatial_modes) r.spatial_modes.push_back(m < 0 ? m : m + n);
  for (int64_t m : b.local_modes) r.local_modes.push_back(m + n);
  return register_layout(r.shape, r.mode_shape, r.spatial_modes, r.local_modes);
}

RegisterLayout divide(const RegisterLayout& lhs_in, const RegisterLayout& rhs_in) {
  if (lhs_in.shape.size() < rhs_in.shape.size()) cannot("divide", lhs_in, rhs_in);
  Vec lead;
  for (size_t i = 0; i < lhs_in.shape.size() - rhs_in.shape.size(); ++i) lead.push_back(static_cast<int64_t>(i));
  RegisterLayout lhs = canonical(lhs_in), rhs = canonical(unsqueeze(rhs_in, lead));
  // Refine lhs's modes so every dim ends with rhs's modes of that dim.
  auto lg = lhs.grouped_modes(), rg = rhs.grouped_modes();
  Vec refined;
  for (size_t d = 0; d < lg.size(); ++d) {
    if (lg[d].size() < rg[d].size()) cannot("divide", lhs_in, rhs_in);
    size_t head = lg[d].size() - rg[d].size();
    for (size_t i = 0; i < head; ++i) refined.push_back(lhs.mode_shape[lg[d][i]]);
    for (size_t i = 0; i < rg[d].size(); ++i) {
      int64_t p = lhs.mode_shape[lg[d][head + i]], q = rhs.mode_shape[rg[d][i]];
      if (p == q) refined.push_back(p);
      else if (i == 0 && p % q == 0) refined.push_back(p / q), refined.push_back(q);
      else cannot("divide", lhs_in, rhs_in);
    }
  }
  lhs = refine(lhs, refined);
  lg = lhs.grouped_modes();
  // rhs mode -> the lhs mode it must match; the rest of lhs is the quotient.
  Vec to_lhs(rhs.mode_shape.size()), quotient(lhs.mode_shape.size(), -1), shape, mode_shape;
  for (size_t d = 0, i = 0; d < lg.size(); ++d) {
    size_t head = lg[d].size() - rg[d].size();
    for (size_t k = 0; k < head; ++k)
      quotient[lg[d][k]] = static_cast<int64_t>(mode_shape.size()), mode_shape.push_back(lhs.mode_shape[lg[d][k]]);
    for (size_t k = 0; k < rg[d].size(); ++k) {
      if (lhs.mode_shape[lg[d][head + k]] != rhs.mode_shape[rg[d][k]]) cannot("divide", lhs_in, rhs_in);
      to_lhs[i++] = lg[d][head + k];
    }
    shape.push_back(lhs.shape[d] / rhs.shape[d]);
  }
  auto suffix = [&](const Vec& a, const Vec& b, bool spatial) {
    if (a.size() < b.size()) cannot("divide", lhs_in, rhs_in);
    size_t head = a.size() - b.size();
    for (size_t k = 0; k < b.size(); ++k) {
      int64_t x = a[head + k], y = b[k];
      bool ok = (spatial && x < 0 && x == y) || (y >= 0 && x == to_lhs[y]);
      if (!ok) cannot("divide", lhs_in, rhs_in);
    }
    Vec r;
    for (size_t k = 0; k < head; ++k) r.push_back(a[k] < 0 ? a[k] : quotient[a[k]]);
    return r;
  };
  Vec sp = suffix(lhs.spatial_modes, rhs.spatial_modes, true);
  Vec lo = suffix(lhs.local_modes, rhs.local_modes, false);
  return register_layout(shape, mode_shape, sp, lo);
}

std::optional<LinearLayout> to_linear(const RegisterLayout& l) {
  int64_t threads = l.num_threads(), locals = l.local_size();
  if (!pow2(threads) || !pow2(locals)) return std::nullopt;
  for (int64_t s : l.shape)
    if (!pow2(s)) return std::nullopt;
  std::vector<LinearLayout::OutDim> outs;
  for (size_t d = 0; d < l.shape.size(); ++d) outs.push_back({"dim" + std::to_string(d), log2_of(l.shape[d])});
  auto coords = [&](int64_t e) {
    LinearLayout::Basis b(l.shape.size());
    for (size_t d = l.shape.size(); d-- > 0;) b[d] = static_cast<int32_t>(e % l.shape[d]), e /= l.shape[d];
    return b;
  };
  LinearLayout::InDim reg{"register", {}}, lane{"lane", {}}, warp{"warp", {}};
  for (int64_t k = 1; k < locals; k <<= 1) reg.bases.push_back(coords(l.element_of(0, k)));
  for (int64_t k = 1; k < threads; k <<= 1) (k < 32 ? lane : warp).bases.push_back(coords(l.element_of(k, 0)));
  return LinearLayout({reg, lane, warp}, outs);
}

std::string repr(const RegisterLayout& l) {
  return "RegisterLayout(shape=" + list(l.shape) + ", mode_shape=" + list(l.mode_shape) +
         ", spatial_modes=" + list(l.spatial_modes) + ", local_modes=" + list(l.local_modes) + ")";
}

std::string expression(const RegisterLayout& l) {
  return "register_layout(shape=" + list(l.shape) + ", mode_shape=" + list(l.mode_shape) +
         ", spatial_modes=" + list(l.spatial_modes) + ", local_modes=" + list(l.local_modes) + ")";
}

}  // namespace ls::tilus
