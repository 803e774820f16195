// scanviz publish on the shipped recording: every trace has its page, every step of
// every trace is in it (values, state drawing, metrics), the diagram is the dependency
// graph, the badge names the H100; an existing folder is refused without --force; a
// corrupt recording gets the window's error and writes nothing.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "../support/run_scanviz.hpp"
#include "core/analysis/diagram.hpp"
#include "core/analysis/metrics.hpp"
#include "core/figure/figure_json.hpp"
#include "core/publish/site.hpp"
#include "core/publish/trace_page.hpp"
#include "core/recording/recording.hpp"
#include "core/run/badge.hpp"

using namespace scanviz;
namespace fs = std::filesystem;

namespace {

using namespace scanviz::test;

const std::string kRecording = std::string(SCANVIZ_SOURCE_DIR) + "/assets/recordings/default.svzrec";

const publish::SiteFile* find_file(const std::vector<publish::SiteFile>& files, const std::string& path) {
    for (const auto& f : files)
        if (f.path == path) return &f;
    return nullptr;
}

fs::path fresh_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("scanviz_test_publish_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::set<std::string> listing(const fs::path& dir) {
    std::set<std::string> out;
    for (const auto& e : fs::recursive_directory_iterator(dir))
        out.insert(fs::relative(e.path(), dir).string());
    return out;
}

}  // namespace

