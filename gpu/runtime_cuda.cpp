#include <cuda_runtime.h>
#include <nvrtc.h>

#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <thread>

#include "error.h"
#include "runtime.h"

namespace ls::gpu {
namespace {

std::mutex g_cache_mutex;  // guards the kernel cache
std::mutex g_mutex;        // guards the state below
std::string g_lost;        // why the device is unusable (a fault or a timeout), empty while it is fine
std::string g_last;        // the last kernel launched: its failures surface at later calls
bool g_pending = false;    // simulated device: the injected fault/timeout kernel was "launched"

std::string last_kernel() {
  std::lock_guard<std::mutex> lock(g_mutex);
  return g_last.empty() ? std::string("the kernels") : g_last;
}

// Errors after which the CUDA context cannot be used again.
bool sticky(cudaError_t e) {
  switch (e) {
    case cudaErrorIllegalAddress: case cudaErrorLaunchFailure: case cudaErrorHardwareStackError:
    case cudaErrorIllegalInstruction: case cudaErrorMisalignedAddress: case cudaErrorInvalidAddressSpace:
    case cudaErrorInvalidPc: case cudaErrorAssert: case cudaErrorLaunchTimeout:
      return true;
    default:
      return false;
  }
}

void lose(const std::string& why) {
  std::lock_guard<std::mutex> lock(g_mutex);
  if (g_lost.empty()) g_lost = why;
}

[[noreturn]] void fail_lost(const std::string& step, const std::string& reason) {
  lose(step + ": " + reason);
  fail_gpu(step, reason + "; the GPU cannot be used again until layoutscope restarts");
}

// A sticky error is a kernel's fault, whichever later call reports it.
void check(cudaError_t e, const std::string& step, Fault injected = Fault::none) {
  if (e == cudaSuccess) return;
  cudaGetLastError();  // clear a non-sticky error so later calls can go on
  if (sticky(e)) fail_lost("running " + last_kernel(), cudaGetErrorString(e) + injected_note(Fault::fault));
  fail_gpu(step, cudaGetErrorString(e) + injected_note(injected));
}

// Fails when an earlier fault or timeout left the device unusable.
void usable(const std::string& step) {
  std::lock_guard<std::mutex> lock(g_mutex);
  if (!g_lost.empty())
    fail_gpu(step, "the GPU is unusable after an earlier failure (" + g_lost + "); restart layoutscope");
}

bool simulated() { return current_device().simulated; }

std::string timeout_text() {
  char b[32];
  std::snprintf(b, sizeof b, "%g", kernel_timeout_s());
  return std::string("did not finish within ") + b + " s (LAYOUTSCOPE_GPU_TIMEOUT)";
}

// Waits for everything launched, polling so that a hung kernel ends the
// wait after kernel_timeout_s().
void wait() {
  usable("waiting for " + last_kernel());
  if (simulated()) {
    bool pending;
    {
      std::lock_guard<std::mutex> lock(g_mutex);
      pending = g_pending;
      g_pending = false;
    }
    if (!pending) return;
    Fault f = injected_fault();
    if (f == Fault::fault) fail_lost("running " + last_kernel(), "an illegal memory access was encountered" + injected_note(f));
    fail_lost("running " + last_kernel(), timeout_text() + injected_note(f));
  }
  cudaEvent_t ev;
  check(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming), "waiting for " + last_kernel());
  check(cudaEventRecord(ev), "waiting for " + last_kernel());
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(kernel_timeout_s());
  for (;;) {
    cudaError_t e = cudaEventQuery(ev);
    if (e == cudaSuccess) break;
    if (e != cudaErrorNotReady) check(e, "running " + last_kernel());
    if (std::chrono::steady_clock::now() > deadline)  // the event stays: destroying it could wait
      fail_lost("running " + last_kernel(), timeout_text() + injected_note(Fault::timeout));
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  cudaEventDestroy(ev);
}

// On a real device the injected fault and timeout are real kernels: one
// writes to an unmapped address, one spins (for minutes at most).
constexpr const char* kInjectSource = R"(
extern "C" __global__ void ls_injected_fault() { *(volatile int*)(unsigned long long)(0x10) = 1; }
extern "C" __global__ void ls_injected_spin(long long cycles) {
  long long t0 = clock64();
  while (clock64() - t0 < cycles) {}
}
)";

}  // namespace

