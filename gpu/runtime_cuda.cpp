#include <cuda_runtime.h>
#include <nvrtc.h>

#include <map>
#include <mutex>

#include "error.h"
#include "runtime.h"

namespace ls::gpu {
namespace {

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    cudaGetLastError();  // clear a sticky-free error so later calls can go on
    fail(std::string("gpu: ") + what + ": " + cudaGetErrorString(e));
  }
}

std::mutex g_mutex;  // guards the kernel cache

}  // namespace

Buffer::Buffer(size_t bytes) : n_(bytes) {
  current_device();
  check(cudaMalloc(&p_, bytes), ("allocating " + std::to_string(bytes) + " bytes").c_str());
}
Buffer::~Buffer() {
  if (p_) cudaFree(p_);
}
void Buffer::upload(const void* host, size_t bytes) { check(cudaMemcpy(p_, host, bytes, cudaMemcpyHostToDevice), "upload"); }
void Buffer::download(void* host, size_t bytes) const {
  check(cudaMemcpy(host, p_, bytes, cudaMemcpyDeviceToHost), "download");
}
void Buffer::fill_bytes(int value) { check(cudaMemset(p_, value, n_), "memset"); }

const DeviceInfo& current_device() {
  static const Devices d = list_devices();
  require(!d.devices.empty(), "gpu: " + d.error);
  return d.devices[0];
}

namespace {

// NVRTC's output for `source`: PTX or, with `cubin`, the cubin.
std::string nvrtc(const std::string& source, const std::string& name, int sm, bool cubin) {
  nvrtcProgram prog;
  if (nvrtcCreateProgram(&prog, source.c_str(), "layoutscope.cu", 0, nullptr, nullptr) != NVRTC_SUCCESS)
    fail("gpu: NVRTC could not create a program");
  std::string arch = "--gpu-architecture=sm_" + std::to_string(sm) + (sm >= 90 ? "a" : "");
  const char* opts[] = {arch.c_str(), "--std=c++17", "-default-device"};
  nvrtcResult r = nvrtcCompileProgram(prog, 3, opts);
  if (r != NVRTC_SUCCESS) {
    size_t n = 0;
    nvrtcGetProgramLogSize(prog, &n);
    std::string log(n, '\0');
    nvrtcGetProgramLog(prog, log.data());
    nvrtcDestroyProgram(&prog);
    for (char& c : log)
      if (c == '\n') c = ' ';
    fail("gpu: NVRTC failed to compile " + name + ": " + log.substr(0, 400));
  }
  size_t n = 0;
  std::string out;
  if (cubin) {
    nvrtcGetCUBINSize(prog, &n);
    out.assign(n, '\0');
    nvrtcGetCUBIN(prog, out.data());
  } else {
    nvrtcGetPTXSize(prog, &n);
    out.assign(n, '\0');
    nvrtcGetPTX(prog, out.data());
    out.resize(out.find('\0') == std::string::npos ? out.size() : out.find('\0'));
  }
  nvrtcDestroyProgram(&prog);
  return out;
}

Kernel from_cubin(const std::string& cubin, const std::string& name) {
  cudaLibrary_t lib;
  check(cudaLibraryLoadData(&lib, cubin.data(), nullptr, nullptr, 0, nullptr, nullptr, 0), "loading a compiled kernel");
  cudaKernel_t kern;
  check(cudaLibraryGetKernel(&kern, lib, name.c_str()), ("finding kernel " + name).c_str());
  return Kernel{reinterpret_cast<const void*>(kern)};
}

}  // namespace

std::string compile_ptx(const std::string& source, int sm) { return nvrtc(source, "the kernel", sm, false); }

Kernel load_cubin(const std::string& cubin, const std::string& name) {
  current_device();
  return from_cubin(cubin, name);
}

Kernel compile(const std::string& source, const std::string& name) {
  std::lock_guard<std::mutex> lock(g_mutex);
  static std::map<std::pair<std::string, std::string>, Kernel> cache;
  auto key = std::pair{source, name};
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  const DeviceInfo& dev = current_device();
  Kernel k = from_cubin(nvrtc(source, name, dev.major * 10 + dev.minor, true), name);
  cache[key] = k;
  return k;
}

void launch(Kernel k, Grid grid, int threads, int smem_bytes, std::vector<void*> args) {
  require(grid.x > 0 && grid.x < (int64_t{1} << 31) && grid.y > 0 && grid.y < 65536,
          "gpu: grid of " + std::to_string(grid.x) + "x" + std::to_string(grid.y) + " CTAs is out of range");
  if (smem_bytes > 48 * 1024)
    check(cudaFuncSetAttribute(k.fn, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_bytes), "shared memory size");
  check(cudaLaunchKernel(k.fn, dim3(static_cast<unsigned>(grid.x), static_cast<unsigned>(grid.y)), dim3(threads),
                         args.data(), smem_bytes, nullptr),
        "kernel launch");
  check(cudaGetLastError(), "kernel launch");
}

std::vector<float> time_launches(Kernel k, Grid grid, int threads, int smem_bytes, std::vector<void*> args,
                                 int warmup, int reps) {
  for (int i = 0; i < warmup; ++i) launch(k, grid, threads, smem_bytes, args);
  check(cudaDeviceSynchronize(), "warm-up");
  std::vector<cudaEvent_t> ev(2 * reps);
  for (auto& e : ev) check(cudaEventCreate(&e), "event");
  for (int i = 0; i < reps; ++i) {
    cudaEventRecord(ev[2 * i]);
    launch(k, grid, threads, smem_bytes, args);
    cudaEventRecord(ev[2 * i + 1]);
  }
  check(cudaDeviceSynchronize(), "timed launches");
  std::vector<float> ms(reps);
  for (int i = 0; i < reps; ++i) cudaEventElapsedTime(&ms[i], ev[2 * i], ev[2 * i + 1]);
  for (auto& e : ev) cudaEventDestroy(e);
  return ms;
}

std::vector<float> time_memcpy(void* dst, const void* src, size_t bytes, int warmup, int reps) {
  for (int i = 0; i < warmup; ++i) check(cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToDevice), "cudaMemcpy");
  std::vector<cudaEvent_t> ev(2 * reps);
  for (auto& e : ev) check(cudaEventCreate(&e), "event");
  for (int i = 0; i < reps; ++i) {
    cudaEventRecord(ev[2 * i]);
    cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice);
    cudaEventRecord(ev[2 * i + 1]);
  }
  check(cudaDeviceSynchronize(), "timed cudaMemcpy");
  std::vector<float> ms(reps);
  for (int i = 0; i < reps; ++i) cudaEventElapsedTime(&ms[i], ev[2 * i], ev[2 * i + 1]);
  for (auto& e : ev) cudaEventDestroy(e);
  return ms;
}

void synchronize() { check(cudaDeviceSynchronize(), "synchronize"); }

}  // namespace ls::gpu
