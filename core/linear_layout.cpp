#include "linear_layout.h"

#include <algorithm>
#include <array>
#include <bit>
#include <sstream>

#include "error.h"

namespace ls {
namespace {

constexpr int kMaxBits = 62;

bool is_pow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }
int32_t log2_exact(int64_t v, const char* what) {
  if (!is_pow2(v)) fail(std::string(what) + " must be a power of two, got " + std::to_string(v));
  return std::countr_zero(static_cast<uint64_t>(v));
}

// XOR basis over F2: vectors reduced by their highest set bit; each basis
// element remembers which original columns it combines.
struct XorBasis {
  std::array<uint64_t, 64> vec{};
  std::array<uint64_t, 64> combo{};
  std::array<bool, 64> used{};
  int rank = 0;
  // Returns true when v was independent (and inserted).
  bool insert(uint64_t v, uint64_t c) {
    reduce(v, c);
    if (v == 0) return false;
    int b = 63 - std::countl_zero(v);
    vec[b] = v, combo[b] = c, used[b] = true, ++rank;
    return true;
  }
  void reduce(uint64_t& v, uint64_t& c) const {
    // v's set bits from the highest down (a reduction changes only lower ones)
    for (uint64_t below = ~uint64_t{0}; v & below;) {
      const int b = 63 - std::countl_zero(v & below);
      if (used[b]) v ^= vec[b], c ^= combo[b];
      below = (uint64_t{1} << b) - 1;
    }
  }
};

}  // namespace

LinearLayout::LinearLayout(std::vector<InDim> ins, std::vector<OutDim> outs)
    : ins_(std::move(ins)), outs_(std::move(outs)) {
  for (auto& o : outs_)
    if (!(o.log2 >= 0 && o.log2 <= kMaxBits)) fail("out dim " + o.name + " is too large");
  if (!(total_out_bits() <= kMaxBits)) fail("layout output has more than 2^62 elements");
  if (!(total_in_bits() <= kMaxBits)) fail("layout input has more than 2^62 values");
  for (auto& d : ins_)
    for (auto& b : d.bases) {
      if (!(b.size() == outs_.size()))
        fail("basis of in dim " + d.name + " has " + std::to_string(b.size()) + " values; the layout has " +
             std::to_string(outs_.size()) + " out dims");
      for (size_t j = 0; j < b.size(); ++j)
        if (!(b[j] >= 0 && b[j] < (int64_t{1} << outs_[j].log2)))
          fail("basis value " + std::to_string(b[j]) + " of in dim " + d.name + " is outside out dim " + outs_[j].name +
               " of size " + std::to_string(int64_t{1} << outs_[j].log2));
    }
}

LinearLayout LinearLayout::infer_outs(std::vector<InDim> ins, const std::vector<std::string>& outs) {
  std::vector<OutDim> o;
  for (auto& n : outs) o.push_back({n, 0});
  for (auto& d : ins)
    for (auto& b : d.bases) {
      if (!(b.size() == outs.size()))
        fail("basis of in dim " + d.name + " has " + std::to_string(b.size()) + " values; expected " +
             std::to_string(outs.size()));
      for (size_t j = 0; j < b.size(); ++j) {
        if (!(b[j] >= 0)) fail("basis value " + std::to_string(b[j]) + " of in dim " + d.name + " is negative");
        int need = b[j] == 0 ? 0 : 64 - std::countl_zero(static_cast<uint64_t>(b[j]));
        o[j].log2 = std::max(o[j].log2, need);
      }
    }
  return LinearLayout(std::move(ins), std::move(o));
}

LinearLayout LinearLayout::identity1d(int32_t size, const std::string& in, const std::string& out) {
  if (size == 0) return {};
  int32_t n = log2_exact(size, "identity size");
  InDim d{in, {}};
  for (int i = 0; i < n; ++i) d.bases.push_back({int32_t{1} << i});
  return LinearLayout({std::move(d)}, {{out, n}});
}

LinearLayout LinearLayout::zeros1d(int32_t size, const std::string& in, const std::string& out, int32_t out_size) {
  if (size == 0) return {};
  InDim d{in, std::vector<Basis>(log2_exact(size, "zeros size"), Basis{0})};
  return LinearLayout({std::move(d)}, {{out, log2_exact(out_size, "out size")}});
}

