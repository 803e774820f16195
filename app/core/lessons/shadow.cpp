#include "shadow.hpp"

#include <algorithm>
#include <iterator>
#include <optional>

#include "core/common/strings.hpp"

namespace scanviz::lessons {
namespace {

constexpr const char* kTranslatedKeys[] = {"title", "prerequisites", "outcomes", "text", "ask", "hint"};

std::string at(const std::string& path, int line) { return path + ":" + std::to_string(line); }

// A value's placeholders, each written "{KIND ARGS}" or "{hidden KIND ARGS}" whatever its
// spacing, sorted (a multiset); nothing when its braces do not parse (*error says why).
std::optional<std::vector<std::string>> placeholders(const std::string& value, std::string* error) {
    std::vector<std::string> out;
    try {
        for (const auto& part : split_narration(value))
            if (part.placeholder) {
                std::string p = part.hidden ? "{hidden " : "{";
                p += part.quantity.text();
                p += '}';
                out.push_back(std::move(p));
            }
    } catch (const LessonError& e) {
        *error = e.what();
        return std::nullopt;
    }
    std::sort(out.begin(), out.end());
    return out;
}

// "{a} {b}": what `from` holds that `minus` does not (both sorted), each as often as it is extra.
std::string difference(const std::vector<std::string>& from, const std::vector<std::string>& minus) {
    std::vector<std::string> d;
    std::set_difference(from.begin(), from.end(), minus.begin(), minus.end(), std::back_inserter(d));
    std::string out;
    for (const auto& p : d) out += (out.empty() ? "" : " ") + p;
    return out;
}

// What a step must keep in every language: its keys in order, with the values not translated.
std::vector<KeyValue> signature(const LessonStep& step) {
    std::vector<KeyValue> out;
    for (const auto& k : step.keys) out.push_back({k.key, is_translated_key(k.key) ? "" : k.value, 0});
    return out;
}

bool same(const std::vector<KeyValue>& a, const std::vector<KeyValue>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const KeyValue& x, const KeyValue& y) { return x.key == y.key && x.value == y.value; });
}

std::string heading(const LessonStep& s) { return s.title.empty() ? "[step]" : "[step " + s.title + "]"; }

class ShadowCheck {
public:
    ShadowCheck(const Lesson& translation, const Lesson& original) : t_(translation), o_(original) {}

    std::vector<std::string> run() {
        compare_keys(t_.keys, o_.keys, t_.steps.empty() ? 1 : t_.steps.front().line, 1);
        compare_steps();
        return std::move(errors_);
    }

private:
    void error(int line, const std::string& what) { errors_.push_back(at(t_.path, line) + ": " + what); }
    std::string orig(int line) const { return at(o_.path, line); }

    // Pairs the steps in order. Where they part, a step whose kept keys match a later
    // original step stands after missing ones, and one that matches the original step
    // after it after an added one; otherwise the two are compared key by key.
    void compare_steps() {
        const auto& t = t_.steps;
        const auto& o = o_.steps;
        const std::string counts = "the original has " + std::to_string(o.size()) + " steps, the translation " +
                                   std::to_string(t.size());
        size_t i = 0, j = 0;  // the next original step, the next translated one
        while (i < o.size() || j < t.size()) {
            if (j >= t.size()) {
                error(last_line(), "step " + std::to_string(i + 1) + " of the original (" + orig(o[i].line) + ", " +
                                       heading(o[i]) + ") is missing: the translation ends here (" + counts + ")");
                ++i;
                continue;
            }
            if (i >= o.size()) {
                error(t[j].line, "a step the original does not have (" + counts + ")");
                ++j;
                continue;
            }
            const auto sig = signature(t[j]);
            if (!same(sig, signature(o[i]))) {
                // Original steps before the one t[j] shadows, at most as many as the translation lacks.
                const size_t lacking = o.size() - i > t.size() - j ? (o.size() - i) - (t.size() - j) : 0;
                size_t missing = 0;
                for (size_t k = 1; k <= lacking && !missing; ++k)
                    if (same(sig, signature(o[i + k]))) missing = k;
                if (missing) {
                    for (size_t k = 0; k < missing; ++k)
                        error(t[j].line, "step " + std::to_string(i + k + 1) + " of the original (" +
                                             orig(o[i + k].line) + ", " + heading(o[i + k]) +
                                             ") is missing: it comes before this one (" + counts + ")");
                    i += missing;
                    continue;
                }
                if (t.size() - j > o.size() - i && j + 1 < t.size() && same(signature(t[j + 1]), signature(o[i]))) {
                    error(t[j].line, "a step the original does not have (" + counts + ")");
                    ++j;
                    continue;
                }
            }
            compare_step(t[j], o[i]);
            ++i;
            ++j;
        }
    }

    // The translation's last line that says something: where a step missing at the end belongs.
    int last_line() const {
        if (t_.steps.empty()) return t_.keys.empty() ? 1 : t_.keys.back().line;
        const auto& s = t_.steps.back();
        return s.keys.empty() ? s.line : s.keys.back().line;
    }

