#!/usr/bin/env python3
"""`layoutscope-cli inspect` on real Triton dumps (tests/inspect/dumps, made by
make_dumps.py with the Triton 3.6 and 3.9 wheels; no wheels needed here).

For every dump NAME-tVER-TARGET.ttgir:
  - every op of the inspected set in the dump is reported, with a cost object
    that has more than its kind, at the line where the op's text is;
  - nothing is unread;
  - when NAME-tVER-TARGET.ptx exists (the memory and shuffle lines of the PTX of
    the same compilation): the predicted ld.global / st.global / cp.async
    instructions per thread, summed over the ops, equal the PTX's static
    counts per mnemonic (cache qualifiers and predicates dropped); and where
    reductions are the only ops that use shared memory or shuffles, their
    predicted shfl / redux / st.shared / ld.shared per thread equal the PTX's.
NAME.passes.txt (MLIR_ENABLE_DUMP of a compile): the same ops and costs as its final TTGIR.
broken.ttgir: the ops on damaged lines are unread with a reason, the others read.
"""
import argparse
import collections
import glob
import json
import os
import re
import subprocess
import sys

INSPECTED = {
    "tt.load", "tt.store", "ttg.async_copy_global_to_local", "amdg.buffer_load", "amdg.buffer_store",
    "amdg.buffer_atomic_rmw", "amdg.buffer_atomic_cas",
    "amdg.buffer_load_to_local", "ttng.async_tma_copy_global_to_local", "ttng.async_tma_copy_local_to_global",
    "tt.descriptor_load", "tt.descriptor_store", "ttg.local_alloc", "ttg.local_store", "ttg.local_load",
    "ttg.memdesc_index", "ttg.memdesc_subview", "ttg.memdesc_subslice", "ttg.memdesc_trans", "ttg.memdesc_reshape",
    "ttg.convert_layout", "tt.reduce", "tt.scan", "tt.gather", "tt.histogram", "tt.atomic_rmw", "tt.atomic_cas", "tt.dot", "tt.dot_scaled", "ttng.warp_group_dot", "ttng.tc_gen5_mma",
    "ttng.tc_gen5_mma_scaled", "ttng.tmem_load",
    "ttng.tmem_store", "ttng.tmem_alloc", "ttng.tmem_copy", "ttng.tmem_subslice",
}
OP = re.compile(r'^\s*(?:%[^=]*=\s*)?"?([a-z_]+\.[a-z_0-9.]+)"?')
SHARED_MNEMONIC = re.compile(r"^\s*(?:@!?%p\d+\s+)?((?:st|ld)\.shared\S*|ldmatrix\S*|stmatrix\S*|shfl\S*|vote\.\S*|popc\S*|"
                             r"atom\.\S*shared\S*)")
TCGEN05_PTX = re.compile(r"^\s*(?:@!?%p\d+\s+)?(tcgen05\.(?:ld|st)\.\S*)")
MMA_PTX = re.compile(r"^\s*(?:@!?%p\d+\s+)?((?:tcgen05\.mma|wgmma\.mma_async|mma\.sync)\S*)")
MMA_AMDGCN = re.compile(r"^(v_mfma\S*|v_wmma\S*)")
SHARED_PTX = re.compile(r"^\s*(?:@!?%p\d+\s+)?(shfl|redux|st\.shared|ld\.shared|ldmatrix|stmatrix)")
PTX = re.compile(r"^\s*(?:@!?%p\d+\s+)?(ld\.global|st\.global|cp\.async\.c[ag]\.shared\.global)(\S*)")
ATOMIC_PTX = re.compile(r"^\s*(?:@!?%p\d+\s+)?((?:atom|red)\.\S*global\S*)")

failures = []
READ_TEXTS = set()  # every layout text reported as read: each must read back with the CLI


def check(ok, msg):
    if not ok:
        failures.append(msg)
    return ok


