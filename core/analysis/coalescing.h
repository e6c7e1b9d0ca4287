// Global-memory coalescing of a distributed layout that loads or stores a
// tensor with given strides (in elements) and element size.
//
// Element e at coordinates c sits at byte  sum_d c_d * stride_d * bytes.
// Each thread moves its distinct addresses in aligned vectors: the widest
// power of two v (at most 16 bytes, LDG/STG .32/.64/.128) such that every
// thread's addresses form aligned runs of v consecutive elements. Warp
// instruction i is every lane's i-th vector (in register order). The memory
// system serves an instruction (a request) in 32-byte sectors: the sectors it
// touches against the ideal ceil(distinct bytes / 32). Efficiency = ideal /
// touched sectors over the tile.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../layout_map.h"

namespace ls {

struct CoalescingReport {
  std::string instruction;         // "LDG.E.128", "LDG.E", "LDG.E.U16", ...
  int32_t vector_bits = 0;         // bits per lane and instruction
  int64_t run_bits = 0;            // shortest contiguous run a thread owns (the tutorial's "width")
  int64_t vectors_per_run = 0;     // instructions per run (the tutorial's "n_loads")
  int64_t instructions_per_thread = 0;
  int64_t requests = 0;            // warp instructions over the tile
  int64_t sectors = 0, ideal_sectors = 0;
  double sectors_per_request = 0, ideal_sectors_per_request = 0;
  double efficiency = 0;           // ideal_sectors / sectors (per request, as ncu counts)
  int64_t unique_sectors = 0;      // distinct sectors over the tile (what DRAM serves)
  double tile_efficiency = 0;      // distinct bytes / (32 * unique_sectors)
};

// `strides`: one per tensor dim, in elements (0 allowed: broadcast).
// `vector_elems` > 0 imposes the vector (elements per access, e.g. the one
// Triton emits, codegen.h) instead of the widest that fits.
CoalescingReport analyze_coalescing(const LayoutMap& layout, const std::vector<int64_t>& strides, int32_t bits,
                                    int32_t vector_elems = 0);

}  // namespace ls
