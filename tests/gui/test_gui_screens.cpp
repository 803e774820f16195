// GUI tests: run `scanviz gui` with a script, then check the screenshot's pixels
// at the rectangles the state dump reports against what the trace says (the
// cells written in the step, the cone of the selected cell), and the dump itself
// against the reference model run here, independently of the window.
//
// These need a display. CI runs `xvfb-run -a ctest`; without DISPLAY every test
// here FAILS with a message saying so (a skipped GUI test would hide a broken CI).
#include <gtest/gtest.h>
#include <stb_image.h>
#include <sys/wait.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "core/analysis/diagram.hpp"
#include "core/analysis/metrics.hpp"
#include "core/models/variants.hpp"
#include "core/race/hazards.hpp"
#include "core/race/report.hpp"
#include "core/recording/recording.hpp"
#include "core/sass/source_lines.hpp"
#include "core/trace/json.hpp"
#include "gui_run.hpp"

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

bool near(const uint8_t* p, const json& c, int tol = 24) {
    for (int i = 0; i < 3; ++i)
        if (std::abs(static_cast<int>(p[i]) - c[i].get<int>()) > tol) return false;
    return true;
}

// Fraction of the pixels inside a cell rectangle (shrunk by up to 2 px for its
// border and anti-aliased edge) that have colour `c`. Value labels drawn over
// the cell cover part of it.
double fraction_of(const Image& img, const json& rect, const json& c) {
    const double w = rect[2].get<double>() - rect[0].get<double>();
    const double h = rect[3].get<double>() - rect[1].get<double>();
    const int shrink = std::clamp(static_cast<int>((std::min(w, h) - 3) / 2), 0, 2);
    const int x0 = static_cast<int>(std::ceil(rect[0].get<double>())) + shrink;
    const int y0 = static_cast<int>(std::ceil(rect[1].get<double>())) + shrink;
    const int x1 = static_cast<int>(std::floor(rect[2].get<double>())) - shrink;
    const int y1 = static_cast<int>(std::floor(rect[3].get<double>())) - shrink;
    int total = 0, hit = 0;
    for (int y = std::max(y0, 0); y < std::min(y1, img.h); ++y)
        for (int x = std::max(x0, 0); x < std::min(x1, img.w); ++x) {
            ++total;
            hit += near(img.at(x, y), c);
        }
    return total ? static_cast<double>(hit) / total : -1.0;
}

// Cells smaller than this on screen are not checked pixel by pixel.
bool big_enough(const json& rect) {
    return rect[2].get<double>() - rect[0].get<double>() >= 5 &&
           rect[3].get<double>() - rect[1].get<double>() >= 5;
}

// Not blank: many distinct colours, and no single colour covers almost everything.
void expect_not_blank(const Image& img) {
    ASSERT_GT(img.w, 0);
    std::set<uint32_t> colours;
    std::map<uint32_t, int> counts;
    for (int y = 0; y < img.h; y += 3)
        for (int x = 0; x < img.w; x += 3) {
            const uint8_t* p = img.at(x, y);
            const uint32_t c = p[0] | (p[1] << 8) | (p[2] << 16);
            colours.insert(c);
            ++counts[c];
        }
    int most = 0;
    for (const auto& [c, n] : counts) most = std::max(most, n);
    const int samples = ((img.w + 2) / 3) * ((img.h + 2) / 3);
    EXPECT_GT(colours.size(), 50u) << "the screenshot has almost no distinct colours";
    EXPECT_LT(most, samples * 9 / 10) << "one colour covers over 90% of the screenshot";
}

// The model's trace for the spec the window showed (independent of the window).
scanviz::Trace model_trace(const json& dump) {
    scanviz::RunSpec spec = scanviz::run_spec_from_json(dump.at("spec"));
    return scanviz::run_model(spec);
}

std::vector<int> written_by(const scanviz::Trace& t, int step) {
    std::set<int> out;
    for (const auto& op : t.steps.at(static_cast<size_t>(step)).ops)
        for (int w : op.writes) out.insert(w);
    return {out.begin(), out.end()};
}

// The lines of a kernel file tagged `// step: <phase>` (1-based, ascending), read by
// the core's parser of those tags.
std::vector<int> tagged_lines(const std::string& rel_path, const std::string& phase) {
    std::ifstream f(fs::path(SCANVIZ_SOURCE_DIR) / rel_path);
    std::stringstream text;
    text << f.rdbuf();
    std::set<int> out;
    for (const scanviz::sass::StepTag& t : scanviz::sass::parse_step_tags(rel_path, text.str()))
        if (t.names(phase)) out.insert(t.loc.line);
    return {out.begin(), out.end()};
}

