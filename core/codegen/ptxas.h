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
//   3.6 padded, TreeAlign::shr_align in each base's alignment; elsewhere in
//   3.6 an address with a right-shifted thread-index term is unknown (3.9's
//   ptxas-blackwell reads the mask of a multi-bit one, `shr (and tid, m),
//   k`). A promise carries to no other register (sessions 34 to 65 carried
//   it across R's padded registers, smem + R + P, which the SHF.R rule
//   explains better: held-out seed 6604, 126 -> 221 of 292 changed
//   kernels);
// - accesses of one register whose bytes follow on, each of at least 4
//   bytes, become one 8- or 16-byte access where that knowledge makes the
//   first's address a multiple of the whole (greedy from the lowest offset,
//   16 bytes before 8): loads in any order but at most 24 loads apart in the
//   program, stores only where they follow one another in the program (a
//   store LLVM joined stands where its last piece did); 16-bit stores that
//   follow on become one 4- or 8-byte access where ptxas knows that
//   alignment, a store ptxas joined promising it to the loads (session 32:
//   16-bit stores in program order made STS and STS.64, 16-bit loads LDS.64,
//   never LDS.128); 16-bit loads likewise (session 55, before only on a
//   promise: the bare paddings TreeAlign::r_pad_bare now names kept them
//   apart), and a run
//   of them inside an 8-byte window ptxas knows aligned is one LDS.64 from
//   below its first (halves_run), 16-bit loads of 8-bit data (`b16`) too,
//   a run stopping at a byte pair (session 56); byte pairs' (`v2.b8`,
//   Merged::byte_pair) loads never
//   (session 54: seed-2550 line 523, its byte-pair stores joined into STS
//   and their loads kept LDS.U16 on the H200; session 55, before joined on a
//   promise: codegen-3.6 line 495);
// - then loads of at least 4 bytes inside one 16-byte window that ptxas
//   knows aligned become one LDS.128, reading the gaps between them too
//   (so a load whose bytes a 16-byte load already reads is dropped), but
//   not those made of 16-bit loads;
// - a piece of a misaligned integer load that NVPTX splits (loaded into a
//   32-bit register, Merged::split) joins nothing, nor do its neighbours
//   across it (seed-2406 3.6 line 2159: 128 LDS.U16 in the cubin).
// The register's own bits (Merged::base_align) come from the model of the
// PTX's address code (llvm_vectorizer.h: a padding InstCombine or
// SelectionDAG leaves a bare shift makes its register unknown,
// TreeAlign::r_pad_bare and r_pad_bare_node);
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
