#include "cpp_text.h"

#include <cctype>
#include <sstream>

#include "../error.h"

namespace ls {
namespace {

const char* const kKeywords[] = {
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch",
    "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept", "const", "consteval", "constexpr",
    "constinit", "const_cast", "continue", "co_await", "co_return", "co_yield", "decltype", "default", "delete",
    "do", "double", "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float", "for",
    "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
    "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast",
    "requires", "return", "short", "signed", "sizeof", "static", "static_assert", "static_cast", "struct",
    "switch", "template", "this", "thread_local", "throw", "true", "try", "typedef", "typeid", "typename",
    "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq"};

std::vector<std::string> parts(const std::string& ns) {
  std::vector<std::string> r;
  size_t at = 0;
  while (true) {
    size_t next = ns.find("::", at);
    r.push_back(ns.substr(at, next == std::string::npos ? std::string::npos : next - at));
    if (next == std::string::npos) return r;
    at = next + 2;
  }
}

}  // namespace

void check_cpp_namespace(const std::string& ns) {
  std::string rule = "--namespace: '" + ns + "' must be a C++ name like layout or my::layouts";
  require(!ns.empty() && ns.size() <= 200, rule);
  for (const std::string& p : parts(ns)) {
    require(!p.empty() && (std::isalpha(static_cast<unsigned char>(p[0])) || p[0] == '_'), rule);
    for (char c : p) require(std::isalnum(static_cast<unsigned char>(c)) || c == '_', rule);
    for (const char* k : kKeywords) require(p != k, "--namespace: '" + p + "' is a C++ keyword");
  }
}

std::string open_namespace(const std::string& ns) {
  std::string s;
  for (const std::string& p : parts(ns)) s += "namespace " + p + " {\n";
  return s;
}

std::string close_namespace(const std::string& ns) {
  auto ps = parts(ns);
  std::string s;
  for (size_t i = ps.size(); i-- > 0;) s += "}  // namespace " + ps[i] + "\n";
  return s;
}

std::string brace_list(const std::vector<int64_t>& v) {
  std::string s = "{";
  for (size_t i = 0; i < v.size(); ++i) {
    s += i ? ", " : "";
    s += std::to_string(v[i]);
  }
  return s + "}";
}

std::string wrapped_list(const std::vector<int64_t>& v, size_t per_line, const std::string& indent) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) {
    if (i % per_line == 0) s += indent;
    s += std::to_string(v[i]);
    s += i + 1 < v.size() ? (i % per_line + 1 == per_line ? ",\n" : ", ") : "\n";
  }
  return s;
}

std::string cpp_comment(const std::string& text) {
  std::string s = "// ";
  for (char c : text) {
    if (c == '\n') s += "\n// ";
    else if (c != '\r' && c != '\\') s += c;
  }
  return s + "\n";
}

}  // namespace ls
