// Your kernel in the window (app/ui/kernel_view.hpp): a learner's .cu file opened by a script,
// run on the window's job runner, its trace on screen with the learner's file in the source view;
// an endless loop stopped at the time limit while the window keeps drawing; a compile error named
// FILE:LINE and marked in the source view; a save that runs the file again.
// These need a display: `xvfb-run -a ctest -L gui`.
#include <cstdio>
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <set>
#include <utility>
#include <vector>
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

// Your kernel's hazards, drawn: the one-buffer Hillis-Steele races in every step (thread t reads s[t - d]
// while thread t - d writes it). Its pairs are drawn at their step in the state view (the slot raced on
// outlined, the read's arc) and in the diagram (the read's edge, the cell the write lands in), all with the
// hazard role; a click on a hazard's line in the Your-kernel panel goes to its step and draws its pair alone.
TEST(GuiKernel, RacyKernelsHazardsDrawnAndClickedPairLit) {
    REQUIRE_DISPLAY();
    const std::string file = kSource + "/assets/kernels/hillis_steele_one_buffer.cu";
    const fs::path dir = fs::path(GUI_TEST_OUT);
    const fs::path before = dir / "kernel_hazards_all.json";
    fs::remove(before);
    const GuiRun r = run_gui("kernel_hazards",
                             "kernel " + file + "\nwait-kernel\nstep 2\ncapture " +
                                 (dir / "kernel_hazards_all.png").string() + " " + before.string() +
                                 "\nclick-hazard 1\nframes 3\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    ASSERT_TRUE(fs::exists(before));
    const json all = json::parse(read_text(before));

    // Every pair drawn, at step 2 (d = 4): the hazards of that step, placed on the trace shown.
    const json& h = all["learner"]["hazards"];
    ASSERT_GT(h["count"].get<int>(), 6) << h.dump();
    EXPECT_TRUE(h["drawn"].get<bool>());
    EXPECT_EQ(h["picked"], -1);
    EXPECT_EQ(h["listed"], 6);
    std::set<int> raced_at_2;  // the slots raced on in step 2
    for (const json& p : h["pairs"]) {
        EXPECT_EQ(p["kind"], "WAR") << p.dump();  // the read of s[t - d] before t - d's write lands
        EXPECT_EQ(p["read"]["step"], p["write"]["step"]) << p.dump();  // one step: no barrier between
        EXPECT_GE(p["read"]["op"].get<int>(), 0) << p.dump();
        EXPECT_GE(p["write"]["op"].get<int>(), 0) << p.dump();
        if (p["step"] == 2) raced_at_2.insert(p["slot"].get<int>());
    }
    ASSERT_FALSE(raced_at_2.empty());
    const json& state = all["views"]["state"];
    std::set<int> state_cells;
    for (const json& c : state["cells"])
        if (c["role"] == "hazard") {
            EXPECT_EQ(c["step"], 2);
            state_cells.insert(c["slot"].get<int>());
        }
    ASSERT_FALSE(state_cells.empty());
    for (int s : state_cells) EXPECT_TRUE(raced_at_2.count(s)) << "slot " << s << " is drawn raced on but is not";
    int state_arcs = 0;
    for (const json& e : state["edges"]) state_arcs += e["role"] == "hazard";
    EXPECT_GT(state_arcs, 0);
    // The diagram shows the whole run: every step's pairs in its row, as the race lab draws a built-in's.
    std::set<int> steps_raced;
    for (const json& p : h["pairs"]) steps_raced.insert(p["step"].get<int>());
    int diagram_edges = 0;
    for (const json& e : all["views"]["diagram"]["edges"])
        if (e["role"] == "hazard") {
            EXPECT_TRUE(steps_raced.count(e["to_row"].get<int>())) << e.dump();
            EXPECT_EQ(e["from_row"].get<int>() + 1, e["to_row"].get<int>()) << e.dump();
            diagram_edges += e["to_row"] == 2;
        }
    EXPECT_EQ(diagram_edges, static_cast<int>(raced_at_2.size()));  // one read at risk per slot raced on
    std::set<int> diagram_cells;  // in the row of step 2
    for (const json& c : all["views"]["diagram"]["nodes"])
        if (c["role"] == "hazard" && c["step"] == 2) diagram_cells.insert(c["slot"].get<int>());
    EXPECT_EQ(diagram_cells, raced_at_2);

    // The second hazard clicked in the panel: its step, and its pair alone.
    const json& after = r.dump["learner"]["hazards"];
    EXPECT_EQ(after["picked"], 1) << after.dump();
    const json& pair = after["pairs"][1];
    const int step = pair["step"], slot = pair["slot"];
    EXPECT_EQ(r.dump["step"], step);
    std::vector<std::pair<int, int>> cells;
    for (const json& c : r.dump["views"]["state"]["cells"])
        if (c["role"] == "hazard") cells.emplace_back(c["step"], c["slot"]);
    EXPECT_EQ(cells, (std::vector<std::pair<int, int>>{{step, slot}}));
    cells.clear();
    for (const json& c : r.dump["views"]["diagram"]["nodes"])
        if (c["role"] == "hazard") cells.emplace_back(c["step"], c["slot"]);
    EXPECT_EQ(cells, (std::vector<std::pair<int, int>>{{pair["write"]["step"].get<int>(), slot}}));
    int lit = 0;
    for (const json& e : r.dump["views"]["diagram"]["edges"])
        if (e["role"] == "hazard") {
            ++lit;
            EXPECT_EQ(e["to_row"], step);
        }
    EXPECT_EQ(lit, 1);
    int arcs = 0;
    for (const json& e : r.dump["views"]["state"]["edges"]) arcs += e["role"] == "hazard";
    EXPECT_GT(arcs, 0);
    EXPECT_LT(arcs, state_arcs);  // one arc (of several segments) of the many
}

// The hazards stay undrawn where none is found: the fix (two buffers) draws no red.
TEST(GuiKernel, FixedKernelDrawsNoHazard) {
    REQUIRE_DISPLAY();
    const std::string file = kSource + "/assets/kernels/hillis_steele_two_buffers.cu";
    const GuiRun r = run_gui("kernel_no_hazards", "kernel " + file + "\nwait-kernel\nstep 2\nframes 2\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.dump["learner"]["hazards"]["count"], 0);
    for (const char* view : {"state", "diagram"})
        for (const char* what : {"cells", "nodes", "edges"})
            if (r.dump["views"][view].contains(what))
                for (const json& x : r.dump["views"][view][what]) EXPECT_NE(x["role"], "hazard") << view;
    // A click on a hazard that is not listed is refused with one line.
    const GuiRun bad = run_gui("kernel_no_hazards_click", "kernel " + file + "\nwait-kernel\nclick-hazard 0\n");
    EXPECT_NE(bad.exit_code, 0);
    EXPECT_NE(bad.err.find("click-hazard 0: the Your-kernel panel lists 0 hazard lines"), std::string::npos) << bad.err;
}

// The race lab opened beside a racy kernel of yours shows yours (its hazards drawn as a built-in's are),
// not block_blelloch; picking a built-in case shows that case again.
TEST(GuiKernel, RaceLabShowsYourRacyKernel) {
    REQUIRE_DISPLAY();
    const std::string file = kSource + "/assets/kernels/hillis_steele_one_buffer.cu";
    const fs::path dir = fs::path(GUI_TEST_OUT);
    const fs::path mine = dir / "kernel_race_yours.json";
    fs::remove(mine);
    const GuiRun r = run_gui("kernel_race", "kernel " + file + "\nwait-kernel\nshow race on\nframes 3\ncapture " +
                                                (dir / "kernel_race_yours.png").string() + " " + mine.string() +
                                                "\nrace block_hillis_steele one-buffer\nframes 3\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    ASSERT_TRUE(fs::exists(mine));
    const json y = json::parse(read_text(mine));
    const json& race = y["views"]["race"];
    EXPECT_TRUE(race["yours"].get<bool>());
    int hazard_edges = 0;
    for (const json& e : race["edges"]) hazard_edges += e["role"] == "hazard";
    EXPECT_EQ(hazard_edges, y["learner"]["hazards"]["count"].get<int>());  // one read at risk per hazard
    // A built-in case picked: the lab shows it, with its own hazard edges.
    const json& builtin = r.dump["views"]["race"];
    EXPECT_FALSE(builtin["yours"].get<bool>());
    EXPECT_EQ(builtin["case"], "block_hillis_steele:one-buffer") << builtin["case"];
    EXPECT_EQ(builtin["hazard_edges"].get<size_t>(), [&] {
        size_t n = 0;
        for (const json& e : builtin["edges"]) n += e["role"] == "hazard";
        return n;
    }());
}

// A race with the load (the warp-synchronous scan reads a lane's partial before a barrier orders its
// store): the load is the picture's initial state, so the write is drawn there, in the diagram's
// initial row, and the read at its step.
TEST(GuiKernel, ARaceWithTheLoadIsDrawnOnTheInitialRow) {
    REQUIRE_DISPLAY();
    const std::string file = kSource + "/assets/kernels/scan_warp_lockstep.cu";
    const GuiRun r = run_gui("kernel_hazards_load", "kernel " + file + "\nwait-kernel\nstep 0\nframes 2\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json& h = r.dump["learner"]["hazards"];
    ASSERT_GT(h["count"].get<int>(), 0);
    int with_load = 0;
    for (const json& p : h["pairs"]) {
        if (p["kind"] != "WAW") EXPECT_GE(p["read"]["op"].get<int>(), 0) << p.dump();  // every read placed
        if (p["write"]["step"] == -1) {
            ++with_load;
            EXPECT_EQ(p["write"]["op"], -1) << p.dump();  // a load: no operation of the picture
        } else {
            EXPECT_GE(p["write"]["op"].get<int>(), 0) << p.dump();
        }
    }
    ASSERT_GT(with_load, 0);
    int initial_row = 0;
    for (const json& c : r.dump["views"]["diagram"]["nodes"]) initial_row += c["role"] == "hazard" && c["step"] == -1;
    EXPECT_GT(initial_row, 0);
    int at_step = 0;
    for (const json& c : r.dump["views"]["state"]["cells"]) at_step += c["role"] == "hazard";
    EXPECT_GT(at_step, 0);
}

// A textbook's kernel as printed (PMPP's Kogge-Stone: one array, a plain float temp, no step names)
// against its twin: the panel lists it equal to block_hillis_steele, with the differences of form
// as notes, and its trace has the edges of each step.
TEST(GuiKernel, ATextbooksKernelMatchesItsTwinWithNotes) {
    REQUIRE_DISPLAY();
    const std::string file = kSource + "/tests/data/learner/textbook/pmpp_kogge_stone.cu";
    const GuiRun r = run_gui("kernel_textbook_notes", "kernel " + file + "\nwait-kernel\nstep 1\nframes 2\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const json& l = r.dump["learner"];
    bool equal = false;
    for (const json& p : l["passed"]) equal = equal || p.get<std::string>() == "equal to block_hillis_steele's model, step by step";
    EXPECT_TRUE(equal) << l["passed"].dump();
    EXPECT_TRUE(l["failed"].empty()) << l["failed"].dump();
    ASSERT_FALSE(l["notes"].empty());
    bool buffers = false;
    for (const json& n : l["notes"]) buffers = buffers || n.get<std::string>().find("two buffers") != std::string::npos;
    EXPECT_TRUE(buffers) << l["notes"].dump();
    EXPECT_FALSE(r.dump["views"]["diagram"]["edges"].empty()) << "the plain temp's sums keep their edges";
}

// A split step (read into a register, barrier, write) is one step of the picture but two of the access
// trace: its hazards land on the picture's step that joins them, each access on its own operation.
TEST(GuiKernel, HazardsOfASplitStepArePlacedOnTheJoinedStep) {
    REQUIRE_DISPLAY();
    const fs::path file = fs::path(GUI_TEST_OUT) / "kernel_split_race.cu";
    fs::create_directories(file.parent_path());
    std::ofstream(file) << "// scanviz: n = 64, block = 64, op = add, type = i32, inclusive, input = ramp\n"
                           "#include \"scanviz.cuh\"\n"
                           "__global__ void split_race(const int* in, int* out, int n) {\n"
                           "    SCANVIZ_SHARED(int, s, 64);\n"
                           "    const int t = threadIdx.x;\n"
                           "    if (t < n) s[t] = in[t];\n"
                           "    __syncthreads();\n"
                           "    for (int d = 1; d < n; d *= 2) {\n"
                           "        int v = t < n ? s[t] : 0;\n"
                           "        if (t < n && t >= d) v += s[t - d];\n"
                           "        __syncthreads();\n"
                           "        if (t < n) s[t] = v;  // no barrier after: the next reads race with it\n"
                           "    }\n"
                           "    __syncthreads();\n"
                           "    if (t < n) out[t] = s[t];\n"
                           "}\n";
    const GuiRun r = run_gui("kernel_split_race", "kernel " + file.string() + "\nwait-kernel\nframes 2\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    ASSERT_EQ(r.dump["learner"]["error"], "");
    const json& h = r.dump["learner"]["hazards"];
    ASSERT_GT(h["count"].get<int>(), 0);
    const int steps = r.dump["steps"];
    std::set<int> at;
    for (const json& p : h["pairs"]) {
        EXPECT_EQ(p["read"]["step"], p["write"]["step"]) << p.dump();  // the store and the next step's read
        EXPECT_GE(p["read"]["op"].get<int>(), 0) << p.dump();
        EXPECT_GE(p["write"]["op"].get<int>(), 0) << p.dump();
        EXPECT_GE(p["step"].get<int>(), 0);
        EXPECT_LT(p["step"].get<int>(), steps);
        at.insert(p["step"].get<int>());
    }
    // The first step of the picture joins the first reads to their stores, with the next reads.
    EXPECT_EQ(*at.begin(), 0);
}