TEST(Publish, EveryTraceOfTheRecordingHasAPageWithEveryStep) {
    const Recording rec = load_recording(kRecording);
    const auto files = publish::build_site(rec, "default.svzrec");
    ASSERT_NE(find_file(files, "index.html"), nullptr);
    ASSERT_NE(find_file(files, "scanviz.js"), nullptr);
    ASSERT_NE(find_file(files, "scanviz.css"), nullptr);
    EXPECT_EQ(files.size(), rec.traces.size() + 3);
    const std::string& index = find_file(files, "index.html")->text;

    for (const Trace& recorded : rec.traces) {
        const Trace t = as_recorded(rec, recorded);
        const std::string id = publish::trace_page_id(t);
        SCOPED_TRACE(id);
        const auto* page = find_file(files, "traces/" + id + ".html");
        ASSERT_NE(page, nullptr);
        EXPECT_NE(index.find("href=\"traces/" + id + ".html\""), std::string::npos);
        // The page loads its script and style from the site, nothing from the network.
        EXPECT_NE(page->text.find("<script src=\"../scanviz.js\">"), std::string::npos);
        EXPECT_EQ(page->text.find("http://"), std::string::npos);
        EXPECT_EQ(page->text.find("https://"), std::string::npos);

        const auto data = nlohmann::json::parse(publish::page_data_text(page->text));
        const int steps = static_cast<int>(t.steps.size());
        const int slots = t.layout.slots;
        ASSERT_EQ(data["steps"].size(), t.steps.size());
        EXPECT_EQ(data["slots"], slots);
        // Badge: which device made it, as the window says it.
        EXPECT_EQ(data["badge"]["kind"], "recording");
        EXPECT_EQ(data["badge"]["text"], "recorded on " + rec.device.name + " on " + rec.date.substr(0, 10));
        EXPECT_NE(page->text.find("recorded on NVIDIA H100"), std::string::npos);

        // Every step: its values, its state drawing with a value label in every cell, its metrics.
        const Metrics m = compute_metrics(t);
        ASSERT_EQ(data["values"].size(), t.steps.size() + 1);
        ASSERT_EQ(data["state"].size(), t.steps.size() + 1);
        for (int k = -1; k < steps; ++k) {
            const auto& expect = k < 0 ? t.initial_state : t.steps[k].state;
            ASSERT_EQ(data["values"][k + 1].get<std::vector<double>>(), expect) << "step " << k + 1;
            std::vector<int> cells(slots, 0), values(slots, 0);
            const auto& scene = data["state"][k + 1];
            for (size_t i = 0; i < scene["nodes"].size(); i += figure::kJsonNodeStride)
                if (scene["nodes"][i + 8].get<int>() >= 0) ++cells[scene["nodes"][i + 8].get<int>()];
            for (size_t i = 0; i < scene["labels"].size(); i += figure::kJsonLabelStride) {
                const int slot = scene["labels"][i + 6].get<int>();
                if (slot < 0) continue;
                ++values[slot];
                if (t.spec.type == ElemType::I32) {
                    EXPECT_EQ(std::stod(scene["labels"][i + 2].get<std::string>()), expect[slot])
                        << "step " << k + 1 << " slot " << slot;
                }
            }
            for (int s = 0; s < slots; ++s) {
                EXPECT_EQ(cells[s], 1) << "step " << k + 1 << " slot " << s;
                EXPECT_EQ(values[s], 1) << "step " << k + 1 << " slot " << s;
            }
            if (k >= 0) {
                const auto& row = data["steps"][k];
                EXPECT_EQ(row["label"], t.steps[k].label);
                EXPECT_EQ(row["barrier"], t.steps[k].barrier);
                EXPECT_EQ(row["work"], m.per_step[k].work);
                EXPECT_EQ(row["span_so_far"], m.per_step[k].span_so_far);
                EXPECT_EQ(row["max_conflict_degree"], m.per_step[k].max_conflict_degree);
                EXPECT_EQ(row["active"], m.per_step[k].active_lanes);
            }
        }
        EXPECT_EQ(data["totals"]["work"], m.work);
        EXPECT_EQ(data["totals"]["span"], m.span);

        // The diagram: node i is graph node i, then the pass-throughs (one cell per step and
        // slot in all); link j < edges joins the cell above graph edge j's value to it, the
        // rest join each pass-through to the cell above it; one band per row.
        const DependencyGraph graph(t);
        const auto& d = data["diagram"];
        const auto& nodes = d["scene"]["nodes"];
        const size_t cells = (t.steps.size() + 1) * static_cast<size_t>(graph.slots());
        ASSERT_EQ(nodes.size(), cells * figure::kJsonNodeStride);
        EXPECT_EQ(d["value_nodes"], graph.nodes().size());
        const auto links = publish::decode_links(d["links"]);
        ASSERT_EQ(links.size(), graph.edges().size() + (cells - graph.nodes().size()));
        EXPECT_TRUE(d["scene"]["edges"].empty());
        EXPECT_EQ(d["bands"].size(), t.steps.size() + 1);
        for (size_t i = 0; i < graph.nodes().size(); ++i) {
            ASSERT_EQ(nodes[i * figure::kJsonNodeStride + 7], graph.nodes()[i].step);
            ASSERT_EQ(nodes[i * figure::kJsonNodeStride + 8], graph.nodes()[i].slot);
        }
        for (size_t j = 0; j < links.size(); ++j) {
            const int from = links[j][0], to = links[j][1];
            const int from_step = nodes[static_cast<size_t>(from) * figure::kJsonNodeStride + 7];
            const int to_step = nodes[static_cast<size_t>(to) * figure::kJsonNodeStride + 7];
            ASSERT_EQ(from_step + 1, to_step) << "link " << j << " does not join consecutive rows";
            if (j < graph.edges().size()) {
                ASSERT_EQ(to, graph.edges()[j].to);
                ASSERT_EQ(nodes[static_cast<size_t>(from) * figure::kJsonNodeStride + 8],
                          graph.nodes()[static_cast<size_t>(graph.edges()[j].from)].slot);
            }
        }
        // Row names first: the page lights the current one.
        const auto& labels = d["scene"]["labels"];
        ASSERT_GE(labels.size(), (t.steps.size() + 1) * figure::kJsonLabelStride);
        EXPECT_EQ(labels[2], "initial");
        const std::string last = labels[steps * figure::kJsonLabelStride + 2];
        EXPECT_EQ(last.rfind(std::to_string(steps), 0), 0u) << last;
    }
}

// The page draws a diagram edge from the bottom centre of the value read to the top
// centre of the value written, with the style's width and head, in its kind's colour:
// exactly the edges build_diagram_scene makes, for every trace of the recording.
TEST(Publish, DiagramLinksAreTheWindowsEdges) {
    const Recording rec = load_recording(kRecording);
    const figure::SceneStyle style;
    for (const Trace& recorded : rec.traces) {
        const Trace t = as_recorded(rec, recorded);
        SCOPED_TRACE(publish::trace_page_id(t));
        const DependencyGraph graph(t);
        const figure::Scene scene = figure::build_diagram_scene(t, graph, -2, {}, style);
        const auto data = publish::trace_page_data(t, style);
        const auto& d = data["diagram"];
        const auto links = publish::decode_links(d["links"]);
        ASSERT_EQ(scene.nodes.size(), (t.steps.size() + 1) * static_cast<size_t>(graph.slots()));
        ASSERT_EQ(scene.edges.size(), graph.edges().size());
        for (size_t j = 0; j < scene.edges.size(); ++j) {
            const auto& e = scene.edges[j];
            const auto& a = scene.nodes[static_cast<size_t>(links[j][0])];
            const auto& b = scene.nodes[static_cast<size_t>(links[j][1])];
            ASSERT_FLOAT_EQ(e.x0, a.x + a.w / 2);
            ASSERT_FLOAT_EQ(e.y0, a.y + a.h);
            ASSERT_FLOAT_EQ(e.x1, b.x + b.w / 2);
            ASSERT_FLOAT_EQ(e.y1, b.y);
            ASSERT_EQ(e.width_px, style.edge_px);
            ASSERT_EQ(e.head_px, style.head_px);
            ASSERT_EQ(d["scene"]["palette"][static_cast<size_t>(links[j][2])], e.rgba);
        }
    }
}

