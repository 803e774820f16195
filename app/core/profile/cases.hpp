// The fixed, named cases the profiler cross-check runs: one per
// warp and block variant, the uninstrumented kernel of each launched once.
// The launch order is the case order; ncu's rows come back in that order.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "core/trace/run_spec.hpp"

namespace scanviz {

struct ProfileCase {
    std::string name;  // "block_blelloch n=1024 add i32 inclusive"
    RunSpec spec;      // resolved (threads and items filled in)
};

// Element count of the block cases: every block variant accepts it, and it is
// large enough that the kernel is many warps wide.
inline constexpr int kProfileBlockN = 1024;

// The cases of the given variants, in registry order (all warp and block
// variants with a kernel when `variants` is empty). Throws
// std::invalid_argument naming an unknown variant or a whole-array one (their
// kernels launch more than once and have no single-block trace to compare).
std::vector<ProfileCase> profile_cases(std::span<const std::string> variants);

// The CUDA kernel name of a variant's kernel ("block_blelloch_kernel"): how a
// row of ncu's output is matched to its case.
std::string kernel_name_of(std::string_view variant);

}  // namespace scanviz
