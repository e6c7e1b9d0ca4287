// Triton MLIR text: layout attributes as Triton 3.6 prints them (and a few
// older spellings), alias lines of a TTGIR dump, tensor<...> and
// !ttg.memdesc<...> types. Which layout a text denotes is described in
// docs/json-format.md ("Input formats").
#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "../error.h"
#include "fields.h"
#include "scanner.h"
#include "text.h"

namespace ls {
namespace {

using io::Fields;
using io::Val;

using io::digit;
using io::id_start;

bool id_char(char c) { return io::id_char(c) || c == '$' || c == '.'; }

// Older mnemonics and spellings mapped onto Triton 3.6's.
std::string normalize_kind(std::string k) {
  for (const char* suffix : {"_layout", "_encoding"}) {
    std::string sfx = suffix;
    if (k.size() > sfx.size() && k.compare(k.size() - sfx.size(), sfx.size(), sfx) == 0)
      k.resize(k.size() - sfx.size());
  }
  static const std::map<std::string, std::string> old = {
      {"mma", "nvidia_mma"}, {"mfma", "amd_mfma"}, {"wmma", "amd_wmma"}, {"dot_operand", "dot_op"}, {"cta", "cta_layout"}};
  auto it = old.find(k);
  return it == old.end() ? k : it->second;
}

// A Triton 3.9 WMMA layout with no bases (ctaLayout = {}, no CGALayout)
// takes its rank from the tensor type, also as a dot operand's or a slice's
// parent.
SpecPtr with_wmma_rank(const SpecPtr& s, size_t rank) {
  if (auto* w = std::get_if<AmdWmma>(&s->v);
      w && w->cta_bases && w->cta_register.empty() && w->cta_warp.empty() && w->cga.bases.empty()) {
    AmdWmma r = *w;
    r.rank = static_cast<int32_t>(rank);
    return make_spec(r);
  }
  if (auto* d = std::get_if<DotOperand>(&s->v)) {
    DotOperand r = *d;
    r.parent = with_wmma_rank(d->parent, rank);
    return make_spec(r);
  }
  if (auto* sl = std::get_if<Slice>(&s->v)) {
    Slice r = *sl;
    r.parent = with_wmma_rank(sl->parent, rank + 1);
    return make_spec(r);
  }
  return s;
}

class Parser : io::Scanner {
public:
  explicit Parser(const std::string& s) : Scanner(s, Comments::mlir) { scan_lines(); }

  TensorLayout document() {
    if (auto t = first_type()) return *t;
    // The last line-start item that is a layout.
    for (auto it = items_.rbegin(); it != items_.rend(); ++it) {
      if (!is_layout_at(it->pos, 0)) continue;
      p_ = it->pos;
      Val v = attribute();
      rest_of_line_empty();
      return v.layout;
    }
    fail("no layout attribute, tensor<...> or !ttg.memdesc<...> type found in the MLIR text");
  }

private:
  struct Item {
    size_t pos;  // start of the attribute (an alias definition's value)
  };

  std::string ident() { return id_start(peek()) ? take(id_char) : ""; }

  // Alias definitions (`#name = ...`) and attributes that begin a line.
  void scan_lines() {
    for (size_t start = 0; start < s_.size();) {
      size_t q = start;
      while (q < s_.size() && (s_[q] == ' ' || s_[q] == '\t')) ++q;
      if (q < s_.size() && s_[q] == '#') {
        size_t n = q + 1;
        while (n < s_.size() && id_char(s_[n])) ++n;
        std::string name = s_.substr(q + 1, n - q - 1);
        size_t e = n;
        while (e < s_.size() && (s_[e] == ' ' || s_[e] == '\t')) ++e;
        if (!name.empty() && name.find('.') == std::string::npos && e < s_.size() && s_[e] == '=') {
          if (aliases_.count(name)) {
            p_ = q;
            err("alias #" + name + " is defined twice");
          }
          aliases_[name] = e + 1;
          items_.push_back({e + 1});
        } else {
          items_.push_back({q});
        }
      }
      size_t nl = s_.find('\n', start);
      if (nl == std::string::npos) break;
      start = nl + 1;
    }
  }

