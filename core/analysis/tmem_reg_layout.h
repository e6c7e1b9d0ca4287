// The register layout of a tensor-memory load/store (tcgen05.ld/st), as
// Triton 3.9's gluon_ir.compute_tmem_reg_layout and Gluon's
// _compute_tmem_reg_layout give it for (element bits, shape, TMEM layout,
// num_warps, message variant).
//
// Per CTA, with T the TMEM map (row, col) -> (dim0, dim1):
//   - narrow elements first pack: the largest run of 2^k leading col bases
//     that step dim1 by 1, 2, .. (bits * 2^k <= 32) becomes 2^k registers;
//     else 16-bit unpacked data (col bases [0,0], [0,1]) takes 2 registers;
//     else leading zero col bases are padding; the rest is solved at 32 bits;
//   - at 32 bits the message tile maps (register, lane, warp) -> (row, col):
//       32x32b  lanes -> rows 1..16;
//       16x64b  lanes -> row 8, col 1, rows 1, 2, 4;
//       16x128b lanes -> cols 1, 2, rows 1, 2, 4; register -> row 8;
//       16x256b register -> col 1; lanes -> cols 2, 4, rows 1, 2, 4; register -> row 8;
//     warps 0..3 -> rows 32, 64 (each warp reaches its own 32-lane quadrant).
//     Registers then walk the remaining columns; row 16, when the message
//     does not cover it and the layout uses it, goes to warp 4 (8+ warps) or
//     to a register; further warps take high columns, or copy. With 32x32b
//     and an empty row 16, lane 16 takes the upper half of the columns
//     (the 16x32bx2 message);
//   - the layout is that tile composed with T; the CTAs add block bases.
// 32x32b_splitn moves the basis [0, N/2] into the last register (Gluon's
// rule for tmem.load + split). Refusals (one line naming the rule) follow
// Triton's: num_warps a power of two >= 4, 16x32bx2 is never requested,
// scales need 8-bit elements, bits * colStride <= 32, the shape at least
// (blockM * CTAs along M) x (min(blockN, N) * CTAs along N), the message's
// columns must fit the layout's, and no basis of the message itself may land
// on TMEM padding (fp4Padded with 32-bit elements: only 32x32b works).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "../spec.h"

namespace ls {

struct TmemRegLayout {
  Bases reg, lane, warp, block;
  std::string message;    // tcgen05 message shape the lowering uses
  int64_t registers = 0;  // 32-bit registers per thread
  int64_t per_message = 0;  // 32-bit registers one message moves per thread
  bool unpacked = false;    // 16-bit elements one per 32-bit column: .pack::16b / .unpack::16b
  std::string variant;      // the variant asked for (32x32b_splitn, ...)
};

const std::vector<std::string>& tmem_variants();  // 32x32b, 16x64b, ...
// The variants Triton 3.9 gives a layout for with this TMEM layout, element
// size and warps (it refuses the others); 16x32bx2 is never asked for.
std::vector<std::string> tmem_variants_for(const TensorLayout& tmem, int32_t bits, int32_t num_warps);
// The same for a tmem load/store of register layout `reg` (its element size and warps).
std::vector<std::string> tmem_variants_for(const TensorLayout& tmem, const TensorLayout& reg);

// The message a tmem load/store of register layout `reg` through `tmem` (same
// shape and element type) lowers to: the variant (but 16x32bx2, which 32x32b
// yields) whose layout for reg's warps is reg's, its registers in any order
// (Triton 3.9's verifier takes them so; the lowering permutes them); none
// where no variant gives it: Triton's verifier then refuses the op.
std::optional<TmemRegLayout> tmem_message_of(const TensorLayout& reg, const TensorLayout& tmem);

// The PTX instruction one message of `r` is, as Triton 3.9 spells it, e.g.
// tcgen05.ld.sync.aligned.16x256b.x8.b32 (.xN: the message's repeat).
std::string tcgen05_instruction(const TmemRegLayout& r, bool load);

// `tmem` holds a tensor_memory or tensor_memory_scales spec and the shape.
TmemRegLayout tmem_reg_layout(const TensorLayout& tmem, int32_t bits, int32_t num_warps, const std::string& variant,
                              TritonVersion v);

}  // namespace ls
