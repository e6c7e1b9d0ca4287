// Gluon Python text: layout constructor calls as Gluon's repr() prints them
// and as people type them (positional or keyword arguments, any module
// prefix such as ttgl. or gl., lists or tuples, True/False/None).
#include <set>

#include "../error.h"
#include "fields.h"
#include "scanner.h"
#include "text.h"

namespace ls {
namespace {

using io::Fields;
using io::Val;

struct Param {
  const char* name;  // Gluon argument
  const char* key;   // field key (MLIR name)
};
struct GluonClass {
  const char* name;
  const char* kind;
  size_t required;  // the first `required` params have no default
  std::vector<Param> params;
};

// AMDRotatingSharedLayout has no Gluon class; this one is layoutscope's own.
const std::vector<GluonClass>& classes() {
  static const std::vector<GluonClass> c = {
      {"BlockedLayout", "blocked", 4,
       {{"size_per_thread", "sizePerThread"}, {"threads_per_warp", "threadsPerWarp"},
        {"warps_per_cta", "warpsPerCTA"}, {"order", "order"}, {"cga_layout", "CGALayout"}}},
      {"SliceLayout", "slice", 2, {{"dim", "dim"}, {"parent", "parent"}}},
      {"DistributedLinearLayout", "linear", 5,
       {{"reg_bases", "register"}, {"lane_bases", "lane"}, {"warp_bases", "warp"}, {"block_bases", "block"},
        {"shape", "shape"}}},
      {"NVMMADistributedLayout", "nvidia_mma", 3,
       {{"version", "version"}, {"warps_per_cta", "warpsPerCTA"}, {"instr_shape", "instrShape"},
        {"cga_layout", "CGALayout"}}},
      {"DotOperandLayout", "dot_op", 3, {{"operand_index", "opIdx"}, {"parent", "parent"}, {"k_width", "kWidth"}}},
      {"AMDMFMALayout", "amd_mfma", 4,
       {{"version", "version"}, {"instr_shape", "instrShape"}, {"transposed", "isTransposed"},
        {"warps_per_cta", "warpsPerCTA"}, {"element_bitwidth", "elementBitWidth"},
        {"tiles_per_warp", "tilesPerWarp"}, {"cga_layout", "CGALayout"}}},
      {"AMDWMMALayout", "amd_wmma", 3,
       {{"version", "version"}, {"transposed", "isTranspose"}, {"warps_per_cta", "warpsPerCTA"},
        {"instr_shape", "instrShape"}, {"tiles_per_warp", "tilesPerWarp"}, {"cga_layout", "CGALayout"}}},
      // Triton 3.9's form (warp/register bases); call() picks it when a
      // warp_bases/reg_bases/rank keyword or a list of lists is given.
      {"AMDWMMALayout", "amd_wmma", 3,
       {{"version", "version"}, {"transposed", "isTranspose"}, {"warp_bases", "ctaLayout.warp"},
        {"reg_bases", "ctaLayout.register"}, {"instr_shape", "instrShape"}, {"cga_layout", "CGALayout"},
        {"rank", "rank"}}},
      // layoutscope's own name for get_wmma_scale_layout(dot_operand, shape, scale_factor).
      // layoutscope's own name for get_mfma_scale_layout(dot_operand, shape, scale_factor).
      {"AMDMFMAScaleLayout", "amd_mfma_scale", 2,
       {{"operand_index", "opIdx"}, {"parent", "parent"}, {"scale_factor", "scaleFactor"}}},
      {"AMDWMMAScaleLayout", "amd_wmma_scale", 2,
       {{"operand_index", "opIdx"}, {"parent", "parent"}, {"scale_factor", "scaleFactor"}}},
      {"SwizzledSharedLayout", "swizzled_shared", 4,
       {{"vec", "vec"}, {"per_phase", "perPhase"}, {"max_phase", "maxPhase"}, {"order", "order"},
        {"cga_layout", "CGALayout"}}},
      {"NVMMASharedLayout", "nvmma_shared", 2,
       {{"swizzle_byte_width", "swizzlingByteWidth"}, {"element_bitwidth", "elementBitWidth"}, {"rank", "rank"},
        {"transposed", "transposed"}, {"fp4_padded", "fp4Padded"}, {"cga_layout", "CGALayout"}}},
      {"SharedLinearLayout", "shared_linear", 1,
       {{"offset_bases", "offset"}, {"block_bases", "block"}, {"alignment", "alignment"}}},
      {"PaddedSharedLayout", "padded_shared", 4,
       {{"interval_padding_pairs", "intervalPaddings"}, {"offset_bases", "offset"}, {"block_bases", "block"},
        {"shape", "shape"}}},
      {"TensorMemoryLayout", "tensor_memory", 2,
       {{"block", "block"}, {"col_stride", "colStride"}, {"cga_layout", "CGALayout"}, {"two_ctas", "twoCTAs"},
        {"fp4_padded", "fp4Padded"}}},
      {"TensorMemoryScalesLayout", "tensor_memory_scales", 0, {{"cga_layout", "CGALayout"}}},
      {"PartitionedSharedLayout", "partitioned_shared", 4,
       {{"num_partitions", "numPartitions"}, {"num_groups", "numGroups"}, {"partition_dim", "partitionDim"},
        {"partition_layout", "partitionLayout"}}},
      // Gluon's mbarrier layout: a 1D swizzled layout whose constructor takes
      // only cga_layout (its repr prints the swizzled fields).
      {"MBarrierLayout", "swizzled_shared", 0,
       {{"cga_layout", "CGALayout"}, {"vec", "vec"}, {"per_phase", "perPhase"}, {"max_phase", "maxPhase"},
        {"order", "order"}}},
      {"AMDRotatingSharedLayout", "amd_rotating_shared", 4,
       {{"vec", "vec"}, {"per_phase", "perPhase"}, {"max_phase", "maxPhase"}, {"order", "order"},
        {"cga_layout", "CGALayout"}}},
  };
  return c;
}

using io::digit;
using io::id_start;

class Parser : io::Scanner {
public:
  explicit Parser(const std::string& s) : Scanner(s, Comments::python) {}

