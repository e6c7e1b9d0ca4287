// AnalysisCostModel: the cost of one op from core/analysis (which function
// models what is listed in inspect.h and docs/inspect.md). Scores rank ops by
// memory transactions per warp: 32-byte global sectors, shared-memory
// wavefronts, or warp shuffles.
#include <algorithm>
#include <cmath>

#include "../analysis/bank_conflicts.h"
#include "../analysis/coalescing.h"
#include "../analysis/conversion.h"
#include "../analysis/report_json.h"
#include "../analysis/swizzle.h"
#include "../analysis/tmem_reg_layout.h"
#include "../codegen/amd_lds.h"
#include "../codegen/atomic.h"
#include "../codegen/codegen.h"
#include "../codegen/gather.h"
#include "../codegen/histogram.h"
#include "../codegen/scan.h"
#include "../codegen/mma.h"
#include "../error.h"
#include "../layout_map.h"
#include "inspect.h"

namespace ls::inspect {
namespace {

std::string num(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.3g", v);
  return b;
}

int64_t elems(const Shape& s) {
  int64_t n = 1;
  for (int64_t d : s) n *= d;
  return n;
}

std::string shape_str(const Shape& s) {
  std::string r;
  for (size_t i = 0; i < s.size(); ++i) r += (i ? "x" : "") + std::to_string(s[i]);
  return r;
}

// The read layouts of an op: distributed (tensor), shared and tensor memory (memdesc).
struct Sides {
  std::vector<const TensorLayout*> dist, shared, tmem;
  std::string unread;  // first type that could not be read
};

Sides sides(const OpContext& c) {
  Sides s;
  for (const TypeRead& t : c.types) {
    if (!t.layout) {
      if (!t.error.empty() && s.unread.empty()) s.unread = t.text + ": " + t.error;
      continue;
    }
    const bool tmem = t.layout->spec && is_tensor_memory(*t.layout->spec);
    (tmem ? s.tmem : t.layout->spec && is_shared(*t.layout->spec) ? s.shared : s.dist).push_back(&*t.layout);
  }
  return s;
}

int64_t hw(const LinearLayout& l, const char* dim) { return l.in_size(dim); }

int64_t warps_of(const LinearLayout& l) { return hw(l, "warp") * hw(l, "block"); }

// Strides (elements) of a tensor contiguous along the layout's fastest dim.
std::vector<int64_t> contiguous_strides(const TensorLayout& t) {
  size_t rank = t.shape.size();
  Ints order;
  if (auto* b = std::get_if<Blocked>(&t.spec->v)) order = b->order;
  if (order.size() != rank) {
    order.clear();
    for (size_t d = rank; d-- > 0;) order.push_back(static_cast<int32_t>(d));
  }
  std::vector<int64_t> st(rank, 0);
  int64_t s = 1;
  for (int32_t d : order) {
    st[d] = s;
    s *= t.shape[d];
  }
  return st;
}

// PTX vector suffix of an access of `bits` in words of 32 bits (64-bit elements: of 64)
std::string width_suffix(int64_t bits, int32_t elem_bits) {
  if (elem_bits == 64) return bits == 128 ? ".v2.b64" : ".b64";
  switch (bits) {
    case 128: return ".v4.b32";
    case 64: return ".v2.b32";
    case 32: return ".b32";
    case 16: return ".b16";
    default: return ".b8";
  }
}

std::string collisions_json(const SharedOpReport& r) {
  const SharedAccess* worst = nullptr;
  for (const SharedAccess& a : r.accesses)
    if (!worst || a.wavefronts > worst->wavefronts) worst = &a;
  std::string s = "[";
  if (worst)
    for (size_t i = 0; i < worst->collisions.size() && i < 4; ++i) {
      const BankCollision& c = worst->collisions[i];
      s += std::string(i ? ", " : "") + "{\"phase\": " + std::to_string(c.phase) + ", \"bank\": " +
           std::to_string(c.bank) + ", \"words\": " + std::to_string(c.words) + ", \"lanes\": [";
      for (size_t k = 0; k < c.lanes.size(); ++k) s += (k ? ", " : "") + std::to_string(c.lanes[k]);
      s += "]}";
    }
  return s + "]";
}

// Global access of a distributed layout (tt.load / tt.store / async copies).
Cost global_cost(const OpContext& c, const TensorLayout& t, bool load, bool async) {
  Cost k;
  k.kind = "global";
  auto map = make_map(t);
  const LinearLayout* ll = map->linear();
  int32_t bits = t.elem_bits;
  CoalescingReport r = analyze_coalescing(*map, contiguous_strides(t), bits);
  int64_t vec = std::max<int64_t>(1, r.vector_bits / bits);
  int64_t distinct = r.instructions_per_thread * vec;
  if (auto ct = c.int_attr("contiguity"); ct && *ct > 0 && *ct < vec) vec = *ct;
  int64_t regs = ll ? hw(*ll, "register") : distinct;
  // Triton 3.6 issues one access per register vector, broadcast (zero)
  // register bases included; 3.9 only for distinct elements.
  int64_t per_thread = (c.triton == "3.6" ? regs : distinct) / vec;
  int64_t vbits = vec * bits;
  std::string instr = async ? (vbits == 128 ? "cp.async.cg.shared.global" : "cp.async.ca.shared.global")
                            : (load ? "ld.global" : "st.global") + width_suffix(vbits, bits);
  if (c.target.compare(0, 4, "hip:") == 0) {
    // gfx9 (CDNA) spells widths in dwords, gfx1x (RDNA, gfx1250) in bits; sub-word loads zero-extend
    const bool gfx9 = c.target.compare(0, 8, "hip:gfx9") == 0;
    std::string w = gfx9 ? (vbits == 128 ? "dwordx4" : vbits == 64 ? "dwordx2" : vbits == 32 ? "dword"
                            : vbits == 16 ? (load ? "ushort" : "short") : (load ? "ubyte" : "byte"))
                         : (vbits >= 32 ? "b" + std::to_string(vbits)
                                        : (load ? "u" : "b") + std::to_string(vbits));
    bool buffer = c.op.find("buffer") != std::string::npos;
    instr = std::string(buffer ? "buffer_" : "global_") + (load ? "load_" : "store_") + w + (async ? " (to LDS)" : "");
    k.add_str("sector_model", "NVIDIA's 32-byte sectors (AMD caches are not modelled separately)");
  }
  int64_t warps = ll ? warps_of(*ll) : 1;
  k.add_str("instruction", instr);
  k.add("vector_bits", vbits);
  k.add("instructions_per_thread", per_thread);
  k.add("sectors_per_request", num(r.sectors_per_request));
  k.add("ideal_sectors_per_request", num(r.ideal_sectors_per_request));
  k.add("coalescing_efficiency", num(r.efficiency));
  k.add_str("assumption", "contiguous along the layout's fastest dim, 16-byte aligned" +
                              std::string(c.int_attr("contiguity") ? ", capped by the op's contiguity" : ""));
  k.score = static_cast<double>(r.sectors) / static_cast<double>(warps);
  k.summary = instr + " x" + std::to_string(per_thread) + "/thread, " + num(r.sectors_per_request) + " sectors/req (ideal " +
              num(r.ideal_sectors_per_request) + ")";
  if (async && c.target.compare(0, 4, "hip:") == 0) {
    k.add_str("lds", "the load writes LDS directly: no ds_* instructions");
  } else if (async && c.types.size() > 1) {
    for (const TypeRead& tr : c.types)
      if (tr.layout && tr.layout->spec && is_shared(*tr.layout->spec) && tr.layout->shape == t.shape) {
        SharedOpReport s = analyze_shared_access(*map, *make_map(*tr.layout), bits, true, {},
                                                 physical_offset_of(*tr.layout->spec));
        k.add("shared_wavefronts", s.wavefronts);
        k.add("shared_ideal", s.ideal);
        k.shared_wavefronts = s.wavefronts;
        k.shared_ideal = s.ideal;
        k.summary += ", shared " + std::to_string(s.wavefronts) + "/" + std::to_string(s.ideal) + " wavefronts";
      }
  }
  return k;
}

// The op's `axis = N`, checked against the tensor's rank.
int axis_of(const OpContext& c, size_t rank) {
  auto axis = c.int_attr("axis");
  require(axis.has_value(), c.op + " without `axis = N`");
  require(*axis >= 0 && static_cast<size_t>(*axis) < rank, c.op + ": axis out of range");
  return static_cast<int>(*axis);
}

// A cost whose op this model does not cover: `why` as its unread part.
Cost not_modelled(const std::string& kind, const std::string& why, const std::string& summary) {
  Cost k;
  k.kind = kind;
  k.unread = why;
  k.add_str("unread", why);
  k.summary = summary;
  return k;
}

// {"mnemonic": count, ...}
std::string counts_json(const std::map<std::string, int64_t>& counts) {
  std::string j = "{";
  for (const auto& [m, n] : counts) j += (j.size() > 1 ? ", \"" : "\"") + m + "\": " + std::to_string(n);
  return j + "}";
}

// tt.scan: shuffles within warps, totals through shared memory across them (core/codegen/scan.h).
Cost scan_cost(const OpContext& c, const Sides& s) {
  Cost k;
  k.kind = "scan";
  require(!s.dist.empty(), "tt.scan: no input layout read");
  const TensorLayout& in = *s.dist[0];
  const int axis = axis_of(c, in.shape.size());
  auto map = make_map(in);
  require(map->linear() != nullptr, "tt.scan: input layout without an F2 form");
  // operands: the tensors before `->` (inputs), as many as the results after it
  const int32_t operands = std::max<int32_t>(1, static_cast<int32_t>(s.dist.size() / 2));
  const bool reverse = c.text.find("reverse = true") != std::string::npos;
  if (c.target.compare(0, 4, "hip:") == 0) return not_modelled("scan", "AMD scans are not modelled", "scan (not modelled for AMD)");
  std::string why;
  // the tensor's fastest dim: a blocked layout's order[0], else the last
  int32_t fastest = static_cast<int32_t>(in.shape.size()) - 1;
  if (auto* b = std::get_if<Blocked>(&in.spec->v); b && !b->order.empty()) fastest = b->order[0];
  auto r = codegen::triton_scan(*map->linear(), axis, fastest == axis, in.elem_bits, operands, reverse,
                                c.triton == "3.6" ? TritonVersion::v3_6 : TritonVersion::v3_9, &why);
  if (!r) return not_modelled("scan", why, "scan (" + why + ")");
  k.add("ptx_per_thread", counts_json(r->per_thread));
  k.add("elements_scanned_in_thread", r->group);
  k.add("groups_per_thread", r->groups);
  k.add("shuffle_steps", r->lane_steps);
  k.add("warps_along_axis", r->warps_along);
  k.add("shuffles_per_thread", r->shuffles);
  k.add("shared_stores_per_thread", r->shared_stores);
  k.add("shared_loads_per_thread", r->shared_loads);
  k.score = static_cast<double>(r->shuffles + r->shared_stores + r->shared_loads);
  k.summary = std::to_string(r->shuffles) + " shuffles" +
              (r->warps_along > 1 ? ", across " + std::to_string(r->warps_along) + " warps via shared (" +
                                        std::to_string(r->shared_stores) + " st + " + std::to_string(r->shared_loads) +
                                        " ld)"
                                  : std::string());
  return k;
}

// tt.gather: shuffles where the axis stays in a warp, else through shared memory (core/codegen/gather.h).
Cost gather_cost(const OpContext& c, const Sides& s) {
  Cost k;
  k.kind = "gather";
  require(s.dist.size() >= 2, "tt.gather: needs the source and index layouts");
  const TensorLayout& src = *s.dist[0];
  const TensorLayout& idx = *s.dist[1];
  const int axis = axis_of(c, src.shape.size());
  if (c.target.compare(0, 4, "hip:") == 0)
    return not_modelled("gather", "AMD gathers are not modelled", "gather (not modelled for AMD)");
  auto sm = make_map(src), im = make_map(idx);
  require(sm->linear() && im->linear(), "tt.gather: a layout without an F2 form");
  CoalescingReport cr = analyze_coalescing(*sm, contiguous_strides(src), src.elem_bits);
  codegen::GatherCode g = codegen::triton_gather(*sm->linear(), *im->linear(), axis, src.elem_bits,
                                                 std::max<int64_t>(1, cr.vector_bits / src.elem_bits));
  k.add("ptx_per_thread", counts_json(g.per_thread));
  k.add_str("how", g.warp_local ? "warp_shuffles" : "shared_memory");
  k.add("shuffles_per_thread", g.shuffles);
  k.add("shared_stores_per_thread", g.shared_stores);
  k.add("shared_loads_per_thread", g.shared_loads);
  if (!g.warp_local) k.add_str("note", "the loads' addresses come from the indices: no wavefront count");
  k.score = static_cast<double>(g.shuffles + g.shared_stores + g.shared_loads);
  k.summary = g.warp_local ? "warp-local, " + std::to_string(g.shuffles) + " shuffles"
                           : "through shared memory (" + std::to_string(g.shared_stores) + " st + " +
                                 std::to_string(g.shared_loads) + " ld by index)";
  return k;
}

// tt.histogram: bins in shared memory (core/codegen/histogram.h).
Cost histogram_cost(const OpContext& c, const Sides& s) {
  Cost k;
  k.kind = "histogram";
  require(s.dist.size() >= 2, "tt.histogram: needs the input and output layouts");
  const TensorLayout& in = *s.dist[0];
  const TensorLayout& out = *s.dist[1];
  if (c.target.compare(0, 4, "hip:") == 0)
    return not_modelled("histogram", "AMD histograms are not modelled", "histogram (not modelled for AMD)");
  auto im = make_map(in), om = make_map(out);
  require(im->linear() && om->linear(), "tt.histogram: a layout without an F2 form");
  auto distinct = [](const LinearLayout& l) { return without_register_broadcast(l).in_size("register"); };
  CoalescingReport cr = analyze_coalescing(*om, contiguous_strides(out), out.elem_bits);
  auto per = codegen::triton_histogram(distinct(*im->linear()), out.shape.empty() ? 0 : out.shape[0],
                                       distinct(*om->linear()), std::max<int64_t>(1, cr.vector_bits / out.elem_bits),
                                       c.triton == "3.6" ? TritonVersion::v3_6 : TritonVersion::v3_9);
  int64_t total = 0;
  for (const auto& [m, n] : per) total += n;
  k.add("ptx_per_thread", counts_json(per));
  k.add("bins", out.shape.empty() ? 0 : out.shape[0]);
  k.score = static_cast<double>(total);
  auto atoms = per.count("atom.shared.add.u32") ? per["atom.shared.add.u32"] : per["atom.relaxed.sys.shared.add.u32"];
  k.summary = std::to_string(atoms) + " shared atomics" +
              (per.count("vote.sync.ballot.b32") ? " after " + std::to_string(per["vote.sync.ballot.b32"]) + " ballots"
                                                 : std::string()) + " per thread";
  return k;
}

// tt.atomic_rmw / tt.atomic_cas on global memory: the PTX Triton emits (core/codegen/atomic.h).
Cost atomic_cost(const OpContext& c, const Sides& s) {
  Cost k;
  k.kind = "global";
  // `fadd, acq_rel, gpu, %p, ...` (rmw) or `acq_rel, gpu, %p, ...` (cas)
  std::vector<std::string> words;
  for (size_t p = 0; p < c.text.size() && words.size() < 3;) {
    while (p < c.text.size() && (c.text[p] == ' ' || c.text[p] == ',')) ++p;
    if (p >= c.text.size() || c.text[p] == '%') break;
    size_t e = p;
    while (e < c.text.size() && c.text[e] != ',' && c.text[e] != ' ') ++e;
    words.push_back(c.text.substr(p, e - p));
    p = e;
  }
  const bool cas = c.op.size() >= 10 && c.op.compare(c.op.size() - 10, 10, "atomic_cas") == 0;
  if (words.size() < (cas ? 2u : 3u)) fail(c.op + ": no operation, order and scope before the operands");
  codegen::AtomicQuery q;
  q.op = cas ? "cas" : words[0];
  q.sem = words[cas ? 0 : 1], q.scope = words[cas ? 1 : 2];
  q.result_used = c.result_used;
  q.sm = c.sm;
  q.version = c.triton == "3.6" ? TritonVersion::v3_6 : TritonVersion::v3_9;
  if (c.target.compare(0, 4, "hip:") == 0) {
    q.amd = true;
    q.buffer = c.op.find("buffer_atomic") != std::string::npos;
    if (!codegen::is_amd_arch(c.target.substr(4)))
      return not_modelled("global", "AMD atomics are modelled for gfx942 and gfx950, not for " + c.target.substr(4),
                          "atomic (not modelled for " + c.target.substr(4) + ")");
  }
  if (!s.dist.empty()) {
    const TensorLayout& t = *s.dist[0];
    auto map = make_map(t);
    CoalescingReport r = analyze_coalescing(*map, contiguous_strides(t), t.elem_bits);
    q.elem = t.elem;
    q.contiguous = std::max<int64_t>(1, r.vector_bits / t.elem_bits);
    q.elems_per_thread = r.instructions_per_thread * q.contiguous;
    k.add("sectors_per_request", num(r.sectors_per_request));
    k.score = static_cast<double>(r.sectors) / static_cast<double>(std::max<int64_t>(1, warps_of(*map->linear())));
  } else {
    for (const TypeRead& t : c.types)  // a scalar atomic: the pointee of its pointer
      if (size_t p = t.text.find("!tt.ptr<"); p != std::string::npos) {
        q.elem = t.text.substr(p + 8, t.text.find('>', p) - p - 8);
        break;
      }
  }
  std::string why;
  auto a = codegen::triton_atomic(q, &why);
  if (!a) return not_modelled("global", why, "atomic (" + why + ")");
  k.add_str("instruction", a->mnemonic);
  k.add("instructions_per_thread", a->per_thread);
  k.add("elements_per_instruction", a->vec);
  k.add_str("result", c.result_used ? "read" : "unused");
  k.summary = a->mnemonic + " x" + std::to_string(a->per_thread) + "/thread";
  if (!a->preload.empty()) {
    k.add_str("preload_instruction", a->preload);
    k.add("preloads_per_thread", a->preload_per_thread);
    k.summary += " after " + a->preload + " x" + std::to_string(a->preload_per_thread);
  }
  return k;
}

// The Triton version and NVIDIA target core/codegen models for the op's
// module: sm_80..89 as sm_80, sm_90, sm_100..103 as sm_100; empty for others.
std::optional<codegen::Target> codegen_target(const OpContext& c, int32_t bits) {
  if (bits != 8 && bits != 16 && bits != 32) return std::nullopt;
  codegen::Target t;
  if (c.sm >= 80 && c.sm < 90) t.sm = 80;
  else if (c.sm == 90) t.sm = 90;
  else if (c.sm >= 100 && c.sm < 110) t.sm = 100;
  else return std::nullopt;
  t.version = parse_triton_version(c.triton);
  return t;
}

std::string instructions_of(const codegen::Target& t) {
  return codegen::target_name(t);
}

// The shared layout of one buffer of a multi-buffered allocation: the
// register tile's shape.
TensorLayout one_buffer(const TensorLayout& reg, TensorLayout shared) {
  if (shared.shape != reg.shape) {
    require(shared.shape.size() >= reg.shape.size(), "shared shape " + shape_str(shared.shape) +
                                                         " is smaller than the register tile " + shape_str(reg.shape));
    shared.shape = reg.shape;
  }
  return shared;
}

// ld/st.shared or ldmatrix/stmatrix between a register layout and a shared
// one: Triton's selection (core/codegen) where it is modelled, with
// layoutscope's own choice beside it; otherwise layoutscope's choice.
Cost shared_cost(const OpContext& c, const TensorLayout& reg, TensorLayout shared, bool store) {
  Cost k;
  k.kind = "shared";
  shared = one_buffer(reg, std::move(shared));
  auto rm = make_map(reg);
  auto sm = make_map(shared);
  int32_t bits = reg.elem_bits;
  PhysicalOffset phys = physical_offset_of(*shared.spec);
  std::optional<SharedOpReport> own;
  bool padded = std::holds_alternative<PaddedShared>(shared.spec->v);
  if (c.sm >= (store ? 90 : 80) && !padded) {
    for (bool trans : {false, true}) {
      for (int32_t m : {4, 2, 1}) {
        try {
          own = analyze_shared_access(*rm, *sm, bits, store, {SharedInstr::matrix, m, trans}, phys);
          break;
        } catch (const Error&) {
        }
      }
      if (own) break;
    }
  }
  SharedOpReport plain = analyze_shared_access(*rm, *sm, bits, store, {}, phys);
  if (!own) own = plain;
  int64_t warps = rm->linear() ? warps_of(*rm->linear()) : 1;
  SharedOpReport best = *own;
  int64_t per_thread = own->instructions / std::max<int64_t>(1, warps);
  std::string rule = "ldmatrix/stmatrix when the layouts allow it (sm_80+ loads, sm_90+ stores), else the widest "
                     "ld/st.shared; layoutscope's choice (no Triton instruction model for this target or type)";
  std::optional<SharedOpReport> alternative;
  if (auto t = codegen_target(c, bits); t && rm->linear()) {
    LinearLayout rl = codegen::lowered(reg, t->version), sl = codegen::lowered(shared, t->version);
    // the spelling follows the global access that feeds or takes the values;
    // assumed to use the same register layout
    int32_t g = std::max(1, codegen::global_access(rl, bits, false, t->version).bytes_per_lane * 8 / bits);
    codegen::Instr in = codegen::shared_access(rl, *shared.spec, sl, bits, store, *t, g, true);
    per_thread = in.per_thread;
    best = codegen::as_report(std::move(in), bits);
    alternative = *own;
    k.add_str("instructions_of", instructions_of(*t));
    rule = "the instruction Triton emits (core/codegen: stmatrix/ldmatrix first, then the widest ld/st.shared)";
  }
  k.add_str("instruction", best.instruction);
  k.add("instructions_per_thread", per_thread);
  k.add("wavefronts", best.wavefronts);
  k.add("ideal_wavefronts", best.ideal);
  k.add("conflicts", best.conflicts());
  k.add("max_wavefronts_per_instruction", best.max_wavefronts);
  k.add("collisions", collisions_json(best));
  if (best.llvm_alternative) {
    k.add("llvm_alignment_decides", std::string("true"));
    k.add("alternative", to_json(*best.llvm_alternative));
  }
  if (best.ptxas) k.add("ptxas", to_json(*best.ptxas));
  if (!best.hardware_fault.empty()) k.add_str("hardware_fault", best.hardware_fault);
  if (!best.wrong_addresses.empty()) k.add_str("wrong_addresses", best.wrong_addresses);
  auto brief = [](const SharedOpReport& r) {
    return "{\"instruction\": " + json_string(r.instruction) + ", \"wavefronts\": " + std::to_string(r.wavefronts) +
           ", \"ideal\": " + std::to_string(r.ideal) + "}";
  };
  if (alternative)
    k.add("layoutscope_choice", brief(*alternative));
  else if (own->instruction != plain.instruction)
    k.add("plain", brief(plain));
  k.add_str("rule", rule);
  k.shared_wavefronts = best.wavefronts;
  k.shared_ideal = best.ideal;
  k.score = static_cast<double>(best.wavefronts) / static_cast<double>(warps);
  k.summary = best.instruction + ": " + std::to_string(best.wavefronts) + " wavefronts (ideal " +
              std::to_string(best.ideal) + ")";
  return k;
}

// An LDS access on AMD CDNA3/4: the ds_* instructions Triton and the
// AMDGPU backend emit (core/codegen/amd_lds.h); no bank model.
Cost amd_lds_cost(const OpContext& c, const std::string& arch, const TensorLayout& reg, TensorLayout shared,
                  bool store) {
  Cost k;
  k.kind = "shared";
  shared = one_buffer(reg, std::move(shared));
  const TritonVersion v = parse_triton_version(c.triton);
  auto* dot = std::get_if<DotOperand>(&reg.spec->v);
  const int32_t op_idx = dot && dot->parent && std::holds_alternative<AmdMfma>(dot->parent->v) ? dot->op_idx : -1;
  codegen::AmdLds l = codegen::amd_lds_access(codegen::lowered(reg, v), *shared.spec, codegen::lowered(shared, v),
                                              reg.elem_bits, store, arch, op_idx);
  std::string counts = "{", main;
  int64_t most = 0;
  for (auto& [m, n] : l.per_thread) {
    counts += (counts.size() > 1 ? ", " : "") + json_string(m) + ": " + std::to_string(n);
    if (n > most) most = n, main = m;
  }
  k.add_str("instructions_of", "triton " + triton_version_name(v) + " " + arch);
  k.add("amdgcn_per_thread", counts + "}");
  k.add("instructions_per_thread", l.instructions);
  k.add("elements_per_access", l.vec);
  k.add_str("rule", "Triton's widest vector (at most 128 bits), then the AMDGPU backend's ds_read2/ds_write2 "
                    "merging (core/codegen/amd_lds.h; held to Triton's AMDGCN)");
  k.add_str("banks", "not modelled for AMD LDS (no bank model here; instructions only)");
  k.score = static_cast<double>(l.instructions);
  k.summary = main + (l.per_thread.size() > 1 ? " and others" : "") + ": " + std::to_string(l.instructions) +
              " LDS instructions per thread";
  return k;
}

Cost convert_cost(const OpContext& c, const TensorLayout& src, const TensorLayout& dst) {
  Cost k;
  k.kind = "convert";
  auto sm = make_map(src), dm = make_map(dst);
  require(sm->linear() && dm->linear(), "convert_layout: a layout without an F2 form");
  int32_t bits = src.elem_bits;
  const TritonVersion version = parse_triton_version(c.triton);
  const std::string arch = c.target.compare(0, 4, "hip:") == 0 ? c.target.substr(4) : "";
  const bool amd = codegen::is_amd_arch(arch);
  // AMD sizes its own scratch (amd_convert) rather than NVIDIA's allocation
  ConversionReport r = analyze_conversion(*sm->linear(), *dm->linear(), bits, version, !amd);
  k.add_str("how", to_string(r.kind));
  std::string moved = "[";
  for (size_t i = 0; i < r.moved_dims.size(); ++i) moved += (i ? ", " : "") + json_string(r.moved_dims[i]);
  k.add("moved_dims", moved + "]");
  const bool amd_lds = amd && r.kind == ConversionKind::shared_memory;
  codegen::AmdConvert a;
  if (amd && r.kind != ConversionKind::free) {
    a = codegen::amd_convert(*sm->linear(), *dm->linear(), bits, arch, version);
    r.scratch_bytes = a.scratch_bytes;
  }
  k.add("scratch_bytes", r.scratch_bytes);
  k.scratch_bytes = r.scratch_bytes;
  int64_t warps = warps_of(*sm->linear());
  k.summary = to_string(r.kind);
  auto t = codegen_target(c, bits);
  if (amd_lds) {
    std::string counts = "{";
    for (auto* side : {&a.store, &a.load})
      for (auto& [m, n] : side->per_thread) counts += (counts.size() > 1 ? ", " : "") + json_string(m) + ": " + std::to_string(n);
    k.add_str("instructions_of", "triton " + triton_version_name(version) + " " + arch);
    k.add("amdgcn_per_thread", counts + "}");
    k.add("rounds", a.rounds);
    k.add_str("rule", "Triton's scratch layout for the pair (its ld/st optimal swizzling), then the LDS rules of "
                      "core/codegen/amd_lds.h (held to Triton's AMDGCN)");
    k.add_str("banks", "not modelled for AMD LDS (no bank model here; instructions only)");
    const int64_t n = a.store.instructions + a.load.instructions;
    k.score = static_cast<double>(n);
    k.summary += ", " + std::to_string(n) + " LDS instructions per thread, scratch " + std::to_string(r.scratch_bytes) + " B";
  } else if (r.kind == ConversionKind::shared_memory && !arch.empty()) {
    k.unread = "the LDS instructions of convert_layout on " + arch + " are not modelled (gfx942 and gfx950 are)";
    k.add_str("unread", k.unread);
    k.summary += " (through LDS; instructions not modelled for " + arch + ")";
    k.score = static_cast<double>(hw(*sm->linear(), "register"));
  } else if (r.kind == ConversionKind::shared_memory) {
    SwizzleDesign d = design_swizzle(*sm->linear(), *dm->linear(), bits);
    int64_t dw = d.store.wavefronts + d.load.wavefronts, dideal = d.store.ideal + d.load.ideal;
    int64_t w = dw, ideal = dideal;
    if (t) {
      codegen::KernelReport kr = codegen::via_convert(src, dst, bits, *t);
      w = kr.shared_store_wavefronts + kr.shared_load_wavefronts;
      ideal = 0;
      for (const codegen::Instr& in : kr.instrs)
        if (in.op == "convert_layout" && in.shared) {
          ideal += in.ideal;
          k.add_str(in.store ? "store_instruction" : "load_instruction", in.mnemonic);
          k.add(in.store ? "stores_per_thread" : "loads_per_thread", in.per_thread);
        }
      k.add_str("instructions_of", instructions_of(*t));
      k.add_str("wavefront_rule", "Triton's own swizzled scratch layout and instructions (core/codegen)");
      if (dw < w)
        k.add("better_layout", "{\"how\": \"local_store/local_load through layoutscope's designed swizzle\", "
                               "\"wavefronts\": " + std::to_string(dw) + ", \"ideal\": " + std::to_string(dideal) + "}");
    } else {
      k.add_str("store_instruction", d.store.instruction);
      k.add_str("load_instruction", d.load.instruction);
      k.add_str("wavefront_rule", "ld/st.shared through layoutscope's designed swizzle (no Triton instruction model "
                                  "for this target or type)");
    }
    k.add("wavefronts", w);
    k.add("ideal_wavefronts", ideal);
    k.shared_wavefronts = w;
    k.shared_ideal = ideal;
    k.score = static_cast<double>(w) / static_cast<double>(warps);
    k.summary += ", " + std::to_string(w) + " wavefronts (ideal " + std::to_string(ideal) + "), scratch " +
                 std::to_string(r.scratch_bytes) + " B";
  } else if (r.kind == ConversionKind::warp_shuffle) {
    int64_t regs = hw(*sm->linear(), "register");
    k.add("mixed_transpositions", r.warp.mixed);
    if (amd) {
      k.add_str("instruction", a.shuffle);
      k.add("instructions_per_thread", a.shuffles);
      k.add_str("instructions_of", "triton " + triton_version_name(version) + " " + arch);
      regs = a.shuffles;
    } else if (t) {
      codegen::KernelReport kr = codegen::via_convert(src, dst, bits, *t);
      for (const codegen::Instr& in : kr.instrs)
        if (in.op == "convert_layout") {
          k.add_str("instruction", in.mnemonic);
          k.add("instructions_per_thread", in.per_thread);
          regs = in.per_thread;
        }
      k.add_str("instructions_of", instructions_of(*t));
    }
    k.score = static_cast<double>(regs);  // at most one shuffle per register
  }
  return k;
}

Cost reduce_cost(const OpContext& c, const TensorLayout& in) {
  Cost k;
  k.kind = "reduce";
  const int axis = axis_of(c, in.shape.size());
  auto map = make_map(in);
  const LinearLayout* ll = map->linear();
  require(ll, "tt.reduce: input layout without an F2 form");
  int out_dim = ll->out_index("dim" + std::to_string(axis));
  auto along = [&](const char* d) {
    int n = 0, total = 0;
    for (const auto& b : ll->bases(d)) {
      bool zero = std::all_of(b.begin(), b.end(), [](int32_t v) { return v == 0; });
      if (zero) continue;
      ++total;
      if (out_dim >= 0 && b[out_dim] != 0) ++n;
    }
    return std::pair{n, total};
  };
  auto [r_ax, r_all] = along("register");
  int l_ax = along("lane").first, w_ax = along("warp").first;
  int64_t out_regs = int64_t{1} << (r_all - r_ax);
  int64_t bytes = in.elem_bits / 8;
  // Triton's two phases (ReduceOpToLLVM): in-thread, then butterfly
  // shuffles over the lanes along the axis; with warps along the axis each
  // thread stores its partials to shared memory, the partials
  // (output elements x warps along the axis) are spread over all threads,
  // reduced with shuffles over the warps' lanes, stored back and read.
  // redux.sync replaces a full warp's shuffles (NVIDIA TargetInfo::warpReduce):
  // 32-bit integer add/min/max/and/or/xor from sm_80, f32 min/max from sm_100.
  // Triton 3.6 uses it for the lane phase only, 3.9 also across warps (seen
  // in the PTX of tests/inspect's softmax for sm_100).
  bool redux = false;
  if (c.body_ops.size() == 2 && c.sm >= 80) {  // the combiner and tt.reduce.return
    const std::string& f = c.body_ops[0];
    bool fminmax = f == "arith.maxnumf" || f == "arith.minnumf" || f == "arith.maximumf" || f == "arith.minimumf";
    bool imath = f == "arith.addi" || f == "arith.maxsi" || f == "arith.minsi" || f == "arith.maxui" ||
                 f == "arith.minui" || f == "arith.andi" || f == "arith.ori" || f == "arith.xori";
    redux = in.elem_bits == 32 && ((fminmax && c.sm >= 100 && in.elem == "f32") || (imath && in.elem == "i32"));
  }
  bool v39 = c.triton == "3.9";
  int64_t shuffles = 0, reduxes = 0, stores = 0, loads = 0;
  if (redux && l_ax == 5)
    reduxes += out_regs;
  else
    shuffles += l_ax * out_regs;
  k.add("elements_combined_per_thread", int64_t{1} << r_ax);
  k.add("shuffle_steps", l_ax);
  k.add("warps_along_axis", int64_t{1} << w_ax);
  k.add_str("shared_memory", w_ax ? "yes" : "no");
  if (w_ax) {
    int64_t out_elems = elems(in.shape) / in.shape[axis];
    int64_t inter = std::min<int64_t>(in.shape[axis], int64_t{1} << w_ax);
    int64_t threads = hw(*ll, "lane") * hw(*ll, "warp") * hw(*ll, "block");
    int64_t per_thread = std::max<int64_t>(1, out_elems * inter / threads);
    if (redux && v39)
      reduxes += per_thread;
    else
      shuffles += w_ax * per_thread;
    // 3.6 stores the combined partials back and every thread reads its result;
    // 3.9 reads the partials once
    stores = v39 ? out_regs : out_regs + per_thread;
    loads = v39 ? per_thread : per_thread + out_regs;
    int64_t scratch = out_elems * inter * bytes;
    k.add("scratch_bytes", scratch);
    k.scratch_bytes = scratch;
  }
  k.add("shuffles_per_thread", shuffles);
  k.add("redux_per_thread", reduxes);
  k.add("shared_stores_per_thread", stores);
  k.add("shared_loads_per_thread", loads);
  k.score = static_cast<double>(shuffles + reduxes + stores + loads);
  k.summary = std::to_string(int64_t{1} << r_ax) + " in-thread, " + std::to_string(shuffles) + " shuffles" +
              (reduxes ? ", " + std::to_string(reduxes) + " redux" : "") +
              (w_ax ? ", across " + std::to_string(int64_t{1} << w_ax) + " warps via shared (" +
                          std::to_string(stores) + " st + " + std::to_string(loads) + " ld)"
                    : "");
  return k;
}

// Warps of a 2D accumulator along M and N: its warp bases that move each dim.
Ints warps_mn(const TensorLayout& acc) {
  Ints w{1, 1};
  LinearLayout l = to_linear(*acc.spec, acc.shape, acc.triton);
  const size_t rank = acc.shape.size();
  if (rank < 2 || !l.has_in("warp")) return w;
  for (const auto& b : l.bases("warp"))
    for (size_t d = 0; d < 2; ++d)
      if (b[rank - 2 + d] != 0) {
        w[d] *= 2;
        break;
      }
  return w;
}

// `lhs = e4m3 rhs = e2m1` of a scaled dot
std::string scaled_format(const std::string& text, const std::string& side) {
  size_t p = text.find(side + " = ");
  if (p == std::string::npos) return "";
  p += side.size() + 3;
  size_t e = p;
  while (e < text.size() && std::isalnum(static_cast<unsigned char>(text[e]))) ++e;
  return text.substr(p, e - p);
}

Cost mma_cost(const OpContext& c, const Sides& s) {
  Cost k;
  k.kind = "mma";
  // Operands: a, b (tensor or memdesc), then the accumulator.
  std::vector<const TensorLayout*> read;
  for (const TypeRead& t : c.types)
    if (t.layout) read.push_back(&*t.layout);
  const TensorLayout* a = read.size() > 0 ? read[0] : nullptr;
  // tt.dot_scaled given scales: a, a's scales, b, b's scales, the accumulator
  const size_t bi = c.op == "tt.dot_scaled" && c.text.find(" scale %") != std::string::npos ? 2 : 1;
  const TensorLayout* b = read.size() > bi ? read[bi] : nullptr;
  const TensorLayout* acc = nullptr;
  for (const TensorLayout* d : s.dist)
    if (std::holds_alternative<NvidiaMma>(d->spec->v) || std::holds_alternative<AmdMfma>(d->spec->v) ||
        std::holds_alternative<AmdWmma>(d->spec->v) || std::holds_alternative<Blocked>(d->spec->v))
      acc = d;
  const bool gen5 = c.op == "ttng.tc_gen5_mma" || c.op == "ttng.tc_gen5_mma_scaled";
  if (gen5 && !s.tmem.empty()) acc = s.tmem[0];  // D lives in tensor memory; the scales follow it
  int64_t M = a && a->shape.size() >= 2 ? a->shape[a->shape.size() - 2] : 0;
  int64_t K = a && !a->shape.empty() ? a->shape.back() : 0;
  int64_t N = b && !b->shape.empty() ? b->shape.back() : 0;
  std::string instr, why;
  codegen::MmaQuery q;
  std::optional<codegen::MmaInstruction> mi;
  if (a && b && acc) {
    q.a = a->elem, q.b = b->elem, q.c = acc->elem;
    q.a_fmt = scaled_format(c.text, "lhs"), q.b_fmt = scaled_format(c.text, "rhs");
    q.with_scales = c.op == "ttng.tc_gen5_mma_scaled" || bi == 2;
    q.m = M, q.n = N, q.k = K;
    q.version = c.triton == "3.6" ? TritonVersion::v3_6 : TritonVersion::v3_9;
    q.arch = c.target.rfind("hip:", 0) == 0 ? c.target.substr(4) : "";
    bool known = true;
    if (auto* t = std::get_if<TensorMemory>(&acc->spec->v)) {
      q.family = codegen::MmaFamily::tcgen05;
      q.instr = {t->block_m, t->block_n};
      q.two_ctas = t->two_ctas;
    } else if (auto* m = std::get_if<NvidiaMma>(&acc->spec->v)) {
      q.family = m->version_major >= 3 ? codegen::MmaFamily::wgmma : codegen::MmaFamily::mma_sync;
      q.instr = m->instr_shape;
    } else if (auto* f = std::get_if<AmdMfma>(&acc->spec->v)) {
      q.family = codegen::MmaFamily::mfma;
      q.instr = f->instr_shape;
      q.transposed = f->transposed;
    } else if (auto* w = std::get_if<AmdWmma>(&acc->spec->v)) {
      q.family = codegen::MmaFamily::wmma;
      q.instr = w->instr_shape.empty() ? Ints{16, 16, 16} : w->instr_shape;
      q.transposed = w->transposed;
    } else {
      known = false;
      instr = "fma (no tensor cores: blocked accumulator)";
    }
    if (known) {
      q.warps = q.family == codegen::MmaFamily::tcgen05 ? Ints{1, 1} : warps_mn(*acc);
      mi = codegen::triton_mma(q, &why);
    }
  }
  if (mi) {
    instr = mi->mnemonic;
    k.add("instructions_per_thread", mi->count);
    k.add_str("issued_by", mi->issued_by);
    k.add("instr_shape_mnk", "[" + std::to_string(mi->mnk[0]) + ", " + std::to_string(mi->mnk[1]) + ", " +
                                 std::to_string(mi->mnk[2]) + "]");
  }
  if (instr.empty()) instr = "unknown (" + (why.empty() ? std::string("accumulator not read") : why) + ")";
  k.add_str("instruction", instr);
  k.add("m", M);
  k.add("n", N);
  k.add("k", K);
  // Operands read from shared memory by the MMA itself (wgmma / tcgen05 descriptors): their layout.
  auto from = [](const TensorLayout* t) {
    if (!t) return std::string("not read");
    if (!is_shared(*t->spec)) return std::string("registers (") + kind_name(*t->spec) + ")";
    if (auto* n = std::get_if<NvmmaShared>(&t->spec->v))
      return "shared (nvmma_shared, " + std::to_string(n->swizzle_bytes) + "-byte swizzle" +
             (n->transposed ? ", transposed" : "") + ")";
    return "shared (" + kind_name(*t->spec) + ")";
  };
  k.add_str("a_from", from(a));
  k.add_str("b_from", from(b));
  if (!s.unread.empty()) {
    k.unread = s.unread;
    k.add_str("unread", s.unread);
  }
  k.summary = instr + (mi ? " x" + std::to_string(mi->count) + (mi->issued_by == "one thread" ? " (one thread)" : "/thread")
                          : std::string()) +
              ", " + std::to_string(M) + "x" + std::to_string(N) + "x" + std::to_string(K);
  return k;
}

Cost tmem_cost(const OpContext& c, const Sides& s) {
  Cost k;
  k.kind = "tmem";
  // a tmem_alloc given a tensor stores it as tmem_store does
  const bool load = c.op == "ttng.tmem_load",
             store = c.op == "ttng.tmem_store" || (c.op == "ttng.tmem_alloc" && !s.dist.empty());
  std::string instr = load ? "tcgen05.ld" : store ? "tcgen05.st" : c.op == "ttng.tmem_copy" ? "tcgen05.cp" : "";
  std::string unread = s.unread;
  const TensorLayout* reg = s.dist.empty() ? nullptr : s.dist[0];
  const TensorLayout* tmem = s.tmem.empty() ? nullptr : s.tmem[0];
  int64_t per_thread = 0;
  if ((load || store) && reg && tmem && unread.empty()) {
    if (auto m = tmem_message_of(*reg, *tmem)) {
      instr = tcgen05_instruction(*m, load);
      k.add_str("message", m->message);
      per_thread = m->registers / m->per_message;
      k.add("instructions_per_thread", per_thread);
      k.add("registers_per_message", m->per_message);
    } else {
      unread = "no tcgen05 message has this register layout: Triton 3.9's verifier refuses it (it takes the layouts "
               "compute_tmem_reg_layout gives, registers in any order)";
    }
  }
  if (!instr.empty()) k.add_str("instruction", instr);
  if (reg) {
    auto map = make_map(*reg);
    k.add("registers_per_thread", map->linear() ? hw(*map->linear(), "register") : 0);
    k.add_str("register_layout", kind_name(*reg->spec));
  }
  for (const TypeRead& t : c.types)
    if (t.memdesc) {
      // the shape and element type are readable even when the layout is not
      size_t lt = t.text.find('<'), comma = t.text.find(',');
      if (lt != std::string::npos && comma != std::string::npos) k.add_str("tensor_memory", t.text.substr(lt + 1, comma - lt - 1));
      break;
    }
  if (c.op == "ttng.tmem_alloc" && tmem) {
    // columns of 32 bits (128 lanes each) the buffer spans
    LinearLayout l = to_linear(*tmem->spec, tmem->shape, TritonVersion::v3_9);
    int64_t columns = std::max<int64_t>(1, l.in_size("col") * tmem->elem_bits / 32);
    k.add("tmem_columns", columns);
    k.summary = "allocates " + std::to_string(columns) + " TMEM columns" + (store ? ", stores with " + instr : "");
  }
  if (!unread.empty()) {
    k.unread = unread;
    k.add_str("unread", unread);
  }
  if (k.summary.empty()) k.summary = instr.empty() ? c.op : instr;
  if (per_thread) k.summary += " x" + std::to_string(per_thread) + "/thread";
  if (!s.unread.empty()) k.summary += " (a layout not read)";
  else if (!unread.empty()) k.summary += " (message not known)";
  return k;
}

}  // namespace

Cost AnalysisCostModel::cost(const OpContext& c) const {
  Sides s = sides(c);
  const std::string& op = c.op;
  auto need = [&](bool ok, const std::string& what) {
    if (!ok) fail(op + ": " + what + (s.unread.empty() ? "" : " (" + s.unread + ")"));
  };
  if (op == "tt.load" || op == "tt.store" || op == "amdg.buffer_load" || op == "amdg.buffer_store" ||
      op == "amdgpu.buffer_load" || op == "amdgpu.buffer_store") {
    if (s.dist.empty() && s.unread.empty()) {
      Cost k;
      k.kind = "global";
      k.add_str("instruction", op == "tt.store" ? "st.global" : "ld.global");
      k.add("instructions_per_thread", 1);
      k.add_str("note", "scalar access (no layout)");
      k.summary = "scalar";
      return k;
    }
    need(!s.dist.empty(), "no distributed layout read");
    bool load = op.find("load") != std::string::npos;
    return global_cost(c, *s.dist[0], load, false);
  }
  if (op == "ttg.async_copy_global_to_local" || op == "amdg.buffer_load_to_local" || op == "amdgpu.buffer_load_to_local") {
    need(!s.dist.empty(), "no distributed layout read");
    return global_cost(c, *s.dist[0], true, true);
  }
  if (op.find("tma") != std::string::npos || op.compare(0, 14, "tt.descriptor_") == 0) {
    Cost k;
    k.kind = "tma";
    const TensorLayout* box = nullptr;
    for (const TensorLayout* t : s.shared)
      if (!box || elems(t->shape) > elems(box->shape)) box = t;
    for (const TensorLayout* t : s.dist)
      if (!box || elems(t->shape) > elems(box->shape)) box = t;
    need(box != nullptr, "no layout read");
    int64_t bytes = elems(box->shape) * box->elem_bits / 8;
    bool to_shared = op.find("global_to_local") != std::string::npos || op == "tt.descriptor_load" ||
                     op.find("gather") != std::string::npos;
    k.add_str("instruction", to_shared ? "cp.async.bulk.tensor (global -> shared)" : "cp.async.bulk.tensor (shared -> global)");
    k.add("box_bytes", bytes);
    k.add_str("box", shape_str(box->shape) + "x" + box->elem);
    k.add("instructions_per_thread", 0);
    k.add_str("note", "one thread issues the copy; the TMA unit moves the box");
    k.summary = "TMA " + shape_str(box->shape) + " (" + std::to_string(bytes) + " B)";
    return k;
  }
  if (op == "ttg.local_alloc" || op == "ttg.local_store" || op == "ttg.local_load" || op == "amdg.local_load_packed_tranposed") {
    if (op == "ttg.local_alloc" && s.dist.empty()) {
      Cost k;
      k.kind = "alloc";
      need(!s.shared.empty(), "no shared layout read");
      int64_t bytes = elems(s.shared[0]->shape) * s.shared[0]->elem_bits / 8;
      k.add("alloc_bytes", bytes);
      k.add_str("layout", kind_name(*s.shared[0]->spec));
      k.summary = "allocates " + std::to_string(bytes) + " B";
      return k;
    }
    need(!s.dist.empty() && !s.shared.empty(), "needs a register and a shared layout");
    const bool store = op != "ttg.local_load" && op != "amdg.local_load_packed_tranposed";
    if (c.target.compare(0, 4, "hip:") == 0 && codegen::is_amd_arch(c.target.substr(4)) &&
        op != "amdg.local_load_packed_tranposed") {
      Cost k = amd_lds_cost(c, c.target.substr(4), *s.dist[0], *s.shared[0], store);
      if (op == "ttg.local_alloc") k.add("alloc_bytes", elems(s.shared[0]->shape) * s.shared[0]->elem_bits / 8);
      return k;
    }
    if (c.target.compare(0, 4, "hip:") == 0) {
      Cost k;
      k.kind = "shared";
      k.unread = "LDS accesses are modelled for gfx942 and gfx950 (ds_read/ds_write counts), not for " +
                 c.target.substr(4) + (op == "amdg.local_load_packed_tranposed" ? " or packed transposed loads" : "");
      k.add_str("unread", k.unread);
      k.add_str("register_layout", kind_name(*s.dist[0]->spec));
      k.add_str("shared_layout", kind_name(*s.shared[0]->spec));
      k.summary = "LDS access (not modelled for AMD)";
      return k;
    }
    Cost k = shared_cost(c, *s.dist[0], *s.shared[0], store);
    if (op == "ttg.local_alloc") {
      int64_t bytes = elems(s.shared[0]->shape) * s.shared[0]->elem_bits / 8;
      k.add("alloc_bytes", bytes);
    }
    return k;
  }
  if (op.compare(0, 12, "ttg.memdesc_") == 0 || op == "ttng.tmem_subslice") {
    Cost k;
    k.kind = "view";
    k.add("instructions_per_thread", 0);
    k.add_str("note", "a view of the same memory: address arithmetic only");
    if (!s.unread.empty()) {
      k.unread = s.unread;
      k.add_str("unread", s.unread);
    }
    k.summary = "view (free)";
    return k;
  }
  if (op == "ttg.convert_layout") {
    need(s.dist.size() >= 2, "needs a source and a destination layout");
    return convert_cost(c, *s.dist[0], *s.dist[1]);
  }
  if (op == "tt.reduce") {
    need(!s.dist.empty(), "no input layout read");
    return reduce_cost(c, *s.dist[0]);
  }
  if (op == "tt.atomic_rmw" || op == "tt.atomic_cas" || op.find(".buffer_atomic_") != std::string::npos)
    return atomic_cost(c, s);
  if (op == "tt.scan") return scan_cost(c, s);
  if (op == "tt.gather") return gather_cost(c, s);
  if (op == "tt.histogram") return histogram_cost(c, s);
  if (op == "tt.dot" || op == "tt.dot_scaled" || op == "ttng.warp_group_dot" || op == "ttng.tc_gen5_mma" ||
      op == "ttng.tc_gen5_mma_scaled")
    return mma_cost(c, s);
  if (op.compare(0, 10, "ttng.tmem_") == 0) {
    if (op == "ttng.tmem_alloc") {
      Cost k = tmem_cost(c, s);
      k.kind = "alloc";
      return k;
    }
    return tmem_cost(c, s);
  }
  fail(op + ": no cost rule");
}

}  // namespace ls::inspect
