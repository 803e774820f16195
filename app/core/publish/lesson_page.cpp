#include "core/publish/lesson_page.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

#include "core/lessons/catalog.hpp"
#include "core/lessons/checker.hpp"
#include "core/profile/profile.hpp"
#include "core/race/table.hpp"
#include "core/sass/table.hpp"
#include "core/publish/trace_page.hpp"
#include "core/run/badge.hpp"
#include "core/run/runner.hpp"
#include "core/trace/json.hpp"
#include "core/models/variants.hpp"

namespace scanviz::publish {

using namespace scanviz::lessons;

Sources recording_sources(const Recording& recording) {
    Sources s;
    // The caller keeps the recording alive: the Runner borrows it (no owner).
    Runner runner;
    runner.set_recording(std::shared_ptr<const Recording>(std::shared_ptr<const Recording>(), &recording));
    s.run = [runner](const RunSpec& spec) { return runner.run(spec); };
    return s;
}

namespace {

nlohmann::json question_data(const Question& q, const Value& v) {
    nlohmann::json j;
    j["ask"] = q.ask;
    j["kind"] = v.kind == ValueKind::Number ? "number" : v.kind == ValueKind::Cells ? "cells" : "choice";
    j["number"] = v.number;
    j["tolerance"] = v.tolerance;
    j["relative"] = v.relative;
    j["cells"] = v.cells;
    j["choice"] = v.choice;
    j["options"] = v.options;
    j["text"] = v.text();
    j["origin"] = v.origin;
    // The messages judge() gives (quantity.cpp): the page checks the answer as the window does.
    j["right"] = "Right: " + v.text() + (v.origin.empty() ? "" : " (" + v.origin + ").");
    j["hint"] = "Not quite. " + hint_for(q);
    return j;
}

}  // namespace

nlohmann::json lesson_page_data(const Lesson& lesson, const Sources& sources_in,
                                const std::function<nlohmann::json(const Trace&)>& page_of) {
    Sources sources = sources_in;
    if (const auto problems = check_lesson(lesson, sources, MissingData::Say); !problems.empty())
        throw std::runtime_error(problems.front());

    nlohmann::json page;
    page["format"] = "scanviz-lesson";
    page["version"] = kLessonPageFormatVersion;
    page["name"] = lesson.name;
    page["title"] = lesson.title;
    page["prerequisites"] = lesson.prerequisites;
    page["outcomes"] = lesson.outcomes;
    page["traces"] = nlohmann::json::array();
    page["steps"] = nlohmann::json::array();
    std::map<std::string, int> trace_index;  // trace JSON -> index

    for (size_t i = 0; i < lesson.steps.size(); ++i) {
        const LessonStep& s = lesson.steps[i];
        std::string error;
        const auto shown = show_step(lesson, static_cast<int>(i), sources, &error);
        if (!shown) throw std::runtime_error(error);
        // Steps on one run share its data: the key is the run's trace (its JSON, as the recording keeps it).
        const std::string key = trace_to_json_text(shown->trace, -1);
        auto [it, added] = trace_index.emplace(key, static_cast<int>(page["traces"].size()));
        if (added) page["traces"].push_back(page_of ? page_of(shown->trace) : trace_page_data(shown->trace));

        nlohmann::json step;
        step["title"] = s.title;
        step["trace"] = it->second;
        step["at"] = shown->step;
        step["select"] = shown->select_slot >= 0
                             ? nlohmann::json::array({shown->select_step, shown->select_slot})
                             : nlohmann::json(nullptr);
        step["panels"] = s.view.panels;
        step["narration"] = nlohmann::json::array();
        // The same paragraphs once the question is answered ({hidden ...} placeholders filled in).
        step["narration_revealed"] = nlohmann::json::array();
        for (size_t p = 0; p < s.paragraphs.size(); ++p) {
            for (const bool revealed : {false, true}) {
                const auto text = expand_or_say(s.paragraphs[p], shown->data(), sources, &error, revealed);
                if (!text)
                    throw std::runtime_error(lesson.path + ":" + std::to_string(s.paragraph_lines[p]) + ": " +
                                             error);
                step[revealed ? "narration_revealed" : "narration"].push_back(*text);
            }
        }
        step["question"] = nullptr;
        // What the page keeps hidden until the question is answered (or its answer asked for), and
        // the step it then shows (reveal = next: the step the learner predicted).
        step["hide"] = s.question ? s.question->hide : std::vector<std::string>{};
        step["after"] = s.question && s.question->reveal_next ? shown->step + 1 : shown->step;
        if (s.question) {
            const Value v = answer_of(*s.question, *shown, sources);
            if (!v.ok && v.missing) {
                // The page says the question cannot be answered here, as the window does.
                step["narration_revealed"].push_back("[The question of this step cannot be answered here: " +
                                                     v.why_not + ".]");
                step["narration"].push_back("[The question of this step cannot be answered here: " + v.why_not +
                                            ".]");
            } else if (!v.ok)
                throw std::runtime_error(lesson.path + ":" + std::to_string(s.question->line) + ": " +
                                         v.why_not);
            else
                step["question"] = question_data(*s.question, v);
        }
        page["steps"].push_back(std::move(step));
    }
    return page;
}

namespace {

std::string file_name(const std::string& path) {
    const size_t slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

nlohmann::json lesson_site_entry(const Lesson& lesson, const std::string& text, const Sources& sources) {
    const nlohmann::json page = lesson_page_data(lesson, sources);
    nlohmann::json entry = {{"name", lesson.name},
                            {"title", lesson.title},
                            {"prerequisites", lesson.prerequisites},
                            {"outcomes", lesson.outcomes},
                            {"steps", page.at("steps").size()},
                            {"path", file_name(lesson.path)},
                            {"text", text}};
    // Its Chinese translation, where one is beside it (zh_CN/, the same file name): checked and
    // computed here too; the page shows it to a reader of Chinese (web/lesson.js).
    const std::string zh_path = translation_path(lesson.path, "zh");
    std::error_code ec;
    if (!lesson.path.empty() && std::filesystem::is_regular_file(zh_path, ec)) {
        std::ifstream in(zh_path, std::ios::binary);
        std::stringstream ss;
        ss << in.rdbuf();
        const std::string zh_text = ss.str();
        Lesson zh = parse_lesson(zh_text, zh_path);
        zh.name = lesson.name;  // progress is the lesson's, whatever the language
        const nlohmann::json zh_page = lesson_page_data(zh, sources);
        if (zh_page.at("steps").size() != page.at("steps").size())
            throw std::runtime_error(zh_path + ": " + std::to_string(zh_page.at("steps").size()) +
                                     " steps, its original " + std::to_string(page.at("steps").size()));
        entry["zh"] = {{"title", zh.title},
                       {"prerequisites", zh.prerequisites},
                       {"outcomes", zh.outcomes},
                       {"path", file_name(zh_path)},
                       {"text", zh_text}};
    }
    return entry;
}

nlohmann::json lesson_context(const Sources& sources) {
    return {{"sass", nlohmann::json::parse(sass::format_json(sources.sass_rows))},
            {"sass_missing", sources.sass_missing},
            {"bench", sources.bench ? nlohmann::json::parse(to_json(*sources.bench)) : nlohmann::json(nullptr)},
            {"bench_origin", sources.bench_origin},
            {"bench_missing", sources.bench_missing},
            {"profile", sources.profile ? nlohmann::json::parse(format_json(*sources.profile)) : nlohmann::json(nullptr)},
            {"profile_origin", sources.profile_origin},
            {"profile_missing", sources.profile_missing},
            {"race", sources.race ? to_json(*sources.race) : nlohmann::json(nullptr)},
            {"race_origin", sources.race_origin},
            {"race_missing", sources.race_missing}};
}

}  // namespace scanviz::publish
