#!/usr/bin/env python3
"""Golden answers of Triton for AMD LDS (shared memory) instructions.

Compiles (offline, no GPU) Gluon kernels for hip gfx942 and gfx950 (wave 64)
that load a row-major MxN tensor with register layout R, store it to shared
memory with layout S (local_store), load it back with R2 (local_load) and
store it to global memory, and counts the ds_* instructions of the AMDGCN
assembly (not the LLVM IR: the backend merges accesses, e.g. two 8-byte
loads into ds_read2_b64). The kernel has no loops, so the static count is
the count per thread. One JSON object per line: case, target, num_warps,
bits, shape, R, S, R2 (Gluon text), "store"/"load" ({mnemonic: count}) or
"error".

--convert: the kernel converts R to R2 with gl.convert_layout instead (no S);
the record adds "shared_bytes" (kernel.metadata.shared, the scratch) and
"other" (ds_* that are neither reads nor writes, e.g. ds_bpermute_b32).

--shuffle: conversions inside waves (draw_shuffle), for both targets.

Usage: amd_lds_oracle.py OUT.jsonl [--seed S] [--count N] [--convert | --shuffle]
"""
import argparse
import json
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from amd39_oracle import in_child  # noqa: E402
from codegen_oracle import kernels as nvidia_kernels  # noqa: E402  (its convert kernel is target-neutral)
from codegen_oracle import permute_reg_lane  # noqa: E402

DTYPE = {8: "i8", 16: "fp16", 32: "fp32"}


def kernel():
    from triton.experimental import gluon
    from triton.experimental.gluon import language as gl

    @gluon.jit
    def k(in_ptr, out_ptr, M: gl.constexpr, N: gl.constexpr, R: gl.constexpr, S: gl.constexpr, R2: gl.constexpr):
        rows = gl.arange(0, M, layout=gl.SliceLayout(1, R))
        cols = gl.arange(0, N, layout=gl.SliceLayout(0, R))
        x = gl.load(in_ptr + gl.expand_dims(rows, 1) * N + gl.expand_dims(cols, 0))
        smem = gl.allocate_shared_memory(in_ptr.dtype.element_ty, [M, N], S)
        smem.store(x)
        y = smem.load(R2)
        rows2 = gl.arange(0, M, layout=gl.SliceLayout(1, R2))
        cols2 = gl.arange(0, N, layout=gl.SliceLayout(0, R2))
        gl.store(out_ptr + gl.expand_dims(rows2, 1) * N + gl.expand_dims(cols2, 0), y)
    return k


def compile_convert(target, warps, bits, shape, R, R2):
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.experimental.gluon._runtime import GluonASTSource
    ty = "*" + DTYPE[bits]
    src = GluonASTSource(nvidia_kernels()["convert"], signature={"in_ptr": ty, "out_ptr": ty, "M": "constexpr",
                                                      "N": "constexpr", "R": "constexpr", "R2": "constexpr",
                                                      "LIVE": "constexpr"},
                         constexprs={"M": shape[0], "N": shape[1], "R": R, "R2": R2, "LIVE": False},
                         attrs={(0,): [["tt.divisibility", 16]], (1,): [["tt.divisibility", 16]]})
    c = triton.compile(src, target=GPUTarget("hip", target, 64), options={"num_warps": warps})
    store, load, other = {}, {}, {}
    for op in re.findall(r"^\s*(ds_\w+)", c.asm["amdgcn"], re.M):
        d = store if op.startswith("ds_write") else load if op.startswith("ds_read") else other
        d[op] = d.get(op, 0) + 1
    return {"store": store, "load": load, "other": other, "shared_bytes": c.metadata.shared}


def compile_case(target, warps, bits, shape, R, S, R2):
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.experimental.gluon._runtime import GluonASTSource
    k = kernel()
    ty = "*" + DTYPE[bits]
    src = GluonASTSource(k, signature={"in_ptr": ty, "out_ptr": ty, "M": "constexpr", "N": "constexpr",
                                       "R": "constexpr", "S": "constexpr", "R2": "constexpr"},
                         constexprs={"M": shape[0], "N": shape[1], "R": R, "S": S, "R2": R2},
                         attrs={(0,): [["tt.divisibility", 16]], (1,): [["tt.divisibility", 16]]})
    c = triton.compile(src, target=GPUTarget("hip", target, 64), options={"num_warps": warps})
    ops = re.findall(r"^\s*(ds_\w+)", c.asm["amdgcn"], re.M)
    store, load = {}, {}
    for op in ops:
        d = store if op.startswith("ds_write") else load
        d[op] = d.get(op, 0) + 1
    return {"store": store, "load": load}


def pow2(rng, lo, hi):
    return 1 << rng.randint(lo, hi)


def split(rng, total, parts):
    """total (a power of two) as a product of `parts` powers of two."""
    out = [1] * parts
    for _ in range(total.bit_length() - 1):
        out[rng.randrange(parts)] *= 2
    return out


