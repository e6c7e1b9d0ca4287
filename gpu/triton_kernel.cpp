#include "triton_kernel.h"

#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "error.h"
#include <nlohmann/json.hpp>

namespace ls::gpu {
namespace fs = std::filesystem;
namespace {

// scripts/triton_kernel.py of the source tree: env LAYOUTSCOPE_TRITON_SCRIPT,
// else beside the executable's build folder (build/bin/ -> ../../scripts).
std::string script_path() {
  if (const char* e = std::getenv("LAYOUTSCOPE_TRITON_SCRIPT")) return e;
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  for (fs::path d = exe.parent_path(); !ec && d.has_relative_path(); d = d.parent_path())
    if (fs::exists(d / "scripts" / "triton_kernel.py")) return (d / "scripts" / "triton_kernel.py").string();
  fail("gpu copy --triton-kernel: scripts/triton_kernel.py not found; set LAYOUTSCOPE_TRITON_SCRIPT");
}

std::string shell_quoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string slurp(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream o;
  o << f.rdbuf();
  return o.str();
}

}  // namespace

TritonKernel compile_triton_copy(const TritonCopySpec& s) {
  std::string script = script_path();
  const char* py = std::getenv("LAYOUTSCOPE_PYTHON");
  std::string python = py && *py ? py : "python3";
  char tmpl[] = "/tmp/layoutscope-triton-XXXXXX";
  require(::mkdtemp(tmpl) != nullptr, "gpu copy --triton-kernel: cannot create a temporary folder");
  fs::path dir = tmpl;
  nlohmann::json j = {{"load", s.load},           {"store", s.store},           {"tile", s.tile},
                      {"shape", s.shape},         {"in_strides", s.in_strides}, {"out_strides", s.out_strides},
                      {"bits", s.bits},           {"num_warps", s.num_warps},   {"cc", s.cc}};
  std::ofstream(dir / "spec.json") << j.dump();
  std::string cmd = shell_quoted(python) + " " + shell_quoted(script) + " " + shell_quoted((dir / "spec.json").string()) + " > " +
                    shell_quoted((dir / "out.json").string()) + " 2> " + shell_quoted((dir / "err.txt").string());
  int rc = std::system(cmd.c_str());
  std::string err = slurp(dir / "err.txt"), out = slurp(dir / "out.json");
  TritonKernel k;
  if (rc == 0) {
    auto r = nlohmann::json::parse(out, nullptr, false);
    if (!r.is_discarded()) {
      k.cubin = slurp(r.at("cubin").get<std::string>());
      k.name = r.at("name");
      k.version = r.at("triton");
      k.num_warps = r.at("num_warps");
      k.shared = r.at("shared");
      k.grid = Grid(r.at("grid")[0].get<int64_t>(), r.at("grid")[1].get<int64_t>());
      for (auto& a : r.at("args")) {
        auto [key, value] = *a.items().begin();
        if (key == "ptr") k.args.push_back({value.get<std::string>(), 0});
        else k.args.push_back({key, value.get<int64_t>()});
      }
      for (auto& [m, n] : r.at("ptx_per_thread").items()) k.ptx_per_thread[m] = n.get<int64_t>();
    }
  }
  fs::remove_all(dir);
  if (k.cubin.empty()) {
    // the script's own line when it gave one (its last), else the shell's
    std::string line;
    std::istringstream e(err);
    for (std::string l; std::getline(e, l);)
      if (!l.empty() && l.find("Warning") == std::string::npos) line = l;
    if (line.find("gpu copy --triton-kernel:") == std::string::npos)
      line = "gpu copy --triton-kernel: " + python + " could not run " + script + (line.empty() ? "" : ": " + line);
    fail(line);
  }
  return k;
}

}  // namespace ls::gpu
