// The legibility rules of issue 21, checked on what the window reports it drew
// (`gui --state-dump`: views.state.cells[], views.diagram.nodes[] and .edges[]),
// for every variant at its default n and at its largest n, at 1600x900 in the
// normal layout and at 1920x1080 in presentation (the lecture layout):
//   - at least 32 cells (or every slot, when there are fewer) show their value;
//   - no cell that shows a value is shorter than the minimum cell size, no value
//     smaller than the minimum text size, none lies outside its view's image;
//   - no two cells on screen overlap;
//   - every diagram edge joins consecutive rows.
// These need a display (xvfb-run -a ctest -L gui).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/models/variants.hpp"
#include "gui_run.hpp"

namespace {

int largest_n(const scanviz::VariantInfo& v) {
    for (int n : {65536, 4096, 2048, 1024, 512, 256, 128, 64, 32}) {
        scanviz::RunSpec spec;
        spec.variant = std::string(v.id);
        spec.n = n;
        if (!v.check(spec)) return n;
    }
    return v.default_n;
}

bool inside(const json& r, const json& image) {
    return r[0].get<double>() >= image[0].get<double>() - 0.5 &&
           r[1].get<double>() >= image[1].get<double>() - 0.5 &&
           r[2].get<double>() <= image[2].get<double>() + 0.5 &&
           r[3].get<double>() <= image[3].get<double>() + 0.5;
}

// The checks on one view's cells; returns how many show their value.
int check_cells(const json& cells, const json& view, double min_cell, double min_text,
                const std::string& what) {
    std::vector<std::array<double, 4>> shown;
    int values = 0;
    for (const json& c : cells) {
        if (!c["visible"].get<bool>() || c["text_px"].get<double>() <= 0) continue;
        ++values;
        const json& r = c["rect"];
        EXPECT_GE(c["text_px"].get<double>(), min_text - 0.01)
            << what << ": slot " << c["slot"] << " value too small";
        EXPECT_TRUE(inside(r, view["image"])) << what << ": slot " << c["slot"] << " outside the view";
        // A cell cut by the image's edge may be shorter on screen; one drawn whole is not.
        const bool whole = r[1].get<double>() > view["image"][1].get<double>() + 0.5 &&
                           r[3].get<double>() < view["image"][3].get<double>() - 0.5;
        if (whole)
            EXPECT_GE(r[3].get<double>() - r[1].get<double>(), min_cell - 0.6)
                << what << ": slot " << c["slot"] << " cell too small";
        shown.push_back({r[0].get<double>(), r[1].get<double>(), r[2].get<double>(), r[3].get<double>()});
    }
    std::sort(shown.begin(), shown.end(),
              [](auto& a, auto& b) { return a[1] != b[1] ? a[1] < b[1] : a[0] < b[0]; });
    for (size_t i = 0; i < shown.size(); ++i)
        for (size_t j = i + 1; j < shown.size() && shown[j][1] < shown[i][3] - 0.5; ++j) {
            const bool overlap = shown[j][0] < shown[i][2] - 0.5 && shown[i][0] < shown[j][2] - 0.5;
            EXPECT_FALSE(overlap) << what << ": two cells overlap at " << shown[i][0] << ", " << shown[i][1];
            if (overlap) return values;
        }
    return values;
}

void check_variants(bool presentation, const std::string& env = "") {
    const std::string size = presentation ? "1920x1080" : "1600x900";
    for (const scanviz::VariantInfo& v : scanviz::all_variants()) {
        for (int n : {v.default_n, largest_n(v)}) {
            const std::string name = std::string("legible_") + std::string(v.id) + "_" + std::to_string(n) +
                                     (presentation ? "_pres" : "");
            SCOPED_TRACE(name);
            std::string script = "variant " + std::string(v.id) + "\nn " + std::to_string(n) + "\n";
            if (v.segmented) script += "heads 0,5,12,20\n";
            if (presentation) script += "presentation on\n";
            script += "step middle\nframes 3\n";
            const GuiRun run = run_gui(name + (env.empty() ? "" : "_zh"), script, size, env);
            ASSERT_EQ(run.exit_code, 0) << run.err;
            const json& d = run.dump;
            if (!env.empty()) ASSERT_EQ(d["language"], "zh") << name;
            ASSERT_EQ(d["error"], "") << d["error"];
            ASSERT_EQ(d["n"], n);
            const json& st = d["views"]["state"];
            const json& dg = d["views"]["diagram"];
            const double min_cell = st["min_cell_px"], min_text = st["min_text_px"];
            EXPECT_GE(min_cell, presentation ? 36 : 24);
            const int want = std::min<int>(32, static_cast<int>(st["cells"].size()));
            EXPECT_GE(check_cells(st["cells"], st, min_cell, min_text, name + " state"), want);
            EXPECT_GE(check_cells(dg["nodes"], dg, min_cell, min_text, name + " diagram"),
                      std::min<int>(32, static_cast<int>(dg["nodes"].size())));
            for (const json& e : dg["edges"])
                ASSERT_EQ(e["from_row"].get<int>() + 1, e["to_row"].get<int>()) << name;
        }
    }
}

TEST(GuiLegibility, EveryVariantAt1600x900) {
    REQUIRE_DISPLAY();
    check_variants(false);
}

TEST(GuiLegibility, EveryVariantIn1920x1080Presentation) {
    REQUIRE_DISPLAY();
    check_variants(true);
}

// The same rules with the window's words in Chinese: its labels must not crowd the cells.
TEST(GuiLegibility, EveryVariantIn1920x1080PresentationInChinese) {
    REQUIRE_DISPLAY();
    check_variants(true, "LANGUAGE=zh_CN LANG=zh_CN.UTF-8 LC_ALL= LC_MESSAGES= ");
}

// Lesson 4's bank picture: the lanes of warp 0 in their banks, the degree written beside.
TEST(GuiLegibility, BankPictureOfTheUpSweep) {
    REQUIRE_DISPLAY();
    const GuiRun run =
        run_gui("banks", "variant block_blelloch\nn 128\nshow banks on\nstep 2\nframes 3\n", "1920x1080");
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const json& st = run.dump["views"]["state"];
    EXPECT_TRUE(st["banks"].get<bool>());
    EXPECT_GE(check_cells(st["cells"], st, 0, st["min_text_px"], "banks"), 0);
}

}  // namespace
