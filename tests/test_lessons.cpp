// Lessons: the format's parser, the checker's messages, and every question
// kind's answer against an independent computation (a closed form, a recount
// from the trace's operations, the SASS listing counted by hand, the results
// CSV read line by line).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "core/lessons/catalog.hpp"
#include "core/lessons/checker.hpp"
#include "core/lessons/quantity.hpp"
#include "core/lessons/sources.hpp"
#include "core/learner/engine_cpu.hpp"
#include "core/models/variants.hpp"

namespace fs = std::filesystem;
using namespace scanviz;
using namespace scanviz::lessons;

namespace {

const fs::path kSource = SCANVIZ_SOURCE_DIR;

sass::Locations where() {
    const fs::path build = fs::path(SCANVIZ_BINARY_DIR) / "sass";
    return {build, kSource / "assets" / "sass", fs::exists(build)};
}

std::vector<std::string> archs() {
    const auto w = where();
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(w.cubins_built ? w.build_dir : w.snapshot_dir, ec))
        if (e.is_directory()) out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

const std::string kBenchFile = (kSource / "assets" / "bench" / "h100_bench.csv").string();
const std::string kProfileFile = (kSource / "assets" / "profile" / "h100_profile.json").string();
const std::string kRaceFile = (kSource / "assets" / "race" / "h100_race.json").string();

const Sources& sources() {
    static const Sources s = [] {
        Sources s;
        s.run = [](const RunSpec& spec) { return run_model(spec); };
        load_sass(s, where(), archs());
        load_bench(s, nullptr, kBenchFile);
        load_profile(s, nullptr, kProfileFile);
        load_race(s, nullptr, kRaceFile);
        // A lesson's kernel: the shipped example, on the CPU engine (as `scanviz lesson check`).
        run_kernels_with(s, cpu_engine(), "cpu", (kSource / "assets" / "kernels").string());
        load_recorded_kernels(s, (kSource / "assets" / kRecordedKernelsFile).string());
        return s;
    }();
    return s;
}

Lesson parse(const std::string& text) { return parse_lesson(text, "t.lesson"); }

std::string parse_error(const std::string& text) {
    try {
        parse(text);
    } catch (const LessonError& e) {
        return e.what();
    }
    return "(parsed)";
}

std::vector<std::string> check(const std::string& text) { return check_lesson(parse(text), sources()); }

const std::string kHead = "title = T\nprerequisites = P\noutcomes = O\n";

// A one-step lesson showing `view` lines and evaluating `quantity`.
Value value_of(const std::string& view, const std::string& quantity) {
    const Lesson l = parse(kHead + "[step]\n" + view + "\ntext = x\nquestion = " + quantity + "\nask = ?\n");
    std::string err;
    static std::optional<ShownStep> shown;  // the pointers in StepData live here
    shown = show_step(l, 0, sources(), &err);
    EXPECT_TRUE(shown) << err;
    if (!shown) return {};
    return evaluate(l.steps[0].question->quantity, shown->data(), sources());
}

// Bank-conflict degree of every step recounted from the operations: the k-th
// shared read (write) of each thread of a warp forms one access; degree = the
// most distinct 4-byte words in one bank.
std::vector<int> recount_conflicts(const Trace& t) {
    std::vector<int> word(static_cast<size_t>(t.layout.slots), -1);
    for (const auto& r : t.layout.regions)
        if (r.space == Space::Shared)
            for (int i = 0; i < r.count; ++i)
                word[static_cast<size_t>(r.first_slot + i)] = (r.byte_offset + i * r.elem_bytes) / 4;
    std::vector<int> out;
    for (const auto& step : t.steps) {
        std::map<std::tuple<int, int, int>, std::map<int, std::set<int>>>
            groups;  // (write, warp, k) -> bank -> words
        std::map<std::pair<int, int>, int> seen;
        for (const auto& op : step.ops) {
            for (int pass = 0; pass < 2; ++pass)
                for (int s : pass ? op.writes : op.reads) {
                    const int w = word[static_cast<size_t>(s)];
                    if (w < 0) continue;
                    const int k = seen[{op.thread, pass}]++;
                    groups[{pass, op.thread / 32, k}][w % 32].insert(w);
                }
        }
        int worst = 1;
        for (const auto& [key, banks] : groups)
            for (const auto& [bank, words] : banks) worst = std::max(worst, static_cast<int>(words.size()));
        out.push_back(worst);
    }
    return out;
}

}  // namespace

// ---- the format ----------------------------------------------------------------

TEST(LessonFormat, ParsesAndCarriesSettingsOver) {
    const Lesson l = parse(kHead +
                           "[step First]\nvariant = block_hillis_steele\nn = 16\ninput = ramp\nat = 2\n"
                           "panels = state metrics\ntext = one\n  two\ntext = three\n"
                           "question = work\nask = How much?\nhint = Look.\nroute = work\n"
                           "[step]\nat = last\nselect = last 3\ntext = four {{literal}}\n");
    ASSERT_EQ(l.steps.size(), 2u);
    EXPECT_EQ(l.name, "t");
    EXPECT_EQ(l.steps[0].title, "First");
    EXPECT_EQ(l.steps[0].paragraphs, (std::vector<std::string>{"one two", "three"}));
    EXPECT_EQ(l.steps[0].question->ask, "How much?");
    EXPECT_EQ(l.steps[1].view.variant, "block_hillis_steele");
    EXPECT_EQ(*l.steps[1].view.n, 16);
    EXPECT_EQ(l.steps[1].view.input, InputKind::Ramp);
    EXPECT_FALSE(l.steps[1].view.shows("diagram"));
    EXPECT_TRUE(l.steps[1].view.at.last);
    EXPECT_TRUE(l.steps[1].view.has_selection);
    EXPECT_FALSE(l.steps[1].question.has_value());
    const auto parts = split_narration(l.steps[1].paragraphs[0]);
    ASSERT_EQ(parts.size(), 1u);
    EXPECT_EQ(parts[0].text, "four {literal}");
}

TEST(LessonFormat, SyntaxErrorsNameFileAndLine) {
    EXPECT_EQ(parse_error(kHead + "[step]\nvariant = warp_conditional\nthis line has no equals sign\n"),
              "t.lesson:6: expected 'key = value', got 'this line has no equals sign'");
    EXPECT_EQ(parse_error(kHead + "[step]\nvariant = warp_conditional\ncolour = red\n"),
              "t.lesson:6: unknown key 'colour' in a step (variant kernel schedule goal solution n threads items op "
              "type exclusive input heads at select panels zoom text question ask hint route hide reveal)");
    EXPECT_EQ(parse_error(kHead + "arch = sm_90\n[step]\nvariant = warp_conditional\ntext = x\n"),
              "t.lesson:4: arch is not a lesson setting: SASS figures come from the architecture the SASS view "
              "shows (sass::default_arch until the learner picks another)");
    EXPECT_EQ(parse_error(kHead + "[step]\nvariant = warp_conditional\ntext = x\nquestion = work\nask = ?\n"
                                  "hint = Look.\n"),
              "t.lesson:9: a hint needs its route (route = QUANTITY [+ QUANTITY ...]): what following it computes");
    EXPECT_EQ(parse_error(kHead + "[step]\nvariant = warp_conditional\ntext = x\nquestion = work\nask = ?\n"
                                  "hide = graph\n"),
              "t.lesson:9: hide: 'graph' is not a panel (state banks diagram metrics source sass bench lookback "
              "kernel), controls (the step counter), hazards (a kernel's hazard list and drawing) or selection");
    EXPECT_EQ(parse_error(kHead + "[step]\nvariant = warp_conditional\ntext = x\nquestion = work\nask = ?\n"
                                  "hint = h\nroute = work +\n"),
              "t.lesson:10: route: ends in an operator");
    EXPECT_EQ(parse_error(kHead + "[step\n"), "t.lesson:4: a section header ends with ']': '[step'");
    EXPECT_EQ(parse_error(kHead + "[step]\nvariant = warp_conditional\nat = soon\ntext = x\n"),
              "t.lesson:6: at: 'soon' is not a step (0 or initial, 1 .. steps, last)");
    EXPECT_EQ(parse_error(kHead + "[step]\nvariant = warp_conditional\ntext = x\nquestion = work\n"),
              "t.lesson:7: the question has no wording (ask = ...)");
    EXPECT_EQ(parse_error(kHead + "[step]\ntext = x\n"),
              "t.lesson:4: the step names no variant (variant = ...) and no kernel (kernel = ...)");
    EXPECT_EQ(parse_error(kHead), "t.lesson:3: the lesson has no steps ([step] sections)");
    EXPECT_EQ(parse_error(kHead + "[step]\nvariant = warp_conditional\npanels = state graph\ntext = x\n"),
              "t.lesson:6: panels: unknown panel 'graph' (state banks diagram metrics source sass bench lookback kernel)");
}

