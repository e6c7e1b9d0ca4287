#!/usr/bin/env python3
"""Golden answers of Triton 3.9 for the AMD layouts it added or changed.

Draws (fixed seed) random layouts with tensor shapes and asks the
triton==3.9.0 wheel, offline, for to_linear_layout and the MLIR type text:
  - "wmma": AMDWMMALayout in 3.9's form (version 1..3, warp_bases/reg_bases in
    instruction tiles, instr_shape incl. gfx1250's 32x16, rank 2/3, CGA);
  - "mfma": AMDMFMALayout versions 1..4 (CDNA4 = 4), every instr K;
  - "scale": get_wmma_scale_layout (gluon_ir.get_amd_wmma_scale_layout);
    "scale3" the same for rank-3 (batched) parents (own generator);
  - "mfmascale": CDNA4's get_mfma_scale_layout (own generator);
  - "nvmma": NVMMASharedLayout without swizzle, transposed, rank 3 (300);
  - "dot": DotOperandLayout of a 3.9-form AMDWMMALayout (1,200);
  - "partitioned": CDNA5 PartitionedSharedLayout over swizzled, NVMMA,
    shared-linear, padded and partitioned piece layouts (1,200; drawn from
    a generator of its own, so `--kinds partitioned` adds them alone).
    The wheel's binding drops the `partition` bases (only offset/block are
    recorded); for a padded piece layout to_linear_layout aborts, and the
    case also records "linear_component": the bases of the same layout
    with the padded layout's linear part as a SharedLinearLayout (what
    Triton's paddedLinearLayout lowers to).
About a fifth of the draws break a rule on purpose, so refusals are covered.
Every call runs in a forked child, so a C++ abort costs one case (recorded as
{"abort": ...}); a Python assertion is recorded as {"error": ...}. One JSON
object per line: case, variant, layout (Gluon text), shape, and either
"mlir" + "bases" or "error"/"abort".

Usage: amd39_oracle.py OUT.jsonl [--seed S] [--per-kind N]
"""
import argparse
import json
import os
import random
import tempfile

from triton._C.libtriton import gluon_ir, ir
import triton.experimental.gluon.language as ttgl
from triton.experimental.gluon.language.amd import AMDMFMALayout, AMDWMMALayout

CTX = ir.context()
ir.load_dialects(CTX)
BUILDER = gluon_ir.GluonOpBuilder(CTX)

WMMA_INSTR = {
    1: [[16, 16, 16]],
    2: [[16, 16, 16], [16, 16, 32]],
    3: [[16, 16, 4], [16, 16, 32], [16, 16, 64], [16, 16, 128], [32, 16, 64], [32, 16, 128]],
}
BAD_INSTR = [[16, 16, 8], [32, 32, 16], [16, 32, 64], [32, 16, 32], [16, 16, 256], [8, 16, 16]]


def first_line(e):
    s = str(e).strip()
    return s.splitlines()[0] if s else type(e).__name__


def in_child(fn):
    """fn() in a forked child; its JSON answer, or {"abort": first error line}."""
    r, w = os.pipe()
    err = tempfile.TemporaryFile()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        os.dup2(err.fileno(), 2)
        try:
            out = fn()
        except BaseException as e:  # noqa: BLE001 - Triton raises many kinds
            out = {"error": first_line(e)}
        os.write(w, json.dumps(out).encode())
        os._exit(0)
    os.close(w)
    data = b""
    while chunk := os.read(r, 1 << 16):
        data += chunk
    os.close(r)
    os.waitpid(pid, 0)
    if data:
        return json.loads(data)
    err.seek(0)
    lines = [l for l in err.read().decode(errors="replace").splitlines() if l.strip()]
    msg = next((l for l in lines if "error" in l.lower()), lines[0] if lines else "aborted")
    return {"abort": msg[:300]}


def unit_box(rng, rank, counts, units):
    """Bases for dims with counts[d] bits each, in tile units: a shuffled
    permutation matrix with a few zero bases."""
    vecs = [[(1 << i) * units[d] if dd == d else 0 for dd in range(rank)] for d in range(rank) for i in range(counts[d])]
    rng.shuffle(vecs)
    for _ in range(rng.choice([0, 0, 0, 1])):
        vecs.insert(rng.randint(0, len(vecs)), [0] * rank)
    return vecs


