#include "model.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "error.h"
#include "io/text.h"
#include "views.h"

namespace lsgui {
namespace {

constexpr size_t kMaxUndo = 200;

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\r\n"), b = s.find_last_not_of(" \t\r\n");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

std::string one_line(std::string s) {
  std::replace(s.begin(), s.end(), '\n', ' ');
  return s;
}

// Whether two layouts are the same edit: equal specs, or the same foreign text.
bool same_layout(const ls::TensorLayout& a, const ls::TensorLayout& b) {
  bool layout = a.spec && b.spec ? *a.spec == *b.spec
                : a.foreign && b.foreign ? a.foreign->text() == b.foreign->text()
                                         : false;
  return layout && a.shape == b.shape && a.elem_bits == b.elem_bits;
}

// Lowers `t` and, when core accepts it, makes it the valid layout.
bool commit(Doc& d, ls::TensorLayout t, const char* from, bool record) {
  t.triton = d.triton;
  try {
    ls::require(t.spec != nullptr || t.foreign != nullptr, "the layout is missing");
    ls::require(!t.shape.empty(), "the layout carries no shape; give one in the shape field (e.g. 64x16)");
    auto g = build_grid(t);
    if (record && d.grid && !same_layout(d.grid->layout, t)) {
      d.undo.push_back(d.grid->layout);
      if (d.undo.size() > kMaxUndo) d.undo.erase(d.undo.begin());
      d.redo.clear();
    }
    d.grid = std::move(g);
    d.draft = t;
    d.shape_text = shape_text(t.shape);
    d.error.clear();
    d.error_from.clear();
    d.version = d.grid->id;  // unique across documents: swapped panes never reuse a job key
    return true;
  } catch (const std::exception& e) {
    d.error = one_line(e.what());
    d.error_from = from;
    return false;
  }
}

// A layout from the undo or redo stack: valid when it was recorded.
bool restore(Doc& d, const ls::TensorLayout& t) {
  if (!commit(d, t, "editor", false)) return false;
  d.text = print_as(t, d.format);
  return true;
}

struct Default {
  const char* kind;
  const char* text;
  const char* shape;
};
const Default kDefaults[] = {
    {"blocked", "#ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [16, 2], warpsPerCTA = [2, 2], order = [1, 0]}>",
     "64x16"},
    {"slice",
     "#ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [16, 2], warpsPerCTA = [1, "
     "1], order = [1, 0]}>}>",
     "32"},
    {"linear",
     "#ttg.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [1, 0], [2, 0], [4, 0], [8, 0]], warp = [[16, 0], [32, "
     "0]], block = []}>",
     "64x8"},
    {"nvidia_mma", "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>",
     "32x32"},
    {"dot_op",
     "tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
     "warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>>",
     ""},
    {"amd_mfma", "AMDMFMALayout(version=3, instr_shape=[16, 16, 16], transposed=False, warps_per_cta=[2, 2])", "32x32"},
    {"amd_wmma", "#ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = [2, 2]}>", "32x32"},
    {"amd_mfma_scale",
     "AMDMFMAScaleLayout(operand_index=0, parent=AMDMFMALayout(version=4, instr_shape=[16, 16, 128], transposed=True, "
     "warps_per_cta=[2, 2]), scale_factor=32)",
     "32x8"},
    {"amd_wmma_scale",
     "AMDWMMAScaleLayout(operand_index=0, parent=AMDWMMALayout(version=3, transposed=False, warp_bases=[[0, 1], "
     "[1, 0]], reg_bases=[], instr_shape=[16, 16, 128]), scale_factor=32)",
     "64x4"},
    {"swizzled_shared", "tensor<64x64xf16, #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>>",
     ""},
    {"nvmma_shared",
     "tensor<64x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>>", ""},
    {"shared_linear",
     "#ttg.shared_linear<{offset = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], block = []}, alignment = 16>",
     "8x8"},
    {"padded_shared", "#ttg.padded_shared<[32:+4] {order = [1, 0], shape = [32, 32]}>", "32x32"},
    {"amd_rotating_shared", "#ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [1, 0]}>",
     "64x64"},
    {"partitioned_shared",
     "PartitionedSharedLayout(num_partitions=2, num_groups=2, partition_dim=0, partition_layout="
     "SwizzledSharedLayout(vec=4, per_phase=1, max_phase=8, order=[1, 0]))",
     "64x32"},
    {"tensor_memory", "TensorMemoryLayout(block=(128, 128), col_stride=1)", "128x128"},
    {"tensor_memory_scales",
     "!ttg.memdesc<128x8xi8, #ttng.tensor_memory_scales_encoding<>, #ttng.tensor_memory, mutable>", ""},
};
// The other families (docs/tilus-cute.md): each carries its own shape.
const Default kFamilies[] = {
    {"tilus", "local(2, 1).spatial(8, 4).local(1, 2)", ""},
    {"cute", "(4,(4,2)):(4,(1,16))", ""},
};

}  // namespace

std::shared_ptr<const Grid> build_grid(const ls::TensorLayout& t) {
  static std::atomic<uint64_t> next_id{1};
  auto g = std::make_shared<Grid>();
  g->id = next_id++;
  g->layout = t;
  g->map = ls::make_map(t);
  g->kind = t.spec ? ls::kind_name(*t.spec) : t.foreign->family();
  g->shape = g->map->shape();
  g->dims = g->map->hw_dims();
  ls::require(!g->shape.empty(), "the layout has no tensor dims");
  int64_t n = g->map->num_elements(), hw = g->map->hw_size();
  ls::require(n <= kMaxGridElements && hw <= kMaxGridElements,
              "too large to draw: " + std::to_string(n) + " elements, " + std::to_string(hw) +
                  " hardware indices (the grid shows up to " + std::to_string(kMaxGridElements) + ")");
  g->owners = ls::owners_by_element(*g->map);
  g->table = g->map->table();
  return g;
}

std::string read_layout_arg(const std::string& arg) {
  std::error_code ec;
  if (arg.size() >= 4096 || !std::filesystem::is_regular_file(arg, ec)) return arg;
  ls::require(std::filesystem::file_size(arg, ec) <= (16u << 20), arg + ": file is larger than 16 MiB");
  std::ifstream f(arg, std::ios::binary);
  ls::require(f.good(), arg + ": cannot read the file");
  std::ostringstream text;
  text << f.rdbuf();
  return text.str();
}

ls::Shape parse_shape(const std::string& s) {
  std::string t = trim(s);
  std::replace(t.begin(), t.end(), ',', 'x');
  auto bad = "shape '" + s.substr(0, 40) + "' is not a list of sizes like 64x16";
  ls::require(!t.empty() && t.back() != 'x', bad);
  ls::Shape shape;
  std::stringstream in(t);
  for (std::string part; std::getline(in, part, 'x');) {
    part = trim(part);
    ls::require(!part.empty() && part.size() <= 12 && part.find_first_not_of("0123456789") == std::string::npos, bad);
    shape.push_back(std::stoll(part));
  }
  ls::require(shape.size() <= 8, "shape has " + std::to_string(shape.size()) + " dims; at most 8");
  return shape;
}

std::string shape_text(const ls::Shape& shape) {
  std::string t;
  for (size_t i = 0; i < shape.size(); ++i) t += (i ? "x" : "") + std::to_string(shape[i]);
  return t;
}

std::string print_as(const ls::TensorLayout& t, TextFormat f) {
  if (t.foreign) return f == TextFormat::json ? ls::print_json(t) : t.foreign->text();
  switch (f) {
    case TextFormat::mlir: return ls::print_mlir(t);
    case TextFormat::gluon: return ls::print_gluon(*t.spec);
    case TextFormat::json: return ls::print_json(t);
  }
  return "";
}

bool set_text(Doc& d, const std::string& text, const ls::TensorLayout* tensor) {
  d.text = text;
  ls::TensorLayout t;
  try {
    t = ls::parse_layout(text);
    if (t.foreign) t.shape = t.foreign->shape();
    d.names_shape = !t.shape.empty();
    d.names_elem = t.elem_named || t.foreign;
    if (t.shape.empty() && tensor) t.shape = tensor->shape;
    else if (t.shape.empty() && !trim(d.shape_text).empty()) t.shape = parse_shape(d.shape_text);
    if (!d.names_elem && tensor) t.elem = tensor->elem, t.elem_bits = tensor->elem_bits;
  } catch (const std::exception& e) {
    d.error = one_line(e.what());
    d.error_from = "text";
    return false;
  }
  d.draft = t;
  return commit(d, t, "text", true);
}

bool set_shape_text(Doc& d, const std::string& text) {
  d.shape_text = text;
  ls::TensorLayout t = d.draft;
  try {
    t.shape = parse_shape(text);
  } catch (const std::exception& e) {
    d.error = one_line(e.what());
    d.error_from = "shape";
    return false;
  }
  d.draft = t;
  std::string keep = d.shape_text;
  bool ok = commit(d, t, "shape", true);
  d.shape_text = keep;
  if (ok) d.text = print_as(t, d.format);
  return ok;
}

bool set_draft(Doc& d, const ls::TensorLayout& t) {
  d.draft = t;
  if (!commit(d, t, "editor", true)) return false;
  d.text = print_as(t, d.format);
  return true;
}

bool set_elem(Doc& d, const std::string& elem, int32_t bits) {
  ls::TensorLayout t = d.draft;
  t.elem = elem;
  t.elem_bits = bits;
  return set_draft(d, t);
}

bool switch_kind(Doc& d, const std::string& kind) {
  ls::TensorLayout t = default_layout(kind);
  // Keep the element type; keep the shape when the new kind accepts it.
  ls::TensorLayout kept = t;
  kept.shape = t.foreign || d.draft.shape.empty() ? t.shape : d.draft.shape;
  if (d.grid) kept.elem = d.draft.elem, kept.elem_bits = d.draft.elem_bits;
  try {
    build_grid(kept);
    return set_draft(d, kept);
  } catch (const std::exception&) {
    return set_draft(d, t);
  }
}

bool load(Doc& d, const ls::TensorLayout& t) {
  d.draft = t;
  if (!commit(d, t, "text", false)) return false;
  d.text = print_as(t, d.format);
  return true;
}

bool set_triton(Doc& d, ls::TritonVersion v) {
  d.triton = v;
  return !d.grid || commit(d, d.grid->layout, "editor", false);
}

void set_target(Doc& d, int32_t sm) {
  if (sm != 80 && sm != 90 && sm != 100)
    throw ls::Error("target: sm_" + std::to_string(sm) + " is not one of sm_80, sm_90, sm_100");
  d.sm = sm;
}

bool undo(Doc& d) {
  if (d.undo.empty() || !d.grid) return false;
  ls::TensorLayout now = d.grid->layout, prev = d.undo.back();
  d.undo.pop_back();
  if (!restore(d, prev)) return false;
  d.redo.push_back(now);
  return true;
}

bool redo(Doc& d) {
  if (d.redo.empty() || !d.grid) return false;
  ls::TensorLayout now = d.grid->layout, next = d.redo.back();
  d.redo.pop_back();
  if (!restore(d, next)) return false;
  d.undo.push_back(now);
  return true;
}

const std::vector<std::string>& kind_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& k : kDefaults) v.push_back(k.kind);
    return v;
  }();
  return names;
}

