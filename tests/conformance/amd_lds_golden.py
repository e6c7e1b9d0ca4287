#!/usr/bin/env python3
"""ctest driver: `layoutscope-cli lds` against the AMD LDS instructions of
Triton's own compiles (golden/amd-lds.jsonl: 400 round trips of 3.9, 120 of 3.6;
golden/amd-lds-convert.jsonl: 300 convert_layout kernels of 3.9, 120 of 3.6;
golden/amd-lds-shuffle.jsonl: 300 conversions inside waves per version;
written by amd_lds_oracle.py [--convert | --shuffle]; no wheel is needed here).

Per case and side (local_store from R, local_load into R2) the CLI's
amdgcn_per_thread must equal the assembly's ds_* counts, the _d16 / _d16_hi
forms counted as their plain forms (core/codegen/amd_lds.h does not model
which half of a register a sub-word access uses). Prints the match per class
(padded shared layouts apart: the backend splits their accesses by the
alignment it can prove) and exits 1 when a class falls below its floor.
Conversions: the path (free / warp_shuffle / shared_memory, from which ds_*
the assembly has), the ds_bpermute_b32 count of a shuffle, the scratch bytes
and each side's ds_* counts. Conversions inside waves (cvt_wave): through LDS
exactly when the assembly writes LDS, otherwise the ds_* lane exchanges
(ds_bpermute_b32, ds_swizzle_b32; none for DPP and permlane swaps) equal.
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
FLOORS = {"swizzled": 0.96, "dot_load": 0.98, "padded": 0.88, "cvt_path": 0.99, "cvt_shuffle": 1.0,
          "cvt_scratch": 0.99, "cvt_store": 0.97, "cvt_load": 0.95, "cvt_wave": 0.98}


def plain(counts):
    out = collections.Counter()
    for m, n in counts.items():
        out[re.sub(r"_d16(_hi)?$", "", m)] += n
    return dict(out)


def lds_convert(cli, case):
    """`lds --convert` on a recorded conversion; on failure its stderr as the path."""
    cmd = [cli, "lds", "--store", case["R"], "--convert", case["R2"], "--shape", "x".join(map(str, case["shape"])),
           "--bits", str(case["bits"]), "--arch", case["target"], "--triton", case["triton"][:3]]
    out = subprocess.run(cmd, capture_output=True, text=True)
    return json.loads(out.stdout) if out.returncode == 0 else {"path": out.stderr.strip()}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True)
    ap.add_argument("--golden", default=os.path.join(HERE, "golden", "amd-lds.jsonl"))
    ap.add_argument("--golden-convert", default=os.path.join(HERE, "golden", "amd-lds-convert.jsonl"))
    ap.add_argument("--golden-shuffle", default=os.path.join(HERE, "golden", "amd-lds-shuffle.jsonl"))
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
    for line in open(args.golden_convert):
        case = json.loads(line)
        if "store" not in case:
            continue
        answer = lds_convert(args.cli, case)
        want = ("shared_memory" if case["store"] or case["load"] else
                "warp_shuffle" if "ds_bpermute_b32" in case["other"] else "free")
        checks = [("cvt_path", want, answer.get("path"))]
        if want == "warp_shuffle":
            checks.append(("cvt_shuffle", case["other"], answer.get("amdgcn_per_thread")))
        if want == "shared_memory" and answer.get("path") == want:
            checks += [("cvt_scratch", case["shared_bytes"], answer["scratch_bytes"]),
                       ("cvt_store", plain(case["store"]), answer["store"]["amdgcn_per_thread"]),
                       ("cvt_load", plain(case["load"]), answer["load"]["amdgcn_per_thread"])]
        for cls, w, got in checks:
            table[cls]["pass" if w == got else "fail"] += 1
            if w != got:
                misses.append((cls, case["case"], "convert", w, got))
    for line in open(args.golden_shuffle):
        case = json.loads(line)
        if "store" not in case:
            continue
        answer = lds_convert(args.cli, case)
        if case["store"] or case["load"]:
            want, got = "shared_memory", answer.get("path")
        else:
            want = case["other"]
            got = answer.get("amdgcn_per_thread", {}) if answer.get("path") != "shared_memory" else "shared_memory"
        table["cvt_wave"]["pass" if want == got else "fail"] += 1
        if want != got:
            misses.append(("cvt_wave", case["case"], case["target"] + " " + case["triton"][:3], want, got))
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
