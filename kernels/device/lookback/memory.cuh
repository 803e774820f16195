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
template <bool kHint>
__device__ __forceinline__ void lb_cp_async16_hint(void* smem, const void* gmem, uint64_t policy) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
    if constexpr (kHint)
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

}  // namespace scanviz::kern
