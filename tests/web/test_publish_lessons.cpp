// scanviz publish, lesson pages: every step of every shipped lesson is in its page
// (narration with the placeholders computed, the trace, the step and cell shown), the
// embedded answers are the core evaluators' answers (and judge() takes them), traces
// the recording lacks come from the reference model with its badge; a broken lesson
// gets `lesson check`'s line and nothing is written.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "core/lessons/catalog.hpp"
#include "core/lessons/checker.hpp"
#include "core/lessons/sources.hpp"
#include "core/publish/lesson_page.hpp"
#include "core/publish/site.hpp"
#include "core/publish/trace_page.hpp"
#include "core/recording/recording.hpp"
#include "../support/run_scanviz.hpp"

using namespace scanviz;
using namespace scanviz::lessons;
namespace fs = std::filesystem;

namespace {

using namespace scanviz::test;

const fs::path kSource = SCANVIZ_SOURCE_DIR;
const std::string kRecording = (kSource / "assets" / "recordings" / "default.svzrec").string();

const Recording& recording() {
    static const Recording r = load_recording(kRecording);
    return r;
}

std::vector<std::string> archs(const fs::path& dir) {
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec))
        if (e.is_directory()) out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

// As `scanviz publish` fills them in a build without cubins: the recording, the models,
// the committed SASS snapshot and the shipped benchmark results.
const Sources& sources() {
    static const Sources s = [] {
        Sources s = publish::recording_sources(recording());
        const fs::path snapshot = kSource / "assets" / "sass";
        load_sass(s, sass::Locations{fs::path(SCANVIZ_BINARY_DIR) / "no-cubins", snapshot, false},
                  archs(snapshot));
        load_bench(s, &recording(), (kSource / "assets" / "bench" / "h100_bench.csv").string());
        load_profile(s, &recording(), (kSource / "assets" / "profile" / "h100_profile.json").string());
        load_race(s, &recording(), (kSource / "assets" / "race" / "h100_race.json").string());
        return s;
    }();
    return s;
}

}  // namespace

TEST(PublishLessons, EveryStepIsInThePageWithTheEvaluatorsAnswers) {
    const auto entries = list_lessons((kSource / "assets" / "lessons").string());
    ASSERT_GE(entries.size(), 5u);
    int questions = 0, model_steps = 0, recorded_steps = 0;
    for (const auto& e : entries) {
        SCOPED_TRACE(e.name);
        const Lesson lesson = load_lesson(e.path);
        // A lesson on the learner's own kernel file is the window's: publish leaves it out (below).
        if (runs_a_kernel(lesson)) continue;
        const nlohmann::json page = publish::lesson_page_data(lesson, sources());
        EXPECT_EQ(page["name"], lesson.name);
        EXPECT_EQ(page["title"], lesson.title);
        EXPECT_EQ(page["prerequisites"], lesson.prerequisites);
        EXPECT_EQ(page["outcomes"], lesson.outcomes);
        ASSERT_EQ(page["steps"].size(), lesson.steps.size());
        Sources src = sources();
        for (size_t i = 0; i < lesson.steps.size(); ++i) {
            SCOPED_TRACE("step " + std::to_string(i + 1));
            const LessonStep& s = lesson.steps[i];
            const nlohmann::json& js = page["steps"][i];
            std::string error;
            const auto shown = show_step(lesson, static_cast<int>(i), src, &error);
            ASSERT_TRUE(shown) << error;
            // The trace, the step and the cell the window shows.
            const nlohmann::json& trace = page["traces"].at(js["trace"].get<size_t>());
            EXPECT_EQ(trace, publish::trace_page_data(shown->trace));
            EXPECT_EQ(trace["steps"].size(), shown->trace.steps.size());
            EXPECT_EQ(js["at"], shown->step);
            if (shown->select_slot >= 0)
                EXPECT_EQ(js["select"], nlohmann::json::array({shown->select_step, shown->select_slot}));
            else
                EXPECT_TRUE(js["select"].is_null());
            const std::string kind = trace["badge"]["kind"];
            EXPECT_EQ(kind, recording().find(shown->trace.spec) ? "recording" : "model");
            (kind == "model" ? model_steps : recorded_steps)++;
            // The narration, placeholders filled as `lesson show` fills them.
            // Before the question is answered its {hidden} figures print "(?)"; after, every figure.
            ASSERT_EQ(js["narration"].size(), s.paragraphs.size());
            ASSERT_EQ(js["narration_revealed"].size(), s.paragraphs.size());
            for (size_t p = 0; p < s.paragraphs.size(); ++p) {
                const auto text = expand(s.paragraphs[p], shown->data(), src, &error, false);
                ASSERT_TRUE(text) << error;
                EXPECT_EQ(js["narration"][p], *text);
                EXPECT_EQ(text->find('{'), std::string::npos) << *text;
                const auto open = expand(s.paragraphs[p], shown->data(), src, &error, true);
                ASSERT_TRUE(open) << error;
                EXPECT_EQ(js["narration_revealed"][p], *open);
                EXPECT_EQ(open->find(std::string(kHiddenText)), std::string::npos) << *open;
            }
            // What stays closed until then, and the step shown after (a prediction's next step).
            EXPECT_EQ(js["hide"].get<std::vector<std::string>>(),
                      s.question ? s.question->hide : std::vector<std::string>{});
            EXPECT_EQ(js["after"].get<int>(), shown->step + (s.question && s.question->reveal_next ? 1 : 0));
            // The question and its answer, as the evaluators compute it.
            if (!s.question) {
                EXPECT_TRUE(js["question"].is_null());
                continue;
            }
            ++questions;
            const nlohmann::json& q = js["question"];
            const Value v = answer_of(*s.question, *shown, src);
            ASSERT_TRUE(v.ok) << v.why_not;
            EXPECT_EQ(q["ask"], s.question->ask);
            EXPECT_EQ(q["text"], v.text());
            switch (v.kind) {
                case ValueKind::Number:
                    EXPECT_EQ(q["kind"], "number");
                    EXPECT_EQ(q["number"].get<double>(), v.number);
                    EXPECT_EQ(q["tolerance"].get<double>(), v.tolerance);
                    EXPECT_EQ(q["relative"].get<bool>(), v.relative);
                    break;
                case ValueKind::Cells:
                    EXPECT_EQ(q["kind"], "cells");
                    EXPECT_EQ(q["cells"].get<std::vector<int>>(), v.cells);
                    break;
                case ValueKind::Choice:
                    EXPECT_EQ(q["kind"], "choice");
                    EXPECT_EQ(q["choice"], v.choice);
                    EXPECT_EQ(q["options"].get<std::vector<std::string>>(), v.options);
                    break;
            }
            // The messages are judge()'s: the shown answer is right, a wrong one gets the hint naming the
            // view.
            const Verdict right = judge(*s.question, v, q["text"].get<std::string>());
            EXPECT_TRUE(right.correct) << right.message;
            EXPECT_EQ(q["right"], right.message);
            EXPECT_EQ(q["hint"], "Not quite. " + hint_for(*s.question));
            EXPECT_NE(q["hint"].get<std::string>().find("The answer is in "), std::string::npos);
        }
    }
    EXPECT_GT(questions, 5);
    EXPECT_GT(recorded_steps, 0);  // the recording's traces, with the H100 badge
    EXPECT_GT(model_steps, 0);     // inputs the recording lacks: the reference model, with its badge
}

