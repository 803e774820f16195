// The SASS of a learner's kernel: NVRTC compiles the file as plain CUDA (scanviz.cuh's plain
// backend: the code the learner would ship, no tracing) for one architecture, nvdisasm lists
// the cubin, and core's SASS parser counts its instructions by class, as it counts the
// built-in variants' isolation kernels. Needs NVRTC and nvdisasm, not a GPU.
#pragma once

#include <string>

#include "core/sass/table.hpp"

namespace scanviz::learner {

struct LearnerSass {
    std::string error;   // one line when it could not be made ("NVRTC not found ...", "scan.cu:3: error: ...")
    sass::Row row;       // variant "yours", the kernel's whole-function counts (region = whole)
    std::string listing; // nvdisasm's text, with the scanviz-sass header
};

// `file` names the file in messages; `kernel` is the __global__ function; arch "sm_90".
LearnerSass learner_sass(const std::string& source, const std::string& file, const std::string& kernel,
                         const std::string& include_dir, const std::string& arch);

// nvdisasm: the one this build found, else on PATH, else in /usr/local/cuda/bin; "" when none.
std::string find_nvdisasm();

}  // namespace scanviz::learner
