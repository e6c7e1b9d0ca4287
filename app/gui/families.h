// The editor and hover text for the layout families that are not Triton's
// (docs/tilus-cute.md): tilus register layouts get their chain of
// primitives (spatial, local, ...) and their canonical fields; CuTe / Mojo
// layouts get shape:stride fields (with base, swizzle and vector, or the
// thread layout of a distributed tensor). Every edit is written as text in
// the family's notation and handed to core's parser through set_text.
#pragma once

#include <string>
#include <vector>

#include "model.h"

namespace lsgui {

// The structured controls of a tilus or CuTe layout (d.draft.foreign set).
void draw_family_editor(Doc& d);

// Lines explaining who owns element `e` in the family's own terms (tilus
// `thread: local`, CuTe's coordinate -> offset sum); empty for Triton layouts.
std::vector<std::string> explain_element(const Grid& g, int64_t e);

// A tilus chain `local(2, 1).spatial(8, 4)` split into its calls; empty when
// the text is anything else (ranks=, *, functions of layouts, ...).
struct TilusCall {
  std::string name;
  std::vector<int64_t> args;
};
std::vector<TilusCall> split_tilus_chain(const std::string& text);
std::string join_tilus_chain(const std::vector<TilusCall>& calls);

}  // namespace lsgui
