#!/usr/bin/env python3
"""Ctrl-C on long CLI work (issue 15, item 3).

Each long command (swizzle ranking at a big shape, show and bank-conflicts
near their element bounds, a batch, an export to a file) is started, given
SIGINT while it works, and must exit 130 within a few seconds with exactly
one line on stderr, "error: interrupted; nothing was written", nothing on
stdout and no file left in its output folder (no result, no temporary). The
same command run with stderr on a terminal (a pty) shows its progress there
("show: show 131072 of 4194304 (3%), 1.2 s", or "working" before the first
step) and clears it before the one line. A GPU sweep is interrupted too where a GPU is present.
Prints "N passed, M failed" and exits non-zero on any failure.
"""
import argparse
import json
import os
import pty
import select
import signal
import subprocess
import sys
import tempfile
import time

R = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>"
C = "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>"
S = "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>"
LINE = "error: interrupted; nothing was written"


def cases(tmp, have_gpu):
    batch = os.path.join(tmp, "batch.jsonl")
    with open(batch, "w") as f:
        for i in range(1000):
            f.write(json.dumps({"reg": R, "shared": S, "shape": [256, 256 << (i % 2)], "bits": 32}) + "\n")
    out = os.path.join(tmp, "out")
    os.mkdir(out)
    c = [
        ("swizzle ranking 4096x2048", ["swizzle", "--src", R, "--dst", C, "--shape", "4096x2048", "--max-elements", "2^23"],
         "swizzle"),
        ("show 2048x2048", ["show", R, "--shape", "2048x2048"], "show"),
        ("bank-conflicts 4096x4096", ["bank-conflicts", "--reg", R, "--shared", S, "--shape", "4096x4096", "--bits", "32"],
         "bank-conflicts"),
        ("bank-conflicts --batch", ["bank-conflicts", "--batch", batch], "bank-conflicts"),
        ("export svg -o (no step to stop at: the watchdog)",
         ["export", R, "--shape", "2048x2048", "--format", "svg", "-o", os.path.join(out, "big.svg")], None),
    ]
    if have_gpu:
        c.append(("gpu sweep", ["gpu", "sweep", "gluon-memcpy"], "gpu"))
    return c, out


def interrupt(cli, args, delay, tty):
    """Runs, sends SIGINT after `delay` s; returns (rc, stdout, stderr, seconds after the signal, ran the whole delay)."""
    if tty:
        master, slave = pty.openpty()
        p = subprocess.Popen([cli] + args, stdout=subprocess.PIPE, stderr=slave)
        os.close(slave)
    else:
        p = subprocess.Popen([cli] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    err = b""
    t0 = time.monotonic()
    while time.monotonic() - t0 < delay and p.poll() is None:
        if tty and select.select([master], [], [], 0.05)[0]:
            try:
                err += os.read(master, 65536)
            except OSError:
                break
        else:
            time.sleep(0.05)
    alive = p.poll() is None
    if alive:
        p.send_signal(signal.SIGINT)
    t1 = time.monotonic()
    try:
        out, e = p.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()
        out, e = p.communicate()
    if tty:
        while select.select([master], [], [], 0.1)[0]:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            err += chunk
        os.close(master)
    else:
        err = e
    return p.returncode, out.decode(errors="replace"), err.decode(errors="replace"), time.monotonic() - t1, alive


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--delay", type=float, default=1.5)
    ap.add_argument("--only", default="", help="run the cases whose name contains this")
    a = ap.parse_args()
    info = json.loads(subprocess.run([a.cli, "gpu", "info"], capture_output=True, text=True).stdout)
    have_gpu = bool(info["devices"]) and not info["devices"][0].get("simulated")
    passed = failed = 0

    def check(name, ok, detail=""):
        nonlocal passed, failed
        passed += ok
        failed += not ok
        print(("ok   " if ok else "FAIL ") + name + ("" if ok else ": " + detail))

    with tempfile.TemporaryDirectory() as tmp:
        todo, out_dir = cases(tmp, have_gpu)
        for name, args, progress in todo:
            if a.only not in name:
                continue
            rc, out, err, after, alive = interrupt(a.cli, args, a.delay, tty=False)
            left = os.listdir(out_dir)
            check(name, alive and rc == 130 and out == "" and err == LINE + "\n" and not left and after < 5,
                  f"still running at the signal: {alive}, rc={rc}, {after:.1f} s after it, stdout {out[:100]!r}, "
                  f"stderr {err[:300]!r}, left {left}")
            if progress is None:
                continue
            rc, out, err, after, alive = interrupt(a.cli, args, a.delay, tty=True)
            shown = err.replace("\r", "\n").replace("\x1b[K", "")
            lines = [x for x in shown.split("\n") if x.strip()]
            check(name + ", on a terminal", alive and rc == 130 and any(x.startswith(progress + ": ") and x.endswith(" s") for x in lines)
                  and lines[-1] == LINE and err.endswith("\r\x1b[K" + LINE + "\r\n"),
                  f"rc={rc}, stderr {err[-300:]!r}")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
