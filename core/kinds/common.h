// Shared pieces of the layout kinds: the recursive spec handle, the CGA
// (CTA-cluster) layout, and the shape fitting every kind uses to go from one
// CTA's tile to a whole tensor (Triton's combineCtaCgaWithShape):
//   - a tensor larger than the tile repeats the tile along extra register
//     bases (distributed) or offset bases (shared);
//   - a tensor smaller than the tile zeroes the bases that reach past it, so
//     several threads own the same element (broadcast).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "../linear_layout.h"

namespace ls {

struct Spec;
using SpecPtr = std::shared_ptr<const Spec>;
using Ints = std::vector<int32_t>;
using Bases = std::vector<Ints>;
using Shape = std::vector<int64_t>;

// CTAs of a cluster: block bases, each with one value per tensor dim.
// Empty means one CTA. The older CTAsPerCGA/CTASplitNum/CTAOrder form is
// converted to bases when parsed (see cga_from_split).
struct CgaLayout {
  Bases bases;
  bool operator==(const CgaLayout&) const = default;
};

// CTAsPerCGA/CTASplitNum/CTAOrder -> block bases: along each dim (order[0]
// first) `split` CTAs take distinct pieces, the rest replicate them.
CgaLayout cga_from_split(const Ints& ctas_per_cga, const Ints& split_num, const Ints& order);

std::vector<std::string> dim_names(size_t rank);  // dim0, dim1, ...
// The identity over `shape`, most minor dim order[0] first; the outs come in
// that order too (it decides where a repeated tile's extra bases go).
LinearLayout identity_nd(const std::string& in, const Ints& shape, const Ints& order);
LinearLayout cga_linear(const CgaLayout& cga, size_t rank);
// Fits a one-CTA layout (outs in any order) and the CGA layout to `shape`;
// the result has outs dim0..dimN-1 of exactly `shape`. With `drop_registers`
// (Triton 3.9's blocked layouts) register bases reaching past the shape are
// removed instead of zeroed.
LinearLayout combine_cta_cga(LinearLayout cta, const CgaLayout& cga, const Shape& shape, bool drop_registers = false);
// Shrinks each out dim larger than `shape` (matched by name): its largest
// basis values are zeroed, one per halving, so those inputs broadcast; with
// `drop_registers` such register bases are removed instead.
LinearLayout ensure_not_larger(const LinearLayout& l, const std::vector<std::pair<std::string, int64_t>>& shape,
                               bool drop_registers = false);
// Shrinks each out dim larger than `shape` (matched by name) by zeroing
// every basis value that reaches past it. Equal to ensure_not_larger when
// the values along a dim are distinct powers of two; Triton 3.9's answer
// for WMMA ctaLayouts whose bases repeat or are not powers of two.
LinearLayout zero_past(const LinearLayout& l, const std::vector<std::pair<std::string, int64_t>>& shape);
// Per dim, 2^(number of block bases that move along it): how many pieces
// the CTAs split the dim into (Triton's CTASplitNum).
Ints cga_split(const CgaLayout& cga, size_t rank);
// shape[i] / min(shape[i], split[i]).
Shape shape_per_cta(const CgaLayout& cga, const Shape& shape);
// Repeat along `in` (register or offset) until each out covers `shape`.
LinearLayout ensure_not_smaller(const LinearLayout& l, const std::vector<std::pair<std::string, int64_t>>& shape,
                                const std::string& in);

// Field checks with one-line messages that name the field.
void check_pow2(std::string_view field, int64_t v);
void check_pow2_list(std::string_view field, const Ints& v);
void check_rank(std::string_view field, size_t got, size_t rank);
void check_permutation(std::string_view field, const Ints& order);
void check_bases(const std::string& field, const Bases& b, size_t rank);
void check_cga(const CgaLayout& cga, size_t rank);
// Triton 3.9's rule for CGA and WMMA ctaLayout bases (bases of `rank`
// entries): after removing zero bases, a permutation matrix (each basis one
// power of two along one dim, none twice) that is surjective (per dim the
// steps are 1, 2, 4, ... with none missing).
void check_unit_box(const std::string& field, const std::vector<const Bases*>& groups, size_t rank);
std::string list_text(const Ints& v);  // [1, 2, 3]
// Rank over F2 of the bases (values < 2^30, at most 4 dims).
int f2_rank(const Bases& bases);
// Whether the bases span every coordinate below the smallest power-of-two
// box holding them (a surjective layout, as Triton's constructor requires).
bool covers_box(const Bases& bases, size_t rank);
// The product of the entries, saturating at INT64_MAX.
int64_t product(const Ints& v);
// A CTA has at most kMaxWarps warps (Triton's num_warps is far smaller).
constexpr int64_t kMaxWarps = 1024;
// Powers of two multiplying to at most kMaxWarps.
void check_warps(std::string_view field, const Ints& v);

}  // namespace ls