// The checks every variant's screenshot gets: the dump matches the model's trace,
// the written cells are highlighted where the dump puts them, the others are not,
// the selected cell's cone is lit in the diagram, and the source lines match the tags.
void check_screen(const GuiRun& run, const std::string& variant, int step, int sel_step, int sel_slot,
                  bool require_tags = true, bool lecture = false) {
    ASSERT_EQ(run.exit_code, 0) << run.err;
    ASSERT_FALSE(run.dump.is_null()) << "no state dump";
    const json& d = run.dump;
    EXPECT_EQ(d["variant"], variant);
    EXPECT_EQ(d["error"], "") << d["error"];
    EXPECT_EQ(d["step"], step);
    expect_not_blank(run.png);
    EXPECT_EQ(run.png.w, static_cast<int>(d["window"][0].get<double>()));

    const scanviz::Trace t = model_trace(d);
    ASSERT_GT(static_cast<int>(t.steps.size()), step);
    EXPECT_EQ(d["steps"], static_cast<int>(t.steps.size()));
    EXPECT_EQ(d["label"], t.steps[static_cast<size_t>(step)].label);
    const std::vector<int> written = written_by(t, step);
    ASSERT_FALSE(written.empty());
    EXPECT_EQ(d["written_slots"].get<std::vector<int>>(), written);

    // State view: every written cell shows the highlight colour; unwritten cells do not.
    const json& fill = d["colours"]["written_fill"];
    const json& cells = d["views"]["state"]["cells"];
    std::set<int> seen;
    int checked_lit = 0, checked_dark = 0;
    for (const json& c : cells) {
        if (c["step"] != step || !c["visible"].get<bool>() || !big_enough(c["rect"])) continue;
        const int slot = c["slot"];
        if (!seen.insert(slot).second) continue;
        const bool is_written = std::binary_search(written.begin(), written.end(), slot);
        const double f = fraction_of(run.png, c["rect"], fill);
        if (is_written) {
            EXPECT_GT(f, 0.4) << "written slot " << slot << " is not highlighted at its rectangle";
            ++checked_lit;
        } else {
            EXPECT_LT(f, 0.1) << "slot " << slot << " was not written in step " << step
                              << " but looks highlighted";
            ++checked_dark;
        }
    }
    EXPECT_GE(checked_lit, static_cast<int>(std::min<size_t>(written.size(), 4)))
        << "too few highlighted cells were large enough to check";
    EXPECT_GT(checked_dark + checked_lit, 0);

    if (lecture) {  // the lecture layout: the figures alone, no tables or source
        EXPECT_FALSE(d["views"].contains("metrics"));
        EXPECT_FALSE(d["views"].contains("source"));
        return;
    }
    // Metrics: the window's totals are the model's.
    const scanviz::Metrics m = scanviz::compute_metrics(t);
    EXPECT_EQ(d["views"]["metrics"]["work"].get<int64_t>(), m.work);
    EXPECT_EQ(d["views"]["metrics"]["span"].get<int>(), m.span);

    // Diagram: the selected cell's cone matches the graph, and its cells are lit.
    if (sel_slot >= 0) {
        const scanviz::DependencyGraph g(t);
        EXPECT_EQ(d["selection"]["cone_inputs"].get<std::vector<int>>(), g.cone_inputs(sel_step, sel_slot));
        EXPECT_EQ(d["selection"]["reach_outputs"].get<std::vector<int>>(),
                  g.reach_outputs(sel_step, sel_slot));
        const json& cone = d["views"]["diagram"]["cone_cells"];
        int lit = 0, checked = 0;
        for (const json& c : cone) {
            if (c["step"] == sel_step && c["slot"] == sel_slot) continue;  // the selection itself: its border
            if (!c["visible"].get<bool>() || !big_enough(c["rect"])) continue;
            ++checked;
            lit += fraction_of(run.png, c["rect"], d["colours"]["cone_fill"]) > 0.3;
        }
        EXPECT_GT(checked, 0) << "no cone cell was large enough on screen to check";
        EXPECT_EQ(lit, checked) << "cone cells not drawn in the cone colour";
    }

    // Source: the lines highlighted are the ones tagged with the step's phase.
    const json& src = d["views"]["source"];
    const scanviz::VariantInfo* info = scanviz::find_variant(variant);
    ASSERT_NE(info, nullptr);
    EXPECT_EQ(src["path"], std::string(info->source_file));
    EXPECT_EQ(src["missing"], "");
    const std::vector<int> expected = tagged_lines(std::string(info->source_file), t.steps[step].phase);
    EXPECT_EQ(src["highlighted_lines"].get<std::vector<int>>(), expected);
    if (require_tags) {
        EXPECT_FALSE(expected.empty())
            << info->source_file << " has no `// step: " << t.steps[step].phase << "` tag";
    }
}

