#include "metrics_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "core/analysis/metrics.hpp"
#include "core/i18n/i18n.hpp"
#include "core/i18n/step_label.hpp"
#include "core/models/variants.hpp"
#include "view_common.hpp"

namespace scanviz::ui {
using i18n::tr;
using i18n::trc;
namespace {

const ImU32 kCurveColours[] = {
    IM_COL32(31, 119, 180, 255),  IM_COL32(255, 127, 14, 255),  IM_COL32(44, 160, 44, 255),
    IM_COL32(214, 39, 40, 255),   IM_COL32(148, 103, 189, 255), IM_COL32(140, 86, 75, 255),
    IM_COL32(227, 119, 194, 255), IM_COL32(127, 127, 127, 255), IM_COL32(188, 189, 34, 255),
    IM_COL32(23, 190, 207, 255),  IM_COL32(0, 0, 128, 255),     IM_COL32(128, 0, 0, 255),
};

ImU32 curve_colour(size_t i) { return kCurveColours[i % (sizeof(kCurveColours) / sizeof(kCurveColours[0]))]; }

}  // namespace

void MetricsView::Init(const Fonts* fonts) {
    fonts_ = fonts;
    curves.clear();
    for (const VariantInfo& v : all_variants())
        if (v.level != Level::Warp) {
            VariantCurve c;
            c.id = std::string(v.id);
            curves.push_back(std::move(c));
        }
    next_curve_ = 0;
    next_n_ = kWorkSpanMinN;
}

bool MetricsView::ComputeSome(double budget_ms) {
    const auto start = std::chrono::steady_clock::now();
    while (next_curve_ < curves.size()) {
        VariantCurve& c = curves[next_curve_];
        if (!c.done) {
            try {
                if (const auto p = work_span_at(c.id, next_n_)) c.points.push_back(*p);
            } catch (const std::exception& e) {
                c.error = e.what();
                c.points.clear();
                c.done = true;
            }
            next_n_ *= 2;
            if (next_n_ > kWorkSpanMaxN) c.done = true;
        }
        if (c.done) {
            ++next_curve_;
            next_n_ = kWorkSpanMinN;
        }
        const double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        if (ms > budget_ms) break;
    }
    return next_curve_ >= curves.size();
}

void MetricsView::DrawTable(App& app, float height) {
    const Metrics& m = app.metrics;
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                  ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("##per_step", 7, flags, ImVec2(0, height))) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn(trc("table header", "step"));
    ImGui::TableSetupColumn(trc("table header", "label"), ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn(trc("table header", "ops"));
    ImGui::TableSetupColumn(trc("table header", "work"));
    ImGui::TableSetupColumn(trc("table header", "active"));
    ImGui::TableSetupColumn(tr("bank conf."));
    ImGui::TableSetupColumn(tr("span so far"));
    ImGui::TableHeadersRow();
    const ImU32 current = highlight_line_colour(app.settings.presentation);
    // In a lesson, only the steps run so far (Settings::lesson_so_far).
    const size_t rows = app.settings.lesson_so_far ? static_cast<size_t>(std::max(app.step + 1, 0)) : m.per_step.size();
    for (size_t i = 0; i < rows && i < m.per_step.size() && i < app.trace.steps.size(); ++i) {
        const StepMetrics& s = m.per_step[i];
        ImGui::TableNextRow();
        if (static_cast<int>(i) == app.step) {
            ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, current);
            if (scrolled_to_step_ != app.step) {
                ImGui::SetScrollHereY(0.5f);
                scrolled_to_step_ = app.step;
            }
        }
        ImGui::TableNextColumn();
        if (ImGui::Selectable(std::to_string(i + 1).c_str(), static_cast<int>(i) == app.step,
                              ImGuiSelectableFlags_SpanAllColumns))
            app.set_step(static_cast<int>(i));
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(i18n::step_label(app.trace.steps[i].label).c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%d", s.ops);
        ImGui::TableNextColumn();
        ImGui::Text("%lld", static_cast<long long>(s.work));
        ImGui::TableNextColumn();
        ImGui::Text("%d", s.active_lanes);
        ImGui::TableNextColumn();
        if (s.shared_reads + s.shared_writes == 0)
            ImGui::TextDisabled("-");
        else
            ImGui::Text("%dx", s.max_conflict_degree);
        ImGui::TableNextColumn();
        ImGui::Text("%d", s.span_so_far);
    }
    ImGui::EndTable();
}

void MetricsView::DrawChart(const App& app, bool work, ImVec2 size) {
    const ChartFrame frame = BeginChart(app, size);
    ImDrawList* dl = frame.dl;
    const ImVec2 p0 = frame.p0;
    const bool pres = frame.pres;
    const ImU32 axis = frame.axis, grid = frame.grid;
    const ImU32 ref = pres ? IM_COL32(200, 200, 200, 255) : IM_COL32(120, 120, 120, 255);
    const float font = ImGui::GetFontSize();
    const float left = font * 3.2f, bottom = font * 1.4f, top = font * 1.3f, right = font * 0.6f;
    const ImVec2 a(p0.x + left, p0.y + top);
    const ImVec2 b(p0.x + size.x - right, p0.y + size.y - bottom);
    if (b.x - a.x < 20 || b.y - a.y < 20) return;

    // The guides and the data decide the y range (log scale).
    const auto guides = work_span_guides(work);
    double y_max = std::max(guides[0].at(kWorkSpanMaxN), guides[1].at(kWorkSpanMaxN));
    double y_min = std::min(guides[0].at(kWorkSpanMinN), guides[1].at(kWorkSpanMinN));
    for (const VariantCurve& c : curves) {
        if (!c.shown) continue;
        for (const WorkSpanPoint& p : c.points) {
            const double v = work ? static_cast<double>(p.work) : p.span;
            if (v > 0) {
                y_max = std::max(y_max, v);
                y_min = std::min(y_min, v);
            }
        }
    }
    const double ly0 = std::floor(std::log10(std::max(y_min, 1.0)));
    const double ly1 = std::ceil(std::log10(y_max));
    const double lx0 = std::log2(kWorkSpanMinN), lx1 = std::log2(kWorkSpanMaxN);
    auto X = [&](double n) {
        return a.x + static_cast<float>((std::log2(n) - lx0) / (lx1 - lx0)) * (b.x - a.x);
    };
    auto Y = [&](double v) {
        const double lv = std::log10(std::max(v, 1e-9));
        return b.y - static_cast<float>((lv - ly0) / std::max(ly1 - ly0, 1e-9)) * (b.y - a.y);
    };

    dl->AddText(ImVec2(p0.x, p0.y), axis,
                work ? tr("work (operator applications) against n") : tr("span (longest chain) against n"));
    for (double e = ly0; e <= ly1; e += 1.0) {
        const float y = Y(std::pow(10.0, e));
        dl->AddLine(ImVec2(a.x, y), ImVec2(b.x, y), grid);
        char buf[32];
        std::snprintf(buf, sizeof buf, "%g", std::pow(10.0, e));
        dl->AddText(ImVec2(p0.x + 2, y - font * 0.5f), axis, buf);
    }
    const float label_room = ImGui::CalcTextSize("4096 ").x;
    const int label_every = (b.x - a.x) / 7.0f < label_room ? 2 : 1;
    int label_index = 0;
    for (int n = kWorkSpanMinN; n <= kWorkSpanMaxN; n *= 2, ++label_index) {
        const float x = X(n);
        dl->AddLine(ImVec2(x, a.y), ImVec2(x, b.y), grid);
        if (label_index % label_every != 0) continue;
        char buf[16];
        std::snprintf(buf, sizeof buf, "%d", n);
        const float tw = ImGui::CalcTextSize(buf).x;
        dl->AddText(ImVec2(x - tw * 0.5f, b.y + 2), axis, buf);
    }
    dl->AddRect(a, b, axis);

    // The guides, dashed-looking by drawing short segments.
    for (const WorkSpanGuide& g : guides) {
        ImVec2 prev(0, 0);
        const int segments = 48;
        for (int i = 0; i <= segments; ++i) {
            const double n = std::exp2(lx0 + (lx1 - lx0) * i / segments);
            const ImVec2 p(X(n), Y(g.at(n)));
            if (i > 0 && i % 2 == 1) dl->AddLine(prev, p, ref, 1.5f);
            prev = p;
        }
        dl->AddText(ImVec2(b.x - ImGui::CalcTextSize(g.name).x - 2, Y(g.at(kWorkSpanMaxN)) - font - 1), ref,
                    g.name);
    }

    dl->PushClipRect(a, b, true);
    for (size_t ci = 0; ci < curves.size(); ++ci) {
        const VariantCurve& c = curves[ci];
        if (!c.shown || c.points.empty()) continue;
        const bool current = app.has_trace && c.id == app.trace.spec.variant;
        const float thick = current ? 3.5f : 1.8f;
        ImVec2 prev(0, 0);
        for (size_t i = 0; i < c.points.size(); ++i) {
            const WorkSpanPoint& p = c.points[i];
            const ImVec2 q(X(p.n), Y(work ? static_cast<double>(p.work) : p.span));
            if (i > 0) dl->AddLine(prev, q, curve_colour(ci), thick);
            dl->AddCircleFilled(q, thick + 1.0f, curve_colour(ci));
            prev = q;
        }
    }
    // Legend: the curves shown, in their colours, top left inside the plot.
    float ly = a.y + 2;
    for (size_t ci = 0; ci < curves.size(); ++ci) {
        if (!curves[ci].shown || curves[ci].points.empty()) continue;
        const char* name = curves[ci].id.c_str();
        const ImVec2 ts = ImGui::CalcTextSize(name);
        dl->AddRectFilled(ImVec2(a.x + 2, ly), ImVec2(a.x + 6 + ts.x, ly + ts.y),
                          pres ? IM_COL32(0, 0, 0, 200) : IM_COL32(255, 255, 255, 200));
        dl->AddText(ImVec2(a.x + 4, ly), curve_colour(ci), name);
        ly += ts.y;
    }
    dl->PopClipRect();
}

void MetricsView::Draw(App& app) {
    ImGui::Begin((std::string(tr("Work and span")) + "###metrics").c_str(), nullptr,
                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize);
    DrawBadge(app);
    if (!app.has_trace) {
        ImGui::TextUnformatted(tr("no trace yet"));
        ImGui::End();
        return;
    }
    const Metrics& m = app.metrics;
    const bool so_far = app.settings.lesson_so_far;
    if (so_far) {
        // A lesson shows the run as far as it has gone: the totals of the steps run so far.
        long long work = 0;
        int span = 0, worst = 0;
        for (int i = 0; i <= app.step && i < static_cast<int>(m.per_step.size()); ++i) {
            const StepMetrics& st = m.per_step[static_cast<size_t>(i)];
            work += st.work;
            span = st.span_so_far;
            worst = std::max(worst, st.max_conflict_degree);
        }
        ImGui::Text(tr("so far (%d steps run): work %lld  (sequential n - 1 = %lld)   span %d   worst bank conflict %dx"),
                    app.step + 1, work, static_cast<long long>(m.sequential_work), span, worst);
    } else {
        ImGui::Text(tr("work %lld  (sequential n - 1 = %lld)   span %d   steps %d   worst bank conflict %dx"),
                    static_cast<long long>(m.work), static_cast<long long>(m.sequential_work), m.span, m.steps,
                    m.max_conflict_degree);
    }
    // The hardware's own count beside ours, and where it comes from.
    // In a lesson only for a question about the measured figures (the line holds ncu's counts).
    if (!so_far || app.settings.show_measured) {
        ImGui::TextDisabled("%s", app.profile_status().c_str());
        if (app.profile) ImGui::TextDisabled("%s", conflicts_line(*app.profile, app.trace.spec.variant).c_str());
    }

    // The current variant's curve is always on.
    if (shown_for_ != app.trace.spec.variant) {
        shown_for_ = app.trace.spec.variant;
        for (VariantCurve& c : curves)
            if (c.id == shown_for_) c.shown = true;
    }
    if (!defaults_shown_) {
        // The two classic block scans, for comparison with whatever is on screen.
        defaults_shown_ = true;
        for (VariantCurve& c : curves)
            if (const VariantInfo* v = find_variant(c.id); v && v->work_span_default) c.shown = true;
    }
    // Which variants the chart shows: a popup, so the charts keep their width.
    ImGui::SameLine();
    if (ImGui::SmallButton(tr("Curves..."))) ImGui::OpenPopup("##chart_curves");
    if (ImGui::BeginPopup("##chart_curves")) {
        ImGui::TextDisabled(tr("work and span from each variant's model, n = %d .. %d"), kWorkSpanMinN,
                            kWorkSpanMaxN);
        for (size_t ci = 0; ci < curves.size(); ++ci) {
            VariantCurve& c = curves[ci];
            ImGui::PushID(static_cast<int>(ci));
            ImGui::ColorButton("##c", ImGui::ColorConvertU32ToFloat4(curve_colour(ci)),
                               ImGuiColorEditFlags_NoTooltip);
            ImGui::SameLine();
            if (!c.error.empty()) {
                ImGui::TextDisabled(tr("%s: no model (%s)"), c.id.c_str(), c.error.c_str());
            } else {
                ImGui::Checkbox(c.id.c_str(), &c.shown);
                if (!c.done) {
                    ImGui::SameLine();
                    ImGui::TextDisabled("%s", tr("(computing)"));
                }
            }
            ImGui::PopID();
        }
        ImGui::EndPopup();
    }

    // Table on the left; the work chart and the span chart beside it when they
    // have room to be read (large type on a small screen: the table alone).
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float font = ImGui::GetFontSize();
    float table_w = std::min(std::max(avail.x * 0.36f, font * 22.0f), avail.x * 0.45f);
    const float chart_w = (avail.x - table_w) * 0.5f - ImGui::GetStyle().ItemSpacing.x;
    // The charts draw the whole run's work and span at this n: a lesson leaves them out.
    const bool charts = !so_far && chart_w >= font * 15.0f && avail.y >= font * 8.0f;
    if (!charts) table_w = avail.x;
    ImGui::BeginChild("##table", ImVec2(table_w, avail.y), false);
    DrawTable(app, avail.y);
    ImGui::EndChild();
    if (charts) {
        ImGui::SameLine();
        DrawChart(app, true, ImVec2(chart_w, avail.y));
        ImGui::SameLine();
        DrawChart(app, false, ImVec2(chart_w, avail.y));
    }
    ImGui::End();
}

}  // namespace scanviz::ui
