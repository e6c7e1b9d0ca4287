// The export panel (docs/exports.md): a format (cuda, triton-cpp, cute,
// gluon, mlir, json, png, svg, tikz), its options (namespace, colour-by,
// labels, PNG cell size), a live preview (the text read-only, pictures as a
// texture of core's rasteriser), copy to the clipboard (text formats) and
// save to a path with the format's extension (core's write_file_atomic).
// The export runs as a Job, so large layouts never stall the window.
#pragma once

#include <string>

#include "export/export.h"
#include "export/png.h"
#include "jobs.h"
#include "model.h"
#include "texture.h"

namespace lsgui {

struct ExportResult {
  std::string bytes;  // what is copied or saved
  ls::Image image;    // pictures: the preview
};

struct ExportState {
  ls::ExportFormat format = ls::ExportFormat::cuda;
  std::string ns = "layout";
  int color_by = -1;  // -1: as the grid view; else an ls::ColorBy
  ls::Labels labels = ls::Labels::automatic;
  int cell_px = 0;    // png: 0 picks the size
  std::string path = "layout.h";
  bool show_source = false;  // svg, tikz: the text under the preview
  bool pair = false;         // pictures: both panes of the side-by-side view
  Job<ExportResult> job;
  Texture preview;
  uint64_t results = 0, uploaded = 0;  // results collected, and the one whose image is in `preview`
  std::string saved, save_error;
};

// What the format buttons do: the format, and the path's extension to match.
void set_export_format(ExportState& ex, ls::ExportFormat f);
// `grid_by`: the grid view's colouring, the pictures' default. `second`: the
// side-by-side view's other pane, exported beside `d` when asked.
void draw_export(ExportState& ex, const Doc& d, const Doc& second, ls::ColorBy grid_by, std::string& status);

}  // namespace lsgui
