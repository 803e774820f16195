// Work and span: operations, work and active lanes per step, totals against a
// sequential scan's n - 1, the span, and a chart of work and span against n
// (32 .. 4096) for the variants, computed from their models, with n log2 n and
// 2n (work) and log2 n and 2 log2 n (span) drawn for reference.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app.hpp"
#include "theme.hpp"

namespace scanviz::ui {

struct CurvePoint {
    int n = 0;
    int64_t work = 0;
    int span = 0;
};

// One variant's work and span over n, filled a few runs per frame.
struct VariantCurve {
    std::string id;
    std::vector<CurvePoint> points;
    std::string error;  // its model failed (not written yet, ...)
    bool done = false;
    bool shown = false;
};

inline constexpr int kChartMinN = 32;
inline constexpr int kChartMaxN = 4096;

// Work and span of `variant` at size n from its model (default inputs); false
// when the variant does not accept n; throws when the model fails.
bool measure_point(const std::string& variant, int n, CurvePoint& out);

struct MetricsView {
    std::vector<VariantCurve> curves;  // every variant that accepts more than one n

    void Init(const Fonts* fonts);
    // Computes chart points until `budget_ms` is spent; true when all are done.
    bool ComputeSome(double budget_ms);
    bool Done() const { return next_curve_ >= curves.size(); }
    void Draw(App& app);

private:
    void DrawTable(App& app, float height);
    void DrawChart(const App& app, bool work, ImVec2 size);

    const Fonts* fonts_ = nullptr;
    size_t next_curve_ = 0;
    int next_n_ = kChartMinN;
    std::string shown_for_;  // the variant whose curve was switched on last
    int scrolled_to_step_ = -2;
    bool defaults_shown_ = false;
};

}  // namespace scanviz::ui
