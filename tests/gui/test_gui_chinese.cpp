// The window in Simplified Chinese (issue 38): every view and every lesson step shown in
// Chinese with no word outside the catalog (the state dump lists any lookup the catalog could
// not translate), the lessons' Chinese text, the language menu's switch keeping the run, and
// English with one line where the Chinese font is missing.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "core/lessons/catalog.hpp"
#include "core/lessons/lesson.hpp"
#include "gui_run.hpp"

namespace {

const fs::path kSource = SCANVIZ_SOURCE_DIR;
// The reader's environment asks for Chinese; progress goes to the test's own folder.
std::string chinese_env(const std::string& name) {
    return "LANGUAGE=zh_CN LANG=zh_CN.UTF-8 LC_ALL= LC_MESSAGES= XDG_CONFIG_HOME='" +
           (fs::path(GUI_TEST_OUT) / ("config_" + name)).string() + "' ";
}

bool has_cjk(const std::string& s) {
    // A UTF-8 lead byte of U+4E00..U+9FFF (CJK unified ideographs) is 0xE4..0xE9.
    for (size_t i = 0; i + 2 < s.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 0xE4 && c <= 0xE9) return true;
    }
    return false;
}

// English prose left in a Chinese text: an all-lowercase word of four letters or more that is not
// code (no '_', digit or '(' in its token) and not a unit. Device names (NVIDIA H100 80GB HBM3),
// variant ids and code pass.
std::string english_word_in(const std::string& shown) {
    // The English term in full-width parentheses after its Chinese one, 存储片冲突（bank conflict），
    // is the glossary's rule, not a leftover: what lies inside them is skipped.
    std::string text;
    int depth = 0;
    for (size_t k = 0; k < shown.size();) {
        if (shown.compare(k, 3, "\xEF\xBC\x88") == 0) {  // （
            ++depth;
            k += 3;
        } else if (shown.compare(k, 3, "\xEF\xBC\x89") == 0) {  // ）
            depth = std::max(0, depth - 1);
            k += 3;
        } else {
            if (depth == 0) text += shown[k];
            ++k;
        }
    }
    size_t i = 0;
    while (i < text.size()) {
        if (!std::isalnum(static_cast<unsigned char>(text[i])) && text[i] != '_') {
            ++i;
            continue;
        }
        size_t j = i;
        bool code = false, lower = true;
        while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_' ||
                                   text[j] == '.')) {
            const char c = text[j];
            if (c == '_' || c == '.' || std::isdigit(static_cast<unsigned char>(c))) code = true;
            if (std::isupper(static_cast<unsigned char>(c))) lower = false;
            ++j;
        }
        if (j < text.size() && text[j] == '(') code = true;
        // A name joined by '-' (CUB's raking-memoize) or a path's part is code; the program's own
        // name and CUB's algorithm names stay English in every language.
        auto joins = [&](size_t k) { return text[k] == '-' || text[k] == '/'; };
        if ((j < text.size() && joins(j)) || (i > 0 && joins(i - 1))) code = true;
        // A word an operator or a bracket touches is code: if (lane >= d), 49*warp, bZeroPad=true,
        // a .lesson file, s[i-d].
        auto op = [&](size_t k) { return std::strchr("=*([]<>&|!~+.#", text[k]) != nullptr; };
        if (i > 0 && op(i - 1)) code = true;
        size_t after = j;
        while (after < text.size() && text[after] == ' ') ++after;
        if (after < text.size() && std::strchr("=<>[", text[after]) != nullptr) code = true;
        const std::string word = text.substr(i, j - i);
        // Names that stay English: the program, CUB's algorithm, the baselines and the tool, and
        // the C++ keyword the legacy scan is named by.
        static const std::set<std::string> kNames = {"scanviz", "raking",    "memcpy",  "copy",
                                                     "thrust",  "racecheck", "volatile"};
        if (!code && lower && word.size() >= 4 && !kNames.count(word)) return word;
        i = j;
    }
    return "";
}