TEST(LessonCheck, ProblemsNameTheLine) {
    EXPECT_EQ(
        check(kHead + "[step]\nvariant = warp_nope\ntext = x\n"),
        (std::vector<std::string>{"t.lesson:5: unknown variant 'warp_nope' (scanviz list shows them all)"}));
    EXPECT_EQ(
        check(kHead + "[step]\nvariant = warp_conditional\nat = 9\ntext = x\n"),
        (std::vector<std::string>{"t.lesson:6: at = 9 is past the end: warp_conditional on this input has 5 "
                                  "steps (0 = initial state, 1 .. 5, last)"}));
    EXPECT_EQ(
        check(kHead + "[step]\nvariant = warp_conditional\ntext = x\nquestion = cone\nask = ?\n"),
        (std::vector<std::string>{
            "t.lesson:7: question cone has no answer: cone needs a selected cell (select = STEP SLOT)"}));
    EXPECT_EQ(
        check(kHead + "[step]\nvariant = warp_conditional\nat = initial\ntext = x\nquestion = active_lanes\n"
                      "ask = ?\n"),
        (std::vector<std::string>{
            "t.lesson:8: question active_lanes has no answer: active_lanes needs a step "
            "of the trace; the initial state is shown (at = 1 .. steps)"}));
    EXPECT_EQ(
        check(kHead + "[step]\nvariant = warp_conditional\ntext = {bogus}\n"),
        (std::vector<std::string>{"t.lesson:6: text: {bogus}: unknown quantity 'bogus' (" + [] {
            std::string names;
            for (const auto& k : quantity_kinds()) names += (names.empty() ? "" : ", ") + std::string(k.name);
            return names;
        }() + ")"}));
    EXPECT_EQ(check(kHead + "[step]\nvariant = warp_conditional\nselect = 2 40\ntext = x\n"),
              (std::vector<std::string>{
                  "t.lesson:6: select: slot 40 does not exist (warp_conditional has slots 0 .. 31)"}));
    EXPECT_EQ(check(kHead + "[step]\nvariant = block_hillis_steele\nn = 4096\ntext = x\n"),
              (std::vector<std::string>{"t.lesson:6: " + *[] {
                  RunSpec s;
                  s.variant = "block_hillis_steele";
                  s.n = 4096;
                  return validate_and_resolve(s);
              }()}));
    EXPECT_TRUE(
        check(kHead + "[step]\nvariant = warp_conditional\nat = 3\ntext = {active_lanes} lanes\n").empty());
}

// ---- every kind against an independent computation -------------------------------

TEST(LessonQuantities, ActiveLanesIsThirtyTwoMinusTheDistance) {
    // Kogge-Stone, lane conditionals: at step k (distance d = 2^(k-1)) lanes d..31 add.
    for (int k = 1; k <= 5; ++k) {
        const Value v = value_of("variant = warp_conditional\nat = " + std::to_string(k), "active_lanes");
        ASSERT_TRUE(v.ok) << v.why_not;
        EXPECT_EQ(v.number, 32 - (1 << (k - 1))) << "step " << k;
    }
}

TEST(LessonQuantities, WorkSpanAndStepsOfHillisSteeleAreClosedForms) {
    for (int log_n : {3, 5, 8}) {
        const int n = 1 << log_n;
        const std::string view = "variant = block_hillis_steele\nn = " + std::to_string(n);
        // sum over d = 1, 2, 4, ... < n of (n - d) = n log n - (n - 1)
        EXPECT_EQ(value_of(view, "work").number, n * log_n - (n - 1)) << n;
        EXPECT_EQ(value_of(view, "span").number, log_n) << n;
        EXPECT_EQ(value_of(view, "sequential_work").number, n - 1) << n;
    }
    // Another variant on the same input: Blelloch's work is about 2n (up-sweep n - 1, down-sweep n - 1).
    const Value w = value_of("variant = block_hillis_steele\nn = 64", "work block_blelloch");
    ASSERT_TRUE(w.ok) << w.why_not;
    EXPECT_EQ(w.number, 2 * (64 - 1));
    // Its span: up the tree to the level below the root (the root is cleared to the identity, which cuts
    // every chain through it), then all the way down: (log n - 1) + log n.
    const Value sp = value_of("variant = block_hillis_steele\nn = 64", "span block_blelloch");
    EXPECT_EQ(sp.number, (6 - 1) + 6);
}

TEST(LessonQuantities, StepWorkAndStepsRecountedFromOperations) {
    const Lesson l = parse(kHead + "[step]\nvariant = block_blelloch\nn = 32\nat = 2\ntext = x\n");
    std::string err;
    const auto shown = show_step(l, 0, sources(), &err);
    ASSERT_TRUE(shown) << err;
    int64_t apps = 0;
    for (const auto& op : shown->trace.steps[1].ops) apps += op.applications;
    EXPECT_EQ(evaluate({"step_work", {}}, shown->data(), sources()).number, static_cast<double>(apps));
    EXPECT_EQ(evaluate({"steps", {}}, shown->data(), sources()).number,
              static_cast<double>(shown->trace.steps.size()));
}

TEST(LessonQuantities, ConeOfAnInclusiveOutputIsItsPrefix) {
    for (int cell : {0, 5, 17, 31}) {
        const Value v = value_of("variant = warp_conditional\nselect = last " + std::to_string(cell), "cone");
        ASSERT_TRUE(v.ok) << v.why_not;
        std::vector<int> prefix;
        for (int i = 0; i <= cell; ++i) prefix.push_back(i);
        EXPECT_EQ(v.cells, prefix) << cell;
        EXPECT_EQ(
            value_of("variant = warp_conditional\nselect = last " + std::to_string(cell), "cone_size").number,
            cell + 1);
    }
    // After step 2 of Kogge-Stone (distances 1, 2), cell 10 holds inputs 7..10.
    const Value mid = value_of("variant = warp_conditional\nselect = 2 10", "cone");
    EXPECT_EQ(mid.cells, (std::vector<int>{7, 8, 9, 10}));
}

TEST(LessonQuantities, BankConflictsRecountedFromTheLayout) {
    for (const char* variant : {"block_blelloch", "block_blelloch_padded"}) {
        const Lesson l = parse(kHead + "[step]\nvariant = " + variant + "\nn = 256\ntext = x\n");
        std::string err;
        auto shown = show_step(l, 0, sources(), &err);
        ASSERT_TRUE(shown) << err;
        const std::vector<int> expected = recount_conflicts(shown->trace);
        int worst = 1;
        for (size_t s = 0; s < expected.size(); ++s) {
            shown->step = static_cast<int>(s);
            const Value v = evaluate({"conflict", {}}, shown->data(), sources());
            ASSERT_TRUE(v.ok);
            EXPECT_EQ(v.number, expected[s]) << variant << " step " << s + 1;
            worst = std::max(worst, expected[s]);
        }
        EXPECT_EQ(evaluate({"max_conflict", {}}, shown->data(), sources()).number, worst);
        if (std::string(variant) == "block_blelloch") {
            EXPECT_GT(worst, 1) << "the unpadded form conflicts";
        }
    }
}