int LinearLayout::in_index(const std::string& name) const {
  for (size_t i = 0; i < ins_.size(); ++i)
    if (ins_[i].name == name) return static_cast<int>(i);
  return -1;
}
int LinearLayout::out_index(const std::string& name) const {
  for (size_t i = 0; i < outs_.size(); ++i)
    if (outs_[i].name == name) return static_cast<int>(i);
  return -1;
}
int32_t LinearLayout::in_log2(const std::string& name) const {
  int i = in_index(name);
  return i < 0 ? 0 : static_cast<int32_t>(ins_[i].bases.size());
}
int32_t LinearLayout::out_log2(const std::string& name) const {
  int i = out_index(name);
  return i < 0 ? 0 : outs_[i].log2;
}
int LinearLayout::total_in_bits() const {
  int n = 0;
  for (auto& d : ins_) n += static_cast<int>(d.bases.size());
  return n;
}
int LinearLayout::total_out_bits() const {
  int n = 0;
  for (auto& d : outs_) n += d.log2;
  return n;
}
const std::vector<LinearLayout::Basis>& LinearLayout::bases(const std::string& in) const {
  static const std::vector<Basis> none;
  int i = in_index(in);
  return i < 0 ? none : ins_[i].bases;
}
std::vector<std::string> LinearLayout::in_names() const {
  std::vector<std::string> r;
  for (auto& d : ins_) r.push_back(d.name);
  return r;
}
std::vector<std::string> LinearLayout::out_names() const {
  std::vector<std::string> r;
  for (auto& d : outs_) r.push_back(d.name);
  return r;
}

std::vector<int32_t> LinearLayout::apply(const std::vector<int32_t>& in) const {
  if (!(in.size() == ins_.size())) fail("apply: expected " + std::to_string(ins_.size()) + " input values");
  std::vector<int32_t> out(outs_.size(), 0);
  for (size_t d = 0; d < ins_.size(); ++d) {
    if (!(in[d] >= 0 && in[d] < (int64_t{1} << ins_[d].bases.size())))
      fail("apply: " + ins_[d].name + " = " + std::to_string(in[d]) + " is out of range");
    for (size_t i = 0; i < ins_[d].bases.size(); ++i)
      if (in[d] >> i & 1)
        for (size_t j = 0; j < out.size(); ++j) out[j] ^= ins_[d].bases[i][j];
  }
  return out;
}

std::vector<uint64_t> LinearLayout::flat_columns() const {
  std::vector<int> shift(outs_.size(), 0);
  for (int j = static_cast<int>(outs_.size()) - 2; j >= 0; --j) shift[j] = shift[j + 1] + outs_[j + 1].log2;
  std::vector<uint64_t> cols;
  for (auto& d : ins_)
    for (auto& b : d.bases) {
      uint64_t v = 0;
      for (size_t j = 0; j < b.size(); ++j) v |= static_cast<uint64_t>(b[j]) << shift[j];
      cols.push_back(v);
    }
  return cols;
}

uint64_t LinearLayout::apply_flat(uint64_t in) const {
  auto cols = flat_columns();
  uint64_t v = 0;
  for (size_t i = 0; i < cols.size(); ++i)
    if (in >> i & 1) v ^= cols[i];
  return v;
}

void LinearLayout::table(uint64_t* out) const {
  auto cols = flat_columns();
  out[0] = 0;
  size_t n = 1;
  // Doubling: the upper half is the lower half XOR the next basis.
  for (uint64_t c : cols) {
    for (size_t j = 0; j < n; ++j) out[n + j] = out[j] ^ c;
    n *= 2;
  }
}

