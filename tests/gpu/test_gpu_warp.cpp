// Warp-family GPU tests beyond the generic trace comparison
// (test_gpu_traces.cpp, which runs every kernel with the default spec):
//   - the segmented scan with random head patterns: GPU trace equals the
//     model's, output equals a per-segment sequential scan;
//   - the legacy warp-synchronous form (volatile, no __syncwarp), built
//     without a probe: does it still give the right answer on this device?
//     Not guaranteed since Volta; the test counts and prints what it saw.
#include <gtest/gtest.h>

#include <iostream>
#include <random>

#include "../support/spec_cases.hpp"
#include "core/models/variants.hpp"
#include "core/trace/compare.hpp"
#include "core/trace/replay.hpp"
#include "gpu_test_env.hpp"
#include "kernels/gpu.hpp"

using namespace scanviz;
using namespace scanviz::test;

namespace {

TEST(GpuWarpSegmented, RandomHeadsMatchModelAndPerSegmentScan) {
    SCANVIZ_REQUIRE_GPU();
    std::random_device rd;
    std::mt19937_64 rng((static_cast<uint64_t>(rd()) << 32) | rd());  // fresh heads and inputs every run
    for (double density : {0.05, 0.2, 0.5, 1.0}) {
        std::bernoulli_distribution head(density);
        for (const OpType& ot : kOpTypes) {
            for (bool ex : {false, true}) {
                RunSpec spec;
                spec.variant = "warp_segmented";
                spec.n = 32;
                spec.op = ot.op;
                spec.type = ot.type;
                spec.exclusive = ex;
                spec.seed = rng();
                spec.heads.assign(32, 0);
                for (auto& h : spec.heads) h = head(rng) ? 1 : 0;
                ASSERT_FALSE(validate_and_resolve(spec).has_value());
                std::string heads_text;
                for (auto h : spec.heads) heads_text += h ? '1' : '0';
                SCOPED_TRACE("op=" + std::string(to_string(ot.op)) +
                             " type=" + std::string(to_string(ot.type)) + (ex ? " exclusive" : " inclusive") +
                             " seed=" + std::to_string(spec.seed) + " heads=" + heads_text);
                const Trace model = run_model(spec);
                const Trace gpu_trace = gpu::capture(spec);
                auto mismatch = compare_traces(model, gpu_trace);
                EXPECT_FALSE(mismatch.has_value()) << (mismatch ? mismatch->what : "");
                const auto out = gpu::run(spec);
                if (spec.type == ElemType::I32) {
                    EXPECT_EQ(out, reference_scan(model.input, model.heads, spec.op, spec.type, ex));
                } else {
                    EXPECT_EQ(out, model.output);  // the model does the kernel's float additions in its order
                }
            }
        }
    }
}

TEST(GpuWarpLegacyVolatile, OutputOnThisDeviceAsBuilt) {
    SCANVIZ_REQUIRE_GPU();
    std::random_device rd;
    std::mt19937_64 rng((static_cast<uint64_t>(rd()) << 32) | rd());
    constexpr int kRunsPerCase = 50;
    int runs = 0, wrong = 0;
    std::string first_wrong;
    for (const OpType& ot : kOpTypes) {
        for (bool ex : {false, true}) {
            for (int r = 0; r < kRunsPerCase; ++r) {
                RunSpec spec;
                spec.variant = "warp_legacy_volatile";
                spec.n = 32;
                spec.op = ot.op;
                spec.type = ot.type;
                spec.exclusive = ex;
                spec.seed = rng();
                ASSERT_FALSE(validate_and_resolve(spec).has_value());
                const auto out = gpu::run(spec);  // the NoProbe kernel: no barrier anywhere
                // The correct form's output is the reference (exact, floats included: same order).
                RunSpec correct = spec;
                correct.variant = "warp_conditional";
                const auto expected = run_model(correct).output;
                ++runs;
                if (out != expected) {
                    ++wrong;
                    if (first_wrong.empty())
                        first_wrong = "op=" + std::string(to_string(ot.op)) +
                                      " type=" + std::string(to_string(ot.type)) +
                                      (ex ? " exclusive" : " inclusive") +
                                      " seed=" + std::to_string(spec.seed);
                }
            }
        }
    }
    const auto dev = gpu::find_device();
    std::cout << "legacy volatile warp scan on " << (dev ? dev->name + " (" + dev->sm() + ")" : "?") << ": "
              << wrong << " wrong of " << runs << " runs"
              << (first_wrong.empty() ? "" : ", first: " + first_wrong) << "\n";
    RecordProperty("legacy_wrong_runs", wrong);
    RecordProperty("legacy_runs", runs);
    // What this asserts: on this device, as nvcc built it, the race did not
    // show. That is an observation, not a guarantee: independent thread
    // scheduling allows the lanes to drift, and racecheck reports the hazard.
    EXPECT_EQ(wrong, 0) << "the legacy warp-synchronous scan gave wrong output on this device (first: "
                        << first_wrong << "): the race it is labelled with";
}

}  // namespace
