#!/usr/bin/env python3
"""Draw random valid Triton layouts and record Triton's own answers.

For every layout kind Triton can convert offline, this draws (with a fixed seed)
random layouts and tensor shapes, asks the real Triton wheel for the Gluon
repr, the MLIR type text and the linear-layout bases, and writes one JSON
object per case to a JSON-lines file:

  distributed kinds:
  {"kind": ..., "variant": ..., "shape": [...], "gluon": "<repr>",
   "mlir": "tensor<...>", "bases": {"register": .., "lane": .., "warp": .., "block": ..}}
  shared kinds (SHARED_KINDS):
  {"kind": ..., "variant": ..., "shape": [...], "gluon": "<repr>",
   "mlir": "!ttg.memdesc<...>", "bases": {"offset": .., "block": ..}}

Shared layouts: Triton 3.6's to_linear_layout() aborts for them, so their bases
are obtained indirectly.  The layout is allocated in a dummy function
(local_alloc of a memdesc with that encoding) and the memdesc is reshaped
(memdesc_reshape); Triton infers the result encoding as #ttg.shared_linear (or,
for padded layouts, #ttg.padded_shared) holding
reshapeLayout(toLinearLayout(shape, enc), target), and its offset/block bases
are read from the printed result type.  The target is the shape itself (the
reshape is then the identity on the layout), except for NVMMAShared with one
CTA: that keeps its own encoding when the innermost dim is unchanged, so it is
reshaped to 1-D [N] (or [N, 1] / [1, N] when the shape is 1 outside the
contiguous dim) and the bases are decoded row-major back to N-D coordinates.
(A 1-D reshape cannot be used with several CTAs: Triton then requires the
block bases to be the top bits of the 1-D index, and aborts.)  Both ways
reproduce the expectations of Triton's LinearLayoutConversionsTest.

Draws Triton rejects with an exception are discarded and redrawn; draws that
abort the process inside C++ (assertions, LLVM fatal errors) are survived by
evaluating in forked children and are counted separately.  A statistics file
(<out>.stats.json) records accepted/rejected/aborted/duplicate counts per kind.

Usage: triton_oracle.py OUT.jsonl [--seed S] [--per-kind N] [--shared-per-kind N] [--kinds a,b,...]
"""
import argparse
import json
import os
import random
import re
import sys
import tempfile
import time

import triton
from triton._C.libtriton import gluon_ir, ir
import triton.experimental.gluon.language as ttgl
from triton.experimental.gluon.language.amd import AMDMFMALayout, AMDWMMALayout

MAX_LOG2_ELEMS = 16  # cap tensors at 64Ki elements
TRITON_39 = triton.__version__.startswith("3.9")


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
    if TRITON_39:  # 3.9's AMDWMMALayout takes warp/register bases instead: not drawn
        raise ValueError("AMDWMMALayout(warps_per_cta=...) is Triton 3.6's signature")
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


# ------------------------------------------------ shared layout generators
# Each returns (variant, layout, shape, element type) with the element type a
# GluonOpBuilder method name.  Shapes are drawn along with the layout.

ELEMENT_TYPES = {  # bit width -> builder methods of element types that wide
    8: ["get_int8_ty", "get_int8_ty", "get_fp8e4nv_ty", "get_fp8e5_ty"],
    16: ["get_half_ty", "get_half_ty", "get_bf16_ty", "get_int16_ty"],
    32: ["get_float_ty", "get_float_ty", "get_int32_ty"],
    64: ["get_double_ty", "get_int64_ty"],
}


def draw_element(rng, bits=None):
    return rng.choice(ELEMENT_TYPES[bits or rng.choice([8, 16, 16, 32, 64])])


def gen_swizzled(rng, cga=False):
    rank = rng.randint(1, 3)
    order = list(range(rank))
    rng.shuffle(order)
    layout = ttgl.SwizzledSharedLayout(
        vec=1 << rng.randint(0, 4),
        per_phase=1 << rng.randint(0, 3),
        max_phase=1 << rng.randint(0, 4),
        order=order,
        cga_layout=draw_cga(rng, rank) if cga else [],
    )
    return f"swizzled{'_cga' if cga else ''}/rank{rank}", layout, draw_shape(rng, rank), draw_element(rng)


