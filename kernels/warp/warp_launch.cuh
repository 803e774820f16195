// Host side shared by the warp kernels' launchers: one warp of 32 threads,
// the trace buffer sized for a warp scan, the operator's instantiation
// (run_block_variant in launch.cuh does the rest), and the registry entry.
#pragma once

#include <string_view>

#include "../launch.cuh"
#include "../ops.cuh"
#include "../registry.hpp"
#include "core/models/variants.hpp"

namespace scanviz::kern {

// Trace buffer of a warp capture: steps (initial, five scan steps, the
// exclusive shift, one spare) and operations one lane does in one step.
inline constexpr int kWarpCaptureSteps = 8;
inline constexpr int kWarpCaptureOps = 2;

// Launches `kernel(in, out, spec.exclusive, buf)` on one warp, the kernel
// being kernel_of(ScanOp{}, ProbeTag<Probe>{}) for the spec's operator
// functor ScanOp (OpAdd<int>, ..., OpAdd<float>).
template <class Probe, class KernelOf>
Trace launch_warp(const RunSpec& spec, KernelOf kernel_of) {
    const auto& phases = find_variant(spec.variant)->phases;
    return dispatch_op(spec.op, spec.type, [&](auto op) {
        using ScanOp = decltype(op);
        using T = typename ScanOp::value_type;
        const auto kernel = kernel_of(op, ProbeTag<Probe>{});
        return run_block_variant<T>(spec, Probe::kOn, kWarpCaptureSteps, kWarpCaptureOps, phases,
                                    [&](const T* in, T* out, const TraceBuffer& buf) {
                                        kernel<<<1, 32>>>(in, out, spec.exclusive, buf);
                                    });
    });
}

// The registry entry of a one-warp variant. KernelOf is a lambda without
// captures that names the variant's kernel for an operator and a probe:
//   []<class ScanOp, class Probe>(ScanOp, ProbeTag<Probe>) { return warp_zeropad_kernel<ScanOp, Probe>; }
template <class KernelOf>
KernelEntry warp_kernel_entry(std::string_view id, KernelOf) {
    return make_kernel_entry(id, []<class Probe>(const RunSpec& spec, ProbeTag<Probe>) {
        return launch_warp<Probe>(spec, KernelOf{});
    });
}

// The same, with the throughput benchmark's launch: `tiles` blocks of one warp, block b scanning
// elements [32 b, 32 b + 32) (the kernel moves its pointers by tile_offset(32), kernels/tile.cuh).
// A block holds one warp because the kernel's shared array is one warp's.
template <class KernelOf>
KernelEntry warp_tiled_kernel_entry(std::string_view id, KernelOf) {
    KernelEntry e = warp_kernel_entry(id, KernelOf{});
    e.launch_tiles = [](const RunSpec& s, const void* in, void* out, long long tiles, void* stream) {
        dispatch_op(s.op, s.type, [&](auto op) {
            using T = typename decltype(op)::value_type;
            const auto kernel = KernelOf{}(op, ProbeTag<NoProbe>{});
            kernel<<<static_cast<unsigned>(tiles), 32, 0, static_cast<cudaStream_t>(stream)>>>(
                static_cast<const T*>(in), static_cast<T*>(out), s.exclusive, TraceBuffer{});
        });
    };
    e.tile_blocks_per_sm = [](const RunSpec& s) {
        int blocks = 0;
        dispatch_op(s.op, s.type, [&](auto op) {
            SCANVIZ_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                &blocks, KernelOf{}(op, ProbeTag<NoProbe>{}), 32, 0));
        });
        return blocks;
    };
    return e;
}

}  // namespace scanviz::kern
