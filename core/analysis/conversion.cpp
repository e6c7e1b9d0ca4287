#include "conversion.h"

#include <algorithm>

#include "../error.h"
#include "bank_conflicts.h"
#include "swizzle.h"

namespace ls {

std::string to_string(ConversionKind k) {
  switch (k) {
    case ConversionKind::free: return "free";
    case ConversionKind::register_permutation: return "register_permutation";
    case ConversionKind::warp_shuffle: return "warp_shuffle";
    case ConversionKind::shared_memory: return "shared_memory";
  }
  return "";
}

namespace {

LinearLayout drop_ins(const LinearLayout& l, const std::vector<std::string>& drop) {
  std::vector<LinearLayout::InDim> ins;
  for (auto& d : l.ins())
    if (std::find(drop.begin(), drop.end(), d.name) == drop.end()) ins.push_back(d);
  return LinearLayout(std::move(ins), l.outs());
}

// dst hw -> src hw; in dims with equal bases in both layouts map as the identity.
LinearLayout dst_to_src(const LinearLayout& src, const LinearLayout& dst) {
  std::vector<std::string> same;
  for (auto& d : dst.ins())
    if (src.has_in(d.name) && src.bases(d.name) == d.bases) same.push_back(d.name);
  LinearLayout c;
  if (same.size() < dst.ins().size()) c = drop_ins(dst, same).invert_and_compose(drop_ins(src, same));
  std::vector<LinearLayout::InDim> ins;
  std::vector<LinearLayout::OutDim> outs;
  for (auto& d : src.ins()) outs.push_back({d.name, static_cast<int32_t>(d.bases.size())});
  for (auto& d : dst.ins()) {
    LinearLayout::InDim nd{d.name, {}};
    bool id = std::find(same.begin(), same.end(), d.name) != same.end();
    for (size_t i = 0; i < d.bases.size(); ++i) {
      LinearLayout::Basis b(outs.size(), 0);
      for (size_t j = 0; j < outs.size(); ++j)
        b[j] = id ? (outs[j].name == d.name ? int32_t{1} << i : 0) : c.bases(d.name)[i][c.out_index(outs[j].name)];
      nd.bases.push_back(std::move(b));
    }
    ins.push_back(std::move(nd));
  }
  return LinearLayout(std::move(ins), std::move(outs));
}

// Triton's quotient: `dim` maps to itself as the identity and nothing else
// touches it.
bool trivial_over(const LinearLayout& c, const std::string& dim) {
  int o = c.out_index(dim);
  if (!c.has_in(dim) && o < 0) return false;
  if (c.in_log2(dim) != c.out_log2(dim)) return false;
  for (auto& d : c.ins())
    for (size_t i = 0; i < d.bases.size(); ++i)
      for (size_t j = 0; j < c.outs().size(); ++j) {
        bool self = d.name == dim, out_self = c.outs()[j].name == dim;
        int32_t want = self && out_self ? int32_t{1} << i : 0;
        if ((self || out_self) && d.bases[i][j] != want) return false;
      }
  return true;
}

LinearLayout quotient(const LinearLayout& c, const std::string& dim) {
  std::vector<std::string> ins, outs;
  for (auto& n : c.in_names())
    if (n != dim) ins.push_back(n);
  for (auto& n : c.out_names())
    if (n != dim) outs.push_back(n);
  return c.sublayout(ins, outs);
}

}  // namespace

ConversionReport analyze_conversion(const LinearLayout& src, const LinearLayout& dst, int32_t bits) {
  check_element_bits(bits);
  for (auto* l : {&src, &dst})
    require(l->has_in("register") && l->has_in("lane") && !l->has_in("offset"), "convert-cost takes two distributed layouts");
  require(src.outs() == dst.outs(), "the source and destination layouts must have the same shape");
  ConversionReport r;
  LinearLayout c = dst_to_src(src, dst);
  for (const char* dim : {"block", "warp", "lane", "register"}) {
    if (!trivial_over(c, dim)) break;
    c = quotient(c, dim);
  }
  r.minimal = c;
  r.moved_dims = c.out_names();
  if (r.moved_dims.empty()) r.kind = ConversionKind::free;
  else if (r.moved_dims == std::vector<std::string>{"register"}) r.kind = ConversionKind::register_permutation;
  else if (r.moved_dims == std::vector<std::string>{"register", "lane"}) r.kind = ConversionKind::warp_shuffle;
  else r.kind = ConversionKind::shared_memory;
  if (r.kind == ConversionKind::shared_memory) {
    // the designer works on the tensor without register broadcast
    auto no_bcast = [](const LinearLayout& l) {
      std::vector<LinearLayout::InDim> ins = l.ins();
      for (auto& d : ins)
        if (d.name == "register")
          d.bases.erase(std::remove_if(d.bases.begin(), d.bases.end(),
                                       [](const LinearLayout::Basis& b) {
                                         return std::all_of(b.begin(), b.end(), [](int32_t x) { return x == 0; });
                                       }),
                        d.bases.end());
      return LinearLayout(std::move(ins), l.outs());
    };
    r.scratch_bytes = design_swizzle(no_bcast(src), no_bcast(dst), bits).scratch_elems * bits / 8;
  }
  return r;
}

}  // namespace ls
