#!/usr/bin/env python3
"""Holds the shared-memory addresses of `layoutscope-cli codegen --details` to
the addresses in Triton's own LLVM IR, so the wavefronts the model counts are
those of the bytes Triton's kernel really touches.

For a golden kernel, every thread's shared bytes are collected twice:
- from Triton's LLVM IR (`record`, inside a venv with the wheel): each
  `store`/`load` through `addrspace(3)` and each ldmatrix/stmatrix, its
  address evaluated for every thread of the CTA (thread index arithmetic,
  selects, SLP's vector code, bit reversal, warp-uniform shuffles), as many
  bytes as its type holds (ldmatrix/stmatrix: the 16-byte row each
  addressing lane names);
- from the model (`check`): each access of `--details`, lane offset times
  the element size, `bytes` of it per lane.
The sets of (thread, byte) written and read are compared as digests; the
golden file keeps one line per kernel (its codegen options, the digests and
the byte counts), so CI needs no wheel.

  codegen_addresses.py record GOLDEN.jsonl[.gz]... OUT.jsonl --count N [--mnemonic TEXT]   (in a venv;
                                                                       distinct kernels of the files in order)
  codegen_addresses.py check ADDR.jsonl CLI [--min-equal N]          (exit 1 on a difference, or
                                                                       fewer than N equal)
"""
import argparse
import hashlib
import json
import re
import subprocess
import sys

from codegen_golden import read_jsonl

KEYS = ("load", "via_shared", "convert", "shape", "bits", "triton", "target")
SIZE = {"i8": 1, "i16": 2, "i32": 4, "i64": 8, "half": 2, "bfloat": 2, "float": 4, "double": 8}


def digest(pairs):
    h = hashlib.sha256()
    for t, b in sorted(pairs):
        h.update(b"%d:%d;" % (t, b))
    return h.hexdigest()[:16]


def type_bytes(ty):
    m = re.fullmatch(r"<(\d+) x (\w+)>", ty)
    return int(m.group(1)) * SIZE[m.group(2)] if m else SIZE[ty]


