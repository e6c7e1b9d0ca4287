#!/usr/bin/env python3
"""Holds `codegen`'s SASS accesses (its `ptxas` objects) to the cubins Triton's own assembler makes.

Each wheel ships the assembler Triton runs and cuobjdump (triton/backends/nvidia/bin). For sm_90,
Triton 3.6 runs `ptxas`, Triton 3.9 `ptxas-blackwell --regAllocOptLevel=2` (get_ptxas and
make_cubin in the wheel's backends/nvidia/compiler.py), so no GPU is needed.

  # PTX of fresh kernels (in the wheel's venv), one file per case: GROUP-ID.ptx
  codegen_oracle.py run RAW.jsonl --seed S ... --ptx-dir PTX
  # assemble them and count the shared accesses per width (plain Python)
  ptxas_sass.py sass PTX SASS.json --bin VENV/lib/python3.11/site-packages/triton/backends/nvidia/bin [--triton 3.9]
  # the model's SASS accesses against the cubins', for every round trip whose PTX it has exactly
  ptxas_sass.py check RAW.jsonl SASS.json build/bin/layoutscope-cli
  # golden round trips (FILE:LINE, one per line of LIST; FILE under tests/conformance/golden),
  # compiled by the venv's wheel (its own ptxas, its cubin), then checked the same way
  ptxas_sass.py golden LIST SASS.json        # in the wheel's venv; resumes an unfinished SASS.json
  ptxas_sass.py check-golden SASS.json build/bin/layoutscope-cli [--min-equal N]
"""
import argparse
import collections
import functools
import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

WIDTH = {"U8": 1, "S8": 1, "U16": 2, "S16": 2, "64": 8, "128": 16}  # any other LDS/STS: 4 bytes


def sass_counts(text):
    """(LDS|STS, bytes) -> instructions, from cuobjdump -sass output (ldmatrix/stmatrix left out)."""
    n = collections.Counter()
    for line in text.splitlines():
        m = re.search(r"/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?((LDS|STS)[A-Z0-9_.]*)", line)
        if m and not m.group(1).startswith(("LDSM", "STSM")):
            n["%s %d" % (m.group(2), WIDTH.get(m.group(1).split(".")[-1], 4))] += 1
    return n


def assemble(args, name):
    ptxas = [os.path.join(args.bin, "ptxas")] if args.triton == "3.6" else [
        os.path.join(args.bin, "ptxas-blackwell"), "--regAllocOptLevel=2"]
    with tempfile.TemporaryDirectory() as tmp:
        cubin = os.path.join(tmp, "k.cubin")
        r = subprocess.run(ptxas + ["-arch=sm_90a", os.path.join(args.ptx, name), "-o", cubin],
                           capture_output=True, text=True)
        if r.returncode:
            return name, {"error": r.stderr.strip()[:300]}
        out = subprocess.run([os.path.join(args.bin, "cuobjdump"), "-sass", cubin], capture_output=True, text=True)
        return name, dict(sass_counts(out.stdout))


def model_counts(cli, case):
    """The model's SASS accesses of a round trip and whether its PTX is Triton's."""
    cmd = [cli, "codegen", "--load", case["load"], "--via-shared", case["via_shared"], "--shape",
           "x".join(map(str, case["shape"])), "--bits", str(case["bits"]), "--triton", case["triton"],
           "--target", "sm_90", "--num-warps", str(case["num_warps"])]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode:
        return None, False
    d = json.loads(p.stdout)
    n = collections.Counter()
    merged = set()  # the sides ptxas merges: their SASS accesses; the others: their PTX
    for ins in d["instructions"]:
        if ins["op"] not in ("local_store", "local_load"):
            continue
        op = "STS" if ins["op"] == "local_store" else "LDS"
        if "ptxas" in ins:
            merged.add(op)
            for part in ins["ptxas"]["instruction"].split(" + "):
                mn, k = part.split(" x")
                n["%s %d" % (op, WIDTH.get(mn.split(".")[-1], 4) if "." in mn else 4)] += int(k)
    for mn, k in d["ptx_per_thread"].items():
        m = re.match(r"(ld|st)\.shared\.(?:v(\d)\.)?b(\d+)$", mn)
        op = m and ("LDS" if m.group(1) == "ld" else "STS")
        if m and op not in merged:
            n["%s %d" % (op, int(m.group(2) or 1) * int(m.group(3)) // 8)] += k
    return n, d["ptx_per_thread"] == case["ptx_per_thread"]


GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")


@functools.lru_cache(maxsize=None)
def golden_file(name):
    from codegen_golden import read_jsonl
    return read_jsonl(os.path.join(GOLDEN, name))


def golden_case(key):
    """The golden record FILE:LINE (LINE counts from 1)."""
    name, line = key.rsplit(":", 1)
    return golden_file(name)[int(line) - 1]


def wheel_compiler(prefix):
    """(compile, disassemble) with this venv's Triton: a golden case's kernel, a cubin's SASS text
    (the wheel's own cuobjdump). A Triton cache of its own: codegen_oracle.py's runs cache kernels
    with no cubin."""
    os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix=prefix)
    import triton
    from codegen_case_ir import compile_case
    cuobjdump = os.path.join(os.path.dirname(triton.__file__), "backends", "nvidia", "bin", "cuobjdump")

    def disassemble(cubin):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "k.cubin")
            with open(path, "wb") as f:
                f.write(cubin)
            return subprocess.run([cuobjdump, "-sass", path], capture_output=True, text=True, check=True).stdout

    return compile_case, disassemble


