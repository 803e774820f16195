#include "core/learner/settings.hpp"

#include <cctype>
#include <vector>

#include "core/common/strings.hpp"
#include "core/i18n/i18n.hpp"
#include "core/models/variants.hpp"

namespace scanviz {
namespace {

constexpr std::string_view kKeys =
    "n, block, op, type, inclusive, exclusive, input, seed, heads, like, kernel";

struct Entry {
    std::string key, value;
    int line = 0;
};

bool is_number(std::string_view s) {
    s = trim(s);
    if (s.empty()) return false;
    size_t i = s[0] == '-' || s[0] == '+' ? 1 : 0;
    if (i == s.size()) return false;
    for (; i < s.size(); ++i)
        if (!std::isdigit(static_cast<unsigned char>(s[i])) && s[i] != '.' && s[i] != 'e' && s[i] != 'E' &&
            s[i] != '-')
            return false;
    return true;
}

std::optional<long long> parse_int(std::string_view s) {
    s = trim(s);
    if (s.empty() || s.size() > 12) return std::nullopt;
    long long v = 0;
    size_t i = s[0] == '-' ? 1 : 0;
    if (i == s.size()) return std::nullopt;
    for (; i < s.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(s[i]))) return std::nullopt;
        v = v * 10 + (s[i] - '0');
    }
    return s[0] == '-' ? -v : v;
}

// The entries of the header, in order; a list continues across commas.
std::vector<Entry> header_entries(std::string_view source) {
    std::vector<Entry> out;
    int line_no = 0;
    size_t pos = 0;
    while (pos <= source.size()) {
        size_t end = source.find('\n', pos);
        if (end == std::string_view::npos) end = source.size();
        std::string_view line = trim(source.substr(pos, end - pos));
        ++line_no;
        pos = end + 1;
        if (line.empty()) continue;
        if (line.substr(0, 2) != "//") break;  // the header is the opening comment lines
        std::string_view body = trim(line.substr(2));
        if (body.substr(0, 8) != "scanviz:") continue;
        body = body.substr(8);
        size_t start = 0;
        while (start <= body.size()) {
            size_t comma = body.find(',', start);
            if (comma == std::string_view::npos) comma = body.size();
            std::string_view item = trim(body.substr(start, comma - start));
            start = comma + 1;
            if (item.empty()) continue;
            const size_t eq = item.find('=');
            const bool continues = eq == std::string_view::npos && is_number(item) && !out.empty() &&
                                   (out.back().key == "input" || out.back().key == "heads");
            if (continues) {
                out.back().value += "," + std::string(item);
            } else if (eq == std::string_view::npos) {
                out.push_back({std::string(item), "", line_no});
            } else {
                out.push_back({trimmed(item.substr(0, eq)), trimmed(item.substr(eq + 1)), line_no});
            }
            if (comma == body.size()) break;
        }
    }
    return out;
}

bool is_ident(std::string_view s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    for (char c : s)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
    return true;
}

}  // namespace