def corrupt(rng, bases, rank):
    """Break the permutation / surjectivity rule."""
    how = rng.choice(["dup", "gap", "mixed", "npow2"])
    if how == "dup" and bases:
        bases.append(list(rng.choice(bases)))
    elif how == "gap":
        d = rng.randrange(rank)
        bases.append([4 << rng.randint(0, 2) if dd == d else 0 for dd in range(rank)])
    elif how == "mixed":
        bases.append([1] * rank)
    else:
        d = rng.randrange(rank)
        bases.append([3 if dd == d else 0 for dd in range(rank)])
    return bases


def draw_cga(rng, rank, bad):
    if rng.random() >= 0.2 and not bad:
        return []
    counts = [rng.randint(0, 1) for _ in range(rank)]
    cga = unit_box(rng, rank, counts, [1] * rank)
    return corrupt(rng, cga, rank) if bad else cga


def shape_for(rng, covered, rank):
    shape = [c << rng.choice([0, 0, 0, 1, 2]) for c in covered]
    if rng.random() < 0.25:  # smaller than the layout: broadcast
        d = rng.randrange(rank)
        shape[d] = max(1, shape[d] >> rng.randint(1, 5))
    return [min(s, 1024) for s in shape]


def wmma_text(version, transposed, warp, reg, instr, cga, rank):
    return (f"AMDWMMALayout(version={version}, transposed={transposed}, warp_bases={warp}, reg_bases={reg}, "
            f"instr_shape={instr}, cga_layout={cga}, rank={rank})")


def draw_wmma(rng):
    rank = rng.choice([2, 2, 2, 3])
    version = rng.randint(1, 3)
    transposed = rng.random() < 0.5
    bad = rng.random() < 0.2
    instr = rng.choice(BAD_INSTR if bad and rng.random() < 0.3 else WMMA_INSTR[version])
    counts = [rng.randint(0, 1) if d < rank - 2 else rng.randint(0, 2) for d in range(rank)]
    nwarp = rng.randint(0, min(3, sum(counts)))
    box = unit_box(rng, rank, counts, [1] * rank)
    nonzero = [b for b in box if any(b)]
    zeros = [b for b in box if not any(b)]
    warp = nonzero[:nwarp] + zeros
    reg = nonzero[nwarp:]
    if bad and rng.random() < 0.7:
        corrupt(rng, rng.choice([warp, reg]), rank)
    cga = draw_cga(rng, rank, bad and rng.random() < 0.3)
    tile = [instr[1], instr[0]] if transposed else instr[:2]
    ctas = [sum(1 for b in cga if b[d]) for d in range(rank)]
    covered = [t << (c + x) for t, c, x in zip([1] * (rank - 2) + tile, counts, ctas)]
    shape = shape_for(rng, covered, rank)
    text = wmma_text(version, transposed, warp, reg, instr, cga, rank)

    def make():
        return AMDWMMALayout(version, transposed, warp, reg, instr, cga, rank)

    return f"wmma/v{version}/{instr[0]}x{instr[1]}" + ("/T" if transposed else "") + f"/rank{rank}", text, make, shape


MFMA_MN = [[32, 32], [16, 16], [64, 4], [4, 64]]


def draw_mfma(rng):
    rank = rng.choice([2, 2, 3])
    version = rng.randint(1, 4)
    mn = rng.choice(MFMA_MN)
    k = rng.choice([1, 2, 4, 8, 16, 32, 64, 128] + ([0, 3, 256] if rng.random() < 0.1 else []))
    transposed = rng.random() < 0.5
    bits = 64 if rng.random() < 0.15 else 32
    warps = [1 << rng.randint(0, 2) for _ in range(rank)]
    tiles = [1 << rng.randint(0, 2) for _ in range(rank)] if rng.random() < 0.3 else None
    bad = rng.random() < 0.15
    cga = draw_cga(rng, rank, bad and rng.random() < 0.5)
    if bad and rng.random() < 0.5:
        version = rng.choice([0, 5])
    covered = [1] * (rank - 2) + [mn[0], mn[1]]
    covered = [c * w for c, w in zip(covered, warps)]
    shape = shape_for(rng, covered, rank)
    text = (f"AMDMFMALayout(version={version}, instr_shape={[*mn, k]}, transposed={transposed}, warps_per_cta={warps}, "
            f"element_bitwidth={bits}, tiles_per_warp={tiles if tiles else [1] * rank}, cga_layout={cga})")

    def make():
        return AMDMFMALayout(version, [*mn, k], transposed, warps, bits, tiles, cga)

    return f"mfma/v{version}/{mn[0]}x{mn[1]}" + ("/T" if transposed else ""), text, make, shape


