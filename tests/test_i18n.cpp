// The catalog of the words a person reads (core/i18n): the .po reader, plural rules, the
// choice of language, and the lookups.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "core/i18n/i18n.hpp"
#include "core/i18n/po.hpp"
#include "core/models/variants.hpp"
#include "core/trace/compare.hpp"

using namespace scanviz::i18n;

namespace {

std::string error_of(const std::string& text) {
    try {
        (void)parse_po(text, "t.po");
    } catch (const PoError& e) {
        return e.what();
    }
    return "";
}

const char* kZh = R"(# a comment
msgid ""
msgstr ""
"Language: zh_CN\n"
"Plural-Forms: nplurals=1; plural=0;\n"

msgid "State"
msgstr "状态"

#, fuzzy
msgid "Guess"
msgstr "猜的"

msgid "Empty"
msgstr ""

msgctxt "button"
msgid "Step"
msgstr "单步"

msgid "%d step"
msgid_plural "%d steps"
msgstr[0] "%d 步"

msgid "a long "
"line\twith \"quotes\""
msgstr "长"
"行"
)";

struct LanguageGuard {
    ~LanguageGuard() { set_language(Language::En); }
};

}  // namespace

TEST(Po, ReadsEntriesContextsPluralsAndContinuedStrings) {
    const PoFile po = parse_po(kZh, "zh.po");
    EXPECT_EQ(po.language, "zh_CN");
    EXPECT_EQ(po.plural.nplurals(), 1);
    ASSERT_EQ(po.entries.size(), 6u);
    EXPECT_EQ(po.entries[0].id, "State");
    EXPECT_EQ(po.entries[0].strs.at(0), "状态");
    EXPECT_TRUE(po.entries[0].translated());
    EXPECT_TRUE(po.entries[1].fuzzy);
    EXPECT_FALSE(po.entries[1].translated());
    EXPECT_FALSE(po.entries[2].translated());  // an empty msgstr is no translation
    EXPECT_EQ(po.entries[3].context, "button");
    EXPECT_EQ(po.entries[4].id_plural, "%d steps");
    EXPECT_EQ(po.entries[5].id, "a long line\twith \"quotes\"");
    EXPECT_EQ(po.entries[5].strs.at(0), "长行");
    EXPECT_EQ(po.entries[5].line, 25);
}

TEST(Po, NamesTheLineOfEachMistake) {
    EXPECT_EQ(error_of("msgid \"a\"\nmsgid \"b\"\nmsgstr \"c\"\n"), "t.po:2: a second msgid without its msgstr");
    EXPECT_EQ(error_of("msgstr \"c\"\n"), "t.po:1: msgstr without msgid");
    EXPECT_EQ(error_of("msgid \"a\"\nmsgstr \"b\n"), "t.po:2: a string must be in double quotes");
    EXPECT_EQ(error_of("msgid \"a\\q\"\nmsgstr \"b\"\n"), "t.po:1: unknown escape \\q");
    EXPECT_EQ(error_of("msgid \"a\"\n\"x\"\nmsgid_plural \"as\"\nmsgstr \"b\"\n"), "t.po:4: a plural entry needs msgstr[N]");
    EXPECT_EQ(error_of("msgid \"a\"\nmsgid_plural \"as\"\nmsgstr[1] \"b\"\n"), "t.po:3: msgstr[1] out of order");
    EXPECT_EQ(error_of("msgid \"a\"\n"), "t.po:1: an entry ends without msgstr");
    EXPECT_EQ(error_of("msgfoo \"a\"\n"), "t.po:1: unknown keyword 'msgfoo'");
    EXPECT_EQ(error_of("\"stray\"\n"), "t.po:1: a string continues nothing");
    // The header's plural rule must match the entries' forms.
    EXPECT_EQ(error_of("msgid \"\"\nmsgstr \"Plural-Forms: nplurals=1; plural=0;\\n\"\n\n"
                       "msgid \"a\"\nmsgid_plural \"b\"\nmsgstr[0] \"x\"\nmsgstr[1] \"y\"\n"),
              "t.po:4: 2 plural forms where Plural-Forms says 1");
    EXPECT_NE(error_of("msgid \"\"\nmsgstr \"Plural-Forms: nplurals=2; plural=(n !=;\\n\"\n").find("t.po:1: plural expression"),
              std::string::npos);
}

