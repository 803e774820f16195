// The race lab's hazard analysis (issue 12) on traces whose answer is worked
// out by hand, the barrier lists, the measured table's file formats and the
// recording's optional "race" section.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/analysis/diagram.hpp"
#include "core/race/hazards.hpp"
#include "core/race/report.hpp"
#include "core/race/table.hpp"
#include "core/recording/recording.hpp"
#include "core/models/variants.hpp"

using namespace scanviz;

namespace {

Trace model(const std::string& variant, int n) {
    RunSpec s;
    s.variant = variant;
    s.n = n;
    return run_model(s);
}

}  // namespace

// Hillis-Steele, n = 64 (two warps), barrier 0 (after the step d=1) removed.
// Step d=2 thread t >= 2 reads buffer 1 word t-2, written by thread t-2 in
// step d=1: 62 RAW. Step d=2 thread j writes buffer 0 word j, which thread
// j+1 read in step d=1: 63 WAR. Between warps: threads 32 and 33 read words
// 30 and 31 (RAW), thread 32 read word 31 that thread 31 overwrites (WAR).
TEST(RaceHazards, HillisSteeleMissingFirstBarrierByHand) {
    const Trace t = model("block_hillis_steele", 64);
    const auto sites = barrier_sites(t);
    ASSERT_EQ(sites.size(), 6u);
    EXPECT_EQ(sites[0].name, "double-buffered step d=1");
    EXPECT_EQ(sites[0].primitive, "__syncthreads()");
    const HazardReport h = analyze_hazards(t, RaceWhatIf{0, false});
    EXPECT_EQ(h.raw, 62);
    EXPECT_EQ(h.war, 63);
    EXPECT_EQ(h.waw, 0);
    EXPECT_EQ(h.count(), 125);
    EXPECT_EQ(h.between_warps, 3);
    EXPECT_EQ(h.within_warp, 122);
    for (const auto& hz : h.hazards) {
        EXPECT_NE(hz.read.thread, hz.write.thread);
        if (hz.kind == HazardKind::RAW) {
            EXPECT_EQ(hz.read.step, 1);
            EXPECT_EQ(hz.write.step, 0);
            EXPECT_EQ(hz.write.thread, hz.read.thread - 2);
        }
    }
    const auto between = std::count_if(h.hazards.begin(), h.hazards.end(), [](const Hazard& x) {
        return x.between_warps && x.kind == HazardKind::RAW && (x.read.thread == 32 || x.read.thread == 33);
    });
    EXPECT_EQ(between, 2);
}

// The last barrier of Hillis-Steele guards nothing: after it each thread reads only its own word.
TEST(RaceHazards, BarrierThatGuardsNothingReportsNone) {
    const Trace t = model("block_hillis_steele", 64);
    const int last = static_cast<int>(barrier_sites(t).size()) - 1;
    EXPECT_EQ(analyze_hazards(t, RaceWhatIf{last, false}).count(), 0);
    // Every other one guards something.
    for (int b = 0; b < last; ++b) EXPECT_GT(analyze_hazards(t, RaceWhatIf{b, false}).count(), 0) << b;
}

// One buffer: in the step of distance d, thread t >= d reads word t-d, which
// thread t-d overwrites in the same step: n - d WAR per step, nothing else.
TEST(RaceHazards, HillisSteeleOneBufferIsWriteAfterReadInEveryStep) {
    const Trace t = model("block_hillis_steele", 64);
    const HazardReport h = analyze_hazards(t, RaceWhatIf{-1, true});
    EXPECT_EQ(h.count(), 63 + 62 + 60 + 56 + 48 + 32);
    EXPECT_EQ(h.war, h.count());
    for (const auto& hz : h.hazards) {
        EXPECT_EQ(hz.read.step, hz.write.step);
        EXPECT_EQ(hz.slot, hz.write.thread);
    }
}

TEST(RaceHazards, EveryVariantAsWrittenIsRaceFreeButTheLegacyOne) {
    for (auto v : race_variants()) {
        const std::string variant(v);
        const HazardReport h = race_hazards(RaceCase{variant, -1, false, false});
        if (variant == "warp_legacy_volatile") {
            EXPECT_GT(h.count(), 0);
            EXPECT_EQ(h.between_warps, 0);  // one warp: only lockstep orders it
            EXPECT_TRUE(race_barriers(variant).empty());
        } else {
            EXPECT_EQ(h.count(), 0) << variant;
            EXPECT_FALSE(race_barriers(variant).empty()) << variant;
        }
    }
}