LinearLayout operator*(const LinearLayout& inner, const LinearLayout& outer) {
  using OutDim = LinearLayout::OutDim;
  std::vector<OutDim> outs = inner.outs_;
  for (auto& o : outer.outs_) {
    int j = inner.out_index(o.name);
    if (j < 0) outs.push_back(o);
    else outs[j].log2 += o.log2;
  }
  std::vector<std::string> in_order = inner.in_names();
  for (auto& d : outer.ins_)
    if (!inner.has_in(d.name)) in_order.push_back(d.name);
  // where each side's out dims go in `outs`, and by how much they shift
  std::vector<std::pair<size_t, int>> place[2];
  for (size_t j = 0; j < inner.outs_.size(); ++j) place[0].push_back({j, 0});
  for (const OutDim& o : outer.outs_) {
    const int k = inner.out_index(o.name);
    if (k >= 0) {
      place[1].push_back({static_cast<size_t>(k), inner.outs_[static_cast<size_t>(k)].log2});
    } else {
      const auto at = std::find_if(outs.begin(), outs.end(), [&](const OutDim& x) { return x.name == o.name; });
      place[1].push_back({static_cast<size_t>(at - outs.begin()), 0});
    }
  }
  std::vector<LinearLayout::InDim> ins;
  ins.reserve(in_order.size());
  for (auto& name : in_order) {
    LinearLayout::InDim d{name, {}};
    const int at[2] = {inner.in_index(name), outer.in_index(name)};
    d.bases.reserve((at[0] < 0 ? 0 : inner.ins_[static_cast<size_t>(at[0])].bases.size()) +
                    (at[1] < 0 ? 0 : outer.ins_[static_cast<size_t>(at[1])].bases.size()));
    for (int side = 0; side < 2; ++side) {
      if (at[side] < 0) continue;
      const LinearLayout& l = side == 0 ? inner : outer;
      for (auto& b : l.ins_[static_cast<size_t>(at[side])].bases) {
        LinearLayout::Basis nb(outs.size(), 0);
        for (size_t j = 0; j < b.size(); ++j) nb[place[side][j].first] = b[j] << place[side][j].second;
        d.bases.push_back(std::move(nb));
      }
    }
    ins.push_back(std::move(d));
  }
  return LinearLayout(std::move(ins), std::move(outs));
}

LinearLayout LinearLayout::compose(const LinearLayout& outer) const {
  std::vector<int> map(outs_.size());
  for (size_t j = 0; j < outs_.size(); ++j) {
    map[j] = outer.in_index(outs_[j].name);
    if (!(map[j] >= 0 || outs_[j].log2 == 0))
      fail("compose: out dim " + outs_[j].name + " is not an input of the outer layout");
    if (!(map[j] < 0 || outs_[j].log2 <= outer.in_log2(outs_[j].name)))
      fail("compose: out dim " + outs_[j].name + " is larger than the outer layout's input");
  }
  std::vector<InDim> ins;
  for (auto& d : ins_) {
    InDim nd{d.name, {}};
    for (auto& b : d.bases) {
      std::vector<int32_t> x(outer.ins_.size(), 0);
      for (size_t j = 0; j < b.size(); ++j)
        if (map[j] >= 0) x[map[j]] = b[j];
      nd.bases.push_back(outer.apply(x));
    }
    ins.push_back(std::move(nd));
  }
  return LinearLayout(std::move(ins), outer.outs_);
}

LinearLayout LinearLayout::invert_and_compose(const LinearLayout& outer) const {
  // Express this layout's outputs in outer's flat output encoding.
  std::vector<int> shift(outer.outs_.size(), 0);
  for (int j = static_cast<int>(outer.outs_.size()) - 2; j >= 0; --j)
    shift[j] = shift[j + 1] + outer.outs_[j + 1].log2;
  XorBasis xb;
  auto cols = outer.flat_columns();
  for (size_t i = 0; i < cols.size(); ++i) xb.insert(cols[i], uint64_t{1} << i);
  std::vector<int> at(outs_.size());  // each out dim's place in outer's
  for (size_t j = 0; j < outs_.size(); ++j) at[j] = outer.out_index(outs_[j].name);
  std::vector<InDim> ins;
  for (auto& d : ins_) {
    InDim nd{d.name, {}};
    nd.bases.reserve(d.bases.size());
    for (auto& b : d.bases) {
      uint64_t v = 0, c = 0;
      for (size_t j = 0; j < b.size(); ++j) {
        const int k = at[j];
        if (!(k >= 0 || b[j] == 0))
          fail("invert_and_compose: out dim " + outs_[j].name + " is missing in the outer layout");
        if (k >= 0) {
          if (!(b[j] < (int64_t{1} << outer.outs_[k].log2))) fail("invert_and_compose: value outside the outer layout");
          v |= static_cast<uint64_t>(b[j]) << shift[k];
        }
      }
      xb.reduce(v, c);
      if (!(v == 0)) fail("invert_and_compose: a value of " + d.name + " is not in the image of the outer layout");
      Basis nb;
      nb.reserve(outer.ins_.size());
      int bit = 0;
      for (auto& od : outer.ins_) {
        int32_t val = 0;
        for (size_t i = 0; i < od.bases.size(); ++i, ++bit)
          if (c >> bit & 1) val |= int32_t{1} << i;
        nb.push_back(val);
      }
      nd.bases.push_back(std::move(nb));
    }
    ins.push_back(std::move(nd));
  }
  std::vector<OutDim> outs;
  for (auto& od : outer.ins_) outs.push_back({od.name, static_cast<int32_t>(od.bases.size())});
  return LinearLayout(std::move(ins), std::move(outs));
}

