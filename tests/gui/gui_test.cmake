# Drives the layoutscope binary for the GUI tests:
#   MODE=preset: xvfb-run it for a 1024x700 screenshot of LAYOUT with the grid
#                geometry, then check_shot compares the cells with core's colours;
#   MODE=bad_layout: bad layout text must exit 2 with one line on stderr and
#                    write no PNG;
#   MODE=triton: the {"triton": V} action (the Triton menu) shows in the
#                screenshot's meta file, the designer runs with it, and a bad
#                version is refused naming the line;
#   MODE=widths: a round trip whose sides hold several instruction widths
#                shows each width's count in the bank panel, as codegen;
#   MODE=fault: a padded round trip whose vectors the padding misaligns is
#               flagged in the bank panel as the fault codegen names, and a
#               round trip Triton 3.6 addresses wrongly as codegen says;
#   MODE=ptxas: a round trip whose loads ptxas merges below the PTX shows the
#               SASS loads and their wavefronts beside the PTX, as codegen;
#   MODE=follow: a second layout whose text names no shape (no element
#               type) takes the first pane's, when pasted and when the first
#               changes; one that names them keeps its own.
#   MODE=tmem: a register layout beside a tensor-memory one shows the tcgen05
#              message tmem-reg-layout names for it, also with its registers
#              in another order; edits to a layout no message has say so, and
#              undoing them brings the message back.
file(REMOVE ${OUT})

# Replays ACTIONS (JSON lines) through the window under Xvfb with a 1024x700
# screenshot; sets META_VAR to its meta file, which must list no UI error.
function(replay actions meta_var)
  file(REMOVE ${OUT}.png ${OUT}.json)
  file(WRITE ${OUT}.jsonl "${actions}")
  execute_process(COMMAND ${XVFB_RUN} -a ${APP} --actions ${OUT}.jsonl --screenshot ${OUT}.png --screenshot-meta ${OUT}.json
                          --size 1024x700
                  RESULT_VARIABLE rc ERROR_VARIABLE err TIMEOUT 300)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "layoutscope --actions exited with '${rc}': ${err}")
  endif()
  file(READ ${OUT}.json meta)
  string(JSON nerr LENGTH "${meta}" errors)
  if(NOT nerr EQUAL 0)
    message(FATAL_ERROR "${nerr} UI errors after ${actions}: ${meta}")
  endif()
  set(${meta_var} "${meta}" PARENT_SCOPE)
endfunction()

# REG shown in the window beside the shared layout SMEM (the compare view)
# under Triton VERSION, and `layoutscope-cli codegen` of that round trip of
# BITS-bit elements: sets META_VAR to the screenshot's meta, CG_VAR to codegen's JSON.
function(round_trip reg smem shape bits version meta_var cg_var)
  replay("{\"layout\": \"${reg}\"}\n{\"triton\": \"${version}\"}\n{\"view\": \"compare\"}\n{\"compare\": \"${smem}\"}\n" meta)
  execute_process(COMMAND ${CLI} codegen --load "${reg}" --via-shared "${smem}" --shape ${shape} --bits ${bits}
                          --triton ${version} RESULT_VARIABLE rc OUTPUT_VARIABLE cg ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "layoutscope-cli codegen exited with '${rc}': ${err}")
  endif()
  set(${meta_var} "${meta}" PARENT_SCOPE)
  set(${cg_var} "${cg}" PARENT_SCOPE)
endfunction()

# ACTIONS must be refused before any window: exit 2, stderr matching PATTERN.
function(refused actions pattern)
  file(WRITE ${OUT}.jsonl "${actions}")
  execute_process(COMMAND ${APP} --actions ${OUT}.jsonl RESULT_VARIABLE rc ERROR_VARIABLE err TIMEOUT 60)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "${pattern}")
    message(FATAL_ERROR "expected exit 2 matching '${pattern}'; got '${rc}', stderr: ${err}")
  endif()
endfunction()

