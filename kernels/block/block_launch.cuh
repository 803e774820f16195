// Host side shared by the block kernels' launchers: validate the spec, size
// the trace buffer from the model, pick the operator's instantiation, launch
// one block (run_block_variant in launch.cuh does the rest), and the registry
// entry.
#pragma once

#include <algorithm>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

#include "../launch.cuh"
#include "../ops.cuh"
#include "../registry.hpp"
#include "block_common.cuh"
#include "core/models/variants.hpp"

namespace scanviz::kern {

// Size of the trace buffer a capture needs: the steps of the variant's model
// and the most operations one thread does in one step (one spare of each; a
// kernel that records more than this is caught by the buffer's overflow flag).
struct CaptureSize {
    int steps = 1;
    int ops = 1;
};
inline CaptureSize capture_size(const RunSpec& spec) {
    const Trace t = run_model(spec);
    CaptureSize c;
    c.steps = static_cast<int>(t.steps.size()) + 1;
    for (const auto& st : t.steps) {
        std::vector<int> per_thread(static_cast<size_t>(t.threads), 0);
        for (const auto& op : st.ops) c.ops = std::max(c.ops, ++per_thread[op.thread] + 1);
    }
    return c;
}

// Items per thread as a value: what dispatch_items hands its function.
template <int ITEMS>
using ItemsTag = std::integral_constant<int, ITEMS>;

// kernel_launch(op, spec, d_in, d_out, buf) launches the variant's kernel for
// the operator functor `op` (OpAdd<int>, ..., OpAdd<float>).
template <class Probe, class KernelLaunch>
Trace launch_block(const RunSpec& given, KernelLaunch kernel_launch) {
    RunSpec spec = given;
    if (auto err = validate_and_resolve(spec)) throw std::invalid_argument(*err);
    const auto& phases = find_variant(spec.variant)->phases;
    const CaptureSize cap = Probe::kOn ? capture_size(spec) : CaptureSize{};
    return dispatch_op(spec.op, spec.type, [&](auto op) {
        using T = typename decltype(op)::value_type;
        return run_block_variant<T>(
            spec, Probe::kOn, cap.steps, cap.ops, phases,
            [&](const T* in, T* out, const TraceBuffer& buf) { kernel_launch(op, spec, in, out, buf); });
    });
}

// The registry entry of a one-block variant whose kernel takes (in, out, n,
// exclusive, buf) and runs spec.threads threads. KernelOf is a lambda without
// captures that names the kernel for an operator and a probe:
//   []<class ScanOp, class Probe>(ScanOp, ProbeTag<Probe>) {
//       return block_hillis_steele_kernel<ScanOp, Probe>; }
// or, for the CUB-style kernels built per items per thread (dispatch_items),
//   []<class ScanOp, int ITEMS, class Probe>(ScanOp, ItemsTag<ITEMS>, ProbeTag<Probe>) {
//       return block_raking_kernel<ScanOp, ITEMS, Probe>; }
// The items parameter tells the second form apart: it is launched for spec.items_per_thread.
// Calls f(kernel, op) with the variant's uninstrumented kernel for the spec's operator functor op
// and items per thread (KernelOf as for block_kernel_entry below).
template <class KernelOf, class F>
void with_plain_block_kernel(const RunSpec& s, F&& f) {
    dispatch_op(s.op, s.type, [&](auto op) {
        using ScanOp = decltype(op);
        if constexpr (std::is_invocable_v<KernelOf, ScanOp, ItemsTag<1>, ProbeTag<NoProbe>>) {
            dispatch_items(s.items_per_thread,
                           [&](auto items) { f(KernelOf{}(op, items, ProbeTag<NoProbe>{}), op); });
        } else {
            f(KernelOf{}(op, ProbeTag<NoProbe>{}), op);
        }
    });
}

// The throughput benchmark's launch of a block variant: `tiles` blocks, each its own tile.
template <class KernelOf>
void set_block_tile_launch(KernelEntry& e) {
    e.launch_tiles = [](const RunSpec& s, const void* in, void* out, long long tiles, void* stream) {
        with_plain_block_kernel<KernelOf>(s, [&](auto kernel, auto op) {
            using T = typename decltype(op)::value_type;
            kernel<<<static_cast<unsigned>(tiles), s.threads, 0, static_cast<cudaStream_t>(stream)>>>(
                static_cast<const T*>(in), static_cast<T*>(out), s.n, s.exclusive, TraceBuffer{});
        });
    };
    e.tile_blocks_per_sm = [](const RunSpec& s) {
        int blocks = 0;
        with_plain_block_kernel<KernelOf>(s, [&](auto kernel, auto) {
            SCANVIZ_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, s.threads, 0));
        });
        return blocks;
    };
}

template <class KernelOf>
KernelEntry block_kernel_entry(std::string_view id, KernelOf) {
    KernelEntry e = make_kernel_entry(id, []<class Probe>(const RunSpec& spec, ProbeTag<Probe>) {
        return launch_block<Probe>(
            spec, [](auto op, const RunSpec& s, auto in, auto out, const TraceBuffer& buf) {
                using ScanOp = decltype(op);
                if constexpr (std::is_invocable_v<KernelOf, ScanOp, ItemsTag<1>, ProbeTag<Probe>>) {
                    dispatch_items(s.items_per_thread, [&](auto items) {
                        const auto kernel = KernelOf{}(op, items, ProbeTag<Probe>{});
                        kernel<<<1, s.threads>>>(in, out, s.n, s.exclusive, buf);
                    });
                } else {
                    const auto kernel = KernelOf{}(op, ProbeTag<Probe>{});
                    kernel<<<1, s.threads>>>(in, out, s.n, s.exclusive, buf);
                }
            });
    });
    set_block_tile_launch<KernelOf>(e);
    return e;
}

}  // namespace scanviz::kern
