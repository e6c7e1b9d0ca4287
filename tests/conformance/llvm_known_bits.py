#!/usr/bin/env python3
"""Where the alignment of Triton's shared-memory accesses comes from.

The NVPTX LoadStoreVectorizer joins accesses only up to the `align` each
access carries in the LLVM IR, and that `align` is set by LLVM's two
InferAlignment passes (the first after LoopVectorize, the second after SLP).
Each raises an access's alignment to what computeKnownBits proves of the
address, which looks at most six operands deep (MaxAnalysisRecursionDepth),
and then, in program order, to the best alignment an earlier access through
the same base pointer (below its GEPs of constant index) had when the pass
began, moved to this access's offset. So which accesses join depends on the
shape O3 gave the address (Reassociate's order of the OR tree in 3.6,
InstCombine's chain of GEPs in 3.9, SLP's llvm.vector.reduce.or of R's
terms before the second pass). This tool shows that shape and replays both
steps on it.

  llvm_known_bits.py dump GOLDEN LINE OUTDIR   (in a venv with triton 3.6 or 3.9)
      recompiles one golden case with LLVM_IR_ENABLE_DUMP and writes
      OUTDIR/raw.ll (Triton's IR before any pass), pre-ia.ll (just before the
      first InferAlignment) and post-ia.ll (just after it), the same two
      around the second pass in OUTDIR/ia2/ (its post-ia.ll holds the
      alignments the LoadStoreVectorizer sees: the second pass carries them
      along base pointers) and pre-lsv.ll (the LoadStoreVectorizer's input)
  llvm_known_bits.py check OUTDIR
      replays InferAlignment (computeKnownBits, depth 6, then the base
      pointers' alignment) on pre-ia.ll for every shared load/store and
      compares the alignment it gives with post-ia.ll's; exits 1 on any
      difference (OUTDIR/ia2 for the second pass)
  llvm_known_bits.py lsv GOLDEN LINE OUTDIR   (in a venv with triton 3.6 or 3.9)
      recompiles one golden case with LLVM's LoadStoreVectorizer debug log
      (TRITON_LLVM_DEBUG_ONLY; the wheels' LLVM keeps it) and writes
      OUTDIR/lsv.log: its chains, their offsets and alignments, which stores
      an aliasing store in between keeps apart, and what it vectorizes
  llvm_known_bits.py tree OUTDIR [N]
      prints the first N shared stores and loads of pre-ia.ll as their
      address leaves, each with the depth computeKnownBits reaches it at
      (a leaf at depth 6 or more is unknown, and so is every sum above it)
  llvm_known_bits.py xors OUTDIR
      the XOR-ed shared bases `xor R, c` of the final IR (OUTDIR/case-N.llir,
      written by dump) and what NVPTX's SeparateConstOffsetFromGEP (before
      the LoadStoreVectorizer) makes of each: it moves the bits of c that
      computeKnownBits proves zero in R out as a constant offset, `(R ^ kept)
      + moved`; prints c, the bits replayed as known zero, whether R is SLP's
      `llvm.vector.reduce.or`, and whether the PTX (case-N.ptx) XORs with the
      kept constant; exits 1 where the PTX disagrees with the replay
"""
import os
import re
import subprocess
import sys
import tempfile

MAX_DEPTH = 6
M32 = (1 << 32) - 1
SIZES = {"i8": 1, "i16": 2, "half": 2, "bfloat": 2, "i32": 4, "float": 4, "i64": 8, "double": 8}
ACCESS = re.compile(r"\b(load|store) (?:<\d+ x )?\w+>?,? .*ptr addrspace\(3\) (%[\w.]+), align (\d+)")
GEP = re.compile(r"getelementptr (?:inbounds )?(?:nuw )?(?:nusw )?(\w+), ptr addrspace\(3\) ([%@][\w.]+), i32 ([^,]+)$")
BINOP = re.compile(r"(and|or|xor|add|sub|shl|lshr)((?: \w+)*) i32 ([^,]+), (.+)$")
SELECT = re.compile(r"select i1 [^,]+, i32 ([^,]+), i32 (.+)$")
CAST = re.compile(r"(?:zext|sext|trunc) (?:nneg )?\w+ ([%\w.]+) to \w+$")
# O3's SLP vectorizer may rebuild R's terms as a vector: a splat of the thread
# index, shifted and masked lane by lane, reduced with llvm.vector.reduce.or
VBINOP = re.compile(r"(and|or|shl)((?: \w+)*) <\d+ x i32> ([%\w.]+), (.+)$")
SPLAT = re.compile(r"(?:insertelement <\d+ x i32> \w+, i32 ([%\w.]+), i64 \d+"
                   r"|shufflevector <\d+ x i32> ([%\w.]+), <\d+ x i32> \w+, .*)$")
