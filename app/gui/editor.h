// The layout editor: a kind selector and a control per parameter of every
// layout kind (powers of two step by doubling, `order` reorders by dragging,
// parents of slice and dot-operand layouts nest, linear layouts get a basis
// editor), with the shape and the element type beside it. The widgets change
// a copy of the draft and hand it to the model (set_draft, ...); a refused
// edit shows core's message under the field it names.
#pragma once

#include "model.h"

namespace lsgui {

void draw_editor(Doc& d);
// The paste box: MLIR (whole TTGIR dumps), Gluon or JSON.
void draw_paste_box(Doc& d, const char* id, float lines);
// Core's message, in red, wrapped.
void error_text(const std::string& msg);

}  // namespace lsgui
