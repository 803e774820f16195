// Warp-wide helpers of the decoupled look-back: the shuffle scan, the reduction, the
// scan of one chunk of a warp's items, and which operators fold in a fixed order.
#pragma once

#include <type_traits>

#include "../../ops.cuh"

namespace scanviz::kern {

// Inclusive warp scan with shuffles (CUDA Handbook 13.5, scanWarpShuffle).
template <class T, class ScanOp>
__device__ __forceinline__ T lb_warp_inclusive(T x, int lane, ScanOp op) {
#pragma unroll
    for (int d = 1; d < 32; d *= 2) {
        const T y = __shfl_up_sync(0xffffffffu, x, d);
        if (lane >= d) x = op(y, x);
    }
    return x;
}

// Fold of all 32 lanes' values; every lane gets it. Integer add/max/min use
// the one-instruction redux.sync (sm_80+); float uses a butterfly.
// Turing (sm_75) has no redux.sync: the butterfly serves there.
template <class T, class ScanOp>
__device__ __forceinline__ T lb_warp_reduce(T x, ScanOp op) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
    constexpr bool kRedux = false;
#else
    constexpr bool kRedux = true;
#endif
    if constexpr (!kRedux) {
#pragma unroll
        for (int d = 16; d >= 1; d /= 2) x = op(x, __shfl_xor_sync(0xffffffffu, x, d));
        return x;
    } else if constexpr (sizeof(T) != 4) {  // redux.sync takes 32-bit values only
#pragma unroll
        for (int d = 16; d >= 1; d /= 2) x = op(x, __shfl_xor_sync(0xffffffffu, x, d));
        return x;
    } else if constexpr (std::is_same_v<ScanOp, OpAdd<T>> && std::is_integral_v<T>) {
        return __reduce_add_sync(0xffffffffu, x);
    } else if constexpr (std::is_same_v<ScanOp, OpMax<T>> && std::is_integral_v<T>) {
        return __reduce_max_sync(0xffffffffu, x);
    } else if constexpr (std::is_same_v<ScanOp, OpMin<T>> && std::is_integral_v<T>) {
        return __reduce_min_sync(0xffffffffu, x);
    } else {
#pragma unroll
        for (int d = 16; d >= 1; d /= 2) x = op(x, __shfl_xor_sync(0xffffffffu, x, d));
        return x;
    }
}

// Float add is the one operator whose result depends on the order of operations: its
// look-back folds in one canonical order. Float max and min associate exactly (the
// result is one of the operands whatever the order), so they take the integer path.
template <class ScanOp>
inline constexpr bool kLbOrdered = std::is_floating_point_v<typename ScanOp::value_type>&&
    std::is_same_v<ScanOp, OpAdd<typename ScanOp::value_type>>;

// The end of one chunk's scan (step 1b), once the thread has scanned its W items and `incl`
// is the warp's inclusive scan of the 32 thread totals: the fold of the warp's items before
// this lane's vector goes into the items (they become the warp-level inclusive scan).
// `warp_total` carries the fold of the warp's earlier chunks (k > 0) and receives this
// chunk's. Returns that fold before the vector (the identity for the warp's first vector).
template <int W, class T, class ScanOp>
__device__ __forceinline__ T lb_finish_chunk(T (&x)[W], int k, int lane, T incl, T& warp_total, ScanOp op) {
    const T excl = __shfl_up_sync(0xffffffffu, incl, 1);
    const T chunk_total = __shfl_sync(0xffffffffu, incl, 31);
    const bool has_prefix = k > 0 || lane > 0;
    const T lane_prefix = k == 0 ? excl : (lane == 0 ? warp_total : op(warp_total, excl));
    if (has_prefix) {
#pragma unroll
        for (int j = 0; j < W; ++j) x[j] = op(lane_prefix, x[j]);
    }
    warp_total = k == 0 ? chunk_total : op(warp_total, chunk_total);
    return has_prefix ? lane_prefix : ScanOp::identity();
}

// The thread's part of a chunk: its W items scanned in order; x[W - 1] is its total.
template <int W, class T, class ScanOp>
__device__ __forceinline__ void lb_scan_thread(T (&x)[W], ScanOp op) {
#pragma unroll
    for (int j = 1; j < W; ++j) x[j] = op(x[j - 1], x[j]);
}

// One chunk of a warp (step 1b): W items in the thread, then the 32 thread totals
// across the warp (lb_finish_chunk).
template <int W, class T, class ScanOp>
__device__ __forceinline__ T lb_scan_chunk(T (&x)[W], int k, int lane, T& warp_total, ScanOp op) {
    lb_scan_thread(x, op);
    return lb_finish_chunk(x, k, lane, lb_warp_inclusive(x[W - 1], lane, op), warp_total, op);
}

}  // namespace scanviz::kern
