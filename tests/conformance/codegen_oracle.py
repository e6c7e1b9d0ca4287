#!/usr/bin/env python3
"""Golden answers for `layoutscope-cli codegen`: what Triton really emits.

Runs inside a venv with a Triton wheel (3.6.0 or 3.9.0).  With a fixed seed it
draws kernels (the same list for every Triton version, so the golden files of
two versions align case by case), compiles each offline as a Gluon kernel to
PTX (no GPU needed) and counts, statically, the memory and shuffle
instructions per thread.

The kernel (row-major contiguous MxN input and output, 16-byte aligned base):
  x = gl.load(in + offs_R)             offsets from gl.arange on SliceLayout(1/0, R)
  via_shared: smem(S).store(x); x = smem.load(R)
  convert:    x = gl.convert_layout(x, R2)
  copy:       nothing (textbook cases only)
  gl.store(out + offs_final, x)

Counted: every PTX instruction whose mnemonic (text up to the first blank,
after an optional predicate guard `@%p1 ` / `@!%p1 `) starts with ld.global,
st.global, ld.shared, st.shared, ldmatrix, stmatrix or shfl.  A kernel whose PTX
branches (static counts would not be per thread) is recorded in the raw file
and left out of the golden file.  The TTGIR is checked for the round trip; if
Triton removed it, that is said in the case's "note".

Each compile runs in a forked child (at most --workers at a time) with a
timeout, so a C++ abort or hang costs one case.  Raw results (with Triton's own
linear-layout bases of the distributed layouts, for checking the CLI's parser)
are appended to RAW as they arrive; a rerun resumes where it stopped.

Usage (inside the venv):
  codegen_oracle.py run RAW.jsonl [--seed S] [--sm90 N] [--convert N] [--sm80 N] [--sm100 N]
                    [--gapped N] [--shuffle N] [--big N [--big-cc 80|100]] [--workers 2] [--ptx-dir DIR] [--limit K]
  codegen_oracle.py textbook RAW.jsonl [--ptx-dir DIR]
  codegen_oracle.py golden RAW.jsonl OUT.jsonl          (plain Python is enough)
  codegen_oracle.py check-cli RAW.jsonl build/bin/layoutscope-cli
      every layout text must parse; distributed bases must equal Triton's (raw files;
      a golden file is checked for parsing only)
  codegen_oracle.py check-samples tests/conformance/golden/ptx-samples
      the counter on the stored PTX samples gives their golden counts
"""
import argparse
import json
import os
import random
import re
import select
import sys
import tempfile
import time

VERSION = None  # "3.6" / "3.9", set when Triton is imported

# ------------------------------------------------------------ PTX counting

COUNTED = ("ld.global", "st.global", "ld.shared", "st.shared", "ldmatrix", "stmatrix", "shfl")


def ptx_statements(ptx):
    """Instruction statements of a PTX text (comments, directives, labels and
    braces dropped); a predicate guard is removed."""
    for line in ptx.splitlines():
        line = line.split("//", 1)[0].strip()
        if not line or line.startswith("."):
            continue
        for stmt in line.split(";"):
            t = stmt.strip()
            while t.startswith("{") or t.startswith("}"):
                t = t[1:].strip()
            if not t or t.endswith(":") or t.startswith("."):
                continue
            if t.startswith("@"):
                parts = t.split(None, 1)
                if len(parts) < 2:
                    continue
                t = parts[1]
            yield t


def count_ptx(ptx):
    """({mnemonic: count} of the counted instructions, whether the PTX branches)."""
    counts, branches = {}, False
    for t in ptx_statements(ptx):
        m = t.split(None, 1)[0]
        if m.startswith(("bra", "brx")):
            branches = True
        if m.startswith(COUNTED):
            counts[m] = counts.get(m, 0) + 1
    return dict(sorted(counts.items())), branches


# ------------------------------------------------------------ case drawing
# A case is plain data (layout specs as nested tuples), the same for every
# Triton version; specs become Gluon objects only inside the child.

DIST_KINDS = ["blocked", "slice", "linear", "mma_v2", "mma_v3", "dot_v2", "dot_v3"]
SHARED_KINDS = ["swizzled", "nvmma0", "nvmma32", "nvmma64", "nvmma128", "padded", "shared_linear"]
BITS = [8, 16, 32]
DTYPE = {8: "*i8", 16: "*fp16", 32: "*fp32"}


def split_bits(rng, nbits, rank):
    dims = [1] * rank
    for _ in range(nbits):
        dims[rng.randrange(rank)] *= 2
    return dims


def log2(x):
    return x.bit_length() - 1


def draw_shape(rng, nw, min_m=16, min_n=16, max_log2=8, max_elems=16384, min_elems=0):
    """M, N powers of two in [16, 2**max_log2], at most 64 (sometimes 128) elements per thread."""
    cap = 32 * nw * (128 if rng.random() < 0.2 else 64)
    cap = min(cap, max_elems)
    while True:
        m, n = 1 << rng.randint(log2(min_m), max_log2), 1 << rng.randint(log2(min_n), max_log2)
        if m * n >= min_elems and (m * n <= cap or m == min_m and n == min_n):
            return [m, n]


