// The LDS (shared memory) instructions of a local_store / local_load on AMD
// CDNA3/4 (gfx942, gfx950; 64-lane waves), as Triton 3.6/3.9 and the AMDGPU
// backend emit them, per thread. Held to the AMDGCN assembly of Triton's own
// compiles (tests/conformance/amd_lds_oracle.py; not the LLVM IR, which the
// backend rewrites):
// 1. Triton's vector: the largest v (at most 128 bits; at most the padding
//    interval) such that register bases reach shared offsets 1, 2, .., v/2
//    and every other register, lane and warp basis a multiple of v. A
//    thread makes (distinct registers) / v accesses of v * bits.
// 2. The backend's merging: 128-bit accesses stay single (ds_read_b128);
//    sub-word ones stay single (ds_write_b8/b16, ds_read_u8/u16); 32- and
//    64-bit ones whose address differs by a constant for every lane are
//    sorted by offset and merged in neighbouring pairs, as ds_*2st64_*
//    when the distance is a multiple of 64 elements of the access (at most
//    255 of them), else as ds_*2_* (at most 255 accesses apart).
// 3. gfx950 reads 8/16-bit MFMA dot operands whose K dim is not contiguous
//    in shared memory with ds_read_b64_tr_b8/b16 (64 bits per lane).
// Not modelled: the _d16_hi forms (a half or byte written from / read into
// the high half of a register) are counted as their plain forms.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "../analysis/conversion.h"
#include "../spec.h"
#include "../triton_version.h"

namespace ls::codegen {

struct AmdLds {
  std::map<std::string, int64_t> per_thread;  // ds_* mnemonic -> count per thread
  int32_t vec = 1;                            // elements per access before merging
  int64_t accesses = 0;                       // per thread, before merging
  int64_t instructions = 0;                   // per thread, after merging
};

bool is_amd_arch(const std::string& arch);  // gfx942, gfx950
// reg: the register layout (64 lanes); shared: the shared layout and its
// lowering; dot_operand: reg is an MFMA dot operand (opIdx 0 or 1), else -1.
AmdLds amd_lds_access(const LinearLayout& reg, const Spec& shared, const LinearLayout& shared_ll, int32_t bits,
                      bool store, const std::string& arch, int32_t dot_operand = -1);

// An AMD convert_layout (CDNA3/4): the path Triton takes (analyze_conversion);
// through LDS, Triton's scratch layout for the pair (its ld/st optimal
// swizzling, no matrix instructions; 3.9 sizes bank lines and wavefronts by
// the target's banks, 64 on gfx950, 3.6 by 32 banks and all 64 lanes),
// stored from src and loaded into dst with the rules above, round by round
// (a round's accesses merge only among themselves); as warp shuffles, the
// words of codegen.h's warp_shuffles: moved by index, one ds_bpermute_b32
// each; shipped to the partner lane (one mixed transposition, no lane
// permutation), half of them by the instruction Triton's shuffleXor picks for
// the lane stride: DPP within 16 lanes (v_mov_b32_dpp), on gfx942 across 16
// ds_swizzle_b32 (3.6) or ds_bpermute_b32 (3.9) and across 32 ds_bpermute_b32,
// on gfx950 v_permlane16/32_swap_b32 (3.6's backend keeps some as ds
// operations: not modelled).
struct AmdConvert {
  ConversionKind path = ConversionKind::free;
  AmdLds store, load;
  std::string shuffle;    // warp_shuffle: the lane-exchange instruction
  int64_t shuffles = 0;   // per thread
  int64_t scratch_bytes = 0;
  int64_t rounds = 1;
};
AmdConvert amd_convert(const LinearLayout& src, const LinearLayout& dst, int32_t bits, const std::string& arch,
                       TritonVersion version);

}  // namespace ls::codegen