  TensorLayout document() {
    ws();
    // An optional `name =` in front of the call.
    size_t save = p_;
    std::string first = ident();
    ws();
    if (first.empty() || peek() != '=' || (p_ + 1 < s_.size() && s_[p_ + 1] == '=')) p_ = save;
    else ++p_;
    ws();
    if (!id_start(peek())) err("expected a Gluon layout such as BlockedLayout(...), found " + found());
    Val v = call();
    ws();
    if (p_ < s_.size()) err("unexpected " + found() + " after the layout");
    return v.layout;
  }

private:
  std::string ident() { return id_start(peek()) ? take(io::id_char) : ""; }

  Val value(const std::string& what) {
    Depth d(*this);
    ws();
    char c = peek();
    if (c == '[' || c == '(') {
      char close = c == '[' ? ']' : ')';
      ++p_;
      Val v;
      v.kind = Val::List;
      while (!eat(close)) {
        v.list.push_back(value(what));
        if (!eat(',')) {
          if (eat(close)) break;
          err(std::string("expected ',' or '") + close + "' in the list of " + what + ", found " + found());
        }
      }
      return v;
    }
    if (c == '-' || c == '+' || digit(c)) {
      bool neg = c == '-';
      if (!digit(c)) ++p_;
      size_t b = p_;
      while (digit(peek())) ++p_;
      if (p_ == b) err("expected a digit in " + what + ", found " + found());
      return io::int_val(s_.substr(b, p_ - b), neg);
    }
    if (!id_start(c)) err("expected a value for " + what + ", found " + found());
    size_t b = p_;
    std::string word = ident();
    Val v;
    if (word == "True" || word == "False") {
      v.kind = Val::Bool;
      v.b = word == "True";
      return v;
    }
    if (word == "None") return v;
    p_ = b;
    return call();
  }

