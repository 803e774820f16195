#include "kernel_view.hpp"

#include "drawn_text.hpp"
#include "view_common.hpp"

#include "core/sass/classify.hpp"
#include "core/sass/load.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>
#include <system_error>

#include "core/common/assets.hpp"
#include "core/learner/source_steps.hpp"
#include "core/race/placed_hazards.hpp"
#include "theme.hpp"

namespace scanviz::ui {
namespace {

double now_seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

bool read_text(const std::string& file, std::string& text) {
    std::ifstream in(file, std::ios::binary);
    if (!in) return false;
    std::ostringstream os;
    os << in.rdbuf();
    text = os.str();
    return true;
}

void ErrorText(const App& app, const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text,
                          ImGui::ColorConvertU32ToFloat4(error_colour(app.settings.presentation)));
    TextWrappedCJK("%s", text.c_str());
    ImGui::PopStyleColor();
}

// Compilers quote with U+2018 and U+2019, which the window's fonts may lack: plain quotes instead.
std::string plain_quotes(std::string s) {
    for (const char* curly : {"\xe2\x80\x98", "\xe2\x80\x99"})
        for (size_t at = s.find(curly); at != std::string::npos; at = s.find(curly, at))
            s.replace(at, 3, "'");
    return s;
}

}  // namespace

KernelView::Stamp KernelView::StampOf(const std::string& file) {
    Stamp s;
    std::error_code ec;
    s.mtime = std::filesystem::last_write_time(file, ec);
    if (ec) return s;
    s.size = std::filesystem::file_size(file, ec);
    s.exists = !ec;
    return s;
}

bool KernelView::Open(App& app, const std::string& file) {
    path = file;
    runs = 0;
    last_run_s = 0;
    passed.clear();
    failed.clear();
    notes.clear();
    checks_done = false;
    checks_again_ = false;
    last_.reset();
    sass_line.clear();
    sass_listing.clear();
    sass_rows.clear();
    hazard_sentences.clear();
    hazard_count = 0;
    repeated = {};
    stamp_ = seen_ = {};
    pending_ = true;
    next_poll_ = 0;
    app.learner = {};
    app.learner.path = file;
    app.learner.shown = true;  // the source view shows the file from now on, even before its first run
    app.learner.revision = 1;
    if (!read_text(file, app.learner.text)) {
        app.learner.error = i18n::format(i18n::tr("%s: cannot read the file"), file.c_str());
        pending_ = false;
        stamp_ = seen_ = StampOf(file);  // a file that appears later is run then
        return false;
    }
    app.set_status([file] {
        return i18n::format(i18n::tr("watching %s: save it in your editor to run it again"), file.c_str());
    });
    Poll(app);
    return true;
}

void KernelView::Poll(App& app) {
    if (path.empty()) return;
    const double now = now_seconds();
    if (now >= next_poll_) {
        next_poll_ = now + kPollSeconds;
        // A change is run once the file has stayed the same between two looks: an editor that
        // truncates and then writes is not caught half way.
        const Stamp now_stamp = StampOf(path);
        if (now_stamp != stamp_ && now_stamp == seen_) pending_ = true;
        if (now_stamp != seen_) next_poll_ = now + kSettleSeconds;  // soon again: is the save complete?
        seen_ = now_stamp;
    }
    if (pending_ && !app.jobs.busy())
        Start(app);
    else if (checks_again_ && !app.jobs.busy())
        StartChecks(app);
}

double KernelView::SecondsToNextLook() const {
    return path.empty() ? 1e9 : std::clamp(next_poll_ - now_seconds(), 0.0, kPollSeconds);
}

bool KernelView::Running(const App& app) const { return app.jobs.holds(kKernelRunJob); }

bool KernelView::Busy(const App& app) const {
    return pending_ || checks_again_ || Running(app) || app.jobs.holds(kKernelChecksJob);
}