Buffer::Buffer(size_t bytes) : n_(bytes) {
  std::string step = "allocating " + std::to_string(bytes) + " bytes of device memory";
  const DeviceInfo& dev = current_device();
  usable(step);
  if (injected_fault() == Fault::oom) {
    if (dev.simulated) fail_gpu(step, "out of memory" + injected_note(Fault::oom));
    void* p = nullptr;  // more than any device has
    check(cudaMalloc(&p, size_t{1} << 50), step, Fault::oom);
    cudaFree(p);
    fail_gpu(step, "a 2^50-byte allocation succeeded; the oom fault was not provoked");
  }
  if (dev.simulated) return;
  check(cudaMalloc(&p_, bytes), step);
}
Buffer::~Buffer() {
  std::lock_guard<std::mutex> lock(g_mutex);
  if (p_ && g_lost.empty()) cudaFree(p_);  // after a hang cudaFree would wait for it
}
void Buffer::upload(const void* host, size_t bytes) {
  wait();
  if (!simulated()) check(cudaMemcpy(p_, host, bytes, cudaMemcpyHostToDevice), "copying to the device");
}
void Buffer::download(void* host, size_t bytes) const {
  wait();
  if (simulated())
    fail_gpu("reading results", "the simulated device" + injected_note(injected_fault()) +
                                    " has none: the job finished without reaching the injected fault");
  check(cudaMemcpy(host, p_, bytes, cudaMemcpyDeviceToHost), "copying from the device");
}
void Buffer::fill_bytes(int value) {
  usable("clearing device memory");
  if (!simulated()) check(cudaMemset(p_, value, n_), "clearing device memory");
}

const DeviceInfo& current_device() {
  static const Devices d = list_devices();
  if (d.devices.empty()) fail_gpu("finding a device", d.error);
  return d.devices[0];
}

namespace {

// NVRTC's output for `source` (for error messages `step`): PTX or, with `cubin`, the cubin.
std::string nvrtc(const std::string& source, const std::string& step, int sm, bool cubin) {
  nvrtcProgram prog;
  if (nvrtcCreateProgram(&prog, source.c_str(), "layoutscope.cu", 0, nullptr, nullptr) != NVRTC_SUCCESS)
    fail_gpu(step, "NVRTC could not create a program");
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
    fail_gpu(step, "NVRTC failed: " + log.substr(0, 400));
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
  check(cudaLibraryLoadData(&lib, cubin.data(), nullptr, nullptr, 0, nullptr, nullptr, 0), "loading " + name);
  cudaKernel_t kern;
  check(cudaLibraryGetKernel(&kern, lib, name.c_str()), "finding kernel " + name);
  Kernel k{reinterpret_cast<const void*>(kern), name};
  cudaFuncAttributes attr{};
  check(cudaFuncGetAttributes(&attr, k.fn), "reading the resources of " + name);
  k.registers = attr.numRegs;
  k.local_bytes = static_cast<int>(attr.localSizeBytes);
  return k;
}

}  // namespace

std::string compile_ptx(const std::string& source, int sm) { return nvrtc(source, "compiling the kernel", sm, false); }

Kernel load_cubin(const std::string& cubin, const std::string& name) {
  const DeviceInfo& dev = current_device();
  usable("loading " + name);
  if (dev.simulated) return Kernel{nullptr, name, 0, 0};
  return from_cubin(cubin, name);
}

Kernel compile(const std::string& source, const std::string& name) {
  const DeviceInfo& dev = current_device();
  std::string step = "compiling " + name;
  usable(step);
  if (dev.simulated) return Kernel{nullptr, name, 0, 0};
  std::lock_guard<std::mutex> lock(g_cache_mutex);
  static std::map<std::pair<std::string, std::string>, Kernel> cache;
  auto key = std::pair{source, name};
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  Kernel k = from_cubin(nvrtc(source, step, dev.major * 10 + dev.minor, true), name);
  cache[key] = k;
  return k;
}

