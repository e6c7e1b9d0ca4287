#include <cuda_runtime.h>

#include "device.h"

namespace ls::gpu {

bool built_with_cuda() { return true; }

Devices list_devices() {
  Devices r;
  int n = 0;
  cudaError_t err = cudaGetDeviceCount(&n);
  if (err != cudaSuccess) {
    r.error = std::string("no usable CUDA device (") + cudaGetErrorString(err) + ")";
    return r;
  }
  for (int i = 0; i < n; ++i) {
    cudaDeviceProp p{};
    if (cudaGetDeviceProperties(&p, i) != cudaSuccess) continue;
    r.devices.push_back({p.name, p.major, p.minor, p.multiProcessorCount, static_cast<long long>(p.totalGlobalMem),
                         static_cast<int>(p.sharedMemPerBlock), p.warpSize});
  }
  if (r.devices.empty()) r.error = "no CUDA device found";
  return r;
}

}  // namespace ls::gpu