// Blelloch, m = 256 (128 threads, 4 warps). Up-sweep step i has m / 2^(i+1)
// threads; without barrier 0 the 64 threads of step 1 read what threads 2t
// and 2t+1 wrote: warps apart for t >= 16. From barrier 2 on, both steps
// around the barrier run inside warp 0: hazards, but none between warps.
TEST(RaceHazards, BlellochUpSweepBetweenWarpsThenWithinWarpZero) {
    const HazardReport h0 = race_hazards(RaceCase{"block_blelloch", 0, false, false});
    EXPECT_GT(h0.between_warps, 0);
    const HazardReport h3 = race_hazards(RaceCase{"block_blelloch", 3, false, false});
    EXPECT_GT(h3.count(), 0);
    EXPECT_EQ(h3.between_warps, 0);
    const auto sites = race_barriers("block_blelloch");
    ASSERT_EQ(sites.size(), 19u);  // 8 up-sweep, clear last, 8 down-sweep, inclusive shift (2)
    EXPECT_EQ(sites[0].name, "up-sweep d=1");
    EXPECT_EQ(sites[8].name, "clear last");
    EXPECT_EQ(sites[17].place, BarrierPlace::AfterReads);
    EXPECT_EQ(sites[18].place, BarrierPlace::EndOfStep);
}

// The last barrier of Blelloch guards the kernel's final store: thread t
// stores elements t and t + 128, written by threads t/2 and t/2 + 64 in the
// inclusive shift (element e by thread e/2): all but elements 0 and 255
// (thread 0 and thread 127 wrote those themselves): 254 RAW.
TEST(RaceHazards, BlellochLastBarrierGuardsTheFinalStore) {
    const HazardReport h = race_hazards(RaceCase{"block_blelloch", 18, false, false});
    EXPECT_EQ(h.count(), 254);
    EXPECT_EQ(h.raw, 254);
    const Trace& t = race_trace("block_blelloch");
    for (const auto& hz : h.hazards) EXPECT_EQ(hz.read.step, static_cast<int>(t.steps.size()));
    EXPECT_NE(describe(t, h.hazards[0]).find("the final store"), std::string::npos);
}

TEST(RaceHazards, WarpScanSplitStepsHaveTwoBarriersEach) {
    const auto sites = race_barriers("warp_conditional");
    ASSERT_EQ(sites.size(), 10u);
    EXPECT_EQ(sites[0].name, "kogge-stone d=1: after the reads");
    EXPECT_EQ(sites[1].name, "kogge-stone d=1: after the writes");
    // Without the barrier after the reads of d=1, lane l-1 may overwrite what lane l reads: WAR only,
    // for lanes 2..31 (lane 0 writes nothing at d=1, so what lane 1 reads stays).
    const HazardReport mid = race_hazards(RaceCase{"warp_conditional", 0, false, false});
    EXPECT_EQ(mid.war, 30);
    EXPECT_EQ(mid.raw, 0);
    EXPECT_EQ(mid.between_warps, 0);
    // Without the barrier after the writes of d=1, the reads of d=2 may miss them: RAW for lanes
    // 3..31, which read lane l-2's word (lane 0 wrote nothing at d=1: lane 2 reads the input).
    const HazardReport end = race_hazards(RaceCase{"warp_conditional", 1, false, false});
    EXPECT_EQ(end.raw, 29);
    EXPECT_EQ(end.count(), 29);
}

TEST(RaceHazards, HazardsMapToDiagramEdges) {
    const Trace t = model("block_hillis_steele", 64);
    const DependencyGraph g(t);
    const HazardReport h = analyze_hazards(t, RaceWhatIf{0, false});
    const auto edges = hazard_edges(g, t, h);
    EXPECT_EQ(edges.size(), static_cast<size_t>(h.count()));  // one operand edge per read at risk
    for (int e : edges) EXPECT_LE(g.node(g.edges()[static_cast<size_t>(e)].to).step, 1);
    EXPECT_TRUE(hazard_edges(g, t, analyze_hazards(t, RaceWhatIf{5, false})).empty());
}

