#!/usr/bin/env python3
"""R's tree, the address of a round trip's first shared store, as LLVM's passes reshape it and as
the PTX leaves it: where the model's tree (o3_reshape, tree_align's SLP tree) and the wheel's part.

  llvm_tree.py passes GOLDEN LINE OUTDIR   (in a venv with triton 3.6 or 3.9)
      recompiles one golden-format case (FILE LINE, FILE a golden file name or any path) with
      LLVM_IR_ENABLE_DUMP, writes OUTDIR/dump.txt and the case's PTX, and prints the tree after
      every pass that changes it
  llvm_tree.py ptx PTXFILE
      the tree in the PTX: the operands of the first shared store's address sum (the shared base,
      R, its paddings) each as its `or`/`add`/`xor` tree

A leaf is shown by the bits its value can take over tid 0..1023 (`(2048)`: (tid & 1) << 11, say);
an operand the tool cannot evaluate (a vector reduction, a select) by its instruction. Nodes: [a|b],
[a+b], [a^b]; a GEP as {base + type*index}.
"""
import os
import re
import sys

TIDS = range(1024)


class Values:
    """Evaluates a function's registers at every tid: `defs` maps a register to its instruction
    (op, operands); `tid` says whether a register is %tid.x itself."""

    def __init__(self, defs, is_tid, apply):
        self.defs, self.is_tid, self.apply, self.memo = defs, is_tid, apply, {}

    def at(self, reg, tid):
        if not reg.startswith("%"):
            return int(reg)
        key = (reg, tid)
        if key not in self.memo:
            if self.is_tid(reg):
                self.memo[key] = tid
            else:
                op, args = self.defs[reg]
                self.memo[key] = self.apply(op, [self.at(a, tid) for a in args])
        return self.memo[key]

    def bits(self, reg):
        """The OR of reg's value over every tid, or None where some instruction is not evaluable."""
        try:
            acc = 0
            for t in TIDS:
                acc |= self.at(reg, t)
            return acc
        except (KeyError, ValueError, RecursionError):
            return None


def apply_op(op, v):
    """One integer instruction of LLVM IR or PTX (op without types), 32-bit."""
    name = op.split(".")[0]
    if name == "and":
        return v[0] & v[1]
    if name == "or":
        return v[0] | v[1]
    if name == "xor":
        return v[0] ^ v[1]
    if name == "add":
        return (v[0] + v[1]) & 0xFFFFFFFF
    if name == "shl" and v[1] < 32:
        return (v[0] << v[1]) & 0xFFFFFFFF
    if name in ("lshr", "shr"):
        return v[0] >> v[1]
    if name == "bfe":
        return (v[0] >> v[1]) & ((1 << v[2]) - 1)
    if name in ("mov", "cvt") and len(v) == 1:
        return v[0]
    raise KeyError(op)


def show(values, defs, reg, nodes, depth=0):
    """reg's tree: `nodes(op, args)` gives the node symbol of an instruction or None (a leaf)."""
    if reg not in defs or depth > 40:
        return reg
    op, args = defs[reg]
    sym = nodes(op, args)
    if sym:
        parts = [show(values, defs, a, nodes, depth + 1) if a.startswith("%") else a for a in args]
        return sym(parts)
    b = values.bits(reg)
    return "(%d)" % b if b is not None else "<%s %s>" % (op, " ".join(args))


# ---------------------------------------------------------------- LLVM IR

IR_DEF = re.compile(r"\s*(%[\w.]+) = (.*?)(?:, !dbg.*)?$")
IR_BIN = re.compile(r"(\w+)(?: (?:nuw|nsw|exact|disjoint))* i32 (\S+), (\S+)$")
IR_GEP = re.compile(r"getelementptr(?: inbounds| nuw| nusw)* (\w+), ptr addrspace\(3\) (\S+), i32 (\S+)$")
IR_STORE = re.compile(r"store (?:<[^>]*>|\S+) \S+, ptr addrspace\(3\) (%[\w.]+)")