LinearLayout LinearLayout::pseudo_invert() const {
  require(is_surjective(), "pseudo_invert: the layout is not surjective");
  std::vector<InDim> ins;
  for (auto& o : outs_) ins.push_back({o.name, {}});
  // The identity on the outs, inverted through this layout.
  std::vector<InDim> id_ins;
  for (size_t j = 0; j < outs_.size(); ++j) {
    InDim d{outs_[j].name, {}};
    for (int i = 0; i < outs_[j].log2; ++i) {
      Basis b(outs_.size(), 0);
      b[j] = int32_t{1} << i;
      d.bases.push_back(b);
    }
    id_ins.push_back(std::move(d));
  }
  return LinearLayout(std::move(id_ins), outs_).invert_and_compose(*this);
}

LinearLayout LinearLayout::invert() const {
  require(is_invertible(), "invert: the layout is not a bijection");
  return pseudo_invert();
}

LinearLayout LinearLayout::transpose_ins(const std::vector<std::string>& order) const {
  require(order.size() == ins_.size(), "transpose_ins: order must name every in dim once");
  std::vector<InDim> ins;
  for (auto& n : order) {
    int i = in_index(n);
    require(i >= 0, "transpose_ins: unknown in dim " + n);
    ins.push_back(ins_[i]);
  }
  for (size_t a = 0; a < ins.size(); ++a)
    for (size_t b = a + 1; b < ins.size(); ++b) require(ins[a].name != ins[b].name, "transpose_ins: repeated dim");
  return LinearLayout(std::move(ins), outs_);
}

LinearLayout LinearLayout::transpose_outs(const std::vector<std::string>& order) const& {
  return LinearLayout(*this).transpose_outs(order);
}

LinearLayout LinearLayout::transpose_outs(const std::vector<std::string>& order) && {
  require(order.size() == outs_.size(), "transpose_outs: order must name every out dim once");
  std::vector<int> perm;
  bool same = true;
  for (auto& n : order) {
    int j = out_index(n);
    if (j < 0) fail("transpose_outs: unknown out dim " + n);
    for (int p : perm)
      if (p == j) fail("transpose_outs: repeated dim " + n);
    same = same && j == static_cast<int>(perm.size());
    perm.push_back(j);
  }
  if (same) return std::move(*this);
  std::vector<OutDim> outs;
  for (int j : perm) outs.push_back(std::move(outs_[static_cast<size_t>(j)]));
  outs_ = std::move(outs);
  Basis moved(perm.size());
  for (auto& d : ins_)
    for (auto& b : d.bases) {
      for (size_t k = 0; k < perm.size(); ++k) moved[k] = b[static_cast<size_t>(perm[k])];
      b.swap(moved);
    }
  return std::move(*this);
}

LinearLayout LinearLayout::reshape_ins(const std::vector<std::pair<std::string, int64_t>>& new_ins) const {
  std::vector<Basis> flat;
  for (auto& d : ins_) flat.insert(flat.end(), d.bases.begin(), d.bases.end());
  std::vector<InDim> ins;
  size_t k = 0;
  for (auto& [name, size] : new_ins) {
    int32_t n = log2_exact(size, "reshape_ins size");
    require(k + n <= flat.size(), "reshape_ins: total size differs");
    ins.push_back({name, std::vector<Basis>(flat.begin() + k, flat.begin() + k + n)});
    k += n;
  }
  require(k == flat.size(), "reshape_ins: total size differs");
  return LinearLayout(std::move(ins), outs_);
}

