// libFuzzer target: parse_mlir on any bytes either returns a layout or throws
// ls::Error; any other exception, crash or sanitizer report is a bug.
#include <cstddef>
#include <cstdint>
#include <string>

#include "error.h"
#include "io/text.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    ls::parse_mlir(std::string(reinterpret_cast<const char*>(data), size));
  } catch (const ls::Error&) {
  }
  return 0;
}