void expect_all_translated(const json& d, const std::string& what) {
    EXPECT_EQ(english_word_in(d["source"]["line"].get<std::string>()), "") << what << ": " << d["source"]["line"];
    EXPECT_EQ(english_word_in(d["status"].get<std::string>()), "") << what << ": " << d["status"];
    EXPECT_EQ(d["language"], "zh") << what;
    EXPECT_TRUE(d["fonts"]["chinese"].get<bool>()) << what;
    EXPECT_GT(d["fonts"]["cjk_glyphs"].get<int>(), 100) << what;
    EXPECT_GT(d["texts"]["from_catalog"].get<int>(), 20) << what;
    for (const auto& t : d["texts"]["untranslated"])
        ADD_FAILURE() << what << ": shown without a Chinese translation: " << t.get<std::string>();
    // Every string drawn (drawn_text.hpp: what reached ImDrawList::AddText, code views aside), so a
    // label that never went through the catalog fails here too.
    ASSERT_TRUE(d["texts"].contains("drawn")) << what;
    EXPECT_GT(d["texts"]["drawn"].size(), 10u) << what;
    for (const auto& t : d["texts"]["drawn"]) {
        const std::string word = english_word_in(t.get<std::string>());
        if (!word.empty()) ADD_FAILURE() << what << ": English ('" << word << "') drawn: " << t.get<std::string>();
    }
}

}  // namespace

// Every view open, every variant's trace visited, in Chinese: no label the catalog lacks.
TEST(GuiChinese, EveryViewOfEveryVariant) {
    REQUIRE_DISPLAY();
    const std::string recording = (kSource / "assets" / "recordings" / "default.svzrec").string();
    const std::string script = "open " + recording +
                               "\nshow metrics on\nshow source on\nshow instrumentation on\nshow bench on\n"
                               "show lookback on\nshow race on\nshow sass on\nshow banks on\n"
                               "each-trace\nstep middle\nframes 2\nend\nlessons\nframes 3\n"
                               // A learner's kernel that fails its checks: the check and hazard lines.
                               "kernel " + (kSource / "assets" / "kernels" / "blelloch_missing_barrier.cu").string() +
                               "\nwait-kernel\nframes 2\n";
    const GuiRun run = run_gui("zh_views", script, "1920x1080", chinese_env("views"));
    ASSERT_EQ(run.exit_code, 0) << run.err;
    expect_all_translated(run.dump, "every view");
    EXPECT_TRUE(has_cjk(run.dump["source"]["line"].get<std::string>())) << run.dump["source"]["line"];
}

// Every step of every lesson, in Chinese: the Chinese lesson's text, and nothing untranslated.
TEST(GuiChinese, EveryStepOfEveryLesson) {
    REQUIRE_DISPLAY();
    const auto lessons = scanviz::lessons::list_lessons((kSource / "assets" / "lessons").string());
    ASSERT_GE(lessons.size(), 7u);
    for (const auto& entry : lessons) {
        SCOPED_TRACE(entry.name);
        const auto zh = scanviz::lessons::translation_path(entry.path, "zh");
        ASSERT_TRUE(fs::exists(zh)) << zh;
        const scanviz::lessons::Lesson lesson = scanviz::lessons::load_lesson(zh);
        std::string script = "lesson " + entry.path + "\n";
        const fs::path out = fs::path(GUI_TEST_OUT) / "zh_lessons";
        fs::create_directories(out);
        for (size_t k = 0; k < lesson.steps.size(); ++k) {
            const std::string base = (out / (entry.name + "_" + std::to_string(k + 1))).string();
            fs::remove(base + ".json");
            // A kernel step (lesson 8) has its figures once the window has run the learner's copy.
            const bool kernel = !lesson.steps[k].view.kernel.empty();
            script += "lesson-step " + std::to_string(k + 1) + (kernel ? "\nframes 2\nwait-kernel" : "") +
                      "\ncapture " + base + ".png " + base + ".json\n";
        }
        // The learner's copy of a lesson's kernel goes to the test's own folder (never ~/.local).
        const fs::path learner = fs::path(GUI_TEST_OUT) / ("learner_zh_" + entry.name);
        fs::remove_all(learner);
        const GuiRun run = run_gui("zh_" + entry.name, script, "1600x900",
                                   chinese_env(entry.name) + "SCANVIZ_LEARNER_DIR='" + learner.string() + "' ");
        ASSERT_EQ(run.exit_code, 0) << run.err;
        for (size_t k = 0; k < lesson.steps.size(); ++k) {
            const std::string what = entry.name + " step " + std::to_string(k + 1);
            const std::string base = (out / (entry.name + "_" + std::to_string(k + 1))).string();
            ASSERT_TRUE(fs::exists(base + ".json")) << what;
            const json d = json::parse(read_text(base + ".json"));
            const json& l = d["lesson"];
            ASSERT_TRUE(l["active"].get<bool>()) << what << ": " << l["error"];
            ASSERT_EQ(l["narration"].size(), lesson.steps[k].paragraphs.size()) << what;
            for (const auto& p : l["narration"]) {
                EXPECT_TRUE(has_cjk(p.get<std::string>())) << what << ": not Chinese: " << p;
                EXPECT_EQ(p.get<std::string>().find('{'), std::string::npos) << what;
            }
            EXPECT_EQ(d["language"], "zh") << what;
        }
        expect_all_translated(run.dump, entry.name);
    }
}

