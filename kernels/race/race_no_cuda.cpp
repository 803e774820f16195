// kernels/race/race.hpp for a build without the CUDA toolkit: nothing to measure.
#include "kernels/gpu.hpp"
#include "race.hpp"

namespace scanviz::gpu {

RaceRow measure_race(const RaceCase&, const RaceRunConfig&) {
    throw CudaError("this scanviz was built without CUDA: no race measurement");
}

int race_kernel_barriers(const std::string&) {
    throw CudaError("this scanviz was built without CUDA: no race kernels");
}

std::string driver_description() { return ""; }

}  // namespace scanviz::gpu
