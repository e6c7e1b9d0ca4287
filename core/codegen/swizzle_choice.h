// The swizzle designer judged by the instructions Triton emits (codegen.h).
// A shared layout S for moving a tile from layout src to layout dst costs
// the wavefronts (one CTA) of Triton's local_store of src into S plus its
// local_load of dst from S, each with the instruction Triton picks for that
// pair (stmatrix/ldmatrix, .trans, or the widest st/ld.shared).
// Candidates: Triton's optimal-swizzling layout for the pair
// (analysis/swizzle.h, cvt_smem) used as S, layoutscope's own design
// (design_swizzle) and every conventional layout (rank_conventional).
// The bar: Triton's own convert_layout for the pair, whose cost is that of
// its path (no shared memory: 0; through shared memory: its swizzle with its
// instruction pair, in rounds). The recommendation is the cheapest of the
// bar and the candidates, ties going to Triton's own conversion, so it is
// never worse than Triton's conversion nor than the best candidate.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "../analysis/swizzle.h"
#include "codegen.h"

namespace ls::codegen {

struct SharedChoice {
  std::string name;          // a conventional layout's name, "designed", or Triton's own
  std::optional<Spec> spec;  // the shared layout; none for Triton's own conversion
  std::string store_instr, load_instr;  // PTX mnemonics (empty: no shared memory)
  int64_t store = 0, load = 0;          // wavefronts per CTA
  int64_t total() const { return store + load; }
};

struct SwizzleChoice {
  Target target;
  std::string path;                     // Triton's convert_layout path for the pair
  SharedChoice own;                     // Triton's own convert_layout (the bar)
  std::optional<SharedChoice> designed; // layoutscope's design with Triton's instructions
  std::vector<SharedChoice> ranked;     // the candidates as shared layouts, cheapest first
  SharedChoice recommended;             // the cheapest; Triton's own on ties
  bool beats_triton = false;            // recommended costs fewer wavefronts than Triton's own
  std::string note;                     // one sentence on what to use
};

// src, dst: Triton layouts of one shape (8, 16 or 32-bit elements, one CTA).
// `design` and `conventional`: design_swizzle's and rank_conventional's
// answers for the pair (their layouts are re-costed here).
SwizzleChoice choose_swizzle(const TensorLayout& src, const TensorLayout& dst, int32_t bits, const Target& t,
                             const SwizzleDesign& design, const std::vector<SwizzleCandidate>& conventional);

}  // namespace ls::codegen
