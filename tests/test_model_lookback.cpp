// The reference model of the single-pass decoupled look-back scan: its output
// is the scan, every tile ends with its inclusive prefix published, each
// tile's look-back stops at the nearest inclusive predecessor, and the
// inclusive prefix is out before the tile's elements are written.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "core/models/variants.hpp"

using namespace scanviz;

namespace {

Trace run(int n, Op op, ElemType type, bool exclusive, int threads = 0, int items = 0) {
    RunSpec s;
    s.variant = "device_decoupled_lookback";
    s.n = n;
    s.op = op;
    s.type = type;
    s.exclusive = exclusive;
    s.threads = threads;
    s.items_per_thread = items;
    s.seed = 5;
    return run_model(s);
}

const Region& region(const Trace& t, const std::string& name) {
    for (const auto& r : t.layout.regions)
        if (r.name == name) return r;
    throw std::runtime_error("no region " + name);
}

}  // namespace

TEST(ModelLookback, OutputIsTheScanForEveryOpTypeModeAndConfig) {
    for (int n : {1, 7, 128, 129, 1000, 1024, 5000, 16384})
        for (auto [op, type] : {std::pair{Op::Add, ElemType::I32}, std::pair{Op::Max, ElemType::I32},
                                std::pair{Op::Min, ElemType::I32}, std::pair{Op::Add, ElemType::F32}})
            for (bool ex : {false, true})
                for (auto [th, it] :
                     {std::pair{0, 0}, std::pair{32, 4}, std::pair{64, 2}, std::pair{128, 8}}) {
                    const Trace t = run(n, op, type, ex, th, it);
                    RunSpec s = t.spec;
                    const auto expect = sequential_scan(make_input(s), op, type, ex);
                    ASSERT_EQ(t.output.size(), expect.size());
                    for (size_t i = 0; i < expect.size(); ++i) {
                        if (type == ElemType::F32)
                            ASSERT_NEAR(t.output[i], expect[i], 1e-4 * (1 + std::fabs(expect[i])))
                                << n << " " << i;
                        else
                            ASSERT_EQ(t.output[i], expect[i]) << "n=" << n << " i=" << i;
                    }
                }
}

TEST(ModelLookback, FlagsLookBackDistanceAndPublishOrder) {
    const Trace t = run(2048, Op::Add, ElemType::I32, false, 64, 2);  // 16 tiles of 128
    const Region& status = region(t, "tile status");
    const Region& inclusive = region(t, "tile inclusive");
    const Region& aggregate = region(t, "tile aggregate");
    ASSERT_EQ(status.count, 16);
    // At the end every tile has published its inclusive prefix, the fold of all tiles up to it.
    double running = 0;
    for (int k = 0; k < 16; ++k) {
        EXPECT_EQ(t.steps.back().state[status.first_slot + k], 2.0);
        running += t.steps.back().state[aggregate.first_slot + k];
        EXPECT_EQ(t.steps.back().state[inclusive.first_slot + k], running);
    }
    // Look-back: tile t reads statuses nearest first and stops at the first inclusive one.
    std::vector<int> distance(16, -1);
    for (const auto& step : t.steps) {
        if (step.phase != "look back") continue;
        for (const auto& op : step.ops) {
            if (op.kind != OpKind::Wait) continue;
            const int pred = op.reads[0] - status.first_slot;
            ASSERT_LT(pred, op.thread);
            distance[op.thread] = std::max(distance[op.thread], op.thread - pred);
        }
    }
    EXPECT_EQ(distance[0], -1);  // tile 0 never looks back
    for (int k = 1; k < 16; ++k) {
        EXPECT_GE(distance[k], 1) << k;
        EXPECT_LE(distance[k], 4) << k;  // never past the previous wave of resident tiles
    }
    EXPECT_EQ(distance[1], 1);
    EXPECT_EQ(distance[3], 3);
    EXPECT_EQ(distance[4], 1);
    EXPECT_EQ(distance[7], 4);
    // A tile's elements are written only in a step after its inclusive prefix is published.
    std::vector<int> published(16, -1), scanned(16, -1);
    for (size_t s = 0; s < t.steps.size(); ++s)
        for (const auto& op : t.steps[s].ops) {
            if (op.kind == OpKind::Flag && t.steps[s].state[op.writes[0]] == 2.0)
                published[op.thread] = int(s);
            if (op.kind == OpKind::TileScan) scanned[op.thread] = int(s);
        }
    for (int k = 0; k < 16; ++k) EXPECT_LT(published[k], scanned[k]) << k;
    EXPECT_EQ(t.steps.back().barrier, barrier_name(BarrierKind::KernelEnd));
}

TEST(ModelLookback, RejectsSizesAndTilesItDoesNotTrace) {
    RunSpec s;
    s.variant = "device_decoupled_lookback";
    s.n = 0;
    EXPECT_TRUE(validate_and_resolve(s).has_value());
    s.n = 65537;
    EXPECT_TRUE(validate_and_resolve(s).has_value());
    s.n = 1000;
    s.threads = 96;
    s.items_per_thread = 3;
    const auto e = validate_and_resolve(s);
    ASSERT_TRUE(e.has_value());
    EXPECT_NE(e->find("96x3"), std::string::npos) << *e;
}