REDUCE = re.compile(r"call i32 @llvm\.vector\.reduce\.or\.v\d+i32\(<\d+ x i32> ([%\w.]+)\)$")


def parse(path):
    """Definitions (name -> text) and shared accesses (kind, pointer, align) in order."""
    defs, accesses = {}, []
    for line in open(path):
        line = line.split(", !dbg")[0].strip()
        m = re.match(r"(%[\w.]+) = (.*)", line)
        if m:
            defs[m.group(1)] = m.group(2)
        m = ACCESS.search(line)
        if m:
            accesses.append((m.group(1), m.group(2), int(m.group(3))))
    return defs, accesses


def trailing_ones(x):
    n = 0
    while n < 32 and (x >> n) & 1:
        n += 1
    return n


def add_known(a, b):
    """Known bits of a + b: exact on the low bits both know, nothing above."""
    n = min(trailing_ones(a[0] | a[1]), trailing_ones(b[0] | b[1]))
    mask = (1 << n) - 1
    s = (a[1] + b[1]) & mask
    return (~s & mask, s)


class KnownBits:
    """(known zero, known one) masks of 32-bit values, as computeKnownBits finds them."""

    def __init__(self, defs):
        self.defs = defs

    def of(self, v, depth):
        v = v.strip()
        if re.fullmatch(r"-?\d+", v):  # constants are known at any depth
            c = int(v) & M32
            return (~c & M32, c)
        if depth >= MAX_DEPTH:
            return (0, 0)
        if v == "@global_smem":  # declared align 16
            return (15, 0)
        e = self.defs.get(v)
        return (0, 0) if e is None else self.of_expr(e, depth)

    def of_vec(self, v, depth):
        """A vector operand: the bits known in every lane."""
        v = v.strip()
        if v.startswith("<"):  # a constant vector
            cs = [int(x) & M32 for x in re.findall(r"i32 (-?\d+)", v)]
            z, o = M32, M32
            for c in cs:
                z, o = z & ~c & M32, o & c
            return (z, o)
        m = re.match(r"splat \(i32 (-?\d+)\)", v)
        if m:
            return self.of(m.group(1), depth)
        return self.of(v, depth)

    def of_expr(self, e, d):
        if "@llvm.nvvm.read.ptx.sreg.tid.x" in e:
            return (~1023 & M32, 0)
        m = REDUCE.search(e)
        if m:  # or of the lanes: a bit known zero in every lane is zero
            return self.of(m.group(1), d + 1)
        m = SPLAT.match(e)
        if m:
            return self.of(m.group(1) or m.group(2), d + 1)
        m = VBINOP.match(e)
        if m:
            op, _, x, y = m.groups()
            a, b = self.of(x, d + 1), self.of_vec(y, d + 1)
            if op == "and":
                return (a[0] | b[0], a[1] & b[1])
            if op == "or":
                return (a[0] & b[0], a[1] | b[1])
            n = b[1]  # shl by lanes' amounts: at least the bits every lane has set
            return (((a[0] << n) | ((1 << n) - 1)) & M32, (a[1] << n) & M32 if (b[0] | b[1]) == M32 else 0)
        m = GEP.match(e)
        if m:
            ty, base, index = m.groups()
            b = self.of(base, d + 1)
            if b == (0, 0):  # LLVM stops at an unknown base
                return b
            z, o = self.of(index, d + 1)
            s = SIZES[ty].bit_length() - 1
            return add_known(b, (((z << s) | ((1 << s) - 1)) & M32, (o << s) & M32))
        m = CAST.match(e)
        if m:
            return self.of(m.group(1), d + 1)
        m = SELECT.match(e)
        if m:
            a, b = self.of(m.group(1), d + 1), self.of(m.group(2), d + 1)
            return (a[0] & b[0], a[1] & b[1])
        m = BINOP.match(e)
        if not m:
            return (0, 0)
        op, _, x, y = m.groups()
        a, b = self.of(x, d + 1), self.of(y, d + 1)
        if op == "and":
            return (a[0] | b[0], a[1] & b[1])
        if op == "or":
            return (a[0] & b[0], a[1] | b[1])
        if op == "xor":
            return ((a[0] & b[0]) | (a[1] & b[1]), (a[0] & b[1]) | (a[1] & b[0]))
        if op == "add":
            return add_known(a, b)
        if op == "sub":  # a + ~b + 1 (InstCombine's C - x for a constant XOR-ed into x's bits)
            return add_known(a, add_known((b[1], b[0]), (M32 - 1, 1)))
        if (b[0] | b[1]) != M32:  # a shift by an unknown amount
            return (0, 0)
        n = b[1]
        if op == "shl":
            return (((a[0] << n) | ((1 << n) - 1)) & M32, (a[1] << n) & M32)
        return (((a[0] >> n) | (M32 << (32 - n))) & M32 if n else a[0], a[1] >> n)


