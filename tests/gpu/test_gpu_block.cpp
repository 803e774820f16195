// Block variants beyond the generic test's default shapes: the CUB-style
// strategies at block widths that are not powers of two or whole warps (17,
// 65, 96, as CUB's own tests use), at 1024 threads, with every items-per-thread
// choice, and partial tiles; the one-element-per-thread variants at their
// largest sizes. The GPU trace equals the model's step by step, and the
// uninstrumented kernel's output equals a sequential scan (int32) or the
// model's output in its order of operations (float32).
#include <gtest/gtest.h>

#include <random>

#include "core/trace/compare.hpp"
#include "core/models/variants.hpp"
#include "gpu_test_env.hpp"
#include "kernels/gpu.hpp"

using namespace scanviz;

namespace {

struct Shape {
    int n, threads, items;
};

void check_on_gpu(const std::string& variant, const Shape& shape) {
    std::random_device rd;
    for (bool ex : {false, true}) {
        for (auto [op, type] : {std::pair{Op::Add, ElemType::I32}, std::pair{Op::Max, ElemType::I32},
                                std::pair{Op::Min, ElemType::I32}, std::pair{Op::Add, ElemType::F32}}) {
            RunSpec spec;
            spec.variant = variant;
            spec.n = shape.n;
            spec.threads = shape.threads;
            spec.items_per_thread = shape.items;
            spec.op = op;
            spec.type = type;
            spec.exclusive = ex;
            spec.seed = (static_cast<uint64_t>(rd()) << 32) | rd();
            const auto err = validate_and_resolve(spec);
            ASSERT_FALSE(err.has_value()) << *err;
            SCOPED_TRACE(variant + " n=" + std::to_string(spec.n) + " threads=" +
                         std::to_string(spec.threads) + " items=" + std::to_string(spec.items_per_thread) +
                         " " + std::string(to_string(op)) + " " + std::string(to_string(type)) +
                         (ex ? " exclusive" : " inclusive") + " seed=" + std::to_string(spec.seed));
            const Trace model = run_model(spec);
            Trace gpu_trace;
            std::vector<double> out;
            try {  // a failing launch fails this case; the other shapes still run
                gpu_trace = gpu::capture(spec);
                out = gpu::run(spec);
            } catch (const std::exception& e) {
                ADD_FAILURE() << e.what();
                continue;
            }
            const auto mismatch = compare_traces(model, gpu_trace);
            EXPECT_FALSE(mismatch.has_value()) << (mismatch ? mismatch->what : "");
            if (type == ElemType::I32)
                EXPECT_EQ(out, sequential_scan(model.input, op, type, ex));
            else
                EXPECT_EQ(out, model.output);
        }
    }
}

}  // namespace

TEST(GpuBlockItems, OddWidthsEveryItemsChoiceAndPartialTiles) {
    SCANVIZ_REQUIRE_GPU();
    for (const char* v : {"block_raking", "block_raking_memoize", "block_warp_scans"}) {
        for (int threads : {1, 17, 32, 65, 96, 128, 1024}) {
            for (int items : {1, 2, 4, 8}) {
                if (threads * items > 2048) continue;
                check_on_gpu(v, {threads * items, threads, items});
                if (threads * items > 1)
                    check_on_gpu(v, {threads * items - 1, threads, items});  // one identity
                if (threads > 1)
                    check_on_gpu(v, {(threads - 1) * items + 1, threads, items});  // last thread: one item
            }
        }
    }
}

TEST(GpuBlockOnePerThread, LargestAndOddSizes) {
    SCANVIZ_REQUIRE_GPU();
    for (const char* v : {"block_hillis_steele", "block_warp_scans_smem", "block_warp_scans_shfl"})
        for (int n : {2, 17, 65, 96, 1023, 1024}) check_on_gpu(v, {n, 0, 0});
    for (const char* v : {"block_blelloch", "block_blelloch_padded"})
        for (int n : {2, 17, 65, 96, 1025, 2047, 2048}) check_on_gpu(v, {n, 0, 0});
}
