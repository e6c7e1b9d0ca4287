#!/usr/bin/env python3
"""ptxas's shared-load joins probed on synthetic PTX: kernels of nothing but shared loads from one
256-byte aligned register (and fillers through a second register ptxas knows only 2-byte aligned),
each value stored to global, assembled by the Triton 3.6 wheel's own ptxas for sm_90a and counted
with its cuobjdump. The rules of core/codegen/ptxas.h (mirrored on the PTX by ptxas_ptx.predict)
must give each cubin's LDS counts: the named probes (session 69's facts) every one, the random ones
at least --min-random of --random.

  ptxas_probe.py --venv DIR [--random N] [--seed S] [--min-random M]

Exits 77 (skipped) where the wheel cannot be installed.
"""
import argparse
import collections
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from ptxas_ptx import predict  # noqa: E402
from ptxas_sass import sass_counts  # noqa: E402

HEAD = """.version 8.7
.target sm_90a
.address_size 64
.extern .shared .align 16 .b8 global_smem[];
.visible .entry k(.param .u64 p0)
.reqntid 128, 1, 1
{
.reg .b16 %rs<2000>; .reg .b32 %r<2000>; .reg .b64 %rd<2000>;
ld.param.u64 %rd1, [p0];
mov.u32 %r1, %tid.x;
shl.b32 %r2, %r1, 8;
mov.u32 %r3, global_smem;
add.s32 %r4, %r3, %r2;
shl.b32 %r5, %r1, 1;
add.s32 %r6, %r3, %r5;
mul.wide.u32 %rd2, %r1, 4096;
add.s64 %rd3, %rd1, %rd2;
bar.sync 0;
"""
ALIGNED, HALF_KNOWN = 4, 6  # %r4: 256-byte aligned; %r6: 2-byte aligned only


def kernel(loads):
    """loads: (offset, bits, vector, register) in program order."""
    body, stores, reg, out = [], [], 100, 0
    for off, bits, vec, base in loads:
        kind = "%rs" if bits == 16 else "%r"
        regs = ["%s%d" % (kind, reg + k) for k in range(vec)]
        reg += vec
        dst = "{%s}" % ", ".join(regs) if vec > 1 else regs[0]
        body.append("ld.shared%s.b%d %s, [%%r%d+%d];" % (".v%d" % vec if vec > 1 else "", bits, dst, base, off))
        for r in regs:
            stores.append("st.global.b%d [%%rd3+%d], %s;" % (bits, out, r))
            out += bits // 8
    return HEAD + "\n".join(body + stores) + "\nret;\n}\n"


def half(off, base=ALIGNED):
    return (off, 16, 1, base)


def blocks(n, first=1024, base=ALIGNED):
    """n 16-bit loads, each in a block of its own."""
    return [half(first + 64 * k, base) for k in range(n)]


def words(n, first=3072, bits=32, vec=1):
    return [(first + 64 * k, bits, vec, ALIGNED) for k in range(n)]


# (what it shows, loads)
PROBES = [
    ("+0/+2 join with eleven other blocks between", [half(0)] + blocks(11) + [half(2)]),
    ("... not with twelve", [half(0)] + blocks(12) + [half(2)]),
    ("+0, +2, eleven blocks, +4: one LDS.64", [half(0), half(2)] + blocks(11) + [half(4)]),
    ("+0, 11 blocks, +2, 11 blocks, +4: +0's entry closes first", [half(0)] + blocks(11) + [half(2)]
     + blocks(11, 4096) + [half(4)]),
    ("+4, 10 blocks, +0, 10 blocks, +2: +0 is +4's entry", [half(4)] + blocks(10) + [half(0)] + blocks(10, 4096)
     + [half(2)]),
    ("joining is no new entry (first in, first out)", [half(0)] + blocks(8) + [half(2)] + blocks(8, 4096) + [half(4)]),
    ("+2, +4 of an 8-byte block join nothing", [half(2), half(4)]),
    ("three halves of a block: LDS.64 from its start", [half(6), half(4), half(2)]),
    ("+0 and +8 are two blocks", [half(0), half(8)] + blocks(11) + [half(2)]),
    ("halves of a base ptxas knows no block of take no entry", [half(0)] + blocks(20, base=HALF_KNOWN) + [half(2)]),
    ("byte pairs take no entry", [half(0)] + [(1024 + 64 * k, 8, 2, ALIGNED) for k in range(12)] + [half(2)]),
    ("a word takes the entry of its 16-byte block", [half(4)] + blocks(11) + words(1) + [half(6)]),
    ("... two words of one 16-byte block one entry", [half(4), (32, 32, 1, ALIGNED), (40, 32, 1, ALIGNED)]
     + blocks(10) + [half(6)]),
    ("an 8-byte load too", [half(4)] + blocks(11) + words(1, vec=2) + [half(6)]),
    ("a 16-byte load takes none", [half(4)] + blocks(11) + words(1, vec=4) + [half(6)]),
    ("words join however far apart", [(0, 32, 1, ALIGNED)] + words(60, first=64) + [(4, 32, 1, ALIGNED)]),
    ("an LDS.128 reads 12 of its bytes: +0, +8 stay apart", [(0, 32, 1, ALIGNED), (8, 32, 1, ALIGNED)]),
    ("... +0, +4, +12 are one", [(0, 32, 1, ALIGNED), (4, 32, 1, ALIGNED), (12, 32, 1, ALIGNED)]),
]


