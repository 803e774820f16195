#include "i18n.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <sstream>
#include <tuple>
#include <unordered_map>

#include "core/common/assets.hpp"
#include "po.hpp"

namespace scanviz::i18n {
namespace {

struct Translation {
    std::vector<std::string> strs;
};

// A loaded catalog. Catalogs are kept for the program's life (a switch of language makes a new
// one current), so a string tr() returned stays valid while another thread still shows it.
struct Table {
    std::unordered_map<std::string, Translation> map;  // po_key -> msgstr(s)
    PluralRule plural;
    std::string source;
};

struct State {
    std::atomic<Language> lang{Language::En};
    std::atomic<const Table*> table{nullptr};
    std::vector<std::unique_ptr<Table>> loaded;  // every table ever loaded
    std::mutex mutex;  // guards `loaded` and `recorded`
    std::atomic<bool> recording{false};
    std::set<std::tuple<std::string, std::string, bool>> recorded;
};

State& state() {
    static State s;
    return s;
}

void record(std::string_view ctx, std::string_view id, bool translated) {
    State& s = state();
    if (!s.recording.load(std::memory_order_relaxed)) return;
    std::lock_guard lock(s.mutex);
    s.recorded.emplace(std::string(ctx), std::string(id), translated);
}

const Translation* find(std::string_view ctx, std::string_view id) {
    const Table* t = state().table.load(std::memory_order_acquire);
    if (!t) return nullptr;
    const auto it = t->map.find(po_key(ctx, id));
    return it == t->map.end() ? nullptr : &it->second;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

}  // namespace

const char* language_code(Language lang) { return lang == Language::Zh ? "zh" : "en"; }

std::optional<Language> parse_language(std::string_view code) {
    const std::string c = lower(code);
    if (c.empty()) return std::nullopt;
    if (c == "c" || c == "posix" || c.rfind("c.", 0) == 0) return Language::En;
    // The language part: up to '_', '-', '.' or '@'.
    const std::string lang = c.substr(0, c.find_first_of("_-.@"));
    if (lang == "en") return Language::En;
    if (lang == "zh") {
        // Simplified Chinese; scanviz has no Traditional catalog, and a reader of zh_TW gets the
        // simplified text rather than English only where they asked for Chinese at all.
        return Language::Zh;
    }
    return std::nullopt;
}

Language language_from_env() {
    // LANGUAGE is a colon-separated priority list, used by gettext unless the locale is C.
    const char* all = std::getenv("LC_ALL");
    const char* messages = std::getenv("LC_MESSAGES");
    const char* lang = std::getenv("LANG");
    std::string locale = all && *all ? all : messages && *messages ? messages : lang && *lang ? lang : "";
    const char* language = std::getenv("LANGUAGE");
    if (language && *language && !locale.empty() && lower(locale) != "c" && lower(locale) != "posix") {
        std::stringstream list(language);
        for (std::string item; std::getline(list, item, ':');)
            if (auto l = parse_language(item)) return *l;
    }
    if (auto l = parse_language(locale)) return *l;
    return Language::En;
}

void load_catalog(std::string_view po_text, const std::string& name) {
    PoFile po = parse_po(po_text, name);
    auto table = std::make_unique<Table>();
    for (auto& e : po.entries)
        if (e.translated()) table->map[po_key(e.context, e.id)] = Translation{std::move(e.strs)};
    table->plural = po.plural;
    table->source = name;
    State& s = state();
    std::lock_guard lock(s.mutex);
    s.table.store(table.get(), std::memory_order_release);
    s.loaded.push_back(std::move(table));
}

std::string set_language(Language lang) {
    State& s = state();
    if (lang == Language::En) {
        s.lang = Language::En;
        return "";
    }
    std::string path = shipped_file("SCANVIZ_CATALOG_ZH", "i18n/zh_CN.po");
    if (const Table* t = s.table.load(); t && t->source == (path.empty() ? "built in" : path)) {
        s.lang = lang;  // this catalog is loaded already: a switch back is immediate
        return "";
    }
    try {
        if (!path.empty()) {
            std::ifstream f(path, std::ios::binary);
            if (!f) return "cannot read the Chinese catalog " + path + "; the words stay English";
            std::stringstream ss;
            ss << f.rdbuf();
            load_catalog(ss.str(), path);
        } else {
            load_catalog(builtin_catalog_zh(), "built in");
        }
    } catch (const std::exception& e) {
        s.lang = Language::En;
        return std::string(e.what()) + "; the words stay English";
    }
    s.lang = lang;
    return "";
}

Language language() { return state().lang; }

const char* trc(const char* context, const char* msgid) {
    const State& s = state();
    if (s.lang.load() == Language::En) {
        record(context ? context : "", msgid, true);
        return msgid;
    }
    const Translation* t = find(context ? context : "", msgid);
    record(context ? context : "", msgid, t != nullptr);
    return t ? t->strs[0].c_str() : msgid;
}

const char* tr(const char* msgid) { return trc(nullptr, msgid); }

const char* trn(const char* singular, const char* plural, unsigned long n) {
    const State& s = state();
    if (s.lang.load() == Language::En) {
        record("", singular, true);
        return n == 1 ? singular : plural;
    }
    const Translation* t = find("", singular);
    record("", singular, t != nullptr);
    if (!t) return n == 1 ? singular : plural;
    const size_t i = static_cast<size_t>(s.table.load()->plural.index(n));
    return t->strs[std::min(i, t->strs.size() - 1)].c_str();
}

std::string vformat(const char* fmt, va_list args) {
    va_list copy;
    va_copy(copy, args);
    const int n = std::vsnprintf(nullptr, 0, fmt, copy);
    va_end(copy);
    std::string out;
    if (n > 0) {
        out.resize(static_cast<size_t>(n) + 1);
        std::vsnprintf(out.data(), out.size(), fmt, args);
        out.resize(static_cast<size_t>(n));
    }
    return out;
}

std::string format(const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    std::string out = vformat(fmt, args);
    va_end(args);
    return out;
}

bool has_translation(std::string_view context, std::string_view msgid) { return find(context, msgid) != nullptr; }

std::string catalog_text() {
    const Table* t = state().table.load();
    std::string all;
    if (t)
        for (const auto& [key, tr] : t->map)
            for (const auto& str : tr.strs) all += str;
    return all;
}

std::string catalog_source() {
    const Table* t = state().table.load();
    return t ? t->source : "";
}

void record_lookups(bool on) { state().recording.store(on); }

std::vector<Lookup> take_lookups() {
    State& s = state();
    std::lock_guard lock(s.mutex);
    std::vector<Lookup> out;
    for (const auto& [ctx, id, ok] : s.recorded) out.push_back(Lookup{ctx, id, ok});
    s.recorded.clear();
    return out;
}

}  // namespace scanviz::i18n
