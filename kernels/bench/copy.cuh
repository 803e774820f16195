// The benchmark's `copy` row: a grid-stride copy kernel of our own, so that every table
// shows how far the scan is from moving its bytes on that card with a plain kernel, not
// only from cudaMemcpy (whose copy engine path and kernel choice are the driver's).
//
// Each thread moves 16-byte vectors (uint4), kCopyUnroll of them in flight before the
// first store, the grid striding over the array; one full wave of blocks (the occupancy
// calculator's blocks per SM times the SMs). Bytes past the last whole vector (n *
// sizeof(T) not a multiple of 16) go one by one in block 0. cudaMalloc's 256-byte
// alignment makes the vector loads aligned.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "kernels/cuda_check.hpp"

namespace scanviz::bench {

inline constexpr int kCopyThreads = 256;
inline constexpr int kCopyUnroll = 4;

__global__ void __launch_bounds__(kCopyThreads)
    copy_vec16_kernel(const uint4* __restrict__ in, uint4* __restrict__ out, size_t vecs,
                      const unsigned char* __restrict__ tail_in, unsigned char* __restrict__ tail_out,
                      size_t tail) {
    const size_t stride = static_cast<size_t>(gridDim.x) * blockDim.x;
    size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
    for (; i + (kCopyUnroll - 1) * stride < vecs; i += kCopyUnroll * stride) {
        uint4 v[kCopyUnroll];
#pragma unroll
        for (int u = 0; u < kCopyUnroll; ++u) v[u] = in[i + u * stride];
#pragma unroll
        for (int u = 0; u < kCopyUnroll; ++u) out[i + u * stride] = v[u];
    }
    for (; i < vecs; i += stride) out[i] = in[i];
    if (blockIdx.x == 0)
        for (size_t b = threadIdx.x; b < tail; b += blockDim.x) tail_out[b] = tail_in[b];
}

// Copies `bytes` from in to out on `stream`; asynchronous. The grid is computed once.
inline void launch_copy(const void* in, void* out, size_t bytes, cudaStream_t stream) {
    static const unsigned grid = [] {
        int dev = 0, sms = 0, per_sm = 0;
        SCANVIZ_CUDA_CHECK(cudaGetDevice(&dev));
        SCANVIZ_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
        SCANVIZ_CUDA_CHECK(
            cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, copy_vec16_kernel, kCopyThreads, 0));
        return static_cast<unsigned>(sms * (per_sm > 0 ? per_sm : 1));
    }();
    const size_t vecs = bytes / 16, tail = bytes % 16;
    const auto* cin = static_cast<const unsigned char*>(in);
    auto* cout = static_cast<unsigned char*>(out);
    copy_vec16_kernel<<<grid, kCopyThreads, 0, stream>>>(static_cast<const uint4*>(in), static_cast<uint4*>(out),
                                                          vecs, cin + vecs * 16, cout + vecs * 16, tail);
    SCANVIZ_CUDA_CHECK(cudaGetLastError());
}

}  // namespace scanviz::bench