def ir_function(text):
    defs = {}
    for line in text.splitlines():
        m = IR_DEF.match(line)
        if not m:
            continue
        rhs = m.group(2)
        b = IR_BIN.match(rhs)
        g = IR_GEP.match(rhs)
        if b:
            defs[m.group(1)] = (b.group(1), [b.group(2), b.group(3)])
        elif g:
            defs[m.group(1)] = ("gep " + g.group(1), [g.group(2), g.group(3)])
        else:
            defs[m.group(1)] = (rhs[:60], [])
    return defs


def ir_nodes(op, args):
    if op.startswith("gep "):
        return lambda p: "{%s + %s*%s}" % (p[0], op[4:], p[1])
    if op in ("or", "add", "xor") and all(a.startswith("%") for a in args):
        sym = {"or": "|", "add": "+", "xor": "^"}[op]
        return lambda p: "[%s%s%s]" % (p[0], sym, p[1])
    return None


def ir_tree(text):
    store = IR_STORE.search(text)
    if not store:
        return None
    defs = ir_function(text)
    is_tid = lambda r: "tid.x" in defs.get(r, ("", []))[0]  # noqa: E731
    return show(Values(defs, is_tid, apply_op), defs, store.group(1), ir_nodes)


def passes(golden, line, outdir):
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    from llvm_known_bits import recompile
    if not os.path.exists(golden):
        golden = os.path.join(here, "golden", golden)
    lines = recompile(golden, line, outdir, LLVM_IR_ENABLE_DUMP="1")
    text = "\n".join(lines)
    with open(os.path.join(outdir, "dump.txt"), "w") as f:
        f.write(text)
    last = None
    for part in text.split("; *** IR Dump After ")[1:]:
        name = part.split(" ***")[0].split(" on ")[0]
        tree = ir_tree(part)
        if tree and tree != last:
            print(name, tree)
            last = tree


# ---------------------------------------------------------------- PTX

PTX_DEF = re.compile(r"\s*([a-z][\w.]*)\s+(%\w+),\s*(.*);")


def ptx_function(text):
    defs = {}
    for line in text.splitlines():
        m = PTX_DEF.match(line)
        if m and not m.group(1).startswith(("ld.", "st.", "setp", "selp")):
            defs.setdefault(m.group(2), (m.group(1), [x.strip() for x in m.group(3).split(",")]))
    return defs


def ptx_tree(path):
    text = open(path).read()
    m = re.search(r"st\.shared[\w.]*\s+\[(%r\d+)(?:\+\d+)?\]", text)
    if not m:
        sys.exit("no st.shared in %s" % path)
    defs = ptx_function(text)
    is_tid = lambda r: defs.get(r, ("", [""]))[1][0] == "%tid.x"  # noqa: E731
    values = Values(defs, is_tid, apply_op)

    def nodes(op, args):
        name = op.split(".")[0]
        if name in ("or", "xor", "add") and all(a.startswith("%") for a in args) and "global_smem" not in args:
            sym = {"or": "|", "add": "+", "xor": "^"}[name]
            return lambda p: "[%s%s%s]" % (p[0], sym, p[1])
        return None

    # the address sum's operands: its `add`s down to what is not one
    def operands(reg):
        op, args = defs.get(reg, ("", []))
        if op.startswith("add") and all(a.startswith("%") for a in args):
            return [x for a in args for x in operands(a)]
        return [reg]

    for reg in operands(m.group(1)):
        op, args = defs.get(reg, ("", []))
        print(reg, "smem" if "global_smem" in args else show(values, defs, reg, nodes))


def main():
    a = sys.argv[1:]
    if len(a) == 4 and a[0] == "passes":
        passes(a[1], int(a[2]), a[3])
    elif len(a) == 2 and a[0] == "ptx":
        ptx_tree(a[1])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