ParsedSettings parse_settings(std::string_view source, std::string_view file) {
    ParsedSettings r;
    KernelSettings& s = r.settings;
    s.spec.n = 0;
    std::string input_text;
    int input_line = 0, heads_line = 0;
    std::string heads_text;
    auto fail = [&](int line, const std::string& what) {
        r.error = std::string(file) + ":" + std::to_string(line) + ": " + what;
        return r;
    };
    for (const Entry& e : header_entries(source)) {
        const bool flag = e.value.empty();
        auto need_value = [&]() { return flag && e.key != "inclusive" && e.key != "exclusive"; };
        if (e.key == "inclusive" || e.key == "exclusive") {
            if (!flag) return fail(e.line, i18n::format(i18n::tr("'%s' takes no value"), e.key.c_str()));
            s.spec.exclusive = e.key == "exclusive";
            continue;
        }
        if (e.key != "n" && e.key != "block" && e.key != "op" && e.key != "type" && e.key != "input" &&
            e.key != "seed" && e.key != "heads" && e.key != "like" && e.key != "kernel")
            return fail(e.line, i18n::format(i18n::tr("unknown key '%s' (%s)"), e.key.c_str(), std::string(kKeys).c_str()));
        if (need_value()) return fail(e.line, i18n::format(i18n::tr("'%s' needs a value ('%s = ...')"), e.key.c_str(), e.key.c_str()));
        if (e.key == "n" || e.key == "block" || e.key == "seed") {
            auto v = parse_int(e.value);
            if (!v || *v < (e.key == "seed" ? 0 : 1))
                return fail(e.line, i18n::format(e.key == "seed" ? i18n::tr("%s '%s' is not a whole number >= 0")
                                                                 : i18n::tr("%s '%s' is not a whole number >= 1"),
                                                 e.key.c_str(), e.value.c_str()));
            if (e.key == "n") s.spec.n = static_cast<int>(*v);
            if (e.key == "block") {
                if (*v > kMaxBlockThreads)
                    return fail(e.line, i18n::format(i18n::tr("block %s is more than %d threads"), e.value.c_str(),
                                                     kMaxBlockThreads));
                s.block = static_cast<int>(*v);
            }
            if (e.key == "seed") s.spec.seed = static_cast<uint64_t>(*v);
        } else if (e.key == "op") {
            auto op = parse_op(e.value);
            if (!op) return fail(e.line, i18n::format(i18n::tr("op '%s' is not add, max or min"), e.value.c_str()));
            s.spec.op = *op;
        } else if (e.key == "type") {
            auto t = parse_type(e.value);
            if (!t) return fail(e.line, i18n::format(i18n::tr("type '%s' is not i32 or f32"), e.value.c_str()));
            s.spec.type = *t;
        } else if (e.key == "input") {
            input_line = e.line;
            auto kind = parse_input_kind(e.value);
            if (kind && *kind != InputKind::Given) {
                s.spec.input = *kind;
            } else if (is_number(e.value.substr(0, e.value.find(',')))) {
                s.spec.input = InputKind::Given;
                input_text = e.value;
            } else {
                return fail(e.line, i18n::format(i18n::tr("input '%s' is not random, ones, ramp or a list of values"),
                                                 e.value.c_str()));
            }
        } else if (e.key == "heads") {
            heads_line = e.line;
            heads_text = e.value;
            s.segmented = true;
        } else if (e.key == "like") {
            if (!find_variant(e.value))
                return fail(e.line,
                            i18n::format(i18n::tr("like '%s' is no built-in variant (scanviz list)"), e.value.c_str()));
            s.like = e.value;
        } else if (e.key == "kernel") {
            if (!is_ident(e.value)) return fail(e.line, i18n::format(i18n::tr("kernel '%s' is not a function name"), e.value.c_str()));
            s.kernel = e.value;
        }
    }
    if (!input_text.empty()) {
        auto pv = parse_values(input_text, s.spec.type);
        if (!pv.error.empty()) return fail(input_line, "input: " + pv.error);
        s.spec.values = pv.values;
        if (s.spec.n == 0) s.spec.n = static_cast<int>(pv.values.size());  // a list sets n
    }
    if (s.spec.n == 0) s.spec.n = s.block ? s.block : 32;
    if (s.block == 0) s.block = std::min(s.spec.n, kMaxBlockThreads);
    if (!heads_text.empty()) {
        auto pv = parse_values(heads_text, ElemType::I32);
        if (!pv.error.empty()) return fail(heads_line, "heads: " + pv.error);
        for (double h : pv.values) {
            if (h != 0 && h != 1) return fail(heads_line, i18n::tr("heads: each flag is 0 or 1"));
            s.spec.heads.push_back(static_cast<uint8_t>(h));
        }
    }
    s.spec.variant = s.like;
    if (s.kernel.empty()) s.kernel = first_kernel_name(source);
    if (s.kernel.empty()) return fail(1, i18n::tr("no __global__ function in the file"));
    if (!kernel_line(source, s.kernel))
        return fail(1, i18n::format(i18n::tr("kernel '%s' is not a __global__ function of the file"), s.kernel.c_str()));
    s.segmented = s.segmented || kernel_parameters(source, s.kernel) == 4;
    std::string err = check_settings(s, file);
    if (!err.empty()) {
        r.error = err;
        return r;
    }
    return r;
}

