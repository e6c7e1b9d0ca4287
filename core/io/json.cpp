// layoutscope's own JSON format (docs/json-format.md): a versioned envelope
// with the tensor shape and element type, and the layout as "kind" and
// "params", whose keys are the names of Triton's MLIR attribute fields.
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>
#include <variant>

#include "../cute/cute_layout.h"
#include "../error.h"
#include "../tilus/tilus_layout.h"
#include "fields.h"
#include "text.h"

namespace ls {
namespace {

using io::Fields;
using io::Val;
using json = nlohmann::json;

constexpr int kVersion = 1;

Val to_val(const json& j, const std::string& ctx, const std::string& key) {
  Val v;
  switch (j.type()) {
    case json::value_t::number_integer: {
      v.kind = Val::Int;
      v.i = j.get<int64_t>();
      v.text = std::to_string(v.i);
      return v;
    }
    case json::value_t::number_unsigned:
      return io::int_val(std::to_string(j.get<uint64_t>()), false);
    case json::value_t::number_float: {
      double d = j.get<double>();
      if (std::isfinite(d) && std::floor(d) == d) {
        v.kind = Val::Int;
        v.text = j.dump();
        v.overflow = std::fabs(d) >= 9.2e18;
        v.i = v.overflow ? 0 : static_cast<int64_t>(d);
        return v;
      }
      fail(ctx + ": " + key + " value " + j.dump() + " is not an integer");
    }
    case json::value_t::boolean:
      v.kind = Val::Bool;
      v.b = j.get<bool>();
      return v;
    case json::value_t::null:
      return v;
    case json::value_t::array:
      v.kind = Val::List;
      for (const json& x : j) v.list.push_back(to_val(x, ctx, key));
      return v;
    default:
      fail(ctx + ": " + key + " must be " + (j.is_string() ? "a number or list, not a string" : "a number or list"));
  }
}

SpecPtr spec_from(const json& j, const std::string& where) {
  if (!j.is_object()) fail(where + " must be an object with \"kind\" and \"params\"");
  for (auto it = j.begin(); it != j.end(); ++it)
    if (it.key() != "kind" && it.key() != "params") fail(where + ": unknown key '" + io::shown(it.key()) + "'");
  if (!j.contains("kind") || !j["kind"].is_string()) fail(where + ": \"kind\" must be a string");
  std::string kind = j["kind"].get<std::string>();
  if (!io::is_kind(kind)) fail(where + ": unknown layout kind '" + io::shown(kind) + "'");
  if (!j.contains("params") || !j["params"].is_object()) fail(kind + ": \"params\" must be an object");
  Fields f(kind);
  for (auto it = j["params"].begin(); it != j["params"].end(); ++it) {
    Val v;
    if ((it.key() == "parent" || it.key() == "partitionLayout") && it->is_object()) {
      v.kind = Val::Layout;
      v.layout.spec = spec_from(*it, kind + "." + it.key());
    } else if (it.key() == "ctaLayout" && it->is_object()) {  // amd_wmma, Triton 3.9
      for (auto c = it->begin(); c != it->end(); ++c) {
        if (c.key() != "register" && c.key() != "warp")
          fail(kind + ": ctaLayout has no key '" + io::shown(c.key()) + "' (expected register, warp)");
        f.add("ctaLayout." + c.key(), to_val(*c, kind, "ctaLayout." + c.key()));
      }
      v.kind = Val::Bool;
      v.b = true;
    } else {
      v = to_val(*it, kind, it.key());
    }
    if (v.kind != Val::None) f.add(it.key(), std::move(v));
  }
  return std::make_shared<const Spec>(io::build_spec(kind, f));
}

// Refuses deep nesting before nlohmann's parser sees it.
void check_depth(const std::string& text) {
  int depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > io::kMaxDepth)
        io::syntax_error(text, i, "nesting deeper than " + std::to_string(io::kMaxDepth) + " levels");
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
}

// nlohmann's message without its prefix, and printable ASCII only.
std::string json_message(const std::string& what) {
  std::string m = what;
  if (auto at = m.find("parse error at "); at != std::string::npos) m = m.substr(at + 15);
  else if (auto br = m.find("] "); br != std::string::npos) m = m.substr(br + 2);
  for (char& c : m)
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = '?';
  return m;
}

// One JSON value as text: a number, a bool, an inline list, or a nested spec.
struct Item {
  std::string key;
  std::variant<std::string, SpecPtr> value;
};

std::string num(int64_t v) { return std::to_string(v); }
std::string boolean(bool b) { return b ? "true" : "false"; }

std::vector<Item> params(const Spec& spec) {
  using io::bases_str;
  using io::list_str;
  if (auto* b = std::get_if<Blocked>(&spec.v))
    return {{"sizePerThread", list_str(b->size_per_thread)},
            {"threadsPerWarp", list_str(b->threads_per_warp)},
            {"warpsPerCTA", list_str(b->warps_per_cta)},
            {"order", list_str(b->order)},
            {"CGALayout", bases_str(b->cga.bases)}};
  if (auto* s = std::get_if<Slice>(&spec.v)) return {{"dim", num(s->dim)}, {"parent", s->parent}};
  if (auto* l = std::get_if<DistributedLinear>(&spec.v))
    return {{"register", bases_str(l->reg)},
            {"lane", bases_str(l->lane)},
            {"warp", bases_str(l->warp)},
            {"block", bases_str(l->block)}};
  if (auto* m = std::get_if<NvidiaMma>(&spec.v))
    return {{"versionMajor", num(m->version_major)},
            {"versionMinor", num(m->version_minor)},
            {"warpsPerCTA", list_str(m->warps_per_cta)},
            {"instrShape", list_str(m->instr_shape)},
            {"CGALayout", bases_str(m->cga.bases)}};
  if (auto* d = std::get_if<DotOperand>(&spec.v))
    return {{"opIdx", num(d->op_idx)}, {"parent", d->parent}, {"kWidth", num(d->k_width)}};
  if (auto* m = std::get_if<AmdMfma>(&spec.v))
    return {{"version", num(m->version)},
            {"warpsPerCTA", list_str(m->warps_per_cta)},
            {"instrShape", list_str(m->instr_shape)},
            {"isTransposed", boolean(m->transposed)},
            {"elementBitWidth", num(m->element_bitwidth)},
            {"tilesPerWarp", list_str(io::tiles_or_ones(m->tiles_per_warp, m->warps_per_cta.size()))},
            {"CGALayout", bases_str(m->cga.bases)}};
  if (auto* m = std::get_if<AmdWmma>(&spec.v); m && m->cta_bases)
    return {{"version", num(m->version)},
            {"isTranspose", boolean(m->transposed)},
            {"ctaLayout", "{\"register\": " + bases_str(m->cta_register) + ", \"warp\": " + bases_str(m->cta_warp) + "}"},
            {"instrShape", list_str(io::wmma_instr_or_default(m->instr_shape))},
            {"CGALayout", bases_str(m->cga.bases)},
            {"rank", num(m->rank)}};
  if (auto* m = std::get_if<AmdWmma>(&spec.v))
    return {{"version", num(m->version)},
            {"isTranspose", boolean(m->transposed)},
            {"warpsPerCTA", list_str(m->warps_per_cta)},
            {"instrShape", list_str(io::wmma_instr_or_default(m->instr_shape))},
            {"tilesPerWarp", list_str(io::tiles_or_ones(m->tiles_per_warp, m->warps_per_cta.size()))},
            {"CGALayout", bases_str(m->cga.bases)}};
  auto swizzled = [](int32_t vec, int32_t per, int32_t max, const Ints& order, const CgaLayout& c) {
    return std::vector<Item>{{"vec", num(vec)},
                             {"perPhase", num(per)},
                             {"maxPhase", num(max)},
                             {"order", io::list_str(order)},
                             {"CGALayout", io::bases_str(c.bases)}};
  };
  if (auto* w = std::get_if<SwizzledShared>(&spec.v))
    return swizzled(w->vec, w->per_phase, w->max_phase, w->order, w->cga);
  if (auto* w = std::get_if<AmdRotatingShared>(&spec.v))
    return swizzled(w->vec, w->per_phase, w->max_phase, w->order, w->cga);
  if (auto* n = std::get_if<NvmmaShared>(&spec.v))
    return {{"swizzlingByteWidth", num(n->swizzle_bytes)},
            {"transposed", boolean(n->transposed)},
            {"elementBitWidth", num(n->element_bitwidth)},
            {"fp4Padded", boolean(n->fp4_padded)},
            {"rank", num(n->rank)},
            {"CGALayout", bases_str(n->cga.bases)}};
  if (auto* l = std::get_if<SharedLinear>(&spec.v))
    return {{"offset", bases_str(l->offset)}, {"block", bases_str(l->block)}, {"alignment", num(l->alignment)}};
  if (auto* t = std::get_if<TensorMemory>(&spec.v))
    return {{"blockM", num(t->block_m)},
            {"blockN", num(t->block_n)},
            {"colStride", num(t->col_stride)},
            {"CGALayout", bases_str(t->cga.bases)},
            {"twoCTAs", boolean(t->two_ctas)},
            {"fp4Padded", boolean(t->fp4_padded)}};
  if (auto* t = std::get_if<TensorMemoryScales>(&spec.v)) return {{"CGALayout", bases_str(t->cga.bases)}};
  if (auto* p = std::get_if<PartitionedShared>(&spec.v))
    return {{"numPartitions", num(p->num_partitions)},
            {"numGroups", num(p->num_groups)},
            {"partitionDim", num(p->partition_dim)},
            {"partitionLayout", p->inner}};
  if (auto* m = std::get_if<AmdMfmaScale>(&spec.v))
    return {{"opIdx", num(m->op_idx)}, {"parent", make_spec(m->parent)}, {"scaleFactor", num(m->scale_factor)}};
  if (auto* w = std::get_if<AmdWmmaScale>(&spec.v))
    return {{"opIdx", num(w->op_idx)}, {"parent", make_spec(w->parent)}, {"scaleFactor", num(w->scale_factor)}};
  const auto& p = std::get<PaddedShared>(spec.v);
  Bases pairs;
  for (auto [interval, pad] : p.interval_pads) pairs.push_back({interval, pad});
  std::string shape = "[";
  for (size_t i = 0; i < p.shape.size(); ++i) shape += (i ? ", " : "") + num(p.shape[i]);
  return {{"intervalPaddings", bases_str(pairs)},
          {"offset", bases_str(p.offset)},
          {"block", bases_str(p.block)},
          {"shape", shape + "]"}};
}

// "kind": ..., "params": {...} at `indent`.
std::string spec_body(const Spec& spec, const std::string& indent) {
  std::string out = indent + "\"kind\": \"" + kind_name(spec) + "\",\n" + indent + "\"params\": {";
  std::vector<Item> items = params(spec);
  std::string inner = indent + "  ";
  for (size_t i = 0; i < items.size(); ++i) {
    out += (i ? ",\n" : "\n") + inner + "\"" + items[i].key + "\": ";
    if (auto* text = std::get_if<std::string>(&items[i].value))
      out += *text;
    else
      out += "{\n" + spec_body(*std::get<SpecPtr>(items[i].value), inner + "  ") + "\n" + inner + "}";
  }
  return out + "\n" + indent + "}";
}

// "kind": "tilus" / "cute": the params of ForeignLayout::json_params.
TensorLayout foreign_from(const std::string& kind, const json& params) {
  if (!params.is_object()) fail(kind + ": \"params\" must be an object");
  if (kind == "cute") {
    for (auto it = params.begin(); it != params.end(); ++it)
      if (it.key() != "expr") fail("cute: unknown key '" + io::shown(it.key()) + "'");
    if (!params.contains("expr") || !params["expr"].is_string()) fail("cute: \"expr\" must be a string");
    return parse_cute(params["expr"].get<std::string>());
  }
  static const char* keys[] = {"shape", "mode_shape", "spatial_modes", "local_modes"};
  for (auto it = params.begin(); it != params.end(); ++it)
    if (std::find(std::begin(keys), std::end(keys), it.key()) == std::end(keys))
      fail("tilus: unknown key '" + io::shown(it.key()) + "'");
  std::vector<tilus::Vec> v;
  for (const char* k : keys) {
    if (!params.contains(k) || !params[k].is_array()) fail(std::string("tilus: \"") + k + "\" must be a list of integers");
    tilus::Vec x;
    for (const json& e : params[k]) {
      if (!e.is_number_integer()) fail(std::string("tilus: \"") + k + "\" must be a list of integers");
      x.push_back(e.get<int64_t>());
    }
    v.push_back(x);
  }
  return tilus::tensor_layout(tilus::register_layout(v[0], v[1], v[2], v[3]));
}

}  // namespace

