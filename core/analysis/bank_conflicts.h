// Shared-memory bank conflicts of moving a register tile into (store) or out
// of (load) a shared layout, counted the way the hardware counts them.
//
// Shared memory has 32 banks of 4 bytes; 32-bit word w lives in bank w % 32.
// A warp instruction is split into phases: one phase of 32 lanes for
// accesses of at most 4 bytes per lane, 2 phases of 16 lanes for 8 bytes and
// 4 phases of 8 lanes for 16 bytes (ldmatrix/stmatrix: one phase per 8x8
// matrix, its 8 row addresses of 16 bytes); 16-byte loads: per half-warp,
// its distinct addresses 8 to a phase. Lanes that touch the same word
// are served together; a phase costs as many wavefronts as the largest number
// of distinct words that fall into one bank. The ideal is one wavefront per
// phase; conflicts are the excess.
//
// Access instructions: each thread's elements go to shared offsets through
// the shared layout (element -> offset is the inverse of offset -> element).
// The vector width is the largest power of two v (at most 128 bits) such that
// every thread's registers (in order, registers repeating an element dropped)
// split into groups of v consecutive registers holding v consecutive offsets
// that start at a multiple of v: contiguous in both layouts. Instruction i of
// a warp is every lane's i-th group.
//
// Triton's own figure ("conflicts per wavefront", what
// get_shared_bank_conflicts returns in Triton 3.6) is computed from the F2
// bases: the vector width v from the register->offset map (register bases
// equal to offsets 1, 2, 4, ... and every other basis aligned to v), a bank
// of min(1024 / (v * bits), offsets) vectors, and 2^k - 1 with k the
// dimension of the intersection between the span of the offset bases above
// the bank and the span of the lane bases (minus the top log2(v*bits/32)).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "../layout_map.h"
#include "../spec.h"

namespace ls {

// Which instruction moves the data.
enum class SharedInstr { plain, matrix };  // ld/st.shared, or ldmatrix/stmatrix

struct SharedOpOptions {
  SharedInstr instr = SharedInstr::plain;
  int32_t matrices = 4;  // ldmatrix/stmatrix .x1, .x2 or .x4
  bool trans = false;    // .trans
};

// Banks of one phase that need more than one wavefront.
struct BankCollision {
  int32_t phase = 0;
  int32_t bank = 0;
  int32_t words = 0;            // distinct 32-bit words in this bank
  std::vector<int32_t> lanes;   // lanes touching them
};

// Per lane of a warp: an offset (elements, or bytes), -1 for an idle lane.
using LaneOffsets = std::array<int64_t, 32>;

// One warp instruction.
struct SharedAccess {
  int64_t block = 0, warp = 0;
  int32_t index = 0;                // instruction number within the warp
  LaneOffsets lane_offset{};        // the element offset each lane starts at
                                    // (ldmatrix: its row address), -1 idle
  int32_t wavefronts = 0;
  int32_t ideal = 0;
  std::vector<BankCollision> collisions;
};

// Where the alignment LLVM proves for Triton's addresses decides the widths
// (core/codegen, docs/codegen.md "Known misses"): the side the other way.
struct LlvmAlternative {
  bool llvm_joins = false;  // false: LLVM proves no alignment and joins nothing; true: it proves R's and joins
  std::string instruction;
  int64_t per_thread = 0, wavefronts = 0, ideal = 0;
};

// Where ptxas merges an op's shared loads below the PTX (core/codegen/ptxas.h):
// the SASS loads the hardware runs and their cost (what Nsight Compute counts).
struct PtxasMerge {
  std::string instruction;  // per thread, e.g. "LDS.64 x8 + LDS x48"
  int64_t per_thread = 0;
  int64_t instructions = 0, wavefronts = 0, ideal = 0;  // one CTA
};

struct SharedOpReport {
  std::string instruction;          // e.g. "st.shared.v4.b32", "ldmatrix.sync.aligned.m8n8.x4.shared.b16"
  int32_t vector_elems = 1;         // elements per lane and access
  int32_t access_bits = 0;          // bits per lane and access
  int64_t instructions = 0;         // warp instructions over the tile (all warps, all CTAs)
  int64_t wavefronts = 0;           // total over the tile
  int64_t ideal = 0;                // total ideal
  int64_t conflicts() const { return wavefronts - ideal; }
  int32_t max_wavefronts = 0;       // worst instruction
  std::optional<LlvmAlternative> llvm_alternative;  // Triton's model, where LLVM's alignment proof decides
  std::optional<PtxasMerge> ptxas;                  // Triton's model: loads ptxas merges (the hardware's cost)
  std::string hardware_fault;                       // Triton's model: a misaligned access (codegen.h)
  std::string wrong_addresses;                      // Triton's model: 3.6 misplaces elements (codegen.h)
  std::vector<SharedAccess> accesses;
};

struct BankConflictReport {
  std::optional<int32_t> triton_conflicts_per_wavefront;  // empty when a layout has no F2 form
  SharedOpReport store, load;
};

// Physical offset of a shared offset (padding); identity when empty.
using PhysicalOffset = std::function<int64_t(int64_t)>;

// The padding of a padded_shared spec; empty for every other kind.
PhysicalOffset physical_offset_of(const Spec& shared);

// Wavefronts of one warp instruction: per lane the byte address of its
// access (-1 idle) and the bytes per lane (1..16; 16 also for ldmatrix /
// stmatrix row addresses). Fills `collisions` when given. `plain_load`: an
// ld.shared, whose 8- and 16-byte forms the hardware serves by quads of
// lanes, each asking for its distinct addresses: a phase takes quads in
// order while they ask for at most 128 bytes (16 addresses of 8 bytes in the
// warp, 8 of 16 bytes within one half-warp); counted on an H200,
// bench/RESULTS.md 2026-11-23 and 2026-11-27.
int32_t wavefronts(std::span<const int64_t> lane_bytes, int32_t access_bytes,
                   std::vector<BankCollision>* collisions = nullptr, int32_t* ideal = nullptr,
                   bool plain_load = false);

// One direction: `reg` (register/lane/warp[/block] dims) moved to or from
// `shared` (offset[/block] dims) with `bits`-bit elements. Throws ls::Error
// when the layouts do not fit together or the instruction cannot be used.
SharedOpReport analyze_shared_access(const LayoutMap& reg, const LayoutMap& shared, int32_t bits, bool store,
                                     const SharedOpOptions& opt = {}, const PhysicalOffset& physical = {});

// The totals of a plain (ld/st.shared) direction without per-instruction
// detail (`accesses` left empty), for ranking many candidates. When both
// layouts are linear over F2 (no padding), every instruction's lane offsets
// are one pattern XOR a constant; XOR by a constant permutes words and banks
// alike (and keeps vectors within their aligned block), so the first
// instruction's wavefronts stand for every one. Otherwise the full count.
SharedOpReport shared_access_totals(const LayoutMap& reg, const LayoutMap& shared, int32_t bits, bool store);

// Store and load with the same options, plus Triton's number.
BankConflictReport analyze_bank_conflicts(const LayoutMap& reg, const LayoutMap& shared, int32_t bits,
                                          const SharedOpOptions& opt = {}, const PhysicalOffset& physical = {});

// Triton 3.6's get_shared_bank_conflicts(reg, shared, shape, bits).
int32_t triton_bank_conflicts(const LinearLayout& reg, const LinearLayout& shared, int32_t bits);

void check_element_bits(int32_t bits);  // 8, 16, 32 or 64

}  // namespace ls
