#include <cuda_runtime.h>

#include "device.h"
#include "fault.h"

namespace ls::gpu {

bool built_with_cuda() { return true; }

Devices list_devices() {
  Devices r;
  Fault f = injected_fault();
  kernel_timeout_s();  // a bad LAYOUTSCOPE_GPU_TIMEOUT is refused before any work
  if (f == Fault::no_device) {
    r.error = "no CUDA device" + injected_note(f);
    return r;
  }
  int n = 0;
  cudaError_t err = cudaGetDeviceCount(&n);
  if (err != cudaSuccess) {
    cudaGetLastError();
    r.error = std::string("no CUDA device (") + cudaGetErrorString(err) + ")";
    n = 0;
  }
  for (int i = 0; i < n; ++i) {
    cudaDeviceProp p{};
    if (cudaGetDeviceProperties(&p, i) != cudaSuccess) continue;
    r.devices.push_back({p.name, p.major, p.minor, p.multiProcessorCount, static_cast<long long>(p.totalGlobalMem),
                         static_cast<int>(p.sharedMemPerBlock), p.warpSize, static_cast<int>(p.sharedMemPerBlockOptin)});
  }
  if (r.devices.empty() && r.error.empty()) r.error = "no CUDA device found";
  if (r.devices.empty() && f != Fault::none)  // the steps before the injected fault run on nothing
    r.devices.push_back({"simulated device" + injected_note(f), 9, 0, 132, 80LL << 30, 48 << 10, 32, 227 << 10, true});
  if (f == Fault::shared_memory)
    for (auto& d : r.devices) d.shared_mem_per_block = d.shared_mem_optin = 0;
  return r;
}

}  // namespace ls::gpu
