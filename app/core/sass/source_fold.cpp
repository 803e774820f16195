#include "core/sass/source_fold.hpp"

#include <algorithm>
#include <cctype>
#include <regex>
#include <set>

namespace scanviz::sass {
namespace {

struct Line {
    std::string text;
    int orig;
    bool kept = true;
};

std::vector<std::string> split_lines(std::string_view all) {
    std::vector<std::string> out;
    size_t start = 0;
    while (start <= all.size()) {
        size_t end = all.find('\n', start);
        if (end == std::string_view::npos) end = all.size();
        std::string line(all.substr(start, end - start));
        if (!line.empty() && line.back() == '\r') line.pop_back();
        out.push_back(std::move(line));
        if (end == all.size()) break;
        start = end + 1;
    }
    if (!out.empty() && out.back().empty()) out.pop_back();
    return out;
}

// Where the line's `//` comment starts (npos when none), string literals skipped.
size_t comment_at(const std::string& s) {
    char quote = 0;
    for (size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (quote) {
            if (c == '\\')
                ++i;
            else if (c == quote)
                quote = 0;
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (c == '/' && i + 1 < s.size() && s[i + 1] == '/') {
            return i;
        }
    }
    return std::string::npos;
}

std::string strip(std::string_view s) {
    size_t a = 0, b = s.size();
    while (a < b && (s[a] == ' ' || s[a] == '\t')) ++a;
    while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t')) --b;
    return std::string(s.substr(a, b - a));
}

// The code of a line, without its comment, trimmed.
std::string code(const std::string& s) {
    const size_t c = comment_at(s);
    return strip(c == std::string::npos ? std::string_view(s) : std::string_view(s).substr(0, c));
}
std::string comment(const std::string& s) {
    const size_t c = comment_at(s);
    return c == std::string::npos ? std::string() : s.substr(c);
}
int indent(const std::string& s) {
    int n = 0;
    while (n < static_cast<int>(s.size()) && s[n] == ' ') ++n;
    return n;
}
bool comment_only(const std::string& s) { return code(s).empty() && !comment(s).empty(); }
bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool ends_with(std::string_view s, std::string_view p) {
    return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

// Index just past the parenthesised group that opens at s[open] ('('), or npos.
size_t past_parens(std::string_view s, size_t open) {
    int depth = 0;
    for (size_t i = open; i < s.size(); ++i) {
        if (s[i] == '(') ++depth;
        if (s[i] == ')' && --depth == 0) return i + 1;
    }
    return std::string_view::npos;
}

// The statement a line's code holds once a leading `else` and `if (...)` are set aside.
std::string_view guarded_statement(std::string_view c) {
    if (starts_with(c, "else ")) c = c.substr(5);
    if (starts_with(c, "if (") || starts_with(c, "if(")) {
        const size_t end = past_parens(c, c.find('('));
        if (end == std::string_view::npos) return {};
        c = c.substr(end);
        while (!c.empty() && c.front() == ' ') c.remove_prefix(1);
    }
    return c;
}

// The line's text with its code rewritten, its comment and indentation kept.
std::string with_code(const std::string& line, const std::string& new_code) {
    const std::string cm = comment(line);
    std::string out(indent(line), ' ');
    out += new_code;
    if (!cm.empty()) {
        const size_t c = comment_at(line);
        size_t gap = 0;
        while (gap < c && line[c - 1 - gap] == ' ') ++gap;
        out += std::string(std::max<size_t>(gap, 1), ' ') + cm;
    }
    return out;
}

// Removes the instrumentation parameters and arguments from a piece of text (code or a
// signature quoted in a comment).
std::string drop_parameters(std::string s) {
    static const std::regex params[] = {
        std::regex(R"(,\s*class \w*Probe\w*\b)"),      std::regex(R"(\bclass \w*Probe\w*\s*,\s*)"),
        std::regex(R"(,\s*uint32_t kKeep\s*=\s*\w+)"), std::regex(R"(,\s*bool kOneBuffer\s*=\s*false)"),
        std::regex(R"(,\s*\w*Probe\w*&?\s*probe\b)"),  std::regex(R"(\b\w*Probe\w*&?\s*probe\s*,\s*)"),
        std::regex(R"(,\s*probe\b(?![.\w]))"),         std::regex(R"(\bkOneBuffer \? 0 : )"),
    };
    for (const auto& re : params) s = std::regex_replace(s, re, "");
    return s;
}

// A comment paragraph about the instrumentation: the race lab's switch, the probe's
// snapshots, or a `- probe:` bullet. Returns how many lines from i it spans (0: none).
int instrumentation_comment(const std::vector<Line>& lines, size_t i) {
    const std::string& s = lines[i].text;
    if (!comment_only(s)) return 0;
    const std::string text = strip(comment(s).substr(2));
    auto run_while = [&](auto more) {
        size_t j = i + 1;
        while (j < lines.size() && comment_only(lines[j].text) &&
               more(strip(comment(lines[j].text).substr(2)), j))
            ++j;
        return static_cast<int>(j - i);
    };
    if (starts_with(text, "Race lab"))  // to the end of the comment
        return run_while([](const std::string& t, size_t) { return !t.empty(); });
    if (starts_with(text, "(") && text.find("Probe") != std::string::npos) {  // to the closing ')'
        bool closed = ends_with(text, ")") || ends_with(text, ".)");
        return closed ? 1 : run_while([&](const std::string& t, size_t) {
            if (closed) return false;
            closed = ends_with(t, ")") || ends_with(t, ".)");
            return true;
        });
    }
    if (starts_with(text, "- probe:")) {  // to the next bullet or paragraph
        return run_while([](const std::string& t, size_t) { return !t.empty() && !starts_with(t, "- "); });
    }
    return 0;
}

class Folder {
public:
    explicit Folder(std::string_view text) {
        int n = 0;
        for (auto& s : split_lines(text)) lines_.push_back({std::move(s), n++});
    }

    FoldedSource run() {
        rewrite_lines();
        while (tidy()) {
        }
        FoldedSource out;
        out.file_lines = static_cast<int>(lines_.size());
        for (const Line& l : lines_) {
            if (!l.kept) continue;
            const bool blank = strip(l.text).empty();
            if (blank && (out.lines.empty() || strip(out.lines.back()).empty())) continue;
            out.lines.push_back(l.text);
            out.original.push_back(l.orig);
        }
        while (!out.lines.empty() && strip(out.lines.back()).empty()) {
            out.lines.pop_back();
            out.original.pop_back();
        }
        return out;
    }

private:
    std::vector<Line> lines_;

    // The next kept line after i (lines_.size() when none).
    size_t next_kept(size_t i) const {
        ++i;
        while (i < lines_.size() && !lines_[i].kept) ++i;
        return i;
    }
    size_t prev_kept(size_t i) const {
        while (i > 0) {
            --i;
            if (lines_[i].kept) return i;
        }
        return lines_.size();
    }
    // Drops lines from i through the one that ends the statement (a ';' at depth 0).
    size_t drop_statement(size_t i) {
        int depth = 0;
        for (; i < lines_.size(); ++i) {
            lines_[i].kept = false;
            const std::string c = code(lines_[i].text);
            for (char ch : c) depth += (ch == '(' || ch == '{') - (ch == ')' || ch == '}');
            if (depth <= 0 && ends_with(c, ";")) break;
        }
        return i;
    }
    // The line that closes the block opened on line i: the first later line at the
    // same indentation whose code starts with '}'.
    size_t block_end(size_t i) const {
        const int in = indent(lines_[i].text);
        for (size_t j = i + 1; j < lines_.size(); ++j)
            if (indent(lines_[j].text) == in && starts_with(code(lines_[j].text), "}")) return j;
        return lines_.size();
    }

    void rewrite_lines() {
        // `__device__ ... name_probed(...) {`, in a macro or not.
        static const std::regex probed_function(R"(^__device__ .*\b\w+_probed\(.*\{\s*\\?$)");
        static const std::regex probe_parameter(R"(^\w*Probe\w*&?\s*probe\b)");
        static const std::regex barrier_call(R"(^if \(barrier_kept<\w+>\(barrier\+\+\)\) (__sync\w+\(\);)$)");
        for (size_t i = 0; i < lines_.size(); ++i) {
            Line& l = lines_[i];
            if (!l.kept) continue;
            if (const int span = instrumentation_comment(lines_, i)) {
                for (int k = 0; k < span; ++k) lines_[i + k].kept = false;
                continue;
            }
            const std::string c = code(l.text);
            std::smatch m;
            if (starts_with(c, "#include") &&
                (c.find("probe.cuh") != std::string::npos || c.find("barriers.cuh") != std::string::npos)) {
                l.kept = false;
            } else if (c == "int barrier = 0;") {
                l.kept = false;
            } else if (std::regex_match(c, m, barrier_call)) {
                l.text = with_code(l.text, m[1]);
            } else if (std::regex_search(c, probed_function)) {  // the probed twin of a function
                const size_t end = block_end(i);
                for (size_t j = i; j <= end && j < lines_.size(); ++j) lines_[j].kept = false;
                i = end;
            } else if (starts_with(c, "if constexpr (Probe::kOn)")) {
                fold_probe_branch(i);
            } else if (starts_with(guarded_statement(c), "probe.")) {
                i = drop_statement(i);
            } else if (std::regex_search(c, m, probe_parameter)) {  // a parameter on a line of its own
                std::string rest = strip(c.substr(static_cast<size_t>(m.length(0))));
                if (starts_with(rest, ",")) rest = strip(rest.substr(1));
                const size_t p = prev_kept(i);
                if (p < lines_.size() && starts_with(rest, ")")) {
                    std::string prev = lines_[p].text;
                    while (!prev.empty() && (prev.back() == ' ' || prev.back() == ',')) prev.pop_back();
                    lines_[p].text = prev + rest;
                    l.kept = false;
                } else {
                    l.text = with_code(l.text, rest);
                }
            } else {
                l.text = drop_parameters(l.text);
            }
        }
    }

    // `if constexpr (Probe::kOn)` on line i: its branch goes; an else branch stays, one
    // level out.
    void fold_probe_branch(size_t i) {
        const std::string c = code(lines_[i].text);
        if (!ends_with(c, "{")) {  // a one-line body, on this line or the next
            lines_[i].kept = false;
            if (!ends_with(c, ";") && i + 1 < lines_.size()) drop_statement(i + 1);
            return;
        }
        const size_t end = block_end(i);
        for (size_t j = i; j < end && j < lines_.size(); ++j) lines_[j].kept = false;
        if (end >= lines_.size()) return;
        if (code(lines_[end].text) != "} else {") {
            lines_[end].kept = false;
            return;
        }
        lines_[end].kept = false;
        const size_t else_end = block_end(end);
        for (size_t j = end + 1; j < else_end && j < lines_.size(); ++j)
            if (indent(lines_[j].text) >= 4) lines_[j].text.erase(0, 4);
        if (else_end < lines_.size()) lines_[else_end].kept = false;
    }

    // One round of removing what the folding left with nothing to do. Returns whether
    // anything changed.
    bool tidy() {
        static const std::regex lambda(R"(^auto (\w+) = \[[^\]]*\]\(.*\) \{$)");
        static const std::regex control(R"(^(\} )?(if|else if|for|while) ?\(.*\) \{$|^(\} )?else \{$)");
        static const std::regex braceless(R"(^(else )?(if|for|while) ?\(.*\)$|^else$)");
        static const std::regex local(R"(^(const )?(int|T|auto|bool|uint32_t|unsigned) (\w+) = [^;]*;$)");
        bool changed = false;
        for (size_t i = 0; i < lines_.size(); ++i) {
            if (!lines_[i].kept) continue;
            const std::string c = code(lines_[i].text);
            const size_t n = next_kept(i);
            const std::string next = n < lines_.size() ? code(lines_[n].text) : std::string("<end>");
            std::smatch m;
            if (std::regex_match(c, m, lambda) && next == "};") {  // a lambda left empty, and its calls
                lines_[i].kept = lines_[n].kept = false;
                drop_calls(m[1]);
                changed = true;
            } else if (std::regex_match(c, control) && next == "}" && comment(lines_[i].text).empty()) {
                if (starts_with(c, "} ")) {  // `} else {` with nothing after it: the `}` alone
                    lines_[i].text = with_code(lines_[i].text, "}");
                } else {
                    lines_[i].kept = false;
                }
                lines_[n].kept = false;
                changed = true;
            } else if (one_statement_left(i)) {  // `if (c) {` s `}` once folded: `if (c)` s
                lines_[i].text = with_code(lines_[i].text, strip(c.substr(0, c.size() - 1)));
                lines_[next_kept(n)].kept = false;
                changed = true;
            } else if (std::regex_match(c, braceless) &&
                       (n >= lines_.size() || indent(lines_[n].text) <= indent(lines_[i].text) ||
                        strip(lines_[n].text).empty())) {
                lines_[i].kept = false;
                changed = true;
            } else if (std::regex_match(c, m, local) && unused_declaration(c, m[3], i)) {
                drop_local(m[3], i);
                changed = true;
            }
        }
        return changed;
    }

    // Whether line i opens a block (`if (...) {`, a loop) that the folding left holding one
    // one-line statement, with no else after it.
    bool one_statement_left(size_t i) const {
        static const std::regex opener(R"(^(if|for|while) ?\(.*\) \{$)");
        const std::string c = code(lines_[i].text);
        if (!std::regex_match(c, opener) || !comment(lines_[i].text).empty()) return false;
        const size_t body = next_kept(i);
        if (body >= lines_.size()) return false;
        const size_t close = next_kept(body);
        if (close >= lines_.size() || code(lines_[close].text) != "}" ||
            indent(lines_[close].text) != indent(lines_[i].text))
            return false;
        const std::string b = code(lines_[body].text);
        if (!ends_with(b, ";") || b.find('{') != std::string::npos || starts_with(b, "#") ||
            indent(lines_[body].text) <= indent(lines_[i].text))
            return false;
        const size_t after = next_kept(close);
        if (after < lines_.size() && starts_with(code(lines_[after].text), "else")) return false;
        return close - i > 2;  // something inside was folded away
    }

    // Whether the declaration on line `at` (`int a = .., b = ..;` declares a and b) declares
    // only locals nothing else reads.
    bool unused_declaration(const std::string& c, const std::string& first, size_t at) const {
        if (used_elsewhere(first, at)) return false;
        int depth = 0;
        for (size_t k = 0; k < c.size(); ++k) {
            depth +=
                (c[k] == '(' || c[k] == '[' || c[k] == '{') - (c[k] == ')' || c[k] == ']' || c[k] == '}');
            if (c[k] != ',' || depth != 0) continue;
            static const std::regex next_name(R"(^\s*(\w+) = )");
            std::smatch m;
            const std::string rest = c.substr(k + 1);
            if (!std::regex_search(rest, m, next_name)) return false;  // not a plain declaration list
            if (used_elsewhere(m[1], at)) return false;
        }
        return true;
    }

    // Whether a kept line other than `at` reads the local `name` (a line that only
    // assigns to it does not, nor one that declares another local of that name).
    bool used_elsewhere(const std::string& name, size_t at) const {
        const std::regex word("\\b" + name + "\\b");
        for (size_t j = 0; j < lines_.size(); ++j) {
            if (j == at || !lines_[j].kept) continue;
            const std::string c = code(lines_[j].text);
            if (!assigns_only(c, name, true) && std::regex_search(c, word)) return true;
        }
        return false;
    }
    // Whether the code is `name = ...;` (with `declaration`, also `const int name = ...;`)
    // and reads no `name`.
    static bool assigns_only(const std::string& c, const std::string& name, bool declaration) {
        static const std::regex decl(R"(^(const )?(int|T|auto|bool|uint32_t|unsigned) )");
        std::smatch m;
        std::string rest = c;
        if (declaration && std::regex_search(c, m, decl)) rest = c.substr(static_cast<size_t>(m.length(0)));
        return starts_with(rest, name + " = ") && ends_with(rest, ";") &&
               !std::regex_search(rest.substr(name.size()), std::regex("\\b" + name + "\\b"));
    }
    // A local nothing reads: its declaration and the lines that assign to it.
    void drop_local(const std::string& name, size_t at) {
        lines_[at].kept = false;
        for (Line& l : lines_)
            if (l.kept && assigns_only(code(l.text), name, false)) l.kept = false;
    }

    // Removes the calls `name(...);`: whole statements, and calls inside another line.
    void drop_calls(const std::string& name) {
        for (size_t i = 0; i < lines_.size(); ++i) {
            if (!lines_[i].kept) continue;
            const std::string c = code(lines_[i].text);
            if (starts_with(c, name + "(")) {
                i = drop_statement(i);
                continue;
            }
            std::string& t = lines_[i].text;
            for (size_t at = t.find(name + "("); at != std::string::npos; at = t.find(name + "(", at)) {
                const bool word_start =
                    at == 0 || !(std::isalnum(static_cast<unsigned char>(t[at - 1])) || t[at - 1] == '_');
                const size_t end = past_parens(t, at + name.size());
                if (!word_start || end == std::string::npos || end >= t.size() || t[end] != ';') {
                    at += name.size();
                    continue;
                }
                size_t e = end + 1;
                while (e < t.size() && t[e] == ' ') ++e;
                size_t b = at;
                while (b > 0 && t[b - 1] == ' ') --b;
                t.erase(b, e - b);
            }
        }
    }
};

}  // namespace

int FoldedSource::shown_line(int file_line) const {
    const auto it = std::lower_bound(original.begin(), original.end(), file_line);
    return it == original.end() ? -1 : static_cast<int>(it - original.begin());
}

FoldedSource fold_instrumentation(std::string_view source_text) {
    // A file without instrumentation (a learner's own kernel) is shown as it is written.
    const bool instrumented = source_text.find("probe") != std::string_view::npos ||
                              source_text.find("Probe") != std::string_view::npos ||
                              source_text.find("barrier_kept") != std::string_view::npos;
    if (!instrumented) return unfolded(source_text);
    return Folder(source_text).run();
}

FoldedSource unfolded(std::string_view source_text) {
    FoldedSource out;
    out.lines = split_lines(source_text);
    out.file_lines = static_cast<int>(out.lines.size());
    for (int i = 0; i < out.file_lines; ++i) out.original.push_back(i);
    return out;
}

}  // namespace scanviz::sass
