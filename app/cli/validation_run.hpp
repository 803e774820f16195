// Runs the validation matrix on the GPU (used by `scanviz validate` and `scanviz record`).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/trace/validation.hpp"

namespace scanviz::cli {

struct ValidationOptions {
    bool quick = false;                     // default size of each variant only, no large whole-array sizes
    std::vector<std::string> only;          // variant ids to run (empty = all with a kernel)
    std::vector<std::string> skip;          // variant ids to leave out
};

// Every variant with a kernel x op x type x inclusive/exclusive x sizes, with
// fresh random inputs. Calls `progress` after each case. Throws gpu::CudaError
// when there is no device or a CUDA call fails.
ValidationReport run_validation(const ValidationOptions& options,
                                const std::function<void(const ValidationCase&, int done, int total)>& progress);

}  // namespace scanviz::cli
