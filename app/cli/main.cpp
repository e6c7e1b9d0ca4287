// layoutscope-cli: the command-line twin of the explorer. Every answer comes
// from core; the cmd_*.cpp files only read arguments and print. Each command
// declares its usage forms (cli.h); the parser accepts exactly the options
// they list and --help is printed from them.
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <new>
#include <sstream>
#include <thread>

#include "cli.h"
#include "analysis/report_json.h"
#include "error.h"
#include "interrupt.h"
#include "io/text.h"
#include "layout_map.h"

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

int64_t parse_int(const std::string& option, const std::string& s, int64_t lo, int64_t hi) {
  auto bad = [&] {
    ls::fail(option + ": '" + s + "' is not a whole number in " + std::to_string(lo) + ".." + std::to_string(hi));
  };
  int64_t v = 0;
  if (s.size() > 2 && s.rfind("2^", 0) == 0) {  // 2^N
    if (s.size() > 4 || s.find_first_not_of("0123456789", 2) != std::string::npos) bad();
    int n = std::stoi(s.substr(2));
    if (n > 62) bad();
    v = int64_t{1} << n;
  } else {
    if (s.empty() || s.size() > 18 || s.find_first_not_of("0123456789") != std::string::npos) bad();
    v = std::stoll(s);
  }
  if (v < lo || v > hi) bad();
  return v;
}

ls::Shape parse_shape(const std::string& s, const std::string& option) {
  ls::Shape shape;
  std::stringstream in(s);
  std::string part;
  int64_t total = 1;
  while (std::getline(in, part, 'x')) {
    ls::require(!part.empty() && part.size() <= 13 && part.find_first_not_of("0123456789") == std::string::npos,
                option + ": '" + s + "' is not a list of sizes like 64x16");
    int64_t v = std::stoll(part);
    ls::require(v >= 1 && v <= (int64_t{1} << 40), option + ": size " + part + " must be in 1..2^40");
    ls::require(!__builtin_mul_overflow(total, v, &total) && total <= (int64_t{1} << 48),
                option + ": '" + s + "' has more than 2^48 elements");
    shape.push_back(v);
  }
  ls::require(!shape.empty() && s.back() != 'x', option + ": '" + s + "' is not a list of sizes like 64x16");
  ls::require(shape.size() <= 8, option + ": '" + s + "' has " + std::to_string(shape.size()) + " dims; at most 8");
  return shape;
}

namespace {

std::string shape_text(const ls::Shape& s) {
  std::string r;
  for (size_t i = 0; i < s.size(); ++i) r += (i ? "x" : "") + std::to_string(s[i]);
  return r;
}

// Text that names a file rather than being a layout: no layout syntax, and a
// directory part or a file extension.
bool looks_like_path(const std::string& s) {
  if (s.empty() || s.find_first_of(" \t\r\n(){}<>[]#:,=\"'") != std::string::npos) return false;
  if (s.find('/') != std::string::npos) return true;
  auto dot = s.rfind('.');
  if (dot == std::string::npos) return false;
  std::string ext = s.substr(dot + 1);
  for (const char* e : {"json", "jsonl", "mlir", "ttgir", "txt", "py", "layout"})
    if (ext == e) return true;
  return false;
}

}  // namespace

std::string read_file(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  auto st = fs::status(path, ec);
  if (ec || !fs::exists(st)) {
    errno = 0;
    std::ifstream probe(path, std::ios::binary);
    int e = errno ? errno : ENOENT;
    ls::fail(path + ": cannot open the file (" + std::strerror(e) + ")");
  }
  ls::require(!fs::is_directory(st), path + ": is a directory, not a file");
  if (fs::is_regular_file(st))
    ls::require(fs::file_size(path, ec) <= (16u << 20), path + ": file is larger than 16 MiB");
  errno = 0;
  std::ifstream f(path, std::ios::binary);
  if (!f.good()) ls::fail(path + ": cannot open the file (" + std::strerror(errno ? errno : EACCES) + ")");
  std::ostringstream s;
  char buf[65536];
  size_t total = 0;
  while (f.read(buf, sizeof buf) || f.gcount() > 0) {
    total += static_cast<size_t>(f.gcount());
    ls::require(total <= (16u << 20), path + ": file is larger than 16 MiB");
    s.write(buf, f.gcount());
  }
  ls::require(!f.bad(), path + ": reading failed");
  return s.str();
}

