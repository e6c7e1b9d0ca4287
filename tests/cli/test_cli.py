#!/usr/bin/env python3
"""The CLI as a user meets it.

1. The bad-input catalogue (bad_inputs.json): every entry must exit with its
   code ("exit", default 2) within the time limit, print nothing on stdout and
   exactly one line on stderr, "error: " then the expected message ("expect"
   is contained; "starts", when given, is how the message begins). "{tmp}" in
   an argument is a scratch folder. "env" adds environment variables (the GPU
   fault injection, LAYOUTSCOPE_GPU_FAULT); "requires" ("cuda": a CUDA build,
   "cuda_no_gpu": a CUDA build that sees no device) skips an entry elsewhere.
2. Good inputs: bases / show / convert answers for the seeds' examples, layouts
   read from files, batch mode, and mlir/gluon/json round trips.
Prints "N passed, M failed" and exits non-zero on any failure.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

TIMEOUT = 10


def run(cli, args, stdin=None, env=None):
    p = subprocess.run([cli] + args, input=stdin, capture_output=True, timeout=TIMEOUT,
                       env=dict(os.environ, **env) if env else None)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


class Checker:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, name, ok, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print(f"FAIL {name}: {detail}")


def layout_args(entry, tmp):
    """The entry's layout as an argument: inline text, or a file with given text/bytes."""
    if "file_hex" in entry or "file_text" in entry:
        path = os.path.join(tmp, entry["name"].replace(" ", "_") + ".txt")
        data = bytes.fromhex(entry["file_hex"]) if "file_hex" in entry else entry["file_text"].encode()
        if "repeat" in entry:
            data = data * entry["repeat"]
        with open(path, "wb") as f:
            f.write(data)
        return [path]
    return [entry["layout"]] if "layout" in entry else []


def gpu_situation(cli):
    """What the GPU entries need: "cuda" (a CUDA build) and "cuda_no_gpu" (one that sees no device)."""
    rc, out, _ = run(cli, ["gpu", "info"])
    info = json.loads(out)
    have = set()
    if info["built_with_cuda"]:
        have.add("cuda")
        if not info["devices"]:
            have.add("cuda_no_gpu")
    return have


def bad_inputs(cli, data, tmp, c):
    with open(os.path.join(data, "bad_inputs.json")) as f:
        catalogue = json.load(f)
    have = gpu_situation(cli)
    skipped = 0
    for e in catalogue:
        if "requires" in e and e["requires"] not in have:
            skipped += 1
            continue
        args = [x.replace("{tmp}", tmp) for x in e.get("command", ["bases"]) + layout_args(e, tmp) + e.get("args", [])]
        try:
            rc, out, err = run(cli, args, env=e.get("env"))
        except subprocess.TimeoutExpired:
            c.check(e["name"], False, f"timed out after {TIMEOUT}s")
            continue
        lines = err.strip().split("\n")
        ok = (rc == e.get("exit", 2) and out == "" and len(lines) == 1 and lines[0].startswith("error: ")
              and e["expect"] in lines[0] and lines[0].startswith("error: " + e.get("starts", "")))
        c.check(e["name"], ok, f"rc={rc} stdout={out[:200]!r} stderr={err[:300]!r} expected {e['expect']!r}")
    if skipped:
        print(f"bad-input catalogue: {skipped} GPU entries skipped (this build/machine lacks what they require)")
    return len(catalogue) - skipped


TUTORIAL = "BlockedLayout(size_per_thread=[2, 4], threads_per_warp=[16, 2], warps_per_cta=[2, 2], order=[1, 0], cga_layout=[])"
TUTORIAL_MLIR = ("tensor<64x16xf32, #ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [16, 2], "
                 "warpsPerCTA = [2, 2], order = [1, 0]}>>")
TUTORIAL_BASES = {"register": [[0, 1], [0, 2], [1, 0]], "lane": [[0, 4], [2, 0], [4, 0], [8, 0], [16, 0]],
                  "warp": [[0, 8], [32, 0]], "block": []}
DUMP = """#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @k(%arg0: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>) {
    tt.return
  }
}
"""


