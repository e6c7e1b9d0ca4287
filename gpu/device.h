// What the GPU runner can tell about the machine. Without the CUDA toolkit
// at build time every query answers that the build has no CUDA. An injected
// fault (fault.h) shows here: no_device lists none, shared_memory reports no
// shared memory, and without a real device the others list a simulated one.
#pragma once

#include <string>
#include <vector>

namespace ls::gpu {

struct DeviceInfo {
  std::string name;
  int major = 0, minor = 0;  // compute capability
  int sm_count = 0;
  long long global_mem_bytes = 0;
  int shared_mem_per_block = 0;
  int warp_size = 0;
  int shared_mem_optin = 0;  // the most a kernel may ask for (cudaFuncSetAttribute)
  bool simulated = false;    // stands in for a missing device under LAYOUTSCOPE_GPU_FAULT (fault.h)
};

struct Devices {
  std::vector<DeviceInfo> devices;
  std::string error;  // why there are none: "built without CUDA", a driver error
};

bool built_with_cuda();
Devices list_devices();

}  // namespace ls::gpu
