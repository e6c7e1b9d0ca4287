#!/usr/bin/env bash
# On a GPU machine with Triton and torch: layoutscope's generated kernels
# beside Triton's own, in one run. Writes to OUT_DIR:
#   device.txt       the GPU, driver, Triton and torch
#   sweep.json       `gpu sweep gluon-memcpy --triton-kernel` (the Gluon
#                    tutorial's memcpy and 2D-tile experiments, both kernels)
#   sweep.txt        its table (layoutscope TB/s, Triton TB/s, ratio, PTX counts)
#   shared.jsonl     `gpu shared --batch tests/gpu/triton_shared_cases.jsonl`:
#                    layoutscope's kernels with Triton's instructions, counted
#                    wavefronts vs core/codegen's prediction
#   wf/              scripts/gpu-wavefronts.sh --live: Triton's own round-trip
#                    and convert kernels (every shared load kept executed)
#                    counted by ncu (and their cubins)
#   wf-compare.txt   those counts vs `codegen`
# Usage: scripts/gpu-triton-compare.sh BUILD_DIR OUT_DIR [WAVEFRONT_CASES]
set -uo pipefail
build=${1:?build dir} out=${2:?out dir} count=${3:-100}
mkdir -p "$out/wf"
cli="$build/bin/layoutscope-cli"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv
  "$cli" gpu info
  python3 -c 'import triton, torch; print("triton", triton.__version__, "torch", torch.__version__)'
  ncu --version | tail -1
} > "$out/device.txt" 2>&1
"$cli" gpu sweep gluon-memcpy --triton-kernel > "$out/sweep.json" 2> "$out/sweep.err"
python3 - "$out/sweep.json" > "$out/sweep.txt" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))
print("| experiment | case | layoutscope TB/s | Triton TB/s | ratio | PTX counts equal | layoutscope PTX | Triton PTX |")
print("|---|---|---|---|---|---|---|---|")
for r in rows:
    a, t = r["result"], r["result"]["triton_kernel"]
    fmt = lambda m: ", ".join("%s %d" % kv for kv in sorted(m.items()))
    print("| %s | %s | %.3f | %.3f | %.3f | %s | %s | %s |" % (r["experiment"], r["label"], a["tbps"], t["tbps"],
          a["tbps"] / t["tbps"], "yes" if t["same_ptx_counts"] else "no", fmt(a["ptx_per_thread"]), fmt(t["ptx_per_thread"])))
ok = [abs(r["result"]["tbps"] / r["result"]["triton_kernel"]["tbps"] - 1) <= 0.05 for r in rows]
print("\n%d of %d rows within +-5%% of Triton; cudaMemcpy %.3f TB/s; mismatches %d/%d" % (
    sum(ok), len(rows), rows[0]["result"]["memcpy_tbps"], sum(r["result"]["mismatches"] for r in rows),
    sum(r["result"]["triton_kernel"]["mismatches"] for r in rows)))
PY
cat "$out/sweep.txt"
"$cli" gpu shared --batch tests/gpu/triton_shared_cases.jsonl > "$out/shared.jsonl" 2> "$out/shared.err"
tail -1 "$out/shared.err"
scripts/gpu-wavefronts.sh "$out/wf" "$count" --live
python3 tests/gpu/triton_wavefronts.py compare "$out/wf/order.jsonl" "$out/wf/ncu.csv" --cli "$cli" > "$out/wf-compare.txt" 2>&1
tail -1 "$out/wf-compare.txt"
