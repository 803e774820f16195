// Your kernel in the window (app/ui/kernel_view.hpp): a learner's .cu file opened by a script,
// run on the window's job runner, its trace on screen with the learner's file in the source view;
// an endless loop stopped at the time limit while the window keeps drawing; a compile error named
// FILE:LINE and marked in the source view; a save that runs the file again.
// These need a display: `xvfb-run -a ctest -L gui`.
#include <cstdio>
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "core/learner/engine.hpp"
#include "core/learner/settings.hpp"
#include "core/models/variants.hpp"
#include "gui_run.hpp"

namespace {

using namespace scanviz;

const std::string kSource = SCANVIZ_SOURCE_DIR;

// The trace of the `like` model of a kernel file's header, as the checks compare it.
Trace model_of(const std::string& file) {
    const ParsedSettings p = parse_settings(read_text(file), file);
    EXPECT_EQ(p.error, "");
    RunSpec spec = settings_spec(p.settings);
    return run_model(spec);
}

void expect_learner_engine(const json& learner) {
    // The GPU engine where NVRTC and a GPU are; the CPU engine everywhere else.
    if (!learner["why_not_gpu"].get<std::string>().empty()) {
        EXPECT_EQ(learner["engine"], "cpu");
    }
    EXPECT_EQ(learner["kind"], learner["engine"]);
}

}  // namespace

