#!/usr/bin/env bash
# On the GPU machine: the GPU failures for real (docs/gpu.md). Every GPU entry
# of the bad-input catalogue (each injected fault, now provoked by a real
# failing call), a real time-out (LAYOUTSCOPE_GPU_TIMEOUT far below a copy's
# duration), a normal copy afterwards, and Ctrl-C on the sweep.
# Usage: scripts/gpu-faults.sh [CLI]
set -uo pipefail
cli=${1:-build/bin/layoutscope-cli}
"$cli" gpu info
python3 - "$cli" <<'PY'
import json, os, subprocess, sys, time
cli = sys.argv[1]
ok = bad = 0
for e in json.load(open("tests/cli/bad_inputs.json")):
    if e.get("requires") != "cuda":
        continue
    t = time.monotonic()
    p = subprocess.run([cli] + e["command"] + e.get("args", []), capture_output=True, text=True,
                       env=dict(os.environ, **e.get("env", {})), timeout=120)
    line = p.stderr.strip().split("\n")
    good = p.returncode == e["exit"] and len(line) == 1 and e["expect"] in line[0] and line[0].startswith("error: " + e["starts"])
    ok += good
    bad += not good
    print(("ok  " if good else "FAIL"), f"{time.monotonic() - t:5.1f} s", e["name"], "|", p.stderr.strip()[:240])
print(f"{ok} passed, {bad} failed")
PY
L='BlockedLayout([4], [32], [4], [0])'
echo "real time-out:"; time LAYOUTSCOPE_GPU_TIMEOUT=0.0005 "$cli" gpu copy "$L" --tile 2048 --shape 268435456 --reps 2; echo "rc=$?"
echo "then a normal copy:"; "$cli" gpu copy "$L" --tile 2048 --shape 16777216 --table; echo "rc=$?"
python3 tests/cli/test_interrupt.py --cli "$cli" --only sweep
