#!/usr/bin/env python3
"""ctest driver: check `layoutscope-cli convert-cost` against Triton 3.6.0.

Oracle: Triton's own lowering.  For every pair of distributed layouts (same
shape, same warp count) a tiny TTGIR kernel

    %x = tt.load (splat ptr)           : tensor<S x f32, #src>
    %y = ttg.convert_layout %x         : #src -> #dst
    tt.store (splat ptr), %y           : tensor<S x f32, #dst>

is compiled offline with triton.compile(..., target=GPUTarget("cuda", 90, 32))
down to LLVM IR (no GPU needed).  Triton's verdict is read from the result:
  - kernel metadata "shared" > 0      -> shared_memory  (scratch for the cvt)
  - llvm.nvvm.shfl.sync in the LLVM IR -> warp_shuffle
  - neither                           -> register (free or a register
                                         permutation: Triton's
                                         cvtReordersRegisters covers both)
The CLI's free / register_permutation both count as "register".  For
shared_memory cases the CLI's scratch_bytes must also equal Triton's
"shared" figure: the kernel's only shared-memory use is the conversion's
scratch buffer (tt.load / tt.store of a splat pointer take none on sm_90),
so "shared" is exactly that buffer (Triton's NVIDIA allocation:
getNumScratchElemsSwizzledCvt over the st/ld.shared and stmatrix/ldmatrix
instruction tiles, one round of reps).

Pairs: random blocked, slice, linear, MMA v2/v3 and dot-operand layouts, plus
linear layouts derived from a drawn one by permuting its register and lane
bases (sometimes swapping in a warp basis) so that warp-shuffle and
mixed-transposition cases are frequent.  Cases are cached in --work, keyed by
seed, count and this script's hash.  Prints a per-verdict table, mismatches
and a final "N passed, M failed" line; exits 77 when triton==3.6.0 cannot be
installed.
"""
import argparse
import collections
import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SKIP = 77


# ------------------------------------------------------------ oracle side
# (runs inside the venv holding triton; started as `conversion.py --oracle OUT`)


