// What LLVM's SelectionDAG combiner (the wheels' LLVM 22) does to one basic
// block of stores, and only that: it deletes an earlier store that a later
// one overwrites, where the combiner's re-chaining makes the later store's
// chain that store and nothing else uses it.
//
// The block's stores come in program order, each on the chain of the one
// before (SelectionDAGBuilder), the first on the global loads'. Per pass every node goes on a stack in the
// DAG's order and the combiner pops from its top (the last store first):
// - a store takes the earlier stores of its base up its chain while each has
//   one use and its bytes lie wholly below every store taken so far
//   (parallelizeChainedStores); each of those and a copy of the store then
//   hang from GatherAllAliases' answer started where that walk stopped, all
//   joined by one TokenFactor that replaces the store; with none taken the
//   store alone moves up to that answer (replaceStoreChain);
// - GatherAllAliases walks up from a chain over stores that cannot alias
//   (the same base, bytes that do not meet: NVPTX uses no IR alias analysis,
//   so stores of other bases alias), TokenFactors' operands and the entry,
//   and answers the stores it stopped at, or the chain it started from once
//   it took more than 18 steps;
// - a store whose chain is a store it covers, of one use, deletes that one;
// - a TokenFactor drops the entry, takes in TokenFactor operands of one use,
//   and drops operands reachable from another one (visitTokenFactor);
// - a store whose value is part of a loaded vector (an `extract`), where
//   none of the above changed it, joins the stores of its base, size and
//   kind that hang from its own chain (mergeConsecutiveStores): sorted by
//   offset, from the first two adjacent ones the run of consecutive ones,
//   its first 4 (bytes) or 2 (16-bit) into one 32-bit store, NVPTX's only
//   legal vectors of them, where the lowest is 4-aligned; else the run loses
//   its first stores up to one better aligned. The joined store hangs from
//   that chain and stands for all of them. A chain where nothing joined is
//   not searched again until some other combine fires.
// Two passes: before legalization in creation order, after it in
// topological order. Held to the wheel's llc on store sequences of Triton's
// kernels and random ones (docs/codegen.md, sessions 33 and 35).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace ls::codegen {

struct BlockStore {
  int32_t base = 0;    // its base register (one value: stores of one base compare offsets)
  int64_t offset = 0;  // bytes from that base
  int32_t bytes = 0;
  int32_t align = 1;  // LLVM's alignment of it
  int32_t elem = 0;   // bytes of one element of a store of an `extract` (0: any other value)
};

// Whether two of the stores share a byte (only then can one go: callers
// ask this first, the replay below costs far more).
bool stores_meet(std::span<const BlockStore> stores);

// Whether the combiner may join stores (an `extract` store, 4-aligned, has the
// next one of its base and kind after it).
bool stores_may_join(std::span<const BlockStore> stores);

// What the combiner leaves of the block's stores (program order): per store
// -1 where it is gone, else the store whose instruction holds it (itself, or
// the lowest of the stores joined with it).
std::vector<int32_t> dag_stores(std::span<const BlockStore> stores);

}  // namespace ls::codegen
