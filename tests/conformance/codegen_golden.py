#!/usr/bin/env python3
"""Holds `layoutscope-cli codegen` to Triton's PTX: for every kernel of the golden files
tests/conformance/golden/codegen-*.jsonl and codegen-*.jsonl.gz (made by the real Triton wheels;
format in tests/conformance/README_codegen.md) the model's ptx_per_thread must equal Triton's exactly,
and its shared_bytes the compiled kernel's shared memory (Triton's metadata.shared) in every case.

Cases fall into classes VERSION/TARGET/KIND/SHARED (KIND: via_shared, convert, copy; SHARED: the
shared layout's kind for via_shared: swizzled, nvmma, padded, shared_linear; '-' otherwise).
--only CLASS,... restricts the check to those classes ('*' matches any part; a class is a rule,
never a case list) and --every K to every K-th of their kernels in file order (a sample of every
file and class, for slow builds such as the sanitizer one). Every mismatch fails the test; with
--min-exact N it fails when fewer than N kernels are exact or any kernel of a --strict class
misses. With no golden file present the test is skipped (exit 77)."""
import argparse
import collections
import concurrent.futures
import glob
import gzip
import json
import os
import subprocess
import sys

SKIP = 77


def read_jsonl(path):
    """The JSON lines of a golden file, plain or gzip-compressed (.gz)."""
    with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as lines:
        return [json.loads(line) for line in lines if line.strip()]


def golden_cases(golden_dir):
    """Every kernel of the codegen golden files in GOLDEN_DIR, in file order;
    the large held-out draws are kept gzip-compressed (codegen-*.jsonl.gz)."""
    files = sorted(glob.glob(os.path.join(golden_dir, "codegen-*.jsonl")) +
                   glob.glob(os.path.join(golden_dir, "codegen-*.jsonl.gz")))
    return [case for f in files for case in read_jsonl(f)]


def kind_of(case):
    if "via_shared" in case:
        return "via_shared"
    if "convert" in case:
        return "convert"
    return "copy"


SHARED_KINDS = {"SwizzledSharedLayout": "swizzled", "NVMMASharedLayout": "nvmma",
                "PaddedSharedLayout": "padded", "SharedLinearLayout": "shared_linear"}


def class_of(case):
    kind = kind_of(case)
    shared = "-"
    if kind == "via_shared":
        shared = SHARED_KINDS.get(case["via_shared"].split("(", 1)[0].strip(), "other")
    return (case["triton"], case["target"], kind, shared)


def run_batch(cli, cases):
    """The kernels' `codegen` reports from one CLI process (`codegen --batch`): (report, error) per case."""
    keys = ("load", "via_shared", "convert", "shape", "bits", "triton", "target")
    text = "".join(json.dumps({k: c[k] for k in keys if k in c}) + "\n" for c in cases)
    p = subprocess.run([cli, "codegen", "--batch", "-"], input=text, capture_output=True, text=True)
    lines = p.stdout.splitlines()
    if len(lines) != len(cases):  # the process itself failed: every case gets its message
        err = (p.stderr.strip() or "exit %d" % p.returncode).splitlines()[-1:]
        return [(None, err)] * len(cases)
    out = []
    for line in lines:
        got = json.loads(line)
        out.append((None, [got["error"]]) if "error" in got else (got, None))
    return out


def run_batches(cli, cases, jobs):
    """run_batch over 500 kernels at a time, `jobs` processes at once; results in the cases' order."""
    chunks = [cases[i:i + 500] for i in range(0, len(cases), 500)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        return [r for chunk in pool.map(lambda c: run_batch(cli, c), chunks) for r in chunk]


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("cli")
    ap.add_argument("--golden-dir", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden"))
    ap.add_argument("--only", default="", help="comma-separated classes VERSION/TARGET/KIND/SHARED ('*' matches any part)")
    ap.add_argument("--show", type=int, default=5, help="mismatches to print per class")
    ap.add_argument("--min-exact", type=int, default=None,
                    help="pass when at least this many selected kernels are exact (a floor for the classes the "
                         "model does not match fully); default: every one")
    ap.add_argument("--strict", default="", help="with --min-exact: classes in which every kernel must be exact")
    ap.add_argument("--every", type=int, default=1, help="check every K-th selected kernel only")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="CLI processes at a time")
    args = ap.parse_args()
    every_case = golden_cases(args.golden_dir)
    if not every_case:
        print("SKIP: no golden file tests/conformance/golden/codegen-*.jsonl (made by codegen_oracle.py)")
        return SKIP
    def classes(text):
        return [c.split("/") for c in text.split(",") if c]

    def matches(patterns, cls):
        return any(all(p in ("*", q) for p, q in zip(o, cls)) for o in patterns)

    only, strict = classes(args.only), classes(args.strict)

    def selected(cls):
        return not only or matches(only, cls)

    cases = [case for case in every_case if selected(class_of(case))]
    cases = cases[::max(args.every, 1)]
    results = run_batches(args.cli, cases, args.jobs)
    stats = collections.OrderedDict()
    shown = collections.Counter()
    shared_misses = []
    for case, (got, err) in zip(cases, results):
        cls = class_of(case)
        st = stats.setdefault(cls, [0, 0])
        st[1] += 1
        if got is not None and got["shared_bytes"] != case["shared_bytes"]:
            shared_misses.append("%s: shared_bytes %d, Triton's %d" % (
                "/".join(cls), got["shared_bytes"], case["shared_bytes"]))
        if got is not None and got["ptx_per_thread"] == case["ptx_per_thread"]:
            st[0] += 1
            continue
        if shown[cls] < args.show:
            shown[cls] += 1
            what = err if err else {"model": got["ptx_per_thread"], "triton": case["ptx_per_thread"]}
            print("MISMATCH %s %s: %s" % ("/".join(cls), json.dumps({k: case[k] for k in case if k not in (
                "ptx_per_thread", "shared_bytes", "triton", "target")}), json.dumps(what)))
    total = [0, 0]
    for cls, (ok, n) in sorted(stats.items()):
        print("%-36s %5d / %5d exact" % ("/".join(cls), ok, n))
        total[0] += ok
        total[1] += n
    print("%-36s %5d / %5d exact" % ("all", total[0], total[1]))
    if total[1] == 0:
        print("SKIP: no golden case in the selected classes")
        return SKIP
    print("shared_bytes equal to Triton's in %d of %d" % (total[1] - len(shared_misses), total[1]))
    for m in shared_misses[:args.show]:
        print("FAIL: " + m)
    if shared_misses:
        return 1
    if args.min_exact is None:
        return 0 if total[0] == total[1] else 1
    missed = sorted("/".join(c) for c, (ok, n) in stats.items() if ok < n and matches(strict, c))
    print("floor: at least %d exact%s" % (args.min_exact, "; strict classes exact" if strict else ""))
    for c in missed:
        print("FAIL: strict class %s has a mismatch" % c)
    return 0 if total[0] >= args.min_exact and not missed else 1


if __name__ == "__main__":
    sys.exit(main())