TEST(LessonQuantities, SassCountsMatchTheListingCountedByHand) {
    if (sources().sass_rows.empty()) GTEST_SKIP() << "no SASS here: " << sources().sass_missing;
    const std::string arch = "sm_90";
    auto by_hand = [&](const std::string& variant) {
        const auto loaded = sass::load(where(), arch, "iso_" + variant);
        EXPECT_TRUE(loaded.listing) << loaded.message;
        const auto* k = loaded.listing->find("iso_" + variant);
        const auto region =
            sass::scan_region(*k, loaded.listing->find("base_" + variant), sass::region_file_of(variant));
        int n = 0;
        for (int i : region.instructions) n += k->code[static_cast<size_t>(i)].base != "NOP";
        return n;
    };
    Sources s = sources();
    s.arch = arch;
    const Lesson l = parse(kHead + "[step]\nvariant = warp_conditional\ntext = x\n");
    std::string err;
    const auto shown = show_step(l, 0, s, &err);
    for (const std::string v : {"warp_conditional", "warp_zeropad", "warp_shfl_ptx", "warp_shfl_intrinsic"}) {
        const Value got = evaluate({"sass", {v}}, shown->data(), s);
        ASSERT_TRUE(got.ok) << got.why_not;
        EXPECT_EQ(got.number, by_hand(v)) << v;
    }
    const Value pick = evaluate({"fewer_sass", {"warp_shfl_intrinsic", "warp_shfl_ptx"}}, shown->data(), s);
    ASSERT_TRUE(pick.ok) << pick.why_not;
    EXPECT_EQ(pick.choice, by_hand("warp_shfl_ptx") < by_hand("warp_shfl_intrinsic") ? "warp_shfl_ptx"
                                                                                     : "warp_shfl_intrinsic");
    // With no SASS the question says so rather than guessing.
    Sources none = s;
    none.sass_rows.clear();
    none.sass_missing = "nothing here";
    const Value missing =
        evaluate({"fewer_sass", {"warp_shfl_intrinsic", "warp_shfl_ptx"}}, shown->data(), none);
    EXPECT_FALSE(missing.ok);
    EXPECT_EQ(missing.why_not, "no SASS here: nothing here");
}

TEST(LessonQuantities, ThroughputMatchesTheResultsFileReadLineByLine) {
    ASSERT_TRUE(sources().bench) << sources().bench_missing;
    std::map<std::string, std::vector<std::string>> rows;  // "variant n" -> fields
    std::ifstream f(kBenchFile);
    for (std::string line; std::getline(f, line);) {
        if (line.empty() || line[0] == '#' || line.rfind("variant,", 0) == 0) continue;
        std::vector<std::string> fields;
        std::stringstream ss(line);
        for (std::string x; std::getline(ss, x, ',');) fields.push_back(x);
        if (fields[2] == "i32" && fields[3] == "add" && fields[4] == "inclusive")
            rows[fields[0] + " " + fields[1]] = fields;
    }
    const std::string n = std::to_string(1 << 28);
    ASSERT_TRUE(rows.count("device_decoupled_lookback " + n));
    const auto& ours = rows["device_decoupled_lookback " + n];
    const Lesson l = parse(kHead + "[step]\nvariant = device_decoupled_lookback\ntext = x\n");
    std::string err;
    const auto shown = show_step(l, 0, sources(), &err);
    ASSERT_TRUE(shown) << err;
    const auto d = shown->data();
    EXPECT_NEAR(evaluate({"gbps", {"device_decoupled_lookback", "2^28"}}, d, sources()).number,
                std::stod(ours[9]), 1e-6);
    EXPECT_NEAR(evaluate({"memcpy_fraction", {"device_decoupled_lookback", "2^28"}}, d, sources()).number,
                std::stod(ours[9]) / std::stod(rows["memcpy " + n][9]), 1e-6);
    EXPECT_NEAR(evaluate({"cub_ratio", {"device_decoupled_lookback", "2^28"}}, d, sources()).number,
                std::stod(ours[9]) / std::stod(rows["cub " + n][9]), 1e-6);
    const std::string fastest =
        std::stod(ours[9]) > std::stod(rows["cub " + n][9]) ? "device_decoupled_lookback" : "cub";
    EXPECT_EQ(evaluate({"faster", {"device_decoupled_lookback", "cub", "2^28"}}, d, sources()).choice,
              fastest);
    // A block variant has no whole-array row: its rows are tiles at full occupancy (tile_gbps).
    const Value none = evaluate({"gbps", {"block_blelloch", "2^28"}}, d, sources());
    EXPECT_FALSE(none.ok);
}

TEST(LessonQuantities, SassClassesAndTheBaseCountMatchTheListingCountedByHand) {
    if (sources().sass_rows.empty()) GTEST_SKIP() << "no SASS here: " << sources().sass_missing;
    const std::string arch = "sm_90";
    // Instructions of a function (all, or of one class), NOPs left out, counted from the listing.
    auto count = [](const sass::Function& f, const std::vector<int>* only, const char* cls) {
        int n = 0;
        for (size_t i = 0; i < f.code.size(); ++i) {
            if (only && std::find(only->begin(), only->end(), static_cast<int>(i)) == only->end()) continue;
            const std::string& op = f.code[i].base;
            if (op == "NOP") continue;
            if (cls && sass::class_name(sass::classify(op)) != cls) continue;
            ++n;
        }
        return n;
    };
    Sources s = sources();
    s.arch = arch;
    const Lesson l = parse(kHead + "[step]\nvariant = warp_conditional\ntext = x\n");
    std::string err;
    const auto shown = show_step(l, 0, s, &err);
    ASSERT_TRUE(shown) << err;
    std::map<std::string, int> base_of;
    for (const std::string v : {"warp_conditional", "warp_zeropad", "warp_templated", "warp_templated__plain",
                                "block_blelloch_padded"}) {
        const std::string file_variant = v.substr(0, v.find("__"));  // an extra instantiation: its variant's
        const auto loaded = sass::load(where(), arch, "iso_" + file_variant);
        ASSERT_TRUE(loaded.listing) << loaded.message;
        const auto* k = loaded.listing->find("iso_" + v);
        const auto* b = loaded.listing->find("base_" + file_variant);
        ASSERT_TRUE(k && b) << v;
        const auto region = sass::scan_region(*k, b, sass::region_file_of(file_variant));
        base_of[v] = count(*k, nullptr, nullptr) - count(*b, nullptr, nullptr);
        const Value minus = evaluate({"sass_base", {v}}, shown->data(), s);
        ASSERT_TRUE(minus.ok) << minus.why_not;
        EXPECT_EQ(minus.number, base_of[v]) << v;
        for (const char* cls : {"shared", "control", "cmp/sel"}) {
            const Value c = evaluate({"sass", {v, cls}}, shown->data(), s);
            ASSERT_TRUE(c.ok) << c.why_not;
            EXPECT_EQ(c.number, count(*k, &region.instructions, cls)) << v << " " << cls;
        }
    }
    const Value pick = evaluate({"fewer_sass_base", {"warp_conditional", "warp_zeropad"}}, shown->data(), s);
    ASSERT_TRUE(pick.ok) << pick.why_not;
    EXPECT_EQ(pick.choice, base_of["warp_zeropad"] < base_of["warp_conditional"] ? "warp_zeropad"
                                                                                 : "warp_conditional");
    EXPECT_EQ(check_shape({"sass", {"warp_zeropad", "branches"}}).value_or(""),
              "sass: unknown opcode class 'branches' (shared, shfl, global, int, float, cmp/sel, control, barrier, "
              "vote/bit, move, nop)");
}

