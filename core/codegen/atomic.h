// The PTX Triton 3.6 / 3.9 emits for tt.atomic_rmw and tt.atomic_cas on a
// global tensor, per thread. Held to the PTX of the wheels' compiles
// (tests/inspect/make_dumps.py, the atomics kernel):
//   {atom|red}.global.<scope>.<sem>.<op>[.noftz][.vN].<type>, one per vector
//   of the thread's distinct elements; atom.global.<sem>.<scope>.cas.b<bits>
//   one per element.
// - red where the result is unused and the order is relaxed or release (3.9;
//   3.6 always atom);
// - vectors only for float add: on sm_90+ f32 up to 4 (.v2/.v4.f32), f16 and
//   bf16 up to 8 (.v8.f16); before sm_90 f16 pairs as .f16x2, f32 alone, and
//   bf16 through a compare-and-swap loop on its 32-bit word
//   (atom.<sem>.<scope>.global.cas.b32, 3.9 relaxed; 3.6 reads the word
//   first with ld.global.b32);
// - integer add is .u32/.u64, max/min .s32, umax/umin .u32, and/or/xor and
//   xchg (exch) by bits.
// AMD (gfx942, gfx950; the AMDGCN assembly): {buffer|global}_atomic_<op>,
// buffer_ for Triton's amdg.buffer_atomic_* ops, one per element: add_f32,
// f16/bf16 pairs as pk_add_f16/pk_add_bf16, add, smax/smin/umax/umin,
// and/or/xor, swap, cmpswap (64-bit: _x2).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "../triton_version.h"

namespace ls::codegen {

struct AtomicQuery {
  std::string op;        // as TTGIR spells it: fadd, add, max, umax, min, umin, and, or, xor, exch; "cas" for tt.atomic_cas
  std::string elem;      // MLIR element type of the pointee (f32, f16, bf16, i32, i64, f64)
  std::string sem = "acq_rel", scope = "gpu";
  bool result_used = true;
  int64_t elems_per_thread = 1;  // distinct elements a thread updates
  int64_t contiguous = 1;        // of them, how many lie next to each other in memory (power of two)
  int32_t sm = 90;
  TritonVersion version = kDefaultTriton;
  bool amd = false, buffer = false;  // AMD: an amdg.buffer_atomic_* op
};

struct AtomicInstruction {
  std::string mnemonic;
  int64_t per_thread = 0;
  int64_t vec = 1;  // elements one instruction updates
  // 3.6's compare-and-swap loop first reads the word: ld.global.b32 per element
  std::string preload;
  int64_t preload_per_thread = 0;
};

// Empty with `why` set for an op or type this model does not know.
std::optional<AtomicInstruction> triton_atomic(const AtomicQuery& q, std::string* why);

}  // namespace ls::codegen