def good_inputs(cli, tmp, c):
    rc, out, err = run(cli, ["bases", TUTORIAL, "--shape", "64x16"])
    c.check("bases gluon", rc == 0 and json.loads(out) == {"triton": "3.9", "kind": "blocked", "shape": [64, 16],
                                                                                  "bases": TUTORIAL_BASES}, out + err)
    rc, out, err = run(cli, ["bases", TUTORIAL_MLIR])
    c.check("bases mlir type", rc == 0 and json.loads(out)["bases"] == TUTORIAL_BASES, out + err)
    rc, out, err = run(cli, ["bases", "-", "--shape", "64x16"], stdin=TUTORIAL.encode())
    c.check("bases stdin", rc == 0 and json.loads(out)["bases"] == TUTORIAL_BASES, out + err)
    # A whole TTGIR dump: aliases are resolved, the first tensor type wins.
    rc, out, err = run(cli, ["bases", DUMP])
    want = {"register": [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [32, 0]],
            "lane": [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], "warp": [[0, 0], [16, 0]], "block": []}
    c.check("bases ttgir dump", rc == 0 and json.loads(out)["bases"] == want, out + err)
    # show: the tutorial's T:reg grid
    rc, out, err = run(cli, ["show", TUTORIAL, "--shape", "64x16"])
    rows = out.split("\n")
    c.check("show tensor", rc == 0 and rows[0].startswith("[[  T0:0,   T0:1,   T0:2,   T0:3,   T1:0,")
            and len([r for r in rows if r]) == 64, out[:300] + err)
    rc, out, err = run(cli, ["show", TUTORIAL, "--shape", "64x16", "--view", "hw"])
    lane0 = out.split("\n")[1].split()
    c.check("show hw", rc == 0 and out.startswith("warp 0:\n") and
            lane0[:7] == ["lane", "0:", "(0,0)", "(0,1)", "(0,2)", "(0,3)", "(1,0)"] and "warp 3:" in out, out[:300] + err)
    rc, out, err = run(cli, ["show", "SwizzledSharedLayout(1, 1, 4, [1, 0])", "--shape", "4x8"])
    c.check("show shared", rc == 0 and out.split("\n")[1] == " [ 9,  8, 11, 10, 13, 12, 15, 14],", out + err)
    # convert round trips: text -> each format -> bases unchanged
    for fmt in ("mlir", "gluon", "json"):
        rc, out, err = run(cli, ["convert", TUTORIAL, "--shape", "64x16", "--to", fmt])
        if fmt == "mlir":
            c.check("convert to mlir", out.strip() == TUTORIAL_MLIR, out + err)
        path = os.path.join(tmp, "layout." + fmt)
        with open(path, "w") as f:
            f.write(out)
        extra = [] if fmt != "gluon" else ["--shape", "64x16"]
        rc2, out2, err2 = run(cli, ["bases", path] + extra)
        c.check(f"round trip {fmt}", rc == 0 and rc2 == 0 and json.loads(out2)["bases"] == TUTORIAL_BASES,
                out + err + out2 + err2)
    # batch: good and bad lines, one answer per line
    batch = os.path.join(tmp, "batch.jsonl")
    with open(batch, "w") as f:
        f.write(json.dumps({"layout": TUTORIAL, "shape": [64, 16]}) + "\n")
        f.write(json.dumps({"layout": "BlockedLayout([3],[32],[4],[0])", "shape": [128]}) + "\n")
        f.write("not json\n")
    rc, out, err = run(cli, ["bases", "--batch", batch])
    answers = [json.loads(l) for l in out.strip().split("\n")]
    c.check("batch", rc == 0 and len(answers) == 3 and answers[0]["bases"] == TUTORIAL_BASES
            and "power of two" in answers[1].get("error", "") and "error" in answers[2], out + err)
    # Analyses take tilus/CuTe layouts through their layout map.
    rc, out, err = run(cli, ["coalescing", "local(2,1).spatial(8,4).local(1,2)"])
    c.check("coalescing of a tilus layout", rc == 0 and json.loads(out).get("vector_bits") == 64, out + err)
    rc, out, err = run(cli, ["--help"])
    c.check("help", rc == 0 and "bases LAYOUT" in out, out + err)
    help_matches_parser(cli, out, c)
    # codegen and the analyses that use it: Triton's transpose (PTX of 3.6 and 3.9).
    rows, cols = "BlockedLayout([1, 8], [4, 8], [4, 1], [1, 0])", "BlockedLayout([8, 1], [8, 4], [1, 4], [0, 1])"
    rc, out, err = run(cli, ["codegen", "--load", rows, "--convert", cols, "--shape", "128x128", "--bits", "16"])
    d = json.loads(out) if rc == 0 else {}
    c.check("codegen transpose", d.get("ptx_per_thread") == {
        "ld.global.v4.b32": 16, "st.shared.v4.b32": 16, "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16": 16,
        "st.global.b16": 128} and d.get("wavefronts") == {"shared_store": 256, "shared_load": 256}, out + err)
    rc, out, err = run(cli, ["codegen", "--load", rows, "--shape", "128x128", "--bits", "16", "--target", "sm_75"])
    c.check("codegen bad target", rc == 2 and err.count("\n") == 1 and "--target" in err, err)
    # --batch: one report per line, the same as one kernel at a time; a bad line
    # gets its own error (named by its key) and exit 2, the others still answer
    batch = "\n".join([json.dumps({"load": rows, "convert": cols, "shape": [128, 128], "bits": 16}),
                       json.dumps({"load": rows, "convert": cols, "shape": "128x128", "bits": 16, "target": "sm_75"}),
                       "{not json", "",
                       json.dumps({"load": rows, "shape": [128, 128], "bits": 16, "triton": "3.6", "note": "x"})])
    rc, out, err = run(cli, ["codegen", "--batch", "-"], stdin=batch.encode())
    lines = [json.loads(x) for x in out.splitlines()]
    rc1, one, _ = run(cli, ["codegen", "--load", rows, "--shape", "128x128", "--bits", "16", "--triton", "3.6"])
    c.check("codegen --batch", rc == 2 and len(lines) == 4 and lines[0] == d and
            lines[1] == {"error": "line 2: target must be sm_80, sm_90 or sm_100, not 'sm_75'"} and
            lines[2]["error"].startswith("line 3: ") and rc1 == 0 and lines[3] == json.loads(one), out + err)
    rc, out, err = run(cli, ["codegen", "--batch", "-", "--bits", "16"], stdin=b"")
    c.check("codegen --batch with a kernel option", rc == 2 and "--bits" in err and out == "", out + err)
    # kernels Triton compiles and will not launch (checked on an H200: bench/RESULTS.md, session 50)
    plain = "SwizzledSharedLayout(vec=1, per_phase=1, max_phase=1, order=[1, 0])"
    for shape, target, limit, fits in (("256x256", "sm_90", 232448, True), ("512x256", "sm_90", 232448, False),
                                       ("256x256", "sm_80", 166912, True), ("512x256", "sm_80", 166912, False),
                                       ("512x256", "sm_100", 232448, False)):
        rc, out, err = run(cli, ["codegen", "--load", rows, "--via-shared", plain, "--shape", shape, "--bits", "16",
                                 "--target", target])
        d = json.loads(out) if rc == 0 else {}
        c.check(f"codegen {shape} {target} shared_limit and launch_error", d.get("shared_limit") == limit and
                ("launch_error" not in d) == fits and (fits or "OutOfResources" in d["launch_error"]), out + err)
    w64 = "BlockedLayout([1, 8], [4, 8], [64, 1], [1, 0])"
    rc, out, err = run(cli, ["codegen", "--load", w64, "--via-shared", plain, "--shape", "256x64", "--bits", "16"])
    d = json.loads(out) if rc == 0 else {}
    c.check("codegen of 64 warps: Triton will not launch it", "2048 threads" in d.get("launch_error", ""), out + err)
    if "cuda" in gpu_situation(cli):
        rc, out, err = run(cli, ["gpu", "shared", "--reg", w64, "--shared", plain, "--shape", "256x64", "--bits", "16",
                                 "--source"])
        c.check("gpu shared refuses 64 warps", rc == 2 and err.count("\n") == 1 and "64 warps" in err, out + err)
    rc, out, err = run(cli, ["swizzle", "--src", rows, "--dst", cols, "--shape", "128x128", "--bits", "16"])
    t = json.loads(out).get("triton_choice", {}) if rc == 0 else {}
    total = lambda x: x["store_wavefronts"] + x["load_wavefronts"]
    c.check("swizzle never worse than Triton's own or the best candidate",
            t and total(t["recommended"]) <= total(t["own"]) and total(t["recommended"]) <= total(t["ranked"][0])
            and total(t["recommended"]) <= total(t["designed"]), out + err)
    c.check("swizzle recommends Triton's own when nothing beats it", t and not t["beats_triton"]
            and t["recommended"]["layout"] == t["own"]["layout"] and "keep" in t["note"], out + err)
    # each candidate carries its layout as text that reads back with the same cost
    best = t["ranked"][0] if t else {}
    rc, out2, err2 = run(cli, ["bank-conflicts", "--reg", rows, "--shared", best.get("shared_layout") or "",
                               "--shape", "128x128", "--bits", "16"])
    d = json.loads(out2) if rc == 0 else {}
    c.check("swizzle's shared_layout reads back", t and t["own"]["shared_layout"] is None
            and best.get("shared_layout", "").startswith("SharedLinearLayout(")
            and d.get("store", {}).get("wavefronts") == best.get("store_wavefronts"), out2 + err2)
    rc, out, err = run(cli, ["convert-cost", "--src", rows, "--dst", cols, "--shape", "128x128", "--bits", "16"])
    d = json.loads(out) if rc == 0 else {}
    c.check("convert-cost reports Triton's convert_layout", d.get("instructions_of") == "triton 3.9 sm_90"
            and d.get("kind") == "shared_memory" and d.get("scratch_bytes") == 8192
            and d.get("ptx_per_thread") == {"st.shared.v4.b32": 16, "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16": 16}
            and d.get("wavefronts") == {"shared_store": 256, "shared_load": 256}
            and d.get("layoutscope_design", {}).get("store_wavefronts", 0) > 256, out + err)
    rc, out, err = run(cli, ["convert-cost", "--src", rows, "--dst", cols, "--shape", "128x128", "--target", "sm_70"])
    c.check("convert-cost bad target", rc == 2 and err.count("\n") == 1 and "--target" in err, err)
    rc, out, err = run(cli, ["coalescing", cols, "--shape", "128x128", "--bits", "16", "--triton", "3.6"])
    d = json.loads(out) if rc == 0 else {}
    c.check("coalescing reports Triton's gl.load/gl.store", d.get("instructions_of") == "triton 3.6 sm_90"
            and d.get("load") == "ld.global.b16" and d.get("load_per_thread") == 128 and d.get("vector_bits") == 16
            and "layoutscope_widest" in d, out + err)
    rc, out, err = run(cli, ["bank-conflicts", "--reg", rows, "--shared", "NVMMASharedLayout(128, 16, 2)",
                             "--shape", "128x128", "--bits", "16", "--triton", "3.6"])
    d = json.loads(out) if rc == 0 else {}
    c.check("bank-conflicts names Triton's instructions", d.get("instructions_of") == "triton 3.6 sm_90"
            and d.get("store", {}).get("instruction") == "st.shared.v4.b32", out + err)


