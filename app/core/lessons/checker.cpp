#include "checker.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

#include <filesystem>

#include "core/i18n/i18n.hpp"
#include "core/learner/check.hpp"
#include "core/models/variants.hpp"
#include "core/race/hazards.hpp"
#include "kernel_figures.hpp"

namespace scanviz::lessons {
namespace {

std::string at_line(const Lesson& lesson, int line, const std::string& what) {
    return lesson.path + ":" + std::to_string(line) + ": " + what;
}

}  // namespace

std::optional<std::string> step_spec(const ViewSettings& v, RunSpec* out) {
    RunSpec spec;
    spec.variant = v.variant;
    const VariantInfo* info = find_variant(v.variant);
    if (!info) return "unknown variant '" + v.variant + "' (scanviz list shows them all)";
    spec.n = v.n.value_or(info->default_n);
    spec.threads = v.threads;
    spec.items_per_thread = v.items_per_thread;
    spec.op = v.op;
    spec.type = v.type;
    spec.exclusive = v.exclusive;
    spec.input = v.input;
    spec.seed = static_cast<uint64_t>(v.seed);
    spec.values = v.values;
    if (!v.heads.empty()) {
        if (!info->segmented) return "heads apply only to the segmented scan, not to '" + v.variant + "'";
        spec.heads.assign(static_cast<size_t>(spec.n), 0);
        for (int h : v.heads) {
            if (h >= spec.n)
                return "segment head " + std::to_string(h) + " is outside 0 .. " + std::to_string(spec.n - 1);
            spec.heads[static_cast<size_t>(h)] = 1;
        }
    }
    if (auto err = validate_and_resolve(spec)) return err;
    *out = std::move(spec);
    return std::nullopt;
}

std::optional<ShownStep> show_step(const Lesson& lesson, int index, const Sources& sources,
                                   std::string* error) {
    const LessonStep& s = lesson.steps.at(static_cast<size_t>(index));
    const ViewSettings& v = s.view;
    auto problem = [&](int line, const std::string& what) {
        *error = at_line(lesson, line ? line : s.line, what);
        return std::nullopt;
    };
    if (!v.kernel.empty()) {
        if (!sources.kernel_path || !sources.run_kernel)
            return problem(s.kernel_line, "kernel = " + v.kernel + ": learner kernels cannot run here");
        const std::string path = sources.kernel_path(v.kernel);
        std::error_code ec;
        if (path.empty() || !std::filesystem::is_regular_file(path, ec))
            return problem(s.kernel_line, "kernel = " + v.kernel + ": no such file (" +
                                              (path.empty() ? v.kernel : path) + ")");
        return shown_kernel_run(lesson, index, sources.run_kernel(path, v.interleaved), error);
    }
    RunSpec spec;
    if (auto err = step_spec(v, &spec)) {
        const bool about_variant = !find_variant(v.variant);
        const int line = about_variant ? s.variant_line
                         : s.heads_line && !v.heads.empty() && err->find("head") != std::string::npos
                             ? s.heads_line
                         : s.input_line ? s.input_line
                         : s.n_line     ? s.n_line
                                        : s.variant_line;
        return problem(line, *err);
    }
    ShownStep shown;
    try {
        shown.trace = sources.run(spec);
    } catch (const std::exception& e) {
        return problem(s.variant_line, v.variant + " cannot run: " + e.what());
    }
    shown.metrics = compute_metrics(shown.trace);
    shown.graph = DependencyGraph(shown.trace);
    const int steps = static_cast<int>(shown.trace.steps.size());
    const auto at = v.at.resolve(steps);
    if (!at)
        return problem(s.at_line, "at = " + v.at.text() + " is past the end: " + v.variant +
                                      " on this input has " + std::to_string(steps) +
                                      " steps (0 = initial state, 1 .. " + std::to_string(steps) + ", last)");
    shown.step = *at;
    if (v.has_selection) {
        const auto sel = v.select_at.resolve(steps);
        if (!sel)
            return problem(s.select_line, "select: step " + v.select_at.text() + " is past the end (" +
                                              std::to_string(steps) + " steps)");
        if (v.select_slot >= shown.trace.layout.slots)
            return problem(s.select_line, "select: slot " + std::to_string(v.select_slot) +
                                              " does not exist (" + v.variant + " has slots 0 .. " +
                                              std::to_string(shown.trace.layout.slots - 1) + ")");
        shown.select_step = *sel;
        shown.select_slot = v.select_slot;
    }
    return shown;
}

std::optional<ShownStep> shown_kernel_run(const Lesson& lesson, int index, const LearnerRun& run,
                                          std::string* error) {
    const LessonStep& s = lesson.steps.at(static_cast<size_t>(index));
    const ViewSettings& v = s.view;
    auto problem = [&](int line, const std::string& what) {
        *error = at_line(lesson, line ? line : s.line, what);
        return std::nullopt;
    };
    if (!run.error.empty()) return problem(s.kernel_line, "kernel = " + v.kernel + ": " + run.error);
    ShownStep shown;
    shown.kernel = true;
    shown.trace = run.trace;
    shown.accesses = run.accesses;
    shown.metrics = compute_metrics(shown.trace);
    shown.graph = DependencyGraph(shown.trace);
    const int steps = static_cast<int>(shown.trace.steps.size());
    const auto at = v.at.resolve(steps);
    if (!at)
        return problem(s.at_line, "at = " + v.at.text() + " is past the end: the kernel " + v.kernel + " has " +
                                      std::to_string(steps) + " steps (0 = initial state, 1 .. " +
                                      std::to_string(steps) + ", last)");
    shown.step = *at;
    if (v.has_selection) {
        const auto sel = v.select_at.resolve(steps);
        if (!sel || v.select_slot >= shown.trace.layout.slots)
            return problem(s.select_line, "select: no such cell in the kernel " + v.kernel + "'s trace");
        shown.select_step = *sel;
        shown.select_slot = v.select_slot;
    }
    return shown;
}

bool goal_met(const LearnerRun& run, std::string* why) {
    if (!run.error.empty()) {
        *why = run.error;
        return false;
    }
    if (const std::string diff = output_difference(run.trace); !diff.empty()) {
        *why = diff;
        return false;
    }
    try {
        const HazardReport rep = analyze_hazards(run.accesses, RaceWhatIf{});
        if (rep.count() > 0) {
            *why = i18n::format(i18n::trn("%d hazard", "%d hazards", static_cast<unsigned long>(rep.count())),
                                rep.count());
            return false;
        }
    } catch (const std::exception& e) {
        *why = e.what();
        return false;
    }
    return true;
}

std::optional<StepData> answer_data(const Question& q, const ShownStep& shown) {
    StepData d = shown.data();
    if (!q.reveal_next) return d;
    if (d.step + 1 >= static_cast<int>(shown.trace.steps.size())) return std::nullopt;
    ++d.step;
    return d;
}

Value answer_of(const Question& q, const ShownStep& shown, const Sources& sources) {
    const auto d = answer_data(q, shown);
    if (!d) {
        Value v;
        v.why_not = "reveal = next, but the step shown is the last: there is no next step to predict";
        return v;
    }
    return evaluate(q.quantity, *d, sources);
}

namespace {

bool among(std::string_view x, std::initializer_list<std::string_view> list) {
    return std::find(list.begin(), list.end(), x) != list.end();
}

// The figure a choice compares, per option: fewer_sass A B -> sass A, sass B.
std::string_view figure_of_choice(std::string_view kind) {
    if (kind == "fewer_sass") return "sass";
    if (kind == "fewer_sass_base") return "sass_base";
    if (kind == "fewer_executed") return "executed";
    if (kind == "quicker") return "kernel_ns";
    if (kind == "faster") return "gbps";
    return {};
}

}  // namespace

std::vector<std::string> panels_showing(const Quantity& q, const ShownStep& shown, bool for_next) {
    const std::string_view k = q.kind;
    // A whole-run figure of another variant is not on this screen's panels.
    const bool trace_kind = find_kind(k) && find_kind(k)->reads == Reads::Trace;
    if (trace_kind && !q.args.empty() &&
        among(k, {"work", "span", "steps", "max_conflict", "shared_accesses", "shared_words", "pad_words"}) &&
        q.args[0] != shown.trace.spec.variant)
        return {};
    if (trace_kind && q.args.size() > 1 &&
        among(k, {"phase_work", "phase_conflict", "phase_steps", "working_steps"}) &&
        q.args[1] != shown.trace.spec.variant)
        return {};
    std::vector<std::string> now, run;  // panels drawing the step shown; panels drawing every step
    if (k == "active_lanes") now = {"state", "banks"}, run = {"metrics"};
    else if (k == "conflict") now = {"banks"}, run = {"metrics"};
    else if (k == "step_work") now = {"state", "banks"}, run = {"metrics", "diagram"};
    else if (k == "value") now = {"state", "banks"}, run = {"diagram"};
    // The diagram draws every write of the run: its lit cells count the work.
    else if (among(k, {"work", "phase_work", "work_beyond"})) run = {"metrics", "diagram"};
    else if (among(k, {"span", "sequential_work", "max_conflict", "phase_conflict", "phase_steps", "working_steps"}))
        run = {"metrics"};
    else if (k == "steps") run = {"controls", "metrics", "diagram"};
    else if (among(k, {"cone", "cone_size", "cone_row"})) {
        if (shown.select_slot >= 0) run = {"diagram"};
    } else if (among(k, {"sass", "sass_base", "fewer_sass", "fewer_sass_base", "sass_on", "executed",
                         "fewer_executed", "profiled_n", "kernel_ns", "quicker", "ncu_conflicts",
                         "ncu_shared", "executed_minus", "sass_arch"}))
        run = {"sass"};
    else if (among(k, {"race_wrong", "breaks"}))
        run = {};  // the race lab is a window of its own, never a lesson panel
    else if (among(k, {"gbps", "memcpy_fraction", "cub_ratio", "faster"}))
        run = {"bench"};
    if (!for_next) run.insert(run.end(), now.begin(), now.end());
    return run;
}

namespace {

// The whole numbers written in a piece of text ("Where the 2-way comes from" -> "2").
std::vector<std::string> whole_numbers(const std::string& text) {
    std::vector<std::string> out;
    std::string cur;
    for (const char c : text + " ") {
        if (std::isdigit(static_cast<unsigned char>(c))) {
            cur += c;
        } else if (!cur.empty()) {
            out.push_back(cur);
            cur.clear();
        }
    }
    return out;
}

// The narration parts of every paragraph of the step that parses (check_lesson reports one
// that does not).
std::vector<NarrationPart> narration_parts(const LessonStep& step) {
    std::vector<NarrationPart> all;
    for (const auto& paragraph : step.paragraphs) {
        try {
            std::vector<NarrationPart> parts = split_narration(paragraph);
            all.insert(all.end(), parts.begin(), parts.end());
        } catch (const LessonError&) {
        }
    }
    return all;
}

// An answer typed rather than computed: a whole-number answer in the step's title, or a conflict
// degree written as "N-way" in the step's literal text. Placeholders are judged by revealed_by;
// this catches the figure a lesson writer typed out.
std::optional<std::string> typed_answer(const LessonStep& step, const Question& q, const Value& answer) {
    if (answer.kind != ValueKind::Number || answer.number != std::floor(answer.number) || answer.number < 0)
        return std::nullopt;
    const std::string a = std::to_string(static_cast<long long>(answer.number));
    for (const auto& w : whole_numbers(step.title))
        if (w == a)
            return "the step's title (\"" + step.title + "\") shows " + a + ", the answer to " + q.quantity.text() +
                   ", before the question is answered (retitle the step)";
    if (!among(q.quantity.kind, {"conflict", "max_conflict", "phase_conflict"})) return std::nullopt;
    for (const auto& p : narration_parts(step)) {
        if (p.placeholder) continue;
        for (size_t at = p.text.find(a + "-way"); at != std::string::npos; at = p.text.find(a + "-way", at + 1))
            if (at == 0 || !std::isdigit(static_cast<unsigned char>(p.text[at - 1])))
                return "the text writes \"" + a + "-way\", the answer to " + q.quantity.text() +
                       ", before the question is answered (say it after the question)";
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> revealed_by(const LessonStep& step, const ShownStep& shown, const Sources& sources,
                                       const Value& answer) {
    if (!step.question || !answer.ok) return std::nullopt;
    const Question& q = *step.question;
    // A kernel's hazards: the Your-kernel panel lists them, the state view and the diagram draw them.
    if (is_hazard_kind(q.quantity.kind) && !q.hides("hazards"))
        for (const char* panel : {"kernel", "state", "diagram", "banks"})
            if (step.view.shows(panel))
                return std::string("the ") + panel + " panel shows the kernel's hazards, and so " +
                       q.quantity.text() + " = " + answer.text() +
                       ", before the question is answered (hide = hazards)";
    if (q.quantity.kind == "wrong_outputs" && !q.hides("kernel") && step.view.shows("kernel"))
        return "the kernel panel's checks show wrong_outputs = " + answer.text() +
               " before the question is answered (hide = kernel)";
    for (const auto& panel : panels_showing(q.quantity, shown, q.reveal_next)) {
        if (q.hides(panel)) continue;
        if (panel == "diagram" && q.hides("selection") &&
            among(q.quantity.kind, {"cone", "cone_size", "cone_row"}))
            continue;
        if (panel == "controls" || step.view.shows(panel) || (panel == "state" && step.view.shows("banks")))
            return "the " + panel + (panel == "controls" ? " (the step counter)" : " panel") + " shows " +
                   q.quantity.text() + " = " + answer.text() + " before the question is answered (hide = " +
                   panel + ", or ask something the screen does not show)";
    }
    if (auto typed = typed_answer(step, q, answer)) return typed;
    const std::string_view figure = figure_of_choice(q.quantity.kind);
    std::vector<std::string> options_shown;
    const StepData data = shown.data();
    for (const auto& p : narration_parts(step)) {
        if (!p.placeholder || p.hidden) continue;
        const Value v = evaluate(p.quantity, data, sources);
        if (!v.ok) continue;
        const bool same = p.quantity.kind == q.quantity.kind && v.kind == answer.kind && v.text() == answer.text();
        if (same)
            return "the text shows " + p.text + " = " + v.text() + ", the answer to " + q.quantity.text() +
                   ", before the question is answered (write {hidden " + p.quantity.text() + "})";
        // The option's own figure: sass VARIANT (not one opcode class of it); gbps VARIANT at the same N.
        const bool gbps = figure == "gbps";
        if (!figure.empty() && p.quantity.kind == figure && p.quantity.args.size() == (gbps ? 2u : 1u) &&
            (!gbps || p.quantity.args[1] == q.quantity.args.back()))
            options_shown.push_back(p.quantity.args[0]);
    }
    if (!figure.empty() && answer.kind == ValueKind::Choice) {
        bool all = true;
        for (const auto& o : answer.options)
            all = all && std::find(options_shown.begin(), options_shown.end(), o) != options_shown.end();
        if (all)
            return "the text shows the " + std::string(figure) + " figure of every option of " + q.quantity.text() +
                   ", which answers it before it is asked (write them {hidden ...})";
    }
    return std::nullopt;
}

Value route_value(const Question& q, const ShownStep& shown, const Sources& sources) {
    Value out;
    const auto d = answer_data(q, shown);
    if (!d) {
        out.why_not = "no next step";
        return out;
    }
    // A term ending in @now reads the step shown; the others the step the answer is judged on.
    auto value_of = [&](const Quantity& term) {
        Quantity q2 = term;
        const bool now = !q2.args.empty() && q2.args.back() == "@now";
        if (now) q2.args.pop_back();
        return evaluate(q2, now ? shown.data() : *d, sources);
    };
    if (q.route.size() == 1 && !q.route[0].quantity.kind.empty() && q.route[0].sign == 1)
        return value_of(q.route[0].quantity);
    double sum = 0;
    for (const auto& t : q.route) {
        if (t.quantity.kind.empty()) {
            sum += t.sign * static_cast<double>(t.constant);
            continue;
        }
        const Value v = value_of(t.quantity);
        if (!v.ok) return v;
        if (v.kind != ValueKind::Number) {
            out.why_not = t.quantity.text() + " is not a number and cannot be added";
            return out;
        }
        sum += t.sign * v.number;
    }
    out.ok = true;
    out.kind = ValueKind::Number;
    out.number = sum;
    out.decimals = std::fabs(sum - std::round(sum)) < 1e-9 ? 0 : 1;
    return out;
}

std::vector<std::string> check_lesson(const Lesson& lesson, const Sources& sources, MissingData missing) {
    const bool say = missing == MissingData::Say;
    std::vector<std::string> problems;
    if (lesson.steps.size() < 1) problems.push_back(at_line(lesson, 1, "the lesson has no steps"));
    for (size_t i = 0; i < lesson.steps.size(); ++i) {
        const LessonStep& s = lesson.steps[i];
        std::string error;
        const auto shown = show_step(lesson, static_cast<int>(i), sources, &error);
        if (!shown) {
            problems.push_back(error);
            continue;
        }
        const StepData data = shown->data();
        if (s.goal_fixed) {
            std::string why;
            const std::string start = sources.kernel_path(s.view.kernel);
            if (goal_met(sources.run_kernel(start, s.view.interleaved), &why))
                problems.push_back(at_line(lesson, s.goal_line,
                                           "goal = fixed: the step's kernel " + s.view.kernel +
                                               " meets it already (no hazard, output right): nothing to fix"));
            const std::string solution = sources.kernel_path(s.solution);
            std::error_code ec;
            if (solution.empty() || !std::filesystem::is_regular_file(solution, ec))
                problems.push_back(at_line(lesson, s.goal_line, "solution = " + s.solution + ": no such file"));
            else if (!goal_met(sources.run_kernel(solution, s.view.interleaved), &why))
                problems.push_back(at_line(lesson, s.goal_line,
                                           "goal = fixed: the solution " + s.solution + " does not meet it: " + why));
        }
        for (size_t p = 0; p < s.paragraphs.size(); ++p) {
            std::string why;
            if (!(say ? expand_or_say(s.paragraphs[p], data, sources, &why)
                      : expand(s.paragraphs[p], data, sources, &why)))
                problems.push_back(at_line(lesson, s.paragraph_lines[p], "text: " + why));
        }
        if (s.question) {
            const Question& q = *s.question;
            if (auto err = check_shape(q.quantity)) {
                problems.push_back(at_line(lesson, q.line, "question: " + *err));
                continue;
            }
            const Value v = answer_of(q, *shown, sources);
            if (!v.ok && !(say && v.missing))
                problems.push_back(
                    at_line(lesson, q.line, "question " + q.quantity.kind + " has no answer: " + v.why_not));
            if (!v.ok) continue;
            if (auto shown_by = revealed_by(s, *shown, sources, v))
                problems.push_back(at_line(lesson, q.line, "question " + q.quantity.text() + ": " + *shown_by));
            for (auto t : q.route)
                if (!t.quantity.kind.empty()) {
                    if (!t.quantity.args.empty() && t.quantity.args.back() == "@now") t.quantity.args.pop_back();
                    if (auto err = check_shape(t.quantity))
                        problems.push_back(at_line(lesson, q.route_line, "route: " + *err));
                }
            if (!q.route.empty()) {
                const Value r = route_value(q, *shown, sources);
                const double tol = v.relative ? v.tolerance * std::fabs(v.number) : v.tolerance;
                const bool same = r.ok && r.kind == v.kind &&
                                  (v.kind == ValueKind::Number ? std::fabs(r.number - v.number) <= tol + 1e-9
                                                               : r.text() == v.text());
                if (!r.ok && !(say && r.missing))
                    problems.push_back(at_line(lesson, q.route_line, "route: " + r.why_not));
                else if (r.ok && !same)
                    problems.push_back(at_line(lesson, q.hint_line ? q.hint_line : q.route_line,
                                               "hint: following it (" + q.route_text + ") gives " + r.text() +
                                                   ", but the answer is " + v.text()));
            }
        }
    }
    return problems;
}

}  // namespace scanviz::lessons