  Val call() {
    Depth d(*this);
    size_t at = p_;
    std::string name = ident();
    while (peek() == '.') {
      ++p_;
      name = ident();
      if (name.empty()) err("expected a name after '.', found " + found());
    }
    std::vector<const GluonClass*> cands;
    for (const GluonClass& c : classes())
      if (name == c.name) cands.push_back(&c);
    if (cands.empty()) {
      p_ = at;
      err("unknown Gluon layout '" + name + "'");
    }
    if (!eat('(')) err("expected '(' after " + name + ", found " + found());
    const GluonClass* cls = cands.size() == 1 ? cands[0] : pick(cands);

    std::string ctx = cls->name;
    Fields f(ctx);
    if (cls != cands[0]) {  // the 3.9 WMMA form
      Val marker;
      marker.kind = Val::Bool;
      marker.b = true;
      f.add("ctaLayout", marker);
    }
    for (const Param& q : cls->params) f.label(q.key, q.name);
    f.label("versionMajor", "version");
    f.label("versionMinor", "version");
    std::set<std::string> given;
    Val shape;  // a linear layout's shape
    bool keywords = false;
    size_t positional = 0;
    while (!eat(')')) {
      ws();
      size_t arg_at = p_;
      std::string kw = ident();
      ws();
      const Param* param = nullptr;
      if (!kw.empty() && peek() == '=' && !(p_ + 1 < s_.size() && s_[p_ + 1] == '=')) {
        ++p_;
        keywords = true;
        for (const Param& q : cls->params)
          if (kw == q.name || (kw == "cga_layout" && std::string(q.name) == "block_bases" &&
                               std::string(cls->kind) == "padded_shared"))  // Triton 3.9's name
            param = &q;
        if (!param) {
          p_ = arg_at;
          std::vector<std::string> names;
          for (const Param& q : cls->params) names.push_back(q.name);
          err(ctx + " has no argument '" + kw + "'" + did_you_mean(kw, names));
        }
      } else {
        p_ = arg_at;
        if (keywords) err("positional argument follows keyword arguments in " + ctx + "(...)");
        if (positional >= cls->params.size())
          err(ctx + " takes " + std::to_string(cls->params.size()) + " arguments");
        param = &cls->params[positional++];
      }
      if (!given.insert(param->name).second) err(ctx + " got two values for " + param->name);
      Val v = value(param->name);
      if (v.kind != Val::None) add(f, *cls, *param, std::move(v), shape);
      if (!eat(',')) {
        if (eat(')')) break;
        err("expected ',' or ')' in " + ctx + "(...), found " + found());
      }
    }
    for (size_t i = 0; i < cls->required; ++i)
      if (!given.count(cls->params[i].name)) fail(ctx + ": missing argument " + cls->params[i].name);
    if (std::string(cls->name) == "MBarrierLayout") {
      Val one = io::int_val("1", false), dim0 = io::int_val("0", false), order;
      order.kind = Val::List;
      order.list.push_back(dim0);
      for (const char* k : {"vec", "perPhase", "maxPhase"})
        if (!f.has(k)) f.add(k, one);
      if (!f.has("order")) f.add("order", order);
    }

    Val v;
    v.kind = Val::Layout;
    Spec spec = io::build_spec(cls->kind, f);
    if (auto* l = std::get_if<DistributedLinear>(&spec.v)) {
      Ints dims = f.to_ints(shape, "shape");
      for (auto [bases, field] : {std::pair{&l->reg, "reg_bases"}, std::pair{&l->lane, "lane_bases"},
                                  std::pair{&l->warp, "warp_bases"}, std::pair{&l->block, "block_bases"}})
        for (const Ints& b : *bases)
          if (b.size() != dims.size())
            fail(ctx + ": " + field + " entry " + io::list_str(b) + " has " + std::to_string(b.size()) +
                 " values; shape has " + std::to_string(dims.size()));
      v.layout.shape.assign(dims.begin(), dims.end());
    }
    v.layout.spec = std::make_shared<const Spec>(std::move(spec));
    return v;
  }

  // Of a class's forms (first: the default), the one whose keyword names
  // the arguments use, else the one whose third positional argument is a
  // list of lists (or empty) when the second form has bases there.
  const GluonClass* pick(const std::vector<const GluonClass*>& cands) {
    size_t save = p_;
    const GluonClass* chosen = nullptr;
    for (size_t i = 0; !chosen && !eat(')'); ++i) {
      ws();
      size_t arg_at = p_;
      std::string kw = ident();
      ws();
      bool keyword = !kw.empty() && peek() == '=' && !(p_ + 1 < s_.size() && s_[p_ + 1] == '=');
      if (keyword) {
        ++p_;
        std::vector<const GluonClass*> with;
        for (const GluonClass* c : cands)
          for (const Param& q : c->params)
            if (kw == q.name) with.push_back(c);
        if (with.size() == 1) chosen = with[0];
      } else {
        p_ = arg_at;
      }
      Val v = value(keyword ? kw : "argument " + std::to_string(i + 1));
      if (!keyword && i == 2 && v.kind == Val::List && (v.list.empty() || v.list[0].kind == Val::List))
        chosen = cands[1];
      if (!eat(',')) break;
    }
    p_ = save;
    return chosen ? chosen : cands[0];
  }

