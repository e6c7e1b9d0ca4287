// The instructions Triton 3.6 / 3.9 emit for a forward tt.scan (tl.cumsum and
// friends) on NVIDIA, per thread, from the input's linear layout. Held to the
// PTX of the wheels' compiles (tests/inspect/make_dumps.py, scan kernels).
// With the axis a:
//   group      the register bases along a below every lane and warp basis
//              along a (elements a thread scans in a row), size s;
//   G          the thread's distinct registers / s (groups it scans);
//   L          lane bases along a (log2 of the lanes of a warp-local chunk);
//   W          warp bases along a; C = chunks along a = 2^(W + register
//              bases along a outside the group); P = G / (C / 2^W) groups
//              side by side (other dims);
// - shuffles: per group L shfl.sync.up.b32 (a shuffle by index where the
//   axis lanes are not consecutive lane bits), one more to pass the previous
//   lane's total where s > 1 or W > 0; 64-bit values take two;
// - W > 0: each group's total goes to shared memory (st.shared, 3.9 spells it
//   st.shared::cta; 8/16/64-bit values keep their size), then every thread
//   reads the C - 1 totals before the last chunk of each of its P groups.
//   Scratch holds the totals in the tensor's order with the axis cut to its
//   chunks: where the axis is the fastest dim, a group's totals lie side by
//   side and LLVM joins them into 128-bit loads (3.6 splits the rest into
//   halves, 3.9 widens it to the next power of two, spelled in 32-bit words),
//   unless warps split the other dims (the warp id comes from a shuffle, so
//   LLVM cannot prove the group's alignment); else each is one ld.shared.
// A reverse scan turns every register around across the warp before and
// after (shfl.sync.bfly.b32 by 31: once each way in 3.9, five steps in 3.6).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "../linear_layout.h"
#include "../triton_version.h"

namespace ls::codegen {

struct ScanCode {
  std::map<std::string, int64_t> per_thread;  // PTX mnemonic -> count per thread
  int64_t group = 1, groups = 0, lane_steps = 0, warps_along = 1, chunks = 1, side_by_side = 1;
  int64_t shuffles = 0, shared_stores = 0, shared_loads = 0;
};

// `layout`: the input's layout (register, lane, warp -> dims); `axis` the
// scanned dim; `operands` the tensors scanned together; empty with `why` for
// elements of another size than 8, 16, 32 or 64 bits.
// `axis_fastest`: the axis is the tensor's fastest-varying dim (its layout's order).
std::optional<ScanCode> triton_scan(const LinearLayout& layout, int axis, bool axis_fastest, int32_t bits,
                                    int32_t operands, bool reverse, TritonVersion v, std::string* why);

}  // namespace ls::codegen
