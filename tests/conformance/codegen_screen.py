#!/usr/bin/env python3
"""Screens a model change on fresh kernels: plans a seed's kernels as
codegen_oracle.py does, asks two `layoutscope-cli` binaries (BASE, NEW) for
each one's ptx_per_thread, and compiles with this venv's Triton wheel only the
kernels whose two answers differ (--all: every planned kernel), so hundreds
of thousands can be planned and a few compiled.

Usage (inside a venv with triton 3.6.0 or 3.9.0):
  codegen_screen.py SEED OUTDIR --base CLI --new CLI [--sm90 N] [--sm100 N] [--sm80 N]
                    [--kinds padded,shared_linear,...] [--all] [--sass]
A CLI may be a wrapper script (for an environment switch). Writes OUTDIR/raw.jsonl
and OUTDIR/ptx/ (codegen_oracle.py run), OUTDIR/golden.jsonl (the compiled ones in
the golden format) and OUTDIR/screen.txt (per kernel: id, group, base=0/1,
new=0/1 for exact), and prints the counts.
"""
import argparse
import concurrent.futures
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import codegen_oracle as co  # noqa: E402
from codegen_golden import run_batch  # noqa: E402

WARM = {"id": -1, "group": "warm", "cc": 90, "mode": "convert", "kinds": [], "bits": 16, "num_warps": 4,
        "shape": [16, 16], "load": ("blocked", [1, 1], [4, 8], [4, 1], [1, 0]),
        "convert": ("blocked", [1, 1], [8, 4], [1, 4], [0, 1])}


def answers(cli, inputs):
    """Each input's report from CLI (None where it refused), 500 per process."""
    chunks = [inputs[i:i + 500] for i in range(0, len(inputs), 500)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        return [report for chunk in pool.map(lambda c: run_batch(cli, c), chunks) for report, _ in chunk]


def sass_of(report):
    """The report's SASS accesses (its instructions' `ptxas` objects) beside its PTX."""
    return report and (report["ptx_per_thread"], [ins.get("ptxas") for ins in report["instructions"]])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("seed", type=int)
    ap.add_argument("out")
    ap.add_argument("--base", required=True)
    ap.add_argument("--new", required=True)
    ap.add_argument("--sm90", type=int, default=200)
    ap.add_argument("--sm100", type=int, default=0)
    ap.add_argument("--sm80", type=int, default=0)
    ap.add_argument("--kinds", default="padded", help="shared kinds of the round trips (codegen_oracle.py --shared-kinds)")
    ap.add_argument("--all", action="store_true", help="compile every planned kernel")
    ap.add_argument("--sass", action="store_true",
                    help="compile where the SASS accesses differ too (ptxas_sass.py sass/check on OUTDIR/ptx)")
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()
    import triton
    from triton import knobs
    co.VERSION = ".".join(triton.__version__.split(".")[:2])
    co.SHARED_KINDS = a.kinds.split(",")
    knobs.runtime.add_stages_inspection_hook = co.no_cubin_hook
    os.makedirs(os.path.join(a.out, "ptx"), exist_ok=True)
    planned, inputs = [], []
    for case in co.plan(a.seed, a.sm90, 0, a.sm80, a.sm100):
        try:
            texts = {k: co.gluon_text(co.to_gluon(case[k])) for k in ("load", case["mode"])}
        except Exception:  # noqa: BLE001 - a layout Gluon refuses is no kernel
            continue
        planned.append(case)
        inputs.append(dict(texts, shape=case["shape"], bits=case["bits"], triton=co.VERSION,
                           target="sm_%d" % case["cc"]))
    base, new = answers(a.base, inputs), answers(a.new, inputs)
    key = sass_of if a.sass else lambda report: report and report["ptx_per_thread"]
    picked = [i for i in range(len(planned)) if a.all or key(base[i]) != key(new[i])]
    base = [report and report["ptx_per_thread"] for report in base]
    new = [report and report["ptx_per_thread"] for report in new]
    print("%d planned, %d to compile" % (len(planned), len(picked)), file=sys.stderr)
    raw = os.path.join(a.out, "raw.jsonl")
    co.compile_case(WARM, None)
    co.run_cases([planned[i] for i in picked], raw, min(max(a.workers, 1), 2), os.path.join(a.out, "ptx"), 180)
    co.golden(raw, os.path.join(a.out, "golden.jsonl"))
    recs = {}
    with open(raw) as f:
        for line in f:
            r = json.loads(line)
            recs[r["id"]] = r
    n = n_base = n_new = 0
    with open(os.path.join(a.out, "screen.txt"), "w") as f:
        for i in picked:
            r = recs.get(planned[i]["id"])
            if not r or r["status"] != "ok":
                continue
            b, w = base[i] == r["ptx_per_thread"], new[i] == r["ptx_per_thread"]
            n, n_base, n_new = n + 1, n_base + b, n_new + w
            f.write("%d %s base=%d new=%d\n" % (planned[i]["id"], planned[i]["group"], b, w))
    print("compiled %d: base exact %d, new exact %d" % (n, n_base, n_new))


if __name__ == "__main__":
    main()