// Without the profile table a lesson that quotes it is still published: each paragraph that needs the table
// is one line saying what is missing, and its question is replaced by a line saying it cannot be answered.
TEST(PublishLessons, MissingMeasurementsAreSaidOnThePageNotGuessed) {
    Sources none = sources();
    none.profile.reset();
    none.profile_missing = "no table";
    const Lesson lesson =
        load_lesson((kSource / "assets" / "lessons" / "05_block_from_warps.lesson").string());
    const nlohmann::json page = publish::lesson_page_data(lesson, none);
    int said = 0, unanswerable = 0;
    for (size_t i = 0; i < lesson.steps.size(); ++i) {
        const auto& step = page["steps"][i];
        for (const auto& p : step["narration"]) {
            const std::string text = p.get<std::string>();
            said += text.rfind("[Not shown here:", 0) == 0;
            if (text.rfind("[The question of this step cannot be answered here:", 0) == 0) {
                ++unanswerable;
                EXPECT_TRUE(step["question"].is_null()) << i + 1;
            }
            EXPECT_EQ(text.find("h100_profile"), std::string::npos) << text;
        }
    }
    EXPECT_GE(said, 3);
    EXPECT_GE(unanswerable, 2);
    // With the table every paragraph has its figures.
    const nlohmann::json full = publish::lesson_page_data(lesson, sources());
    EXPECT_EQ(full.dump().find("[Not shown here:"), std::string::npos);
}

