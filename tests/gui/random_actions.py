#!/usr/bin/env python3
"""Replays long random edit sequences through the real window (layoutscope
--actions under Xvfb) and checks what a person would see at the end.

Each run draws COUNT actions with a fixed seed: layouts of every kind and rank
(tests/export/layouts.txt: every Triton kind, 1D to 4D, shared and
distributed, tilus and CuTe), presets, editor fields and their + / -
buttons, views, colourings, labels, hover (of grid cells and of any pixel), click, zoom, undo/redo storms,
swaps, swizzle picks and, with --dumps, the Kernel window (open a TTGIR dump,
open one of its ops in the explorer), with deliberate mistakes among them.
It checks:
  - the app exits 0 (under AddressSanitizer too: a report fails the run);
  - every deliberate mistake is reported as a UI error on its own line, and
    no error is reported for a line that cannot fail;
  - the last layout typed is the one shown: the meta file's canonical MLIR
    equals the CLI's, and check_shot finds core's colours in the picture;
  - with --dumps, first: opening 3 ops from the Kernel window puts each op's
    register layout in the first pane.
Exit 0 when all hold; 77 (skip) without xvfb-run.
"""
import argparse
import glob
import json
import os
import random
import subprocess
import sys

import scripted

VIEWS = ["grid", "hardware", "compare", "build-up", "export"]
COLOURS = ["thread", "warp", "register", "lane", "block", "offset", "bank"]
BLOCKED_FIELDS = ["sizePerThread", "threadsPerWarp", "warpsPerCTA"]


def load_layouts(path):
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                out.append(line)
    return out


def rank_of(cli, layout):
    r = subprocess.run([cli, "bases", layout], capture_output=True, text=True)
    if r.returncode != 0:
        return None
    j = json.loads(r.stdout)
    return j


def kernel_ops(cli, dumps_dir):
    """(dump path, op line, first layout) for ops of the kept dumps whose layouts all read."""
    out = []
    for path in sorted(glob.glob(os.path.join(dumps_dir, "*-t3.9-*.ttgir"))):
        r = subprocess.run([cli, "inspect", path, "--json"], capture_output=True, text=True)
        if r.returncode != 0:
            continue
        for o in json.loads(r.stdout)["ops"]:
            if o["layouts"] and all(l["read"] for l in o["layouts"]):
                tensors = [l["text"] for l in o["layouts"] if l["text"].startswith("tensor<")]
                out.append((path, o["line"], (tensors or [o["layouts"][0]["text"]])[0]))
    return out


def check_kernel_ops(a, xvfb, ops, rng):
    """Opening an op from the Kernel window puts its (register) layout in the first pane."""
    problems = []
    for path, line, first in rng.sample(ops, 3):
        r, meta = scripted.run_actions(xvfb, a.app, os.path.join(a.out, "kernel_op"),
                                       [{"open": path}, {"kernel_op": line}])
        if meta is None:
            problems.append("%s:%d: exit %d: %s" % (path, line, r.returncode, r.stderr[-1000:]))
            continue
        want = subprocess.run([a.cli, "convert", first, "--to", "mlir"], capture_output=True, text=True).stdout.strip()
        if meta["errors"] or meta["layout"].strip() != want:
            problems.append("%s:%d: the window shows %r (errors %s), expected %r" %
                            (path, line, meta["layout"][:120], meta["errors"][:2], want[:120]))
    return problems


