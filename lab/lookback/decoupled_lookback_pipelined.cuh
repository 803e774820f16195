// The whole-array form of the decoupled look-back scan (issue 14, version 5; measured
// slower, kept as a bench candidate): the same tile (kernels/device/decoupled_lookback.cuh:
// W-item vectors per lane, a shuffle scan per warp chunk, warp aggregates scanned by
// warp 0, the same look-back and status words), run by a persistent grid that keeps the
// next tiles' loads in flight while a tile looks back.
//
// Why (kernels/bench/NOTES.md, versions 1 to 4): with one block per tile, a tile
// that waits through its look-back holds its share of the SM and moves no data;
// more resident tiles only hid more of the wait (0.834 of memcpy at best). Here
//   - the grid is as many blocks as fit on the device at once (occupancy x SMs);
//     block b scans tiles b, b + G, b + 2G, ... (G blocks), in that order;
//   - each block owns S shared-memory stages of one tile each. Thread 0 fills a
//     stage with one bulk copy (cp.async.bulk, the copy engine; no thread holds
//     the data in flight) that completes on the stage's mbarrier;
//   - a tile's threads copy its stage into registers, and as soon as every thread
//     has (the block barrier after the chunk scans) thread 0 refills the stage with
//     the block's tile S steps ahead: the loads of the next S - 1 tiles run while
//     this one looks back, publishes and stores;
//   - stores go from registers to global memory, 16 bytes per thread per store.
// Every tile the grid visits before tile t is either finished or in the hands of a
// resident block, so the look-back always ends (no tile waits on a block that has
// not started: all G blocks are resident by construction).
//
// Types: the tile is Threads x Vecs 16-byte vectors whatever the type, so a tile of
// 8-byte values (int64, float64) holds half as many items in the same bytes
// (W = 16 / sizeof(T) items per vector). Sm_75 and sm_80 builds compile a fallback
// (no bulk copy: each thread loads its vectors from global memory at the tile's
// start); only sm_90 is tuned.
//
// Floats: the order of every operation is fixed by the layout (not by timing): the
// in-tile order of kernels/device/lookback/tile.cuh, and the look-back's left fold from the
// inclusive prefix found (lb_look_back): each inclusive prefix is the left fold of
// all tile aggregates before it, bit for bit, whatever the schedule. So a float scan
// gives the same bits on every run (the bench checks it).
#pragma once

#include <cstdint>
#include <type_traits>

#include "experiment_memory.cuh"
#include "kernels/device/decoupled_lookback.cuh"