  void add(Fields& f, const GluonClass& cls, const Param& param, Val v, Val& shape) {
    std::string key = param.key;
    if (key == "shape" && std::string(cls.kind) == "linear") {
      shape = std::move(v);
    } else if (key == "version" && std::string(cls.kind) == "nvidia_mma") {
      if (v.kind != Val::List || v.list.size() != 2)
        fail(std::string(cls.name) + ": version must be [major, minor]");
      f.add("versionMajor", v.list[0], "version");
      f.add("versionMinor", v.list[1], "version");
    } else {
      f.add(key, std::move(v), param.name);
    }
  }
};

std::string py_bool(bool b) { return b ? "True" : "False"; }

// Triton 3.6 names the third argument block_bases, 3.9 cga_layout.
std::string padded_gluon(const PaddedShared& p, const char* block_name) {
  Bases pairs;
  for (auto [interval, pad] : p.interval_pads) pairs.push_back({interval, pad});
  Ints shape;
  for (int64_t d : p.shape) shape.push_back(static_cast<int32_t>(d));
  return "PaddedSharedLayout(interval_padding_pairs=" + io::bases_str(pairs) + ", offset_bases=" + io::bases_str(p.offset) +
         ", " + block_name + "=" + io::bases_str(p.block) + ", shape=" + io::list_str(shape) + ")";
}

}  // namespace

TensorLayout parse_gluon(const std::string& text) {
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) fail("empty layout text");
  return Parser(text).document();
}

