#include "common.h"

#include <algorithm>
#include <bit>
#include <cstdint>

#include "../error.h"

namespace ls {

std::vector<std::string> dim_names(size_t rank) {
  std::vector<std::string> r;
  for (size_t i = 0; i < rank; ++i) r.push_back("dim" + std::to_string(i));
  return r;
}

namespace {

// log2 of an identity's size (LinearLayout::identity1d's rule and message).
int identity_log2(int64_t size) {
  if (!(size > 0 && size <= INT32_MAX && (size & (size - 1)) == 0))
    fail("identity size must be a power of two, got " + std::to_string(static_cast<int32_t>(size)));
  return std::countr_zero(static_cast<uint64_t>(size));
}

}  // namespace

LinearLayout identity_nd(const std::string& in, const Ints& shape, const Ints& order) {
  if (order.empty()) return {};
  check_permutation("order", order);
  const auto names = dim_names(shape.size());
  std::vector<LinearLayout::OutDim> outs;  // in `order`, as the product of identity1d gives them
  LinearLayout::InDim d{in, {}};
  for (size_t p = 0; p < order.size(); ++p) {
    const int n = identity_log2(shape[static_cast<size_t>(order[p])]);
    outs.push_back({names[static_cast<size_t>(order[p])], n});
    for (int k = 0; k < n; ++k) d.bases.emplace_back(order.size(), 0)[p] = int32_t{1} << k;
  }
  return LinearLayout({std::move(d)}, std::move(outs));
}

CgaLayout cga_from_split(const Ints& ctas, const Ints& split, const Ints& order) {
  size_t rank = order.size();
  check_rank("CTAsPerCGA", ctas.size(), rank);
  check_rank("CTASplitNum", split.size(), rank);
  check_permutation("CTAOrder", order);
  check_pow2_list("CTAsPerCGA", ctas);
  check_pow2_list("CTASplitNum", split);
  auto names = dim_names(rank);
  LinearLayout l;
  for (int32_t d : order) {
    require(ctas[d] % split[d] == 0, "CTASplitNum[" + std::to_string(d) + "] = " + std::to_string(split[d]) +
                                         " must divide CTAsPerCGA[" + std::to_string(d) + "] = " + std::to_string(ctas[d]));
    l *= LinearLayout::identity1d(split[d], "block", names[d]) * LinearLayout::zeros1d(ctas[d] / split[d], "block", names[d]);
  }
  return CgaLayout{l.transpose_outs(names).bases("block")};
}

LinearLayout cga_linear(const CgaLayout& cga, size_t rank) {
  return LinearLayout::infer_outs({{"block", cga.bases}}, dim_names(rank));
}

namespace {

using InDims = std::vector<LinearLayout::InDim>;
using OutDims = std::vector<LinearLayout::OutDim>;
using Sizes = std::vector<std::pair<std::string, int64_t>>;

// ensure_not_larger on a layout's dims, in place.
void shrink_to(InDims& ins, OutDims& outs, const Sizes& shape, bool drop_registers) {
  const auto reg = std::find_if(ins.begin(), ins.end(), [](const LinearLayout::InDim& d) { return d.name == "register"; });
  std::vector<bool> drop(reg == ins.end() ? 0 : reg->bases.size(), false);
  for (auto& [name, size] : shape) {
    auto out = outs.begin();
    while (out != outs.end() && out->name != name) ++out;
    if (out == outs.end()) continue;
    const auto j = static_cast<size_t>(out - outs.begin());
    int64_t actual = int64_t{1} << out->log2;
    if (actual <= size) continue;
    // The largest values along this dim go first, one halving each.
    struct Ref { size_t d, i; int32_t v; };
    std::vector<Ref> refs;
    for (size_t d = 0; d < ins.size(); ++d)
      for (size_t i = 0; i < ins[d].bases.size(); ++i)
        if (ins[d].bases[i][j] != 0) refs.push_back({d, i, ins[d].bases[i][j]});
    std::stable_sort(refs.begin(), refs.end(), [](const Ref& a, const Ref& b) { return a.v > b.v; });
    for (const Ref& r : refs) {
      if (actual <= size) break;
      if (drop_registers && ins[r.d].name == "register") drop[r.i] = true;
      else ins[r.d].bases[r.i][j] = 0;
      actual >>= 1;
    }
    int32_t log2 = 0;
    while ((int64_t{1} << log2) < size) ++log2;
    out->log2 = log2;
  }
  if (!drop_registers || reg == ins.end()) return;
  std::vector<LinearLayout::Basis> kept;
  for (size_t i = 0; i < reg->bases.size(); ++i)
    if (!drop[i]) kept.push_back(std::move(reg->bases[i]));
  reg->bases = std::move(kept);
}

// ensure_not_smaller on a layout's dims, in place: `in`'s bases (a new in
// dim last) gain the identity above each out dim's size.
void grow_to(InDims& ins, OutDims& outs, const Sizes& shape, const std::string& in) {
  for (size_t j = 0; j < outs.size(); ++j) {
    int64_t want = 1;
    for (auto& [n, s] : shape)
      if (n == outs[j].name) want = s;
    const int64_t have = int64_t{1} << outs[j].log2;
    if (want <= have) continue;
    const int n = identity_log2(want / have);
    auto d = std::find_if(ins.begin(), ins.end(), [&](const LinearLayout::InDim& x) { return x.name == in; });
    if (d == ins.end()) d = ins.insert(ins.end(), LinearLayout::InDim{in, {}});
    for (int k = 0; k < n; ++k) d->bases.emplace_back(outs.size(), 0)[j] = static_cast<int32_t>(have << k);
    outs[j].log2 += n;
  }
}

}  // namespace

LinearLayout ensure_not_larger(const LinearLayout& l, const Sizes& shape, bool drop_registers) {
  InDims ins = l.ins();
  OutDims outs = l.outs();
  shrink_to(ins, outs, shape, drop_registers);
  return LinearLayout(std::move(ins), std::move(outs));
}

LinearLayout zero_past(const LinearLayout& l, const std::vector<std::pair<std::string, int64_t>>& shape) {
  std::vector<LinearLayout::InDim> ins = l.ins();
  std::vector<LinearLayout::OutDim> outs = l.outs();
  for (auto& [name, size] : shape) {
    int j = l.out_index(name);
    if (j < 0 || l.out_size(name) <= size) continue;
    for (auto& d : ins)
      for (auto& b : d.bases)
        if (b[j] >= size) b[j] = 0;
    int32_t lg = 0;
    while ((int64_t{1} << lg) < size) ++lg;
    outs[j].log2 = lg;
  }
  return LinearLayout(std::move(ins), std::move(outs));
}

LinearLayout ensure_not_smaller(const LinearLayout& l, const Sizes& shape, const std::string& in) {
  InDims ins = l.ins();
  OutDims outs = l.outs();
  grow_to(ins, outs, shape, in);
  return LinearLayout(std::move(ins), std::move(outs));
}

Ints cga_split(const CgaLayout& cga, size_t rank) {
  Ints split(rank, 1);
  for (auto& b : cga.bases)
    for (size_t d = 0; d < b.size() && d < rank; ++d)
      if (b[d] != 0) {
        split[d] *= 2;
        break;
      }
  return split;
}

Shape shape_per_cta(const CgaLayout& cga, const Shape& shape) {
  Ints split = cga_split(cga, shape.size());
  Shape r = shape;
  for (size_t i = 0; i < r.size(); ++i) r[i] = shape[i] / std::min<int64_t>(shape[i], split[i]);
  return r;
}

LinearLayout combine_cta_cga(LinearLayout cta, const CgaLayout& cga, const Shape& shape, bool drop_registers) {
  auto names = dim_names(shape.size());
  if (cta.outs().size() != shape.size())
    fail("layout has rank " + std::to_string(cta.outs().size()) + "; the tensor shape has rank " +
         std::to_string(shape.size()));
  std::vector<std::pair<std::string, int64_t>> labeled;
  for (size_t i = 0; i < shape.size(); ++i) labeled.push_back({names[i], shape[i]});
  std::string first_in = cta.ins().empty() ? "register" : cta.ins()[0].name;
  if (cga.bases.empty()) {  // one CTA: the CGA layout only adds an empty `block`
    InDims ins = cta.ins();
    OutDims outs = cta.outs();
    grow_to(ins, outs, labeled, first_in);
    shrink_to(ins, outs, labeled, drop_registers);
    if (!cta.has_in("block")) ins.push_back({"block", {}});
    return LinearLayout(std::move(ins), std::move(outs)).transpose_outs(names);
  }
  LinearLayout cgal = ensure_not_larger(cga_linear(cga, shape.size()), labeled).transpose_outs(cta.out_names());
  std::vector<std::pair<std::string, int64_t>> cta_shape;
  for (size_t i = 0; i < shape.size(); ++i)
    cta_shape.push_back({names[i], std::max<int64_t>(1, shape[i] / cgal.out_size(names[i]))});
  cta = ensure_not_smaller(cta, cta_shape, first_in);
  cta = ensure_not_larger(cta, cta_shape, drop_registers);
  return (cta * cgal).transpose_outs(names);
}

void check_pow2(std::string_view field, int64_t v) {
  if (!(v > 0 && (v & (v - 1)) == 0)) fail(std::string(field) + " = " + std::to_string(v) + " must be a power of two");
}
void check_pow2_list(std::string_view field, const Ints& v) {
  for (size_t i = 0; i < v.size(); ++i)
    if (!(v[i] > 0 && (v[i] & (v[i] - 1)) == 0)) check_pow2(std::string(field) + "[" + std::to_string(i) + "]", v[i]);
}
void check_rank(std::string_view field, size_t got, size_t rank) {
  if (got != rank)
    fail(std::string(field) + " has " + std::to_string(got) + " entries; the layout has rank " + std::to_string(rank));
}
void check_permutation(std::string_view field, const Ints& order) {
  std::vector<bool> seen(order.size(), false);
  for (int32_t o : order) {
    if (!(o >= 0 && o < static_cast<int32_t>(order.size())) || seen[static_cast<size_t>(o)])
      fail(std::string(field) + " must be a permutation of 0.." + std::to_string(order.size() ? order.size() - 1 : 0));
    seen[static_cast<size_t>(o)] = true;
  }
}
void check_bases(const std::string& field, const Bases& b, size_t rank) {
  for (size_t i = 0; i < b.size(); ++i) {
    require(b[i].size() == rank, field + "[" + std::to_string(i) + "] has " + std::to_string(b[i].size()) +
                                     " entries; the layout has rank " + std::to_string(rank));
    for (int32_t v : b[i])
      require(v >= 0 && v < (1 << 30), field + "[" + std::to_string(i) + "] has value " + std::to_string(v) +
                                            "; values must be in 0..2^30-1");
  }
}
std::string list_text(const Ints& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

// Triton 3.9: the nonzero bases are distinct unit steps that, per dim, are
// exactly 1, 2, 4, ... (a permutation matrix covering a box).
void check_unit_box(const std::string& field, const std::vector<const Bases*>& groups, size_t rank) {
  std::vector<std::vector<bool>> seen(rank);
  for (const Bases* g : groups)
    for (const Ints& b : *g) {
      int dim = -1;
      for (size_t d = 0; d < rank; ++d)
        if (b[d] != 0) {
          require(dim < 0 && (b[d] & (b[d] - 1)) == 0,
                  field + ": basis " + list_text(b) + " must be zero or one power of two along one dim (Triton 3.9 "
                          "requires a permutation matrix after removing zero bases)");
          dim = static_cast<int>(d);
        }
      if (dim < 0) continue;
      size_t bit = 0;
      while ((1 << bit) < b[dim]) ++bit;
      if (seen[dim].size() <= bit) seen[dim].resize(bit + 1, false);
      require(!seen[dim][bit], field + ": basis " + list_text(b) + " appears twice (Triton 3.9 requires a permutation "
                                       "matrix after removing zero bases)");
      seen[dim][bit] = true;
    }
  for (size_t d = 0; d < rank; ++d)
    for (size_t bit = 0; bit < seen[d].size(); ++bit)
      require(seen[d][bit], field + ": along dim" + std::to_string(d) + " a step of " + std::to_string(1 << bit) +
                                " is missing below " + std::to_string(1 << (seen[d].size() - 1)) +
                                " (Triton 3.9 requires the layout to be surjective)");
}

// Rank over F2 of the bases (each an integer vector, bits concatenated).
int f2_rank(const Bases& bases) {
  using Row = unsigned __int128;  // 32 bits per dim
  std::vector<Row> rows;
  for (const Ints& b : bases) {
    Row v = 0;
    for (size_t d = 0; d < b.size() && d < 4; ++d) v |= Row(uint32_t(b[d])) << (32 * d);
    rows.push_back(v);
  }
  int rank = 0;
  for (int bit = 127; bit >= 0; --bit) {
    auto it = std::find_if(rows.begin() + rank, rows.end(), [&](Row r) { return (r >> bit) & 1; });
    if (it == rows.end()) continue;
    std::swap(rows[rank], *it);
    for (size_t i = 0; i < rows.size(); ++i)
      if (i != static_cast<size_t>(rank) && ((rows[i] >> bit) & 1)) rows[i] ^= rows[rank];
    ++rank;
  }
  return rank;
}

bool covers_box(const Bases& bases, size_t rank) {
  int bits = 0;
  for (size_t d = 0; d < rank; ++d) {
    int32_t mx = 0;
    for (const Ints& b : bases) mx = std::max(mx, b[d]);
    while (mx > 0) ++bits, mx >>= 1;
  }
  return f2_rank(bases) == bits;
}

void check_cga(const CgaLayout& cga, size_t rank) { check_bases("CGALayout", cga.bases, rank); }

int64_t product(const Ints& v) {
  int64_t p = 1;
  for (int32_t x : v)
    if (__builtin_mul_overflow(p, int64_t{x}, &p)) return INT64_MAX;  // saturates: callers compare with a bound
  return p;
}

void check_warps(std::string_view field, const Ints& v) {
  check_pow2_list(field, v);
  int64_t p = product(v);
  if (p > kMaxWarps)
    fail(std::string(field) + " multiplies to " + (p == INT64_MAX ? std::string("more than 2^63") : std::to_string(p)) +
         "; at most " + std::to_string(kMaxWarps) + " warps per CTA");
}

}  // namespace ls