namespace scanviz::kern {

// Threads x Vecs: 16-byte vectors per thread (tile bytes = Threads * Vecs * 16);
// Stages: shared-memory stages per block (tiles in flight per block);
// Blocks: resident blocks per SM asked of ptxas (__launch_bounds__);
// LanePreds: status words each lane of warp 0 reads per look-back round;
// StreamStores: st.global.cs for the output (evict-first: the output is not read again);
// EvictFirstLoads: the bulk copies carry an L2 evict-first hint.
template <int Threads, int Vecs, int Stages, int Blocks, int LanePreds = 1, bool StreamStores = false,
          bool EvictFirstLoads = false, int SleepMinNs = 32, int SleepMaxNs = 256>
struct PipelinedPolicy {
    static_assert(Threads % 32 == 0 && Threads >= 32 && Threads <= 1024, "whole warps, one block");
    static_assert(Stages >= 1 && Vecs >= 1, "at least one stage of one vector per thread");
    static constexpr int kThreads = Threads;
    static constexpr int kVecs = Vecs;
    static constexpr int kStages = Stages;
    static constexpr int kMinBlocks = Blocks;
    static constexpr int kLanePreds = LanePreds;
    static constexpr int kWindow = 32 * LanePreds;
    static constexpr bool kStreamStores = StreamStores;
    static constexpr bool kEvictFirstLoads = EvictFirstLoads;
    static constexpr int kSleepMinNs = SleepMinNs;
    static constexpr int kSleepMaxNs = SleepMaxNs;
    static constexpr int kWarps = Threads / 32;
    static constexpr int kTileBytes = Threads * Vecs * 16;
    static constexpr int kStageBytes = kTileBytes;
    static constexpr int kSmemBytes = Stages * kTileBytes;  // dynamic shared memory per block
    template <class T>
    static constexpr int kVecItems = 16 / static_cast<int>(sizeof(T));  // W
    template <class T>
    static constexpr int kTileItems = kTileBytes / static_cast<int>(sizeof(T));
    static_assert(kWarps <= 32, "warp aggregates are scanned by one warp");
};

// The pipelined kernel `scanviz bench` timed as `ours` in version 5, run 3 (every type
// and operator), chosen from the H100 sweeps of kernels/bench/NOTES.md; `ours` is now
// the tile kernel (LookbackTunedPolicyFor<T>).
// The look-back window (32 x 9 = 288 predecessors) covers the grid (2 x 132 blocks):
// tile t - G was this block's own last tile, already inclusive, so every look-back
// ends in its first round.
using LookbackPipelinedTunedPolicy = PipelinedPolicy<256, 8, 3, 2, 9>;

// ---------------------------------------------------------------------------
// mbarrier and bulk copy (sm_90).
__device__ __forceinline__ uint32_t lb_smem_addr(const void* p) {
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
__device__ __forceinline__ void lb_mbar_init(uint64_t* bar, uint32_t count) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(lb_smem_addr(bar)), "r"(count) : "memory");
#else
    (void)bar, (void)count;
#endif
}
// Makes the barriers' initialization visible to the copy engine.
__device__ __forceinline__ void lb_fence_barrier_init() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
#endif
}
// Orders this thread's earlier shared-memory accesses (made visible to it by a
// block barrier) before the copy engine's writes that follow.
__device__ __forceinline__ void lb_fence_proxy_async() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
}
// One bulk copy of `bytes` (a multiple of 16; both addresses 16-byte aligned) into
// shared memory, completing on `bar` (which expects exactly these bytes).
template <bool kEvictFirst>
__device__ __forceinline__ void lb_bulk_load(void* smem, const void* gmem, uint32_t bytes, uint64_t* bar) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    const uint32_t b = lb_smem_addr(bar);
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(b), "r"(bytes) : "memory");
    if constexpr (kEvictFirst) {
        uint64_t policy;
        asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
        asm volatile(
            "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1], "
            "%2, "
            "[%3], %4;" ::"r"(lb_smem_addr(smem)),
            "l"(gmem), "r"(bytes), "r"(b), "l"(policy)
            : "memory");
    } else {
        asm volatile(
            "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                lb_smem_addr(smem)),
            "l"(gmem), "r"(bytes), "r"(b)
            : "memory");
    }
#else
    (void)smem, (void)gmem, (void)bytes, (void)bar;
#endif
}
__device__ __forceinline__ void lb_mbar_wait(uint64_t* bar, uint32_t parity) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    const uint32_t b = lb_smem_addr(bar);
    uint32_t done = 0;
    do {
        asm volatile(
            "{\n .reg .pred p;\n mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n selp.u32 %0, 1, 0, "
            "p;\n}"
            : "=r"(done)
            : "r"(b), "r"(parity)
            : "memory");
    } while (!done);
#else
    (void)bar, (void)parity;
#endif
}

// Shared memory of the pipelined kernel besides its stages (dynamic).
template <class Policy, class T>
struct PipelinedTemp {
    uint64_t bar[Policy::kStages];
    T warp_aggregate[Policy::kWarps];
    T warp_prefix[Policy::kWarps];
};

