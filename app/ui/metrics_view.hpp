// Work and span: operations, work and active lanes per step, totals against a
// sequential scan's n - 1, the span, and a chart of work and span against n for the
// variants with the guides beside them (both from core/analysis/work_span.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app.hpp"
#include "core/analysis/work_span.hpp"
#include "theme.hpp"

namespace scanviz::ui {

// One variant's work and span over n (core/analysis/work_span.hpp), filled a few runs per frame.
struct VariantCurve {
    std::string id;
    std::vector<WorkSpanPoint> points;
    std::string error;  // its model failed (not written yet, ...)
    bool done = false;
    bool shown = false;
};

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
    int next_n_ = kWorkSpanMinN;
    std::string shown_for_;  // the variant whose curve was switched on last
    int scrolled_to_step_ = -2;
    bool defaults_shown_ = false;
};

}  // namespace scanviz::ui