// The middle step of a variant's default run, from the model.
int middle_step(const std::string& variant, int n = 0, const std::string& heads = "") {
    scanviz::RunSpec spec;
    spec.variant = variant;
    spec.n = n ? n : scanviz::find_variant(variant)->default_n;
    if (!heads.empty()) {
        spec.heads.assign(static_cast<size_t>(spec.n), 0);
        std::stringstream ss(heads);
        for (std::string p; std::getline(ss, p, ',');) spec.heads[static_cast<size_t>(std::stoi(p))] = 1;
    }
    return static_cast<int>(scanviz::run_model(spec).steps.size()) / 2;
}

TEST(GuiScreens, KoggeStoneWarpConditional) {
    REQUIRE_DISPLAY();
    const int step = middle_step("warp_conditional");
    const std::string script = "variant warp_conditional\ninput ramp\nstep middle\nselect " +
                               std::to_string(step) + " 29\nframes 2\nexpect-ok\n";
    const GuiRun run = run_gui("kogge_stone", script);
    check_screen(run, "warp_conditional", step, step, 29);
    // Kogge-Stone step k (d = 2^k) writes lanes d .. 31: the closed form, not the model.
    const int d = 1 << step;
    std::vector<int> lanes;
    for (int lane = d; lane < 32; ++lane) lanes.push_back(lane);
    EXPECT_EQ(run.dump["written_slots"].get<std::vector<int>>(), lanes);
}

TEST(GuiScreens, BlellochBlock) {
    REQUIRE_DISPLAY();
    // An up-sweep step in the middle of the up-sweep: n = 64 has six of them.
    const int step = 2;
    const GuiRun run =
        run_gui("blelloch", "variant block_blelloch\nn 64\nexclusive on\nstep 2\nselect 2 63\nframes 2\n");
    check_screen(run, "block_blelloch", step, step, 63);
    EXPECT_FALSE(run.dump["views"]["source"]["highlighted_lines"].empty()) << "up-sweep: 0 lines";
    // Up-sweep step k of n = 64 combines into n / 2^(k+1) slots.
    EXPECT_EQ(run.dump["written_slots"].size(), 64u >> (step + 1));
    EXPECT_NE(run.dump["label"].get<std::string>().find("up-sweep"), std::string::npos);
}

// The source view shows the kernel without its instrumentation (the probe calls, the race
// lab's barrier switches) unless "show instrumentation" is on; the lit lines are the tagged
// ones either way, and the line numbers are the file's.
TEST(GuiScreens, SourceViewFoldsTheInstrumentationUnlessAsked) {
    REQUIRE_DISPLAY();
    const std::string base = "variant warp_conditional\ninput ramp\nstep middle\nframes 2\nexpect-ok\n";
    const GuiRun folded = run_gui("source_folded", base);
    check_screen(folded, "warp_conditional", middle_step("warp_conditional"), -1, -1);
    const json& f = folded.dump["views"]["source"];
    ASSERT_TRUE(f.contains("shown_text")) << f;
    const std::string text = f["shown_text"];
    EXPECT_TRUE(f["folded"].get<bool>());
    EXPECT_EQ(text.find("probe."), std::string::npos) << text;
    EXPECT_EQ(text.find("barrier_kept"), std::string::npos) << text;
    EXPECT_NE(text.find("        __syncwarp();"), std::string::npos) << text;
    const auto shown = f["shown_lines"].get<std::vector<int>>();
    EXPECT_LT(shown.size(), f["line_count"].get<size_t>());
    for (int line : f["highlighted_lines"].get<std::vector<int>>())
        EXPECT_TRUE(std::find(shown.begin(), shown.end(), line) != shown.end())
            << "lit line " << line << " not shown";

    const GuiRun all = run_gui("source_instrumented", "show instrumentation on\n" + base);
    check_screen(all, "warp_conditional", middle_step("warp_conditional"), -1, -1);
    const json& a = all.dump["views"]["source"];
    EXPECT_FALSE(a["folded"].get<bool>());
    EXPECT_NE(a["shown_text"].get<std::string>().find("probe."), std::string::npos);
    EXPECT_EQ(a["shown_lines"].size(), a["line_count"].get<size_t>());
}

