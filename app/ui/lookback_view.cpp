#include "lookback_view.hpp"

#include "drawn_text.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "gpu_jobs.hpp"
#include "view_common.hpp"
#include "core/common/assets.hpp"

namespace scanviz::ui {

std::string default_timeline_file() {
    return shipped_file("SCANVIZ_TIMELINE_FILE", "bench/h100_lookback_timeline.json");
}

bool LookbackView::Load(const std::string& path) {
    try {
        std::ifstream f(path, std::ios::binary);
        if (!f) throw std::runtime_error(i18n::format(i18n::tr("%s: cannot open the file"), path.c_str()));
        std::stringstream ss;
        ss << f.rdbuf();
        LookbackTimeline t = timeline_from_json(ss.str());
        const std::string problem = check_timeline(t);
        if (!problem.empty()) throw std::runtime_error(path + ": " + problem);
        timeline = std::move(t);
        summary = summarize(timeline);
        loaded = true;
        source = path;
        error.clear();
        return true;
    } catch (const std::exception& e) {
        error = e.what();
        return false;
    }
}

bool LookbackView::Capture(App& app, int64_t n) {
    return app.jobs.submit<LookbackTimeline>(
        kLookbackJob, lookback_job(n),
        [this](LookbackTimeline t) {
            timeline = std::move(t);
            summary = summarize(timeline);
            loaded = true;
            source = i18n::tr("captured now");
            error.clear();
        },
        [this](const std::string& e) { error = e; });
}

void LookbackView::Draw(App& app) {
    if (!tried_default_) {
        tried_default_ = true;
        path_text = default_timeline_file();
        if (!path_text.empty()) Load(path_text);
    }
    char buf[512];
    std::snprintf(buf, sizeof buf, "%s", path_text.c_str());
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 22);
    {
        const NotRecorded path;
        if (ImGui::InputText("##timeline_file", buf, sizeof buf)) path_text = buf;
    }
    ImGui::SameLine();
    if (ImGui::Button(i18n::tr("Open timeline"))) Load(path_text);
    if (app.device.present) {
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
        ImGui::SliderInt((std::string(i18n::tr("log2 n")) + "###log2_n").c_str(), &capture_log2_n, 14, 26);
        ImGui::SameLine();
        if (app.jobs.holds(kLookbackJob)) {
            DrawJobProgress(app);
        } else {
            const bool other_job = app.jobs.busy();  // one job at a time
            if (other_job) ImGui::BeginDisabled();
            if (ImGui::Button(i18n::tr("Capture on the GPU"))) Capture(app, int64_t{1} << capture_log2_n);
            if (other_job) ImGui::EndDisabled();
        }
    }
    ImGui::SameLine();
    ImGui::Checkbox((std::string(i18n::tr("colour by SM")) + "###colour_by_sm").c_str(), &colour_by_sm);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
    ImGui::SliderFloat((std::string(i18n::tr("row")) + "###row_height").c_str(), &row_height, 2.0f, 16.0f, "%.0f px");

