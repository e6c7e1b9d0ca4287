// libFuzzer target: the kernel inspector on any bytes. inspect_dump promises
// never to throw for bad dump content (what it cannot read is reported), so
// any exception, crash, hang or sanitizer report is a bug; the report must
// also print as JSON and as a table. A first byte '6' reads it as Triton 3.6,
// any other as 3.9.
#include <cstddef>
#include <cstdint>
#include <string>

#include "inspect/inspect.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  ls::inspect::Options opt;
  opt.triton = data[0] == '6' ? "3.6" : "3.9";
  const auto r = ls::inspect::inspect_dump(std::string(reinterpret_cast<const char*>(data) + 1, size - 1), opt);
  (void)ls::inspect::to_json(r);
  (void)ls::inspect::to_table(r);
  return 0;
}
