// The GPU runtime as the rest of gpu/ sees it: device memory, NVRTC-compiled
// kernels (cached by source) and event timing. No CUDA types cross this
// header; runtime_cuda.cpp implements it with the CUDA runtime and NVRTC,
// runtime_stub.cpp answers "built without CUDA". Every failure of the GPU
// (no device, too little shared memory, out of memory, a compile error, a
// refused launch, a kernel that faults or outlives LAYOUTSCOPE_GPU_TIMEOUT)
// throws gpu::Failure naming the step (fault.h). After a fault or a timeout
// the device is unusable: every later call fails saying so.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "device.h"
#include "fault.h"

namespace ls::gpu {

// Device memory, freed with the object.
class Buffer {
public:
  explicit Buffer(size_t bytes);
  ~Buffer();
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  void* get() const { return p_; }
  size_t bytes() const { return n_; }
  void upload(const void* host, size_t bytes);
  void download(void* host, size_t bytes) const;
  void fill_bytes(int value);

private:
  void* p_ = nullptr;
  size_t n_ = 0;
};

struct Kernel {
  const void* fn = nullptr;  // a CUDA kernel handle
  std::string name;
  int registers = 0;    // per thread, as ptxas allotted them (0: not known, e.g. simulated)
  int local_bytes = 0;  // local memory per thread (spills)
};

// A launch grid: x (fastest in dispatch order) and y CTAs.
struct Grid {
  int64_t x = 1, y = 1;
  Grid(int64_t x_ = 1, int64_t y_ = 1) : x(x_), y(y_) {}
};

// The device in use (the first one), or throws with the reason.
const DeviceInfo& current_device();
// Compiles `source` with NVRTC for the device and returns `name`; compiled
// modules are cached by source text.
Kernel compile(const std::string& source, const std::string& name);
// A kernel from a cubin compiled elsewhere (Triton's), by its name.
Kernel load_cubin(const std::string& cubin, const std::string& name);
// NVRTC's PTX for `source` and sm_<sm>a (no device needed).
std::string compile_ptx(const std::string& source, int sm);
// args: pointers to each argument's value.
void launch(Kernel k, Grid grid, int threads, int smem_bytes, std::vector<void*> args);
// Milliseconds of each of `reps` launches (after `warmup` untimed ones).
std::vector<float> time_launches(Kernel k, Grid grid, int threads, int smem_bytes, std::vector<void*> args,
                                 int warmup, int reps);
// Milliseconds of each of `reps` device-to-device cudaMemcpy calls.
std::vector<float> time_memcpy(void* dst, const void* src, size_t bytes, int warmup, int reps);
// Waits for the launched work, at most LAYOUTSCOPE_GPU_TIMEOUT seconds.
void synchronize();

}  // namespace ls::gpu
