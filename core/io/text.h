// Reading and writing layouts as text: Triton MLIR (attributes, alias lines
// of a TTGIR dump, tensor<...> and !ttg.memdesc<...> types), Gluon Python
// (as Gluon's repr prints it and as people type it), and the project's JSON
// (docs/json-format.md), and the tilus and CuTe notations (docs/tilus-cute.md).
// parse_layout detects which one it is given.
#pragma once

#include <string>

#include "../spec.h"

namespace ls {

enum class Format { mlir, gluon, json };

TensorLayout parse_mlir(const std::string& text);
TensorLayout parse_gluon(const std::string& text);
TensorLayout parse_json(const std::string& text);
// Tilus register layouts (core/tilus) and CuTe / Mojo layouts (core/cute);
// both set TensorLayout::foreign, and its text() prints them back.
TensorLayout parse_tilus(const std::string& text);
TensorLayout parse_cute(const std::string& text);
// Detects the format; throws ls::Error naming the position for syntax errors.
TensorLayout parse_layout(const std::string& text);

// MLIR: a tensor<...> / !ttg.memdesc<...> type when the shape is known,
// otherwise the bare attribute.
// One line of `bases --batch`: {"layout": "<any of the formats>", "shape": [..]}
// ("shape" optional; it overrides a shape the text carries).
TensorLayout parse_batch_line(const std::string& json_line);

std::string print_mlir(const TensorLayout& t);
std::string print_mlir_attr(const Spec& s);
std::string print_gluon(const Spec& s);
std::string print_json(const TensorLayout& t);

}  // namespace ls
