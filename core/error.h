// One error type for everything core rejects: a one-line message that names
// the field and the rule it breaks.
#pragma once

#include <stdexcept>
#include <string>

namespace ls {

struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] inline void fail(const std::string& msg) { throw Error(msg); }
inline void require(bool ok, const std::string& msg) {
  if (!ok) fail(msg);
}

}  // namespace ls
