#!/usr/bin/env python3
"""Recompile one golden codegen case with the Triton wheel of this venv and
write its TTGIR, LLVM IR and PTX, to see which accesses Triton's lowering
emits (LLVM IR) before LLVM merges or splits them (PTX).

Usage (inside a venv with triton 3.6.0 or 3.9.0):
  codegen_case_ir.py GOLDEN.jsonl[.gz] LINE OUTDIR      LINE counts from 1
Prints the case's counts, the golden counts and the shared loads/stores of
the LLVM IR; exits 1 when the fresh counts differ from the golden ones.
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import codegen_oracle as co  # noqa: E402
from codegen_golden import read_jsonl  # noqa: E402


def layout(text):
    import triton.experimental.gluon.language as gl
    try:
        return eval(text, dict(vars(gl)))  # the golden files hold Gluon repr() text
    except TypeError:  # 3.9 spells PaddedSharedLayout's block_bases= as cga_layout=
        return eval(text.replace("block_bases=", "cga_layout="), dict(vars(gl)))


def compile_case(case, live=False):
    """One golden case compiled by this venv's Triton (LIVE False, as the golden
    files; True: the barrier tests/gpu/triton_wavefronts.py --live runs)."""
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.experimental.gluon._runtime import GluonASTSource
    co.VERSION = ".".join(triton.__version__.split(".")[:2])
    mode = "convert" if "convert" in case else "via_shared" if "via_shared" in case else "copy"
    shape = case["shape"]
    sig = {"in_ptr": co.DTYPE[case["bits"]], "out_ptr": co.DTYPE[case["bits"]], "M": "constexpr", "N": "constexpr",
           "R": "constexpr"}
    consts = {"M": shape[0], "N": shape[1], "R": layout(case["load"])}
    if mode != "copy":
        key = "R2" if mode == "convert" else "S"
        sig[key], consts[key] = "constexpr", layout(case[mode])
        sig["LIVE"], consts["LIVE"] = "constexpr", live
    attrs = {(0,): [["tt.divisibility", 16]], (1,): [["tt.divisibility", 16]]}
    src = GluonASTSource(fn=co.kernels()[mode], signature=sig, constexprs=consts, attrs=attrs)
    k = triton.compile(src, target=GPUTarget("cuda", int(case["target"][3:]), 32),
                       options={"num_warps": case["num_warps"]})
    return k


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    path, line_no, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    case = read_jsonl(path)[line_no - 1]
    k = compile_case(case)
    os.makedirs(out, exist_ok=True)
    for ext in ("ttgir", "llir", "ptx"):
        with open(os.path.join(out, f"case-{line_no}.{ext}"), "w") as f:
            f.write(k.asm[ext])
    counts, _ = co.count_ptx(k.asm["ptx"])
    print("fresh ", json.dumps(counts, sort_keys=True))
    print("golden", json.dumps(case["ptx_per_thread"], sort_keys=True))
    for ln in k.asm["llir"].splitlines():
        if re.search(r"\b(load|store) .*addrspace\(3\)", ln):
            print(ln.split(", !dbg")[0].strip())
    sys.exit(0 if counts == case["ptx_per_thread"] else 1)


if __name__ == "__main__":
    main()
