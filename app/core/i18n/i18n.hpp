// The words a person reads, in the reader's language: one catalog (gettext's
// .po, assets/i18n/zh_CN.po; English is the source text itself). Every string
// the window, the command line and the pages show goes through tr / trn / trc;
// xgettext finds them by those names (tests/i18n/ checks the catalog covers
// every one). Plain C++: the WebAssembly pages use the same catalog.
#pragma once

#include <cstdarg>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace scanviz::i18n {

enum class Language { En, Zh };

// "en" or "zh".
const char* language_code(Language lang);
// The language of a code or a locale name: "en", "zh", "zh_CN", "zh-CN", "zh_CN.UTF-8",
// "en_US.UTF-8", "C", "POSIX" (English). Nothing for a language scanviz does not speak.
std::optional<Language> parse_language(std::string_view code);
// As gettext chooses: LANGUAGE (its first entry scanviz speaks), LC_ALL, LC_MESSAGES, LANG;
// English when none names a language scanviz speaks.
Language language_from_env();

// Switches the language. Chinese loads the catalog: $SCANVIZ_CATALOG_ZH, else assets'
// i18n/zh_CN.po, else the copy built into the program. On failure it stays English and
// returns the one line that says why; "" on success.
std::string set_language(Language lang);
Language language();

// The translation of msgid (msgid itself in English, or where the catalog has none).
// The pointer stays valid for the program's life.
const char* tr(const char* msgid);
// Marks a string for the catalog where it is defined, for tr() to translate where it is shown
// (a table of constants): gettext's N_.
constexpr const char* N_(const char* msgid) { return msgid; }

// With a context, for one English word that reads two ways ("Step" the noun, "Step" the button).
const char* trc(const char* context, const char* msgid);
// The form for n: singular or plural in English, the catalog's plural rule otherwise.
const char* trn(const char* singular, const char* plural, unsigned long n);

// printf into a string: a translated sentence with its values (tr("... %s ..."), positional
// conversions allowed, so a translation may put them in its own order).
std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string vformat(const char* fmt, va_list args);

// Makes a catalog read from text the current one (tests; a translator trying a file); throws
// PoError naming FILE:LINE. The language stays as set_language left it.
void load_catalog(std::string_view po_text, const std::string& name);
// Whether the loaded catalog translates this msgid (context "" for none).
bool has_translation(std::string_view context, std::string_view msgid);
// Every translated string of the loaded catalog, run together: the glyphs a font needs.
std::string catalog_text();
// The catalog's file (or "built in"), for messages and the state dump.
std::string catalog_source();

// The lookups made while recording is on, for the state dump: which msgids were shown.
struct Lookup {
    std::string context, id;
    bool translated = false;
};
void record_lookups(bool on);
// The distinct lookups since the last take, sorted; clears them.
std::vector<Lookup> take_lookups();

// The catalog built into the program (generated from assets/i18n/zh_CN.po).
std::string_view builtin_catalog_zh();

}  // namespace scanviz::i18n
