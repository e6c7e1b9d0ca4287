// Who owns which element: the interface the grid, the analyses and the
// exporters work from. A layout map has named hardware (input) dims of any
// size, e.g. register/lane/warp/block, offset/block, or row/col/block for
// tensor memory (TMEM lane, column), and a tensor shape.
// Linear layouts implement it through their F2 bases; layouts that are not
// linear over F2 (mixed-radix tilus layouts, CuTe shape:stride layouts)
// implement it directly.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "linear_layout.h"
#include "spec.h"

namespace ls {

struct HwDim {
  std::string name;
  int64_t size;
};

class LayoutMap {
public:
  virtual ~LayoutMap() = default;
  virtual std::vector<HwDim> hw_dims() const = 0;
  virtual Shape shape() const = 0;
  // elems[x] = row-major element index owned by flat hardware index x (first
  // hw dim fastest), or -1 when x owns nothing.
  virtual std::vector<int64_t> table() const = 0;
  // The F2 form, when the layout has one.
  virtual const LinearLayout* linear() const { return nullptr; }
  bool is_shared() const;  // has an `offset` dim
  bool is_tensor_memory() const;  // has a `row` dim (TMEM lane)
  int64_t hw_size() const;
  int64_t num_elements() const;
};

class LinearLayoutMap final : public LayoutMap {
public:
  explicit LinearLayoutMap(LinearLayout l);
  std::vector<HwDim> hw_dims() const override;
  Shape shape() const override;
  std::vector<int64_t> table() const override;
  const LinearLayout* linear() const override { return &l_; }

private:
  LinearLayout l_;
};

// A layout of a family other than Triton's (tilus register layouts, CuTe and
// Mojo shape:stride layouts). It knows its own shape and builds its own map.
class ForeignLayout {
public:
  virtual ~ForeignLayout() = default;
  virtual std::string family() const = 0;  // "tilus", "cute"
  virtual Shape shape() const = 0;
  virtual std::unique_ptr<LayoutMap> map() const = 0;
  virtual std::string text() const = 0;         // its own notation, read back by parse_layout
  virtual std::string json_params() const = 0;  // the JSON "params" object (docs/json-format.md)
};

// Lowers a typed layout (its shape must be known, answers as t.triton) to its layout map; a
// foreign layout builds its own (a given shape must equal its shape).
std::unique_ptr<LayoutMap> make_map(const TensorLayout& t);

// What analysing a layout costs: its tensor's elements and its hardware
// indices (registers x lanes x warps x blocks, or offsets x blocks: 2^index_bits,
// the bits of its F2 form; 0 for a foreign layout or a tensor past the
// model's 2^30 elements). Elements saturate at INT64_MAX.
struct WorkSize {
  int64_t elements = 0;
  int index_bits = 0;
};
WorkSize work_size(const TensorLayout& t);
// A count as bounds are written: "2^24" for a power of two, else the number.
std::string power_text(int64_t n);

// A foreign layout as the Triton layout with the same F2 form (#ttg.linear,
// or #ttg.shared_linear for memory layouts); throws ls::Error naming the rule
// when the layout is not linear over F2.
TensorLayout to_triton_linear(const TensorLayout& t);

}  // namespace ls
