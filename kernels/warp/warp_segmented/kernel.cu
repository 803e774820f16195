// Kernel and launcher of the variant warp_segmented (one warp). The input
// reaches the kernel packed, as the packed-head-flag scan expects it: each
// word holds its value's bits with the segment-head flag in bit 31.
#include <stdexcept>

#include "../warp_common.cuh"
#include "../warp_launch.cuh"
#include "warp_segmented.cuh"

namespace scanviz::kern {
namespace {

template <class ScanOp, class Probe>
__global__ void warp_segmented_kernel(const uint32_t* in_packed, typename ScanOp::value_type* out,
                                      bool exclusive, TraceBuffer buf) {
    using T = typename ScanOp::value_type;
    __shared__ T s_partials[32];
    const int lane = threadIdx.x & 31;
    Probe probe = make_probe<Probe>(buf, false);
    const uint32_t packed = in_packed[lane];
    probe.initial();  // nothing is in shared memory yet: the first step unpacks into it
    int distance = 0;
    warp_scan_segmented(s_partials, packed, lane, ScanOp{}, probe, distance);
    if (exclusive) warp_exclusive_shift_segmented<T, ScanOp>(s_partials, lane, distance, probe);
    out[lane] = s_partials[lane];
}

// The spec's values with its head flags in bit 31 (heads from make_heads:
// lane 0 is always one). The variant's check() has already refused values
// that use bit 31; this only guards against a caller that skipped it.
std::vector<uint32_t> pack_head_flags(const RunSpec& spec) {
    std::vector<uint32_t> words = to_words(make_input(spec), spec.type);
    const std::vector<uint8_t> heads = make_heads(spec);
    for (size_t i = 0; i < words.size(); ++i) {
        if (words[i] & kHeadFlagBit)
            throw std::invalid_argument("warp_segmented: value " + std::to_string(i) +
                                        " uses bit 31, which carries the head flag");
        if (heads[i]) words[i] |= kHeadFlagBit;
    }
    return words;
}

template <class Probe>
Trace launch(const RunSpec& spec) {
    const auto& phases = find_variant(spec.variant)->phases;
    DeviceArray<uint32_t> d_packed(static_cast<size_t>(spec.n));
    d_packed.upload(pack_head_flags(spec));
    return dispatch_op(spec.op, spec.type, [&](auto op) {
        using ScanOp = decltype(op);
        using T = typename ScanOp::value_type;
        // run_block_variant uploads the unpacked input too; this kernel reads the packed words instead.
        return run_block_variant<T>(spec, Probe::kOn, kWarpCaptureSteps, kWarpCaptureOps, phases,
                                    [&](const T*, T* out, const TraceBuffer& buf) {
                                        warp_segmented_kernel<ScanOp, Probe>
                                            <<<1, 32>>>(d_packed.get(), out, spec.exclusive, buf);
                                    });
    });
}

}  // namespace

KernelEntry kernel_warp_segmented() {
    return make_kernel_entry("warp_segmented",
                             []<class Probe>(const RunSpec& s, ProbeTag<Probe>) { return launch<Probe>(s); });
}

}  // namespace scanviz::kern
