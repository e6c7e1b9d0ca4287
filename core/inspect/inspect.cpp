// Reading a TTGIR dump line by line (the rules are in inspect.h): sections,
// aliases, module attributes, region nesting, op names, types and locations.
#include "inspect.h"

#include <algorithm>
#include <map>
#include <set>

#include "../analysis/report_json.h"
#include "../error.h"
#include "../io/text.h"
#include "../layout_map.h"

namespace ls::inspect {
namespace {

bool id_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
         c == '$' || c == '-';
}

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

const std::set<std::string>& inspected() {
  static const std::set<std::string> ops = {
      // global memory
      "tt.load", "tt.store", "ttg.async_copy_global_to_local", "amdg.buffer_load", "amdg.buffer_store",
      "amdg.buffer_load_to_local", "amdgpu.buffer_load", "amdgpu.buffer_store", "amdgpu.buffer_load_to_local",
      "amdg.buffer_atomic_rmw", "amdg.buffer_atomic_cas", "amdgpu.buffer_atomic_rmw", "amdgpu.buffer_atomic_cas",
      // TMA
      "ttng.async_tma_copy_global_to_local", "ttng.async_tma_copy_local_to_global", "ttng.async_tma_gather",
      "ttng.async_tma_scatter", "ttng.async_tma_reduce", "tt.descriptor_load", "tt.descriptor_store",
      "tt.descriptor_gather", "tt.descriptor_scatter",
      // shared memory
      "ttg.local_alloc", "ttg.local_store", "ttg.local_load", "ttg.memdesc_index", "ttg.memdesc_subview",
      "ttg.memdesc_subslice", "ttg.memdesc_trans", "ttg.memdesc_reshape", "ttg.memdesc_reinterpret",
      "amdg.local_load_packed_tranposed",
      // layout changes, reductions, atomics
      "ttg.convert_layout", "tt.reduce", "tt.scan", "tt.gather", "tt.histogram", "tt.atomic_rmw", "tt.atomic_cas",
      // MMA and tensor memory
      "tt.dot", "tt.dot_scaled", "ttng.warp_group_dot", "ttng.tc_gen5_mma", "ttng.tc_gen5_mma_scaled",
      "ttng.tmem_load", "ttng.tmem_store", "ttng.tmem_alloc", "ttng.tmem_copy", "ttng.tmem_subslice"};
  return ops;
}

// The text between `open` at `p` and its matching close; npos when unbalanced.
size_t match_close(const std::string& s, size_t p) {
  int depth = 0;
  for (size_t i = p; i < s.size(); ++i) {
    char c = s[i];
    if (c == '"') {
      for (++i; i < s.size() && s[i] != '"'; ++i)
        if (s[i] == '\\') ++i;
      continue;
    }
    if (c == '<' || c == '(' || c == '[' || c == '{') ++depth;
    if (c == '>' || c == ')' || c == ']' || c == '}') {
      // `->` is not a bracket
      if (c == '>' && i > 0 && s[i - 1] == '-') continue;
      if (--depth == 0) return i;
    }
  }
  return std::string::npos;
}

// Splits off a trailing ` loc(...)`; returns the loc text ("" if none).
std::string split_loc(std::string& body) {
  size_t p = body.rfind("loc(");
  while (p != std::string::npos) {
    size_t e = match_close(body, p + 3);
    if (e != std::string::npos && trim(body.substr(e + 1)).empty() && (p == 0 || body[p - 1] == ' ')) {
      std::string loc = body.substr(p, e - p + 1);
      body = trim(body.substr(0, p));
      return loc;
    }
    if (p == 0) break;
    p = body.rfind("loc(", p - 1);
  }
  return "";
}

// The types of an op's text: tensor<...>, !ttg.memdesc<...>, and the bare
// `-> <...>` memdesc of async copies. Returns false when a bracket is left open.
bool find_types(const std::string& s, std::vector<TypeRead>& out) {
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '"') {
      for (++i; i < s.size() && s[i] != '"'; ++i)
        if (s[i] == '\\') ++i;
      continue;
    }
    bool prev_id = i > 0 && id_char(s[i - 1]);
    size_t open = std::string::npos;
    bool memdesc = false, bare = false;
    if (!prev_id && s.compare(i, 7, "tensor<") == 0) {
      open = i + 6;
    } else if (s.compare(i, 13, "!ttg.memdesc<") == 0) {
      open = i + 12;
      memdesc = true;
    } else if (c == '<' && i >= 3 && s.compare(i - 3, 3, "-> ") == 0) {
      open = i;
      memdesc = bare = true;
    }
    if (open == std::string::npos) continue;
    size_t close = match_close(s, open);
    if (close == std::string::npos) return false;
    TypeRead t;
    t.memdesc = memdesc;
    t.text = bare ? "!ttg.memdesc" + s.substr(open, close - open + 1) : s.substr(i, close - i + 1);
    out.push_back(std::move(t));
    // a tensordesc's tensor<...> is read once; nested tensor<> inside other types too
    i = close;
  }
  return true;
}

