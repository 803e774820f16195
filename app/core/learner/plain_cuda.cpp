#include "core/learner/plain_cuda.hpp"

#include <cctype>
#include <cstdlib>
#include <tuple>

#include "core/i18n/i18n.hpp"

namespace scanviz {
namespace {

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The source with comments and the insides of string and character literals blanked (newlines
// kept), so that offsets match the source's.
std::string code_only(std::string_view s) {
    std::string c(s);
    size_t i = 0;
    while (i < s.size()) {
        if (s.compare(i, 2, "//") == 0) {
            while (i < s.size() && s[i] != '\n') c[i++] = ' ';
        } else if (s.compare(i, 2, "/*") == 0) {
            const size_t end = s.find("*/", i + 2);
            const size_t stop = end == std::string_view::npos ? s.size() : end + 2;
            for (; i < stop; ++i)
                if (s[i] != '\n') c[i] = ' ';
        } else if (s[i] == '"' || s[i] == '\'') {
            const char q = s[i++];
            while (i < s.size() && s[i] != q && s[i] != '\n') {
                if (s[i] == '\\' && i + 1 < s.size()) c[i++] = ' ';
                c[i++] = ' ';
            }
            ++i;
        } else {
            ++i;
        }
    }
    return c;
}

std::string trim(std::string_view s) {
    size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
    return std::string(s.substr(b, e - b));
}

// The file named by an #include line, or "".
std::string included(std::string_view line) {
    std::string t = trim(line);
    if (t.empty() || t[0] != '#') return "";
    t = trim(std::string_view(t).substr(1));
    if (t.rfind("include", 0) != 0) return "";
    t = trim(std::string_view(t).substr(7));
    if (t.size() < 2 || (t[0] != '"' && t[0] != '<')) return "";
    const size_t end = t.find(t[0] == '"' ? '"' : '>', 1);
    return end == std::string::npos ? "" : t.substr(1, end - 1);
}

// Headers of the CUDA toolkit a homework file includes for its host code: the engines supply
// what a kernel needs, and the host compiler has none of them.
bool toolkit_header(const std::string& name) {
    return name == "cuda_runtime.h" || name == "cuda.h" || name == "cuda_runtime_api.h" ||
           name == "device_launch_parameters.h" || name == "cuda_device_runtime_api.h";
}

struct Token {
    std::string text;  // an identifier (with ::), or one punctuation character
    size_t begin = 0, end = 0;
};

std::vector<Token> tokens(const std::string& code, size_t b, size_t e) {
    std::vector<Token> out;
    size_t i = b;
    while (i < e) {
        const char c = code[i];
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
        } else if (ident_char(c) || (c == ':' && i + 1 < e && code[i + 1] == ':')) {
            const size_t s = i;
            while (i < e && (ident_char(code[i]) || (code[i] == ':' && i + 1 < e && code[i + 1] == ':')))
                i += code[i] == ':' ? 2 : 1;
            out.push_back({code.substr(s, i - s), s, i});
        } else {
            out.push_back({std::string(1, c), i, i + 1});
            ++i;
        }
    }
    return out;
}

bool is_ident(const std::string& t) { return !t.empty() && (ident_char(t[0]) || t[0] == ':'); }

struct Declaration {
    bool traceable = false;
    UntracedShared untraced;
    std::string replacement;  // traceable: the SCANVIZ_SHARED lines
    std::vector<std::string> names;
};

// The statement code[b, e) (without its ';'), which holds __shared__.
Declaration read_declaration(std::string_view source, const std::string& code, size_t b, size_t e, int line) {
    Declaration d;
    d.untraced.line = line;
    const std::vector<Token> t = tokens(code, b, e);
    size_t k = 0;
    bool is_volatile = false, is_extern = false;
    std::vector<std::string> type_words;
    // The specifiers: every identifier up to the last one before the first punctuation.
    size_t first_punct = t.size();
    for (size_t i = 0; i < t.size(); ++i)
        if (!is_ident(t[i].text)) {
            first_punct = i;
            break;
        }
    if (first_punct < 2) return d;  // "__shared__" alone, or punctuation first: not read
    for (; k + 1 < first_punct; ++k) {
        const std::string& w = t[k].text;
        if (w == "__shared__" || w == "static") continue;
        if (w == "volatile") is_volatile = true;
        else if (w == "extern") is_extern = true;
        else type_words.push_back(w);
    }
    std::string type;
    for (const std::string& w : type_words) type += (type.empty() ? "" : " ") + w;
    d.untraced.type = type;
    const bool traced_type = type == "int" || type == "float" || type == "signed int" || type == "signed";
    const std::string plain_type = type == "float" ? "float" : "int";
    // The declarators: NAME [N] {, NAME [N]}.
    std::string out;
    bool first = true;
    while (k < t.size()) {
        if (!first) {
            if (t[k].text != ",") return d;
            ++k;
        }
        if (k >= t.size() || !is_ident(t[k].text)) return d;
        const std::string name = t[k].text;
        if (first) d.untraced.name = name;
        first = false;
        ++k;
        int dims = 0;
        std::string size;
        while (k < t.size() && t[k].text == "[") {
            int depth = 0;
            size_t j = k;
            for (; j < t.size(); ++j) {
                if (t[j].text == "[") ++depth;
                if (t[j].text == "]" && --depth == 0) break;
            }
            if (j >= t.size()) return d;
            if (dims == 0) size = trim(source.substr(t[k].end, t[j].begin - t[k].end));
            ++dims;
            k = j + 1;
        }
        using Why = UntracedShared::Why;
        if (is_extern || (dims == 1 && size.empty())) {
            d.untraced.why = Why::Extern;
            return d;
        }
        if (dims == 0) {
            d.untraced.why = k < t.size() && t[k].text != "," ? Why::Form : Why::Scalar;
            return d;
        }
        if (dims > 1) {
            d.untraced.why = Why::TwoDimensions;
            return d;
        }
        if (!traced_type) {
            d.untraced.why = Why::Type;
            return d;
        }
        d.names.push_back(name);
        out += std::string(out.empty() ? "" : " ") + "SCANVIZ_SHARED(" + std::string(is_volatile ? "volatile " : "") + plain_type + ", " + name + ", " +
               size + ");";
    }
    d.traceable = true;
    d.replacement = out;
    return d;
}

}  // namespace

PreparedSource prepare_source(std::string_view source) {
    PreparedSource p;
    const std::string code = code_only(source);
    // Lines: [begin, end) offsets.
    std::vector<std::pair<size_t, size_t>> lines;
    for (size_t b = 0; b <= source.size();) {
        const size_t nl = source.find('\n', b);
        const size_t e = nl == std::string_view::npos ? source.size() : nl;
        lines.emplace_back(b, e);
        if (nl == std::string_view::npos) break;
        b = nl + 1;
    }
    for (const auto& [b, e] : lines) {
        const std::string name = included(source.substr(b, e - b));
        if (name == "scanviz.cuh" || (name.size() > 12 && name.substr(name.size() - 12) == "/scanviz.cuh"))
            p.includes_scanviz = true;
    }
    std::string text;
    for (size_t li = 0; li < lines.size(); ++li) {
        const auto [b, e] = lines[li];
        const std::string_view line = source.substr(b, e - b);
        std::string rewritten;
        size_t copied = b;
        const std::string inc = included(line);
        if (!p.includes_scanviz && toolkit_header(inc)) {
            rewritten = "// (scanviz: supplied by scanviz.cuh) " + std::string(line);
            copied = e;
        } else if (trim(code.substr(b, e - b)).rfind('#', 0) != 0) {
            size_t at = b;
            for (;;) {
                const size_t s = code.find("__shared__", at);
                if (s == std::string::npos || s >= e) break;
                at = s + 10;
                if ((s > b && ident_char(code[s - 1])) || (s + 10 < code.size() && ident_char(code[s + 10])))
                    continue;
                size_t start = s;
                while (start > b && code[start - 1] != ';' && code[start - 1] != '{' && code[start - 1] != '}')
                    --start;
                const size_t semi = code.find(';', s);
                Declaration d;
                if (semi == std::string::npos || semi >= e) {
                    d.untraced.line = static_cast<int>(li + 1);
                } else {
                    d = read_declaration(source, code, start, semi, static_cast<int>(li + 1));
                }
                if (d.traceable && !p.includes_scanviz) {
                    rewritten += source.substr(copied, start - copied);
                    // The specifiers' leading space stays, so the columns of what follows move little.
                    size_t first = start;
                    while (first < semi && std::isspace(static_cast<unsigned char>(code[first]))) ++first;
                    rewritten += source.substr(start, first - start);
                    rewritten += d.replacement;
                    copied = semi + 1;
                    ++p.traced;
                    for (const std::string& name : d.names) p.traced_arrays.emplace_back(static_cast<int>(li + 1), name);
                } else {
                    if (d.traceable) d.untraced.why = UntracedShared::Why::Form;
                    p.untraced.push_back(d.untraced);
                }
                if (semi != std::string::npos && semi < e) at = semi + 1;
            }
        }
        rewritten += source.substr(copied, e - copied);
        text += rewritten;
        if (li + 1 < lines.size()) text += '\n';
    }
    if (p.includes_scanviz) {
        p.text = std::string(source);
        return p;
    }
    p.text = "#include \"scanviz.cuh\"\n#line 1\n" + text;
    return p;
}

std::string with_traced_array_hint(const PreparedSource& prepared, const std::string& error) {
    if (prepared.traced_arrays.empty()) return error;
    const size_t at = error.find("scanviz::shared<");
    if (at == std::string::npos && error.find("scanviz::slot<") == std::string::npos) return error;
    // The array the error names: SCANVIZ_SHARED's type is shared<T, N, LINE>.
    auto [line, name] = prepared.traced_arrays.front();
    if (at != std::string::npos) {
        const size_t end = error.find('>', at);
        const size_t comma = end == std::string::npos ? std::string::npos : error.rfind(',', end);
        if (comma != std::string::npos && comma > at) {
            const int named = std::atoi(error.c_str() + comma + 1);
            for (const auto& a : prepared.traced_arrays)
                if (a.first == named) std::tie(line, name) = a;
        }
    }
    return i18n::format(i18n::tr("%s (scanviz traces the __shared__ array %s of line %d, and cannot follow a pointer "
                                 "into it: index the array, or include scanviz.cuh to run the file untraced)"),
                        error.c_str(), name.c_str(), line);
}

std::string no_array_traced_line(std::string_view source, int block) {
    const PreparedSource p = prepare_source(source);
    using Why = UntracedShared::Why;
    const int n = block > 0 ? block : 32;
    if (p.untraced.empty())
        return i18n::format(i18n::tr("no array is traced, so the steps show nothing: declare the shared array as "
                                     "SCANVIZ_SHARED(int, s, %d) (or, in a file without scanviz.cuh, "
                                     "__shared__ int s[%d];)"),
                            n, n);
    const UntracedShared& u = p.untraced.front();
    const std::string name = u.name.empty() ? "s" : u.name;
    const bool known_type = u.type == "int" || u.type == "float";
    const std::string type = known_type ? u.type : "int";
    const std::string how = "SCANVIZ_SHARED(" + type + ", " + name + ", " + std::to_string(n) + ")";
    switch (u.why) {
        case Why::Extern:
            return i18n::format(i18n::tr("no array is traced: line %d declares extern __shared__ %s, whose size is "
                                         "set at launch; scanviz traces an array of fixed size: %s"),
                                u.line, name.c_str(), how.c_str());
        case Why::TwoDimensions:
            return i18n::format(i18n::tr("no array is traced: line %d declares %s with two dimensions; scanviz "
                                         "traces an array of one: %s"),
                                u.line, name.c_str(), how.c_str());
        case Why::Type:
            return i18n::format(i18n::tr("no array is traced: line %d declares %s as %s; scanviz traces int and "
                                         "float: %s"),
                                u.line, name.c_str(), u.type.c_str(), how.c_str());
        case Why::Scalar:
            return i18n::format(i18n::tr("no array is traced: line %d declares the __shared__ variable %s, not "
                                         "an array; trace an array with %s"),
                                u.line, name.c_str(), how.c_str());
        case Why::Form:
            break;
    }
    return p.includes_scanviz
               ? i18n::format(i18n::tr("no array is traced: the __shared__ array on line %d is not traced in a "
                                       "file that includes scanviz.cuh; declare it as %s"),
                              u.line, how.c_str())
               : i18n::format(i18n::tr("no array is traced: scanviz cannot read the __shared__ declaration on "
                                       "line %d; declare it as %s"),
                              u.line, how.c_str());
}

}  // namespace scanviz
