// A linear layout is a linear map over F2 from named input dimensions
// (register, lane, warp, block; or offset, block) to named output dimensions
// (dim0, dim1, ...). Every dimension has a power-of-two size. An input value
// is the XOR of the basis vectors of its set bits:
//     L(x) = XOR over in dims d, over bits i of x_d set:  bases[d][i]
// Each basis vector holds one value per output dimension, in output order.
// Output sizes are stored explicitly, so layouts need not be surjective.
//
// Flat encodings used by fast paths:
//   - a flat input packs the input dims with the FIRST dim in the low bits;
//   - a flat output packs the output dims with the LAST dim in the low bits,
//     i.e. it is the row-major element index of the tensor (dim0 slowest).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ls {

class LinearLayout {
public:
  using Basis = std::vector<int32_t>;  // one value per out dim
  struct InDim {
    std::string name;
    std::vector<Basis> bases;  // log2(size) bases
    bool operator==(const InDim&) const = default;
  };
  struct OutDim {
    std::string name;
    int32_t log2 = 0;  // size = 1 << log2
    bool operator==(const OutDim&) const = default;
  };

  LinearLayout() = default;  // the empty layout: no dims
  // Explicit out sizes; throws ls::Error if a basis has the wrong length or a
  // value outside its out dim.
  LinearLayout(std::vector<InDim> ins, std::vector<OutDim> outs);
  // Out sizes inferred as the smallest power of two above every basis value.
  static LinearLayout infer_outs(std::vector<InDim> ins, const std::vector<std::string>& outs);
  static LinearLayout identity1d(int32_t size, const std::string& in, const std::string& out);
  static LinearLayout zeros1d(int32_t size, const std::string& in, const std::string& out,
                              int32_t out_size = 1);

  // --- queries -------------------------------------------------------------
  const std::vector<InDim>& ins() const { return ins_; }
  const std::vector<OutDim>& outs() const { return outs_; }
  int in_index(const std::string& name) const;   // -1 when absent
  int out_index(const std::string& name) const;  // -1 when absent
  bool has_in(const std::string& n) const { return in_index(n) >= 0; }
  bool has_out(const std::string& n) const { return out_index(n) >= 0; }
  int32_t in_log2(const std::string& name) const;  // 0 when absent
  int32_t out_log2(const std::string& name) const; // 0 when absent
  int64_t in_size(const std::string& n) const { return int64_t{1} << in_log2(n); }
  int64_t out_size(const std::string& n) const { return int64_t{1} << out_log2(n); }
  int total_in_bits() const;
  int total_out_bits() const;
  const std::vector<Basis>& bases(const std::string& in) const;  // empty when absent
  std::vector<std::string> in_names() const;
  std::vector<std::string> out_names() const;

  // --- evaluation ----------------------------------------------------------
  // values per in dim (in order) -> values per out dim (in order)
  std::vector<int32_t> apply(const std::vector<int32_t>& in) const;
  std::vector<uint64_t> flat_columns() const;  // packed output of each flat input bit
  uint64_t apply_flat(uint64_t in) const;
  // out[x] = apply_flat(x) for every flat input x; one XOR per element.
  void table(uint64_t* out) const;

  // --- algebra -------------------------------------------------------------
  // Product: ins and outs are united (this one's first); where both layouts
  // share an in dim, `outer`'s bases follow this one's; where both share an
  // out dim, `outer`'s values are shifted above this one's size.
  friend LinearLayout operator*(const LinearLayout& inner, const LinearLayout& outer);
  LinearLayout& operator*=(const LinearLayout& outer) { return *this = *this * outer; }
  // (outer o this): this one's outs feed `outer`'s ins by name.
  LinearLayout compose(const LinearLayout& outer) const;
  LinearLayout invert() const;         // requires a bijection
  LinearLayout pseudo_invert() const;  // a right inverse (free variables 0); requires surjective
  // Returns C with outer(C(x)) == this(x); `outer` must be surjective onto
  // this one's image. Free variables of `outer` are chosen as 0.
  LinearLayout invert_and_compose(const LinearLayout& outer) const;
  LinearLayout transpose_ins(const std::vector<std::string>& order) const;
  LinearLayout transpose_outs(const std::vector<std::string>& order) const&;
  LinearLayout transpose_outs(const std::vector<std::string>& order) &&;  // permutes in place
  // Reshape: the flat encoding is kept, the dims are re-cut (same total bits).
  LinearLayout reshape_ins(const std::vector<std::pair<std::string, int64_t>>& ins) const;
  LinearLayout reshape_outs(const std::vector<std::pair<std::string, int64_t>>& outs) const;
  LinearLayout sublayout(const std::vector<std::string>& ins,
                         const std::vector<std::string>& outs) const;
  // Per in dim, bit i set when basis i is zero or in the span of the bases
  // before it (flat order): that input bit does not change ownership.
  std::vector<std::pair<std::string, uint64_t>> free_variable_masks() const;
  bool is_injective() const;
  bool is_surjective() const;
  bool is_invertible() const { return is_injective() && is_surjective(); }
  // How many consecutive values of the first in dim map to consecutive
  // values along out dim `out` while every other basis stays aligned to
  // that run (the vector width of a contiguous access along `out`).
  int32_t num_consecutive(const std::string& out) const;

  bool operator==(const LinearLayout& o) const = default;
  std::string to_string() const;

private:
  std::vector<InDim> ins_;
  std::vector<OutDim> outs_;
};

}  // namespace ls
