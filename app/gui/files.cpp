#include "files.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <ctime>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "error.h"
#include "export/export.h"
#include "io/text.h"

#ifndef LAYOUTSCOPE_SOURCE_ASSETS
#define LAYOUTSCOPE_SOURCE_ASSETS ""
#endif

namespace fs = std::filesystem;

namespace lsgui {

std::vector<Preset> load_presets(const std::string& dir) {
  std::vector<Preset> out;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() != ".json") continue;
    try {
      auto j = nlohmann::json::parse(read_file(it->path().string()));
      out.push_back({j.value("name", it->path().stem().string()), j.value("description", ""), it->path().string()});
    } catch (const std::exception&) {
    }
  }
  std::sort(out.begin(), out.end(), [](const Preset& a, const Preset& b) { return a.name < b.name; });
  return out;
}

std::vector<Lesson> load_lessons(const std::string& path, std::string& error) {
  std::vector<Lesson> out;
  try {
    auto j = nlohmann::json::parse(read_file(path));
    for (const auto& l : j.at("lessons"))
      out.push_back({l.at("title"), l.at("preset"), l.value("view", "grid"), l.value("color_by", ""), l.at("caption"),
                     l.value("level", -1)});
  } catch (const std::exception& e) {
    error = path + ": " + e.what();
    out.clear();
  }
  return out;
}

std::string presets_dir(const std::string& exe) {
  std::vector<fs::path> tries;
  if (const char* e = std::getenv("LAYOUTSCOPE_ASSETS")) tries.push_back(fs::path(e) / "presets");
  if (*LAYOUTSCOPE_SOURCE_ASSETS) tries.push_back(fs::path(LAYOUTSCOPE_SOURCE_ASSETS) / "presets");
  fs::path bin = fs::path(exe).parent_path();
  tries.push_back(bin / "assets" / "presets");
  tries.push_back(bin / ".." / "share" / "layoutscope" / "presets");
  std::error_code ec;
  for (const auto& p : tries)
    if (fs::is_directory(p, ec)) return p.string();
  return "";
}

std::string config_dir() {
  fs::path p;
  if (const char* e = std::getenv("LAYOUTSCOPE_CONFIG_DIR")) p = e;
  else if (const char* x = std::getenv("XDG_CONFIG_HOME"); x && *x) p = fs::path(x) / "layoutscope";
  else if (const char* h = std::getenv("HOME"); h && *h) p = fs::path(h) / ".config" / "layoutscope";
  else return "";
  std::error_code ec;
  fs::create_directories(p, ec);
  return fs::is_directory(p, ec) ? p.string() : "";
}

void write_atomic(const std::string& path, const std::string& data) { ls::write_file_atomic(path, data); }

int remove_stale_temporaries(const std::string& dir, const std::vector<std::string>& names, double age_s) {
  std::error_code ec;
  int removed = 0;
  const auto now = fs::file_time_type::clock::now();
  for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    const fs::directory_entry& e = *it;
    std::string f = e.path().filename().string();
    bool ours = false;  // write_file_atomic's ".NAME.tmp-XXXXXX"
    for (const auto& n : names) {
      std::string prefix = "." + n + ".tmp-";
      ours = ours || (f.size() == prefix.size() + 6 && f.rfind(prefix, 0) == 0);
    }
    std::error_code fe;
    if (!ours || !e.is_regular_file(fe)) continue;
    auto t = fs::last_write_time(e.path(), fe);
    if (fe || std::chrono::duration<double>(now - t).count() < age_s) continue;
    if (fs::remove(e.path(), fe)) ++removed;
  }
  return removed;
}

std::string font_file() {
  std::error_code ec;
  if (const char* f = std::getenv("LAYOUTSCOPE_FONT"); f && fs::is_regular_file(f, ec)) return f;
  for (const char* f : {"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/TTF/DejaVuSans.ttf"})
    if (fs::is_regular_file(f, ec)) return f;
  return "";
}

std::string read_file(const std::string& path) {
  std::error_code ec;
  auto st = fs::status(path, ec);
  if (ec || !fs::exists(st)) ls::fail(path + ": cannot open the file (" + (ec ? ec.message() : "No such file or directory") + ")");
  ls::require(fs::is_regular_file(st), path + ": not a regular file");
  ls::require(fs::file_size(path, ec) <= (16u << 20), path + ": file is larger than 16 MiB");
  errno = 0;
  std::ifstream f(path, std::ios::binary);
  if (!f.good()) ls::fail(path + ": cannot open the file (" + std::strerror(errno ? errno : EACCES) + ")");
  std::ostringstream s;
  s << f.rdbuf();
  ls::require(!f.bad(), path + ": reading failed");
  return s.str();
}