// `!tt.ptr<T>` -> T: global pointers count as their pointee.
std::string strip_ptr(const std::string& s) {
  std::string r;
  for (size_t i = 0; i < s.size();) {
    if (s.compare(i, 8, "!tt.ptr<") == 0) {
      size_t e = match_close(s, i + 7);
      if (e == std::string::npos) return s;
      std::string inner = s.substr(i + 8, e - i - 8);
      size_t comma = inner.find(',');  // address space
      r += trim(comma == std::string::npos ? inner : inner.substr(0, comma));
      i = e + 1;
    } else {
      r += s[i++];
    }
  }
  return r;
}

struct Region {
  std::string name;
  int op = -1;  // index into the section's ops, -1 when not an inspected op
  int num_warps = 0;
};

struct PendingOp {
  OpContext ctx;
  OpRecord rec;
  std::string loc;
  std::string result;  // `%6` of `%6 = ...`, empty when the op names none
  bool broken = false;
  std::string why;
};

std::string basename(const std::string& p) {
  size_t s = p.find_last_of('/');
  return s == std::string::npos ? p : p.substr(s + 1);
}

// file:line of a loc text, following #loc aliases.
std::string resolve_loc(const std::string& text, const std::map<std::string, std::string>& locs, int depth = 0) {
  if (depth > 16) return "";
  // callsite(callee at caller): the caller is the user's line
  size_t cs = text.find("callsite(");
  size_t at = text.find(" at ", cs == std::string::npos ? 0 : cs);
  if (cs != std::string::npos && at != std::string::npos) {
    std::string r = resolve_loc(text.substr(at + 4), locs, depth + 1);
    if (!r.empty()) return r;
  }
  for (size_t q = text.find('"'); q != std::string::npos; q = text.find('"', q + 1)) {
    size_t e = q + 1;
    while (e < text.size() && text[e] != '"') e += text[e] == '\\' ? 2 : 1;
    if (e + 2 < text.size() && text[e + 1] == ':' && isdigit(static_cast<unsigned char>(text[e + 2]))) {
      size_t n = e + 2;
      while (n < text.size() && isdigit(static_cast<unsigned char>(text[n]))) ++n;
      return basename(text.substr(q + 1, e - q - 1)) + ":" + text.substr(e + 2, n - e - 2);
    }
    q = e;
  }
  for (size_t h = text.find("#loc"); h != std::string::npos; h = text.find("#loc", h + 1)) {
    size_t e = h + 1;
    while (e < text.size() && id_char(text[e])) ++e;
    auto it = locs.find(text.substr(h + 1, e - h - 1));
    if (it == locs.end()) continue;
    std::string r = resolve_loc(it->second, locs, depth + 1);
    if (!r.empty()) return r;
  }
  return "";
}

