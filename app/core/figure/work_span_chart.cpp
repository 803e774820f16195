#include "core/figure/work_span_chart.hpp"

#include "core/i18n/i18n.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace scanviz::figure {
namespace {

// The chart's box and the plot's margins inside it (world units, pixels at zoom 1).
constexpr float kWidth = 460, kHeight = 260, kLeft = 48, kRight = 10, kTop = 22, kBottom = 26;
constexpr float kFont = 11;
constexpr int kGuideSegments = 48;

constexpr uint32_t kText = rgba(0, 0, 0);
constexpr uint32_t kGrid = rgba(0xdd, 0xdd, 0xee);
constexpr uint32_t kFrame = rgba(0x88, 0x88, 0x99);
constexpr uint32_t kGuide = rgba(0x88, 0x88, 0x88);
constexpr uint32_t kGuideText = rgba(0x66, 0x66, 0x66);
constexpr uint32_t kCurveColours[] = {rgba(0x1e, 0x50, 0xc8), rgba(0xc8, 0x3c, 0x1e), rgba(0x0a, 0x8a, 0x3a),
                                      rgba(0x9a, 0x3c, 0xc8), rgba(0xc8, 0x96, 0x1e), rgba(0x1e, 0xa0, 0xa0),
                                      rgba(0xc8, 0x1e, 0x8c), rgba(0x5a, 0x5a, 0x5a)};

// A label whose baseline lies at `baseline` (the chart's lines of text are placed so).
TextLabel text_at(float x, float baseline, std::string text, uint32_t colour) {
    return TextLabel{x, baseline - kFont * kBaselineBelowTop, std::move(text), colour, kFont, false};
}

PathInstance line(float x0, float y0, float x1, float y1, uint32_t colour, Role role) {
    PathInstance p{{x0, y0, x1, y1}, colour, 1.0f};
    p.role = role;
    return p;
}

}  // namespace

Scene build_work_span_chart(const std::vector<WorkSpanCurve>& curves, bool work) {
    Scene scene;
    scene.width = kWidth;
    scene.height = kHeight;
    scene.description = work ? i18n::tr("work against n") : i18n::tr("span against n");
    const auto guides = work_span_guides(work);
    auto value = [work](const WorkSpanPoint& p) { return work ? static_cast<double>(p.work) : p.span; };

    // The y range (log scale, whole decades): the guides' and the curves' values.
    double y_max = std::max(guides[0].at(kWorkSpanMaxN), guides[1].at(kWorkSpanMaxN));
    double y_min = std::min(guides[0].at(kWorkSpanMinN), guides[1].at(kWorkSpanMinN));
    for (const WorkSpanCurve& c : curves)
        for (const WorkSpanPoint& p : c.points)
            if (value(p) > 0) y_max = std::max(y_max, value(p)), y_min = std::min(y_min, value(p));
    const int ly0 = static_cast<int>(std::floor(std::log10(std::max(y_min, 1.0))));
    const int ly1 = static_cast<int>(std::ceil(std::log10(y_max)));
    const double lx0 = std::log2(kWorkSpanMinN), lx1 = std::log2(kWorkSpanMaxN);
    auto X = [&](double n) {
        return static_cast<float>(kLeft + (std::log2(n) - lx0) / (lx1 - lx0) * (kWidth - kLeft - kRight));
    };
    auto Y = [&](double v) {
        const double at = (std::log10(std::max(v, 1e-9)) - ly0) / std::max(ly1 - ly0, 1);
        return static_cast<float>(kHeight - kBottom - at * (kHeight - kTop - kBottom));
    };

    TextLabel title = text_at(
        2, 13, work ? i18n::tr("work (operator applications) against n") : i18n::tr("span (longest chain) against n"), kText);
    title.bold = true;
    scene.labels.push_back(std::move(title));
    long long decade = 1;
    for (int e = 0; e < ly0; ++e) decade *= 10;
    for (int e = ly0; e <= ly1; ++e, decade *= 10) {
        const float y = Y(static_cast<double>(decade));
        scene.paths.push_back(line(kLeft, y, kWidth - kRight, y, kGrid, Role::Grid));
        scene.labels.push_back(text_at(2, y + 4, std::to_string(decade), kText));
    }
    for (int n = kWorkSpanMinN; n <= kWorkSpanMaxN; n *= 2) {
        scene.paths.push_back(line(X(n), kTop, X(n), kHeight - kBottom, kGrid, Role::Grid));
        scene.labels.push_back(TextLabel{X(n), kHeight - 8 - kFont * kBaselineBelowCentre, std::to_string(n),
                                         kText, kFont, true});
    }
    PathInstance frame{{kLeft, kTop, kWidth - kRight, kTop, kWidth - kRight, kHeight - kBottom, kLeft,
                        kHeight - kBottom, kLeft, kTop},
                       kFrame,
                       1.0f};
    frame.role = Role::Frame;
    scene.paths.push_back(std::move(frame));

    for (const WorkSpanGuide& g : guides) {
        PathInstance p{{}, kGuide, 1.0f, 5.0f, 4.0f};
        p.role = Role::Guide;
        for (int i = 0; i <= kGuideSegments; ++i) {
            const double n = std::exp2(lx0 + (lx1 - lx0) * i / kGuideSegments);
            p.xy.push_back(X(n));
            p.xy.push_back(Y(g.at(n)));
        }
        scene.paths.push_back(std::move(p));
        TextLabel name = text_at(kWidth - kRight - 2, Y(g.at(kWorkSpanMaxN)) - 4, g.name, kGuideText);
        name.right = true;
        scene.labels.push_back(std::move(name));
    }

    size_t shown = 0;
    for (const WorkSpanCurve& c : curves) {
        if (c.points.empty()) continue;
        const uint32_t colour = kCurveColours[shown % (sizeof kCurveColours / sizeof kCurveColours[0])];
        PathInstance p{{}, colour, 2.0f};
        p.dot_radius = 3.0f;
        p.role = Role::Curve;
        p.variant = c.id;
        for (const WorkSpanPoint& point : c.points) {
            p.xy.push_back(X(point.n));
            p.xy.push_back(Y(value(point)));
        }
        scene.paths.push_back(std::move(p));
        scene.labels.push_back(text_at(kLeft + 6, kTop + 14 + 13 * static_cast<float>(shown), c.id, colour));
        ++shown;
    }
    return scene;
}

}  // namespace scanviz::figure