std::string read_all_text(const std::string& arg) {
  if (arg == "-") {
    std::ostringstream s;
    s << std::cin.rdbuf();
    ls::require(s.str().size() <= (16u << 20), "stdin: input is larger than 16 MiB");
    return s.str();
  }
  std::error_code ec;
  if (arg.size() < 4096 && std::filesystem::exists(arg, ec)) return read_file(arg);
  if (looks_like_path(arg)) return read_file(arg);  // names the missing file and the OS reason
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
  check_work(a, t);
  return t;
}

void check_work(const Args& a, const ls::TensorLayout& t) {
  if (a.max_elements <= 0) return;
  ls::Shape shape = t.shape.empty() && t.foreign ? t.foreign->shape() : t.shape;
  if (shape.empty()) return;
  const std::string raise = ": use --max-elements";
  const ls::WorkSize w = ls::work_size(t);
  const int64_t n = w.elements;
  ls::require(n <= a.max_elements, "shape " + shape_text(shape) + " has " + ls::power_text(n) + " elements; " + a.command +
                                       " works on at most " + ls::power_text(a.max_elements) + raise);
  const int bits = w.index_bits;
  ls::require(bits < 62 && (int64_t{1} << bits) <= a.max_elements,
              "the layout has 2^" + std::to_string(bits) + " hardware indices (registers x lanes x warps x blocks); " +
                  a.command + " works on at most " + ls::power_text(a.max_elements) + raise);
}

std::string json_escape(const std::string& m) {
  const std::string quoted = ls::json_string(m);  // bytes that are not UTF-8 become U+FFFD
  return quoted.substr(1, quoted.size() - 2);
}

namespace {

const Option kMaxElementsOption{"--max-elements", "N"};

std::string form_line(const Command& c, const Form& f) {
  std::string s = "  " + c.name;
  if (!f.sub.empty()) s += " " + f.sub;
  if (!f.words.empty()) s += " " + f.words;
  std::vector<Option> opts = f.options;
  if (c.max_elements > 0 && !f.options.empty()) opts.push_back(kMaxElementsOption);
  std::string line = s;
  std::string out;
  for (auto& o : opts) {
    std::string w = o.name + (o.value.empty() ? "" : " " + o.value);
    if (!o.required) w = "[" + w + "]";
    if (line.size() + 1 + w.size() > 100) {
      out += line + "\n";
      line = "      ";
    }
    line += " " + w;
  }
  out += line + "\n";
  return out + "      " + f.help + "\n";
}


// The valid names nearest to s: those s abbreviates, else those at the
// smallest edit distance; several are joined with " or ".
std::string nearest(const std::string& s, const std::vector<std::string>& names) {
  std::vector<std::string> best;
  size_t bd = SIZE_MAX;
  for (auto& n : names) {
    size_t d = n.rfind(s, 0) == 0 ? 0 : ls::name_distance(s, n) + 1;
    if (d < bd) bd = d, best.clear();
    if (d == bd) best.push_back(n);
  }
  std::string r;
  for (size_t i = 0; i < best.size() && i < 3; ++i) r += (i ? " or " : "") + best[i];
  return r;
}

}  // namespace

std::string usage(const std::string& name) {
  std::string s;
  for (auto& c : registry())
    if (name.empty() || c.name == name)
      for (auto& f : c.forms) s += form_line(c, f);
  return s;
}

}  // namespace cli

