#!/usr/bin/env bash
# Runs the GPU measurements on a machine with an NVIDIA GPU and writes their
# outputs to $1 (default ./gpu-results): device info, the MMA/ldmatrix
# fragment verification, the GPU tests, the Gluon memcpy sweep and single
# copies. Usage: scripts/gpu-evidence.sh BUILD_DIR [OUT_DIR]
set -uo pipefail
build=${1:?build dir}
out=${2:-gpu-results}
mkdir -p "$out"
cli="$build/bin/layoutscope-cli"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > "$out/nvidia-smi.csv" 2>&1
"$cli" gpu info > "$out/gpu-info.json" 2>&1
"$cli" gpu mma-verify > "$out/mma-verify.json" 2> "$out/mma-verify.err"
"$cli" gpu mma-verify --table
python3 tests/gpu/run_gpu_tests.py --cli "$cli" > "$out/gpu-tests.txt" 2>&1; echo "gpu tests rc=$?" >> "$out/gpu-tests.txt"
tail -3 "$out/gpu-tests.txt"
"$cli" gpu sweep gluon-memcpy > "$out/sweep-gluon-memcpy.json" 2> /dev/null
"$cli" gpu sweep gluon-memcpy --table 2> /dev/null | tee "$out/sweep-gluon-memcpy.txt"
