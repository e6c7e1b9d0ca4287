// Shared-memory accesses measured on the GPU next to the model's prediction.
// By default (triton) the kernel performs the local_store / local_load
// instructions core/codegen predicts Triton emits for the layouts (its
// mnemonics written as inline PTX, every warp instruction's lane addresses
// from the model); with `own` instructions, exactly the warp instructions
// the bank-conflict analysis (core/analysis/bank_conflicts.h) derives from
// the layouts and the chosen store/load options: every
// lane's offset per instruction comes from the analysis, the access width is
// the one it chose (st/ld.shared of 1..16 bytes, or stmatrix/ldmatrix). One
// CTA stores the register tile, then loads it back; CUPTI counts the shared
// wavefronts, bank conflicts and instructions, clock64 the cycles.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "analysis/bank_conflicts.h"
#include "codegen/codegen.h"
#include "spec.h"

namespace ls::gpu {

struct SharedRequest {
  TensorLayout store_reg, load_reg, shared;  // load_reg: empty spec = store_reg
  Shape shape;
  int bits = 16;
  SharedOpOptions store_opt, load_opt;  // own instructions only
  bool triton = true;                   // Triton's instructions (core/codegen)
  codegen::Target target;
};

struct SharedMeasurement {
  SharedOpReport store, load;                // predicted
  std::map<std::string, double> counters;    // measured, by metric
  std::vector<std::string> unsupported;      // metrics the device does not know
  std::string counter_error;                 // why no counters, if none
  long long store_cycles = 0, load_cycles = 0;
  std::string source;
  // Measured store/load wavefronts, conflicts and instructions, -1 when unknown.
  double measured(const std::string& what) const;
  bool agrees() const;  // every measured figure equals the prediction
};

SharedMeasurement run_shared(const SharedRequest& r);
// The kernel source alone (no GPU needed).
std::string shared_source(const SharedRequest& r);

}  // namespace ls::gpu
