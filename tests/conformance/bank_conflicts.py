#!/usr/bin/env python3
"""ctest driver: Triton's bank-conflict count against `layoutscope-cli bank-conflicts`.

1. Ensure a venv with triton==3.6.0 (shared with run_conformance.py; skip with
   77 when the package index cannot be reached).
2. In that venv (this script re-run with --generate), draw random cases with a
   fixed seed: a shared layout (swizzled, NVMMA, shared-linear; padded ones abort Triton 3.6) with its
   shape, a distributed NVIDIA layout (32 lanes, one CTA) of the same rank
   (blocked, MMA v2/v3, dot operand, linear, slice) and an element size of 8,
   16, 32 or 64 bits; ask Triton for get_shared_bank_conflicts(reg, shared,
   shape, bits) in a forked child per case (some shared layouts abort Triton,
   which then costs that case only). Cases are cached in --work.
3. Run `layoutscope-cli bank-conflicts --batch` over the cases (Gluon reprs +
   shape + bits) and require conflicts_per_wavefront to equal Triton's number
   for every case. Prints the first mismatches and "N passed, M failed".
"""
import argparse
import collections
import hashlib
import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MAX_DETAILS = 8


# ------------------------------------------------------------ generation (venv)

def generate(out, seed, count):
    sys.path.insert(0, HERE)
    import triton_oracle as T  # the layout generators of the core conformance test

    ttgl, b = T.ttgl, T.BUILDER
    rng = random.Random(seed)
    shared_kinds = ["swizzled", "swizzled", "nvmma", "nvmma", "shared_linear"]  # padded aborts in 3.6

    def reg_layout(rank):
        pick = rng.choice(["blocked", "blocked", "blocked", "mma_v2", "mma_v3", "dot", "linear", "slice"])
        if pick == "mma_v3" and rank == 2:
            return T.gen_mma_v3(rng)
        if pick == "mma_v2" and rank >= 2:
            return T.gen_mma_v2(rng, rank)
        if pick == "dot" and rank >= 2:
            _, parent = T.gen_mma_v2(rng, rank)
            return "dot_operand/mma_v2", ttgl.DotOperandLayout(rng.randrange(2), parent, rng.choice([1, 2, 4, 8]))
        if pick == "linear":
            return T.gen_linear(rng, rank)
        if pick == "slice" and rank <= 2:
            _, parent = T.gen_blocked(rng, rank + 1)
            return "slice/blocked", ttgl.SliceLayout(rng.randrange(rank + 1), parent)
        return T.gen_blocked(rng, rank)

    def oracle(reg, shared, shape, bits):
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 2)  # Triton's abort messages
            try:
                ll = b.to_linear_layout(reg._to_ir(b), shape)
                ok = len(ll.lane_bases) == 5 and not ll.block_bases
                v = b.get_shared_bank_conflicts(reg._to_ir(b), shared._to_ir(b), shape, bits) if ok else "skip"
                os.write(w, json.dumps(v).encode())
            except Exception as e:  # Gluon rejected the parameters
                os.write(w, json.dumps("error: " + str(e)[:100]).encode())
            os._exit(0)
        os.close(w)
        data = b""
        while True:
            chunk = os.read(r, 4096)
            if not chunk:
                break
            data += chunk
        os.close(r)
        _, status = os.waitpid(pid, 0)
        if not data or status != 0:
            return "abort"
        return json.loads(data)

    stats = collections.Counter()
    with open(out + ".tmp", "w") as f:
        n = 0
        while n < count:
            kind = rng.choice(shared_kinds)
            drawn = T.draw_case(rng, kind)
            if drawn is None:
                stats["shared rejected"] += 1
                continue
            shared, shape = drawn["layout"], drawn["shape"]
            if getattr(shared, "cga_layout", None) or getattr(shared, "block_bases", None):
                stats["multi-CTA skipped"] += 1
                continue
            try:
                variant, reg = reg_layout(len(shape))
            except (AssertionError, ValueError):
                stats["reg rejected"] += 1
                continue
            if getattr(reg, "cga_layout", None):
                stats["multi-CTA skipped"] += 1
                continue
            bits = shared.element_bitwidth if kind == "nvmma" else rng.choice([8, 16, 32, 64])
            v = oracle(reg, shared, shape, bits)
            if not isinstance(v, int):
                stats["abort" if v == "abort" else "skip" if v == "skip" else "rejected by Triton"] += 1
                continue
            f.write(json.dumps({"kind": f"{kind} x {variant.split('/')[0]}", "reg": repr(reg), "shared": repr(shared),
                                "shape": shape, "bits": bits, "expected": v}) + "\n")
            n += 1
    os.replace(out + ".tmp", out)
    print("generation:", dict(stats), flush=True)


# ------------------------------------------------------------ comparison

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli")
    ap.add_argument("--venv")
    ap.add_argument("--work")
    ap.add_argument("--seed", type=int, default=4)
    ap.add_argument("--count", type=int, default=1200)
    ap.add_argument("--generate", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.generate:
        generate(a.generate, a.seed, a.count)
        return 0
    sys.path.insert(0, HERE)
    from run_conformance import ensure_venv
    py = ensure_venv(a.venv)
    os.makedirs(a.work, exist_ok=True)
    with open(os.path.abspath(__file__), "rb") as f:
        key = hashlib.sha256(f.read() + f"|{a.seed}|{a.count}".encode()).hexdigest()[:16]
    cases_path = os.path.join(a.work, f"bank-cases-{key}.jsonl")
    if not os.path.exists(cases_path):
        print(f"generating {a.count} cases with Triton (seed {a.seed}) ...", flush=True)
        subprocess.run([py, os.path.abspath(__file__), "--generate", cases_path, "--seed", str(a.seed),
                        "--count", str(a.count)], check=True)
    with open(cases_path) as f:
        cases = [json.loads(line) for line in f]
    batch = os.path.join(a.work, "bank-batch.jsonl")
    with open(batch, "w") as f:
        for c in cases:
            f.write(json.dumps({"reg": c["reg"], "shared": c["shared"], "shape": c["shape"], "bits": c["bits"]}) + "\n")
    p = subprocess.run([a.cli, "bank-conflicts", "--batch", batch, "--triton", "3.6"], capture_output=True, text=True)
    if p.returncode != 0:
        print(f"error: the CLI failed ({p.returncode}): {p.stderr.strip()[-500:]}")
        return 1
    answers = [json.loads(line) for line in p.stdout.splitlines()]
    if len(answers) != len(cases):
        print(f"error: {len(cases)} cases but {len(answers)} answers")
        return 1
    per_kind = collections.defaultdict(lambda: [0, 0])
    passed = failed = shown = 0
    for c, ans in zip(cases, answers):
        ok = ans.get("conflicts_per_wavefront") == c["expected"]
        per_kind[c["kind"]][0 if ok else 1] += 1
        if ok:
            passed += 1
            continue
        failed += 1
        if shown < MAX_DETAILS:
            shown += 1
            print(f"MISMATCH {c['kind']}: expected {c['expected']}, got {ans}\n  reg    {c['reg']}\n"
                  f"  shared {c['shared']}\n  shape {c['shape']} bits {c['bits']}")
    for k in sorted(per_kind):
        print(f"  {k:40s} {per_kind[k][0]:5d} passed {per_kind[k][1]:5d} failed")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and passed >= 1000 else 1


if __name__ == "__main__":
    sys.exit(main())
