#include "core/analysis/work_span.hpp"

#include <cmath>
#include <exception>

#include "core/analysis/metrics.hpp"
#include "core/models/variants.hpp"

namespace scanviz {

std::optional<WorkSpanPoint> work_span_at(const std::string& variant, int n) {
    RunSpec spec;
    spec.variant = variant;
    spec.n = n;
    spec.input = InputKind::Ones;
    if (validate_and_resolve(spec)) return std::nullopt;
    const Metrics m = compute_metrics(run_model(spec));
    return WorkSpanPoint{n, m.work, m.span};
}

WorkSpanCurve work_span_curve(const std::string& variant) {
    WorkSpanCurve c;
    c.id = variant;
    try {
        for (int n = kWorkSpanMinN; n <= kWorkSpanMaxN; n *= 2)
            if (const auto p = work_span_at(variant, n)) c.points.push_back(*p);
    } catch (const std::exception& e) {
        c.error = e.what();
        c.points.clear();
    }
    return c;
}

std::array<WorkSpanGuide, 2> work_span_guides(bool work) {
    if (work)
        return {WorkSpanGuide{"n log2 n", [](double n) { return n * std::log2(n); }},
                WorkSpanGuide{"2n", [](double n) { return 2.0 * n; }}};
    return {WorkSpanGuide{"log2 n", [](double n) { return std::log2(n); }},
            WorkSpanGuide{"2 log2 n", [](double n) { return 2.0 * std::log2(n); }}};
}

}  // namespace scanviz