  // Whether the attribute at `pos` is a layout (or an unknown ttg kind, which
  // is reported when parsed); aliases are followed.
  bool is_layout_at(size_t pos, int depth) {
    p_ = pos;
    ws();
    if (peek() != '#' || depth > io::kMaxDepth) return false;
    ++p_;
    std::string name = ident();
    size_t dot = name.find('.');
    if (dot == std::string::npos) {
      auto it = aliases_.find(name);
      return it == aliases_.end() || is_layout_at(it->second, depth + 1);  // undefined: reported when parsed
    }
    std::string dialect = name.substr(0, dot), kind = normalize_kind(name.substr(dot + 1));
    if (dialect == "ttng" || dialect == "triton_nvidia_gpu") return !ttng_kind(name.substr(dot + 1)).empty();
    return (dialect == "ttg" || dialect == "triton_gpu") && kind != "cta_layout" && kind != "shared_memory";
  }

  // #ttng.tensor_memory_encoding / _scales_encoding -> the kind name; "" for
  // anything else (#ttng.tensor_memory is a memory space).
  static std::string ttng_kind(const std::string& mnemonic) {
    if (mnemonic == "tensor_memory_encoding") return "tensor_memory";
    if (mnemonic == "tensor_memory_scales_encoding") return "tensor_memory_scales";
    return "";
  }

  void rest_of_line_empty() {
    while (p_ < s_.size() && (s_[p_] == ' ' || s_[p_] == '\t' || s_[p_] == '\r')) ++p_;
    if (p_ + 1 < s_.size() && s_[p_] == '/' && s_[p_ + 1] == '/') return;
    if (p_ < s_.size() && s_[p_] != '\n') err("unexpected " + found() + " after the layout");
  }

  // The first tensor<...> / !ttg.memdesc<...> type that carries a layout.
  std::optional<TensorLayout> first_type() {
    for (size_t i = 0; i < s_.size(); ++i) {
      char c = s_[i];
      if (c == '"') {
        for (++i; i < s_.size() && s_[i] != '"'; ++i)
          if (s_[i] == '\\') ++i;
        continue;
      }
      if (c == '/' && i + 1 < s_.size() && s_[i + 1] == '/') {
        while (i < s_.size() && s_[i] != '\n') ++i;
        continue;
      }
      if (i > 0 && id_char(s_[i - 1])) continue;
      for (const char* name : {"tensor", "!ttg.memdesc"}) {
        size_t n = std::char_traits<char>::length(name);
        if (s_.compare(i, n, name) != 0 || (i + n < s_.size() && id_char(s_[i + n]))) continue;
        p_ = i + n;
        ws();
        if (peek() != '<') continue;
        p_ = i;
        if (auto t = type()) return t;
      }
    }
    return std::nullopt;
  }

  std::optional<TensorLayout> type() {
    bool memdesc = s_[p_] == '!';
    std::string name = memdesc ? "!ttg.memdesc" : "tensor";
    p_ += name.size();
    expect('<', "after " + name);
    TensorLayout t;
    shape_and_elem(t, name);
    if (!eat(',')) {
      if (memdesc) err("expected ',' after the element type of !ttg.memdesc, found " + found());
      expect('>', "to close tensor<");
      return std::nullopt;
    }
    ws();
    if (peek() != '#') err("expected a layout attribute in " + name + "<...>, found " + found());
    Val v = attribute();
    if (v.kind != Val::Layout) err("expected a layout attribute in " + name + "<...>");
    t.spec = v.layout.spec;
    t.spec = with_wmma_rank(t.spec, t.shape.size());
    // Memory space, `mutable` and the allocation shape of a memdesc.
    while (memdesc && eat(',')) skip_item();
    expect('>', "to close " + name + "<");
    return t;
  }

  void shape_and_elem(TensorLayout& t, const std::string& name) {
    Fields dims("tensor shape");
    for (ws(); digit(peek());) {
      size_t b = p_;
      while (digit(peek())) ++p_;
      t.shape.push_back(dims.to_int32(io::int_val(s_.substr(b, p_ - b), false), "dimension"));
      ws();
      if (peek() != 'x') err("expected 'x' after a dimension of " + name + "<...>, found " + found());
      ++p_;
      ws();
    }
    if (t.shape.empty()) err("expected the shape of " + name + "<...>, found " + found());
    size_t b = p_;
    if (peek() == '!') {
      ++p_;
      ident();
      if (peek() == '<') skip_balanced();
    } else {
      while (p_ < s_.size() && (id_char(s_[p_]) && s_[p_] != '.')) ++p_;
    }
    t.elem = s_.substr(b, p_ - b);
    t.elem_bits = io::elem_bits_of(t.elem);
    if (t.elem.empty()) err("expected an element type in " + name + "<...>, found " + found());
    if (t.elem_bits == 0) {
      p_ = b;
      err("unknown element type '" + io::shown(t.elem) + "'");
    }
    t.elem_named = true;
  }

