// Every registered variant, against the ground truth and against its own trace:
//   - output equals the sequential scan (segmented: restarting at each head) for
//     every operator x type x inclusive/exclusive, on random inputs, over every
//     size the variant accepts among a list with non-powers of two;
//     float32 within gamma(k) * sum |x_j| (k = span + 1: no chain in the trace
//     is longer, so no output went through more roundings);
//   - replay(): the operations explain every step's state;
//   - every slot index is inside the layout, every phase is one the variant lists;
//   - the JSON round trip is exact.
// A model that is still a placeholder (throws "not implemented yet") FAILS here.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <random>
#include <string>

#include "core/analysis/metrics.hpp"
#include "core/trace/json.hpp"
#include "core/trace/replay.hpp"
#include "core/models/variants.hpp"

using namespace scanviz;

namespace {

std::vector<int> candidate_sizes() {
    std::vector<int> s;
    for (int n = 1; n <= 40; ++n) s.push_back(n);
    for (int n : {63, 64, 65, 96, 100, 127, 128, 129, 255, 256, 1000, 1024, 2048, 4096}) s.push_back(n);
    return s;
}

struct Combo {
    Op op;
    ElemType type;
    bool exclusive;
};

std::vector<Combo> combos() {
    std::vector<Combo> c;
    for (bool ex : {false, true}) {
        for (Op op : {Op::Add, Op::Max, Op::Min}) c.push_back({op, ElemType::I32, ex});
        c.push_back({Op::Add, ElemType::F32, ex});
    }
    return c;
}

std::string describe(const RunSpec& s) {
    return s.variant + " n=" + std::to_string(s.n) + " threads=" + std::to_string(s.threads) +
           " items=" + std::to_string(s.items_per_thread) + " " + std::string(to_string(s.op)) + " " +
           std::string(to_string(s.type)) + (s.exclusive ? " exclusive" : " inclusive") +
           " seed=" + std::to_string(s.seed);
}

// Random input values: int32 over the whole range (add wraps, as on the GPU),
// non-negative and smaller for the segmented scan (bit 31 carries its head flag);
// float32 in [-1, 1) ([0, 1) for the segmented scan).
std::vector<double> random_values(const VariantInfo& v, ElemType type, int n, std::mt19937_64& rng) {
    std::vector<double> x(static_cast<size_t>(n));
    if (type == ElemType::F32) {
        std::uniform_real_distribution<float> d(v.segmented ? 0.0f : -1.0f, 1.0f);
        for (auto& e : x) e = static_cast<double>(d(rng));
    } else if (v.segmented) {
        std::uniform_int_distribution<int32_t> d(0, 1 << 20);
        for (auto& e : x) e = d(rng);
    } else {
        std::uniform_int_distribution<int32_t> d(std::numeric_limits<int32_t>::min(),
                                                 std::numeric_limits<int32_t>::max());
        for (auto& e : x) e = d(rng);
    }
    return x;
}

double gamma_bound(int k) {
    const double u = std::ldexp(1.0, -24);
    return k * u >= 1.0 ? std::numeric_limits<double>::infinity() : k * u / (1.0 - k * u);
}

// The exact (double) scan of float inputs and the sums of |x| that bound its error.
void exact_scan(const std::vector<double>& in, const std::vector<uint8_t>& heads, bool exclusive,
                std::vector<double>& exact, std::vector<double>& abs_sum) {
    exact.assign(in.size(), 0.0);
    abs_sum.assign(in.size(), 0.0);
    double acc = 0.0, acc_abs = 0.0;
    for (size_t i = 0; i < in.size(); ++i) {
        if (i == 0 || (!heads.empty() && heads[i])) acc = acc_abs = 0.0;
        if (exclusive) {
            exact[i] = acc;
            abs_sum[i] = acc_abs;
        }
        acc += in[i];
        acc_abs += std::fabs(in[i]);
        if (!exclusive) {
            exact[i] = acc;
            abs_sum[i] = acc_abs;
        }
    }
}

bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::bit_cast<uint64_t>(a[i]) != std::bit_cast<uint64_t>(b[i])) return false;
    return true;
}

