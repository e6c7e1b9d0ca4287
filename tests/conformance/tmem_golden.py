#!/usr/bin/env python3
"""ctest driver: layoutscope-cli against Triton 3.9's recorded TMEM answers.

Reads golden/tmem-3.9.jsonl (written by tmem_oracle.py with the triton==3.9.0
wheel; no wheel is needed here) and checks, case by case:
  - "tmem" cases: `bases --batch --triton 3.9` on the Gluon repr + shape and
    on the MLIR memdesc type gives exactly Triton's rows/cols bases; where
    Triton raised or aborted, the CLI must answer {"error": ...};
  - "reg" cases: `tmem-reg-layout` gives exactly Triton's register/lane/
    warp/block bases, or exits 2 with one line where Triton refused (None,
    an exception, or a crash).
Prints per-group counts and "N passed, M failed"; exit 0 only if all passed.
"""
import argparse
import collections
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MAX_DETAILS = 8


def bases_batch(cli, work, requests, name="tmem-batch"):
    """`bases --batch --triton 3.9` on the requests (one JSON object each): one answer per request."""
    path = os.path.join(work, name + ".jsonl")
    with open(path, "w") as f:
        for r in requests:
            f.write(json.dumps(r) + "\n")
    p = subprocess.run([cli, "bases", "--batch", path, "--triton", "3.9"], capture_output=True, text=True, timeout=600)
    lines = p.stdout.splitlines()
    if len(lines) != len(requests):
        sys.exit(f"error: bases --batch printed {len(lines)} lines for {len(requests)} inputs: {p.stderr[-300:]}")
    return [json.loads(l) for l in lines]


def check_tmem(case, answer):
    if "tmem" not in case:  # Triton raised or aborted
        return None if "error" in answer else f"Triton refused ({case.get('error') or case.get('abort')}); CLI answered"
    if "error" in answer:
        return "CLI error: " + answer["error"]
    got = answer.get("tmem") or {}
    if got.get("rows") != case["tmem"]["rows"] or got.get("cols") != case["tmem"]["cols"]:
        return f"expected {case['tmem']}, got rows={got.get('rows')} cols={got.get('cols')}"
    return None


def check_reg(cli, case):
    cmd = [cli, "tmem-reg-layout", "--tmem", case["layout"], "--shape", f"{case['shape'][0]}x{case['shape'][1]}",
           "--bits", str(case["bits"]), "--num-warps", str(case["num_warps"]), "--variant", case["variant"],
           "--triton", "3.9"]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    if "bases" not in case:
        if p.returncode != 2:
            return f"Triton refused ({case.get('refused') or case.get('abort')}); CLI exit {p.returncode}: {p.stdout.strip()}"
        if len(p.stderr.strip().splitlines()) != 1:
            return "refusal is not one line: " + p.stderr
        return None
    if p.returncode != 0:
        return "CLI refused: " + p.stderr.strip()
    got = json.loads(p.stdout)["bases"]
    if got != case["bases"]:
        return f"expected {case['bases']}, got {got}"
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True)
    ap.add_argument("--golden", default=os.path.join(HERE, "golden", "tmem-3.9.jsonl"))
    ap.add_argument("--work", required=True)
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    with open(args.golden) as f:
        cases = [json.loads(l) for l in f]
    table = collections.defaultdict(collections.Counter)
    failures = []

    def record(group, case, problem):
        table[group]["fail" if problem else "pass"] += 1
        if problem:
            failures.append((group, case, problem))

    tmem = [c for c in cases if c["case"] == "tmem"]
    for form in ("gluon", "mlir"):
        chosen = [c for c in tmem if form == "gluon" or "mlir" in c]
        reqs = [{"layout": c["layout"], "shape": c["shape"]} if form == "gluon" else {"layout": c["mlir"]} for c in chosen]
        for c, a in zip(chosen, bases_batch(args.cli, args.work, reqs)):
            group = "tmem/" + form + ("/ok" if "tmem" in c else "/refused")
            record(group, c, check_tmem(c, a))
    for c in cases:
        if c["case"] == "reg":
            record(f"reg/{c['variant']}/" + ("ok" if "bases" in c else "refused"), c, check_reg(args.cli, c))

    for group in sorted(table):
        print(f"{group:32s} {table[group]['pass']:6d} passed {table[group]['fail']:6d} failed")
    for group, case, problem in failures[:MAX_DETAILS]:
        print(f"--- {group}: {json.dumps({k: case[k] for k in case if k not in ('tmem', 'bases')})}\n    {problem}")
    passed = sum(t["pass"] for t in table.values())
    failed = sum(t["fail"] for t in table.values())
    print(f"{passed} passed, {failed} failed")
    sys.exit(0 if failed == 0 and passed > 0 else 1)


if __name__ == "__main__":
    main()
