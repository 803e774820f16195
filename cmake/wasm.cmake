# The WebAssembly module of the published site, built by the native build: a second
# configuration of the same sources (app/core + app/wasm), made with Debian's emscripten
# (`emscripten` package; bash .ci/setup --tests installs it) in <build>/wasm.
# SCANVIZ_WASM: ON (emscripten required), OFF, or AUTO (built when emcmake is found).
# `scanviz publish` reads the result from SCANVIZ_WASM_JS (or $SCANVIZ_WASM_JS).
set(SCANVIZ_WASM "AUTO" CACHE STRING "Build the WebAssembly module for scanviz publish: ON, OFF or AUTO")
set(SCANVIZ_WASM_JS "${CMAKE_BINARY_DIR}/wasm/app/wasm/scanviz_core.js")
set(SCANVIZ_HAVE_WASM OFF)
if(NOT SCANVIZ_WASM STREQUAL "OFF")
  find_program(SCANVIZ_EMCMAKE emcmake)
  if(SCANVIZ_EMCMAKE)
    set(SCANVIZ_HAVE_WASM ON)
  elseif(SCANVIZ_WASM STREQUAL "ON")
    message(FATAL_ERROR "SCANVIZ_WASM=ON but emcmake was not found (apt-get install emscripten)")
  else()
    message(STATUS "scanviz: no emscripten; scanviz publish will need a WebAssembly module from elsewhere")
  endif()
endif()

if(SCANVIZ_HAVE_WASM)
  include(ExternalProject)
  # Debian's em++ (3.1.6) finds its acorn only through NODE_PATH; its prebuilt system
  # libraries live in the package's frozen cache, so nothing is built or fetched there.
  set(wasm_env ${CMAKE_COMMAND} -E env NODE_PATH=/usr/share/nodejs)
  ExternalProject_Add(scanviz_wasm
    SOURCE_DIR ${PROJECT_SOURCE_DIR}
    BINARY_DIR ${CMAKE_BINARY_DIR}/wasm
    CONFIGURE_COMMAND ${wasm_env} ${SCANVIZ_EMCMAKE} ${CMAKE_COMMAND} -S <SOURCE_DIR> -B <BINARY_DIR>
                      -G ${CMAKE_GENERATOR} -DCMAKE_BUILD_TYPE=Release
    BUILD_COMMAND ${wasm_env} ${CMAKE_COMMAND} --build <BINARY_DIR>
    INSTALL_COMMAND ""
    BUILD_ALWAYS ON
    BUILD_BYPRODUCTS ${SCANVIZ_WASM_JS})
endif()