if(MODE STREQUAL "preset")
  file(REMOVE ${OUT}.json)
  execute_process(COMMAND ${XVFB_RUN} -a ${APP} --screenshot ${OUT} --screenshot-meta ${OUT}.json
                          --layout ${LAYOUT} --size 1024x700
                  RESULT_VARIABLE rc ERROR_VARIABLE err TIMEOUT 120)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "layoutscope --screenshot exited with '${rc}': ${err}")
  endif()
  execute_process(COMMAND ${CHECK} ${OUT} ${OUT}.json ${LAYOUT} 1024 700 RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the screenshot ${OUT} failed the check")
  endif()
elseif(MODE STREQUAL "bad_layout")
  execute_process(COMMAND ${APP} --screenshot ${OUT} --layout "BlockedLayout(size_per_thread=[2, 4"
                  RESULT_VARIABLE rc ERROR_VARIABLE err TIMEOUT 60)
  string(REGEX MATCHALL "\n" lines "${err}")
  list(LENGTH lines n)
  if(NOT rc EQUAL 2 OR NOT n EQUAL 1 OR EXISTS ${OUT})
    message(FATAL_ERROR "expected exit 2, one line on stderr and no PNG; got '${rc}', stderr: ${err}")
  endif()
  message(STATUS "bad layout rejected: ${err}")
elseif(MODE STREQUAL "bad_actions")
  # Line 2 names no action: exit 2 before any window, naming the line.
  refused("{\"preset\": \"gluon-blocked-64x16\"}\n{\"prest\": \"x\"}\n"
          "line 2: names no known action; did you mean 'preset'")
  refused("{\"zoom\": \"big\"}\n" "line 1: \"zoom\" takes a factor")
  execute_process(COMMAND ${APP} --session ${OUT}.dir RESULT_VARIABLE rc ERROR_VARIABLE err TIMEOUT 60)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "--session needs --actions")
    message(FATAL_ERROR "expected exit 2 for --session without --actions; got '${rc}', stderr: ${err}")
  endif()
  message(STATUS "bad action files rejected")
elseif(MODE STREQUAL "triton")
  foreach(v 3.6 3.9)
    set(rows "tensor<128x128xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>")
    set(cols "tensor<128x128xf16, #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>>")
    replay("{\"layout\": \"${rows}\"}\n{\"triton\": \"${v}\"}\n{\"view\": \"compare\"}\n{\"compare\": \"${cols}\"}\n{\"design_swizzle\": true}\n{\"swizzle_pick\": 1}\n" meta)
    string(JSON shown GET "${meta}" triton)
    if(NOT shown STREQUAL "${v}")
      message(FATAL_ERROR "after {\"triton\": \"${v}\"} the meta file says triton '${shown}': ${meta}")
    endif()
  endforeach()
  refused("{\"triton\": \"3.7\"}\n" "line 1: \"triton\" takes \"3.6\" or \"3.9\"")
  message(STATUS "the Triton selector: 3.6 and 3.9 shown in the meta file, 3.7 refused")