LinearLayout LinearLayout::reshape_outs(const std::vector<std::pair<std::string, int64_t>>& new_outs) const {
  std::vector<OutDim> outs;
  int total = 0;
  for (auto& [name, size] : new_outs) {
    outs.push_back({name, log2_exact(size, "reshape_outs size")});
    total += outs.back().log2;
  }
  require(total == total_out_bits(), "reshape_outs: total size differs");
  std::vector<int> shift(outs.size(), 0);
  for (int j = static_cast<int>(outs.size()) - 2; j >= 0; --j) shift[j] = shift[j + 1] + outs[j + 1].log2;
  auto cols = flat_columns();
  std::vector<InDim> ins;
  size_t c = 0;
  for (auto& d : ins_) {
    InDim nd{d.name, {}};
    for (size_t i = 0; i < d.bases.size(); ++i, ++c) {
      Basis b;
      for (size_t j = 0; j < outs.size(); ++j)
        b.push_back(static_cast<int32_t>((cols[c] >> shift[j]) & ((uint64_t{1} << outs[j].log2) - 1)));
      nd.bases.push_back(std::move(b));
    }
    ins.push_back(std::move(nd));
  }
  return LinearLayout(std::move(ins), std::move(outs));
}

LinearLayout LinearLayout::sublayout(const std::vector<std::string>& ins,
                                     const std::vector<std::string>& outs) const {
  std::vector<int> keep;
  std::vector<OutDim> nouts;
  for (size_t j = 0; j < outs_.size(); ++j)
    if (std::find(outs.begin(), outs.end(), outs_[j].name) != outs.end()) keep.push_back(j), nouts.push_back(outs_[j]);
  std::vector<InDim> nins;
  for (auto& d : ins_) {
    if (std::find(ins.begin(), ins.end(), d.name) == ins.end()) continue;
    InDim nd{d.name, {}};
    for (auto& b : d.bases) {
      Basis nb;
      for (int j : keep) nb.push_back(b[j]);
      nd.bases.push_back(std::move(nb));
    }
    nins.push_back(std::move(nd));
  }
  return LinearLayout(std::move(nins), std::move(nouts));
}

std::vector<std::pair<std::string, uint64_t>> LinearLayout::free_variable_masks() const {
  XorBasis xb;
  auto cols = flat_columns();
  std::vector<std::pair<std::string, uint64_t>> r;
  size_t c = 0;
  for (auto& d : ins_) {
    uint64_t m = 0;
    for (size_t i = 0; i < d.bases.size(); ++i, ++c)
      if (!xb.insert(cols[c], 0)) m |= uint64_t{1} << i;
    r.push_back({d.name, m});
  }
  return r;
}

bool LinearLayout::is_injective() const {
  XorBasis xb;
  for (uint64_t c : flat_columns())
    if (!xb.insert(c, 0)) return false;
  return true;
}

bool LinearLayout::is_surjective() const {
  XorBasis xb;
  for (uint64_t c : flat_columns()) xb.insert(c, 0);
  return xb.rank == total_out_bits();
}

int32_t LinearLayout::num_consecutive(const std::string& out) const {
  int o = out_index(out);
  if (o < 0 || ins_.empty()) return 1;
  const auto& first = ins_[0].bases;
  size_t k = 0;
  for (; k < first.size(); ++k) {
    bool unit = first[k][o] == (int32_t{1} << k);
    for (size_t j = 0; j < outs_.size(); ++j) unit = unit && (j == static_cast<size_t>(o) || first[k][j] == 0);
    if (!unit) break;
  }
  // Every other basis must leave the low k bits of `out` alone.
  for (size_t d = 0; d < ins_.size(); ++d)
    for (size_t i = (d == 0 ? k : 0); i < ins_[d].bases.size(); ++i) {
      int32_t v = ins_[d].bases[i][o];
      while (k > 0 && (v & ((int32_t{1} << k) - 1))) --k;
    }
  return int32_t{1} << k;
}

std::string LinearLayout::to_string() const {
  std::ostringstream s;
  for (auto& d : ins_) {
    s << " - " << d.name << " is a size " << (int64_t{1} << d.bases.size()) << " dimension\n";
  }
  for (auto& d : ins_)
    for (size_t i = 0; i < d.bases.size(); ++i) {
      s << d.name << "=" << (int64_t{1} << i) << " -> (";
      for (size_t j = 0; j < d.bases[i].size(); ++j) s << (j ? ", " : "") << d.bases[i][j];
      s << ")\n";
    }
  s << "where out dims are: [";
  for (size_t j = 0; j < outs_.size(); ++j)
    s << (j ? ", " : "") << outs_[j].name << " (size " << (int64_t{1} << outs_[j].log2) << ")";
  s << "]";
  return s.str();
}

}  // namespace ls
