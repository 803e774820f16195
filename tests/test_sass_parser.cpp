// The SASS listing parser, the opcode classes, the scan region, the step
// links and where listings are loaded from (fresh, snapshot, stale), on
// listings written here so that every field is known.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>

#include "core/sass/sass.hpp"

namespace sass = scanviz::sass;
using sass::OpClass;

namespace {

// Two nvdisasm runs as kernels/sass/sass_compile.cmake stores them. In the -gi
// part the STG carries no marker of its own (nvdisasm 13.5 leaves it out when
// the location steps back to the outer frame); the -g part has it.
const char* kListing =
    R"(// scanviz-sass arch=sm_90 source=kernels/sass/iso_t.cu cubin-sha256=abc123 disassembler=nvdisasm release 13.5, V13.5.37
// scanviz-sass section=inline (nvdisasm -gi -c)
	.target	sm_90
//--------------------- .text.iso_t        --------------------------
	.section	.text.iso_t,"ax",@progbits
iso_t:
	//## File "kernels/sass/iso_t.cu", line 9
        /*0000*/                   LDC R1, c[0x0][0x28] ;
        /*0010*/                   LDG.E R0, desc[UR4][R2.64] ;
	//## File "kernels/warp/t.cuh", line 20 inlined at "kernels/sass/iso_t.cu", line 11
	//## File "kernels/sass/iso_t.cu", line 11
        /*0020*/                   ISETP.GE.U32.AND P0, PT, R0, 0x2, PT ;
	//## File "kernels/sass/../ops.cuh", line 15 inlined at "kernels/warp/t.cuh", line 22
	//## File "kernels/warp/t.cuh", line 22 inlined at "kernels/sass/iso_t.cu", line 11
	//## File "kernels/sass/iso_t.cu", line 11
        /*0030*/               @!P0 IMAD.IADD R3, R4, 0x1, R3 ;
        /*0040*/                   SHFL.UP P1, R5, R0, 0x1, RZ ;
.L_x_1:
        /*0050*/                   STG.E desc[UR4][R2.64], R3 ;
        /*0060*/                   EXIT ;
        /*0070*/                   BRA `(.L_x_1);
        /*0080*/                   NOP;
//--------------------- .text.base_t        --------------------------
base_t:
	//## File "kernels/sass/iso_t.cu", line 15
        /*0000*/                   LDG.E R0, desc[UR4][R2.64] ;
        /*0010*/                   STG.E desc[UR4][R2.64], R0 ;
        /*0020*/                   EXIT ;
// scanviz-sass section=lines (nvdisasm -g -c)
//--------------------- .text.iso_t        --------------------------
iso_t:
	//## File "kernels/sass/iso_t.cu", line 9
        /*0000*/                   LDC R1, c[0x0][0x28] ;
        /*0010*/                   LDG.E R0, desc[UR4][R2.64] ;
	//## File "kernels/warp/t.cuh", line 20
        /*0020*/                   ISETP.GE.U32.AND P0, PT, R0, 0x2, PT ;
	//## File "kernels/ops.cuh", line 15
        /*0030*/               @!P0 IMAD.IADD R3, R4, 0x1, R3 ;
        /*0040*/                   SHFL.UP P1, R5, R0, 0x1, RZ ;
	//## File "kernels/sass/iso_t.cu", line 11
        /*0050*/                   STG.E desc[UR4][R2.64], R3 ;
        /*0060*/                   EXIT ;
        /*0070*/                   BRA `(.L_x_1);
        /*0080*/                   NOP;
)";

const char* kSource = R"(line 1
line 2
line 3
line 4
line 5
line 6
line 7
line 8
line 9
line 10
line 11
line 12
line 13
line 14
line 15
line 16
line 17
line 18
line 19
    if (lane >= d) partner = s[lane - d];  // step: kogge-stone (lanes below d read nothing)
