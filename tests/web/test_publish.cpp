// scanviz publish on the shipped recording: the site carries the WebAssembly module, the app
// page and the recording (which reads back whole); the page data of every recorded trace holds
// every step (values, metrics), its state drawings have every cell, the badge names the H100;
// the diagram's views are the window's (a legible window of columns and the overview strip for
// a wide run); an existing folder is refused without --force; a corrupt recording gets the
// window's error and writes nothing.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <cstring>
#include <sstream>

#include <zlib.h>

#include "core/analysis/diagram.hpp"
#include "core/analysis/metrics.hpp"
#include "core/figure/legible.hpp"
#include "core/figure/svg.hpp"
#include "core/models/variants.hpp"
#include "core/publish/site.hpp"
#include "core/publish/trace_page.hpp"
#include "core/recording/recording.hpp"
#include "core/run/badge.hpp"
#include "core/trace/json.hpp"
#include "../support/run_scanviz.hpp"

using namespace scanviz;
namespace fs = std::filesystem;

namespace {

using namespace scanviz::test;

const std::string kRecording = std::string(SCANVIZ_SOURCE_DIR) + "/assets/recordings/default.svzrec";

// What build_site needs besides the recording; a stand-in for the module (the real one is
// checked by the wasm parity and browser tests).
publish::SiteInputs site_inputs() {
    publish::SiteInputs in;
    in.recording_name = "default.svzrec";
    in.wasm_js = "// scanviz_core.js stand-in\n";
    return in;
}

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

// Two scenes are the same drawing when the SVG writer writes them the same.
std::string svg(const figure::Scene& s) { return figure::scene_to_svg(s); }

}  // namespace

// The site: the WebAssembly module, the app page that computes, the recording for it (stored
// uncompressed, gzipped: the module reads it back to the same traces), an index linking every
// recorded trace into the app page, and nothing fetched from the network.
TEST(Publish, TheSiteCarriesTheModuleTheRecordingAndTheAppPage) {
    const Recording rec = load_recording(kRecording);
    const auto files = publish::build_site(rec, site_inputs());
    for (const char* name : {"index.html", "app.html", "scanviz.js", "scanviz.css", "core.js", "app.js", "lesson.js",
                             "i18n.js", "i18n_zh.js", "scanviz_core.js", "site_data.js", "lessons/open.html"})
        EXPECT_NE(find_file(files, name), nullptr) << name;
    EXPECT_EQ(files.size(), 12u);  // no lessons given: only the page for a learner's own file
    EXPECT_EQ(find_file(files, "scanviz_core.js")->text, site_inputs().wasm_js);
    const std::string& index = find_file(files, "index.html")->text;
    for (const Trace& t : rec.traces)
        EXPECT_NE(index.find("href=\"app.html#variant=" + t.spec.variant + "&amp;n=" + std::to_string(t.spec.n)),
                  std::string::npos) << t.spec.variant;
    for (const auto& f : files) {
        if (f.path.size() < 5 || f.path.substr(f.path.size() - 5) != ".html") continue;
        EXPECT_EQ(f.text.find("http://"), std::string::npos) << f.path;
        EXPECT_EQ(f.text.find("https://"), std::string::npos) << f.path;
    }

    // site_data.js: the recording, base64 of gzip of encode_recording(rec, false).
    const std::string& data = find_file(files, "site_data.js")->text;
    const std::string key = "recording_gz = \"";
    const size_t at = data.find(key);
    ASSERT_NE(at, std::string::npos);
    const std::string b64 = data.substr(at + key.size(), data.find('"', at + key.size()) - at - key.size());
    std::string gz;
    uint32_t acc = 0;
    int bits = 0;
    for (char c : b64) {
        const char* digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        if (c == '=') break;
        acc = acc << 6 | static_cast<uint32_t>(std::strchr(digits, c) - digits);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            gz += static_cast<char>(acc >> bits & 255);
        }
    }
    std::string raw(rec.traces.size() * 400000 + (1 << 24), '\0');
    z_stream z{};
    ASSERT_EQ(inflateInit2(&z, 15 + 16), Z_OK);
    z.next_in = reinterpret_cast<Bytef*>(gz.data());
    z.avail_in = static_cast<uInt>(gz.size());
    z.next_out = reinterpret_cast<Bytef*>(raw.data());
    z.avail_out = static_cast<uInt>(raw.size());
    ASSERT_EQ(inflate(&z, Z_FINISH), Z_STREAM_END);
    raw.resize(raw.size() - z.avail_out);
    inflateEnd(&z);
    const Recording back = decode_recording(reinterpret_cast<const uint8_t*>(raw.data()), raw.size());
    ASSERT_EQ(back.traces.size(), rec.traces.size());
    for (size_t i = 0; i < rec.traces.size(); ++i)
        EXPECT_EQ(trace_to_json_text(back.traces[i]), trace_to_json_text(rec.traces[i]));
    EXPECT_EQ(back.badge(), rec.badge());
}