    if (!error.empty()) ImGui::TextColored(ImVec4(0.85f, 0.2f, 0.2f, 1), "%s", error.c_str());
    if (!loaded) {
        TextWrappedCJK("%s", app.device.present
                                     ? i18n::tr("No timeline yet: open one saved by `scanviz bench --timeline FILE`, "
                                                "or capture one.")
                                     : i18n::tr("No timeline yet: open one saved by `scanviz bench --timeline FILE`."));
        return;
    }
    const auto& s = summary;
    if (timeline.blocks_per_sm > 0)
        ImGui::TextDisabled(
            i18n::tr("%s  |  %s  |  n = %lld, %d tiles of %d items (%d threads) on %d SMs, %d resident tiles per SM"),
            source.c_str(), timeline.device.c_str(), static_cast<long long>(timeline.n), s.tiles,
            timeline.tile_items, timeline.threads, s.sms, timeline.blocks_per_sm);
    else
        ImGui::TextDisabled(i18n::tr("%s  |  %s  |  n = %lld, %d tiles of %d items (%d threads) on %d SMs"),
                            source.c_str(), timeline.device.c_str(), static_cast<long long>(timeline.n), s.tiles,
                            timeline.tile_items, timeline.threads, s.sms);
    ImGui::Text(
        i18n::tr("look-back distance: mean %.1f, max %d, %.0f%% of tiles at 1  |  median look-back %.2f us, "
                 "median tile %.2f us, whole run %.1f us"),
        s.mean_distance, s.max_distance, 100 * s.fraction_distance_1, s.median_lookback_ns * 1e-3,
        s.median_tile_ns * 1e-3, s.span_ns * 1e-3);
    ImGui::TextDisabled("%s", timeline.group_tiles > 0
                                  ? i18n::tr("bars: load and reduce (blue), look-back (orange), scan and store "
                                             "(green); ticks: aggregate published, inclusive prefix known")
                                  : i18n::tr("bars: load and reduce (blue), look-back (orange), scan and store "
                                             "(green); ticks: aggregate published, inclusive prefix published"));
    if (timeline.group_tiles > 0) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled(
            i18n::tr("The look-back runs in groups of %d tiles: only a group's last tile publishes its inclusive "
                     "prefix; a tile reads its own group and whole groups before it until it meets one."),
            timeline.group_tiles);
        ImGui::PopTextWrapPos();
    }
    DrawTimeline(app);
}