// The kernel and its launcher (decoupled_lookback_experiments_launch.cuh) have internal
// linkage: every translation unit that launches an instantiation has its own copy of the kernel
// (whole-program compilation) and its own launcher, whose one-time setup (the dynamic
// shared-memory limit) is then made on the very kernel that launcher starts. (With
// external linkage, two translation units' copies shared one launcher and one setup,
// and the second unit's kernel was launched without its limit raised: seen as
// cudaErrorInvalidValue in GPU run 5.)
namespace {

template <class Policy, class ScanOp, class Probe>
__global__ void __launch_bounds__(Policy::kThreads, Policy::kMinBlocks)
    lookback_pipelined_kernel(const typename ScanOp::value_type* __restrict__ in,
                              typename ScanOp::value_type* __restrict__ out, size_t n, LookbackParams p,
                              typename Probe::Buffer probe_buffer) {
    using T = typename ScanOp::value_type;
    constexpr int W = Policy::template kVecItems<T>;
    constexpr int V = Policy::kVecs;
    constexpr int S = Policy::kStages;
    constexpr int kTileItems = Policy::template kTileItems<T>;
    constexpr int kWarpItems = 32 * V * W;
    constexpr int kChunkItems = 32 * W;
    static_assert(W * static_cast<int>(sizeof(T)) == 16, "16-byte vectors");
    extern __shared__ __align__(128) unsigned char lb_stage_smem[];
    __shared__ PipelinedTemp<Policy, T> temp;
    const ScanOp op{};
    const int lane = static_cast<int>(threadIdx.x) & 31;
    const int warp = static_cast<int>(threadIdx.x) >> 5;
    const size_t tiles = (n + kTileItems - 1) / kTileItems;
    const size_t full_tiles = n / kTileItems;
    const uint32_t grid = gridDim.x;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    constexpr bool kBulk = true;
#else
    constexpr bool kBulk = false;
#endif
    auto stage_ptr = [&](int s) { return reinterpret_cast<T*>(lb_stage_smem + s * Policy::kStageBytes); };
    auto issue = [&](int s, size_t t) {
        lb_bulk_load<Policy::kEvictFirstLoads>(stage_ptr(s), in + t * kTileItems, Policy::kTileBytes,
                                               &temp.bar[s]);
    };
    if constexpr (kBulk) {
        if (threadIdx.x == 0) {
#pragma unroll
            for (int s = 0; s < S; ++s) lb_mbar_init(&temp.bar[s], 1);
            lb_fence_barrier_init();
        }
        __syncthreads();
        if (threadIdx.x == 0) {
#pragma unroll
            for (int s = 0; s < S; ++s) {
                const size_t t = blockIdx.x + static_cast<size_t>(s) * grid;
                if (t < full_tiles) issue(s, t);
            }
        }
    }

    uint32_t j = 0;  // this block's step: tile = blockIdx.x + j * grid
    for (size_t t = blockIdx.x; t < tiles; t += grid, ++j) {
        const uint32_t tile = static_cast<uint32_t>(t);
        const int stage = static_cast<int>(j % S);
        const size_t warp_base = t * kTileItems + static_cast<size_t>(warp) * kWarpItems;
        const auto offset = [&](int k) { return k * kChunkItems + W * lane; };
        const bool full = t < full_tiles;

        // Step 1a: the tile's items into registers. Vector k of this lane: elements
        // warp_base + 32 W k + W lane + (0 .. W-1), as in decoupled_lookback_tile.
        T x[V][W];
        if (full) {
            if constexpr (kBulk) {
                lb_mbar_wait(&temp.bar[stage], (j / S) & 1u);
                const T* s_warp = stage_ptr(stage) + warp * kWarpItems;
#pragma unroll
                for (int k = 0; k < V; ++k)
                    lb_unpack16(*reinterpret_cast<const uint4*>(s_warp + offset(k)), x[k]);
            } else {
#pragma unroll
                for (int k = 0; k < V; ++k)
                    lb_unpack16(__ldg(reinterpret_cast<const uint4*>(in + warp_base + offset(k))), x[k]);
            }
        } else {
            // The last, partial tile: whole vectors where they lie inside [0, n) (all
            // issued before the first is used), element by element only across n.
#pragma unroll
            for (int k = 0; k < V; ++k) {
                const size_t e = warp_base + offset(k);
                if (e + W <= n) {
                    lb_unpack16(__ldg(reinterpret_cast<const uint4*>(in + e)), x[k]);
                } else {
#pragma unroll
                    for (int i = 0; i < W; ++i) x[k][i] = e + i < n ? in[e + i] : ScanOp::identity();
                }
            }
        }
        Probe probe(probe_buffer, tile);
        probe.tile_start();

        // Step 1b: each chunk of the warp; x becomes the warp-level inclusive scan.
        T warp_total = ScanOp::identity();
#pragma unroll
        for (int k = 0; k < V; ++k) lb_scan_chunk<W>(x[k], k, lane, warp_total, op);
        if (lane == 0) temp.warp_aggregate[warp] = warp_total;
        __syncthreads();  // every thread has its items: the stage may be refilled

        if constexpr (kBulk) {
            if (threadIdx.x == 0) {
                const size_t ahead = t + static_cast<size_t>(S) * grid;
                if (ahead < full_tiles) {
                    lb_fence_proxy_async();
                    issue(stage, ahead);
                }
            }
        }

        // Steps 2 to 4, warp 0: as decoupled_lookback_tile.
        if (warp == 0) {
            const T wa = lane < Policy::kWarps ? temp.warp_aggregate[lane] : ScanOp::identity();
            const T w_incl = lb_warp_inclusive(wa, lane, op);
            const T w_excl = __shfl_up_sync(0xffffffffu, w_incl, 1);
            const T aggregate = __shfl_sync(0xffffffffu, w_incl, Policy::kWarps - 1);
            T tile_exclusive = ScanOp::identity();
            if (tile == 0) {
                if (lane == 0) LbWord<T>::store(p.status, 0, p.epoch, kTileInclusive, aggregate);
                probe.aggregate_published(kTileInclusive, lb_to_bits(aggregate));
                probe.lookback_start();
                probe.lookback_end(0, lb_to_bits(tile_exclusive));
                probe.inclusive_published(lb_to_bits(aggregate));
            } else {
                if (lane == 0) LbWord<T>::store(p.status, tile, p.epoch, kTileAggregate, aggregate);
                probe.aggregate_published(kTileAggregate, lb_to_bits(aggregate));
                probe.lookback_start();
                int distance = 0;
                tile_exclusive = lb_look_back<Policy>(p.status, tile, p.epoch, lane, op, probe, distance);
                probe.lookback_end(distance, lb_to_bits(tile_exclusive));
                const T inclusive = op(tile_exclusive, aggregate);
                if (lane == 0) LbWord<T>::store(p.status, tile, p.epoch, kTileInclusive, inclusive);
                probe.inclusive_published(lb_to_bits(inclusive));
            }
            if (lane < Policy::kWarps) {
                const T within = lane == 0 ? ScanOp::identity() : w_excl;
                temp.warp_prefix[lane] =
                    tile == 0 ? within : (lane == 0 ? tile_exclusive : op(tile_exclusive, within));
            }
        }
        __syncthreads();

        // Step 5: as decoupled_lookback_tile's register path.
        const T warp_prefix = temp.warp_prefix[warp];
#pragma unroll
        for (int k = 0; k < V; ++k) {
            T y[W];
            if (p.exclusive) {
                const T up = __shfl_up_sync(0xffffffffu, x[k][W - 1], 1);
                const T last_of_previous_chunk =
                    k > 0 ? __shfl_sync(0xffffffffu, x[k > 0 ? k - 1 : 0][W - 1], 31) : ScanOp::identity();
                if (lane > 0)
                    y[0] = op(warp_prefix, up);
                else
                    y[0] = k == 0 ? warp_prefix : op(warp_prefix, last_of_previous_chunk);
#pragma unroll
                for (int i = 1; i < W; ++i) y[i] = op(warp_prefix, x[k][i - 1]);
            } else {
#pragma unroll
                for (int i = 0; i < W; ++i) y[i] = op(warp_prefix, x[k][i]);
            }
            const size_t e = warp_base + offset(k);
            if (full || e + W <= n) {
                lb_store16<Policy::kStreamStores>(out + e, y);
            } else {
#pragma unroll
                for (int i = 0; i < W; ++i)
                    if (e + i < n) out[e + i] = y[i];
            }
        }
        probe.tile_end();
    }
}

}  // namespace

}  // namespace scanviz::kern