// The language menu's switch (the script's `language`, as the menu does): the run, the step
// and the selection stay; the words change; and back.
TEST(GuiChinese, SwitchingKeepsTheRun) {
    REQUIRE_DISPLAY();
    const fs::path out = fs::path(GUI_TEST_OUT) / "zh_switch";
    fs::create_directories(out);
    const std::string zh = (out / "zh").string(), en = (out / "en").string();
    const std::string recording = (kSource / "assets" / "recordings" / "default.svzrec").string();
    const GuiRun run = run_gui("zh_switch",
                               "open " + recording +
                                   "\nvariant block_blelloch\nn 64\nstep 5\nselect 5 17\nlanguage zh\nframes 3\n"
                               "capture " + zh + ".png " + zh + ".json\nlanguage en\nframes 3\n",
                               "1600x900", "LANGUAGE= LANG=C LC_ALL= LC_MESSAGES= ");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const json d = json::parse(read_text(zh + ".json"));
    EXPECT_EQ(d["language"], "zh");
    EXPECT_TRUE(d["fonts"]["chinese"].get<bool>());
    EXPECT_EQ(d["variant"], "block_blelloch");
    EXPECT_EQ(d["step"], 5);
    EXPECT_EQ(d["selection"]["slot"], 17);
    expect_all_translated(d, "after the switch");
    // The last action's line ("opened recording ...") is written again in the new language.
    EXPECT_TRUE(has_cjk(d["status"].get<std::string>())) << d["status"];
    EXPECT_EQ(run.dump["language"], "en");
    EXPECT_EQ(run.dump["step"], 5);
    EXPECT_EQ(run.dump["fonts"]["cjk_glyphs"].get<int>(), 6) << "English keeps only the language menu's 语言中文简体";
}

