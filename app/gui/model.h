// The explorer's document model, free of any window: a layout being edited
// (a draft that may be invalid) and the last valid layout lowered by core,
// with undo and redo. Every widget edit goes through these functions, so the
// robustness test drives exactly what the window does. An edit that core
// rejects leaves the last valid layout in place and sets `error`.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "coloring.h"
#include "layout_map.h"

namespace lsgui {

// A valid layout lowered, ready to draw. Immutable once built; `id` is
// unique for the process, so views remember a grid by id, never by address.
struct Grid {
  uint64_t id = 0;
  ls::TensorLayout layout;
  std::unique_ptr<ls::LayoutMap> map;
  std::string kind;                          // "blocked", "nvmma_shared", ..., "tilus", "cute"
  ls::Shape shape;                           // never empty
  std::vector<ls::HwDim> dims;               // hw dims, fastest first
  std::vector<std::vector<int64_t>> owners;  // per row-major element: flat hw indices
  std::vector<int64_t> table;                // per flat hw index: element or -1
};

// The grid keeps every element's owners in memory; beyond this it refuses.
constexpr int64_t kMaxGridElements = int64_t{1} << 20;

// Lowers `t` through core; throws ls::Error.
std::shared_ptr<const Grid> build_grid(const ls::TensorLayout& t);

enum class TextFormat { mlir, gluon, json };

struct Doc {
  ls::TensorLayout draft;  // what the editor shows; may be invalid
  std::string text;        // the paste box
  std::string shape_text;  // e.g. "64x16"
  std::string error;       // why the last edit was refused; empty when valid
  std::string error_from;  // "text", "shape" or "editor": where to show it
  std::shared_ptr<const Grid> grid;  // the last valid layout (null before the first)
  std::vector<ls::TensorLayout> undo, redo;
  TextFormat format = TextFormat::gluon;  // how the paste box shows editor changes
  uint64_t version = 0;                   // grid->id: changes whenever grid changes
  ls::TritonVersion triton = ls::kDefaultTriton;  // whose rules lower the layout (the app's Triton selector)
  int32_t sm = 90;  // the GPU whose instructions the analyses show (the Target menu): 80, 90 or 100
  // Whether the last text named its shape and element type (the second pane
  // takes the first pane's where it did not).
  bool names_shape = true, names_elem = true;
};

// The text of a LAYOUT argument: the file's contents when it names a file.
std::string read_layout_arg(const std::string& arg);
// "64x16" (or "64,16") -> {64, 16}; throws ls::Error.
ls::Shape parse_shape(const std::string& s);
std::string shape_text(const ls::Shape& shape);
// The paste box's text: a tilus or CuTe layout shows its own notation
// (JSON stays JSON).
std::string print_as(const ls::TensorLayout& t, TextFormat f);
// The text to copy: tilus and CuTe layouts as MLIR or Gluon become their
// #ttg.linear form; throws ls::Error when they have none.
std::string export_text(const ls::TensorLayout& t, TextFormat f);

// Edits. Each returns whether the layout was accepted.
// Paste box: MLIR (whole dumps too), Gluon or JSON. A text without a shape
// takes `tensor`'s (when given), else the shape field's; one without an
// element type `tensor`'s.
bool set_text(Doc& d, const std::string& text, const ls::TensorLayout* tensor = nullptr);
bool set_shape_text(Doc& d, const std::string& text);
// The editor's widgets change a copy of the draft and hand it here.
bool set_draft(Doc& d, const ls::TensorLayout& t);
// Element type: an MLIR name with its bits (f16 16, ...).
bool set_elem(Doc& d, const std::string& elem, int32_t bits);
// Replaces the spec by a default layout of `kind` (kind_name()).
bool switch_kind(Doc& d, const std::string& kind);
// Loads a layout without recording an undo step (startup, session).
bool load(Doc& d, const ls::TensorLayout& t);
bool undo(Doc& d);
bool redo(Doc& d);
// Lowers the layout again by Triton version v's rules (no undo step); false
// (and `error`) when v cannot lower it, the version is set either way.
bool set_triton(Doc& d, ls::TritonVersion v);
// sm: 80, 90 or 100 (anything else throws ls::Error naming the target).
void set_target(Doc& d, int32_t sm);

// The Triton kinds the editor offers, the other families (tilus, cute), and
// a default of each (Gluon tutorial sizes; the families' documents).
const std::vector<std::string>& kind_names();
const std::vector<std::string>& family_names();
ls::TensorLayout default_layout(const std::string& kind);

// Which elements to light: those with an owner whose hw coords match.
struct Selection {
  enum Kind { none, thread, warp, reg, level } kind = none;
  int64_t flat = 0;  // thread, warp, reg: an owner whose coords give the value
  int depth = 0;     // level: hw dims [0, depth] free, slower ones at 0
  bool operator==(const Selection&) const = default;
};
// Per element, 1 when lit (all 1 for Selection::none).
std::vector<uint8_t> lit_elements(const Grid& g, const Selection& s);
// A line saying what a selection lights, e.g. "thread 12 (warp 0, lane 12)".
std::string describe(const Grid& g, const Selection& s);

}  // namespace lsgui