  // Skips <...> starting at '<', or one item of a type up to ',' or '>'.
  void skip_balanced() {
    Depth d(*this);
    char open = s_[p_++], close = open == '<' ? '>' : open == '[' ? ']' : open == '{' ? '}' : ')';
    while (p_ < s_.size() && s_[p_] != close) {
      if (std::string("<[{(").find(s_[p_]) != std::string::npos)
        skip_balanced();
      else
        ++p_;
    }
    if (p_ >= s_.size()) err(std::string("expected '") + close + "', found end of text");
    ++p_;
  }
  void skip_item() {
    ws();
    size_t b = p_;
    while (p_ < s_.size() && s_[p_] != ',' && s_[p_] != '>') {
      if (std::string("<[{(").find(s_[p_]) != std::string::npos)
        skip_balanced();
      else
        ++p_;
    }
    if (p_ == b) err("expected a memdesc parameter, found " + found());
  }

  Val value(const std::string& key) {
    Depth d(*this);
    ws();
    char c = peek();
    if (c == '[') {
      ++p_;
      Val v;
      v.kind = Val::List;
      if (eat(']')) return v;
      do v.list.push_back(value(key));
      while (eat(','));
      expect(']', "to close the list of " + key);
      return v;
    }
    if (c == '-' || digit(c)) {
      bool neg = c == '-';
      if (neg) ++p_;
      size_t b = p_;
      while (digit(peek())) ++p_;
      if (p_ == b) err("expected a digit after '-' in " + key + ", found " + found());
      Val v = io::int_val(s_.substr(b, p_ - b), neg);
      skip_int_type();
      return v;
    }
    if (c == '#') return attribute();
    std::string word = ident();
    if (word == "true" || word == "false") {
      Val v;
      v.kind = Val::Bool;
      v.b = word == "true";
      return v;
    }
    if (!word.empty()) p_ -= word.size();
    err("expected a value for " + key + ", found " + found());
  }

  // `1 : i32`, as older Triton printed some integers.
  void skip_int_type() {
    size_t save = p_;
    if (eat(':')) {
      ws();
      if (peek() == 'i') {
        ++p_;
        if (digit(peek())) {
          while (digit(peek())) ++p_;
          return;
        }
      }
    }
    p_ = save;
  }

  Val attribute() {
    Depth d(*this);
    ws();
    size_t at = p_;
    expect('#', "to start an attribute");
    std::string name = ident();
    if (name.empty()) err("expected an attribute name after '#', found " + found());
    size_t dot = name.find('.');
    if (dot == std::string::npos) return alias(name, at);
    std::string dialect = name.substr(0, dot), kind = normalize_kind(name.substr(dot + 1));
    if (dialect == "ttng" || dialect == "triton_nvidia_gpu") {
      kind = ttng_kind(name.substr(dot + 1));
      if (kind.empty()) {
        p_ = at;
        err("#" + name + " is not a tensor-memory layout (expected #ttng.tensor_memory_encoding<...> or "
            "#ttng.tensor_memory_scales_encoding<...>)");
      }
      expect('<', "after #" + name);
      Val v;
      v.kind = Val::Layout;
      Fields f(kind);
      bare_fields(f, "#" + name);
      v.layout.spec = std::make_shared<const Spec>(io::build_spec(kind, f));
      return v;
    }
    if (dialect != "ttg" && dialect != "triton_gpu") {
      p_ = at;
      err("unsupported attribute #" + name + " (expected a #ttg layout)");
    }
    if (kind == "shared_memory") err("#" + name + " is a memory space, not a layout");
    if (kind != "cta_layout" && kind != "shared" && !io::is_kind(kind)) {
      p_ = at;
      err("unknown layout kind #" + name);
    }
    expect('<', "after #" + name);
    Val v;
    v.kind = Val::Layout;
    Fields f(kind);
    if (kind == "padded_shared") {
      v.layout.spec = make_spec(padded(f));
    } else {
      fields(f, "#" + name);
      if (kind == "shared_linear") {
        expect(',', "after the bases of #" + name);
        ws();
        if (ident() != "alignment") err("expected 'alignment' in #" + name + ", found " + found());
        expect('=', "after alignment");
        f.add("alignment", value("alignment"));
      }
      if (kind == "cta_layout") {
        v.kind = Val::Cga;
        v.cga = cta_layout(f);
      } else if (kind == "shared") {
        if (f.has("hasLeadingOffset") && f.boolean("hasLeadingOffset"))
          fail("shared: hasLeadingOffset = true (the old NVMMA form) is not supported; use #ttg.nvmma_shared");
        v.layout.spec = std::make_shared<const Spec>(io::build_spec("swizzled_shared", f));
      } else {
        v.layout.spec = std::make_shared<const Spec>(io::build_spec(kind, f));
      }
    }
    expect('>', "to close #" + name + "<");
    return v;
  }

