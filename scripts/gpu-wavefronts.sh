#!/usr/bin/env bash
# On the GPU machine: counts with ncu the shared wavefronts of Triton's own
# kernels for COUNT cases of the codegen golden file (tests/gpu/triton_wavefronts.py),
# resuming after any case that brings the process down (recorded in crashed.txt).
# Triton's cubins go to OUTDIR/cubins.tar.gz (their SASS explains misses).
# --live: Triton's kernels with a barrier after the shared loads (see
# live_kernels in tests/gpu/triton_wavefronts.py).
# CARVEOUT=N: the kernels' preferred shared-memory carveout, percent (100: the
# largest; L1 traffic then adds no shared wavefronts, docs/codegen.md).
# CUBINS=DIR: launch the cubins `triton_wavefronts.py cubins` compiled into DIR
# (another Triton version than this machine's) instead of compiling.
# SHARED=N: launch with at least N bytes of shared memory (Triton 3.6's wrong
# addresses may reach past its own allocation).
# Usage: [GOLDEN=cases.jsonl] [CUBINS=DIR] [CARVEOUT=N] [SHARED=N] scripts/gpu-wavefronts.sh OUTDIR [COUNT] [--live]
set -uo pipefail
out=$1 count=${2:-100} live=${3:-}
golden=${GOLDEN:-tests/conformance/golden/codegen-3.6.jsonl}  # GOLDEN: another file of cases
metrics=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum
rm -f "$out"/order.jsonl "$out"/order.jsonl.started "$out"/ncu*.csv "$out"/crashed.txt
mkdir -p "$out/cubins"
start=0 round=0
while [ "$start" -lt "$count" ] && [ "$round" -lt 20 ]; do
  ncu --clock-control none --csv --kernel-name regex:'^k_' --metrics "$metrics" \
    python3 tests/gpu/triton_wavefronts.py launch "$golden" --count "$count" --start "$start" \
    --order "$out/order.jsonl" --cubin-dir "$out/cubins" $live ${CARVEOUT:+--carveout "$CARVEOUT"} ${SHARED:+--shared-bytes "$SHARED"} \
    ${CUBINS:+--cubins "$CUBINS"} \
    > "$out/ncu$round.csv" 2>> "$out/stderr.txt"
  last=$(tail -1 "$out/order.jsonl.started" 2>/dev/null || echo -1)
  done_n=$(wc -l < "$out/order.jsonl")
  started_n=$(wc -l < "$out/order.jsonl.started")
  [ "$started_n" -gt "$done_n" ] && echo "$last" >> "$out/crashed.txt"  # started, never recorded
  start=$((last + 1)) round=$((round + 1))
  # the order file lost the crashed case: keep the starts in step
  head -n "$done_n" "$out/order.jsonl.started" > "$out/s.tmp" && mv "$out/s.tmp" "$out/order.jsonl.started"
done
# in round order (a glob would put ncu10.csv before ncu2.csv)
for ((r = 0; r < round; r++)); do cat "$out/ncu$r.csv"; done > "$out/ncu.csv"
tar -czf "$out/cubins.tar.gz" -C "$out" cubins && rm -rf "$out/cubins"
echo "cases recorded: $(wc -l < "$out/order.jsonl"); crashed: $(cat "$out/crashed.txt" 2>/dev/null | tr '\n' ' ')"
