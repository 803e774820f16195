#include "race_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <filesystem>

#include "core/common/assets.hpp"
#include "core/figure/trace_scene.hpp"
#include "core/models/variants.hpp"
#include "gpu_jobs.hpp"
#include "view_common.hpp"

namespace scanviz::ui {
namespace {

// The measured lines name what is counted, a block or a warp: one sentence for each.
bool counts_warps(const RaceRow& row) { return row.unit == "warp"; }

}  // namespace

bool RaceView::Init(const Fonts* fonts, std::string* err) {
    fonts_ = fonts;
    return canvas_.init(err);
}

RaceCase RaceView::current_case() const {
    RaceCase c{variant, choice == kOneBuffer ? -1 : choice, choice == kOneBuffer, diverged};
    return c;
}

bool RaceView::Select(const std::string& v, int ch, bool div) {
    if (!is_race_variant(v)) {
        error = i18n::format(i18n::tr("'%s' is not in the race lab"), v.c_str());
        return false;
    }
    const auto sites = race_barriers(v);
    if (ch == kOneBuffer ? !race_has_one_buffer(v) : (ch < -1 || ch >= static_cast<int>(sites.size()))) {
        error = i18n::format(i18n::tr("no such what-if for %s"), v.c_str());
        return false;
    }
    variant = v;
    choice = ch;
    if (yours) yours_declined_ = true;
    yours = false;
    diverged = div && race_is_warp(v);
    error.clear();
    dirty_ = true;
    return true;
}

void RaceView::Rebuild(const App& app) {
    dirty_ = false;
    yours_key_[0] = ~0ull;  // the scene is a built-in's now
    presentation_ = app.settings.presentation;
    try {
        const Trace& trace = race_trace(variant);
        barriers = race_barriers(variant);
        hazards = race_hazards(current_case());
        graph_ = DependencyGraph(trace);
        edges = hazard_edges(graph_, trace, hazards);
        step_ = choice >= 0 && choice != kOneBuffer ? barriers[static_cast<size_t>(choice)].step : -1;
        const figure::SceneStyle style = scene_style(presentation_);
        scene_ = figure::build_diagram_scene(trace, graph_, step_, figure::Selection{}, style, &edges);
        canvas_.set_legibility(style, figure::focus_box(scene_, figure::Selection{}, step_));
        canvas_.fit();
        changed_ = true;
    } catch (const std::exception& e) {
        error = e.what();
        scene_ = figure::Scene{};
    }
}

void RaceView::FindRecorded(const App& app) {
    // The open recording's race section first (the badge the rest of the window shows), then assets/race/.
    if (app.recording.get() != recording_seen_) {
        recording_seen_ = app.recording.get();
        if (app.recording && app.recording->race) {
            recorded = *app.recording->race;
            recorded_source = app.recording_path;
            looked_for_recorded_ = true;
            return;
        }
    }
    if (looked_for_recorded_) return;
    looked_for_recorded_ = true;
    namespace fs = std::filesystem;
    std::error_code ec;
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(fs::path(asset_path("race")), ec))
        if (e.path().extension() == ".json") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files)
        if (LoadTable(f.string())) return;
}

bool RaceView::LoadTable(const std::string& path) {
    try {
        recorded = load_race_table(path);
        recorded_source = path;
        return true;
    } catch (const std::exception& e) {
        status = e.what();
        return false;
    }
}

