// Measured global-memory copies: a tensor loaded with one layout and stored
// with another (through shared memory when they differ), timed with CUDA
// events after warm-up, beside cudaMemcpy device-to-device on the same
// buffers; optionally beside Triton's own Gluon kernel for the same layouts
// (triton_kernel.h), on the same buffers, timed and checked the same way;
// and the Gluon tutorial's memcpy experiments as a sweep.
// Throughput counts bytes read plus bytes written, in TB/s (10^12 bytes).
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "codegen.h"
#include "triton_kernel.h"

namespace ls::gpu {

struct CopyRequest {
  LinearLayout load, store;  // over the tile
  Shape tile;
  Shape shape;
  std::string in_view = "contiguous", out_view = "contiguous";
  int elem_bytes = 4;
  int warmup = 3, reps = 20;
  bool triton = true;  // Triton's instructions and grid order (false: own)
  TritonVersion version = TritonVersion::v3_9;
  // Triton's own kernel too: the layouts as Gluon text (empty: not run)
  std::string triton_load, triton_store;
  bool triton_kernel = false;
};

struct TritonRun {
  TritonKernel kernel;
  double ms = 0, tbps = 0;
  uint64_t mismatches = 0;
  int registers = 0, local_bytes = 0;  // per thread, of Triton's cubin
};

struct CopyResult {
  CopyKernel kernel;
  double ms = 0;           // median of the timed launches
  double tbps = 0;
  double memcpy_tbps = 0;  // cudaMemcpy of min(input, output) buffer bytes, same run
  int64_t bytes = 0;       // read + written by the copy
  uint64_t mismatches = 0; // elements that differ after a run into a poisoned output
  std::map<std::string, int64_t> ptx_per_thread;  // the generated kernel's PTX (NVRTC), counted
  int registers = 0, local_bytes = 0;              // per thread, as ptxas allotted them
  std::optional<TritonRun> triton;                 // Triton's own kernel, when asked
};

// Builds the kernel; throws ls::Error for plans that do not fit.
CopyKernel plan_copy(const CopyRequest& r);
CopyResult run_copy(const CopyRequest& r);

struct SweepRow {
  std::string experiment;  // "1d", "2d", "2d-inout"
  std::string label;       // e.g. "XBLOCK=2048 R=4" or "transposed input, row layout"
  CopyResult result;
  std::string error;  // why the row did not run (its result is then empty)
};
// The Gluon tutorial's experiments (seeds/gluon-tutorial-layouts.txt) on the
// local GPU: the XBLOCK x R table of the 1D memcpy, the 2D memcpy with the
// transposed input and its fix, and the in/out layouts case. A row whose
// plan fails is reported in its `error`; a GPU failure (Failure) ends the
// sweep. `progress` gets
// (done, total); setting `cancel` stops after the current row.
// `triton`: Triton's instructions (else own); `triton_kernel`: Triton's own
// kernel beside each row.
std::vector<SweepRow> sweep_gluon_memcpy(const std::function<void(int, int)>& progress,
                                         const std::atomic<bool>* cancel = nullptr, bool triton = true,
                                         bool triton_kernel = false);

}  // namespace ls::gpu
