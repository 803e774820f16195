// Every CUDA call goes through SCANVIZ_CUDA_CHECK: a failure throws
// gpu::CudaError naming the call, the file and the line (no exit()).
#pragma once

#include <cuda_runtime.h>

#include <string>

#include "gpu.hpp"

namespace scanviz::gpu {

[[noreturn]] inline void throw_cuda_error(cudaError_t err, const char* call, const char* file, int line) {
    throw CudaError(std::string(call) + " failed at " + file + ":" + std::to_string(line) + ": " +
                    cudaGetErrorName(err) + " (" + cudaGetErrorString(err) + ")");
}

}  // namespace scanviz::gpu

#define SCANVIZ_CUDA_CHECK(call)                                                         \
    do {                                                                                 \
        cudaError_t scanviz_err_ = (call);                                               \
        if (scanviz_err_ != cudaSuccess)                                                 \
            ::scanviz::gpu::throw_cuda_error(scanviz_err_, #call, __FILE__, __LINE__);   \
    } while (0)

// After a launch: the launch error, then (synchronously) the execution error.
#define SCANVIZ_CUDA_CHECK_LAUNCH()                      \
    do {                                                 \
        SCANVIZ_CUDA_CHECK(cudaGetLastError());          \
        SCANVIZ_CUDA_CHECK(cudaDeviceSynchronize());     \
    } while (0)