def tmem_messages(cli, c):
    """tmem-reg-layout --reg names the message of every variant's own layout, its
    registers reversed too (Triton 3.9 takes them in any order)."""
    for tm, shape, bits, warps, variants in [
            ("TensorMemoryLayout(block=(128, 64), col_stride=1)", "128x64", 32, 4, ["32x32b", "16x64b", "16x128b", "16x256b"]),
            ("TensorMemoryLayout(block=(64, 128), col_stride=1)", "128x128", 32, 8, ["32x32b", "16x64b", "16x256b"]),
            ("TensorMemoryLayout(block=(128, 64), col_stride=2)", "128x64", 16, 4, ["32x32b", "16x64b"])]:
        for v in variants:
            base = ["tmem-reg-layout", "--tmem", tm, "--shape", shape, "--bits", str(bits)]
            rc, out, err = run(cli, base + ["--num-warps", str(warps), "--variant", v])
            want = json.loads(out) if rc == 0 else {}
            b = want.get("bases", {})
            m, n = shape.split("x")
            for regs in (b.get("register", []), b.get("register", [])[::-1]):
                reg = (f"DistributedLinearLayout(reg_bases={regs}, lane_bases={b.get('lane')}, warp_bases={b.get('warp')}, "
                       f"block_bases=[], shape=[{m}, {n}])")
                rc2, out2, err2 = run(cli, base + ["--reg", reg])
                got = json.loads(out2) if rc2 == 0 else {}
                c.check(f"tmem-reg-layout --reg {tm} {v} w{warps}", rc == 0 and got.get("tcgen05_ld") == want.get("tcgen05_ld")
                        and got.get("tcgen05_per_warp") == want.get("tcgen05_per_warp")
                        and got.get("num_warps") == warps, out + err + out2 + err2)


