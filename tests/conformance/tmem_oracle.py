#!/usr/bin/env python3
"""Golden answers of Triton 3.9 for Blackwell tensor-memory layouts.

Draws (fixed seed) random TensorMemoryLayout / TensorMemoryScalesLayout values
with tensor shapes and asks the triton==3.9.0 wheel, offline:
  - "tmem" cases: to_linear_layout(layout, shape) -> rows/cols bases, and the
    memdesc type text (MLIR) for an element type the layout admits;
  - "reg" cases: the register layout of a tmem load/store for (element type,
    shape, layout, num_warps, variant), as Gluon's _compute_tmem_reg_layout
    (gluon_ir.compute_tmem_reg_layout, plus the 32x32b_splitn rewrite) gives
    it, or the refusal (None or an exception).
Every call runs in a forked child, so a C++ abort costs one case (recorded as
{"abort": ...}). One JSON object per line.

Usage: tmem_oracle.py OUT.jsonl [--seed S] [--tmem N] [--reg N]
"""
import argparse
import json
import os
import random
import sys
import tempfile

from triton._C.libtriton import gluon_ir, ir
import triton
import triton.experimental.gluon.language as ttgl
from triton.experimental.gluon.language.nvidia.blackwell import TensorMemoryLayout, TensorMemoryScalesLayout
from triton.experimental.gluon.language._semantic import _compute_tmem_reg_layout

CTX = ir.context()
ir.load_dialects(CTX)
BUILDER = gluon_ir.GluonOpBuilder(CTX)
VARIANTS = ["32x32b", "16x64b", "16x128b", "16x256b", "16x32bx2", "32x32b_splitn"]
DTYPES = {8: ttgl.int8, 16: ttgl.float16, 32: ttgl.float32}


def first_line(e):
    s = str(e).strip()
    return s.splitlines()[0] if s else type(e).__name__


def draw_cga(rng, two_ctas):
    bases = [[1, 0]] if two_ctas else []
    if rng.random() < (0.6 if two_ctas else 0.25):
        for _ in range(rng.randint(1, 2)):
            d = rng.randrange(2)
            nxt = 1 << sum(1 for b in bases if b[d])
            basis = [0, 0]
            if rng.random() >= 0.15:
                basis[d] = nxt
            bases.append(basis)
    return bases


def draw_tmem(rng):
    if rng.random() < 0.15:
        two = rng.random() < 0.3
        layout = TensorMemoryScalesLayout(cga_layout=draw_cga(rng, two) if rng.random() < 0.3 else [])
        shape = [1 << rng.randint(5, 9), 1 << rng.randint(0, 5)]
        if rng.random() < 0.7:
            shape[0] = max(shape[0], 128 << sum(1 for b in layout.cga_layout if b[0]))
        return layout, shape
    two = rng.random() < 0.2
    layout = TensorMemoryLayout(
        block=(rng.choice([64, 128]), 1 << rng.randint(0, 9)),
        col_stride=rng.choice([1, 1, 2, 4]),
        cga_layout=draw_cga(rng, two),
        two_ctas=two,
        fp4_padded=rng.random() < 0.1,
    )
    shape = [1 << rng.randint(5, 9), 1 << rng.randint(0, 9)]
    if rng.random() < 0.75:  # mostly shapes that cover the block on every CTA
        split = [1 << sum(1 for b in layout.cga_layout if b[d]) for d in range(2)]
        shape = [layout.block[0] * split[0] << rng.randint(0, 2), split[1] << rng.randint(0, 9)]
    return layout, shape


def bits_for(layout):
    if isinstance(layout, TensorMemoryScalesLayout):
        return 8
    return {1: 32, 2: 16, 4: 8}[layout.col_stride]


def tmem_case(layout, shape):
    rec = {"case": "tmem", "layout": repr(layout), "shape": shape}
    try:
        ll = BUILDER.to_linear_layout(layout._to_ir(BUILDER), shape)
    except Exception as e:
        rec["error"] = first_line(e)
        return rec
    rec["tmem"] = {"rows": ll.rows, "cols": ll.cols}
    try:
        ty = BUILDER.get_tensor_mem_desc_ty(DTYPES[bits_for(layout)].to_ir(BUILDER), shape, layout._to_ir(BUILDER), shape)
        rec["mlir"] = str(ty)
    except Exception as e:
        rec["mlir_error"] = first_line(e)
    return rec


def reg_case(layout, shape, bits, warps, variant):
    rec = {"case": "reg", "layout": repr(layout), "shape": shape, "bits": bits, "num_warps": warps, "variant": variant}
    try:
        r = _compute_tmem_reg_layout(DTYPES[bits], shape, shape, layout, warps, variant)
    except BaseException as e:
        rec["refused"] = first_line(e)
        return rec
    rec["bases"] = {"register": r.reg_bases, "lane": r.lane_bases, "warp": r.warp_bases, "block": r.block_bases}
    return rec


def run(fn, args):
    return fn(*args)


def evaluate(jobs):
    """Each job is (fn, args); runs them in forked children, one abort costs one job."""
    results = []
    while len(results) < len(jobs):
        start = len(results)
        err = tempfile.TemporaryFile()
        rfd, wfd = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(rfd)
            os.dup2(err.fileno(), 2)
            with os.fdopen(wfd, "w") as out:
                for fn, args in jobs[start:]:
                    out.write(json.dumps(fn(*args)) + "\n")
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
            fn, args = jobs[len(results)]
            rec = {"case": "tmem" if fn is tmem_case else "reg", "layout": repr(args[0]), "shape": args[1]}
            if fn is reg_case:
                rec.update(bits=args[2], num_warps=args[3], variant=args[4])
            rec["abort"] = reason.strip()[:300]
            results.append(rec)
        err.close()
    return results


def draw_reg(rng):
    layout, shape = draw_tmem(rng)
    bits = bits_for(layout) if rng.random() < 0.8 else rng.choice([8, 16, 32])
    return layout, shape, bits, rng.choice([4, 4, 4, 8, 8, 16, 2]), rng.choice(VARIANTS)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=1309)
    ap.add_argument("--tmem", type=int, default=1600)
    ap.add_argument("--reg", type=int, default=2400)
    args = ap.parse_args()
    assert triton.__version__.startswith("3.9"), "needs triton 3.9, found " + triton.__version__
    rng = random.Random(args.seed)
    seen, jobs = set(), []
    while len(jobs) < args.tmem:
        layout, shape = draw_tmem(rng)
        key = (repr(layout), tuple(shape))
        if key not in seen:
            seen.add(key)
            jobs.append((tmem_case, (layout, shape)))
    seen = set()
    while len(jobs) < args.tmem + args.reg:
        c = draw_reg(rng)
        key = (repr(c[0]), tuple(c[1]), *c[2:])
        if key not in seen:
            seen.add(key)
            jobs.append((reg_case, c))
    results = evaluate(jobs)
    with open(args.out, "w") as f:
        for r in results:
            f.write(json.dumps(r) + "\n")
    counts = {}
    for r in results:
        k = r["case"] + ":" + ("abort" if "abort" in r else "error" if "error" in r else "refused" if "refused" in r else "ok")
        counts[k] = counts.get(k, 0) + 1
    print(json.dumps(counts), file=sys.stderr)


if __name__ == "__main__":
    main()
