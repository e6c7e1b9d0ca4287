#!/usr/bin/env python3
"""Writes tests/gpu/shared_cases.jsonl: the (register layout, shared layout,
bits, instruction) pairs whose shared-memory wavefronts the GPU test counts
and compares with the model. Cases the model refuses are left out (checked
with `layoutscope-cli gpu shared --source`, which needs no GPU).
    python3 tests/gpu/make_shared_cases.py build/bin/layoutscope-cli
"""
import json
import os
import subprocess
import sys

REG = {
    "row4": "BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0])",
    "row1": "BlockedLayout([1, 1], [1, 32], [4, 1], [1, 0])",
    "row8": "BlockedLayout([1, 8], [8, 4], [4, 1], [1, 0])",
    "col4": "BlockedLayout([4, 1], [8, 4], [1, 4], [0, 1])",
    "col1": "BlockedLayout([1, 1], [32, 1], [4, 1], [0, 1])",
    "sq2": "BlockedLayout([2, 2], [8, 4], [2, 2], [1, 0])",
    "mma_acc": "NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 2], instr_shape=[16, 8])",
    "dot_a": "DotOperandLayout(0, NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 2], instr_shape=[16, 8]), 2)",
    "dot_b": "DotOperandLayout(1, NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 2], instr_shape=[16, 8]), 2)",
}
SHARED = {
    "plain_rows": "SwizzledSharedLayout(1, 1, 1, [1, 0])",
    "plain_cols": "SwizzledSharedLayout(1, 1, 1, [0, 1])",
    "swz_8_1_8": "SwizzledSharedLayout(8, 1, 8, [1, 0])",
    "swz_4_2_4": "SwizzledSharedLayout(4, 2, 4, [1, 0])",
    "swz_1_1_8": "SwizzledSharedLayout(1, 1, 8, [1, 0])",
    "swz_2_4_2": "SwizzledSharedLayout(2, 4, 2, [1, 0])",
    "nvmma128": "NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth={bits})",
    "nvmma64": "NVMMASharedLayout(swizzle_byte_width=64, element_bitwidth={bits})",
    "nvmma32": "NVMMASharedLayout(swizzle_byte_width=32, element_bitwidth={bits})",
    "nvmma0": "NVMMASharedLayout(swizzle_byte_width=0, element_bitwidth={bits})",
}


def cases():
    for bits in (16, 32):
        for r in ("row4", "row1", "row8", "col4", "col1", "sq2", "mma_acc"):
            for s in ("plain_rows", "plain_cols", "swz_8_1_8", "swz_4_2_4", "nvmma128", "nvmma64"):
                yield {"name": f"{r}-{s}-{bits}", "reg": REG[r], "shared": SHARED[s].format(bits=bits),
                       "shape": [64, 64], "bits": bits}
    for bits in (8, 64):
        for r in ("row4", "col1", "sq2"):
            for s in ("plain_rows", "swz_1_1_8", "swz_2_4_2", "nvmma128", "nvmma0"):
                yield {"name": f"{r}-{s}-{bits}", "reg": REG[r], "shared": SHARED[s].format(bits=bits),
                       "shape": [64, 64], "bits": bits}
    # MMA operands read with ldmatrix (16-bit) from NVMMA and swizzled layouts.
    for op, trans in (("dot_a", False), ("dot_b", True)):
        for s in ("nvmma128", "nvmma64", "nvmma32", "swz_8_1_8", "plain_rows"):
            yield {"name": f"{op}-{s}-ldmatrix", "reg": REG["row8"], "load_reg": REG[op],
                   "shared": SHARED[s].format(bits=16), "shape": [64, 64], "bits": 16,
                   "load": "ldmatrix.x4" + (".trans" if trans else "")}


def main():
    cli = sys.argv[1]
    kept = []
    for c in cases():
        args = [cli, "gpu", "shared", "--reg", c["reg"], "--shared", c["shared"], "--shape", "64x64",
                "--bits", str(c["bits"]), "--source"]
        if "load_reg" in c:
            args += ["--load-reg", c["load_reg"]]
        if "load" in c:
            args += ["--load-instr", c["load"]]
        p = subprocess.run(args, capture_output=True, text=True)
        if p.returncode == 0:
            kept.append(c)
        else:
            print(f"left out {c['name']}: {p.stderr.strip()}")
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "shared_cases.jsonl")
    with open(out, "w") as f:
        for c in kept:
            f.write(json.dumps(c) + "\n")
    print(f"wrote {len(kept)} cases to {out}")


if __name__ == "__main__":
    main()
