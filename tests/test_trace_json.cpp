// Trace JSON: exact round trip, and one clear exception for each kind of malformed input.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>

#include "core/trace/json.hpp"
#include "core/models/variants.hpp"

using namespace scanviz;
using nlohmann::json;

namespace {

bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::bit_cast<uint64_t>(a[i]) != std::bit_cast<uint64_t>(b[i])) return false;
    return true;
}

void expect_same(const Trace& a, const Trace& b) {
    EXPECT_EQ(a.version, b.version);
    EXPECT_EQ(a.spec.variant, b.spec.variant);
    EXPECT_EQ(a.spec.n, b.spec.n);
    EXPECT_EQ(a.spec.threads, b.spec.threads);
    EXPECT_EQ(a.spec.items_per_thread, b.spec.items_per_thread);
    EXPECT_EQ(a.spec.op, b.spec.op);
    EXPECT_EQ(a.spec.type, b.spec.type);
    EXPECT_EQ(a.spec.exclusive, b.spec.exclusive);
    EXPECT_EQ(a.spec.input, b.spec.input);
    EXPECT_EQ(a.spec.seed, b.spec.seed);
    EXPECT_TRUE(same_bits(a.spec.values, b.spec.values));
    EXPECT_EQ(a.spec.heads, b.spec.heads);
    EXPECT_EQ(a.threads, b.threads);
    EXPECT_EQ(a.blocks, b.blocks);
    EXPECT_EQ(a.layout.slots, b.layout.slots);
    EXPECT_EQ(a.layout.padding, b.layout.padding);
    ASSERT_EQ(a.layout.regions.size(), b.layout.regions.size());
    for (size_t i = 0; i < a.layout.regions.size(); ++i) {
        const Region &x = a.layout.regions[i], &y = b.layout.regions[i];
        EXPECT_EQ(x.name, y.name);
        EXPECT_EQ(x.space, y.space);
        EXPECT_EQ(x.first_slot, y.first_slot);
        EXPECT_EQ(x.count, y.count);
        EXPECT_EQ(x.byte_offset, y.byte_offset);
        EXPECT_EQ(x.elem_bytes, y.elem_bytes);
        EXPECT_EQ(x.cols, y.cols);
    }
    EXPECT_TRUE(same_bits(a.input, b.input));
    EXPECT_EQ(a.heads, b.heads);
    EXPECT_TRUE(same_bits(a.initial_state, b.initial_state));
    ASSERT_EQ(a.steps.size(), b.steps.size());
    for (size_t s = 0; s < a.steps.size(); ++s) {
        const Step &x = a.steps[s], &y = b.steps[s];
        EXPECT_EQ(x.phase, y.phase);
        EXPECT_EQ(x.label, y.label);
        EXPECT_EQ(x.barrier, y.barrier);
        EXPECT_EQ(x.active_mask, y.active_mask);
        EXPECT_TRUE(same_bits(x.state, y.state)) << "step " << s;
        ASSERT_EQ(x.ops.size(), y.ops.size());
        for (size_t o = 0; o < x.ops.size(); ++o) {
            EXPECT_EQ(x.ops[o].thread, y.ops[o].thread);
            EXPECT_EQ(x.ops[o].kind, y.ops[o].kind);
            EXPECT_EQ(x.ops[o].reads, y.ops[o].reads);
            EXPECT_EQ(x.ops[o].writes, y.ops[o].writes);
            EXPECT_EQ(x.ops[o].applications, y.ops[o].applications);
            EXPECT_EQ(x.ops[o].depth, y.ops[o].depth);
        }
    }
    EXPECT_TRUE(same_bits(a.output, b.output));
    EXPECT_EQ(a.source.kind, b.source.kind);
    EXPECT_EQ(a.source.device, b.source.device);
    EXPECT_EQ(a.source.sm, b.source.sm);
    EXPECT_EQ(a.source.driver, b.source.driver);
    EXPECT_EQ(a.source.date, b.source.date);
    EXPECT_EQ(a.source.note, b.source.note);
}

Trace model_trace(ElemType type, bool exclusive) {
    RunSpec spec;
    spec.variant = "warp_conditional";
    spec.n = 32;
    spec.type = type;
    spec.exclusive = exclusive;
    spec.seed = 7;
    return run_model(spec);
}

// A valid trace as JSON, to break one field at a time.
json good() { return trace_to_json(model_trace(ElemType::I32, false)); }