  Val alias(const std::string& name, size_t at) {
    if (auto it = cache_.find(name); it != cache_.end()) return it->second;
    auto def = aliases_.find(name);
    if (def == aliases_.end()) {
      p_ = at;
      err("undefined alias #" + name);
    }
    if (!resolving_.insert(name).second) {
      p_ = at;
      err("alias #" + name + " refers to itself");
    }
    size_t save = p_;
    p_ = def->second;
    ws();
    if (peek() != '#') err("expected an attribute after '#" + name + " =', found " + found());
    Val v = attribute();
    p_ = save;
    resolving_.erase(name);
    return cache_[name] = v;
  }

  // { key = value, ... }; commas between entries may be left out, as in
  // hand-written text that puts one entry per line.
  void fields(Fields& f, const std::string& attr) {
    expect('{', "after " + attr + "<");
    if (eat('}')) return;
    for (;;) {
      ws();
      std::string key = ident();
      if (key.empty()) err("expected a field name in " + attr + ", found " + found());
      expect('=', "after " + key);
      if (key == "ctaLayout") cta_bases(f);
      else f.add(key, value(key));
      if (eat('}')) return;
      if (eat(',')) continue;
      ws();
      if (!id_start(peek())) err("expected ',' or '}' after the value of " + key + ", found " + found());
    }
  }

  // Triton 3.9's WMMA `ctaLayout = {register = [..], warp = [..]}`: fields
  // ctaLayout.register / ctaLayout.warp, and ctaLayout itself as a marker.
  void cta_bases(Fields& f) {
    Val marker;
    marker.kind = Val::Bool;
    marker.b = true;
    f.add("ctaLayout", marker);
    expect('{', "after ctaLayout =");
    if (eat('}')) return;
    do {
      ws();
      std::string key = ident();
      if (key != "register" && key != "warp") err("expected 'register' or 'warp' in ctaLayout, found " + found());
      expect('=', "after " + key);
      f.add("ctaLayout." + key, value(key), "ctaLayout." + key);
    } while (eat(','));
    expect('}', "to close ctaLayout");
  }

  // key = value, ... up to and including '>' (the ttng attributes have no braces).
  void bare_fields(Fields& f, const std::string& attr) {
    if (eat('>')) return;
    for (;;) {
      ws();
      std::string key = ident();
      if (key.empty()) err("expected a field name in " + attr + ", found " + found());
      expect('=', "after " + key);
      f.add(key, value(key));
      if (eat('>')) return;
      expect(',', "or '>' after the value of " + key);
    }
  }

  CgaLayout cta_layout(Fields& f) {
    Fields legacy("cta_layout");
    for (auto [key, legacy_key] : {std::pair{"ctasPerCluster", "CTAsPerCGA"}, std::pair{"CTAsPerCGA", "CTAsPerCGA"},
                                   std::pair{"ctasSplitNum", "CTASplitNum"}, std::pair{"CTASplitNum", "CTASplitNum"},
                                   std::pair{"ctaOrder", "CTAOrder"}, std::pair{"CTAOrder", "CTAOrder"}})
      if (f.has(key)) legacy.add(legacy_key, f.take(key), key);
    f.done();
    if (!legacy.has("CTAsPerCGA") || !legacy.has("CTASplitNum") || !legacy.has("CTAOrder"))
      fail("cta_layout: needs ctasPerCluster, ctasSplitNum and ctaOrder");
    CgaLayout c = legacy.cga();
    legacy.done();
    return c;
  }