// sass_on ARCH (issue 24): the named architecture's listing whatever the lesson's arch,
// counted by hand from the listing; a bad architecture or class is refused by the checker.
TEST(LessonQuantities, SassOnAnArchitectureMatchesThatListingCountedByHand) {
    if (sources().sass_rows.empty()) GTEST_SKIP() << "no SASS here: " << sources().sass_missing;
    Sources s = sources();
    s.arch = "sm_90";
    const Lesson l = parse(kHead + "[step]\nvariant = warp_conditional\ntext = x\n");
    std::string err;
    const auto shown = show_step(l, 0, s, &err);
    ASSERT_TRUE(shown) << err;
    for (const std::string arch : {"sm_75", "sm_90", "sm_100", "sm_120"}) {
        for (const std::string v : {"warp_conditional", "warp_shfl_ptx"}) {
            const auto loaded = sass::load(where(), arch, "iso_" + v);
            if (!loaded.listing) GTEST_SKIP() << arch << ": " << loaded.message;
            const auto* k = loaded.listing->find("iso_" + v);
            ASSERT_NE(k, nullptr);
            const auto region =
                sass::scan_region(*k, loaded.listing->find("base_" + v), sass::region_file_of(v));
            int all = 0, shared = 0;
            for (int i : region.instructions) {
                const auto& ins = k->code[static_cast<size_t>(i)];
                if (ins.base == "NOP") continue;
                ++all;
                shared += ins.base == "LDS" || ins.base == "STS";
            }
            const Value total = evaluate({"sass_on", {arch, v}}, shown->data(), s);
            ASSERT_TRUE(total.ok) << total.why_not;
            EXPECT_EQ(total.number, all) << arch << " " << v;
            const Value sh = evaluate({"sass_on", {arch, v, "shared"}}, shown->data(), s);
            ASSERT_TRUE(sh.ok) << sh.why_not;
            EXPECT_EQ(sh.number, shared) << arch << " " << v;
        }
    }
    const auto bad = check(kHead + "[step]\nvariant = warp_conditional\ntext = {sass_on sm90 warp_conditional}\n");
    ASSERT_FALSE(bad.empty());
    EXPECT_NE(bad.front().find("'sm90' is not an architecture"), std::string::npos) << bad.front();
}

// The profile table read with a JSON parser: instructions per warp = smsp__inst_executed over the launch's
// warps (grid blocks times block threads / 32, rounded up), the time as ncu gave it.
TEST(LessonQuantities, ExecutedAndTimeMatchTheProfileTableReadAsJson) {
    ASSERT_TRUE(sources().profile) << sources().profile_missing;
    std::ifstream f(kProfileFile);
    const nlohmann::json j = nlohmann::json::parse(f);
    const Lesson l = parse(kHead + "[step]\nvariant = warp_conditional\ntext = x\n");
    std::string err;
    const auto shown = show_step(l, 0, sources(), &err);
    ASSERT_TRUE(shown) << err;
    const auto d = shown->data();
    std::map<std::string, double> per_warp, ns;
    for (const auto& row : j.at("rows")) {
        const auto& n = row.at("ncu");
        const std::string v = row.at("variant");
        const double warps = n.at("grid_blocks").get<double>() * ((n.at("block_threads").get<int>() + 31) / 32);
        per_warp[v] = n.at("inst_executed").get<double>() / warps;
        ns[v] = n.at("duration_ns").get<double>();
        EXPECT_DOUBLE_EQ(evaluate({"executed", {v}}, d, sources()).number, per_warp[v]) << v;
        // One launch of one block, no spread: never a figure for a lesson.
        const Value t = evaluate({"kernel_ns", {v}}, d, sources());
        EXPECT_FALSE(t.ok) << v;
        EXPECT_FALSE(t.missing) << v;
        EXPECT_NE(t.why_not.find("no repeated measurements and no spread"), std::string::npos) << t.why_not;
        EXPECT_EQ(evaluate({"profiled_n", {v}}, d, sources()).number, row.at("n").get<int>()) << v;
    }
    ASSERT_GE(per_warp.size(), 15u);
    const std::vector<std::string> pair = {"block_warp_scans_smem", "block_warp_scans_shfl"};
    EXPECT_EQ(evaluate({"fewer_executed", pair}, d, sources()).choice,
              per_warp[pair[0]] < per_warp[pair[1]] ? pair[0] : pair[1]);
    const std::vector<std::string> three = {"block_raking", "block_raking_memoize", "block_warp_scans"};
    EXPECT_FALSE(evaluate({"quicker", three}, d, sources()).ok);
}

// Shared access instructions recounted from the operations: per step, a warp's k-th shared read (write) is
// one instruction; divided by the warps.
TEST(LessonQuantities, SharedAccessesPerWarpRecountedFromTheOperations) {
    for (const char* variant : {"warp_conditional", "warp_zeropad", "warp_shfl_ptx", "block_blelloch",
                                "block_warp_scans_smem", "block_warp_scans_shfl"}) {
        const Lesson l = parse(kHead + "[step]\nvariant = " + variant + "\ntext = x\n");
        std::string err;
        const auto shown = show_step(l, 0, sources(), &err);
        ASSERT_TRUE(shown) << err;
        const Trace& t = shown->trace;
        std::vector<bool> shared(static_cast<size_t>(t.layout.slots), false);
        for (const auto& r : t.layout.regions)
            if (r.space == Space::Shared)
                for (int i = 0; i < r.count; ++i) shared[static_cast<size_t>(r.first_slot + i)] = true;
        int64_t groups = 0;
        for (const auto& step : t.steps) {
            std::set<std::tuple<int, int, int>> seen_groups;
            std::map<std::pair<int, int>, int> seen;
            for (const auto& op : step.ops)
                for (int pass = 0; pass < 2; ++pass)
                    for (int slot : pass ? op.writes : op.reads)
                        if (shared[static_cast<size_t>(slot)])
                            seen_groups.insert({pass, op.thread / 32, seen[{op.thread, pass}]++});
            groups += static_cast<int64_t>(seen_groups.size());
        }
        const double warps = (t.spec.threads + 31) / 32;
        const Value v = evaluate({"shared_accesses", {}}, shown->data(), sources());
        ASSERT_TRUE(v.ok) << v.why_not;
        EXPECT_DOUBLE_EQ(v.number, static_cast<double>(groups) / warps) << variant;
    }
    // Kogge-Stone in shared memory, 5 steps: each lane reads its partner and itself, then writes.
    EXPECT_EQ(value_of("variant = warp_conditional", "shared_accesses").number, 5 * 3);
    EXPECT_EQ(value_of("variant = warp_conditional", "shared_accesses warp_shfl_ptx").number, 0);
}

// Shared memory of the layouts in closed form: the Handbook's zero padding puts 49 words per warp
// (16 zeros, 32 partials, one spare); Blelloch's bank padding one word after every 32 elements but the last.
TEST(LessonQuantities, SharedWordsAndPadWordsAreClosedForms) {
    EXPECT_EQ(value_of("variant = warp_conditional", "shared_words").number, 32);
    EXPECT_EQ(value_of("variant = warp_conditional", "pad_words").number, 0);
    EXPECT_EQ(value_of("variant = warp_conditional", "shared_words warp_zeropad").number, 49);
    EXPECT_EQ(value_of("variant = warp_zeropad", "pad_words").number, 49 - 32);
    for (int n : {128, 1024}) {
        const std::string view = "variant = block_blelloch_padded\nn = " + std::to_string(n);
        EXPECT_EQ(value_of(view, "shared_words").number, n + (n - 1) / 32) << n;
        EXPECT_EQ(value_of(view, "pad_words").number, (n - 1) / 32) << n;
        EXPECT_EQ(value_of(view, "shared_words block_blelloch").number, n) << n;
    }
}

TEST(LessonQuantities, PhaseWorkAndConflictsRecountedFromTheSteps) {
    for (const char* variant : {"block_blelloch", "block_blelloch_padded"}) {
        const Lesson l = parse(kHead + "[step]\nvariant = " + variant + "\nn = 1024\ntext = x\n");
        std::string err;
        const auto shown = show_step(l, 0, sources(), &err);
        ASSERT_TRUE(shown) << err;
        const std::vector<int> degrees = recount_conflicts(shown->trace);
        for (const std::string phase : {"up-sweep", "down-sweep", "inclusive shift"}) {
            int64_t apps = 0;
            int worst = 1;
            bool any = false;
            for (size_t i = 0; i < shown->trace.steps.size(); ++i) {
                const auto& step = shown->trace.steps[i];
                if (step.label.rfind(phase, 0) != 0) continue;
                any = true;
                for (const auto& op : step.ops) apps += op.applications;
                worst = std::max(worst, degrees[i]);
            }
            ASSERT_TRUE(any) << variant << " has no " << phase << " step";
            EXPECT_EQ(evaluate({"phase_work", {phase}}, shown->data(), sources()).number,
                      static_cast<double>(apps))
                << variant << " " << phase;
            EXPECT_EQ(evaluate({"phase_conflict", {phase}}, shown->data(), sources()).number, worst)
                << variant << " " << phase;
        }
        const Value none = evaluate({"phase_work", {"sideways"}}, shown->data(), sources());
        EXPECT_FALSE(none.ok);
        EXPECT_FALSE(none.missing) << "a phase the variant lacks is the lesson's fault, not missing data";
    }
}

