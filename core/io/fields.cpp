#include "fields.h"

#include <algorithm>
#include <limits>

#include "../error.h"

namespace ls::io {

Val int_val(const std::string& digits, bool negative) {
  Val v;
  v.kind = Val::Int;
  v.text = (negative ? "-" : "") + (digits.size() > 24 ? digits.substr(0, 24) + "..." : digits);
  const int64_t max = std::numeric_limits<int64_t>::max();
  for (char c : digits) {
    int d = c - '0';
    if (v.i > (max - d) / 10) {
      v.overflow = true;
      break;
    }
    v.i = v.i * 10 + d;
  }
  if (negative) v.i = -v.i;
  return v;
}

void Fields::add(const std::string& key, Val v, const std::string& display) {
  std::string label = shown(display.empty() ? key : display);
  if (vals_.count(key)) fail(ctx_ + ": " + label + " is given twice");
  vals_[key] = std::move(v);
  display_[key] = label;
}

std::string Fields::name(const std::string& key) const {
  auto it = display_.find(key);
  return it == display_.end() ? key : it->second;
}

void Fields::fail_field(const std::string& key, const std::string& msg) const {
  fail(ctx_ + ": " + name(key) + " " + msg);
}

std::string Fields::did_you_mean(const std::string& given) const {
  std::vector<std::string> valid;
  for (const auto& k : asked_)
    if (!vals_.count(k)) valid.push_back(name(k));  // asked for and not given
  return ls::did_you_mean(given, valid);
}

Val Fields::take(const std::string& key) {
  asked_.insert(key);
  auto it = vals_.find(key);
  if (it == vals_.end()) {
    // A misspelt key is the likelier mistake than a missing one: name it.
    for (const auto& [k, v] : vals_) {
      if (asked_.count(k)) continue;
      std::string given = name(k);
      if (name_distance(given, name(key)) <= name(key).size() / 3 + 1 || name_distance(k, key) <= key.size() / 3 + 1)
        fail(ctx_ + ": unknown key '" + given + "'; did you mean '" + name(key) + "'?");
    }
    fail(ctx_ + ": missing " + name(key));
  }
  Val v = std::move(it->second);
  vals_.erase(it);
  return v;
}

int32_t Fields::to_int32(const Val& v, const std::string& what) const {
  if (v.kind != Val::Int) fail(ctx_ + ": " + what + " must be an integer");
  if (v.i < 0 && !v.overflow) fail(ctx_ + ": " + what + " value " + v.text + " is negative");
  if (v.overflow || v.i > std::numeric_limits<int32_t>::max())
    fail(ctx_ + ": " + what + " value " + v.text + " does not fit in 32 bits");
  return static_cast<int32_t>(v.i);
}

Ints Fields::to_ints(const Val& v, const std::string& what) const {
  if (v.kind != Val::List) fail(ctx_ + ": " + what + " must be a list of integers");
  Ints out;
  for (const Val& x : v.list) {
    if (x.kind != Val::Int) fail(ctx_ + ": " + what + " must be a list of integers");
    out.push_back(to_int32(x, what));
  }
  return out;
}

Bases Fields::to_bases(const Val& v, const std::string& what) const {
  if (v.kind != Val::List) fail(ctx_ + ": " + what + " must be a list of lists of integers");
  Bases out;
  for (const Val& x : v.list) {
    if (x.kind != Val::List) fail(ctx_ + ": " + what + " must be a list of lists of integers");
    out.push_back(to_ints(x, what));
  }
  return out;
}

int32_t Fields::int32(const std::string& key) {
  std::string n = name(key);
  return to_int32(take(key), n);
}
int32_t Fields::int32(const std::string& key, int32_t def) { return has(key) ? int32(key) : def; }

bool Fields::boolean(const std::string& key) {
  std::string n = name(key);
  Val v = take(key);
  if (v.kind != Val::Bool) fail(ctx_ + ": " + n + " must be true or false");
  return v.b;
}
bool Fields::boolean(const std::string& key, bool def) { return has(key) ? boolean(key) : def; }

Ints Fields::ints(const std::string& key) {
  std::string n = name(key);
  return to_ints(take(key), n);
}
Ints Fields::ints(const std::string& key, const Ints& def) { return has(key) ? ints(key) : def; }

Bases Fields::bases(const std::string& key) {
  std::string n = name(key);
  return to_bases(take(key), n);
}
Bases Fields::bases(const std::string& key, const Bases& def) { return has(key) ? bases(key) : def; }

SpecPtr Fields::layout(const std::string& key) {
  std::string n = name(key);
  Val v = take(key);
  if (v.kind != Val::Layout) fail(ctx_ + ": " + n + " must be a layout");
  return v.layout.spec;
}

CgaLayout Fields::cga() {
  bool legacy = has("CTAsPerCGA") || has("CTASplitNum") || has("CTAOrder");
  int forms = int(has("CGALayout")) + int(has("CTALayout")) + int(legacy);
  if (forms > 1) fail(ctx_ + ": give one of CGALayout, CTALayout or CTAsPerCGA/CTASplitNum/CTAOrder");
  if (has("CGALayout")) return CgaLayout{bases("CGALayout")};
  if (has("CTALayout")) {
    Val v = take("CTALayout");
    if (v.kind != Val::Cga) fail(ctx_ + ": CTALayout must be a #ttg.cta_layout");
    return v.cga;
  }
  if (!legacy) return {};
  if (!has("CTAsPerCGA") || !has("CTASplitNum") || !has("CTAOrder"))
    fail(ctx_ + ": CTAsPerCGA, CTASplitNum and CTAOrder must be given together");
  Ints ctas = ints("CTAsPerCGA"), split = ints("CTASplitNum"), order = ints("CTAOrder");
  if (split.size() != ctas.size() || order.size() != ctas.size())
    fail(ctx_ + ": CTAsPerCGA, CTASplitNum and CTAOrder have " + std::to_string(ctas.size()) + ", " +
         std::to_string(split.size()) + " and " + std::to_string(order.size()) + " entries");
  return cga_from_split(ctas, split, order);
}

void Fields::done() {
  if (!vals_.empty()) {
    std::string given = name(vals_.begin()->first);
    fail(ctx_ + ": unknown key '" + given + "'" + did_you_mean(given));
  }
}

Ints tiles_or_ones(const Ints& tiles, size_t rank) { return tiles.empty() ? Ints(rank, 1) : tiles; }
Ints wmma_instr_or_default(const Ints& instr) { return instr.empty() ? Ints{16, 16, 16} : instr; }
Ints canonical_tiles(Ints tiles) {
  return std::all_of(tiles.begin(), tiles.end(), [](int32_t t) { return t == 1; }) ? Ints{} : tiles;
}
Ints canonical_wmma_instr(Ints instr) { return instr == Ints{16, 16, 16} ? Ints{} : instr; }

size_t bases_rank(const std::vector<const Bases*>& bases) {
  for (const Bases* b : bases)
    if (!b->empty()) return b->front().size();
  return 0;
}

Shape inferred_shape(const std::vector<const Bases*>& bases, size_t rank) {
  Shape shape(rank, 1);
  for (const Bases* b : bases)
    for (const Ints& v : *b)
      for (size_t d = 0; d < v.size() && d < rank; ++d) {
        int64_t next = 1;
        while (next <= v[d]) next <<= 1;
        shape[d] = std::max(shape[d], next);
      }
  return shape;
}

Spec build_spec(const std::string& kind, Fields& f) {
  Spec s;
  if (kind == "blocked") {
    Blocked b;
    b.size_per_thread = f.ints("sizePerThread");
    b.threads_per_warp = f.ints("threadsPerWarp");
    b.warps_per_cta = f.ints("warpsPerCTA");
    b.order = f.ints("order");
    b.cga = f.cga();
    s.v = b;
  } else if (kind == "slice") {
    Slice x;
    x.dim = f.int32("dim");
    x.parent = f.layout("parent");
    s.v = x;
  } else if (kind == "linear") {
    DistributedLinear l;
    l.reg = f.bases("register");
    l.lane = f.bases("lane");
    l.warp = f.bases("warp");
    l.block = f.bases("block");
    s.v = l;
  } else if (kind == "nvidia_mma") {
    NvidiaMma m;
    m.version_major = f.int32("versionMajor");
    m.version_minor = f.int32("versionMinor");
    m.warps_per_cta = f.ints("warpsPerCTA");
    m.instr_shape = f.ints("instrShape");
    m.cga = f.cga();
    s.v = m;
  } else if (kind == "dot_op") {
    DotOperand d;
    d.op_idx = f.int32("opIdx");
    d.parent = f.layout("parent");
    d.k_width = f.int32("kWidth", 0);
    s.v = d;
  } else if (kind == "amd_mfma") {
    AmdMfma m;
    m.version = f.int32("version");
    m.warps_per_cta = f.ints("warpsPerCTA");
    m.instr_shape = f.ints("instrShape");
    m.transposed = f.boolean("isTransposed");
    m.element_bitwidth = f.int32("elementBitWidth", 32);
    m.tiles_per_warp = canonical_tiles(f.ints("tilesPerWarp", {}));
    m.cga = f.cga();
    s.v = m;
  } else if (kind == "amd_wmma") {
    AmdWmma m;
    m.version = f.int32("version");
    m.transposed = f.boolean("isTranspose", false);
    m.cta_bases = f.has("ctaLayout") || f.has("ctaLayout.register") || f.has("ctaLayout.warp");
    if (m.cta_bases) {
      if (f.has("ctaLayout")) f.take("ctaLayout");
      m.cta_register = f.bases("ctaLayout.register", {});
      m.cta_warp = f.bases("ctaLayout.warp", {});
      m.instr_shape = canonical_wmma_instr(f.ints("instrShape", {}));
      m.cga = f.cga();
      size_t inferred = bases_rank({&m.cta_register, &m.cta_warp, &m.cga.bases});
      m.rank = f.int32("rank", inferred ? static_cast<int32_t>(inferred) : 2);
      f.done();
      s.v = m;
      return s;
    }
    m.warps_per_cta = f.ints("warpsPerCTA");
    m.instr_shape = canonical_wmma_instr(f.ints("instrShape", {}));
    m.tiles_per_warp = canonical_tiles(f.ints("tilesPerWarp", {}));
    m.cga = f.cga();
    s.v = m;
  } else if (kind == "swizzled_shared" || kind == "amd_rotating_shared") {
    SwizzledShared w;
    w.vec = f.int32("vec");
    w.per_phase = f.int32("perPhase");
    w.max_phase = f.int32("maxPhase");
    w.order = f.ints("order");
    w.cga = f.cga();
    if (kind == "swizzled_shared")
      s.v = w;
    else
      s.v = AmdRotatingShared{w.vec, w.per_phase, w.max_phase, w.order, w.cga};
  } else if (kind == "nvmma_shared") {
    NvmmaShared n;
    n.swizzle_bytes = f.int32("swizzlingByteWidth");
    n.element_bitwidth = f.int32("elementBitWidth");
    n.transposed = f.boolean("transposed", false);
    n.fp4_padded = f.boolean("fp4Padded", false);
    bool has_rank = f.has("rank");
    n.rank = f.int32("rank", 2);
    n.cga = f.cga();
    // As in Triton, a CGA layout carries the rank.
    if (!has_rank && !n.cga.bases.empty()) n.rank = static_cast<int32_t>(n.cga.bases.front().size());
    s.v = n;
  } else if (kind == "shared_linear") {
    SharedLinear l;
    l.offset = f.bases("offset");
    l.block = f.bases("block", {});
    l.alignment = f.int32("alignment", 16);
    s.v = l;
  } else if (kind == "padded_shared") {
    PaddedShared p;
    for (const Ints& pair : f.bases("intervalPaddings")) {
      if (pair.size() != 2) f.fail_field("intervalPaddings", "entries must be [interval, padding] pairs");
      p.interval_pads.emplace_back(pair[0], pair[1]);
    }
    p.offset = f.bases("offset");
    p.block = f.bases("block", {});
    Ints shape = f.ints("shape");
    p.shape.assign(shape.begin(), shape.end());
    s.v = p;
  } else if (kind == "tensor_memory") {
    TensorMemory t;
    if (f.has("block")) {  // Gluon's block=(M, N)
      Ints mn = f.ints("block");
      if (mn.size() != 2) f.fail_field("block", "must be (blockM, blockN)");
      t.block_m = mn[0];
      t.block_n = mn[1];
    } else {
      t.block_m = f.int32("blockM");
      t.block_n = f.int32("blockN");
    }
    t.col_stride = f.int32("colStride");
    t.cga = f.cga();
    t.two_ctas = f.boolean("twoCTAs", false);
    t.fp4_padded = f.boolean("fp4Padded", false);
    s.v = t;
  } else if (kind == "amd_wmma_scale") {
    AmdWmmaScale w;
    w.op_idx = f.int32("opIdx");
    SpecPtr parent = f.layout("parent");
    auto* p = std::get_if<AmdWmma>(&parent->v);
    if (!p || !p->cta_bases) f.fail_field("parent", "must be an amd_wmma layout in Triton 3.9's ctaLayout form");
    w.parent = *p;
    w.scale_factor = f.int32("scaleFactor", 32);
    s.v = w;
  } else if (kind == "partitioned_shared") {
    PartitionedShared p;
    p.num_partitions = f.int32("numPartitions");
    p.num_groups = f.int32("numGroups");
    p.partition_dim = f.int32("partitionDim");
    p.inner = f.layout("partitionLayout");
    s.v = p;
  } else if (kind == "amd_mfma_scale") {
    AmdMfmaScale m;
    m.op_idx = f.int32("opIdx");
    SpecPtr parent = f.layout("parent");
    auto* p = std::get_if<AmdMfma>(&parent->v);
    if (!p) f.fail_field("parent", "must be an amd_mfma layout");
    m.parent = *p;
    m.scale_factor = f.int32("scaleFactor", 32);
    s.v = m;
  } else if (kind == "tensor_memory_scales") {
    TensorMemoryScales t;
    t.cga = f.cga();
    s.v = t;
  } else {
    fail("unknown layout kind '" + kind + "'");
  }
  f.done();
  return s;
}

bool is_kind(const std::string& name) {
  static const std::vector<std::string> names = {
      "blocked",  "slice",           "linear",       "nvidia_mma",    "dot_op",        "amd_mfma",
      "amd_wmma", "swizzled_shared", "nvmma_shared", "shared_linear", "padded_shared", "amd_rotating_shared",
      "tensor_memory", "tensor_memory_scales", "amd_wmma_scale", "partitioned_shared", "amd_mfma_scale"};
  return std::find(names.begin(), names.end(), name) != names.end();
}

int32_t elem_bits_of(const std::string& e) {
  auto digits = [&](size_t from) -> int32_t {
    if (from >= e.size() || e.size() - from > 4) return 0;
    for (size_t i = from; i < e.size(); ++i)
      if (e[i] < '0' || e[i] > '9') return 0;
    return std::stoi(e.substr(from));
  };
  if (e.rfind("!tt.ptr<", 0) == 0 || e == "index") return 64;
  if (e == "bf16") return 16;
  if (e == "tf32") return 32;
  if (e.rfind("f8E", 0) == 0) return 8;
  if (e.rfind("f6E", 0) == 0) return 6;
  if (e.rfind("f4E", 0) == 0) return 4;
  if (e.rfind("ui", 0) == 0 || e.rfind("si", 0) == 0) return digits(2);
  if (!e.empty() && (e[0] == 'i' || e[0] == 'f')) return digits(1);
  return 0;
}

std::string list_str(const Ints& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

std::string bases_str(const Bases& b) {
  std::string s = "[";
  for (size_t i = 0; i < b.size(); ++i) s += (i ? ", " : "") + list_str(b[i]);
  return s + "]";
}

std::string shown(const std::string& t) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (size_t i = 0; i < t.size() && i < 40; ++i) {
    unsigned char c = static_cast<unsigned char>(t[i]);
    if (c >= 0x20 && c < 0x7f) out += char(c);
    else out += std::string("\\x") + hex[c >> 4] + hex[c & 15];
  }
  return t.size() > 40 ? out + "..." : out;
}

std::string position(const std::string& text, size_t pos) {
  size_t line = 1, col = 1;
  for (size_t i = 0; i < pos && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(col);
}

std::string found_at(const std::string& text, size_t pos) {
  if (pos >= text.size()) return "end of text";
  unsigned char c = static_cast<unsigned char>(text[pos]);
  if (c >= 0x21 && c < 0x7f) return std::string("'") + char(c) + "'";
  if (c == '\n') return "end of line";
  if (c == ' ' || c == '\t' || c == '\r') return "whitespace";
  static const char* hex = "0123456789ABCDEF";
  return std::string("byte 0x") + hex[c >> 4] + hex[c & 15];
}

void syntax_error(const std::string& text, size_t pos, const std::string& msg) {
  fail(position(text, pos) + ": " + msg);
}

}  // namespace ls::io