TEST(GuiScreens, ZeroPaddedWarp) {
    REQUIRE_DISPLAY();
    const int step = middle_step("warp_zeropad");
    const GuiRun run = run_gui("zeropad", "variant warp_zeropad\nstep middle\nframes 2\n");
    check_screen(run, "warp_zeropad", step, -1, -1);
    // The real padded layout: the padding slots are on screen too.
    const scanviz::Trace t = model_trace(run.dump);
    const int pads = static_cast<int>(std::count(t.layout.padding.begin(), t.layout.padding.end(), 1));
    EXPECT_GE(pads, 16) << "zero-padded layout without its 16 zeros";
    std::set<int> shown;
    for (const json& c : run.dump["views"]["state"]["cells"]) shown.insert(c["slot"].get<int>());
    for (int s = 0; s < t.layout.slots; ++s)
        if (t.layout.padding[static_cast<size_t>(s)]) {
            EXPECT_TRUE(shown.count(s)) << "padding slot " << s << " not drawn";
        }
}

TEST(GuiScreens, SegmentedWarp) {
    REQUIRE_DISPLAY();
    const int step = middle_step("warp_segmented", 32, "0,5,12,20");
    const GuiRun run =
        run_gui("segmented", "variant warp_segmented\nheads 0,5,12,20\nstep middle\nframes 2\n");
    check_screen(run, "warp_segmented", step, -1, -1);
    EXPECT_EQ(run.dump["form"]["heads_text"], "0,5,12,20");
    const scanviz::Trace t = model_trace(run.dump);
    EXPECT_EQ(std::count(t.heads.begin(), t.heads.end(), 1), 4);
}

TEST(GuiScreens, BadInputKeepsLastGoodTrace) {
    REQUIRE_DISPLAY();
    // n the warp scan does not accept, then values that do not parse.
    const GuiRun run = run_gui("bad_input",
                               "variant warp_conditional\ninput ramp\nstep 2\nframes 1\n"
                               "n 31\nexpect-error 32\nframes 1\n"
                               "n 32\ninput 1,2,zz\nexpect-error zz\nframes 1\n");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const json& d = run.dump;
    EXPECT_EQ(d["variant"], "warp_conditional");
    EXPECT_EQ(d["n"], 32);
    EXPECT_NE(d["errors"]["values"], "");
    EXPECT_NE(d["error"].get<std::string>().find("zz"), std::string::npos);
    EXPECT_EQ(d["spec"]["input"], "ramp") << "the trace on screen is not the last good one";
    EXPECT_EQ(d["step"], 2);
    expect_not_blank(run.png);
    // The last good trace is still drawn: its written cells are highlighted.
    int lit = 0;
    for (const json& c : d["views"]["state"]["cells"])
        if (std::binary_search(d["written_slots"].begin(), d["written_slots"].end(), c["slot"]) &&
            big_enough(c["rect"]))
            lit += fraction_of(run.png, c["rect"], d["colours"]["written_fill"]) > 0.4;
    EXPECT_EQ(lit, 32 - 4);  // step 2 (d = 4) writes lanes 4 .. 31
}

TEST(GuiScreens, BadSegmentHeadsAndOperatorShowTheirMessage) {
    REQUIRE_DISPLAY();
    const GuiRun run =
        run_gui("bad_heads",
                "variant warp_segmented\nheads 0,5\nframes 1\nheads 0,40\nexpect-error outside\n"
                "heads 0,5\nexpect-ok\nop max\ntype f32\nexpect-error float32\nframes 1\n");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_NE(run.dump["errors"]["size"], "");
    EXPECT_EQ(run.dump["variant"], "warp_segmented");
    EXPECT_EQ(run.dump["spec"]["type"], "i32") << run.dump["spec"];
    EXPECT_EQ(run.dump["spec"]["op"], "max") << run.dump["spec"];
}

