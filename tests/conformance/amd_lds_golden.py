#!/usr/bin/env python3
"""ctest driver: `layoutscope-cli lds` against the AMD LDS instructions of
Triton's own compiles (golden/amd-lds.jsonl: 400 cases of 3.9, 120 of 3.6, written by
amd_lds_oracle.py; no wheel is needed here).

Per case and side (local_store from R, local_load into R2) the CLI's
amdgcn_per_thread must equal the assembly's ds_* counts, the _d16 / _d16_hi
forms counted as their plain forms (core/codegen/amd_lds.h does not model
which half of a register a sub-word access uses). Prints the match per class
(padded shared layouts apart: the backend splits their accesses by the
alignment it can prove) and exits 1 when a class falls below its floor.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# Lowest accepted share of exact matches per class (measured: see
# docs/codegen.md, "AMD LDS"); a regression of the model fails the test.
FLOORS = {"swizzled": 0.96, "dot_load": 0.98, "padded": 0.88}


def plain(counts):
    out = collections.Counter()
    for m, n in counts.items():
        out[re.sub(r"_d16(_hi)?$", "", m)] += n
    return dict(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True)
    ap.add_argument("--golden", default=os.path.join(HERE, "golden", "amd-lds.jsonl"))
    ap.add_argument("--show", type=int, default=5)
    args = ap.parse_args()
    table = collections.defaultdict(collections.Counter)
    misses = []
    for line in open(args.golden):
        case = json.loads(line)
        if "store" not in case:
            continue
        cmd = [args.cli, "lds", "--shared", case["S"], "--store", case["R"], "--load", case["R2"], "--shape",
               "x".join(map(str, case["shape"])), "--bits", str(case["bits"]), "--arch", case["target"],
               "--triton", case["triton"][:3]]
        out = subprocess.run(cmd, capture_output=True, text=True)
        answer = json.loads(out.stdout) if out.returncode == 0 else {}
        for side, key in (("store", "local_store"), ("load", "local_load")):
            cls = ("padded" if case["S"].startswith("Padded") else
                   "dot_load" if side == "load" and case["R2"].startswith("DotOperand") else "swizzled")
            got = answer.get(key, {}).get("amdgcn_per_thread", out.stderr.strip())
            ok = got == plain(case[side])
            table[cls]["pass" if ok else "fail"] += 1
            if not ok:
                misses.append((cls, case["case"], side, plain(case[side]), got))
    failed = False
    for cls in sorted(table):
        n = table[cls]["pass"] + table[cls]["fail"]
        share = table[cls]["pass"] / n
        failed |= share < FLOORS[cls]
        print(f"{cls:10s} {table[cls]['pass']:5d} / {n:5d} exact ({100 * share:.1f}%, floor {100 * FLOORS[cls]:.0f}%)")
    for cls, i, side, want, got in misses[:args.show]:
        print(f"--- {cls} case {i} {side}: assembly {want}, model {got}")
    sys.exit(1 if failed or not table else 0)


if __name__ == "__main__":
    main()