def product(xs):
    n = 1
    for x in xs:
        n *= x
    return n


def nvmma_accepts(layout, shape, split):
    """Whether Triton's toLinearLayout accepts an NVMMAShared shape (the TMA
    block-shape and core-matrix checks of LinearLayoutConversions.cpp); used
    only to avoid drawing too many shapes that abort."""
    rank, fp4, sw, bits = len(shape), layout.fp4_padded, layout.swizzle_byte_width, layout.element_bitwidth
    bs = [s // min(s, c) for s, c in zip(shape, split)]
    contig = 0 if layout.transposed else rank - 1
    if fp4:
        bs[contig] *= 2
    bs = [min(b, 256) for b in bs]
    if sw == 0:
        return True
    if bs[contig] < 8 * sw // bits:
        return False
    bs[contig] = 8 * sw // bits
    if fp4:
        bs[contig] //= 2
    collapsed = [product(bs[:-1]), bs[-1]]
    if layout.transposed:
        collapsed.reverse()
    return collapsed[1] * (2 if fp4 else 1) >= 8 * max(16, sw) // bits and collapsed[0] >= 8


def gen_nvmma(rng, cga=False):
    """NVMMAShared with shapes mostly large enough: the contiguous dim at least
    about one swizzle row (8 * swizzle / bits elements); too small draws abort
    in Triton and are discarded."""
    rank = rng.choice([2, 2, 3])
    swizzle = rng.choice([0, 32, 64, 128])
    bits = rng.choice([8, 16, 32, 64])
    fp4 = bits == 8 and rng.random() < 0.35
    transposed = rng.random() < 0.5
    layout = ttgl.NVMMASharedLayout(
        swizzle_byte_width=swizzle,
        element_bitwidth=bits,
        rank=rank,
        transposed=transposed,
        fp4_padded=fp4,
        cga_layout=draw_cga(rng, rank) if cga else [],
    )
    # Per-CTA shape, then (mostly) scaled by the CTA split of each dim.
    split = [1 << sum(1 for b in layout.cga_layout if b[d]) for d in range(rank)]
    scale = split if rng.random() >= 0.1 else [1] * rank
    contig = 0 if transposed else rank - 1
    need = max(0, (8 * swizzle // bits).bit_length() - 1 - fp4) if swizzle else 0
    for attempt in range(30):
        exps = [rng.randint(0, 8) for _ in range(rank)]
        exps[contig] = rng.randint(max(0, need - 1), 8)
        shape = [(1 << e) * s for e, s in zip(exps, scale)]
        if product(shape) <= 1 << MAX_LOG2_ELEMS and \
                (attempt == 29 or rng.random() < 0.05 or nvmma_accepts(layout, shape, split)):
            break
    variant = f"nvmma{'_cga' if cga else ''}/sw{swizzle}/{bits}b{'/T' if transposed else ''}{'/fp4' if fp4 else ''}/rank{rank}"
    return variant, layout, shape, draw_element(rng, bits)


def unit_bases(shape):
    rank = len(shape)
    return [[(1 << i) if d == dd else 0 for dd in range(rank)] for d in range(rank) for i in range(shape[d].bit_length() - 1)]


def split_offset_block(rng, shape, max_block):
    """The shape's unit bit-vectors in random order, split into offset and up
    to `max_block` block bases.  Block bases are the top bits of their dims:
    Triton needs every offset basis inside the per-CTA shape (it aborts
    otherwise), so the CTA bits of a dim must lie above its offset bits."""
    bits = [s.bit_length() - 1 for s in shape]
    block = []
    for _ in range(rng.randint(0, max_block)):
        dims = [d for d in range(len(shape)) if bits[d] > 0]
        if not dims or sum(bits) <= 1:
            break
        d = rng.choice(dims)
        bits[d] -= 1
        block.append([(1 << bits[d]) if dd == d else 0 for dd in range(len(shape))])
    rng.shuffle(block)
    offset = unit_bases([1 << b for b in bits])
    rng.shuffle(offset)
    return offset, block


def gen_shared_linear(rng):
    """A permutation of the shape's unit bit-vectors dealt out to offset and
    block, with zero (broadcast) bases sprinkled in (Triton requires the
    non-zero bases to be a bijection)."""
    rank = rng.randint(1, 3)
    shape = [1 << rng.randint(0, 6) for _ in range(rank)]
    offset, block = split_offset_block(rng, shape, 2 if rng.random() < 0.35 else 0)
    for bases, p, most in ((offset, 0.3, 2), (block, 0.15, 1)):
        if rng.random() < p:
            for _ in range(rng.randint(1, most)):
                bases.insert(rng.randint(0, len(bases)), [0] * rank)
    if not offset:
        return None  # Gluon requires offset bases
    alignment = rng.choice([1, 2, 4, 8, 16, 16, 16, 32, 64, 128, 128, 256, 1024])
    return f"shared_linear/rank{rank}", ttgl.SharedLinearLayout(offset, block, alignment), shape, draw_element(rng)


def gen_padded(rng):
    """Padded shared: 1-3 (interval, padding) pairs and a linear component,
    either the identity in some order (Triton then prints the short
    {order, shape} form) or a permutation of unit bases, some in block."""
    rank = rng.randint(1, 3)
    shape = [1 << rng.randint(0, 6) for _ in range(rank)]
    if all(s == 1 for s in shape):
        return None  # Triton requires a non-empty linear component
    intervals = rng.sample([1 << i for i in range(1, 13)], rng.randint(1, 3))
    if rng.random() < 0.6:
        intervals.sort()
    pairs = [[i, 1 << rng.randint(0, 5)] for i in intervals]
    if rng.random() < 0.4:
        order = list(range(rank))
        rng.shuffle(order)
        return f"padded/identity/rank{rank}", ttgl.PaddedSharedLayout.with_identity_for(pairs, shape, order), shape, draw_element(rng)
    offset, block = split_offset_block(rng, shape, 2 if rng.random() < 0.35 else 0)
    return f"padded/bases/rank{rank}", ttgl.PaddedSharedLayout(pairs, offset, block, shape), shape, draw_element(rng)


SHARED_GENERATORS = {
    "swizzled": gen_swizzled,
    "swizzled_cga": lambda rng: gen_swizzled(rng, cga=True),
    "nvmma": gen_nvmma,
    "nvmma_cga": lambda rng: gen_nvmma(rng, cga=True),
    "shared_linear": gen_shared_linear,
    "padded": gen_padded,
}
SHARED_KINDS = tuple(SHARED_GENERATORS)


def uses_wmma(layout):
    while isinstance(layout, (ttgl.SliceLayout, ttgl.DotOperandLayout)):
        layout = layout.parent
    return isinstance(layout, AMDWMMALayout)


def draw_case(rng, kind):
    """One candidate (kind, variant, layout, shape); None if Gluon's own Python
    validation rejects the parameters."""
    if kind in SHARED_GENERATORS:
        try:
            drawn = SHARED_GENERATORS[kind](rng)
        except (AssertionError, ValueError):
            return None
        if drawn is None:
            return None
        variant, layout, shape, element = drawn
        return {"kind": kind, "variant": variant, "layout": layout, "shape": shape, "element": element}
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


# Shared layouts are allocated inside this dummy function (see the docstring).
MODULE = BUILDER.create_module()
FUNC = BUILDER.get_or_insert_function(MODULE, "oracle", BUILDER.get_function_ty([], []), "public", False)
MODULE.push_back(FUNC)
BUILDER.set_insertion_point_to_start(FUNC.add_entry_block())


def reshape_target(layout, shape):
    """Reshape target that makes Triton re-express the layout as a generic
    linear one: the shape itself, or for NVMMAShared with one CTA (which a
    reshape keeping the innermost dim leaves NVMMAShared) [N], or [N, 1] /
    [1, N] when the shape is 1 outside the contiguous dim."""
    if not isinstance(layout, ttgl.NVMMASharedLayout) or layout.cga_layout:
        return list(shape)
    n = 1
    for s in shape:
        n *= s
    if isinstance(layout, ttgl.NVMMASharedLayout) and (shape[0] if layout.transposed else shape[-1]) == n:
        return [1, n] if layout.transposed else [n, 1]
    return [n]


def printed_bases(text, key):
    """The bases `key = [[..], ..]` in a printed attribute, None if absent."""
    m = re.search(r"\b" + key + r" = ", text)
    return json.JSONDecoder().raw_decode(text, m.end())[0] if m else None


def shared_bases(case):
    """(memdesc type text, {"offset": .., "block": ..}) of a shared layout."""
    layout, shape = case["layout"], case["shape"]
    ty = BUILDER.get_shared_mem_desc_ty(getattr(BUILDER, case["element"])(), shape, layout._to_ir(BUILDER), shape)
    target = reshape_target(layout, shape)
    flat = str(BUILDER.create_memdesc_reshape(BUILDER.create_local_alloc(ty), target).get_type())
    # Read the result from the printed type (Gluon's SharedLinearLayout object
    # cannot hold a layout without offset bases, e.g. shape [1] or 1 per CTA).
    enc = re.search(r"#ttg\.(\w+)<", flat)
    if not enc or enc.group(1) not in ("shared_linear", "padded_shared"):
        raise RuntimeError(f"reshape kept a non-linear encoding: {flat}")
    offset, block = printed_bases(flat, "offset"), printed_bases(flat, "block") or []
    if offset is None:  # padded_shared short form {order = [..], shape = [..]}: identity in that order
        order, sizes = printed_bases(flat, "order"), printed_bases(flat, "shape")
        offset = [[(1 << i) if d == dd else 0 for dd in range(len(sizes))] for d in order
                  for i in range(sizes[d].bit_length() - 1)]

    def decode(bases):  # row-major flat index in `target` -> coordinates in `shape`
        out = []
        for basis in bases:
            x = 0
            for c, s in zip(basis, target):
                x = x * s + c
            coord = []
            for s in reversed(shape):
                coord.append(x % s)
                x //= s
            out.append(coord[::-1])
        return out

    bases = {"offset": decode(offset), "block": decode(block)}
    if case["kind"] in ("shared_linear", "padded"):  # the layout's bases are the answer
        given = {"offset": layout.offset_bases, "block": layout.block_bases}
        if json.loads(json.dumps(given)) != bases:
            raise RuntimeError(f"memdesc_reshape round trip changed the bases: {given} -> {bases}")
    return str(ty), bases


def convert(case):
    """Ask Triton about one case; returns the record or {"error": msg}."""
    if case["kind"] in SHARED_GENERATORS:
        try:
            mlir, bases = shared_bases(case)
        except Exception as e:
            return {"error": str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__}
        return {"kind": case["kind"], "variant": case["variant"], "shape": case["shape"],
                "gluon": repr(case["layout"]), "mlir": mlir, "bases": bases}
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
    ap.add_argument("--per-kind", type=int, default=2000, help="cases per distributed kind")
    ap.add_argument("--shared-per-kind", type=int, default=1000, help="cases per shared kind")
    all_kinds = ",".join([*GENERATORS, *SHARED_GENERATORS])
    ap.add_argument("--kinds", default=all_kinds, help="comma-separated subset of: " + all_kinds)
    args = ap.parse_args()

    all_stats = {}
    tmp = args.out + ".tmp"
    with open(tmp, "w") as f:
        for kind in args.kinds.split(","):
            t0 = time.time()
            count = args.shared_per_kind if kind in SHARED_GENERATORS else args.per_kind
            cases, stats = generate_kind(kind, args.seed, count)
            stats["seconds"] = round(time.time() - t0, 2)
            all_stats[kind] = stats
            for c in cases:
                f.write(json.dumps(c) + "\n")
            print(f"{kind:13s} accepted {stats['accepted']:5d}  rejected(py) {stats['rejected_python']:4d}  "
                  f"rejected(triton) {stats['rejected_triton']:4d}  aborted {stats['aborted']:4d}  "
                  f"duplicates {stats['duplicates']:4d}  {stats['seconds']:6.2f}s", file=sys.stderr)
    with open(args.out + ".stats.json", "w") as f:
        json.dump(all_stats, f, indent=1)
    os.replace(tmp, args.out)


if __name__ == "__main__":
    main()