std::string print_gluon(const Spec& spec) {
  using io::bases_str;
  using io::list_str;
  auto cga = [](const CgaLayout& c) { return ", cga_layout=" + bases_str(c.bases) + ")"; };
  if (auto* b = std::get_if<Blocked>(&spec.v))
    return "BlockedLayout(size_per_thread=" + list_str(b->size_per_thread) +
           ", threads_per_warp=" + list_str(b->threads_per_warp) + ", warps_per_cta=" + list_str(b->warps_per_cta) +
           ", order=" + list_str(b->order) + cga(b->cga);
  if (auto* s = std::get_if<Slice>(&spec.v))
    return "SliceLayout(dim=" + std::to_string(s->dim) + ", parent=" + print_gluon(*s->parent) + ")";
  if (auto* l = std::get_if<DistributedLinear>(&spec.v)) {
    std::vector<const Bases*> all = {&l->reg, &l->lane, &l->warp, &l->block};
    Shape shape = io::inferred_shape(all, io::bases_rank(all));
    return "DistributedLinearLayout(reg_bases=" + bases_str(l->reg) + ", lane_bases=" + bases_str(l->lane) +
           ", warp_bases=" + bases_str(l->warp) + ", block_bases=" + bases_str(l->block) +
           ", shape=" + list_str(Ints(shape.begin(), shape.end())) + ")";
  }
  if (auto* m = std::get_if<NvidiaMma>(&spec.v))
    return "NVMMADistributedLayout(version=" + list_str({m->version_major, m->version_minor}) +
           ", warps_per_cta=" + list_str(m->warps_per_cta) + ", instr_shape=" + list_str(m->instr_shape) + cga(m->cga);
  if (auto* d = std::get_if<DotOperand>(&spec.v))
    return "DotOperandLayout(operand_index=" + std::to_string(d->op_idx) + ", parent=" + print_gluon(*d->parent) +
           ", k_width=" + std::to_string(d->k_width) + ")";
  if (auto* m = std::get_if<AmdMfma>(&spec.v))
    return "AMDMFMALayout(version=" + std::to_string(m->version) + ", instr_shape=" + list_str(m->instr_shape) +
           ", transposed=" + py_bool(m->transposed) + ", warps_per_cta=" + list_str(m->warps_per_cta) +
           ", element_bitwidth=" + std::to_string(m->element_bitwidth) +
           ", tiles_per_warp=" + list_str(io::tiles_or_ones(m->tiles_per_warp, m->warps_per_cta.size())) +
           cga(m->cga);
  if (auto* m = std::get_if<AmdWmma>(&spec.v); m && m->cta_bases)
    return "AMDWMMALayout(version=" + std::to_string(m->version) + ", transposed=" + py_bool(m->transposed) +
           ", warp_bases=" + bases_str(m->cta_warp) + ", reg_bases=" + bases_str(m->cta_register) +
           ", instr_shape=" + list_str(io::wmma_instr_or_default(m->instr_shape)) +
           ", cga_layout=" + bases_str(m->cga.bases) + ", rank=" + std::to_string(m->rank) + ")";
  if (auto* m = std::get_if<AmdWmma>(&spec.v))
    return "AMDWMMALayout(version=" + std::to_string(m->version) + ", transposed=" + py_bool(m->transposed) +
           ", warps_per_cta=" + list_str(m->warps_per_cta) +
           ", instr_shape=" + list_str(io::wmma_instr_or_default(m->instr_shape)) +
           ", tiles_per_warp=" + list_str(io::tiles_or_ones(m->tiles_per_warp, m->warps_per_cta.size())) +
           cga(m->cga);
  auto swizzled = [&](const char* cls, int32_t vec, int32_t per, int32_t max, const Ints& order, const CgaLayout& c) {
    return std::string(cls) + "(vec=" + std::to_string(vec) + ", per_phase=" + std::to_string(per) +
           ", max_phase=" + std::to_string(max) + ", order=" + list_str(order) + cga(c);
  };
  if (auto* w = std::get_if<SwizzledShared>(&spec.v))
    return swizzled("SwizzledSharedLayout", w->vec, w->per_phase, w->max_phase, w->order, w->cga);
  if (auto* w = std::get_if<AmdRotatingShared>(&spec.v))
    return swizzled("AMDRotatingSharedLayout", w->vec, w->per_phase, w->max_phase, w->order, w->cga);
  if (auto* n = std::get_if<NvmmaShared>(&spec.v))
    return "NVMMASharedLayout(swizzle_byte_width=" + std::to_string(n->swizzle_bytes) +
           ", element_bitwidth=" + std::to_string(n->element_bitwidth) + ", rank=" + std::to_string(n->rank) +
           ", transposed=" + py_bool(n->transposed) + ", fp4_padded=" + py_bool(n->fp4_padded) + cga(n->cga);
  if (auto* l = std::get_if<SharedLinear>(&spec.v))
    return "SharedLinearLayout(offset_bases=" + bases_str(l->offset) + ", block_bases=" + bases_str(l->block) +
           ", alignment=" + std::to_string(l->alignment) + ")";
  if (auto* t = std::get_if<TensorMemory>(&spec.v))
    return "TensorMemoryLayout(block=(" + std::to_string(t->block_m) + ", " + std::to_string(t->block_n) +
           "), col_stride=" + std::to_string(t->col_stride) + ", cga_layout=" + bases_str(t->cga.bases) +
           ", two_ctas=" + py_bool(t->two_ctas) + ", fp4_padded=" + py_bool(t->fp4_padded) + ")";
  if (auto* m = std::get_if<AmdMfmaScale>(&spec.v))
    return "AMDMFMAScaleLayout(operand_index=" + std::to_string(m->op_idx) + ", parent=" + print_gluon(Spec{m->parent}) +
           ", scale_factor=" + std::to_string(m->scale_factor) + ")";
  if (auto* w = std::get_if<AmdWmmaScale>(&spec.v))
    return "AMDWMMAScaleLayout(operand_index=" + std::to_string(w->op_idx) + ", parent=" + print_gluon(Spec{w->parent}) +
           ", scale_factor=" + std::to_string(w->scale_factor) + ")";
  if (auto* t = std::get_if<TensorMemoryScales>(&spec.v))
    return "TensorMemoryScalesLayout(cga_layout=" + bases_str(t->cga.bases) + ")";
  if (auto* p = std::get_if<PartitionedShared>(&spec.v)) {
    // A Triton 3.9 class: a padded piece layout takes 3.9's spelling.
    const auto* padded = std::get_if<PaddedShared>(&p->inner->v);
    return "PartitionedSharedLayout(num_partitions=" + std::to_string(p->num_partitions) +
           ", num_groups=" + std::to_string(p->num_groups) + ", partition_dim=" + std::to_string(p->partition_dim) +
           ", partition_layout=" + (padded ? padded_gluon(*padded, "cga_layout") : print_gluon(*p->inner)) + ")";
  }
  return padded_gluon(std::get<PaddedShared>(spec.v), "block_bases");
}

}  // namespace ls
