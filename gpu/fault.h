// GPU failures and their injection. A failure of the GPU itself (no device,
// too little shared memory, out of memory, a launch refused, a kernel that
// faults or runs past the time limit) is a gpu::Failure: one line, "gpu: STEP:
// REASON"; the CLI exits 3 on it, the GUI shows it and goes on.
// LAYOUTSCOPE_GPU_FAULT=no_device|shared_memory|oom|launch|fault|timeout makes
// the runtime fail at that step: on a real device by a real failing call (a
// huge allocation, an invalid launch, a kernel writing to an unmapped address
// or spinning), without one on a simulated device whose steps before the
// fault do nothing. LAYOUTSCOPE_GPU_TIMEOUT (seconds, default 60) bounds how
// long the runtime waits for a kernel.
#pragma once

#include <string>

#include "error.h"

namespace ls::gpu {

struct Failure : ls::Error {
  using ls::Error::Error;
};

enum class Fault { none, no_device, shared_memory, oom, launch, fault, timeout };

// The injected fault, read once from LAYOUTSCOPE_GPU_FAULT; an unknown value
// throws ls::Error naming the valid ones.
Fault injected_fault();
// " (injected: LAYOUTSCOPE_GPU_FAULT=oom)" when `f` is the injected fault, else "".
std::string injected_note(Fault f);
// Seconds to wait for a kernel before declaring it hung (LAYOUTSCOPE_GPU_TIMEOUT).
double kernel_timeout_s();
[[noreturn]] void fail_gpu(const std::string& step, const std::string& reason);

}  // namespace ls::gpu