void KernelView::Start(App& app) {
    pending_ = false;
    stamp_ = seen_ = StampOf(path);
    std::string text;
    if (!stamp_.exists || !read_text(path, text)) {
        ++runs;
        app.learner.error =
            i18n::format(i18n::tr("%s: cannot read the file (moved or deleted?); the picture stays"), path.c_str());
        app.learner.error_line = 0;
        return;
    }
    if (text != app.learner.text) {
        app.learner.text = std::move(text);
        ++app.learner.revision;
    }
    app.jobs.submit<LearnerJobResult>(
        kKernelRunJob, learner_run_job(path, app.learner.text, timeout_s, engine_, interleaved, launches),
        [this, &app](LearnerJobResult r) {
            Finished(app, std::make_shared<const LearnerJobResult>(std::move(r)));
        },
        [this, &app](const std::string& error) {
            ++runs;
            app.learner.error = path + ": " + error;
            app.learner.error_line = 0;
        });
}

void KernelView::Finished(App& app, std::shared_ptr<const LearnerJobResult> r) {
    ++runs;
    last_run_s = r->seconds;
    if (r->engine) engine_ = r->engine;
    if (r->request.file != path) return;  // another file was opened meanwhile: its own run follows
    if (!r->run.error.empty()) {
        app.learner.error = plain_quotes(r->run.error);
        app.learner.error_line = error_line_in(r->run.error, path);
        app.learner.shown = true;
        return;
    }
    app.learner.error.clear();
    app.learner.error_line = 0;
    app.show_learner_trace(r->run.trace);
    last_ = r;
    // The GPU's launches after the traced one, counted by block (no run of the engine: their outputs
    // came back with the run).
    repeated = {};
    if (r->engine && r->engine->kind == r->run.trace.source.kind && r->engine->kind == "gpu" &&
        r->request.launches > 1)
        repeated = check_repeated(r->engine->run, r->request, r->run, r->request.launches, "gpu");
    hazard_sentences.clear();
    hazard_count = 0;
    StartChecks(app);
}

void KernelView::LanguageChanged(App& app) {
    if (path.empty()) return;
    // The lines were written in the old language: a failed run's line comes from running the
    // file again (the picture stays as it is when it fails again); a good run's checks are made
    // again from its trace, which stays on screen untouched.
    if (!app.learner.error.empty())
        pending_ = true;
    else if (last_)
        checks_again_ = true;
}

void KernelView::StartChecks(App& app) {
    checks_again_ = false;
    passed.clear();
    failed.clear();
    notes.clear();
    checks_done = false;
    app.jobs.submit<LearnerChecks>(
        kKernelChecksJob, learner_checks_job(last_, sass_arch),
        [this, &app](LearnerChecks c) {
            PlaceHazards(app);
            passed = std::move(c.lines.passed);
            failed = std::move(c.lines.failed);
            notes = std::move(c.lines.notes);
            checks_done = true;
            sass_line = c.sass_error.empty()
                            ? i18n::format(i18n::trn("SASS of your kernel (%s): %d instruction",
                                                    "SASS of your kernel (%s): %d instructions",
                                                    static_cast<unsigned long>(c.sass_instructions)),
                                          c.sass_arch.c_str(), static_cast<int>(c.sass_instructions))
                            : i18n::format(i18n::tr("SASS of your kernel (%s): %s"), c.sass_arch.c_str(),
                                          c.sass_error.c_str());
            sass_listing = std::move(c.sass_listing);
            sass_rows = std::move(c.sass_rows);
        },
        [this](const std::string& error) {
            failed = {i18n::format(i18n::tr("the checks did not run: %s"), error.c_str())};
            checks_done = true;
        });
}