TEST(GuiScreens, KeysAndClicksGoThroughTheInputPath) {
    REQUIRE_DISPLAY();
    // Right, Right, Left from step 2 -> 3; End -> the last step; a click on a
    // diagram cell selects it (hit test through the camera); a click on a state
    // cell selects that slot at the current step.
    GuiRun run = run_gui("keys",
                         "variant warp_conditional\nstep 2\nkey right\nkey right\nkey left\n"
                         "click diagram 1 6\nframes 1\n");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.dump["step"], 3);
    EXPECT_EQ(run.dump["selection"]["step"], 1);
    EXPECT_EQ(run.dump["selection"]["slot"], 6);
    // d = 1 then d = 2: slot 6 after step 1 holds inputs 3 .. 6.
    EXPECT_EQ(run.dump["selection"]["cone_inputs"].get<std::vector<int>>(), (std::vector<int>{3, 4, 5, 6}));

    run = run_gui("keys_end", "variant warp_conditional\nkey end\nclick state 4 17\nframes 1\n");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.dump["step"], 4);
    EXPECT_EQ(run.dump["selection"]["slot"], 17);
    EXPECT_EQ(run.dump["selection"]["step"], 4);
    EXPECT_EQ(run.dump["selection"]["cone_inputs"].size(),
              18u);  // an inclusive scan's slot 17 reads inputs 0 .. 17

    run = run_gui("keys_space", "variant warp_conditional\nkey space\nframes 2\n");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_TRUE(run.dump["playing"].get<bool>());
}

TEST(GuiScreens, OpensTraceFileAndReportsACorruptOne) {
    REQUIRE_DISPLAY();
    const fs::path dir = fs::path(GUI_TEST_OUT);
    fs::create_directories(dir);
    scanviz::RunSpec spec;
    spec.variant = "block_hillis_steele";
    spec.n = 16;
    spec.input = scanviz::InputKind::Ramp;
    const scanviz::Trace t = scanviz::run_model(spec);
    const fs::path good = dir / "hillis_steele_16.json", bad = dir / "corrupt.json";
    scanviz::save_trace_file(good.string(), t);
    std::ofstream(bad) << "{\"format\": \"scanviz-trace\", \"version\": 1, \"spec\": 3}";

    GuiRun run = run_gui("open_good", "open " + good.string() + "\nstep 1\nframes 1\n");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.dump["variant"], "block_hillis_steele");
    EXPECT_EQ(run.dump["n"], 16);
    EXPECT_EQ(run.dump["steps"], static_cast<int>(t.steps.size()));
    EXPECT_EQ(run.dump["error"], "");

    // A corrupt file: one message in the window, the trace on screen unchanged.
    run = run_gui("open_bad", "variant warp_conditional\nopen " + bad.string() +
                                  "\nexpect-error corrupt.json\nframes 1\n");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.dump["variant"], "warp_conditional");
    EXPECT_NE(run.dump["errors"]["run"].get<std::string>().find("spec"), std::string::npos)
        << run.dump["errors"];
}

// The load session's commands (tests/load): each-trace opens every trace of the recording in turn,
// repeat steps runs once per step, step next / prev move by one, show sass opens the SASS view,
// memory prints the resident memory (on stdout, which run_gui does not keep: checked by tests/load).
TEST(GuiScreens, ScriptBlocksWalkTheRecordingsTraces) {
    REQUIRE_DISPLAY();
    const std::string rec = std::string(SCANVIZ_SOURCE_DIR) + "/assets/recordings/default.svzrec";
    GuiRun run = run_gui("blocks", "open " + rec + "\nmemory opened\neach-trace\n  step first\n  repeat steps\n"
                                   "    step next\n  end\n  repeat 2\n    step prev\n  end\nend\nshow sass on\n"
                                   "repeat 0\n  expect-error never runs\nend\nframes 2\nmemory done\n");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    // The last trace of the recording is on screen, two steps before its end.
    const scanviz::Recording recording = scanviz::load_recording(rec);
    const scanviz::Trace& last = recording.traces.back();
    EXPECT_EQ(run.dump["variant"], last.spec.variant);
    EXPECT_EQ(run.dump["source"]["kind"], "recording") << run.dump["source"];
    EXPECT_EQ(run.dump["step"].get<int>(), static_cast<int>(last.steps.size()) - 3);
    // each-trace without a recording open (a script opens none by itself): one line naming the line.
    run = run_gui("blocks_no_recording", "variant warp_conditional\neach-trace\nend\n");
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_NE(run.err.find("script " + (fs::path(GUI_TEST_OUT) / "blocks_no_recording.script").string() +
                           ":2: each-trace needs an open recording"),
              std::string::npos)
        << run.err;
}