std::optional<int64_t> int_after(const std::string& s, const std::string& key) {
  size_t p = s.find(key);
  if (p == std::string::npos) return std::nullopt;
  p += key.size();
  while (p < s.size() && (s[p] == ' ' || s[p] == '=' || s[p] == '(')) ++p;
  size_t e = p;
  while (e < s.size() && isdigit(static_cast<unsigned char>(s[e]))) ++e;
  if (e == p || e - p > 12) return std::nullopt;
  return std::stoll(s.substr(p, e - p));
}

// The leading dims of a (multi-buffered memdesc) type beyond its layout's rank.
size_t buffer_dims(const TensorLayout& t) {
  const size_t rank = t.spec ? rank_of(*t.spec) : t.shape.size();
  return rank > 0 && rank < t.shape.size() ? t.shape.size() - rank : 0;
}

// Refuses a layout too large to cost (Options::max_elements), naming the bound;
// a memdesc counts one buffer. A layout that does not lower is left to the cost.
void check_work(TensorLayout t, const std::string& text, int64_t max) {
  t.shape.erase(t.shape.begin(), t.shape.begin() + static_cast<std::ptrdiff_t>(buffer_dims(t)));
  WorkSize w;
  try {
    w = work_size(t);
  } catch (const Error&) {
    return;
  }
  require(w.elements <= max, "`" + text + "` has " + power_text(w.elements) +
                                 " elements; the inspector costs ops of at most " + power_text(max) + " (--max-elements)");
  require(w.index_bits < 62 && (int64_t{1} << w.index_bits) <= max,
          "`" + text + "` has 2^" + std::to_string(w.index_bits) +
              " hardware indices; the inspector costs ops of at most " + power_text(max) + " (--max-elements)");
}