elseif(MODE STREQUAL "target")
  # The Target menu drives the bank-conflict panel: an MMA v3 accumulator stored to a 128-byte
  # swizzle is stmatrix on sm_90 and sm_100 (what `layoutscope-cli codegen` says), st.shared on
  # sm_80, which has no stmatrix; the load is ldmatrix on all three. Checked against the CLI.
  set(acc "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>")
  set(smem "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>")
  foreach(sm sm_80 sm_90 sm_100)
    replay("{\"layout\": \"tensor<64x64xf16, ${acc}>\"}\n{\"target\": \"${sm}\"}\n{\"view\": \"compare\"}\n{\"compare\": \"tensor<64x64xf16, ${smem}>\"}\n" meta)
    execute_process(COMMAND ${CLI} codegen --load "tensor<64x64xf16, ${acc}>" --via-shared "tensor<64x64xf16, ${smem}>"
                            --shape 64x64 --bits 16 --target ${sm}
                    RESULT_VARIABLE rc OUTPUT_VARIABLE cg ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "layoutscope-cli codegen exited with '${rc}': ${err}")
    endif()
    string(JSON shown GET "${meta}" target)
    string(JSON store GET "${meta}" banks store)
    string(JSON load GET "${meta}" banks load)
    string(JSON store_wf GET "${meta}" banks store_wavefronts)
    string(JSON load_wf GET "${meta}" banks load_wavefronts)
    string(JSON want_store_wf GET "${cg}" wavefronts shared_store)
    string(JSON want_load_wf GET "${cg}" wavefronts shared_load)
    string(JSON n_store ERROR_VARIABLE no_store GET "${cg}" ptx_per_thread ${store})
    string(JSON n_load ERROR_VARIABLE no_load GET "${cg}" ptx_per_thread ${load})
    if(NOT shown STREQUAL "${sm}" OR no_store OR no_load
       OR NOT store_wf EQUAL want_store_wf OR NOT load_wf EQUAL want_load_wf)
      message(FATAL_ERROR "after {\"target\": \"${sm}\"} the window shows ${store} (${store_wf}) / ${load} (${load_wf}), "
                          "target '${shown}'; codegen says ${cg}")
    endif()
    if(sm STREQUAL "sm_80" AND store MATCHES "stmatrix")
      message(FATAL_ERROR "sm_80 has no stmatrix, yet the window shows ${store}")
    endif()
    if(NOT sm STREQUAL "sm_80" AND NOT store MATCHES "^stmatrix")
      message(FATAL_ERROR "${sm}: expected stmatrix for the accumulator's store, the window shows ${store}")
    endif()
  endforeach()
  refused("{\"target\": \"sm_75\"}\n" "line 1: \"target\" takes \"sm_80\"")
  message(STATUS "the Target menu: sm_80/90/100 drive the bank panel as codegen predicts, sm_75 refused")
elseif(MODE STREQUAL "widths")
  # A round trip where LLVM joins some of Triton's scalar accesses (golden line 129 of
  # codegen-3.9.jsonl): the bank panel names every width with its count per thread,
  # as `layoutscope-cli codegen` does, and the same wavefronts.
  set(reg "tensor<16x256xf16, #ttg.slice<{dim = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1, 2], instrShape = [1, 16, 8]}>}>>")
  set(smem "!ttg.memdesc<16x256xf16, #ttg.padded_shared<[2048:+1] {order = [0, 1], shape = [16, 256]}>, #ttg.shared_memory, mutable>")
  round_trip("${reg}" "${smem}" 16x256 16 3.9 meta cg)
  string(JSON joined GET "${meta}" banks llvm_alignment_decides)
  string(JSON cg_joined GET "${cg}" instructions 1 llvm_alignment_decides)
  string(JSON unjoined_wf GET "${meta}" banks store_alternative wavefronts)
  string(JSON cg_unjoined_wf GET "${cg}" instructions 1 alternative wavefronts)
  if(NOT joined OR NOT cg_joined OR NOT unjoined_wf EQUAL cg_unjoined_wf)
    message(FATAL_ERROR "LLVM's joining not flagged alike: the window says ${meta}, codegen ${cg}")
  endif()
  foreach(side store load)
    string(JSON shown GET "${meta}" banks ${side})
    string(JSON wf GET "${meta}" banks ${side}_wavefronts)
    if(side STREQUAL "store")  # the PTX's own wavefronts (ptxas's, where it merges, beside them)
      string(JSON want_wf GET "${cg}" instructions 1 wavefronts)
    else()
      string(JSON want_wf GET "${cg}" instructions 2 wavefronts)
    endif()
    string(REGEX MATCHALL "[a-z0-9.]+ x[0-9]+" parts "${shown}")
    list(LENGTH parts n)
    if(n LESS 2 OR NOT wf EQUAL want_wf)
      message(FATAL_ERROR "${side}: the window shows '${shown}' (${wf} wavefronts); codegen says ${cg}")
    endif()
    foreach(part ${parts})
      string(REGEX REPLACE " x[0-9]+$" "" mn "${part}")
      string(REGEX REPLACE "^.* x" "" count "${part}")
      string(JSON want ERROR_VARIABLE missing GET "${cg}" ptx_per_thread ${mn})
      if(missing OR NOT want EQUAL count)
        message(FATAL_ERROR "${side}: the window shows ${part}; codegen says ${cg}")
      endif()
    endforeach()
  endforeach()
  message(STATUS "a round trip of several widths: the bank panel lists each with its count, as codegen, and flags LLVM's joining")