def draw(rng):
    """Halves in a few low blocks, fillers of both registers, words and 16-bit pairs."""
    loads, low = [], rng.randint(1, 4)
    for _ in range(rng.randint(3, 40)):
        r = rng.random()
        if r < 0.55:
            loads.append(half(8 * rng.randrange(low) + 2 * rng.randrange(4)))
        elif r < 0.8:
            loads.append(half(1024 + 64 * rng.randrange(30)))
        elif r < 0.88:
            loads.append(half(2048 + 64 * rng.randrange(30), HALF_KNOWN))
        elif r < 0.95:
            loads.append((3072 + 64 * rng.randrange(30), 32, 1, ALIGNED))
        else:
            loads.append((4096 + 64 * rng.randrange(30), 16, 2, ALIGNED))
    seen, out = set(), []
    for off, bits, vec, base in loads:  # one load per address
        if (base, off) not in seen:
            seen.add((base, off))
            out.append((off, bits, vec, base))
    return out


def loads_of(counts):
    return collections.Counter({k: v for k, v in counts.items() if k.startswith("LDS")})


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--venv", required=True)
    ap.add_argument("--random", type=int, default=200)
    ap.add_argument("--seed", type=int, default=69)
    ap.add_argument("--min-random", type=int, default=196)
    a = ap.parse_args()
    from run_conformance import ensure_venv
    py = ensure_venv(a.venv)
    where = subprocess.run([py, "-c", "import triton, os; print(os.path.dirname(triton.__file__))"],
                           capture_output=True, text=True, check=True).stdout.strip()
    bin_dir = os.path.join(where, "backends", "nvidia", "bin")

    def cubin_loads(ptx):
        with tempfile.TemporaryDirectory() as tmp:
            src, cubin = os.path.join(tmp, "k.ptx"), os.path.join(tmp, "k.cubin")
            with open(src, "w") as f:
                f.write(ptx)
            subprocess.run([os.path.join(bin_dir, "ptxas"), "-arch=sm_90a", src, "-o", cubin], check=True)
            sass = subprocess.run([os.path.join(bin_dir, "cuobjdump"), "-sass", cubin],
                                  capture_output=True, text=True, check=True).stdout
        return loads_of(sass_counts(sass))

    failed = 0
    for what, loads in PROBES:
        ptx = kernel(loads)
        got, real = loads_of(predict(ptx)), cubin_loads(ptx)
        ok = got == real
        failed += not ok
        print("%s %s: rules %s, cubin %s" % ("ok  " if ok else "FAIL", what, dict(got), dict(real)))
    rng = random.Random(a.seed)
    equal = sum(loads_of(predict(p)) == cubin_loads(p) for p in (kernel(draw(rng)) for _ in range(a.random)))
    print("%d of %d named probes, %d of %d random ones (seed %d): the rules give the cubin's loads"
          % (len(PROBES) - failed, len(PROBES), equal, a.random, a.seed))
    return 1 if failed or equal < a.min_random else 0


if __name__ == "__main__":
    sys.exit(main())
