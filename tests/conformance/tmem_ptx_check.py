#!/usr/bin/env python3
"""Checks tmem-reg-layout's message and tcgen05.ld count against PTX.

For each case, Triton 3.9 (this interpreter's wheel; CPU only) compiles a Gluon
kernel that loads a TMEM tensor into the register layout _compute_tmem_reg_layout
gives and stores it; the tcgen05.ld instructions in the PTX (target sm_100) are
compared with `layoutscope-cli tmem-reg-layout`'s "message", "tcgen05_per_warp",
"registers_per_message" (the .xN repeat times the message's registers) and
"tcgen05_ld" (the whole mnemonic, .pack::16b included).
Not run by CI (it needs the wheel). Usage: tmem_ptx_check.py --cli PATH
"""
import argparse
import json
import re
import subprocess

import triton
from triton.backends.compiler import GPUTarget
from triton.experimental import gluon
from triton.experimental.gluon import language as ttgl
from triton.experimental.gluon._runtime import GluonASTSource
from triton.experimental.gluon.language._semantic import _compute_tmem_reg_layout
from triton.experimental.gluon.language.nvidia.blackwell import TensorMemoryLayout, allocate_tensor_memory

DT = {32: ttgl.float32, 16: ttgl.float16, 8: ttgl.float8e4nv}
PTR = {32: "*fp32", 16: "*fp16", 8: "*fp8e4nv"}
REGS = {"32x32b": 1, "16x64b": 1, "16x128b": 2, "16x256b": 4, "16x32bx2": 1}  # per .x1, per thread


@gluon.jit
def kernel(out_ptr, M: ttgl.constexpr, N: ttgl.constexpr, tl: ttgl.constexpr, rl: ttgl.constexpr,
           dt: ttgl.constexpr):
    t = allocate_tensor_memory(dt, [M, N], tl)
    x = t.load(rl)
    offs_m = ttgl.arange(0, M, layout=ttgl.SliceLayout(1, rl))
    offs_n = ttgl.arange(0, N, layout=ttgl.SliceLayout(0, rl))
    ttgl.store(out_ptr + offs_m[:, None] * N + offs_n[None, :], x)


CASES = [  # (blockM, blockN, col_stride, M, N, bits, warps, variant)
    (128, 128, 1, 128, 128, 32, 4, "32x32b"), (128, 128, 1, 128, 128, 32, 8, "32x32b"),
    (128, 256, 1, 128, 256, 32, 4, "32x32b"), (128, 64, 1, 128, 64, 32, 4, "16x256b"),
    (128, 64, 1, 128, 64, 32, 4, "16x128b"), (128, 64, 1, 128, 64, 32, 4, "16x64b"),
    (128, 128, 1, 128, 128, 32, 8, "16x256b"), (64, 64, 1, 64, 64, 32, 4, "32x32b"),
    (128, 64, 2, 128, 64, 16, 4, "32x32b"), (128, 128, 1, 128, 128, 16, 4, "32x32b"),
    (64, 128, 1, 128, 128, 32, 4, "16x64b"), (128, 32, 1, 256, 32, 32, 8, "32x32b"),
    (128, 128, 1, 128, 128, 8, 4, "32x32b"), (128, 64, 4, 128, 64, 8, 4, "32x32b"),
    (128, 64, 2, 128, 64, 16, 4, "16x64b"), (128, 64, 2, 128, 64, 16, 4, "16x256b"),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True)
    args = ap.parse_args()
    ok = 0
    for bm, bn, cs, m, n, bits, warps, variant in CASES:
        tl = TensorMemoryLayout(block=(bm, bn), col_stride=cs)
        rl = _compute_tmem_reg_layout(DT[bits], [m, n], [m, n], tl, warps, variant)
        src = GluonASTSource(fn=kernel, signature={"out_ptr": PTR[bits], "M": "constexpr", "N": "constexpr",
                                                   "tl": "constexpr", "rl": "constexpr", "dt": "constexpr"},
                             constexprs={"M": m, "N": n, "tl": tl, "rl": rl, "dt": DT[bits]},
                             attrs={(0,): [["tt.divisibility", 16]]})
        ptx = triton.compile(src, target=GPUTarget("cuda", 100, 32), options={"num_warps": warps}).asm["ptx"]
        lds = re.findall(r"tcgen05\.ld\.sync\.aligned\.(\w+)\.x(\d+)", ptx)
        mnemonics = set(re.findall(r"(tcgen05\.ld\.\S+)\s", ptx))
        r = json.loads(subprocess.run([args.cli, "tmem-reg-layout", "--tmem", repr(tl), "--shape", f"{m}x{n}", "--bits",
                                       str(bits), "--num-warps", str(warps), "--variant", variant],
                                      check=True, capture_output=True, text=True).stdout)
        shapes = {s for s, _ in lds}
        per = {int(x) * REGS[s] for s, x in lds}
        good = (shapes == {r["message"]} and len(lds) == r["tcgen05_per_warp"] and per == {r["registers_per_message"]}
                and mnemonics == {r["tcgen05_ld"]})
        ok += good
        print(f"{'ok ' if good else 'BAD'} {repr(tl)} {m}x{n} b{bits} w{warps} {variant}: PTX {len(lds)} x {sorted(set(lds))}; "
              f"CLI {r['tcgen05_per_warp']} x {r['message']} ({r['registers_per_message']} regs)")
    print(f"{ok} of {len(CASES)} match")


if __name__ == "__main__":
    main()
