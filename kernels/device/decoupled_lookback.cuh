// Single-pass scan with decoupled look-back (Merrill and Garland 2016,
// "Single-pass Parallel Prefix Scan with Decoupled Look-back", NVR-2016-002).
//
// The array is cut into tiles; one thread block scans one tile. Each tile owns
// a status word in device memory: a flag (not ready / aggregate published /
// inclusive prefix published) and a value, packed into one 64-bit word so that
// a reader always sees a flag together with its own value. A tile
//   1. loads its items and reduces them to the tile aggregate,
//   2. publishes the aggregate (flag 1) at once, so that successors need not
//      wait for this tile's own look-back to finish,
//   3. looks back over its predecessors, a warp-wide window of 32 at a time,
//      folding their aggregates until it meets one that has published its
//      inclusive prefix (flag 2): that ends the look-back,
//   4. publishes its own inclusive prefix (flag 2),
//   5. and only then scans its items with the exclusive prefix and writes them.
// One pass over the data: n reads and n writes, the memcpy floor.
//
// The tuned kernel (version 10) looks back in groups of 32 tiles
// (lb_look_back_grouped): only the last tile of a group publishes an inclusive
// prefix, and a look-back reads its own group's earlier aggregates and whole groups
// before it, one warp load per group, until it meets one. Fewer tiles publish, each
// look-back is one or two rounds of loads and warp scans, and the order of
// operations is fixed by tile indices: float sums are deterministic without the
// tile-by-tile left fold. The teaching trace keeps steps 1 to 5 as written.
//
// One implementation, two axes (one function with a parameter, not copies):
//   Policy  the tuning (tile shape, look-back backoff); LookbackTunedPolicy is
//           the one the benchmark times, a small one serves the teaching trace.
//   Probe   LookbackNoProbe (empty: the timed kernel) or an instrumented probe
//           that records what each tile did and when (the look-back timeline).
//
// This file holds the kernel; its parts are in lookback/, one job a file:
//   policy.cuh     the tuning fields, their defaults, the tuned policies
//   bits.cuh       a value's bits (what status words and vectors carry)
//   status.cuh     the tile status word (flag, epoch, value) and its relaxed accesses
//   warp.cuh       warp-wide scan and reduction, the scan of one chunk
//   look_back.cuh  the look-back: tile by tile, or in groups of 32 tiles
//   memory.cuh     vector loads and stores, cp.async, L2 cache-policy hints (PTX)
//   probes.cuh     LookbackNoProbe and the timeline probe
//   tile.cuh       one tile, steps 1 to 5
// The host side (workspace, launcher) is decoupled_lookback_launch.cuh. Designs that
// were measured slower (lagged, pipelined) are kept in lab/, outside the product.
#pragma once

#include <cstddef>
#include <cstdint>

#include "lookback/bits.cuh"
#include "lookback/look_back.cuh"
#include "lookback/memory.cuh"
#include "lookback/policy.cuh"
#include "lookback/probes.cuh"
#include "lookback/status.cuh"
#include "lookback/tile.cuh"
#include "lookback/warp.cuh"
#include "device_decoupled_lookback/phases.hpp"  // LookbackPhases: the tile's phases

namespace scanviz::kern {

// The kernel's body, with the tile's scratch wherever the kernel put it.
template <class Policy, class ScanOp, class Probe>
__device__ __forceinline__ void decoupled_lookback_body(const typename ScanOp::value_type* __restrict__ in,
                                                        typename ScanOp::value_type* __restrict__ out, size_t n,
                                                        const LookbackParams& p,
                                                        typename Probe::Buffer probe_buffer,
                                                        LookbackTempStorage<Policy, typename ScanOp::value_type>& temp) {
    const uint32_t tile = blockIdx.x + Probe::tile_offset(probe_buffer);
    Probe probe(probe_buffer, tile);
    const size_t first = static_cast<size_t>(tile) * Policy::kTileItems;
    decoupled_lookback_tile_at<Policy>(in, out, n, tile, first, p, temp, ScanOp{}, probe);
}

// The kernel: one block per tile, tile = blockIdx.x. A tile waits only on
// tiles with a smaller index; the hardware dispatches blocks in index order,
// so every tile waited on has started (CUB relies on the same).
// The tile's scratch is static shared memory, or dynamic when the policy says so
// (kDynamicSmem: a staged tile over the 48 KiB static limit; the launch sizes it).
template <class Policy, class ScanOp, class Probe>
__global__ void __launch_bounds__(Policy::kThreads, Policy::kMinBlocks)
    decoupled_lookback_kernel(const typename ScanOp::value_type* __restrict__ in,
                              typename ScanOp::value_type* __restrict__ out, size_t n, LookbackParams p,
                              typename Probe::Buffer probe_buffer) {
    using Temp = LookbackTempStorage<Policy, typename ScanOp::value_type>;
    if constexpr (Policy::kDynamicSmem) {
        extern __shared__ uint4 lb_dynamic_smem[];
        decoupled_lookback_body<Policy, ScanOp, Probe>(in, out, n, p, probe_buffer,
                                                       *reinterpret_cast<Temp*>(lb_dynamic_smem));
    } else {
        __shared__ Temp temp;
        decoupled_lookback_body<Policy, ScanOp, Probe>(in, out, n, p, probe_buffer, temp);
    }
}

}  // namespace scanviz::kern
