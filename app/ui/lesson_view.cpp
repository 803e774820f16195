#include "lesson_view.hpp"

#include "drawn_text.hpp"
#include "view_common.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>

#include "bench_view.hpp"
#include "core/common/assets.hpp"
#include "core/lessons/checker.hpp"
#include "core/lessons/sources.hpp"
#include "core/learner/engine_cpu.hpp"
#include "core/models/variants.hpp"
#include "kernels/sass/sass_paths.hpp"

namespace scanviz::ui {
namespace {

using namespace scanviz::lessons;

std::string joined(const std::vector<int>& v) {
    std::string s;
    for (int x : v) s += (s.empty() ? "" : ", ") + std::to_string(x);
    return s;
}

ImVec4 verdict_colour(bool correct, bool presentation) {
    if (correct) return presentation ? ImVec4(0.4f, 0.95f, 0.5f, 1) : ImVec4(0.05f, 0.5f, 0.15f, 1);
    return presentation ? ImVec4(1.0f, 0.6f, 0.4f, 1) : ImVec4(0.75f, 0.25f, 0.05f, 1);
}

}  // namespace

std::string shipped_lessons_dir() {
    if (const char* env = std::getenv("SCANVIZ_LESSONS_DIR"); env && *env) return env;
    return asset_path("lessons");
}

void LessonView::LoadCatalog() {
    if (dir.empty()) dir = shipped_lessons_dir();
    catalog = list_lessons(dir);
    // In Chinese the picker lists each lesson under its translation's title (the same names:
    // a lesson's progress is one, whatever the language).
    if (i18n::language() == i18n::Language::Zh) {
        std::map<std::string, std::string> titles;
        for (const auto& e : list_lessons(lesson_dir(dir, "zh")))
            if (!e.title.empty()) titles[e.name] = e.title;
        for (auto& e : catalog)
            if (const auto it = titles.find(e.name); it != titles.end()) e.title = it->second;
    }
    const std::string path = progress_path();
    if (!path.empty()) progress = load_progress(path);
}

lessons::Sources& LessonView::Sources(App& app) {
    if (!sources_ || sources_recording_ != app.recording.get()) {
        lessons::Sources s;
        std::shared_ptr<const Recording> rec = app.recording;
        // Other variants on the same input: the window's Runner (GPU, else the recording
        // where it holds them, else the model).
        Runner runner = app.runner;
        runner.set_recording(rec);
        run_through(s, std::move(runner));
        const auto& p = kern::sass_paths();
        load_sass(s, sass::Locations{p.build_dir, p.snapshot_dir, p.cubins_built},
                  kern::available_sass_archs());
        load_bench(s, rec.get(), asset_path("bench/h100_bench.csv"));
        load_profile(s, rec.get(), asset_path("profile/h100_profile.json"));
        load_race(s, rec.get(), asset_path("race/h100_race.json"));
        load_recorded_kernels(s, asset_path(kRecordedKernelsFile));
        // A lesson that quotes ncu's figures points at the SASS view for them: where the window has
        // no table of its own (none in the recording, none opened), it shows the one the lesson reads.
        if (!app.profile && s.profile) {
            app.profile = s.profile;
            app.profile_origin = ProfileOrigin::File;
            app.profile_path = asset_path("profile/h100_profile.json");
        }
        sources_ = std::move(s);
        sources_recording_ = app.recording.get();
    }
    sources_->arch = sass_arch;  // empty: sass::default_arch, the SASS view's own default
    return *sources_;
}

void LessonView::LanguageChanged(App& app) {
    if (!catalog.empty()) LoadCatalog();
    if (lesson && !original_path_.empty()) {
        const std::string original = original_path_;
        Open(app, original);  // enters at the step its progress holds: the one shown
    }
}

bool LessonView::Open(App& app, const std::string& path) {
    error.clear();
    try {
        const std::string original = original_path(path).empty() ? path : original_path(path);
        std::string shown = original;
        if (i18n::language() == i18n::Language::Zh) {
            std::error_code ec;
            const std::string zh = translation_path(original, "zh");
            if (std::filesystem::is_regular_file(zh, ec)) shown = zh;
        }
        Lesson l = load_lesson(shown);
        original_path_ = original;
        // The check runs the reference models: the same traces a GPU or a recording gives.
        lessons::Sources check_sources = Sources(app);
        check_sources.run = [](const RunSpec& spec) { return run_model(spec); };
        // A kernel step is checked on the shipped example (the learner's copy may hold any edit).
        run_kernels_with(check_sources, cpu_engine(), "cpu", asset_path("kernels"));
        // Figures whose data is missing here are said to be missing, not refused.
        const auto problems = check_lesson(l, check_sources, MissingData::Say);
        if (!problems.empty()) throw LessonError(problems.front());
        lesson = std::move(l);
    } catch (const std::exception& e) {
        error = e.what();
        app.status = i18n::format(i18n::tr("lesson refused: %s"), error.c_str());
        return false;
    }
    if (progress.empty()) {
        const std::string p = progress_path();
        if (!p.empty()) progress = load_progress(p);
    }
    picker_open = false;
    const auto it = progress.find(lesson->name);
    Enter(app, it == progress.end() ? 0 : it->second.step);
    app.status = i18n::format(i18n::tr("lesson: %s"), lesson->title.c_str());
    return true;
}

void LessonView::Close() {
    lesson.reset();
    revealed = false;
    narration.clear();
    answer.reset();
    verdict.reset();
    want_sass = false;
}

void LessonView::Enter(App& app, int k) {
    if (!lesson) return;
    k = std::clamp(k, 0, static_cast<int>(lesson->steps.size()) - 1);
    index = k;
    verdict.reset();
    answer_text.clear();
    narration.clear();
    narration_error.clear();
    const LessonStep& s = lesson->steps[static_cast<size_t>(k)];
    const ViewSettings& v = s.view;
    kernel_shown_.reset();
    kernel_seen_.reset();
    kernel_runs_ = -1;
    goal_passed = false;
    goal_why.clear();
    app.learner.hazards_hidden = false;
    if (!v.kernel.empty()) {
        // The learner's copy, made once and never overwritten; the shipped example is never opened.
        std::string why;
        const std::string copy = learner_copy(asset_path("kernels"), v.kernel, &why);
        if (copy.empty()) {
            narration_error = why;
            return;
        }
        kernel_file = copy;
        kernel_interleaved = v.interleaved;
        kernel_request = true;
        app.playing = false;
        revealed = !s.question;
        ShowPanels(app, revealed);
        sass_request = true;
        app.fit_request = true;
        shown_step_ = app.step;
        Figure(app);  // "running your kernel..." until its run comes (FollowKernel)
        progress[lesson->name].step = k;
        SaveProgress();
        return;
    }
    kernel_file.clear();
    shows_kernel = false;

    RunSpec spec;
    if (auto err = step_spec(v, &spec)) {  // the checker passed it; a changed registry could still refuse
        narration_error = *err;
        return;
    }
    InputForm& f = app.form;
    f.variant = v.variant;
    f.n = spec.n;
    f.threads = v.threads;
    f.items_per_thread = v.items_per_thread;
    f.op = v.op;
    f.type = v.type;
    f.exclusive = v.exclusive;
    f.input = v.input;
    f.seed = v.seed;
    f.values_text = v.values_text;
    f.heads_text = joined(v.heads);
    app.playing = false;
    app.apply_form();

    app.set_step(v.at.resolve(app.steps()).value_or(app.steps() - 1));
    revealed = !s.question;
    ShowPanels(app, revealed);
    sass_request = true;
    app.fit_request = true;
    pending_zoom_ = v.zoom;
    pending_zoom_frames_ = v.zoom != 1.0f ? 2 : 0;
    shown_step_ = app.step;
    Figure(app);

    progress[lesson->name].step = k;
    SaveProgress();
}

void LessonView::ShowPanels(App& app, bool all) {
    const LessonStep& s = lesson->steps[static_cast<size_t>(index)];
    const ViewSettings& v = s.view;
    auto hidden = [&](const char* what) { return !all && s.question && s.question->hides(what); };
    auto shows = [&](const char* panel) { return v.shows(panel) && !hidden(panel); };
    if (v.has_selection && !hidden("selection"))
        app.select(v.select_at.resolve(app.steps()).value_or(app.steps() - 1), v.select_slot);
    else
        app.select(-1, -1);
    Settings& set = app.settings;
    set.show_state = shows("state") || shows("banks");
    set.show_diagram = shows("diagram");
    set.show_metrics = shows("metrics");
    set.show_source = shows("source");
    set.show_banks = shows("banks");
    set.show_bench = shows("bench");
    set.show_lookback = shows("lookback");
    shows_kernel = !v.kernel.empty() && shows("kernel");
    app.learner.hazards_hidden = hidden("hazards");
    set.hide_step_count = hidden("controls");
    set.hide_step_work = hidden("metrics");
    set.lock_selection = hidden("selection");
    set.locked.clear();
    if (!all && s.question) {
        for (const char* panel : {"state", "diagram", "metrics", "source", "banks", "bench", "lookback", "sass"})
            if (s.question->hides(panel)) set.locked.insert(panel);
        set.locked.insert("race");  // its measured failure rates and hazard counts answer questions
        set.show_race = false;
    }
    // The race lab answers the lesson's race questions: it stays shut until the last of them
    // ahead has been answered or passed.
    const auto& answered = progress[lesson->name].answered;
    for (int j = index + 1; j < static_cast<int>(lesson->steps.size()); ++j) {
        const LessonStep& later = lesson->steps[static_cast<size_t>(j)];
        if (later.question && lessons::reads_race(later.question->quantity.kind) && !answered.count(j)) {
            set.locked.insert("race");
            set.show_race = false;
            break;
        }
    }
    set.lesson_so_far = true;
    // The benchmark rows the step's question names (its variants; the size or tile comes last).
    set.bench_rows.clear();
    set.bench_size = 0;
    set.bench_cub = false;
    set.show_measured = s.question && lessons::reads_profile(s.question->quantity.kind);
    if (s.question && lessons::reads_bench(s.question->quantity.kind)) {
        const auto& args = s.question->quantity.args;
        set.bench_rows.assign(args.begin(), args.end() - 1);
        set.bench_size = lessons::parse_count(args.back()).value_or(0);
        set.bench_cub = s.question->quantity.kind == "cub_ratio" ||
                        std::find(args.begin(), args.end(), "cub") != args.end();
    }
    want_sass = shows("sass");
    // The variants a SASS or profile question names go into the SASS view's columns.
    sass_variants = s.question ? lessons::sass_columns(s.question->quantity) : std::vector<std::string>{};
}

void LessonView::Figure(App& app) {
    const LessonStep& s = lesson->steps[static_cast<size_t>(index)];
    narration.clear();
    narration_revealed.clear();
    narration_error.clear();
    lessons::Sources& src = Sources(app);
    answer.reset();
    if (!s.view.kernel.empty() && !kernel_shown_) {
        narration.push_back(i18n::tr("Running your kernel..."));
        narration_revealed = narration;
        return;
    }
    // The figures of the step the lesson set up (a revealed `reveal = next` question moves the view on).
    const int sel_step = s.view.has_selection ? s.view.select_at.resolve(app.steps()).value_or(app.steps() - 1) : -1;
    const StepData data = kernel_shown_ ? kernel_shown_->data()
                                        : StepData{&app.trace, &app.metrics, &app.graph, shown_step_, sel_step,
                                                   s.view.has_selection ? s.view.select_slot : -1};
    for (const auto& p : s.paragraphs) {
        std::string why;
        for (const bool open : {false, true}) {
            if (auto text = expand_or_say(p, data, src, &why, open))
                (open ? narration_revealed : narration).push_back(*text);
            else if (narration_error.empty())
                narration_error = why;
        }
    }
    if (s.question) {
        StepData at = data;
        if (s.question->reveal_next) ++at.step;
        if (at.step < static_cast<int>(data.trace->steps.size()))
            answer = evaluate(s.question->quantity, at, src);
        else
            answer = lessons::Value{};
    }
}

void LessonView::FollowArch(App& app, const std::string& arch) {
    if (arch == sass_arch) return;
    sass_arch = arch;
    if (lesson && !lesson->steps.empty()) Figure(app);
}

void LessonView::FollowKernel(App& app, const std::string& path, std::shared_ptr<const LearnerJobResult> run,
                              int runs, bool busy) {
    if (!lesson || kernel_file.empty()) return;
    const LessonStep& s = lesson->steps[static_cast<size_t>(index)];
    app.learner.hazards_hidden = !revealed && s.question && s.question->hides("hazards");
    if (kernel_request || busy || path != kernel_file || (run == kernel_seen_ && runs == kernel_runs_)) return;
    kernel_runs_ = runs;
    if (!run || run->request.file != kernel_file ||
        (run->request.schedule == Schedule::Interleaved) != kernel_interleaved) {
        if (!app.learner.error.empty()) goal_why = app.learner.error;  // the file does not run
        return;
    }
    const bool first = !kernel_shown_;
    kernel_seen_ = run;
    std::string why;
    auto shown = lessons::shown_kernel_run(*lesson, index, run->run, &why);
    if (!shown) {
        narration_error = why;
        return;
    }
    kernel_shown_ = std::move(*shown);
    if (first) {
        app.fit_request = true;  // the views fit the kernel's trace, which came after the step was entered
        shown_step_ = kernel_shown_->step;
        app.set_step(revealed && s.question && s.question->reveal_next ? shown_step_ + 1 : shown_step_);
    }
    Figure(app);
    if (s.goal_fixed) {
        // A save that fails to compile or run leaves the last good run as it was: it is not the file now.
        if (!app.learner.error.empty()) {
            goal_passed = false;
            goal_why = app.learner.error;
        } else {
            goal_passed = lessons::goal_met(run->run, &goal_why);
        }
        if (goal_passed) {
            progress[lesson->name].answered.insert(index);
            SaveProgress();
        }
    }
}

void LessonView::Reveal(App& app) {
    if (!lesson || revealed) return;
    revealed = true;
    const LessonStep& s = lesson->steps[static_cast<size_t>(index)];
    if (s.question && s.question->reveal_next && shown_step_ + 1 < app.steps()) app.set_step(shown_step_ + 1);
    ShowPanels(app, true);
    sass_request = true;
}

void LessonView::Submit(App& app, const std::string& text) {
    if (!lesson || !answer) return;
    const LessonStep& s = lesson->steps[static_cast<size_t>(index)];
    answer_text = text;
    verdict = judge(*s.question, *answer, text);
    if (verdict->correct) {
        progress[lesson->name].answered.insert(index);
        SaveProgress();
        Reveal(app);
    }
}

void LessonView::SaveProgress() {
    const std::string path = progress_path();
    if (auto err = save_progress(path, progress)) progress_error = *err;
}

void LessonView::HandleKeys(App& app) {
    if (pending_zoom_frames_ > 0 && --pending_zoom_frames_ == 0) app.zoom_request *= pending_zoom_;
    // A prediction's step stays unrun until it is answered or its answer asked for: the controls
    // (keys, scrubber, play) do not move past the step the lesson shows.
    if (lesson && !revealed && index < static_cast<int>(lesson->steps.size())) {
        const auto& q = lesson->steps[static_cast<size_t>(index)].question;
        // Any open question holds the run at the step shown: running further would show its answer.
        // Back as well as on: the steps before it may show the asked figure step by step.
        if (q && app.step != shown_step_) {
            const bool on = app.step > shown_step_;
            app.playing = false;
            app.set_step(shown_step_);
            app.status =
                !on ? i18n::tr("answer the question first, or press Show answer: the run stays at the step it asks about")
                : q->reveal_next
                    ? i18n::tr("answer the question first, or press Show answer: it asks about the next step")
                    : i18n::tr("answer the question first, or press Show answer: the steps after this one show it");
        }
    }
    if (!lesson || ImGui::GetIO().WantTextInput) return;
    if (ImGui::IsKeyPressed(GLFW_KEY_PAGE_DOWN)) Next(app);
    if (ImGui::IsKeyPressed(GLFW_KEY_PAGE_UP)) Back(app);
}

void LessonView::Draw(App& app, const Fonts& fonts) {
    ImGui::Begin((std::string(i18n::tr("Lesson")) + "###lesson").c_str(), nullptr,
                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                     ImGuiWindowFlags_NoTitleBar);
    if (!lesson) {
        ImGui::End();
        return;
    }
    const bool pres = app.settings.presentation;
    const Lesson& l = *lesson;
    const LessonStep& s = l.steps[static_cast<size_t>(index)];
    const int total = static_cast<int>(l.steps.size());
    int questions = 0;
    for (const auto& st : l.steps) questions += st.question.has_value() || st.goal_fixed;
    const auto& done = progress[l.name].answered;

    ImGui::PushFont(fonts.sans_large);
    TextWrappedCJK("%s", l.title.c_str());
    ImGui::PopFont();
    const std::string overlay = i18n::format(i18n::tr("step %d of %d, %d of %d answered"), index + 1, total,
                                            static_cast<int>(done.size()), questions);
    ImGui::ProgressBar(static_cast<float>(index + 1) / static_cast<float>(total), ImVec2(-1, 0),
                       overlay.c_str());
    // The badge every view carries: where the figures on screen come from.
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    TextWrappedCJK(i18n::tr("Figures from %s"), app.source_line().c_str());
    ImGui::PopStyleColor();
    ImGui::Separator();

    const float footer = ImGui::GetFrameHeightWithSpacing() * 2.2f;
    ImGui::BeginChild("##narration", ImVec2(0, -footer));
    if (!s.title.empty()) {
        ImGui::PushFont(fonts.sans_large);
        TextWrappedCJK("%s", s.title.c_str());
        ImGui::PopFont();
    }
    if (index == 0) {
        TextWrappedCJK(i18n::tr("Before: %s"), l.prerequisites.c_str());
        TextWrappedCJK(i18n::tr("After: %s"), l.outcomes.c_str());
        ImGui::Separator();
    }
    const ImVec2 top = ImGui::GetCursorScreenPos();
    for (const auto& p : revealed ? narration_revealed : narration) {
        const NotRecorded prose;  // the lesson's own words: lesson check holds them to the original
        TextWrappedCJK("%s", p.c_str());
        ImGui::Spacing();
    }
    const ImVec2 bottom = ImGui::GetCursorScreenPos();
    narration_rect[0] = top.x;
    narration_rect[1] = top.y;
    narration_rect[2] = top.x + ImGui::GetContentRegionAvail().x;
    narration_rect[3] = bottom.y;
    if (!narration_error.empty())
        ImGui::TextColored(verdict_colour(false, pres), i18n::tr("This step cannot be shown here: %s"),
                           narration_error.c_str());

    if (s.question && answer) {
        ImGui::Separator();
        TextWrappedCJK(i18n::tr("Question: %s"), s.question->ask.c_str());
        if (!answer->ok) {
            ImGui::TextColored(verdict_colour(false, pres), i18n::tr("Not answerable here: %s"),
                               answer->why_not.c_str());
        } else if (answer->kind == ValueKind::Choice) {
            for (size_t i = 0; i < answer->options.size(); ++i) {
                const std::string& id = answer->options[i];
                const VariantInfo* info = find_variant(id.substr(0, id.find("__")));
                // "block_blelloch  (Blelloch ...)", the title in the reader's language; the id is the item's.
                const std::string title =
                    info ? "  " + i18n::format(i18n::tr("(%s)"), variant_text(info->title).c_str())
                         : std::string();
                const std::string label = id + title + "###" + id;
                if (ImGui::RadioButton(label.c_str(), answer_text == id)) Submit(app, id);
            }
        } else {
            ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10);
            const bool enter =
                ImGui::InputText("##answer", &answer_text, ImGuiInputTextFlags_EnterReturnsTrue);
            ImGui::SameLine();
            if (ImGui::Button((std::string(i18n::tr("Check")) + "###check").c_str()) || enter) Submit(app, answer_text);
            if (answer->kind == ValueKind::Cells) ImGui::TextDisabled("%s", i18n::tr("cells as 0-3, 7"));
        }
        if (answer->ok && !revealed) {
            if (ImGui::Button((std::string(i18n::tr("Show answer")) + "###show_answer").c_str())) Reveal(app);
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("%s", s.question->reveal_next
                                            ? i18n::tr("Runs the step you predicted and shows the answer")
                                            : i18n::tr("Shows the answer and what the step kept hidden"));
        } else if (answer->ok && revealed && !(verdict && verdict->correct)) {
            if (answer->origin.empty())
                TextWrappedCJK(i18n::tr("Answer: %s"), answer->text().c_str());
            else
                TextWrappedCJK(i18n::tr("Answer: %s (%s)"), answer->text().c_str(), answer->origin.c_str());
        }
        if (verdict) {
            ImGui::PushStyleColor(ImGuiCol_Text, verdict_colour(verdict->correct, pres));
            TextWrappedCJK("%s", verdict->message.c_str());
            ImGui::PopStyleColor();
        }
    }
    if (s.goal_fixed) {
        ImGui::Separator();
        if (goal_passed) {
            ImGui::PushStyleColor(ImGuiCol_Text, verdict_colour(true, pres));
            TextWrappedCJK("%s", i18n::tr("Passed: your kernel has no hazard and its output is right."));
            ImGui::PopStyleColor();
        } else if (!kernel_shown_ && goal_why.empty()) {
            ImGui::TextDisabled("%s", i18n::tr("Waiting for your kernel's run..."));
        } else {
            TextWrappedCJK(i18n::tr("Not yet: %s. Edit your copy (%s) and save it."),
                           goal_why.empty() ? i18n::tr("waiting for the run") : goal_why.c_str(),
                           kernel_file.c_str());
        }
    }
    ImGui::EndChild();

