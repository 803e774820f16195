// A stand-in for scanviz_core.js where this build has no emscripten (tests of publish only).
