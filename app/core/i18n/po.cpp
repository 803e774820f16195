#include "po.hpp"

#include <cctype>
#include <cstdint>
#include <string>

namespace scanviz::i18n {

bool PoEntry::translated() const {
    if (fuzzy || strs.empty()) return false;
    for (const auto& s : strs)
        if (s.empty()) return false;
    return true;
}

std::string po_key(std::string_view context, std::string_view id) {
    if (context.empty()) return std::string(id);
    std::string k(context);
    k += '\x04';
    k += id;
    return k;
}

// ---------------------------------------------------------------- plural rule

struct PluralRule::Node {
    char op = 0;  // 'n' the variable, '#' a number, else an operator ('?' ternary, '!' and 'u' unary)
    unsigned long value = 0;
    std::shared_ptr<const Node> a, b, c;
};

namespace {

using NodeP = std::shared_ptr<const PluralRule::Node>;

class ExprParser {
public:
    explicit ExprParser(std::string_view s) : s_(s) {}

    NodeP parse() {
        NodeP e = ternary();
        skip();
        if (i_ != s_.size()) fail("unexpected '" + std::string(1, s_[i_]) + "'");
        return e;
    }

private:
    std::string_view s_;
    size_t i_ = 0;
    int depth_ = 0;

    [[noreturn]] void fail(const std::string& what) const {
        throw std::runtime_error("plural expression: " + what + " at character " + std::to_string(i_ + 1));
    }
    void skip() {
        while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
    }
    bool eat(std::string_view tok) {
        skip();
        if (s_.substr(i_, tok.size()) != tok) return false;
        // "<" must not swallow "<=", "!" not "!=", "=" never stands alone.
        if (tok.size() == 1 && i_ + 1 < s_.size() && s_[i_ + 1] == '=' && (tok == "<" || tok == ">" || tok == "!"))
            return false;
        if (tok.size() == 1 && i_ + 1 < s_.size() && ((tok == "|" && s_[i_ + 1] == '|') || (tok == "&" && s_[i_ + 1] == '&')))
            return false;
        i_ += tok.size();
        return true;
    }
    static NodeP node(char op, NodeP a, NodeP b = nullptr, NodeP c = nullptr) {
        auto n = std::make_shared<PluralRule::Node>();
        n->op = op;
        n->a = std::move(a);
        n->b = std::move(b);
        n->c = std::move(c);
        return n;
    }
    struct Depth {
        ExprParser& p;
        explicit Depth(ExprParser& p_) : p(p_) {
            if (++p.depth_ > 64) p.fail("nested too deeply");
        }
        ~Depth() { --p.depth_; }
    };

