// The GPU window: the device, and measurements of the layouts being edited
// (copy throughput, the Gluon memcpy sweep, shared-memory wavefronts counted
// next to the model's prediction, MMA/ldmatrix/wgmma fragments read back).
// Every measurement runs on a worker thread; the window polls its results,
// shows progress and can cancel the sweep; the UI never waits on the GPU.
// A failed job (no device, too little shared memory, out of memory, a
// refused launch, a kernel that faults or hangs) leaves its reason in red in
// the window, and the app goes on.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "copy.h"
#include "mma_verify.h"
#include "model.h"
#include "shared_bench.h"

namespace lsgui {

// What a worker publishes; guarded by `mutex`.
struct GpuResults {
  std::mutex mutex;
  std::string running;  // the job in progress, empty when idle
  std::string error;    // the last job's failure
  std::optional<ls::gpu::CopyResult> copy;
  std::vector<ls::gpu::SweepRow> sweep;
  std::vector<ls::gpu::FragmentCheck> fragments;
  std::optional<ls::gpu::SharedMeasurement> shared;
  std::atomic<int> done{0}, total{0};
  std::atomic<bool> cancel{false};
};

struct GpuPanel {
  bool open = false;
  std::string device;  // one line about the device, or why there is none
  bool available = false;
  std::string tensor_shape = "4096x65536";
  int in_view = 0, out_view = 0;  // contiguous, transposed, every-other-row
  int load_instr = 0;             // shared: Triton's, plain or ldmatrix.x4 (.trans)
  bool own_instructions = false;  // copy: layoutscope's own instead of Triton's
  bool triton_kernel = false;     // copy and sweep: Triton's own kernel beside ours
  std::shared_ptr<GpuResults> results = std::make_shared<GpuResults>();
  std::thread worker;
  // A scripted click (actions.h) of a run button: "copy", "sweep", "shared" or
  // "fragments"; cleared by the next frame, which sets click_error when the
  // button could not be pressed (disabled: why).
  std::string click, click_error;
};

// The job running now ("" when idle) and the last job's failure.
std::string gpu_running(const GpuPanel& p);
std::string gpu_error(const GpuPanel& p);

// The window (when open). `a` is the layout being explored, `b` the second
// layout of the side-by-side view (a store layout or a shared layout).
void draw_gpu_window(GpuPanel& p, const Doc& a, const Doc& b);
// Waits for a running job (cancelling a sweep) before the app exits.
void stop_gpu(GpuPanel& p);

}  // namespace lsgui
