#include "error.h"

#include <algorithm>

namespace ls {

size_t name_distance(const std::string& x, const std::string& y) {
  auto norm = [](const std::string& s) {
    std::string t;
    for (char c : s)
      if (c != '_') t += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return t;
  };
  std::string a = norm(x), b = norm(y);
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] != b[j - 1])});
      diag = up;
    }
  }
  return row[b.size()];
}

std::string did_you_mean(const std::string& given, const std::vector<std::string>& names) {
  std::string best;
  size_t best_d = given.size() / 3 + 2;
  for (const auto& n : names)
    if (size_t d = name_distance(given, n); d < best_d) best_d = d, best = n;
  return best.empty() ? "" : "; did you mean '" + best + "'?";
}

}  // namespace ls
