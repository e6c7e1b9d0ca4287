// layoutscope-cli: the command-line twin of the explorer. Every answer comes
// from core; this file only reads arguments and prints.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "device.h"
#include "error.h"
#include "io/text.h"
#include "layout_map.h"
#include "views.h"

namespace {

constexpr const char* kUsage =
    "usage: layoutscope-cli COMMAND ...\n"
    "  bases LAYOUT [--shape 64x16]        the layout's bases as JSON\n"
    "  bases --batch FILE                  one {\"layout\": ..., \"shape\": [..]} per line -> one result per line\n"
    "  show LAYOUT [--shape S] [--view tensor|hw]   the grid as text\n"
    "  convert LAYOUT [--shape S] --to mlir|gluon|json\n"
    "  gpu info                            the CUDA devices this build sees\n"
    "LAYOUT is Triton MLIR text, Gluon text, or a path to a JSON (or text) file; '-' reads stdin.\n"
    "Exit codes: 0 ok, 2 bad input.\n";

struct Args {
  std::vector<std::string> pos;
  std::string shape, view = "tensor", to, batch;
  bool has_shape = false;
};

Args parse_args(int argc, char** argv) {
  Args a;
  for (int i = 2; i < argc; ++i) {
    std::string s = argv[i];
    auto value = [&](const std::string& flag) {
      ls::require(i + 1 < argc, flag + " needs a value");
      return std::string(argv[++i]);
    };
    if (s == "--shape") a.shape = value(s), a.has_shape = true;
    else if (s == "--view") a.view = value(s);
    else if (s == "--to") a.to = value(s);
    else if (s == "--batch") a.batch = value(s);
    else if (s.size() > 2 && s.rfind("--", 0) == 0) ls::fail("unknown option " + s);
    else a.pos.push_back(s);
  }
  return a;
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

std::string read_all(std::istream& in) {
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string layout_text(const std::string& arg) {
  if (arg == "-") return read_all(std::cin);
  std::error_code ec;
  if (arg.size() < 4096 && std::filesystem::is_regular_file(arg, ec)) {
    ls::require(std::filesystem::file_size(arg, ec) <= (16u << 20), arg + ": file is larger than 16 MiB");
    std::ifstream f(arg, std::ios::binary);
    ls::require(f.good(), arg + ": cannot read the file");
    return read_all(f);
  }
  return arg;
}

ls::TensorLayout load(const Args& a) {
  ls::require(a.pos.size() == 1, a.pos.empty() ? "missing LAYOUT" : "expected one LAYOUT, got " + std::to_string(a.pos.size()));
  ls::TensorLayout t = ls::parse_layout(layout_text(a.pos[0]));
  if (a.has_shape) t.shape = parse_shape(a.shape);
  return t;
}

std::string ints_json(const std::vector<int32_t>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

std::string bases_json(const ls::TensorLayout& t) {
  ls::require(t.spec != nullptr, "layout is missing");
  ls::require(!t.shape.empty(), "the layout carries no shape; give one with --shape (e.g. --shape 64x16)");
  ls::LinearLayout l = ls::to_linear(*t.spec, t.shape);
  std::string s = "{\"shape\": [";
  for (size_t i = 0; i < t.shape.size(); ++i) s += (i ? ", " : "") + std::to_string(t.shape[i]);
  s += "], \"bases\": {";
  std::vector<std::string> dims = ls::is_shared(*t.spec) ? std::vector<std::string>{"offset", "block"}
                                                         : std::vector<std::string>{"register", "lane", "warp", "block"};
  for (size_t d = 0; d < dims.size(); ++d) {
    s += (d ? ", \"" : "\"") + dims[d] + "\": [";
    const auto& b = l.bases(dims[d]);
    for (size_t i = 0; i < b.size(); ++i) s += (i ? ", " : "") + ints_json(b[i]);
    s += "]";
  }
  return s + "}}";
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

// One JSON object per input line; a bad line answers {"error": ...}.
int batch(const std::string& path) {
  std::ifstream f(path);
  ls::require(f.good(), path + ": cannot read the batch file");
  std::string line;
  while (std::getline(f, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    try {
      ls::TensorLayout t = ls::parse_batch_line(line);
      std::cout << bases_json(t) << "\n";
    } catch (const std::exception& e) {
      std::cout << "{\"error\": \"" << json_escape(e.what()) << "\"}\n";
    }
  }
  return 0;
}

int run(int argc, char** argv) {
  if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h") {
    std::cout << kUsage;
    return argc < 2 ? 2 : 0;
  }
  std::string cmd = argv[1];
  Args a = parse_args(argc, argv);
  if (cmd == "bases") {
    if (!a.batch.empty()) return batch(a.batch);
    std::cout << bases_json(load(a)) << "\n";
  } else if (cmd == "show") {
    ls::TensorLayout t = load(a);
    auto map = ls::make_map(t);
    ls::require(a.view == "tensor" || a.view == "hw", "--view must be tensor or hw, not '" + a.view + "'");
    std::cout << (a.view == "tensor" ? ls::tensor_view(*map) : ls::hw_view(*map));
  } else if (cmd == "convert") {
    ls::TensorLayout t = load(a);
    ls::validate(*t.spec);
    if (!t.shape.empty()) ls::to_linear(*t.spec, t.shape);
    if (a.to == "mlir") std::cout << ls::print_mlir(t) << "\n";
    else if (a.to == "gluon") std::cout << ls::print_gluon(*t.spec) << "\n";
    else if (a.to == "json") std::cout << ls::print_json(t) << "\n";
    else ls::fail("--to must be mlir, gluon or json");
  } else if (cmd == "gpu") {
    ls::require(a.pos.size() == 1 && a.pos[0] == "info", "gpu: the only subcommand so far is 'gpu info'");
    auto d = ls::gpu::list_devices();
    std::cout << "{\"built_with_cuda\": " << (ls::gpu::built_with_cuda() ? "true" : "false") << ", \"devices\": [";
    for (size_t i = 0; i < d.devices.size(); ++i) {
      auto& v = d.devices[i];
      std::cout << (i ? ", " : "") << "{\"name\": \"" << json_escape(v.name) << "\", \"cc\": \"" << v.major << "."
                << v.minor << "\", \"sms\": " << v.sm_count << ", \"global_mem_bytes\": " << v.global_mem_bytes
                << ", \"shared_mem_per_block\": " << v.shared_mem_per_block << "}";
    }
    std::cout << "], \"error\": \"" << json_escape(d.error) << "\"}\n";
  } else {
    ls::fail("unknown command '" + cmd + "'; expected bases, show, convert or gpu");
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const ls::Error& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  }
}
