#include "triton_cpp.h"

namespace ls {

std::string triton_cpp(const LinearLayout& l, const std::string& title) {
  std::string s;
  for (size_t at = 0; at <= title.size();) {
    size_t nl = title.find('\n', at);
    if (nl == std::string::npos) nl = title.size();
    s += "// " + title.substr(at, nl - at) + "\n";
    at = nl + 1;
  }
  s += "LinearLayout(\n    {\n";
  for (auto& d : l.ins()) {
    s += "        {S(\"" + d.name + "\"), {";
    for (size_t i = 0; i < d.bases.size(); ++i) {
      s += i ? ", {" : "{";
      for (size_t k = 0; k < d.bases[i].size(); ++k) s += (k ? ", " : "") + std::to_string(d.bases[i][k]);
      s += "}";
    }
    s += "}},\n";
  }
  s += "    },\n    {";
  bool inferred = l.is_surjective();
  for (size_t k = 0; k < l.outs().size(); ++k) {
    const auto& o = l.outs()[k];
    s += k ? ", " : "";
    s += inferred ? "S(\"" + o.name + "\")" : "{S(\"" + o.name + "\"), " + std::to_string(int64_t{1} << o.log2) + "}";
  }
  s += inferred ? "})\n" : "},\n    /*requireSurjective=*/false)\n";
  return s;
}

}  // namespace ls
