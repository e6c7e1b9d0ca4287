#include "atomic.h"

#include <algorithm>

namespace ls::codegen {

std::optional<AtomicInstruction> triton_atomic(const AtomicQuery& q, std::string* why) {
  auto fail = [&](const std::string& w) -> std::optional<AtomicInstruction> {
    if (why) *why = w;
    return std::nullopt;
  };
  int32_t bits = q.elem == "f16" || q.elem == "bf16" ? 16 : q.elem == "f32" || q.elem == "i32" || q.elem == "ui32" ? 32
               : q.elem == "f64" || q.elem == "i64" || q.elem == "ui64"                     ? 64
                                                                                            : 0;
  if (bits == 0) return fail("no atomic rule for " + q.elem + " elements");
  const std::string b = "b" + std::to_string(bits), s = "s" + std::to_string(bits), u = "u" + std::to_string(bits);
  AtomicInstruction r;
  const int64_t n = std::max<int64_t>(1, q.elems_per_thread);
  if (q.amd) {
    const std::string x2 = bits == 64 ? "_x2" : "";
    std::string op;
    int64_t vec = 1;
    if (q.op == "fadd") {
      if (q.elem == "f32" || q.elem == "f64") {
        op = "add_" + q.elem;
      } else if (q.contiguous >= 2 && n % 2 == 0) {
        op = "pk_add_" + q.elem, vec = 2;
      } else {
        return fail("AMD fadd of a lone " + q.elem);
      }
    } else if (q.op == "add" || q.op == "and" || q.op == "or" || q.op == "xor") {
      op = q.op + x2;
    } else if (q.op == "max" || q.op == "min") {
      op = "s" + q.op + x2;
    } else if (q.op == "umax" || q.op == "umin") {
      op = q.op + x2;
    } else if (q.op == "exch" || q.op == "xchg") {
      op = "swap" + x2;
    } else if (q.op == "cas") {
      op = "cmpswap" + x2;
    } else {
      return fail("no AMD atomic rule for " + q.op);
    }
    r.mnemonic = std::string(q.buffer ? "buffer" : "global") + "_atomic_" + op;
    r.per_thread = n / vec;
    r.vec = vec;
    return r;
  }
  if (q.op == "cas") {
    r.mnemonic = "atom.global." + q.sem + "." + q.scope + ".cas." + b;
    r.per_thread = n;
    return r;
  }
  const bool red = q.version != TritonVersion::v3_6 && !q.result_used && (q.sem == "relaxed" || q.sem == "release");
  std::string op, type;
  int64_t vec = 1;
  if (q.op == "fadd") {
    op = "add";
    if (q.elem == "f32" || q.elem == "f64") {
      type = q.elem;
      if (q.elem == "f32" && q.sm >= 90) vec = std::min<int64_t>(q.contiguous, 4);
    } else if (q.elem == "f16" || q.elem == "bf16") {
      if (q.sm >= 90) {
        vec = std::min<int64_t>(q.contiguous, 8);
        type = "noftz." + q.elem;
      } else if (q.elem == "f16") {
        vec = std::min<int64_t>(q.contiguous, 2);
        type = vec == 2 ? "noftz.f16x2" : "noftz.f16";
        if (vec == 2) {  // the pair is one packed value, not a vector
          r.mnemonic = std::string(red ? "red" : "atom") + ".global." + q.scope + "." + q.sem + ".add." + type;
          r.per_thread = n / 2;
          r.vec = 2;
          return r;
        }
      } else {
        // bf16 before sm_90: a compare-and-swap loop on the 32-bit word
        r.mnemonic = "atom." + std::string(q.version == TritonVersion::v3_6 ? q.sem : "relaxed") + "." + q.scope +
                     ".global.cas.b32";
        r.per_thread = n;
        if (q.version == TritonVersion::v3_6) r.preload = "ld.global.b32", r.preload_per_thread = n;
        return r;
      }
    } else {
      return fail("fadd on " + q.elem);
    }
  } else if (q.op == "add") {
    op = "add", type = u;
  } else if (q.op == "max" || q.op == "min") {
    op = q.op, type = s;
  } else if (q.op == "umax" || q.op == "umin") {
    op = q.op.substr(1), type = u;
  } else if (q.op == "and" || q.op == "or" || q.op == "xor") {
    op = q.op, type = b;
  } else if (q.op == "xchg" || q.op == "exch") {
    op = "exch", type = b;
  } else {
    return fail("no atomic rule for " + q.op);
  }
  while (vec > 1 && n % vec) vec /= 2;
  const std::string v = vec > 1 ? "v" + std::to_string(vec) + "." : "";
  // the vector sits after .noftz
  std::string t = type;
  if (!v.empty()) {
    size_t dot = t.rfind('.');
    t = dot == std::string::npos ? v + t : t.substr(0, dot + 1) + v + t.substr(dot + 1);
  }
  r.mnemonic = std::string(red ? "red" : "atom") + ".global." + q.scope + "." + q.sem + "." + op + "." + t;
  r.per_thread = n / vec;
  r.vec = vec;
  return r;
}

}  // namespace ls::codegen
