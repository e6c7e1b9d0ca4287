#!/usr/bin/env python3
"""Draw random valid Triton distributed layouts and record Triton's own answers.

For every layout kind Triton can convert offline, this draws (with a fixed seed)
random layouts and tensor shapes, asks the real Triton wheel for the Gluon
repr, the MLIR type text and the linear-layout bases, and writes one JSON
object per case to a JSON-lines file:

  {"kind": ..., "variant": ..., "shape": [...], "gluon": "<repr>",
   "mlir": "tensor<...>", "bases": {"register": .., "lane": .., "warp": .., "block": ..}}

Draws Triton rejects with an exception are discarded and redrawn; draws that
abort the process inside C++ (assertions, LLVM fatal errors) are survived by
evaluating in forked children and are counted separately.  A statistics file
(<out>.stats.json) records accepted/rejected/aborted/duplicate counts per kind.

Usage: triton_oracle.py OUT.jsonl [--seed S] [--per-kind N] [--kinds a,b,...]
"""
import argparse
import json
import os
import random
import sys
import tempfile
import time

from triton._C.libtriton import gluon_ir, ir
import triton.experimental.gluon.language as ttgl
from triton.experimental.gluon.language.amd import AMDMFMALayout, AMDWMMALayout

MAX_LOG2_ELEMS = 16  # cap tensors at 64Ki elements


# ---------------------------------------------------------------- helpers


def split_bits(rng, nbits, rank):
    """Randomly distribute 2**nbits over `rank` dims (each a power of two)."""
    dims = [1] * rank
    for _ in range(nbits):
        dims[rng.randrange(rank)] *= 2
    return dims


def draw_shape(rng, rank, max_log2_dim=9):
    """Power-of-two shape, from tiny (1 per dim) to large, capped in size."""
    while True:
        exps = [rng.randint(0, max_log2_dim) for _ in range(rank)]
        if sum(exps) <= MAX_LOG2_ELEMS:
            return [1 << e for e in exps]


def draw_cga(rng, rank):
    """CTA-tiling bases: each a fresh power of two along one dim or, sometimes,
    a broadcast (zero) basis; sometimes shuffled.  (Bases moving along two dims
    at once pass Triton's builder but abort in toLinearLayout: not surjective.)"""
    next_pow = [1] * rank
    bases = []
    for _ in range(rng.randint(1, 3)):
        basis = [0] * rank
        if rng.random() >= 0.15:
            d = rng.randrange(rank)
            basis[d] = next_pow[d]
            next_pow[d] *= 2
        bases.append(basis)
    if rng.random() < 0.3:
        rng.shuffle(bases)
    return bases


def maybe_cga(rng, rank, p):
    return draw_cga(rng, rank) if rng.random() < p else []


# ------------------------------------------------------ layout generators
# Each returns (variant, layout) for the requested rank.


def gen_blocked(rng, rank, cga=False):
    order = list(range(rank))
    rng.shuffle(order)
    layout = ttgl.BlockedLayout(
        size_per_thread=[1 << rng.randint(0, 3) for _ in range(rank)],
        threads_per_warp=split_bits(rng, rng.choice([5, 5, 6]), rank),
        warps_per_cta=split_bits(rng, rng.randint(0, 4), rank),
        order=order,
        cga_layout=draw_cga(rng, rank) if cga else [],
    )
    return ("blocked_cga" if cga else "blocked"), layout


def gen_mma_v2(rng, rank):
    instr = [16, 8] if rank == 2 else [1, 16, 8]
    layout = ttgl.NVMMADistributedLayout(
        version=[2, rng.choice([0, 0, 0, 1])],
        warps_per_cta=split_bits(rng, rng.randint(0, 4), rank),
        instr_shape=instr,
        cga_layout=maybe_cga(rng, rank, 0.2),
    )
    return f"mma_v2/rank{rank}", layout


def gen_mma_v3(rng, k=None):
    # Warps come in warp groups of 4 along M; N is a power of two in [8, 256]
    # (Triton 3.6 aborts on other multiples of 8 in toLinearLayout).
    n = 1 << rng.randint(3, 8)
    warps = [4 << rng.randint(0, 2), 1 << rng.randint(0, 2)]
    layout = ttgl.NVMMADistributedLayout(
        version=[3, 0],
        warps_per_cta=warps,
        instr_shape=[16, n, k if k is not None else rng.choice([16, 16, 8, 32])],
        cga_layout=maybe_cga(rng, 2, 0.2),
    )
    return "mma_v3", layout


