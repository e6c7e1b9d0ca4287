// libFuzzer target: the batch-line readers (`bases --batch` and
// `bank-conflicts --batch`) return a case or throw ls::Error, nothing else.
#include <cstddef>
#include <cstdint>
#include <string>

#include "analysis/report_json.h"
#include "error.h"
#include "io/text.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string line(reinterpret_cast<const char*>(data), size);
  try {
    ls::parse_batch_line(line);
  } catch (const ls::Error&) {
  }
  try {
    ls::parse_bank_case(line);
  } catch (const ls::Error&) {
  }
  return 0;
}
