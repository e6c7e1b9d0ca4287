#include "export.h"

#include <algorithm>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>

#include "../error.h"
#include "../io/text.h"
#include "../layout_map.h"
#include "cute.h"
#include "cuda_header.h"
#include "picture.h"
#include "png.h"
#include "svg.h"
#include "tikz.h"
#include "triton_cpp.h"

namespace ls {
namespace {

struct FormatInfo {
  ExportFormat f;
  const char* name;
  const char* ext;
};
constexpr FormatInfo kFormats[] = {
    {ExportFormat::cuda, "cuda", ".h"},   {ExportFormat::triton_cpp, "triton-cpp", ".cpp"},
    {ExportFormat::cute, "cute", ".hpp"}, {ExportFormat::gluon, "gluon", ".py"},
    {ExportFormat::mlir, "mlir", ".mlir"}, {ExportFormat::json, "json", ".json"},
    {ExportFormat::png, "png", ".png"},   {ExportFormat::svg, "svg", ".svg"},
    {ExportFormat::tikz, "tikz", ".tex"}};

const FormatInfo& info(ExportFormat f) {
  for (auto& i : kFormats)
    if (i.f == f) return i;
  fail("unknown export format");
}

const char* const kLabelNames[] = {"auto", "owner", "none"};

// One picture, or two side by side (same cell size in a PNG).
std::string render_picture(const std::vector<Picture>& ps, ExportFormat f, const ExportOptions& o) {
  if (f == ExportFormat::svg) return ps.size() == 1 ? render_svg(ps[0], o.labels) : render_svg_pair(ps[0], ps[1], o.labels);
  if (f == ExportFormat::tikz)
    return ps.size() == 1 ? render_tikz(ps[0], o.labels) : render_tikz_pair(ps[0], ps[1], o.labels);
  int cell = o.cell_px;
  if (!cell) {
    cell = default_cell_px(ps[0]);
    for (auto& p : ps) cell = std::min(cell, default_cell_px(p));
  }
  std::vector<Image> im;
  for (auto& p : ps)
    im.push_back(rasterise(p, cell, !p.labels.empty() && (o.labels == Labels::owner || label_fits(p.max_label, cell))));
  return encode_png(im.size() == 1 ? im[0] : side_by_side(im[0], im[1]));
}

}  // namespace

const std::vector<ExportFormat>& export_formats() {
  static const std::vector<ExportFormat> all = [] {
    std::vector<ExportFormat> v;
    for (auto& i : kFormats) v.push_back(i.f);
    return v;
  }();
  return all;
}

const char* format_name(ExportFormat f) { return info(f).name; }
const char* file_extension(ExportFormat f) { return info(f).ext; }
bool is_binary(ExportFormat f) { return f == ExportFormat::png; }

std::optional<ExportFormat> parse_export_format(const std::string& name) {
  for (auto& i : kFormats)
    if (name == i.name) return i.f;
  return std::nullopt;
}

const char* labels_name(Labels l) { return kLabelNames[static_cast<int>(l)]; }

std::optional<Labels> parse_labels(const std::string& name) {
  for (int i = 0; i < 3; ++i)
    if (name == kLabelNames[i]) return static_cast<Labels>(i);
  return std::nullopt;
}

std::string export_layout(const TensorLayout& t, ExportFormat f, const ExportOptions& o) {
  require(t.spec != nullptr || t.foreign != nullptr, "layout is missing");
  if (t.spec) validate(*t.spec);
  if (f == ExportFormat::json) {
    if (t.spec && !t.shape.empty()) to_linear(*t.spec, t.shape, t.triton);  // the shape must fit the layout
    return print_json(t) + "\n";
  }
  if (f == ExportFormat::gluon || f == ExportFormat::mlir) {
    // Tilus and CuTe layouts leave as the #ttg.linear layout with their F2
    // form (an error names the rule when they have none).
    TensorLayout tt = t.foreign ? to_triton_linear(t) : t;
    if (!tt.shape.empty()) to_linear(*tt.spec, tt.shape, tt.triton);
    return (f == ExportFormat::gluon ? print_gluon(*tt.spec) : print_mlir(tt)) + "\n";
  }
  if (f == ExportFormat::png || f == ExportFormat::svg || f == ExportFormat::tikz)
    return render_picture({export_picture(t, o)}, f, o);
  auto map = make_map(t);
  std::string title = (t.foreign ? t.foreign->family() + " layout " + t.foreign->text() : print_mlir(t)) +
                      " (as Triton " + triton_version_name(t.triton) + " lowers it)";
  require(!map->is_tensor_memory() || (f != ExportFormat::cuda && f != ExportFormat::cute),
          std::string(format_name(f)) + ": a tensor-memory layout has no thread ownership; export the register "
                                        "layout of its tmem load instead (layoutscope-cli tmem-reg-layout)");
  switch (f) {
    case ExportFormat::cuda: return cuda_header(*map, o.ns, title);
    case ExportFormat::triton_cpp: {
      const LinearLayout* l = map->linear();
      require(l != nullptr, "triton-cpp: the layout is not linear over F2, so Triton's LinearLayout cannot hold it");
      return triton_cpp(*l, title);
    }
    case ExportFormat::cute: return cute_code(*map, o.ns, title);
    default: fail("unknown export format");
  }
}

Picture export_picture(const TensorLayout& t, const ExportOptions& o) {
  require(t.spec != nullptr || t.foreign != nullptr, "layout is missing");
  if (t.spec) validate(*t.spec);
  auto map = make_map(t);
  ColorBy by = o.color_by.value_or(default_color_by(*map));
  require(!o.color_by || color_by_available(*map, by), std::string("--color-by ") + color_by_name(by) +
                                                            " does not apply to this layout (it has no such hardware dim)");
  Picture p = make_picture(*map, by, o.labels != Labels::none, t.elem_bits,
                           t.foreign ? t.foreign->family() : kind_name(*t.spec));
  p.title = t.foreign ? t.foreign->family() + " layout " + t.foreign->text() : print_mlir(t);
  return p;
}

std::string export_pair(const TensorLayout& a, const TensorLayout& b, ExportFormat f, const ExportOptions& o) {
  require(f == ExportFormat::png || f == ExportFormat::svg || f == ExportFormat::tikz,
          std::string("two layouts side by side export only as png, svg or tikz, not ") + format_name(f));
  Picture pa, pb;
  try {
    pa = export_picture(a, o);
  } catch (const Error& e) {
    fail(std::string("the first layout: ") + e.what());
  }
  try {
    pb = export_picture(b, o);
  } catch (const Error& e) {
    fail(std::string("the second layout: ") + e.what());
  }
  return render_picture({pa, pb}, f, o);
}

void write_file_atomic(const std::string& path, const std::string& bytes) {
  namespace fs = std::filesystem;
  require(!path.empty(), "output path is empty");
  auto os_error = [&](const std::string& what, int e) { fail(path + ": " + what + " (" + std::strerror(e) + ")"); };
  // The target itself may be a symlink: the file it names is replaced, the
  // link kept. Nothing else is followed: the temporary is created with O_EXCL.
  std::string target = path;
  std::error_code ec;
  if (fs::is_symlink(fs::symlink_status(path, ec))) {
    fs::path real = fs::canonical(path, ec);
    require(!ec, path + ": is a symlink to a missing file (" + ec.message() + ")");
    target = real.string();
  }
  fs::path dir = fs::path(target).parent_path();
  if (dir.empty()) dir = ".";
  struct stat st {};
  bool exists = ::stat(target.c_str(), &st) == 0;
  require(!exists || S_ISREG(st.st_mode), path + ": exists and is not a regular file");
  std::string tmpl = (dir / ("." + fs::path(target).filename().string() + ".tmp-XXXXXX")).string();
  std::vector<char> name(tmpl.begin(), tmpl.end());
  name.push_back('\0');
  int fd = ::mkstemp(name.data());
  if (fd < 0) os_error("cannot create a temporary file in " + dir.string(), errno);
  std::string tmp = name.data();
  auto abandon = [&](const std::string& what, int e) {
    ::close(fd);
    ::unlink(tmp.c_str());
    os_error(what, e);
  };
  // the target's mode, or what a new file gets (0666 less the umask)
  mode_t mode = 0;
  if (exists) {
    mode = st.st_mode & 07777;
  } else {
    mode_t mask = ::umask(0);
    ::umask(mask);
    mode = 0666 & ~mask;
  }
  if (::fchmod(fd, mode) != 0) abandon("cannot set the file mode", errno);
  for (size_t done = 0; done < bytes.size();) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) abandon("writing failed", n < 0 ? errno : EIO);
    done += static_cast<size_t>(n);
  }
  if (::fsync(fd) != 0) abandon("fsync failed", errno);
  if (::close(fd) != 0) {
    int e = errno;
    ::unlink(tmp.c_str());
    os_error("writing failed", e);
  }
  if (::rename(tmp.c_str(), target.c_str()) != 0) {
    int e = errno;
    ::unlink(tmp.c_str());
    os_error("cannot replace the file", e);
  }
  // the rename itself survives a crash once the directory is on disk
  int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
}

}  // namespace ls
