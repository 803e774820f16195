// Reference models of the warp-level variants: closed forms and properties
// that only the warp family has (the generic "output equals a sequential
// scan" test over every variant lives in the core tests).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "core/analysis/metrics.hpp"
#include "core/models/variants.hpp"
#include "core/models/warp_models.hpp"
#include "core/trace/compare.hpp"
#include "core/trace/replay.hpp"
#include "support/spec_cases.hpp"

using namespace scanviz;
using namespace scanviz::test;

namespace {

std::string name_of(const RunSpec& s) {
    return s.variant + " op=" + std::string(to_string(s.op)) + " type=" + std::string(to_string(s.type)) +
           (s.exclusive ? " exclusive" : " inclusive") + " seed=" + std::to_string(s.seed);
}

RunSpec make_spec(std::string variant, OpType ot, bool exclusive, uint64_t seed) {
    RunSpec s;
    s.variant = std::move(variant);
    s.n = 32;
    s.op = ot.op;
    s.type = ot.type;
    s.exclusive = exclusive;
    s.seed = seed;
    return s;
}

int steps_with_combines(const Trace& t) {
    int n = 0;
    for (const auto& step : t.steps) {
        bool any = false;
        for (const auto& op : step.ops) any = any || op.kind == OpKind::Combine;
        n += any ? 1 : 0;
    }
    return n;
}

const Region& region_named_prefix(const Trace& t, std::string_view prefix) {
    for (const auto& r : t.layout.regions)
        if (r.name.rfind(prefix, 0) == 0) return r;
    throw std::runtime_error("no region " + std::string(prefix));
}

// Every warp model's states follow from its operations (replay), for every
// operator, type and inclusive/exclusive.
TEST(WarpModels, OperationsExplainEveryState) {
    for (const char* id : {"warp_conditional", "warp_zeropad", "warp_templated", "warp_shfl_ptx",
                           "warp_shfl_intrinsic", "warp_segmented", "warp_legacy_volatile"}) {
        for (const OpType& ot : kOpTypes) {
            for (bool ex : {false, true}) {
                RunSpec spec = make_spec(id, ot, ex, 21);
                if (spec.variant == "warp_segmented")
                    spec.heads = {1, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0,
                                  0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1};
                SCOPED_TRACE(name_of(spec));
                const Trace t = run_model(spec);
                auto m = replay(t);
                EXPECT_FALSE(m.has_value()) << (m ? m->what : "");
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Kogge-Stone span: five steps of combines (log2 32), and the dependency
// chain of the last lane is five operator applications long.

class KoggeStoneSpan : public ::testing::TestWithParam<std::string> {};

TEST_P(KoggeStoneSpan, FiveStepsOfCombinesAndSpanFive) {
    for (const OpType& ot : kOpTypes) {
        for (bool ex : {false, true}) {
            const RunSpec spec = make_spec(GetParam(), ot, ex, 7);
            SCOPED_TRACE(name_of(spec));
            const Trace t = run_model(spec);
            EXPECT_EQ(steps_with_combines(t), 5);
            const Metrics m = compute_metrics(t);
            EXPECT_EQ(m.span, 5);
            EXPECT_EQ(static_cast<int>(t.steps.size()), ex ? 6 : 5);
            // Step k of the scan is labelled with its distance d = 2^k.
            for (int k = 0; k < 5; ++k) EXPECT_EQ(t.steps[k].label, step_label(t.steps[k].phase, 1 << k));
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Warp, KoggeStoneSpan,
                         ::testing::Values("warp_conditional", "warp_zeropad", "warp_templated",
                                           "warp_shfl_ptx", "warp_shfl_intrinsic", "warp_legacy_volatile"),
                         [](const auto& info) { return info.param; });

// Work: the conditional forms skip the lanes below d (sum over d of 32 - d =
// 129 combines); the zero-padded forms do all 32 lanes at all 5 steps (160).
TEST(WarpWork, ConditionalSkipsLanesZeroPadDoesAll) {
    const RunSpec cond = make_spec("warp_conditional", kOpTypes[0], false, 3);
    const RunSpec pad = make_spec("warp_zeropad", kOpTypes[0], false, 3);
    const RunSpec shfl = make_spec("warp_shfl_ptx", kOpTypes[0], false, 3);
    EXPECT_EQ(compute_metrics(run_model(cond)).work, 31 + 30 + 28 + 24 + 16);
    EXPECT_EQ(compute_metrics(run_model(pad)).work, 5 * 32);
    EXPECT_EQ(compute_metrics(run_model(shfl)).work, 31 + 30 + 28 + 24 + 16);
}

// ---------------------------------------------------------------------------
// Zero padding: the Handbook's layout (16 identity words, the 32 partials at
// 16 + lane, one spare word), the padding never changes, and every lane
// combines at every step (no lane conditional).

class ZeroPadded : public ::testing::TestWithParam<std::string> {};

TEST_P(ZeroPadded, LayoutPaddingNeverChangesAndNoLaneConditionals) {
    for (const OpType& ot : kOpTypes) {
        for (bool ex : {false, true}) {
            const RunSpec spec = make_spec(GetParam(), ot, ex, 11);
            SCOPED_TRACE(name_of(spec));
            const Trace t = run_model(spec);
            ASSERT_EQ(t.layout.regions.size(), 1u);
            const Region& r = t.layout.regions[0];
            EXPECT_EQ(r.space, Space::Shared);
            ASSERT_EQ(r.count, 49);  // 49 * warp + 16 + lane for warp 0
            ASSERT_EQ(t.layout.slots, 49);
            const double id = identity(spec.op, spec.type);
            int padding = 0;
            for (int i = 0; i < 49; ++i) {
                const bool is_pad = i < 16 || i == 48;
                EXPECT_EQ(t.layout.padding[i] != 0, is_pad) << "slot " << i;
                padding += t.layout.padding[i];
                if (!is_pad) continue;
                EXPECT_EQ(t.initial_state[i], id) << "slot " << i;
                for (size_t k = 0; k < t.steps.size(); ++k)
                    EXPECT_EQ(t.steps[k].state[i], id) << "padding slot " << i << " changed at step " << k;
            }
            EXPECT_EQ(padding, 17);
            if (spec.op == Op::Add) {
                for (int i = 0; i < 16; ++i) EXPECT_EQ(t.initial_state[i], 0.0);  // the Handbook's zeros
            }
            // Partials start at slot 16 + lane.
            for (int lane = 0; lane < 32; ++lane) EXPECT_EQ(t.initial_state[16 + lane], t.input[lane]);
            for (size_t k = 0; k < t.steps.size(); ++k) {
                const Step& step = t.steps[k];
                EXPECT_EQ(active_count(step.active_mask), 32) << "step " << k;
                ASSERT_EQ(step.ops.size(), 32u) << "step " << k;
                std::vector<int> per_lane(32, 0);
                for (const auto& op : step.ops) {
                    ++per_lane[op.thread];
                    ASSERT_EQ(op.writes.size(), 1u);
                    EXPECT_EQ(op.writes[0], 16 + op.thread);
                    EXPECT_FALSE(t.layout.padding[op.writes[0]]) << "a padding slot was written";
                    if (k < 5) {
                        EXPECT_EQ(op.kind, OpKind::Combine);
                        ASSERT_EQ(op.reads.size(), 2u);
                        EXPECT_EQ(op.reads[0], 16 + op.thread - (1 << k));  // lanes below d read padding
                    }
                }
                for (int lane = 0; lane < 32; ++lane) EXPECT_EQ(per_lane[lane], 1) << "lane " << lane;
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Warp, ZeroPadded, ::testing::Values("warp_zeropad", "warp_templated"),
                         [](const auto& info) { return info.param; });

TEST(ZeroPadded, TemplatedTrueIsTheZeroPaddedTrace) {
    for (const OpType& ot : kOpTypes) {
        for (bool ex : {false, true}) {
            const Trace a = run_model(make_spec("warp_zeropad", ot, ex, 5));
            const Trace b = run_model(make_spec("warp_templated", ot, ex, 5));
            auto m = compare_traces(a, b);
            EXPECT_FALSE(m.has_value()) << (m ? m->what : "");
        }
    }
}

// ---------------------------------------------------------------------------
// Shuffle: the PTX form (predicate) and the intrinsic form (lane test) do the
// same operations: identical traces. Their state is one register per lane.

TEST(Shuffle, PtxAndIntrinsicTracesAreIdentical) {
    for (const OpType& ot : kOpTypes) {
        for (bool ex : {false, true}) {
            for (uint64_t seed : {1u, 2u, 99u}) {
                const RunSpec sp = make_spec("warp_shfl_ptx", ot, ex, seed);
                SCOPED_TRACE(name_of(sp));
                const Trace ptx = run_model(sp);
                const Trace intr = run_model(make_spec("warp_shfl_intrinsic", ot, ex, seed));
                auto m = compare_traces(ptx, intr);
                EXPECT_FALSE(m.has_value()) << (m ? m->what : "");
                ASSERT_EQ(ptx.layout.regions.size(), 1u);
                EXPECT_EQ(ptx.layout.regions[0].space, Space::Registers);
                EXPECT_EQ(ptx.layout.regions[0].count, 32);
                for (const auto& step : ptx.steps)
                    EXPECT_EQ(step.barrier, barrier_name(BarrierKind::ShflSync));
                if (ex) {
                    EXPECT_EQ(ptx.steps.back().phase, "exclusive shift");
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Legacy volatile: same output as the correct form, but its steps end in
// "lockstep" (no barrier), and it says where it is correct.

TEST(LegacyVolatile, SameOutputAsCorrectFormNoBarriers) {
    std::mt19937_64 rng(2024);
    for (const OpType& ot : kOpTypes) {
        for (bool ex : {false, true}) {
            for (int rep = 0; rep < 5; ++rep) {
                const uint64_t seed = rng();
                const RunSpec legacy_spec = make_spec("warp_legacy_volatile", ot, ex, seed);
                SCOPED_TRACE(name_of(legacy_spec));
                const Trace legacy = run_model(legacy_spec);
                const Trace correct = run_model(make_spec("warp_conditional", ot, ex, seed));
                EXPECT_EQ(legacy.output, correct.output);
                ASSERT_EQ(legacy.steps.size(), correct.steps.size());
                for (size_t k = 0; k < legacy.steps.size(); ++k) {
                    EXPECT_EQ(legacy.steps[k].barrier, barrier_name(BarrierKind::Lockstep));
                    EXPECT_EQ(correct.steps[k].barrier, barrier_name(BarrierKind::SyncWarp));
                }
            }
        }
    }
    const VariantInfo* v = find_variant("warp_legacy_volatile");
    ASSERT_NE(v, nullptr);
    EXPECT_NE(std::string(v->description).find("pre-Volta"), std::string::npos);
}

// ---------------------------------------------------------------------------
// Segmented scan: restarts at every head, for random head patterns; no
// combine reads across a head; distances are the ones __clz gives.

TEST(Segmented, RestartsAtEveryHeadAndNoCombineCrossesAHead) {
    std::mt19937_64 rng(12345);
    for (int rep = 0; rep < 60; ++rep) {
        // Densities from "a head almost everywhere" to "almost none".
        const double density = std::vector<double>{0.03, 0.1, 0.25, 0.5, 0.9}[rep % 5];
        std::bernoulli_distribution head(density);
        for (const OpType& ot : kOpTypes) {
            for (bool ex : {false, true}) {
                RunSpec spec = make_spec("warp_segmented", ot, ex, rng());
                spec.heads.assign(32, 0);
                for (auto& h : spec.heads) h = head(rng) ? 1 : 0;
                SCOPED_TRACE(name_of(spec));
                const Trace t = run_model(spec);
                ASSERT_EQ(t.heads.size(), 32u);
                EXPECT_EQ(t.heads[0], 1);  // lane 0 always starts a segment
                const auto expected = reference_scan(t.input, t.heads, spec.op, spec.type, spec.exclusive);
                if (spec.type == ElemType::I32) {
                    EXPECT_EQ(t.output, expected);
                } else {
                    for (int i = 0; i < 32; ++i) EXPECT_NEAR(t.output[i], expected[i], 1e-4) << "lane " << i;
                }
                // Restart: a head's output is its own input (inclusive) or the identity (exclusive).
                for (int i = 0; i < 32; ++i) {
                    if (t.heads[i]) {
                        EXPECT_EQ(t.output[i], ex ? identity(spec.op, spec.type) : t.input[i])
                            << "head " << i;
                    }
                }

                const Region& s = region_named_prefix(t, "s_partials");
                const Region& dist = region_named_prefix(t, "distance");
                for (size_t k = 0; k < t.steps.size(); ++k) {
                    for (const auto& op : t.steps[k].ops) {
                        if (op.kind != OpKind::Combine && op.kind != OpKind::Copy) continue;
                        if (op.reads.empty()) continue;
                        const int w = op.writes[0] - s.first_slot;
                        const int r = op.reads[0] - s.first_slot;
                        ASSERT_GE(r, 0);
                        ASSERT_LT(w, 32);
                        for (int j = r + 1; j <= w; ++j)
                            EXPECT_FALSE(t.heads[j]) << "step " << k << ": lane " << op.thread
                                                     << " reads lane " << r << " across the head at " << j;
                    }
                }
                // The distance registers after the first step: lanes back to the head.
                int last_head = 0;
                for (int i = 0; i < 32; ++i) {
                    if (t.heads[i]) last_head = i;
                    EXPECT_EQ(t.steps[0].state[dist.first_slot + i], i - last_head) << "lane " << i;
                }
            }
        }
    }
}

TEST(Segmented, OneSegmentIsThePlainScan) {
    for (const OpType& ot : kOpTypes) {
        const RunSpec seg = make_spec("warp_segmented", ot, false, 77);
        const Trace t = run_model(seg);
        EXPECT_EQ(t.output, run_model(make_spec("warp_conditional", ot, false, 77)).output);
    }
}

TEST(Segmented, RefusesValuesThatUseBit31) {
    for (ElemType type : {ElemType::I32, ElemType::F32}) {
        RunSpec spec = make_spec("warp_segmented", {Op::Add, type}, false, 1);
        spec.input = InputKind::Given;
        spec.values.assign(32, 1.0);
        EXPECT_FALSE(validate_and_resolve(spec).has_value());
        spec.values[4] = -3.0;
        auto err = validate_and_resolve(spec);
        ASSERT_TRUE(err.has_value());
        EXPECT_NE(err->find("bit 31"), std::string::npos) << *err;
        EXPECT_NE(err->find("value 4"), std::string::npos) << *err;
        EXPECT_THROW(run_model(spec), std::invalid_argument);
    }
    // -0.0f has bit 31 set too.
    RunSpec spec = make_spec("warp_segmented", {Op::Add, ElemType::F32}, false, 1);
    spec.input = InputKind::Given;
    spec.values.assign(32, 0.5);
    spec.values[0] = -0.0;
    EXPECT_TRUE(validate_and_resolve(spec).has_value());
}

TEST(WarpVariants, RefuseOtherSizesWithOneLine) {
    for (const char* id : {"warp_zeropad", "warp_templated", "warp_shfl_ptx", "warp_shfl_intrinsic",
                           "warp_segmented", "warp_legacy_volatile"}) {
        RunSpec spec;
        spec.variant = id;
        spec.n = 33;
        auto err = validate_and_resolve(spec);
        ASSERT_TRUE(err.has_value()) << id;
        EXPECT_NE(err->find("n must be 32"), std::string::npos) << *err;
        EXPECT_EQ(err->find('\n'), std::string::npos);
    }
}

}  // namespace
