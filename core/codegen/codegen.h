// The instructions Triton emits for a Gluon copy kernel, per thread, with
// every shared-memory instruction's lane addresses so the wavefront model
// (analysis/bank_conflicts.h) counts what the hardware does. The kernel:
// gl.load with layout R from a contiguous row-major tensor (16-byte aligned
// base), then either local_store to shared layout S and local_load back
// with R, or convert_layout to R2; then gl.store with the final layout.
//
// Rules (Triton 3.6 / 3.9 NVIDIA lowering, held to their PTX):
// - gl.load / gl.store: v elements per access, v = the run of register
//   bases 0, 1, ... equal to 1, 2, 4, ... along the last dim (no other
//   dim), capped at 128 bits; registers / v instructions, where 3.6 counts
//   every register (broadcast ones included) and 3.9 only distinct ones. Spelling by bits t = v * bits:
//   b8, b16, b32, v2.b32 (64), v4.b32 (128).
// - local_store / local_load (cvt: hardware -> shared offset, broadcast
//   registers dropped; padded layouts skip the matrix forms):
//   1. stmatrix / ldmatrix (stmatrix from sm_90, ldmatrix from sm_80),
//      elements of at most 32 bits: registers hold offsets 1 .. 32/bits/2,
//      lanes 0 and 1 the next two bits, every other basis 16-byte aligned;
//      lanes 2..4 give the 8 row addresses of a matrix. .x1/.x2/.x4 by the
//      32-bit words a thread holds (at most 4).
//   2. the .trans forms (16-bit; 8-bit from sm_100): lanes 2..4 hold
//      offsets 1, 2, 4 (8-bit: and one register offset 8), every other
//      basis 16-byte aligned; a register basis and lanes 0, 1 (8-bit
//      loads: two registers) give the row addresses.
//   3. otherwise ld/st.shared: Triton's vector (the largest v, at most 128
//      bits and the padding interval, such that registers hold offsets
//      1 .. v/2 exactly, permuted to the front unless padded, and every
//      other basis is a multiple of v), its per-thread addresses, then
//      LLVM's joining of contiguous aligned accesses (llvm_vectorizer.h),
//      so one side may hold several widths. Triton's own vectors are
//      spelled as 32-bit words (b8/b16 below a word) when made of whole
//      words of the neighbouring global access in register order, else
//      element-wise (v2.b16, v4.b16, v2.b8); joined ones as words, except
//      16-bit loads up to 8 bytes (v2.b16, v4.b16) and byte pairs (v2.b8).
// - convert_layout: analysis/conversion.h decides the path; through shared
//   memory the layout and the instruction pair are Triton's own optimal
//   swizzling (analysis/swizzle.h, cvt_smem), each side lowered as above
//   with that instruction kind.
// Wavefronts per CTA: each warp instruction's lanes' byte addresses through
// `wavefronts` (one phase per 8x8 matrix for ldmatrix/stmatrix); a round
// trip's loads that ptxas merges below the PTX (ptxas.h) count as the SASS
// loads it makes of them.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "../analysis/bank_conflicts.h"
#include "../analysis/conversion.h"
#include "../analysis/swizzle.h"
#include "../spec.h"
#include "../triton_version.h"