TEST(LessonQuantities, RaceWrongMatchesTheRaceTableReadAsJson) {
    ASSERT_TRUE(sources().race) << sources().race_missing;
    std::ifstream f(kRaceFile);
    const nlohmann::json j = nlohmann::json::parse(f);
    const Lesson l = parse(kHead + "[step]\nvariant = warp_conditional\ntext = x\n");
    std::string err;
    const auto shown = show_step(l, 0, sources(), &err);
    ASSERT_TRUE(shown) << err;
    int checked = 0;
    for (const auto& row : j.at("rows")) {
        if (row.at("one_buffer").get<bool>()) continue;
        const int b = row.at("barrier").get<int>();
        std::vector<std::string> args = {row.at("variant").get<std::string>(),
                                         b < 0 ? std::string("none") : std::to_string(b)};
        if (row.at("diverged").get<bool>()) args.push_back("diverged");
        const Value v = evaluate({"race_wrong", args}, shown->data(), sources());
        ASSERT_TRUE(v.ok) << v.why_not;
        EXPECT_DOUBLE_EQ(v.number,
                         100.0 * row.at("wrong").get<double>() / row.at("total").get<double>())
            << row.at("case").get<std::string>();
        ++checked;
    }
    EXPECT_GT(checked, 50);
    EXPECT_TRUE(check_shape({"race_wrong", {"warp_conditional", "1", "sideways"}}).has_value());
}

// Data that is not here: `lesson check` refuses the comparison; the window and the page say what is missing.
TEST(LessonCheck, MissingMeasurementsAreRefusedOrSaidNeverGuessed) {
    Sources none = sources();
    none.profile.reset();
    none.profile_missing = "no table was loaded";
    const Lesson l = parse(kHead + "[step]\nvariant = block_blelloch\ntext = Padded: {executed block_blelloch_padded} "
                                   "per warp.\nquestion = fewer_executed block_blelloch block_blelloch_padded\n"
                                   "ask = ?\nhide = sass\n");
    const auto strict = check_lesson(l, none);
    ASSERT_EQ(strict.size(), 2u);
    EXPECT_EQ(strict[0],
              "t.lesson:6: text: {executed block_blelloch_padded}: no Nsight Compute profile table here: no "
              "table was loaded");
    EXPECT_EQ(strict[1].rfind("t.lesson:7: question fewer_executed has no answer: no Nsight Compute profile table", 0),
              0u)
        << strict[1];
    EXPECT_TRUE(check_lesson(l, none, MissingData::Say).empty());
    std::string err;
    const auto shown = show_step(l, 0, none, &err);
    ASSERT_TRUE(shown) << err;
    const auto said = expand_or_say(l.steps[0].paragraphs[0], shown->data(), none, &err);
    ASSERT_TRUE(said);
    EXPECT_EQ(said->rfind("[Not shown here:", 0), 0u) << *said;
    EXPECT_NE(said->find("no Nsight Compute profile table here"), std::string::npos) << *said;
    // With the table the same lesson checks.
    EXPECT_TRUE(check_lesson(l, sources()).empty());
    // A fault of the lesson is refused either way.
    const Lesson bad = parse(kHead + "[step]\nvariant = block_blelloch\ntext = {phase_work sideways}\n");
    EXPECT_EQ(check_lesson(bad, none, MissingData::Say).size(), 1u);
}

// ---- predict before reveal, noise, hints ---------------------------------------------

std::vector<std::string> check_file(const std::string& name, const Sources& src = sources()) {
    const std::string path = (kSource / "tests" / "data" / "lessons" / name).string();
    return check_lesson(load_lesson(path), src);
}
std::string data_path(const std::string& name) { return (kSource / "tests" / "data" / "lessons" / name).string(); }

// An answer typed out rather than computed: in the step's title, or a conflict degree as "N-way".
TEST(LessonCheck, RefusesAnAnswerTypedInTheTitleOrAsNWay) {
    const auto title = check(kHead + "[step Why the span is 5]\nvariant = warp_conditional\nat = last\ntext = x\n"
                                     "question = span\nhide = metrics\nask = ?\n");
    ASSERT_EQ(title.size(), 1u);
    EXPECT_EQ(title[0], "t.lesson:8: question span: the step's title (\"Why the span is 5\") shows 5, the answer to "
                        "span, before the question is answered (retitle the step)");
    // 15 or 50 in a title is not 5.
    EXPECT_TRUE(check(kHead + "[step Steps 15 and 50]\nvariant = warp_conditional\nat = last\ntext = x\n"
                              "question = span\nhide = metrics\nask = ?\n")
                    .empty());
    const auto way = check(kHead + "[step]\nvariant = block_blelloch\nn = 1024\nat = 1\n"
                                   "text = Words two apart make it 2-way.\nquestion = conflict\nhide = metrics\nask = ?\n");
    ASSERT_EQ(way.size(), 1u);
    EXPECT_NE(way[0].find("the text writes \"2-way\", the answer to conflict"), std::string::npos) << way[0];
    // Another degree, or "32-way" for an answer of 2, passes.
    EXPECT_TRUE(check(kHead + "[step]\nvariant = block_blelloch\nn = 1024\nat = 1\n"
                              "text = Not 32-way.\nquestion = conflict\nhide = metrics\nask = ?\n")
                    .empty());
}

TEST(LessonCheck, RefusesAnAnswerOnScreenBeforeItIsAnswered) {
    EXPECT_EQ(check_file("revealed.lesson"),
              (std::vector<std::string>{data_path("revealed.lesson") +
                                        ":10: question work: the text shows {work} = 129, the answer to work, "
                                        "before the question is answered (write {hidden work})"}));
    EXPECT_EQ(check_file("revealed_panel.lesson"),
              (std::vector<std::string>{data_path("revealed_panel.lesson") +
                                        ":11: question span: the metrics panel shows span = 5 before the question "
                                        "is answered (hide = metrics, or ask something the screen does not show)"}));
    // Hidden, the same figure passes; the step counter shows `steps` unless hidden too.
    EXPECT_TRUE(check(kHead + "[step]\nvariant = warp_conditional\nat = last\ntext = {hidden work}\n"
                              "question = work\nhide = metrics diagram\nask = ?\n")
                    .empty());
    const auto steps = check(kHead + "[step]\nvariant = warp_conditional\ntext = x\nquestion = steps\n"
                                     "hide = metrics diagram\nask = ?\n");
    ASSERT_EQ(steps.size(), 1u);
    EXPECT_EQ(steps[0].rfind("t.lesson:7: question steps: the controls (the step counter) shows steps = 5", 0), 0u)
        << steps[0];
    // A choice is answered by the figures of all its options.
    const auto both = check(kHead + "[step]\nvariant = warp_conditional\npanels = state\n"
                                    "text = {sass warp_shfl_ptx} and {sass warp_shfl_intrinsic}\n"
                                    "question = fewer_sass warp_shfl_intrinsic warp_shfl_ptx\nask = ?\n");
    ASSERT_EQ(both.size(), 1u);
    EXPECT_NE(both[0].find("the text shows the sass figure of every option"), std::string::npos) << both[0];
}

TEST(LessonCheck, HiddenFiguresPrintAsAQuestionMarkUntilRevealed) {
    const Lesson l = parse(kHead + "[step]\nvariant = warp_conditional\nat = last\n"
                                   "text = {hidden work} of {sequential_work}\nquestion = work\nhide = metrics diagram\nask = ?\n");
    std::string err;
    const auto shown = show_step(l, 0, sources(), &err);
    ASSERT_TRUE(shown) << err;
    EXPECT_EQ(*expand(l.steps[0].paragraphs[0], shown->data(), sources(), &err, false), "(?) of 31");
    EXPECT_EQ(*expand(l.steps[0].paragraphs[0], shown->data(), sources(), &err, true), "129 of 31");
    EXPECT_TRUE(l.steps[0].question->hides("metrics"));
}

