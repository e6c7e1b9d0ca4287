// The tensor-core instruction Triton emits for one dot op, spelled as in the
// PTX (AMD: the AMDGCN assembly), and how many of them the op issues. Held
// to the PTX / AMDGCN of Triton 3.6 and 3.9's own compiles
// (tests/inspect/make_dumps.py). With the op's M x N x K (K in elements of
// the logical type: two e2m1 per byte) and the accumulator layout's warps
// (wM, wN) and instruction shape (iM, iN, iK), an op issues
// ceil(M / (iM wM)) * ceil(N / (iN wN)) * K / iK instructions, each thread of
// a warp (warpgroup, wave) every one; tcgen05.mma is issued by one thread.
//   mma.sync (MMA v2, a warp): m16n8kK, K = 256 bits of A (tf32: 8);
//     mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 (integers: s32
//     with .satfinite);
//   wgmma (MMA v3, a warpgroup of 4 warps along M): m64nNkK with N the
//     layout's instrShape[1]; wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16;
//   tcgen05.mma (MMA v5): M = blockM of the TMEM accumulator, N at most
//     256, K = 256 bits (e2m1 pairs: 64); tcgen05.mma.cta_group::1.kind::f16
//     (tf32, f8f6f4, i8); scaled: kind::mxf8f6f4 / mxf4 with .block_scale
//     and, in 3.9, .block32 (3.6: .scale_vec::1X / ::2X);
//   v_mfma / v_wmma (a wave): the layout's instrShape;
//     v_mfma_f32_32x32x8_f16, 8-bit floats fp8/bf8 by operand on CDNA3
//     (3.9 names B's type first where the layout is transposed, as it swaps
//     the operands), f8f6f4 on CDNA4 at K 64 (v_mfma_scale_f32_.. given
//     scales); v_wmma_f32_16x16x32_bf16, 8-bit integers as iu8.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "../spec.h"
#include "../triton_version.h"

namespace ls::codegen {

enum class MmaFamily { mma_sync, wgmma, tcgen05, mfma, wmma };

struct MmaQuery {
  MmaFamily family = MmaFamily::mma_sync;
  std::string a, b, c;        // MLIR element types of A, B and the accumulator (f16, f8E4M3FN, i8, f32)
  std::string a_fmt, b_fmt;   // dot_scaled formats (e4m3, e2m1, ..); empty for a plain dot
  bool with_scales = false;   // a dot_scaled given scale operands
  int64_t m = 0, n = 0, k = 0;  // the op's shape; k in A's stored elements (packed e2m1: bytes)
  Ints instr;                 // accumulator layout's instrShape (tcgen05: blockM, blockN of its TMEM layout)
  Ints warps;                 // accumulator layout's warps along M, N (tcgen05: unused)
  bool transposed = false;    // AMD layouts' isTransposed
  bool two_ctas = false;      // tcgen05: cta_group::2
  std::string arch;           // gfx942, gfx950, gfx1250 for AMD
  TritonVersion version = kDefaultTriton;
};

struct MmaInstruction {
  std::string mnemonic;    // as in the PTX / AMDGCN
  int64_t count = 0;       // instructions one op issues (per thread; tcgen05: per CTA)
  Ints mnk;                // one instruction's M, N, K
  std::string issued_by;   // "each thread of a warp", "each thread of a warpgroup", "one thread", "each lane of a wave"
};

// Empty with `why` set where the element types name no instruction this
// model knows (e.g. nvfp4's 16-element scale blocks).
std::optional<MmaInstruction> triton_mma(const MmaQuery& q, std::string* why);

}  // namespace ls::codegen
