// core/analysis shown live beside the grids (docs/analyses.md):
//   - beside the grid: global-memory coalescing of a distributed layout for
//     a tensor view (contiguous, transposed, every other row) and element size;
//   - in the side-by-side view: bank conflicts of storing the first layout's
//     registers into the second (shared) layout and loading them back, with
//     the instructions Triton emits (core/codegen; plain or ldmatrix/stmatrix
//     as alternatives), wavefronts against the
//     ideal, Triton's number and the colliding lanes and banks; for two
//     distributed layouts Triton's convert_layout (path, instructions,
//     wavefronts, scratch), and the swizzle designer ranked by the wavefronts
//     of Triton's own instructions (codegen/swizzle_choice.h), layoutscope's
//     widest-vector design and ranking as the alternative; for a register
//     layout beside a tensor-memory one, the tcgen05 message Triton 3.9
//     lowers their tmem_load / tmem_store to (analysis/tmem_reg_layout.h).
// Version and target: the Triton menu's version (Doc::triton), sm_90.
// Each analysis runs as a Job (jobs.h) keyed by the layouts' versions and
// the options, so edits never wait for it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/bank_conflicts.h"
#include "analysis/coalescing.h"
#include "analysis/conversion.h"
#include "analysis/swizzle.h"
#include "analysis/tmem_reg_layout.h"
#include "codegen/swizzle_choice.h"
#include "jobs.h"
#include "model.h"

namespace lsgui {

struct SwizzleResult {
  ls::SwizzleDesign design;                  // layoutscope's design, widest ld/st.shared
  std::vector<ls::SwizzleCandidate> ranked;  // the conventional layouts, widest ld/st.shared
  ls::TensorLayout shared;  // the design as a shared_linear layout of the pair's shape
  std::optional<ls::codegen::SwizzleChoice> triton;  // ranked with Triton's instructions (shown first)
  std::string triton_error;                          // why `triton` is missing
};

struct CoalescingResult {
  ls::CoalescingReport widest;                 // layoutscope's widest vector (the alternative)
  std::optional<ls::CoalescingReport> triton;  // with the vector Triton's gl.load uses, when modelled
  std::optional<ls::codegen::Instr> load, store;
};

struct ConversionResult {
  ls::ConversionReport rules;                    // the path by Triton's rules (conversion.h)
  std::optional<ls::codegen::KernelReport> triton;  // what Triton emits (codegen.h)
  std::string triton_error;
};

struct TmemResult {
  std::optional<ls::TmemRegLayout> message;  // of a tmem_load / tmem_store with the register layout
  std::vector<std::string> variants;         // without one: the messages Triton 3.9 has for the TMEM layout and warps
};

// Bank conflicts of the pair, and (Triton's instructions) the local_alloc's size.
struct BanksResult {
  ls::BankConflictReport report;
  int64_t shared_bytes = 0;  // 0: not Triton's instructions
  std::string launch_error;  // empty when the allocation fits the target
};

struct Analyses {
  // coalescing (grid view)
  int view = 0;   // 0 contiguous (row-major), 1 transposed (column-major), 2 every other row
  int bits = 0;   // element bits; 0: the layout's element type
  Job<CoalescingResult> coalescing;
  // bank conflicts (side by side)
  int instr = 0;  // 0 what Triton emits (the Triton menu's version, sm_90), 1 widest ld/st.shared, 2 ldmatrix/stmatrix x1, 3 x2, 4 x4
  bool trans = false;
  bool load = false;   // show the load (else the store)
  int access = 0;      // which instruction of the selected warp is lit
  Job<BanksResult> banks;
  Job<ConversionResult> conversion;
  Job<SwizzleResult> swizzle;
  Job<TmemResult> tmem;  // register layout beside a tensor-memory one
  uint64_t swizzle_a = ~uint64_t{0};  // the first layout's version the design is for
  int pick = -1;  // scripted: the ranked candidate (0-based) to put in the second pane, as its button does
};

// The strides (in elements) of the tensor view `view` of `shape`.
std::vector<int64_t> view_strides(const ls::Shape& shape, int view);

// The coalescing panel for the document's layout, drawn in the current window.
void draw_coalescing(Analyses& an, const Doc& d);

// Bank-conflict figures of a's registers with b's shared layout (same
// shape). Lights, per element of b, what the selected access of warp `warp`
// touches (`lit`) and what its colliding lanes touch (`colliding`); both are
// left empty when there is no access to show.
void draw_bank_conflicts(Analyses& an, const Doc& a, const Doc& b, int warp, std::vector<uint8_t>& lit,
                         std::vector<uint8_t>& colliding);
// The conversion cost between two distributed layouts.
void draw_conversion(Analyses& an, const Doc& a, const Doc& b);
// The tcgen05 message of a tmem_load / tmem_store between register layout
// `reg` and tensor-memory layout `tmem` (same shape).
void draw_tmem_message(Analyses& an, const Doc& reg, const Doc& tmem);
// The swizzle designer for a -> b (two distributed layouts), and the last
// design made for a's current layout with the ranking of the conventional
// shared layouts. Returns a shared layout the user chose to put beside a.
std::optional<ls::TensorLayout> draw_swizzle_designer(Analyses& an, const Doc& a, const Doc& b);
// What the "Design swizzle" button does; false when a and b are not two
// distributed layouts of one shape, linear over F2.
bool request_swizzle(Analyses& an, const Doc& a, const Doc& b);
// The candidates swizzle_pick / the ranking's buttons choose from: Triton's
// ranking when there is one, else layoutscope's.
size_t pickable(const SwizzleResult& r);

}  // namespace lsgui