def inferred_align(kb, ptr, declared):
    z, _ = kb.of(ptr, 0)
    return max(declared, 1 << min(trailing_ones(z), 31))


def leaves(defs, v, depth, out):
    """The address's leaves (constants, base, terms) with their depths."""
    e = defs.get(v)
    m = GEP.match(e) if e else None
    if m:
        leaves(defs, m.group(2), depth + 1, out)
        idx = m.group(3)
        if idx.startswith("%"):
            leaves(defs, idx, depth + 1, out)
        else:
            out.append((depth + 1, "+" + idx))
        return
    m = re.match(r"(or|xor|add)(?: disjoint)?(?: nuw)?(?: nsw)? i32 ([^,]+), (.+)$", e or "")
    if m:
        for a in m.group(2, 3):
            if a.startswith("%"):
                leaves(defs, a, depth + 1, out)
            else:
                out.append((depth + 1, a))
        return
    m = re.match(r"(shl|lshr)(?: \w+)* i32 (%[\w.]+), (\d+)", e or "")
    if m:
        inner = re.match(r"and i32 %[\w.]+, (\d+)", defs.get(m.group(2), ""))
        out.append((depth, "(tid&%s)%s%s" % (inner.group(1) if inner else "?",
                                             "<<" if m.group(1) == "shl" else ">>", m.group(3))))
        return
    m = re.match(r"and i32 %[\w.]+, (\d+)", e or "")
    out.append((depth, "(tid&%s)" % m.group(1) if m else v if e is None else e[:40]))


def recompile(golden, line, outdir, **env_extra):
    """Recompile one golden case in a fresh cache; the compiler's stderr lines."""
    os.makedirs(outdir, exist_ok=True)
    here = os.path.dirname(os.path.abspath(__file__))
    env = dict(os.environ, TRITON_ALWAYS_COMPILE="1", **env_extra)
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryFile("w+") as err:
        env["TRITON_CACHE_DIR"] = cache
        subprocess.run([sys.executable, os.path.join(here, "codegen_case_ir.py"), golden, str(line), outdir],
                       env=env, stdout=subprocess.DEVNULL, stderr=err)
        err.seek(0)
        return err.read().split("\n")


def dump(golden, line, outdir):
    lines = recompile(golden, line, outdir, LLVM_IR_ENABLE_DUMP="1")
    starts = [i for i, s in enumerate(lines) if "IR Dump After" in s] + [len(lines)]
    ia = [k for k, i in enumerate(starts[:-1]) if "InferAlignmentPass" in lines[i]]
    if not ia or ia[0] == 0:
        sys.exit("no InferAlignment pass in the dump (is this a triton wheel's venv?)")
    k = ia[0]
    files = [("raw.ll", (starts[0], starts[1])), ("pre-ia.ll", (starts[k - 1], starts[k])),
             ("post-ia.ll", (starts[k], starts[k + 1]))]
    if len(ia) > 1:  # the second pass, after SLP: what the LoadStoreVectorizer sees
        os.makedirs(os.path.join(outdir, "ia2"), exist_ok=True)
        k = ia[1]
        files += [("ia2/pre-ia.ll", (starts[k - 1], starts[k])), ("ia2/post-ia.ll", (starts[k], starts[k + 1]))]
    lsv = [j for j, i in enumerate(starts[:-1]) if "Load and Store Vectorizer" in lines[i]]
    if lsv:  # the LoadStoreVectorizer's input
        files.append(("pre-lsv.ll", (starts[lsv[0] - 1], starts[lsv[0]])))
    for name, (a, b) in files:
        with open(os.path.join(outdir, name), "w") as f:
            f.write("\n".join(lines[a:b]))
    print("wrote %s/{%s}" % (outdir, ",".join(n for n, _ in files)))


