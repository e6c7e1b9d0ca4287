// Picks the reader for a layout text: JSON for '{', Gluon for a Python call
// (`Name(` or `a.b.Name(`, optionally after `name =`), MLIR otherwise.
#include "../error.h"
#include "text.h"

namespace ls {
namespace {

bool id_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool id_char(char c) { return id_start(c) || (c >= '0' && c <= '9'); }

// Whether `text` from `p` is a dotted name followed by '(' (or by '=' and one).
bool python_call(const std::string& text, size_t p, bool allow_assign) {
  auto skip = [&] {
    while (p < text.size() && (text[p] == ' ' || text[p] == '\t' || text[p] == '\n' || text[p] == '\r')) ++p;
  };
  size_t start = p;
  while (p < text.size() && (id_char(text[p]) || text[p] == '.')) ++p;
  if (p == start || !id_start(text[start])) return false;
  skip();
  if (p < text.size() && text[p] == '(') return true;
  if (allow_assign && p + 1 < text.size() && text[p] == '=' && text[p + 1] != '=') {
    ++p;
    skip();
    return python_call(text, p, false);
  }
  return false;
}

}  // namespace

TensorLayout parse_layout(const std::string& text) {
  size_t p = text.find_first_not_of(" \t\r\n");
  if (p == std::string::npos) fail("empty layout text");
  if (text[p] == '{') return parse_json(text);
  if (python_call(text, p, true)) return parse_gluon(text);
  return parse_mlir(text);
}

}  // namespace ls