class Kernel:
    """The integer and pointer arithmetic of one kernel's LLVM IR (a single
    basic block up to its shared accesses, as Triton emits for these kernels),
    evaluated per thread."""

    def __init__(self, llir):
        self.defs, self.order = {}, []
        for line in llir.split("\n"):
            line = line.split(", !dbg")[0].strip()
            m = re.match(r"(%[\w.]+) = (.*)$", line)
            if m:
                self.defs[m.group(1)] = m.group(2)
            self.order.append(line)

    def operand(self, text, tid, memo):
        text = text.strip()
        m = re.fullmatch(r"(?:i\d+|ptr addrspace\(3\)|<\d+ x i\d+>) (.+)", text)
        if m:
            text = m.group(1).strip()
        if re.fullmatch(r"-?\d+", text):
            return int(text)
        if text in ("true", "false"):
            return int(text == "true")
        if text in ("poison", "undef", "zeroinitializer"):
            return 0
        if text == "@global_smem":
            return 0
        if text.startswith("<"):
            return [self.operand(e, tid, memo) for e in split_list(text[1:-1])]
        return self.value(text, tid, memo)

    def value(self, v, tid, memo):
        if v in memo:
            return memo[v]
        e = self.defs[v]
        r = self.evaluate(e, tid, memo)
        memo[v] = r
        return r

    def evaluate(self, e, tid, memo):
        op = lambda t: self.operand(t, tid, memo)  # noqa: E731
        if "@llvm.nvvm.read.ptx.sreg.tid.x" in e:
            return tid
        m = re.match(r"(?:tail )?call \S+ @llvm\.nvvm\.shfl\.sync\.idx\.i32\(([^)]*)\)", e)
        if m:  # the value of another lane of the warp (Triton's warp-uniform ids)
            a = split_list(m.group(1))
            src = (tid & ~31) | (op(a[2]) & 31)
            return self.operand(a[1], src, {})
        m = re.match(r"(shl|lshr|ashr|and|or|xor|add|sub|mul|udiv|urem)(?: (?:disjoint|nuw|nsw|exact))* (<\d+ x i\d+>|\S+) (.+)$", e)
        if m:
            a, b = (op(x) for x in split_list(m.group(3)))
            f = BINARY[m.group(1)]
            if isinstance(a, list) or isinstance(b, list):
                n = len(a) if isinstance(a, list) else len(b)
                a = a if isinstance(a, list) else [a] * n
                b = b if isinstance(b, list) else [b] * n
                return [f(x, y) & MASK for x, y in zip(a, b)]
            return f(a, b) & MASK
        m = re.match(r"icmp (?:samesign )?(eq|ne|ult|ugt|ule|uge|slt|sgt|sle|sge) \S+ (.+)$", e)
        if m:
            a, b = (op(x) for x in split_list(m.group(2)))
            return int(COMPARE[m.group(1)](a, b))
        m = re.match(r"select (i1|<\d+ x i1>) (.+)$", e)
        if m:
            c, a, b = (op(x) for x in split_list(m.group(2)))
            if isinstance(c, list):
                n = len(c)
                a, b = (x if isinstance(x, list) else [x] * n for x in (a, b))
                return [x if k else y for k, x, y in zip(c, a, b)]
            return a if c else b
        m = re.match(r"(?:zext|sext|trunc)(?: (?:nneg|nuw|nsw))* (<\d+ x \w+>|\S+) (\S+) to (\S+)$", e)
        if m:
            width = int(m.group(3)[1:]) if m.group(3).startswith("i") else 32
            x = op(m.group(2))
            return [y & ((1 << width) - 1) for y in x] if isinstance(x, list) else x & ((1 << width) - 1)
        m = re.match(r"(?:tail )?call i(\d+) @llvm\.bitreverse\.i\d+\(i\d+ (\S+)\)", e)
        if m:
            w, x = int(m.group(1)), op(m.group(2))
            return int(format(x, "0%db" % w)[::-1], 2)
        m = re.match(r"(?:tail )?call i\d+ @llvm\.vector\.reduce\.(or|add|xor|and)\.\w+\((.+)\)$", e)
        if m:
            xs = op(m.group(2))
            r = xs[0]
            for x in xs[1:]:
                r = BINARY[m.group(1)](r, x) & MASK
            return r
        m = re.match(r"insertelement <(\d+) x \w+> (<[^>]*>|\S+), \S+ (\S+), i\d+ (\d+)$", e)
        if m:
            base = op(m.group(2))
            base = list(base) if isinstance(base, list) else [0] * int(m.group(1))
            base[int(m.group(4))] = op(m.group(3))
            return base
        m = re.match(r"extractelement <\d+ x \w+> (\S+), i\d+ (\d+)$", e)
        if m:
            return op(m.group(1))[int(m.group(2))]
        m = re.match(r"shufflevector <(\d+) x \w+> (<[^>]*>|\S+), <\d+ x \w+> (<[^>]*>|\S+), <(\d+) x i32> (.+)$", e)
        if m:
            n = int(m.group(1))
            a, b = (op(x) for x in (m.group(2), m.group(3)))
            a, b = (x if isinstance(x, list) else [0] * n for x in (a, b))
            mask = m.group(5)
            idx = [0] * int(m.group(4)) if mask == "zeroinitializer" else [
                0 if x.endswith(("poison", "undef")) else int(x.split()[-1]) for x in split_list(mask[1:-1])]
            return [(a + b)[i] for i in idx]
        m = re.match(r"getelementptr (?:inbounds )?(?:nuw )?(\w+), ptr addrspace\(3\) (\S+), (.+)$", e)
        if m:
            return op(m.group(2)) + SIZE[m.group(1)] * op(m.group(3))
        m = re.match(r"(?:inttoptr|ptrtoint|bitcast|addrspacecast) \S+ (\S+) to .+$", e)
        if m:
            return op(m.group(1))
        raise ValueError("not evaluated: " + e)

    def accesses(self):
        """(kind, address value, bytes per thread, lanes that address) of each shared access in order."""
        out = []
        for line in self.order:
            m = re.search(r"@llvm\.nvvm\.(ldmatrix|stmatrix)\.sync\.aligned\.(m8n8|m16n8|m16n16)\.x(\d)(?:\.trans)?\.b(?:16|8)\.p3\(ptr addrspace\(3\)(?: \w+)* (%[\w.]+)", line)
            if m:
                # every addressing lane names one 16-byte row: 8 rows a matrix, 16 of an m16n16 one
                rows = 16 if m.group(2) == "m16n16" else 8
                out.append(("load" if m.group(1) == "ldmatrix" else "store", m.group(4), 16, rows * int(m.group(3))))
                continue
            if line.startswith("declare"):
                continue
            if re.search(r"@llvm\.nvvm\.(ldmatrix|stmatrix)", line) or ("asm" in line and re.search(r"(ld|st)(matrix|\.shared)", line)):
                raise ValueError("shared access not evaluated: " + line[:120])
            m = re.match(r"store (<\d+ x \w+>|\w+) \S+, ptr addrspace\(3\) (%[\w.]+)", line)
            if m:
                out.append(("store", m.group(2), type_bytes(m.group(1)), 32))
                continue
            m = re.match(r"%[\w.]+ = load (<\d+ x \w+>|\w+), ptr addrspace\(3\) (%[\w.]+)", line)
            if m:
                out.append(("load", m.group(2), type_bytes(m.group(1)), 32))
        return out