void KernelView::PlaceHazards(App& app) {
    hazard_sentences.clear();
    hazard_count = 0;
    if (!last_ || !app.learner.on_screen) return;
    try {
        PlacedHazards placed = place_hazards(last_->run.trace, last_->run.accesses);
        hazard_count = placed.report.count();
        // The lines the checks list (hazard_lines: the first few, then how many more), one per hazard.
        constexpr int kListed = 6;  // as check_run lists them
        hazard_sentences = hazard_lines(last_->run.accesses, kListed);
        hazard_sentences.resize(std::min(hazard_sentences.size(), static_cast<size_t>(std::min(hazard_count, kListed))));
        app.set_learner_hazards(std::move(placed.shown));
    } catch (const std::exception&) {
        app.set_learner_hazards({});  // the checks' line says why the analysis failed
    }
}

// A hazard's line of the checks: a button that goes to its step and lights its pair in the state
// view and the diagram (a second click shows every pair again).
void KernelView::DrawHazardLine(App& app, int index, const std::string& line) {
    const bool picked = app.learner_hazards.picked == index;
    ImGui::PushID(index);
    ImGui::BeginGroup();
    ErrorText(app, i18n::format(i18n::tr("FAIL  %s"), line.c_str()));
    ImGui::EndGroup();
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    // Recorded where it can be clicked: the part inside the panel's visible area (none when scrolled away).
    const ImVec2 clip_a = ImGui::GetWindowDrawList()->GetClipRectMin(), clip_b = ImGui::GetWindowDrawList()->GetClipRectMax();
    const ImVec2 va(std::max(a.x, clip_a.x), std::max(a.y, clip_a.y)), vb(std::min(b.x, clip_b.x), std::min(b.y, clip_b.y));
    if (static_cast<size_t>(index) < hazard_rects.size() && va.x < vb.x && va.y < vb.y)
        hazard_rects[static_cast<size_t>(index)] = {va.x, va.y, vb.x, vb.y};
    const bool hovered = ImGui::IsItemHovered();
    if (hovered || picked)
        ImGui::GetWindowDrawList()->AddRect(ImVec2(a.x - 2, a.y - 1), ImVec2(b.x + 2, b.y + 1),
                                            error_colour(app.settings.presentation), 0.0f, 0,
                                            picked ? 3.0f : 1.0f);
    if (hovered)
        ImGui::SetTooltip("%s", picked ? i18n::tr("click again: every hazard drawn")
                                       : i18n::tr("click: its step, with this pair drawn in the state and the diagram"));
    if (ImGui::IsItemClicked()) app.pick_hazard(picked ? -1 : index);
    ImGui::PopID();
}

// The wrong outputs over the GPU's launches, as the race lab counts them.
void KernelView::DrawWrongCount(App& app) {
    if (repeated.runs <= 1) return;
    const double rate = 100.0 * static_cast<double>(repeated.wrong) / static_cast<double>(repeated.runs);
    const ImVec4 colour = repeated.wrong ? ImGui::ColorConvertU32ToFloat4(error_colour(app.settings.presentation))
                                         : badge_colour(app.settings.presentation);
    ImGui::TextColored(colour, i18n::tr("wrong: %lld of %lld blocks (%.3g%%)"), repeated.wrong,
                       repeated.runs, rate);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", repeated.line.c_str());
    ImGui::PopTextWrapPos();
}

bool KernelView::HasNews(const App& app) const {
    return !path.empty() && (Running(app) || !app.learner.error.empty());
}

void KernelView::DrawCompact(App& app) {
    if (Running(app)) {
        const JobStatus job = app.jobs.status();
        ImGui::ProgressBar(static_cast<float>(job.fraction), ImVec2(-1, 0), job.text.c_str());
    }
    if (!app.learner.error.empty()) ErrorText(app, app.learner.error);
}

