// A learner's kernel file compiled by NVRTC into a cubin for one architecture: on a
// machine with a GPU for the GPU engine, and without one wherever NVRTC is present (the
// SASS counts need only the cubin). No GPU, driver or CUDA header is needed to call it.
#pragma once

#include <string>
#include <vector>

namespace scanviz::learner {

struct NvrtcInput {
    std::string source;        // the learner's file, as saved
    std::string file_name;     // shown in messages: "scan.cu"
    std::string include_dir;   // where scanviz.cuh and its backends are (assets/kernels)
    std::string arch = "sm_90";
    std::string kernel;        // the __global__ function's name
    std::vector<std::string> defines;  // "SCANVIZ_GPU_TRACE", "SCANVIZ_N=64"
};

struct NvrtcOutput {
    bool ok = false;
    std::vector<char> cubin;
    std::string lowered_name;  // the kernel's mangled name, for cuModuleGetFunction
    std::string log;           // NVRTC's log, lines mapped to "FILE:LINE: ..."
    // The first error as one line: "scan.cu:12: error: identifier \"d\" is undefined";
    // or why NVRTC could not run ("NVRTC not found ...").
    std::string error;
    int error_line = 0;        // its line in the learner's file (0: none)
    double seconds = 0.0;      // compile time
};

NvrtcOutput compile_with_nvrtc(const NvrtcInput& in);

// NVRTC's "name.cu(12): error: ..." lines as "name.cu:12: error: ...", the form
// compilers and editors use; other lines unchanged.
std::string map_nvrtc_log(const std::string& log);

}  // namespace scanviz::learner
