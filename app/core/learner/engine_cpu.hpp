// The CPU engine: a learner's kernel compiled by the host C++ compiler against the CPU
// backend (assets/kernels/scanviz_cpu.hpp: each CUDA thread a fiber, one block) and run as a
// child process with a time limit (child.hpp). Executables are cached by the hash of
// everything that goes into them, so the checks' many runs compile once.
// POSIX only: the WebAssembly build leaves this file out.
#pragma once

#include <string>

#include "core/learner/engine.hpp"

namespace scanviz {

struct CpuEngineOptions {
    std::string compiler;     // empty: host_compiler()
    std::string include_dir;  // empty: the folder of the shipped scanviz.cuh
    std::string cache_dir;    // empty: <temp>/scanviz-kernels-<uid>
    double compile_timeout_s = 120;
};

// The host C++ compiler: the one that built scanviz (CMAKE_CXX_COMPILER, baked in) when it
// can be run, else c++, g++ or clang++ on PATH; "" when there is none.
std::string host_compiler();

// The flags every kernel is compiled with (besides -I and -o). -O0: the kernel's own code is
// small and its run is the scheduler's, which the backend object has optimized (kBackendOptimize);
// a kernel compiles about a quarter faster, and runs as the learner wrote it.
inline constexpr const char* kCpuEngineFlags[] = {"-std=c++17", "-O0", "-x", "c++", "-DSCANVIZ_CPU"};
// The backend object (the driver and the scheduler, compiled once): optimized.
inline constexpr const char* kBackendOptimize = "-O1";

LearnerEngine cpu_engine(CpuEngineOptions options = {});

// The first error of the compiler's output, as "FILE:LINE: message" on the learner's file
// (`file` as the person named it; `compiled` the path the compiler saw), or "" when there is
// none. `kernel_line` is where the kernel is declared, named when the signature is wrong.
std::string first_compile_error(const std::string& compiler_output, const std::string& compiled,
                                const std::string& file, int kernel_line);

}  // namespace scanviz