void LookbackView::DrawTimeline(const App& app) {
    const bool pres = app.settings.presentation;
    const float font = ImGui::GetFontSize();
    const int tiles = static_cast<int>(timeline.tiles.size());
    if (tiles == 0) return;
    ImGui::BeginChild("##timeline_rows", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float width = std::max(ImGui::GetContentRegionAvail().x, font * 20);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float axis_h = font * 1.3f;
    const float label_w = font * 3.5f;
    const float rh = std::max(row_height, 1.0f);
    ImGui::Dummy(ImVec2(width, axis_h + rh * tiles));

    double t_end = 0;
    for (const auto& x : timeline.tiles) t_end = std::max(t_end, x.end_ns);
    t_end = std::max(t_end, 1.0);
    const float x0 = origin.x + label_w, x1 = origin.x + width - 4;
    auto X = [&](double ns) { return x0 + static_cast<float>(ns / t_end) * (x1 - x0); };
    const ImU32 axis = pres ? IM_COL32(255, 255, 255, 255) : IM_COL32(40, 40, 40, 255);
    const ImU32 grid = pres ? IM_COL32(80, 80, 80, 255) : IM_COL32(225, 225, 225, 255);

    // Time axis in microseconds.
    const double step_us = std::pow(10.0, std::floor(std::log10(t_end * 1e-3 / 4)));
    for (double us = 0; us * 1e3 <= t_end; us += step_us) {
        const float x = X(us * 1e3);
        dl->AddLine(ImVec2(x, origin.y + axis_h - 3), ImVec2(x, origin.y + axis_h + rh * tiles), grid);
        char t[32];
        std::snprintf(t, sizeof t, "%g us", us);
        dl->AddText(ImVec2(x + 2, origin.y), axis, t);
    }

    // Only the rows in view are drawn.
    const float clip_top = ImGui::GetWindowPos().y, clip_bottom = clip_top + ImGui::GetWindowHeight();
    const int first = std::clamp(static_cast<int>((clip_top - origin.y - axis_h) / rh) - 1, 0, tiles - 1);
    const int last = std::clamp(static_cast<int>((clip_bottom - origin.y - axis_h) / rh) + 1, 0, tiles - 1);
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    int hovered = -1;
    for (int i = first; i <= last; ++i) {
        const auto& t = timeline.tiles[static_cast<size_t>(i)];
        const float y = origin.y + axis_h + rh * i;
        const float h = std::max(rh - 1.0f, 1.0f);
        if (rh >= font * 0.9f || i % std::max(1, static_cast<int>(font * 2 / rh)) == 0) {
            char label[16];
            std::snprintf(label, sizeof label, "%d", i);
            dl->AddText(ImVec2(origin.x, y + (h - font) * 0.5f), axis, label);
        }
        ImU32 load = IM_COL32(60, 120, 220, 255), look = IM_COL32(235, 140, 30, 255),
              scan = IM_COL32(50, 170, 80, 255);
        if (colour_by_sm) {
            const float hue = std::fmod(t.sm * 0.61803f, 1.0f);
            float r, g, b;
            ImGui::ColorConvertHSVtoRGB(hue, 0.6f, 0.9f, r, g, b);
            load = look = scan = ImGui::ColorConvertFloat4ToU32(ImVec4(r, g, b, 1));
        }
        dl->AddRectFilled(ImVec2(X(t.start_ns), y), ImVec2(X(t.aggregate_ns), y + h), load);
        dl->AddRectFilled(ImVec2(X(t.lookback_start_ns), y),
                          ImVec2(std::max(X(t.lookback_end_ns), X(t.lookback_start_ns) + 1), y + h), look);
        dl->AddRectFilled(ImVec2(X(t.inclusive_ns), y), ImVec2(X(t.end_ns), y + h), scan);
        dl->AddLine(ImVec2(X(t.aggregate_ns), y), ImVec2(X(t.aggregate_ns), y + h), axis);
        dl->AddLine(ImVec2(X(t.inclusive_ns), y - 1), ImVec2(X(t.inclusive_ns), y + h + 1), axis, 2.0f);
        if (mouse.y >= y && mouse.y < y + rh && mouse.x >= origin.x && mouse.x <= x1) hovered = i;
    }

    if (hovered >= 0 && ImGui::IsWindowHovered()) {
        const auto& t = timeline.tiles[static_cast<size_t>(hovered)];
        // The predecessors it read: a line from its row to each one's row.
        for (const auto& p : t.preds) {
            const float y0 = origin.y + axis_h + rh * hovered + rh * 0.5f;
            const float y1 = origin.y + axis_h + rh * static_cast<float>(p.tile) + rh * 0.5f;
            dl->AddLine(ImVec2(X(t.lookback_start_ns), y0),
                        ImVec2(X(timeline.tiles[p.tile].aggregate_ns), y1),
                        p.status == 2 ? IM_COL32(200, 30, 30, 200) : IM_COL32(120, 120, 120, 120));
        }
        std::string preds;
        const double ghz = timeline.sm_clock_ghz > 0 ? timeline.sm_clock_ghz : 1.0;
        for (size_t k = 0; k < t.preds.size() && k < 12; ++k) {
            preds += "\n  " + i18n::format(t.preds[k].status == 2 ? i18n::tr("tile %lld: inclusive prefix, waited %.0f ns")
                                                                  : i18n::tr("tile %lld: aggregate, waited %.0f ns"),
                                         static_cast<long long>(t.preds[k].tile), t.preds[k].wait_cycles / ghz);
        }
        if (t.preds.size() > 12) preds += "\n  ...";
        const bool publishes = timeline.group_tiles <= 0 || (t.tile + 1) % timeline.group_tiles == 0;
        ImGui::SetTooltip(
            publishes ? i18n::tr("tile %lld on SM %d\nstart %.2f us, aggregate out %.2f us\nlook-back %.2f .. %.2f us, "
                                 "distance %d\ninclusive out %.2f us, end %.2f us%s")
                      : i18n::tr("tile %lld on SM %d\nstart %.2f us, aggregate out %.2f us\nlook-back %.2f .. %.2f us, "
                                 "distance %d\ninclusive known (not published) %.2f us, end %.2f us%s"),
            static_cast<long long>(t.tile), t.sm, t.start_ns * 1e-3, t.aggregate_ns * 1e-3,
            t.lookback_start_ns * 1e-3, t.lookback_end_ns * 1e-3, t.distance, t.inclusive_ns * 1e-3,
            t.end_ns * 1e-3, preds.c_str());
    }
    ImGui::EndChild();
}

}  // namespace scanviz::ui
