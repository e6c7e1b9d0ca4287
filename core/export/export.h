// Exports of a layout, the one entry point for the CLI and the GUI's export
// panel. Code: a CUDA/C++ header (cuda_header.h), Triton's C++
// LinearLayout construction (triton_cpp.h), CuTe (cute.h), and the Gluon,
// MLIR and JSON text that core/io prints. Pictures of the ownership grid:
// PNG, SVG and TikZ (picture.h), coloured with core/coloring.h.
// Every export is a string of bytes (PNG is binary); write_file_atomic saves
// one without leaving a half-written file behind.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "../coloring.h"
#include "../spec.h"

namespace ls {

enum class ExportFormat { cuda, triton_cpp, cute, gluon, mlir, json, png, svg, tikz };

// Which cells of a picture carry their owner's label (views.h owner_label).
// automatic: only where the label fits the cell at the picture's size.
enum class Labels { automatic, owner, none };

struct ExportOptions {
  std::string ns = "layout";          // cuda, cute: the C++ namespace (may be nested, a::b)
  std::optional<ColorBy> color_by;    // pictures; default_color_by when unset
  Labels labels = Labels::automatic;  // pictures
  int cell_px = 0;                    // png: pixels per cell, 1..256; 0 picks one (the image near 2048 px)
};

const std::vector<ExportFormat>& export_formats();
const char* format_name(ExportFormat f);  // "cuda", "triton-cpp", ...
std::optional<ExportFormat> parse_export_format(const std::string& name);
const char* file_extension(ExportFormat f);  // ".h", ".cpp", ".png", ...
bool is_binary(ExportFormat f);              // png
const char* labels_name(Labels l);           // "auto", "owner", "none"
std::optional<Labels> parse_labels(const std::string& name);

// The export of `t` (its shape must be known). Throws ls::Error with one
// line: a bad option, or a layout the format cannot express (say, triton-cpp
// of a layout that is not linear over F2).
std::string export_layout(const TensorLayout& t, ExportFormat f, const ExportOptions& o = {});

// Two layouts side by side in one picture (png, svg or tikz), each with its
// own title, indices and legend, e.g. the two panes of a comparison.
// `o.color_by`, when set, colours both; else each gets its default. A PNG
// draws both at one cell size (o.cell_px, or the smaller of their defaults).
// Errors name the layout ("the second layout: ...").
std::string export_pair(const TensorLayout& a, const TensorLayout& b, ExportFormat f, const ExportOptions& o = {});

// The picture the picture exports draw (picture.h), titled with the
// layout's MLIR text (or a Tilus/CuTe layout's own); e.g. for a preview
// with rasterise.
struct Picture;
Picture export_picture(const TensorLayout& t, const ExportOptions& o = {});

// Writes `bytes` to a unique temporary file next to `path` (mkstemp), fsyncs
// it, renames it over `path` and fsyncs the directory: a crash leaves the old
// file or the new one. The target's mode is kept; a symlink given as `path`
// is kept and the file it names replaced; nothing else is followed. On
// failure `path` is untouched and ls::Error names it and the OS reason.
void write_file_atomic(const std::string& path, const std::string& bytes);

}  // namespace ls