MFMA_INSTR = {  # (M, N) -> K values
    (32, 32): [1, 2, 4, 8, 16, 64],
    (16, 16): [1, 4, 8, 16, 32, 128],
    (64, 4): [4],
    (4, 64): [4],
}


def gen_mfma(rng, rank):
    mn = rng.choice([(32, 32), (32, 32), (16, 16), (16, 16), (64, 4), (4, 64)])
    version = rng.randint(1, 4)
    layout = AMDMFMALayout(
        version=version,
        instr_shape=[*mn, rng.choice(MFMA_INSTR[mn])],
        transposed=mn == (64, 4) or rng.random() < 0.5,  # 64x4 must be transposed
        warps_per_cta=split_bits(rng, rng.randint(0, 4), rank),
        element_bitwidth=64 if rng.random() < 0.15 else None,
        tiles_per_warp=[1 << rng.randint(0, 2) for _ in range(rank)] if rng.random() < 0.3 else None,
        cga_layout=maybe_cga(rng, rank, 0.15),
    )
    return f"mfma/v{version}/{mn[0]}x{mn[1]}", layout


WMMA_INSTR = {  # version -> valid instr_shape (None = Gluon's default [16, 16, 16])
    1: [None],
    2: [None, [16, 16, 32]],
    3: [[16, 16, 4], [16, 16, 32], [16, 16, 64], [16, 16, 128]],
}
WMMA_KWIDTH = {1: [8, 16], 2: [8, 16], 3: [2, 8, 16]}  # valid dot-operand kWidth


def gen_wmma(rng, rank):
    version = rng.randint(1, 3)
    layout = AMDWMMALayout(
        version=version,
        transposed=rng.random() < 0.5,
        warps_per_cta=split_bits(rng, rng.randint(0, 4), rank),
        instr_shape=rng.choice(WMMA_INSTR[version]),
        tiles_per_warp=[1 << rng.randint(0, 2) for _ in range(rank)] if rng.random() < 0.3 else None,
        cga_layout=maybe_cga(rng, rank, 0.15),
    )
    return f"wmma/v{version}", layout


def gen_linear(rng, rank):
    """Random linear layout as Triton accepts it: a permutation of the shape's
    unit bit-vectors (Triton requires power-of-two bases, bijective once zero
    bases are removed) dealt out to register/lane/warp/block, with zero
    (broadcast) bases sprinkled in."""
    shape = [1 << rng.randint(0, 6) for _ in range(rank)]
    units = [[(1 << i) if d == dd else 0 for dd in range(rank)] for d in range(rank) for i in range(shape[d].bit_length() - 1)]
    rng.shuffle(units)
    # Decide how many bases each input dim gets, then deal the vectors in order.
    counts = {"lane": rng.choice([5, 5, 6]), "warp": rng.randint(0, 3), "block": rng.randint(0, 2) if rng.random() < 0.3 else 0}
    counts["register"] = max(0, len(units) - sum(counts.values())) + rng.randint(0, 2)
    merged = list(units)
    for _ in range(sum(counts.values()) - len(units)):
        merged.insert(rng.randint(0, len(merged)), [0] * rank)
    out, pos = {}, 0
    for key in ("register", "lane", "warp", "block"):
        out[key] = merged[pos:pos + counts[key]]
        pos += counts[key]
    layout = ttgl.DistributedLinearLayout(out["register"], out["lane"], out["warp"], out["block"], shape)
    return "linear", layout


def gen_parent(rng, rank):
    """A random non-slice parent layout of the given rank (>= 2)."""
    choices = ["blocked", "blocked_cga", "mma_v2", "mfma", "wmma", "linear", "dot_operand"]
    if rank == 2:
        choices.append("mma_v3")
    pick = rng.choice(choices)
    if pick == "blocked":
        return gen_blocked(rng, rank)
    if pick == "blocked_cga":
        return gen_blocked(rng, rank, cga=True)
    if pick == "mma_v2":
        return gen_mma_v2(rng, rank)
    if pick == "mma_v3":
        return gen_mma_v3(rng)
    if pick == "mfma":
        return gen_mfma(rng, rank)
    if pick == "wmma":
        return gen_wmma(rng, rank)
    if pick == "linear":
        return gen_linear(rng, rank)
    return gen_dot_operand(rng, rank)


