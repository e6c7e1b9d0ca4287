// libFuzzer target: the GUI's session reader (app/gui/files.cpp) restores
// what it can from any bytes or throws ls::Error; never crashes.
#include <cstddef>
#include <cstdint>
#include <string>

#include "error.h"
#include "files.h"
#include "model.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  lsgui::Doc a, b;
  try {
    lsgui::restore_session(std::string(reinterpret_cast<const char*>(data), size), a, b);
  } catch (const ls::Error&) {
  }
  return 0;
}
