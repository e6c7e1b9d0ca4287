// Fragment layouts read back from the hardware and compared with the model.
// mma.sync m16n8k8 / m16n8k16 (f16, bf16): every cell of A (and of B) is
// probed on its own: the model places a one-hot A (B) in registers and a
// coded B (A) whose values name their (row, col); the product reveals which
// cell the hardware took the one for. The accumulator is checked with a
// random product against a reference computed here. ldmatrix x1/x2/x4 (with
// and without .trans) loads a coded matrix from shared memory, so each
// thread's registers name the cells they hold. The model's answers come from
// the MMA v2 accumulator and dot-operand layouts (core/kinds).
#pragma once

#include <string>
#include <vector>

namespace ls::gpu {

struct CellMismatch {
  std::string operand;   // "A", "B", "C", or the ldmatrix variant
  int lane = 0, reg = 0;
  int model_row = 0, model_col = 0;  // where the model says (lane, reg) is
  int hw_row = -1, hw_col = -1;      // where the hardware put it (-1: unexplained)
};

struct FragmentCheck {
  std::string instruction;  // e.g. "mma.sync.m16n8k16.f16", "ldmatrix.x4.trans"
  std::string model;        // the model layout compared, as MLIR text
  int cells = 0;            // cells checked
  std::vector<CellMismatch> mismatches;
};

// Runs every check on the current device (needs sm_80 or newer).
std::vector<FragmentCheck> verify_fragments();

}  // namespace ls::gpu
