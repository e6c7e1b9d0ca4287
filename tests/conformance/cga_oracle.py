#!/usr/bin/env python3
"""Triton's rules for CGA layouts (`cga_layout=[[...]]`, the CTA tiling of a
cluster), from the real wheels, and layoutscope held to them.

    # inside a venv with the wheel (triton==3.6.0 or 3.9.0), ~3 minutes each:
    python tests/conformance/cga_oracle.py run 3.6 tests/conformance/golden/cga-3.6.jsonl
    python tests/conformance/cga_oracle.py run 3.9 tests/conformance/golden/cga-3.9.jsonl
    # anywhere (CTest conformance_cga):
    python3 tests/conformance/cga_oracle.py check build/bin/layoutscope-cli tests/conformance/golden/cga-3.*.jsonl

`run` draws CGA layouts (valid boxes, shuffled, with broadcast zeros, and the
bad forms: a basis along two dims, a step that skips, a repeated step) for
blocked, NVMMA v2 and swizzled / NVMMA shared layouts, and asks the wheel's
to_linear_layout on a 128x128 tensor. Refusals are C++ aborts (LLVM ERROR
"Layout is expected to be surjective") or builder errors, so the cases run in
a child that is restarted after each abort; a shared layout in 3.6 counts as
accepted when to_linear_layout refuses it only for being shared. Each line:
{"triton", "layout", "ok", "block" (block bases when the wheel gave them),
"why" (the wheel's message when refused)}.
`check` runs `layoutscope-cli bases` on every line: it must accept exactly
what the wheel accepted (with the same block bases) and refuse the rest with
exit 2 and one line (naming CGALayout where the wheel's reason is the CGA).
"""
import json
import os
import random
import subprocess
import sys

KINDS = [
    "BlockedLayout([1, 1], [4, 8], [2, 2], [1, 0], cga_layout={c})",
    "NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 2], instr_shape=[16, 8], cga_layout={c})",
    "SwizzledSharedLayout(2, 1, 1, [1, 0], cga_layout={c})",
    "NVMMASharedLayout(swizzle_byte_width=64, element_bitwidth=16, rank=2, cga_layout={c})",
]
SHAPE = [128, 128]
# 3.6's to_linear_layout refuses shared layouts as such, after their CGA passed
SHARED_ONLY = "Expected input dimension 0 to be 'register'"
# the wheels' CGA refusals (others, e.g. a swizzle wider than a CTA's block, are the kinds' own)
CGA_REASONS = ("surjective", "permutation matrix", "at most one dimension")


def draw_cgas(seed=7, n=36):
    rng = random.Random(seed)
    out = []
    for i in range(n):
        steps = {0: 1, 1: 1}
        bases = []
        for _ in range(rng.randint(1, 3)):
            if rng.random() < 0.2:
                bases.append([0, 0])
                continue
            d = rng.randrange(2)
            b = [0, 0]
            b[d] = steps[d]
            steps[d] *= 2
            bases.append(b)
        if rng.random() < 0.4:
            rng.shuffle(bases)
        bad = i % 3  # one in three left as drawn; the rest broken one way
        nz = [j for j, b in enumerate(bases) if any(b)]
        if bad == 1 and nz:
            j = rng.choice(nz)
            form = rng.randrange(3)
            if form == 0:    # along two dims
                bases[j] = [max(bases[j][0], 1), max(bases[j][1], 1)]
            elif form == 1:  # a step that skips
                bases[j] = [x * 2 for x in bases[j]]
            else:            # a repeated step
                bases.append(list(bases[j]))
        if bases not in out:
            out.append(bases)
    return out


def cases():
    return [k.format(c=c) for c in draw_cgas() for k in KINDS]


def child(version, texts, out):
    from triton._C.libtriton import gluon_ir, ir
    import triton.experimental.gluon.language as gl
    ctx = ir.context()
    ir.load_dialects(ctx)
    b = gluon_ir.GluonOpBuilder(ctx)
    names = {k: getattr(gl, k) for k in dir(gl) if k[0].isupper()}
    for t in texts:
        rec = {"triton": version, "layout": t}
        with open(out + ".started", "w") as f:
            f.write(t)
        try:
            ll = b.to_linear_layout(eval(t, names)._to_ir(b), SHAPE)
            rec.update(ok=True, block=ll.block_bases if hasattr(ll, "block_bases") else None)
        except Exception as e:  # noqa: BLE001 - the wheel's refusal is the answer
            msg = [l for l in str(e).splitlines() if l.strip()]
            msg = msg[0] if msg else "error"
            rec.update(ok=SHARED_ONLY in msg, block=None, why=msg[:200])
        with open(out, "a") as f:
            f.write(json.dumps(rec) + "\n")


def run(version, out):
    todo = cases()
    open(out, "w").close()
    while True:
        done = sum(1 for _ in open(out))
        if done >= len(todo):
            break
        p = subprocess.run([sys.executable, __file__, "child", version, out, json.dumps(todo[done:])],
                           capture_output=True, text=True)
        if sum(1 for _ in open(out)) == done:  # the case aborted the process
            why = [l for l in p.stderr.splitlines() if "LLVM ERROR" in l or "error:" in l]
            why = (why[0] if why else p.stderr.strip().splitlines()[-1] if p.stderr.strip() else "abort")[:200]
            rec = {"triton": version, "layout": todo[done], "ok": SHARED_ONLY in why, "block": None, "why": why}
            with open(out, "a") as f:
                f.write(json.dumps(rec) + "\n")
    os.remove(out + ".started")
    rows = [json.loads(l) for l in open(out)]
    print("%d cases, %d accepted" % (len(rows), sum(r["ok"] for r in rows)))


def check(cli, files):
    n = bad = 0
    for path in files:
        for line in open(path):
            r = json.loads(line)
            n += 1
            p = subprocess.run([cli, "bases", r["layout"], "--shape", "%dx%d" % tuple(SHAPE), "--triton", r["triton"]],
                               capture_output=True, text=True)
            if r["ok"]:
                ok = p.returncode == 0
                if ok and r["block"] is not None:
                    ok = json.loads(p.stdout)["bases"]["block"] == r["block"]
            else:
                ok = p.returncode == 2 and len(p.stderr.strip().splitlines()) == 1
                if any(w in r.get("why", "") for w in CGA_REASONS):
                    ok = ok and "CGALayout" in p.stderr
            if not ok:
                bad += 1
                print("MISMATCH %s %s: wheel %s, layoutscope exit %d %s" % (
                    r["triton"], r["layout"], "accepts" if r["ok"] else "refuses (%s)" % r.get("why"),
                    p.returncode, (p.stderr.strip() or p.stdout[:200])))
    print("%d / %d CGA cases as the wheels answer" % (n - bad, n))
    return 0 if n and not bad else 1


def main():
    if sys.argv[1] == "child":
        child(sys.argv[2], json.loads(sys.argv[4]), sys.argv[3])
        return 0
    if sys.argv[1] == "run":
        run(sys.argv[2], sys.argv[3])
        return 0
    if sys.argv[1] == "check":
        return check(sys.argv[2], sys.argv[3:])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
