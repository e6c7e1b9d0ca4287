// What the GPU runner can tell about the machine. Without the CUDA toolkit
// at build time every query answers that the build has no CUDA.
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
};

struct Devices {
  std::vector<DeviceInfo> devices;
  std::string error;  // why there are none: "built without CUDA", a driver error
};

bool built_with_cuda();
Devices list_devices();

}  // namespace ls::gpu