namespace {

std::string usage() {
  std::string s = "usage: layoutscope-cli COMMAND ...   (layoutscope-cli COMMAND --help: one command)\n" + cli::usage();
  s += "LAYOUT is Triton MLIR text, Gluon text, a tilus or CuTe layout, or a path to a JSON (or text) file;\n"
       "'-' reads stdin. N may be written 2^K. Exit codes: 0 ok, 1 a GPU measurement disagrees with the\n"
       "model, 2 bad input, 3 the GPU failed (one line on stderr naming the step), 130 interrupted.\n";
  return s;
}

int run(int argc, char** argv) {
  if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h") {
    std::cout << usage();
    return argc < 2 ? 2 : 0;
  }
  std::string name = argv[1];
  std::vector<std::string> names;
  for (auto& cmd : cli::registry()) names.push_back(cmd.name);
  for (auto& cmd : cli::registry()) {
    if (cmd.name != name) continue;
    cli::Args a;
    a.command = name;
    a.max_elements = cmd.max_elements;
    // the forms in play: those of the subcommand when the command has them
    std::vector<std::string> subs;
    for (auto& f : cmd.forms)
      if (!f.sub.empty() && std::find(subs.begin(), subs.end(), f.sub) == subs.end()) subs.push_back(f.sub);
    std::string sub;
    if (!subs.empty()) {
      std::string first = argc > 2 ? argv[2] : "";
      if (first == "--help" || first == "-h") {
        std::cout << cli::usage(name);
        return 0;
      }
      std::string list;
      for (auto& x : subs) list += (list.empty() ? "" : ", ") + x;
      ls::require(!first.empty(), name + ": expected a subcommand: " + list);
      if (std::find(subs.begin(), subs.end(), first) == subs.end())
        ls::fail(name + ": unknown subcommand '" + first + "'; did you mean '" + cli::nearest(first, subs) +
                 "'? (expected one of " + list + ")");
      sub = first;
    }
    std::vector<const cli::Option*> allowed;
    for (auto& f : cmd.forms)
      if (f.sub == sub)
        for (auto& o : f.options) allowed.push_back(&o);
    if (cmd.max_elements > 0) allowed.push_back(&cli::kMaxElementsOption);
    std::vector<std::string> allowed_names;
    for (auto* o : allowed) allowed_names.push_back(o->name);
    std::string where = sub.empty() ? name : name + " " + sub;
    for (int i = 2; i < argc; ++i) {
      std::string s = argv[i];
      if (s == "--help" || s == "-h") {
        std::cout << cli::usage(name);
        return 0;
      }
      auto it = std::find_if(allowed.begin(), allowed.end(), [&](const cli::Option* o) { return o->name == s; });
      if (it != allowed.end()) {
        if ((*it)->value.empty()) {
          a.flags.push_back(s);
        } else {
          ls::require(i + 1 < argc, s + " needs a value (" + (*it)->value + ")");
          ls::require(!a.has(s), s + " is given twice");
          a.options[s] = argv[++i];
        }
      } else if (s.size() > 1 && s[0] == '-' && s != "-") {
        ls::fail("unknown option " + s + " for '" + where + "'" +
                 (allowed_names.empty() ? "; it takes no options"
                                        : "; did you mean " + cli::nearest(s, allowed_names) + "? (" + where +
                                              " --help lists them)"));
      } else {
        a.pos.push_back(s);
      }
    }
    if (a.has("--max-elements")) a.max_elements = cli::parse_int("--max-elements", a.get("--max-elements"), 1, int64_t{1} << 40);
    return cmd.run(a);
  }
  std::string list;
  for (auto& n : names) list += (list.empty() ? "" : ", ") + n;
  ls::fail("unknown command '" + name + "'; did you mean '" + cli::nearest(name, names) + "'? (expected one of " + list +
           ")");
}

}  // namespace