def inspect(cli, path, version):
    p = subprocess.run([cli, "inspect", path, "--json", "--triton", version], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def ptx_counts(path):
    counts = collections.Counter()
    for line in open(path):
        m = PTX.match(line)
        if not m:
            continue
        if m.group(1).startswith("cp.async"):
            counts[m.group(1)] += 1
            continue
        # drop .L1::evict_last, .L2::cache_hint and the like
        suffix = ".".join(p for p in m.group(2).split(".") if p and "::" not in p)
        counts[m.group(1) + ("." + suffix if suffix else "")] += 1
    return counts


def ptx_shared_counts(path):
    counts = collections.Counter()
    for line in open(path):
        m = SHARED_PTX.match(line)
        if m:
            counts[m.group(1)] += 1
    return counts


def check_dump(cli, path, stats):
    name = os.path.basename(path)
    version = re.search(r"-t(3\.\d)-", name).group(1)
    rc, out, err = inspect(cli, path, version)
    if not check(rc == 0, f"{name}: exit {rc}: {err.strip()}"):
        return
    r = json.loads(out)
    lines = open(path).read().split("\n")
    by_line = {o["line"]: o for o in r["ops"]}
    check(not r["unread"], f"{name}: unread {r['unread'][:3]}")
    expected = 0
    for i, text in enumerate(lines, 1):
        m = OP.match(text)
        if not m or m.group(1) not in INSPECTED or "#" not in text and m.group(1) not in ("tt.reduce", "tt.scan"):
            continue
        if m.group(1) in ("tt.load", "tt.store") and "tensor<" not in text:
            continue  # scalar access
        expected += 1
        o = by_line.get(i)
        if check(o is not None, f"{name}:{i}: {m.group(1)} not reported"):
            check(o["op"] == m.group(1), f"{name}:{i}: reported as {o['op']}")
            check(len(o["cost"]) > 2 and o["cost"].get("summary"), f"{name}:{i}: empty cost {o['cost']}")
            check(o["layouts"], f"{name}:{i}: no layouts")
    amd = "gfx" in name
    for o in r["ops"]:
        check(o["op"] in lines[o["line"] - 1], f"{name}: line {o['line']} does not hold {o['op']}")
        # what may stay unread: AMD LDS accesses of other archs
        if "unread" in o["cost"] or o["cost"]["kind"] == "unmodelled":
            stats["partly_read"] += 1
            check(o["cost"]["kind"] != "unmodelled" and amd and o["cost"]["kind"] in ("shared", "convert"),
                  f"{name}:{o['line']}: {o['op']} not modelled: {o['cost']}")
    check_amdgcn(name, path, r, stats)
    for o in r["ops"]:
        for l in o["layouts"]:
            if l["read"]:
                READ_TEXTS.add(l["text"])
    stats["ops"] += len(r["ops"])
    stats["expected"] += expected
    stats["dumps"] += 1
    k = r["kernel"]
    check(isinstance(k.get("top"), list) and "shared_wavefronts" in k, f"{name}: kernel summary {k}")
    ptx = path[:-len(".ttgir")] + ".ptx"
    if os.path.exists(ptx):
        want = ptx_counts(ptx)
        got = collections.Counter()
        for o in r["ops"]:
            c = o["cost"]
            if c["kind"] == "global" and "vector_bits" in c:
                got[c["instruction"]] += c["instructions_per_thread"]
            if o["op"].startswith("tt.atomic_"):
                check("instruction" in c, f"{name}:{o['line']}: {o['op']} not modelled: {c}")
                got[c.get("instruction")] += c.get("instructions_per_thread", 0)
                if "preload_instruction" in c:
                    got[c["preload_instruction"]] += c["preloads_per_thread"]
        for m in map(ATOMIC_PTX.match, open(ptx)):
            if m:
                want[m.group(1)] += 1
        stats["ptx_dumps"] += 1
        if check(got == want, f"{name}: predicted {dict(got)} != PTX {dict(want)}"):
            stats["ptx_match"] += 1
            stats["ptx_instructions"] += sum(want.values())
        # the shared-memory instructions of local_* and convert_layout ops, by mnemonic
        pred = collections.Counter()
        for o in r["ops"]:
            c = o["cost"]
            if c["kind"] == "shared" and "instructions_of" in c:
                pred[c["instruction"]] += c["instructions_per_thread"]
            if c["kind"] in ("gather", "histogram"):
                pred.update(c["ptx_per_thread"])
            if c["kind"] == "convert" and "instructions_of" in c:
                for key, n in (("store_instruction", "stores_per_thread"), ("load_instruction", "loads_per_thread"),
                               ("instruction", "instructions_per_thread")):
                    if key in c:
                        pred[c[key]] += c[n]
        if pred:
            have = collections.Counter(m.group(1) for m in map(SHARED_MNEMONIC.match, open(ptx)) if m)
            if "-sm100" in name:
                # sm_100's LLVM (3.9) keeps f32 pairs that packed f32x2 ops use in 64-bit
                # registers and stores them as b64: the same bytes and wavefronts as the b32
                # vector the model names (atomics-t3.9-sm100: 4 of 6 stores). The b64 stores
                # make up for missing b32 ones, no more.
                for b64, b32 in (("st.shared.v2.b64", "st.shared.v4.b32"), ("st.shared.b64", "st.shared.v2.b32")):
                    moved = min(have[b64], max(0, pred[b32] - have[b32]))
                    have[b32] += moved
                    have[b64] -= moved
            stats["shared_dumps"] += 1
            if check(all(have[k] == n for k, n in pred.items()),
                     f"{name}: shared-memory ops predict {dict(pred)}, PTX has {dict(have)}"):
                stats["shared_match"] += 1
                stats["shared_instructions"] += sum(pred.values())
        # tensor-memory loads and stores: the tcgen05 message and its repeat, per thread
        pred = collections.Counter()
        for o in r["ops"]:
            c = o["cost"]
            if c["kind"] == "tmem" and o["op"] in ("ttng.tmem_load", "ttng.tmem_store") or \
                    o["op"] == "ttng.tmem_alloc" and "instruction" in c:  # an alloc given a tensor stores it
                pred[c["instruction"]] += c.get("instructions_per_thread", 0)
        have = collections.Counter(m.group(1) for m in map(TCGEN05_PTX.match, open(ptx)) if m)
        if pred or have:
            stats["tmem_dumps"] += 1
            if check(pred == have, f"{name}: tensor-memory ops predict {dict(pred)}, PTX has {dict(have)}"):
                stats["tmem_match"] += 1
                stats["tmem_instructions"] += sum(have.values())
        check_mma(name, r, [m.group(1) for m in map(MMA_PTX.match, open(ptx)) if m], stats)
        # kernels whose only shared-memory / shuffle users are reductions: shfl, st.shared, ld.shared
        other = {"shared", "mma", "tmem", "tma", "unmodelled", "gather", "histogram"}
        if all(o["cost"]["kind"] not in other and not (o["cost"]["kind"] == "convert" and o["cost"]["how"] != "free")
               for o in r["ops"]):
            have = ptx_shared_counts(ptx)
            pred = collections.Counter()
            for o in r["ops"]:
                if o["cost"]["kind"] == "reduce":
                    pred["shfl"] += o["cost"]["shuffles_per_thread"]
                    pred["redux"] += o["cost"]["redux_per_thread"]
                    pred["st.shared"] += o["cost"]["shared_stores_per_thread"]
                    pred["ld.shared"] += o["cost"]["shared_loads_per_thread"]
            pred = +pred
            scans = [o["cost"] for o in r["ops"] if o["cost"]["kind"] == "scan"]
            if scans:
                # scans: their exact mnemonics (shfl.sync.up.b32, st.shared::cta.b16, ld.shared.v4.b32)
                check(not pred, f"{name}: a reduction beside a scan")
                pred = collections.Counter()
                for c in scans:
                    check("ptx_per_thread" in c, f"{name}: scan not modelled: {c}")
                    pred.update(c.get("ptx_per_thread", {}))
                have = collections.Counter(m.group(1) for m in map(SHARED_MNEMONIC.match, open(ptx)) if m)
                stats["scan_dumps"] += 1
                if check(pred == have, f"{name}: scans predict {dict(pred)}, PTX has {dict(have)}"):
                    stats["scan_match"] += 1
            else:
                stats["reduce_dumps"] += 1
                if check(pred == have, f"{name}: reductions predict {dict(pred)}, PTX has {dict(have)}"):
                    stats["reduce_match"] += 1


def lds_accesses(counts):
    """ds_* mnemonic counts -> accesses per (direction, width): a ds_*2* pair is two."""
    out = collections.Counter()
    for m, n in counts.items():
        mm = re.match(r"ds_(read|write)(2st64|2)?_[bu](\d+)(_tr_b\d+)?", m)
        out[(mm.group(1), mm.group(4) or mm.group(3))] += n * (2 if mm.group(2) else 1)
    return out


# Dumps whose dot ops LLVM emits more than once: in matmul_tma_ws it peels the
# first iteration of the MMA partition's loop (the one whose use_acc is false).
MMA_COPIES = {"matmul_tma_ws": 2}


def check_mma(name, r, have, stats):
    """The tensor-core instructions the dot ops predict (mnemonic, count per op) equal the
    PTX's / AMDGCN's static ones."""
    pred = collections.Counter()
    copies = MMA_COPIES.get(name.split("-t3")[0], 1)
    for o in r["ops"]:
        c = o["cost"]
        if c["kind"] == "mma":
            pred[c["instruction"]] += c.get("instructions_per_thread", 0) * copies
    have = collections.Counter(have)
    if pred or have:
        stats["mma_dumps"] += 1
        if check(pred == have, f"{name}: dot ops predict {dict(pred)}, the assembly has {dict(have)}"):
            stats["mma_match"] += 1
            stats["mma_instructions"] += sum(have.values())


def check_amdgcn(name, path, r, stats):
    """AMD dumps: the ds_* accesses the local_* and convert_layout ops predict equal the
    assembly's, where only those ops use ds_* instructions (no reduction through LDS)."""
    asm = path[:-len(".ttgir")] + ".amdgcn"
    if not os.path.exists(asm):
        return
    def uses_lds(c):
        return (c["kind"] == "unmodelled" or c["kind"] in ("convert", "shared") and c.get("how", "shared_memory") ==
                "shared_memory" and "amdgcn_per_thread" not in c
                or c["kind"] == "reduce" and c.get("shared_stores_per_thread", 0) > 0)
    check_mma(name, r, [m.group(1) for m in map(MMA_AMDGCN.match, open(asm)) if m], stats)
    # global loads and stores: the instruction (gfx9 dwordx4, gfx1x b128) and its count per thread
    pred = collections.Counter()
    for o in r["ops"]:
        c = o["cost"]
        if c["kind"] == "global" and ("vector_bits" in c or "atomic" in o["op"]):
            check("instruction" in c, f"{name}:{o['line']}: {o['op']} not modelled: {c}")
            pred[c.get("instruction")] += c.get("instructions_per_thread", 0)
    have = collections.Counter(l.split()[0] for l in open(asm) if re.match(r"(global|buffer)_(load|store|atomic)_", l))
    if pred and not any("LDS" in k for k in pred):
        stats["amd_global_dumps"] += 1
        if check(pred == have, f"{name}: global accesses predicted {dict(pred)}, assembly has {dict(have)}"):
            stats["amd_global_match"] += 1
    if any(uses_lds(o["cost"]) for o in r["ops"]):
        return
    have = collections.Counter(l.split()[0] for l in open(asm) if l.startswith("ds_"))
    pred = collections.Counter()
    for o in r["ops"]:
        for m, n in o["cost"].get("amdgcn_per_thread", {}).items():
            pred[m] += n
    stats["amd_dumps"] += 1
    if check(lds_accesses(pred) == lds_accesses(have),
             f"{name}: LDS accesses predicted {dict(pred)}, assembly has {dict(have)}"):
        stats["amd_match"] += 1
        stats["amd_exact"] += pred == have


def check_passes(cli, data, stats):
    """An MLIR_ENABLE_DUMP file (every pass's module) reads as the final TTGIR of the same compile."""
    for path in sorted(glob.glob(os.path.join(data, "dumps", "*.passes.txt"))):
        name = os.path.basename(path)
        version = re.search(r"-t(3\.\d)-", name).group(1)
        rc, out, err = inspect(cli, path, version)
        if not check(rc == 0, f"{name}: exit {rc}: {err.strip()}"):
            continue
        rc2, final, _ = inspect(cli, path.replace(".passes.txt", ".ttgir"), version)
        a, b = json.loads(out), json.loads(final)
        lines = open(path).read().split("\n")
        check(sum(l.startswith("// -----// IR Dump") for l in lines) > 20,
              f"{name}: not a pass dump")
        key = lambda r: [(o["op"], o["source"], o["cost"]["summary"]) for o in r["ops"]]
        check(a["ops"] and key(a) == key(b), f"{name}: ops differ from the final TTGIR: {key(a)} vs {key(b)}")
        for o in a["ops"]:
            check(o["op"] in lines[o["line"] - 1], f"{name}: line {o['line']} does not hold {o['op']}")
        stats["passes"] += 1


def check_broken(cli, data):
    path = os.path.join(data, "broken.ttgir")
    rc, out, err = inspect(cli, path, "3.6")
    if not check(rc == 0, f"broken.ttgir: exit {rc} {err}"):
        return
    r = json.loads(out)
    unread = {u["line"]: u for u in r["unread"]}
    lines = open(path).read().split("\n")
    damaged = [i for i, t in enumerate(lines, 1) if "BROKEN" in t]
    for i in damaged:
        check(i in unread and unread[i]["why"], f"broken.ttgir:{i}: damaged op not listed as unread ({unread.keys()})")
    check(len(r["ops"]) >= 3, f"broken.ttgir: only {len(r['ops'])} ops read")
    check(all(o["line"] not in damaged for o in r["ops"]), "broken.ttgir: a damaged line reported as read")
    # nothing readable: exit 2 and one line
    p = subprocess.run([cli, "inspect", os.path.join(data, "nothing.ttgir"), "--json"], capture_output=True, text=True)
    check(p.returncode == 2 and p.stderr.count("\n") == 1 and "inspect:" in p.stderr,
          f"nothing.ttgir: rc {p.returncode} stderr {p.stderr!r}")
    p = subprocess.run([cli, "inspect", os.path.join(data, "missing.ttgir")], capture_output=True, text=True)
    check(p.returncode == 2 and "no such file" in p.stderr and p.stderr.count("\n") == 1,
          f"missing file: rc {p.returncode} {p.stderr!r}")
    p = subprocess.run([cli, "inspect", "-", "--json"], input=open(path).read(), capture_output=True, text=True)
    check(p.returncode == 0 and json.loads(p.stdout)["ops"], f"stdin: rc {p.returncode} {p.stderr!r}")
    p = subprocess.run([cli, "inspect", path, "--triton", "4.0"], capture_output=True, text=True)
    check(p.returncode == 2 and "--triton" in p.stderr, f"--triton 4.0: rc {p.returncode} {p.stderr!r}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--data", required=True)
    a = ap.parse_args()
    stats = collections.Counter()
    dumps = sorted(glob.glob(os.path.join(a.data, "dumps", "*.ttgir")))
    check(len(dumps) >= 30, f"only {len(dumps)} dumps")
    for d in dumps:
        check_dump(a.cli, d, stats)
    check_passes(a.cli, a.data, stats)
    for text in sorted(READ_TEXTS):
        p = subprocess.run([a.cli, "convert", text, "--to", "mlir"], capture_output=True, text=True)
        check(p.returncode == 0, f"layout text {text[:100]} does not read back: {p.stderr.strip()}")
    check(stats["passes"] == 2, f"{stats['passes']} MLIR_ENABLE_DUMP files read, expected 2")
    check(stats["amd_dumps"] >= 4, f"only {stats['amd_dumps']} AMD dumps compared with their assembly")
    check(stats["tmem_dumps"] >= 6, f"only {stats['tmem_dumps']} dumps with tcgen05.ld/st compared with their PTX")
    check(stats["scan_dumps"] >= 6, f"only {stats['scan_dumps']} dumps with scans compared with their PTX")
    check(stats["mma_dumps"] >= 40, f"only {stats['mma_dumps']} dumps with MMA instructions compared with their assembly")
    check_broken(a.cli, a.data)
    print(f"{stats['dumps']} dumps, {stats['ops']} ops reported ({stats['expected']} expected by the line scan), "
          f"PTX global instruction counts (atomics included) equal in {stats['ptx_match']}/{stats['ptx_dumps']} dumps "
          f"({stats['ptx_instructions']} instructions); {stats['partly_read']} ops partly read (AMD LDS); "
          f"{stats['passes']} MLIR_ENABLE_DUMP files read as their final TTGIR; "
          f"shuffle/shared counts of reductions equal in {stats['reduce_match']}/{stats['reduce_dumps']} dumps"
          f", of scans (exact mnemonics) in {stats['scan_match']}/{stats['scan_dumps']}"
          f", Triton's shared-memory instructions of local/convert ops equal in {stats['shared_match']}/{stats['shared_dumps']} dumps "
          f"({stats['shared_instructions']} per thread); tcgen05.ld/st equal in {stats['tmem_match']}/{stats['tmem_dumps']} dumps "
          f"({stats['tmem_instructions']} instructions); tensor-core instructions of dot ops equal in "
          f"{stats['mma_match']}/{stats['mma_dumps']} dumps ({stats['mma_instructions']} instructions); AMD global accesses equal in {stats['amd_global_match']}/{stats['amd_global_dumps']} dumps, "
          f"AMD LDS accesses equal in {stats['amd_match']}/{stats['amd_dumps']} "
          f"dumps ({stats['amd_exact']} with the same ds_* mnemonics); {len(READ_TEXTS)} layout texts read back")
    for f in failures:
        print("FAIL", f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