namespace ls::codegen {

// The Triton version is core's (triton_version.h): the layouts are lowered
// by that version's rules (spec.h), the instructions chosen by them.
struct Target {
  TritonVersion version = kDefaultTriton;
  int32_t sm = 90;  // 80, 90 or 100
};
std::string target_name(const Target& t);  // e.g. "triton 3.9 sm_90"
int32_t parse_sm(const std::string&);  // "sm_80", "sm_90", "sm_100"; throws naming --target

// One kind of PTX instruction of one op.
struct Instr {
  std::string op;        // "gl.load", "local_store", "local_load", "gl.store", "convert_layout"
  std::string mnemonic;  // Triton's PTX spelling up to the first blank
  int64_t per_thread = 0;
  int32_t bytes_per_lane = 0;  // per access (ldmatrix/stmatrix: 16 per row address)
  // shared accesses of several widths (LLVM joined some of Triton's): each
  // per-thread instruction in order; `mnemonic` and `bytes_per_lane` are
  // then the most frequent one's
  struct Part {
    std::string mnemonic;
    int32_t bytes = 0;
  };
  std::vector<Part> sequence;
  bool shared = false, store = false;
  // ld/st.shared only, set where the alignment LLVM proves for Triton's
  // addresses decides the widths (docs/codegen.md "Known misses"): where LLVM
  // joined or combined some of Triton's accesses, the op with none joined;
  // where 3.9's rule for deep addresses kept them apart, the op joined
  std::optional<LlvmAlternative> llvm_alternative;
  // ld.shared only, local_load of a round trip: set where ptxas merges some
  // of these loads (ptxas.h); its wavefronts are what the hardware counts,
  // while `wavefronts` below are those of the PTX as written
  std::optional<PtxasMerge> ptxas;
  // shared only: set when some lane's address is not a multiple of its
  // access's size, which the hardware faults on ("misaligned address"), as
  // Triton's own kernel does: Triton vectorizes padded layouts up to the
  // padding interval, not to the padding's alignment
  std::string hardware_fault;
  // ld/st.shared only, Triton 3.6: set when the register offsets it adds
  // share bits with the part it XORs, so some elements go to other addresses
  // than the layout's (wrong data or faults where two meet or one leaves the
  // buffer; Triton 3.9 XORs them all)
  std::string wrong_addresses;
  // shared only, one CTA: warp instructions, wavefronts, ideal wavefronts
  int64_t warp_instructions = 0, wavefronts = 0, ideal = 0;
  // per warp instruction: lane offsets (elements), wavefronts (colliding
  // banks with `details`); only the first unless `details` or padding
  // (without padding every instruction costs the same)
  std::vector<SharedAccess> accesses;
};

// The wavefronts the hardware counts for an instruction: those of the SASS
// accesses where ptxas merges some (Instr::ptxas), else the PTX's.
inline int64_t counted_wavefronts(const Instr& in) { return in.ptxas ? in.ptxas->wavefronts : in.wavefronts; }

struct KernelReport {
  Target target;
  int32_t bits = 16;
  int32_t num_warps = 1;
  std::string path;  // "via_shared", or the convert path: "free", "register_permutation", ...
  std::vector<Instr> instrs;
  std::map<std::string, int64_t> ptx_per_thread;
  int64_t shared_store_wavefronts = 0, shared_load_wavefronts = 0;
  int64_t shared_bytes = 0;  // the kernel's shared memory
};

// gl.load (store = false) or gl.store of a register layout on a contiguous
// row-major tensor of its shape.
// 3.6 moves every register (broadcast ones included), 3.9 each distinct one.
Instr global_access(const LinearLayout& reg, int32_t bits, bool store, TritonVersion version);

// local_store (store) / local_load of `reg` to/from `shared`; `neighbour`
// is the global access vector (elements) whose words feed / consume the
// values (decides the spelling only).
Instr shared_access(const LinearLayout& reg, const Spec& shared, const LinearLayout& shared_ll, int32_t bits,
                    bool store, const Target& t, int32_t neighbour_vec, bool details = false);

// A shared instruction as the bank-conflict report shows one (bits: element
// size); its per-instruction accesses move into the report.
SharedOpReport as_report(Instr in, int32_t bits);

// local_store and local_load of `reg` through `shared` as Triton emits them
// (the values coming from and going to gl.load / gl.store with `reg`).
std::pair<Instr, Instr> round_trip_ops(const TensorLayout& reg, const TensorLayout& shared, int32_t bits,
                                       const Target& t, bool details = false);

KernelReport via_shared(const TensorLayout& reg, const TensorLayout& shared, int32_t bits, const Target& t,
                        bool details = false);

// The most shared memory one CTA may use on the target: the device's opt-in
// maximum per block (163 KiB on sm_80, 227 KiB on sm_90 and sm_100).
int64_t shared_limit(int32_t sm);
// Empty when the kernel can run, else one line saying why Triton will not
// launch it: more shared memory than shared_limit, or more than 1,024
// threads (32 warps). Triton compiles such a kernel and raises
// OutOfResources when it loads the binary.
std::string launch_error(const KernelReport& r);
KernelReport copy(const TensorLayout& reg, int32_t bits, const Target& t);  // gl.load then gl.store
KernelReport via_convert(const TensorLayout& src, const TensorLayout& dst, int32_t bits, const Target& t,
                         bool details = false);

// A convert_layout by warp shuffles (analyze_conversion's warp_shuffle path),
// Triton's transferWithinWarp: the registers without broadcast, padded to the
// wider side (2^n), packed into 32-bit words (32/bits elements, at most 4,
// and at most 2^(n - mixed transpositions)); a single mixed transposition
// with no lane permutation left swaps half of the words with the partner
// lane (`shfl.sync.bfly.b32`), anything else moves every word
// (`shfl.sync.idx.b32`).
Instr warp_shuffles(const LinearLayout& src, const LinearLayout& dst, int32_t bits, const ConversionReport& cv);

// A convert_layout that goes through shared memory (analyze_conversion's
// shared_memory path): Triton's scratch layout (offset -> element over all
// rounds, cvt_smem) and the instruction of each side, src storing and dst
// loading; `details`: every warp instruction's lane offsets, over all rounds.
struct SharedConvert {
  CvtSmem smem;
  Instr store, load;
};
SharedConvert shared_convert(const LinearLayout& src, const LinearLayout& dst, int32_t bits, const Target& t,
                             bool details = false);

// A Triton layout (distributed or shared) as version v lowers it: core's
// to_linear, the kinds' own 3.6 / 3.9 rules.
LinearLayout lowered(const TensorLayout& t, TritonVersion v);

}  // namespace ls::codegen