TEST(RaceHazards, BadWhatIfsAreRefused) {
    const Trace t = model("block_hillis_steele", 64);
    EXPECT_THROW(analyze_hazards(t, RaceWhatIf{6, false}), std::invalid_argument);
    EXPECT_THROW(analyze_hazards(t, RaceWhatIf{-2, false}), std::invalid_argument);
    EXPECT_THROW(analyze_hazards(model("block_blelloch", 16), RaceWhatIf{-1, true}), std::invalid_argument);
    EXPECT_THROW(race_barriers("warp_shfl_ptx"), std::invalid_argument);
}

// CMU's scan_block (15-418 notes) stores each warp's total over element `warp` of the data, with no
// barrier between the warp scans and that store. Lane 31 of warp w (w = 1..7) writes data[w] while
// warp 0, ordered with it by nothing but its own __syncwarp()s, still reads and writes data[w] in
// its scan: every hazard is between warps, and each one's write is a warp total. As written (the
// totals in their own array) there is none.
TEST(RaceHazards, CmuTotalsOverTheDataRaceWithWarpZerosScan) {
    const Trace t = race_trace("block_warp_scans_smem");
    ASSERT_EQ(t.threads, 256);
    EXPECT_EQ(race_barriers("block_warp_scans_smem").size(), 18u);
    EXPECT_EQ(analyze_hazards(t, RaceWhatIf{-1, false}).count(), 0);
    const HazardReport cmu = analyze_hazards(t, RaceWhatIf{-1, true});
    EXPECT_EQ(cmu.what, "warp totals written over the data (CMU's scan_block)");
    ASSERT_GT(cmu.count(), 0);
    EXPECT_EQ(cmu.between_warps, cmu.count());
    const int data = 0;  // s_data is the first region: slot t is element t
    std::vector<bool> word_seen(8, false);
    for (const Hazard& h : cmu.hazards) {
        EXPECT_TRUE(h.slot >= data + 1 && h.slot < data + 8) << describe(t, h);
        const Access& total = h.write.thread % 32 == 31 ? h.write : h.read;
        EXPECT_EQ(total.thread % 32, 31) << describe(t, h);
        EXPECT_EQ(total.thread / 32, h.slot) << describe(t, h);  // warp w's total lands on element w
        word_seen[static_cast<size_t>(h.slot)] = true;
    }
    for (int w = 1; w < 8; ++w) EXPECT_TRUE(word_seen[static_cast<size_t>(w)]) << "element " << w;
}

// A __syncwarp() orders the lanes of one warp, not two warps: the block scan's warp-scan steps end at
// __syncwarp()s, so leaving out the __syncthreads() after the warp totals leaves warp 0's reads of
// the totals unordered with the other warps' writes of them.
TEST(RaceHazards, SyncwarpDoesNotOrderTwoWarps) {
    const Trace t = race_trace("block_warp_scans_smem");
    const auto sites = race_barriers("block_warp_scans_smem");
    ASSERT_EQ(sites[10].name, "warp totals");
    EXPECT_EQ(sites[10].primitive, "__syncthreads()");
    EXPECT_EQ(sites[0].primitive, "__syncwarp()");
    const HazardReport rep = analyze_hazards(t, RaceWhatIf{10, false});
    EXPECT_GT(rep.between_warps, 0);
    for (int k = 0; k < 10; ++k) EXPECT_EQ(analyze_hazards(t, RaceWhatIf{k, false}).between_warps, 0) << k;
}

TEST(RaceCases, EachVariantListsItsCases) {
    EXPECT_EQ(race_cases("block_warp_scans_smem").size(), 1u + 18u + 1u);
    EXPECT_EQ(race_cases("block_hillis_steele").size(), 1u + 8u + 1u);
    EXPECT_EQ(race_cases("block_blelloch_padded").size(), 1u + 19u);
    EXPECT_EQ(race_cases("warp_zeropad").size(), 2u * (1u + 10u));
    EXPECT_EQ(race_cases("warp_legacy_volatile").size(), 2u);
    for (const auto& c : race_cases("warp_templated")) EXPECT_EQ(parse_race_case(c.key()), c);
    EXPECT_THROW(parse_race_case("block_blelloch"), std::invalid_argument);
    EXPECT_THROW(parse_race_case("block_blelloch:x"), std::invalid_argument);
    EXPECT_THROW(parse_race_case("block_blelloch:-3"), std::invalid_argument);
}

