#!/usr/bin/env python3
"""kill -9 during edits loses at most the edit being made (issue 15, item 5).

A scripted run (layoutscope --actions under Xvfb, --session DIR: the session
is restored from and saved to DIR as the window does) makes EDITS edits, each
followed by rendered frames, and prints after each action what the session
file now holds. A reference run gives the state after every line. Then RUNS
runs are killed with SIGKILL at random moments of the edits; after each:
  - DIR/session.json is valid JSON and equals the state after the last line
    printed or after the line being run (the only edit that may be lost);
    no file at all only when killed during start-up;
  - restoring it (a new run on DIR) reports nothing, moves nothing aside and
    restores exactly that state; it removes a save's temporary abandoned an
    hour ago (a writer killed mid-save) and keeps a young one (in flight).
Exit 0 when all hold; 77 (skip) without xvfb-run.
"""
import argparse
import glob
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time

import scripted

LAYOUTS = [
    "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>",
    "#ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [0, 1]}>",
    "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [1, 0]}>",
    "#ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0]}>",
    "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>",
]


def actions(edits, frames):
    out = []
    for i in range(edits):
        lay = LAYOUTS[i % len(LAYOUTS)]
        shape = [64, 64] if i % 2 else [32, 64]
        edit = {"layout": f"tensor<{shape[0]}x{shape[1]}xf16, {lay}>"} if i % 3 != 2 else \
            {"compare": f"tensor<64x64xf16, {LAYOUTS[(i + 1) % len(LAYOUTS)]}>"}
        out += [edit, {"frames": frames}]
    return out


class Run:
    """The app on a session folder; `trace` collects (line, session text) as printed."""

    def __init__(self, xvfb, app, actions_path, folder):
        # exec: the shell's pid becomes the app's, so SIGKILL reaches the app itself
        self.p = subprocess.Popen([xvfb, "-a", "sh", "-c", 'echo $$; exec "$0" "$@"', app, "--actions", actions_path,
                                   "--session", folder], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.pid = int(self.p.stdout.readline())
        self.trace = []
        self.times = []  # when each trace line arrived
        self.reader = threading.Thread(target=self._read)
        self.reader.start()

    def _read(self):
        for line in self.p.stdout:
            try:
                j = json.loads(line)
            except ValueError:  # the last line, cut by the kill
                break
            self.trace.append((j["line"], j["session"]))
            self.times.append(time.monotonic())

    def finish(self, timeout=300):
        rc = self.p.wait(timeout=timeout)
        self.reader.join()
        return rc, self.p.stderr.read()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--app", required=True)
    ap.add_argument("--runs", type=int, default=8)
    ap.add_argument("--edits", type=int, default=10)
    ap.add_argument("--frames", type=int, default=20)
    ap.add_argument("--seed", type=int, default=15)
    a = ap.parse_args()
    xvfb = scripted.xvfb_or_skip()
    rng = random.Random(a.seed)
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "edits.jsonl")
        acts = actions(a.edits, a.frames)
        with open(path, "w") as f:
            f.writelines(json.dumps(x) + "\n" for x in acts)
        idle = os.path.join(tmp, "idle.jsonl")
        with open(idle, "w") as f:
            f.write('{"frames": 1}\n')
        ref_dir = os.path.join(tmp, "ref")
        os.mkdir(ref_dir)
        ref = Run(xvfb, a.app, path, ref_dir)
        rc, err = ref.finish()
        span = ref.times[-1] - ref.times[0] if ref.times else 0  # from start-up done to the last action
        state = dict(ref.trace)  # line -> session text after it
        lines = [0] + list(range(1, len(acts) + 1))
        if rc != 0 or sorted(state) != lines or len(set(state.values())) < a.edits // 2:
            print(f"FAIL reference run: exit {rc}, lines {sorted(state)}, {len(set(state.values()))} states: {err[-400:]}")
            sys.exit(1)
        with open(os.path.join(ref_dir, "session.json")) as f:
            if f.read() != state[lines[-1]]:
                print("FAIL reference run: the session file is not the last state printed")
                sys.exit(1)
        print(f"reference run: {len(acts)} actions, {len(set(state.values()))} distinct states, {span:.1f} s")
        for i in range(a.runs):
            folder = os.path.join(tmp, f"kill{i}")
            os.mkdir(folder)
            delay = rng.uniform(0, span)
            run = Run(xvfb, a.app, path, folder)
            deadline = time.monotonic() + 120
            while not run.trace and run.p.poll() is None and time.monotonic() < deadline:
                time.sleep(0.01)  # start-up done: the edits begin
            time.sleep(delay)
            try:
                os.kill(run.pid, signal.SIGKILL)
            except ProcessLookupError:  # it finished first: the file must hold the last state
                pass
            run.finish()
            last = run.trace[-1][0] if run.trace else None
            problems = []
            file = os.path.join(folder, "session.json")
            text = open(file).read() if os.path.exists(file) else None
            if last is None:  # killed in start-up: nothing saved yet, or its first state
                allowed = [None, state[0]]
            else:
                nxt = lines[min(lines.index(last) + 1, len(lines) - 1)]
                allowed = [state[last], state[nxt]]
            if text is None:  # start-up saves its first state before line 0 is printed
                if last is not None:
                    problems.append(f"no session file after line {last}")
            else:
                try:
                    json.loads(text)
                except ValueError as e:
                    problems.append(f"session.json is not JSON: {e}")
                if text not in allowed:
                    ks = [k for k in lines if state[k] == text]
                    problems.append(f"session.json holds the state after line(s) {ks}, killed after line {last}")
                # restore it: nothing reported, nothing moved aside, the same state back;
                # a save's temporary abandoned long ago is removed, a young one (in flight) kept
                old, young = os.path.join(folder, ".session.json.tmp-AAAAAA"), os.path.join(folder, ".session.json.tmp-BBBBBB")
                for t in (old, young):
                    with open(t, "w") as f:
                        f.write("{")
                os.utime(old, (time.time() - 3600, time.time() - 3600))
                back = Run(xvfb, a.app, idle, folder)
                rc, err = back.finish()
                if rc != 0 or "could not be restored" in err:
                    problems.append(f"restore: exit {rc}: {err[-300:]}")
                if glob.glob(file + ".broken-*"):
                    problems.append("restore moved the session aside")
                if not back.trace or back.trace[0][1] != text:
                    problems.append("restore did not bring back the saved state")
                if os.path.exists(old) or not os.path.exists(young):
                    problems.append(f"stale temporary removed: {not os.path.exists(old)}, young one kept: {os.path.exists(young)}")
            where = f"killed {delay:.2f} s into the edits, after line {last}"
            print(("ok   " if not problems else "FAIL ") + where + ("" if not problems else ": " + "; ".join(problems)))
            failed += bool(problems)
    print(f"{a.runs - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
