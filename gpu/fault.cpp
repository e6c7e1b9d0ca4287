#include "fault.h"

#include <cstdlib>
#include <cstring>

namespace ls::gpu {
namespace {

constexpr const char* kNames[] = {"", "no_device", "shared_memory", "oom", "launch", "fault", "timeout"};

Fault parse_fault() {
  const char* v = std::getenv("LAYOUTSCOPE_GPU_FAULT");
  if (!v || !*v) return Fault::none;
  for (int i = 1; i < 7; ++i)
    if (std::strcmp(v, kNames[i]) == 0) return static_cast<Fault>(i);
  fail("LAYOUTSCOPE_GPU_FAULT: '" + std::string(v).substr(0, 40) +
       "' must be no_device, shared_memory, oom, launch, fault or timeout");
}

}  // namespace

Fault injected_fault() {
  static const Fault f = parse_fault();
  return f;
}

std::string injected_note(Fault f) {
  if (f == Fault::none || injected_fault() != f) return "";
  return std::string(" (injected: LAYOUTSCOPE_GPU_FAULT=") + kNames[static_cast<int>(f)] + ")";
}

double kernel_timeout_s() {
  static const double t = [] {
    const char* v = std::getenv("LAYOUTSCOPE_GPU_TIMEOUT");
    if (!v || !*v) return 60.0;
    char* end = nullptr;
    double s = std::strtod(v, &end);
    require(end && *end == '\0' && s > 0 && s <= 86400,
            "LAYOUTSCOPE_GPU_TIMEOUT: '" + std::string(v).substr(0, 40) + "' must be seconds in (0, 86400]");
    return s;
  }();
  return t;
}

void fail_gpu(const std::string& step, const std::string& reason) { throw Failure("gpu: " + step + ": " + reason); }

}  // namespace ls::gpu