namespace {

RaceTable sample_table() {
    RaceTable t;
    t.device = "Test GPU";
    t.sm = "sm_90";
    t.driver = "1.2.3 (CUDA 13.0)";
    t.date = "2026-11-23T00:00:00Z";
    t.build = "scanviz test";
    RaceRow a;
    a.c = RaceCase{"block_blelloch", 0, false, false};
    a.launches = 2;
    a.units_per_launch = 50;
    a.total = 100;
    a.wrong = 40;
    RaceExample e;
    e.input = {1, 2, 3};
    e.output = {1, 3, 7};
    e.expected = {1, 3, 6};
    e.differing = {2};
    a.example = e;
    a.racecheck = RacecheckResult{3, 0};
    RaceRow b = a;
    b.c.barrier = 3;
    b.wrong = 0;
    b.example.reset();
    b.racecheck.reset();
    t.rows = {a, b};
    return t;
}

}  // namespace

TEST(RaceTable, JsonRoundTripAndBadFiles) {
    const RaceTable t = sample_table();
    const RaceTable back = race_table_from_json(nlohmann::json::parse(race_table_to_json(t)));
    ASSERT_EQ(back.rows.size(), 2u);
    EXPECT_EQ(back.device, "Test GPU");
    EXPECT_EQ(back.rows[0].wrong, 40);
    ASSERT_TRUE(back.rows[0].example);
    EXPECT_EQ(back.rows[0].example->differing, std::vector<int>{2});
    EXPECT_EQ(back.rows[0].racecheck->errors, 3);
    EXPECT_FALSE(back.rows[1].example);
    auto j = to_json(t);
    j["rows"][0]["wrong"] = 500;
    EXPECT_THROW(race_table_from_json(j), std::runtime_error);
    j = to_json(t);
    j["rows"][0]["example"]["differing"] = {9};
    EXPECT_THROW(race_table_from_json(j), std::runtime_error);
    j = to_json(t);
    j["format"] = "other";
    EXPECT_THROW(race_table_from_json(j), std::runtime_error);
}

TEST(RaceTable, RecordingCarriesTheOptionalRaceSection) {
    Recording r;
    r.device.name = "Test GPU";
    r.date = "2026-11-23";
    const auto without = decode_recording(encode_recording(r).data(), encode_recording(r).size());
    EXPECT_FALSE(without.race);
    r.race = sample_table();
    const auto bytes = encode_recording(r);
    const auto with = decode_recording(bytes.data(), bytes.size());
    ASSERT_TRUE(with.race);
    EXPECT_EQ(with.race->rows.size(), 2u);
    EXPECT_TRUE(recording_summary(with).contains("race_fnv1a"));
}

TEST(RaceTable, RacecheckCsv) {
    const auto rows =
        parse_racecheck_csv("case,errors,warnings\nblock_blelloch:0,3,0\nwarp_zeropad:1+diverged,0,12\n");
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[1].first, (RaceCase{"warp_zeropad", 1, false, true}));
    EXPECT_EQ(rows[1].second.warnings, 12);
    EXPECT_THROW(parse_racecheck_csv("block_blelloch:0,x,0\n"), std::runtime_error);
    EXPECT_THROW(parse_racecheck_csv("block_blelloch:0,1\n"), std::runtime_error);
}

TEST(RaceReport, NarrationComesFromTheRows) {
    const RaceTable t = sample_table();
    const RaceReport rep = build_race_report(race_cases("block_blelloch"), &t, "recorded: test");
    ASSERT_EQ(rep.rows.size(), 20u);
    EXPECT_TRUE(rep.rows[1].measured);  // barrier 0
    EXPECT_FALSE(rep.rows[2].measured);
    const auto lines = race_narration(rep);
    std::string all;
    for (const auto& l : lines) all += l + "\n";
    // Barrier 0 leaves hazards between warps and failed; barrier 3 only within warp 0 and did not.
    EXPECT_NE(
        all.find(
            "1 missing barriers leave hazards between different warps; 1 of 1 failed, at rates from 40%"),
        std::string::npos)
        << all;
    EXPECT_NE(all.find("(RAW); 0 of 1 failed; the others never failed (block_blelloch)"), std::string::npos)
        << all;
    EXPECT_NE(all.find("racecheck reported hazards for 1 of 1 broken cases"), std::string::npos) << all;
    EXPECT_NE(format_race_text(rep).find("40 of 100 blocks"), std::string::npos);
    EXPECT_NE(format_race_csv(rep).find("block_blelloch:0,block_blelloch,0,"), std::string::npos);
    EXPECT_TRUE(race_narration(build_race_report(race_cases("block_blelloch"), nullptr, "none")).empty());
}