TensorLayout parse_json(const std::string& text) {
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) fail("empty layout text");
  check_depth(text);
  json j;
  try {
    j = json::parse(text);
  } catch (const json::exception& e) {
    fail(json_message(e.what()));
  }
  if (!j.is_object()) fail("json: the top level must be an object");
  static const std::set<std::string> keys = {"format", "version", "kind", "params", "shape", "elem", "elemBits",
                                             "name", "description"};
  for (auto it = j.begin(); it != j.end(); ++it)
    if (!keys.count(it.key())) fail("json: unknown key '" + io::shown(it.key()) + "'");
  if (j.value("format", json()) != "layoutscope") fail("json: \"format\" must be \"layoutscope\"");
  for (const char* k : {"name", "description"})
    if (j.contains(k) && !j[k].is_string()) fail(std::string("json: \"") + k + "\" must be a string");
  if (!j.contains("version") || !j["version"].is_number_integer()) fail("json: \"version\" must be an integer");
  if (j["version"].get<int64_t>() != kVersion)
    fail("json: version " + j["version"].dump() + " is not supported (this build reads version 1)");

  TensorLayout t;
  json spec = json::object();
  spec["kind"] = j.value("kind", json());
  spec["params"] = j.value("params", json());
  bool foreign = spec["kind"] == "tilus" || spec["kind"] == "cute";
  if (foreign) t = foreign_from(spec["kind"].get<std::string>(), spec["params"]);
  else t.spec = spec_from(spec, "json");
  Fields top("json");
  if (j.contains("shape") && !j["shape"].is_null()) {
    Shape shape;
    for (int32_t d : top.to_ints(to_val(j["shape"], "json", "shape"), "shape")) shape.push_back(d);
    if (foreign && shape != t.shape) fail("json: \"shape\" does not match the " + spec["kind"].get<std::string>() + " layout's shape");
    t.shape = shape;
  }
  if (j.contains("elem")) {
    if (!j["elem"].is_string()) fail("json: \"elem\" must be a string");
    t.elem = j["elem"].get<std::string>();
  }
  int32_t known = io::elem_bits_of(t.elem);
  t.elem_named = j.contains("elem") || j.contains("elemBits");
  if (j.contains("elemBits")) {
    t.elem_bits = top.to_int32(to_val(j["elemBits"], "json", "elemBits"), "elemBits");
    if (known && t.elem_bits != known)
      fail("json: elemBits " + std::to_string(t.elem_bits) + " does not match elem " + io::shown(t.elem) + " (" +
           std::to_string(known) + " bits)");
  } else {
    if (!known) fail("json: unknown elem '" + io::shown(t.elem) + "'; give its size in elemBits");
    t.elem_bits = known;
  }
  return t;
}

std::string print_json(const TensorLayout& t) {
  std::string out = "{\n  \"format\": \"layoutscope\",\n  \"version\": " + std::to_string(kVersion) + ",\n";
  if (!t.shape.empty()) {
    std::string shape;
    for (size_t i = 0; i < t.shape.size(); ++i) shape += (i ? ", " : "") + std::to_string(t.shape[i]);
    out += "  \"shape\": [" + shape + "],\n";
  }
  out += "  \"elem\": " + json(t.elem).dump(-1, ' ', false, json::error_handler_t::replace) + ",\n  \"elemBits\": " + std::to_string(t.elem_bits) + ",\n";
  if (t.foreign)
    return out + "  \"kind\": \"" + t.foreign->family() + "\",\n  \"params\": " + t.foreign->json_params() + "\n}\n";
  return out + spec_body(*t.spec, "  ") + "\n}\n";
}

}  // namespace ls
