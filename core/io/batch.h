// Private to the batch-line readers: `bases --batch` (batch.cpp) and
// `bank-conflicts --batch` (core/analysis/report_json.cpp).
#pragma once

#include <nlohmann/json_fwd.hpp>

#include "../spec.h"

namespace ls::io {

// A batch line's "shape" entry: a list of integer sizes.
Shape batch_shape(const nlohmann::json& shape);

}  // namespace ls::io