void KernelView::Draw(App& app) {
    ImGui::TextUnformatted(i18n::tr("Your kernel:"));
    ImGui::SameLine();
    {
        const NotRecorded file;
        ImGui::TextUnformatted(path.c_str());
    }
    ImGui::SameLine();
    if (ImGui::SmallButton((std::string(i18n::tr("Close")) + "###close_kernel").c_str())) {
        path.clear();
        app.learner = {};
        return;
    }
    if (engine_) {
        if (engine_->kind == "gpu")
            ImGui::TextDisabled(i18n::tr("runs on the GPU (NVRTC): %s"), engine_->device.c_str());
        else
            ImGui::TextDisabled("%s", i18n::tr("runs on the CPU"));
        if (!engine_->why_not_gpu.empty() && ImGui::IsItemHovered())
            ImGui::SetTooltip(i18n::tr("not on the GPU: %s"), engine_->why_not_gpu.c_str());
        if (engine_->kind == "gpu") {
            // Many launches: the wrong outputs among them are counted beside the hazards.
            ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
            ImGui::InputInt((std::string(i18n::tr("launches")) + "###kernel_launches").c_str(), &launches);
            launches = std::clamp(launches, 1, 5000);
            if (ImGui::IsItemDeactivatedAfterEdit()) pending_ = true;  // run again with as many launches
        }
    }
    if (Running(app)) {
        const JobStatus job = app.jobs.status();
        ImGui::ProgressBar(static_cast<float>(job.fraction), ImVec2(-1, 0), job.text.c_str());
    } else if (pending_) {
        ImGui::TextDisabled("%s", i18n::tr("waiting to run (another job is running)"));
    } else {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled(i18n::trn("watching: save the file to run it again (%d run, last %.1f s)",
                                      "watching: save the file to run it again (%d runs, last %.1f s)",
                                      static_cast<unsigned long>(runs)),
                            runs, last_run_s);
        ImGui::PopTextWrapPos();
    }
    if (!app.learner.error.empty()) {
        ErrorText(app, app.learner.error);
        if (app.has_trace)
            ImGui::TextDisabled("%s", app.learner.on_screen ? i18n::tr("the picture shows its last run that worked")
                                                            : i18n::tr("the picture stays as it was"));
    }
    if (app.learner.shown && app.learner.error.empty() && app.has_trace) {
        ImGui::Separator();
        if (app.learner.hazards_hidden) {
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextDisabled("%s", i18n::tr("The checks stay closed until you answer the lesson's question."));
            ImGui::PopTextWrapPos();
        } else if (!checks_done) {
            ImGui::TextDisabled("%s", i18n::tr("checking..."));
        } else {
            hazard_rects.assign(hazard_sentences.size(), {0, 0, 0, 0});
            for (const std::string& line : failed) {
                int hazard = -1;
                for (size_t i = 0; i < hazard_sentences.size() && hazard < 0; ++i)
                    if (line == i18n::format(i18n::tr("hazard: %s"), hazard_sentences[i].c_str()))
                        hazard = static_cast<int>(i);
                if (hazard >= 0)
                    DrawHazardLine(app, hazard, line);
                else
                    ErrorText(app, i18n::format(i18n::tr("FAIL  %s"), line.c_str()));
            }
            if (hazard_count > 0 && app.hazards_shown()) {
                ImGui::PushTextWrapPos(0.0f);
                ImGui::TextDisabled("%s", app.learner_hazards.picked >= 0
                                              ? i18n::tr("one pair drawn: click its line again for every pair")
                                              : i18n::tr("red in the state and the diagram: the racing pairs; "
                                                         "click a hazard to go to its step"));
                ImGui::PopTextWrapPos();
            }
            DrawWrongCount(app);
            ImGui::PushTextWrapPos(0.0f);
            for (const std::string& line : passed) ImGui::Text(i18n::tr("ok    %s"), line.c_str());
            for (const std::string& line : notes) ImGui::TextDisabled(i18n::tr("note  %s"), line.c_str());
            ImGui::PopTextWrapPos();
        }
    }
    ImGui::Separator();
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", sass_line.empty() ? i18n::tr("SASS of your kernel: after the checks") : sass_line.c_str());
    ImGui::PopTextWrapPos();
    if (sass_rows.size() > 1) DrawSassRows();
    ImGui::Separator();
    measure.Draw(app, path);  // timed beside ours, profiled with ncu (on the GPU, as jobs)
    if (!sass_listing.empty() && ImGui::TreeNode((std::string(i18n::tr("SASS listing")) + "###sass_listing").c_str())) {
        ImGui::BeginChild("##your_sass", ImVec2(0, ImGui::GetTextLineHeight() * 16), true,
                          ImGuiWindowFlags_HorizontalScrollbar);
        const NotRecorded code;
        ImGui::TextUnformatted(sass_listing.c_str());
        ImGui::EndChild();
        ImGui::TreePop();
    }
}

