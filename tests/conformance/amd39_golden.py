#!/usr/bin/env python3
"""ctest driver: layoutscope-cli against Triton 3.9's recorded AMD answers.

Reads golden/amd-3.9.jsonl (written by amd39_oracle.py with the
triton==3.9.0 wheel; no wheel is needed here) and runs `bases --batch
--triton 3.9` on every case's Gluon text + shape and, where Triton printed
one, on its MLIR type alone. Each answer must give exactly Triton's bases
(register/lane/warp/block, or offset/block for shared layouts); where Triton
raised or aborted, the CLI must answer {"error": ...} (one line). A
partitioned layout over a padded one, where to_linear_layout aborts, must
answer the recorded linear component (Triton's paddedLinearLayout), and
partitioned layouts' partition bases must follow Triton's rule.
Prints per-group counts and "N passed, M failed"; exit 0 only if all passed.
"""
import argparse
import collections
import json
import os
import re
import sys

from tmem_golden import bases_batch

HERE = os.path.dirname(os.path.abspath(__file__))
MAX_DETAILS = 8


def partition_rule(case):
    """Triton's partition bases (LinearLayoutConversions.cpp; its Python
    binding does not report them): numPartitions steps of the piece size
    along partitionDim. None where the piece layout is partitioned too."""
    if case["case"] != "partitioned" or case["layout"].count("PartitionedSharedLayout") > 1:
        return None
    parts, groups, pd = (int(re.search(k + r"=(\d+)", case["layout"]).group(1))
                         for k in ("num_partitions", "num_groups", "partition_dim"))
    piece = case["shape"][pd] // (parts * groups)
    return [[piece << i if d == pd else 0 for d in range(len(case["shape"]))] for i in range(parts.bit_length() - 1)]


def check(case, answer):
    if "linear_component" in case:  # a padded piece layout: Triton's paddedLinearLayout
        case = dict(case, bases=case["linear_component"])
    if case.get("error") == "SharedLinearLayout offset_bases must not be empty":
        # Gluon's Python class for the answer cannot hold a layout without
        # offset bits (every element placed by CTA/partition bits); the layout
        # itself is valid, so the CLI must answer it with no offset bases.
        offset = (answer.get("bases") or {}).get("offset")
        return None if offset == [] else f"expected an answer with no offset bases, got {answer}"
    if "bases" not in case:  # Triton raised or aborted
        if "error" not in answer:
            return f"Triton refused ({case.get('error') or case.get('abort')}); CLI answered"
        return None if "\n" not in answer["error"] else "refusal is not one line"
    if "error" in answer:
        return "CLI error: " + answer["error"]
    got = answer.get("bases") or {}
    want = case["bases"]
    diff = [k for k in want if got.get(k) != want[k]]
    if diff or answer.get("shape") != case["shape"]:
        return f"expected {want} shape {case['shape']}, got {got} shape {answer.get('shape')}"
    rule = partition_rule(case)
    if rule is not None and got.get("partition") != rule:
        return f"expected partition bases {rule}, got {got.get('partition')}"
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True)
    ap.add_argument("--golden", default=os.path.join(HERE, "golden", "amd-3.9.jsonl"))
    ap.add_argument("--work", required=True)
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    with open(args.golden) as f:
        cases = [json.loads(l) for l in f]
    table = collections.defaultdict(collections.Counter)
    failures = []
    for form in ("gluon", "mlir"):
        chosen = [c for c in cases if form == "gluon" or "mlir" in c]
        reqs = [{"layout": c["layout"], "shape": c["shape"]} if form == "gluon" else {"layout": c["mlir"]}
                for c in chosen]
        for c, a in zip(chosen, bases_batch(args.cli, args.work, reqs, "amd39-" + form)):
            group = f"{c['case']}/{form}/" + ("ok" if "bases" in c or "linear_component" in c else "refused")
            problem = check(c, a)
            table[group]["fail" if problem else "pass"] += 1
            if problem:
                failures.append((group, c, problem))
    for group in sorted(table):
        print(f"{group:28s} {table[group]['pass']:6d} passed {table[group]['fail']:6d} failed")
    for group, case, problem in failures[:MAX_DETAILS]:
        print(f"--- {group}: {json.dumps({k: case[k] for k in case if k != 'bases'})}\n    {problem}")
    passed = sum(t["pass"] for t in table.values())
    failed = sum(t["fail"] for t in table.values())
    print(f"{passed} passed, {failed} failed")
    sys.exit(0 if failed == 0 and passed > 0 else 1)


if __name__ == "__main__":
    main()
