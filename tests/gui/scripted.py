"""Scripted runs of the real window for the GUI test scripts: `layoutscope
--actions FILE --screenshot PNG --screenshot-meta JSON` under Xvfb
(docs/gui-actions.md)."""
import json
import os
import shutil
import subprocess
import sys


def xvfb_or_skip():
    """xvfb-run's path; without it the calling test exits 77 (skip)."""
    xvfb = shutil.which("xvfb-run")
    if not xvfb:
        print("skipped: xvfb-run not found (apt-get install xvfb)")
        sys.exit(77)
    return xvfb


def run_actions(xvfb, app, base, actions, size="1024x700", env=None, timeout=600):
    """Writes `actions` (dicts) to BASE.jsonl, runs them, and returns the
    process and the meta file (None when the app failed). BASE.png is the
    screenshot."""
    with open(base + ".jsonl", "w") as f:
        f.write("".join(json.dumps(x) + "\n" for x in actions))
    for p in (base + ".png", base + ".json"):
        if os.path.exists(p):
            os.remove(p)
    r = subprocess.run([xvfb, "-a", app, "--actions", base + ".jsonl", "--screenshot", base + ".png",
                        "--screenshot-meta", base + ".json", "--size", size],
                       capture_output=True, text=True, env=env, timeout=timeout)
    meta = json.load(open(base + ".json")) if r.returncode == 0 else None
    return r, meta
