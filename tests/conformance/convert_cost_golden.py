#!/usr/bin/env python3
"""Holds `layoutscope-cli convert-cost` to Triton's PTX: for every convert_layout kernel of the
golden files tests/conformance/golden/codegen-*.jsonl(.gz) (gl.load, convert_layout, gl.store, compiled
by the real wheels) the convert's own instructions -- every ld/st.shared, ldmatrix, stmatrix and shfl
mnemonic with its count per thread -- and its scratch bytes must equal Triton's (the kernel has no
other shared memory), and the path must agree with them (shfl: warp_shuffle; shared instructions:
shared_memory; neither: free or register_permutation).

Prints the exact count per class VERSION/TARGET. Fails (exit 1) when convert-cost disagrees with
`codegen --convert` for the same pair (one model, two commands) or with the golden file in a class
given with --require (e.g. '3.6/sm_100'); exit 77 without golden files."""
import argparse
import collections
import concurrent.futures
import json
import os
import subprocess
import sys

from codegen_golden import golden_cases, run_batches

SKIP = 77


def convert_part(ptx):
    return {k: n for k, n in ptx.items() if not k.startswith(("ld.global", "st.global"))}


def path_of(ptx):
    if any(k.startswith("shfl") for k in ptx):
        return "warp_shuffle"
    if ptx:
        return "shared_memory"
    return "registers"


def run(cli, args):
    p = subprocess.run([cli] + args, capture_output=True, text=True)
    if p.returncode != 0:
        return None, (p.stderr.strip() or "exit %d" % p.returncode).splitlines()[-1]
    return json.loads(p.stdout), None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("cli")
    ap.add_argument("--golden-dir", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden"))
    ap.add_argument("--require", default="", help="comma-separated classes VERSION/TARGET that must match exactly")
    ap.add_argument("--show", type=int, default=3)
    args = ap.parse_args()
    cases = [c for c in golden_cases(args.golden_dir) if "convert" in c]
    if not cases:
        print("SKIP: no golden file tests/conformance/golden/codegen-*.jsonl")
        return SKIP
    required = {c for c in args.require.split(",") if c}
    stats = collections.OrderedDict()
    shown = collections.Counter()
    disagree = 0

    def cost(case):
        common = ["--shape", "x".join(str(d) for d in case["shape"]), "--bits", str(case["bits"]),
                  "--triton", case["triton"], "--target", case["target"]]
        return run(args.cli, ["convert-cost", "--src", case["load"], "--dst", case["convert"]] + common)

    # convert-cost one process per kernel, as many at a time as there are cores; codegen in batches
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        costs = list(pool.map(cost, cases))
    refs = run_batches(args.cli, cases, os.cpu_count() or 1)
    for case, (got, err), (ref, err2) in zip(cases, costs, refs):
        cls = "%s/%s" % (case["triton"], case["target"])
        st = stats.setdefault(cls, [0, 0])
        st[1] += 1
        err2 = err2 and err2[0]
        want = convert_part(case["ptx_per_thread"])
        ok = got is not None and got["ptx_per_thread"] == want
        if ok and path_of(want) == "shared_memory":
            ok = got["scratch_bytes"] == case["shared_bytes"] and got["kind"] == "shared_memory"
        elif ok:
            ok = (got["kind"] == "warp_shuffle") == (path_of(want) == "warp_shuffle") and got["scratch_bytes"] == 0
        if got is not None and ref is not None and (got["ptx_per_thread"] != convert_part(ref["ptx_per_thread"]) or
                                                    got["scratch_bytes"] != ref["shared_bytes"] or
                                                    got["kind"] != ref["path"]):
            disagree += 1
            print("DISAGREES WITH CODEGEN %s: %s vs %s" % (cls, json.dumps(got), json.dumps(ref)))
        if ok:
            st[0] += 1
        elif shown[cls] < args.show:
            shown[cls] += 1
            what = err or err2 or {"convert-cost": {k: got[k] for k in ("kind", "ptx_per_thread", "scratch_bytes")},
                                   "triton": {"ptx_per_thread": want, "shared_bytes": case["shared_bytes"]}}
            print("MISMATCH %s %s -> %s %s: %s" % (cls, case["load"], case["convert"], case["shape"], json.dumps(what)))
    total = [0, 0]
    failed = disagree > 0
    for cls, (ok, n) in stats.items():
        print("%-12s %5d / %5d exact" % (cls, ok, n))
        total[0] += ok
        total[1] += n
        failed = failed or (cls in required and ok != n)
    print("%-12s %5d / %5d exact" % ("all", total[0], total[1]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
