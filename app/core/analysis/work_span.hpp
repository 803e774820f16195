// Work and span against n, from each variant's reference model on all-ones input: the curves
// the window's chart (ui/metrics_view.cpp) and the web page's charts (through app/wasm) draw,
// and the textbook guides drawn beside them (n log2 n and 2n for work, log2 n and 2 log2 n
// for span).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace scanviz {

// The sizes a curve has points at: kWorkSpanMinN, doubling, up to kWorkSpanMaxN.
inline constexpr int kWorkSpanMinN = 32;
inline constexpr int kWorkSpanMaxN = 4096;

struct WorkSpanPoint {
    int n = 0;
    int64_t work = 0;
    int span = 0;
};

// Work and span (core/analysis/metrics.hpp) of `variant`'s model at size n on all-ones input;
// nullopt when the variant does not run at n (an unknown variant runs at none). Throws when
// the model fails.
std::optional<WorkSpanPoint> work_span_at(const std::string& variant, int n);

struct WorkSpanCurve {
    std::string id;
    std::vector<WorkSpanPoint> points;  // one per size the variant runs at
    std::string error;                  // the model failed: no points, and why
};

// Every point of `variant`'s curve.
WorkSpanCurve work_span_curve(const std::string& variant);

// A reference curve, named as the chart labels it.
struct WorkSpanGuide {
    const char* name;
    double (*at)(double n);
};
// The two guides of the work chart (`work`) or of the span chart.
std::array<WorkSpanGuide, 2> work_span_guides(bool work);

}  // namespace scanviz