// One module (a file holds several with MLIR_ENABLE_DUMP): lines [b, e).
void read_section(const std::vector<std::string>& lines, size_t b, size_t e, const Options& opt, Report& out) {
  std::string alias_block;
  std::set<std::string> alias_names;
  std::map<std::string, std::string> locs;
  std::map<std::string, TypeRead> parsed;
  std::vector<PendingOp> ops;
  std::vector<Region> stack;
  KernelSummary kernel;
  kernel.num_warps = 4;
  kernel.threads_per_warp = 32;
  int sm = 0;

  auto read_type = [&](TypeRead& t) {
    if (t.text.find('#') == std::string::npos) return;  // no layout
    auto it = parsed.find(t.text);
    if (it == parsed.end()) {
      TypeRead r = t;
      try {
        r.layout = parse_mlir(alias_block + strip_ptr(t.text));
        if (r.layout->spec && is_tensor_memory(*r.layout->spec)) {
          // TMEM layouts are modelled by 3.9's rules only; a leading buffer dim of the allocation is dropped
          if (r.layout->shape.size() > 2) r.layout->shape.erase(r.layout->shape.begin(), r.layout->shape.end() - 2);
        } else {
          r.layout->triton = opt.triton == "3.6" ? TritonVersion::v3_6 : TritonVersion::v3_9;
        }
      } catch (const std::exception& ex) {
        // positions refer to the aliases + type text given to the reader: drop them
        std::string e = ex.what();
        if (e.compare(0, 5, "line ") == 0 && e.find(": ") != std::string::npos) e = e.substr(e.find(": ") + 2);
        r.error = e + " in `" + t.text + "`";
      }
      it = parsed.emplace(t.text, std::move(r)).first;
    }
    t = it->second;
  };

  for (size_t i = b; i < e; ++i) {
    std::string t = trim(lines[i]);
    int line_no = static_cast<int>(i) + 1;
    if (t.empty() || t.compare(0, 2, "//") == 0 || t[0] == '^') continue;
    if (t[0] == '#') {
      size_t n = 1;
      while (n < t.size() && id_char(t[n])) ++n;
      std::string name = t.substr(1, n - 1);
      std::string rest = trim(t.substr(n));
      if (!rest.empty() && rest[0] == '=') {
        std::string value = trim(rest.substr(1));
        if (value.compare(0, 4, "loc(") == 0)
          locs[name] = value;
        else if (alias_names.insert(name).second)
          alias_block += t + "\n";
      }
      continue;
    }
    if (t[0] == '}') {
      // closes a region; `})` may carry the op's types, `} else {` opens another
      if (stack.empty()) continue;
      Region r = stack.back();
      stack.pop_back();
      std::string body = t;
      std::string loc = split_loc(body);
      if (r.op >= 0) {
        PendingOp& p = ops[r.op];
        if (p.loc.empty()) p.loc = loc;
        size_t colon = body.find(" : ");
        if (colon != std::string::npos) {
          std::string tail = body.substr(colon);
          p.ctx.text += " " + tail;
          if (!find_types(tail, p.ctx.types)) {
            p.broken = true;
            p.why = "unbalanced brackets in the types after `}`";
          }
        }
      }
      if (!body.empty() && body.back() == '{') stack.push_back({r.name, -1, r.num_warps});
      continue;
    }
    if (t.compare(0, 6, "module") == 0) {
      if (auto w = int_after(t, "\"ttg.num-warps\"")) kernel.num_warps = static_cast<int>(*w);
      if (auto w = int_after(t, "\"ttg.threads-per-warp\"")) kernel.threads_per_warp = static_cast<int>(*w);
      size_t tp = t.find("ttg.target = \"");
      if (tp != std::string::npos) {
        size_t q = tp + 14, qe = t.find('"', q);
        if (qe != std::string::npos) kernel.target = t.substr(q, qe - q);
        if (kernel.target.compare(0, 5, "cuda:") == 0) {
          std::string d = kernel.target.substr(5);
          if (!d.empty() && d.size() < 5 && std::all_of(d.begin(), d.end(), ::isdigit)) sm = std::stoi(d);
        }
      }
      if (t.back() == '{') stack.push_back({"module", -1, 0});
      continue;
    }
    // An op: optional results `%a, %b:2 = `, then the name (maybe quoted).
    std::string body = t, result;
    if (body[0] == '%') {
      size_t eq = body.find(" = ");
      if (eq == std::string::npos) continue;
      size_t r = 1;
      while (r < eq && id_char(body[r])) ++r;
      result = body.substr(0, r);
      body = trim(body.substr(eq + 3));
    }
    std::string name;
    size_t after = 0;
    if (!body.empty() && body[0] == '"') {
      size_t q = body.find('"', 1);
      if (q == std::string::npos) continue;
      name = body.substr(1, q - 1);
      after = q + 1;
    } else {
      while (after < body.size() && id_char(body[after])) ++after;
      name = body.substr(0, after);
    }
    std::string loc = split_loc(body);
    bool opens = !body.empty() && body.back() == '{';
    int warps_here = kernel.num_warps;
    for (auto it = stack.rbegin(); it != stack.rend(); ++it)
      if (it->num_warps) {
        warps_here = it->num_warps;
        break;
      }
    if (name == "tt.func") {
      size_t at = body.find('@');
      if (at != std::string::npos) {
        size_t n = at + 1;
        while (n < body.size() && id_char(body[n])) ++n;
        kernel.name = body.substr(at + 1, n - at - 1);
      }
    }
    for (auto it = stack.rbegin(); it != stack.rend(); ++it)
      if (it->op >= 0) {
        if (it == stack.rbegin() && name.find('.') != std::string::npos) ops[it->op].ctx.body_ops.push_back(name);
        break;
      }
    if (!inspected().count(name)) {
      if (opens) {
        int nw = 0;
        if (auto w = int_after(body, "num_warps(")) nw = static_cast<int>(*w);
        stack.push_back({name.find('.') == std::string::npos ? name.substr(0, name.find('(')) : name, -1, nw});
      }
      continue;
    }
    PendingOp p;
    p.rec.op = name;
    p.rec.line = line_no;
    p.rec.depth = std::max(0, static_cast<int>(stack.size()) - 2);  // module, tt.func
    for (auto it = stack.rbegin(); it != stack.rend(); ++it)
      if (it->name != "module" && it->name != "tt.func") {
        p.rec.region = it->name;
        break;
      }
    p.loc = loc;
    p.result = result;
    p.ctx.op = name;
    p.ctx.text = body.substr(after);
    p.ctx.target = kernel.target;
    p.ctx.sm = sm;
    p.ctx.num_warps = warps_here;
    p.ctx.triton = opt.triton;
    if (!find_types(p.ctx.text, p.ctx.types)) {
      p.broken = true;
      p.why = "unbalanced brackets in the op's types";
    }
    ops.push_back(std::move(p));
    if (opens) stack.push_back({name, static_cast<int>(ops.size()) - 1, 0});
  }

  // Atomics lower differently when nothing reads their result.
  for (PendingOp& p : ops) {
    if (p.result.empty() || p.ctx.op.find("atomic_") == std::string::npos) continue;
    bool used = false;
    for (size_t i = b; i < e && !used; ++i) {
      if (static_cast<int>(i) + 1 == p.rec.line) continue;
      const std::string& l = lines[i];
      for (size_t q = l.find(p.result); q != std::string::npos && !used; q = l.find(p.result, q + 1))
        used = q + p.result.size() >= l.size() || !id_char(l[q + p.result.size()]);
    }
    p.ctx.result_used = used;
  }

  AnalysisCostModel fallback;
  const OpCostModel& model = opt.model ? *opt.model : fallback;
  size_t first = out.ops.size();
  std::map<std::string, Cost> costs;
  for (PendingOp& p : ops) {
    if (!p.broken && p.ctx.types.empty() && p.ctx.text.find(" : ") == std::string::npos) {
      p.broken = true;
      p.why = "no type signature (` : ...`) on the line";
    }
    if (p.broken) {
      out.unread.push_back({p.rec.line, p.rec.op, p.why});
      continue;
    }
    for (TypeRead& t : p.ctx.types) read_type(t);
    // A layout that does not read for another reason than a kind the model
    // does not know yet (tensor memory) makes the op unread.
    std::string syntax_error;
    for (const TypeRead& t : p.ctx.types) {
      if (t.layout || t.error.empty()) continue;
      bool foreign = t.error.find("#ttng.") != std::string::npos || t.error.find("#amdg") != std::string::npos;
      if (!foreign) {
        syntax_error = t.error;
        break;
      }
    }
    if (!syntax_error.empty()) {
      out.unread.push_back({p.rec.line, p.rec.op, "layout not read: " + syntax_error});
      continue;
    }
    p.rec.source = resolve_loc(p.loc, locs);
    for (const TypeRead& t : p.ctx.types) {
      if (t.text.find('#') == std::string::npos) continue;
      OpLayout l;
      l.role = t.memdesc ? "shared" : "tensor";
      if (t.layout) {
        TensorLayout one = *t.layout;
        if (const size_t lead = buffer_dims(one); t.memdesc && lead > 0) {
          for (size_t d = 0; d < lead; ++d) l.buffers *= one.shape[d];
          one.shape.erase(one.shape.begin(), one.shape.begin() + static_cast<std::ptrdiff_t>(lead));
        }
        l.text = print_mlir(one);
      } else {
        l.text = t.text;
        l.read = false;
        l.error = t.error;
      }
      if (std::none_of(p.rec.layouts.begin(), p.rec.layouts.end(), [&](const OpLayout& o) { return o.text == l.text; }))
        p.rec.layouts.push_back(std::move(l));
    }
    // Ops with the same name, types and cost-relevant attributes cost the same.
    std::string key = p.ctx.op + "|" + std::to_string(p.ctx.num_warps);
    for (const char* attr : {"contiguity", "axis"})
      if (auto v = p.ctx.int_attr(attr)) key += std::string("|") + attr + std::to_string(*v);
    for (const TypeRead& t : p.ctx.types) key += "|" + t.text;
    for (const std::string& b : p.ctx.body_ops) key += "|" + b;
    if (p.ctx.op.find("atomic_") != std::string::npos)  // the operation, order and scope precede the operands
      key += "|" + p.ctx.text.substr(0, p.ctx.text.find('%')) + (p.ctx.result_used ? "" : "|unused");
    if (auto hit = costs.find(key); opt.reuse_costs && hit != costs.end()) {
      p.rec.cost = hit->second;
    } else {
      try {
        for (const TypeRead& t : p.ctx.types)
          if (t.layout) check_work(*t.layout, t.text, opt.max_elements);
        p.rec.cost = model.cost(p.ctx);
      } catch (const std::exception& ex) {
        p.rec.cost = Cost{};
        p.rec.cost.kind = "unmodelled";
        p.rec.cost.unread = ex.what();
        p.rec.cost.add_str("error", ex.what());
        p.rec.cost.summary = std::string("not modelled: ") + ex.what();
      }
      costs.emplace(key, p.rec.cost);
    }
    if (p.rec.cost.fields.empty()) p.rec.cost.add_str("kind", p.rec.cost.kind);
    out.ops.push_back(std::move(p.rec));
  }
  // Kernel totals over this section's ops.
  std::vector<size_t> idx;
  for (size_t k = first; k < out.ops.size(); ++k) {
    const Cost& c = out.ops[k].cost;
    kernel.shared_wavefronts += c.shared_wavefronts;
    kernel.shared_ideal += c.shared_ideal;
    kernel.scratch_bytes = std::max(kernel.scratch_bytes, c.scratch_bytes);
    for (const Field& f : c.fields)
      if (f.key == "alloc_bytes" && out.ops[k].op == "ttg.local_alloc")
        kernel.shared_alloc_bytes += std::stoll(f.json);
    if (c.score > 0) idx.push_back(k);
  }
  std::stable_sort(idx.begin(), idx.end(), [&](size_t a, size_t c) { return out.ops[a].cost.score > out.ops[c].cost.score; });
  if (idx.size() > 3) idx.resize(3);
  kernel.top = idx;
  out.kernels.push_back(std::move(kernel));
}

}  // namespace

