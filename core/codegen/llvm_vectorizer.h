// What LLVM does to the shared-memory accesses Triton's lowerLdSt emits
// before they become PTX (held to the wheels' PTX).
//
// Triton addresses a thread's i-th access as ((R ^ c_i) + d_i) * B bytes
// (padded layouts: x + sum_k ((x >> log2(I_k B)) << log2(P_k B)) of that),
// R the lane/warp part, c_i the XOR of the register bases that share bits
// with R (3.9: or with another such basis), d_i the XOR of the others, B the
// element bytes. (3.6's d_i may share bits with R ^ c_i: codegen.h's
// wrong_addresses.)
// LLVM sees R's possibly-set bits M (the OR of the lane and warp bases):
// - c & M = 0: the XOR is an `or disjoint`, the access is R + (c + d);
//   else the access is (R ^ c) + d, a base of its own per c & M (NVPTX's
//   SeparateConstOffsetFromGEP, before the LoadStoreVectorizer, moves the
//   bits of c known zero in R out: (R ^ (c & M)) + (c & ~M) + d; none
//   where 3.9's SLP made R's unlike operands a vector reduction
//   (reduces_unlike_lanes), other reductions not modelled); where c
//   sets every bit of M and is no low-bit mask, InstCombine has it c - R,
//   one base (-R) for all such c, apart from R ^ M;
// - where R is one term (tid << s) & m (no padding, its `tid & m` not the
//   index code's) and c + d sets every bit tid << s may have (tid < 1024)
//   outside m, InstCombine drops the `and` from that `or`: the access is a
//   base of its own, (tid << s) | (c + d);
// - padding distributes over such a disjoint sum, R's padding staying with
//   R (LLVM of 3.6: not where both R and the constant reach an interval;
//   that access is a base of its own, unless ScalarEvolution splits its
//   padding: R one left-shifted term and the padding's division exact);
// - an access's alignment is 2^(trailing known-zero bits of its address),
//   at most 16 (the shared base's); LLVM knows no bit of R (computeKnownBits
//   stops six levels deep) where R's only use is one GEP (no padding, no
//   XOR-ed offset: InstCombine splits its `or disjoint`s into one GEP per
//   term of Triton's OR lists and one for the tree of its XOR lists; also
//   where no term reaches a padding interval) of six or more GEPs, nor, in
//   3.9, of seven or more terms (a proxy for the depth of the tree of ORs O3
//   builds; not where SLP reduces four `and` lanes and leaves the result
//   alone, which makes R shallow) or, in a padded layout where R is XOR-ed, of six or more terms
//   (the same proxy): there it is Triton's own (its size); in a
//   padded layout each term of R proves its trailing zeros only where
//   computeKnownBits reaches it (r_tree_align below), and an access of R
//   whose constant is the outermost GEP (3.6: R, the constant and R's
//   padding share no bit, the padding's bits those of the intervals' sum,
//   carries included; 3.9: every one) has at least what register 0's
//   alignment implies at its offset (LLVM's second InferAlignment pass
//   carries it along the base pointer); where R is XOR-ed and not padded,
//   R and each R ^ c prove what the shape O3 gives Triton's own tree lets
//   computeKnownBits reach (tree_align on Triton's terms, vectorize());
// - loads of one address are loaded once; of stores of one value R + off
//   DSE removes the earlier where the later's walk reaches it, and
//   SelectionDAG's combiner some more (dag_combiner.h), which also joins
//   stores the LoadStoreVectorizer left apart: single bytes of a gl.load
//   vector of several (O3's shufflevector: an `extract`), of a base that is
//   one value (not accesses of their own; seed-2080 3.6 line 192, where the
//   combiner folds their paddings into one first, is missed);
// - stores are joined only where LLVM may sink them down to the last store
//   of their base (in the input's order, Triton's program order): a store of
//   another base in between that BasicAA cannot keep apart cuts the base's
//   stores there. BasicAA takes both addresses apart into a constant and
//   terms (R, R ^ c, the padding terms: R's one per interval, the same value
//   in an access of its own for an interval its constant does not reach,
//   where the two share no bit; R's paddings that InstCombine factored into
//   one GEP are one term, cancelled by none of an access of its own; R and R ^ c of any value and range where
//   SLP's unlike lanes hid R's bits); the same terms cancel, and the
//   others keep the two apart when the constant difference modulo 2^(their
//   fewest known trailing zeros) leaves room for both accesses, or when the
//   sum of their ranges (from their known bits) does, or (3.9) when the two
//   left are R and R ^ c, or R ^ c and R ^ c' (isKnownNonEqual), and both
//   accesses single bytes at one constant. The bases' chains are taken one
//   at a time, the one of the latest store first (the LoadStoreVectorizer's
//   MRU order), each joined before the next is cut: a joined store stands
//   above its last piece, as wide as the piece, and its pieces stay (erased
//   when the pass ends), so later chains meet both;
// - scalar loads whose values the consumer packs into one integer word
//   (registers r .. r+u-1, r a multiple of u = `unit_elems`) are combined
//   first (O3's load combining) when all u lie in register order at
//   consecutive addresses of one value (R, or one R ^ c: not pieces of R ^ c
//   and R ^ c', which meet only in the code generator) with the first
//   aligned to the word: one integer load; a word in any other order keeps
//   all of its pieces;
// - 3.9, 8-bit data in i32 words (Triton's v2.b32, v4.b32 loads): Triton
//   unpacks each word right after its load, so VectorCombine makes every such
//   load one i32 load per word, word k aligned as Triton's vector promises at
//   byte 4k (word 0: the whole promise, true or not) or as InferAlignment
//   proves, and the LoadStoreVectorizer below joins the words anew: a vector
//   that padding misaligns comes back as the words its true place allows
//   (fresh 3.9 seed 5908 line 396: 64 misaligned v2.b32 loads are 60
//   v2.b32 and 8 b32 in the wheel's PTX, its stores stay);
// - the LoadStoreVectorizer: accesses of one base and one size, sorted by
//   offset, in runs of contiguous bytes, each run cut greedily from its
//   start into the longest piece of at most 16 bytes, a power of two, no
//   larger than its first access's alignment; a piece of one access stays
//   as it was. LLVM of 3.9 also fills a load run's gaps (one access, or
//   two after the first of every four) with unused accesses and grows a
//   piece of three (five, six, seven) elements to four (eight) where its
//   alignment allows; a piece of two with an unused one is not joined;
// - 3.9 on sm_80, 8-bit loads: SelectionDAG loads a word's first two bytes
//   again as one `b16` where the consumer packs them, in order, into an i16
//   (Merged::narrowed, beside the word).
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "../triton_version.h"