def oracle_main(out, seed, count):
    import triton
    import triton.experimental.gluon.language as ttgl
    from triton._C.libtriton import gluon_ir, ir
    from triton.backends.compiler import GPUTarget

    ctx = ir.context()
    ir.load_dialects(ctx)
    builder = gluon_ir.GluonOpBuilder(ctx)
    target = GPUTarget("cuda", 90, 32)
    rng = random.Random(seed)

    def split_bits(nbits, rank):
        parts = [0] * rank
        for _ in range(nbits):
            parts[rng.randrange(rank)] += 1
        return [1 << p for p in parts]

    def blocked(rank, lw):
        order = list(range(rank))
        rng.shuffle(order)
        return ttgl.BlockedLayout([1 << rng.randint(0, 2) for _ in range(rank)], split_bits(5, rank),
                                  split_bits(lw, rank), order)

    def mma_v2(rank, lw):
        return ttgl.NVMMADistributedLayout(version=[2, 0], warps_per_cta=split_bits(lw, rank),
                                           instr_shape=[16, 8] if rank == 2 else [1, 16, 8])

    def mma_v3(lw, n):  # warp groups of 4 stacked along M
        return ttgl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[1 << lw, 1], instr_shape=[16, n, 16])

    def linear(shape, lw):
        rank = len(shape)
        units = [[(1 << i) if d == dd else 0 for dd in range(rank)]
                 for d in range(rank) for i in range(shape[d].bit_length() - 1)]
        rng.shuffle(units)
        counts = {"lane": 5, "warp": lw}
        counts["register"] = max(0, len(units) - 5 - lw) + rng.randint(0, 1)
        total = counts["register"] + 5 + lw
        merged = list(units[:total])
        for _ in range(total - len(merged)):
            merged.insert(rng.randint(0, len(merged)), [0] * rank)
        reg, lane, warp = merged[:counts["register"]], merged[counts["register"]:counts["register"] + 5], merged[counts["register"] + 5:]
        if len(units) > total:  # shape larger than one pass: remaining bits wrap in registers
            reg = reg + units[total:]
        return ttgl.DistributedLinearLayout(reg, lane, warp, [], shape)

    def draw(shape, lw):
        rank = len(shape)
        kinds = ["blocked", "linear", "slice"]
        if rank >= 2:
            kinds += ["mma_v2", "dot_operand"]
        if rank == 2 and lw >= 2 and shape[1] >= 8:
            kinds.append("mma_v3")
        kind = rng.choice(kinds)
        if kind == "blocked":
            return kind, blocked(rank, lw)
        if kind == "linear":
            return kind, linear(shape, lw)
        if kind == "mma_v2":
            return kind, mma_v2(rank, lw)
        if kind == "mma_v3":
            n = min(256, shape[1])
            return kind, mma_v3(lw, n)
        if kind == "dot_operand":
            return kind, ttgl.DotOperandLayout(rng.randrange(2), mma_v2(rank, lw), rng.choice([1, 2, 4]))
        prank = rank + 1
        parent = blocked(prank, lw) if prank > 2 and rng.random() < 0.5 or prank == 2 and rng.random() < 0.6 else (
            mma_v2(prank, lw) if prank in (2, 3) else blocked(prank, lw))
        return "slice", ttgl.SliceLayout(rng.randrange(prank), parent)

    def bases_of(layout, shape):
        ll = builder.to_linear_layout(layout._to_ir(builder), shape)
        return ll.reg_bases, ll.lane_bases, ll.warp_bases

    def derived(layout, shape):
        """A linear layout permuting the register and lane bases of `layout`."""
        reg, lane, warp = bases_of(layout, shape)
        reg, lane, warp = [list(b) for b in reg], [list(b) for b in lane], [list(b) for b in warp]
        pool = reg + lane
        if rng.random() < 0.5:  # a partial shuffle: swap a few pairs
            for _ in range(rng.randint(1, 3)):
                i, j = rng.randrange(len(pool)), rng.randrange(len(pool))
                pool[i], pool[j] = pool[j], pool[i]
        else:
            rng.shuffle(pool)
        reg, lane = pool[:len(reg)], pool[len(reg):]
        if warp and reg and rng.random() < 0.15:  # data crossing warps
            i, j = rng.randrange(len(reg)), rng.randrange(len(warp))
            reg[i], warp[j] = warp[j], reg[i]
        return "derived", ttgl.DistributedLinearLayout(reg, lane, warp, [], shape)

    def encoding(layout, shape):
        text = str(builder.get_distributed_ty(builder.get_float_ty(), shape, layout._to_ir(builder)))
        return text[text.index(", ") + 2:-1]

    def kernel(src, dst, shape, warps):
        t = "x".join(map(str, shape))
        return f'''#src = {src}
#dst = {dst}
module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = {warps} : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32}} {{
  tt.func public @cvt(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>) {{
    %a = tt.splat %p : !tt.ptr<f32> -> tensor<{t}x!tt.ptr<f32>, #src>
    %x = tt.load %a : tensor<{t}x!tt.ptr<f32>, #src>
    %y = ttg.convert_layout %x : tensor<{t}xf32, #src> -> tensor<{t}xf32, #dst>
    %b = tt.splat %q : !tt.ptr<f32> -> tensor<{t}x!tt.ptr<f32>, #dst>
    tt.store %b, %y : tensor<{t}x!tt.ptr<f32>, #dst>
    tt.return
  }}
}}
'''

    def start_compile(src, dst, shape, warps, tmp, n):
        """Compile in a forked child (C++ aborts must not kill us); returns (pid, read fd)."""
        path = os.path.join(tmp, f"cvt{n}.ttgir")
        with open(path, "w") as f:
            f.write(kernel(src, dst, shape, warps))
        rfd, wfd = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(rfd)
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 2)
            try:
                k = triton.compile(path, target=target)
                llir = k.asm["llir"]
                res = {"shared": int(k.metadata.shared), "shfl": llir.count("llvm.nvvm.shfl.sync"),
                       "smem_ops": llir.count("addrspace(3)")}
            except Exception as e:
                res = {"error": (str(e).strip().splitlines() or [type(e).__name__])[0][:200]}
            with os.fdopen(wfd, "w") as w:
                w.write(json.dumps(res))
            os._exit(0)
        os.close(wfd)
        return pid, rfd

    def finish_compile(pid, rfd):
        with os.fdopen(rfd) as r:
            data = r.read()
        os.waitpid(pid, 0)
        return json.loads(data) if data else {"error": "compiler aborted"}

    stats = collections.Counter()
    seen = set()
    pairs = []
    while len(pairs) < count and stats["drawn"] < 20 * count:
        stats["drawn"] += 1
        lw = rng.randint(0, 3)
        rank = rng.choice([1, 2, 2, 2, 3])
        shape = [1 << rng.randint(0, 6) for _ in range(rank)]
        while sum(s.bit_length() - 1 for s in shape) > 14:
            shape = [1 << rng.randint(0, 6) for _ in range(rank)]
        try:
            skind, src = draw(shape, lw)
            if rng.random() < 0.4:
                dkind, dst = derived(src, shape)
            else:
                dkind, dst = draw(shape, lw)
            esrc, edst = encoding(src, shape), encoding(dst, shape)
        except Exception:
            stats["rejected"] += 1
            continue
        key = (esrc, edst, tuple(shape))
        if key in seen:
            stats["duplicates"] += 1
            continue
        seen.add(key)
        pairs.append({"src_kind": skind, "dst_kind": dkind, "shape": shape, "warps": 1 << lw, "src": esrc, "dst": edst})
    jobs = max(1, min(8, os.cpu_count() or 1))
    with tempfile.TemporaryDirectory() as tmp, open(out + ".tmp", "w") as f:
        for lo in range(0, len(pairs), jobs):
            batch = pairs[lo:lo + jobs]
            running = [start_compile(p["src"], p["dst"], p["shape"], p["warps"], tmp, i) for i, p in enumerate(batch)]
            for p, (pid, rfd) in zip(batch, running):
                v = finish_compile(pid, rfd)
                if "error" in v:
                    stats["compile_errors"] += 1
                    continue
                p["triton"] = "shared_memory" if v["shared"] > 0 else "warp_shuffle" if v["shfl"] > 0 else "register"
                p.update(v)
                f.write(json.dumps(p) + "\n")
                stats["compiled"] += 1
    os.replace(out + ".tmp", out)
    with open(out + ".stats.json", "w") as f:
        json.dump(dict(stats), f)