const std::vector<std::string>& family_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const auto& k : kFamilies) v.push_back(k.kind);
    return v;
  }();
  return names;
}

std::string export_text(const ls::TensorLayout& t, TextFormat f) {
  if (!t.foreign || f == TextFormat::json) return print_as(t, f);
  ls::TensorLayout linear = ls::to_triton_linear(t);
  return f == TextFormat::mlir ? ls::print_mlir(linear) : ls::print_gluon(*linear.spec);
}

ls::TensorLayout default_layout(const std::string& kind) {
  for (const auto& k : kFamilies)
    if (kind == k.kind) {
      ls::TensorLayout t = ls::parse_layout(k.text);
      t.shape = t.foreign->shape();
      return t;
    }
  for (const auto& k : kDefaults)
    if (kind == k.kind) {
      ls::TensorLayout t = ls::parse_layout(k.text);
      if (*k.shape) t.shape = parse_shape(k.shape);
      return t;
    }
  ls::fail("kind '" + kind + "' is not one of the layout kinds");
}

std::vector<uint8_t> lit_elements(const Grid& g, const Selection& s) {
  std::vector<uint8_t> lit(g.owners.size(), s.kind == Selection::none ? 1 : 0);
  if (s.kind == Selection::none) return lit;
  size_t nd = g.dims.size();
  // Which hw dims must equal the selection's coords (the others are free).
  std::vector<uint8_t> fixed(nd, 0);
  std::vector<int64_t> want(nd, 0);
  auto idx = [&](const char* n) {
    for (size_t i = 0; i < nd; ++i)
      if (g.dims[i].name == n) return static_cast<int>(i);
    return -1;
  };
  if (s.kind == Selection::level) {
    for (size_t i = 0; i < nd; ++i) fixed[i] = static_cast<int>(i) > s.depth;
  } else {
    auto c = ls::hw_coords(*g.map, s.flat);
    const char* names[3] = {nullptr, nullptr, nullptr};
    if (s.kind == Selection::thread) names[0] = "lane", names[1] = "warp", names[2] = "block";
    if (s.kind == Selection::warp) names[0] = "warp", names[1] = "block";
    if (s.kind == Selection::reg) names[0] = "register";
    for (const char* n : names)
      if (n && idx(n) >= 0) fixed[idx(n)] = 1, want[idx(n)] = c[idx(n)];
  }
  for (size_t e = 0; e < g.owners.size(); ++e)
    for (int64_t flat : g.owners[e]) {
      auto c = ls::hw_coords(*g.map, flat);
      bool match = true;
      for (size_t i = 0; i < nd && match; ++i) match = !fixed[i] || c[i] == want[i];
      if (match) {
        lit[e] = 1;
        break;
      }
    }
  return lit;
}

std::string describe(const Grid& g, const Selection& s) {
  auto c = ls::hw_coords(*g.map, s.flat);
  auto at = [&](const char* n) -> long long {
    for (size_t i = 0; i < g.dims.size(); ++i)
      if (g.dims[i].name == n) return c[i];
    return 0;
  };
  switch (s.kind) {
    case Selection::none: return "";
    case Selection::thread:
      return "thread " + std::to_string(ls::color_key(*g.map, s.flat, ls::ColorBy::thread)) + " (block " +
             std::to_string(at("block")) + ", warp " + std::to_string(at("warp")) + ", lane " +
             std::to_string(at("lane")) + ")";
    case Selection::warp:
      return "warp " + std::to_string(at("warp")) + " of block " + std::to_string(at("block"));
    case Selection::reg: return "register " + std::to_string(at("register")) + " of every thread";
    case Selection::level: {
      std::string t;
      for (size_t i = 0; i < g.dims.size(); ++i)
        t += std::string(i ? ", " : "") + g.dims[i].name + (static_cast<int>(i) <= s.depth ? " all" : " 0");
      return t;
    }
  }
  return "";
}

}  // namespace lsgui
