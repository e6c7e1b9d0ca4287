// The inspector's report as JSON ({"ops": [...], "kernel": {...}, "unread":
// [...]}, docs/inspect.md) and as a readable table.
#include <cstdio>

#include "../analysis/report_json.h"
#include "inspect.h"

namespace ls::inspect {
namespace {

std::string cost_json(const Cost& c) {
  std::string s = "{\"kind\": " + json_string(c.kind);
  for (const Field& f : c.fields)
    if (f.key != "kind") s += ", " + json_string(f.key) + ": " + f.json;
  char b[32];
  std::snprintf(b, sizeof b, "%.4g", c.score);
  s += std::string(", \"score\": ") + b;
  if (c.scratch_bytes && s.find("\"scratch_bytes\"") == std::string::npos)
    s += ", \"scratch_bytes\": " + std::to_string(c.scratch_bytes);
  return s + ", \"summary\": " + json_string(c.summary) + "}";
}

std::string op_json(const OpRecord& o) {
  std::string s = "{\"op\": " + json_string(o.op) + ", \"line\": " + std::to_string(o.line);
  if (!o.source.empty()) s += ", \"source\": " + json_string(o.source);
  if (!o.region.empty()) s += ", \"region\": " + json_string(o.region);
  s += ", \"layouts\": [";
  for (size_t i = 0; i < o.layouts.size(); ++i) {
    const OpLayout& l = o.layouts[i];
    s += std::string(i ? ", " : "") + "{\"role\": " + json_string(l.role) + ", \"text\": " + json_string(l.text) +
         ", \"read\": " + (l.read ? "true" : "false") +
         (l.buffers > 1 ? ", \"buffers\": " + std::to_string(l.buffers) : "");
    if (!l.error.empty()) s += ", \"error\": " + json_string(l.error);
    s += "}";
  }
  return s + "], \"cost\": " + cost_json(o.cost) + "}";
}

}  // namespace

std::string to_json(const Report& r) {
  std::string s = "{\"ops\": [";
  for (size_t i = 0; i < r.ops.size(); ++i) s += std::string(i ? ",\n  " : "\n  ") + op_json(r.ops[i]);
  s += "],\n \"kernel\": ";
  if (r.kernels.empty()) {
    s += "{}";
  } else {
    const KernelSummary& k = r.kernels.back();
    s += "{\"name\": " + json_string(k.name) + ", \"target\": " + json_string(k.target) +
         ", \"num_warps\": " + std::to_string(k.num_warps) + ", \"threads_per_warp\": " +
         std::to_string(k.threads_per_warp) + ", \"ops\": " + std::to_string(r.ops.size()) +
         ", \"shared_wavefronts\": " + std::to_string(k.shared_wavefronts) +
         ", \"ideal_shared_wavefronts\": " + std::to_string(k.shared_ideal) +
         ", \"scratch_bytes\": " + std::to_string(k.scratch_bytes) +
         ", \"shared_alloc_bytes\": " + std::to_string(k.shared_alloc_bytes) + ", \"top\": [";
    for (size_t i = 0; i < k.top.size(); ++i) {
      const OpRecord& o = r.ops[k.top[i]];
      s += std::string(i ? ", " : "") + "{\"op\": " + json_string(o.op) + ", \"line\": " + std::to_string(o.line) +
           ", \"source\": " + json_string(o.source) + ", \"score\": " + std::to_string(o.cost.score) +
           ", \"summary\": " + json_string(o.cost.summary) + "}";
    }
    s += "]}";
  }
  s += ",\n \"unread\": [";
  for (size_t i = 0; i < r.unread.size(); ++i)
    s += std::string(i ? ", " : "") + "{\"line\": " + std::to_string(r.unread[i].line) + ", \"op\": " +
         json_string(r.unread[i].op) + ", \"why\": " + json_string(r.unread[i].why) + "}";
  return s + "]}\n";
}

std::string to_table(const Report& r) {
  std::string s;
  char b[512];
  if (!r.kernels.empty()) {
    const KernelSummary& k = r.kernels.back();
    std::snprintf(b, sizeof b, "kernel %s  target %s  num_warps %d\n", k.name.c_str(),
                  k.target.empty() ? "?" : k.target.c_str(), k.num_warps);
    s += b;
  }
  std::snprintf(b, sizeof b, "%6s  %-34s %-10s %8s  %-16s %s\n", "line", "op", "kind", "score", "source", "cost");
  s += b;
  for (const OpRecord& o : r.ops) {
    std::string op = std::string(static_cast<size_t>(o.depth) * 2, ' ') + o.op;
    std::snprintf(b, sizeof b, "%6d  %-34s %-10s %8.1f  %-16s %s\n", o.line, op.c_str(), o.cost.kind.c_str(),
                  o.cost.score, o.source.c_str(), o.cost.summary.c_str());
    s += b;
  }
  if (!r.kernels.empty()) {
    const KernelSummary& k = r.kernels.back();
    std::snprintf(b, sizeof b,
                  "\nshared-memory wavefronts %lld (ideal %lld), largest scratch %lld B, explicit allocations %lld B\n",
                  static_cast<long long>(k.shared_wavefronts), static_cast<long long>(k.shared_ideal),
                  static_cast<long long>(k.scratch_bytes), static_cast<long long>(k.shared_alloc_bytes));
    s += b;
    if (!k.top.empty()) s += "most costly:\n";
    for (size_t i : k.top) {
      const OpRecord& o = r.ops[i];
      std::snprintf(b, sizeof b, "  line %d %s%s%s: %s\n", o.line, o.op.c_str(), o.source.empty() ? "" : " at ",
                    o.source.c_str(), o.cost.summary.c_str());
      s += b;
    }
  }
  for (const Unread& u : r.unread) {
    std::snprintf(b, sizeof b, "not read: line %d %s: ", u.line, u.op.c_str());
    s += b + u.why + "\n";
  }
  return s;
}

}  // namespace ls::inspect
