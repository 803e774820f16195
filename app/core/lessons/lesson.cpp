#include "lesson.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "core/common/strings.hpp"

namespace scanviz::lessons {
namespace {

std::vector<std::string> words_of(const std::string& s) {
    std::istringstream in(s);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

std::optional<int> parse_int(const std::string& s) {
    if (s.empty()) return std::nullopt;
    size_t used = 0;
    long v = 0;
    try {
        v = std::stol(s, &used);
    } catch (const std::exception&) {
        return std::nullopt;
    }
    if (used != s.size() || v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max())
        return std::nullopt;
    return static_cast<int>(v);
}

std::optional<StepRef> parse_step_ref(const std::string& s) {
    StepRef r;
    if (s == "last") {
        r.last = true;
        return r;
    }
    if (s == "initial" || s == "first") return r;
    if (auto v = parse_int(s); v && *v >= 0) {
        r.index = *v;
        return r;
    }
    return std::nullopt;
}

class Parser {
public:
    explicit Parser(const std::string& path) : path_(path) {}

    [[noreturn]] void fail(int line, const std::string& what) const {
        throw LessonError(path_ + ":" + std::to_string(line) + ": " + what);
    }

    Lesson parse(const std::string& text) {
        lesson_.path = path_;
        lesson_.name = std::filesystem::path(path_).stem().string();
        std::istringstream in(text);
        std::string raw;
        int line_no = 0;
        // A value goes on over indented lines that follow it (the last key read).
        std::string* open_value = nullptr;
        while (std::getline(in, raw)) {
            ++line_no;
            const std::string line = trimmed(raw);
            if (line.empty() || line[0] == '#') {
                if (line.empty()) open_value = nullptr;
                continue;
            }
            const bool indented = raw[0] == ' ' || raw[0] == '\t';
            if (indented && open_value) {
                *open_value += " " + line;
                keys().back().value += " " + line;  // the key open_value belongs to
                continue;
            }
            if (indented) fail(line_no, "an indented line continues a value, but no key comes before it");
            open_value = nullptr;
            if (line[0] == '[') {
                if (line.back() != ']') fail(line_no, "a section header ends with ']': '" + line + "'");
                const std::string inner = trimmed(line.substr(1, line.size() - 2));
                if (inner != "step" && inner.rfind("step ", 0) != 0)
                    fail(line_no, "unknown section '[" + inner + "]' (lessons have [step] sections)");
                finish_step();
                LessonStep s;
                s.line = line_no;
                s.title = trimmed(inner.substr(4));
                if (!lesson_.steps.empty()) s.view = lesson_.steps.back().view;
                current_ = std::move(s);
                continue;
            }
            const auto eq = line.find('=');
            if (eq == std::string::npos) fail(line_no, "expected 'key = value', got '" + line + "'");
            const std::string key = trimmed(line.substr(0, eq));
            std::string value = trimmed(line.substr(eq + 1));
            // Settings may end in a comment (" # ..."); prose keeps every character.
            const bool prose = key == "text" || key == "ask" || key == "hint" || key == "title" ||
                               key == "prerequisites" || key == "outcomes";
            if (!prose)
                if (const auto hash = value.find(" #"); hash != std::string::npos)
                    value = trimmed(value.substr(0, hash));
            if (key.empty()) fail(line_no, "a key is missing before '='");
            open_value = assign(line_no, key, value);
            keys().push_back({key, value, line_no});
        }
        finish_step();
        if (lesson_.title.empty()) fail(1, "the lesson has no title (title = ...)");
        if (lesson_.steps.empty()) fail(line_no, "the lesson has no steps ([step] sections)");
        return std::move(lesson_);
    }

private:
    // Where the key being read is listed: the step's, or the lesson's before the first step.
    std::vector<KeyValue>& keys() { return current_ ? current_->keys : lesson_.keys; }

    // Stores one key; returns the string a continuation line extends (or null).
    std::string* assign(int line, const std::string& key, const std::string& value) {
        if (!current_) {
            if (key == "arch")
                fail(line, "arch is not a lesson setting: SASS figures come from the architecture the SASS "
                           "view shows (sass::default_arch until the learner picks another)");
            std::string* target = key == "title"           ? &lesson_.title
                                  : key == "prerequisites" ? &lesson_.prerequisites
                                  : key == "outcomes"      ? &lesson_.outcomes
                                                           : nullptr;
            if (!target)
                fail(line, "unknown key '" + key + "' before the first [step] (title, prerequisites, outcomes)");
            if (value.empty()) fail(line, key + " is empty");
            *target = value;
            return target;
        }
        LessonStep& s = *current_;
        ViewSettings& v = s.view;
        auto need = [&](bool ok, const std::string& what) {
            if (!ok) fail(line, key + ": " + what);
        };
        if (key == "text") {
            need(!value.empty(), "the paragraph is empty");
            s.paragraphs.push_back(value);
            s.paragraph_lines.push_back(line);
            return &s.paragraphs.back();
        }
        if (key == "question") {
            need(!s.question, "a step asks one question");
            const auto w = words_of(value);
            need(!w.empty(), "names no quantity (quantity kinds: scanviz lesson --help)");
            Question q;
            q.line = line;
            q.quantity.kind = w[0];
            q.quantity.args.assign(w.begin() + 1, w.end());
            s.question = std::move(q);
            return nullptr;
        }
        if (key == "ask" || key == "hint") {
            need(s.question.has_value(), "comes after the step's question = line");
            need(!value.empty(), "is empty");
            std::string& target = key == "ask" ? s.question->ask : s.question->hint;
            if (key == "hint") s.question->hint_line = line;
            target = value;
            return &target;
        }
        if (key == "route") {
            need(s.question.has_value(), "comes after the step's question = line");
            try {
                s.question->route = parse_route(value);
            } catch (const LessonError& e) {
                fail(line, "route: " + std::string(e.what()));
            }
            s.question->route_line = line;
            s.question->route_text = value;
            return nullptr;
        }
        if (key == "hide") {
            need(s.question.has_value(), "comes after the step's question = line");
            const auto w = words_of(value);
            need(!w.empty(), "names nothing (panels, or selection)");
            for (const auto& p : w)
                need(p == "selection" || p == "controls" || p == "hazards" || std::find_if(std::begin(kPanelNames), std::end(kPanelNames),
                                                      [&](const char* n) { return p == n; }) !=
                                             std::end(kPanelNames),
                     "'" + p + "' is not a panel (state banks diagram metrics source sass bench lookback kernel), controls "
                     "(the step counter), hazards (a kernel's hazard list and drawing) or selection");
            s.question->hide = w;
            s.question->hide_line = line;
            return nullptr;
        }
        if (key == "reveal") {
            need(s.question.has_value(), "comes after the step's question = line");
            need(value == "next" || value == "now", "takes next (the answer is the next step's) or now");
            s.question->reveal_next = value == "next";
            return nullptr;
        }
        if (key == "kernel") {
            need(!value.empty() && value.find(' ') == std::string::npos && value.find('/') == std::string::npos &&
                     value.size() > 3 && value.substr(value.size() - 3) == ".cu",
                 "expected the file name of a shipped example (assets/kernels/NAME.cu), got '" + value + "'");
            v.kernel = value;
            s.kernel_line = line;
            return nullptr;
        }
        if (key == "schedule") {
            need(value == "lockstep" || value == "interleaved", "takes lockstep or interleaved, got '" + value + "'");
            v.interleaved = value == "interleaved";
            return nullptr;
        }
        if (key == "goal") {
            need(value == "fixed", "takes fixed (no hazard and the output right), got '" + value + "'");
            s.goal_fixed = true;
            s.goal_line = line;
            return nullptr;
        }
        if (key == "solution") {
            need(!value.empty() && value.find(' ') == std::string::npos && value.find('/') == std::string::npos,
                 "expected the file name of a shipped example (assets/kernels/NAME.cu)");
            s.solution = value;
            return nullptr;
        }
        if (key == "variant") {
            need(!value.empty() && value.find(' ') == std::string::npos, "expected one variant id");
            v.kernel.clear();  // a variant replaces a kernel
            if (v.variant != value) {
                // A new variant starts from its own defaults.
                if (v.input != InputKind::Given) v.n.reset();
                v.threads = v.items_per_thread = 0;
                v.heads.clear();
            }
            v.variant = value;
            s.variant_line = line;
        } else if (key == "n") {
            const auto n = parse_count(value);
            need(n && *n >= 1 && *n <= std::numeric_limits<int>::max(), "'" + value + "' is not a size");
            v.n = static_cast<int>(*n);
            s.n_line = line;
        } else if (key == "threads" || key == "items") {
            const auto t = parse_int(value);
            need(t && *t >= 0, "'" + value + "' is not a whole number (0 = the variant's default)");
            (key == "threads" ? v.threads : v.items_per_thread) = *t;
        } else if (key == "op") {
            const auto op = parse_op(value);
            need(op.has_value(), "'" + value + "' is not add, max or min");
            v.op = *op;
        } else if (key == "type") {
            const auto t = parse_type(value);
            need(t.has_value(), "'" + value + "' is not i32 or f32");
            v.type = *t;
        } else if (key == "exclusive") {
            need(value == "on" || value == "off", "takes on or off, got '" + value + "'");
            v.exclusive = value == "on";
        } else if (key == "input") {
            const auto w = words_of(value);
            need(!w.empty(), "random [SEED], ones, ramp or values");
            s.input_line = line;
            if (w[0] == "random") {
                need(w.size() <= 2, "random takes one seed");
                v.input = InputKind::Random;
                if (w.size() == 2) {
                    const auto seed = parse_int(w[1]);
                    need(seed && *seed >= 0, "seed '" + w[1] + "' is not a whole number");
                    v.seed = *seed;
                }
            } else if ((w[0] == "ones" || w[0] == "ramp") && w.size() == 1) {
                v.input = w[0] == "ones" ? InputKind::Ones : InputKind::Ramp;
            } else {
                ParsedValues parsed = parse_values(value, v.type);
                need(parsed.error.empty(), parsed.error);
                v.input = InputKind::Given;
                v.values = parsed.values;
                v.values_text = value;
                v.n = static_cast<int>(parsed.values.size());
            }
        } else if (key == "heads") {
            s.heads_line = line;
            if (value == "none") {
                v.heads.clear();
            } else {
                try {
                    v.heads = parse_positions(value);
                } catch (const LessonError& e) {
                    fail(line, "heads: " + std::string(e.what()));
                }
            }
        } else if (key == "at") {
            const auto r = parse_step_ref(value);
            need(r.has_value(), "'" + value + "' is not a step (0 or initial, 1 .. steps, last)");
            v.at = *r;
            s.at_line = line;
        } else if (key == "select") {
            s.select_line = line;
            const auto w = words_of(value);
            if (w.size() == 1 && w[0] == "none") {
                v.has_selection = false;
            } else {
                need(w.size() == 2, "expected STEP SLOT (a cell) or none");
                const auto r = parse_step_ref(w[0]);
                const auto slot = parse_int(w[1]);
                need(r.has_value(), "'" + w[0] + "' is not a step (0 or initial, 1 .. steps, last)");
                need(slot && *slot >= 0, "'" + w[1] + "' is not a slot number");
                v.has_selection = true;
                v.select_at = *r;
                v.select_slot = *slot;
            }
        } else if (key == "panels") {
            const auto w = words_of(value);
            need(!w.empty(), "names no panel");
            for (const auto& p : w)
                need(std::find_if(std::begin(kPanelNames), std::end(kPanelNames),
                                  [&](const char* n) { return p == n; }) != std::end(kPanelNames),
                     "unknown panel '" + p + "' (state banks diagram metrics source sass bench lookback kernel)");
            v.panels = w;
        } else if (key == "zoom") {
            if (value == "fit") {
                v.zoom = 1.0f;
            } else {
                float z = 0;
                size_t used = 0;
                try {
                    z = std::stof(value, &used);
                } catch (const std::exception&) {
                    used = 0;
                }
                need(used == value.size() && z >= 0.1f && z <= 20.0f,
                     "'" + value + "' is not fit or a factor from 0.1 to 20");
                v.zoom = z;
            }
        } else {
            fail(line, "unknown key '" + key +
                           "' in a step (variant kernel schedule goal solution n threads items op type exclusive input heads at "
                           "select panels zoom text question ask hint route hide reveal)");
        }
        return nullptr;
    }

    void finish_step() {
        if (!current_) return;
        LessonStep& s = *current_;
        if (s.view.variant.empty() && s.view.kernel.empty())
            fail(s.line, "the step names no variant (variant = ...) and no kernel (kernel = ...)");
        if (s.goal_fixed && s.view.kernel.empty()) fail(s.goal_line, "goal = fixed needs a kernel (kernel = ...)");
        if (s.goal_fixed && s.solution.empty())
            fail(s.goal_line, "goal = fixed needs solution = FILE: a shipped example that meets it");
        if (!s.solution.empty() && !s.goal_fixed) fail(s.line, "solution = comes with goal = fixed");
        if (s.goal_fixed && s.question) fail(s.goal_line, "a step with a goal asks no question as well");
        if (s.paragraphs.empty()) fail(s.line, "the step says nothing (text = ...)");
        if (s.question && s.question->ask.empty())
            fail(s.question->line, "the question has no wording (ask = ...)");
        if (s.question && !s.question->hint.empty() && s.question->route.empty())
            fail(s.question->hint_line,
                 "a hint needs its route (route = QUANTITY [+ QUANTITY ...]): what following it computes");
        lesson_.steps.push_back(std::move(s));
        current_.reset();
    }

    std::string path_;
    Lesson lesson_;
    std::optional<LessonStep> current_;
};

}  // namespace

std::string Quantity::text() const {
    std::string s = kind;
    for (const auto& a : args) s += " " + a;
    return s;
}

std::string StepRef::text() const { return last ? "last" : std::to_string(index); }

std::optional<int> StepRef::resolve(int steps) const {
    if (last) return steps - 1;
    if (index > steps) return std::nullopt;
    return index - 1;
}

bool Question::hides(const std::string& what) const {
    return std::find(hide.begin(), hide.end(), what) != hide.end();
}

std::vector<RouteTerm> parse_route(const std::string& text) {
    std::vector<RouteTerm> terms;
    RouteTerm cur;
    bool open = false;  // a term has started
    for (const auto& w : words_of(text)) {
        if (w == "+" || w == "-") {
            if (!open) throw LessonError("'" + w + "' with no quantity before it");
            terms.push_back(cur);
            cur = RouteTerm{};
            cur.sign = w == "-" ? -1 : 1;
            open = false;
            continue;
        }
        if (!open) {
            open = true;
            if (const auto c = parse_count(w)) {
                cur.constant = *c;
                continue;
            }
            cur.quantity.kind = w;
            continue;
        }
        if (cur.quantity.kind.empty()) throw LessonError("a number takes no arguments ('" + w + "')");
        cur.quantity.args.push_back(w);
    }
    if (!open) throw LessonError(terms.empty() ? "names no quantity" : "ends in an operator");
    terms.push_back(cur);
    return terms;
}

bool runs_a_kernel(const Lesson& lesson) {
    return std::any_of(lesson.steps.begin(), lesson.steps.end(),
                       [](const LessonStep& s) { return !s.view.kernel.empty(); });
}

bool is_hazard_kind(std::string_view kind) {
    return kind == "hazards" || kind == "hazard_steps" || kind == "hazard_lanes";
}

bool ViewSettings::shows(const std::string& panel) const {
    return std::find(panels.begin(), panels.end(), panel) != panels.end();
}

Lesson parse_lesson(const std::string& text, const std::string& path) { return Parser(path).parse(text); }

Lesson load_lesson(const std::string& path) {
    std::ifstream f(path);
    if (!f) throw LessonError("cannot read lesson '" + path + "'");
    std::stringstream ss;
    ss << f.rdbuf();
    return parse_lesson(ss.str(), path);
}

std::vector<NarrationPart> split_narration(const std::string& p) {
    std::vector<NarrationPart> parts;
    std::string literal;
    for (size_t i = 0; i < p.size(); ++i) {
        const char c = p[i];
        if ((c == '{' || c == '}') && i + 1 < p.size() && p[i + 1] == c) {
            literal += c;
            ++i;
            continue;
        }
        if (c == '}') throw LessonError("a '}' with no '{' before it (write }} for a brace)");
        if (c != '{') {
            literal += c;
            continue;
        }
        const auto close = p.find('}', i);
        if (close == std::string::npos) throw LessonError("a '{' is not closed (write {{ for a brace)");
        auto w = words_of(p.substr(i + 1, close - i - 1));
        NarrationPart part;
        if (!w.empty() && w[0] == "hidden") {
            part.hidden = true;
            w.erase(w.begin());
        }
        if (w.empty()) throw LessonError("an empty placeholder {}");
        if (!literal.empty()) parts.push_back({false, false, literal, {}});
        literal.clear();
        part.placeholder = true;
        part.text = p.substr(i, close - i + 1);
        part.quantity.kind = w[0];
        part.quantity.args.assign(w.begin() + 1, w.end());
        parts.push_back(std::move(part));
        i = close;
    }
    if (!literal.empty()) parts.push_back({false, false, literal, {}});
    return parts;
}

std::vector<int> parse_positions(const std::string& text) {
    std::vector<int> out;
    std::string token;
    auto flush = [&]() {
        if (token.empty()) return;
        const auto v = parse_int(token);
        if (!v || *v < 0) throw LessonError("'" + token + "' is not a position (0, 1, 2, ...)");
        out.push_back(*v);
        token.clear();
    };
    for (char c : text) {
        if (c == ',' || c == ' ' || c == '\t')
            flush();
        else
            token += c;
    }
    flush();
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::optional<long long> parse_count(const std::string& text) {
    const auto caret = text.find('^');
    if (caret == std::string::npos) {
        size_t used = 0;
        long long v = 0;
        try {
            v = std::stoll(text, &used);
        } catch (const std::exception&) {
            return std::nullopt;
        }
        if (used != text.size() || v < 0) return std::nullopt;
        return v;
    }
    const auto base = parse_int(text.substr(0, caret));
    const auto exp = parse_int(text.substr(caret + 1));
    if (!base || !exp || *base != 2 || *exp < 0 || *exp > 40) return std::nullopt;
    return 1LL << *exp;
}

}  // namespace scanviz::lessons