TEST(GuiScreens, OpensTheShippedRecordingWithItsBadgeAndFallsBackToTheModel) {
    REQUIRE_DISPLAY();
    const std::string rec = std::string(SCANVIZ_SOURCE_DIR) + "/assets/recordings/default.svzrec";
    // An input the recording holds: the GPU's trace, badge on.
    GuiRun run = run_gui("open_recording", "open " + rec + "\nvariant warp_shfl_ptx\nstep 2\nframes 2\n");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.dump["variant"], "warp_shfl_ptx");
    EXPECT_EQ(run.dump["source"]["kind"], "recording") << run.dump["source"];
    EXPECT_NE(run.dump["source"]["device"].get<std::string>().find("NVIDIA"), std::string::npos);
    EXPECT_TRUE(run.dump["source"]["badge"].get<bool>());
    // An input it lacks (min was not recorded): the model, and the badge stays to say so.
    run = run_gui("open_recording_fallback", "open " + rec + "\nvariant warp_shfl_ptx\nop min\nframes 2\n");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.dump["source"]["kind"], "model") << run.dump["source"];
    EXPECT_TRUE(run.dump["source"]["badge"].get<bool>());
    EXPECT_NE(run.dump["source"]["line"].get<std::string>().find("not in the recording"), std::string::npos)
        << run.dump["source"];
}

// ncu's figures beside ours (issue 13): none at first, then from the committed
// H100 table opened as a file, with the variant's bank conflicts from both sides.
TEST(GuiScreens, ShowsNcuFiguresBesideOursAndSaysWhereTheyComeFrom) {
    REQUIRE_DISPLAY();
    GuiRun run = run_gui("profile_none", "variant block_blelloch\nframes 1\n");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const std::string none = run.dump["views"]["metrics"]["profile"]["status"];
    EXPECT_EQ(none.rfind("ncu: not available", 0), 0u) << none;
    const std::string table = std::string(SCANVIZ_SOURCE_DIR) + "/assets/profile/h100_profile.json";
    run = run_gui("profile_file", "variant block_blelloch\nopen " + table + "\nframes 2\n");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const json& p = run.dump["views"]["metrics"]["profile"];
    EXPECT_EQ(p["status"].get<std::string>().rfind("measured by ncu on NVIDIA H100 80GB HBM3", 0), 0u) << p;
    EXPECT_NE(p["status"].get<std::string>().find("written by scanviz profile"), std::string::npos) << p;
    EXPECT_NE(p["conflicts"].get<std::string>().find("ours 807 ld + 465 st"), std::string::npos) << p;
    EXPECT_NE(p["conflicts"].get<std::string>().find("ncu 807 ld + 465 st: equal"), std::string::npos) << p;
    EXPECT_EQ(run.dump["variant"], "block_blelloch");  // opening a table leaves the trace on screen
}

TEST(GuiScreens, ExpectErrorFailsWithoutError) {
    REQUIRE_DISPLAY();
    const GuiRun run = run_gui("expect_fails", "variant warp_conditional\nexpect-error anything\n");
    EXPECT_NE(run.exit_code, 0);
    EXPECT_NE(run.err.find(":2: expected an error"), std::string::npos) << run.err;
}