elseif(MODE STREQUAL "fault")
  # Golden line 126 of codegen-3.9.jsonl: Triton's st/ld.shared.v2.b32 meet the two-element
  # padding every 1024 elements at 4-byte offsets (Triton's own kernel stops with
  # "misaligned address" on an H200); the bank panel names the fault as codegen does.
  set(reg "tensor<16x128xf16, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 2], order = [1, 0]}>>")
  set(smem "!ttg.memdesc<16x128xf16, #ttg.padded_shared<[256:+4, 1024:+2] {order = [1, 0], shape = [16, 128]}>, #ttg.shared_memory, mutable>")
  round_trip("${reg}" "${smem}" 16x128 16 3.9 meta cg)
  foreach(side store load)
    string(JSON shown GET "${meta}" banks ${side}_fault)
    if(side STREQUAL "store")
      string(JSON want ERROR_VARIABLE missing GET "${cg}" instructions 1 hardware_fault)
    else()
      string(JSON want ERROR_VARIABLE missing GET "${cg}" instructions 2 hardware_fault)
    endif()
    if(missing OR NOT shown MATCHES "^misaligned address" OR NOT shown STREQUAL want)
      message(FATAL_ERROR "${side}: the window shows the fault '${shown}'; codegen says ${cg}")
    endif()
  endforeach()
  # Golden line 431 of codegen-3.6.jsonl: Triton 3.6 adds register offsets that share bits
  # with the part it XORs (112 of 512 elements come back wrong on an H200); 3.9 does not.
  set(reg "tensor<32x16xf32, #ttg.slice<{dim = 1, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 2, 1], instrShape = [1, 16, 8]}>}>>")
  set(smem "!ttg.memdesc<32x16xf32, #ttg.shared_linear<{offset = [[8, 0], [12, 0], [13, 0], [8, 2], [0, 4], [15, 0], [0, 1], [0, 12], [16, 0]]}, alignment = 16>, #ttg.shared_memory, mutable>")
  foreach(v 3.6 3.9)
    round_trip("${reg}" "${smem}" 32x16 32 ${v} meta cg)
    string(JSON shown GET "${meta}" banks store_wrong_addresses)
    string(JSON want ERROR_VARIABLE missing GET "${cg}" instructions 1 wrong_addresses)
    if(missing)
      set(want "")
    endif()
    if(NOT shown STREQUAL want OR (v STREQUAL "3.6" AND NOT shown MATCHES "^Triton 3.6 adds")
       OR (v STREQUAL "3.9" AND NOT shown STREQUAL ""))
      message(FATAL_ERROR "Triton ${v}: the window shows wrong addresses '${shown}'; codegen says ${cg}")
    endif()
  endforeach()
  # 512x256 fp16 needs 262,144 bytes of shared memory: above sm_90's 232,448 per CTA,
  # Triton compiles the kernel and refuses to launch it; the bank panel says so as codegen does.
  set(reg "tensor<512x256xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>")
  set(smem "!ttg.memdesc<512x256xf16, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, mutable>")
  round_trip("${reg}" "${smem}" 512x256 16 3.9 meta cg)
  string(JSON shown GET "${meta}" banks launch_error)
  string(JSON bytes GET "${meta}" banks shared_bytes)
  string(JSON want ERROR_VARIABLE missing GET "${cg}" launch_error)
  if(missing OR NOT shown STREQUAL want OR NOT bytes EQUAL 262144 OR NOT shown MATCHES "sm_90 allows 232448")
    message(FATAL_ERROR "the window shows the launch error '${shown}' (${bytes} bytes); codegen says ${cg}")
  endif()
  message(STATUS "the bank panel names the hardware fault, 3.6's wrong addresses and a launch refused, as codegen does")