bool is_inspected_op(const std::string& name) { return inspected().count(name) > 0; }

std::optional<int64_t> OpContext::int_attr(const std::string& key) const {
  for (size_t p = text.find(key); p != std::string::npos; p = text.find(key, p + 1)) {
    if (p > 0 && id_char(text[p - 1])) continue;
    size_t q = p + key.size();
    while (q < text.size() && text[q] == ' ') ++q;
    if (q >= text.size() || text[q] != '=') continue;
    return int_after(text.substr(q), "=");
  }
  return std::nullopt;
}

void Cost::add_str(const std::string& key, const std::string& s) { add(key, json_string(s)); }

Report inspect_dump(const std::string& text, const Options& opt) {
  require(opt.triton == "3.6" || opt.triton == "3.9", "--triton: '" + opt.triton + "' is not 3.6 or 3.9");
  std::vector<std::string> lines;
  for (size_t s = 0; s <= text.size();) {
    size_t n = text.find('\n', s);
    if (n == std::string::npos) n = text.size();
    lines.push_back(text.substr(s, n - s));
    s = n + 1;
  }
  // Sections: MLIR_ENABLE_DUMP separates modules with `// -----// IR Dump ...`.
  std::vector<std::pair<size_t, size_t>> sections;
  size_t start = 0;
  for (size_t i = 0; i < lines.size(); ++i)
    if (lines[i].compare(0, 17, "// -----// IR Dump") == 0 || lines[i].rfind("// -----// IR Dump", 0) == 0) {
      if (i > start) sections.push_back({start, i});
      start = i;
    }
  sections.push_back({start, lines.size()});
  // The last section with TritonGPU layouts (the final TTGIR of a pass dump).
  size_t pick = sections.size() - 1;
  for (size_t k = sections.size(); k-- > 0;) {
    bool has = false;
    for (size_t i = sections[k].first; i < sections[k].second && !has; ++i)
      has = lines[i].find("#ttg.") != std::string::npos || lines[i].find("#triton_gpu.") != std::string::npos;
    if (has) {
      pick = k;
      break;
    }
  }
  Report r;
  read_section(lines, sections[pick].first, sections[pick].second, opt, r);
  return r;
}

}  // namespace ls::inspect