    NodeP ternary() {
        Depth d(*this);
        NodeP cond = logical_or();
        if (!eat("?")) return cond;
        NodeP yes = ternary();
        if (!eat(":")) fail("':' expected");
        NodeP no = ternary();
        return node('?', cond, yes, no);
    }
    NodeP logical_or() {
        NodeP l = logical_and();
        while (eat("||")) l = node('|', l, logical_and());
        return l;
    }
    NodeP logical_and() {
        NodeP l = equality();
        while (eat("&&")) l = node('&', l, equality());
        return l;
    }
    NodeP equality() {
        NodeP l = relational();
        for (;;) {
            if (eat("==")) l = node('=', l, relational());
            else if (eat("!=")) l = node('~', l, relational());
            else return l;
        }
    }
    NodeP relational() {
        NodeP l = additive();
        for (;;) {
            if (eat("<=")) l = node('l', l, additive());
            else if (eat(">=")) l = node('g', l, additive());
            else if (eat("<")) l = node('<', l, additive());
            else if (eat(">")) l = node('>', l, additive());
            else return l;
        }
    }
    NodeP additive() {
        NodeP l = multiplicative();
        for (;;) {
            if (eat("+")) l = node('+', l, multiplicative());
            else if (eat("-")) l = node('-', l, multiplicative());
            else return l;
        }
    }
    NodeP multiplicative() {
        NodeP l = unary();
        for (;;) {
            if (eat("*")) l = node('*', l, unary());
            else if (eat("/")) l = node('/', l, unary());
            else if (eat("%")) l = node('%', l, unary());
            else return l;
        }
    }
    NodeP unary() {
        Depth d(*this);
        if (eat("!")) return node('!', unary());
        if (eat("-")) return node('u', unary());
        return primary();
    }
    NodeP primary() {
        skip();
        if (eat("(")) {
            NodeP e = ternary();
            if (!eat(")")) fail("')' expected");
            return e;
        }
        if (i_ < s_.size() && s_[i_] == 'n') {
            ++i_;
            return node('n', nullptr);
        }
        if (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) {
            unsigned long v = 0;
            while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) {
                if (v > 100000000ul) fail("number too large");
                v = v * 10 + static_cast<unsigned long>(s_[i_++] - '0');
            }
            auto n = std::make_shared<PluralRule::Node>();
            n->op = '#';
            n->value = v;
            return n;
        }
        fail(i_ < s_.size() ? "unexpected '" + std::string(1, s_[i_]) + "'" : "unexpected end");
    }
};

unsigned long eval(const PluralRule::Node& e, unsigned long n) {
    switch (e.op) {
        case 'n': return n;
        case '#': return e.value;
        case '?': return eval(*e.a, n) ? eval(*e.b, n) : eval(*e.c, n);
        case '|': return eval(*e.a, n) || eval(*e.b, n);
        case '&': return eval(*e.a, n) && eval(*e.b, n);
        case '=': return eval(*e.a, n) == eval(*e.b, n);
        case '~': return eval(*e.a, n) != eval(*e.b, n);
        case '<': return eval(*e.a, n) < eval(*e.b, n);
        case '>': return eval(*e.a, n) > eval(*e.b, n);
        case 'l': return eval(*e.a, n) <= eval(*e.b, n);
        case 'g': return eval(*e.a, n) >= eval(*e.b, n);
        case '+': return eval(*e.a, n) + eval(*e.b, n);
        case '-': return eval(*e.a, n) - eval(*e.b, n);
        case '*': return eval(*e.a, n) * eval(*e.b, n);
        case '/': {
            const unsigned long d = eval(*e.b, n);
            return d ? eval(*e.a, n) / d : 0;
        }
        case '%': {
            const unsigned long d = eval(*e.b, n);
            return d ? eval(*e.a, n) % d : 0;
        }
        case '!': return !eval(*e.a, n);
        case 'u': return 0ul - eval(*e.a, n);
    }
    return 0;
}

}  // namespace

PluralRule PluralRule::parse(std::string_view forms) {
    PluralRule r;
    const size_t np = forms.find("nplurals");
    const size_t pl = forms.find("plural", np == std::string_view::npos ? 0 : np + 8);
    if (np == std::string_view::npos || pl == std::string_view::npos)
        throw std::runtime_error("Plural-Forms needs \"nplurals=N; plural=EXPR;\"");
    size_t i = forms.find('=', np);
    if (i == std::string_view::npos || i > pl) throw std::runtime_error("Plural-Forms: nplurals has no value");
    int count = 0;
    ++i;
    while (i < forms.size() && forms[i] == ' ') ++i;
    size_t digits = 0;
    while (i < forms.size() && std::isdigit(static_cast<unsigned char>(forms[i])) && digits < 3) {
        count = count * 10 + (forms[i++] - '0');
        ++digits;
    }
    if (count < 1 || count > 6) throw std::runtime_error("Plural-Forms: nplurals must be 1 to 6");
    r.nplurals_ = count;
    size_t e = forms.find('=', pl);
    if (e == std::string_view::npos) throw std::runtime_error("Plural-Forms: plural has no expression");
    std::string_view expr = forms.substr(e + 1);
    const size_t semi = expr.find(';');
    if (semi != std::string_view::npos) expr = expr.substr(0, semi);
    r.expr_ = ExprParser(expr).parse();
    return r;
}

