#!/usr/bin/env python3
"""GPU failures in the window (issue 15, item 6): for each fault the runtime
can be made to fail at (LAYOUTSCOPE_GPU_FAULT=no_device, shared_memory, oom,
launch, fault, timeout), and for the machine as it is when it has no GPU, a
scripted run (layoutscope --actions under Xvfb) presses the GPU window's
"run shared" and "run copy" buttons, then keeps editing. It checks:
  - the app exits 0: it kept running through the failure;
  - the job's failure names the reason (the run's UI error for the button),
    and the GPU window shows the last job's failure (the meta file's
    gpu.error, the text the window draws in red; without a device its device
    line); after a fault or a timeout the next job is refused saying why;
  - an edit after the failure is applied (the meta file's layout).
A nonsense LAYOUTSCOPE_GPU_FAULT is shown the same way, as why there is no
device. Exit 0 when all hold; 77 (skip) without xvfb-run or in a build without CUDA.
"""
import argparse
import json
import os
import subprocess
import sys

import scripted

AFTER = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>"
REG = "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>"
SHARED = "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>"

# fault -> what the window must show for "run shared"
CASES = {
    "no_device": "no CUDA device (injected: LAYOUTSCOPE_GPU_FAULT=no_device)",
    "shared_memory": "bytes of shared memory per CTA; the device offers 0 (injected: LAYOUTSCOPE_GPU_FAULT=shared_memory)",
    "oom": "out of memory (injected: LAYOUTSCOPE_GPU_FAULT=oom)",
    "launch": "gpu: launching ls_shared: invalid argument (injected: LAYOUTSCOPE_GPU_FAULT=launch)",
    "fault": "gpu: running ls_shared: an illegal memory access was encountered (injected: LAYOUTSCOPE_GPU_FAULT=fault)",
    "timeout": "gpu: running ls_shared: did not finish within 1 s (LAYOUTSCOPE_GPU_TIMEOUT) (injected: LAYOUTSCOPE_GPU_FAULT=timeout)",
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--app", required=True)
    ap.add_argument("--cli", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    xvfb = scripted.xvfb_or_skip()
    info = json.loads(subprocess.run([a.cli, "gpu", "info"], capture_output=True, text=True).stdout)
    if not info["built_with_cuda"]:
        print("SKIP: built without CUDA")
        sys.exit(77)
    cases = dict(CASES)
    cases["nonsense"] = "LAYOUTSCOPE_GPU_FAULT: 'nonsense' must be no_device, shared_memory, oom, launch, fault or timeout"
    if not info["devices"]:  # the real path, no injection
        cases[""] = "no CUDA device"
    want_after = subprocess.run([a.cli, "convert", AFTER, "--shape", "32x32", "--to", "mlir"], capture_output=True,
                                text=True).stdout.strip()
    os.makedirs(a.out, exist_ok=True)
    actions = [{"layout": f"tensor<64x64xf16, {REG}>"}, {"compare": f"tensor<64x64xf16, {SHARED}>"},
               {"view": "compare"}, {"gpu": "shared"}, {"gpu": "copy"},
               {"layout": f"tensor<32x32xf32, {AFTER}>"}, {"frames": 3}]
    failed = 0
    for fault, reason in cases.items():
        name = fault or "no GPU here"
        env = dict(os.environ, LAYOUTSCOPE_GPU_FAULT=fault, LAYOUTSCOPE_GPU_TIMEOUT="1")
        p, m = scripted.run_actions(xvfb, a.app, os.path.join(a.out, f"gpu_{fault or 'real'}"), actions,
                                    size="1280x800", env=env, timeout=300)
        problems = []
        if m is None:
            problems.append(f"exit {p.returncode}: {p.stderr[-500:]}")
        else:
            gpu = m.get("gpu", {})
            errors = {e["line"]: e["error"] for e in m["errors"]}
            if reason not in errors.get(4, ""):
                problems.append(f"line 4 (run shared) reported {errors.get(4)!r}")
            # the window shows the last job's failure (no device: its device line, the buttons disabled)
            if fault in ("no_device", "", "nonsense"):
                if reason not in gpu.get("device", ""):
                    problems.append(f"the GPU window's device line is {gpu.get('device')!r}")
            elif 5 in errors and gpu.get("error") != errors[5]:
                problems.append(f"the GPU window shows {gpu.get('error')!r}, not the copy's failure {errors[5]!r}")
            if fault in ("fault", "timeout") and "the GPU is unusable after an earlier failure" not in errors.get(5, ""):
                problems.append(f"the copy after a {fault} reported {errors.get(5)!r}")
            # the copy needs no shared memory: on a real device only that fault lets it through
            if 5 not in errors and (fault != "shared_memory" or not info["devices"]):
                problems.append("line 5 (run copy after the failure) reported nothing")
            if gpu.get("running"):
                problems.append(f"a job is still running: {gpu['running']}")
            if m.get("layout", "").strip() != want_after:
                problems.append(f"the edit after the failure is not shown: {m.get('layout')!r}")
            if 6 in errors:
                problems.append(f"the edit after the failure failed: {errors[6]}")
        print(("ok   " if not problems else "FAIL ") + name + ("" if not problems else ": " + "; ".join(problems)))
        failed += bool(problems)
    print(f"{len(cases) - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