elseif(MODE STREQUAL "ptxas")
  # Held-out seed 2031 (3.6, sm_90): LLVM leaves the loads as ld.shared.b32 + ld.shared.v2.b16, the
  # stores through the same registers are st.shared.v2.b32, and Triton's cubin loads with LDS.64.
  set(reg "tensor<32x32xf16, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [2, 4], order = [1, 0]}>>")
  set(smem "!ttg.memdesc<32x32xf16, #ttg.shared_linear<{offset = [[0, 1], [0, 3], [0, 4], [0, 8], [0, 24], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}, alignment = 16>, #ttg.shared_memory, mutable>")
  round_trip("${reg}" "${smem}" 32x32 16 3.6 meta cg)
  string(JSON shown ERROR_VARIABLE missing GET "${meta}" banks load_ptxas instruction)
  string(JSON wf ERROR_VARIABLE missing2 GET "${meta}" banks load_ptxas wavefronts)
  string(JSON want GET "${cg}" instructions 2 ptxas instruction)
  string(JSON want_wf GET "${cg}" wavefronts shared_load)
  string(JSON ptx GET "${meta}" banks load)
  if(missing OR missing2 OR NOT shown STREQUAL "LDS.64 x4" OR NOT shown STREQUAL want OR NOT wf EQUAL want_wf
     OR NOT ptx MATCHES "ld.shared.b32 x4" OR NOT ptx MATCHES "ld.shared.v2.b16 x4")
    message(FATAL_ERROR "the window shows ${meta}; codegen says ${cg}")
  endif()
  message(STATUS "the bank panel shows ptxas's LDS.64 and the wavefronts the hardware counts, as codegen")
elseif(MODE STREQUAL "follow")
  # Gluon texts name no shape; this shared-linear layout fits only 32x128 (its bases cover it).
  set(reg "BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[4, 8], warps_per_cta=[4, 1], order=[1, 0])")
  set(sl "SharedLinearLayout(offset_bases=[[8, 0], [4, 0], [0, 32], [0, 4], [8, 8], [1, 0], [16, 0], [1, 16], [0, 1], [2, 0], [0, 2], [0, 64]], block_bases=[], alignment=16)")
  set(nv "NVMMASharedLayout(swizzle_byte_width=64, element_bitwidth=16, rank=2)")
  set(edits "{\"layout\": \"${reg}\"}\n{\"shape\": [32, 128]}\n{\"field\": \"element\", \"value\": \"\\\"f16\\\"\"}\n{\"view\": \"compare\"}\n")
  foreach(step pasted changed named)
    if(step STREQUAL "pasted")  # pasted after the first pane's shape: it takes 32x128
      replay("${edits}{\"compare\": \"${sl}\"}\n" meta)
      set(want "[ 32, 128 ]")
      set(smem "${sl}")
    elseif(step STREQUAL "changed")  # the first pane's shape changes after the paste: it follows
      replay("${edits}{\"compare\": \"${nv}\"}\n{\"shape\": [64, 64]}\n" meta)
      set(want "[ 64, 64 ]")
      set(smem "${nv}")
    else()  # a text naming its shape keeps it: no bank panel for two shapes
      replay("${edits}{\"compare\": \"tensor<64x64xf32, #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 32}>>\"}\n{\"shape\": [32, 64]}\n" meta)
      set(want "[ 64, 64 ]")
    endif()
    string(JSON shown GET "${meta}" second_shape)
    string(JSON bits GET "${meta}" second_elem_bits)  # the bank panel's elements: the shared layout's
    string(JSON banks ERROR_VARIABLE no_banks GET "${meta}" banks)
    if(NOT shown STREQUAL want OR (step STREQUAL "named" AND NOT bits EQUAL 32) OR (NOT step STREQUAL "named" AND NOT bits EQUAL 16) OR (step STREQUAL "named" AND NOT no_banks) OR (NOT step STREQUAL "named" AND no_banks))
      message(FATAL_ERROR "${step}: the second pane is ${shown} of ${bits}-bit elements, want ${want}; meta ${meta}")
    endif()
    if(NOT step STREQUAL "named")  # the bank panel analyses that round trip, as codegen
      string(REPLACE "[ " "" dims "${want}")
      string(REPLACE " ]" "" dims "${dims}")
      string(REPLACE ", " "x" dims "${dims}")
      execute_process(COMMAND ${CLI} codegen --load "${reg}" --via-shared "${smem}" --shape ${dims} --bits ${bits}
                      RESULT_VARIABLE rc OUTPUT_VARIABLE cg ERROR_VARIABLE err)
      string(JSON st GET "${meta}" banks store_wavefronts)
      string(JSON want_st GET "${cg}" wavefronts shared_store)
      if(NOT rc EQUAL 0 OR NOT st EQUAL want_st)
        message(FATAL_ERROR "${step}: the bank panel shows ${st} store wavefronts; codegen (${rc}) ${want_st} ${err}")
      endif()
    endif()
  endforeach()
  message(STATUS "the second pane takes the first pane's shape and element type unless its text names them")
