#include <nlohmann/json.hpp>

#include "../error.h"
#include "batch.h"
#include "text.h"

namespace ls {

TensorLayout parse_batch_line(const std::string& line) {
  nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
  require(!j.is_discarded() && j.is_object(), "batch line is not a JSON object");
  require(j.contains("layout") && j["layout"].is_string(), "batch line: \"layout\" must be a string");
  TensorLayout t = parse_layout(j["layout"].get<std::string>());
  if (j.contains("shape")) t.shape = io::batch_shape(j["shape"]);
  return t;
}

Shape io::batch_shape(const nlohmann::json& shape) {
  require(shape.is_array(), "batch line: \"shape\" must be a list of sizes");
  Shape s;
  for (auto& v : shape) {
    require(v.is_number_integer(), "batch line: \"shape\" entries must be integers");
    s.push_back(v.get<int64_t>());
  }
  return s;
}

}  // namespace ls
