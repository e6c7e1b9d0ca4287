// Interruptible long work. Loops that can run for seconds (ranking swizzle
// candidates, tables over millions of elements, batches) call work_point
// at each step: once request_interrupt() has been called (the CLI's SIGINT
// handler does), it throws ls::Interrupted, so the work stops at the next
// step with nothing half-written; otherwise it hands (what, done, total) to
// the progress reporter, when one is set.
#pragma once

#include <atomic>
#include <cstdint>

namespace ls {

// Deliberately not a std::exception: no handler meant for bad input or a
// failed step swallows it on its way out.
struct Interrupted {};

// Async-signal-safe: only stores to a lock-free atomic.
void request_interrupt();
bool interrupt_requested();
// The flag itself, for work that polls an atomic (the GPU sweep).
const std::atomic<bool>& interrupt_flag();

using ProgressFn = void (*)(const char* what, int64_t done, int64_t total);
void set_progress(ProgressFn report);
void work_point(const char* what, int64_t done, int64_t total);

}  // namespace ls
