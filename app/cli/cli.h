// Shared pieces of layoutscope-cli: the parsed arguments, layout loading and
// the command registry. Each cmd_*.cpp registers its commands with
// `static const Registration r{...}`; main() dispatches by name.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "spec.h"

namespace cli {

struct Args {
  std::string command;                         // the command's name
  int64_t max_elements = 0;                    // the command's bound (raised by --max-elements)
  std::vector<std::string> pos;                // positional arguments after the command
  std::map<std::string, std::string> options;  // --name value
  std::vector<std::string> flags;              // --name (no value)
  bool has(const std::string& o) const { return options.count(o) > 0; }
  bool flag(const std::string& f) const;
  std::string get(const std::string& o, const std::string& fallback = "") const;
};

// One option of a usage form: the parser accepts exactly the options the
// command's forms list, and --help prints them from the same list.
struct Option {
  std::string name;           // "--shape"
  std::string value = "";     // the value as --help shows it, e.g. "64x16"; empty: a flag
  bool required = false;      // shown without [ ]
};

// One usage line: `NAME SUB WORDS OPTIONS`, then what it does.
struct Form {
  std::string sub;            // a subcommand word ("copy" for `gpu copy`), or empty
  std::string words;          // positional arguments as --help shows them, e.g. "LAYOUT"
  std::vector<Option> options;
  std::string help;
};

struct Command {
  std::string name;
  std::vector<Form> forms;
  std::function<int(const Args&)> run;
  // Bound on the elements (or hardware indices) of the tensors it works on;
  // 0: the command has no --max-elements.
  int64_t max_elements = 0;
};

std::vector<Command>& registry();
struct Registration {
  explicit Registration(Command c) { registry().push_back(std::move(c)); }
};

ls::Shape parse_shape(const std::string& s, const std::string& option = "--shape");
// A whole number given to OPTION, in [lo, hi] (one clear line otherwise).
int64_t parse_int(const std::string& option, const std::string& s, int64_t lo, int64_t hi);
// Refuses, before any table is built, a layout whose tensor or hardware
// indices exceed the command's bound (--max-elements raises it).
void check_work(const Args& a, const ls::TensorLayout& t);
// The usage lines of one command (or of all when name is empty).
std::string usage(const std::string& name = "");
std::string read_all_text(const std::string& path_or_dash);
// --triton 3.6|3.9 (default 3.9): whose answers a command gives.
ls::TritonVersion triton_version(const Args& a);
// `{"triton": "3.9", ...}`: a JSON object report with the version first.
std::string with_triton(const std::string& json_object, ls::TritonVersion v);
// A file's bytes (at most 16 MiB); a missing or unreadable file, or a
// directory, fails naming the path and the OS reason.
std::string read_file(const std::string& path);
// LAYOUT (text, file or '-') from the first positional argument; --shape
// overrides the shape the text carries; --triton sets the version.
ls::TensorLayout load_layout(const Args& a);
std::string json_escape(const std::string& s);
// Clears the progress line (shown on a terminal by ls::work_point) before
// anything else is written to stderr.
void end_progress();

}  // namespace cli