// The message of the exception that reading `j` throws ("" when none).
std::string error_of(const json& j) {
    try {
        trace_from_json(j);
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "";
}

std::string error_of_text(const std::string& text) {
    try {
        trace_from_json_text(text);
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "";
}

#define EXPECT_ERROR_HAS(msg, part)                                                    \
    do {                                                                               \
        const std::string m_ = (msg);                                                  \
        EXPECT_NE(m_.find(part), std::string::npos) << "message: '" << m_ << "'";      \
        EXPECT_EQ(m_.find('\n'), std::string::npos) << "not one line: '" << m_ << "'"; \
    } while (0)

}  // namespace

TEST(TraceJson, RoundTripIsExactForAModelTrace) {
    for (ElemType type : {ElemType::I32, ElemType::F32})
        for (bool exclusive : {false, true}) {
            Trace t = model_trace(type, exclusive);
            Trace back = trace_from_json_text(trace_to_json_text(t));
            expect_same(t, back);
            EXPECT_EQ(trace_to_json_text(back), trace_to_json_text(t));
        }
}

TEST(TraceJson, RoundTripKeepsEveryFieldAndEveryDoubleBit) {
    Trace t = model_trace(ElemType::F32, false);
    std::mt19937_64 rng(3);
    std::uniform_int_distribution<uint64_t> bits;
    // Arbitrary doubles (not just floats), denormals, extremes and non-finite values.
    for (auto& v : t.initial_state) {
        double d = std::bit_cast<double>(bits(rng));
        v = std::isfinite(d) ? d : 0.1;
    }
    t.initial_state[0] = std::numeric_limits<double>::denorm_min();
    t.initial_state[1] = -std::numeric_limits<double>::max();
    t.initial_state[2] = std::numeric_limits<double>::infinity();
    t.initial_state[3] = -std::numeric_limits<double>::infinity();
    t.initial_state[4] = std::numeric_limits<double>::quiet_NaN();
    t.initial_state[5] = -0.0;
    t.spec.input = InputKind::Given;
    t.spec.values = t.input;
    t.spec.seed = std::numeric_limits<uint64_t>::max();
    t.spec.items_per_thread = 3;
    t.heads.assign(32, 0);
    t.heads[0] = t.heads[9] = 1;
    t.spec.heads = t.heads;
    t.blocks = 4;
    t.layout.regions[0].byte_offset = 64;
    t.layout.regions[0].elem_bytes = 8;
    t.layout.padding[3] = 1;
    t.source =
        TraceSource{"gpu", "NVIDIA H100 80GB HBM3", "sm_90", "13.0", "2026-11-21T23:00:00Z", "note \"q\" \\"};
    t.steps[0].ops.push_back(Operation{3, OpKind::Reduce, {1, 2, 3}, {4}, 2, 2});
    t.steps[0].ops.push_back(Operation{4, OpKind::Wait, {5}, {}, 0, 0});
    t.steps[1].ops.push_back(Operation{5, OpKind::Flag, {}, {6}, 0, 0});
    t.steps[1].ops.push_back(Operation{6, OpKind::Swap, {1, 2}, {1, 2}, 1, 1});
    Trace back = trace_from_json_text(trace_to_json_text(t, -1));
    expect_same(t, back);
}

TEST(TraceJson, SaysWhatItIs) {
    json j = good();
    EXPECT_EQ(j.at("format"), "scanviz-trace");
    EXPECT_EQ(j.at("version"), kTraceFormatVersion);
}

TEST(TraceJson, NotJson) {
    EXPECT_ERROR_HAS(error_of_text("this is not json"), "not valid JSON");
    EXPECT_ERROR_HAS(error_of_text(""), "not valid JSON");
}

TEST(TraceJson, Truncated) {
    const std::string text = trace_to_json_text(model_trace(ElemType::I32, false));
    EXPECT_ERROR_HAS(error_of_text(text.substr(0, text.size() / 2)), "not valid JSON");
}

TEST(TraceJson, WrongFormatAndNewerVersion) {
    json j = good();
    j["format"] = "something-else";
    EXPECT_ERROR_HAS(error_of(j), "format");
    j = good();
    j["version"] = kTraceFormatVersion + 1;
    EXPECT_ERROR_HAS(error_of(j), "newer than this build reads");
    j["version"] = 0;
    EXPECT_ERROR_HAS(error_of(j), "trace.version");
    EXPECT_ERROR_HAS(error_of(json::array()), "expected an object");
}

TEST(TraceJson, MissingFieldsAndWrongTypes) {
    json j = good();
    j.erase("steps");
    EXPECT_ERROR_HAS(error_of(j), "missing field 'steps'");
    j = good();
    j["spec"].erase("op");
    EXPECT_ERROR_HAS(error_of(j), "trace.spec: missing field 'op'");
    j = good();
    j["threads"] = "32";
    EXPECT_ERROR_HAS(error_of(j), "trace.threads: expected an integer, got string");
    j = good();
    j["steps"][2]["state"][4] = true;
    EXPECT_ERROR_HAS(error_of(j), "trace.steps[2].state[4]: expected a number");
    j = good();
    j["spec"]["op"] = "mul";
    EXPECT_ERROR_HAS(error_of(j), "unknown value 'mul'");
    j = good();
    j["steps"][0]["ops"][0]["kind"] = "teleport";
    EXPECT_ERROR_HAS(error_of(j), "trace.steps[0].ops[0].kind: unknown value 'teleport'");
    j = good();
    j["source"]["kind"] = "guess";
    EXPECT_ERROR_HAS(error_of(j), "trace.source.kind");
}

TEST(TraceJson, CountsThatDoNotMatch) {
    json j = good();
    j["steps"][1]["state"].erase(0);
    EXPECT_ERROR_HAS(error_of(j), "trace.steps[1].state: has 31 values, expected 32");
    j = good();
    j["initial_state"].push_back(1);
    EXPECT_ERROR_HAS(error_of(j), "trace.initial_state: has 33 values");
    j = good();
    j["output"].erase(0);
    EXPECT_ERROR_HAS(error_of(j), "trace.output");
    j = good();
    j["steps"][0]["active_mask"].push_back(0);
    EXPECT_ERROR_HAS(error_of(j), "active_mask: has 2 words, 32 threads need 1");
    j = good();
    j["layout"]["padding"].erase(0);
    EXPECT_ERROR_HAS(error_of(j), "trace.layout.padding");
    j = good();
    j["layout"]["regions"][0]["first_slot"] = 10;
    EXPECT_ERROR_HAS(error_of(j), "reach past the layout");
    j = good();
    j["heads"] = json::array({1, 0, 1});
    EXPECT_ERROR_HAS(error_of(j), "trace.heads: has 3 flags, expected n = 32");
}

TEST(TraceJson, SlotOutOfRange) {
    json j = good();
    j["steps"][3]["ops"][1]["reads"][0] = 32;
    EXPECT_ERROR_HAS(error_of(j), "trace.steps[3].ops[1].reads[0]: slot 32 is outside the layout (32 slots)");
    j = good();
    j["steps"][0]["ops"][0]["writes"][0] = -1;
    EXPECT_ERROR_HAS(error_of(j), "slot -1 is outside the layout");
    j = good();
    j["steps"][0]["ops"][0]["reads"].erase(0);
    EXPECT_ERROR_HAS(error_of(j), "a combine reads 2 slots and writes 1");
}

TEST(TraceJson, AbsurdSizes) {
    json j = good();
    j["spec"]["n"] = int64_t{1} << 40;
    EXPECT_ERROR_HAS(error_of(j), "trace.spec.n: value 1099511627776 is out of range");
    j = good();
    j["layout"]["slots"] = std::numeric_limits<uint64_t>::max();
    EXPECT_ERROR_HAS(error_of(j), "trace.layout.slots");
    j = good();
    j["threads"] = -5;
    EXPECT_ERROR_HAS(error_of(j), "trace.threads: value -5 is out of range");
}

TEST(TraceJson, Files) {
    const std::string path = std::string(SCANVIZ_BINARY_DIR) + "/test_trace_json_roundtrip.json";
    Trace t = model_trace(ElemType::F32, true);
    save_trace_file(path, t);
    expect_same(t, load_trace_file(path));
    std::remove(path.c_str());

    try {
        load_trace_file("/nonexistent/dir/trace.json");
        FAIL() << "no exception for a missing file";
    } catch (const std::runtime_error& e) {
        EXPECT_ERROR_HAS(std::string(e.what()), "cannot read '/nonexistent/dir/trace.json'");
    }
    try {
        load_trace_file(SCANVIZ_BINARY_DIR);
        FAIL() << "no exception for a directory";
    } catch (const std::runtime_error& e) {
        EXPECT_ERROR_HAS(std::string(e.what()), "is a directory");
    }
    const std::string bad = std::string(SCANVIZ_BINARY_DIR) + "/test_trace_json_bad.json";
    { std::ofstream(bad) << "{\"format\": \"scanviz-trace\", \"version\": 1"; }
    try {
        load_trace_file(bad);
        FAIL() << "no exception for a truncated file";
    } catch (const std::runtime_error& e) {
        EXPECT_ERROR_HAS(std::string(e.what()), "test_trace_json_bad.json': not valid JSON");
    }
    std::remove(bad.c_str());
}