line 21
    s[lane] = op(partner, s[lane]);        // step: kogge-stone
)";

}  // namespace

TEST(SassParser, HeaderAndFunctions) {
    const auto l = sass::parse_listing(kListing);
    EXPECT_EQ(l.arch, "sm_90");
    EXPECT_EQ(l.source, "kernels/sass/iso_t.cu");
    EXPECT_EQ(l.cubin_sha256, "abc123");
    EXPECT_EQ(l.disassembler, "nvdisasm release 13.5, V13.5.37");
    ASSERT_EQ(l.functions.size(), 2u);
    ASSERT_NE(l.find("iso_t"), nullptr);
    ASSERT_NE(l.find("base_t"), nullptr);
    EXPECT_EQ(l.find("nothing"), nullptr);
    EXPECT_EQ(l.find("iso_t")->code.size(), 9u);
    EXPECT_EQ(l.find("base_t")->code.size(), 3u);
}

TEST(SassParser, InstructionFields) {
    const auto l = sass::parse_listing(kListing);
    const auto& code = l.find("iso_t")->code;
    const auto& isetp = code[2];
    EXPECT_EQ(isetp.address, 0x20u);
    EXPECT_EQ(isetp.predicate, "");
    EXPECT_EQ(isetp.opcode, "ISETP.GE.U32.AND");
    EXPECT_EQ(isetp.base, "ISETP");
    EXPECT_EQ(isetp.modifiers, (std::vector<std::string>{"GE", "U32", "AND"}));
    EXPECT_EQ(isetp.operands, (std::vector<std::string>{"P0", "PT", "R0", "0x2", "PT"}));
    EXPECT_EQ(isetp.cls, OpClass::CompareSelect);

    const auto& add = code[3];
    EXPECT_EQ(add.predicate, "@!P0");
    EXPECT_EQ(add.text, "@!P0 IMAD.IADD R3, R4, 0x1, R3");
    EXPECT_EQ(add.cls, OpClass::IntArith);

    const auto& ldg = code[1];
    EXPECT_EQ(ldg.operands, (std::vector<std::string>{"R0", "desc[UR4][R2.64]"}));
    EXPECT_EQ(ldg.cls, OpClass::Global);
    EXPECT_EQ(code[7].operands, (std::vector<std::string>{"`(.L_x_1)"}));
    EXPECT_EQ(code[8].opcode, "NOP");
    EXPECT_EQ(code[8].cls, OpClass::Nop);
}

TEST(SassParser, InlineChainsAndTheLinesMerge) {
    const auto l = sass::parse_listing(kListing);
    const auto& code = l.find("iso_t")->code;
    // A two-frame chain, and a three-frame chain whose path is normalised.
    EXPECT_EQ(code[2].frames,
              (std::vector<sass::SourceLoc>{{"kernels/warp/t.cuh", 20}, {"kernels/sass/iso_t.cu", 11}}));
    EXPECT_EQ(code[3].frames,
              (std::vector<sass::SourceLoc>{
                  {"kernels/ops.cuh", 15}, {"kernels/warp/t.cuh", 22}, {"kernels/sass/iso_t.cu", 11}}));
    // The SHFL keeps the chain before it (no marker in either run).
    EXPECT_EQ(code[4].frames, code[3].frames);
    // The STG: -gi would leave it inside the routine; -g puts it back in the kernel.
    EXPECT_EQ(code[5].frames, (std::vector<sass::SourceLoc>{{"kernels/sass/iso_t.cu", 11}}));
    EXPECT_EQ(code[6].frames, code[5].frames);
}