int PluralRule::index(unsigned long n) const {
    if (!expr_) return n == 1 ? 0 : (nplurals_ > 1 ? 1 : 0);
    const unsigned long v = eval(*expr_, n);
    return v < static_cast<unsigned long>(nplurals_) ? static_cast<int>(v) : 0;
}

// ---------------------------------------------------------------- the file

namespace {

class PoParser {
public:
    PoParser(std::string_view text, const std::string& file) : text_(text), file_(file) {}

    PoFile parse() {
        while (next_line()) {
            std::string_view l = trim(line_);
            if (l.empty()) {
                finish();
                continue;
            }
            if (l[0] == '#') {
                if (l.size() > 1 && l[1] == '~') continue;  // an obsolete entry
                if (l.size() > 1 && l[1] == ',') {
                    if (state_ == State::Str) finish();
                    if (l.find("fuzzy") != std::string_view::npos) fuzzy_ = true;
                }
                continue;
            }
            if (l[0] == '"') {
                if (!target_) fail("a string continues nothing");
                *target_ += unquote(l);
                continue;
            }
            keyword(l);
        }
        finish();
        if (!po_.header.empty()) read_header();
        return std::move(po_);
    }

private:
    enum class State { None, Ctx, Id, Plural, Str };
    std::string_view text_;
    const std::string& file_;
    size_t pos_ = 0;
    int line_no_ = 0;
    std::string_view line_;
    PoFile po_;
    PoEntry cur_;
    State state_ = State::None;
    std::string* target_ = nullptr;
    bool fuzzy_ = false, have_id_ = false, have_header_ = false;

