// The work-and-span charts of the published app page: work (or span) against n on log-log
// axes for the curves given, with the two guides beside them (core/analysis/work_span.hpp),
// as a scene the SVG writer draws (the module's "charts" request). The window draws its
// own charts with ImGui (ui/metrics_view.cpp), sized to its panel and its font.
#pragma once

#include <vector>

#include "core/analysis/work_span.hpp"
#include "core/figure/scene.hpp"

namespace scanviz::figure {

// The chart of `curves` (in their order; those without points are left out), 460 x 260
// world units: a decade grid, n = 32 .. 4096 across, the guides dashed (Role::Guide, each
// named at its right end), each curve a path with a dot on every point (Role::Curve, its
// variant named on the path and in the legend), colours from a palette of eight in turn.
Scene build_work_span_chart(const std::vector<WorkSpanCurve>& curves, bool work);

}  // namespace scanviz::figure
