// PTX wrappers only the slower experiments use (the lagged and the pipelined kernel):
// 16-byte loads with an L2 hint into registers, the evict-last policy, cp.async's
// wait for every group (commit is memory.cuh's), 16 bytes unpacked into W values. The tile kernel's own
// are in kernels/device/lookback/memory.cuh.
#pragma once

#include <cstdint>

#include "kernels/device/lookback/memory.cuh"

namespace scanviz::kern {

template <class T, int W>
__device__ __forceinline__ void lb_unpack16(const uint4& u, T (&x)[W]) {
    LbVec16<T, W> v;
    v.u = u;
#pragma unroll
    for (int j = 0; j < W; ++j) x[j] = v.t[j];
}

__device__ __forceinline__ uint64_t lb_policy_evict_last() { return lb_policy_evict<true>(); }
template <bool kHint>
__device__ __forceinline__ uint4 lb_ld16(const void* g, uint64_t policy) {
    uint4 v;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    if constexpr (kHint)
        asm volatile("ld.global.nc.L1::no_allocate.L2::cache_hint.v4.u32 {%0, %1, %2, %3}, [%4], %5;"
                     : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                     : "l"(g), "l"(policy));
    else
        asm volatile("ld.global.nc.L1::no_allocate.v4.u32 {%0, %1, %2, %3}, [%4];"
                     : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                     : "l"(g));
#else
    (void)policy;
    v = __ldg(static_cast<const uint4*>(g));
#endif
    return v;
}

}  // namespace scanviz::kern
