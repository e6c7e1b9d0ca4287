#!/usr/bin/env bash
# Runs the GPU measurements on a machine with an NVIDIA GPU and writes their
# outputs to OUT_DIR (7 files): the device, the MMA/ldmatrix fragment
# verification, the GPU tests, the Gluon memcpy sweep (JSON and table), the
# shared-memory predicted-vs-counted cases, and compute-sanitizer's verdicts.
# Usage: scripts/gpu-evidence.sh BUILD_DIR [OUT_DIR]
set -uo pipefail
build=${1:?build dir}
out=${2:-gpu-results}
mkdir -p "$out"
cli="$build/bin/layoutscope-cli"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
{
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv
  "$cli" gpu info
} > "$out/device.txt" 2>&1
"$cli" gpu mma-verify > "$out/mma-verify.json"
"$cli" gpu mma-verify --table
python3 tests/gpu/run_gpu_tests.py --cli "$cli" > "$out/gpu-tests.txt" 2>&1; echo "gpu tests rc=$?" >> "$out/gpu-tests.txt"
grep -E "^FAIL|passed|rc=" "$out/gpu-tests.txt" | tail -12
"$cli" gpu shared --batch tests/gpu/shared_cases.jsonl > "$out/shared.jsonl"
"$cli" gpu sweep gluon-memcpy > "$out/sweep-gluon-memcpy.json" 2> /dev/null
"$cli" gpu sweep gluon-memcpy --table 2> /dev/null | tee "$out/sweep-gluon-memcpy.txt"
# compute-sanitizer over the kernels (counters are off under the sanitizer)
if command -v compute-sanitizer > /dev/null; then
  {
    compute-sanitizer --tool memcheck "$cli" gpu mma-verify --table
    compute-sanitizer --tool memcheck "$cli" gpu copy 'BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0])' --tile 128x128 \
      --store 'BlockedLayout([4, 1], [8, 4], [1, 4], [0, 1])' --shape 1024x1024 --output transposed --reps 2
    compute-sanitizer --tool memcheck "$cli" gpu copy 'BlockedLayout([4], [32], [4], [0])' --tile 2048 --shape 1048576 --reps 2
    compute-sanitizer --tool racecheck "$cli" gpu shared --reg 'BlockedLayout([1, 8], [8, 4], [4, 1], [1, 0])' \
      --shared 'NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=16)' --shape 64x64 --bits 16 \
      --load-reg 'DotOperandLayout(0, NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 2], instr_shape=[16, 8]), 2)' \
      --load-instr ldmatrix.x4
  } > "$out/compute-sanitizer.txt" 2>&1
  grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$out/compute-sanitizer.txt"
fi
