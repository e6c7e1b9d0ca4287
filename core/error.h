// One error type for everything core rejects: a one-line message that names
// the field and the rule it breaks.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace ls {

struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] inline void fail(const std::string& msg) { throw Error(msg); }
inline void require(bool ok, const std::string& msg) {
  if (!ok) fail(msg);
}
// A literal message becomes a string only when the check fails.
inline void require(bool ok, const char* msg) {
  if (!ok) fail(msg);
}

// Edit distance of two names, ignoring case and '_' (size_per_thread ~ sizePerThread).
size_t name_distance(const std::string& a, const std::string& b);
// "; did you mean 'X'?" for the name in `names` nearest to `given`, when it
// is near enough to be a typo (distance <= len/3 + 1); else "".
std::string did_you_mean(const std::string& given, const std::vector<std::string>& names);

}  // namespace ls
