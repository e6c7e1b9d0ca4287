// Picks the reader for a layout text: JSON for '{'; tilus for a tilus layout
// function (`local(`, `spatial(`, `register_layout(`, ...); CuTe for a
// shape:stride literal, `Swizzle<` or a CuTe / Mojo function; Gluon for any
// other Python call (`Name(` or `a.b.Name(`, optionally after `name =`);
// MLIR otherwise.
#include "../cute/cute_layout.h"
#include "../error.h"
#include "../tilus/tilus_layout.h"
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

// Offset of the first byte that is not part of valid UTF-8, or npos.
size_t invalid_utf8(const std::string& text) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  size_t n = text.size();
  for (size_t i = 0; i < n;) {
    unsigned char c = s[i];
    size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (len == 0 || i + len > n || (len == 2 && c < 0xc2)) return i;
    for (size_t k = 1; k < len; ++k)
      if ((s[i + k] & 0xc0) != 0x80) return i;
    if ((len == 3 && c == 0xe0 && s[i + 1] < 0xa0) || (len == 4 && (c > 0xf4 || (c == 0xf0 && s[i + 1] < 0x90))))
      return i;
    i += len;
  }
  return std::string::npos;
}

}  // namespace

TensorLayout parse_layout(const std::string& text) {
  size_t bad = invalid_utf8(text);
  if (bad != std::string::npos) {
    size_t line = 1, col = 1;
    for (size_t i = 0; i < bad; ++i) text[i] == '\n' ? (++line, col = 1) : ++col;
    const char* hex = "0123456789ABCDEF";
    unsigned char b = static_cast<unsigned char>(text[bad]);
    fail("line " + std::to_string(line) + ", column " + std::to_string(col) + ": byte 0x" + hex[b >> 4] + hex[b & 15] +
         " is not valid UTF-8");
  }
  size_t p = text.find_first_not_of(" \t\r\n");
  if (p == std::string::npos) fail("empty layout text");
  if (text[p] == '{') return parse_json(text);
  if (tilus::looks_like_tilus(text)) return parse_tilus(text);
  if (cute::looks_like_cute(text)) return parse_cute(text);
  if (python_call(text, p, true)) return parse_gluon(text);
  return parse_mlir(text);
}

}  // namespace ls
