// Block-level variants with a GPU kernel: one entry per variant (one .cu each;
// variants that differ by a bool share their kernel body: block_blelloch_kernel.cuh,
// block_raking_kernel.cuh).
#pragma once

#include <algorithm>
#include <string>

#include "../registry.hpp"
#include "core/models/variants.hpp"

namespace scanviz::kern {

KernelEntry kernel_block_hillis_steele();
KernelEntry kernel_block_blelloch();
KernelEntry kernel_block_blelloch_padded();
KernelEntry kernel_block_warp_scans_smem();
KernelEntry kernel_block_warp_scans_shfl();
KernelEntry kernel_block_raking();
KernelEntry kernel_block_raking_memoize();
KernelEntry kernel_block_warp_scans();

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

}  // namespace scanviz::kern