TEST(SassParser, BadInputThrowsNamingTheProblem) {
    EXPECT_THROW(sass::parse_listing(""), std::runtime_error);
    EXPECT_THROW(sass::parse_listing("/*0000*/ NOP ;\n"), std::runtime_error);
    EXPECT_THROW(sass::parse_listing("// scanviz-sass arch=sm_90\n"), std::runtime_error);  // no hash
    const std::string no_semicolon =
        "// scanviz-sass arch=sm_90 cubin-sha256=1\n//--------------------- .text.k ---\n/*0000*/ NOP\n";
    try {
        sass::parse_listing(no_semicolon);
        FAIL() << "no exception";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("line 3"), std::string::npos) << e.what();
    }
    const std::string no_functions = "// scanviz-sass arch=sm_90 cubin-sha256=1\n\t.target sm_90\n";
    EXPECT_THROW(sass::parse_listing(no_functions), std::runtime_error);
}

TEST(SassClasses, Opcodes) {
    EXPECT_EQ(sass::classify("LDS"), OpClass::Shared);
    EXPECT_EQ(sass::classify("STS.128"), OpClass::Shared);
    EXPECT_EQ(sass::classify("SHFL.UP"), OpClass::Shuffle);
    EXPECT_EQ(sass::classify("LDG.E.CONSTANT"), OpClass::Global);
    EXPECT_EQ(sass::classify("IADD3.X"), OpClass::IntArith);
    EXPECT_EQ(sass::classify("IMAD.IADD"), OpClass::IntArith);
    EXPECT_EQ(sass::classify("IMAD.MOV.U32"), OpClass::Move);
    EXPECT_EQ(sass::classify("LEA.HI"), OpClass::IntArith);
    EXPECT_EQ(sass::classify("UIADD3"), OpClass::IntArith);
    EXPECT_EQ(sass::classify("ULDC.64"), OpClass::Move);
    EXPECT_EQ(sass::classify("FADD.FTZ"), OpClass::FloatArith);
    EXPECT_EQ(sass::classify("FMNMX"), OpClass::FloatArith);
    EXPECT_EQ(sass::classify("ISETP.NE.AND"), OpClass::CompareSelect);
    EXPECT_EQ(sass::classify("SEL"), OpClass::CompareSelect);
    EXPECT_EQ(sass::classify("BSSY"), OpClass::Control);
    EXPECT_EQ(sass::classify("WARPSYNC"), OpClass::Control);
    EXPECT_EQ(sass::classify("EXIT"), OpClass::Control);
    EXPECT_EQ(sass::classify("BAR.SYNC.DEFER_BLOCKING"), OpClass::Barrier);
    EXPECT_EQ(sass::classify("VOTE.ANY"), OpClass::VoteBit);
    EXPECT_EQ(sass::classify("FLO.U32"), OpClass::VoteBit);
    EXPECT_EQ(sass::classify("POPC"), OpClass::VoteBit);
    EXPECT_EQ(sass::classify("S2R"), OpClass::Move);
    EXPECT_EQ(sass::classify("SOMETHINGNEW"), OpClass::Move);
    EXPECT_EQ(sass::classify("NOP"), OpClass::Nop);
    for (OpClass c : sass::kAllClasses) {
        EXPECT_FALSE(sass::class_name(c).empty());
        EXPECT_GT(sass::class_explanation(c).size(), 20u);
    }
}

TEST(SassRegion, SourceLinesAndCounts) {
    const auto l = sass::parse_listing(kListing);
    const auto& k = *l.find("iso_t");
    const auto r = sass::scan_region(k, l.find("base_t"), "kernels/warp/t.cuh");
    EXPECT_EQ(r.method, sass::RegionMethod::SourceLines);
    EXPECT_EQ(r.instructions, (std::vector<int>{2, 3, 4}));
    EXPECT_EQ(r.counts.total(), 3);
    EXPECT_EQ(r.counts[OpClass::CompareSelect], 1);
    EXPECT_EQ(r.counts[OpClass::IntArith], 1);
    EXPECT_EQ(r.counts[OpClass::Shuffle], 1);
    const auto whole = sass::count(k);
    EXPECT_EQ(whole.total(), 8);  // the NOP is not counted
    EXPECT_EQ(whole[OpClass::Nop], 1);
    EXPECT_EQ(whole[OpClass::Control], 2);
}