def draw(rng):
    import triton.experimental.gluon.language as gl
    from triton.experimental.gluon.language.amd import AMDMFMALayout
    target = rng.choice(["gfx942", "gfx950"])
    warps = rng.choice([1, 2, 4, 4, 8])
    bits = rng.choice([8, 16, 16, 32])
    shape = [pow2(rng, 4, 7), pow2(rng, 4, 7)]

    def blocked():
        spt = [pow2(rng, 0, 1), pow2(rng, 0, 3)] if rng.random() < 0.7 else [pow2(rng, 0, 3), pow2(rng, 0, 1)]
        return gl.BlockedLayout(spt, split(rng, 64, 2), split(rng, warps, 2), rng.choice([[1, 0], [1, 0], [0, 1]]))

    def mfma(op=None):
        m = rng.choice([16, 32])
        k = {8: 32 if m == 32 else 64, 16: 16 if m == 32 else 32, 32: 8 if m == 32 else 16}[bits]
        parent = AMDMFMALayout(3 if target == "gfx942" else 4, [m, m, k], rng.random() < 0.5, split(rng, warps, 2))
        if op is None:
            return parent
        kw = rng.choice([4, 8, 16]) if bits == 8 else rng.choice([4, 8]) if bits == 16 else rng.choice([2, 4])
        return gl.DotOperandLayout(op, parent, kw)

    R = blocked()
    R2 = rng.choice([lambda: R, blocked, lambda: mfma(0), lambda: mfma(1)])()
    kind = rng.choice(["swizzled", "swizzled", "plain", "padded"])
    order = rng.choice([[1, 0], [1, 0], [0, 1]])
    if kind == "plain":
        S = gl.SwizzledSharedLayout(1, 1, 1, order)
    elif kind == "swizzled":
        S = gl.SwizzledSharedLayout(pow2(rng, 0, 4), pow2(rng, 0, 2), pow2(rng, 0, 4), order)
    else:
        S = gl.PaddedSharedLayout.with_identity_for([[pow2(rng, 5, 9), pow2(rng, 0, 3)]], shape, order)
    return target, warps, bits, shape, R, S, R2


def draw_shuffle(k):
    """Case k of --shuffle: a random 64-lane linear layout converted to itself
    with register and lane bases permuted (permute_reg_lane), for Triton's
    warp-shuffle lowering and AMD's lane exchanges (ds_bpermute, ds_swizzle, DPP, permlane swaps). None when the
    drawn shape is too small for 64 lanes and the warps."""
    import triton.experimental.gluon.language as gl
    rng = random.Random(f"amdshfl:{k}")
    warps = rng.choice([1, 2, 4])
    bits = [8, 16, 32][k % 3]
    shape = [1 << rng.randint(4, 6), 1 << rng.randint(4, 6)]
    units = ([[1 << i, 0] for i in range(shape[0].bit_length() - 1)] +
             [[0, 1 << i] for i in range(shape[1].bit_length() - 1)])
    nl = 6
    if len(units) < nl + warps.bit_length() - 1:
        return None
    rng.shuffle(units)
    nreg = len(units) - nl - (warps.bit_length() - 1)
    reg, lane, warp = units[:nreg], units[nreg:nreg + nl], units[nreg + nl:]
    reg2, lane2 = permute_reg_lane(rng, reg, lane, (k // 3) % 5)
    return (warps, bits, shape, gl.DistributedLinearLayout(reg, lane, warp, [], shape),
            gl.DistributedLinearLayout(reg2, lane2, warp, [], shape))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=14)
    ap.add_argument("--count", type=int, default=400)
    ap.add_argument("--convert", action="store_true", help="convert_layout R -> R2 instead of a round trip")
    ap.add_argument("--shuffle", action="store_true",
                    help="conversions inside waves (draw_shuffle), each for gfx942 and gfx950")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    import triton
    if args.shuffle:
        with open(args.out, "w") as f:
            for k in range(args.count):
                drawn = draw_shuffle(k)
                if drawn is None:
                    continue
                warps, bits, shape, R, R2 = drawn
                for target in ("gfx942", "gfx950"):
                    rec = {"case": k, "triton": triton.__version__, "target": target, "num_warps": warps,
                           "bits": bits, "shape": shape, "R": repr(R), "R2": repr(R2)}
                    rec.update(in_child(lambda: compile_convert(target, warps, bits, shape, R, R2)))
                    f.write(json.dumps(rec) + "\n")
                    f.flush()
        return
    with open(args.out, "w") as f:
        for i in range(args.count):
            target, warps, bits, shape, R, S, R2 = draw(rng)
            rec = {"case": i, "triton": triton.__version__, "target": target, "num_warps": warps, "bits": bits,
                   "shape": shape, "R": repr(R), "R2": repr(R2)}
            if args.convert:
                rec.update(in_child(lambda: compile_convert(target, warps, bits, shape, R, R2)))
            else:
                rec["S"] = repr(S)
                rec.update(in_child(lambda: compile_case(target, warps, bits, shape, R, S, R2)))
            f.write(json.dumps(rec) + "\n")
            f.flush()


if __name__ == "__main__":
    main()
