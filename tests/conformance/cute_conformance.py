#!/usr/bin/env python3
"""ctest driver: check layoutscope's CuTe layout algebra against pycute.

pycute (the pure-Python CuTe of NVIDIA's nvidia-cutlass wheel) is the oracle.
1. Ensure a venv with nvidia-cutlass at --venv (installed without its
   dependencies: pycute needs none). Without the package index: exit 77.
2. In that venv, generate random layouts with a fixed seed and evaluate
   coalesce, composition, complement, logical_divide, logical_product and
   Swizzle<B,M,S> o L with pycute.
3. Ask `layoutscope-cli convert EXPR --to native` for the algebra results
   (compared as text, spaces and 1-tuples normalised) and `show` for the
   offsets of swizzled layouts. Print "N passed, M failed"; exit 0 only if
   everything passed.
(The tilus package needs torch, so tilus layouts are checked against the
printed tables of its documentation in the unit tests instead.)
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import urllib.request

SKIP = 77
CUTLASS = "nvidia-cutlass==4.2.0.0"


def skip(msg):
    print(f"SKIP: {msg}", flush=True)
    sys.exit(SKIP)


def ensure_venv(venv):
    py = os.path.join(venv, "bin", "python")
    if os.path.exists(py) and subprocess.run([py, "-c", "import pycute"], capture_output=True).returncode == 0:
        return py
    index = os.environ.get("PIP_INDEX_URL", "https://pypi.org/simple").rstrip("/")
    try:
        urllib.request.urlopen(f"{index}/nvidia-cutlass/", timeout=20).close()
    except Exception as e:
        skip(f"cannot reach the Python package index {index} to install {CUTLASS} ({e})")
    if not os.path.exists(py):
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    r = subprocess.run([py, "-m", "pip", "install", "-q", "--no-deps", CUTLASS], capture_output=True, text=True)
    if r.returncode != 0:
        skip(f"pip could not install {CUTLASS}: {r.stderr.strip().splitlines()[-1:]}")
    return py


# --- generation (runs inside the venv) ---------------------------------------

def rand_shape(rng, depth=0):
    if depth < 1 and rng.random() < 0.3:
        return tuple(rand_shape(rng, depth + 1) for _ in range(rng.randint(2, 3)))
    return rng.choice([1, 2, 2, 3, 4, 4, 8])


def text(t):
    return str(t).replace(" ", "")


def generate(seed, count):
    import pycute as cu

    rng = random.Random(seed)

    def compact(shape, perm=True):
        # A compact layout with its leaves' strides in a random order.
        flat = list(cu.flatten(shape))
        order = list(range(len(flat)))
        if perm:
            rng.shuffle(order)
        strides = [0] * len(flat)
        p = 1
        for i in order:
            strides[i] = p
            p *= flat[i]
        it = iter(strides)

        def nest(s):
            return tuple(nest(k) for k in s) if isinstance(s, tuple) else next(it)

        return cu.Layout(shape, nest(shape))

    def rank2():
        return tuple(rand_shape(rng) for _ in range(2))

    cases = []
    while len(cases) < count:
        op = rng.choice(["coalesce", "composition", "complement", "logical_divide", "logical_product", "swizzle"])
        a = compact(rank2())
        try:
            if op == "coalesce":
                expr, res = f"coalesce({text(a)})", cu.coalesce(a)
            elif op == "composition":
                b = compact(rank2())
                if cu.size(b) > cu.size(a):
                    continue
                expr, res = f"composition({text(a)}, {text(b)})", cu.composition(a, b)
            elif op == "complement":
                m = cu.cosize(a) * rng.choice([1, 2, 3])
                expr, res = f"complement({text(a)}, {m})", cu.complement(a, m)
            elif op == "logical_divide":
                b = cu.Layout(rng.choice([2, 4]), rng.choice([1, 2]))
                expr, res = f"logical_divide({text(a)}, {text(b)})", cu.logical_divide(a, b)
            elif op == "logical_product":
                b = compact(rank2())
                expr, res = f"logical_product({text(a)}, {text(b)})", cu.logical_product(a, b)
            else:
                bits, base = rng.randint(1, 3), rng.randint(0, 2)
                shift = rng.randint(bits, 3)
                sw = cu.Swizzle(bits, base, shift)
                l = cu.Layout((rng.choice([4, 8]), rng.choice([8, 16])), None)
                l = cu.Layout(l.shape, (l.shape[1], 1))
                c = cu.ComposedLayout(sw, 0, l)
                offs = [c(i, j) for i in range(l.shape[0]) for j in range(l.shape[1])]
                cases.append({"expr": f"Swizzle<{bits},{base},{shift}> o {text(l)}", "offsets": offs})
                continue
        except (AssertionError, ZeroDivisionError):
            continue
        cases.append({"expr": expr, "expect": text(res)})
    json.dump(cases, sys.stdout)


# --- comparison ----------------------------------------------------------------

def normalise(s):
    s = s.replace(" ", "")
    prev = None
    while prev != s:
        prev, s = s, re.sub(r"\((-?\d+),?\)", r"\1", s)
    return s


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli")
    ap.add_argument("--venv")
    ap.add_argument("--generate", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--count", type=int, default=400)
    args = ap.parse_args()
    if args.generate:
        generate(args.seed, args.count)
        return 0
    py = ensure_venv(args.venv)
    gen = subprocess.run([py, os.path.abspath(__file__), "--generate", "--seed", str(args.seed), "--count",
                          str(args.count)], capture_output=True, text=True)
    if gen.returncode != 0:
        print(gen.stderr)
        return 1
    cases = json.loads(gen.stdout)
    passed = failed = 0
    per_op = {}
    for c in cases:
        op = c["expr"].split("(")[0].split("<")[0]
        if "offsets" in c:
            r = subprocess.run([args.cli, "show", c["expr"]], capture_output=True, text=True, timeout=20)
            got = [int(x) for x in re.findall(r"\d+", r.stdout)]
            ok = r.returncode == 0 and got == c["offsets"]
            detail = f"offsets {got[:8]}... vs {c['offsets'][:8]}..."
        else:
            r = subprocess.run([args.cli, "convert", c["expr"], "--to", "native"], capture_output=True, text=True,
                               timeout=20)
            ok = r.returncode == 0 and normalise(r.stdout.strip()) == normalise(c["expect"])
            detail = f"got {r.stdout.strip() or r.stderr.strip()!r}, pycute {c['expect']!r}"
        s = per_op.setdefault(op, [0, 0])
        if ok:
            passed += 1
            s[0] += 1
        else:
            failed += 1
            s[1] += 1
            if failed <= 10:
                print(f"FAIL {c['expr']}: {detail}")
    for op, (p, f) in sorted(per_op.items()):
        print(f"  {op:16s} {p:4d} passed {f:4d} failed")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