def lsv(golden, line, outdir):
    lines = recompile(golden, line, outdir, TRITON_LLVM_DEBUG_ONLY="load-store-vectorizer")
    noise = ("Running on pseudo-BB", "SCEV PtrB", "getConstantOffset", "Querying AA")
    kept = [s for s in lines if not any(n in s for n in noise)]
    if not any(s.startswith("LSV:") for s in kept):
        sys.exit("no LoadStoreVectorizer log (is this a triton wheel's venv?)")
    with open(os.path.join(outdir, "lsv.log"), "w") as f:
        f.write("\n".join(kept))
    print("wrote %s/lsv.log" % outdir)


def common_align(a, offset):
    """The alignment an address `offset` bytes from one aligned to `a` keeps."""
    return a if offset == 0 else min(a, offset & -offset)


def strip_offsets(defs, ptr):
    """The pointer below its GEPs of constant index, and their bytes."""
    offset = 0
    while True:
        m = GEP.match(defs.get(ptr, ""))
        if not m or not re.fullmatch(r"-?\d+", m.group(3)):
            return ptr, offset
        offset += SIZES[m.group(1)] * int(m.group(3))
        ptr = m.group(2)


def check(outdir):
    """InferAlignment: computeKnownBits of each address, and then, in program
    order, each base pointer's best alignment so far (below its GEPs of
    constant index), taken from the alignments the accesses had when the
    pass began, moved to each access's offset."""
    defs, pre = parse(os.path.join(outdir, "pre-ia.ll"))
    _, post = parse(os.path.join(outdir, "post-ia.ll"))
    kb = KnownBits(defs)
    differ = 0
    best = {}
    for (kind, ptr, declared), (_, _, after) in zip(pre, post):
        mine = inferred_align(kb, ptr, declared)
        base, offset = strip_offsets(defs, ptr)
        here = common_align(declared, offset)
        if best.get(base, 0) > here:
            mine = max(mine, common_align(best[base], offset))
        else:
            best[base] = here
        if mine != after:
            differ += 1
            print("differs: %s %s: replayed align %d, InferAlignment %d" % (kind, ptr, mine, after))
    print("%d shared accesses, %d with another alignment than InferAlignment's" % (len(pre), differ))
    return 1 if differ or len(pre) != len(post) else 0


def tree(outdir, n):
    defs, acc = parse(os.path.join(outdir, "pre-ia.ll"))
    shown = {"load": 0, "store": 0}
    for kind, ptr, declared in acc:
        if shown[kind] >= n:
            continue
        shown[kind] += 1
        out = []
        leaves(defs, ptr, 0, out)
        print("%s align %d: %s" % (kind, declared, "  ".join("%d:%s" % (d, s) for d, s in out)))


def xors(outdir):
    names = [n for n in os.listdir(outdir) if n.startswith("case-") and n.endswith(".llir")]
    if len(names) != 1:
        sys.exit("no single case-N.llir in %s (made by dump)" % outdir)
    defs, _ = parse(os.path.join(outdir, names[0]))
    ptx = open(os.path.join(outdir, names[0][:-5] + ".ptx")).read()
    in_ptx = {int(c) for c in re.findall(r"xor\.b32\s+%r\d+, %r\d+, (-?\d+);", ptx)}
    shared_index = {m.group(3) for e in defs.values() for m in [GEP.match(e)] if m}
    kb = KnownBits(defs)
    differ = 0
    for name, e in defs.items():
        m = re.match(r"xor i32 (%[\w.]+), (\d+)$", e)
        if not m or name not in shared_index:
            continue
        base, c = m.group(1), int(m.group(2))
        moved = c & kb.of(base, 0)[0]
        reduced = "reduce.or" in defs.get(base, "") or any(
            "reduce.or" in defs.get(x, "") for x in re.findall(r"%[\w.]+", defs.get(base, "")))
        ok = (c ^ moved) in in_ptx or c == moved
        differ += not ok
        print("xor %s, %d: known zero %d, kept %d + %d%s; PTX %s" % (
            base, c, moved, c ^ moved, moved, " (R is SLP's reduction)" if reduced else "",
            "agrees" if ok else "differs"))
    return 1 if differ else 0


def main():
    a = sys.argv[1:]
    if len(a) == 4 and a[0] == "dump":
        dump(a[1], int(a[2]), a[3])
    elif len(a) == 4 and a[0] == "lsv":
        lsv(a[1], int(a[2]), a[3])
    elif len(a) == 2 and a[0] == "check":
        sys.exit(check(a[1]))
    elif len(a) == 2 and a[0] == "xors":
        sys.exit(xors(a[1]))
    elif len(a) in (2, 3) and a[0] == "tree":
        tree(a[1], int(a[2]) if len(a) == 3 else 3)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