// The page data of every recorded trace (what the module computes for the app page): every
// step (values, metrics) and its state drawing, the badge names the H100.
TEST(Publish, EveryRecordedTracesPageDataHasEveryStep) {
    const Recording rec = load_recording(kRecording);
    for (const Trace& recorded : rec.traces) {
        const Trace t = as_recorded(rec, recorded);
        const std::string id = publish::trace_page_id(t);
        SCOPED_TRACE(id);
        const auto data = publish::trace_page_data(t);

        const int steps = static_cast<int>(t.steps.size());
        const int slots = t.layout.slots;
        ASSERT_EQ(data["steps"].size(), t.steps.size());
        EXPECT_EQ(data["slots"], slots);
        // Badge: which device made it, as the window says it.
        EXPECT_EQ(data["badge"]["kind"], "recording");
        EXPECT_EQ(data["badge"]["text"], "recorded on " + rec.device.name + " on " + rec.date.substr(0, 10));

        // Every step: its values, its state drawing with a value label in every cell, its metrics.
        const Metrics m = compute_metrics(t);
        ASSERT_EQ(data["values"].size(), t.steps.size() + 1);
        EXPECT_FALSE(data.contains("state"));  // the module makes a step's drawing when it is shown
        for (int k = -1; k < steps; ++k) {
            const auto& expect = k < 0 ? t.initial_state : t.steps[k].state;
            ASSERT_EQ(data["values"][k + 1].get<std::vector<double>>(), expect) << "step " << k + 1;
            std::vector<int> cells(slots, 0), values(slots, 0);
            const figure::Scene scene = publish::state_scene(t, k);
            for (const figure::NodeInstance& n : scene.nodes)
                if (n.slot >= 0) ++cells[n.slot];
            for (const figure::TextLabel& l : scene.labels) {
                if (l.slot < 0) continue;
                ++values[l.slot];
                if (t.spec.type == ElemType::I32) {
                    EXPECT_EQ(l.text, figure::cell_text(expect[l.slot], ElemType::I32))
                        << "step " << k + 1 << " slot " << l.slot;
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

        // The diagram is not in the page: the module answers the page's views of it (below).
        EXPECT_EQ(data["window_slots"], figure::kDiagramWindowSlots);
        EXPECT_FALSE(data.contains("diagram"));
    }
}

// A view of the diagram is what the window draws: for every recorded trace at a step, with and
// without a clicked cell, the scene is build_diagram_scene of the window's window (every column
// of these runs fits), with the cone's counts the window's line gives.
TEST(Publish, DiagramViewsAreTheWindowsDiagram) {
    const Recording rec = load_recording(kRecording);
    const figure::SceneStyle style;
    for (const Trace& recorded : rec.traces) {
        const Trace t = as_recorded(rec, recorded);
        SCOPED_TRACE(publish::trace_page_id(t));
        const DependencyGraph graph(t);
        const int steps = static_cast<int>(t.steps.size());
        const int step = steps / 2, slot = t.layout.slots / 3;
        for (const figure::Selection sel : {figure::Selection{}, figure::Selection{step, slot}}) {
            publish::DiagramRequest r;
            r.step = step;
            r.selection = sel;
            r.strip_width = 800;
            const publish::DiagramView view = publish::diagram_view(t, graph, r, style);
            const figure::FigureWindow window =
                figure::focus_window(t, step, sel, figure::kDiagramWindowSlots);
            ASSERT_TRUE(window.all() || t.layout.slots > figure::kDiagramWindowSlots);
            EXPECT_EQ(svg(view.scene), svg(build_diagram_scene(t, graph, step, sel, style, nullptr, window)));
            EXPECT_EQ(view.data["window"]["first"], window.all() ? 0 : window.first);
            EXPECT_EQ(view.data["window"]["count"], window.all() ? t.layout.slots : window.count);
            EXPECT_EQ(view.data["overview"].is_null(), window.all());
            EXPECT_EQ(view.strip.has_value(), !window.all());
            if (!sel.valid()) {
                EXPECT_TRUE(view.data["selection"].is_null());
                continue;
            }
            EXPECT_EQ(view.data["selection"]["inputs"], graph.cone_inputs(step, slot).size());
            EXPECT_EQ(view.data["selection"]["outputs"], graph.reach_outputs(step, slot).size());
            EXPECT_EQ(view.data["selection"]["value"], t.steps[step].state[slot]);
            // The selected value's node: the graph's node of the value the cell holds, the one
            // the scene gives the selected role.
            const int node = view.data["selection"]["node"];
            const DiagramNode& version = graph.node(graph.version_at(step, slot));
            ASSERT_GT(node, 0);
            EXPECT_EQ(view.scene.nodes[node].step, version.step);
            EXPECT_EQ(view.scene.nodes[node].slot, version.slot);
            EXPECT_EQ(view.scene.nodes[node].role, figure::Role::Selected);
        }
    }
}

// A run too wide to show whole (block_blelloch, n = 2048, the figure): the view is the
// window's legible window of 256 columns around the step, with the overview strip the window
// draws; a click in the strip moves the window where the window's strip moves it, the moved
// window stays when asked for again, and a cell far off gets the window around it.
TEST(Publish, AWideRunsDiagramIsAWindowWithTheOverviewStrip) {
    RunSpec spec;
    spec.variant = "block_blelloch";
    spec.n = 2048;
    ASSERT_FALSE(validate_and_resolve(spec));
    const Trace t = run_model(spec);
    const DependencyGraph graph(t);
    const figure::SceneStyle style;
    const int slots = t.layout.slots, steps = static_cast<int>(t.steps.size());
    ASSERT_GT(slots, figure::kDiagramWindowSlots);
    const float width = 1000;
    for (int step : {-1, 0, steps / 2, steps - 1}) {
        SCOPED_TRACE("step " + std::to_string(step + 1));
        publish::DiagramRequest r;
        r.step = step;
        r.strip_width = width;
        const publish::DiagramView view = publish::diagram_view(t, graph, r, style);
        const figure::FigureWindow window = figure::focus_window(t, step, {}, figure::kDiagramWindowSlots);
        ASSERT_FALSE(window.all());
        EXPECT_EQ(window.count, figure::kDiagramWindowSlots);
        EXPECT_EQ(view.data["window"], nlohmann::json({{"first", window.first},
                                                       {"count", window.count},
                                                       {"slots", slots},
                                                       {"moved", false}}));
        const figure::Scene scene = build_diagram_scene(t, graph, step, {}, style, nullptr, window);
        EXPECT_EQ(svg(view.scene), svg(scene));
        // Every cell of the window's columns, each row: no more.
        int cells = 0;
        for (const auto& n : scene.nodes)
            if (n.slot >= 0) {
                ++cells;
                EXPECT_TRUE(window.contains(n.slot)) << n.slot;
            }
        EXPECT_EQ(cells, (steps + 1) * window.count);
        const figure::Overview o = figure::build_overview(t, step, window, style, width, figure::overview_height(style));
        ASSERT_TRUE(view.strip.has_value());
        EXPECT_EQ(svg(*view.strip), svg(o.strip));
        EXPECT_NEAR(view.data["overview"]["frame"][0].get<double>(), o.frame_x0, 0.006);
        EXPECT_NEAR(view.data["overview"]["frame"][1].get<double>(), o.frame_x1, 0.006);
    }
    // A click three quarters along the strip.
    publish::DiagramRequest r;
    r.step = 2;
    r.strip_width = width;
    r.strip_x = width * 0.75f;
    const publish::DiagramView clicked = publish::diagram_view(t, graph, r, style);
    const figure::Overview o = figure::build_overview(t, 2, {}, style, width, figure::overview_height(style));
    const figure::FigureWindow there = figure::window_at(t, o.slot_at(width * 0.75f, slots), figure::kDiagramWindowSlots);
    EXPECT_EQ(clicked.data["window"]["first"], there.first);
    EXPECT_EQ(clicked.data["window"]["moved"], true);
    EXPECT_GT(there.first, slots / 2);
    EXPECT_EQ(svg(clicked.scene), svg(build_diagram_scene(t, graph, 2, {}, style, nullptr, there)));
    // Asked again with the moved window (and its keys: a row of 32 on), it stays moved.
    r.strip_x = -1;
    r.moved_first = there.first + 32;
    const publish::DiagramView again = publish::diagram_view(t, graph, r, style);
    EXPECT_EQ(again.data["window"]["first"], std::min(there.first + 32, slots - figure::kDiagramWindowSlots));
    EXPECT_EQ(again.data["window"]["moved"], true);
    r.moved_first = slots;  // End: the last columns
    EXPECT_EQ(publish::diagram_view(t, graph, r, style).data["window"]["first"],
              slots - figure::kDiagramWindowSlots);
    // A cell far off (the page drops its moved window for it): the window around the cell.
    r.moved_first = -1;
    r.selection = {2, 1500};
    const publish::DiagramView far = publish::diagram_view(t, graph, r, style);
    const figure::FigureWindow around = figure::focus_window(t, 2, {2, 1500}, figure::kDiagramWindowSlots);
    EXPECT_TRUE(around.contains(1500));
    EXPECT_EQ(far.data["window"]["first"], around.first);
    EXPECT_GT(far.data["selection"]["node"].get<int>(), 0);
}

TEST(Publish, PageDataIsTheWindowsGeometry) {
    const Recording rec = load_recording(kRecording);
    const Trace t = as_recorded(rec, rec.traces.front());
    const figure::SceneStyle style;
    const DependencyGraph graph(t);
    // The state drawing of step 2, with cell 3 clicked, and the band of step 2: exactly what the
    // window draws.
    EXPECT_EQ(svg(publish::state_scene(t, 1, style, 3)), svg(figure::build_state_scene(t, 1, {1, 3}, style)));
    EXPECT_EQ(svg(publish::state_scene(t, -1, style)), svg(figure::build_state_scene(t, -1, {}, style)));
    EXPECT_THROW(publish::state_scene(t, static_cast<int>(t.steps.size()), style), std::invalid_argument);
    // The diagram's view of step 2: node 0 is the band the window draws behind its row.
    const figure::Scene diagram = figure::build_diagram_scene(t, graph, 1, {}, style);
    publish::DiagramRequest r;
    r.step = 1;
    const publish::DiagramView view = publish::diagram_view(t, graph, r, style);
    EXPECT_EQ(view.scene.nodes[0].y, diagram.nodes[0].y);
    EXPECT_EQ(view.scene.nodes[0].h, diagram.nodes[0].h);
    EXPECT_EQ(view.scene.nodes[0].slot, -1);
    EXPECT_EQ(view.scene.nodes[0].role, figure::Role::Band);
}

TEST(Publish, WritesTheSiteAndRefusesAnExistingFolderWithoutForce) {
    const fs::path dir = fresh_dir("write");
    const Recording rec = load_recording(kRecording);
    const auto files = publish::build_site(rec, site_inputs());
    const fs::path site = dir / "site";
    publish::write_site(files, site.string(), false);
    EXPECT_TRUE(fs::is_regular_file(site / "index.html"));
    EXPECT_EQ(listing(site).size(), files.size() + 2);  // + the lessons/ folder and the marker
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
    EXPECT_TRUE(fs::is_regular_file(site / "app.html"));
    EXPECT_TRUE(fs::is_regular_file(site / "scanviz_core.js"));
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

// The pages' words come from the one catalog (issue 38): i18n_zh.js is the .po's translated entries,
// msgid -> msgstr, white space squashed as web/i18n.js squashes it; fuzzy and untranslated entries and
// contexts stay out; every page loads it and web/i18n.js.
TEST(Publish, ThePagesWordsComeFromTheCatalog) {
    const std::string po =
        "msgid \"\"\nmsgstr \"\"\n\"Language: zh_CN\\n\"\n\"Plural-Forms: nplurals=1; plural=0;\\n\"\n\n"
        "msgid \"Check\"\nmsgstr \"检查\"\n\n"
        "msgid \"Keys: <kbd>Space</kbd>\\n  play\"\nmsgstr \"按键：<kbd>Space</kbd> 播放\"\n\n"
        "#, fuzzy\nmsgid \"Play\"\nmsgstr \"播放\"\n\n"
        "msgid \"Pause\"\nmsgstr \"\"\n\n"
        "msgctxt \"button\"\nmsgid \"Step\"\nmsgstr \"单步\"\n\n"
        "msgid \"{count} thread\"\nmsgid_plural \"{count} threads\"\nmsgstr[0] \"{count} 个线程\"\n";
    const nlohmann::json c = publish::page_catalog(po, "test.po");
    EXPECT_EQ(c, nlohmann::json({{"Check", "检查"},
                                 {"Keys: <kbd>Space</kbd> play", "按键：<kbd>Space</kbd> 播放"},
                                 {"{count} thread", "{count} 个线程"},
                                 {"{count} threads", "{count} 个线程"}}));
    EXPECT_THROW(publish::page_catalog("msgid \"x\"\nmsgstr", "bad.po"), std::exception);

    const Recording rec = load_recording(kRecording);
    publish::SiteInputs in = site_inputs();
    in.catalog_zh = po;
    const auto files = publish::build_site(rec, in);
    const std::string& js = find_file(files, "i18n_zh.js")->text;
    const std::string key = "window.SCANVIZ_I18N_ZH = ";
    ASSERT_NE(js.find(key), std::string::npos);
    const size_t at = js.find(key) + key.size();
    EXPECT_EQ(nlohmann::json::parse(js.substr(at, js.rfind(';') - at)), c);
    for (const char* page : {"index.html", "app.html", "lessons/open.html"}) {
        const std::string& html = find_file(files, page)->text;
        const std::string up = std::string(page).find('/') != std::string::npos ? "../" : "";
        EXPECT_NE(html.find("<script src=\"" + up + "i18n_zh.js\"></script>"), std::string::npos) << page;
        EXPECT_NE(html.find("<script src=\"" + up + "i18n.js\"></script>"), std::string::npos) << page;
    }
    // The program's own catalog (built in, or assets/i18n/zh_CN.po) reads as the pages' catalog.
    std::string source;
    EXPECT_NO_THROW(publish::page_catalog(publish::catalog_zh_text(&source), source));
}
