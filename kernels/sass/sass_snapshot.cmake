# Copies the build's listings (BUILD/<arch>/*.sass) into the committed
# snapshot (SNAPSHOT/<arch>/), replacing what was there. Each listing's first
# line names the SHA-256 of the cubin it came from; scanviz compares it with
# the cubins of the build it runs from and calls the snapshot stale when they
# differ.   cmake -DBUILD=<dir> -DSNAPSHOT=<dir> -DARCHS="sm_75;..." -P sass_snapshot.cmake
cmake_minimum_required(VERSION 3.25)
foreach(arch ${ARCHS})
  file(GLOB listings "${BUILD}/${arch}/*.sass")
  if(NOT listings)
    message(FATAL_ERROR "sass: no listings in ${BUILD}/${arch}: the build has no disassembler "
                        "(run .ci/setup, reconfigure, rebuild), so there is nothing to snapshot")
  endif()
  file(REMOVE_RECURSE "${SNAPSHOT}/${arch}")
  file(MAKE_DIRECTORY "${SNAPSHOT}/${arch}")
  file(COPY ${listings} DESTINATION "${SNAPSHOT}/${arch}")
  list(LENGTH listings n)
  message(STATUS "sass: ${n} listings for ${arch} -> ${SNAPSHOT}/${arch}")
endforeach()
