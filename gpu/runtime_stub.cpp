#include "error.h"
#include "runtime.h"

namespace ls::gpu {
namespace {
[[noreturn]] void no_cuda() { fail_gpu("finding a device", "layoutscope was built without CUDA"); }
}  // namespace

Buffer::Buffer(size_t) { no_cuda(); }
Buffer::~Buffer() = default;
void Buffer::upload(const void*, size_t) { no_cuda(); }
void Buffer::download(void*, size_t) const { no_cuda(); }
void Buffer::fill_bytes(int) { no_cuda(); }
const DeviceInfo& current_device() { no_cuda(); }
Kernel compile(const std::string&, const std::string&) { no_cuda(); }
Kernel load_cubin(const std::string&, const std::string&) { no_cuda(); }
std::string compile_ptx(const std::string&, int) { no_cuda(); }
void launch(Kernel, Grid, int, int, std::vector<void*>) { no_cuda(); }
std::vector<float> time_launches(Kernel, Grid, int, int, std::vector<void*>, int, int) { no_cuda(); }
std::vector<float> time_memcpy(void*, const void*, size_t, int, int) { no_cuda(); }
void synchronize() { no_cuda(); }

}  // namespace ls::gpu
