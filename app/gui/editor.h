// The layout editor: a kind selector and a control per parameter of every
// layout kind (powers of two step by doubling, `order` reorders by dragging,
// parents of slice and dot-operand layouts nest, linear layouts get a basis
// editor), with the shape and the element type beside it. The widgets change
// a copy of the draft and hand it to the model (set_draft, ...); a refused
// edit shows core's message under the field it names.
#pragma once

#include <string>
#include <vector>

#include "model.h"

namespace lsgui {

// Input for one field, handed to the editor instead of a mouse or keyboard
// (scripted runs, actions.h): the field's widget applies it the way it
// applies a typed value or a click on its + / - button.
struct FieldInput {
  std::string field;  // the name the editor shows: sizePerThread, order, vec, kind, shape, element, ...
  std::string value;  // JSON text: 4, [2, 2], true, [[0, 1], [1, 0]]; empty for a step
  int index = 0;      // a step: which entry of a list
  int delta = 0;      // a step: +1 or -1, the + and - buttons
  bool consumed = false;
  std::string error;                // the value does not fit the field
  std::vector<std::string> fields;  // the fields the editor drew, for messages
};

// `input`, when given, is applied by the first widget of its field.
void draw_editor(Doc& d, FieldInput* input = nullptr);
// The paste box: MLIR (whole TTGIR dumps), Gluon or JSON.
void draw_paste_box(Doc& d, const char* id, float lines, const ls::TensorLayout* tensor = nullptr);
// Core's message, in red, wrapped.
void error_text(const std::string& msg);

}  // namespace lsgui