TEST(Po, PluralRulesOfEnglishChineseAndAHarderOne) {
    const PluralRule en = PluralRule::parse("nplurals=2; plural=(n != 1);");
    EXPECT_EQ(en.index(0), 1);
    EXPECT_EQ(en.index(1), 0);
    EXPECT_EQ(en.index(2), 1);
    const PluralRule zh = PluralRule::parse("nplurals=1; plural=0;");
    for (unsigned long n : {0ul, 1ul, 2ul, 1000ul}) EXPECT_EQ(zh.index(n), 0);
    // Russian's: precedence of ?:, &&, ||, comparisons and %.
    const PluralRule ru = PluralRule::parse(
        "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);");
    EXPECT_EQ(ru.index(1), 0);
    EXPECT_EQ(ru.index(21), 0);
    EXPECT_EQ(ru.index(11), 2);
    EXPECT_EQ(ru.index(3), 1);
    EXPECT_EQ(ru.index(13), 2);
    EXPECT_EQ(ru.index(25), 2);
    // An index the rule computes out of range falls back to the first form, never past the end.
    EXPECT_EQ(PluralRule::parse("nplurals=2; plural=n;").index(7), 0);
    EXPECT_THROW(PluralRule::parse("nplurals=9; plural=0;"), std::runtime_error);
    EXPECT_THROW(PluralRule::parse("plural=0;"), std::runtime_error);
    EXPECT_THROW(PluralRule::parse("nplurals=2; plural=" + std::string(200, '(') + "n" + std::string(200, ')') + ";"),
                 std::runtime_error);  // nested too deeply: refused, not a stack overflow
}

TEST(Language, CodesAndLocaleNames) {
    EXPECT_EQ(parse_language("zh"), Language::Zh);
    EXPECT_EQ(parse_language("zh_CN.UTF-8"), Language::Zh);
    EXPECT_EQ(parse_language("zh-CN"), Language::Zh);
    EXPECT_EQ(parse_language("en_GB.UTF-8"), Language::En);
    EXPECT_EQ(parse_language("C"), Language::En);
    EXPECT_EQ(parse_language("C.UTF-8"), Language::En);
    EXPECT_FALSE(parse_language("fr_FR.UTF-8"));
    EXPECT_FALSE(parse_language(""));
}

TEST(Language, FollowsTheEnvironmentAsGettextDoes) {
    auto env = [](const char* all, const char* messages, const char* lang, const char* language) {
        auto set = [](const char* name, const char* v) { v ? setenv(name, v, 1) : unsetenv(name); };
        set("LC_ALL", all);
        set("LC_MESSAGES", messages);
        set("LANG", lang);
        set("LANGUAGE", language);
        return language_from_env();
    };
    EXPECT_EQ(env(nullptr, nullptr, "zh_CN.UTF-8", nullptr), Language::Zh);
    EXPECT_EQ(env(nullptr, "en_US.UTF-8", "zh_CN.UTF-8", nullptr), Language::En);  // LC_MESSAGES before LANG
    EXPECT_EQ(env("zh_CN.UTF-8", "en_US.UTF-8", nullptr, nullptr), Language::Zh);  // LC_ALL before both
    EXPECT_EQ(env(nullptr, nullptr, "en_US.UTF-8", "fr:zh_CN:en"), Language::Zh);  // LANGUAGE's first we speak
    EXPECT_EQ(env(nullptr, nullptr, "C", "zh_CN"), Language::En);  // the C locale ignores LANGUAGE
    EXPECT_EQ(env(nullptr, nullptr, "fr_FR.UTF-8", nullptr), Language::En);
    env(nullptr, nullptr, nullptr, nullptr);
}

TEST(Catalog, TranslatesWhatItHasAndLeavesTheRestEnglish) {
    LanguageGuard guard;
    set_language(Language::En);
    EXPECT_STREQ(tr("State"), "State");
    ASSERT_EQ(set_language(Language::Zh), "");
    load_catalog(kZh, "zh.po");  // in place of the shipped one, for the language just chosen
    EXPECT_EQ(language(), Language::Zh);
    EXPECT_STREQ(tr("State"), "状态");
    EXPECT_STREQ(tr("Guess"), "Guess");  // fuzzy: not used
    EXPECT_STREQ(tr("Empty"), "Empty");
    EXPECT_STREQ(tr("Step"), "Step");  // only with its context
    EXPECT_STREQ(trc("button", "Step"), "单步");
    EXPECT_STREQ(trn("%d step", "%d steps", 1), "%d 步");
    EXPECT_STREQ(trn("%d step", "%d steps", 5), "%d 步");
    EXPECT_TRUE(has_translation("", "State"));
    EXPECT_FALSE(has_translation("", "Guess"));
    EXPECT_NE(catalog_text().find("状态"), std::string::npos);
    set_language(Language::En);
    EXPECT_STREQ(trn("%d step", "%d steps", 1), "%d step");
    EXPECT_STREQ(trn("%d step", "%d steps", 2), "%d steps");
}

