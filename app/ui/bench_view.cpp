#include "bench_view.hpp"

#include "drawn_text.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>

#include "gpu_jobs.hpp"
#include "view_common.hpp"
#include "core/common/assets.hpp"

namespace scanviz::ui {
namespace {

// Several types in one report: one colour per type (ours solid, CUB thinner, memcpy dashed).
ImU32 type_colour(ValueType t) {
    switch (t) {
        case ValueType::I32:
            return IM_COL32(220, 90, 30, 255);
        case ValueType::U32:
            return IM_COL32(200, 170, 30, 255);
        case ValueType::F32:
            return IM_COL32(30, 120, 200, 255);
        case ValueType::I64:
            return IM_COL32(150, 60, 170, 255);
        case ValueType::F64:
            return IM_COL32(20, 160, 120, 255);
    }
    return IM_COL32(128, 128, 128, 255);
}

ImU32 series_colour(const std::string& variant, bool pres) {
    if (variant == kBenchMemcpy) return pres ? IM_COL32(230, 230, 230, 255) : IM_COL32(60, 60, 60, 255);
    if (variant == kBenchCopy) return pres ? IM_COL32(150, 150, 150, 255) : IM_COL32(120, 120, 120, 255);
    if (variant == kBenchCub) return IM_COL32(40, 150, 60, 255);
    if (variant == kBenchThrust) return IM_COL32(150, 100, 200, 255);
    if (is_our_scan(variant)) return IM_COL32(220, 90, 30, 255);
    const ImU32 others[] = {IM_COL32(30, 120, 200, 255), IM_COL32(200, 170, 30, 255),
                            IM_COL32(20, 170, 170, 255)};
    return others[std::hash<std::string>{}(variant) % 3];
}

}  // namespace

std::string default_bench_file() { return shipped_file("SCANVIZ_BENCH_FILE", "bench/h100_bench.csv"); }

bool BenchView::Load(const std::string& path) {
    try {
        report = load_bench_file(path);
        have_report = true;
        source = path;
        error.clear();
        return true;
    } catch (const std::exception& e) {
        error = e.what();
        return false;
    }
}

bool BenchView::StartRun(App& app) {
    return app.jobs.submit<BenchReport>(
        kBenchJob, bench_job(),
        [this](BenchReport r) {
            report = std::move(r);
            have_report = true;
            source = i18n::tr("live run");
            error.clear();
        },
        [this](const std::string& e) { error = i18n::format(i18n::tr("live run: %s"), e.c_str()); });
}

void BenchView::CancelRun(App& app) {
    if (running(app)) app.jobs.cancel();
}

bool BenchView::running(const App& app) const { return app.jobs.holds(kBenchJob); }

void BenchView::Draw(App& app) {
    if (!tried_default_) {
        tried_default_ = true;
        path_text = default_bench_file();
        if (!path_text.empty()) Load(path_text);
    }
    if (app.recording && app.recording->bench && shown_recording_ != app.recording.get() && !running(app)) {
        shown_recording_ = app.recording.get();
        report = *app.recording->bench;
        have_report = true;
        source = i18n::format(i18n::tr("recording %s (%s)"), app.recording_path.c_str(),
                             app.recording->badge().c_str());
        error.clear();
    }

    char buf[512];
    std::snprintf(buf, sizeof buf, "%s", path_text.c_str());
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 22);
    {
        const NotRecorded path;
        if (ImGui::InputText("##bench_file", buf, sizeof buf)) path_text = buf;
    }
    ImGui::SameLine();
    if (ImGui::Button(i18n::tr("Open results"))) Load(path_text);
    ImGui::SameLine();
    if (running(app)) {
        DrawJobProgress(app);
    } else if (app.device.present) {
        const bool other_job = app.jobs.busy();  // one job at a time
        if (other_job) ImGui::BeginDisabled();
        if (ImGui::Button(i18n::tr("Run on the GPU"))) StartRun(app);
        if (other_job) ImGui::EndDisabled();
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(i18n::tr("Ours, CUB, Thrust and memcpy at 2^10 .. 2^28 on %s"), app.device.name.c_str());
    } else {
        ImGui::TextDisabled("%s", i18n::tr("no GPU: showing saved results"));
    }
    ImGui::SameLine();
    ImGui::RadioButton(i18n::tr("GB/s"), reinterpret_cast<int*>(&metric), static_cast<int>(BenchMetric::Gbps));
    ImGui::SameLine();
    ImGui::RadioButton(i18n::tr("x memcpy"), reinterpret_cast<int*>(&metric),
                       static_cast<int>(BenchMetric::RatioMemcpy));
    ImGui::SameLine();
    ImGui::RadioButton(i18n::tr("x copy"), reinterpret_cast<int*>(&metric), static_cast<int>(BenchMetric::RatioCopy));
    ImGui::SameLine();
    ImGui::RadioButton(i18n::tr("x CUB"), reinterpret_cast<int*>(&metric), static_cast<int>(BenchMetric::RatioCub));
    const auto op_modes = bench_op_modes(report);
    if (op_modes.size() > 1) {
        op_mode = std::clamp(op_mode, 0, static_cast<int>(op_modes.size()) - 1);
        auto name = [](const std::pair<Op, bool>& m) {
            return i18n::format(m.second ? i18n::tr("%s, exclusive") : i18n::tr("%s, inclusive"),
                               std::string(to_string(m.first)).c_str());
        };
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
        if (ImGui::BeginCombo("##op_mode", name(op_modes[static_cast<size_t>(op_mode)]).c_str())) {
            for (size_t i = 0; i < op_modes.size(); ++i)
                if (ImGui::Selectable(name(op_modes[i]).c_str(), static_cast<int>(i) == op_mode))
                    op_mode = static_cast<int>(i);
            ImGui::EndCombo();
        }
    }

