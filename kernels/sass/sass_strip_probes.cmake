# Writes a copy of every kernels/**/*.cuh and phases.hpp under MIRROR with each probe call
# (`probe.name(...)`) replaced by `((void)0)`: the device code as it would read
# with no probe calls at all. The isolation kernels compiled against this copy
# are compared with the ones compiled against the real headers (NoProbe) by
# tests/test_sass_probe_free.cpp: the probe-free SASS equality.
#
# A call is matched within one line (up to its `;`), so line numbers are kept.
# A probe call this cannot strip (one split over lines) stops the build rather
# than leaving a probe call in the "probe-free" copy.
#   cmake -DROOT=<source dir> -DMIRROR=<dir> -DSTAMP=<file> -P sass_strip_probes.cmake
cmake_minimum_required(VERSION 3.25)
foreach(v ROOT MIRROR STAMP)
  if(NOT DEFINED ${v} OR "${${v}}" STREQUAL "")
    message(FATAL_ERROR "sass_strip_probes.cmake: ${v} is not set")
  endif()
endforeach()

file(GLOB_RECURSE headers RELATIVE "${ROOT}" "${ROOT}/kernels/*.cuh" "${ROOT}/kernels/phases.hpp")
# Headers gone from the tree go from the copy too.
file(GLOB_RECURSE old_copies RELATIVE "${MIRROR}" "${MIRROR}/kernels/*.cuh" "${MIRROR}/kernels/phases.hpp")
foreach(h ${old_copies})
  if(NOT h IN_LIST headers)
    file(REMOVE "${MIRROR}/${h}")
  endif()
endforeach()
set(stripped_files)
foreach(h ${headers})
  if(h MATCHES "^kernels/sass/")
    continue()
  endif()
  file(READ "${ROOT}/${h}" text)
  string(REGEX REPLACE "probe\\.[A-Za-z_]+(<[^>;\n]*>)?\\([^;\n]*\\)" "((void)0)" out "${text}")
  # Whatever still reads `probe.x(` outside a // comment is a call left behind.
  string(REGEX REPLACE "//[^\n]*" "" code "${out}")
  if(code MATCHES "probe\\.[A-Za-z_]+[ \t]*[(<]")
    message(FATAL_ERROR "sass: ${h} has a probe call this script cannot strip (split over lines?)")
  endif()
  if(NOT out STREQUAL text)
    list(APPEND stripped_files "${h}")
  endif()
  # Rewritten only when it changed, so the depfiles rebuild only what uses it.
  set(previous "")
  if(EXISTS "${MIRROR}/${h}")
    file(READ "${MIRROR}/${h}" previous)
  endif()
  if(NOT previous STREQUAL out)
    file(WRITE "${MIRROR}/${h}" "${out}")
  endif()
endforeach()
string(REPLACE ";" "\n" listed "${stripped_files}")
set(previous "")
if(EXISTS "${STAMP}")
  file(READ "${STAMP}" previous)
endif()
if(NOT previous STREQUAL "${listed}\n")
  file(WRITE "${STAMP}" "${listed}\n")
endif()