// Checks one trace completely; returns the first problem ("" when none).
std::string check_trace(const VariantInfo& v, const RunSpec& spec, const Trace& t, bool round_trip) {
    const int n = spec.n;
    if (static_cast<int>(t.output.size()) != n)
        return "output has " + std::to_string(t.output.size()) + " values, expected " + std::to_string(n);
    if (!same_bits(t.input, make_input(spec))) return "trace input is not the spec's input";
    if (t.spec.variant != spec.variant || t.spec.n != n) return "trace spec does not match the run";

    // Shape: slots inside the layout, masks sized for the threads, phases from the variant's list.
    const int slots = t.layout.slots;
    if (static_cast<int>(t.initial_state.size()) != slots) return "initial state length != layout slots";
    if (static_cast<int>(t.layout.padding.size()) != slots) return "padding length != layout slots";
    for (const Region& r : t.layout.regions)
        if (r.first_slot < 0 || r.count < 0 || r.first_slot + r.count > slots)
            return "region '" + r.name + "' reaches outside the layout";
    const size_t mask_words = static_cast<size_t>((t.threads + 31) / 32);
    for (size_t s = 0; s < t.steps.size(); ++s) {
        const Step& st = t.steps[s];
        const std::string where = "step " + std::to_string(s) + " (" + st.label + ")";
        if (static_cast<int>(st.state.size()) != slots) return where + ": state length != layout slots";
        if (st.active_mask.size() != mask_words)
            return where + ": active mask has " + std::to_string(st.active_mask.size()) + " words, " +
                   std::to_string(t.threads) + " threads need " + std::to_string(mask_words);
        if (std::find(v.phases.begin(), v.phases.end(), st.phase) == v.phases.end())
            return where + ": phase '" + st.phase + "' is not in the variant's phase list";
        for (const Operation& op : st.ops) {
            for (int r : op.reads)
                if (r < 0 || r >= slots)
                    return where + ": read of slot " + std::to_string(r) + " outside the layout";
            for (int w : op.writes)
                if (w < 0 || w >= slots)
                    return where + ": write of slot " + std::to_string(w) + " outside the layout";
        }
    }

    // The operations explain the states.
    if (auto m = replay(t)) return "replay: " + m->what;

    // The output is the scan.
    const Metrics metrics = compute_metrics(t);
    if (spec.type == ElemType::I32) {
        const auto expected = reference_scan(t.input, t.heads, spec.op, spec.type, spec.exclusive);
        for (int i = 0; i < n; ++i)
            if (t.output[i] != expected[i])
                return "output[" + std::to_string(i) + "] = " + std::to_string(t.output[i]) +
                       ", the sequential scan gives " + std::to_string(expected[i]);
    } else {
        std::vector<double> exact, abs_sum;
        exact_scan(t.input, t.heads, spec.exclusive, exact, abs_sum);
        const int k = metrics.span + 1;
        for (int i = 0; i < n; ++i) {
            const double err = std::fabs(t.output[i] - exact[i]);
            const double bound = gamma_bound(k) * abs_sum[i];
            if (!(err <= bound))
                return "float output[" + std::to_string(i) + "] = " + std::to_string(t.output[i]) + " is " +
                       std::to_string(err) + " from the exact " + std::to_string(exact[i]) +
                       ", more than gamma(" + std::to_string(k) + ") * sum|x| = " + std::to_string(bound);
        }
    }

    if (round_trip) {
        const std::string text = trace_to_json_text(t, -1);
        const Trace back = trace_from_json_text(text);
        if (trace_to_json_text(back, -1) != text) return "JSON round trip changes the trace";
        if (!same_bits(back.output, t.output) || back.steps.size() != t.steps.size())
            return "JSON round trip changes the output";
        for (size_t s = 0; s < t.steps.size(); ++s)
            if (!same_bits(back.steps[s].state, t.steps[s].state))
                return "JSON round trip changes step " + std::to_string(s) + "'s state";
    }
    return "";
}

class EveryVariant : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryVariant, ModelIsTheScanAndItsTraceExplainsItself) {
    const VariantInfo* v = find_variant(GetParam());
    ASSERT_NE(v, nullptr);
    std::mt19937_64 rng(std::hash<std::string>{}(GetParam()));
    int runs = 0, failures = 0;
    std::vector<int> accepted;
    for (int n : candidate_sizes()) {
        RunSpec probe;
        probe.variant = std::string(v->id);
        probe.n = n;
        if (!v->check(probe)) accepted.push_back(n);
    }
    ASSERT_FALSE(accepted.empty()) << "the variant accepts none of the candidate sizes";
    {
        RunSpec d;
        d.variant = std::string(v->id);
        d.n = v->default_n;
        const auto err = v->check(d);
        EXPECT_FALSE(err.has_value())
            << "the default n " << v->default_n << " is refused: " << err.value_or("");
    }

