#!/usr/bin/env python3
"""Compiles, with Triton itself, the Gluon tutorial's memcpy kernel for a
layout, so `layoutscope-cli gpu copy --triton-kernel` can launch Triton's own
cubin beside its generated kernel.

Input (a JSON file): {"load": Gluon text, "store": Gluon text (the layout
gl.store uses; a convert_layout between them when it differs), "tile": [..],
"shape": [..], "in_strides": [..], "out_strides": [..], "bits": 8|16|32,
"num_warps": W, "cc": 90}.
Output (stdout, one JSON object): the cubin's path (written beside the input),
the kernel's name, num_warps, shared bytes, the grid, and the launch
arguments in the order of the PTX's .param list: {"ptr": "in"|"out"},
{"i32": v} / {"i64": v}, {"null": 1} for Triton's trailing scratch pointers;
plus the PTX's memory instructions per thread (codegen_oracle's counter).

The kernels are the tutorial's (seeds/gluon-tutorial-layouts.txt): 1D
`pid * XBLOCK + arange`, 2D with program_id(0) over dim-0 tiles and
program_id(1) over dim-1 tiles, masks, strides as arguments. The arguments
are specialized as Triton's JIT does for aligned torch tensors: pointers
16-byte divisible, integers equal to 1 become constants, integers divisible
by 16 carry tt.divisibility 16, integers are i32 when they fit.
Exit 3 with one line when Triton is not importable or does not compile it.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DTYPE = {8: "*i8", 16: "*fp16", 32: "*fp32"}


def kernels():
    from triton.experimental import gluon
    from triton.experimental.gluon import language as gl

    @gluon.jit
    def memcpy_1d(in_ptr, out_ptr, xnumel, XBLOCK: gl.constexpr, layout: gl.constexpr):
        start = gl.program_id(0) * XBLOCK
        offs = start + gl.arange(0, XBLOCK, layout=layout)
        mask = offs < xnumel
        gl.store(out_ptr + offs, gl.load(in_ptr + offs, mask=mask), mask=mask)

    @gluon.jit
    def offsets_2d(start_x, start_y, xnumel, ynumel, xstride, ystride, XBLOCK: gl.constexpr, YBLOCK: gl.constexpr,
                   layout: gl.constexpr):
        ix = start_x + gl.arange(0, XBLOCK, layout=gl.SliceLayout(dim=1, parent=layout))
        iy = start_y + gl.arange(0, YBLOCK, layout=gl.SliceLayout(dim=0, parent=layout))
        mask = (ix[:, None] < xnumel) & (iy[None, :] < ynumel)
        return mask, xstride * ix[:, None] + ystride * iy[None, :]

    @gluon.jit
    def memcpy_2d(in_ptr, out_ptr, xnumel, ynumel, xstride_in, ystride_in, xstride_out, ystride_out,
                  layout_in: gl.constexpr, layout_out: gl.constexpr, XBLOCK: gl.constexpr, YBLOCK: gl.constexpr):
        start_x = gl.program_id(0) * XBLOCK
        start_y = gl.program_id(1) * YBLOCK
        mask_in, offs_in = offsets_2d(start_x, start_y, xnumel, ynumel, xstride_in, ystride_in, XBLOCK, YBLOCK,
                                      layout_in)
        mask_out, offs_out = offsets_2d(start_x, start_y, xnumel, ynumel, xstride_out, ystride_out, XBLOCK, YBLOCK,
                                        layout_out)
        value = gl.load(in_ptr + offs_in, mask=mask_in)
        value = gl.convert_layout(value, layout_out)
        gl.store(out_ptr + offs_out, value, mask=mask_out)

    return memcpy_1d, memcpy_2d


def int_arg(name, value, sig, consts, attrs, index, args):
    """An integer argument as Triton's JIT specializes it."""
    if value == 1:
        sig[name], consts[name] = "constexpr", 1
        return
    ty = "i32" if -2**31 <= value < 2**31 else "i64"
    sig[name] = ty
    if value % 16 == 0:
        attrs[(index,)] = [["tt.divisibility", 16]]
    args.append({ty: value})