bool RaceView::MeasureLive(App& app) {
    const RaceCase c = current_case();
    const std::string barrier_name = c.barrier >= 0 ? barriers[static_cast<size_t>(c.barrier)].name : "";
    const bool submitted = app.jobs.submit<LiveRaceRow>(
        kRaceJob, race_job(c, launches),
        [this, c, barrier_name](LiveRaceRow m) {
            RaceRow row = std::move(m.row);
            if (c.barrier >= 0) row.barrier_name = barrier_name;
            if (live.rows.empty()) {
                live.device = m.device;
                live.sm = m.sm;
                live.runtime = m.runtime;
                live.driver = m.driver;
                live.build = "this scanviz";
            }
            live.date = utc_now_iso8601();
            live.rows.erase(std::remove_if(live.rows.begin(), live.rows.end(),
                                           [&](const RaceRow& r) { return r.c == c; }),
                            live.rows.end());
            live.rows.push_back(std::move(row));
            status.clear();
        },
        [this](const std::string& e) { status = i18n::format(i18n::tr("measurement failed: %s"), e.c_str()); });
    if (submitted) status.clear();
    return submitted;
}

const RaceRow* RaceView::MeasuredRow(std::string* source) const {
    const RaceCase c = current_case();
    if (const RaceRow* r = live.find(c)) {
        *source = i18n::format(i18n::tr("GPU now: %s"), live.badge_shown().c_str());
        return r;
    }
    if (recorded)
        if (const RaceRow* r = recorded->find(c)) {
            *source = i18n::format(i18n::tr("recorded: %s (%s)"), recorded->badge_shown().c_str(),
                                   recorded_source.c_str());
            return r;
        }
    return nullptr;
}

void RaceView::DrawMeasured(App& app) {
    const bool presentation = app.settings.presentation;
    ImGui::TextUnformatted(i18n::tr("What the GPU did"));
    if (app.live_gpu()) {
        ImGui::SetNextItemWidth(90);
        ImGui::InputInt((std::string(i18n::tr("launches")) + "###launches").c_str(), &launches);
        launches = std::clamp(launches, 1, 5000);
        ImGui::SameLine();
        if (app.jobs.holds(kRaceJob)) {
            DrawJobProgress(app);
        } else {
            const bool other_job = app.jobs.busy();  // one job at a time
            if (other_job) ImGui::BeginDisabled();
            if (ImGui::Button(i18n::tr("Measure on this GPU"))) MeasureLive(app);
            if (other_job) ImGui::EndDisabled();
        }
    }
    std::string source;
    const RaceRow* row = MeasuredRow(&source);
    if (!row) {
        TextWrappedCJK("%s", app.live_gpu() ? i18n::tr("Not measured yet: press the button.")
                                                : i18n::tr("No GPU here and no recorded figures for this case."));
    } else {
        ImGui::TextColored(ImColor(badge_colour(presentation)), "%s", source.c_str());
        const long long wrong = static_cast<long long>(row->wrong), total = static_cast<long long>(row->total);
        if (row->unit == "block" || row->unit == "warp")
            ImGui::Text(counts_warps(*row) ? i18n::tr("wrong: %lld of %lld warps (%.3g%%)")
                                           : i18n::tr("wrong: %lld of %lld blocks (%.3g%%)"),
                        wrong, total, 100.0 * row->rate());
        else
            ImGui::Text(i18n::tr("wrong: %s"), format_rate(*row).c_str());
        ImGui::Text(counts_warps(*row) ? i18n::tr("launches with a wrong warp: %d of %d")
                                       : i18n::tr("launches with a wrong block: %d of %d"),
                    row->wrong_launches, row->launches);
        if (row->racecheck)
            ImGui::Text(row->racecheck->hazards() == 0
                            ? i18n::tr("compute-sanitizer racecheck: %d errors, %d warnings (clean)")
                            : i18n::tr("compute-sanitizer racecheck: %d errors, %d warnings"),
                        row->racecheck->errors, row->racecheck->warnings);
        else
            ImGui::TextDisabled("%s", i18n::tr("compute-sanitizer racecheck: not run for this case"));
        if (row->example) {
            const auto& e = *row->example;
            ImGui::Text(counts_warps(*row) ? i18n::tr("example: launch %d, warp %d, %zu cells differ")
                                           : i18n::tr("example: launch %d, block %d, %zu cells differ"),
                        e.launch, e.unit, e.differing.size());
            if (ImGui::BeginTable(
                    "##race_example", 4,
                    ImGuiTableFlags_Borders | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit,
                    ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * 8))) {
                ImGui::TableSetupColumn(i18n::tr("cell"));
                ImGui::TableSetupColumn(i18n::tr("input"));
                ImGui::TableSetupColumn(i18n::tr("GPU"));
                ImGui::TableSetupColumn(i18n::tr("expected"));
                ImGui::TableHeadersRow();
                for (int d : e.differing) {
                    const auto i = static_cast<size_t>(d);
                    ImGui::TableNextRow();
                    ImGui::TableNextColumn();
                    ImGui::Text("%d", d);
                    ImGui::TableNextColumn();
                    ImGui::Text("%lld", static_cast<long long>(e.input[i]));
                    ImGui::TableNextColumn();
                    ImGui::TextColored(ImColor(error_colour(presentation)), "%lld",
                                       static_cast<long long>(e.output[i]));
                    ImGui::TableNextColumn();
                    ImGui::Text("%lld", static_cast<long long>(e.expected[i]));
                }
                ImGui::EndTable();
            }
        } else if (row->wrong == 0) {
            ImGui::TextUnformatted(i18n::tr("every result was right"));
        }
    }
    if (!status.empty()) ImGui::TextColored(ImColor(error_colour(presentation)), "%s", status.c_str());

    // Why: computed from the whole table on screen (live rows over recorded ones).
    RaceTable merged = recorded ? *recorded : live;
    if (recorded)
        for (const auto& r : live.rows) {
            merged.rows.erase(std::remove_if(merged.rows.begin(), merged.rows.end(),
                                             [&](const RaceRow& x) { return x.c == r.c; }),
                              merged.rows.end());
            merged.rows.push_back(r);
        }
    if (!merged.rows.empty()) {
        std::vector<RaceCase> cases;
        for (auto v : race_variants())
            for (const auto& c : race_cases(std::string(v))) cases.push_back(c);
        const auto lines = race_narration(build_race_report(cases, &merged, merged.badge_shown()));
        if (!lines.empty()) {
            ImGui::Separator();
            for (const auto& l : lines) TextWrappedCJK("%s", l.c_str());
        }
    }
}

