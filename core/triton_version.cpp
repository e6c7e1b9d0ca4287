#include "triton_version.h"

#include "error.h"

namespace ls {

TritonVersion parse_triton_version(const std::string& s) {
  if (s == "3.6" || s == "3.6.0") return TritonVersion::v3_6;
  if (s == "3.9" || s == "3.9.0") return TritonVersion::v3_9;
  fail("--triton must be 3.6 or 3.9, not '" + s + "'");
}

std::string triton_version_name(TritonVersion v) { return v == TritonVersion::v3_6 ? "3.6" : "3.9"; }

}  // namespace ls