    if (!error.empty()) ImGui::TextColored(ImVec4(0.85f, 0.2f, 0.2f, 1), "%s", error.c_str());
    if (!have_report) {
        TextWrappedCJK("%s", app.device.present
                                     ? i18n::tr("No results yet: open a CSV or JSON from `scanviz bench --format csv` "
                                                "(assets/bench/ holds the committed ones), or run the benchmark.")
                                     : i18n::tr("No results yet: open a CSV or JSON from `scanviz bench --format csv` "
                                                "(assets/bench/ holds the committed ones)."));
        return;
    }
    ImGui::TextDisabled("%s  |  %s, %s, %s  |", source.c_str(), report.meta.device.c_str(),
                        report.meta.driver.c_str(), report.meta.date.c_str());
    ImGui::SameLine();
    {
        const NotRecorded command;  // the command line that made the results
        ImGui::TextDisabled("%s", report.meta.command.c_str());
    }
    if (!report.meta.policy.empty()) {
        ImGui::TextDisabled("%s", i18n::tr("look-back policy:"));
        ImGui::SameLine();
        const NotRecorded quoted;  // the results file's own line, as `scanviz bench` wrote it
        ImGui::TextDisabled("%s", report.meta.policy.c_str());
    }
    // A lesson lists only the rows its question names (none on a step without one), so that no row
    // answers a later question before it is asked; the chart is left out for the same reason.
    lesson_rows_ = app.settings.lesson_so_far ? &app.settings.bench_rows : nullptr;
    lesson_size_ = app.settings.lesson_so_far ? app.settings.bench_size : 0;
    show_cub_ = !app.settings.lesson_so_far || app.settings.bench_cub;
    if (lesson_rows_)
        ImGui::TextDisabled("%s", lesson_rows_->empty()
                                      ? i18n::tr("The lesson shows the rows of the variants its questions name.")
                                      : i18n::tr("The lesson shows the rows of the variants its question names."));
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    if (!lesson_rows_) DrawChart(app, ImVec2(avail.x, std::max(avail.y * 0.62f, ImGui::GetFontSize() * 10)));
    const bool tiles = std::any_of(report.rows.begin(), report.rows.end(), is_tile_row);
    if (!tiles) {
        DrawTable();
        return;
    }
    if (ImGui::BeginTabBar("bench_tables")) {
        if (ImGui::BeginTabItem((std::string(i18n::tr("Whole arrays")) + "###whole_arrays").c_str())) {
            DrawTable();
            ImGui::EndTabItem();
        }
        if (ImGui::BeginTabItem((std::string(i18n::tr("Block scans at full occupancy")) + "###tiles").c_str())) {
            DrawTileTable();
            ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
    }
}

void BenchView::DrawChart(const App& app, ImVec2 size) {
    const ChartFrame frame = BeginChart(app, size);
    ImDrawList* dl = frame.dl;
    const ImVec2 p0 = frame.p0;
    const bool pres = frame.pres;
    const ImU32 axis = frame.axis, grid = frame.grid;
    const float font = ImGui::GetFontSize();
    const ImVec2 a(p0.x + font * 3.4f, p0.y + font * 1.4f);
    const ImVec2 b(p0.x + size.x - font * 0.8f, p0.y + size.y - font * 1.5f);
    if (b.x - a.x < 40 || b.y - a.y < 40 || report.rows.empty()) return;

    // Series: one per variant and type, for the operator and mode picked (core bench_series).
    const auto op_modes = bench_op_modes(report);
    const std::pair<Op, bool> om =
        op_modes.empty()
            ? std::pair<Op, bool>{Op::Add, false}
            : op_modes[static_cast<size_t>(std::clamp(op_mode, 0, static_cast<int>(op_modes.size()) - 1))];
    const auto series = bench_series(report, metric, om.first, om.second);
    bool several_types = false;
    for (const auto& s : series) several_types = several_types || s.type != series.front().type;
    const bool ratio = metric != BenchMetric::Gbps;
    double lx0 = 1e9, lx1 = 0, y_max = 0;
    for (const auto& s : series)
        for (const auto& [n, v] : s.points) {
            lx0 = std::min(lx0, std::log2(static_cast<double>(n)));
            lx1 = std::max(lx1, std::log2(static_cast<double>(n)));
            y_max = std::max(y_max, v);
        }
    if (y_max <= 0) return;
    if (lx1 <= lx0) lx0 -= 1, lx1 += 1;  // a single size: centre it
    y_max = ratio ? std::max(1.1, y_max * 1.05) : y_max * 1.08;
    auto X = [&](double n) {
        return a.x + static_cast<float>((std::log2(n) - lx0) / (lx1 - lx0)) * (b.x - a.x);
    };
    auto Y = [&](double v) { return b.y - static_cast<float>(v / y_max) * (b.y - a.y); };

    const std::string op_mode_name = i18n::format(om.second ? i18n::tr("%s, exclusive") : i18n::tr("%s, inclusive"),
                                                 std::string(to_string(om.first)).c_str());
    const char* title_format =
        metric == BenchMetric::Gbps ? i18n::tr("throughput (GB/s, bytes read + written) against n: %s")
        : metric == BenchMetric::RatioMemcpy
            ? i18n::tr("throughput as a fraction of memcpy of the same bytes (the roof) against n: %s")
        : metric == BenchMetric::RatioCopy
            ? i18n::tr("throughput as a fraction of our copy kernel moving the same bytes against n: %s")
            : i18n::tr("throughput as a ratio to CUB (same type, operator, mode) against n: %s");
    const std::string title = i18n::format(title_format, op_mode_name.c_str());
    dl->AddText(p0, axis, title.c_str());
    const double step = ratio ? (y_max > 2.5 ? 0.5 : 0.1) : std::pow(10.0, std::floor(std::log10(y_max / 2)));
    for (double v = 0; v <= y_max; v += step) {
        const float y = Y(v);
        dl->AddLine(ImVec2(a.x, y), ImVec2(b.x, y), grid);
        char t[32];
        std::snprintf(t, sizeof t, ratio ? "%.1f" : "%.0f", v);
        dl->AddText(ImVec2(p0.x + 2, y - font * 0.5f), axis, t);
    }
    for (int e = static_cast<int>(std::ceil(lx0)); e <= static_cast<int>(lx1); ++e) {
        const float x = X(std::exp2(e));
        dl->AddLine(ImVec2(x, a.y), ImVec2(x, b.y), grid);
        char t[16];
        std::snprintf(t, sizeof t, "2^%d", e);
        dl->AddText(ImVec2(x - ImGui::CalcTextSize(t).x * 0.5f, b.y + 2), axis, t);
    }
    dl->AddRect(a, b, axis);

    // Lines (memcpy dashed: the roof), then the legend, then the hovered point.
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const BenchSeries* hovered = nullptr;
    size_t hovered_point = 0;
    float best = font * 0.8f;
    auto colour = [&](const BenchSeries& s) {
        return several_types ? type_colour(s.type) : series_colour(s.variant, pres);
    };
    dl->PushClipRect(a, b, true);
    for (const auto& s : series) {
        const ImU32 c = colour(s);
        const bool roof = is_copy_row(s.variant);
        const bool ours = is_our_scan(s.variant);
        for (size_t i = 0; i < s.points.size(); ++i) {
            const ImVec2 p(X(static_cast<double>(s.points[i].first)), Y(s.points[i].second));
            if (i > 0) {
                const ImVec2 q(X(static_cast<double>(s.points[i - 1].first)), Y(s.points[i - 1].second));
                if (roof) {
                    for (int k = 0; k < 8; k += 2)
                        dl->AddLine(ImVec2(q.x + (p.x - q.x) * k / 8, q.y + (p.y - q.y) * k / 8),
                                    ImVec2(q.x + (p.x - q.x) * (k + 1) / 8, q.y + (p.y - q.y) * (k + 1) / 8),
                                    c, 2.0f);
                } else {
                    dl->AddLine(q, p, c, ours || !several_types ? 2.2f : 1.2f);
                }
            }
            if (ours || !several_types)
                dl->AddCircleFilled(p, 3.5f, c);
            else
                dl->AddRect(ImVec2(p.x - 3, p.y - 3), ImVec2(p.x + 3, p.y + 3), c, 0, 0, 1.5f);
            const float d = std::hypot(mouse.x - p.x, mouse.y - p.y);
            if (d < best) {
                best = d;
                hovered = &s;
                hovered_point = i;
            }
        }
    }
    dl->PopClipRect();
    // Legend top left: the curves rise to the right.
    float ly = a.y + 4;
    for (const auto& s : series) {
        const ImU32 c = colour(s);
        dl->AddLine(ImVec2(a.x + font * 0.5f, ly + font * 0.5f), ImVec2(a.x + font * 2.0f, ly + font * 0.5f),
                    c, 3.0f);
        dl->AddText(ImVec2(a.x + font * 2.4f, ly), axis, s.label.c_str());
        ly += font * 1.1f;
    }
    if (hovered && ImGui::IsWindowHovered()) {
        // The row behind the point: its variant, type, size, operator and mode.
        const int64_t n = hovered->points[hovered_point].first;
        for (const auto& r : report.rows) {
            if (r.variant != hovered->variant || r.type != hovered->type || r.n != n) continue;
            if (!is_copy_row(r.variant) && (r.op != om.first || r.exclusive != om.second)) continue;
            ImGui::SetTooltip(i18n::tr("%s  n = %lld\n%.4f ms  %.1f GB/s\n%.3f of memcpy, %.3f of copy, %.3f of CUB"),
                              hovered->label.c_str(), static_cast<long long>(r.n), r.median_ms, r.gbps,
                              r.ratio_memcpy, r.ratio_copy, r.ratio_cub);
            break;
        }
    }
}

void BenchView::DrawTable() {
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_ScrollY |
                                  ImGuiTableFlags_SizingStretchProp;
    if (!ImGui::BeginTable("bench_rows", 12, flags, ImGui::GetContentRegionAvail())) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    for (const char* h : {i18n::N_("variant"), i18n::N_("n"), i18n::N_("type"), i18n::N_("op"), i18n::N_("mode"),
                          i18n::N_("time"), i18n::N_("GB/s"), i18n::N_("x memcpy"), i18n::N_("x copy"),
                          i18n::N_("x CUB"), i18n::N_("checked"), i18n::N_("float error")})
        ImGui::TableSetupColumn(i18n::tr(h));
    ImGui::TableHeadersRow();
    for (const auto& r : report.rows) {
        if (is_tile_row(r) || !Listed(r)) continue;  // DrawTileTable; a lesson's rows
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(r.variant.c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%lld", static_cast<long long>(r.n));
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(std::string(to_string(r.type)).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(is_copy_row(r.variant) ? "-" : std::string(to_string(r.op)).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(is_copy_row(r.variant) ? "-"
                               : r.exclusive             ? i18n::tr("exclusive")
                                                         : i18n::tr("inclusive"));
        ImGui::TableNextColumn();
        if (r.n <= (int64_t{1} << 20))
            ImGui::Text("%.2f us", r.median_ms * 1e3);
        else
            ImGui::Text("%.4f ms", r.median_ms);
        ImGui::TableNextColumn();
        ImGui::Text("%.1f", r.gbps);
        ImGui::TableNextColumn();
        ImGui::Text("%.3f", r.ratio_memcpy);
        ImGui::TableNextColumn();
        if (r.ratio_copy > 0)
            ImGui::Text("%.3f", r.ratio_copy);
        else
            ImGui::TextDisabled("-");
        ImGui::TableNextColumn();
        if (show_cub_)
            ImGui::Text("%.3f", r.ratio_cub);
        else
            ImGui::TextDisabled("-");  // a lesson's question that does not compare with CUB
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(r.checked ? (r.repeatable == 0 ? i18n::tr("yes (bits differ run to run)") : i18n::tr("yes"))
                                         : i18n::tr("no"));
        ImGui::TableNextColumn();
        if (r.max_err < 0)
            ImGui::TextDisabled("-");
        else
            ImGui::Text("%.2e", r.max_err);
    }
    ImGui::EndTable();
}

bool BenchView::Listed(const BenchResult& r) const {
    if (!lesson_rows_) return true;
    // The size the question names (a tile row: its tile), when it names one.
    if (lesson_size_ > 0 && (is_tile_row(r) ? r.tile != lesson_size_ : r.n != lesson_size_)) return false;
    return std::find(lesson_rows_->begin(), lesson_rows_->end(), r.variant) != lesson_rows_->end() ||
           (is_copy_row(r.variant) && !lesson_rows_->empty());
}

void BenchView::DrawTileTable() {
    TextWrappedCJK(
        "%s",
        i18n::tr("Each block (one warp for the warp scans) scans its own tile, and every tile of the launch runs at "
                 "once, as a block scan does inside a larger scan. The spread is the fastest and slowest of the "
                 "timed runs; a difference within it is noise."));
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_ScrollY |
                                  ImGuiTableFlags_SizingStretchProp;
    if (!ImGui::BeginTable("tile_rows", 11, flags, ImGui::GetContentRegionAvail())) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    for (const char* h : {i18n::N_("variant"), i18n::N_("tile"), i18n::N_("elements"), i18n::N_("type"),
                          i18n::N_("op"), i18n::N_("mode"), i18n::N_("median"), i18n::N_("fastest .. slowest"),
                          i18n::N_("GB/s"), i18n::N_("x memcpy"), i18n::N_("threads, blocks/SM")})
        ImGui::TableSetupColumn(i18n::tr(h));
    ImGui::TableHeadersRow();
    for (const auto& r : report.rows) {
        if (!is_tile_row(r) || !Listed(r)) continue;
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(r.variant.c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%d", r.tile);
        ImGui::TableNextColumn();
        ImGui::Text("%lld", static_cast<long long>(r.n));
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(std::string(to_string(r.type)).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(std::string(to_string(r.op)).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(r.exclusive ? i18n::tr("exclusive") : i18n::tr("inclusive"));
        ImGui::TableNextColumn();
        ImGui::Text("%.1f us", r.median_ms * 1e3);
        ImGui::TableNextColumn();
        ImGui::Text("%.1f .. %.1f us", r.min_ms * 1e3, r.max_ms * 1e3);
        ImGui::TableNextColumn();
        ImGui::Text("%.1f", r.gbps);
        ImGui::TableNextColumn();
        if (r.ratio_memcpy > 0)
            ImGui::Text("%.3f", r.ratio_memcpy);
        else
            ImGui::TextDisabled("-");
        ImGui::TableNextColumn();
        ImGui::Text("%d, %d", r.threads, r.blocks_per_sm);
    }
    ImGui::EndTable();
}

}  // namespace scanviz::ui