// A racy kernel of yours: its diagram with its hazards (as the Your-kernel panel draws them on the
// diagram), its hazards to pick, and the wrong outputs over the GPU engine's launches.
void RaceView::DrawYours(App& app) {
    const figure::HazardPairs* pairs = app.hazards_shown();
    if (!pairs) return;
    const uint64_t key[4] = {app.trace_generation, app.hazards_key(), static_cast<uint64_t>(app.step + 1),
                             app.settings.presentation ? 1ull : 0ull};
    if (!std::equal(key, key + 4, yours_key_)) {
        std::copy(key, key + 4, yours_key_);
        const figure::SceneStyle style = scene_style(app.settings.presentation);
        scene_ = figure::build_diagram_scene(app.trace, app.graph, app.step, figure::Selection{}, style, nullptr,
                                             figure::FigureWindow{}, pairs);
        canvas_.set_legibility(style, figure::focus_box(scene_, figure::Selection{}, app.step));
        canvas_.fit();
        changed_ = true;
        dirty_ = true;  // a built-in case picked later is built again
    }
    int raw = 0, war = 0, waw = 0, between = 0;
    for (const Hazard& h : pairs->pairs) {
        (h.kind == HazardKind::RAW ? raw : h.kind == HazardKind::WAR ? war : waw)++;
        between += h.between_warps;
    }
    const int count = static_cast<int>(pairs->pairs.size());
    const std::string file = std::filesystem::path(app.learner.path).filename().string();
    ImGui::Text(i18n::trn("%s: %d hazard (%d RAW, %d WAR, %d WAW): %d between warps, %d between lanes of one warp",
                          "%s: %d hazards (%d RAW, %d WAR, %d WAW): %d between warps, %d between lanes of one warp",
                          static_cast<unsigned long>(count)),
                file.c_str(), count, raw, war, waw, between, count - between);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", i18n::tr("red edges: the reads of your kernel that no barrier orders after the write "
                                       "they race with (from its trace; a hazard picked in the list is drawn alone)"));
    ImGui::PopTextWrapPos();

    const float right_w = std::max(320.0f, ImGui::GetContentRegionAvail().x * 0.36f);
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    ImGui::BeginChild("##race_diagram", ImVec2(avail.x - right_w, avail.y), true);
    DrawZoomButtons(canvas_);
    if (!scene_.nodes.empty()) {
        canvas_.Draw("##race_canvas", scene_, changed_, ImGui::GetContentRegionAvail(),
                     fonts_ ? fonts_->ui(app.settings.presentation) : nullptr,
                     fonts_ ? fonts_->sans_large : nullptr);
        changed_ = false;
    }
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("##race_measured", ImVec2(0, avail.y), true);
    ImGui::SetNextItemOpen(true, ImGuiCond_Once);
    // untranslated: "hazards" is the node's id; its label is the translated format.
    if (ImGui::TreeNode("hazards", i18n::tr("the first hazards (of %d)"), count)) {
        for (int i = 0; i < count && i < 64; ++i) {
            const std::string line = describe_shown(app.trace, pairs->pairs[static_cast<size_t>(i)]) + "###hazard" +
                                     std::to_string(i);
            if (ImGui::Selectable(line.c_str(), app.learner_hazards.picked == i))
                app.pick_hazard(app.learner_hazards.picked == i ? -1 : i);
        }
        ImGui::TreePop();
    }
    ImGui::Separator();
    ImGui::TextUnformatted(i18n::tr("What the GPU did"));
    if (your_launches && your_launches->runs > 1) {
        const double rate = 100.0 * static_cast<double>(your_launches->wrong) / static_cast<double>(your_launches->runs);
        ImGui::TextColored(ImColor(your_launches->wrong ? error_colour(app.settings.presentation)
                                                        : ImGui::ColorConvertFloat4ToU32(badge_colour(app.settings.presentation))),
                           i18n::tr("wrong: %lld of %lld blocks (%.3g%%)"), your_launches->wrong, your_launches->runs,
                           rate);
        TextWrappedCJK("%s", your_launches->line.c_str());
    } else {
        TextWrappedCJK("%s", i18n::tr("One launch so far: on the GPU engine, set launches in the Your-kernel panel "
                                      "to count the wrong outputs."));
    }
    ImGui::EndChild();
}

