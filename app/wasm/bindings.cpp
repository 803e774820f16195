// The WebAssembly face of scanviz_core: what the published pages (web/app.js, web/lesson.js)
// and the Node parity test (tests/web/wasm_parity.py) call. One entry point takes a JSON
// request and returns a JSON answer, {"ok": true, "result": ...} or {"ok": false, "error":
// one line}; every error the core throws becomes that line, never a crash. Requests:
//
//   {"fn": "variants"}                    the registry: id, level, title, description, accepts,
//                                         default_n, sizes (the powers of two it accepts), ...
//   {"fn": "trace", SPEC}                 the trace JSON text, as `scanviz trace --format json`
//                                         prints it (the reference model; parity with the CLI)
//   {"fn": "page", SPEC}                  the page data (publish/trace_page.hpp) of the trace the
//                                         Runner picks: the open recording's, else the model's,
//                                         with a "handle" the page names in the next two
//   {"fn": "state", "handle", "step", "cell"}  the state scene of one step, the cell (a slot, or -1)
//                                         marked (publish::state_scene), kept as a FIGURE
//   {"fn": "view", "handle", "step", "cell": [step, slot] | null, "moved": first | -1,
//    "strip_width", "strip_x"}            one view of the diagram: the window of columns, the
//                                         overview strip (publish::diagram_view); its "scene" and
//                                         "overview"."strip" are FIGUREs
//   {"fn": "svg", "figure", "region": [x0, y0, x1, y1] | null, "scale", "id_prefix"}
//                                         a kept figure as SVG text (figure::scene_to_svg, the
//                                         window's writer): the page draws every figure so
//   {"fn": "curves", "variants": [...]}   work and span against n (core/analysis/work_span.hpp)
//   {"fn": "charts", "variants": [...]}   the work and the span chart of those variants' curves as
//                                         SVG text, {"work", "span"} (figure/work_span_chart.hpp)
//   {"fn": "context", "sass", "sass_missing", "bench", "bench_origin", "bench_missing", "profile",
//    "profile_origin", "profile_missing", "race", "race_origin", "race_missing"}
//                                         the figures lessons quote besides traces (made by publish)
//   {"fn": "lesson", "text", "path"}      a lesson's page data (publish/lesson_page.hpp), computed
//                                         here; on problems, "error" is the checker's first line and
//                                         "problems" every line, as `scanviz lesson check` prints them
//   {"fn": "language", "lang": "en"|"zh"} the language of the words the module writes (scenes' titles,
//                                         step labels, badges, lesson messages), from the catalog built
//                                         into it: the same words as the window's
//   {"fn": "judge", "text", "path", "step", "answer"}   the verdict on an answer (lessons::judge):
//                                         {"correct", "message", and its parts: "reason" (right, wrong,
//                                         empty, not_number, not_cells, not_option, other), "answer",
//                                         "origin", "given", "options", "hint", "view"}
//
// SPEC: the fields of core/run/spec_text.hpp (variant, n, threads, items, op, type, exclusive,
// seed, input, fill, heads). FIGURE: {"figure": a number the "svg" request names, "w", "h": the
// scene's size}; the module keeps the latest figures (the page asks for the part of one in view
// as it scrolls). sv_load_recording(bytes, size) opens an uncompressed recording.
#include <emscripten/emscripten.h>

#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/i18n/i18n.hpp"
#include "core/analysis/diagram.hpp"
#include "core/analysis/work_span.hpp"
#include "core/bench/bench.hpp"
#include "core/figure/figure_json.hpp"
#include "core/figure/svg.hpp"
#include "core/figure/work_span_chart.hpp"
#include "core/lessons/checker.hpp"
#include "core/lessons/lesson.hpp"
#include "core/profile/profile.hpp"
#include "core/race/table.hpp"
#include "core/models/variants.hpp"
#include "core/publish/lesson_page.hpp"
#include "core/publish/trace_page.hpp"
#include "core/recording/recording.hpp"
#include "core/run/runner.hpp"
#include "core/run/spec_text.hpp"
#include "core/sass/table.hpp"
#include "core/trace/json.hpp"