MASK = (1 << 32) - 1
BINARY = {"shl": lambda a, b: a << b, "lshr": lambda a, b: a >> b, "ashr": lambda a, b: a >> b,
          "and": lambda a, b: a & b, "or": lambda a, b: a | b, "xor": lambda a, b: a ^ b,
          "add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
          "udiv": lambda a, b: a // b, "urem": lambda a, b: a % b}
COMPARE = {"eq": lambda a, b: a == b, "ne": lambda a, b: a != b, "ult": lambda a, b: a < b,
           "ugt": lambda a, b: a > b, "ule": lambda a, b: a <= b, "uge": lambda a, b: a >= b,
           "slt": lambda a, b: a < b, "sgt": lambda a, b: a > b, "sle": lambda a, b: a <= b,
           "sge": lambda a, b: a >= b}


def split_list(text):
    """Top-level comma-separated items (commas inside <...> or (...) kept)."""
    items, depth, cur = [], 0, ""
    for ch in text:
        if ch in "<([":
            depth += 1
        elif ch in ">)]":
            depth -= 1
        if ch == "," and depth == 0:
            items.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        items.append(cur.strip())
    return items


def ir_bytes(llir, threads):
    k = Kernel(llir)
    pairs = {"store": set(), "load": set()}
    for kind, ptr, nbytes, lanes in k.accesses():
        for t in range(threads):
            if t % 32 >= lanes:
                continue
            a = k.value(ptr, t, {})
            pairs[kind].update((t, a + i) for i in range(nbytes))
    return pairs


def model_bytes(report, bits):
    # a conversion's accesses give its rounds' offsets end to end (the GPU
    # kernel generator reads the round from them); Triton's rounds reuse one
    # scratch of shared_bytes
    wrap = report["shared_bytes"] if report.get("path") == "shared_memory" else 1 << 62
    pairs = {"store": set(), "load": set()}
    for ins in report["instructions"]:
        for a in ins.get("accesses", []):
            kind = "store" if ins["mnemonic"].startswith(("st.", "stmatrix")) else "load"
            for lane, off in enumerate(a["lane_offset"]):
                if off >= 0:
                    base = off * bits // 8 % wrap
                    pairs[kind].update((32 * a["warp"] + lane, base + i) for i in range(a["bytes"]))
    return pairs


def record(args):
    from codegen_case_ir import compile_case
    cases, seen = [], set()
    for path in args.golden:
        for c in read_jsonl(path):
            key = json.dumps({k: c[k] for k in KEYS + ("num_warps",) if k in c}, sort_keys=True)
            if ("via_shared" in c or "convert" in c) and key not in seen and (
                    args.mnemonic is None or any(args.mnemonic in m for m in c.get("ptx_per_thread", {}))):
                seen.add(key)
                cases.append(c)
    step = max(1, len(cases) // args.count)
    done = 0
    with open(args.out, "a") as out:
        for c in cases[::step][:args.count]:
            rec = {k: c[k] for k in KEYS if k in c}
            try:
                pairs = ir_bytes(compile_case(c).asm["llir"], 32 * c["num_warps"])
            except Exception as e:  # noqa: BLE001 - a kernel the evaluator cannot read is said, not kept
                print("skipped %s: %s" % (json.dumps(rec)[:160], str(e).splitlines()[0][:160]), file=sys.stderr)
                continue
            for kind in ("store", "load"):
                rec[kind + "_digest"] = digest(pairs[kind])
                rec[kind + "_bytes"] = len(pairs[kind])
            out.write(json.dumps(rec) + "\n")
            out.flush()
            done += 1
    print("recorded %d kernels" % done)
    return 0


def check(args):
    recs = read_jsonl(args.golden)
    text = "".join(json.dumps({k: r[k] for k in KEYS if k in r}) + "\n" for r in recs)
    p = subprocess.run([args.cli, "codegen", "--batch", "-", "--details"], input=text, capture_output=True, text=True)
    reports = [json.loads(line) for line in p.stdout.splitlines()]
    if len(reports) != len(recs):
        print("codegen answered %d of %d kernels: %s" % (len(reports), len(recs), p.stderr.strip()[:200]))
        return 1
    bad = 0
    for r, rep in zip(recs, reports):
        pairs = model_bytes(rep, r["bits"])
        got = {k: digest(pairs[k]) for k in ("store", "load")}
        if got != {k: r[k + "_digest"] for k in ("store", "load")}:
            bad += 1
            if bad <= args.show:
                print("DIFFERENT %s: model bytes %d/%d, Triton's %d/%d" % (
                    json.dumps({k: r[k] for k in KEYS if k in r}), len(pairs["store"]), len(pairs["load"]),
                    r["store_bytes"], r["load_bytes"]))
    equal = len(recs) - bad
    print("%d of %d kernels: the model's shared bytes per thread are Triton's" % (equal, len(recs)))
    return 0 if equal >= (len(recs) if args.min_equal is None else args.min_equal) else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record")
    r.add_argument("golden", nargs="+")
    r.add_argument("out")
    r.add_argument("--count", type=int, default=200)
    r.add_argument("--mnemonic", help="only kernels with a PTX mnemonic containing this text")
    c = sub.add_parser("check")
    c.add_argument("golden")
    c.add_argument("cli")
    c.add_argument("--show", type=int, default=5)
    c.add_argument("--min-equal", type=int, default=None,
                   help="pass when at least this many kernels are equal (default: every one)")
    args = ap.parse_args()
    return record(args) if args.cmd == "record" else check(args)


if __name__ == "__main__":
    sys.exit(main())