TEST(SassRegion, KernelMinusBaselineWhereNoLineIsTheRoutines) {
    const auto l = sass::parse_listing(kListing);
    const auto r = sass::scan_region(*l.find("iso_t"), l.find("base_t"), "kernels/warp/other.cuh");
    EXPECT_EQ(r.method, sass::RegionMethod::KernelMinusBaseline);
    EXPECT_TRUE(r.instructions.empty());
    // kernel: LDC, LDG, ISETP, IMAD.IADD, SHFL, STG, EXIT, BRA (+NOP); baseline: LDG, STG, EXIT.
    EXPECT_EQ(r.counts.total(), 5);
    EXPECT_EQ(r.counts[OpClass::Global], 0);
    EXPECT_EQ(r.counts[OpClass::Control], 1);
    const auto none = sass::scan_region(*l.find("iso_t"), nullptr, "kernels/warp/other.cuh");
    EXPECT_EQ(none.method, sass::RegionMethod::SourceLines);
    EXPECT_EQ(none.counts.total(), 0);
}

TEST(SassSteps, TagsLinkInstructionsBothWays) {
    const auto tags = sass::parse_step_tags("kernels/warp/t.cuh", kSource);
    ASSERT_EQ(tags.size(), 2u);
    EXPECT_EQ(tags[0].loc, (sass::SourceLoc{"kernels/warp/t.cuh", 20}));
    EXPECT_EQ(tags[0].phase, "kogge-stone");  // the note in parentheses is not part of it
    EXPECT_EQ(tags[1].loc.line, 22);

    const auto l = sass::parse_listing(kListing);
    const auto& k = *l.find("iso_t");
    EXPECT_EQ(sass::steps_of(k.code[2], tags), (std::vector<std::string>{"kogge-stone"}));
    EXPECT_EQ(sass::steps_of(k.code[3], tags), (std::vector<std::string>{"kogge-stone"}));  // via its chain
    EXPECT_TRUE(sass::steps_of(k.code[0], tags).empty());
    EXPECT_EQ(sass::instructions_of_step(k, "kogge-stone", tags), (std::vector<int>{2, 3, 4}));
    EXPECT_TRUE(sass::instructions_of_step(k, "down-sweep", tags).empty());
    EXPECT_EQ(sass::source_files(k),
              (std::vector<std::string>{"kernels/ops.cuh", "kernels/sass/iso_t.cu", "kernels/warp/t.cuh"}));
}

namespace {

struct TempTree {
    std::filesystem::path root;
    TempTree() {
        std::random_device rd;
        root = std::filesystem::temp_directory_path() / ("scanviz_sass_test_" + std::to_string(rd()));
        std::filesystem::create_directories(root);
    }
    ~TempTree() {
        std::error_code ec;
        std::filesystem::remove_all(root, ec);
    }
    void write(const std::filesystem::path& rel, const std::string& text) const {
        std::filesystem::create_directories((root / rel).parent_path());
        std::ofstream(root / rel) << text;
    }
};

std::string with_hash(const std::string& hash) {
    std::string s = kListing;
    s.replace(s.find("abc123"), 6, hash);
    return s;
}

}  // namespace

