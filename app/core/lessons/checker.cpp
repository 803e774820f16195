#include "checker.hpp"

#include "core/models/variants.hpp"

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
            const Value v = evaluate(q.quantity, data, sources);
            if (!v.ok && !(say && v.missing))
                problems.push_back(
                    at_line(lesson, q.line, "question " + q.quantity.kind + " has no answer: " + v.why_not));
        }
    }
    return problems;
}

}  // namespace scanviz::lessons
