#!/usr/bin/env python3
"""Do Triton's own golden round-trip kernels compute the right thing?

Runs golden via_shared kernels (tests/conformance/golden/codegen-*.jsonl) with
the Triton installed here, on this machine's GPU, one child process per case
(a fault ends only that case): the input is a distinct value per element, the
kernel stores it to shared memory with S and loads it back with R, and every
output element must equal its input. Prints one line per case: "ok", "wrong N
of M", or the CUDA error (e.g. "misaligned address", which `codegen` names as
its `hardware_fault`).

Usage (on the GPU machine):
  triton_roundtrips.py GOLDEN.jsonl:LINE ...         one case per argument
  triton_roundtrips.py --list FILE [--jobs 12]       FILE: GOLDEN.jsonl:LINE per line
"""
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))


def run_one(spec):
    import torch
    import triton.experimental.gluon.language as gl
    sys.path.insert(0, os.path.join(HERE, "..", "conformance"))
    import codegen_oracle as co

    def layout(text):
        try:
            return eval(text, dict(vars(gl)))  # the golden files hold Gluon repr() text
        except TypeError:  # 3.9 spells PaddedSharedLayout's block_bases= as cga_layout=
            return eval(text.replace("block_bases=", "cga_layout="), dict(vars(gl)))

    path, line = spec.rsplit(":", 1)
    with open(path) as f:
        c = json.loads(f.readlines()[int(line) - 1])
    m, n = c["shape"]
    dtype = {8: torch.int8, 16: torch.float16, 32: torch.float32}[c["bits"]]
    x = (torch.arange(m * n, device="cuda") % 113 + 1).to(dtype).reshape(m, n)
    y = torch.zeros_like(x)
    co.kernels()["via_shared"][(1,)](x, y, m, n, layout(c["load"]), layout(c["via_shared"]), False,
                                     num_warps=c["num_warps"])
    torch.cuda.synchronize()
    bad = int((x != y).sum().item())
    print("ok" if bad == 0 else f"wrong {bad} of {m * n}")


def child(spec):
    out = subprocess.run([sys.executable, __file__, "--one", spec], capture_output=True, text=True, timeout=300)
    if out.returncode == 0:
        return f"{spec} {out.stdout.strip()}"
    err = [l for l in out.stderr.splitlines() if "CUDA error:" in l] or out.stderr.strip().splitlines()[-1:]
    return f"{spec} error: {err[-1].split('CUDA error: ')[-1] if err else out.returncode}"


def main():
    a = sys.argv[1:]
    if len(a) == 2 and a[0] == "--one":
        run_one(a[1])
        return
    jobs = 12
    if "--jobs" in a:
        jobs = int(a[a.index("--jobs") + 1])
        del a[a.index("--jobs"):a.index("--jobs") + 2]
    if a[:1] == ["--list"]:
        with open(a[1]) as f:
            specs = [l.strip() for l in f if l.strip()]
    elif a:
        specs = a
    else:
        sys.exit(__doc__)
    with ThreadPoolExecutor(jobs) as ex:
        for line in ex.map(child, specs):
            print(line, flush=True)


if __name__ == "__main__":
    main()