    void compare_step(const LessonStep& t, const LessonStep& o) {
        if (t.title.empty() != o.title.empty())
            error(t.line, t.title.empty() ? "the step heading has no title; the original's (" + orig(o.line) +
                                                ") is " + heading(o)
                                          : "the step heading has a title; the original's (" + orig(o.line) +
                                                ") has none");
        else
            compare_placeholders("the step heading", t.title, t.line, o.title, o.line);
        compare_keys(t.keys, o.keys, t.keys.empty() ? t.line : t.keys.back().line, o.line);
    }

    // The keys of one section (the lesson's head, or a step), pair by pair; `end_line`: the
    // translation's line where the section ends (where a key missing at its end belongs),
    // `o_line`: the line where the original's section starts.
    void compare_keys(const std::vector<KeyValue>& t, const std::vector<KeyValue>& o, int end_line, int o_line) {
        for (size_t i = 0;; ++i) {
            const bool t_done = i >= t.size(), o_done = i >= o.size();
            if (t_done && o_done) return;
            if (!t_done && !o_done && t[i].key == o[i].key) {
                compare_value(t[i], o[i]);
                continue;
            }
            // The keys part here: say so once (what follows would repeat it).
            const auto paragraphs = [](const std::vector<KeyValue>& keys) {
                return std::count_if(keys.begin(), keys.end(), [](const KeyValue& k) { return k.key == "text"; });
            };
            const int line = t_done ? end_line : t[i].line;
            const auto tp = paragraphs(t), op = paragraphs(o);
            const auto count = [](long n) { return std::to_string(n) + (n == 1 ? " paragraph" : " paragraphs"); };
            if (tp != op)
                error(line, "the step has " + count(tp) + " (text = ...), the original's (" + orig(o_line) +
                                ") has " + std::to_string(op));
            else if (t_done)
                error(line, "the original goes on with " + o[i].key + " (" + orig(o[i].line) + ") after this");
            else if (o_done)
                error(line, t[i].key + " is not in the original (" + orig(o.empty() ? o_line : o.back().line) +
                                " is its last key here)");
            else
                error(line, t[i].key + " where the original has " + o[i].key + " (" + orig(o[i].line) + ")");
            return;
        }
    }

    void compare_value(const KeyValue& t, const KeyValue& o) {
        if (is_translated_key(t.key)) {
            if (trimmed(t.value).empty())
                error(t.line, t.key + " is empty: translate it (" + orig(o.line) + ")");
            else
                compare_placeholders(t.key, t.value, t.line, o.value, o.line);
            return;
        }
        if (t.value == o.value) return;
        const auto kind = [](const std::string& v) { return v.substr(0, v.find(' ')); };
        if (t.key == "question" && kind(t.value) != kind(o.value))
            error(t.line, "the question is of kind '" + kind(t.value) + "', the original's (" + orig(o.line) +
                              ") of kind '" + kind(o.value) + "'");
        else
            error(t.line, t.key + " = " + t.value + " differs from the original's " + t.key + " = " + o.value +
                              " (" + orig(o.line) + "); only prose is translated");
    }

    void compare_placeholders(const std::string& what, const std::string& t, int t_line, const std::string& o,
                              int o_line) {
        std::string t_error, o_error;
        const auto tp = placeholders(t, &t_error);
        const auto op = placeholders(o, &o_error);
        if (!op) return;  // the original's own problem, which checking it reports
        if (!tp) {
            error(t_line, what + ": " + t_error);
            return;
        }
        if (*tp == *op) return;
        const std::string lost = difference(*op, *tp), gained = difference(*tp, *op);
        error(t_line, what + ": the placeholders differ from the original's (" + orig(o_line) + "):" +
                          (lost.empty() ? "" : " missing " + lost) + (lost.empty() || gained.empty() ? "" : ";") +
                          (gained.empty() ? "" : " not in the original " + gained));
    }

    const Lesson& t_;
    const Lesson& o_;
    std::vector<std::string> errors_;
};

}  // namespace

bool is_translated_key(const std::string& key) {
    return std::find(std::begin(kTranslatedKeys), std::end(kTranslatedKeys), key) != std::end(kTranslatedKeys);
}

std::vector<std::string> check_shadow(const Lesson& translation, const Lesson& original) {
    return ShadowCheck(translation, original).run();
}

std::vector<std::string> check_shadow_files(const std::string& translation_path, const std::string& original_path) {
    Lesson translation, original;
    try {
        translation = load_lesson(translation_path);
    } catch (const LessonError& e) {
        return {e.what()};
    }
    try {
        original = load_lesson(original_path);
    } catch (const LessonError& e) {
        return {at(translation_path, 1) + ": its original does not load: " + e.what()};
    }
    return check_shadow(translation, original);
}

}  // namespace scanviz::lessons