def gen_slice(rng):
    if rng.random() < 0.25:  # nested: slice of a slice of a rank-3 parent
        pvariant, parent = gen_parent(rng, 3)
        inner = ttgl.SliceLayout(rng.randrange(3), parent)
        return f"slice/nested/{pvariant.split('/')[0]}", ttgl.SliceLayout(rng.randrange(2), inner)
    rank = rng.choice([2, 2, 3])
    pvariant, parent = gen_parent(rng, rank)
    return f"slice/{pvariant.split('/')[0]}", ttgl.SliceLayout(rng.randrange(rank), parent)


def gen_dot_operand(rng, rank=None):
    pick = rng.choice(["mma_v2", "mma_v3", "blocked", "mfma", "wmma"])
    if pick == "mma_v3" and rank in (None, 2):
        # Only the LHS may live in registers; kWidth must match K (K*bits = 256).
        k_width = rng.choice([1, 2, 4])
        _, parent = gen_mma_v3(rng, k=8 * k_width)
        return "dot_operand/mma_v3/op0", ttgl.DotOperandLayout(0, parent, k_width)
    rank = rank or rng.choice([2, 2, 3])
    op = rng.randrange(2)
    if pick == "blocked":
        _, parent = gen_blocked(rng, rank, cga=rng.random() < 0.2)
        return f"dot_operand/blocked/op{op}", ttgl.DotOperandLayout(op, parent, 0)
    if pick == "mfma":
        _, parent = gen_mfma(rng, rank)
        return f"dot_operand/mfma/op{op}", ttgl.DotOperandLayout(op, parent, rng.choice([4, 8, 16]))
    if pick == "wmma":
        _, parent = gen_wmma(rng, rank)
        return f"dot_operand/wmma/op{op}", ttgl.DotOperandLayout(op, parent, rng.choice(WMMA_KWIDTH[parent.version]))
    _, parent = gen_mma_v2(rng, rank)
    return f"dot_operand/mma_v2/op{op}", ttgl.DotOperandLayout(op, parent, rng.choice([1, 2, 4, 8]))


GENERATORS = {
    "blocked": lambda rng: gen_blocked(rng, rng.randint(1, 3)),
    "blocked_cga": lambda rng: gen_blocked(rng, rng.randint(1, 3), cga=True),
    "slice": gen_slice,
    "linear": lambda rng: gen_linear(rng, rng.randint(1, 3)),
    "mma_v2": lambda rng: gen_mma_v2(rng, rng.choice([2, 2, 3])),
    "mma_v3": gen_mma_v3,
    "dot_operand": gen_dot_operand,
    "mfma": lambda rng: gen_mfma(rng, rng.choice([2, 2, 3])),
    "wmma": lambda rng: gen_wmma(rng, rng.choice([2, 2, 3])),
}


def uses_wmma(layout):
    while isinstance(layout, (ttgl.SliceLayout, ttgl.DotOperandLayout)):
        layout = layout.parent
    return isinstance(layout, AMDWMMALayout)


def draw_case(rng, kind):
    """One candidate (kind, variant, layout, shape); None if Gluon's own Python
    validation rejects the parameters."""
    try:
        variant, layout = GENERATORS[kind](rng)
    except (AssertionError, ValueError):
        return None
    if kind == "linear" and rng.random() < 0.7:
        shape = list(layout.shape)
    else:
        shape = draw_shape(rng, layout.rank)
        while uses_wmma(layout) and any(1 < s < 16 for s in shape[-2:]):
            shape = draw_shape(rng, layout.rank)  # WMMA asserts M, N are 1 or >= 16
    return {"kind": kind, "variant": variant, "layout": layout, "shape": shape}


# -------------------------------------------------------------- evaluation

CTX = ir.context()
ir.load_dialects(CTX)
BUILDER = gluon_ir.GluonOpBuilder(CTX)


