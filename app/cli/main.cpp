// layoutscope-cli: the command-line twin of the explorer. Every answer comes
// from core; the cmd_*.cpp files only read arguments and print.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli.h"
#include "error.h"
#include "io/text.h"

namespace cli {

std::string Args::get(const std::string& o, const std::string& fallback) const {
  auto it = options.find(o);
  return it == options.end() ? fallback : it->second;
}

bool Args::flag(const std::string& f) const { return std::find(flags.begin(), flags.end(), f) != flags.end(); }

std::vector<Command>& registry() {
  static std::vector<Command> commands;
  return commands;
}

ls::Shape parse_shape(const std::string& s) {
  ls::Shape shape;
  std::stringstream in(s);
  std::string part;
  while (std::getline(in, part, 'x')) {
    ls::require(!part.empty() && part.size() <= 12 && part.find_first_not_of("0123456789") == std::string::npos,
                "--shape: '" + s + "' is not a list of sizes like 64x16");
    shape.push_back(std::stoll(part));
  }
  ls::require(!shape.empty(), "--shape: '" + s + "' is not a list of sizes like 64x16");
  return shape;
}

std::string read_all_text(const std::string& arg) {
  std::ostringstream s;
  if (arg == "-") {
    s << std::cin.rdbuf();
    return s.str();
  }
  std::error_code ec;
  if (arg.size() < 4096 && std::filesystem::is_regular_file(arg, ec)) {
    ls::require(std::filesystem::file_size(arg, ec) <= (16u << 20), arg + ": file is larger than 16 MiB");
    std::ifstream f(arg, std::ios::binary);
    ls::require(f.good(), arg + ": cannot read the file");
    s << f.rdbuf();
    return s.str();
  }
  return arg;
}

ls::TritonVersion triton_version(const Args& a) {
  return a.has("--triton") ? ls::parse_triton_version(a.get("--triton")) : ls::kDefaultTriton;
}

std::string with_triton(const std::string& j, ls::TritonVersion v) {
  size_t p = j.find('{');
  if (p == std::string::npos) return j;
  size_t q = j.find_first_not_of(" \t\r\n", p + 1);
  std::string sep = q != std::string::npos && j[q] == '}' ? "" : ", ";
  return j.substr(0, p + 1) + "\"triton\": \"" + ls::triton_version_name(v) + "\"" + sep + j.substr(p + 1);
}

ls::TensorLayout load_layout(const Args& a) {
  ls::require(a.pos.size() == 1, a.pos.empty() ? "missing LAYOUT" : "expected one LAYOUT, got " + std::to_string(a.pos.size()));
  ls::TensorLayout t = ls::parse_layout(read_all_text(a.pos[0]));
  if (a.has("--shape")) t.shape = parse_shape(a.get("--shape"));
  t.triton = triton_version(a);
  return t;
}

std::string json_escape(const std::string& m) {
  std::string s;
  for (unsigned char c : m) {
    if (c == '"' || c == '\\') s += '\\', s += static_cast<char>(c);
    else if (c < 0x20) s += "\\u00" + std::string(1, "0123456789abcdef"[c >> 4]) + "0123456789abcdef"[c & 15];
    else s += static_cast<char>(c);
  }
  return s;
}

}  // namespace cli

namespace {

std::string usage() {
  std::string s = "usage: layoutscope-cli COMMAND ...\n";
  for (auto& c : cli::registry()) s += c.usage;
  s += "LAYOUT is Triton MLIR text, Gluon text, or a path to a JSON (or text) file; '-' reads stdin.\n"
       "Exit codes: 0 ok, 2 bad input.\n";
  return s;
}

int run(int argc, char** argv) {
  if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h") {
    std::cout << usage();
    return argc < 2 ? 2 : 0;
  }
  std::string name = argv[1];
  for (auto& cmd : cli::registry()) {
    if (cmd.name != name) continue;
    cli::Args a;
    for (int i = 2; i < argc; ++i) {
      std::string s = argv[i];
      bool takes_value = std::find(cmd.options.begin(), cmd.options.end(), s) != cmd.options.end();
      if (takes_value) {
        ls::require(i + 1 < argc, s + " needs a value");
        a.options[s] = argv[++i];
      } else if (std::find(cmd.flags.begin(), cmd.flags.end(), s) != cmd.flags.end()) {
        a.flags.push_back(s);
      } else if (s.size() > 2 && s.rfind("--", 0) == 0) {
        ls::fail("unknown option " + s + " for '" + name + "'");
      } else {
        a.pos.push_back(s);
      }
    }
    return cmd.run(a);
  }
  std::string names;
  for (auto& c : cli::registry()) names += (names.empty() ? "" : ", ") + c.name;
  ls::fail("unknown command '" + name + "'; expected one of " + names);
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
}