// Your kernel's instructions by class beside its built-in twin's (whole kernels: the twin's isolation
// kernel, a load, the routine and a store, as yours), at the SASS view's architecture: one column per
// kernel and one row per class that either uses, so that it reads in the panel's narrow width.
void KernelView::DrawSassRows() {
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("##your_sass_counts", 1 + static_cast<int>(sass_rows.size()), flags)) return;
    ImGui::TableSetupColumn(i18n::tr("instructions"));
    for (const sass::Row& r : sass_rows) ImGui::TableSetupColumn(r.variant.c_str());
    ImGui::TableHeadersRow();
    auto row = [&](const char* name, auto value) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(name);
        for (const sass::Row& r : sass_rows) {
            ImGui::TableNextColumn();
            if (!r.method && r.variant != "yours")
                ImGui::TextDisabled("%s", std::string(sass::provenance_name(r.provenance)).c_str());
            else
                ImGui::Text("%d", value(r));
        }
    };
    row(i18n::tr("total"), [](const sass::Row& r) { return r.whole.total(); });
    for (size_t k = 0; k < sass::kClassCount; ++k) {
        if (sass::kAllClasses[k] == sass::OpClass::Nop) continue;
        const bool used = std::any_of(sass_rows.begin(), sass_rows.end(),
                                      [&](const sass::Row& r) { return r.whole.by_class[k] > 0; });
        if (!used) continue;
        const std::string name(sass::class_name(sass::kAllClasses[k]));
        row(name.c_str(), [k](const sass::Row& r) { return r.whole.by_class[k]; });
    }
    ImGui::EndTable();
}

void KernelView::DrawEntryPopup(App& app) {
    // One id whatever the language: the popup opened is the popup drawn.
    const std::string title = std::string(i18n::tr("Your kernel")) + "###kernel_entry";
    if (entry_open) {
        ImGui::OpenPopup(title.c_str());
        entry_open = false;
    }
    if (!ImGui::BeginPopupModal(title.c_str(), nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    ImGui::TextUnformatted(i18n::tr("A .cu file that starts with its settings, e.g."));
    {
        const NotRecorded code;
        // untranslated: the settings lines are code, the same in every language.
        ImGui::TextUnformatted(
            "  // scanviz: n = 64, block = 32, op = add, inclusive, input = ramp\n"
            "  // scanviz: like = block_blelloch");
    }
    ImGui::TextUnformatted(i18n::tr("The window watches it: save it in your editor and it runs again."));
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 30);
    const bool enter = ImGui::InputText((std::string(i18n::tr("path")) + "###kernel_path").c_str(), &open_path,
                                        ImGuiInputTextFlags_EnterReturnsTrue);
    if (ImGui::Button(i18n::tr("Open")) || enter) {
        Open(app, open_path);
        ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button(i18n::tr("Cancel"))) ImGui::CloseCurrentPopup();
    // The examples shipped with scanviz.
    const std::string dir = asset_path("kernels");
    std::error_code ec;
    std::vector<std::string> examples;
    for (const auto& e : std::filesystem::directory_iterator(dir, ec))
        if (e.path().extension() == ".cu") examples.push_back(e.path().string());
    std::sort(examples.begin(), examples.end());
    if (!examples.empty()) ImGui::TextDisabled("%s", i18n::tr("or an example:"));
    for (const std::string& e : examples)
        if (ImGui::Selectable(e.c_str())) {
            open_path = e;
            Open(app, e);
            ImGui::CloseCurrentPopup();
        }
    ImGui::EndPopup();
}

}  // namespace scanviz::ui