TEST(Catalog, RecordsTheLookupsShown) {
    LanguageGuard guard;
    ASSERT_EQ(set_language(Language::Zh), "");
    load_catalog(kZh, "zh.po");
    (void)take_lookups();
    record_lookups(true);
    (void)tr("State");
    (void)tr("Not in the catalog");
    (void)tr("State");
    record_lookups(false);
    (void)tr("After");
    const auto seen = take_lookups();
    ASSERT_EQ(seen.size(), 2u);
    EXPECT_EQ(seen[0].id, "Not in the catalog");
    EXPECT_FALSE(seen[0].translated);
    EXPECT_EQ(seen[1].id, "State");
    EXPECT_TRUE(seen[1].translated);
    EXPECT_TRUE(take_lookups().empty());
}

TEST(Catalog, TheShippedCatalogReadsAndIsBuiltIn) {
    LanguageGuard guard;
    std::ifstream f(std::string(SCANVIZ_SOURCE_DIR) + "/assets/i18n/zh_CN.po", std::ios::binary);
    ASSERT_TRUE(f) << "assets/i18n/zh_CN.po is missing";
    std::stringstream ss;
    ss << f.rdbuf();
    const PoFile po = parse_po(ss.str(), "zh_CN.po");
    EXPECT_EQ(po.language, "zh_CN");
    EXPECT_EQ(po.plural.nplurals(), 1);
    EXPECT_EQ(builtin_catalog_zh(), ss.str()) << "the built-in copy is older than assets/i18n/zh_CN.po";
    // A catalog that does not read leaves the words English and says why in one line.
    setenv("SCANVIZ_CATALOG_ZH", (std::string(SCANVIZ_SOURCE_DIR) + "/README.md").c_str(), 1);
    const std::string why = set_language(Language::Zh);
    unsetenv("SCANVIZ_CATALOG_ZH");
    EXPECT_NE(why.find("README.md:"), std::string::npos) << why;
    EXPECT_EQ(language(), Language::En);
}

// A trace mismatch: `what` stays English (validation reports and recordings keep it), its
// parts are in the reader's language.
TEST(Catalog, ATraceMismatchIsToldInBothLanguages) {
    using namespace scanviz;
    LanguageGuard guard;
    RunSpec spec;
    spec.variant = "warp_conditional";
    spec.n = 32;
    spec.input = InputKind::Ones;
    ASSERT_FALSE(validate_and_resolve(spec).has_value());
    const Trace model = run_model(spec);
    Trace changed = model;
    changed.steps[2].state[17] += 1;
    ASSERT_EQ(set_language(Language::Zh), "");
    const auto m = compare_traces(model, changed);
    ASSERT_TRUE(m.has_value());
    EXPECT_EQ(m->step, 2);
    EXPECT_EQ(m->slot, 17);
    const std::string label = model.steps[2].label;
    EXPECT_EQ(m->what, "step 2 (" + label + "): slot 17 is " + std::to_string(int(changed.steps[2].state[17])) +
                           ", expected " + std::to_string(int(model.steps[2].state[17])));
    EXPECT_EQ(m->place.rfind("第 2 步（", 0), 0u) << m->place;
    EXPECT_EQ(m->found, "槽位 17 为 " + std::to_string(int(changed.steps[2].state[17])));
    EXPECT_EQ(m->wanted, std::to_string(int(model.steps[2].state[17])));
    Trace shorter = model;
    shorter.steps.pop_back();
    const auto s = compare_traces(model, shorter);
    ASSERT_TRUE(s.has_value());
    EXPECT_EQ(s->what, std::to_string(shorter.steps.size()) + " steps, expected " + std::to_string(model.steps.size()));
    EXPECT_EQ(s->place, "");
    EXPECT_EQ(s->found, std::to_string(shorter.steps.size()) + " 步");
}