namespace {

using nlohmann::json;
using namespace scanviz;

// Traces the pages show, kept for their state scenes (asked for one step at a time).
constexpr size_t kKeptTraces = 64;
// Figures kept for the page to draw: a page shows three at a time (the state, the diagram's
// window and its overview strip), each asked for again, a part at a time, as its box scrolls.
constexpr size_t kKeptFigures = 16;

// A trace the page shows and its dependency graph (made once: every view reads it).
struct Kept {
    Trace trace;
    DependencyGraph graph;
};

struct Session {
    std::shared_ptr<const Recording> recording;
    std::map<int, Kept> traces;  // handle -> trace; the oldest go first
    int next_handle = 1;
    std::map<int, figure::Scene> figures;  // figure -> scene; the oldest go first
    int next_figure = 1;
    std::map<std::string, WorkSpanCurve> curves;  // variant -> its work and span (made once)
    lessons::Sources context;  // sass and bench figures; run is set per call
    std::string answer;        // the last answer, alive until the next call
};

Session& session() {
    static Session s;
    return s;
}

Runner runner() {
    Runner r;
    if (session().recording) r.set_recording(session().recording);
    return r;
}

// Page data without state scenes, with a handle the page names when it asks for one ("state").
json page_of(Trace t) {
    Session& s = session();
    json page = publish::trace_page_data(t, {}, false);
    const int handle = s.next_handle++;
    DependencyGraph graph(t);
    s.traces.emplace(handle, Kept{std::move(t), std::move(graph)});
    while (s.traces.size() > kKeptTraces) s.traces.erase(s.traces.begin());
    page["handle"] = handle;
    return page;
}

const Kept& kept(const json& q) {
    const auto it = session().traces.find(q.at("handle").get<int>());
    if (it == session().traces.end()) throw std::invalid_argument("that trace is no longer kept: run it again");
    return it->second;
}

// Keeps a scene for the page to draw: {"figure", "w", "h"}.
json keep(figure::Scene scene) {
    Session& s = session();
    const int id = s.next_figure++;
    json figure = {{"figure", id}, {"w", figure::json_length(scene.width)}};
    figure["h"] = figure::json_length(scene.height);
    s.figures.emplace(id, std::move(scene));
    while (s.figures.size() > kKeptFigures) s.figures.erase(s.figures.begin());
    return figure;
}

json state_scene(const json& q) {
    return keep(publish::state_scene(kept(q).trace, q.at("step").get<int>(), {}, q.value("cell", -1)));
}

json diagram_view(const json& q) {
    const Kept& k = kept(q);
    publish::DiagramRequest r;
    r.step = q.at("step").get<int>();
    if (q.contains("cell") && q["cell"].is_array())
        r.selection = figure::Selection{q["cell"].at(0).get<int>(), q["cell"].at(1).get<int>()};
    r.moved_first = q.value("moved", -1);
    r.strip_width = q.value("strip_width", 0.0f);
    r.strip_x = q.value("strip_x", -1.0f);
    publish::DiagramView view = publish::diagram_view(k.trace, k.graph, r);
    view.data["scene"] = keep(std::move(view.scene));
    if (view.strip) view.data["overview"]["strip"] = keep(std::move(*view.strip));
    return std::move(view.data);
}

// A kept figure as SVG, the part in `region` only (with the page's margin): its box shows that.
std::string svg(const json& q) {
    const auto it = session().figures.find(q.at("figure").get<int>());
    if (it == session().figures.end())
        throw std::invalid_argument("that figure is no longer kept: draw it again");
    figure::SvgOptions o;
    if (q.contains("region") && q["region"].is_array()) {
        const json& r = q["region"];
        o.clip = true;
        o.x0 = r.at(0).get<float>();
        o.y0 = r.at(1).get<float>();
        o.x1 = r.at(2).get<float>();
        o.y1 = r.at(3).get<float>();
    }
    o.scale = q.value("scale", 1.0f);
    o.id_prefix = q.value("id_prefix", "");
    o.xml_declaration = false;
    return figure::scene_to_svg(it->second, o);
}

const WorkSpanCurve& curve_of(const std::string& id) {
    auto& curves = session().curves;
    auto it = curves.find(id);
    if (it == curves.end()) it = curves.emplace(id, work_span_curve(id)).first;
    return it->second;
}

SpecText spec_text(const json& q) {
    SpecText t;
    t.variant = q.value("variant", "");
    if (q.contains("n") && !q["n"].is_null()) {
        if (!q["n"].is_number_integer()) throw std::invalid_argument("n is not a whole number");
        t.n = q["n"].get<int>();
    }
    t.threads = q.value("threads", 0);
    t.items = q.value("items", 0);
    t.op = q.value("op", "add");
    t.type = q.value("type", "i32");
    t.exclusive = q.value("exclusive", false);
    t.seed = q.value("seed", uint64_t{1});
    t.input = q.value("input", "");
    t.fill = q.value("fill", "");
    t.heads = q.value("heads", "");
    return t;
}

json variants() {
    json out = json::array();
    for (const VariantInfo& v : all_variants()) {
        json sizes = json::array();
        for (int n = 1; n <= (1 << 16); n *= 2) {
            RunSpec s;
            s.variant = std::string(v.id);
            s.n = n;
            if (!validate_and_resolve(s)) sizes.push_back(n);
        }
        // The words in the module's language (the page shows them); id and level are keys.
        out.push_back({{"id", v.id},
                       {"level", to_string(v.level)},
                       {"title", variant_text(v.title)},
                       {"description", variant_text(v.description)},
                       {"accepts", variant_text(v.accepts)},
                       {"default_n", v.default_n},
                       {"items", v.has_items_per_thread},
                       {"segmented", v.segmented},
                       {"work_span_default", v.work_span_default},
                       {"sizes", std::move(sizes)}});
    }
    return out;
}

json curves(const json& q) {
    json out = json::array();
    for (const auto& id : q.at("variants")) {
        const WorkSpanCurve& c = curve_of(id.get<std::string>());
        json points = json::array();
        for (const WorkSpanPoint& p : c.points)
            points.push_back({{"n", p.n}, {"work", p.work}, {"span", p.span}});
        json curve = {{"id", c.id}, {"points", std::move(points)}};
        if (!c.error.empty()) curve["error"] = c.error;
        out.push_back(std::move(curve));
    }
    return out;
}

json charts(const json& q) {
    std::vector<WorkSpanCurve> curves;
    for (const auto& id : q.at("variants")) curves.push_back(curve_of(id.get<std::string>()));
    figure::SvgOptions o;
    o.xml_declaration = false;
    return {{"work", figure::scene_to_svg(figure::build_work_span_chart(curves, true), o)},
            {"span", figure::scene_to_svg(figure::build_work_span_chart(curves, false), o)}};
}

void set_context(const json& q) {
    lessons::Sources& c = session().context;
    c.sass_rows.clear();
    c.sass_missing = q.value("sass_missing", "");
    if (q.contains("sass") && q["sass"].is_array()) c.sass_rows = sass::parse_json(q["sass"].dump());
    c.bench.reset();
    c.bench_origin = q.value("bench_origin", "");
    c.bench_missing = q.value("bench_missing", "");
    if (q.contains("bench") && q["bench"].is_object()) c.bench = parse_bench_json(q["bench"].dump());
    // Nsight Compute's profile table and the race lab's table (lessons quote both).
    c.profile.reset();
    c.profile_origin = q.value("profile_origin", "");
    c.profile_missing = q.value("profile_missing", "");
    if (q.contains("profile") && q["profile"].is_object()) c.profile = parse_profile_json(q["profile"].dump());
    c.race.reset();
    c.race_origin = q.value("race_origin", "");
    c.race_missing = q.value("race_missing", "");
    if (q.contains("race") && q["race"].is_object()) c.race = race_table_from_json(q["race"]);
}

lessons::Sources lesson_sources() {
    lessons::Sources s = session().context;
    s.run = [r = runner()](const RunSpec& spec) { return r.run(spec); };
    return s;
}

// The lesson's name: the file name without folders and extension, as load_lesson names it.
std::string stem(const std::string& path) {
    const size_t slash = path.find_last_of("/\\");
    std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    const size_t dot = name.rfind('.');
    return dot == std::string::npos || dot == 0 ? name : name.substr(0, dot);
}

lessons::Lesson parse(const json& q) {
    const std::string path = q.value("path", "lesson.lesson");
    lessons::Lesson l = lessons::parse_lesson(q.at("text").get<std::string>(), path);
    l.name = stem(path);
    return l;
}

json lesson(const json& q) {
    const lessons::Lesson l = parse(q);
    lessons::Sources s = lesson_sources();
    const auto problems = lessons::check_lesson(l, s);
    if (!problems.empty()) return {{"error", problems.front()}, {"problems", problems}};
    return publish::lesson_page_data(l, s, page_of);
}

json judge(const json& q) {
    const lessons::Lesson l = parse(q);
    const int i = q.at("step").get<int>();
    if (i < 0 || i >= static_cast<int>(l.steps.size()) || !l.steps[i].question)
        throw std::invalid_argument("step " + std::to_string(i + 1) + " asks no question");
    lessons::Sources s = lesson_sources();
    std::string error;
    const auto shown = lessons::show_step(l, i, s, &error);
    if (!shown) throw std::runtime_error(error);
    const lessons::Value v = lessons::answer_of(*l.steps[i].question, *shown, s);
    if (!v.ok) throw std::runtime_error(v.why_not);
    const lessons::Question& question = *l.steps[i].question;
    const std::string given = q.at("answer").get<std::string>();
    const lessons::Verdict verdict = lessons::judge(question, v, given);
    json out = {{"correct", verdict.correct}, {"message", verdict.message}};
    // The verdict's parts, for the page to say it in the reader's language (web/lesson.js): which
    // of judge's messages it is, the answer and its origin, the lesson's own hint, the view.
    const std::string& m = verdict.message;
    std::string trimmed = given;
    trimmed.erase(0, trimmed.find_first_not_of(" \t"));
    trimmed.erase(trimmed.find_last_not_of(" \t\r\n") + 1);
    std::string reason = "other";
    if (verdict.correct) reason = "right";
    else if (m.rfind("Not quite.", 0) == 0) reason = "wrong";
    else if (trimmed.empty()) reason = "empty";
    else if (m.find("' is not a number.") != std::string::npos) reason = "not_number";
    else if (m.find("' is not a list of cells") != std::string::npos) reason = "not_cells";
    else if (m.find("' is not one of ") != std::string::npos) reason = "not_option";
    out["reason"] = reason;
    out["answer"] = v.text();
    out["origin"] = v.origin;
    out["given"] = trimmed;
    out["options"] = v.options;
    out["hint"] = question.hint;
    const lessons::KindInfo* kind = lessons::find_kind(question.quantity.kind);
    out["view"] = kind ? std::string(kind->view) : std::string();
    return out;
}

// The answer's JSON text.
std::string dispatch(const json& q) {
    const std::string fn = q.value("fn", "");
    if (fn == "variants") return variants().dump();
    if (fn == "trace")
        return json(trace_to_json_text(runner().run(spec_from_text(spec_text(q), ""), RunSource::Model))).dump();
    if (fn == "page") return page_of(runner().run(spec_from_text(spec_text(q), ""))).dump();
    if (fn == "state") return state_scene(q).dump();
    if (fn == "view") return diagram_view(q).dump();
    if (fn == "svg") return json(svg(q)).dump();
    if (fn == "curves") return curves(q).dump();
    if (fn == "charts") return charts(q).dump();
    if (fn == "context") {
        set_context(q);
        return "true";
    }
    if (fn == "language") {
        const auto lang = i18n::parse_language(q.value("lang", ""));
        if (!lang) throw std::invalid_argument("language must be en or zh");
        const std::string why = i18n::set_language(*lang);
        if (!why.empty()) throw std::runtime_error(why);
        return json(i18n::language_code(i18n::language())).dump();
    }
    if (fn == "lesson") return lesson(q).dump();
    if (fn == "judge") return judge(q).dump();
    throw std::invalid_argument("unknown request '" + fn + "'");
}

const char* reply_text(const std::string& result) {
    session().answer = "{\"ok\":true,\"result\":" + result + "}";
    return session().answer.c_str();
}

const char* reply(const json& j) {
    session().answer = j.dump();
    return session().answer.c_str();
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* sv_call(const char* request) {
    try {
        const json q = json::parse(request);
        return reply_text(dispatch(q));
    } catch (const std::exception& e) {
        return reply({{"ok", false}, {"error", e.what()}});
    }
}

// Opens an uncompressed recording (the site's, inflated by the page); its traces then stand for
// the model where they hold the spec, with their device badge. Returns the answer as sv_call does.
EMSCRIPTEN_KEEPALIVE const char* sv_load_recording(const uint8_t* bytes, int size) {
    try {
        auto r = std::make_shared<Recording>(decode_recording(bytes, static_cast<size_t>(size)));
        const std::string badge = r->badge();
        const size_t traces = r->traces.size();
        session().recording = std::move(r);
        return reply({{"ok", true}, {"result", {{"badge", badge}, {"traces", traces}}}});
    } catch (const std::exception& e) {
        return reply({{"ok", false}, {"error", std::string("recording: ") + e.what()}});
    }
}

}  // extern "C"
