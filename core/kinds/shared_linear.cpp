#include "shared_linear.h"

#include "../error.h"

namespace ls {

size_t rank_of(const SharedLinear& s) {
  if (!s.offset.empty()) return s.offset.front().size();
  return s.block.empty() ? 0 : s.block.front().size();
}

void validate(const SharedLinear& s) {
  size_t rank = rank_of(s);
  require(!s.offset.empty() && rank >= 1, "shared_linear: offset bases must not be empty");
  check_bases("shared_linear: offset", s.offset, rank);
  check_bases("shared_linear: block", s.block, rank);
  check_pow2("shared_linear: alignment", s.alignment);
}

LinearLayout shared_bases_lower(const std::string& kind, const Bases& offset, const Bases& block, const Shape& shape) {
  LinearLayout l = LinearLayout::infer_outs({{"offset", offset}, {"block", block}}, dim_names(shape.size()));
  for (size_t i = 0; i < shape.size(); ++i)
    require(l.outs()[i].log2 < 63 && (int64_t{1} << l.outs()[i].log2) == shape[i],
            kind + ": the bases cover " + std::to_string(int64_t{1} << l.outs()[i].log2) + " along dim" +
                std::to_string(i) + "; the tensor has " + std::to_string(shape[i]) + " (shared bases are not fitted)");
  return l;
}

LinearLayout lower(const SharedLinear& s, const Shape& shape) { return shared_bases_lower("shared_linear", s.offset, s.block, shape); }

}  // namespace ls