    [[noreturn]] void fail(const std::string& what) const {
        throw PoError(file_ + ":" + std::to_string(line_no_) + ": " + what);
    }
    bool next_line() {
        if (pos_ >= text_.size()) return false;
        size_t end = text_.find('\n', pos_);
        if (end == std::string_view::npos) end = text_.size();
        line_ = text_.substr(pos_, end - pos_);
        if (!line_.empty() && line_.back() == '\r') line_.remove_suffix(1);
        pos_ = end + 1;
        ++line_no_;
        return true;
    }
    static std::string_view trim(std::string_view s) {
        while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
        while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
        return s;
    }
    std::string unquote(std::string_view s) const {
        if (s.size() < 2 || s.front() != '"' || s.back() != '"') fail("a string must be in double quotes");
        s = s.substr(1, s.size() - 2);
        std::string out;
        out.reserve(s.size());
        for (size_t i = 0; i < s.size(); ++i) {
            char c = s[i];
            if (c == '"') fail("an unescaped '\"' inside a string");
            if (c != '\\') {
                out += c;
                continue;
            }
            if (++i >= s.size()) fail("a string ends in a lone backslash");
            switch (s[i]) {
                case 'n': out += '\n'; break;
                case 't': out += '\t'; break;
                case 'r': out += '\r'; break;
                case 'a': out += '\a'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'v': out += '\v'; break;
                case '\\': out += '\\'; break;
                case '"': out += '"'; break;
                case '\'': out += '\''; break;
                case '?': out += '?'; break;
                case 'x': {
                    int v = 0, k = 0;
                    while (k < 2 && i + 1 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1]))) {
                        const char h = s[++i];
                        v = v * 16 + (std::isdigit(static_cast<unsigned char>(h)) ? h - '0' : (std::tolower(h) - 'a' + 10));
                        ++k;
                    }
                    if (k == 0) fail("\\x without hex digits");
                    out += static_cast<char>(v);
                    break;
                }
                default:
                    if (s[i] >= '0' && s[i] <= '7') {
                        int v = 0, k = 0;
                        --i;
                        while (k < 3 && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '7') {
                            v = v * 8 + (s[++i] - '0');
                            ++k;
                        }
                        out += static_cast<char>(v & 0xff);
                        break;
                    }
                    fail(std::string("unknown escape \\") + s[i]);
            }
        }
        return out;
    }
    void keyword(std::string_view l) {
        size_t sp = 0;
        while (sp < l.size() && l[sp] != ' ' && l[sp] != '\t' && l[sp] != '"') ++sp;
        const std::string_view kw = l.substr(0, sp);
        const std::string value = unquote(trim(l.substr(sp)));
        if (kw == "msgctxt") {
            if (state_ != State::None) finish();
            if (state_ != State::None) fail("msgctxt after msgid");
            cur_.context = value;
            target_ = &cur_.context;
            state_ = State::Ctx;
        } else if (kw == "msgid") {
            if (state_ == State::Str) finish();
            if (state_ == State::Id || state_ == State::Plural) fail("a second msgid without its msgstr");
            cur_.id = value;
            cur_.line = line_no_;
            have_id_ = true;
            target_ = &cur_.id;
            state_ = State::Id;
        } else if (kw == "msgid_plural") {
            if (state_ != State::Id) fail("msgid_plural must follow msgid");
            cur_.id_plural = value;
            target_ = &cur_.id_plural;
            state_ = State::Plural;
        } else if (kw == "msgstr") {
            if (state_ != State::Id) fail(state_ == State::Plural ? "a plural entry needs msgstr[N]" : "msgstr without msgid");
            cur_.strs = {value};
            target_ = &cur_.strs[0];
            state_ = State::Str;
        } else if (kw.size() > 8 && kw.substr(0, 7) == "msgstr[" && kw.back() == ']') {
            if (state_ != State::Plural && !(state_ == State::Str && !cur_.id_plural.empty()))
                fail("msgstr[N] without msgid_plural");
            const std::string_view num = kw.substr(7, kw.size() - 8);
            if (num.size() != 1 || num[0] < '0' || num[0] > '5') fail("msgstr index must be 0 to 5");
            const size_t idx = static_cast<size_t>(num[0] - '0');
            if (idx != cur_.strs.size()) fail("msgstr[" + std::string(num) + "] out of order");
            cur_.strs.push_back(value);
            target_ = &cur_.strs.back();
            state_ = State::Str;
        } else {
            fail("unknown keyword '" + std::string(kw.substr(0, 40)) + "'");
        }
    }
    void finish() {
        if (state_ == State::None) {
            // Flags belong to the entry they precede: they stay.
            return;
        }
        if (state_ != State::Str) fail("an entry ends without msgstr");
        cur_.fuzzy = fuzzy_;
        if (cur_.id.empty() && cur_.context.empty()) {
            if (have_header_) fail("a second header (msgid \"\")");
            have_header_ = true;
            po_.header = cur_.strs.empty() ? "" : cur_.strs[0];
        } else {
            po_.entries.push_back(std::move(cur_));
        }
        cur_ = PoEntry{};
        state_ = State::None;
        target_ = nullptr;
        fuzzy_ = false;
        have_id_ = false;
    }
    void read_header() {
        std::string_view h = po_.header;
        while (!h.empty()) {
            size_t end = h.find('\n');
            std::string_view l = h.substr(0, end);
            if (l.substr(0, 9) == "Language:") po_.language = std::string(trim(l.substr(9)));
            if (l.substr(0, 13) == "Plural-Forms:") {
                try {
                    po_.plural = PluralRule::parse(l.substr(13));
                } catch (const std::exception& e) {
                    throw PoError(file_ + ":1: " + e.what());
                }
            }
            if (end == std::string_view::npos) break;
            h.remove_prefix(end + 1);
        }
        for (const auto& e : po_.entries)
            if (!e.id_plural.empty() && e.translated() && static_cast<int>(e.strs.size()) != po_.plural.nplurals())
                throw PoError(file_ + ":" + std::to_string(e.line) + ": " + std::to_string(e.strs.size()) +
                              " plural forms where Plural-Forms says " + std::to_string(po_.plural.nplurals()));
    }
};

}  // namespace

PoFile parse_po(std::string_view text, const std::string& file) { return PoParser(text, file).parse(); }

}  // namespace scanviz::i18n