def d_blocked(rng, nw, rank=2):
    order = list(range(rank))
    rng.shuffle(order)
    spt = [1 << rng.randint(0, 1) for _ in range(rank)]
    spt[order[0]] = 1 << rng.randint(0, 3)  # mostly vectors along the fastest dim
    return ("blocked", spt, split_bits(rng, 5, rank), split_bits(rng, log2(nw), rank), order)


def d_mma_v2(rng, nw, rank=2):
    return ("mma", [2, 0], split_bits(rng, log2(nw), rank), [16, 8] if rank == 2 else [1, 16, 8])


def d_mma_v3(rng, nw, bits, n_max):
    wm = 4 << rng.randint(0, log2(nw) - 2)
    n = 1 << rng.randint(3, max(3, min(8, log2(n_max))))
    return ("mma", [3, 0], [wm, nw // wm], [16, n, 256 // bits])


def d_linear(rng, nw, shape):
    units = [[1 << i, 0] for i in range(log2(shape[0]))] + [[0, 1 << i] for i in range(log2(shape[1]))]
    style = rng.random()
    if style < 0.5:  # row-major-ish: fastest bits of a dim first, the dims interleaved at random
        rows, cols = [u for u in units if u[0]], [u for u in units if u[1]]
        if rng.random() < 0.3:
            rows, cols = cols, rows
        merged = []
        while rows or cols:
            take = cols if cols and (not rows or rng.random() < 0.6) else rows
            merged.append(take.pop(0))
    else:
        merged = list(units)
        rng.shuffle(merged)
    nl, nwb = 5, log2(nw)
    nreg = len(merged) - nl - nwb
    # Registers first, then lanes, then warps, with the register part drawn
    # from anywhere in the list so lanes need not be the low bits.
    reg_idx = sorted(rng.sample(range(len(merged)), nreg)) if rng.random() < 0.5 else list(range(nreg))
    reg = [merged[i] for i in reg_idx]
    rest = [u for i, u in enumerate(merged) if i not in set(reg_idx)]
    lane, warp = rest[:nl], rest[nl:]
    if rng.random() < 0.1 and reg:  # one broadcast register
        reg.insert(rng.randint(0, len(reg)), [0, 0])
    return ("linear", reg, lane, warp, list(shape))


def draw_dist(rng, kind, nw, bits, shape):
    if kind == "blocked":
        return d_blocked(rng, nw)
    if kind == "slice":
        dim = rng.randrange(3)
        parent = d_blocked(rng, nw, 3) if rng.random() < 0.7 else d_mma_v2(rng, nw, 3)
        return ("slice", dim, parent)
    if kind == "linear":
        return d_linear(rng, nw, shape)
    if kind == "mma_v2":
        return d_mma_v2(rng, nw)
    if kind == "mma_v3":
        return d_mma_v3(rng, nw, bits, shape[1])
    if kind == "dot_v2":
        kw = rng.choice([32 // bits, 32 // bits, 1, 2, 4, 8])
        return ("dot", rng.randrange(2), d_mma_v2(rng, nw), kw)
    if kind == "dot_v3":
        return ("dot", 0, d_mma_v3(rng, nw, bits, shape[1]), 32 // bits)
    raise ValueError(kind)


def draw_shared(rng, kind, bits, shape, transposed):
    if kind == "swizzled":
        return ("swizzled", 1 << rng.randint(0, 4), 1 << rng.randint(0, 3), 1 << rng.randint(0, 4),
                [1, 0] if rng.random() < 0.75 else [0, 1])
    if kind.startswith("nvmma"):
        return ("nvmma", int(kind[5:]), bits, transposed)
    if kind == "padded":
        pairs = sorted(rng.sample([1 << i for i in range(4, 13)], rng.randint(1, 2)))
        return ("padded", [[i, 1 << rng.randint(0, 4)] for i in pairs], [1, 0] if rng.random() < 0.75 else [0, 1],
                list(shape))
    if kind == "shared_linear":
        fast, slow = ([[0, 1 << i] for i in range(log2(shape[1]))], [[1 << i, 0] for i in range(log2(shape[0]))])
        if rng.random() < 0.2:
            fast, slow = slow, fast
        bases = fast + slow
        if rng.random() < 0.2:
            rng.shuffle(bases)
        # XOR-swizzle: add earlier (lower) bases into later ones; stays invertible.
        for i in range(len(bases)):
            if i and rng.random() < 0.35:
                j = rng.randrange(i)
                bases[i] = [a ^ b for a, b in zip(bases[i], bases[j])]
        return ("shared_linear", bases)
    raise ValueError(kind)


def plan(seed, n90, nconv, n80, n100):
    """All cases, interleaved so that any prefix covers every group."""
    groups = []
    via = []
    for i in range(n90):
        dk = DIST_KINDS[i % len(DIST_KINDS)]
        sk = SHARED_KINDS[(i // len(DIST_KINDS)) % len(SHARED_KINDS)]
        bits = BITS[(i // (len(DIST_KINDS) * len(SHARED_KINDS))) % 3]
        via.append(("sm90", 90, "via_shared", dk, sk, bits))
    groups.append(via)
    conv = []
    for i in range(nconv):
        conv.append(("conv90", 90, "convert", DIST_KINDS[i % 7], DIST_KINDS[(i // 7) % 7], BITS[(i // 49) % 3]))
    groups.append(conv)
    for name, cc, n in (("sm80", 80, n80), ("sm100", 100, n100)):
        g = []
        for i in range(n):
            if i % 4 == 3:
                g.append((name, cc, "convert", DIST_KINDS[i % 7], DIST_KINDS[(i // 7) % 7], BITS[i % 3]))
            else:
                g.append((name, cc, "via_shared", DIST_KINDS[i % 7], SHARED_KINDS[(i // 7) % len(SHARED_KINDS)], BITS[(i // 3) % 3]))
        groups.append(g)
    tagged = []
    for g in groups:
        for i, item in enumerate(g):
            tagged.append(((i + 0.5) / len(g), item))
    tagged.sort(key=lambda t: t[0])
    return [draw_case(random.Random(f"{seed}:{group}:{idx}"), idx, group, cc, mode, k1, k2, bits)
            for idx, (_, (group, cc, mode, k1, k2, bits)) in enumerate(tagged)]


def draw_case(rng, idx, group, cc, mode, k1, k2, bits, warps=(1, 2, 4, 4, 8), max_log2=8, max_elems=16384,
              min_elems=0):
    """One kernel of the given kinds: its warps, shape and layouts drawn from rng."""
    nw = rng.choice(warps)
    if "mma_v3" in (k1,) or "dot_v3" in (k1,) or (mode == "convert" and k2 in ("mma_v3", "dot_v3")):
        nw = rng.choice([w for w in warps if w >= 4] or [4])
    min_m = min_n = 16
    transposed = rng.random() < 0.4
    if mode == "via_shared" and k2.startswith("nvmma"):
        # NVMMA needs one swizzle row (swizzle bytes) along the contiguous dim.
        need = max(16, 8 * int(k2[5:]) // bits)
        min_m, min_n = (need, 16) if transposed else (16, need)
    shape = draw_shape(rng, nw, min_m, min_n, max_log2, max_elems, min_elems)
    case = {"id": idx, "group": group, "cc": cc, "mode": mode, "kinds": [k1, k2], "bits": bits,
            "num_warps": nw, "shape": shape, "load": draw_dist(rng, k1, nw, bits, shape)}
    if mode == "via_shared":
        case["via_shared"] = draw_shared(rng, k2, bits, shape, transposed)
    else:
        case["convert"] = draw_dist(rng, k2, nw, bits, shape)
    return case


def big_plan(seed, n, first_id, cc=90):
    """n kernels of many warps (8 to 32) and dims up to 1024 for sm_CC: every
    fourth a conversion, the others round trips through every shared kind."""
    cases = []
    for k in range(n):
        rng = random.Random(f"{seed}:big:{k}" if cc == 90 else f"{seed}:big{cc}:{k}")
        bits = BITS[k % 3]
        k1 = DIST_KINDS[(k // 3) % len(DIST_KINDS)]
        if k % 4 == 3:
            mode, k2 = "convert", DIST_KINDS[(k // 21) % len(DIST_KINDS)]
        else:
            mode, k2 = "via_shared", SHARED_KINDS[(k // 21) % len(SHARED_KINDS)]
        cases.append(draw_case(rng, first_id + k, f"big{cc}", cc, mode, k1, k2, bits, (8, 16, 16, 32), 10, 32768,
                               min_elems=32 * 32))  # an element for each of 32 warps' threads
    return cases


def gapped_shared(rng, shape):
    """A shared_linear layout whose first offset bases put a register's
    neighbours at gapped or swapped offsets (LLVM's gap filling, O3's load
    combining, the spelling of joined stores)."""
    fast = [[0, 1 << i] for i in range(log2(shape[1]))]
    slow = [[1 << i, 0] for i in range(log2(shape[0]))]
    bases = fast + slow
    style = rng.randrange(3)
    if style == 0:  # a slow base at offset bit 0 or 1: every other element a gap
        b = bases.pop(len(fast) + rng.randrange(len(slow)))
        bases.insert(rng.randrange(2), b)
    elif style == 1:  # swapped pairs: offset bit i holds the XOR of columns i and i - 1
        i = rng.randrange(min(3, len(fast) - 1)) + 1
        bases[i] = [a ^ b for a, b in zip(bases[i], bases[i - 1])]
    else:  # two slow bases among the first three
        for _ in range(2):
            b = bases.pop(len(fast) + rng.randrange(len(slow)))
            bases.insert(rng.randrange(3), b)
    for i in range(len(bases)):
        if i > 3 and rng.random() < 0.25:
            j = rng.randrange(i)
            bases[i] = [a ^ b for a, b in zip(bases[i], bases[j])]
    return ("shared_linear", bases)


def gapped_plan(seed, n, first_id):
    """n sm_90 round trips through gapped_shared layouts, ids from first_id."""
    cases = []
    for k in range(n):
        rng = random.Random(f"{seed}:gap:{k}")
        nw = rng.choice([1, 2, 4, 4, 8])
        shape = draw_shape(rng, nw)
        bits = [8, 16, 32, 16, 32][k % 5]
        kind = ["blocked", "linear", "blocked", "slice"][k % 4]
        load = draw_dist(rng, kind, nw, bits, shape)
        if kind == "blocked":  # vectors along the row: a thread's registers contiguous in the tensor
            load = ("blocked", [1, 1 << rng.randint(1, 3)], load[2], load[3], [1, 0])
        cases.append({"id": first_id + k, "group": "gap90", "cc": 90, "mode": "via_shared",
                      "kinds": [kind, "shared_linear"], "bits": bits, "num_warps": nw, "shape": shape, "load": load,
                      "via_shared": gapped_shared(rng, shape)})
    return cases


def textbook_cases():
    """The issue's textbook kernels (fixed layouts)."""
    def b(spt, tpw, wpc, order):
        return ("blocked", spt, tpw, wpc, order)
    out = []

    def add(name, mode, load, other, shape, bits, nw):
        c = {"id": len(out), "group": "textbook", "name": name, "cc": 90, "mode": mode, "kinds": ["blocked", "blocked"],
             "bits": bits, "num_warps": nw, "shape": shape, "load": load}
        if mode == "convert":
            c["convert"] = other
        out.append(c)
    # Transpose: blocked [1,8] row-major -> [8,1] column-major, 128x128 fp16, 4 warps.
    add("transpose [1,8] row-major -> [8,1] col-major", "convert", b([1, 8], [4, 8], [4, 1], [1, 0]),
        b([8, 1], [8, 4], [1, 4], [0, 1]), [128, 128], 16, 4)
    add("transpose [1,8] row-major -> [8,1] col-major (16x2 threads)", "convert", b([1, 8], [16, 2], [4, 1], [1, 0]),
        b([8, 1], [2, 16], [1, 4], [0, 1]), [128, 128], 16, 4)
    # Gluon tutorial memcpy: 1D XBLOCK=1024, 16 per thread (2 warps exact, 4 warps broadcast).
    for nw in (2, 4):
        add(f"memcpy 1D XBLOCK=1024 R=16 {nw} warps", "copy", ("blocked", [16], [32], [nw], [0]), None, [1024], 32, nw)
        add(f"memcpy 1D XBLOCK=1024 R=16 {nw} warps (as 1x1024)", "copy", b([1, 16], [1, 32], [1, nw], [1, 0]), None,
            [1, 1024], 32, nw)
    # 2D tiles, 128x128 fp32: row threads, column threads (the transposed tutorial layout).
    add("2D tile 128x128 row threads [1,32]", "copy", b([1, 1], [1, 32], [1, 4], [1, 0]), None, [128, 128], 32, 4)
    add("2D tile 128x128 column threads [32,1]", "copy", b([1, 1], [32, 1], [4, 1], [0, 1]), None, [128, 128], 32, 4)
    # In/out layouts: load row threads, store column threads (and back).
    add("in/out row -> column threads", "convert", b([1, 1], [1, 32], [1, 4], [1, 0]), b([1, 1], [32, 1], [4, 1], [0, 1]),
        [128, 128], 32, 4)
    add("in/out column -> row threads", "convert", b([1, 1], [32, 1], [4, 1], [0, 1]), b([1, 1], [1, 32], [1, 4], [1, 0]),
        [128, 128], 32, 4)
    # Blocked 1x4 on 64x64 tiles.
    add("blocked 1x4 on 64x64 [4,8] threads", "copy", b([1, 4], [4, 8], [4, 1], [1, 0]), None, [64, 64], 32, 4)
    add("blocked 1x4 on 64x64 [2,16] threads", "copy", b([1, 4], [2, 16], [4, 1], [1, 0]), None, [64, 64], 32, 4)
    add("blocked 1x4 on 64x64 [1,32] threads", "copy", b([1, 4], [1, 32], [4, 1], [1, 0]), None, [64, 64], 32, 4)
    return out


# ------------------------------------------------------------ compiling (child side)


def to_gluon(spec):
    import triton.experimental.gluon.language as gl
    k = spec[0]
    if k == "blocked":
        return gl.BlockedLayout(spec[1], spec[2], spec[3], spec[4])
    if k == "slice":
        return gl.SliceLayout(spec[1], to_gluon(spec[2]))
    if k == "linear":
        return gl.DistributedLinearLayout(spec[1], spec[2], spec[3], [], spec[4])
    if k == "mma":
        return gl.NVMMADistributedLayout(version=spec[1], warps_per_cta=spec[2], instr_shape=spec[3])
    if k == "dot":
        return gl.DotOperandLayout(spec[1], to_gluon(spec[2]), spec[3])
    if k == "swizzled":
        return gl.SwizzledSharedLayout(spec[1], spec[2], spec[3], spec[4])
    if k == "nvmma":
        return gl.NVMMASharedLayout(swizzle_byte_width=spec[1], element_bitwidth=spec[2], rank=2, transposed=spec[3])
    if k == "padded":
        return gl.PaddedSharedLayout.with_identity_for(spec[1], spec[3], spec[2])
    if k == "shared_linear":
        return gl.SharedLinearLayout(spec[1], [], 16)
    raise ValueError(k)


def gluon_text(layout):
    """repr() as layoutscope reads it (3.9 prints a padded layout's block
    bases as cga_layout=; 3.6's spelling block_bases= is used for both)."""
    text = repr(layout)
    if text.startswith("PaddedSharedLayout("):
        text = text.replace("cga_layout=", "block_bases=")
    return text


def kernels():
    """The golden kernels. LIVE (constexpr, False for the golden files) adds a
    barrier after the local_load / convert_layout, which leaves their PTX as
    it is but keeps every shared load executed: where a layout repeats data
    over warps, Triton predicates the duplicate warps' global stores off and
    ptxas lets those warps exit before the shared loads whose only use is such
    a store (tests/gpu/triton_wavefronts.py --live counts them all)."""
    from triton.experimental import gluon
    from triton.experimental.gluon import language as gl
    global _cta_barrier  # a global the kernels call: 3.6 spells it thread_barrier, 3.9 barrier
    _cta_barrier = getattr(gl, "thread_barrier", None) or gl.barrier

    @gluon.jit
    def k_via_shared(in_ptr, out_ptr, M: gl.constexpr, N: gl.constexpr, R: gl.constexpr, S: gl.constexpr,
                     LIVE: gl.constexpr):
        rows = gl.arange(0, M, layout=gl.SliceLayout(1, R))
        cols = gl.arange(0, N, layout=gl.SliceLayout(0, R))
        offs = gl.expand_dims(rows, 1) * N + gl.expand_dims(cols, 0)
        x = gl.load(in_ptr + offs)
        smem = gl.allocate_shared_memory(in_ptr.dtype.element_ty, [M, N], S)
        smem.store(x)
        y = smem.load(R)
        if LIVE:
            _cta_barrier()
        gl.store(out_ptr + offs, y)

    @gluon.jit
    def k_convert(in_ptr, out_ptr, M: gl.constexpr, N: gl.constexpr, R: gl.constexpr, R2: gl.constexpr,
                  LIVE: gl.constexpr):
        rows = gl.arange(0, M, layout=gl.SliceLayout(1, R))
        cols = gl.arange(0, N, layout=gl.SliceLayout(0, R))
        x = gl.load(in_ptr + gl.expand_dims(rows, 1) * N + gl.expand_dims(cols, 0))
        y = gl.convert_layout(x, R2)
        if LIVE:
            _cta_barrier()
        rows2 = gl.arange(0, M, layout=gl.SliceLayout(1, R2))
        cols2 = gl.arange(0, N, layout=gl.SliceLayout(0, R2))
        gl.store(out_ptr + gl.expand_dims(rows2, 1) * N + gl.expand_dims(cols2, 0), y)

    @gluon.jit
    def k_copy(in_ptr, out_ptr, M: gl.constexpr, N: gl.constexpr, R: gl.constexpr):
        rows = gl.arange(0, M, layout=gl.SliceLayout(1, R))
        cols = gl.arange(0, N, layout=gl.SliceLayout(0, R))
        offs = gl.expand_dims(rows, 1) * N + gl.expand_dims(cols, 0)
        gl.store(out_ptr + offs, gl.load(in_ptr + offs))

    @gluon.jit
    def k_copy_1d(in_ptr, out_ptr, M: gl.constexpr, R: gl.constexpr):
        offs = gl.arange(0, M, layout=R)
        gl.store(out_ptr + offs, gl.load(in_ptr + offs))

    return {"via_shared": k_via_shared, "convert": k_convert, "copy": k_copy, "copy_1d": k_copy_1d}


def ttgir_note(mode, ttgir):
    """What Triton did to the intended round trip, or None if it kept it."""
    n_store = len(re.findall(r"ttg\.local_store\b", ttgir)) + len(re.findall(r"ttg\.local_alloc %", ttgir))
    n_load = len(re.findall(r"ttg\.local_load\b", ttgir))
    n_conv = len(re.findall(r"ttg\.convert_layout\b", ttgir))
    notes = []
    if mode == "via_shared" and (n_store != 1 or n_load != 1):
        notes.append(f"ttgir has {n_store} local_store and {n_load} local_load (expected 1 and 1)")
    if mode == "convert" and n_conv != 1:
        notes.append(f"ttgir has {n_conv} convert_layout (expected 1)")
    if mode != "convert" and n_conv:
        notes.append(f"ttgir has {n_conv} unexpected convert_layout")
    return "; ".join(notes) or None


def first_line(msg):
    lines = [l.strip() for l in str(msg).strip().splitlines() if l.strip()]
    # Triton's CompilationError puts the source excerpt first; the reason is last.
    return (lines[-1] if lines else "error")[:300]


def diagnostic(e):
    """The reason of a failed compile: MLIR prints it on stderr (which the
    child sends to a file) and raises only a generic pass-pipeline failure."""
    msg = first_line(e)
    if "PassManager::run failed" in msg or "Failures have been detected" in msg:
        sys.stderr.flush()
        try:
            with open("/proc/self/fd/2", errors="replace") as f:
                lines = f.read().splitlines()
        except OSError:
            lines = []
        fatal = [l.split("LLVM ERROR:", 1)[1] for l in lines if "LLVM ERROR:" in l]
        errors = [l.split("error:", 1)[1] for l in lines if "error:" in l and "Failures have been detected" not in l]
        if fatal or errors:
            msg = (fatal or errors)[0].strip()[:300]
    return msg


def compile_case(case, ptx_dir):
    """Compile one case; returns the raw record (never raises)."""
    import triton
    import triton.experimental.gluon.language as gl
    from triton._C.libtriton import gluon_ir, ir
    from triton.backends.compiler import GPUTarget
    from triton.experimental.gluon._runtime import GluonASTSource

    rec = {k: case[k] for k in ("id", "group", "cc", "mode", "kinds", "bits", "num_warps", "shape")}
    if "name" in case:
        rec["name"] = case["name"]
    rec["triton"] = VERSION
    try:
        R = to_gluon(case["load"])
        other = to_gluon(case[case["mode"]]) if case["mode"] in ("via_shared", "convert") else None
    except Exception as e:
        rec.update(status="refused", error="python: " + first_line(e))
        return rec
    rec["load"] = gluon_text(R)
    if other is not None:
        rec[case["mode"]] = gluon_text(other)
    # Triton's own bases of the distributed layouts (checked against the CLI).
    try:
        ctx = ir.context()
        ir.load_dialects(ctx)
        b = gluon_ir.GluonOpBuilder(ctx)
        bases = {}
        for key, lay in (("load", R), ("convert", other)):
            if lay is None or key == "convert" and case["mode"] != "convert":
                continue
            ll = b.to_linear_layout(lay._to_ir(b), case["shape"])
            bases[key] = {"register": ll.reg_bases, "lane": ll.lane_bases, "warp": ll.warp_bases, "block": ll.block_bases}
        rec["bases"] = bases
    except Exception as e:
        rec.update(status="refused", error="to_linear_layout: " + first_line(e))
        return rec
    ty = DTYPE[case["bits"]]
    shape = case["shape"]
    ks = kernels()
    attrs = {(0,): [["tt.divisibility", 16]], (1,): [["tt.divisibility", 16]]}
    if len(shape) == 1:
        fn, sig, consts = ks["copy_1d"], {"in_ptr": ty, "out_ptr": ty, "M": "constexpr", "R": "constexpr"}, \
            {"M": shape[0], "R": R}
    else:
        fn = ks[case["mode"]]
        sig = {"in_ptr": ty, "out_ptr": ty, "M": "constexpr", "N": "constexpr", "R": "constexpr"}
        consts = {"M": shape[0], "N": shape[1], "R": R}
        if case["mode"] == "via_shared":
            sig["S"], consts["S"] = "constexpr", other
        elif case["mode"] == "convert":
            sig["R2"], consts["R2"] = "constexpr", other
        if case["mode"] != "copy":
            sig["LIVE"], consts["LIVE"] = "constexpr", False
    t0 = time.time()
    try:
        src = GluonASTSource(fn=fn, signature=sig, constexprs=consts, attrs=attrs)
        k = triton.compile(src, target=GPUTarget("cuda", case["cc"], 32), options={"num_warps": case["num_warps"]})
    except Exception as e:
        rec.update(status="refused", error="compile: " + diagnostic(e), seconds=round(time.time() - t0, 2))
        return rec
    rec["seconds"] = round(time.time() - t0, 2)
    ptx, ttgir = k.asm["ptx"], k.asm["ttgir"]
    counts, branches = count_ptx(ptx)
    rec.update(status="branch" if branches else "ok", ptx_per_thread=counts, shared_bytes=int(k.metadata.shared))
    note = ttgir_note(case["mode"], ttgir)
    if note:
        rec["note"] = note
    if ptx_dir:
        with open(os.path.join(ptx_dir, f"{case['group']}-{case['id']}.ptx"), "w") as f:
            f.write(ptx)
    return rec


def no_cubin_hook(*args):
    """Skip ptxas (the cubin stage): the PTX is the answer."""
    if not args:  # 3.9 asks for a cache key first
        return "no-cubin", "no-cubin"
    stages = args[1]
    stages["cubin"] = lambda src, md: b""


def run_cases(cases, raw_path, workers, ptx_dir, timeout):
    """Compile every case not yet in RAW, each in a forked child."""
    done = set()
    if os.path.exists(raw_path):
        with open(raw_path) as f:
            for line in f:
                try:
                    done.add(json.loads(line)["id"])
                except (ValueError, KeyError):
                    pass
    todo = [c for c in cases if c["id"] not in done]
    print(f"{len(done)} done, {len(todo)} to compile", file=sys.stderr)
    running = {}  # pid -> (case, read fd, start)
    out = open(raw_path, "a")
    t_start, n = time.time(), 0
    while todo or running:
        while todo and len(running) < workers:
            case = todo.pop(0)
            rfd, wfd = os.pipe()
            pid = os.fork()
            if pid == 0:
                os.close(rfd)
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, 1)
                err = tempfile.TemporaryFile()  # MLIR diagnostics, read back by diagnostic()
                os.dup2(err.fileno(), 2)
                try:
                    rec = compile_case(case, ptx_dir)
                except BaseException as e:  # noqa: BLE001 - report, never hang the parent
                    rec = {"id": case["id"], "status": "refused", "error": "oracle: " + first_line(e)}
                os.write(wfd, json.dumps(rec).encode())
                os._exit(0)
            os.close(wfd)
            running[pid] = (case, rfd, time.time(), [])
        fds = {v[1]: pid for pid, v in running.items()}
        ready, _, _ = select.select(list(fds), [], [], 1.0)
        for fd in ready:
            chunk = os.read(fd, 1 << 20)
            running[fds[fd]][3].append(chunk)
        for pid in list(running):
            case, fd, start, chunks = running[pid]
            wpid, status = os.waitpid(pid, os.WNOHANG)
            if wpid == 0 and time.time() - start > timeout:
                os.kill(pid, 9)
                os.waitpid(pid, 0)
                wpid, status = pid, -1
            if wpid == 0:
                continue
            while True:
                chunk = os.read(fd, 1 << 20)
                if not chunk:
                    break
                chunks.append(chunk)
            os.close(fd)
            del running[pid]
            data = b"".join(chunks)
            if data:
                rec = json.loads(data)
            else:
                rec = {k: case[k] for k in ("id", "group", "cc", "mode", "kinds", "bits", "num_warps", "shape")}
                rec.update(triton=VERSION, status="refused",
                           error="timeout" if status == -1 else f"abort (child exit status {status})")
                rec["load_spec"] = case["load"]
            out.write(json.dumps(rec) + "\n")
            out.flush()
            n += 1
            if n % 50 == 0:
                el = time.time() - t_start
                print(f"{n} compiled in {el:.0f}s ({el / n:.2f}s per case)", file=sys.stderr)
    out.close()


# ------------------------------------------------------------ golden file

GOLDEN_KEYS = ("triton", "target", "num_warps", "shape", "bits", "load")


def golden(raw_path, out_path):
    """Golden records (accepted, branch-free kernels) in case order, and stats."""
    recs = {}
    with open(raw_path) as f:
        for line in f:
            r = json.loads(line)
            recs[r["id"]] = r
    stats = {}
    lines = []
    for i in sorted(recs):
        r = recs[i]
        key = f"{r.get('group')}:{r['status']}"
        stats[key] = stats.get(key, 0) + 1
        if r["status"] != "ok":
            continue
        g = {"triton": r["triton"], "target": f"sm_{r['cc']}", "num_warps": r["num_warps"], "shape": r["shape"],
             "bits": r["bits"], "load": r["load"]}
        if r["mode"] == "copy":
            g["copy"] = True
        else:
            g[r["mode"]] = r[r["mode"]]
        g["ptx_per_thread"] = r["ptx_per_thread"]
        g["shared_bytes"] = r["shared_bytes"]
        if r.get("note"):
            g["note"] = r["note"]
        if r.get("name"):
            g["name"] = r["name"]
        lines.append(json.dumps(g))
    with open(out_path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return stats


def check_cli(raw_path, cli):
    """Every layout text in RAW must parse with `layoutscope-cli bases`, and a
    distributed layout's bases must equal Triton's to_linear_layout."""
    import subprocess
    items = {}  # (text, shape) -> Triton's bases or None (shared)
    with open(raw_path) as f:
        for line in f:
            r = json.loads(line)
            if "load" not in r or not isinstance(r["load"], str):
                continue
            shape = tuple(r["shape"])
            bases = r.get("bases", {})  # raw files only; golden files are checked for parsing
            items.setdefault((r["load"], shape), bases.get("load"))
            if "convert" in r:
                items.setdefault((r["convert"], shape), bases.get("convert"))
            if "via_shared" in r:
                items.setdefault((r["via_shared"], shape), None)
    keys = sorted(items)
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        for text, shape in keys:
            f.write(json.dumps({"layout": text, "shape": list(shape)}) + "\n")
        batch = f.name
    out = subprocess.run([cli, "bases", "--batch", batch], capture_output=True, text=True, check=True).stdout
    os.unlink(batch)
    answers = [json.loads(l) for l in out.splitlines() if l.strip()]
    assert len(answers) == len(keys), (len(answers), len(keys))
    unread, differ, checked = [], [], 0
    for (text, shape), ans in zip(keys, answers):
        if "error" in ans:
            unread.append((text, shape, ans["error"]))
            continue
        want = items[(text, shape)]
        if want is not None:
            checked += 1
            if ans["bases"] != want:
                differ.append((text, shape, want, ans["bases"]))
    print(f"{len(keys)} distinct layouts: {len(unread)} unreadable, {checked} distributed compared, "
          f"{len(differ)} with other bases than Triton")
    for u in unread[:20]:
        print("UNREAD", json.dumps(u))
    for d in differ[:20]:
        print("DIFFER", json.dumps(d))
    return 1 if unread or differ else 0


def check_samples(folder):
    """The counter applied to the stored PTX samples gives their golden counts."""
    bad = 0
    with open(os.path.join(folder, "index.jsonl")) as f:
        entries = [json.loads(l) for l in f if l.strip()]
    for e in entries:
        with open(os.path.join(folder, e["file"])) as f:
            counts, branches = count_ptx(f.read())
        if counts != e["ptx_per_thread"] or branches:
            bad += 1
            print(f"{e['file']}: counted {counts} (branches: {branches}), golden {e['ptx_per_thread']}")
    print(f"{len(entries)} PTX samples, {bad} disagree")
    return 1 if bad or not entries else 0


def permute_reg_lane(rng, reg, lane, style):
    """Copies of a layout's register and lane bases permuted in one of five
    ways (style 0-4): one register basis trades places with a lane basis; the
    same plus two lanes swapped; two lanes swapped only; any permutation of
    all the positions; a trade with the register bases rotated (a cycle
    r -> l -> r')."""
    reg2, lane2 = [list(b) for b in reg], [list(b) for b in lane]
    if style in (0, 1, 4) and reg2:
        i, j = rng.randrange(len(reg2)), rng.randrange(len(lane2))
        reg2[i], lane2[j] = lane2[j], reg2[i]
        if style == 4 and len(reg2) > 1:
            reg2 = reg2[1:] + reg2[:1]
    if style in (1, 2):
        a, b = rng.sample(range(len(lane2)), 2)
        lane2[a], lane2[b] = lane2[b], lane2[a]
    if style == 3:
        both = reg2 + lane2
        rng.shuffle(both)
        reg2, lane2 = both[:len(reg2)], both[len(reg2):]
    return reg2, lane2


def shuffle_plan(seed, n, first_id):
    """n sm_90 conversions that stay inside each warp: the destination is the
    source (a random linear layout, sometimes with a broadcast register) with
    its register and lane bases permuted in one of five ways, so that
    Triton's warp-shuffle lowering (mixed register/lane transpositions, the
    lane permutation left, register packing) meets every case."""
    cases = []
    for k in range(n):
        rng = random.Random(f"{seed}:shfl:{k}")
        nw = rng.choice([1, 2, 4, 4, 8])
        bits = BITS[k % 3]
        shape = draw_shape(rng, nw)
        _, reg, lane, warp, _ = d_linear(rng, nw, shape)
        reg2, lane2 = permute_reg_lane(rng, reg, lane, (k // 3) % 5)
        warp2 = [list(b) for b in warp]
        if rng.random() < 0.15:  # a broadcast register on the destination side
            reg2.insert(rng.randint(0, len(reg2)), [0, 0])
        cases.append({"id": first_id + k, "group": "shfl90", "cc": 90, "mode": "convert",
                      "kinds": ["linear", "linear"], "bits": bits, "num_warps": nw, "shape": shape,
                      "load": ("linear", reg, lane, warp, list(shape)),
                      "convert": ("linear", reg2, lane2, warp2, list(shape))})
    return cases


def main():
    global VERSION, SHARED_KINDS
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cmd", choices=["run", "textbook", "golden", "check-cli", "check-samples"])
    ap.add_argument("raw")
    ap.add_argument("out", nargs="?")
    ap.add_argument("--seed", type=int, default=16)
    ap.add_argument("--sm90", type=int, default=1300)
    ap.add_argument("--convert", type=int, default=380)
    ap.add_argument("--sm80", type=int, default=130)
    ap.add_argument("--sm100", type=int, default=130)
    ap.add_argument("--gapped", type=int, default=0, help="sm_90 round trips through gapped shared layouts, after the rest")
    ap.add_argument("--shuffle", type=int, default=0, help="sm_90 conversions inside warps (shuffle_plan), after the rest")
    ap.add_argument("--big", type=int, default=0, help="kernels of 8 to 32 warps and dims up to 1024 (big_plan), after the rest")
    ap.add_argument("--big-cc", type=int, default=90, choices=(80, 90, 100), help="the target of the --big kernels")
    ap.add_argument("--shared-kinds", default=",".join(SHARED_KINDS),
                    help="the shared kinds sm_90 round trips draw from, in this order (e.g. padded)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=180)
    ap.add_argument("--limit", type=int, default=None, help="only the first K planned cases")
    ap.add_argument("--ptx-dir", default=None)
    args = ap.parse_args()
    if args.cmd == "check-cli":
        sys.exit(check_cli(args.raw, args.out))
    if args.cmd == "check-samples":
        sys.exit(check_samples(args.raw))
    if args.cmd == "golden":
        stats = golden(args.raw, args.out)
        print(json.dumps(stats, sort_keys=True, indent=1))
        return
    args.workers = max(1, min(args.workers, 2))
    SHARED_KINDS = args.shared_kinds.split(",")
    if not SHARED_KINDS or any(k not in ("swizzled", "nvmma0", "nvmma32", "nvmma64", "nvmma128", "padded",
                                         "shared_linear") for k in SHARED_KINDS):
        sys.exit("--shared-kinds: %r names a kind this oracle does not draw" % args.shared_kinds)
    import triton
    from triton import knobs
    VERSION = ".".join(triton.__version__.split(".")[:2])
    knobs.runtime.add_stages_inspection_hook = no_cubin_hook
    if args.ptx_dir:
        os.makedirs(args.ptx_dir, exist_ok=True)
    cases = textbook_cases() if args.cmd == "textbook" else plan(args.seed, args.sm90, args.convert, args.sm80, args.sm100)
    if args.cmd == "run" and args.gapped:
        cases += gapped_plan(args.seed, args.gapped, len(cases))
    if args.cmd == "run" and args.shuffle:
        cases += shuffle_plan(args.seed, args.shuffle, len(cases))
    if args.cmd == "run" and args.big:
        cases += big_plan(args.seed, args.big, len(cases), args.big_cc)
    if args.limit is not None:
        cases = cases[:args.limit]
    # Warm up in the parent: children forked from a process that has compiled
    # once skip Triton's first-compile start-up (about 1.5 s per case).
    warm = {"id": -1, "group": "warm", "cc": 90, "mode": "convert", "kinds": [], "bits": 16, "num_warps": 4,
            "shape": [16, 16], "load": ("blocked", [1, 1], [4, 8], [4, 1], [1, 0]),
            "convert": ("blocked", [1, 1], [8, 4], [1, 4], [0, 1])}
    compile_case(warm, None)
    run_cases(cases, args.raw, args.workers, args.ptx_dir, args.timeout)


if __name__ == "__main__":
    main()
