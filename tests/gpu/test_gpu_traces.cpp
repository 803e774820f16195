// Every variant with a kernel: the GPU's output equals a sequential scan, and
// the GPU's trace equals the reference model's, step by step.
#include <gtest/gtest.h>

#include <random>

#include "../support/spec_cases.hpp"
#include "core/models/variants.hpp"
#include "core/trace/compare.hpp"
#include "gpu_test_env.hpp"
#include "kernels/gpu.hpp"

using namespace scanviz;
using namespace scanviz::test;

namespace {

// A few sizes the variant accepts: its default and what its check lets through.
std::vector<int> sizes_for(const VariantInfo& v) {
    std::vector<int> out;
    for (int n : {v.default_n, 1, 7, 31, 32, 33, 64, 100, 128, 256, 1000, 1024, 2048, 4096}) {
        RunSpec s;
        s.variant = std::string(v.id);
        s.n = n;
        if (!v.check(s) && std::find(out.begin(), out.end(), n) == out.end()) out.push_back(n);
    }
    return out;
}

class GpuTrace : public ::testing::TestWithParam<std::string> {};

TEST_P(GpuTrace, MatchesModelStepByStepAndSequentialScan) {
    SCANVIZ_REQUIRE_GPU();
    const VariantInfo* v = find_variant(GetParam());
    ASSERT_NE(v, nullptr);
    std::random_device rd;
    for (int n : sizes_for(*v)) {
        for (const Case& c : all_cases()) {
            RunSpec spec;
            spec.variant = GetParam();
            spec.n = n;
            spec.op = c.op;
            spec.type = c.type;
            spec.exclusive = c.exclusive;
            spec.seed = (static_cast<uint64_t>(rd()) << 32) | rd();  // fresh inputs every run
            ASSERT_FALSE(validate_and_resolve(spec).has_value());
            SCOPED_TRACE("n=" + std::to_string(n) + " op=" + std::string(to_string(c.op)) +
                         " type=" + std::string(to_string(c.type)) +
                         (c.exclusive ? " exclusive" : " inclusive") + " seed=" + std::to_string(spec.seed));
            const Trace model = run_model(spec);
            const Trace gpu_trace = gpu::capture(spec);
            EXPECT_EQ(gpu_trace.source.kind, "gpu");
            auto mismatch = compare_traces(model, gpu_trace);
            EXPECT_FALSE(mismatch.has_value()) << (mismatch ? mismatch->what : "");
            const auto out = gpu::run(spec);
            const auto seq = sequential_scan(model.input, spec.op, spec.type, spec.exclusive);
            ASSERT_EQ(out.size(), seq.size());
            if (spec.type == ElemType::I32) {
                EXPECT_EQ(out, seq);
            } else {
                EXPECT_EQ(out, model.output) << "uninstrumented float output differs from the model's order";
            }
        }
    }
}

std::vector<std::string> variants_with_kernels() {
    std::vector<std::string> ids;
    for (const auto& v : all_variants())
        if (gpu::has_kernel(std::string(v.id))) ids.emplace_back(v.id);
    return ids;
}

INSTANTIATE_TEST_SUITE_P(AllKernels, GpuTrace, ::testing::ValuesIn(variants_with_kernels()),
                         [](const auto& info) { return info.param; });

// A build without the CUDA toolkit has no kernels, so the suite above has no
// instances: say so as a skipped test instead of failing GoogleTest's check.
// A build with it has a kernel for every variant, so the suite above leaves none
// out: a variant whose kernel is missing from its family's list fails here.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(GpuTrace);
TEST(GpuTraceKernels, EveryVariantHasOne) {
    if (!gpu::built_with_cuda()) GTEST_SKIP() << "gpu test skipped: scanviz was built without CUDA kernels";
    for (const VariantInfo& v : all_variants())
        EXPECT_TRUE(gpu::has_kernel(std::string(v.id))) << v.id << " has no GPU kernel";
}

}  // namespace