TEST(LessonCheck, APredictionIsJudgedOnTheNextStep) {
    const Lesson l = parse(kHead + "[step]\nvariant = warp_conditional\nat = 2\ntext = x\n"
                                   "question = active_lanes\nreveal = next\nhide = metrics\nask = ?\n"
                                   "hint = Lanes 0 to 3 have no partner.\nroute = active_lanes @now - 2\n");
    std::string err;
    const auto shown = show_step(l, 0, sources(), &err);
    ASSERT_TRUE(shown) << err;
    EXPECT_EQ(answer_of(*l.steps[0].question, *shown, sources()).number, 28);  // d = 4: lanes 4..31
    EXPECT_EQ(route_value(*l.steps[0].question, *shown, sources()).number, 28);  // 30 now, less 2
    EXPECT_TRUE(check_lesson(l, sources()).empty());
    // The state view shows the step on screen, not the predicted one: no reveal. At the last step there is
    // nothing to predict.
    const auto last = check(kHead + "[step]\nvariant = warp_conditional\nat = last\ntext = x\n"
                                    "question = active_lanes\nreveal = next\nhide = metrics\nask = ?\n");
    ASSERT_EQ(last.size(), 1u);
    EXPECT_NE(last[0].find("there is no next step to predict"), std::string::npos) << last[0];
}

TEST(LessonCheck, RefusesAComparisonWithinTheSpreadOfItsRuns) {
    Sources noisy = sources();
    load_bench(noisy, nullptr, data_path("noisy_bench.csv"));
    ASSERT_TRUE(noisy.bench) << noisy.bench_missing;
    EXPECT_EQ(check_file("noise.lesson", noisy),
              (std::vector<std::string>{data_path("noise.lesson") +
                                        ":10: question faster has no answer: device_decoupled_lookback and cub at "
                                        "n = 1024: their runs overlap (device_decoupled_lookback 0.0050 .. 0.0070 ms, "
                                        "cub 0.0052 .. 0.0070 ms, fastest .. slowest): the comparison is noise"}));
    // The shipped table's rows at 2^20: every run of one quicker than every run of the other.
    const Lesson ok = parse(kHead + "[step]\nvariant = device_decoupled_lookback\ntext = x\n"
                                    "question = faster device_decoupled_lookback cub 2^20\nhide = bench\nask = ?\n");
    EXPECT_EQ(check_lesson(ok, sources()), std::vector<std::string>{});
    // A time from one launch of one block is neither a figure nor an answer.
    const auto once = check_file("one_launch.lesson");
    ASSERT_EQ(once.size(), 2u);
    EXPECT_EQ(once[0].rfind(data_path("one_launch.lesson") + ":8: text: {kernel_ns block_blelloch}: the profile "
                            "table (h100_profile.json) times block_blelloch in one launch of one block, with no "
                            "repeated measurements and no spread", 0),
              0u)
        << once[0];
    EXPECT_EQ(once[1].rfind(data_path("one_launch.lesson") + ":9: question quicker has no answer:", 0), 0u) << once[1];
}

// Which barrier's removal breaks the scan: the race table's rates compared; a barrier typed as itself is
// that barrier, not the option of that number.
TEST(LessonQuantities, BreaksPicksTheBarrierWhoseRemovalWentWrongMost) {
    const Lesson l = parse(kHead + "[step]\nvariant = warp_conditional\ntext = x\n");
    std::string err;
    const auto shown = show_step(l, 0, sources(), &err);
    ASSERT_TRUE(shown) << err;
    const auto d = shown->data();
    const Value r0 = evaluate({"race_wrong", {"warp_conditional", "0"}}, d, sources());
    const Value r1 = evaluate({"race_wrong", {"warp_conditional", "1"}}, d, sources());
    ASSERT_TRUE(r0.ok && r1.ok);
    ASSERT_NE(r0.number, r1.number);
    const Value b = evaluate({"breaks", {"warp_conditional", "0", "1"}}, d, sources());
    ASSERT_TRUE(b.ok) << b.why_not;
    EXPECT_EQ(b.choice, r1.number > r0.number ? "1" : "0");
    Question q;
    q.quantity = {"breaks", {"warp_conditional", "0", "1"}};
    EXPECT_TRUE(judge(q, b, b.choice).correct);
    EXPECT_FALSE(judge(q, b, b.choice == "1" ? "0" : "1").correct);
}

TEST(LessonCheck, RefusesAHintThatLeadsElsewhere) {
    EXPECT_EQ(check_file("wrong_hint.lesson"),
              (std::vector<std::string>{data_path("wrong_hint.lesson") +
                                        ":15: hint: following it (phase_steps up-sweep + phase_steps down-sweep) "
                                        "gives 12, but the answer is 11"}));
}

// Every shipped question's hint names a route, and following it gives the answer; every lesson asks at
// least two questions the learner answers before the step they are about runs.
TEST(ShippedLessons, HintsLeadToTheAnswerAndTwoQuestionsPredict) {
    for (const auto& e : list_lessons((kSource / "assets" / "lessons").string())) {
        const Lesson l = load_lesson(e.path);
        int predictions = 0;
        for (size_t i = 0; i < l.steps.size(); ++i) {
            const auto& q = l.steps[i].question;
            if (!q) continue;
            // A prediction: of the next step, or of a kernel's hazards before their list shows.
            predictions += q->reveal_next || q->hides("hazards");
            if (q->hint.empty()) continue;
            std::string err;
            const auto shown = show_step(l, static_cast<int>(i), sources(), &err);
            ASSERT_TRUE(shown) << err;
            const Value answer = answer_of(*q, *shown, sources());
            const Value route = route_value(*q, *shown, sources());
            ASSERT_TRUE(answer.ok && route.ok) << e.name << " step " << i + 1;
            EXPECT_EQ(route.text(), answer.text()) << e.name << " step " << i + 1 << ": " << q->route_text;
        }
        EXPECT_GE(predictions, 2) << e.name;
    }
}

// ---- the table of kinds -------------------------------------------------------------

// A kind is one entry of the table: named once, with its evaluator; what it reads,
// and which variants go into the SASS view's columns, come from that entry.
TEST(LessonKinds, EachKindIsOneEntryWithItsEvaluator) {
    std::set<std::string_view> names;
    for (const KindInfo& k : quantity_kinds()) {
        SCOPED_TRACE(std::string(k.name));
        EXPECT_TRUE(names.insert(k.name).second) << "named twice";
        EXPECT_EQ(find_kind(k.name), &k);
        EXPECT_NE(k.evaluate, nullptr);
        EXPECT_EQ(k.usage.substr(0, k.name.size()), k.name);
        if (k.max_args >= 0) EXPECT_GE(k.max_args, k.min_args);
    }
    EXPECT_EQ(find_kind("nosuch"), nullptr);

    // Without a trace on screen a kind that reads one says so; one that reads only the tables
    // answers from them (here: says they are missing).
    EXPECT_EQ(evaluate({"work", {}}, StepData{}, Sources{}).why_not, "no trace on screen");
    const Value gbps = evaluate({"gbps", {"cub", "1024"}}, StepData{}, Sources{});
    EXPECT_FALSE(gbps.ok);
    EXPECT_TRUE(gbps.missing) << gbps.why_not;

    EXPECT_EQ(sass_columns({"fewer_sass", {"warp_conditional", "warp_zeropad"}}),
              (std::vector<std::string>{"warp_conditional", "warp_zeropad"}));
    EXPECT_EQ(sass_columns({"sass", {"warp_zeropad", "shared"}}), std::vector<std::string>{"warp_zeropad"});
    EXPECT_TRUE(sass_columns({"sass_on", {"sm_90", "warp_zeropad"}}).empty());
    EXPECT_TRUE(sass_columns({"work", {"warp_zeropad"}}).empty());
}

// ---- judging answers --------------------------------------------------------------

