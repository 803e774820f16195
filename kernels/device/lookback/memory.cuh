// Memory access of the decoupled look-back tile: W-item vector loads and stores,
// cp.async copies into shared memory, and 16-byte accesses with L2 cache-policy hints
// (the PTX wrappers). What only the slower designs in lab/ use is kept there.
#pragma once

#include <cstdint>
#include <utility>

#include "bits.cuh"

namespace scanviz::kern {

// W-item vector loads and stores (16, 8 or 4 bytes), through the read-only path.
template <int W, class T>
__device__ __forceinline__ void lb_load_vec(const T* p, T (&x)[W]) {
    if constexpr (W == 4) {
        const uint4 w = __ldg(reinterpret_cast<const uint4*>(p));
        x[0] = lb_from_bits<T>(w.x), x[1] = lb_from_bits<T>(w.y), x[2] = lb_from_bits<T>(w.z),
        x[3] = lb_from_bits<T>(w.w);
    } else if constexpr (W == 2) {
        const uint2 w = __ldg(reinterpret_cast<const uint2*>(p));
        x[0] = lb_from_bits<T>(w.x), x[1] = lb_from_bits<T>(w.y);
    } else {
        x[0] = __ldg(p);
    }
}
template <int W, class T>
__device__ __forceinline__ void lb_store_vec(T* p, const T (&y)[W]) {
    if constexpr (W == 4)
        *reinterpret_cast<uint4*>(p) =
            make_uint4(lb_to_bits(y[0]), lb_to_bits(y[1]), lb_to_bits(y[2]), lb_to_bits(y[3]));
    else if constexpr (W == 2)
        *reinterpret_cast<uint2*>(p) = make_uint2(lb_to_bits(y[0]), lb_to_bits(y[1]));
    else
        *p = y[0];
}

// 16 bytes as W values of T.
template <class T, int W>
union LbVec16 {
    uint4 u;
    T t[W];
};
template <bool kStream, class T, int W>
__device__ __forceinline__ void lb_store16(T* p, const T (&y)[W]) {
    LbVec16<T, W> v;
#pragma unroll
    for (int j = 0; j < W; ++j) v.t[j] = y[j];
    if constexpr (kStream)
        __stcs(reinterpret_cast<uint4*>(p), v.u);
    else
        *reinterpret_cast<uint4*>(p) = v.u;
}

// 16 bytes global -> shared without a register (sm_80+), and the wait for this
// thread's copies (each thread reads back only what it copied itself).
// Turing (sm_75) has no cp.async: there the copy goes through a register.
__device__ __forceinline__ void lb_cp_async16(void* smem, const void* gmem) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
    *static_cast<int4*>(smem) = __ldcg(static_cast<const int4*>(gmem));
#else
    const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(s), "l"(gmem) : "memory");
#endif
}
// The copies issued since the last commit form one group; the wait returns once at most
// `pending` of this thread's latest groups are still in flight (every earlier one has
// landed). `pending` is below Groups and known at compile time where the caller's loop is
// unrolled (the fold picks the one wait_group with that immediate).
__device__ __forceinline__ void lb_cp_async_commit() {
#if !(defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800)
    asm volatile("cp.async.commit_group;" ::: "memory");
#endif
}
template <int kPending>
__device__ __forceinline__ void lb_cp_async_wait_group() {
#if !(defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800)
    asm volatile("cp.async.wait_group %0;" ::"n"(kPending) : "memory");
#endif
}
// Every copy this thread has issued has landed.
__device__ __forceinline__ void lb_cp_async_wait_all() {
    lb_cp_async_commit();
    lb_cp_async_wait_group<0>();
}
template <int Groups>
__device__ __forceinline__ void lb_cp_async_wait_pending(int pending) {
    [&]<int... P>(std::integer_sequence<int, P...>) {
        ((pending == P ? lb_cp_async_wait_group<P>() : void()), ...);
    }(std::make_integer_sequence<int, Groups>{});
}

