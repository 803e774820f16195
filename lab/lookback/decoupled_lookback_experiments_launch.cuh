// Host side of the slower whole-array experiments (kernels/bench/NOTES.md, versions 5
// and 7): the launchers of the pipelined and the lagged kernel, on the tile kernel's
// status-word workspace (kernels/device/decoupled_lookback_launch.cuh). The bench
// candidates (kernels/bench/bench_candidates.cu) time both; gpu::lookback_scan runs the
// lagged one (gpu::LookbackKernel::Lagged, kernels/device/decoupled_lookback.cu).
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <stdexcept>

#include "decoupled_lookback_lagged.cuh"
#include "decoupled_lookback_pipelined.cuh"
#include "kernels/cuda_check.hpp"
#include "kernels/device/decoupled_lookback_launch.cuh"

namespace scanviz::kern {

namespace {  // internal linkage: see lookback_pipelined_kernel

// The pipelined whole-array kernel (decoupled_lookback_pipelined.cuh): a grid of as
// many blocks as are resident at once (never more than the tiles), each with the
// policy's stages in dynamic shared memory. Both pointers must be 16-byte aligned.
template <class Policy, class ScanOp, class Probe = LookbackNoProbe>
void launch_lookback_pipelined(const typename ScanOp::value_type* d_in, typename ScanOp::value_type* d_out,
                               size_t n, bool exclusive, LookbackWorkspace& ws, cudaStream_t stream,
                               typename Probe::Buffer probe_buffer = {}) {
    using T = typename ScanOp::value_type;
    if (n == 0) return;
    if ((reinterpret_cast<uintptr_t>(d_in) | reinterpret_cast<uintptr_t>(d_out)) % 16 != 0)
        throw std::invalid_argument("decoupled look-back: input and output must be 16-byte aligned");
    const size_t tiles = (n + Policy::template kTileItems<T> - 1) / Policy::template kTileItems<T>;
    if (tiles > 0x7fffffffu) throw std::invalid_argument("decoupled look-back: too many tiles");
    auto kernel = lookback_pipelined_kernel<Policy, ScanOp, Probe>;
    // Once per instantiation: the stages' shared memory (sm_90; older devices run the
    // kernel's fallback without stages), and the resident blocks of the whole device.
    struct Setup {
        int smem_bytes, resident;
    };
    static const Setup setup = [&] {
        int dev = 0, major = 0, sms = 0, per_sm = 0;
        SCANVIZ_CUDA_CHECK(cudaGetDevice(&dev));
        SCANVIZ_CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev));
        SCANVIZ_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
        const int smem = major >= 9 ? Policy::kSmemBytes : 0;
        SCANVIZ_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
        SCANVIZ_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                                                cudaSharedmemCarveoutMaxShared));
        SCANVIZ_CUDA_CHECK(
            cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, Policy::kThreads, smem));
        if (per_sm < 1) throw std::runtime_error("decoupled look-back: the kernel does not fit on an SM");
        return Setup{smem, per_sm * sms};
    }();
    LookbackParams p{};
    p.status = ws.prepare(tiles, p.epoch, LbWord<T>::kWordsPerTile);
    p.exclusive = exclusive;
    const unsigned grid =
        static_cast<unsigned>(tiles < static_cast<size_t>(setup.resident) ? tiles : setup.resident);
    kernel<<<grid, Policy::kThreads, setup.smem_bytes, stream>>>(d_in, d_out, n, p, probe_buffer);
    SCANVIZ_CUDA_CHECK(cudaGetLastError());
}

// The lagged whole-array kernel (decoupled_lookback_lagged.cuh): T + D blocks for T
// tiles, with the lag D = lag_per_resident x (blocks resident on the device at once),
// at least 1 and at most T. Both pointers must be 16-byte aligned.
template <class Policy, class ScanOp>
void launch_lookback_lagged(const typename ScanOp::value_type* d_in, typename ScanOp::value_type* d_out,
                            size_t n, bool exclusive, LookbackWorkspace& ws, cudaStream_t stream,
                            double lag_per_resident = 1.0) {
    using T = typename ScanOp::value_type;
    if (n == 0) return;
    if ((reinterpret_cast<uintptr_t>(d_in) | reinterpret_cast<uintptr_t>(d_out)) % 16 != 0)
        throw std::invalid_argument("decoupled look-back: input and output must be 16-byte aligned");
    const size_t tiles = (n + Policy::template kTileItems<T> - 1) / Policy::template kTileItems<T>;
    if (tiles > 0x3fffffffu) throw std::invalid_argument("decoupled look-back: too many tiles");
    auto kernel = lookback_lagged_kernel<Policy, ScanOp>;
    static const int resident = [&] {
        int dev = 0, sms = 0, per_sm = 0;
        SCANVIZ_CUDA_CHECK(cudaGetDevice(&dev));
        SCANVIZ_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
        SCANVIZ_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                                                cudaSharedmemCarveoutMaxShared));
        SCANVIZ_CUDA_CHECK(
            cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, Policy::kThreads, 0));
        if (per_sm < 1) throw std::runtime_error("decoupled look-back: the kernel does not fit on an SM");
        return per_sm * sms;
    }();
    double lag = lag_per_resident * resident;
    if (lag < 1) lag = 1;
    if (lag > static_cast<double>(tiles)) lag = static_cast<double>(tiles);
    LaggedParams p{};
    p.status = ws.prepare(tiles, p.epoch, LbWord<T>::kWordsPerTile);
    p.exclusive = exclusive;
    p.tiles = static_cast<uint32_t>(tiles);
    p.lag = static_cast<uint32_t>(lag);
    kernel<<<p.tiles + p.lag, Policy::kThreads, 0, stream>>>(d_in, d_out, n, p);
    SCANVIZ_CUDA_CHECK(cudaGetLastError());
}

// Resident blocks per SM of the pipelined kernel (what its grid is made of).
template <class Policy, class ScanOp, class Probe = LookbackNoProbe>
int lookback_pipelined_blocks_per_sm() {
    int dev = 0, major = 0, per_sm = 0;
    SCANVIZ_CUDA_CHECK(cudaGetDevice(&dev));
    SCANVIZ_CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev));
    const int smem = major >= 9 ? Policy::kSmemBytes : 0;
    auto kernel = lookback_pipelined_kernel<Policy, ScanOp, Probe>;
    SCANVIZ_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    SCANVIZ_CUDA_CHECK(
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, Policy::kThreads, smem));
    return per_sm;
}

}  // namespace

}  // namespace scanviz::kern