TEST(Publish, PageDataIsTheWindowsGeometry) {
    const Recording rec = load_recording(kRecording);
    const Trace t = as_recorded(rec, rec.traces.front());
    const auto data = publish::trace_page_data(t);
    const figure::SceneStyle style;
    const DependencyGraph graph(t);
    // The state drawing of step 2 and the band of step 2: exactly what the window draws.
    const figure::Scene state = figure::build_state_scene(t, 1, {}, style);
    const auto& js = data["state"][2];
    ASSERT_EQ(js["nodes"].size(), state.nodes.size() * figure::kJsonNodeStride);
    ASSERT_EQ(js["edges"].size(), state.edges.size() * figure::kJsonEdgeStride);
    ASSERT_EQ(js["labels"].size(), state.labels.size() * figure::kJsonLabelStride);
    for (size_t i = 0; i < state.nodes.size(); ++i) {
        auto n = [&](size_t k) { return js["nodes"][i * figure::kJsonNodeStride + k]; };
        EXPECT_NEAR(n(0).get<double>(), state.nodes[i].x, 0.006);
        EXPECT_NEAR(n(1).get<double>(), state.nodes[i].y, 0.006);
        EXPECT_EQ(js["palette"][n(4).get<size_t>()], state.nodes[i].fill_rgba);
    }
    for (size_t i = 0; i < state.edges.size(); ++i) {
        auto e = [&](size_t k) { return js["edges"][i * figure::kJsonEdgeStride + k]; };
        EXPECT_NEAR(e(2).get<double>(), state.edges[i].x1, 0.006);
        EXPECT_EQ(js["palette"][e(4).get<size_t>()], state.edges[i].rgba);
    }
    const figure::Scene diagram = figure::build_diagram_scene(t, graph, 1, {}, style);
    EXPECT_NEAR(data["diagram"]["bands"][2][1].get<double>(), diagram.nodes[0].y, 0.001);
    EXPECT_NEAR(data["diagram"]["bands"][2][3].get<double>(), diagram.nodes[0].h, 0.001);
}