def convert(case):
    """Ask Triton about one case; returns the record or {"error": msg}."""
    try:
        attr = case["layout"]._to_ir(BUILDER)
        mlir = str(BUILDER.get_distributed_ty(BUILDER.get_float_ty(), case["shape"], attr))
        ll = BUILDER.to_linear_layout(attr, case["shape"])
    except Exception as e:  # Triton reports invalid layouts as RuntimeError/ValueError
        return {"error": str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__}
    return {
        "kind": case["kind"],
        "variant": case["variant"],
        "shape": case["shape"],
        "gluon": repr(case["layout"]),
        "mlir": mlir,
        "bases": {"register": ll.reg_bases, "lane": ll.lane_bases, "warp": ll.warp_bases, "block": ll.block_bases},
    }


def evaluate(cases):
    """convert() every case in forked children.  A child streams one JSON line
    per case; if it dies (C++ abort), that case is recorded as {"abort": reason}
    and a new child resumes after it."""
    results = []
    while len(results) < len(cases):
        start = len(results)
        err = tempfile.TemporaryFile()
        rfd, wfd = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(rfd)
            os.dup2(err.fileno(), 2)
            with os.fdopen(wfd, "w") as out:
                for case in cases[start:]:
                    out.write(json.dumps(convert(case)) + "\n")
                    out.flush()
            os._exit(0)
        os.close(wfd)
        with os.fdopen(rfd) as inp:
            results.extend(json.loads(line) for line in inp)
        _, status = os.waitpid(pid, 0)
        if status != 0:
            err.seek(0)
            lines = [l for l in err.read().decode(errors="replace").splitlines() if l.strip()]
            reason = next((l for l in lines if "Assertion" in l or "ERROR" in l), lines[0] if lines else f"status {status}")
            results.append({"abort": reason.strip()[:300]})
        err.close()
    return results


def generate_kind(kind, seed, count):
    """Exactly `count` accepted, de-duplicated cases of one kind."""
    rng = random.Random(f"{seed}:{kind}")
    stats = {"accepted": 0, "rejected_python": 0, "rejected_triton": 0, "aborted": 0, "duplicates": 0}
    reasons = {}
    seen, accepted = set(), []
    max_draws = 50 * count
    draws = 0
    while len(accepted) < count and draws < max_draws:
        batch = []
        for _ in range(max(64, int((count - len(accepted)) * 1.3))):
            draws += 1
            case = draw_case(rng, kind)
            if case is None:
                stats["rejected_python"] += 1
                continue
            key = (repr(case["layout"]), tuple(case["shape"]))
            if key in seen:
                stats["duplicates"] += 1
                continue
            seen.add(key)
            batch.append(case)
        for res in evaluate(batch):
            if len(accepted) == count:
                break
            if "abort" in res or "error" in res:
                which = "aborted" if "abort" in res else "rejected_triton"
                stats[which] += 1
                msg = res.get("abort") or res.get("error")
                reasons[f"{which}: {msg}"] = reasons.get(f"{which}: {msg}", 0) + 1
                continue
            accepted.append(res)
    stats["accepted"] = len(accepted)
    stats["reasons"] = dict(sorted(reasons.items(), key=lambda kv: -kv[1])[:10])
    return accepted, stats


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", help="output JSON-lines file")
    ap.add_argument("--seed", type=int, default=1234)
    ap.add_argument("--per-kind", type=int, default=2000)
    ap.add_argument("--kinds", default=",".join(GENERATORS), help="comma-separated subset of: " + ",".join(GENERATORS))
    args = ap.parse_args()

    all_stats = {}
    tmp = args.out + ".tmp"
    with open(tmp, "w") as f:
        for kind in args.kinds.split(","):
            t0 = time.time()
            cases, stats = generate_kind(kind, args.seed, args.per_kind)
            stats["seconds"] = round(time.time() - t0, 2)
            all_stats[kind] = stats
            for c in cases:
                f.write(json.dumps(c) + "\n")
            print(f"{kind:12s} accepted {stats['accepted']:5d}  rejected(py) {stats['rejected_python']:4d}  "
                  f"rejected(triton) {stats['rejected_triton']:4d}  aborted {stats['aborted']:4d}  "
                  f"duplicates {stats['duplicates']:4d}  {stats['seconds']:6.2f}s", file=sys.stderr)
    with open(args.out + ".stats.json", "w") as f:
        json.dump(all_stats, f, indent=1)
    os.replace(tmp, args.out)


if __name__ == "__main__":
    main()