// Long work shows its progress on a terminal and stops on Ctrl-C. A monitor
// thread draws one line on stderr (when it is a terminal) after half a
// second, ten times a second: the command, the step work_point last reported
// and the time. Ctrl-C makes the work stop at its next step: exit 130, one
// line, nothing written. Work with no step to stop at is ended by the monitor
// kGraceMs after the Ctrl-C, the same way (an atomic write in flight leaves at
// most its temporary). A second Ctrl-C ends the program at once.
namespace {

using Clock = std::chrono::steady_clock;
constexpr int kGraceMs = 2000;
constexpr char kInterrupted[] = "error: interrupted; nothing was written\n";

std::mutex g_line_mutex;  // the progress line, and the end of it
bool g_progress_shown = false, g_progress_over = false;
bool g_interrupt_said = false;  // the one "interrupted" line is out (main or monitor)
std::atomic<const char*> g_what{nullptr};
std::atomic<int64_t> g_done{0}, g_total{0};

void on_sigint(int) {
  ls::request_interrupt();
  ::signal(SIGINT, SIG_DFL);
}

void record_progress(const char* what, int64_t done, int64_t total) {
  g_done = done, g_total = total;
  g_what = what;
}

// A pthread with no heap state: nothing for LeakSanitizer to find at exit.
const char* g_command = "";
bool g_tty = false;

void* monitor(void*) {
  const Clock::time_point start = Clock::now();
  for (;;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    if (ls::interrupt_requested()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(kGraceMs));
      std::lock_guard<std::mutex> lock(g_line_mutex);
      if (g_interrupt_said) return nullptr;  // the work stopped and said so: its exit is under way
      std::string line = (g_progress_shown ? "\r\033[K" : "") + std::string(kInterrupted);
      [[maybe_unused]] ssize_t n = ::write(2, line.data(), line.size());
      _exit(130);
    }
    double t = std::chrono::duration<double>(Clock::now() - start).count();
    if (!g_tty || t < 0.5) continue;
    std::lock_guard<std::mutex> lock(g_line_mutex);
    if (g_progress_over) continue;
    char step[160] = "working";
    if (const char* what = g_what.load()) {
      int64_t done = g_done, total = g_total;
      std::snprintf(step, sizeof step, "%s %lld of %lld (%d%%)", what, static_cast<long long>(done),
                    static_cast<long long>(total), total > 0 ? static_cast<int>(100 * done / total) : 0);
    }
    std::fprintf(stderr, "\r%s: %s, %.1f s\033[K", g_command, step, t);
    std::fflush(stderr);
    g_progress_shown = true;
  }
}

}  // namespace

void cli::end_progress() {
  std::lock_guard<std::mutex> lock(g_line_mutex);
  if (g_progress_shown) std::fputs("\r\033[K", stderr);
  g_progress_shown = false;
  g_progress_over = true;
}

namespace {

int guarded(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const ls::Interrupted&) {
    std::lock_guard<std::mutex> lock(g_line_mutex);
    std::string line = (g_progress_shown ? "\r\033[K" : "") + std::string(kInterrupted);
    [[maybe_unused]] ssize_t n = ::write(2, line.data(), line.size());
    g_progress_shown = false, g_progress_over = true, g_interrupt_said = true;
    return 130;
  } catch (const ls::Error& e) {
    cli::end_progress();
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  } catch (const std::bad_alloc&) {
    cli::end_progress();
    std::cerr << "error: out of memory; lower --max-elements or the shape\n";
    return 2;
  } catch (const std::exception& e) {
    // not a message written for users: say so rather than pass it on bare
    cli::end_progress();
    std::cerr << "error: internal error (" << e.what() << "); please report the command\n";
    return 2;
  }
}

}  // namespace

int main(int argc, char** argv) {
  struct sigaction sa {};
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  ::sigaction(SIGINT, &sa, nullptr);
  ls::set_progress(record_progress);
  g_command = argc > 1 ? argv[1] : "";
  g_tty = ::isatty(2) != 0;
  pthread_t t;
  if (pthread_create(&t, nullptr, monitor, nullptr) == 0) pthread_detach(t);
  int rc = guarded(argc, argv);
  cli::end_progress();
  return rc;
}
