// Plain C++ entry points of the tuned single-pass decoupled look-back scan
// (kernels/device/decoupled_lookback.cuh): host data in, host data out, core
// types only, so tests and the CLI need no CUDA header.
#pragma once

#include <cstdint>
#include <vector>

#include "core/bench/lookback_policy.hpp"
#include "core/bench/lookback_timeline.hpp"
#include "core/trace/run_spec.hpp"

namespace scanviz::gpu {

// Scans `words` (the bits of int32, uint32, float32, int64 or float64 values;
// an 8-byte value is two words, low word first) with the kernel `scanviz bench`
// times (LookbackTunedPolicyFor<T>): upload, poison the output, launch, download.
// Every type takes add, max and min. With launches > 1 it poisons and
// launches again on the same status-word workspace, so the result shown is
// that of a launch that found earlier launches' status words in place.
// Throws CudaError, or std::invalid_argument for an odd word count of 8-byte values.
//
// `tuning` picks one of the compiled tunings (core/bench/lookback_policy.hpp).
std::vector<uint32_t> lookback_scan(const std::vector<uint32_t>& words, ValueType type, Op op, bool exclusive,
                                    int launches = 1, LookbackTuningId tuning = LookbackTuningId::Tuned);

// The tile of the kernel lookback_scan runs for values of `type`: threads per
// block and items per thread (a thread moves 16-byte vectors: 4 items of 4 bytes, 2 of
// 8). Tests that rebuild the kernel's order of float additions need it.
struct LookbackShape {
    int threads = 0, items = 0;
};
LookbackShape lookback_tuned_shape(ValueType type, LookbackTuningId tuning = LookbackTuningId::Tuned);

// Runs the tuned kernel once more with the timeline probe over n random
// int32 values (add, inclusive) and returns what every tile did and when.
// Throws CudaError, or std::runtime_error when the output is wrong.
LookbackTimeline capture_lookback_timeline(int64_t n, uint64_t seed);

}  // namespace scanviz::gpu
