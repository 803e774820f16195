#include "validation_run.hpp"

#include "cli_text.hpp"

#include <algorithm>
#include <cmath>
#include <chrono>
#include <ctime>
#include <random>

#include "core/trace/compare.hpp"
#include "core/models/variants.hpp"
#include "kernels/gpu.hpp"

namespace scanviz::cli {
namespace {

struct OpType {
    Op op;
    ElemType type;
};
constexpr OpType kOpTypes[] = {
    {Op::Add, ElemType::I32}, {Op::Max, ElemType::I32}, {Op::Min, ElemType::I32}, {Op::Add, ElemType::F32}};

// Trace sizes: the variant's default plus a few it accepts that are not powers of two.
std::vector<int> trace_sizes(const VariantInfo& v, bool quick) {
    std::vector<int> out{v.default_n};
    if (quick) return out;
    for (int n : {1, 17, 32, 65, 96, 100, 128, 255, 1000, 1024, 2048, 4096, 4097, 65536}) {
        RunSpec s;
        s.variant = std::string(v.id);
        s.n = n;
        if (!v.check(s) && std::find(out.begin(), out.end(), n) == out.end()) out.push_back(n);
    }
    return out;
}

// Whole-array sizes past the trace limit: the output only, against a sequential scan.
std::vector<int64_t> large_sizes(const VariantInfo& v, bool quick) {
    if (quick || v.level != Level::Device) return {};
    return {(1 << 20) + 1, 1 << 24, (1 << 26) + 3};
}

bool selected(const ValidationOptions& o, std::string_view id) {
    auto has = [&](const std::vector<std::string>& list) {
        return std::find(list.begin(), list.end(), id) != list.end();
    };
    if (!o.only.empty() && !has(o.only)) return false;
    return !has(o.skip);
}

std::string first_output_difference(const std::vector<double>& expected, const std::vector<double>& got) {
    if (expected.size() != got.size())
        return "output has " + std::to_string(got.size()) + " elements, expected " + std::to_string(expected.size());
    for (size_t i = 0; i < expected.size(); ++i)
        if (expected[i] != got[i])
            return "output element " + std::to_string(i) + " is " + std::to_string(got[i]) + ", expected " +
                   std::to_string(expected[i]);
    return {};
}

ValidationCase trace_case(RunSpec spec) {
    ValidationCase c{spec.variant, spec.n, spec.op, spec.type, spec.exclusive, spec.seed, "trace+output", false, {}};
    if (auto err = validate_and_resolve(spec)) {
        c.mismatch = "spec rejected: " + *err;
        return c;
    }
    const Trace model = run_model(spec);
    const Trace captured = gpu::capture(spec);
    if (auto m = compare_traces(model, captured)) {
        c.mismatch = "instrumented: " + m->what;
        return c;
    }
    const auto out = gpu::run(spec);
    // The uninstrumented kernel must compute what the model computes, bit for bit (floats too).
    std::string diff = first_output_difference(model.output, out);
    if (!diff.empty()) {
        c.mismatch = "uninstrumented: " + diff;
        return c;
    }
    if (spec.type == ElemType::I32) {
        diff = first_output_difference(sequential_scan(model.input, spec.op, spec.type, spec.exclusive), out);
        if (!diff.empty()) {
            c.mismatch = "against a sequential scan: " + diff;
            return c;
        }
    }
    c.passed = true;
    return c;
}

ValidationCase large_case(RunSpec spec, int64_t n) {
    // Wide int32 values (overflow wraps, as on the GPU); floats in [0, 1).
    ValidationCase c{spec.variant, n, spec.op, spec.type, spec.exclusive, spec.seed, "output", false, {}};
    spec.n = static_cast<int>(n);
    spec.input = InputKind::Given;
    spec.values.resize(static_cast<size_t>(n));
    std::mt19937_64 rng(spec.seed);
    if (spec.type == ElemType::I32) {
        std::uniform_int_distribution<int32_t> d(-1000000, 1000000);
        for (auto& x : spec.values) x = d(rng);
    } else {
        std::uniform_real_distribution<float> d(0.0f, 1.0f);
        for (auto& x : spec.values) x = d(rng);
    }
    const auto out = gpu::run(spec);
    const auto seq = sequential_scan(spec.values, spec.op, spec.type, spec.exclusive);
    if (spec.type == ElemType::I32) {
        c.mismatch = first_output_difference(seq, out);
    } else {
        // A parallel float sum differs from the sequential one: compare with a
        // double-precision reference within gamma(k) * sum|x|, k = 2*log2(n) + tile depth.
        double exact = 0.0, abs_sum = 0.0;
        const double u = 5.9604644775390625e-08;  // 2^-24
        const double k = 2.0 * std::log2(static_cast<double>(n) + 1.0) + 64.0;
        for (size_t i = 0; i < out.size() && c.mismatch.empty(); ++i) {
            const double xi = spec.values[i];
            double expect = exact;
            if (!spec.exclusive) expect += xi;
            abs_sum += std::abs(xi);
            const double bound = k * u / (1 - k * u) * abs_sum + 1e-30;
            if (std::abs(out[i] - expect) > bound)
                c.mismatch = "output element " + std::to_string(i) + " is " + std::to_string(out[i]) + ", exact " +
                             std::to_string(expect) + ", beyond the bound " + std::to_string(bound);
            exact += xi;
        }
    }
    c.passed = c.mismatch.empty();
    return c;
}

}  // namespace

ValidationReport run_validation(const ValidationOptions& options,
                                const std::function<void(const ValidationCase&, int, int)>& progress) {
    std::string why;
    auto dev = gpu::find_device(&why);
    if (!dev) throw gpu::CudaError(i18n::format(i18n::tr("cannot validate: %s"), why.c_str()));
    ValidationReport report;
    report.device = dev->name;
    report.sm = dev->sm();
    report.driver = dev->driver;
    report.date = utc_now_iso8601();

    struct Planned {
        RunSpec spec;
        int64_t large_n;  // 0 = a trace case
    };
    std::vector<Planned> plan;
    std::random_device rd;
    for (const auto& v : all_variants()) {
        if (!gpu::has_kernel(std::string(v.id)) || !selected(options, v.id)) continue;
        for (const OpType& ot : kOpTypes) {
            for (bool exclusive : {false, true}) {
                RunSpec base;
                base.variant = std::string(v.id);
                base.op = ot.op;
                base.type = ot.type;
                base.exclusive = exclusive;
                for (int n : trace_sizes(v, options.quick)) {
                    RunSpec s = base;
                    s.n = n;
                    s.seed = (static_cast<uint64_t>(rd()) << 32) | rd();
                    plan.push_back({s, 0});
                }
                for (int64_t n : large_sizes(v, options.quick)) {
                    RunSpec s = base;
                    s.seed = (static_cast<uint64_t>(rd()) << 32) | rd();
                    plan.push_back({s, n});
                }
            }
        }
    }
    int done = 0;
    for (const auto& p : plan) {
        ValidationCase c = p.large_n ? large_case(p.spec, p.large_n) : trace_case(p.spec);
        report.cases.push_back(c);
        ++done;
        if (progress) progress(report.cases.back(), done, static_cast<int>(plan.size()));
    }
    return report;
}

}  // namespace scanviz::cli
