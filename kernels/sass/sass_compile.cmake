# Compiles one isolation kernel source to a cubin for one architecture and
# disassembles it (run by the build through `cmake -P`, see CMakeLists.txt).
#
#   -DROOT=<project source dir>   -DSOURCE=kernels/<family>/<id>/iso.cu (relative to ROOT)
#   -DARCH=sm_90                  -DOUT=<dir>/<arch>/iso_x (no extension)
#   -DNVCC=... -DPTXAS=...        -DNVDISASM=<path or empty>
#   -DMIRROR=<dir>                optional: a copy of kernels/*.cuh searched first
#                                 (the probe-free copy, see sass_strip_probes.cmake)
#
# Writes OUT.sha256 (the cubin's SHA-256) always, OUT.sass (the listing with a
# header naming the cubin's hash) where a disassembler exists, and OUT.d (the
# headers the source includes, absolute paths, for the build's DEPFILE).
#
# The cubin must not depend on where the tree is checked out, or a committed
# snapshot could never match a fresh clone. nvcc writes absolute source paths
# into the line table and hashes the source path into the names of internal
# functions, so this does what `nvcc -cubin` does in two steps: nvcc -ptx with
# the relative source path as the original path, the project prefix removed
# from the PTX's `.file` lines, then ptxas with the options nvcc passes it.
cmake_minimum_required(VERSION 3.25)

foreach(v ROOT SOURCE ARCH OUT NVCC PTXAS)
  if(NOT DEFINED ${v} OR "${${v}}" STREQUAL "")
    message(FATAL_ERROR "sass_compile.cmake: ${v} is not set")
  endif()
endforeach()

get_filename_component(out_dir "${OUT}" DIRECTORY)
file(MAKE_DIRECTORY "${out_dir}")

set(flags)
if(DEFINED MIRROR AND NOT "${MIRROR}" STREQUAL "")
  # The probe-free copy leaves variables that only fed probe calls unused.
  list(APPEND flags "-I${MIRROR}" -diag-suppress=177)
endif()
list(APPEND flags "-I${ROOT}" "-I${ROOT}/app")

execute_process(
  COMMAND "${NVCC}" -ptx -arch=${ARCH} -lineinfo -std=c++20 --expt-relaxed-constexpr ${flags}
          -Xcicc --orig_src_path_name -Xcicc "${SOURCE}" -MD -MF "${OUT}.d" -MT "${OUT}.sha256"
          -o "${OUT}.ptx" "${ROOT}/${SOURCE}"
  WORKING_DIRECTORY "${ROOT}"
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "sass: nvcc -ptx failed for ${SOURCE} (${ARCH})")
endif()

file(READ "${OUT}.ptx" ptx)
set(prefixes "${ROOT}")
if(DEFINED MIRROR AND NOT "${MIRROR}" STREQUAL "")
  list(APPEND prefixes "${MIRROR}")
endif()
foreach(p ${prefixes})
  string(REPLACE "\"${p}/./" "\"" ptx "${ptx}")
  string(REPLACE "\"${p}/" "\"" ptx "${ptx}")
endforeach()
file(WRITE "${OUT}.ptx" "${ptx}")

execute_process(
  COMMAND "${PTXAS}" -arch=${ARCH} -m64 --generate-line-info "${OUT}.ptx" -o "${OUT}.cubin"
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "sass: ptxas failed for ${SOURCE} (${ARCH})")
endif()

file(SHA256 "${OUT}.cubin" hash)

if(DEFINED NVDISASM AND NOT "${NVDISASM}" STREQUAL "" AND NOT NVDISASM MATCHES "NOTFOUND$")
  # -gi: line information with the inline chain of each instruction (the scan
  # routines are inlined into the isolation kernel; the chain says which of the
  # routine's lines an instruction came from). -c: code sections only.
  # -g: the innermost source line of each instruction. -gi omits the marker
  # where the location falls back to an outer frame of the chain before it
  # (seen with nvdisasm 13.5), so the listing holds both and the parser takes
  # the line from -g and the chain from -gi where they agree.
  execute_process(COMMAND "${NVDISASM}" -gi -c "${OUT}.cubin"
                  OUTPUT_VARIABLE listing RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "sass: nvdisasm -gi failed on ${OUT}.cubin: ${err}")
  endif()
  execute_process(COMMAND "${NVDISASM}" -g -c "${OUT}.cubin"
                  OUTPUT_VARIABLE lines RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "sass: nvdisasm -g failed on ${OUT}.cubin: ${err}")
  endif()
  execute_process(COMMAND "${NVDISASM}" --version OUTPUT_VARIABLE version)
  string(REGEX MATCH "release [0-9.]+, V[0-9.]+" version "${version}")
  file(WRITE "${OUT}.sass.tmp"
    "// scanviz-sass arch=${ARCH} source=${SOURCE} cubin-sha256=${hash} disassembler=nvdisasm ${version}\n"
    "// scanviz-sass section=inline (nvdisasm -gi -c)\n"
    "${listing}"
    "// scanviz-sass section=lines (nvdisasm -g -c)\n"
    "${lines}")
  file(RENAME "${OUT}.sass.tmp" "${OUT}.sass")
else()
  file(REMOVE "${OUT}.sass")
endif()
# Written last: the build's stamp of a finished compile.
file(WRITE "${OUT}.sha256" "${hash}\n")