TEST(SassLoad, ProvenanceFreshSnapshotStaleMissing) {
    TempTree t;
    const sass::Locations where{t.root / "build", t.root / "snap", true};

    // Not built yet: said so, nothing shown.
    auto r = sass::load(where, "sm_90", "iso_t");
    EXPECT_EQ(r.provenance, sass::Provenance::Missing);
    EXPECT_FALSE(r.listing);

    // Not built yet (the run command leaves scanviz_sass out), a snapshot committed: the
    // snapshot, marked unchecked, saying why.
    t.write("snap/sm_90/iso_t.sass", with_hash("0ld000"));
    r = sass::load(where, "sm_90", "iso_t");
    EXPECT_EQ(r.provenance, sass::Provenance::SnapshotUnchecked);
    ASSERT_TRUE(r.listing);
    EXPECT_NE(r.message.find("not built yet"), std::string::npos) << r.message;

    // Built without a disassembler, snapshot of the same cubin: the snapshot.
    t.write("build/sm_90/iso_t.sha256", "feed01\n");
    t.write("snap/sm_90/iso_t.sass", with_hash("feed01"));
    r = sass::load(where, "sm_90", "iso_t");
    EXPECT_EQ(r.provenance, sass::Provenance::Snapshot);
    ASSERT_TRUE(r.listing);
    EXPECT_EQ(r.listing->cubin_sha256, "feed01");

    // The build's cubin changed: stale, and no listing handed out.
    t.write("build/sm_90/iso_t.sha256", "beef02\n");
    r = sass::load(where, "sm_90", "iso_t");
    EXPECT_EQ(r.provenance, sass::Provenance::Stale);
    EXPECT_FALSE(r.listing);
    EXPECT_NE(r.message.find("stale"), std::string::npos);
    EXPECT_NE(r.message.find("beef02"), std::string::npos);

    // Disassembled in the build: the build's listing wins.
    t.write("build/sm_90/iso_t.sass", with_hash("beef02"));
    r = sass::load(where, "sm_90", "iso_t");
    EXPECT_EQ(r.provenance, sass::Provenance::Build);
    ASSERT_TRUE(r.listing);

    // No CUDA in the build at all: the snapshot, marked unchecked.
    const sass::Locations no_cuda{t.root / "nothing", t.root / "snap", false};
    r = sass::load(no_cuda, "sm_90", "iso_t");
    EXPECT_EQ(r.provenance, sass::Provenance::SnapshotUnchecked);
    EXPECT_TRUE(r.listing);
    EXPECT_EQ(sass::listing_names(no_cuda, "sm_90"), (std::vector<std::string>{"iso_t"}));

    // A corrupt snapshot is an error, not a silent empty table.
    t.write("snap/sm_90/iso_t.sass", "garbage\n");
    EXPECT_THROW(sass::load(no_cuda, "sm_90", "iso_t"), std::runtime_error);
}

TEST(SassTable, RowsAndFormats) {
    TempTree t;
    t.write("snap/sm_90/iso_warp_t.sass", [] {
        std::string s = kListing;
        for (const char* from : {"iso_t", "base_t"}) {
            const std::string f = from, to = f.substr(0, f.size() - 1) + "warp_t";
            for (size_t p = s.find(f); p != std::string::npos; p = s.find(f, p + to.size()))
                s.replace(p, f.size(), to);
        }
        return s;
    }());
    const sass::Locations where{t.root / "build", t.root / "snap", false};
    const std::vector<std::string> archs{"sm_90"};
    const auto rows = sass::count_table(where, archs, {});
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].variant, "warp_t");
    EXPECT_EQ(rows[0].region_file, "kernels/warp/warp_t.cuh");
    ASSERT_TRUE(rows[0].method);
    // No line is in kernels/warp/warp_t.cuh: kernel minus baseline.
    EXPECT_EQ(*rows[0].method, sass::RegionMethod::KernelMinusBaseline);
    EXPECT_EQ(rows[0].region.total(), 5);
    EXPECT_EQ(rows[0].whole.total(), 8);
    EXPECT_NE(sass::format_text(rows).find("minus-base"), std::string::npos);
    EXPECT_NE(sass::format_csv(rows).find("sm_90,warp_t,iso_warp_t,snapshot-unchecked,minus-base,5,"),
              std::string::npos);
    EXPECT_NE(sass::format_json(rows).find("\"kernel_counts\""), std::string::npos);
    const std::vector<std::string> other{"warp_other"};
    EXPECT_TRUE(sass::count_table(where, archs, other).empty());
}