// 16-byte accesses with optional L2 cache-policy hints.
// (sm_80+; older devices take no hint.)
template <bool kLast>
__device__ __forceinline__ uint64_t lb_policy_evict() {
    uint64_t p = 0;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    if constexpr (kLast)
        asm volatile("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(p));
    else
        asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(p));
#endif
    return p;
}
__device__ __forceinline__ uint64_t lb_policy_evict_first() { return lb_policy_evict<false>(); }
// kPrefetch256: the copy also asks L2 to fetch the whole 256-byte block around it
// (.L2::256B), so a warp's 512 contiguous bytes come from DRAM in two requests of 256
// bytes rather than sectors of 32.
template <bool kHint, bool kPrefetch256 = false>
__device__ __forceinline__ void lb_cp_async16_hint(void* smem, const void* gmem, uint64_t policy) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
    static_assert(!(kHint && kPrefetch256), "one hint at a time");
    if constexpr (kPrefetch256)
        asm volatile("cp.async.cg.shared.global.L2::256B [%0], [%1], 16;" ::"r"(s), "l"(gmem) : "memory");
    else if constexpr (kHint)
        asm volatile("cp.async.cg.shared.global.L2::cache_hint [%0], [%1], 16, %2;" ::"r"(s), "l"(gmem),
                     "l"(policy)
                     : "memory");
    else
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(s), "l"(gmem) : "memory");
#else
    (void)policy;
    lb_cp_async16(smem, gmem);
#endif
}
template <bool kHint>
__device__ __forceinline__ void lb_st16(void* g, const uint4& v, uint64_t policy) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    if constexpr (kHint) {
        asm volatile("st.global.L2::cache_hint.v4.u32 [%0], {%1, %2, %3, %4}, %5;" ::"l"(g), "r"(v.x),
                     "r"(v.y), "r"(v.z), "r"(v.w), "l"(policy)
                     : "memory");
        return;
    }
#endif
    (void)policy;
    *static_cast<uint4*>(g) = v;
}

// Hopper's bulk copy (cp.async.bulk, the TMA without a tensor map), one warp's part of a
// staged tile: lane 0 arms the warp's mbarrier for `bytes` and issues one copy of them from
// global to shared memory; every lane then waits for the barrier's first phase. Both
// addresses 16-byte aligned, bytes a multiple of 16. Returns false (nothing copied) where
// the architecture has no bulk copy (before sm_90): the caller copies another way.
__device__ __forceinline__ bool lb_bulk_load_warp(void* smem, const void* gmem, uint32_t bytes,
                                                  unsigned long long* bar, int lane) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    const uint32_t b = static_cast<uint32_t>(__cvta_generic_to_shared(bar));
    const uint32_t s = static_cast<uint32_t>(__cvta_generic_to_shared(smem));
    if (lane == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(b) : "memory");
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
        asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(b), "r"(bytes) : "memory");
        asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(s),
                     "l"(gmem), "r"(bytes), "r"(b)
                     : "memory");
    }
    __syncwarp();
    asm volatile(
        "{\n"
        ".reg .pred P1;\n"
        "LB_WAIT:\n"
        "mbarrier.try_wait.parity.shared::cta.b64 P1, [%0], 0;\n"
        "@P1 bra LB_DONE;\n"
        "bra LB_WAIT;\n"
        "LB_DONE:\n"
        "}\n" ::"r"(b)
        : "memory");
    return true;
#else
    (void)smem, (void)gmem, (void)bytes, (void)bar, (void)lane;
    return false;
#endif
}

// The other direction: after the warp has written its part of the tile to shared memory,
// lane 0 copies `bytes` of it to global memory in one bulk copy and waits until the copy
// has read shared memory (the block may then exit). Returns false before sm_90.
__device__ __forceinline__ bool lb_bulk_store_warp(void* gmem, const void* smem, uint32_t bytes, int lane) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    // The generic-proxy writes of every lane must be visible to the async proxy.
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncwarp();
    if (lane == 0) {
        const uint32_t s = static_cast<uint32_t>(__cvta_generic_to_shared(smem));
        asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(gmem), "r"(s), "r"(bytes)
                     : "memory");
        asm volatile("cp.async.bulk.commit_group;" ::: "memory");
        asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
    }
    return true;
#else
    (void)gmem, (void)smem, (void)bytes, (void)lane;
    return false;
#endif
}

}  // namespace scanviz::kern