TEST(GuiKernel, BlellochOnScreenWithItsOwnFile) {
    REQUIRE_DISPLAY();
    const std::string file = kSource + "/assets/kernels/blelloch.cu";
    const GuiRun r = run_gui("kernel_blelloch", "kernel " + file + "\nwait-kernel\nstep 2\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json& l = r.dump["learner"];
    EXPECT_EQ(l["file"], file);
    EXPECT_EQ(l["error"], "");
    EXPECT_EQ(l["runs"], 1);
    expect_learner_engine(l);
    EXPECT_EQ(r.dump["source"]["kind"], l["kind"]);
    EXPECT_EQ(r.dump["steps"].get<size_t>(), model_of(file).steps.size());
    EXPECT_EQ(r.dump["phase"], "up-sweep");
    // The checks ran and passed: output, like block_blelloch's model, no hazard.
    EXPECT_TRUE(l["checks_done"].get<bool>());
    EXPECT_TRUE(l["failed"].empty()) << l["failed"].dump();
    EXPECT_GE(l["passed"].size(), 3u);
    // Its SASS (NVRTC and nvdisasm), or the line saying why there is none.
    EXPECT_EQ(l["sass"].get<std::string>().rfind("SASS of your kernel (", 0), 0u) << l["sass"];
    // Where there is SASS, its counts stand beside the built-in twin's (like = block_blelloch).
    if (l["sass"].get<std::string>().find(" instructions") != std::string::npos) {
        const json& rows = l["sass_rows"];
        ASSERT_EQ(rows.size(), 2u) << rows.dump();
        EXPECT_EQ(rows[0]["variant"], "block_blelloch");
        EXPECT_EQ(rows[1]["variant"], "yours");
        EXPECT_EQ(rows[0]["arch"], rows[1]["arch"]);
        EXPECT_GT(rows[0]["whole"].get<int>(), 0);
        EXPECT_GT(rows[1]["whole"].get<int>(), 0);
    } else {
        std::printf("no SASS of the learner's kernel here (%s): the twin's row is not checked\n",
                    l["sass"].get<std::string>().c_str());
    }
    // The source view shows the learner's file, with the lines of the step on screen.
    const json& src = r.dump["views"]["source"];
    EXPECT_EQ(src["path"], file);
    EXPECT_EQ(src["line_count"].get<size_t>(), 65u);  // blelloch.cu's own lines
    ASSERT_FALSE(src["highlighted_lines"].empty());
    for (const json& line : src["highlighted_lines"]) {
        EXPECT_GE(line.get<int>(), 23);  // from scanviz::step("up-sweep", ...) to its __syncthreads()
        EXPECT_LE(line.get<int>(), 28);
    }
}

TEST(GuiKernel, EndlessLoopStopsAtTheLimitWhileTheWindowDraws) {
    REQUIRE_DISPLAY();
    const std::string file = kSource + "/tests/data/learner/endless_loop.cu";
    const fs::path mid = fs::path(GUI_TEST_OUT) / "kernel_endless_mid.json";
    fs::remove(mid);
    const GuiRun r =
        // A limit of 3 s: the three frames before the capture must fit inside it on a loaded machine
        // (with the kernel already compiled in its cache, the run starts at once).
        run_gui("kernel_endless", "kernel-timeout 3\nkernel " + file + "\nframes 3\ncapture " +
                                      (fs::path(GUI_TEST_OUT) / "kernel_endless_mid.png").string() + " " +
                                      mid.string() + "\nwait-kernel 1\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    ASSERT_TRUE(fs::exists(mid));
    const json m = json::parse(read_text(mid));
    EXPECT_TRUE(m["learner"]["running"].get<bool>()) << "the run is still in flight while frames are drawn";
    EXPECT_GT(r.dump["frames"].get<int>(), m["frames"].get<int>());
    const std::string error = r.dump["learner"]["error"];
    EXPECT_NE(error.find("did not finish in 3 s"), std::string::npos) << error;
    EXPECT_NE(error.find("endless_loop.cu"), std::string::npos) << error;
    // The picture before the run stays.
    EXPECT_EQ(r.dump["variant"], m["variant"]);
    EXPECT_GT(r.dump["steps"].get<int>(), 0);
    EXPECT_EQ(r.dump["learner"]["kind"], "");
}

TEST(GuiKernel, CompileErrorNamesFileAndLine) {
    REQUIRE_DISPLAY();
    const std::string file = kSource + "/tests/data/learner/compile_error.cu";
    const GuiRun r =
        run_gui("kernel_compile_error", "kernel " + file + "\nwait-kernel\nexpect-error " + file + ":8:\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json& l = r.dump["learner"];
    EXPECT_EQ(l["error_line"], 8);
    EXPECT_EQ(l["error"].get<std::string>().rfind(file + ":8:", 0), 0u) << l["error"];
    const json& src = r.dump["views"]["source"];
    EXPECT_EQ(src["path"], file);
    EXPECT_EQ(src["highlighted_lines"], json::array({8}));
    EXPECT_GT(r.dump["steps"].get<int>(), 0);  // the picture before it stays
}

TEST(GuiKernel, SavingTheFileRunsItAgain) {
    REQUIRE_DISPLAY();
    const fs::path dir = fs::path(GUI_TEST_OUT);
    fs::create_directories(dir);
    const fs::path file = dir / "kernel_edited.cu";
    const std::string original = read_text(kSource + "/assets/kernels/blelloch.cu");
    const std::string ramp = "input = ramp";
    ASSERT_NE(original.find(ramp), std::string::npos);
    std::ofstream(file) << original;
    const fs::path first = dir / "kernel_edited_first.json";
    fs::remove(first);
    GuiRun r;
    std::thread gui([&] {
        r = run_gui("kernel_edited", "kernel " + file.string() + "\nwait-kernel\ncapture " +
                                         (dir / "kernel_edited_first.png").string() + " " + first.string() +
                                         "\nwait-kernel 2\nwait-kernel\n");
    });
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(180);
    while (!fs::exists(first) && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    // Saved as an editor saves: the header's input is now ones.
    std::string edited = original;
    edited.replace(edited.find(ramp), ramp.size(), "input = ones");
    std::ofstream(file) << edited;
    gui.join();
    ASSERT_TRUE(fs::exists(first));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json f = json::parse(read_text(first));
    EXPECT_EQ(f["learner"]["runs"], 1);
    EXPECT_EQ(f["spec"]["input"], "ramp");
    EXPECT_GE(r.dump["learner"]["runs"].get<int>(), 2);
    EXPECT_EQ(r.dump["learner"]["error"], "");
    EXPECT_EQ(r.dump["spec"]["input"], "ones");
    expect_learner_engine(r.dump["learner"]);
}
