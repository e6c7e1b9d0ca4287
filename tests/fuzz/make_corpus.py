#!/usr/bin/env python3
"""Writes the seed corpora of tests/fuzz/corpus/<target>/ from what tests/
and assets/ already hold: the export test's layouts (MLIR of every kind,
tilus, CuTe), the presets (JSON), the GPU shared-memory cases (Gluon text and
batch lines), the catalogue's bad inputs. Files are named by their SHA-1, as
libFuzzer names what it adds. Run again after changing those sources; crash
reproducers added by hand (named crash-*) are kept."""
import glob
import hashlib
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def write(target, texts):
    d = os.path.join(HERE, "corpus", target)
    os.makedirs(d, exist_ok=True)
    for f in os.listdir(d):
        if not f.startswith("crash-"):
            os.remove(os.path.join(d, f))
    seen = set()
    for t in texts:
        b = t.encode() if isinstance(t, str) else t
        if not b or len(b) > 4096 or b in seen:
            continue
        seen.add(b)
        with open(os.path.join(d, hashlib.sha1(b).hexdigest()), "wb") as f:
            f.write(b)
    return len(seen)


def inspect_pieces():
    """Windows of a few ops of each TTGIR dump, with the module line, the
    function line and the aliases they name, each under 4 KB."""
    out = []
    for path in sorted(glob.glob(os.path.join(ROOT, "tests/inspect/dumps/*.ttgir"))):
        version = "6" if "-t3.6-" in path else "9"
        lines = [re.sub(r" loc\(.*\)$", "", l.rstrip("\n")) for l in open(path)]
        aliases = {l.split(" = ")[0]: l for l in lines if l.startswith("#") and not l.startswith("#loc")}
        head = [l for l in lines if l.startswith(("module attributes", "  tt.func"))][:2]
        body = [l for l in lines if l.startswith("    ") and "=" in l or l.startswith("    tt.") or l.startswith("    ttg.")]
        for k in range(0, len(body), 6):
            ops = body[k:k + 6]
            named = set(re.findall(r"#[A-Za-z_][\w]*", "\n".join(ops)))
            text = "\n".join([aliases[a] for a in sorted(named) if a in aliases] + head + ops + ["  }", "}"])
            out.append(version + text + "\n")
    return out[::10]


def main():
    lines = [l.strip() for l in open(os.path.join(ROOT, "tests/export/layouts.txt")) if l.strip() and not l.startswith("#")]
    mlir = [l for l in lines if l.startswith(("tensor<", "!ttg."))]
    tilus = [l for l in lines if l.startswith(("local(", "spatial(", "column_"))]
    cute = [l for l in lines if l.startswith("(")]
    cute += ["Swizzle<3,3,3> o (8,64):(64,1)", "distribute(row_major(4,4), col_major(2,2))", "((2,2),(4,8)):((1,2),(4,16))"]
    tilus += ["column_local(2, 3)", "local(2,1).column_spatial(4,8)"]
    presets = [open(p).read() for p in sorted(glob.glob(os.path.join(ROOT, "assets/presets/*.json")))]
    cases = [l.strip() for l in open(os.path.join(ROOT, "tests/gpu/shared_cases.jsonl")) if l.strip()]
    gluon = []
    for c in cases:
        j = json.loads(c)
        gluon += [j["reg"], j["shared"]]
    gluon += ["BlockedLayout(size_per_thread=[2, 4], threads_per_warp=[16, 2], warps_per_cta=[2, 2], order=[1, 0])",
              "ttgl.SliceLayout(dim=1, parent=ttgl.BlockedLayout([1, 4], [8, 4], [4, 1], [1, 0]))"]
    bad = [e["layout"] for e in json.load(open(os.path.join(ROOT, "tests/cli/bad_inputs.json"))) if "layout" in e]
    batch = cases[::4] + [json.dumps({"layout": t, "shape": [64, 16]}) for t in gluon[:8]]
    session = [json.dumps({"version": 1, "a": presets[i], "a_format": i % 3, "b": mlir[i], "b_format": 1})
               for i in range(0, min(len(presets), len(mlir)), 6)]
    n = {
        "mlir": write("mlir", mlir[::2] + bad[::5]),
        "gluon": write("gluon", gluon[::3]),
        "json": write("json", presets),
        "tilus": write("tilus", tilus),
        "cute": write("cute", cute),
        "batch": write("batch", batch),
        "session": write("session", session + ["{\"version\": 1}", "{\"version\": 2, \"a\": 3}"]),
        "inspect": write("inspect", inspect_pieces()),
        "pipeline": write("pipeline", mlir[1::3] + gluon[::9] + tilus + cute + presets[::4]),
    }
    print(" ".join(f"{k}: {v}" for k, v in n.items()))


if __name__ == "__main__":
    main()
