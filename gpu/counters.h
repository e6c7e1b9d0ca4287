// Hardware counters read by the program itself through CUPTI's range
// profiler (one range per kernel launch). Where the toolkit has no
// cupti_range_profiler.h, or the counters cannot be read (no CUPTI library,
// no permission), measure() says why in `error` and returns no values.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace ls::gpu {

struct CounterValues {
  std::map<std::string, double> values;     // metric -> value over the launch
  std::vector<std::string> unsupported;     // metrics this device does not know
  std::string error;                        // why nothing was read; empty on success
};

// Runs `launch` (one kernel launch, replayed as often as the metrics need)
// under the profiler and returns the metrics' values.
CounterValues measure(const std::vector<std::string>& metrics, const std::function<void()>& launch);

}  // namespace ls::gpu