std::string session_text(const Doc& a, const Doc& b) {
  nlohmann::json j;
  j["version"] = 1;
  auto put = [&](const char* key, const Doc& d) {
    if (d.grid) j[key] = ls::print_json(d.grid->layout);
    j[std::string(key) + "_format"] = static_cast<int>(d.format);
  };
  put("a", a);
  put("b", b);
  j["triton"] = ls::triton_version_name(a.triton);
  j["target"] = "sm_" + std::to_string(a.sm);
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string restore_session(const std::string& text, Doc& a, Doc& b) {
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object()) return "not a JSON object";
  if (!j.contains("version") || !j["version"].is_number_integer() || j["version"].get<int64_t>() != 1)
    return "not a version 1 session";
  std::string problems;
  if (j.contains("triton")) {  // before the layouts: they are lowered by its rules
    if (j["triton"] == "3.6" || j["triton"] == "3.9") {
      auto v = ls::parse_triton_version(j["triton"].get<std::string>());
      set_triton(a, v), set_triton(b, v);
    } else
      problems = "triton is not \"3.6\" or \"3.9\"";
  }
  if (j.contains("target")) {
    if (j["target"] == "sm_80" || j["target"] == "sm_90" || j["target"] == "sm_100") {
      int32_t sm = std::stoi(j["target"].get<std::string>().substr(3));
      set_target(a, sm), set_target(b, sm);
    } else
      problems += std::string(problems.empty() ? "" : "; ") + "target is not \"sm_80\", \"sm_90\" or \"sm_100\"";
  }
  auto get = [&](const char* key, Doc& d) {
    std::string fkey = std::string(key) + "_format";
    if (j.contains(fkey)) {
      int64_t f = j[fkey].is_number_integer() ? j[fkey].get<int64_t>() : -1;
      if (f >= 0 && f <= 2) d.format = static_cast<TextFormat>(f);
      else problems += std::string(problems.empty() ? "" : "; ") + fkey + " is not 0, 1 or 2";
    }
    if (!j.contains(key)) return;
    if (!j[key].is_string()) {
      problems += std::string(problems.empty() ? "" : "; ") + key + " is not a layout string";
      return;
    }
    try {
      load(d, ls::parse_layout(j[key].get<std::string>()));
    } catch (const std::exception& e) {
      problems += std::string(problems.empty() ? "" : "; ") + "layout " + key + ": " + e.what();
    }
  };
  get("a", a);
  get("b", b);
  return problems;
}

std::string restore_session_file(const std::string& path, Doc& a, Doc& b) {
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(path, ec))) return "";
  std::string why;
  try {
    why = restore_session(read_file(path), a, b);
  } catch (const std::exception& e) {
    why = e.what();
  }
  if (why.empty()) return "";
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  localtime_r(&now, &tm);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
  std::string aside = path + ".broken-" + stamp;
  for (int i = 1; fs::exists(fs::symlink_status(aside, ec)); ++i) aside = path + ".broken-" + stamp + "-" + std::to_string(i);
  fs::rename(path, aside, ec);
  if (ec) return "the session " + path + " could not be restored (" + why + ") nor moved aside (" + ec.message() + ")";
  return "the session could not be restored (" + why + "); it was kept as " + aside;
}

void add_recent(std::vector<std::string>& recent, const std::string& path) {
  std::error_code ec;
  fs::path abs = fs::absolute(path, ec);
  std::string p = ec ? path : abs.lexically_normal().string();
  recent.erase(std::remove(recent.begin(), recent.end(), p), recent.end());
  recent.insert(recent.begin(), p);
  if (recent.size() > 10) recent.resize(10);
}

std::vector<DirEntry> list_dir(const std::string& dir) {
  std::vector<DirEntry> out;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (name.empty() || name[0] == '.') continue;
    std::error_code e2;
    bool is_dir = it->is_directory(e2);
    std::string ext = it->path().extension().string();
    if (is_dir || ext == ".json" || ext == ".mlir" || ext == ".ttgir" || ext == ".py" || ext == ".txt")
      out.push_back({name, is_dir});
  }
  std::sort(out.begin(), out.end(), [](const DirEntry& a, const DirEntry& b) {
    return a.is_dir != b.is_dir ? a.is_dir : a.name < b.name;
  });
  out.insert(out.begin(), {"..", true});
  return out;
}

}  // namespace lsgui
