// Pieces the block-level scans share: which lanes of a warp exist in a block
// of any width, the block-scoped probe, and tile load/store with the identity
// filling the slots past n (as CUB's callers do for a partial tile).
#pragma once

#include <type_traits>

#include "../probe.cuh"

namespace scanviz::kern {

inline constexpr int kWarpThreads = 32;
// Every block kernel may run 1024 threads: __launch_bounds__ keeps its
// registers within what a block of 1024 can have (64 per thread).
inline constexpr int kMaxBlockThreads = 1024;

// Lanes of warp `warp` that exist in a block of `num_threads` threads: all 32
// except in a last, partial warp. The mask every *_sync call of that warp names.
__device__ __forceinline__ unsigned warp_member_mask(int num_threads, int warp) {
    const int rest = num_threads - warp * kWarpThreads;
    return rest >= kWarpThreads ? 0xffffffffu : ((1u << rest) - 1u);
}

// Block-scoped probe: snapshots meet at __syncthreads(). NoProbe: nothing.
template <class Probe>
__device__ __forceinline__ Probe make_block_probe(const TraceBuffer& buf) {
    if constexpr (Probe::kOn)
        return Probe(buf, static_cast<int>(threadIdx.x), true);
    else
        return Probe{};
}

// Blocked arrangement: thread t holds elements t*ITEMS .. t*ITEMS+ITEMS-1.
// Elements at or past n read as the identity.
template <class ScanOp, int ITEMS, class T>
__device__ __forceinline__ void load_blocked(const T* in, int n, T (&items)[ITEMS]) {
    const int base = static_cast<int>(threadIdx.x) * ITEMS;
#pragma unroll
    for (int i = 0; i < ITEMS; ++i) items[i] = base + i < n ? in[base + i] : ScanOp::identity();
}

template <int ITEMS, class T>
__device__ __forceinline__ void store_blocked(T* out, int n, const T (&items)[ITEMS]) {
    const int base = static_cast<int>(threadIdx.x) * ITEMS;
#pragma unroll
    for (int i = 0; i < ITEMS; ++i)
        if (base + i < n) out[base + i] = items[i];
}

}  // namespace scanviz::kern

namespace scanviz::kern {

// Calls f(std::integral_constant<int, I>{}) for the items per thread the
// CUB-style kernels are built for (app/core/models/block_common.hpp: 1, 2, 4, 8).
template <class F>
decltype(auto) dispatch_items(int items, F&& f) {
    switch (items) {
        case 1:
            return f(std::integral_constant<int, 1>{});
        case 2:
            return f(std::integral_constant<int, 2>{});
        case 8:
            return f(std::integral_constant<int, 8>{});
        case 4:
        default:
            return f(std::integral_constant<int, 4>{});
    }
}

}  // namespace scanviz::kern