  // <[interval:+pad, ...] {order = [..], shape = [..]}> or {offset = .., block = ..}
  PaddedShared padded(Fields& f) {
    PaddedShared ps;
    expect('[', "after #ttg.padded_shared<");
    do {
      ws();
      Val interval = value("interval");
      expect(':', "after a padded_shared interval");
      expect('+', "after ':' in a padded_shared interval");
      Val pad = value("padding");
      ps.interval_pads.emplace_back(f.to_int32(interval, "interval"), f.to_int32(pad, "padding"));
    } while (eat(','));
    expect(']', "to close the padded_shared intervals");
    fields(f, "#ttg.padded_shared");
    if (f.has("offset") || f.has("block")) {
      ps.offset = f.bases("offset", {});
      ps.block = f.bases("block", {});
      size_t rank = io::bases_rank({&ps.offset, &ps.block});
      if (rank == 0) fail("padded_shared: offset and block are empty, so the rank is unknown");
      ps.shape = io::inferred_shape({&ps.offset, &ps.block}, rank);
    } else {
      Ints order = f.ints("order"), shape = f.ints("shape");
      if (order.size() != shape.size())
        fail("padded_shared: order has " + std::to_string(order.size()) + " entries; shape has " +
             std::to_string(shape.size()));
      std::vector<bool> seen(order.size());
      for (int32_t d : order) {
        if (d >= static_cast<int32_t>(order.size()) || seen[d])
          fail("padded_shared: order " + io::list_str(order) + " is not a permutation of 0.." +
               std::to_string(order.size() - 1));
        seen[d] = true;
      }
      for (int32_t n : shape)
        if (n <= 0 || (n & (n - 1))) fail("padded_shared: shape value " + std::to_string(n) + " is not a power of two");
      for (int32_t d : order)
        for (int32_t v = 1; v < shape[d]; v <<= 1) {
          Ints basis(shape.size(), 0);
          basis[d] = v;
          ps.offset.push_back(basis);
        }
      ps.shape.assign(shape.begin(), shape.end());
    }
    f.done();
    return ps;
  }

  std::map<std::string, size_t> aliases_;
  std::vector<Item> items_;
  std::map<std::string, Val> cache_;
  std::set<std::string> resolving_;
};

std::string cga_str(const CgaLayout& c) {
  return c.bases.empty() ? "" : ", CGALayout = " + io::bases_str(c.bases);
}
std::string tiles_str(const Ints& t) {
  return io::canonical_tiles(t).empty() ? "" : ", tilesPerWarp = " + io::list_str(t);
}
std::string bool_str(bool b) { return b ? "true" : "false"; }

// Triton's orderPerDim: dims in the order the offset bases first move along
// them, then the rest from rank-1 down to 0.
Ints order_of(const Bases& offset, size_t rank) {
  Ints order;
  auto add = [&](int32_t d) {
    if (std::find(order.begin(), order.end(), d) == order.end()) order.push_back(d);
  };
  for (const Ints& b : offset)
    for (size_t d = 0; d < b.size() && d < rank; ++d)
      if (b[d] != 0) {
        add(static_cast<int32_t>(d));
        break;
      }
  for (size_t d = rank; d-- > 0;) add(static_cast<int32_t>(d));
  return order;
}

std::string padded_str(const PaddedShared& p) {
  std::string s = "#ttg.padded_shared<[";
  for (size_t i = 0; i < p.interval_pads.size(); ++i)
    s += (i ? ", " : "") + std::to_string(p.interval_pads[i].first) + ":+" + std::to_string(p.interval_pads[i].second);
  s += "] {";
  size_t rank = io::bases_rank({&p.offset, &p.block});
  if (rank == 0) rank = p.shape.size();
  Shape shape = io::inferred_shape({&p.offset, &p.block}, rank);
  Ints order = order_of(p.offset, rank);
  Bases identity;
  for (int32_t d : order)
    for (int64_t v = 1; v < shape[d]; v <<= 1) {
      Ints basis(rank, 0);
      basis[d] = static_cast<int32_t>(v);
      identity.push_back(basis);
    }
  if (p.block.empty() && p.offset == identity) {
    Ints dims(shape.begin(), shape.end());
    s += "order = " + io::list_str(order) + ", shape = " + io::list_str(dims);
  } else {
    s += "offset = " + io::bases_str(p.offset) + ", block = " + io::bases_str(p.block);
  }
  return s + "}>";
}

}  // namespace

TensorLayout parse_mlir(const std::string& text) {
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) fail("empty layout text");
  return Parser(text).document();
}

