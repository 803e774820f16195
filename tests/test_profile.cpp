// The profiler cross-check without a GPU: ncu's CSV parser on output saved
// from a real H100 run (tests/data/ncu/), its errors on malformed CSV, and the
// comparison of those measurements with our figures from the models' traces.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/profile/ncu_csv.hpp"
#include "core/profile/profile.hpp"
#include "core/profile/cases.hpp"
#include "core/recording/recording.hpp"
#include "core/models/variants.hpp"

namespace scanviz {
namespace {

std::string data(const std::string& name) {
    std::ifstream f(std::string(SCANVIZ_SOURCE_DIR) + "/tests/data/ncu/" + name, std::ios::binary);
    EXPECT_TRUE(f) << name;
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

std::string error_of(const std::string& csv) {
    try {
        ncu::parse(csv);
    } catch (const ncu::CsvError& e) {
        return e.what();
    }
    return "(no error)";
}

ProfileTable table_from(const std::string& csv) {
    const ncu::Report report = ncu::parse(csv);
    const std::vector<ProfileCase> cases = profile_cases(variants_in(report));
    std::vector<Trace> traces;
    for (const ProfileCase& c : cases) traces.push_back(run_model(c.spec));
    ProfileTable t;
    t.rows = compare(cases, traces, report);
    return t;
}

TEST(NcuCsv, NumbersAsNcuPrintsThem) {
    EXPECT_EQ(ncu::parse_number("2,784"), 2784);
    EXPECT_EQ(ncu::parse_number("197,632"), 197632);
    EXPECT_EQ(ncu::parse_number("1,497.21"), 1497.21);
    EXPECT_EQ(ncu::parse_number("0"), 0);
    EXPECT_EQ(ncu::parse_number("-3"), -3);
    EXPECT_FALSE(ncu::parse_number("12,34"));
    EXPECT_FALSE(ncu::parse_number(",123"));
    EXPECT_FALSE(ncu::parse_number("1.5,000"));
    EXPECT_FALSE(ncu::parse_number("n/a"));
    EXPECT_FALSE(ncu::parse_number(""));
}

TEST(NcuCsv, RawPageOfTheH100Run) {
    const ncu::Report r = ncu::parse(data("h100_raw_all_variants.csv"));
    ASSERT_EQ(r.kernels.size(), 15u);  // every warp and block variant, launched once each
    for (size_t i = 0; i < r.kernels.size(); ++i) EXPECT_EQ(r.kernels[i].id, static_cast<int>(i));
    const ncu::Kernel& blelloch = r.kernels[8];
    EXPECT_NE(blelloch.name.find("block_blelloch_kernel<"), std::string::npos);
    EXPECT_EQ(blelloch.require("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"), 807);
    EXPECT_EQ(blelloch.require("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"), 1052);  // "1,052"
    EXPECT_EQ(blelloch.require("launch__block_size"), 512);
    EXPECT_EQ(blelloch.find("device__attribute_display_name")->text, "NVIDIA H100 80GB HBM3");
    EXPECT_EQ(r.units.at("gpu__time_duration.sum"), "ns");  // the units row is read as units, not a kernel
    EXPECT_EQ(variants_in(r).front(), "warp_conditional");
    EXPECT_EQ(variants_in(r).back(), "block_warp_scans");
}

TEST(NcuCsv, DetailsPageGivesTheSameFigures) {
    const ncu::Report details = ncu::parse(data("h100_details_blelloch.csv"));
    ASSERT_EQ(details.kernels.size(), 2u);
    EXPECT_EQ(details.kernels[0].require("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"), 807);
    EXPECT_EQ(details.kernels[1].require("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"), 15);
    EXPECT_EQ(details.units.at("gpu__time_duration.sum"), "ns");
    EXPECT_EQ(variants_in(details), (std::vector<std::string>{"block_blelloch", "block_blelloch_padded"}));
}

// The warp variants share one kernel template; each one's routine type carries its name.
TEST(NcuCsv, WarpFamilyKernelIsMatchedByItsRoutine) {
    ncu::Report r = ncu::parse(data("h100_raw_all_variants.csv"));
    r.kernels.resize(1);
    r.kernels[0].name =
        "void scanviz::kern::warp_family_kernel<scanviz::kern::<unnamed>::warp_zeropad_kernel, "
        "scanviz::kern::OpAdd<int>, scanviz::kern::NoProbe>(const T2::value_type *, T2::value_type *, bool, "
        "scanviz::kern::TraceBuffer)";
    EXPECT_EQ(variants_in(r), std::vector<std::string>{"warp_zeropad"});
    r.kernels[0].name = "void scanviz::kern::warp_family_kernel<scanviz::kern::<unnamed>::Routine, int>(int)";
    EXPECT_THROW(variants_in(r), std::runtime_error);
}

TEST(NcuCsv, QuotedFieldsWithCommasQuotesAndLineBreaks) {
    const auto rows = ncu::split_csv("\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\"\nx,,z\n");
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].fields, (std::vector<std::string>{"a,b", "say \"hi\"", "two\nlines"}));
    EXPECT_EQ(rows[1].line, 3);
    EXPECT_EQ(rows[1].fields, (std::vector<std::string>{"x", "", "z"}));
}

TEST(NcuCsv, MalformedInputNamesLineAndColumn) {
    EXPECT_EQ(error_of(""), "ncu CSV: no table (is this ncu --csv output?)");
    EXPECT_EQ(error_of("==PROF== Connected\n\"ID\",\"Kernel Name\",\"m\"\n\"0\",\"k\",\"1\n"),
              "ncu CSV line 3, column 3: a quoted field is never closed");
    EXPECT_EQ(error_of("\"ID\",\"Kernel Name\",\"m\"\n\"0\",\"k\"x,\"1\"\n"),
              "ncu CSV line 2, column 2: text after the closing quote of a field");
    EXPECT_EQ(error_of("\"ID\",\"Kernel Name\",\"m\"\n\"0\",\"k\"\n"),
              "ncu CSV line 2, column 3: 2 fields, the header has 3");
    EXPECT_EQ(
        error_of("\"Kernel\",\"m\"\n\"k\",\"1\"\n"),
        "ncu CSV line 1, column 1: the header has no \"ID\" column (is this ncu --csv output of the raw or "
        "details page?)");
    EXPECT_EQ(error_of("\"ID\",\"Kernel Name\",\"m\"\n\"x\",\"k\",\"1\"\n"),
              "ncu CSV line 2, column 1 (ID): 'x' is not a kernel ID");
    const ncu::Report r = ncu::parse("\"ID\",\"Kernel Name\",\"m\"\n\"0\",\"k\",\"12,34\"\n");
    try {
        r.kernels[0].require("m");
        FAIL() << "no error";
    } catch (const ncu::CsvError& e) {
        EXPECT_STREQ(e.what(), "ncu CSV line 2, column 3 (m): '12,34' is not a number");
    }
    EXPECT_THROW(r.kernels[0].require("absent"), ncu::CsvError);
}

TEST(ProfileCases, OneCasePerWarpAndBlockVariant) {
    const auto all = profile_cases({});
    size_t warp_and_block = 0;
    for (const VariantInfo& v : all_variants()) warp_and_block += v.level != Level::Device;
    EXPECT_EQ(warp_and_block, 17u);
    EXPECT_EQ(all.size(), warp_and_block);
    for (const ProfileCase& c : all) EXPECT_NE(find_variant(c.spec.variant)->level, Level::Device);
    const std::vector<std::string> bad = {"device_decoupled_lookback"};
    EXPECT_THROW(profile_cases(bad), std::invalid_argument);
    const std::vector<std::string> unknown = {"nope"};
    EXPECT_THROW(profile_cases(unknown), std::invalid_argument);
}

// The comparison on the H100 measurements: bank conflicts agree for every
// variant once the tile and the compiler's code are counted.
TEST(Profile, BankConflictsAgreeWithTheH100) {
    const ProfileTable t = table_from(data("h100_raw_all_variants.csv"));
    ASSERT_EQ(t.rows.size(), 15u);
    for (const ProfileRow& r : t.rows) {
        if (r.variant == "block_raking") continue;  // see below
        EXPECT_TRUE(r.conflicts_agree()) << r.variant;
    }
    const ProfileRow* padded = find_row(t, "block_blelloch_padded");
    ASSERT_TRUE(padded);
    EXPECT_EQ(padded->ours.kernel().ld_conflicts(), 15);  // the inclusive shift's loads, measured 15
    EXPECT_EQ(padded->ours.kernel().st_conflicts(), 0);
    EXPECT_EQ(padded->ours.scan.ld_conflicts(), padded->ncu.ld_conflicts);  // the scan alone, exact
}

TEST(Profile, BlellochReconcilesPartByPart) {
    const ProfileTable t = table_from(data("h100_raw_all_variants.csv"));
    const ProfileRow& r = *find_row(t, "block_blelloch");
    // The trace's scan alone is not what ncu measures...
    EXPECT_NE(r.ours.scan.ld_conflicts(), r.ncu.ld_conflicts);
    // ...the re-read of s[bi] and the 64-bit stores of the inclusive shift make it so, exactly.
    ASSERT_EQ(r.ours.effects.size(), 2u);
    EXPECT_EQ(r.ours.effects[0].delta.ld_requests, 36);   // one per warp and down-sweep step
    EXPECT_EQ(r.ours.effects[1].delta.st_requests, -16);  // one STS.64 for two STS per warp
    EXPECT_TRUE(r.traffic_agrees());
    EXPECT_TRUE(r.explanation.empty());
}

TEST(Profile, HillisSteeleAgreesWithTheTileCounted) {
    const ProfileTable t = table_from(data("h100_raw_all_variants.csv"));
    const ProfileRow& r = *find_row(t, "block_hillis_steele");
    EXPECT_EQ(r.ours.tile.ld_requests, 32);  // the output read from shared memory, one per warp
    EXPECT_EQ(r.ours.tile.st_requests, 32);  // the input stored, one per warp
    EXPECT_EQ(r.ours.scan.ld_requests + 32, r.ncu.ld_instructions);
    EXPECT_TRUE(r.traffic_agrees());
}

TEST(Profile, WhatDiffersCarriesAnExplanation) {
    const ProfileTable t = table_from(data("h100_raw_all_variants.csv"));
    for (const ProfileRow& r : t.rows) EXPECT_EQ(r.traffic_agrees(), r.explanation.empty()) << r.variant;
    EXPECT_FALSE(find_row(t, "warp_zeropad")->traffic_agrees());  // the padding fill's stores
}

TEST(Profile, CaseWithoutKernelInTheReport) {
    const ncu::Report r = ncu::parse(data("h100_details_blelloch.csv"));
    const std::vector<std::string> v = {"block_hillis_steele"};
    const auto cases = profile_cases(v);
    const std::vector<Trace> traces = {run_model(cases[0].spec)};
    EXPECT_THROW(compare(cases, traces, r), std::runtime_error);
}

TEST(Profile, JsonRoundTrip) {
    ProfileTable t = table_from(data("h100_raw_all_variants.csv"));
    t.device = "NVIDIA H100 80GB HBM3";
    t.ncu_version = "2025.3.1.0";
    const ProfileTable back = parse_profile_json(format_json(t));
    EXPECT_EQ(format_text(back), format_text(t));
    EXPECT_EQ(format_csv(back), format_csv(t));
    EXPECT_EQ(measured_line(back), "measured by ncu on NVIDIA H100 80GB HBM3 (ncu 2025.3.1.0)");
    EXPECT_THROW(parse_profile_json("{\"rows\": []}"), std::runtime_error);
    EXPECT_THROW(parse_profile_json("{\"scanviz_profile\": 1, \"device\": \"x\", \"rows\": [{}]}"),
                 std::runtime_error);
}

// The table committed from the H100 run: its figures agree as its README says.
TEST(Profile, CommittedH100Table) {
    std::ifstream f(std::string(SCANVIZ_SOURCE_DIR) + "/assets/profile/h100_profile.json");
    std::stringstream ss;
    ss << f.rdbuf();
    const ProfileTable t = parse_profile_json(ss.str());
    ASSERT_EQ(t.rows.size(), 17u);
    EXPECT_EQ(t.device, "NVIDIA H100 80GB HBM3");
    int conflicts_agree = 0, all_agree = 0;
    for (const ProfileRow& r : t.rows) {
        EXPECT_EQ(r.ours.trace_source, "gpu") << r.variant;
        conflicts_agree += r.conflicts_agree();
        all_agree += r.traffic_agrees();
        EXPECT_EQ(r.traffic_agrees(), r.explanation.empty()) << r.variant;
    }
    EXPECT_EQ(conflicts_agree, 15);
    EXPECT_EQ(all_agree, 12);
    EXPECT_FALSE(find_row(t, "block_raking")->conflicts_agree());
    // This run's ncu counted one store conflict for block_warp_scans, where the trace has none (the
    // run before counted none): noted in assets/profile/README.md.
    EXPECT_FALSE(find_row(t, "block_warp_scans")->conflicts_agree());
    // The same figures as the models give from the saved raw CSV of the same run.
    const ProfileTable from_csv = table_from(data("../../../assets/profile/h100_ncu_raw.csv"));
    for (const ProfileRow& r : from_csv.rows) {
        const ProfileRow* g = find_row(t, r.variant);
        ASSERT_TRUE(g);
        EXPECT_EQ(g->ours.kernel(), r.ours.kernel()) << r.variant;  // GPU trace and model agree
        EXPECT_EQ(g->ncu.ld_conflicts, r.ncu.ld_conflicts) << r.variant;
    }
}

// The recording's optional "profile" section: written, read back, and absent
// in files made before it existed.
TEST(Profile, RecordingCarriesTheTable) {
    Recording rec;
    rec.device.name = "NVIDIA H100 80GB HBM3";
    rec.traces.push_back(run_model(profile_cases({}).front().spec));
    const std::vector<uint8_t> without = encode_recording(rec);
    EXPECT_FALSE(decode_recording(without.data(), without.size()).profile);
    rec.profile = table_from(data("h100_raw_all_variants.csv"));
    rec.profile->device = "NVIDIA H100 80GB HBM3";
    const std::vector<uint8_t> with = encode_recording(rec);
    const Recording back = decode_recording(with.data(), with.size());
    ASSERT_TRUE(back.profile);
    EXPECT_EQ(format_csv(*back.profile), format_csv(*rec.profile));
    EXPECT_EQ(profile_status(&*back.profile, ProfileOrigin::Recording),
              "measured by ncu on NVIDIA H100 80GB HBM3: from the recording");
    EXPECT_EQ(profile_status(nullptr, ProfileOrigin::None).rfind("ncu: not available", 0), 0u);
    EXPECT_EQ(
        conflicts_line(*back.profile, "block_blelloch"),
        "bank conflicts of the whole kernel, block_blelloch n=1024 add i32 inclusive: ours 807 ld + 465 st "
        "(scan 652 + 497), ncu 807 ld + 465 st: equal");
}

}  // namespace
}  // namespace scanviz