TEST(GuiScreens, UnknownScriptCommandIsOneLineAndNonZero) {
    // Found before the window opens: no display needed, but run it like the rest.
    const GuiRun run = run_gui("unknown_cmd", "variant warp_conditional\nzoooom 3\n");
    EXPECT_EQ(run.exit_code, 2);
    EXPECT_NE(run.err.find("unknown command 'zoooom'"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find(":2:"), std::string::npos) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
    EXPECT_TRUE(run.dump.is_null());
}

TEST(GuiScreens, NoDisplayIsOneLineAndNonZero) {
    const GuiRun run =
        run_gui("no_display", "variant warp_conditional\n", "1600x900", "env -u DISPLAY -u WAYLAND_DISPLAY ");
    EXPECT_NE(run.exit_code, 0);
    EXPECT_NE(run.err.find("no display"), std::string::npos) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
}

TEST(GuiScreens, PresentationModeAt1280x720) {
    REQUIRE_DISPLAY();
    const int step = middle_step("warp_conditional");
    const GuiRun run = run_gui(
        "presentation", "variant warp_conditional\npresentation on\nstep middle\nframes 2\n", "1280x720");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.png.w, 1280);
    EXPECT_EQ(run.png.h, 720);
    EXPECT_TRUE(run.dump["presentation"].get<bool>());
    check_screen(run, "warp_conditional", step, -1, -1, true, /*lecture=*/true);
    // Every view fits in the window with room to show something.
    for (const char* v : {"state", "diagram"}) {
        const json& r = run.dump["views"][v]["image"];
        EXPECT_GE(r[0].get<double>(), 0);
        EXPECT_LE(r[2].get<double>(), 1280);
        EXPECT_LE(r[3].get<double>(), 720);
        EXPECT_GT(r[2].get<double>() - r[0].get<double>(), 200) << v;
        EXPECT_GT(r[3].get<double>() - r[1].get<double>(), 80) << v;
    }
    // The figures fill the window's width (no sidebar).
    EXPECT_LT(run.dump["views"]["state"]["image"][0].get<double>(), 20);
    EXPECT_GT(run.dump["views"]["diagram"]["image"][2].get<double>(), 1260);
    // High contrast: the window's own ground (outside the figures, which are white) is black.
    auto in_figure = [&](int x, int y) {
        for (const char* v : {"state", "diagram"}) {
            const json& r = run.dump["views"][v]["image"];
            if (x >= r[0].get<double>() && x < r[2].get<double>() && y >= r[1].get<double>() &&
                y < r[3].get<double>())
                return true;
        }
        return false;
    };
    int dark = 0, total = 0;
    for (int y = 0; y < run.png.h; y += 7)
        for (int x = 0; x < run.png.w; x += 7) {
            if (in_figure(x, y)) continue;
            ++total;
            const uint8_t* p = run.png.at(x, y);
            dark += p[0] < 16 && p[1] < 16 && p[2] < 16;
        }
    EXPECT_GT(dark, total / 5) << "presentation mode is not dark";
}

// The window's writers (export-png, export-svg, --screenshot, --state-dump) never destroy what they did not
// write: a folder in the file's place is refused, a full disk is one line, and a disk that fills during the
// write (the file size limit: 4 KiB) leaves the old file whole. tests/test_writers.cpp does the same for the CLI.
TEST(GuiScreens, ExportsNeverDestroyAFileOrFolder) {
    REQUIRE_DISPLAY();
    const fs::path dir = fs::path(GUI_TEST_OUT) / "writers";
    fs::remove_all(dir);
    fs::create_directories(dir / "thesis");
    std::ofstream(dir / "thesis" / "thesis.tex") << "mine";
    const std::string thesis = (dir / "thesis").string();
    GuiRun run = run_gui("writers_png_folder", "variant warp_conditional\nexport-png state " + thesis + " 400x300\n");
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_NE(run.err.find("cannot write '" + thesis + "': it is a folder"), std::string::npos) << run.err;
    run = run_gui("writers_svg_full", "variant warp_conditional\nexport-svg diagram /dev/full\n");
    EXPECT_EQ(run.exit_code, 1);
    EXPECT_NE(run.err.find("cannot write '/dev/full': No space left on device"), std::string::npos) << run.err;
    // --screenshot and --state-dump into the folder: refused, exit 1.
    const std::string cmd = "'" + std::string(SCANVIZ_EXE) + "' gui --script '" +
                            (fs::path(GUI_TEST_OUT) / "writers_svg_full.script").string() + "' --screenshot '" +
                            thesis + "' --state-dump '" + thesis + "' 2> '" + (dir / "shot.err").string() + "'";
    std::ofstream(fs::path(GUI_TEST_OUT) / "writers_svg_full.script") << "variant warp_conditional\n";
    const int status = std::system(cmd.c_str());
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1) << status;
    const std::string shot_err = read_text(dir / "shot.err");
    EXPECT_NE(shot_err.find("the screenshot: cannot write '" + thesis + "': it is a folder"), std::string::npos)
        << shot_err;
    EXPECT_NE(shot_err.find("the state dump: cannot write '" + thesis + "': it is a folder"), std::string::npos)
        << shot_err;
    EXPECT_EQ(read_text(dir / "thesis" / "thesis.tex"), "mine");
    // A write that fails half way: the old PNG and SVG stay whole (sh: SIGXFSZ ignored, 8 blocks of 512 bytes).
    std::ofstream(dir / "old.png") << "the old picture";
    std::ofstream(dir / "old.svg") << "the old drawing";
    for (const std::string& line : {"export-png state " + (dir / "old.png").string() + " 1000x600",
                                    "export-svg diagram " + (dir / "old.svg").string()}) {
        run = run_gui("writers_half", "variant block_blelloch\nn 64\n" + line + "\n", "1600x900",
                      "trap '' XFSZ; ulimit -f 8; ");
        EXPECT_EQ(run.exit_code, 1) << line;
        EXPECT_NE(run.err.find("File too large"), std::string::npos) << run.err;
    }
    EXPECT_EQ(read_text(dir / "old.png"), "the old picture");
    EXPECT_EQ(read_text(dir / "old.svg"), "the old drawing");
    fs::remove_all(dir);
}

