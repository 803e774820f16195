// The benchmark harness: our single-pass scan beside cub::DeviceScan,
// thrust::inclusive_scan / exclusive_scan and cudaMemcpyAsync (device to
// device, the bandwidth roof), in one process on the same inputs. Plain C++,
// core types only (the CUDA lives in bench.cu).
//
// Per size, type, op, mode and variant: fresh random input generated on the
// device, output poisoned, one run checked against a host scan, warm-up runs,
// then timed runs, each after a write of twice the L2 size so that no run reads
// the previous run's data from L2, each timed with CUDA events around the one
// call; the median is reported; then one more checked run, whose bits must equal
// the first's (floats: a run-to-run deterministic order; the row says so).
// Floats: the distance from a compensated reference scan is reported (max_err).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/bench/bench.hpp"
#include "core/bench/lookback_policy.hpp"

namespace scanviz::bench {

struct BenchConfig {
    std::vector<int64_t> sizes;         // element counts
    std::vector<std::string> variants;  // ids from bench_variants()
    // Every (type, op, mode) of these runs at every size: every type takes add, max and min.
    std::vector<ValueType> types = {ValueType::I32};
    std::vector<Op> ops = {Op::Add};
    std::vector<bool> modes = {false};  // exclusive?
    // The block and warp variants among `variants` (tile_bench_variants) run at full occupancy: for
    // each tile size a variant takes (block variants; a warp variant's tile is its warp of 32),
    // tile_elements elements scanned as independent tiles, one block each, in one launch. They
    // run int32 (add, max, min) and float32 (add), inclusive or exclusive; the sizes above do not
    // apply to them.
    std::vector<int> tiles = {256, 1024};
    int64_t tile_elements = int64_t{1} << 24;
    int runs = 25;                      // timed runs per (variant, size); the median is over these
    int warmup = 3;
    uint64_t seed = 1;
    // The look-back policy that times `ours` (core/bench/lookback_policy.hpp): "auto" picks
    // one from the device; a name forces it.
    std::string policy = "auto";
};

// The device's facts the policy choice reads, from the current CUDA device.
LookbackDeviceFacts current_device_facts();

// Every id run_bench accepts: "device_decoupled_lookback" (ours, tuned),
// "cub", "thrust", "memcpy", "copy", the multi-pass scans, the block and warp variants
// (tile_bench_variants), and the tuning candidates
// "device_decoupled_lookback@..." (int32 add only) that the lab build registers (lab/).
// memcpy runs once per (size, type): its row matches every op and mode of the type.
std::vector<std::string> bench_variants();
std::vector<std::string> default_bench_variants();
// The multi-pass whole-array scans (their kernel entry's launch_whole: scan-then-propagate,
// reduce-then-scan), int32 and float32 add; part of bench_variants() and of the default.
std::vector<std::string> multipass_bench_variants();
// The block and warp variants that run at full occupancy (their kernel entry's launch_tiles), in
// the registry's order; part of bench_variants() and of the default.
std::vector<std::string> tile_bench_variants();

// Called before each (size, variant): done so far, total, and what runs next.
using ProgressFn = std::function<void(int done, int total, const std::string& what)>;

// Runs the benchmark; the report's meta.policy names the policy that timed `ours`.
// Throws std::invalid_argument for an unknown variant or policy, a size that does not
// fit in device memory, gpu::CudaError for a failing
// CUDA call, and std::runtime_error naming the variant, size and element when
// an output is wrong.
BenchReport run_bench(const BenchConfig& config, const ProgressFn& progress = {});

}  // namespace scanviz::bench
