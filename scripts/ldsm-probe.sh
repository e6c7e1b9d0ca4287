export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH; B=build-gpu/bin/layoutscope-cli
ROW8='BlockedLayout([1, 8], [8, 4], [1, 1], [1, 0])'
ROW8W4='BlockedLayout([1, 8], [8, 4], [4, 1], [1, 0])'
for cfg in "1,1 16x16 $ROW8" "1,1 32x32 $ROW8" "1,1 64x64 $ROW8" "2,2 64x64 ROW8W4" "2,2 32x32 ROW8W4"; do
  set -- $cfg; w=$1; shape=$2; shift 2; reg="$*"; [ "$reg" = ROW8W4 ] && reg=$ROW8W4
  A="DotOperandLayout(0, NVMMADistributedLayout(version=[2, 0], warps_per_cta=[$w], instr_shape=[16, 8]), 2)"
  for instr in ldmatrix.x4 ldmatrix.x2 ldmatrix.x1; do
    echo "== warps $w shape $shape $instr"
    $B gpu shared --reg "$reg" --load-reg "$A" --shared 'SwizzledSharedLayout(8, 1, 8, [1, 0])' --shape $shape --bits 16 --load-instr $instr | python3 -c "
import json,sys; r=json.load(sys.stdin); l=r['load']; print(l['instruction'], 'instr', l['instructions'], l['measured_instructions'], 'wf', l['wavefronts'], l['measured_wavefronts'], 'conf', l['conflicts'], l['measured_conflicts'], r['counter_error'])"
  done
done
echo "== ncu cross-check"
A="DotOperandLayout(0, NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 2], instr_shape=[16, 8]), 2)"
ncu --clock-control none --metrics l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,smsp__sass_inst_executed_op_ldsm.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_cmd_read.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum $B gpu shared --reg "$ROW8W4" --load-reg "$A" --shared 'SwizzledSharedLayout(8, 1, 8, [1, 0])' --shape 64x64 --bits 16 --load-instr ldmatrix.x4 2>&1 | grep -E "ls_shared|wavefronts|ldsm|inst" | head -20