namespace ls::codegen {

struct LdStAccess {
  int64_t xor_const = 0, add_const = 0;  // elements: c_i and d_i above
  int64_t reg = 0;  // the register it moves (a scalar access): bit j = register basis j
};

// One term of Triton's matrixVectorProd (lib/Conversion/TritonGPUToLLVM/
// Utility.cpp) over columns (thread-index bits) whose images have `nrow`
// bits: a column alone on one of its diagonals (found again until none is)
// is a select of its image (shift kSelect, mask its bit), every other
// diagonal (x & mask) << shift (negative: a right shift); among the ORs
// (`ors`) where every row on the diagonal (a select: in its image) is set
// by one column only, else among the XORs; diagonals first (largest left
// shift first), then the selects by column.
struct MvpTerm {
  static constexpr int32_t kSelect = -1000;
  int64_t mask = 0;
  int32_t shift = 0;
  int64_t value = 0;  // the image of mask
  bool ors = true;
  int32_t group = 0;  // the index code: the coordinate (dim) it computes (not compared)
  bool gone = false;  // the index code: part of a bit reversal, no `tid & mask` of its own (not compared)
  bool operator==(const MvpTerm& o) const { return mask == o.mask && shift == o.shift && value == o.value; }
};
std::vector<MvpTerm> mvp_terms(const std::vector<int64_t>& cols, int nrow);

// InstCombine's bit-reversal idiom: single-bit terms, each moving thread-index
// bit q to bit p, all with p + q the highest p, two or more: their `or` is
// one zext(bitreverse(trunc(tid) & mask)) (seed-2403 3.6 line 3999).
bool reverses_bits(const std::vector<std::pair<int, int>>& pq);

// InstCombine's bit reversals in the index code of one coordinate: its
// terms' `or` list (Triton's treeReduce), visited operands first; a node
// whose single-bit selects reverse bits is one bitreverse of tid, else
// reassociateForUses moves up an operand of more uses, and the new inner
// node is tried (seed-2403 3.6 line 3793: `(tid & 1 -> 32 | tid & 2) | tid &
// 8 -> 4` is `bitreverse(tid & 9) | tid & 2`, R's `(tid & 2) << 1` reading
// `tid & 2` too). A term that is `tid & m` itself has another use where a
// term of mask m and another value among all the kernel's terms (`kernel`:
// R's and every coordinate's) reads `tid & m`; the same term elsewhere is
// one value with it (EarlyCSE; held-out 3.6 seed 6502 kernel 53704: R's
// `tid & 2`). Marks the reversed terms `gone` and returns their
// thread-index bits.
int64_t mark_reversed(std::vector<MvpTerm>& terms, const std::vector<MvpTerm>& kernel);

struct LdStShape {
  int64_t lane_warp_mask = 0;  // elements: OR of the lane and warp bases
  // a term of R is a thread-index bit shifted right (3.6: any; 3.9: a single
  // bit), which ptxas's arithmetic may not see through (TreeAlign::shr_align)
  bool r_shifted_right = false;
  int32_t elem_bytes = 2;
  int32_t vec_bytes = 2;  // bytes of each access as Triton emits it
  int32_t word_bytes = 0;  // 4 where Triton's vector is of i32 words (v2.b32, v4.b32), else 0
  std::vector<std::pair<int32_t, int32_t>> pads;  // padded layouts: (interval, padding) in elements
  TritonVersion version = kDefaultTriton;
  int32_t sm = 90;  // the target
  bool load = false;
  int32_t unit_elems = 1;  // loads: elements the consumer packs into one word (1: none)
  int32_t source_elems = 1;  // stores: elements of the gl.load vector whose parts they store
  // R's terms after InstCombine: one per shift of a thread-index bit (lane
  // bit i is bit i, warp bit i bit 5 + i: lane and warp bits of one shift
  // share one), one per multi-bit image; terms whose bits overlap are XOR-ed
  // into one (one GEP index each where InstCombine splits R)
  std::vector<int64_t> r_terms;  // each term's bits (elements)
  // each term's shift (elements: its lowest bit's place less its thread-index
  // bit's), kNoShift for a term whose bits came from one thread-index bit
  // (a select of constants) or from several overlapping ones
  static constexpr int32_t kNoShift = -1000;
  std::vector<int32_t> r_term_shifts;
  int64_t index_shared = 0;  // bits (elements) of R's terms whose `tid & m` the kernel's index code also computes
  std::vector<MvpTerm> index_terms;  // the terms of the kernel's index code (the register layout's coordinates)
  std::vector<int32_t> index_stride_log2;  // each coordinate's stride in the row-major tensor (log2, elements)
  int64_t index_reused = 0;  // bits (elements) of R's terms that the index code also computes (the same value)
  std::vector<int64_t> index_pairs;  // bits (elements) of two terms of R the index code ORs as one node
  int64_t index_gone = 0;    // thread-index bits whose `tid & bit` the index code loses to a bit reversal (MvpTerm::gone)
  std::vector<int64_t> thread_bases;  // lane bases (5) then warp bases, elements, zeros kept
  int32_t offset_log2 = 0;            // the shared layout's offsets (log2 of elements)
  // the alignment LLVM proves: as modelled, none (Triton's accesses stay as
  // they are), or all of R's known bits (3.9's rule for deep R left out)
  enum class Proof { model, none, full } proof = Proof::model;
};

// One instruction after LLVM: `count` of Triton's accesses, contiguous, the
// one at the lowest address `lead` (an index into the input), `bytes` per lane.
struct Merged {
  int32_t lead = 0, count = 1;
  // bytes from the instruction's address up to `lead`'s (an unused access first; negative: it
  // starts inside `lead`, at a word of a scalarized load)
  int32_t lead_gap = 0;
  int32_t next = -1;  // two of Triton's accesses: the one above `lead`
  int32_t bytes = 0;
  int32_t unit = 0;  // bytes of each piece joined: Triton's access, or an integer load combined of several
  bool pairs = false;  // Triton's accesses are registers 2k, 2k + 1 in order, two by two, at consecutive addresses
  // 16-bit pieces, 4-byte words from its start: one holds an unused access (filling a gap or
  // growing the piece), one is two of Triton's accesses, registers 2k, 2k + 1 in order
  bool word_half_unused = false, word_in_order = false;
  bool split = false;  // a piece of a misaligned integer load NVPTX splits (into a 32-bit register): ptxas joins it with nothing
  int32_t last = 0;  // the last of Triton's accesses in it (a joined store stands where its last one did)
  // its base (one PTX register: R, R ^ c, or an access of its own), numbered per op; accesses of
  // their own in a padded layout that LLVM leaves in one register (R and the padding of R | c,
  // c in the immediate: those whose c agree in the bits their paddings read, at and above the one
  // interval R and c reach, or from the one shift of several up) share it; 3.6, R one
  // left-shifted term reaching one interval: each R | c is in R's register itself (8-bit data:
  // in one register of its own for ptxas);
  // after SelectionDAG, ptxas's register: an access of its own (x << s) | c, `and` dropped, with c
  // clear of x << s is x << s plus c, one register for all such (x below the CTA's threads)
  int32_t base = 0;
  int64_t offset = 0;   // bytes from that base to the instruction's address
  int32_t base_align = 16;  // the base's alignment from the bits it may have (at most 16), as ptxas knows it
  int32_t llvm_align = 1;   // the alignment LLVM gives the instruction (its lowest access's)
  bool byte_pair = false;  // spelled `v2.b8`, two 8-bit elements (codegen's spelling, for ptxas)
  bool words = false;  // of words of loads VectorCombine scalarized (Placed::word)
  bool low_pair = false;  // single bytes: its first two are Triton's registers 2k, 2k + 1 in order
  bool narrowed = false;  // SelectionDAG's 16-bit load of a word's first two bytes, beside the word
};

// LLVM knows no bit of R: too many terms for its depth (above).
bool r_too_deep(const std::vector<LdStAccess>& accesses, const LdStShape& s);

// What computeKnownBits proves of an access through R's tree (r_tree_align;
// tree_align for an XOR-ed R, llvm_vectorizer.cpp).
struct TreeAlign {
  // {register 0's access (R one level below the address), an access at a
  // register offset or of an R ^ c (two levels)}: the first access of each base
  std::array<int32_t, 2> base{0, 0};
  // the same bases' other accesses, one constant GEP deeper; equal to `base`
  // (the second InferAlignment carries it) but where SLP changed R's tree
  std::array<int32_t, 2> gep{0, 0};
  // r_tree_align, 3.6: bit j set where BasicAA cannot bound the index of
  // R's padding GEP for s.pads[j] (computeKnownBits does not reach every
  // term it reads): its range is then the `and` mask's (a bare `lshr`: any)
  uint32_t pads_unbounded = 0;
  // 3.6: bit j set where the padding of R | c for s.pads[j] is the node of R
  // it reads plus a constant (pads_split_by_and): the access joins R's chain
  uint32_t pads_split = 0;
  // 3.6: the largest value IPSCCP's ranges give R (bytes)
  int64_t r_max = 0;
  // an R ^ c access one constant GEP below the R ^ c (three levels), where
  // SLP left R's tree alone; 0: not known
  int32_t deeper = 0;
  // padded, SLP reducing R between the two InferAlignment passes: what the
  // first proved ({register 0, a register offset}), all that the second
  // carries from one access to another of its base pointer; 0: as `base`
  std::array<int32_t, 2> first_pass{0, 0};
  // ptxas (it knows nothing through `shr`), bit j for s.pads[j]: the padding
  // of R is a bare `lshr` of the node of R's tree it reads (padding_is_lshr),
  // not a single left-shifted term InstCombine makes a `shl` (R's register
  // unknown to ptxas where any: r_pad_bare); the padding of an R | c of its
  // own is one after SelectionDAG (tree_align: such a register unknown,
  // r_pad_bare_node)
  uint32_t r_pad_bare = 0;
  uint32_t r_pad_bare_node = 0;
  // what ptxas knows of each bare padding of R's (r_pad_bare) where its
  // shift stays a SHF.R, the value shared by several registers (a single
  // one's is fused into its add, a LEA.HI: nothing known)
  std::vector<int32_t> r_pad_shf{};
  // 3.6, bit j for s.pads[j]: register 0's padding is a value of its own,
  // not R | c's (the first InstCombine shrank its `and` mask to every bit
  // of the node it reads; R | c's keeps a wider one)
  uint32_t reg0_pad_apart = 0;
  // bit j for s.pads[j]: R's padding shares one GEP with another's, their
  // sum one value (InstCombine's factoring of two left shifts by one amount)
  uint32_t pads_factored = 0;
  // the bytes SelectionDAG's computeKnownBits leaves R from the `and`
  // of an R | c padding whose mask InstCombine kept whole (pads_unbounded):
  // it shrinks the mask again (R two levels below it as possible_bytes
  // counts, SLP's reduction as (l0 | l2) | (l1 | l3); H100 s73-pending 3.6
  // case 21: `and (lshr (R | 1024), 6), 240` in the PTX, 32760 in the IR;
  // in 3.9 it changed none of 100,000 screened padded kernels)
  int64_t dag_r_bits = ~int64_t{0};
  // 3.9: a term of R shifted right is a GEP of its own in R's chain split
  // (a LEA.HI below: R unknown to ptxas)
  bool shr_gep = false;
  // 3.6, per s.pads[j] where pads_unbounded: the `and` mask's bound after
  // SLP where it reads the vector's lanes (0: none)
  std::vector<int64_t> pad_hi{};
  // padded: what ptxas knows R a multiple of where R has terms shifted right
  // (tree_align's shr_align); 0: nothing
  int32_t shr_align = 0;
  // bit j for s.pads[j]: computeKnownBits from the `and` of an R | c
  // padding (one level deeper than R's own) does not reach every term of
  // the node it reads; its mask then stays whole, as where pads_unbounded
  // (golden screen86-3.6 line 50: `and (lshr (Y | 1024), 7), 16777212`,
  // Y's terms six deep: 4 bytes to ptxas, not 8)
  uint32_t pads_c_unbounded = 0;
  // 3.6, bit j for s.pads[j]: R's bare padding is a shift the index code
  // computes too, a SHF.R of more uses whatever adds it (r_pad_shf holds)
  uint32_t r_pad_index = 0;
  // the shift right of each bare padding of R's (r_pad_bare) in the PTX (0:
  // not a bare shift of a value): shared by several registers' adds, a shift
  // by 1 stays a SHF.R even where ptxas knows less than 8 bytes of it (held-out
  // seed 86361: 13 of 13 such shifts, where 2 and more were fused into each add)
  std::vector<int32_t> r_pad_amt{};
};

// Padded: the alignment (bytes, at most 16) computeKnownBits proves for
// R in an access's address, from the shape Triton and O3 give R's tree of
// ORs. Triton's matrixVectorProd puts a diagonal (x & m) << s (the terms of
// one shift) among the ORs where every offset bit on its path is set by one
// lane/warp basis only, else among the XORs; single-bit and several-bit
// terms follow; each list is reduced in pairs, ORs | XORs. Each padding
// interval's demanded-bits walk gives the nodes it passes through a second
// use for a while, and InstCombine's reassociateForUses turns their
// grandparent (C | Y) | Z into (Y | Z) | C; a term the index code also
// computes (one value) has a second use too, and the same fold moves it up.
// 3.6: Triton's own terms go through o3_reshape (llvm_vectorizer.cpp: the
// first InstCombine, its folds before and after the walk, then
// Reassociate, InstCombine); where nothing but its GEP uses R's root (no padding reads
// it, no register offset shares a bit with R or reaches an interval R
// reaches), R is split into a chain of GEPs on the first InstCombine's
// tree, as in 3.9; else the address is R, one GEP per padding interval
// reached (one for the intervals a single term reaches whole), and one more
// for an access at a register offset. 3.9: P, the smallest subtree holding
// every term that reaches an interval, is one GEP index, the ORs above it
// split into one GEP per operand in order, the XOR lists' tree one, then
// the padding's and the offset's GEPs; where R is Y | P (P of several
// terms) and the paddings' sum shares no bit with R (as computeKnownBits sees them), InstCombine
// folds R + pads into R's tree, (Y | pads) | P: Y's GEPs, the paddings', P's
// where it proves the top `or` disjoint, else the paddings' first where
// Reassociate makes them `add`s (a one-use `add` or `shl` operand), else
// all of R one GEP index (fresh 3.9 seed 5907 case 183). Of G GEPs the i-th's index is G - i
// deep, the shared base G; a term at depth 4 or less proves its trailing
// zeros, at 5 a left shift its shift (its mask where `tid & m` nothing else
// uses; and, for register 0's access, a right shift whose `tid & m` nothing
// else uses: its mask), at 6 or more nothing. Held to the golden padded
// round trips and fresh sets (docs/codegen.md: 3.6 sessions 18-20 and 29,
// 3.9 session 23). 3.6: a padding GEP read from several of R's terms
// proves only its padding's alignment where InstCombine, from the padding's
// `and`, cannot see them all (its mask keeps the low bits). Single-bit terms
// that InstCombine makes one `llvm.bitreverse` prove their bits at the
// depth of its mask (here and for an XOR-ed R). offsets: the OR of the
// accesses' c_i | d_i.
TreeAlign r_tree_align(const LdStShape& s, int64_t offsets, bool late = false);  // base: {register 0, a register offset}

// Where R's tree decides its alignment (padded layouts; XOR-ed R), so
// the tree's depth may keep apart what R's bits would join.
bool r_tree_decides(const std::vector<LdStAccess>& accesses, const LdStShape& s);

// The instructions, in the order of their first access in the input.
std::vector<Merged> vectorize(const std::vector<LdStAccess>& accesses, const LdStShape& s);

// An op's stores in program order (indices into `op`): a store LLVM joined
// stands where its last piece did.
std::vector<int32_t> store_order(const std::vector<Merged>& op);

}  // namespace ls::codegen