def make_actions(rng, layouts, presets, distributed_2d, count, ops=()):
    """Returns (lines, must_fail, never_fail): the action lines and the 1-based
    line numbers that must report an error and those that must not."""
    lines, must_fail, never_fail = [], set(), set()

    def add(obj, fails=None):
        lines.append(json.dumps(obj))
        if fails is True:
            must_fail.add(len(lines))
        elif fails is False:
            never_fail.add(len(lines))

    # The crashes of issue 12 first: a preset click, a + button, a typed layout, a ranked swizzle.
    add({"preset": presets[0]}, False)
    add({"layout": distributed_2d[0][0]}, False)
    add({"step": "sizePerThread", "index": 0, "delta": 1})
    add({"compare": distributed_2d[1][0]}, False)
    add({"view": "compare"}, False)
    add({"swizzle_pick": 1})
    add({"undo": 1})
    while len(lines) < count:
        k = rng.random()
        if k < 0.18:
            add({"layout": rng.choice(layouts)}, False)
        elif k < 0.22:
            text = rng.choice(layouts)
            add({"layout": text[: rng.randrange(1, max(2, len(text) // 2))]}, True)  # cut short: invalid
        elif k < 0.30:
            add({"preset": rng.choice(presets)}, False)
        elif k < 0.31:
            add({"preset": "no-such-preset-" + str(rng.randrange(100))}, True)
        elif k < 0.40:
            add({"step": rng.choice(BLOCKED_FIELDS), "index": rng.randrange(2), "delta": rng.choice([1, -1])})
        elif k < 0.46:
            add({"field": rng.choice(BLOCKED_FIELDS + ["order", "vec", "perPhase", "maxPhase"]),
                 "value": json.dumps([rng.choice([1, 2, 4]) for _ in range(rng.choice([1, 2, 3]))])})
        elif k < 0.47:
            add({"field": "sizePerThreed", "value": "[1, 1]"}, True)  # misspelt: named with the nearest
        elif k < 0.55:
            add({"view": rng.choice(VIEWS)}, False)
        elif k < 0.56:
            add({"view": "gird"}, True)
        elif k < 0.61:
            add({"color_by": rng.choice(COLOURS)})
        elif k < 0.64:
            add({"label_by": rng.choice(COLOURS + ["as colour"])})
        elif k < 0.67:
            add({"hover": [rng.randrange(8), rng.randrange(8)]})
        elif k < 0.70:  # anywhere in the window: whatever is there shows its tooltip
            add({"pointer": [rng.randrange(1280), rng.randrange(800)]})
        elif k < 0.74:
            add({"click": [rng.randrange(8), rng.randrange(8)]})
        elif k < 0.77:
            add({"zoom": rng.choice([0.5, 0.8, 1.25, 2.0, "fit"])})
        elif k < 0.82:
            add({"undo": rng.randrange(1, 6)})
        elif k < 0.86:
            add({"redo": rng.randrange(1, 6)})
        elif k < 0.89:
            add({"swap": True}, False)
        elif k < 0.93:
            add({"compare": rng.choice(layouts)}, False)
        elif k < 0.95 and ops:
            # the Kernel window: open a dump, open one of its ops in the explorer
            path, line, _ = rng.choice(ops)
            add({"open": path}, False)
            add({"kernel_op": line}, False)
            if rng.random() < 0.2:
                add({"kernel_op": 1}, True)  # an alias line, no op
        elif k < 0.96:
            a, b = rng.sample(distributed_2d, 2)
            add({"layout": a[0]}, False)
            add({"compare": b[0]}, False)
            add({"view": "compare"}, False)
            add({"swizzle_pick": rng.randrange(1, 4)})
        else:
            add({"frames": rng.randrange(1, 4)}, False)
    return lines, must_fail, never_fail


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--app", required=True)
    ap.add_argument("--cli", required=True)
    ap.add_argument("--check", required=True, help="check_shot")
    ap.add_argument("--layouts", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--dumps", help="TTGIR dumps for the Kernel window (tests/inspect/dumps)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=500)
    ap.add_argument("--runs", type=int, default=1)
    a = ap.parse_args()
    xvfb = scripted.xvfb_or_skip()
    os.makedirs(a.out, exist_ok=True)
    # The layouts the CLI accepts as they are (Triton 3.9, the app's default too); the others
    # (e.g. kinds 3.9 does not model) could fail in the window for a good reason.
    layouts = [t for t in load_layouts(a.layouts) if rank_of(a.cli, t) is not None]
    presets = subprocess.run([a.app, "--list-presets"], capture_output=True, text=True, check=True).stdout.split()
    assert len(presets) >= 10, "too few presets listed: %r" % presets
    # Two-dimensional register layouts with their shapes, for the swizzle picks and the final check.
    distributed_2d = []
    for text in layouts:
        j = rank_of(a.cli, text)
        if j and "lane" in json.dumps(j) and text.startswith("tensor<") and text.count("x") >= 1:
            shape = text[len("tensor<"):].split(",")[0]
            dims = [d for d in shape.split("x") if d.isdigit()]
            if len(dims) == 2:
                distributed_2d.append((text, dims))
    by_shape = {}
    for t, dims in distributed_2d:
        by_shape.setdefault(tuple(dims), []).append((t, dims))
    pairs = max(by_shape.values(), key=len)
    assert len(pairs) >= 2, "need two 2D register layouts of one shape in %s" % a.layouts
    ops = kernel_ops(a.cli, a.dumps) if a.dumps else []
    assert not a.dumps or len(ops) >= 50, "too few kernel ops in %s" % a.dumps
    failures = 0
    if ops:
        for p in check_kernel_ops(a, xvfb, ops, random.Random(a.seed)):
            print("kernel window: FAIL", p)
            failures += 1
    for run in range(a.runs):
        rng = random.Random(a.seed * 1000 + run)
        lines, must_fail, never_fail = make_actions(rng, layouts, presets, pairs, a.count, ops)
        final = rng.choice(distributed_2d)[0]
        lines += [json.dumps({"kernel_window": False}), json.dumps({"layout": final}), json.dumps({"view": "grid"}),
                  json.dumps({"color_by": "thread"}), json.dumps({"zoom": "fit"}), json.dumps({"leave": True})]
        never_fail.update(range(len(lines) - 5, len(lines) + 1))
        base = os.path.join(a.out, "run%d" % run)
        r, meta = scripted.run_actions(xvfb, a.app, base, [json.loads(x) for x in lines], timeout=1800)
        problems = []
        if meta is None:
            problems.append("exit %d: %s" % (r.returncode, r.stderr[-3000:]))
        else:
            err_lines = {e["line"] for e in meta["errors"]}
            missing = sorted(must_fail - err_lines)
            wrong = sorted(never_fail & err_lines)
            if missing:
                problems.append("mistakes not reported on lines %s" % missing[:10])
            if wrong:
                problems.append("errors on lines that cannot fail: %s" %
                                [e for e in meta["errors"] if e["line"] in wrong][:5])
            want = subprocess.run([a.cli, "convert", final, "--to", "mlir"], capture_output=True, text=True,
                                  check=True).stdout.strip()
            if meta["layout"].strip() != want:
                problems.append("the window shows %r, expected %r" % (meta["layout"][:200], want[:200]))
            else:
                with open(base + ".layout", "w") as f:
                    f.write(meta["layout"])
                c = subprocess.run([a.check, base + ".png", base + ".json", base + ".layout", "1024", "700"],
                                   capture_output=True, text=True)
                if c.returncode != 0:
                    problems.append("check_shot: " + (c.stdout + c.stderr)[-1000:])
            print("run %d: %d actions, %d UI errors shown (%d deliberate)" %
                  (run, len(lines), len(meta["errors"]), len(must_fail)))
        for p in problems:
            print("run %d (%s): FAIL %s" % (run, base + ".jsonl", p))
        failures += bool(problems)
    print("%d runs, %d failures" % (a.runs, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