TEST(Publish, WritesTheSiteAndRefusesAnExistingFolderWithoutForce) {
    const fs::path dir = fresh_dir("write");
    const Recording rec = load_recording(kRecording);
    const auto files = publish::build_site(rec, "default.svzrec");
    const fs::path site = dir / "site";
    publish::write_site(files, site.string(), false);
    EXPECT_TRUE(fs::is_regular_file(site / "index.html"));
    EXPECT_EQ(listing(site).size(), files.size() + 2);  // + the traces/ folder and the marker
    EXPECT_TRUE(fs::is_regular_file(site / publish::kSiteMarker));

    // Again without force: refused, the folder untouched.
    std::ofstream(site / "mine.txt") << "keep me";
    try {
        publish::write_site(files, site.string(), false);
        FAIL() << "an existing folder was overwritten without --force";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("--force"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(fs::exists(site / "mine.txt"));
    // With force, while it holds a file publish did not write: refused, naming the file, nothing lost.
    try {
        publish::write_site(files, site.string(), true);
        FAIL() << "--force deleted a file scanviz publish did not write";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("mine.txt"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(fs::exists(site / "mine.txt"));
    // With force, when every file is publish's own: replaced, nothing left beside it.
    fs::remove(site / "mine.txt");
    publish::write_site(files, site.string(), true);
    EXPECT_TRUE(fs::is_regular_file(site / "index.html"));
    int siblings = 0;
    for (const auto& e : fs::directory_iterator(dir)) siblings += e.path().filename() != "site";
    EXPECT_EQ(siblings, 0);
    fs::remove_all(dir);
}

// The data-loss case: `publish -o thesis --force` on a folder of the user's own must not
// delete it. It is refused with one line and every file stays as it was.
TEST(PublishCommand, ForceNeverReplacesAFolderItDidNotWrite) {
    const fs::path dir = fresh_dir("thesis");
    const fs::path thesis = dir / "thesis";
    fs::create_directories(thesis / "figures");
    std::ofstream(thesis / "thesis.tex") << "\\documentclass{article}";
    std::ofstream(thesis / "figures" / "scan.pdf") << "%PDF";
    const CommandRun r = run_scanviz("publish --force -o " + thesis.string());
    EXPECT_EQ(r.rc, 1);
    EXPECT_EQ(r.out, "scanviz: '" + thesis.string() + "' was not written by scanviz publish (it has no " +
                         publish::kSiteMarker + "): refusing to replace it\n");
    EXPECT_TRUE(fs::is_regular_file(thesis / "thesis.tex"));
    EXPECT_TRUE(fs::is_regular_file(thesis / "figures" / "scan.pdf"));
    EXPECT_EQ(listing(thesis).size(), 3u);
    // A published site with the user's file added later: refused too, naming that file.
    const fs::path site = dir / "site";
    ASSERT_EQ(run_scanviz("publish -o " + site.string()).rc, 0);
    std::ofstream(site / "notes.txt") << "mine";
    const CommandRun again = run_scanviz("publish --force -o " + site.string());
    EXPECT_EQ(again.rc, 1);
    EXPECT_NE(again.out.find("notes.txt', which scanviz publish did not write"), std::string::npos)
        << again.out;
    EXPECT_TRUE(fs::is_regular_file(site / "notes.txt"));
    fs::remove_all(dir);
}

TEST(PublishCommand, WritesASiteAndRefusesToOverwriteIt) {
    const fs::path dir = fresh_dir("cli");
    const fs::path site = dir / "site";
    CommandRun r = run_scanviz("publish -o " + site.string());
    ASSERT_EQ(r.rc, 0) << r.out;
    EXPECT_NE(r.out.find("recorded on NVIDIA H100"), std::string::npos) << r.out;
    EXPECT_TRUE(fs::is_regular_file(site / "traces" / "warp_conditional-add-i32-inclusive-n32.html"));
    const auto before = fs::last_write_time(site / "index.html");

    r = run_scanviz("publish -o " + site.string());
    EXPECT_EQ(r.rc, 1);
    EXPECT_EQ(r.out, "scanviz: '" + site.string() + "' exists; give --force to replace it\n");
    EXPECT_EQ(fs::last_write_time(site / "index.html"), before);

    r = run_scanviz("publish --force -o " + site.string());
    EXPECT_EQ(r.rc, 0) << r.out;
    fs::remove_all(dir);
}

TEST(PublishCommand, ACorruptRecordingGetsTheWindowsErrorAndWritesNothing) {
    const fs::path dir = fresh_dir("corrupt");
    // The shipped recording cut short, and one with a flipped byte in its payload.
    std::ifstream in(kRecording, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    // The flipped byte: the first from the middle on whose flip the loader fails (a flip inside a
    // compressed literal can decode to other valid JSON; what the loader catches is its business:
    // this test is about what publish does with a recording that does not load).
    std::string flipped;
    for (size_t at = bytes.size() / 2; at < bytes.size() && flipped.empty(); ++at) {
        std::string f = bytes;
        f[at] = static_cast<char>(f[at] ^ 0x5a);
        const fs::path probe = dir / "probe.bin";
        std::ofstream(probe, std::ios::binary) << f;
        try {
            load_recording(probe.string());
        } catch (const std::exception&) {
            flipped = f;
        }
        fs::remove(probe);
    }
    ASSERT_FALSE(flipped.empty()) << "no single flipped byte past the middle breaks the recording";
    for (const auto& [name, content] :
         {std::pair{"cut.svzrec", bytes.substr(0, bytes.size() / 3)}, std::pair{"flipped.svzrec", flipped}}) {
        SCOPED_TRACE(name);
        const fs::path file = dir / name;
        std::ofstream(file, std::ios::binary) << content;
        std::string window_error;  // what the window shows: App::open_recording puts e.what() in its message
        try {
            load_recording(file.string());
        } catch (const std::exception& e) {
            window_error = e.what();
        }
        ASSERT_FALSE(window_error.empty()) << "the corrupt recording loaded";
        const fs::path site = dir / "site";
        const CommandRun r = run_scanviz("publish -o " + site.string() + " " + file.string());
        EXPECT_EQ(r.rc, 1);
        EXPECT_EQ(r.out, "scanviz: " + window_error + "\n");
        EXPECT_FALSE(fs::exists(site));
        int entries = 0;
        for (const auto& e : fs::directory_iterator(dir)) entries += e.path().extension() != ".svzrec";
        EXPECT_EQ(entries, 0) << "publish wrote something";
    }
    fs::remove_all(dir);
}