elseif(MODE STREQUAL "tmem")
  set(tm "TensorMemoryLayout(block=(128, 64), col_stride=1)")
  execute_process(COMMAND ${CLI} tmem-reg-layout --tmem "${tm}" --shape 128x64 --bits 32 --num-warps 4 --variant 16x64b
                  RESULT_VARIABLE rc OUTPUT_VARIABLE want ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "tmem-reg-layout exited with '${rc}': ${err}")
  endif()
  foreach(d register lane warp)
    string(JSON ${d} GET "${want}" bases ${d})
  endforeach()
  string(JSON want_ld GET "${want}" tcgen05_ld)
  string(JSON want_n GET "${want}" tcgen05_per_warp)
  set(reg "DistributedLinearLayout(reg_bases=${register}, lane_bases=${lane}, warp_bases=${warp}, block_bases=[], shape=[128, 64])")
  string(REPLACE "\n" "" reg "${reg}")
  # registers 0 and 1 swapped: Triton takes registers in any order, same message;
  # register 0 swapped with lane 0: a layout no message has (Triton refuses it)
  string(JSON r0 GET "${register}" 0)
  string(JSON r1 GET "${register}" 1)
  string(JSON l0 GET "${lane}" 0)
  string(JSON perm SET "${register}" 0 "${r1}")
  string(JSON perm SET "${perm}" 1 "${r0}")
  string(JSON bad_reg SET "${register}" 0 "${l0}")
  string(JSON bad_lane SET "${lane}" 0 "${r0}")
  foreach(v perm bad_reg bad_lane)
    string(REPLACE "\n" "" ${v} "${${v}}")
  endforeach()
  set(edits "{\"layout\": \"${reg}\"}\n{\"field\": \"element\", \"value\": \"\\\"f32\\\"\"}\n{\"view\": \"compare\"}\n{\"compare\": \"${tm}\"}\n")
  set(to_bad "{\"field\": \"register\", \"value\": \"${bad_reg}\"}\n{\"field\": \"lane\", \"value\": \"${bad_lane}\"}\n")
  foreach(step pasted permuted edited undone)
    if(step STREQUAL "pasted")
      replay("${edits}" meta)
    elseif(step STREQUAL "permuted")
      replay("${edits}{\"field\": \"register\", \"value\": \"${perm}\"}\n" meta)
    elseif(step STREQUAL "edited")
      replay("${edits}${to_bad}" meta)
    else()
      replay("${edits}${to_bad}{\"undo\": 2}\n" meta)
    endif()
    string(JSON ld ERROR_VARIABLE no_ld GET "${meta}" tmem_message load)
    string(JSON n ERROR_VARIABLE no_n GET "${meta}" tmem_message per_thread)
    string(JSON none ERROR_VARIABLE no_none GET "${meta}" tmem_message none)
    string(JSON layout GET "${meta}" layout)
    if(step STREQUAL "edited")
      string(JSON variants ERROR_VARIABLE no_variants GET "${meta}" tmem_message variants)
      if(NOT none OR no_none OR NOT variants MATCHES "16x64b" OR NOT layout MATCHES "lane = \\[\\[0, 2\\]")
        message(FATAL_ERROR "edited: the window should show no message for ${layout}; meta ${meta}")
      endif()
    elseif(no_ld OR NOT ld STREQUAL want_ld OR NOT n EQUAL want_n)
      message(FATAL_ERROR "${step}: the window shows '${ld}' x ${n}; tmem-reg-layout says ${want_ld} x ${want_n}; meta ${meta}")
    endif()
  endforeach()
  message(STATUS "a register layout beside a TMEM layout shows its tcgen05 message (${want_ld}), or that none has it")
else()
  message(FATAL_ERROR "unknown MODE '${MODE}'")
endif()