TEST(PublishLessons, TheSiteHasOnePagePerLessonLinkedFromTheIndex) {
    const Lesson lesson =
        load_lesson((kSource / "assets" / "lessons" / "01_kogge_stone_warp.lesson").string());
    std::ifstream in(lesson.path);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    publish::SiteInputs inputs;
    inputs.recording_name = "default.svzrec";
    inputs.wasm_js = "// scanviz_core.js stand-in\n";
    inputs.lessons = {publish::lesson_site_entry(lesson, text, sources())};
    inputs.context = publish::lesson_context(sources());
    EXPECT_EQ(inputs.lessons[0]["steps"], lesson.steps.size());
    const auto files = publish::build_site(recording(), inputs);
    const publish::SiteFile* page = nullptr;
    const publish::SiteFile* index = nullptr;
    bool script = false;
    for (const auto& f : files) {
        if (f.path == "lessons/01_kogge_stone_warp.html") page = &f;
        if (f.path == "index.html") index = &f;
        script |= f.path == "lesson.js";
    }
    ASSERT_NE(page, nullptr);
    ASSERT_NE(index, nullptr);
    EXPECT_TRUE(script);
    EXPECT_NE(index->text.find("href=\"lessons/01_kogge_stone_warp.html\""), std::string::npos);
    EXPECT_NE(page->text.find(publish::html_escape(lesson.title)), std::string::npos);
    EXPECT_NE(page->text.find("scanviz-lesson"), std::string::npos);
    // The page carries the lesson's text (the browser computes it), not its traces.
    const std::string data = publish::page_data_text(page->text, "scanviz-lesson");
    EXPECT_EQ(nlohmann::json::parse(data)["text"], text);
    // ... and its Chinese translation's (issue 38), which a reader of Chinese gets; the index names it.
    std::ifstream zh_in(kSource / "assets" / "lessons" / "zh_CN" / "01_kogge_stone_warp.lesson");
    const std::string zh_text((std::istreambuf_iterator<char>(zh_in)), std::istreambuf_iterator<char>());
    ASSERT_FALSE(zh_text.empty());
    EXPECT_EQ(nlohmann::json::parse(data)["zh"]["text"], zh_text);
    EXPECT_EQ(nlohmann::json::parse(data)["zh"]["path"], "01_kogge_stone_warp.lesson");
    const std::string zh_title = inputs.lessons[0]["zh"]["title"];
    EXPECT_NE(zh_title, lesson.title);
    EXPECT_NE(index->text.find("data-zh=\"" + publish::html_escape(zh_title) + "\""), std::string::npos);
    EXPECT_LT(page->text.size(), text.size() + zh_text.size() + 20000);
    // The context the browser's lessons quote: the SASS table and the benchmark results.
    EXPECT_FALSE(inputs.context["sass"].empty());
    EXPECT_TRUE(inputs.context["bench"].is_object());
}

TEST(PublishLessonsCommand, ABrokenLessonGetsTheCheckersLineAndWritesNothing) {
    const fs::path dir = fs::temp_directory_path() / "scanviz_test_publish_broken_lesson";
    fs::remove_all(dir);
    fs::create_directories(dir);
    const fs::path lesson = dir / "broken.lesson";
    std::ofstream(lesson) << "title = Broken\nprerequisites = none\noutcomes = none\n\n[step One]\n"
                             "variant = warp_conditional\nat = 99\ntext = A step past the end.\n";
    const CommandRun check = run_scanviz("lesson check " + lesson.string());
    ASSERT_EQ(check.rc, 1) << check.out;
    const std::string first_line = check.out.substr(0, check.out.find('\n') + 1);
    ASSERT_EQ(first_line.rfind("scanviz: " + lesson.string() + ":", 0), 0u) << check.out;

    const fs::path site = dir / "site";
    const CommandRun r = run_scanviz("publish -o " + site.string() + " --lessons " + lesson.string());
    EXPECT_EQ(r.rc, 1);
    EXPECT_EQ(r.out, first_line);
    EXPECT_FALSE(fs::exists(site));
    for (const auto& e : fs::directory_iterator(dir))
        EXPECT_EQ(e.path().filename().string().find("site"), std::string::npos) << e.path();
    fs::remove_all(dir);
}

TEST(PublishLessonsCommand, PublishesEveryShippedLessonByDefault) {
    const fs::path dir = fs::temp_directory_path() / "scanviz_test_publish_all_lessons";
    fs::remove_all(dir);
    const CommandRun r = run_scanviz("publish -o " + dir.string());
    ASSERT_EQ(r.rc, 0) << r.out;
    std::ifstream in(dir / "index.html");
    const std::string index((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto entries = list_lessons((kSource / "assets" / "lessons").string());
    size_t published = 0, window_only = 0;
    for (const auto& e : entries) {
        // A lesson that runs the learner's own kernel file needs a compiler: the window's, named as left out.
        if (runs_a_kernel(load_lesson(e.path))) {
            ++window_only;
            EXPECT_FALSE(fs::exists(dir / "lessons" / (e.name + ".html"))) << e.name;
            EXPECT_NE(r.out.find("left out: " + e.name + " runs your own kernel file"), std::string::npos) << r.out;
            continue;
        }
        ++published;
        EXPECT_TRUE(fs::is_regular_file(dir / "lessons" / (e.name + ".html"))) << e.name;
        EXPECT_NE(index.find("href=\"lessons/" + e.name + ".html\""), std::string::npos) << e.name;
    }
    EXPECT_GE(window_only, 1u);  // lesson 8
    EXPECT_NE(r.out.find(std::to_string(published) + " lesson pages"), std::string::npos) << r.out;
    EXPECT_TRUE(fs::is_regular_file(dir / "lessons" / "open.html"));
    fs::remove_all(dir);
}