std::string check_settings(const KernelSettings& s, std::string_view file) {
    const std::string at = std::string(file) + ":1: ";
    if (s.block < 1 || s.block > kMaxBlockThreads)
        return at + i18n::format(i18n::tr("block %d is not 1 to %d"), s.block, kMaxBlockThreads);
    if (s.spec.n < 1 || s.spec.n > s.block * kMaxItemsPerThread)
        return at + i18n::format(i18n::tr("n %d is not 1 to block * %d = %d"), s.spec.n, kMaxItemsPerThread,
                                 s.block * kMaxItemsPerThread);
    if (s.spec.input == InputKind::Given && static_cast<int>(s.spec.values.size()) != s.spec.n)
        return at + i18n::format(i18n::tr("input has %zu values, n is %d"), s.spec.values.size(), s.spec.n);
    if (!s.spec.heads.empty() && static_cast<int>(s.spec.heads.size()) != s.spec.n)
        return at + i18n::format(i18n::tr("heads has %zu flags, n is %d"), s.spec.heads.size(), s.spec.n);
    if (!s.like.empty() && !find_variant(s.like)) return at + i18n::format(i18n::tr("like '%s' is no built-in variant"), s.like.c_str());
    return "";
}

namespace {
size_t find_global(std::string_view source, size_t from) {
    for (;;) {
        size_t p = source.find("__global__", from);
        if (p == std::string_view::npos) return p;
        // skip occurrences in // comments
        size_t bol = source.rfind('\n', p);
        bol = bol == std::string_view::npos ? 0 : bol + 1;
        if (source.substr(bol, p - bol).find("//") == std::string_view::npos) return p;
        from = p + 10;
    }
}

std::string name_after(std::string_view source, size_t p) {
    const size_t paren = source.find('(', p);
    if (paren == std::string_view::npos) return "";
    size_t e = paren;
    while (e > p && std::isspace(static_cast<unsigned char>(source[e - 1]))) --e;
    size_t b = e;
    while (b > p && (std::isalnum(static_cast<unsigned char>(source[b - 1])) || source[b - 1] == '_')) --b;
    return std::string(source.substr(b, e - b));
}
}  // namespace

int kernel_parameters(std::string_view source, std::string_view name) {
    for (size_t p = find_global(source, 0); p != std::string_view::npos; p = find_global(source, p + 10)) {
        if (name_after(source, p) != name) continue;
        size_t i = source.find('(', p);
        int depth = 0, commas = 0;
        bool any = false;
        for (; i < source.size(); ++i) {
            const char c = source[i];
            if (c == '(' || c == '<' || c == '[')
                ++depth;
            else if (c == ')' || c == '>' || c == ']') {
                if (--depth == 0) break;
            } else if (c == ',' && depth == 1)
                ++commas;
            else if (depth == 1 && !std::isspace(static_cast<unsigned char>(c)))
                any = true;
        }
        return any ? commas + 1 : 0;
    }
    return 0;
}

std::string first_kernel_name(std::string_view source) {
    const size_t p = find_global(source, 0);
    return p == std::string_view::npos ? "" : name_after(source, p);
}

int kernel_line(std::string_view source, std::string_view name) {
    for (size_t p = find_global(source, 0); p != std::string_view::npos; p = find_global(source, p + 10)) {
        if (name_after(source, p) == name) {
            int line = 1;
            for (size_t i = 0; i < p; ++i) line += source[i] == '\n';
            return line;
        }
    }
    return 0;
}

}  // namespace scanviz
