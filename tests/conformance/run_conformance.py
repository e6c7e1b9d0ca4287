#!/usr/bin/env python3
"""ctest driver: check `layoutscope-cli bases` against Triton 3.6.0 (live), or
against a recorded golden file (--golden, e.g. golden/distributed-3.9.jsonl
written by triton_oracle.py with the 3.9.0 wheel; --triton 3.9).

1. Ensure a venv with triton==3.6.0 at --venv (reused when already present).
   If the package index cannot be reached, print one line and exit 77 (skip).
2. Generate random layout cases with triton_oracle.py (cached in --work,
   keyed by seed, counts and the oracle script's hash): distributed kinds and
   shared kinds (swizzled, NVMMA, shared-linear, padded).
3. Run the CLI in batch mode twice: with the Gluon repr + shape, and with the
   MLIR type alone (tensor<...> for distributed layouts, !ttg.memdesc<...> for
   shared ones).  Compare every in-dimension's bases exactly: register, lane,
   warp, block for distributed layouts; offset, block for shared ones.
4. Print a per-kind table, the first mismatches in detail and a final
   "N passed, M failed" line.  Exit 0 only if everything passed.
"""
import argparse
import collections
import fcntl
import hashlib
import json
import os
import subprocess
import sys
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ORACLE = os.path.join(HERE, "triton_oracle.py")
TRITON_VERSION = "3.6.0"
DISTRIBUTED_IN_DIMS = ("register", "lane", "warp", "block")
SHARED_IN_DIMS = ("offset", "block")
SKIP = 77
MAX_DETAILS_PER_FORM = 5  # mismatches printed in full, per input form
# The CLI refuses (rather than answer wrongly) layouts whose 3.9 form it does
# not model yet; those are counted apart and listed by kind.
UNMODELED = "not modeled for Triton 3.9"


def skip(msg):
    print(f"SKIP: {msg}", flush=True)
    sys.exit(SKIP)


def venv_python(venv):
    return os.path.join(venv, "bin", "python")


def has_triton(py):
    if not os.path.exists(py):
        return False
    probe = subprocess.run([py, "-c", "import triton; print(triton.__version__)"], capture_output=True, text=True)
    return probe.returncode == 0 and probe.stdout.strip() == TRITON_VERSION