# --------------------------------------------------------------- CLI side


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", help="path to layoutscope-cli")
    ap.add_argument("--venv", help="virtual environment holding triton (created if missing)")
    ap.add_argument("--work", help="directory for cached cases")
    ap.add_argument("--count", type=int, default=320, help="layout pairs")
    ap.add_argument("--seed", type=int, default=4321)
    ap.add_argument("--oracle", help=argparse.SUPPRESS)  # internal: generate cases into this file
    args = ap.parse_args()
    if args.oracle:
        oracle_main(args.oracle, args.seed, args.count)
        return
    if not (args.cli and args.venv and args.work):
        ap.error("--cli, --venv and --work are required")
    sys.stdout.reconfigure(line_buffering=True)
    sys.path.insert(0, HERE)
    from run_conformance import ensure_venv  # same venv handling (exits 77 when PyPI is unreachable)

    os.makedirs(args.work, exist_ok=True)
    py = ensure_venv(os.path.abspath(args.venv))
    with open(os.path.abspath(__file__), "rb") as f:
        key = hashlib.sha256(f.read() + f"|{args.seed}|{args.count}".encode()).hexdigest()[:16]
    path = os.path.join(args.work, f"conversion-{key}.jsonl")
    if not os.path.exists(path):
        for stale in os.listdir(args.work):
            if stale.startswith("conversion-"):
                os.remove(os.path.join(args.work, stale))
        print(f"compiling {args.count} conversions with Triton (seed {args.seed}) -> {path}")
        run = subprocess.run([py, os.path.abspath(__file__), "--oracle", path, "--seed", str(args.seed),
                              "--count", str(args.count)])
        if run.returncode != 0 or not os.path.exists(path):
            sys.exit("error: the Triton oracle failed")
    else:
        print(f"using cached cases {path}")
    with open(path) as f:
        cases = [json.loads(line) for line in f]
    with open(path + ".stats.json") as f:
        print("oracle draws:", json.load(f))

    table = collections.defaultdict(collections.Counter)
    passed = failed = shown = 0
    scratch_same = scratch_total = mixed_rule = 0
    for c in cases:
        shape = "x".join(map(str, c["shape"]))
        proc = subprocess.run([args.cli, "convert-cost", "--triton", "3.6", "--src", c["src"], "--dst", c["dst"], "--shape", shape,
                               "--bits", "32"], capture_output=True, text=True)
        try:
            got = json.loads(proc.stdout)
            kind = got["kind"]
        except (json.JSONDecodeError, KeyError, TypeError):
            got, kind = {}, "error: " + (proc.stderr.strip()[-200:] or proc.stdout.strip()[-200:])
        verdict = "register" if kind in ("free", "register_permutation") else kind
        table[c["triton"]][verdict] += 1
        scratch_ok = True
        if verdict == c["triton"] and verdict == "shared_memory":
            scratch_total += 1
            mixed_rule += got.get("moved_dims") == ["register", "lane"]
            scratch_ok = got.get("scratch_bytes") == c["shared"]
            scratch_same += scratch_ok
        if verdict == c["triton"] and scratch_ok:
            passed += 1
            continue
        failed += 1
        if shown < 10:
            shown += 1
            print(f"--- mismatch {shown}: {c['src_kind']} -> {c['dst_kind']}, shape {shape}, {c['warps']} warps: "
                  f"Triton {c['triton']} (shared {c['shared']}, shfl {c['shfl']}), CLI {kind} {got.get('moved_dims')}"
                  f" (scratch {got.get('scratch_bytes')})")
            print(f"  --src '{c['src']}'\n  --dst '{c['dst']}'")
    print(f"\n{'Triton verdict':15s} {'CLI register':>13s} {'CLI shuffle':>12s} {'CLI shared':>11s} {'other':>6s}")
    for v in ("register", "warp_shuffle", "shared_memory"):
        row = table[v]
        other = sum(n for k, n in row.items() if k not in ("register", "warp_shuffle", "shared_memory"))
        print(f"{v:15s} {row['register']:13d} {row['warp_shuffle']:12d} {row['shared_memory']:11d} {other:6d}")
    print(f"scratch bytes equal to Triton's 'shared' in {scratch_same} of {scratch_total} shared-memory cases "
          f"(counted in pass/fail)")
    print(f"shared-memory cases decided by the mixed-transposition rule (only register and lane move): {mixed_rule}")
    print(f"{passed} passed, {failed} failed")
    sys.exit(0 if failed == 0 and passed > 0 else 1)


if __name__ == "__main__":
    main()
