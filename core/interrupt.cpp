#include "interrupt.h"

namespace ls {
namespace {
std::atomic<bool> g_interrupt{false};
std::atomic<ProgressFn> g_progress{nullptr};
static_assert(std::atomic<bool>::is_always_lock_free);
}  // namespace

void request_interrupt() { g_interrupt.store(true, std::memory_order_relaxed); }
bool interrupt_requested() { return g_interrupt.load(std::memory_order_relaxed); }
const std::atomic<bool>& interrupt_flag() { return g_interrupt; }
void set_progress(ProgressFn report) { g_progress = report; }

void work_point(const char* what, int64_t done, int64_t total) {
  if (interrupt_requested()) throw Interrupted{};
  if (ProgressFn f = g_progress.load(std::memory_order_relaxed)) f(what, done, total);
}

}  // namespace ls
