// GUI tests of the lessons (label `gui`): every step of every shipped lesson is
// rendered from the shipped recording (`scanviz gui --script` with `capture`
// after each step); each screenshot must not be blank, the narration must be
// drawn where the state dump says, and the window must show what the lesson
// asked for (the variant, the trace step, the question's answer) as the core
// computes it independently here. Also: Page Down / Page Up, answers judged
// in the window, progress kept in the config directory, a broken lesson refused.
#include <gtest/gtest.h>
#include <stb_image.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <regex>
#include <sstream>
#include <thread>
#include <chrono>

#include "core/lessons/catalog.hpp"
#include "core/lessons/checker.hpp"
#include "core/lessons/sources.hpp"
#include "core/learner/engine_cpu.hpp"
#include "core/models/variants.hpp"

namespace {

using nlohmann::json;
namespace fs = std::filesystem;
using namespace scanviz;

const fs::path kSource = SCANVIZ_SOURCE_DIR;
const fs::path kOut = fs::path(GUI_TEST_OUT) / "lessons";

struct Image {
    int w = 0, h = 0;
    std::vector<uint8_t> rgba;
    const uint8_t* at(int x, int y) const { return rgba.data() + (static_cast<size_t>(y) * w + x) * 4; }
};

std::string read_text(const fs::path& p) {
    std::ifstream f(p);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

Image load_png(const fs::path& p) {
    Image img;
    int n = 0;
    uint8_t* data = stbi_load(p.string().c_str(), &img.w, &img.h, &n, 4);
    if (data) {
        img.rgba.assign(data, data + static_cast<size_t>(img.w) * img.h * 4);
        stbi_image_free(data);
    }
    return img;
}

#define REQUIRE_DISPLAY()                                                                               \
    do {                                                                                                \
        const char* d = std::getenv("DISPLAY");                                                         \
        if (!d || !*d) FAIL() << "DISPLAY is not set: run the gui tests as `xvfb-run -a ctest -L gui`"; \
    } while (0)

// Runs the window with a script; returns its exit code and stderr.
int run_script(const std::string& name, const std::string& script, std::string* err,
               const std::string& env = "") {
    fs::create_directories(kOut);
    const fs::path sp = kOut / (name + ".script"), ep = kOut / (name + ".stderr");
    std::ofstream(sp) << script;
    // Progress goes to a folder of the test's own unless the caller names one (never the user's).
    std::string config = env.empty() ? "XDG_CONFIG_HOME='" + (kOut / "config_default").string() + "'" : env;
    // A lesson's kernel is copied into the learner's folder: the test's own, fresh each run (never ~/.local).
    if (config.find("SCANVIZ_LEARNER_DIR") == std::string::npos) {
        const fs::path learner = kOut / ("learner_" + name);
        fs::remove_all(learner);
        config += " SCANVIZ_LEARNER_DIR='" + learner.string() + "'";
    }
    const std::string cmd = config + " '" + std::string(SCANVIZ_EXE) + "' gui --script '" + sp.string() +
                            "' --size 1600x900 2> '" + ep.string() + "'";
    const int status = std::system(cmd.c_str());
    *err = read_text(ep);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// Not blank: many distinct colours, no single colour over 90% of the frame.
void expect_not_blank(const Image& img, const std::string& what) {
    ASSERT_GT(img.w, 0) << what;
    std::map<uint32_t, int> counts;
    for (int y = 0; y < img.h; y += 3)
        for (int x = 0; x < img.w; x += 3) {
            const uint8_t* p = img.at(x, y);
            ++counts[p[0] | (p[1] << 8) | (p[2] << 16)];
        }
    int most = 0, samples = 0;
    for (const auto& [c, n] : counts) {
        most = std::max(most, n);
        samples += n;
    }
    EXPECT_GT(counts.size(), 50u) << what << ": almost no distinct colours";
    EXPECT_LT(most, samples * 9 / 10) << what << ": one colour covers over 90% of the frame";
}

// Text is drawn in the rectangle: a share of its pixels differs clearly from its background.
void expect_text_in(const Image& img, const json& rect, const std::string& what) {
    const int x0 = std::max(0, static_cast<int>(rect[0].get<double>()));
    const int y0 = std::max(0, static_cast<int>(rect[1].get<double>()));
    const int x1 = std::min(img.w, static_cast<int>(rect[2].get<double>()));
    const int y1 = std::min(img.h, static_cast<int>(rect[3].get<double>()));
    ASSERT_GT(x1 - x0, 100) << what << ": the narration has no width on screen";
    ASSERT_GT(y1 - y0, 10) << what << ": the narration has no height on screen";
    std::map<uint32_t, int> counts;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) {
            const uint8_t* p = img.at(x, y);
            ++counts[p[0] | (p[1] << 8) | (p[2] << 16)];
        }
    uint32_t bg = 0;
    int most = 0;
    for (const auto& [c, n] : counts)
        if (n > most) most = n, bg = c;
    const int luma_bg = (bg & 0xff) + ((bg >> 8) & 0xff) + ((bg >> 16) & 0xff);
    int ink = 0, total = 0;
    for (const auto& [c, n] : counts) {
        total += n;
        const int luma = (c & 0xff) + ((c >> 8) & 0xff) + ((c >> 16) & 0xff);
        if (std::abs(luma - luma_bg) > 200) ink += n;
    }
    const double share = static_cast<double>(ink) / total;
    EXPECT_GT(share, 0.01) << what << ": no text drawn where the narration is";
    EXPECT_LT(share, 0.6) << what << ": the narration area is not text on a background";
}

lessons::Sources model_sources() {
    static const lessons::Sources s = [] {
        lessons::Sources s;
        s.run = [](const RunSpec& spec) { return run_model(spec); };
        // A lesson's kernel: the shipped example (the window's fresh copy of it), on the CPU engine.
        lessons::run_kernels_with(s, cpu_engine(), "cpu", (kSource / "assets" / "kernels").string());
        return s;
    }();
    return s;
}

}  // namespace

TEST(GuiLessons, EveryStepOfEveryLessonRenders) {
    REQUIRE_DISPLAY();
    const auto catalog = lessons::list_lessons((kSource / "assets" / "lessons").string());
    ASSERT_GE(catalog.size(), 7u);
    const std::string recording = (kSource / "assets" / "recordings" / "default.svzrec").string();
    for (const auto& entry : catalog) {
        SCOPED_TRACE(entry.name);
        const lessons::Lesson lesson = lessons::load_lesson(entry.path);
        std::string script = "open " + recording + "\nlesson " + entry.path + "\n";
        for (size_t k = 0; k < lesson.steps.size(); ++k) {
            const std::string base = (kOut / (entry.name + "_" + std::to_string(k + 1))).string();
            fs::remove(base + ".png");
            // A kernel step's figures come with its run: the window opens the copy, then runs it.
            const bool kernel = !lesson.steps[k].view.kernel.empty();
            script += "lesson-step " + std::to_string(k + 1) + (kernel ? "\nframes 2\nwait-kernel" : "") +
                      "\ncapture " + base + ".png " + base + ".json\n";
        }
        std::string err;
        ASSERT_EQ(run_script(entry.name, script, &err), 0) << err;
        for (size_t k = 0; k < lesson.steps.size(); ++k) {
            const std::string what = entry.name + " step " + std::to_string(k + 1);
            const std::string base = (kOut / (entry.name + "_" + std::to_string(k + 1))).string();
            ASSERT_TRUE(fs::exists(base + ".png")) << what << ": no screenshot";
            const Image img = load_png(base + ".png");
            const json d = json::parse(read_text(base + ".json"));
            expect_not_blank(img, what);
            const json& l = d["lesson"];
            ASSERT_TRUE(l["active"].get<bool>()) << what << ": " << l["error"];
            EXPECT_EQ(l["index"], static_cast<int>(k)) << what;
            EXPECT_EQ(l["narration_error"], "") << what;
            ASSERT_EQ(l["narration"].size(), lesson.steps[k].paragraphs.size()) << what;
            for (const auto& p : l["narration"])
                EXPECT_EQ(p.get<std::string>().find('{'), std::string::npos) << what;
            expect_text_in(img, l["narration_rect"], what);
            for (const auto& f : l["floating"]) {  // no floating view covers the narration
                const json& a = f["rect"];
                const json& b = l["narration_rect"];
                const bool overlap =
                    a[0].get<double>() < b[2].get<double>() && b[0].get<double>() < a[2].get<double>() &&
                    a[1].get<double>() < b[3].get<double>() && b[1].get<double>() < a[3].get<double>();
                EXPECT_FALSE(overlap) << what << ": " << f["title"] << " covers the narration";
            }
            // The window shows what the step asks for, as the core computes it on its own.
            std::string error;
            const auto shown = lessons::show_step(lesson, static_cast<int>(k), model_sources(), &error);
            ASSERT_TRUE(shown) << error;
            EXPECT_EQ(d["variant"], lesson.steps[k].view.kernel.empty() ? lesson.steps[k].view.variant
                                                                         : shown->trace.spec.variant)
                << what;
            EXPECT_EQ(d["step"], shown->step) << what;
            EXPECT_EQ(d["steps"], static_cast<int>(shown->trace.steps.size())) << what;
            // Nothing of a later step is on screen before it runs: the diagram's rows and the work
            // and span table stop at the step shown.
            if (d["views"].contains("diagram"))
                for (const auto& n : d["views"]["diagram"]["nodes"])
                    EXPECT_LE(n["step"].get<int>(), d["step"].get<int>()) << what << ": a later row is drawn";
            if (d["views"].contains("metrics")) {
                EXPECT_TRUE(d["views"]["metrics"]["so_far"].get<bool>()) << what;
                EXPECT_EQ(d["views"]["metrics"]["rows_shown"], std::max(d["step"].get<int>() + 1, 0)) << what;
            }
            // A question may keep the selection (its lit cone) for after the answer.
            const auto& q = lesson.steps[k].question;
            EXPECT_EQ(d["selection"]["slot"], q && q->hides("selection") ? -1 : shown->select_slot) << what;
            EXPECT_EQ(l["revealed"].get<bool>(), !q) << what;
            EXPECT_TRUE(d["source"]["badge"].get<bool>())
                << what << ": the window does not say where the figures come from";
            if (lesson.steps[k].question) {
                EXPECT_TRUE(l["question"]["answerable"].get<bool>())
                    << what << ": " << l["question"]["answer"];
            }
            // Nothing on screen counts the run's steps ("step 7 of 14", "7 / 14"): a span or
            // step-count question would be read off it. A work question keeps the step's work back.
            const std::string total = std::to_string(shown->trace.steps.size());
            const std::regex counted("(step [0-9]+ of " + total + "|[0-9]+ / " + total + ")([^0-9]|$)");
            const std::regex work("work [0-9]+");
            ASSERT_TRUE(d["texts"].contains("on_screen")) << what;
            for (const auto& t : d["texts"]["on_screen"]) {
                const std::string text = t.get<std::string>();
                EXPECT_FALSE(std::regex_search(text, counted)) << what << ": the step count is on screen: " << text;
                if (q && q->hides("metrics"))
                    EXPECT_FALSE(std::regex_search(text, work)) << what << ": the step's work is on screen: " << text;
            }
        }
    }
}

TEST(GuiLessons, PageKeysAnswersAndProgress) {
    REQUIRE_DISPLAY();
    const fs::path config = kOut / "config";
    fs::remove_all(config);
    const fs::path dump1 = kOut / "keys1.json", dump2 = kOut / "keys2.json", dump3 = kOut / "keys3.json";
    const std::string script = "lesson kogge_stone_warp\nframes 2\nkey right\nframes 2\nanswer 30\ncapture " +
                               (kOut / "keys1.png").string() + " " + dump1.string() +
                               "\nanswer 31\ncapture " + (kOut / "keys2.png").string() + " " +
                               dump2.string() + "\nkey pagedown\nkey pageup\n" +
                               "key pageup\nframes 2\ncapture " + (kOut / "keys3.png").string() + " " +
                               dump3.string() + "\nlesson-step 4\n";
    std::string err;
    ASSERT_EQ(run_script("keys", script, &err, "XDG_CONFIG_HOME='" + config.string() + "'"), 0) << err;
    const json d1 = json::parse(read_text(dump1)), d2 = json::parse(read_text(dump2)),
               d3 = json::parse(read_text(dump3));
    // Step 1 asks for a prediction of the first step (Kogge-Stone at distance one): 31 of 32 lanes will
    // add (closed form 32 - 1). Until it is answered the initial state is shown, even after the step key.
    EXPECT_EQ(d1["lesson"]["index"], 0);
    EXPECT_EQ(d1["step"], -1);
    EXPECT_FALSE(d1["lesson"]["revealed"].get<bool>());
    EXPECT_FALSE(d1["lesson"]["verdict"]["correct"].get<bool>());
    EXPECT_NE(d1["lesson"]["verdict"]["message"].get<std::string>().find("the state view"), std::string::npos)
        << "a wrong answer names the view that shows the answer";
    EXPECT_TRUE(d2["lesson"]["verdict"]["correct"].get<bool>()) << d2["lesson"]["verdict"]["message"];
    // The right answer runs the predicted step.
    EXPECT_TRUE(d2["lesson"]["revealed"].get<bool>());
    EXPECT_EQ(d2["step"], 0);
    EXPECT_EQ(d3["lesson"]["index"], 0);  // down, up, up: back at the first step
    // The progress file under $XDG_CONFIG_HOME/scanviz keeps the last step and the right answer.
    const auto progress = lessons::load_progress((config / "scanviz" / "lessons.progress").string());
    ASSERT_TRUE(progress.count("01_kogge_stone_warp"));
    EXPECT_EQ(progress.at("01_kogge_stone_warp").step, 3);
    EXPECT_EQ(progress.at("01_kogge_stone_warp").answered, (std::set<int>{0}));
    // The next run starts where the learner stopped.
    const fs::path dump4 = kOut / "keys4.json";
    ASSERT_EQ(run_script("resume",
                         "lesson kogge_stone_warp\ncapture " + (kOut / "keys4.png").string() + " " +
                             dump4.string() + "\n",
                         &err, "XDG_CONFIG_HOME='" + config.string() + "'"),
              0)
        << err;
    EXPECT_EQ(json::parse(read_text(dump4))["lesson"]["index"], 3);
}

// An open question holds the run at the step the lesson shows: running to the end (the End key) would
// show the answer, so the window stays where it was until the question is answered.
TEST(GuiLessons, AnOpenQuestionHoldsTheRun) {
    REQUIRE_DISPLAY();
    const auto catalog = lessons::list_lessons((kSource / "assets" / "lessons").string());
    ASSERT_FALSE(catalog.empty());
    // The first question, in any lesson, that is not answered by running the next step and whose step
    // is not the run's last.
    std::string path;
    int k = -1, step = -2;
    for (const auto& entry : catalog) {
        const lessons::Lesson lesson = lessons::load_lesson(entry.path);
        for (size_t i = 0; i < lesson.steps.size() && k < 0; ++i) {
            if (!lesson.steps[i].question || lesson.steps[i].question->reveal_next) continue;
            std::string error;
            const auto shown = lessons::show_step(lesson, static_cast<int>(i), model_sources(), &error);
            ASSERT_TRUE(shown) << error;
            if (shown->step + 1 >= static_cast<int>(shown->trace.steps.size())) continue;
            path = entry.path, k = static_cast<int>(i), step = shown->step;
        }
        if (k >= 0) break;
    }
    ASSERT_GE(k, 0) << "no lesson asks a question before its run's last step";
    const fs::path config = kOut / "config_hold", dump = kOut / "hold.json";
    fs::remove_all(config);
    const fs::path back = kOut / "hold_back.json";
    const std::string script = "lesson " + path + "\nlesson-step " + std::to_string(k + 1) +
                               "\nframes 2\nkey end\nframes 3\ncapture " + (kOut / "hold.png").string() + " " +
                               dump.string() + "\nkey home\nframes 3\ncapture " +
                               (kOut / "hold_back.png").string() + " " + back.string() + "\n";
    std::string err;
    ASSERT_EQ(run_script("hold", script, &err, "XDG_CONFIG_HOME='" + config.string() + "'"), 0) << err;
    const json d = json::parse(read_text(dump));
    EXPECT_FALSE(d["lesson"]["revealed"].get<bool>());
    EXPECT_EQ(d["step"], step) << path << " step " << k + 1;
    // Back to the start is held too: the steps before may show the asked figure one by one.
    const json b = json::parse(read_text(back));
    EXPECT_EQ(b["step"], step) << path << " step " << k + 1;
}

// A cone question hides the lesson's selection; a click on the diagram must not light the cone and
// print "depends on N inputs" before the student answers (lessons_review7: 01:55, 06:44, 06:54).
TEST(GuiLessons, AConeQuestionIgnoresClicksUntilAnswered) {
    REQUIRE_DISPLAY();
    const auto catalog = lessons::list_lessons((kSource / "assets" / "lessons").string());
    std::string path;
    int k = -1, step = -1, slot = -1;
    for (const auto& entry : catalog) {
        const lessons::Lesson lesson = lessons::load_lesson(entry.path);
        for (size_t i = 0; i < lesson.steps.size() && k < 0; ++i) {
            const auto& q = lesson.steps[i].question;
            if (!q || !q->hides("selection") || !lesson.steps[i].view.shows("diagram")) continue;
            std::string error;
            const auto shown = lessons::show_step(lesson, static_cast<int>(i), model_sources(), &error);
            ASSERT_TRUE(shown) << error;
            path = entry.path, k = static_cast<int>(i), step = shown->step, slot = shown->select_slot;
        }
        if (k >= 0) break;
    }
    ASSERT_GE(k, 0) << "no lesson asks a cone question with the diagram shown";
    ASSERT_GE(slot, 0);
    const fs::path config = kOut / "config_cone", held = kOut / "cone1.json", after = kOut / "cone2.json";
    fs::remove_all(config);
    auto click = [&](int s) {
        return "click diagram " + std::to_string(step) + " " + std::to_string(s) + "\nframes 2\n";
    };
    const int other = slot == 0 ? 1 : 0;  // after the answer: a cell other than the lesson's own
    const std::string script = "lesson " + path + "\nlesson-step " + std::to_string(k + 1) + "\nframes 2\n" +
                               click(slot) + "capture " + (kOut / "cone1.png").string() + " " + held.string() +
                               "\nshow-answer\nframes 2\n" + click(other) + "capture " +
                               (kOut / "cone2.png").string() + " " + after.string() + "\n";
    std::string err;
    ASSERT_EQ(run_script("cone", script, &err, "XDG_CONFIG_HOME='" + config.string() + "'"), 0) << err;
    const json h = json::parse(read_text(held)), a = json::parse(read_text(after));
    EXPECT_FALSE(h["lesson"]["revealed"].get<bool>());
    EXPECT_EQ(h["selection"]["slot"], -1) << path << " step " << k + 1 << ": the click selected a cell";
    const std::regex readout("depends on [0-9]");
    for (const auto& t : h["texts"]["on_screen"])
        EXPECT_FALSE(std::regex_search(t.get<std::string>(), readout)) << t;
    // Answered (shown), the diagram is the student's again.
    EXPECT_TRUE(a["lesson"]["revealed"].get<bool>());
    EXPECT_EQ(a["selection"]["slot"], other);
}

// A view an open question hides stays closed whatever opens it (F7 for the SASS view, the race lab's
// switch), until the question is answered (lessons_review8).
TEST(GuiLessons, HiddenViewsStayClosedUntilAnswered) {
    REQUIRE_DISPLAY();
    const fs::path config = kOut / "config_locked";
    fs::remove_all(config);
    const fs::path held = kOut / "locked1.json", shown = kOut / "locked2.json";
    // Lesson 2's step 4 hides the SASS view (AnsweringRevealsTheHiddenAnswer).
    const std::string script = "lesson smem_to_shuffles\nlesson-step 4\nframes 2\nkey f7\nshow race on\nframes 2\n"
                               "capture " + (kOut / "locked1.png").string() + " " + held.string() +
                               "\nshow-answer\nframes 2\nshow race on\nframes 2\ncapture " +
                               (kOut / "locked2.png").string() + " " + shown.string() + "\n";
    std::string err;
    ASSERT_EQ(run_script("locked", script, &err, "XDG_CONFIG_HOME='" + config.string() + "'"), 0) << err;
    const json h = json::parse(read_text(held)), a = json::parse(read_text(shown));
    EXPECT_FALSE(h["lesson"]["revealed"].get<bool>());
    EXPECT_FALSE(h["lesson"]["sass_open"].get<bool>()) << "F7 opened the SASS view the question hides";
    EXPECT_FALSE(h["views"].contains("race")) << "the race lab opened during an open question";
    EXPECT_TRUE(a["lesson"]["revealed"].get<bool>());
    EXPECT_TRUE(a["lesson"]["sass_open"].get<bool>());
    EXPECT_TRUE(a["views"].contains("race"));
}

// The race lab answers a race question further on: between lesson 1's two race questions (step 10
// asks nothing) it stays shut; at the last step, past them, it opens (lessons_review10).
TEST(GuiLessons, TheRaceLabWaitsForTheLastRaceQuestion) {
    REQUIRE_DISPLAY();
    const fs::path config = kOut / "config_race_ahead";
    fs::remove_all(config);
    const fs::path between = kOut / "race_ahead1.json", after = kOut / "race_ahead2.json";
    const std::string script = "lesson kogge_stone_warp\nlesson-step 10\nframes 2\nshow race on\nframes 2\ncapture " +
                               (kOut / "race_ahead1.png").string() + " " + between.string() +
                               "\nlesson-step 13\nframes 2\nshow race on\nframes 2\ncapture " +
                               (kOut / "race_ahead2.png").string() + " " + after.string() + "\n";
    std::string err;
    ASSERT_EQ(run_script("race_ahead", script, &err, "XDG_CONFIG_HOME='" + config.string() + "'"), 0) << err;
    const json b = json::parse(read_text(between)), a = json::parse(read_text(after));
    EXPECT_FALSE(b["lesson"].contains("verdict")) << "step 10 asks nothing";
    EXPECT_FALSE(b["views"].contains("race")) << "the race lab opened before step 11's race question";
    EXPECT_TRUE(a["views"].contains("race")) << "past the last race question the race lab opens";
}

// Predict before reveal: a hidden figure prints "(?)" and a hidden panel stays closed until the question is
// answered; "Show answer" reveals them without an answer.
TEST(GuiLessons, AnsweringRevealsTheHiddenAnswer) {
    REQUIRE_DISPLAY();
    const fs::path config = kOut / "config_reveal";
    fs::remove_all(config);
    const fs::path before = kOut / "reveal1.json", after = kOut / "reveal2.json", shown = kOut / "reveal3.json";
    const std::string script = "lesson smem_to_shuffles\nlesson-step 3\nframes 2\ncapture " +
                               (kOut / "reveal1.png").string() + " " + before.string() + "\nanswer 31\nframes 2\ncapture " +
                               (kOut / "reveal2.png").string() + " " + after.string() +
                               "\nlesson-step 4\nshow-answer\nframes 2\ncapture " + (kOut / "reveal3.png").string() +
                               " " + shown.string() + "\n";
    std::string err;
    ASSERT_EQ(run_script("reveal", script, &err, "XDG_CONFIG_HOME='" + config.string() + "'"), 0) << err;
    const json b = json::parse(read_text(before)), a = json::parse(read_text(after)),
               s = json::parse(read_text(shown));
    // Step 3 of lesson 2: "the work rises to {hidden work}" (160: 32 lanes times 5 steps), the metrics
    // panel hidden; the question asks how many of those additions add a pad zero: 31 (160 - 129).
    auto joined = [](const json& l) {
        std::string text;
        for (const auto& p : l["narration"]) text += p.get<std::string>() + "\n";
        return text;
    };
    EXPECT_FALSE(b["lesson"]["revealed"].get<bool>());
    EXPECT_NE(joined(b["lesson"]).find("rises to (?)"), std::string::npos) << joined(b["lesson"]);
    EXPECT_EQ(joined(b["lesson"]).find("160"), std::string::npos) << joined(b["lesson"]);
    EXPECT_FALSE(b["lesson"]["show_metrics"].get<bool>());
    EXPECT_TRUE(a["lesson"]["verdict"]["correct"].get<bool>());
    EXPECT_TRUE(a["lesson"]["revealed"].get<bool>());
    EXPECT_NE(joined(a["lesson"]).find("rises to 160"), std::string::npos) << joined(a["lesson"]);
    EXPECT_TRUE(a["lesson"]["show_metrics"].get<bool>());
    // Step 4 hides its -base figures and the SASS view; "Show answer" opens both without an answer.
    EXPECT_TRUE(s["lesson"]["revealed"].get<bool>());
    EXPECT_EQ(joined(s["lesson"]).find("(?)"), std::string::npos) << joined(s["lesson"]);
    EXPECT_TRUE(s["lesson"]["sass_open"].get<bool>());
    EXPECT_FALSE(s["lesson"].contains("verdict"));
}

TEST(GuiLessons, BrokenLessonIsRefusedWithTheCheckersMessage) {
    REQUIRE_DISPLAY();
    const std::string file = (kSource / "tests" / "cli" / "data" / "lesson_step_past_end.lesson").string();
    const fs::path dump = kOut / "broken.json";
    std::string err;
    ASSERT_EQ(run_script("broken",
                         "lesson " + file + "\nexpect-error at = 12 is past the end\ncapture " +
                             (kOut / "broken.png").string() + " " + dump.string() + "\n",
                         &err),
              0)
        << err;
    const json d = json::parse(read_text(dump));
    EXPECT_FALSE(d["lesson"]["active"].get<bool>());
    EXPECT_EQ(d["lesson"]["error"],
              file +
                  ":7: at = 12 is past the end: warp_conditional on this input has 5 steps "
                  "(0 = initial state, 1 .. 5, last)");
}

// Lesson 8 walked as a learner does: the racy example opens as a copy in the learner's folder; the
// hazard questions are answered before their list shows; out of lockstep the output goes wrong; then
// the learner saves a fixed file (the test writes it while the window runs) and the step is passed.
TEST(GuiLessons, YourKernelLessonPredictRunInterleavedFixAndPass) {
    REQUIRE_DISPLAY();
    const fs::path learner = kOut / "learner_lesson8", config = kOut / "config_lesson8";
    fs::remove_all(learner);
    fs::remove_all(config);
    const fs::path shipped = kSource / "assets" / "kernels" / "hillis_steele_one_buffer.cu";
    const std::string shipped_text = read_text(shipped);
    const fs::path copy = learner / "hillis_steele_one_buffer.cu";
    const fs::path lesson = kSource / "assets" / "lessons" / "08_your_kernel_race.lesson";
    auto dump = [&](int i) { return kOut / ("l8_" + std::to_string(i) + ".json"); };
    auto cap = [&](int i) {
        return "capture " + (kOut / ("l8_" + std::to_string(i) + ".png")).string() + " " + dump(i).string() + "\n";
    };
    for (int i = 1; i <= 7; ++i) fs::remove(dump(i));
    // The racy run out of lockstep, computed here on its own: the wrong outputs the window must ask about.
    const lessons::Sources& src = model_sources();
    const LearnerRun racy = src.run_kernel(shipped.string(), true);
    ASSERT_TRUE(racy.error.empty()) << racy.error;
    const auto want = sequential_scan(racy.trace.input, Op::Add, ElemType::I32, false);
    int wrong = 0;
    for (size_t i = 0; i < want.size(); ++i) wrong += racy.trace.output[i] != want[i];
    ASSERT_GT(wrong, 0);
    const std::string script = "lesson " + lesson.string() + "\nlesson-step 1\nframes 2\nwait-kernel\n" + cap(1) +
                               "lesson-step 2\nframes 2\nwait-kernel\n" + cap(2) + "answer 1-6\n" + cap(3) +
                               "answer 1-5\n" + cap(4) + "lesson-step 5\nframes 2\nwait-kernel\nanswer " +
                               std::to_string(wrong) + "\n" + cap(5) +
                               "lesson-step 8\nframes 2\nwait-kernel\n" + cap(6) +
                               // The test saves the fixed file now: the window sees it and runs it (a third run).
                               "wait-kernel 3\nwait-kernel\nframes 2\n" + cap(7);
    fs::create_directories(kOut);
    const fs::path sp = kOut / "lesson8.script", ep = kOut / "lesson8.stderr", rc = kOut / "lesson8.rc";
    fs::remove(rc);
    std::ofstream(sp) << script;
    const std::string cmd = "(XDG_CONFIG_HOME='" + config.string() + "' SCANVIZ_LEARNER_DIR='" + learner.string() +
                            "' '" + std::string(SCANVIZ_EXE) + "' gui --script '" + sp.string() +
                            "' --size 1600x900 2> '" + ep.string() + "'; echo $? > '" + rc.string() + "') &";
    ASSERT_EQ(std::system(cmd.c_str()), 0);
    // Wait for the goal step's first capture (or the window's end), then save the fix in the copy.
    const auto start = std::chrono::steady_clock::now();
    auto waited = [&] { return std::chrono::steady_clock::now() - start > std::chrono::seconds(240); };
    while (!fs::exists(dump(6)) && !fs::exists(rc) && !waited())
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    ASSERT_TRUE(fs::exists(dump(6))) << read_text(ep);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the capture's file is complete
    EXPECT_EQ(read_text(copy), shipped_text) << "the learner's copy starts as the shipped example";
    const std::string fixed = read_text(kSource / "assets" / "kernels" / "hillis_steele_two_buffers.cu");
    { std::ofstream(copy, std::ios::trunc) << fixed; }
    while (!fs::exists(rc) && !waited()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    ASSERT_TRUE(fs::exists(rc)) << "the window did not finish";
    ASSERT_EQ(read_text(rc), "0\n") << read_text(ep);
    EXPECT_EQ(read_text(shipped), shipped_text) << "the shipped example was written";

    const json d1 = json::parse(read_text(dump(1)))["lesson"];
    ASSERT_TRUE(d1["active"].get<bool>()) << d1["error"];
    EXPECT_EQ(d1["kernel"]["file"], copy.string());
    EXPECT_EQ(d1["narration_error"], "");
    // Step 2: the hazard list is closed until the prediction is right (steps 1-5: d = 32 has no writer).
    const json d2 = json::parse(read_text(dump(2)));
    EXPECT_TRUE(d2["lesson"]["kernel"]["hazards_hidden"].get<bool>());
    EXPECT_TRUE(d2["lesson"]["kernel"]["panel"].get<bool>());
    EXPECT_EQ(d2["lesson"]["question"]["answer"], "1-5");
    const json d3 = json::parse(read_text(dump(3)))["lesson"];
    EXPECT_FALSE(d3["verdict"]["correct"].get<bool>());
    EXPECT_TRUE(d3["kernel"]["hazards_hidden"].get<bool>()) << "a wrong answer opens nothing";
    const json d4 = json::parse(read_text(dump(4)))["lesson"];
    EXPECT_TRUE(d4["verdict"]["correct"].get<bool>()) << d4["verdict"]["message"];
    EXPECT_FALSE(d4["kernel"]["hazards_hidden"].get<bool>());
    // Step 5: out of lockstep, the wrong outputs counted here.
    const json d5 = json::parse(read_text(dump(5)));
    EXPECT_TRUE(d5["lesson"]["kernel"]["interleaved"].get<bool>());
    EXPECT_EQ(d5["lesson"]["question"]["answer"], std::to_string(wrong));
    EXPECT_TRUE(d5["lesson"]["verdict"]["correct"].get<bool>()) << d5["lesson"]["verdict"]["message"];
    // Step 8 before the fix: not passed, and it says why; after it: passed, and kept in the progress.
    const json d6 = json::parse(read_text(dump(6)))["lesson"];
    EXPECT_TRUE(d6["kernel"]["goal"].get<bool>());
    EXPECT_FALSE(d6["kernel"]["goal_passed"].get<bool>());
    EXPECT_NE(d6["kernel"]["goal_why"].get<std::string>(), "");
    const json d7 = json::parse(read_text(dump(7)))["lesson"];
    EXPECT_TRUE(d7["kernel"]["goal_passed"].get<bool>()) << d7["kernel"]["goal_why"];
    EXPECT_EQ(d7["index"], 7);
    const auto progress = lessons::load_progress((config / "scanviz" / "lessons.progress").string());
    ASSERT_TRUE(progress.count("08_your_kernel_race"));
    EXPECT_TRUE(progress.at("08_your_kernel_race").answered.count(7));
}
