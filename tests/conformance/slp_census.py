#!/usr/bin/env python3
"""Census of what LLVM makes of the shared address of padded round trips: for
every golden case of this venv's Triton version (padded shared layout, sm_90
and sm_100 unless --target says otherwise), compiles the kernel and writes one
JSON line: the golden file and line, whether the final LLVM IR holds SLP's
`llvm.vector.reduce.or` (`reduce`) and whether it is in the shared address
(`in_address`), the `align` of the shared stores, and the GEP indices of
register 0's shared store from the base out (`chain`), each as an expression
of the thread id (`tid`; `orv`, `shlv`, ... vector ops; RED[...] a reduction;
Xi[...] lane i of a vector; SHUF a shufflevector).

Usage (inside a venv with triton 3.6.0 or 3.9.0; compiled kernels are cached
by Triton, a second run takes minutes):
  slp_census.py OUT.jsonl [--target sm_90,sm_100] [--part I/N]
Prints the counts at the end. docs/codegen.md (session 53) quotes them.
"""
import argparse
import glob
import gzip
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import codegen_case_ir as ci  # noqa: E402

GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")
BINOP = re.compile(r"(or|and|shl|lshr|xor|add|sub|mul)((?: disjoint| nuw| nsw| exact)*) (<\d+ x i32>|i32) ([^,]+), (.+)$")


def definitions(llir):
    """%name -> its instruction text (debug metadata cut)."""
    out = {}
    for line in llir.splitlines():
        m = re.match(r"\s*(%[\w.]+) = (.*)", line)
        if m:
            out[m.group(1)] = m.group(2).split(", !dbg")[0]
    return out


# instruction forms other than binary ops: (pattern, how to print it given
# the match and the printer of an operand)
FORMS = [
    (r"tail call i32 @llvm.vector.reduce.or.v\d+i32\(<\d+ x i32> (%[\w.]+)\)", lambda m, sub: f"RED[{sub(m[1])}]"),
    (r"extractelement <\d+ x i32> (%[\w.]+), i64 (\d+)", lambda m, sub: f"X{m[2]}[{sub(m[1])}]"),
    (r"shufflevector", lambda m, sub: "SHUF"),
    (r"select i1 (%[\w.]+), i32 (\S+), i32 (\S+)", lambda m, sub: f"sel({sub(m[1])},{m[2]},{m[3]})"),
    (r"icmp eq i32 (%[\w.]+), 0", lambda m, sub: f"!{sub(m[1])}"),
    (r"(zext|trunc)(?: nneg)? \S+ (%[\w.]+) to", lambda m, sub: f"{m[1]}({sub(m[2])})"),
]


def expression(defs, v, depth=0):
    """The value v as an expression of tid (12 levels at most)."""
    if v not in defs or depth > 12:
        return v.lstrip("%")
    t = defs[v]
    sub = lambda x: expression(defs, x, depth + 1)  # noqa: E731
    if "@llvm.nvvm.read.ptx.sreg.tid.x" in t:
        return "tid"
    m = BINOP.match(t)
    if m:
        op, vec, a, b = m.group(1), m.group(3).startswith("<"), m.group(4).strip(), m.group(5).strip()
        b = re.sub(r"<i32 ", "<", b).replace(", i32 ", ",")
        return f"({sub(a)} {op}{'v' if vec else ''} {sub(b)})"
    for pattern, show in FORMS:
        m = re.match(pattern, t)
        if m:
            return show(m, sub)
    return t[:60]


def address_chain(defs, llir):
    """Register 0's shared store: its GEP indices from the shared base out."""
    m = re.search(r"store (?:<\d+ x i\d+>|i\d+) \S+, ptr addrspace\(3\) (%[\w.]+), align \d+", llir)
    if not m:
        return []
    ptr, idx = m.group(1), []
    while ptr in defs:
        g = re.match(r"getelementptr (?:inbounds )?(?:nuw )?i8, ptr addrspace\(3\) (\S+), i32 (\S+)", defs[ptr])
        if not g:
            break
        idx.append(g.group(2))
        ptr = g.group(1)
    return [expression(defs, i) for i in reversed(idx)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out")
    ap.add_argument("--target", default="sm_90,sm_100")
    ap.add_argument("--part", default="0/1", help="I/N: every N-th case from the I-th (parallel runs)")
    a = ap.parse_args()
    import triton
    version = ".".join(triton.__version__.split(".")[:2])
    targets = set(a.target.split(","))
    part, parts = (int(x) for x in a.part.split("/"))
    cases = []
    for f in sorted(glob.glob(os.path.join(GOLDEN, "codegen-*.jsonl*"))):
        with (gzip.open if f.endswith(".gz") else open)(f, "rt") as h:
            for i, line in enumerate(h, 1):
                d = json.loads(line)
                if d.get("triton") == version and "Padded" in d.get("via_shared", "") and d["target"] in targets:
                    cases.append((os.path.basename(f), i, d))
    counts = {"cases": 0, "reduce": 0, "in_address": 0, "errors": 0}
    with open(a.out + ".tmp", "w") as o:
        for n, (f, i, d) in enumerate(cases):
            if n % parts != part:
                continue
            counts["cases"] += 1
            try:
                llir = ci.compile_case(d).asm["llir"]
            except Exception as e:  # a case the wheel no longer compiles: say so, go on
                counts["errors"] += 1
                o.write(json.dumps({"file": f, "line": i, "error": str(e)[:200]}) + "\n")
                continue
            chain = address_chain(definitions(llir), llir)
            row = {"file": f, "line": i, "reduce": "llvm.vector.reduce.or" in llir,
                   "in_address": any("RED[" in c for c in chain),
                   "store_aligns": [int(x) for x in re.findall(r"store [^\n]*addrspace\(3\)[^\n]*align (\d+)", llir)],
                   "chain": chain}
            counts["reduce"] += row["reduce"]
            counts["in_address"] += row["in_address"]
            o.write(json.dumps(row) + "\n")
    os.replace(a.out + ".tmp", a.out)
    print(json.dumps(counts))


if __name__ == "__main__":
    main()
