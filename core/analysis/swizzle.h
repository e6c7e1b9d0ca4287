// The swizzle designer: the shared layout through which a tile moves from a
// source to a destination distributed layout with the widest vectors and then
// the fewest bank conflicts, following Triton's optimal swizzling
// (GenericSwizzling.cpp; linear-layouts paper, section 5.4), for plain
// ld.shared/st.shared. Over the flattened tensor index (dim0 fastest):
//   - vector bases V: register bases common to both layouts (at most 128
//     bits), topped up to a full 32-bit word and with register bases of one
//     side that are lanes of the other;
//   - each side's lane bases (minus those already in V and, for 64/128-bit
//     accesses, the lanes served in later phases) are the bases one
//     wavefront must spread over distinct banks;
//   - segment bases S (the offset bits above one 32-bank row) avoid the lane
//     bases of both sides: unit vectors used by neither, then a_i ^ b_i for
//     pairs of lane bases used by only one side, then (when bits run out)
//     the bases that cost conflicts;
//   - bank bases: the unit vectors completing V and S to a basis;
//   - segment bases held in registers on both sides become `reps` (the
//     tile is moved in that many rounds, the scratch buffer is smaller).
// The design is shown as a shared linear layout and, when equal to one, as
// swizzled_shared / nvmma_shared parameters and a CuTe Swizzle<B,M,S>.
// rank_conventional scores every conventional shared layout for the pair.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "../spec.h"
#include "bank_conflicts.h"

namespace ls {

struct CuteSwizzle {
  int32_t b = 0, m = 0, s = 0;  // offset ^= (offset >> s) & (((1 << b) - 1) << m), in elements
  Ints order;                   // the row-major order of the unswizzled index, most minor first
};

struct SwizzleDesign {
  LinearLayout layout;  // offset -> element: the designed shared layout (all reps)
  Bases vector, bank, segment, reps;  // offset bases by role, one coordinate per dim
  int64_t scratch_elems = 0;          // elements per round (total / reps)
  std::optional<SwizzledShared> swizzled;
  std::optional<NvmmaShared> nvmma;
  std::optional<CuteSwizzle> cute;
  SharedOpReport store, load;  // the hardware model on the designed layout
};

// The CuTe Swizzle<B,M,S> (over a row-major index, last or first dim
// fastest) equal to a shared layout's offset -> element map, if any.
std::optional<CuteSwizzle> cute_swizzle_of(const LinearLayout& shared);

// src and dst: distributed layouts of one shape (register/lane/warp/block).
// extend_vector: also vectorise register bases of one side that are lanes
// of the other (after the first 32-bit word); Triton 3.6/3.9's compiled
// conversions do not (their PTX shows the shorter vectors).
SwizzleDesign design_swizzle(const LinearLayout& src, const LinearLayout& dst, int32_t bits, bool extend_vector = true);

// The scratch buffer (elements) Triton 3.6 allocates for converting src to
// dst through shared memory on an sm target (register broadcast already
// removed): NVIDIA's allocation picks, among the pairs of store/load
// instructions the target has (st.shared/ld.shared, and stmatrix/ldmatrix,
// plus their .trans forms for 16 bits), the shared layout with the fewest
// segment conflicts, then the most reps, and allocates one round of reps;
// with no such pair it falls back to Triton's plain ld/st layout
// (optimalSwizzlingLdSt of the 3.6/3.9 wheels).
int64_t cvt_scratch_elems(const LinearLayout& src, const LinearLayout& dst, int32_t bits, int32_t sm = 90);

// The shared layout of that choice (offset -> element over all rounds:
// vector, bank, segment, then reps bases) and the instruction of each side:
// 0 st/ld.shared, 1 stmatrix/ldmatrix, 2 their .trans form.
struct CvtSmem {
  LinearLayout layout;
  int src_instr = 0, dst_instr = 0;
  int64_t scratch_elems = 0;
};
// sm 0: no stmatrix/ldmatrix (AMD); banks: 32-bit banks of one bank line;
// wave_lanes: the lane bits one ld/st wavefront starts from (3.9: log2 of
// the banks, its getLaneTile; 3.6: every lane bit, -1), less log2(vector
// bits / 32). On NVIDIA (32 lanes, 32 banks) the two agree.
CvtSmem cvt_smem(const LinearLayout& src, const LinearLayout& dst, int32_t bits, int32_t sm = 90, int32_t banks = 32,
                 int32_t wave_lanes = 5);

struct SwizzleCandidate {
  std::string name;  // e.g. "swizzled_shared vec=2 perPhase=1 maxPhase=16 order=[1, 0]"
  Spec spec;
  int64_t store_wavefronts = 0, load_wavefronts = 0, ideal = 0;
  int64_t conflicts() const { return store_wavefronts + load_wavefronts - ideal; }
};

// Every swizzled_shared (vec, perPhase, maxPhase, order) and nvmma_shared
// (swizzle width, transposed) that lowers for the shape, fewest conflicts
// first (ties: fewer wavefronts, then the order drawn).
// At most max_candidates layouts are tried (rank! orders make high ranks
// explode); more throws ls::Error before any is built.
constexpr int64_t kMaxSwizzleCandidates = 4096;
std::vector<SwizzleCandidate> rank_conventional(const LinearLayout& src, const LinearLayout& dst, int32_t bits,
                                                int64_t max_candidates = kMaxSwizzleCandidates);

}  // namespace ls
