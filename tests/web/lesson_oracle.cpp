// What a published lesson page must show at one lesson step, computed by the core
// lesson code the window and `scanviz lesson show` use (show_step, expand, evaluate,
// judge, answer_of), not by the page: the browser test (browser_test.py) compares the DOM with it.
//   lesson_oracle RECORDING LESSON_FILE STEP SASS_SNAPSHOT_DIR BENCH_FILE
// STEP counts from 1. Prints one JSON document: the step label, the narration, a right
// and a wrong answer (a number answer plus one, or another cell set or choice) and the
// messages judge() gives them.
#include <algorithm>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "core/lessons/checker.hpp"
#include "core/lessons/sources.hpp"
#include "core/publish/lesson_page.hpp"
#include "core/recording/recording.hpp"

using namespace scanviz;
using namespace scanviz::lessons;

int main(int argc, char** argv) {
    if (argc != 6) {
        std::fprintf(stderr,
                     "usage: lesson_oracle RECORDING LESSON_FILE STEP SASS_SNAPSHOT_DIR BENCH_FILE\n");
        return 2;
    }
    try {
        const Recording rec = load_recording(argv[1]);
        const Lesson lesson = load_lesson(argv[2]);
        const int index = std::stoi(argv[3]) - 1;
        Sources src = publish::recording_sources(rec);
        std::vector<std::string> archs;
        std::error_code ec;
        for (const auto& e : std::filesystem::directory_iterator(argv[4], ec))
            if (e.is_directory()) archs.push_back(e.path().filename().string());
        std::sort(archs.begin(), archs.end());
        load_sass(src, sass::Locations{"", argv[4], false}, archs);
        load_bench(src, &rec, argv[5]);
        // The profile and race tables beside the results file (BENCH_FILE is ASSETS/bench/...).
        const std::filesystem::path assets = std::filesystem::path(argv[5]).parent_path().parent_path();
        load_profile(src, &rec, (assets / "profile" / "h100_profile.json").string());
        load_race(src, &rec, (assets / "race" / "h100_race.json").string());
        if (index < 0 || index >= static_cast<int>(lesson.steps.size()))
            throw std::runtime_error("no such step");
        const LessonStep& s = lesson.steps[static_cast<size_t>(index)];
        std::string error;
        const auto shown = show_step(lesson, index, src, &error);
        if (!shown) throw std::runtime_error(error);
        nlohmann::json out;
        out["label"] = "Step " + std::to_string(index + 1) + " of " + std::to_string(lesson.steps.size()) +
                       (s.title.empty() ? "" : ": " + s.title);
        // Before the question is answered ({hidden} figures as "(?)") and after.
        out["narration"] = nlohmann::json::array();
        out["narration_revealed"] = nlohmann::json::array();
        for (const auto& p : s.paragraphs)
            for (const bool revealed : {false, true}) {
                const auto text = expand(p, shown->data(), src, &error, revealed);
                if (!text) throw std::runtime_error(error);
                out[revealed ? "narration_revealed" : "narration"].push_back(*text);
            }
        out["badge_kind"] = shown->trace.source.kind;
        if (s.question) {
            const Value v = answer_of(*s.question, *shown, src);
            if (!v.ok) throw std::runtime_error(v.why_not);
            std::string wrong;
            if (v.kind == ValueKind::Number)
                wrong = std::to_string(static_cast<long long>(v.number) + 1);
            else if (v.kind == ValueKind::Cells)
                wrong = std::to_string(v.cells.back() + 1);
            else
                for (const auto& o : v.options)
                    if (o != v.choice && wrong.empty()) wrong = o;
            const Verdict w = judge(*s.question, v, wrong), r = judge(*s.question, v, v.text());
            if (w.correct || !r.correct) throw std::runtime_error("judge does not tell the answers apart");
            out["question"] = {{"ask", s.question->ask},
                               {"right", v.text()},
                               {"right_message", r.message},
                               {"wrong", wrong},
                               {"wrong_message", w.message}};
        }
        std::printf("%s\n", out.dump().c_str());
    } catch (const std::exception& e) {
        std::fprintf(stderr, "lesson_oracle: %s\n", e.what());
        return 1;
    }
    return 0;
}
