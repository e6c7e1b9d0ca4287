#include "counters.h"

namespace ls::gpu {

CounterValues measure(const std::vector<std::string>&, const std::function<void()>&) {
  return {{}, {}, "hardware counters: this build has no CUPTI range profiler"};
}

}  // namespace ls::gpu
