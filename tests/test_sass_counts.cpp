// The figures of issue 5 from the real disassembly of kernels/sass: the shuffle
// scan with the PTX predicate is exactly 10 instructions on sm_90 (5 SHFL.UP,
// 5 predicated adds), and on every architecture built the conditional scan
// takes more instructions than the zero-padded one, which takes more than the
// shuffle. The other figures are printed by `scanviz sass`, not typed here.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "core/models/variants.hpp"
#include "core/sass/sass.hpp"
#include "core/sass/source_lines.hpp"

namespace sass = scanviz::sass;
using sass::OpClass;

namespace {

sass::Locations where() {
    const std::filesystem::path build = std::filesystem::path(SCANVIZ_BINARY_DIR) / "sass";
    return {build, std::filesystem::path(SCANVIZ_SOURCE_DIR) / "assets" / "sass",
            std::filesystem::exists(build)};
}

std::vector<std::string> archs() {
    const auto w = where();
    const auto dir = w.cubins_built ? w.build_dir : w.snapshot_dir;
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(dir, ec))
        if (e.is_directory()) out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

// The row of `variant` on `arch`; skips the test where the listing cannot be shown.
const sass::Row* row_of(const std::vector<sass::Row>& rows, const std::string& arch,
                        const std::string& variant) {
    for (const auto& r : rows)
        if (r.arch == arch && r.variant == variant) return &r;
    return nullptr;
}

std::string read(const std::filesystem::path& p) {
    std::ifstream in(p);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace

TEST(SassCounts, ShuffleWithPredicateIsTenOnSm90) {
    const auto a = archs();
    if (std::find(a.begin(), a.end(), "sm_90") == a.end())
        GTEST_SKIP() << "sm_90 is not in this build's SASS list";
    const auto loaded = sass::load(where(), "sm_90", "iso_warp_shfl_ptx");
    if (!loaded.listing) GTEST_SKIP() << loaded.message;
    const auto* k = loaded.listing->find("iso_warp_shfl_ptx");
    ASSERT_NE(k, nullptr);
    const auto region = sass::scan_region(*k, loaded.listing->find("base_warp_shfl_ptx"),
                                          sass::region_file_of("warp_shfl_ptx"));
    EXPECT_EQ(region.method, sass::RegionMethod::SourceLines);
    EXPECT_EQ(region.counts.total(), 10);
    EXPECT_EQ(region.counts[OpClass::Shuffle], 5);
    EXPECT_EQ(region.counts[OpClass::IntArith], 5);
    for (int i : region.instructions) {
        const auto& ins = k->code[static_cast<size_t>(i)];
        if (ins.cls == OpClass::Shuffle) {
            EXPECT_EQ(ins.opcode, "SHFL.UP");
        } else {
            EXPECT_EQ(ins.cls, OpClass::IntArith) << ins.text;
            EXPECT_FALSE(ins.predicate.empty()) << "not predicated: " << ins.text;
        }
    }
}

TEST(SassCounts, ConditionalAboveZeroPaddedAboveShuffleOnEveryArch) {
    const auto a = archs();
    ASSERT_FALSE(a.empty()) << "no SASS listings in the build or in assets/sass";
    const std::vector<std::string> variants{"warp_conditional", "warp_zeropad", "warp_shfl_ptx"};
    const auto rows = sass::count_table(where(), a, variants);
    for (const auto& arch : a) {
        const auto* cond = row_of(rows, arch, "warp_conditional");
        const auto* zero = row_of(rows, arch, "warp_zeropad");
        const auto* shfl = row_of(rows, arch, "warp_shfl_ptx");
        ASSERT_TRUE(cond && zero && shfl) << arch << ": an isolation kernel is missing";
        for (const auto* r : {cond, zero, shfl}) {
            if (!r->method) GTEST_SKIP() << r->message;
            EXPECT_EQ(*r->method, sass::RegionMethod::SourceLines) << arch << " " << r->variant;
        }
        EXPECT_GT(cond->region.total(), zero->region.total()) << arch;
        EXPECT_GT(zero->region.total(), shfl->region.total()) << arch;
        EXPECT_GT(shfl->region.total(), 0) << arch;
        // The whole kernels hold the region and the load and store around it.
        for (const auto* r : {cond, zero, shfl}) EXPECT_GT(r->whole.total(), r->region.total()) << arch;
    }
}

TEST(SassSteps, ConditionalScanStepsMapToTheirInstructions) {
    const auto a = archs();
    if (a.empty()) GTEST_SKIP() << "no SASS listings";
    const auto loaded = sass::load(where(), a.back(), "iso_warp_conditional");
    if (!loaded.listing) GTEST_SKIP() << loaded.message;
    const auto* k = loaded.listing->find("iso_warp_conditional");
    ASSERT_NE(k, nullptr);
    const std::string file = sass::region_file_of("warp_conditional");
    const auto tags = sass::parse_step_tags(file, read(std::filesystem::path(SCANVIZ_SOURCE_DIR) / file));
    ASSERT_FALSE(tags.empty()) << file << " has no // step: tags";
    const auto region = sass::scan_region(*k, nullptr, file);
    const auto step = sass::instructions_of_step(*k, "kogge-stone", tags);
    ASSERT_FALSE(step.empty());
    // Every instruction of the step is in the region, and every shared-memory
    // access of the region belongs to the step (the tagged read and write lines).
    for (int i : step)
        EXPECT_TRUE(std::find(region.instructions.begin(), region.instructions.end(), i) !=
                    region.instructions.end());
    int shared_in_step = 0;
    for (int i : region.instructions) {
        const auto& ins = k->code[static_cast<size_t>(i)];
        const bool in_step = std::find(step.begin(), step.end(), i) != step.end();
        if (ins.cls == OpClass::Shared && in_step) ++shared_in_step;
        if (in_step) {
            EXPECT_EQ(sass::steps_of(ins, tags), (std::vector<std::string>{"kogge-stone"}));
        }
    }
    EXPECT_GE(shared_in_step, 15);  // 5 steps, each a read of the partner, a read of its own and a write
}

// Every opcode of every listing (every architecture, sm_75 .. sm_120) has a class of its
// own choosing, not the fallback: a new architecture's new opcodes (sm_100's LDCU) are
// classified on purpose. And the Blackwell listings are there (issue 24).
TEST(SassCounts, EveryOpcodeOfEveryListingIsClassified) {
    const auto a = archs();
    for (const char* blackwell : {"sm_100", "sm_120"})
        EXPECT_NE(std::find(a.begin(), a.end(), blackwell), a.end()) << blackwell << " is missing";
    int checked = 0;
    for (const auto& arch : a) {
        for (const auto& name : sass::listing_names(where(), arch)) {
            const auto loaded = sass::load(where(), arch, name);
            if (!loaded.listing) continue;
            for (const auto& f : loaded.listing->functions)
                for (const auto& ins : f.code) {
                    EXPECT_TRUE(sass::is_classified(ins.opcode)) << arch << " " << name << ": " << ins.text;
                    ++checked;
                }
        }
    }
    EXPECT_GT(checked, 1000);
}

// A tag names a phase by its text before '(' or by its whole text: block_raking's phases hold
// parentheses themselves ("upsweep (registers)"), and the SASS view lights their instructions.
TEST(SassSteps, TagEntriesNameAPhaseEitherWay) {
    using Entry = std::pair<std::string, std::string>;
    EXPECT_EQ(sass::step_tag_entries("    x = op(x, y);  // step: upsweep (registers)"),
              (std::vector<Entry>{{"upsweep", "upsweep (registers)"}}));
    EXPECT_EQ(sass::step_tag_entries("a();  // step: kogge-stone, exclusive shift (lane 0 reads it)"),
              (std::vector<Entry>{{"kogge-stone", "kogge-stone"}, {"exclusive shift", "exclusive shift (lane 0 reads it)"}}));
    EXPECT_TRUE(sass::step_tag_entries("a();  // no tag").empty());
    const sass::StepTag t{{"k.cuh", 1}, "upsweep", "upsweep (registers)"};
    EXPECT_TRUE(t.names("upsweep (registers)"));
    EXPECT_TRUE(t.names("upsweep"));
    EXPECT_FALSE(t.names("upsweep (raking)"));
    EXPECT_FALSE(t.names("up"));
    EXPECT_FALSE(t.names(""));
    // A phase name with parentheses, then a remark.
    EXPECT_TRUE(sass::tag_names_phase("downsweep (registers) (the add is predicated)", "downsweep (registers)"));
    EXPECT_FALSE(sass::tag_names_phase("downsweep (registers) (the add is predicated)", "downsweep (raking)"));
}

// Every phase that a step of the isolation kernel's instantiation (int32 add, inclusive) shows
// and that its kernel file tags lights at least one instruction of that kernel, on the newest
// architecture listed.
TEST(SassSteps, EveryTaggedPhaseOfEveryVariantHasInstructions) {
    const auto a = archs();
    if (a.empty()) GTEST_SKIP() << "no SASS listings";
    int phases_checked = 0;
    bool registers_phase = false;  // a phase name with parentheses
    for (const auto& v : scanviz::all_variants()) {
        const std::string id(v.id);
        const auto loaded = sass::load(where(), a.back(), "iso_" + id);
        if (!loaded.listing) continue;  // whole-array variants have no isolation kernel
        const auto* k = loaded.listing->find("iso_" + id);
        if (!k) continue;
        const std::string file(v.source_file);
        const auto tags = sass::parse_step_tags(file, read(std::filesystem::path(SCANVIZ_SOURCE_DIR) / file));
        scanviz::RunSpec spec;  // the isolation kernel's instantiation (the variant's iso.cu)
        spec.variant = id;
        spec.n = v.default_n;
        if (v.has_items_per_thread) {  // 128 threads, one item each
            spec.n = spec.threads = 128;
            spec.items_per_thread = 1;
        }
        // The phases whose steps apply the operator (a register copy may compile to nothing).
        std::set<std::string> shown;
        for (const auto& step : scanviz::run_model(spec).steps)
            for (const auto& op : step.ops)
                if (op.applications > 0) shown.insert(step.phase);
        for (const auto& phase : v.phases) {
            if (!shown.count(std::string(phase))) continue;
            const bool tagged = std::any_of(tags.begin(), tags.end(),
                                            [&](const sass::StepTag& t) { return t.names(phase); });
            if (!tagged) continue;
            EXPECT_FALSE(sass::instructions_of_step(*k, phase, tags).empty())
                << id << ": phase \"" << phase << "\" is tagged in " << file << " but lights no instruction";
            ++phases_checked;
            registers_phase |= id == "block_warp_scans" && phase == "downsweep (registers)";
        }
    }
    EXPECT_GE(phases_checked, 20);
    EXPECT_TRUE(registers_phase) << "block_warp_scans' \"downsweep (registers)\" was not checked";
}
