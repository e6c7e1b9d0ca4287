// Triton's own kernel for a copy: scripts/triton_kernel.py compiles the Gluon
// tutorial's memcpy kernel for the layouts with the Triton that Python
// imports (env LAYOUTSCOPE_PYTHON, else python3), and the cubin is launched
// here in-process with Triton's launch parameters: 32 * num_warps threads,
// its shared bytes as dynamic shared memory, the tutorial's grid, and the
// arguments in the order of the PTX's .param list (Triton's trailing global
// and profile scratch pointers passed as null: the script refuses kernels
// that need scratch memory).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "runtime.h"
#include "spec.h"

namespace ls::gpu {

struct TritonCopySpec {
  std::string load, store;  // Gluon text (the layout gl.load / gl.store uses)
  Shape tile, shape;
  std::vector<int64_t> in_strides, out_strides;
  int bits = 32, num_warps = 4, cc = 90;
};

struct TritonKernel {
  std::string cubin, name, version;
  int num_warps = 4, shared = 0;
  Grid grid;
  // per .param: "in", "out", "i32", "i64" or "null", with the integer's value
  std::vector<std::pair<std::string, int64_t>> args;
  std::map<std::string, int64_t> ptx_per_thread;  // Triton's PTX, counted
};

// Runs the script; throws ls::Error with its one line when Python, Triton
// or the compile is missing.
TritonKernel compile_triton_copy(const TritonCopySpec& s);

}  // namespace ls::gpu