    ImGui::Separator();
    if (index == 0) ImGui::BeginDisabled();
    if (ImGui::Button((std::string(i18n::tr("< Back")) + "###back").c_str())) Back(app);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", i18n::tr("Page Up"));
    if (index == 0) ImGui::EndDisabled();
    ImGui::SameLine();
    if (index + 1 >= total) ImGui::BeginDisabled();
    if (ImGui::Button((std::string(i18n::tr("Next >")) + "###next").c_str())) Next(app);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", i18n::tr("Page Down"));
    if (index + 1 >= total) ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button((std::string(i18n::tr("Lessons")) + "###lessons").c_str())) {
        if (catalog.empty()) LoadCatalog();
        picker_open = true;
    }
    ImGui::SameLine();
    if (ImGui::Button((std::string(i18n::tr("Close")) + "###close").c_str())) {
        app.settings.hide_step_count = false;
        app.settings.hide_step_work = false;
        app.settings.lock_selection = false;
        app.settings.locked.clear();
        app.settings.lesson_so_far = false;
        app.settings.bench_rows.clear();
        app.settings.bench_size = 0;
        app.settings.bench_cub = false;
        app.settings.show_measured = false;
        Close();
    }
    if (!progress_error.empty()) ImGui::TextDisabled(i18n::tr("progress not saved: %s"), progress_error.c_str());
    ImGui::End();
}

