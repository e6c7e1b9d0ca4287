#include "device.h"

namespace ls::gpu {

bool built_with_cuda() { return false; }
Devices list_devices() { return {{}, "built without CUDA"}; }

}  // namespace ls::gpu
