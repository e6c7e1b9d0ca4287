#include <nlohmann/json.hpp>

#include "../error.h"
#include "text.h"

namespace ls {

TensorLayout parse_batch_line(const std::string& line) {
  nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
  require(!j.is_discarded() && j.is_object(), "batch line is not a JSON object");
  require(j.contains("layout") && j["layout"].is_string(), "batch line: \"layout\" must be a string");
  TensorLayout t = parse_layout(j["layout"].get<std::string>());
  if (j.contains("shape")) {
    require(j["shape"].is_array(), "batch line: \"shape\" must be a list of sizes");
    Shape s;
    for (auto& v : j["shape"]) {
      require(v.is_number_integer(), "batch line: \"shape\" entries must be integers");
      s.push_back(v.get<int64_t>());
    }
    t.shape = s;
  }
  return t;
}

}  // namespace ls
