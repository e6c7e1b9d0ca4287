// Shared pieces of layoutscope-cli: the parsed arguments, layout loading and
// the command registry. Each cmd_*.cpp registers its commands with
// `static const Registration r{...}`; main() dispatches by name.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "spec.h"

namespace cli {

struct Args {
  std::vector<std::string> pos;                // positional arguments after the command
  std::map<std::string, std::string> options;  // --name value
  std::vector<std::string> flags;              // --name (no value)
  bool has(const std::string& o) const { return options.count(o) > 0; }
  bool flag(const std::string& f) const;
  std::string get(const std::string& o, const std::string& fallback = "") const;
};

struct Command {
  std::string name;
  std::string usage;                             // one or more lines for --help
  std::vector<std::string> options;              // options taking a value, e.g. "--shape"
  std::function<int(const Args&)> run;
  std::vector<std::string> flags = {};           // options without a value, e.g. "--table"
};

std::vector<Command>& registry();
struct Registration {
  explicit Registration(Command c) { registry().push_back(std::move(c)); }
};

ls::Shape parse_shape(const std::string& s);
std::string read_all_text(const std::string& path_or_dash);
// --triton 3.6|3.9 (default 3.9): whose answers a command gives.
ls::TritonVersion triton_version(const Args& a);
// `{"triton": "3.9", ...}`: a JSON object report with the version first.
std::string with_triton(const std::string& json_object, ls::TritonVersion v);
// LAYOUT (text, file or '-') from the first positional argument; --shape
// overrides the shape the text carries; --triton sets the version.
ls::TensorLayout load_layout(const Args& a);
std::string json_escape(const std::string& s);

}  // namespace cli
