// What converting a tensor between two distributed layouts costs, by the
// rules of Triton 3.6 (linear-layouts paper, section 5.4; Triton's
// minimalCvtLayout / cvtReordersRegisters / cvtNeedsWarpShuffle /
// getWarpLayoutConvertDecomposition):
//   C = dst^-1 o src restricted: the map from a destination hardware index
//   to the source hardware index holding the same element (dims equal in
//   both layouts map as the identity). Peel off block, warp, lane, register
//   (in that order, stopping at the first that fails) while C is the
//   identity on that dim and the dim does not mix with the others.
//   Nothing left: free. Only register: a register permutation inside each
//   thread. Register and lane: warp shuffles, provided the register/lane
//   permutation factors into fewer than two mixed (register, lane)
//   transpositions; otherwise, and whenever warps or CTAs exchange data,
//   through shared memory, whose scratch size is one round of reps of the
//   shared layout Triton's NVIDIA allocation picks (cvt_scratch_elems).
// Triton 3.9 (the default) also uses warp shuffles when warps differ but the
// move stays inside each warp: every destination register/lane basis lies in
// the span of the source's register and lane bases, each destination warp
// basis differs from the source's (zero-padded) by a combination of source
// lane bases, no CTA moves, and the register/lane permutation (source bases
// matched to equal destination bases, the rest paired in order as zeros are)
// has fewer than two mixed transpositions. This rule is inferred from 3.9's
// header contract (getWarpLayoutConvertDecomposition: "warp/CTA-dependent
// lane selection", source registers independent of warp/CTA) and checked on
// Triton 3.9's PTX, not read from its source (not available here).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../linear_layout.h"
#include "../triton_version.h"

namespace ls {

enum class ConversionKind { free, register_permutation, warp_shuffle, shared_memory };
std::string to_string(ConversionKind k);

// Triton's getWarpLayoutConvertDecomposition writes the register/lane
// permutation between two layouts as P = P_mixed o P_lane o P_reg: `mixed`
// (register, lane) transpositions, and a lane permutation P_lane that is the
// identity when `lanes_fixed`. Shuffles are used only below two mixed
// transpositions; the instructions then follow from both (codegen.h).
struct WarpPermutation {
  int mixed = 0;
  bool lanes_fixed = true;
  int lane_bit = -1;  // the lane bit of the last mixed transposition walked
};
WarpPermutation warp_permutation(const LinearLayout& src, const LinearLayout& dst);

struct ConversionReport {
  ConversionKind kind = ConversionKind::free;
  std::vector<std::string> moved_dims;  // hardware dims the data moves across
  int64_t scratch_bytes = 0;            // shared memory, for shared_memory
  LinearLayout minimal;                 // the remaining map (dst hw -> src hw)
  WarpPermutation warp;                 // for warp_shuffle
};

// `l` with its zero (broadcast) register bases dropped, as Triton's
// actionRemoveBroadcastedRegs does (and 3.9's blocked lowering).
LinearLayout without_register_broadcast(const LinearLayout& l);

// with_scratch = false leaves scratch_bytes 0 (for callers that size it themselves).
ConversionReport analyze_conversion(const LinearLayout& src, const LinearLayout& dst, int32_t bits,
                                    TritonVersion version = kDefaultTriton, bool with_scratch = true);

}  // namespace ls