def ensure_venv(venv):
    """Return the venv's python, creating the venv / installing triton if needed.

    Several conformance tests share the venv and ctest runs them in parallel:
    a lock file beside the venv lets one of them install while the others wait.
    """
    os.makedirs(os.path.dirname(os.path.abspath(venv)), exist_ok=True)
    with open(os.path.abspath(venv) + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _ensure_venv_locked(venv)


def _ensure_venv_locked(venv):
    py = venv_python(venv)
    if has_triton(py):
        return py
    index = os.environ.get("PIP_INDEX_URL", "https://pypi.org/simple").rstrip("/")
    try:
        urllib.request.urlopen(f"{index}/triton/", timeout=20).close()
    except Exception as e:
        skip(f"cannot reach the Python package index {index} to install triton=={TRITON_VERSION} ({e})")
    if not os.path.exists(py):
        made = subprocess.run([sys.executable, "-m", "venv", venv], capture_output=True, text=True)
        if made.returncode != 0:
            skip(f"'{sys.executable} -m venv' failed (is the venv module installed?): {made.stderr.strip()[-300:]}")
    print(f"installing triton=={TRITON_VERSION} into {venv} ...", flush=True)
    pip = subprocess.run([py, "-m", "pip", "install", "--disable-pip-version-check", "-q", f"triton=={TRITON_VERSION}"])
    if pip.returncode != 0 or not has_triton(py):
        sys.exit(f"error: installing triton=={TRITON_VERSION} into {venv} failed")
    return py


def generate_cases(py, work, seed, per_kind, shared_per_kind):
    """Run the oracle unless a cached case file for these inputs exists."""
    with open(ORACLE, "rb") as f:
        key = hashlib.sha256(f.read() + f"|{seed}|{per_kind}|{shared_per_kind}".encode()).hexdigest()[:16]
    path = os.path.join(work, f"cases-{key}.jsonl")
    if not os.path.exists(path):
        for stale in os.listdir(work):  # cases from another seed/count/oracle version
            if stale.startswith("cases-"):
                os.remove(os.path.join(work, stale))
        print(f"generating cases (seed {seed}, {per_kind} per distributed kind, {shared_per_kind} per shared kind) "
              f"-> {path}", flush=True)
        run = subprocess.run([py, ORACLE, path, "--seed", str(seed), "--per-kind", str(per_kind),
                              "--shared-per-kind", str(shared_per_kind)])
        if run.returncode != 0:
            sys.exit("error: triton_oracle.py failed")
    else:
        print(f"using cached cases {path}", flush=True)
    with open(path) as f:
        cases = [json.loads(line) for line in f]
    with open(path + ".stats.json") as f:
        stats = json.load(f)
    return cases, stats


def run_cli(cli, work, form, requests, triton):
    """Run `cli bases --batch` on the requests; return one parsed answer per request
    (a dict, or {"error": ...} describing why there is no usable answer)."""
    batch = os.path.join(work, f"batch-{form}.jsonl")
    with open(batch, "w") as f:
        for req in requests:
            f.write(json.dumps(req) + "\n")
    try:
        proc = subprocess.run([cli, "bases", "--batch", batch, "--triton", triton], capture_output=True, text=True, timeout=1200)
    except subprocess.TimeoutExpired:
        return [{"error": "CLI timed out"}] * len(requests)
    except OSError as e:
        sys.exit(f"error: cannot run {cli}: {e}")
    lines = proc.stdout.splitlines()
    answers = []
    for i in range(len(requests)):
        if i >= len(lines):
            answers.append({"error": f"no output line (CLI exit status {proc.returncode}; "
                                     f"stderr: {proc.stderr.strip()[-200:]!r})"})
            continue
        try:
            answer = json.loads(lines[i])
            answers.append(answer if isinstance(answer, dict) else {"error": f"not a JSON object: {lines[i]!r}"})
        except json.JSONDecodeError:
            answers.append({"error": f"not JSON: {lines[i]!r}"})
    if len(lines) > len(requests):
        print(f"warning: CLI printed {len(lines)} lines for {len(requests)} inputs ({form} form)")
    return answers


def in_dims(case):
    """The in-dimensions of a case: shared layouts have offset/block bases."""
    return SHARED_IN_DIMS if "offset" in case["bases"] else DISTRIBUTED_IN_DIMS


def compare(case, answer):
    """Return None when the answer matches, else a list of differing parts."""
    if "error" in answer:
        return ["unmodeled"] if UNMODELED in answer["error"] else ["error"]
    got = answer.get("bases")
    if not isinstance(got, dict):
        return ["bases"]
    diffs = [d for d in in_dims(case) if got.get(d) != case["bases"][d]]
    if answer.get("shape") != case["shape"]:
        diffs.append("shape")
    return diffs or None


def print_mismatch(n, form, case, request, answer, diffs):
    print(f"--- mismatch {n}: kind={case['kind']} variant={case['variant']} form={form} differs in {', '.join(diffs)}")
    print(f"  input:    {json.dumps(request)}")
    print(f"  shape:    expected {case['shape']}  got {answer.get('shape')}")
    if "error" in answer:
        print(f"  error:    {answer['error']}")
    for d in in_dims(case):
        mark = "!=" if d in diffs else "=="
        print(f"  {d:8s}  expected {json.dumps(case['bases'][d])}")
        if "error" not in answer:
            print(f"  {'':8s}  {mark} got  {json.dumps((answer.get('bases') or {}).get(d))}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True, help="path to layoutscope-cli")
    ap.add_argument("--venv", help="virtual environment holding triton (created if missing)")
    ap.add_argument("--work", required=True, help="directory for cached cases and batch files")
    ap.add_argument("--per-kind", type=int, default=2000, help="cases per distributed layout kind")
    ap.add_argument("--shared-per-kind", type=int, default=2000, help="cases per shared layout kind")
    ap.add_argument("--seed", type=int, default=1234)
    ap.add_argument("--golden", help="compare with this recorded case file instead of a live wheel")
    ap.add_argument("--triton", default=TRITON_VERSION[:3], help="--triton passed to the CLI (the golden's version)")
    args = ap.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # keep our lines ordered with child output
    os.makedirs(args.work, exist_ok=True)

    if args.golden:  # recorded answers (triton_oracle.py run with that wheel); no venv needed
        with open(args.golden) as f:
            cases = [json.loads(line) for line in f]
        print(f"golden cases from {args.golden}: {len(cases)}, compared with --triton {args.triton}")
    else:
        py = ensure_venv(os.path.abspath(args.venv))
        cases, stats = generate_cases(py, args.work, args.seed, args.per_kind, args.shared_per_kind)
        print("oracle draws per kind (accepted / rejected by Triton / aborted in C++ / duplicates):")
        for kind, s in stats.items():
            print(f"  {kind:13s} {s['accepted']:6d} {s['rejected_triton'] + s['rejected_python']:6d} "
                  f"{s['aborted']:6d} {s['duplicates']:6d}")

    forms = {
        "gluon": [{"layout": c["gluon"], "shape": c["shape"]} for c in cases],
        "mlir": [{"layout": c["mlir"]} for c in cases],
    }
    table = collections.defaultdict(lambda: collections.Counter())
    passed = failed = unmodeled = 0
    for form, requests in forms.items():
        shown = 0
        answers = run_cli(args.cli, args.work, form, requests, args.triton)
        for case, request, answer in zip(cases, requests, answers):
            diffs = compare(case, answer)
            if diffs is None:
                passed += 1
                table[case["kind"]][form + "_pass"] += 1
                continue
            if diffs == ["unmodeled"]:
                unmodeled += 1
                table[case["kind"]][form + "_unmodeled"] += 1
                continue
            failed += 1
            table[case["kind"]][form + "_fail"] += 1
            if shown < MAX_DETAILS_PER_FORM:
                shown += 1
                print_mismatch(shown, form, case, request, answer, diffs)

    print(f"\n{'kind':13s} {'gluon pass':>10s} {'gluon fail':>10s} {'mlir pass':>10s} {'mlir fail':>10s}")
    for kind, row in table.items():
        print(f"{kind:13s} {row['gluon_pass']:10d} {row['gluon_fail']:10d} {row['mlir_pass']:10d} {row['mlir_fail']:10d}")
    if unmodeled:
        print(f"refused as not modeled for Triton 3.9 (not counted as passed): {unmodeled}: " +
              ", ".join(f"{k} {r['gluon_unmodeled'] + r['mlir_unmodeled']}" for k, r in table.items()
                        if r['gluon_unmodeled'] + r['mlir_unmodeled']))
    print(f"{passed} passed, {failed} failed")
    sys.exit(0 if failed == 0 and passed > 0 else 1)


if __name__ == "__main__":
    main()
