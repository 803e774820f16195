// Race lab on the GPU: a variant with one barrier left out (or one
// buffer instead of two, or after a divergent branch) launched many times
// over many blocks with fresh random inputs; counts the blocks (warps for the
// warp scans) whose result differs from the sequential scan. Plain C++: core
// types only, the CUDA stays in the .cu files beside it.
#pragma once

#include <string>

#include "core/race/table.hpp"

namespace scanviz::gpu {

struct RaceRunConfig {
    int launches = 100;
    int blocks = 0;  // blocks per launch; 0 = the variant's default (1024 block scans, 256 x 8 warps)
    uint64_t seed = 1;
};

// Measures one case. The variant must be in the race lab (core/race/hazards.hpp) and
// the barrier index within its list; throws std::invalid_argument otherwise
// and gpu::CudaError on a CUDA failure. barrier_name is left for the caller.
RaceRow measure_race(const RaceCase& c, const RaceRunConfig& cfg);

// How many barriers the variant's race kernels count (the instantiations
// built); equals core's race_barriers(variant).size() when both agree.
int race_kernel_barriers(const std::string& variant);

// The NVIDIA driver's version ("580.159.04", from /proc/driver/nvidia/version)
// and the CUDA driver API version ("13.0"), as one string.
std::string driver_description();

}  // namespace scanviz::gpu
