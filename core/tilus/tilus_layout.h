// A tilus register layout as a foreign layout of the core model. Its map's hw
// dims are register (the local index), lane and warp, with thread = lane +
// lanes * warp: 32 lanes when the thread count is a multiple of 32, otherwise
// every thread is a lane of one warp (spatial(3, 4) has 12 lanes).
// tilus_table draws any layout map as tilus's visualize_layout does: one box
// per element holding `thread: local`, `[t0, t1]: local` when replicated.
#pragma once

#include <memory>
#include <string>

#include "../layout_map.h"
#include "register_layout.h"

namespace ls::tilus {

class TilusLayout final : public ForeignLayout {
public:
  explicit TilusLayout(RegisterLayout l) : l_(std::move(l)) {}
  const RegisterLayout& layout() const { return l_; }
  std::string family() const override { return "tilus"; }
  Shape shape() const override { return l_.shape; }
  std::unique_ptr<LayoutMap> map() const override;
  std::string text() const override { return expression(l_); }
  std::string json_params() const override;

private:
  RegisterLayout l_;
};

TensorLayout tensor_layout(RegisterLayout l);

// The tables of tilus's documentation (box-drawing, one table per 2-D slice).
std::string tilus_table(const LayoutMap& m);

// Whether the text starts with a tilus layout function (local(, spatial(,
// register_layout(, ...), possibly as tilus.ir.layout.<name>(.
bool looks_like_tilus(const std::string& text);
// Reads a tilus expression: the creation functions, method chains, `*` and
// `/`, the transformation functions, register_layout(...) and the
// RegisterLayout(...) repr; visualize_layout(...) and print(...) wrappers are
// looked through.
RegisterLayout parse_register_layout(const std::string& text);

}  // namespace ls::tilus