def ptx_params(ptx, name):
    m = re.search(r"\.entry\s+" + re.escape(name) + r"\s*\((.*?)\)", ptx, re.S)
    if not m:
        raise RuntimeError("no .entry " + name + " in Triton's PTX")
    return [p.split()[1] for p in m.group(1).split(",") if p.strip()]


def main():
    if len(sys.argv) != 2:
        print("usage: triton_kernel.py SPEC.json", file=sys.stderr)
        return 2
    try:
        import triton
        import triton.experimental.gluon.language as gl
        from triton.backends.compiler import GPUTarget
        from triton.experimental.gluon._runtime import GluonASTSource
    except Exception as e:  # noqa: BLE001 - any import failure means no usable Triton
        print("gpu copy --triton-kernel: Triton is not importable here (%s)" % str(e).splitlines()[0][:200],
              file=sys.stderr)
        return 3
    sys.path.insert(0, os.path.join(HERE, "..", "tests", "conformance"))
    spec = json.load(open(sys.argv[1]))
    names = {k: getattr(gl, k) for k in dir(gl) if k[0].isupper()}
    load, store = eval(spec["load"], names), eval(spec["store"], names)
    k1, k2 = kernels()
    tile, shape = spec["tile"], spec["shape"]
    ty = DTYPE[spec["bits"]]
    args = [{"ptr": "in"}, {"ptr": "out"}]
    attrs = {(0,): [["tt.divisibility", 16]], (1,): [["tt.divisibility", 16]]}
    if len(shape) == 1:
        fn, sig, consts = k1, {"in_ptr": ty, "out_ptr": ty}, {}
        int_arg("xnumel", shape[0], sig, consts, attrs, 2, args)
        sig.update(XBLOCK="constexpr", layout="constexpr")
        consts.update(XBLOCK=tile[0], layout=load)
        grid = [shape[0] // tile[0], 1]
    else:
        fn, sig, consts = k2, {"in_ptr": ty, "out_ptr": ty}, {}
        values = [shape[0], shape[1]] + list(spec["in_strides"]) + list(spec["out_strides"])
        for i, (n, v) in enumerate(zip(["xnumel", "ynumel", "xstride_in", "ystride_in", "xstride_out", "ystride_out"],
                                       values)):
            int_arg(n, v, sig, consts, attrs, 2 + i, args)
        sig.update(layout_in="constexpr", layout_out="constexpr", XBLOCK="constexpr", YBLOCK="constexpr")
        consts.update(layout_in=load, layout_out=store, XBLOCK=tile[0], YBLOCK=tile[1])
        grid = [shape[0] // tile[0], shape[1] // tile[1]]
    try:
        src = GluonASTSource(fn=fn, signature=sig, constexprs=consts, attrs=attrs)
        k = triton.compile(src, target=GPUTarget("cuda", spec.get("cc", 90), 32),
                           options={"num_warps": spec["num_warps"]})
    except Exception as e:  # noqa: BLE001
        lines = [l for l in str(e).splitlines() if l.strip()]
        print("gpu copy --triton-kernel: Triton did not compile the kernel: %s" % (lines[-1] if lines else e),
              file=sys.stderr)
        return 3
    from codegen_oracle import count_ptx
    md = k.metadata
    ptx = k.asm["ptx"]
    params = ptx_params(ptx, md.name)
    if len(params) < len(args):
        print("gpu copy --triton-kernel: Triton's kernel takes %d parameters, expected at least %d"
              % (len(params), len(args)), file=sys.stderr)
        return 3
    if getattr(md, "global_scratch_size", 0) or getattr(md, "profile_scratch_size", 0):
        print("gpu copy --triton-kernel: the kernel needs global scratch memory, not supported", file=sys.stderr)
        return 3
    args += [{"null": 1}] * (len(params) - len(args))  # global / profile scratch, unused at size 0
    cubin = os.path.splitext(sys.argv[1])[0] + ".cubin"
    with open(cubin, "wb") as f:
        f.write(k.asm["cubin"])
    counts, _ = count_ptx(ptx)
    print(json.dumps({"cubin": cubin, "name": md.name, "num_warps": md.num_warps, "shared": md.shared,
                      "grid": grid, "args": args, "params": params, "ptx_per_thread": counts,
                      "triton": triton.__version__}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
