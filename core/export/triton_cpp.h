// The `triton-cpp` export: the C++ expression that builds the same layout
// with Triton's LinearLayout class, written as Triton's unit tests write it,
//   LinearLayout({{S("register"), {{0, 1}, ...}}, ...}, {S("dim0"), S("dim1")})
// (S(name) being the test's StringAttr helper). A layout that is not
// surjective names its out-dim sizes, {{S("dim0"), 64}, ...}, with
// requireSurjective = false, since Triton cannot infer them.
#pragma once

#include <string>

#include "../linear_layout.h"

namespace ls {

// `title` becomes a leading // comment line.
std::string triton_cpp(const LinearLayout& l, const std::string& title);

}  // namespace ls