TEST(LessonJudge, NumbersCellsAndChoices) {
    Question q;
    q.quantity = {"active_lanes", {}};
    q.hint = "Count them.";
    Value v;
    v.ok = true;
    v.number = 24;
    EXPECT_TRUE(judge(q, v, " 24 ").correct);
    const Verdict wrong = judge(q, v, "23");
    EXPECT_FALSE(wrong.correct);
    EXPECT_NE(wrong.message.find("Count them."), std::string::npos);
    EXPECT_NE(wrong.message.find("the state view"), std::string::npos) << "a wrong answer names the view";
    EXPECT_FALSE(judge(q, v, "lots").correct);

    Value cells;
    cells.ok = true;
    cells.kind = ValueKind::Cells;
    cells.cells = {0, 1, 2, 3, 7};
    q.quantity = {"cone", {}};
    EXPECT_TRUE(judge(q, cells, "0-3, 7").correct);
    EXPECT_TRUE(judge(q, cells, "7 0..3").correct);
    EXPECT_FALSE(judge(q, cells, "0-3").correct);
    EXPECT_EQ(cells_text(cells.cells), "0-3, 7");

    Value frac;
    frac.ok = true;
    frac.number = 0.834;
    frac.tolerance = 0.02;
    q.quantity = {"memcpy_fraction", {"x", "1"}};
    EXPECT_TRUE(judge(q, frac, "0.82").correct);
    EXPECT_FALSE(judge(q, frac, "0.7").correct);

    Value choice;
    choice.ok = true;
    choice.kind = ValueKind::Choice;
    choice.options = {"warp_shfl_intrinsic", "warp_shfl_ptx"};
    choice.choice = "warp_shfl_ptx";
    q.quantity = {"fewer_sass", choice.options};
    EXPECT_TRUE(judge(q, choice, "warp_shfl_ptx").correct);
    EXPECT_TRUE(judge(q, choice, "2").correct);
    EXPECT_FALSE(judge(q, choice, "1").correct);
}

// ---- the shipped lessons and the progress file ------------------------------------

TEST(ShippedLessons, EveryLessonChecksAndHasItsShape) {
    const auto lessons = list_lessons((kSource / "assets" / "lessons").string());
    ASSERT_GE(lessons.size(), 7u);
    for (const auto& e : lessons) {
        ASSERT_TRUE(e.error.empty()) << e.error;
        const Lesson l = load_lesson(e.path);
        EXPECT_GE(l.steps.size(), 8u) << e.name;
        EXPECT_LE(l.steps.size(), 20u) << e.name;
        EXPECT_FALSE(l.prerequisites.empty()) << e.name;
        EXPECT_FALSE(l.outcomes.empty()) << e.name;
        const auto problems = check_lesson(l, sources());
        for (const auto& p : problems) ADD_FAILURE() << p;
    }
}

// The SASS view's architecture is the learner's to pick: every lesson checks on each one the listings have
// (answers exist, none is on screen early, every route holds), and the default is the view's.
TEST(ShippedLessons, EveryLessonChecksOnEveryArchitectureTheSassViewOffers) {
    const auto all = archs();
    ASSERT_FALSE(all.empty());
    EXPECT_EQ(sass::default_arch(all), "sm_90");
    for (const auto& arch : all) {
        Sources s = sources();
        s.arch = arch;
        for (const auto& e : list_lessons((kSource / "assets" / "lessons").string()))
            for (const auto& p : check_lesson(load_lesson(e.path), s)) ADD_FAILURE() << arch << ": " << p;
    }
}

TEST(ShippedLessons, TheReadmeExampleChecks) {
    std::ifstream f(kSource / "README.md");
    std::stringstream ss;
    ss << f.rdbuf();
    const std::string readme = ss.str();
    const auto section = readme.find("### Writing a lesson");
    ASSERT_NE(section, std::string::npos);
    const auto begin = readme.find("```ini\n", section);
    ASSERT_NE(begin, std::string::npos);
    const auto end = readme.find("```", begin + 7);
    const Lesson l = parse_lesson(readme.substr(begin + 7, end - begin - 7), "README.md");
    EXPECT_EQ(l.steps.size(), 3u);
    EXPECT_EQ(l.steps[0].view.variant, "warp_conditional");
    const auto problems = check_lesson(l, sources());
    for (const auto& p : problems) ADD_FAILURE() << p;
}

TEST(LessonCatalog, FindsByStemBareNameOrNumber) {
    const std::string dir = (kSource / "assets" / "lessons").string();
    const auto lessons = list_lessons(dir);
    ASSERT_FALSE(lessons.empty());
    const std::string stem = lessons.front().name;
    EXPECT_EQ(find_lesson(dir, stem), lessons.front().path);
    EXPECT_EQ(find_lesson(dir, stem.substr(stem.find('_') + 1)), lessons.front().path);
    EXPECT_EQ(find_lesson(dir, "1"), lessons.front().path);
    EXPECT_EQ(find_lesson(dir, "no_such_lesson"), "");
}

