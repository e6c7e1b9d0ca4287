#!/usr/bin/env python3
"""What the wheel's own code generator (llc) makes of shared loads the
LoadStoreVectorizer joins: the facts behind codegen.cpp's spelling of 16-bit
ones, and behind llvm_vectorizer.h's words of a load VectorCombine split.

Run inside a venv with triton 3.6.0 or 3.9.0 (no GPU needed):
    nvptx_loads.py
Each case is a small hand-written kernel: halves loaded from one shared base
at constant offsets, then stored to global memory either one by one or packed
into a word. The LoadStoreVectorizer makes them one vector load, NVPTX loads
it as 32-bit words, and splits those into 16-bit registers only where every
word is unpacked. Prints each case's shared load and exits 1 where it differs
from what the model expects (`None`: this version's LLVM does not join them;
a list: the loads in any order).
"""
import sys

import triton
from triton._C.libtriton import llvm

HEAD = """target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@smem = external local_unnamed_addr addrspace(3) global [0 x i8], align 16
define ptx_kernel void @k(ptr addrspace(1) %out, i32 %r) {
  %b = getelementptr inbounds nuw i8, ptr addrspace(3) @smem, i32 %r
"""


def loads(offsets):
    """Halves at these byte offsets of the base (the first 8-byte aligned)."""
    text = ""
    for o in offsets:
        text += "  %%p%d = getelementptr inbounds nuw i8, ptr addrspace(3) %%b, i32 %d\n" % (o, o)
        text += "  %%h%d = load half, ptr addrspace(3) %%p%d, align %d\n" % (o, o, 8 if o == 0 else 2)
    return text


def apart(offsets):
    """Each half stored alone (unpacked)."""
    text = ""
    for i, o in enumerate(offsets):
        text += "  %%o%d = getelementptr half, ptr addrspace(1) %%out, i32 %d\n" % (o, 16 * i + 1)
        text += "  store half %%h%d, ptr addrspace(1) %%o%d, align 2\n" % (o, o)
    return text


def word(a, b, at):
    """Halves a, b packed into one word (a low) and stored as one."""
    return ("  %%w%d.0 = insertelement <2 x half> poison, half %%h%d, i32 0\n"
            "  %%w%d.1 = insertelement <2 x half> %%w%d.0, half %%h%d, i32 1\n"
            "  %%q%d = getelementptr half, ptr addrspace(1) %%out, i32 %d\n"
            "  store <2 x half> %%w%d.1, ptr addrspace(1) %%q%d, align 4\n") % (at, a, at, at, b, at, 64 * at, at, at)


def words(claims):
    """i32 loads at these (byte offset, alignment) of the base, each stored alone; an
    alignment may be a false promise, as Triton's for a vector padding misplaces."""
    text = ""
    for o, a in claims:
        text += "  %%p%d = getelementptr inbounds nuw i8, ptr addrspace(3) %%b, i32 %d\n" % (o, o)
        text += "  %%w%d = load i32, ptr addrspace(3) %%p%d, align %d\n" % (o, o, a)
    for i, (o, _) in enumerate(claims):
        text += "  %%o%d = getelementptr i32, ptr addrspace(1) %%out, i32 %d\n" % (o, 16 * i + 1)
        text += "  store i32 %%w%d, ptr addrspace(1) %%o%d, align 4\n" % (o, o)
    return text


# the words of four v2.b32 loads at 0, 8 and (padding 4 bytes at 16) 20, 28, whose promise of 8
# is false there (word 1 at 24 and 32: 8 as InferAlignment proves): 3.9 fills the gap at 16 from
# the best-aligned word (0), cuts from the start and drops the piece of the filler and 20
V2_PADDED = [(0, 8), (4, 4), (8, 8), (12, 4), (20, 8), (24, 8), (28, 8), (32, 8)]

# (name, body, expected shared load for 3.6, for 3.9)
CASES = [
    ("four halves, each unpacked", loads([0, 2, 4, 6]) + apart([0, 2, 4, 6]),
     "ld.shared.v4.b16", "ld.shared.v4.b16"),
    ("two halves, the word in order", loads([0, 2]) + word(0, 2, 0), "ld.shared.b32", "ld.shared.b32"),
    ("two halves, the word swapped", loads([0, 2]) + word(2, 0, 0), "ld.shared.v2.b16", "ld.shared.v2.b16"),
    ("four halves, two words in order", loads([0, 2, 4, 6]) + word(0, 2, 0) + word(4, 6, 1),
     "ld.shared.v2.b32", "ld.shared.v2.b32"),
    ("four halves, one word in order, one swapped", loads([0, 2, 4, 6]) + word(0, 2, 0) + word(6, 4, 1),
     "ld.shared.v2.b32", "ld.shared.v2.b32"),
    ("halves at 0 and 6 (3.9 fills the gap)", loads([0, 6]) + apart([0, 6]), None, "ld.shared.v2.b32"),
    ("halves at 0, 2, 4 (3.9 grows them to four)", loads([0, 2, 4]) + apart([0, 2, 4]), None, "ld.shared.v2.b32"),
    ("words of misplaced v2.b32 loads (3.9 rejoins them)", words(V2_PADDED), ["ld.shared.v2.b32"] * 4,
     ["ld.shared.v2.b32"] * 3 + ["ld.shared.b32"] * 2),
]


def shared_loads(body):
    ir = HEAD + body + "  ret void\n}\n"
    args = ["nvptx64-nvidia-cuda", "sm_90", "+ptx86", [], False, False]
    try:
        asm = llvm.translate_to_asm(ir, *args, False)  # 3.9: canonicalize_gep
    except TypeError:
        asm = llvm.translate_to_asm(ir, *args)
    return [line.split()[0] for line in asm.splitlines() if line.strip().startswith("ld.shared")]


def main():
    llvm.init_targets()
    v39 = triton.__version__.startswith("3.9")
    bad = 0
    for name, body, e36, e39 in CASES:
        expected = e39 if v39 else e36
        got = shared_loads(body)
        if isinstance(expected, list):
            ok = sorted(got) == sorted(expected)
        else:
            ok = got == [expected] if expected else len(got) > 1
        expected = " ".join(expected) if isinstance(expected, list) else expected
        bad += not ok
        print("%-46s %-40s %s" % (name, " ".join(got), "ok" if ok else "expected %s" % (expected or "apart")))
    print("triton %s: %d of %d as expected" % (triton.__version__, len(CASES) - bad, len(CASES)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