def draw_scale(rng):
    version = rng.choice([3, 3, 3, 2])
    transposed = rng.random() < 0.5
    instr = rng.choice([[16, 16, 128], [32, 16, 128], [16, 16, 64], [32, 16, 64]] if version == 3 else [[16, 16, 32]])
    counts = [rng.randint(0, 2), rng.randint(0, 2)]
    box = unit_box(rng, 2, counts, [1, 1])
    nwarp = rng.randint(0, len(box))
    warp, reg = box[:nwarp], box[nwarp:]
    bad = rng.random() < 0.2
    if bad and rng.random() < 0.6:
        corrupt(rng, rng.choice([warp, reg]), 2)
    cga = draw_cga(rng, 2, False)
    op = rng.randint(0, 1)
    sf = rng.choice([8, 64]) if bad and rng.random() < 0.3 else rng.choice([16, 32])
    tile = [instr[1], instr[0]] if transposed else instr[:2]
    nonk = tile[op] << sum(1 for b in box if b[op]) + sum(1 for b in cga if b[op])
    shape = [max(1, min(1024, nonk * rng.choice([1, 1, 2, 4]) // rng.choice([1, 1, 1, 1, 2, 4]))),
             1 << rng.randint(0, 5)]
    parent = wmma_text(version, transposed, warp, reg, instr, cga, 2)
    text = f"AMDWMMAScaleLayout(operand_index={op}, parent={parent}, scale_factor={sf})"

    def answer():
        from triton.experimental.gluon.language.amd.cdna5 import get_wmma_scale_layout
        dot = ttgl.DotOperandLayout(op, AMDWMMALayout(version, transposed, warp, reg, instr, cga, 2), 8)
        ll = get_wmma_scale_layout(dot, shape, sf)
        return {"bases": {"register": ll.reg_bases, "lane": ll.lane_bases, "warp": ll.warp_bases,
                          "block": ll.block_bases}}

    return f"scale/op{op}/{instr[0]}x{instr[1]}" + ("/T" if transposed else "") + f"/sf{sf}", text, answer, shape


def draw_nvmma(rng):
    """NVMMASharedLayout without swizzle, transposed, rank 3 (3.9's own form)."""
    bits = rng.choice([8, 16, 32, 64])
    cga = draw_cga(rng, 3, False) if rng.random() < 0.3 else []
    shape = [1 << rng.randint(0, 9) for _ in range(3)]
    while shape[0] * shape[1] * shape[2] > 1 << 16:
        d = max(range(3), key=lambda i: shape[i])
        shape[d] //= 2
    text = (f"NVMMASharedLayout(swizzle_byte_width=0, element_bitwidth={bits}, rank=3, transposed=True, "
            f"fp4_padded=False, cga_layout={cga})")

    def answer():
        layout = ttgl.NVMMASharedLayout(0, bits, 3, True, False, cga)
        attr = layout._to_ir(BUILDER)
        ll = BUILDER.to_linear_layout(attr, shape)
        ty = {8: BUILDER.get_int8_ty(), 16: BUILDER.get_half_ty(), 32: BUILDER.get_float_ty(),
              64: BUILDER.get_double_ty()}[bits]
        mlir = str(BUILDER.get_shared_mem_desc_ty(ty, shape, attr, shape))
        return {"mlir": mlir, "bases": {"offset": ll.offset_bases, "block": ll.block_bases}}

    return f"nvmma/sw0/T/rank3/{bits}b", text, answer, shape


def draw_scale3(rng):
    """get_wmma_scale_layout of a rank-3 (batched) parent."""
    transposed = rng.random() < 0.5
    instr = rng.choice([[16, 16, 128], [32, 16, 128], [16, 16, 64], [32, 16, 64]])
    counts = [rng.randint(0, 1), rng.randint(0, 2), rng.randint(0, 2)]
    box = unit_box(rng, 3, counts, [1, 1, 1])
    nwarp = rng.randint(0, len(box))
    warp, reg = box[:nwarp], box[nwarp:]
    bad = rng.random() < 0.1
    if bad:
        corrupt(rng, rng.choice([warp, reg]), 3)
    cga = draw_cga(rng, 3, False)
    op = rng.randint(0, 1)
    sf = rng.choice([16, 32])
    tile = [instr[1], instr[0]] if transposed else instr[:2]
    nonk = tile[op] << sum(1 for b in box if b[op + 1]) + sum(1 for b in cga if b[op + 1])
    batch = 1 << sum(1 for b in box if b[0]) + sum(1 for b in cga if b[0])
    shape = [batch * rng.choice([1, 1, 2]) // rng.choice([1, 1, 2]) or 1,
             max(1, min(1024, nonk * rng.choice([1, 1, 2, 4]) // rng.choice([1, 1, 1, 1, 2, 4]))),
             1 << rng.randint(0, 5)]
    parent = wmma_text(3, transposed, warp, reg, instr, cga, 3)
    text = f"AMDWMMAScaleLayout(operand_index={op}, parent={parent}, scale_factor={sf})"

    def answer():
        from triton.experimental.gluon.language.amd.cdna5 import get_wmma_scale_layout
        dot = ttgl.DotOperandLayout(op, AMDWMMALayout(3, transposed, warp, reg, instr, cga, 3), 8)
        ll = get_wmma_scale_layout(dot, shape, sf)
        return {"bases": {"register": ll.reg_bases, "lane": ll.lane_bases, "warp": ll.warp_bases,
                          "block": ll.block_bases}}

    return f"scale3/op{op}/{instr[0]}x{instr[1]}" + ("/T" if transposed else "") + f"/sf{sf}", text, answer, shape


def draw_mfma_scale(rng):
    """get_mfma_scale_layout (CDNA4) of a rank-2 MFMA parent."""
    mdim = rng.choice([16, 32])
    instr = [mdim, mdim, 128 if mdim == 16 else 64]
    bad = rng.random() < 0.1
    if bad:
        instr = rng.choice([[4, 64, 4], [64, 4, 4]])
    tpw = [1 << rng.randint(0, 2), 1 << rng.randint(0, 2)]
    wpc = [1 << rng.randint(0, 2), 1 << rng.randint(0, 2)]
    op = rng.randint(0, 1)
    nonk = instr[0] * tpw[op] * wpc[op]
    shape = [max(1, nonk * rng.choice([1, 1, 2, 4]) // rng.choice([1, 1, 1, 2, 4])), 1 << rng.randint(0, 4)]
    parent = (f"AMDMFMALayout(version=4, instr_shape={instr}, transposed=True, warps_per_cta={wpc}, "
              f"tiles_per_warp={tpw})")
    text = f"AMDMFMAScaleLayout(operand_index={op}, parent={parent}, scale_factor=32)"

    def answer():
        from triton.experimental.gluon.language.amd.cdna4 import get_mfma_scale_layout
        dot = ttgl.DotOperandLayout(op, AMDMFMALayout(4, instr, True, wpc, tiles_per_warp=tpw), 16)
        ll = get_mfma_scale_layout(dot, shape)
        return {"bases": {"register": ll.reg_bases, "lane": ll.lane_bases, "warp": ll.warp_bases,
                          "block": ll.block_bases}}

    return f"mfmascale/op{op}/{instr[0]}x{instr[1]}", text, answer, shape


WMMA_KWIDTH = {1: [8, 16], 2: [4, 8, 16], 3: [1, 2, 4, 8, 16, 32]}


def draw_dot(rng):
    """DotOperandLayout of a 3.9-form AMDWMMALayout."""
    rank = rng.choice([2, 2, 2, 3])
    version = rng.randint(1, 3)
    transposed = rng.random() < 0.5
    instr = rng.choice(WMMA_INSTR[version])
    counts = [rng.randint(0, 1) if d < rank - 2 else rng.randint(0, 2) for d in range(rank)]
    box = unit_box(rng, rank, counts, [1] * rank)
    nwarp = rng.randint(0, len(box))
    warp, reg = box[:nwarp], box[nwarp:]
    cga = draw_cga(rng, rank, False)
    op = rng.randint(0, 1)
    bad = rng.random() < 0.15
    kw = rng.choice([3, 64, 2, 32] if bad else WMMA_KWIDTH[version])
    tile = [instr[1], instr[0]] if transposed else instr[:2]
    acc = [1 << (counts[d] + sum(1 for b in cga if b[d])) for d in range(rank)]
    acc = [a * t for a, t in zip(acc, [1] * (rank - 2) + tile)]
    k = max(instr[2], 1 << rng.randint(2, 7)) >> rng.choice([0, 0, 0, 1, 3])
    shape = acc[:rank - 2] + ([acc[-2], k] if op == 0 else [k, acc[-1]])
    shape = [max(1, min(512, s * rng.choice([1, 1, 2]))) for s in shape]
    parent = wmma_text(version, transposed, warp, reg, instr, cga, rank)
    text = f"DotOperandLayout(operand_index={op}, parent={parent}, k_width={kw})"

    def make():
        return ttgl.DotOperandLayout(op, AMDWMMALayout(version, transposed, warp, reg, instr, cga, rank), kw)

    return f"dot/v{version}/op{op}/{instr[0]}x{instr[1]}" + ("/T" if transposed else "") + f"/rank{rank}", text, make, shape


def draw_piece(rng, rank, piece):
    """A shared layout for one piece: (Gluon object or None when invalid, kind)."""
    from triton.experimental.gluon.language.amd.cdna5 import PartitionedSharedLayout
    kind = rng.choice(["swizzled"] * 4 + ["nvmma", "linear", "padded", "padded", "partitioned"])
    order = list(range(rank))[::-1] if rng.random() < 0.7 else rng.sample(range(rank), rank)
    if kind == "nvmma" and rank == 2:
        return ttgl.NVMMASharedLayout(rng.choice([0, 32, 64, 128]), rng.choice([8, 16, 32]), 2,
                                      rng.random() < 0.3, False, []), kind
    if kind == "linear":
        bases = [[1 << i if dd == d else 0 for dd in range(rank)] for d in order for i in range(piece[d].bit_length() - 1)]
        for i in range(1, len(bases)):  # a few XOR swizzles
            if rng.random() < 0.3:
                j = rng.randrange(i)
                bases[i] = [a ^ b for a, b in zip(bases[i], bases[j])]
        return ttgl.SharedLinearLayout(bases, [], 16), kind
    if kind == "padded":
        pairs = sorted(rng.sample([[16, 1], [32, 2], [64, 4], [128, 8], [256, 4]], rng.randint(1, 2)))
        return ttgl.PaddedSharedLayout.with_identity_for(pairs, piece, order), kind
    if kind == "partitioned" and max(piece) >= 4:
        d = max(range(rank), key=lambda i: piece[i])
        inner = list(piece)
        inner[d] //= 2
        return PartitionedSharedLayout(2, 1, d, ttgl.SwizzledSharedLayout(1, 1, 1, order)), kind
    cga = draw_cga(rng, rank, False)
    return ttgl.SwizzledSharedLayout(rng.choice([1, 2, 4, 8]), rng.choice([1, 2, 4]), rng.choice([1, 2, 4, 8]), order,
                                     cga), "swizzled"


def draw_partitioned(rng):
    """PartitionedSharedLayout; about a sixth break a rule."""
    from triton.experimental.gluon.language.amd.cdna5 import PartitionedSharedLayout
    rank = rng.choice([2, 2, 2, 3])
    parts, groups = rng.choice([2, 2, 4, 8]), rng.choice([1, 1, 2, 4])
    pd = rng.randrange(rank)
    bad = rng.random() < 0.16
    how = rng.choice(["parts", "groups", "dim", "small"]) if bad else ""
    if how == "parts":
        parts = rng.choice([1, 3, 6])
    elif how == "groups":
        groups = rng.choice([0, 3])
    shape = [1 << rng.randint(1, 6) for _ in range(rank)]
    pieces = max(parts * groups, 1)
    while shape[pd] < pieces:
        shape[pd] *= 2
    if how == "small":
        shape[pd] = max(1, pieces >> rng.randint(1, 2))
    while shape[0] * shape[1] * (shape[2] if rank == 3 else 1) > 1 << 15:
        d = max((i for i in range(rank) if i != pd), key=lambda i: shape[i])
        shape[d] //= 2
    piece = list(shape)
    piece[pd] = 1 << max(0, (shape[pd] // pieces).bit_length() - 1)  # a power of two, also for bad counts
    inner, kind = draw_piece(rng, rank, piece)
    if how == "dim":
        pd = rank
    text = (f"PartitionedSharedLayout(num_partitions={parts}, num_groups={groups}, partition_dim={pd}, "
            f"partition_layout={inner!r})")

    def bases_of(layout):
        attr = layout._to_ir(BUILDER)
        ll = BUILDER.to_linear_layout(attr, shape)
        return attr, {"offset": ll.offset_bases, "block": ll.block_bases}

    def answer():
        attr, bases = bases_of(PartitionedSharedLayout(parts, groups, pd, inner))
        mlir = str(BUILDER.get_shared_mem_desc_ty(BUILDER.get_half_ty(), shape, attr, shape))
        return {"mlir": mlir, "bases": bases}

    def linear_component():
        linear = ttgl.SharedLinearLayout(inner.offset_bases, inner.cga_layout, 16)
        return {"linear_component": bases_of(PartitionedSharedLayout(parts, groups, pd, linear))[1]}

    def both():
        rec = in_child(answer)
        if kind == "padded" and "abort" in rec:
            rec.update(in_child(linear_component))
        return rec

    return f"partitioned/{kind}/P{parts}G{groups}/rank{rank}" + (f"/bad-{how}" if bad else ""), text, both, shape


def distributed_answer(make, shape):
    def fn():
        layout = make()
        attr = layout._to_ir(BUILDER)
        ll = BUILDER.to_linear_layout(attr, shape)
        mlir = str(BUILDER.get_distributed_ty(BUILDER.get_float_ty(), shape, attr))
        return {"mlir": mlir, "bases": {"register": ll.reg_bases, "lane": ll.lane_bases, "warp": ll.warp_bases,
                                        "block": ll.block_bases}}
    return in_child(fn)


DRAWS = {"wmma": draw_wmma, "mfma": draw_mfma, "scale": draw_scale, "nvmma": draw_nvmma, "dot": draw_dot,
         "partitioned": draw_partitioned, "scale3": draw_scale3, "mfmascale": draw_mfma_scale}
OWN_RNG = {"partitioned", "scale3", "mfmascale"}  # drawn from a generator of their own
PER_KIND = {"nvmma": 300}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=39)
    ap.add_argument("--per-kind", type=int, default=1200)
    ap.add_argument("--kinds", default=",".join(DRAWS), help="comma-separated subset of " + ", ".join(DRAWS))
    args = ap.parse_args()
    kinds = args.kinds.split(",")
    rng = random.Random(args.seed)
    seen = set()
    with open(args.out, "w") as f:
        for case, draw in DRAWS.items():
            if case not in kinds:
                continue
            rng = random.Random(f"{args.seed}-{case}") if case in OWN_RNG else rng
            n = 0
            while n < min(args.per_kind, PER_KIND.get(case, args.per_kind)):
                variant, text, make, shape = draw(rng)
                if (text, tuple(shape)) in seen:
                    continue
                seen.add((text, tuple(shape)))
                rec = {"case": case, "variant": variant, "layout": text, "shape": shape}
                if case == "partitioned":
                    rec.update(make())
                else:
                    rec.update(in_child(make) if case in ("scale", "scale3", "mfmascale", "nvmma") else distributed_answer(make, shape))
                f.write(json.dumps(rec) + "\n")
                n += 1


if __name__ == "__main__":
    main()
