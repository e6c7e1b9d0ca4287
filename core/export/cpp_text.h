// Small pieces shared by the code exporters: C++ namespace names checked
// against the identifier rules, integer lists written as C++ braces, and
// comment lines.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ls {

// `a` or `a::b::c`, each part an identifier that is not a C++ keyword;
// throws ls::Error naming --namespace otherwise.
void check_cpp_namespace(const std::string& ns);
// "namespace a {\nnamespace b {\n" and the matching closing lines.
std::string open_namespace(const std::string& ns);
std::string close_namespace(const std::string& ns);
// {1, 2, 3}
std::string brace_list(const std::vector<int64_t>& v);
// One row per line, `per_line` values each, indented by `indent`.
std::string wrapped_list(const std::vector<int64_t>& v, size_t per_line, const std::string& indent);
// Each line of `text` as a `// ` line; drops '\r' and '\\' (a trailing
// backslash would continue the comment).
std::string cpp_comment(const std::string& text);

}  // namespace ls
