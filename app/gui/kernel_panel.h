// The Kernel view: a whole TTGIR dump read by core/inspect (on a worker
// thread, again when the Triton version changes). Left: the ops as
// a table (sortable by line, op, kind or cost score); right: the dump text
// with a badge on every inspected line (its cost kind and score; red when
// the op could not be read). Selecting an op scrolls the text to it; "Open"
// asks the caller to show the op's layouts in the explorer.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "inspect/inspect.h"
#include "jobs.h"

namespace lsgui {

struct KernelView {
  std::string path;                    // shown in the header; may be empty (pasted text)
  std::string triton = "3.9";          // the Triton menu's version (inspect Options::triton)
  std::string text;                    // the dump as read
  std::vector<std::string> lines;      // the dump, split
  ls::inspect::Report report;          // the last finished inspection
  std::string error;                   // why nothing could be read, if so
  int selected = -1;                   // index into report.ops
  int scroll_to_line = 0;              // 1-based, consumed by the next frame
  std::map<int, int> op_at_line;       // line -> index into report.ops
  std::map<int, std::string> unread_at_line;
  std::vector<int> order;              // table row -> op index (sorted)
  Job<ls::inspect::Report> job;        // the inspection, on a worker thread
  int generation = 0;                  // counts inspections asked for (the job's key)

  // Shows a dump (the file's text) and starts inspecting it under `triton_version`'s rules.
  void load(const std::string& dump, const std::string& path_shown, const std::string& triton_version);
  // Inspects the open dump again under another version's rules.
  void set_triton(const std::string& triton_version);
  // Takes a finished inspection into the view (the selected op kept by its
  // line); true when one arrived this call.
  bool poll();
  bool inspecting() const { return job.running(); }

private:
  void start();
};

// What the caller should open in the explorer: one layout (a load, a shared
// access's shared side first) or two side by side (a conversion: source,
// destination; a shared access: register, shared). Texts are canonical MLIR
// types with shape and element type: ls::parse_layout reads them.
struct OpenLayouts {
  std::string first, second;  // second empty when there is one layout
  std::string op;             // e.g. "ttg.convert_layout"
  int line = 0;
  bool banks = false;         // a shared-memory access: show the Banks view
};

// The layouts of op `i` (an index into kv.report.ops) to open; empty when
// none of its layouts could be read.
std::optional<OpenLayouts> request_for(const KernelView& kv, int i);

// Draws the view into the current ImGui window; returns a request when the
// user clicks "Open in explorer" (or double-clicks a row).
std::optional<OpenLayouts> draw_kernel_view(KernelView& kv);

}  // namespace lsgui