TEST(LessonProgressFile, RoundTripsUnderTheConfigDir) {
    const fs::path dir = fs::temp_directory_path() / ("scanviz_progress_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    setenv("XDG_CONFIG_HOME", dir.c_str(), 1);
    const std::string path = progress_path();
    EXPECT_EQ(path, (dir / "scanviz" / "lessons.progress").string());
    Progress p;
    p["01_a"] = {3, {1, 2}};
    p["02_b"] = {0, {}};
    ASSERT_FALSE(save_progress(path, p).has_value());
    const Progress back = load_progress(path);
    ASSERT_EQ(back.size(), 2u);
    EXPECT_EQ(back.at("01_a").step, 3);
    EXPECT_EQ(back.at("01_a").answered, (std::set<int>{1, 2}));
    EXPECT_TRUE(back.at("02_b").answered.empty());
    EXPECT_TRUE(load_progress((dir / "missing").string()).empty());
    fs::remove_all(dir);
}

// ---- a learner's kernel in a lesson (kernel = NAME) ----------------------------------------

namespace {

const std::string kKernelHead = kHead + "[step]\nkernel = hillis_steele_one_buffer.cu\n";

bool any_has(const std::vector<std::string>& lines, const std::string& part) {
    for (const auto& l : lines)
        if (l.find(part) != std::string::npos) return true;
    return false;
}

}  // namespace

// The one-buffer Hillis-Steele scan at n = 64: thread t reads s[t - d] in the step for d, thread t - d
// writes it when t - d >= d. So steps d = 1 .. 16 race (d = 32 has no writer t - 32 >= 32 below 64),
// at d = 4 the threads 8 .. 63, and sum over d of (64 - 2d) pairs in all: closed forms, not the figures.
TEST(LessonKernel, HazardFiguresAreTheClosedFormsOfTheOneBufferScan) {
    const Lesson l = parse(kKernelHead + "at = 3\ntext = x\n");
    std::string err;
    const auto shown = show_step(l, 0, sources(), &err);
    ASSERT_TRUE(shown) << err;
    ASSERT_EQ(shown->trace.steps.size(), 6u);
    const StepData d = shown->data();
    ASSERT_NE(d.accesses, nullptr);
    int pairs = 0;
    for (int dd = 1; dd < 64; dd *= 2) pairs += std::max(0, 64 - 2 * dd);
    EXPECT_EQ(evaluate({"hazards", {}}, d, sources()).number, pairs);
    EXPECT_EQ(evaluate({"hazard_steps", {}}, d, sources()).text(), "1-5");
    EXPECT_EQ(evaluate({"hazard_lanes", {}}, d, sources()).text(), "8-63");
    EXPECT_EQ(evaluate({"wrong_outputs", {}}, d, sources()).number, 0);  // lockstep reads before it writes
    // A variant has no access trace: the hazard kinds say so instead of answering.
    const Lesson v = parse(kHead + "[step]\nvariant = block_hillis_steele\ntext = x\n");
    const auto vs = show_step(v, 0, sources(), &err);
    ASSERT_TRUE(vs) << err;
    EXPECT_FALSE(evaluate({"hazards", {}}, vs->data(), sources()).ok);
}

TEST(LessonKernel, OutOfLockstepTheRacyScanGoesWrongAndTheTwoBufferOneDoesNot) {
    const std::string dir = (kSource / "assets" / "kernels").string();
    const LearnerRun racy = sources().run_kernel(dir + "/hillis_steele_one_buffer.cu", true);
    ASSERT_TRUE(racy.error.empty()) << racy.error;
    const auto want = sequential_scan(racy.trace.input, Op::Add, ElemType::I32, false);
    int wrong = 0;
    for (size_t i = 0; i < want.size(); ++i) wrong += racy.trace.output[i] != want[i];
    EXPECT_GT(wrong, 0);
    const Lesson l = parse(kKernelHead + "schedule = interleaved\nat = last\ntext = x\n");
    std::string err;
    const auto shown = show_step(l, 0, sources(), &err);
    ASSERT_TRUE(shown) << err;
    EXPECT_EQ(evaluate({"wrong_outputs", {}}, shown->data(), sources()).number, wrong);
    std::string why;
    EXPECT_FALSE(goal_met(racy, &why));
    EXPECT_TRUE(goal_met(sources().run_kernel(dir + "/hillis_steele_two_buffers.cu", true), &why)) << why;
}

TEST(LessonKernel, CheckRulesAreAsStrictAsForTheBuiltInSteps) {
    // A hazard question with the hazard list on screen.
    EXPECT_TRUE(any_has(check(kKernelHead + "panels = state kernel\ntext = x\nquestion = hazard_steps\nask = ?\n"),
                        "hide = hazards"));
    // ... also when only the state view (which draws them) is open.
    EXPECT_TRUE(any_has(check(kKernelHead + "panels = state\ntext = x\nquestion = hazards\nask = ?\n"),
                        "hide = hazards"));
    EXPECT_TRUE(check(kKernelHead + "panels = state kernel\ntext = x\nquestion = hazard_steps\nhide = hazards\nask = ?\n")
                    .empty());
    // The answer in a visible placeholder.
    EXPECT_TRUE(any_has(check(kKernelHead + "panels = state\ntext = {hazard_steps}\nquestion = hazard_steps\n"
                                            "hide = hazards\nask = ?\n"),
                        "write {hidden hazard_steps}"));
    // The file must exist.
    EXPECT_TRUE(any_has(check(kHead + "[step]\nkernel = no_such_kernel.cu\ntext = x\n"), ":5: kernel = no_such_kernel.cu: no such file"));
    // A goal needs a solution that meets it, on a kernel that does not.
    EXPECT_NE(parse_error(kKernelHead + "text = x\ngoal = fixed\n").find("needs solution"), std::string::npos);
    EXPECT_NE(parse_error(kHead + "[step]\nvariant = block_hillis_steele\ntext = x\ngoal = fixed\nsolution = a.cu\n")
                  .find("needs a kernel"),
              std::string::npos);
    EXPECT_TRUE(any_has(check(kKernelHead + "text = x\ngoal = fixed\nsolution = hillis_steele_one_buffer.cu\n"),
                        "the solution hillis_steele_one_buffer.cu does not meet it"));
    EXPECT_TRUE(any_has(check(kHead + "[step]\nkernel = hillis_steele_two_buffers.cu\ntext = x\ngoal = fixed\n"
                                      "solution = hillis_steele_two_buffers.cu\n"),
                        "meets it already"));
    EXPECT_TRUE(check(kKernelHead + "text = x\ngoal = fixed\nsolution = hillis_steele_two_buffers.cu\n").empty());
    EXPECT_NE(parse_error(kKernelHead + "schedule = sometimes\ntext = x\n").find("lockstep or interleaved"),
              std::string::npos);
    EXPECT_NE(parse_error(kHead + "[step]\nkernel = ../../etc/passwd\ntext = x\n").find("shipped example"),
              std::string::npos);
    // Without a way to run kernels, a kernel step is refused, not skipped.
    Sources none = sources();
    none.run_kernel = nullptr;
    EXPECT_TRUE(any_has(check_lesson(parse(kKernelHead + "text = x\n"), none), "cannot run here"));
}

// The recorded GPU run is read from its text, as `scanviz kernel --launches` printed it.
TEST(LessonKernel, RecordedGpuFiguresAreReadFromTheRecordedRun) {
    Sources s = sources();
    s.recorded_kernels =
        "=== scanviz kernel assets/kernels/a.cu --engine gpu\n  ok    every output right in 1 blocks on the GPU\n"
        "=== scanviz kernel assets/kernels/a.cu --engine gpu --launches 7\nsource   GPU Card X (your kernel)\n"
        "  FAIL  wrong output in 3 of 6145 blocks on the GPU (the traced launch, then 6 launches)\n"
        "=== scanviz kernel assets/kernels/b.cu --engine gpu --launches 200\n"
        "  ok    every output right in 203777 blocks on the GPU\n";
    s.recorded_kernels_origin = "rec.txt";
    const StepData none;
    EXPECT_EQ(evaluate({"gpu_launches", {"a.cu"}}, none, s).number, 7);
    EXPECT_EQ(evaluate({"gpu_blocks", {"a.cu"}}, none, s).number, 6145);
    EXPECT_EQ(evaluate({"gpu_wrong_blocks", {"a.cu"}}, none, s).number, 3);
    EXPECT_EQ(evaluate({"gpu_wrong_blocks", {"a.cu"}}, none, s).origin, "rec.txt, Card X");
    EXPECT_EQ(evaluate({"gpu_wrong_blocks", {"b.cu"}}, none, s).number, 0);
    EXPECT_FALSE(evaluate({"gpu_blocks", {"c.cu"}}, none, s).ok);
    s.recorded_kernels.clear();
    const Value missing = evaluate({"gpu_blocks", {"a.cu"}}, none, s);
    EXPECT_FALSE(missing.ok);
    EXPECT_TRUE(missing.missing);
    // The shipped record holds lesson 8's run.
    EXPECT_TRUE(evaluate({"gpu_blocks", {"hillis_steele_one_buffer.cu"}}, none, sources()).ok);
}

// The learner's copy: made once in the learner's folder, never overwritten, never the shipped file.
TEST(LessonKernel, TheLearnersCopyIsMadeOnceAndTheShippedFileNeverWritten) {
    const fs::path dir = fs::temp_directory_path() / ("scanviz-l8-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    ::setenv("SCANVIZ_LEARNER_DIR", dir.string().c_str(), 1);
    const std::string shipped = (kSource / "assets" / "kernels").string();
    std::string err;
    const std::string copy = learner_copy(shipped, "hillis_steele_one_buffer.cu", &err);
    ASSERT_FALSE(copy.empty()) << err;
    EXPECT_EQ(fs::path(copy).parent_path(), dir);
    { std::ofstream(copy) << "// my edit\n"; }
    EXPECT_EQ(learner_copy(shipped, "hillis_steele_one_buffer.cu", &err), copy);
    std::ifstream in(copy);
    std::string first;
    std::getline(in, first);
    EXPECT_EQ(first, "// my edit");  // kept
    // A learner folder that is the shipped folder is refused.
    ::setenv("SCANVIZ_LEARNER_DIR", shipped.c_str(), 1);
    err.clear();
    EXPECT_TRUE(learner_copy(shipped, "hillis_steele_one_buffer.cu", &err).empty());
    EXPECT_NE(err.find("the shipped file itself"), std::string::npos) << err;
    ::unsetenv("SCANVIZ_LEARNER_DIR");
    fs::remove_all(dir);
}

// Lesson 8's first fix, as its text spells it (read into a register, __syncthreads(), then write), meets
// the goal out of lockstep: the lesson promises a fix it has not run otherwise.
TEST(LessonKernel, TheSplitStepFixTheLessonSpellsOutMeetsTheGoal) {
    std::ifstream in(kSource / "assets" / "kernels" / "hillis_steele_one_buffer.cu");
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    const std::string racy = "if (t < n && t >= d) s[t] = s[t - d] + s[t];";
    const auto at = text.find(racy);
    ASSERT_NE(at, std::string::npos);
    const std::string split = "int x = (t < n && t >= d) ? s[t - d] : 0; __syncthreads(); if (t < n) s[t] += x;";
    text.replace(at, racy.size(), split);
    // The lesson's text writes the same statements, in both languages.
    for (const fs::path& rel : {fs::path("08_your_kernel_race.lesson"), fs::path("zh_CN") / "08_your_kernel_race.lesson"}) {
        std::ifstream lin(kSource / "assets" / "lessons" / rel);
        std::stringstream ls;
        ls << lin.rdbuf();
        EXPECT_NE(ls.str().find(split + " __syncthreads();"), std::string::npos) << rel;
    }
    const fs::path file = fs::temp_directory_path() / ("scanviz-l8-split-" + std::to_string(::getpid()) + ".cu");
    std::ofstream(file) << text;
    std::string why;
    EXPECT_TRUE(goal_met(sources().run_kernel(file.string(), true), &why)) << why;
    fs::remove(file);
}
