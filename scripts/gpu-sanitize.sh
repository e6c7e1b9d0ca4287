#!/usr/bin/env bash
# On the GPU machine: the GPU runner under compute-sanitizer (memcheck,
# racecheck, synccheck, initcheck) for each kind of job the CLI and the GUI's
# GPU window run. Prints one verdict line per run; logs in OUTDIR.
# Usage: scripts/gpu-sanitize.sh OUTDIR [CLI]
set -uo pipefail
out=$1 cli=${2:-build/bin/layoutscope-cli}
R='#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>'
C='#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>'
S='#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>'
A='#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>, kWidth = 2}>'
N='#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>'
run() {  # NAME TOOL ARGS...
  local name=$1 tool=$2; shift 2
  compute-sanitizer --tool "$tool" --error-exitcode 99 "$cli" "$@" > "$out/$name-$tool.log" 2>&1
  local rc=$?
  echo "$name $tool: rc=$rc $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/$name-$tool.log" | tail -1)"
}
for tool in memcheck racecheck synccheck initcheck; do
  run copy "$tool" gpu copy 'BlockedLayout([4], [32], [4], [0])' --tile 2048 --shape 1048576 --reps 2
  run copy-via-shared "$tool" gpu copy "$R" --tile 32x32 --store "$C" --shape 1024x1024 --output transposed --reps 2
  run shared "$tool" gpu shared --reg "$R" --shared "$S" --shape 32x32 --bits 32
  run shared-ldmatrix "$tool" gpu shared --reg "$A" --shared "$N" --shape 64x64 --bits 16 --load-instr ldmatrix.x4
  run mma-verify "$tool" gpu mma-verify
done