    // Variants with few sizes (the warp scans: n = 32) get several random inputs per size.
    const int repeats = std::max<int>(1, 24 / static_cast<int>(accepted.size()));
    for (const Combo& c : combos()) {
        for (int rep = 0; rep < repeats; ++rep)
            for (int n : accepted) {
                RunSpec spec;
                spec.variant = std::string(v->id);
                spec.n = n;
                spec.op = c.op;
                spec.type = c.type;
                spec.exclusive = c.exclusive;
                spec.input = InputKind::Given;
                spec.values = random_values(*v, c.type, n, rng);
                spec.seed = rng();
                if (v->segmented) {
                    spec.heads.assign(static_cast<size_t>(n), 0);
                    std::bernoulli_distribution head(0.2);
                    for (auto& h : spec.heads) h = head(rng) ? 1 : 0;
                }
                if (auto err = validate_and_resolve(spec)) {
                    ADD_FAILURE() << describe(spec)
                                  << ": the variant rejects a spec its check accepted: " << *err;
                    ++failures;
                    continue;
                }
                Trace t;
                try {
                    t = find_variant(spec.variant)->model(spec);
                } catch (const std::exception& e) {
                    ADD_FAILURE() << describe(spec) << ": the model throws: " << e.what();
                    if (std::string(e.what()).find("not implemented") != std::string::npos) return;
                    if (++failures >= 10) return;
                    continue;
                }
                ++runs;
                const std::string problem = check_trace(*v, spec, t, n <= 129 || n == v->default_n);
                if (!problem.empty()) {
                    ADD_FAILURE() << describe(spec) << ": " << problem;
                    if (++failures >= 10) return;
                }
            }
    }
    RecordProperty("runs", runs);
    EXPECT_GT(runs, 0);
}

std::vector<std::string> variant_ids() {
    std::vector<std::string> ids;
    for (const VariantInfo& v : all_variants()) ids.emplace_back(v.id);
    return ids;
}

INSTANTIATE_TEST_SUITE_P(Models, EveryVariant, ::testing::ValuesIn(variant_ids()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

// The checks above can fail: replay notices a state its operations do not explain.
TEST(Replay, FindsTheFirstStateTheOperationsDoNotExplain) {
    RunSpec spec;
    spec.variant = "warp_conditional";
    spec.n = 32;
    const Trace good = run_model(spec);
    ASSERT_FALSE(replay(good).has_value());

    Trace bad_value = good;
    bad_value.steps[2].state[17] += 1;  // a value no operation wrote
    auto m = replay(bad_value);
    ASSERT_TRUE(m.has_value());
    EXPECT_EQ(m->step, 2);
    EXPECT_EQ(m->slot, 17);
    EXPECT_EQ(m->recorded, good.steps[2].state[17] + 1);
    EXPECT_EQ(m->replayed, good.steps[2].state[17]);
    EXPECT_NE(m->what.find("step 2 (kogge-stone d=4): slot 17"), std::string::npos) << m->what;

    Trace bad_op = good;
    bad_op.steps[0].ops[0].reads[0] = 5;  // lane 1 claims to have read slot 5, not slot 0
    m = replay(bad_op);
    ASSERT_TRUE(m.has_value());
    EXPECT_EQ(m->step, 0);
    EXPECT_EQ(m->slot, 1);

    Trace bad_shape = good;
    bad_shape.steps[3].state.pop_back();
    m = replay(bad_shape);
    ASSERT_TRUE(m.has_value());
    EXPECT_EQ(m->step, 3);
    EXPECT_EQ(m->slot, -1);

    Trace out_of_range = good;
    out_of_range.steps[1].ops[0].writes[0] = 99;
    m = replay(out_of_range);
    ASSERT_TRUE(m.has_value());
    EXPECT_NE(m->what.find("slot 99, outside the layout"), std::string::npos) << m->what;
}

TEST(Replay, ReferenceScanRestartsAtEveryHead) {
    const std::vector<double> in = {1, 2, 3, 4, 5, 6};
    const std::vector<uint8_t> heads = {1, 0, 1, 0, 0, 1};
    EXPECT_EQ(reference_scan(in, heads, Op::Add, ElemType::I32, false),
              (std::vector<double>{1, 3, 3, 7, 12, 6}));
    EXPECT_EQ(reference_scan(in, heads, Op::Add, ElemType::I32, true),
              (std::vector<double>{0, 1, 0, 3, 7, 0}));
    EXPECT_EQ(reference_scan(in, {}, Op::Max, ElemType::I32, false),
              sequential_scan(in, Op::Max, ElemType::I32, false));
}

TEST(EveryVariantRegistry, IdsAreUniqueAndEveryVariantListsItsPhases) {
    std::vector<std::string> ids = variant_ids();
    EXPECT_EQ(ids.size(), 20u);  // the lines of kernels/variants.txt (test_variant_phases holds them equal)
    std::sort(ids.begin(), ids.end());
    EXPECT_EQ(std::adjacent_find(ids.begin(), ids.end()), ids.end());
    for (const VariantInfo& v : all_variants()) {
        EXPECT_FALSE(v.phases.empty()) << v.id;
        EXPECT_FALSE(v.title.empty()) << v.id;
        EXPECT_FALSE(v.accepts.empty()) << v.id;
    }
}

}  // namespace