def help_matches_parser(cli, text, c):
    """Every option --help shows is one the parser takes for that command (and
    subcommand): given a value, it is never refused as unknown."""
    import re
    forms = 0
    words = None
    for line in text.split("\n"):
        m = re.match(r"^  ([a-z-]+)(?: ([a-z-]+))?\b(.*)$", line)
        if m:
            cmd, sub, rest = m.group(1), m.group(2), m.group(3)
            words = [cmd] + ([sub] if cmd == "gpu" else [])
        elif words and re.match(r"^      [\[-]", line):
            rest = line  # the options of the form above, wrapped
        else:
            continue
        for opt in re.findall(r"(?<![\w-])(--[a-z-]+|-o)\b", rest):
            rc, out, err = run(cli, words + [opt, "1"])
            forms += 1
            c.check(f"--help's {' '.join(words)} {opt} is parsed", "unknown option" not in err, err)
    c.check("--help lists options", forms >= 40, str(forms))
    # the parser's own words for an unknown option: the nearest valid one
    rc, out, err = run(cli, ["gpu", "shared", "--store", "stmatrix.x4"])
    c.check("gpu shared --store: did you mean", rc == 2 and "did you mean --store-instr?" in err, err)


def presets(cli, folder, c):
    """Every preset loads and lowers; the tutorial's three equal layouts agree."""
    names = sorted(f for f in os.listdir(folder) if f.endswith(".json"))
    c.check("presets exist", len(names) >= 30, str(names))
    bases = {}
    for name in names:
        path = os.path.join(folder, name)
        rc, out, err = run(cli, ["show", path])
        c.check(f"preset {name}", rc == 0 and out.strip(), err)
        with open(path) as f:
            kind = json.load(f)["kind"]
        if kind in ("tilus", "cute"):
            continue  # not every one is linear over F2; `show` drew it
        rc, out, err = run(cli, ["bases", path])
        c.check(f"preset {name} bases", rc == 0, err)
        if rc == 0:
            answer = json.loads(out)
            bases[name] = answer.get("bases", answer.get("tmem"))
    eq = [bases.get(f"gluon-equivalent-{k}.json") for k in ("blocked", "slice", "linear")]
    c.check("equivalent presets", eq[0] is not None and eq[0] == eq[1] == eq[2], str(eq))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--presets", required=True)
    a = ap.parse_args()
    c = Checker()
    with tempfile.TemporaryDirectory() as tmp:
        n = bad_inputs(a.cli, a.data, tmp, c)
        print(f"bad-input catalogue: {n} entries")
        good_inputs(a.cli, tmp, c)
        tmem_messages(a.cli, c)
    presets(a.cli, a.presets, c)
    print(f"{c.passed} passed, {c.failed} failed")
    sys.exit(0 if c.failed == 0 else 1)


if __name__ == "__main__":
    main()