void RaceView::Draw(App& app) {
    FindRecorded(app);
    // A racy kernel of yours on screen: the lab shows it, unless a built-in case was picked since it opened.
    const bool racy = app.hazards_shown() != nullptr;
    if (app.learner.path != yours_file_) {
        yours_file_ = app.learner.path;
        yours_declined_ = false;
    }
    if (!racy && yours) {
        yours = false;
        dirty_ = true;
    }
    if (racy && !yours && !yours_declined_) yours = true;
    if (!yours && (dirty_ || presentation_ != app.settings.presentation)) Rebuild(app);

    // The case: variant, what-if, divergence.
    ImGui::SetNextItemWidth(220);
    const std::string your_name = i18n::tr("your kernel");
    if (ImGui::BeginCombo((std::string(i18n::tr("variant")) + "###variant").c_str(),
                          yours ? your_name.c_str() : variant.c_str())) {
        if (racy && ImGui::Selectable((your_name + "###yours").c_str(), yours)) {
            yours = true;
            yours_declined_ = false;
        }
        for (auto v : race_variants())
            if (ImGui::Selectable(std::string(v).c_str(), !yours && v == variant)) {
                const std::string nv(v);
                Select(nv, race_barriers(nv).empty() ? -1 : 0, diverged);
            }
        ImGui::EndCombo();
    }
    if (yours) {
        DrawYours(app);
        return;
    }
    ImGui::SameLine();
    auto choice_label = [&](int ch) -> std::string {
        if (ch == kOneBuffer) return variant_text(race_one_buffer_what(variant));
        if (ch < 0) return i18n::tr("as written (no barrier removed)");
        return i18n::format(i18n::tr("remove barrier %d: %s"), ch,
                            barrier_shown(race_trace(variant), barriers[static_cast<size_t>(ch)]).c_str());
    };
    ImGui::SetNextItemWidth(360);
    if (ImGui::BeginCombo((std::string(i18n::tr("what if")) + "###what_if").c_str(), choice_label(choice).c_str())) {
        std::vector<int> choices{-1};
        for (const auto& b : barriers) choices.push_back(b.index);
        if (race_has_one_buffer(variant)) choices.push_back(kOneBuffer);
        for (int ch : choices)
            if (ImGui::Selectable(choice_label(ch).c_str(), ch == choice)) Select(variant, ch, diverged);
        ImGui::EndCombo();
    }
    if (race_is_warp(variant)) {
        ImGui::SameLine();
        bool d = diverged;
        if (ImGui::Checkbox((std::string(i18n::tr("after a divergent branch")) + "###diverged").c_str(), &d))
            Select(variant, choice, d);
    }
    if (!error.empty())
        ImGui::TextColored(ImColor(error_colour(app.settings.presentation)), "%s", error.c_str());

    ImGui::Text(i18n::trn("%s: %d hazard (%d RAW, %d WAR, %d WAW): %d between warps, %d between lanes of one warp",
                          "%s: %d hazards (%d RAW, %d WAR, %d WAW): %d between warps, %d between lanes of one warp",
                          static_cast<unsigned long>(hazards.count())),
                what_if_shown(race_trace(variant), hazards.what_if).c_str(), hazards.count(), hazards.raw, hazards.war, hazards.waw, hazards.between_warps,
                hazards.within_warp);
    ImGui::TextDisabled(
        i18n::tr("red edges: reads whose value the missing barrier no longer guarantees (from the trace of "
                 "the reference model, n = %d)"),
        race_spec(variant).n);

    const float right_w = std::max(320.0f, ImGui::GetContentRegionAvail().x * 0.36f);
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    ImGui::BeginChild("##race_diagram", ImVec2(avail.x - right_w, avail.y), true);
    DrawZoomButtons(canvas_);
    if (!scene_.nodes.empty()) {
        // At n = 256 the legible diagram is a window of the columns: the strip shows which.
        const Trace& trace = race_trace(variant);
        const figure::SceneStyle style = scene_style(app.settings.presentation);
        const bool partial = canvas_.end_visible_slot() - canvas_.first_visible_slot() < trace.layout.slots;
        const int slot = DrawOverview(trace, step_, canvas_, style, partial, figure::overview_height(style), overview);
        if (slot >= 0) canvas_.show_slot(scene_, slot);
        canvas_.Draw("##race_canvas", scene_, changed_, ImGui::GetContentRegionAvail(),
                     fonts_ ? fonts_->ui(app.settings.presentation) : nullptr,
                     fonts_ ? fonts_->sans_large : nullptr);
        changed_ = false;
    }
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("##race_measured", ImVec2(0, avail.y), true);
    if (!hazards.hazards.empty()) {
        // untranslated: "hazards" is the node's id; its label is the translated format.
        if (ImGui::TreeNode("hazards", i18n::tr("the first hazards (of %d)"), hazards.count())) {
            const Trace& t = race_trace(variant);
            for (size_t i = 0; i < hazards.hazards.size() && i < 24; ++i)
                TextWrappedCJK("%s", describe_shown(t, hazards.hazards[i]).c_str());
            ImGui::TreePop();
        }
    }
    DrawMeasured(app);
    ImGui::EndChild();
}

}  // namespace scanviz::ui