std::string print_mlir_attr(const Spec& spec) {
  using io::bases_str;
  using io::list_str;
  if (auto* b = std::get_if<Blocked>(&spec.v))
    return "#ttg.blocked<{sizePerThread = " + list_str(b->size_per_thread) +
           ", threadsPerWarp = " + list_str(b->threads_per_warp) + ", warpsPerCTA = " + list_str(b->warps_per_cta) +
           ", order = " + list_str(b->order) + cga_str(b->cga) + "}>";
  if (auto* s = std::get_if<Slice>(&spec.v))
    return "#ttg.slice<{dim = " + std::to_string(s->dim) + ", parent = " + print_mlir_attr(*s->parent) + "}>";
  if (auto* l = std::get_if<DistributedLinear>(&spec.v))
    return "#ttg.linear<{register = " + bases_str(l->reg) + ", lane = " + bases_str(l->lane) +
           ", warp = " + bases_str(l->warp) + ", block = " + bases_str(l->block) + "}>";
  if (auto* m = std::get_if<NvidiaMma>(&spec.v))
    return "#ttg.nvidia_mma<{versionMajor = " + std::to_string(m->version_major) +
           ", versionMinor = " + std::to_string(m->version_minor) + ", warpsPerCTA = " + list_str(m->warps_per_cta) +
           cga_str(m->cga) + ", instrShape = " + list_str(m->instr_shape) + "}>";
  if (auto* d = std::get_if<DotOperand>(&spec.v))
    return "#ttg.dot_op<{opIdx = " + std::to_string(d->op_idx) + ", parent = " + print_mlir_attr(*d->parent) +
           (d->k_width ? ", kWidth = " + std::to_string(d->k_width) : "") + "}>";
  if (auto* m = std::get_if<AmdMfma>(&spec.v))
    return "#ttg.amd_mfma<{version = " + std::to_string(m->version) + ", warpsPerCTA = " + list_str(m->warps_per_cta) +
           ", instrShape = " + list_str(m->instr_shape) + ", isTransposed = " + bool_str(m->transposed) +
           cga_str(m->cga) + tiles_str(m->tiles_per_warp) +
           (m->element_bitwidth != 32 ? ", elementBitWidth = " + std::to_string(m->element_bitwidth) : "") + "}>";
  if (auto* m = std::get_if<AmdWmma>(&spec.v); m && m->cta_bases) {
    std::string cta;
    if (!m->cta_register.empty()) cta += "register = " + io::bases_str(m->cta_register);
    if (!m->cta_warp.empty()) cta += (cta.empty() ? "" : ", ") + std::string("warp = ") + io::bases_str(m->cta_warp);
    return "#ttg.amd_wmma<{version = " + std::to_string(m->version) + ", isTranspose = " + bool_str(m->transposed) +
           ", ctaLayout = {" + cta + "}" + cga_str(m->cga) +
           (io::canonical_wmma_instr(m->instr_shape).empty() ? "" : ", instrShape = " + io::list_str(m->instr_shape)) +
           "}>";
  }
  if (auto* m = std::get_if<AmdWmma>(&spec.v))
    return "#ttg.amd_wmma<{version = " + std::to_string(m->version) + ", isTranspose = " + bool_str(m->transposed) +
           ", warpsPerCTA = " + list_str(m->warps_per_cta) + cga_str(m->cga) + tiles_str(m->tiles_per_warp) +
           (io::canonical_wmma_instr(m->instr_shape).empty() ? "" : ", instrShape = " + list_str(m->instr_shape)) +
           "}>";
  auto swizzled = [](const char* kind, int32_t vec, int32_t per, int32_t max, const Ints& order, const CgaLayout& c) {
    return std::string("#ttg.") + kind + "<{vec = " + std::to_string(vec) + ", perPhase = " + std::to_string(per) +
           ", maxPhase = " + std::to_string(max) + ", order = " + io::list_str(order) + cga_str(c) + "}>";
  };
  if (auto* w = std::get_if<SwizzledShared>(&spec.v))
    return swizzled("swizzled_shared", w->vec, w->per_phase, w->max_phase, w->order, w->cga);
  if (auto* w = std::get_if<AmdRotatingShared>(&spec.v))
    return swizzled("amd_rotating_shared", w->vec, w->per_phase, w->max_phase, w->order, w->cga);
  if (auto* n = std::get_if<NvmmaShared>(&spec.v))
    return "#ttg.nvmma_shared<{swizzlingByteWidth = " + std::to_string(n->swizzle_bytes) +
           ", transposed = " + bool_str(n->transposed) + ", elementBitWidth = " + std::to_string(n->element_bitwidth) +
           (n->fp4_padded ? ", fp4Padded = true" : "") +
           (n->cga.bases.empty() && n->rank != 2 ? ", rank = " + std::to_string(n->rank) : cga_str(n->cga)) + "}>";
  if (auto* l = std::get_if<SharedLinear>(&spec.v))
    return "#ttg.shared_linear<{offset = " + bases_str(l->offset) +
           (l->block.empty() ? "" : ", block = " + bases_str(l->block)) +
           "}, alignment = " + std::to_string(l->alignment) + ">";
  if (auto* t = std::get_if<TensorMemory>(&spec.v))
    return "#ttng.tensor_memory_encoding<blockM = " + std::to_string(t->block_m) +
           ", blockN = " + std::to_string(t->block_n) + ", colStride = " + std::to_string(t->col_stride) +
           (t->cga.bases.empty() ? "" : ", CGALayout = " + bases_str(t->cga.bases)) +
           (t->two_ctas ? ", twoCTAs = true" : "") + (t->fp4_padded ? ", fp4Padded = true" : "") + ">";
  if (auto* m = std::get_if<AmdMfmaScale>(&spec.v))
    return "#ttg.amd_mfma_scale<{opIdx = " + std::to_string(m->op_idx) + ", parent = " + print_mlir_attr(Spec{m->parent}) +
           ", scaleFactor = " + std::to_string(m->scale_factor) + "}>";
  if (auto* w = std::get_if<AmdWmmaScale>(&spec.v))
    return "#ttg.amd_wmma_scale<{opIdx = " + std::to_string(w->op_idx) + ", parent = " + print_mlir_attr(Spec{w->parent}) +
           ", scaleFactor = " + std::to_string(w->scale_factor) + "}>";
  if (auto* p = std::get_if<PartitionedShared>(&spec.v))
    return "#ttg.partitioned_shared<{numPartitions = " + std::to_string(p->num_partitions) +
           ", numGroups = " + std::to_string(p->num_groups) + ", partitionDim = " + std::to_string(p->partition_dim) +
           ", partitionLayout = " + print_mlir_attr(*p->inner) + "}>";
  if (auto* t = std::get_if<TensorMemoryScales>(&spec.v))
    return "#ttng.tensor_memory_scales_encoding<" +
           (t->cga.bases.empty() ? std::string() : "CGALayout = " + bases_str(t->cga.bases)) + ">";
  return padded_str(std::get<PaddedShared>(spec.v));
}

std::string print_mlir(const TensorLayout& t) {
  std::string attr = print_mlir_attr(*t.spec);
  if (t.shape.empty()) return attr;
  std::string dims;
  for (int64_t d : t.shape) dims += std::to_string(d) + "x";
  if (is_shared(*t.spec))
    return "!ttg.memdesc<" + dims + t.elem + ", " + attr + ", #ttg.shared_memory, mutable>";
  if (is_tensor_memory(*t.spec))
    return "!ttg.memdesc<" + dims + t.elem + ", " + attr + ", #ttng.tensor_memory, mutable>";
  return "tensor<" + dims + t.elem + ", " + attr + ">";
}

}  // namespace ls