// Your kernel's lines after a switch: a good run's checks (its hazards, its difference from the
// twin) are made again in the new language, and a failed run's one line too.
TEST(GuiChinese, YourKernelsLinesFollowTheSwitch) {
    REQUIRE_DISPLAY();
    const fs::path out = fs::path(GUI_TEST_OUT) / "zh_kernel_switch";
    fs::create_directories(out);
    const std::string missing = (kSource / "assets" / "kernels" / "blelloch_missing_barrier.cu").string();
    const std::string en = (out / "en").string(), zh = (out / "zh").string();
    const GuiRun run = run_gui("zh_kernel_switch",
                               "kernel " + missing + "\nwait-kernel\ncapture " + en + ".png " + en +
                                   ".json\nlanguage zh\nframes 3\nwait-kernel\nframes 2\ncapture " + zh + ".png " +
                                   zh + ".json\n",
                               "1600x900", "LANGUAGE= LANG=C LC_ALL= LC_MESSAGES= ");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const json e = json::parse(read_text(en + ".json"))["learner"];
    const json z = json::parse(read_text(zh + ".json"))["learner"];
    ASSERT_TRUE(z["checks_done"].get<bool>());
    ASSERT_FALSE(e["failed"].empty());
    EXPECT_EQ(z["failed"].size(), e["failed"].size()) << "the same checks, in other words";
    EXPECT_EQ(z["passed"].size(), e["passed"].size());
    for (const auto& line : e["failed"]) EXPECT_FALSE(has_cjk(line.get<std::string>())) << line;
    for (const auto& line : z["failed"]) {
        EXPECT_TRUE(has_cjk(line.get<std::string>())) << line;
        EXPECT_EQ(english_word_in(line.get<std::string>()), "") << line;
    }
    EXPECT_EQ(z["runs"], e["runs"]) << "a good run is not run again for a switch";

    // A file whose settings scanviz refuses: its one line, made again in Chinese (a compiler's
    // own message would stay in the compiler's language).
    const std::string broken = (out / "broken.cu").string();
    {
        std::ofstream f(broken);
        f << "// scanviz: n = 32, block = 32, op = multiply\n#include \"scanviz.cuh\"\n"
             "__global__ void scan(const int* in, int* out, int n) { out[0] = in[0]; }\n";
    }
    const std::string ben = (out / "broken_en").string(), bzh = (out / "broken_zh").string();
    const GuiRun bad = run_gui("zh_kernel_switch_broken",
                               "kernel " + broken + "\nwait-kernel\ncapture " + ben + ".png " + ben +
                                   ".json\nlanguage zh\nframes 3\nwait-kernel\nframes 2\ncapture " + bzh +
                                   ".png " + bzh + ".json\n",
                               "1600x900", "LANGUAGE= LANG=C LC_ALL= LC_MESSAGES= ");
    ASSERT_EQ(bad.exit_code, 0) << bad.err;
    const json be = json::parse(read_text(ben + ".json"))["learner"];
    const json bz = json::parse(read_text(bzh + ".json"))["learner"];
    ASSERT_FALSE(be["error"].get<std::string>().empty());
    EXPECT_FALSE(has_cjk(be["error"].get<std::string>())) << be["error"];
    EXPECT_TRUE(has_cjk(bz["error"].get<std::string>())) << bz["error"];
    EXPECT_EQ(bz["error_line"], be["error_line"]);
}

// Without the Chinese font: English, and one line that says why (never boxes).
TEST(GuiChinese, NoFontMeansEnglishAndOneLine) {
    REQUIRE_DISPLAY();
    const GuiRun run = run_gui("zh_nofont", "variant warp_conditional\nframes 3\n", "1600x900",
                               chinese_env("nofont") + "SCANVIZ_FONT_CJK= ");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.dump["language"], "en");
    EXPECT_FALSE(run.dump["fonts"]["chinese"].get<bool>());
    const std::string status = run.dump["status"];
    EXPECT_NE(status.find("no Chinese font"), std::string::npos) << status;
    EXPECT_EQ(status.find('\n'), std::string::npos) << status;
}

// A question answered in the window in Chinese: the verdict (wrong, then right) in Chinese.
TEST(GuiChinese, AnswersAreJudgedInChinese) {
    REQUIRE_DISPLAY();
    const fs::path out = fs::path(GUI_TEST_OUT) / "zh_answer";
    fs::create_directories(out);
    const std::string wrong = (out / "wrong").string();
    // Lesson 1's first question: how many of the 32 lanes add at d = 1 (31).
    const GuiRun run = run_gui("zh_answer",
                               "lesson kogge_stone_warp\nlesson-step 1\nanswer 5\nframes 2\ncapture " + wrong +
                                   ".png " + wrong + ".json\nanswer 31\nframes 2\n",
                               "1600x900", chinese_env("answer"));
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const json w = json::parse(read_text(wrong + ".json"));
    ASSERT_TRUE(w["lesson"].contains("verdict")) << w["lesson"];
    EXPECT_FALSE(w["lesson"]["verdict"]["correct"].get<bool>());
    const std::string said_wrong = w["lesson"]["verdict"]["message"];
    EXPECT_TRUE(has_cjk(said_wrong)) << said_wrong;
    EXPECT_EQ(english_word_in(said_wrong), "") << said_wrong;
    ASSERT_TRUE(run.dump["lesson"].contains("verdict")) << run.dump["lesson"];
    EXPECT_TRUE(run.dump["lesson"]["verdict"]["correct"].get<bool>());
    const std::string said_right = run.dump["lesson"]["verdict"]["message"];
    EXPECT_EQ(said_right.rfind("正确：31", 0), 0u) << said_right;
}