void launch(Kernel k, Grid grid, int threads, int smem_bytes, std::vector<void*> args) {
  require(grid.x > 0 && grid.x < (int64_t{1} << 31) && grid.y > 0 && grid.y < 65536,
          "gpu: grid of " + std::to_string(grid.x) + "x" + std::to_string(grid.y) + " CTAs is out of range");
  const DeviceInfo& dev = current_device();
  std::string step = "launching " + k.name;
  usable(step);
  if (smem_bytes > dev.shared_mem_optin)
    fail_gpu(step, "the kernel needs " + std::to_string(smem_bytes) + " bytes of shared memory per CTA; the device offers " +
                       std::to_string(dev.shared_mem_optin) + injected_note(Fault::shared_memory));
  Fault f = injected_fault();
  if (f == Fault::launch && dev.simulated) fail_gpu(step, "invalid argument" + injected_note(f));  // as the H200 answers
  auto launched = [&] {
    std::lock_guard<std::mutex> lock(g_mutex);
    g_last = k.name;
  };
  if (f == Fault::fault || f == Fault::timeout) {  // the job's first kernel fails, and is waited for at once
    if (dev.simulated) {
      std::lock_guard<std::mutex> lock(g_mutex);
      g_pending = true;
    } else {  // replaced by one that really faults or spins
      Kernel bad = compile(kInjectSource, f == Fault::fault ? "ls_injected_fault" : "ls_injected_spin");
      long long cycles = 1LL << 40;
      void* spin_args[] = {&cycles};
      check(cudaLaunchKernel(bad.fn, dim3(1), dim3(1), f == Fault::fault ? nullptr : spin_args, 0, nullptr), step);
    }
    launched();
    wait();
  }
  if (dev.simulated) return launched();
  if (smem_bytes > 48 * 1024)
    check(cudaFuncSetAttribute(k.fn, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_bytes), step);
  // an injected launch fault asks for more threads per CTA than any device has
  check(cudaLaunchKernel(k.fn, dim3(static_cast<unsigned>(grid.x), static_cast<unsigned>(grid.y)),
                         dim3(f == Fault::launch ? 4096 : threads), args.data(), smem_bytes, nullptr),
        step, Fault::launch);
  check(cudaGetLastError(), step, Fault::launch);
  launched();
}

std::vector<float> time_launches(Kernel k, Grid grid, int threads, int smem_bytes, std::vector<void*> args,
                                 int warmup, int reps) {
  for (int i = 0; i < warmup; ++i) launch(k, grid, threads, smem_bytes, args);
  wait();
  if (simulated()) return std::vector<float>(reps, 0.f);
  std::vector<cudaEvent_t> ev(2 * reps);
  for (auto& e : ev) check(cudaEventCreate(&e), "creating an event");
  for (int i = 0; i < reps; ++i) {
    cudaEventRecord(ev[2 * i]);
    launch(k, grid, threads, smem_bytes, args);
    cudaEventRecord(ev[2 * i + 1]);
  }
  wait();
  std::vector<float> ms(reps);
  for (int i = 0; i < reps; ++i) cudaEventElapsedTime(&ms[i], ev[2 * i], ev[2 * i + 1]);
  for (auto& e : ev) cudaEventDestroy(e);
  return ms;
}

std::vector<float> time_memcpy(void* dst, const void* src, size_t bytes, int warmup, int reps) {
  wait();
  if (simulated()) return std::vector<float>(reps, 0.f);
  for (int i = 0; i < warmup; ++i) check(cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToDevice), "cudaMemcpy");
  std::vector<cudaEvent_t> ev(2 * reps);
  for (auto& e : ev) check(cudaEventCreate(&e), "creating an event");
  for (int i = 0; i < reps; ++i) {
    cudaEventRecord(ev[2 * i]);
    cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice);
    cudaEventRecord(ev[2 * i + 1]);
  }
  wait();
  std::vector<float> ms(reps);
  for (int i = 0; i < reps; ++i) cudaEventElapsedTime(&ms[i], ev[2 * i], ev[2 * i + 1]);
  for (auto& e : ev) cudaEventDestroy(e);
  return ms;
}

void synchronize() { wait(); }

}  // namespace ls::gpu