void LessonView::DrawPicker(App& app) {
    if (!picker_open) return;
    if (catalog.empty() && dir.empty()) LoadCatalog();
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(
        ImVec2(vp->WorkPos.x + vp->WorkSize.x * 0.5f, vp->WorkPos.y + vp->WorkSize.y * 0.45f),
        ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(std::min(vp->WorkSize.x * 0.8f, ImGui::GetFontSize() * 52), 0),
                             ImGuiCond_Appearing);
    const std::string title = std::string(i18n::tr("Lessons: scan, step by step")) + "###lesson_picker";
    if (!ImGui::Begin(title.c_str(), &picker_open, ImGuiWindowFlags_NoCollapse)) {
        ImGui::End();
        return;
    }
    TextWrappedCJK(
        "%s", i18n::tr("Each lesson sets up the views, says what to look at, and asks questions whose answers come "
                       "from the run on screen. Page Down and Page Up step through a lesson."));
    ImGui::TextDisabled("%s", app.source_line().c_str());
    ImGui::Separator();
    if (catalog.empty()) TextWrappedCJK(i18n::tr("No lessons found in '%s'."), dir.c_str());
    for (const auto& e : catalog) {
        ImGui::PushID(e.name.c_str());
        if (!e.error.empty()) {
            ImGui::TextDisabled("%s: %s", e.name.c_str(), e.error.c_str());
        } else {
            if (ImGui::Button((std::string(i18n::tr("Start")) + "###start").c_str())) Open(app, e.path);
            ImGui::SameLine();
            ImGui::TextUnformatted(e.title.c_str());
            ImGui::SameLine();
            const auto it = progress.find(e.name);
            if (it != progress.end())
                ImGui::TextDisabled(i18n::trn("(%d step; at step %d)", "(%d steps; at step %d)",
                                              static_cast<unsigned long>(e.steps)),
                                    e.steps, it->second.step + 1);
            else
                ImGui::TextDisabled(i18n::trn("(%d step)", "(%d steps)", static_cast<unsigned long>(e.steps)),
                                    e.steps);
        }
        ImGui::PopID();
    }
    if (!error.empty()) {
        ImGui::Separator();
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(verdict_colour(false, app.settings.presentation), i18n::tr("Refused: %s"),
                           error.c_str());
        ImGui::PopTextWrapPos();
    }
    ImGui::Separator();
    if (ImGui::Button((std::string(i18n::tr("Explore on my own")) + "###explore").c_str())) picker_open = false;
    ImGui::SameLine();
    ImGui::TextDisabled("%s", i18n::tr("File > Lessons... brings this back; File > Open takes a .lesson file of "
                                       "your own."));
    ImGui::End();
}

}  // namespace scanviz::ui
