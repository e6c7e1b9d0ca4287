// What ptxas makes of a round trip's shared accesses below the PTX (held to
// the SASS of the assembler each wheel runs for sm_90: CUDA 12.8's ptxas for
// Triton 3.6, 13.4's ptxas-blackwell for 3.9; read with its cuobjdump, no GPU):
// - ptxas knows a register r modulo a power of two from two sources: an
//   access of w bytes at [r + o] promises that r + o is a multiple of w (the
//   GPU faults otherwise), from every load and store through r; and its own
//   arithmetic on r, which follows shifts left, ANDs, ORs, XORs, adds and
//   multiplies, and a shift right only where it stays a SHF.R of its own
//   (a value it knows a multiple of 16 bytes at most, halved per bit
//   shifted), not where the code generator fuses it into an add (LEA.HI):
//   padded, TreeAlign::shr_align in each base's alignment (3.9 too since
//   session 74); a term that is a GEP of its own is added, a LEA.HI, R
//   unknown (TreeAlign::shr_gep), unless its `tid & m` has no other use:
//   then it is `and (lshr tid, k), m >> k`, a LOP3 whose mask ptxas reads
//   (3.9 since session 88; 3.6's GEP chains: each piece as shr_cap reads
//   it, since session 88); elsewhere in padded R a right-shifted
//   thread-index term makes the address unknown in 3.6 (3.9's
//   ptxas-blackwell reads the mask of a multi-bit one, `shr (and tid, m),
//   k`, unless it is such a GEP); unpadded R's `lshr (and tid, m), k` is a
//   multiple of 2^(min(tz(m), 4) - k) where it stays a SHF.R, nothing where
//   it is fused into the add of its `or` (LEA.HI), both wheels, as padded
//   R's (shr_cap; `and (lshr tid, k), m` is read whole). A promise
//   carries to no other register (sessions 34 to 65 carried
//   it across R's padded registers, smem + R + P, which the SHF.R rule
//   explains better: held-out seed 6604, 126 -> 221 of 292 changed
//   kernels);
// - accesses of one register whose bytes follow on, each of at least 4
//   bytes, become one 8- or 16-byte access where that knowledge makes the
//   first's address a multiple of the whole (greedy from the lowest offset,
//   16 bytes before 8): loads however far apart in the program (session 69:
//   400 loads apart on synthetic PTX), stores only where they follow one
//   another in the program (a store LLVM joined stands where its last piece
//   did); 16-bit stores that follow on become one 4- or 8-byte access where
//   ptxas knows that alignment, a store ptxas joined promising it to the
//   loads (session 32: 16-bit stores in program order made STS and STS.64);
// - 16-bit loads into 16-bit registers (`b16`, of 8-bit data too; not byte
//   pairs' `v2.b8`, Merged::byte_pair, session 54) join through ptxas's
//   open blocks (session 69, ptxas.cpp halves_groups): each opens or joins
//   the entry of the 8-byte block it lies in (4-byte where only that is
//   known), a load of 4 or 8 bytes the entry of its 16-byte block, twelve
//   entries open at most, the oldest closing first; three or more halves
//   of a block make one LDS.64 from its start, the pair at a 4-aligned
//   start an LDS, anything else LDS.U16 (so never LDS.128);
//   tests/conformance/ptxas_probe.py holds these to synthetic PTX;
// - then loads of at least 4 bytes inside one 16-byte window that ptxas
//   knows aligned, reading at least 12 of its bytes (session 69: words at
//   +0 and +8 stay two LDS), become one LDS.128, reading the gaps between
//   them too (so a load whose bytes a 16-byte load already reads is
//   dropped), but not those made of 16-bit loads;
// - a piece of a misaligned integer load that NVPTX splits (loaded into a
//   32-bit register, Merged::split) joins nothing and takes no entry
//   (seed-2406 3.6 line 2159: 128 LDS.U16 in the cubin).
// The register's own bits (Merged::base_align) come from the model of the
// PTX's address code (llvm_vectorizer.h: a padding InstCombine or
// SelectionDAG leaves a bare shift makes its register unknown,
// TreeAlign::r_pad_bare and r_pad_bare_node, but where several registers
// add one such shift it is a SHF.R of its own if it shifts by 1 or ptxas
// knows 8 bytes of it, and so is one the index code computes too,
// TreeAlign::r_pad_shf, r_pad_amt, r_pad_index; a padding's `and` mask is
// what InstCombine and SelectionDAG leave of it, TreeAlign::dag_r_bits,
// pads_c_unbounded);
// tests/conformance/ptxas_ptx.py holds these rules to the cubins on
// Triton's own PTX, apart from that model.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "llvm_vectorizer.h"

namespace ls::codegen {

// One SASS access: the PTX instructions it covers (indices into the op's
// list, the lowest address first) and its bytes per lane.
struct SassAccess {
  std::vector<int32_t> ptx;
  int32_t bytes = 0;
  int32_t lead_gap = 0;  // bytes from its address up to its first PTX instruction's
  bool halves = false;   // made of 16-bit accesses
};

// The SASS accesses of `op` (an op's PTX loads or stores in program order,
// with their base and offset, of elements of `elem_bytes`), knowing
// alignment from them, from `other` (the stores through the same registers
// for a round trip's local_load, and the SASS stores ptxas makes of them)
// and, with `arithmetic`, from each base's own bits (Merged::base_align); in
// the order of each one's first PTX instruction.
std::vector<SassAccess> ptxas_accesses(const std::vector<Merged>& op, bool store, const std::vector<Merged>& other,
                                       bool arithmetic, int32_t elem_bytes);

// Whether ptxas_accesses may join any of `op`: it joins only accesses of one
// base less than 16 bytes apart.
bool ptxas_may_join(const std::vector<Merged>& op);

// SASS spelling of a shared access of `bytes` per lane: LDS.U8, LDS.U16,
// LDS, LDS.64, LDS.128 (STS.* for stores).
std::string sass_name(int32_t bytes, bool store);

}  // namespace ls::codegen
