# Drives the layoutscope binary for the GUI tests:
#   MODE=preset: xvfb-run it for a 1024x700 screenshot of LAYOUT with the grid
#                geometry, then check_shot compares the cells with core's colours;
#   MODE=bad_layout: bad layout text must exit 2 with one line on stderr and
#                    write no PNG.
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
else()
  message(FATAL_ERROR "unknown MODE '${MODE}'")
endif()
