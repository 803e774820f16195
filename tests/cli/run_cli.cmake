# Runs the scanviz binary once (or twice) and checks what it did. Used by
# tests/cli/CMakeLists.txt through `cmake -P`; arguments come as -D variables:
#   EXE     the scanviz binary
#   ARGS    its arguments, separated by '|'
#   MODE    golden:    exit 0 and stdout equal to the file GOLDEN (a diff is printed when not);
#                      with the environment variable SCANVIZ_UPDATE_GOLDEN=1 it rewrites GOLDEN instead
#           roundtrip: run ARGS with `--format json -o TMP`, then `trace --from TMP`, compare with GOLDEN
#           fail:      exit code EXPECT_RC (or any non-zero when unset), and stderr exactly one line
#                      that starts with "scanviz: " and matches EXPECT_REGEX
#           output:    exit 0 and stdout matching EXPECT_REGEX
#           checks:    exit code EXPECT_RC, stdout matching EXPECT_REGEX (a failing kernel's list of
#                      checks, `scanviz kernel`), and stderr one line starting "scanviz: "
#           gpu_or_reason: exit 0, or exit 1 with one line matching EXPECT_REGEX (no GPU here)
#   UNSET_DISPLAY  when set, runs with DISPLAY and WAYLAND_DISPLAY unset
cmake_minimum_required(VERSION 3.25)

string(REPLACE "|" ";" argv "${ARGS}")
if(UNSET_DISPLAY)
  unset(ENV{DISPLAY})
  unset(ENV{WAYLAND_DISPLAY})
endif()

function(run_scanviz out_var err_var rc_var)
  execute_process(COMMAND ${EXE} ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc
                  TIMEOUT 120)
  set(${out_var} "${out}" PARENT_SCOPE)
  set(${err_var} "${err}" PARENT_SCOPE)
  set(${rc_var} "${rc}" PARENT_SCOPE)
endfunction()

function(compare_with_golden actual)
  if("$ENV{SCANVIZ_UPDATE_GOLDEN}" STREQUAL "1")
    file(WRITE "${GOLDEN}" "${actual}")
    message(STATUS "rewrote ${GOLDEN}")
    return()
  endif()
  if(NOT EXISTS "${GOLDEN}")
    message(FATAL_ERROR "golden file ${GOLDEN} is missing (SCANVIZ_UPDATE_GOLDEN=1 ctest -R cli writes it)")
  endif()
  file(READ "${GOLDEN}" expected)
  if(NOT actual STREQUAL expected)
    get_filename_component(name "${GOLDEN}" NAME)
    set(actual_file "${CMAKE_CURRENT_BINARY_DIR}/${name}.actual")
    file(WRITE "${actual_file}" "${actual}")
    # The diff goes straight to the test's output (message() would reflow its whitespace).
    execute_process(COMMAND diff -u "${GOLDEN}" "${actual_file}")
    message(FATAL_ERROR "output differs from ${GOLDEN} (diff above; actual output in ${actual_file}). "
                        "If the change is deliberate: SCANVIZ_UPDATE_GOLDEN=1 ctest -R cli_golden")
  endif()
endfunction()

# A failure is one line on stderr that starts with "scanviz: ".
function(expect_one_error_line err)
  string(REGEX MATCHALL "\n" newlines "${err}")
  list(LENGTH newlines lines)
  if(NOT lines EQUAL 1 OR NOT err MATCHES "^scanviz: ")
    message(FATAL_ERROR "scanviz ${argv}: expected one line 'scanviz: ...' on stderr, got:\n${err}")
  endif()
endfunction()

if(MODE STREQUAL "golden")
  run_scanviz(out err rc ${argv})
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "scanviz ${argv} exited with ${rc}: ${err}")
  endif()
  compare_with_golden("${out}")

elseif(MODE STREQUAL "roundtrip")
  set(tmp "${CMAKE_CURRENT_BINARY_DIR}/roundtrip_${TEST_NAME}.json")
  run_scanviz(out err rc ${argv} --format json -o "${tmp}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "scanviz ${argv} --format json exited with ${rc}: ${err}")
  endif()
  run_scanviz(out err rc trace --from "${tmp}" --format text)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "scanviz trace --from ${tmp} exited with ${rc}: ${err}")
  endif()
  file(REMOVE "${tmp}")
  compare_with_golden("${out}")

elseif(MODE STREQUAL "fail")
  run_scanviz(out err rc ${argv})
  if(DEFINED EXPECT_RC)
    if(NOT rc EQUAL EXPECT_RC)
      message(FATAL_ERROR "scanviz ${argv}: expected exit ${EXPECT_RC}, got ${rc} (stderr: ${err})")
    endif()
  elseif(rc EQUAL 0)
    message(FATAL_ERROR "scanviz ${argv}: expected a non-zero exit, got 0")
  endif()
  expect_one_error_line("${err}")
  if(NOT err MATCHES "${EXPECT_REGEX}")
    message(FATAL_ERROR "scanviz ${argv}: stderr does not match '${EXPECT_REGEX}': ${err}")
  endif()
  message(STATUS "exit ${rc}: ${err}")

elseif(MODE STREQUAL "checks")
  run_scanviz(out err rc ${argv})
  if(NOT rc EQUAL EXPECT_RC)
    message(FATAL_ERROR "scanviz ${argv}: expected exit ${EXPECT_RC}, got ${rc} (stderr: ${err})")
  endif()
  expect_one_error_line("${err}")
  if(NOT out MATCHES "${EXPECT_REGEX}")
    message(FATAL_ERROR "scanviz ${argv}: stdout does not match '${EXPECT_REGEX}':\n${out}")
  endif()

elseif(MODE STREQUAL "output")
  run_scanviz(out err rc ${argv})
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "scanviz ${argv} exited with ${rc}: ${err}")
  endif()
  if(NOT out MATCHES "${EXPECT_REGEX}")
    message(FATAL_ERROR "scanviz ${argv}: stdout does not match '${EXPECT_REGEX}':\n${out}")
  endif()

elseif(MODE STREQUAL "gpu_or_reason")
  run_scanviz(out err rc ${argv})
  if(rc EQUAL 0)
    message(STATUS "a GPU was there: the trace came from it")
  elseif(rc EQUAL 1 AND err MATCHES "^scanviz: [^\n]*\n$" AND err MATCHES "${EXPECT_REGEX}")
    message(STATUS "no GPU: ${err}")
  else()
    message(FATAL_ERROR "scanviz ${argv}: expected exit 0, or 1 with one line matching '${EXPECT_REGEX}'; "
                        "got ${rc}: ${err}")
  endif()

else()
  message(FATAL_ERROR "run_cli.cmake: unknown MODE '${MODE}'")
endif()
