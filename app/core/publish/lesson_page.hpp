// The data of one lesson's web page: the lesson's title, prerequisites and outcomes,
// and per step its narration (placeholders computed, as `scanviz lesson show` does),
// the trace it shows (trace_page.hpp's data, shared by the steps that show the same
// run), the trace step and cell it shows, and its question with the answer the C++
// evaluators (core/lessons/quantity.hpp) computed at publish time, the message a
// right answer gets and the hint a wrong one gets. Nothing is typed into the page.
//
//   {"format": "scanviz-lesson", "version": 1, "name", "title", "prerequisites", "outcomes",
//    "traces": [trace page data, ...],
//    "steps": [{"title", "trace": index into traces, "at": the trace step shown (-1 = initial state),
//               "select": [step, slot] or null, "panels": [...], "narration": [paragraph, ...],
//               "question": null or {"ask", "kind": "number" | "cells" | "choice", "number",
//                                    "tolerance", "relative", "cells", "choice", "options",
//                                    "text", "origin", "right", "hint"}}]}
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "core/lessons/lesson.hpp"
#include "core/lessons/quantity.hpp"
#include "core/recording/recording.hpp"

namespace scanviz::publish {

inline constexpr int kLessonPageFormatVersion = 1;

// Traces as the window finds them for a lesson on an open recording: the recording's
// trace of the spec where it holds one (its badge names the device), else the
// reference model's (badge "reference model"). The recording must outlive the result.
lessons::Sources recording_sources(const Recording& recording);

// The page data of a lesson. Checks it first (lessons::check_lesson): a lesson with
// a problem throws std::runtime_error whose what() is the checker's first line,
// "PATH:LINE: ...", as `scanviz lesson check` prints it.
// `page_of` makes a step's trace data (default: trace_page_data).
nlohmann::json lesson_page_data(const lessons::Lesson& lesson, const lessons::Sources& sources,
                                const std::function<nlohmann::json(const Trace&)>& page_of = {});

// A lesson as the site carries it: {"name", "title", "prerequisites", "outcomes", "steps": count,
// "path": file name, "text", and "zh": {"title", "prerequisites", "outcomes", "path", "text"} where the
// lesson's Chinese translation is beside it (zh_CN/, the same name; checked and computed too)}; the page computes it in the browser (app/wasm). Checked and computed
// here first (lesson_page_data), so a lesson with a problem throws as lesson_page_data does.
nlohmann::json lesson_site_entry(const lessons::Lesson& lesson, const std::string& text,
                                 const lessons::Sources& sources);

// The figures lessons quote besides traces, for the browser (app/wasm's "context" request):
// {"sass": the count table (sass::format_json), "sass_missing", "bench": the results
// (to_json(BenchReport)) or null, "bench_origin", "bench_missing"}.
nlohmann::json lesson_context(const lessons::Sources& sources);

}  // namespace scanviz::publish