def golden_sass(args):
    """Each listed golden round trip's cubin as the venv's Triton makes it: its shared accesses."""
    compile_case, disassemble = wheel_compiler("ptxas_sass-")
    res = json.load(open(args.out)) if os.path.exists(args.out) else {}
    for key in open(args.list).read().split():
        if key in res:
            continue
        try:
            cubin = compile_case(golden_case(key)).asm["cubin"]
            if not cubin:
                raise RuntimeError("no cubin")
        except Exception as e:  # noqa: BLE001 (a refused kernel is recorded, not fatal)
            res[key] = {"error": str(e).strip()[:300]}
            continue
        res[key] = dict(sass_counts(disassemble(cubin)))
        with open(args.out + ".tmp", "w") as f:
            json.dump(res, f, indent=0)
        os.replace(args.out + ".tmp", args.out)
    print("%d compiled, %d refused" % (len(res), sum("error" in v for v in res.values())))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("sass")
    s.add_argument("ptx")
    s.add_argument("out")
    s.add_argument("--bin", required=True, help="the wheel's triton/backends/nvidia/bin")
    s.add_argument("--triton", choices=["3.6", "3.9"], default="3.6")
    c = sub.add_parser("check")
    c.add_argument("raw")
    c.add_argument("sass")
    c.add_argument("cli")
    g = sub.add_parser("golden")
    g.add_argument("list")
    g.add_argument("out")
    cg = sub.add_parser("check-golden")
    cg.add_argument("sass")
    cg.add_argument("cli")
    for p in (c, cg):
        p.add_argument("--min-equal", type=int, help="pass with at least this many equal (default: all)")
    args = ap.parse_args()
    if args.cmd == "golden":
        golden_sass(args)
        return 0
    if args.cmd == "sass":
        names = sorted(f for f in os.listdir(args.ptx) if f.endswith(".ptx"))
        with ThreadPoolExecutor(os.cpu_count() or 2) as ex:
            result = dict(ex.map(lambda n: assemble(args, n), names))
        with open(args.out, "w") as f:
            json.dump(result, f, indent=0)
        print("%d assembled, %d refused" % (len(result), sum("error" in v for v in result.values())))
        return 0
    sass = json.load(open(args.sass))
    if args.cmd == "check-golden":  # keyed FILE:LINE; sm_90 round trips (the target ptxas is modelled for)
        cases = [dict(golden_case(k), key=k) for k in sass if "error" not in sass[k]]
        cases = [x for x in cases if "via_shared" in x and x.get("target") == "sm_90"]
    else:
        cases = [json.loads(line) for line in open(args.raw)]
        cases = [dict(x, key="%s-%d.ptx" % (x["group"], x["id"])) for x in cases
                 if x.get("status") == "ok" and x.get("mode") == "via_shared"]
        cases = [x for x in cases if x["key"] in sass and "error" not in sass[x["key"]]]
    with ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        got = list(ex.map(lambda x: model_counts(args.cli, x), cases))
    exact = equal = 0
    for x, (n, ptx_exact) in zip(cases, got):
        if n is None or not ptx_exact:
            continue
        exact += 1
        real = collections.Counter(sass[x["key"]])
        if +n == +real:
            equal += 1
        else:
            print("differs: %s model %s cubin %s" % (x["key"], dict(n), dict(real)))
    print("%d of %d round trips whose PTX the model has exactly: SASS shared accesses equal the cubin's"
          % (equal, exact))
    return 0 if equal >= (exact if args.min_equal is None else args.min_equal) else 1


if __name__ == "__main__":
    sys.exit(main())
