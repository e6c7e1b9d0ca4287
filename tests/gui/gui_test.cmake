# Drives the layoutscope binary for the GUI tests:
#   MODE=preset: xvfb-run it for a 1024x700 screenshot of LAYOUT with the grid
#                geometry, then check_shot compares the cells with core's colours;
#   MODE=bad_layout: bad layout text must exit 2 with one line on stderr and
#                    write no PNG;
#   MODE=triton: the {"triton": V} action (the Triton menu) shows in the
#                screenshot's meta file, the designer runs with it, and a bad
#                version is refused naming the line.
file(REMOVE ${OUT})
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
  file(WRITE ${OUT}.jsonl "{\"preset\": \"gluon-blocked-64x16\"}\n{\"prest\": \"x\"}\n")
  execute_process(COMMAND ${APP} --actions ${OUT}.jsonl RESULT_VARIABLE rc ERROR_VARIABLE err TIMEOUT 60)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "line 2: names no known action; did you mean 'preset'")
    message(FATAL_ERROR "expected exit 2 naming line 2; got '${rc}', stderr: ${err}")
  endif()
  file(WRITE ${OUT}.jsonl "{\"zoom\": \"big\"}\n")
  execute_process(COMMAND ${APP} --actions ${OUT}.jsonl RESULT_VARIABLE rc ERROR_VARIABLE err TIMEOUT 60)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "line 1: \"zoom\" takes a factor")
    message(FATAL_ERROR "expected exit 2 naming line 1; got '${rc}', stderr: ${err}")
  endif()
  execute_process(COMMAND ${APP} --session ${OUT}.dir RESULT_VARIABLE rc ERROR_VARIABLE err TIMEOUT 60)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "--session needs --actions")
    message(FATAL_ERROR "expected exit 2 for --session without --actions; got '${rc}', stderr: ${err}")
  endif()
  message(STATUS "bad action files rejected")
elseif(MODE STREQUAL "triton")
  foreach(v 3.6 3.9)
    file(REMOVE ${OUT}.png ${OUT}.json)
    set(rows "tensor<128x128xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>")
    set(cols "tensor<128x128xf16, #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}>>")
    file(WRITE ${OUT}.jsonl "{\"layout\": \"${rows}\"}\n{\"triton\": \"${v}\"}\n{\"view\": \"compare\"}\n"
                            "{\"compare\": \"${cols}\"}\n{\"design_swizzle\": true}\n{\"swizzle_pick\": 1}\n")
    execute_process(COMMAND ${XVFB_RUN} -a ${APP} --actions ${OUT}.jsonl --screenshot ${OUT}.png --screenshot-meta ${OUT}.json
                            --size 1024x700
                    RESULT_VARIABLE rc ERROR_VARIABLE err TIMEOUT 300)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "layoutscope --actions exited with '${rc}': ${err}")
    endif()
    file(READ ${OUT}.json meta)
    string(JSON shown GET "${meta}" triton)
    string(JSON nerr LENGTH "${meta}" errors)
    if(NOT shown STREQUAL "${v}" OR NOT nerr EQUAL 0)
      message(FATAL_ERROR "after {\"triton\": \"${v}\"} the meta file says triton '${shown}' with ${nerr} UI errors: ${meta}")
    endif()
  endforeach()
  file(WRITE ${OUT}.jsonl "{\"triton\": \"3.7\"}\n")
  execute_process(COMMAND ${APP} --actions ${OUT}.jsonl RESULT_VARIABLE rc ERROR_VARIABLE err TIMEOUT 60)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "line 1: \"triton\" takes \"3.6\" or \"3.9\"")
    message(FATAL_ERROR "expected exit 2 naming line 1; got '${rc}', stderr: ${err}")
  endif()
  message(STATUS "the Triton selector: 3.6 and 3.9 shown in the meta file, 3.7 refused")
else()
  message(FATAL_ERROR "unknown MODE '${MODE}'")
endif()