TEST(GuiScreens, ExportPngAndSvg) {
    REQUIRE_DISPLAY();
    const fs::path dir = fs::path(GUI_TEST_OUT);
    fs::create_directories(dir);
    const fs::path png = dir / "export_diagram.png", svg = dir / "export_state.svg";
    fs::remove(png);
    fs::remove(svg);
    const GuiRun run =
        run_gui("export", "variant block_blelloch\nn 64\nstep 3\nexport-png diagram " + png.string() +
                              " 1000x600\nexport-svg state " + svg.string() + "\n");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    int w = 0, h = 0, n = 0;
    ASSERT_TRUE(stbi_info(png.string().c_str(), &w, &h, &n)) << "export-png wrote no PNG";
    EXPECT_EQ(w, 1000);
    EXPECT_EQ(h, 600);
    const std::string text = read_text(svg);
    EXPECT_NE(text.find("<svg"), std::string::npos);
    EXPECT_NE(text.find("<rect"), std::string::npos);
}

}  // namespace

// Race lab (issue 12): removing barrier 0 of Blelloch shows the hazards the
// trace predicts (counted here independently from the model) as highlighted
// edges, and the measured failure rate (recorded figures on a machine without
// a GPU, with their source); a what-if that does not exist is one line.
TEST(GuiScreens, RaceLabBlellochBarrierRemoved) {
    REQUIRE_DISPLAY();
    GuiRun run = run_gui("race_blelloch", "show race on\nrace block_blelloch 0\nframes 3\n");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const json& r = run.dump["views"]["race"];
    ASSERT_TRUE(r.is_object()) << run.dump["views"];
    const scanviz::HazardReport h =
        scanviz::race_hazards(scanviz::RaceCase{"block_blelloch", 0, false, false});
    EXPECT_EQ(r["case"], "block_blelloch:0");
    EXPECT_EQ(r["hazards"].get<int>(), h.count());
    EXPECT_GT(r["between_warps"].get<int>(), 0);
    EXPECT_GT(r["hazard_edges"].get<int>(), 0);
    EXPECT_EQ(r["error"], "");
    // The legible diagram of n = 256 is a window of the columns, and the overview strip over it
    // frames which (issue 21: the race lab's diagram follows the diagram view's rule).
    const json& o = r["overview"];
    ASSERT_TRUE(o["shown"].get<bool>()) << o;
    const int first = o["slots"][0], end = o["slots"][1];
    EXPECT_GE(first, 0);
    EXPECT_GT(end, first);
    EXPECT_LT(end - first, scanviz::race_trace("block_blelloch").layout.slots);
    EXPECT_GE(o["frame"][0].get<double>(), o["rect"][0].get<double>() - 0.5);
    EXPECT_LE(o["frame"][1].get<double>(), o["rect"][2].get<double>() + 0.5);
    EXPECT_LT(o["frame"][1].get<double>() - o["frame"][0].get<double>(),
              o["rect"][2].get<double>() - o["rect"][0].get<double>());
    // Nothing is measured live until asked: the recorded table (assets/race/) with its source.
    ASSERT_FALSE(r["measured"].is_null()) << r;
    EXPECT_GT(r["measured"]["total"].get<int64_t>(), 0);
    EXPECT_NE(r["measured"]["source"].get<std::string>().find("recorded: measured on"), std::string::npos)
        << r;
    run = run_gui("race_bad", "show race on\nrace block_blelloch one-buffer\n");
    EXPECT_NE(run.exit_code, 0) << run.err;
    EXPECT_NE(run.err.find("race: no such what-if for block_blelloch"), std::string::npos) << run.err;
}
