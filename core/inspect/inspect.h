// The kernel inspector: reads a whole TTGIR dump as Triton writes it
// (MLIR_ENABLE_DUMP, TRITON_KERNEL_DUMP, the cache's .ttgir,
// kernel.asm["ttgir"]; Triton 3.6 and 3.9; NVIDIA and AMD) and gives, for
// every op that moves data between layouts or memories, its layouts and a
// cost from core's models.
//
// What it reads: `#name = #ttg...` alias lines (layouts, resolved by the
// MLIR layout reader of core/io), `#locN = loc(...)` aliases and trailing
// `loc(...)` (each op's Python file:line), `module attributes` (num-warps,
// target, threads-per-warp), one op per line inside tt.func and nested
// regions (scf.for/if/while, tt.reduce bodies whose types follow the closing
// `})`, ttg.warp_specialize partitions). Every tensor<...> / !ttg.memdesc<...>
// type of an op is read; `!tt.ptr<T>` elements count as T. An op whose types
// cannot be read is still reported, its cost naming the part that was not
// read; a line that looks like an op of the inspected set but cannot be
// split into name and types goes to `unread` with the reason.
//
// Costs (which core function models what: docs/inspect.md):
//   global access  analyze_coalescing, tensor contiguous along the layout's
//                  fastest dim (blocked: order[0]; otherwise the last dim),
//                  16-byte aligned; a `contiguity` attribute caps the vector;
//   shared access  NVIDIA sm_80/90/100 with 8-32 bit elements: the
//                  instruction Triton emits (core/codegen), layoutscope's
//                  own choice beside it; otherwise analyze_shared_access;
//   convert        analyze_conversion for the path; through shared memory
//                  Triton's scratch swizzle and instructions (core/codegen),
//                  elsewhere design_swizzle;
//   reduce         the layout's bases along the axis (registers, lanes, warps);
//   mma / tmem     instruction shape from the layouts.
// The per-op cost goes through one interface, OpCostModel, so that a
// Triton-faithful instruction model can replace or refine it (see
// `Options::model`).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../spec.h"

namespace ls::inspect {

// A JSON-ready value kept as text: numbers, strings (already quoted),
// arrays and objects.
struct Field {
  std::string key;
  std::string json;
};

struct Cost {
  std::string kind;                 // "global", "shared", "convert", "reduce", "mma", "tmem", "alloc", "view", ...
  std::vector<Field> fields;        // in print order
  double score = 0;                 // ranking key: memory transactions per warp (docs/inspect.md)
  int64_t shared_wavefronts = 0;    // over the tile, all warps
  int64_t shared_ideal = 0;
  int64_t scratch_bytes = 0;
  std::string unread;               // the part of the op that could not be read, if any
  std::string summary;              // one short line for tables
  void add(const std::string& key, const std::string& json) { fields.push_back({key, json}); }
  void add(const std::string& key, int64_t v) { add(key, std::to_string(v)); }
  void add_str(const std::string& key, const std::string& s);
};

struct OpLayout {
  std::string role;    // "ptr", "value", "src", "dst", "shared", "a", "b", "acc", "result", "operand"
  std::string text;    // canonical MLIR type text (reads back with parse_layout), or the dump's text if unread;
                       // a multi-buffered memdesc as one buffer (its trailing dims)
  int64_t buffers = 1; // the memdesc's leading dims beyond the layout's rank, multiplied
  bool read = true;
  std::string error;   // why it could not be read
};

struct OpRecord {
  std::string op;       // as in the dump, e.g. "ttg.convert_layout"
  int line = 0;         // 1-based
  int depth = 0;        // region nesting (0: the function body)
  std::string region;   // innermost enclosing region op ("scf.for", "ttg.warp_specialize partition0", ...)
  std::string source;   // "file.py:12" from the op's loc, empty if none
  std::vector<OpLayout> layouts;
  Cost cost;
};

struct Unread {
  int line = 0;
  std::string op;
  std::string why;
};

struct KernelSummary {
  std::string name;      // tt.func name
  std::string target;    // "cuda:90", "hip:gfx942", ...
  int num_warps = 0, threads_per_warp = 0;
  int64_t shared_wavefronts = 0, shared_ideal = 0;
  int64_t scratch_bytes = 0;       // largest scratch any one op needs (Triton reuses it)
  int64_t shared_alloc_bytes = 0;  // explicit local_alloc buffers
  std::vector<size_t> top;         // indices into ops: the three highest scores
};

struct Report {
  std::vector<OpRecord> ops;
  std::vector<Unread> unread;
  std::vector<KernelSummary> kernels;
};

// One tensor<...> / !ttg.memdesc<...> type of an op, read or not.
struct TypeRead {
  std::string text;                  // as in the dump
  std::optional<TensorLayout> layout;  // empty when it carries no layout or could not be read
  std::string error;                 // why it could not be read
  bool memdesc = false;
};

// What a cost model sees of one op.
struct OpContext {
  std::string op;                 // name as in the dump
  std::string text;               // the op's text (for region ops: plus the closing line's types)
  std::vector<TypeRead> types;    // in order of appearance
  std::string target;             // "cuda:90", "hip:gfx942", "" when unknown
  int sm = 0;                     // CUDA compute capability (90), 0 for other targets
  int num_warps = 4;
  std::string triton = "3.6";
  std::vector<std::string> body_ops;  // ops of the op's region (a tt.reduce's combiner), in order
  bool result_used = true;        // some other line of the function names the op's (first) result
  // The integer value of `key = N` in the op's attributes, if present.
  std::optional<int64_t> int_attr(const std::string& key) const;
};

// The per-op cost. `AnalysisCostModel` (default) uses core/analysis; a
// Triton-faithful model (core/codegen) can derive from it and override
// `cost` for the ops it knows, calling the base for the rest. A cost must
// depend only on the op's name, types, num_warps, target, Triton version and
// its `contiguity` / `axis` attributes: the inspector reuses it for ops that
// agree in these.
class OpCostModel {
public:
  virtual ~OpCostModel() = default;
  virtual Cost cost(const OpContext& ctx) const = 0;
};

class AnalysisCostModel : public OpCostModel {
public:
  Cost cost(const OpContext& ctx) const override;
};

struct Options {
  std::string triton = "3.6";        // "3.6" or "3.9": rules that differ (global access of broadcast registers)
  const OpCostModel* model = nullptr;  // null: AnalysisCostModel
  bool reuse_costs = true;             // cost ops that agree (see OpCostModel) once
  // An op whose tensor has more elements or hardware indices is not costed
  // (its cost says why), so that no dump makes the inspector run for minutes.
  int64_t max_elements = int64_t{1} << 24;
};

// Reads the dump; never throws for bad dump content (what it cannot read goes
// to `unread` or to an op's cost.unread). Throws ls::Error only for bad
// options.
Report inspect_dump(const std::string& text, const Options& opt = {});

// Whether op `name` is one the inspector reports (moves data between layouts
// or memory spaces, allocates or views shared/tensor memory, reduces, MMA).
bool is_inspected_op(const std::string& name);

std::string to_json(const Report& r);
std::string to_table(const Report& r);

}  // namespace ls::inspect
