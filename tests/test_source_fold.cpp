// The source view folds the instrumentation out of a kernel's text
// (core/sass/source_fold.hpp). For every registered variant's source file:
//   - the folded text holds no probe call, no race-lab barrier switch, no Probe;
//   - every `// step:` tag of the file survives, on a line that maps back to a line
//     of the file with the same text;
//   - every shown line maps to a file line, in order, and the braces still balance.
// And the Handbook's scanWarp reads at about its printed length once folded.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "core/models/variants.hpp"
#include "core/sass/source_fold.hpp"
#include "core/sass/source_lines.hpp"

namespace fs = std::filesystem;
using namespace scanviz;

namespace {

const fs::path kRoot = SCANVIZ_SOURCE_DIR;

std::string read(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

std::vector<std::string> lines_of(const std::string& text) { return sass::unfolded(text).lines; }

std::string joined(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& l : lines) out += l + "\n";
    return out;
}

// The distinct source files the registry names.
std::set<std::string> source_files() {
    std::set<std::string> out;
    for (const VariantInfo& v : all_variants())
        if (!v.source_file.empty()) out.insert(std::string(v.source_file));
    return out;
}

int balance(const std::vector<std::string>& lines) {
    int depth = 0;
    for (const auto& l : lines) {
        const std::string code = l.substr(0, l.find("//"));
        depth += static_cast<int>(std::count(code.begin(), code.end(), '{')) -
                 static_cast<int>(std::count(code.begin(), code.end(), '}'));
    }
    return depth;
}

}  // namespace

TEST(SourceFold, EveryVariantsSourceReadsWithoutInstrumentation) {
    const auto files = source_files();
    ASSERT_FALSE(files.empty());
    for (const std::string& file : files) {
        SCOPED_TRACE(file);
        const std::string text = read(kRoot / file);
        ASSERT_FALSE(text.empty());
        const sass::FoldedSource folded = sass::fold_instrumentation(text);
        const std::string shown = joined(folded.lines);
        EXPECT_EQ(shown.find("probe."), std::string::npos) << shown;
        EXPECT_EQ(shown.find("barrier_kept"), std::string::npos) << shown;
        EXPECT_EQ(shown.find("Probe"), std::string::npos) << shown;
        EXPECT_EQ(shown.find("kKeep"), std::string::npos) << shown;
        EXPECT_LT(folded.lines.size(), lines_of(text).size()) << "nothing folded";
        EXPECT_EQ(balance(folded.lines), balance(lines_of(text)));
    }
}

TEST(SourceFold, EveryLineMapsBackAndEveryStepTagSurvives) {
    for (const std::string& file : source_files()) {
        SCOPED_TRACE(file);
        const std::string text = read(kRoot / file);
        const auto original = lines_of(text);
        const sass::FoldedSource folded = sass::fold_instrumentation(text);
        ASSERT_EQ(folded.lines.size(), folded.original.size());
        EXPECT_EQ(folded.file_lines, static_cast<int>(original.size()));
        EXPECT_TRUE(std::is_sorted(folded.original.begin(), folded.original.end()));
        for (size_t i = 0; i < folded.lines.size(); ++i) {
            const int o = folded.original[i];
            ASSERT_GE(o, 0);
            ASSERT_LT(o, static_cast<int>(original.size()));
            if (i > 0) {
                EXPECT_LT(folded.original[i - 1], o);
            }
            EXPECT_EQ(folded.shown_line(o), static_cast<int>(i));
            // A tagged line keeps its tag: the same entries as the file's line it maps to.
            EXPECT_EQ(sass::step_tag_entries(folded.lines[i]), sass::step_tag_entries(original[o]))
                << "shown line " << i + 1 << " from line " << o + 1;
        }
        // Every tag entry of the file is on some shown line.
        std::set<std::string> in_file, shown;
        for (const auto& l : original)
            for (const auto& e : sass::step_tag_entries(l)) in_file.insert(e.second);
        for (const auto& l : folded.lines)
            for (const auto& e : sass::step_tag_entries(l)) shown.insert(e.second);
        EXPECT_EQ(shown, in_file);
        // The tags found by the parser the SASS view uses still name the lines they name in the file.
        for (const auto& tag : sass::parse_step_tags(file, joined(folded.lines))) {
            const int o = folded.original.at(static_cast<size_t>(tag.loc.line - 1));
            bool named = false;
            for (const auto& e : sass::step_tag_entries(original[static_cast<size_t>(o)]))
                named = named || e.second == tag.text;
            EXPECT_TRUE(named) << tag.text << " at " << original[static_cast<size_t>(o)];
        }
    }
}

// CUDA Handbook 13.5, listing 13.13: scanWarp is about ten lines on paper; ours, with
// the __syncwarp()s that Volta needs, reads at about that once folded.
TEST(SourceFold, TheHandbooksScanWarpReadsAtItsLength) {
    const std::string text = read(kRoot / "kernels/warp/warp_conditional/warp_conditional.cuh");
    const auto folded = sass::fold_instrumentation(text).lines;
    const auto head = std::find_if(folded.begin(), folded.end(), [](const std::string& l) {
        return l.find("T warp_scan_conditional(") != std::string::npos;
    });
    ASSERT_NE(head, folded.end());
    const auto first = head - 1;  // its template line
    ASSERT_EQ(first->rfind("template", 0), 0u) << *first;
    const auto last = std::find(head, folded.end(), "}");
    ASSERT_NE(last, folded.end());
    const auto routine = std::vector<std::string>(first, last + 1);
    EXPECT_LE(routine.size(), 12u) << joined(routine);
    const std::string shown = joined(routine);
    EXPECT_NE(shown.find("    __syncwarp();"), std::string::npos) << shown;
    EXPECT_NE(shown.find("ScanOp op)"), std::string::npos) << "the operator is the kernel's, not the probe's";
}

TEST(SourceFold, FoldsTheInstrumentationShapes) {
    const std::string text =
        "template <class T, class ScanOp, class Probe, uint32_t kKeep = kAllBarriers, bool kOneBuffer = "
        "false>\n"
        "__device__ T scan(T* s, int n, ScanOp op,\n"
        "                  Probe& probe) {\n"
        "    int barrier = 0;  // race lab: the index of the next barrier\n"
        "    bool have_total = false;\n"
        "    auto snapshot = [&](int phase) {\n"
        "        if constexpr (Probe::kOn) {\n"
        "            if (have_total) probe.reg(0, s[0]);\n"
        "            probe.end_step(phase, 0,\n"
        "                           kSyncThreads);\n"
        "        }\n"
        "    };\n"
        "    int pout = kOneBuffer ? 0 : 1 - pout;\n"
        "    s[0] = op(s[0], s[1]);  // step: up\n"
        "    probe.combine(0, 0, 1);\n"
        "    have_total = true;\n"
        "    if (barrier_kept<kKeep>(barrier++)) __syncthreads();\n"
        "    snapshot(1);\n"
        "    if (n > 1)\n"
        "        probe.copy(0, 1);\n"
        "    else\n"
        "        probe.set(0);\n"
        "    if constexpr (Probe::kOn) {\n"
        "        probe.reg(0, s[0]);\n"
        "    } else {\n"
        "        s[1] = s[0];  // step: down\n"
        "    }\n"
        "    helper(s, op, probe);\n"
        "    return s[pout];\n"
        "}\n";
    const sass::FoldedSource f = sass::fold_instrumentation(text);
    const std::vector<std::string> want = {
        "template <class T, class ScanOp>",
        "__device__ T scan(T* s, int n, ScanOp op) {",
        "    int pout = 1 - pout;",
        "    s[0] = op(s[0], s[1]);  // step: up",
        "    __syncthreads();",
        "    s[1] = s[0];  // step: down",
        "    helper(s, op);",
        "    return s[pout];",
        "}",
    };
    EXPECT_EQ(f.lines, want) << joined(f.lines);
    EXPECT_EQ(f.original, (std::vector<int>{0, 1, 12, 13, 16, 25, 27, 28, 29}));
    EXPECT_EQ(f.shown_line(14), 4);  // a folded probe call points at the next shown line
    EXPECT_EQ(f.shown_line(100), -1);
    const sass::FoldedSource u = sass::unfolded(text);
    EXPECT_EQ(u.lines, lines_of(text));
    EXPECT_EQ(u.original.size(), u.lines.size());
}

// Locals only the probe read go with it; a declaration that also declares a local the
// kernel reads stays, and a file with no instrumentation is shown as it is written.
TEST(SourceFold, KeepsWhatTheKernelReads) {
    const std::string text =
        "__device__ int f(int* s, Probe& probe) {\n"
        "    const int slot = 4, v = s[0];\n"
        "    const int only_probe = slot + 1;\n"
        "    probe.copy(only_probe, 0);\n"
        "    const int unused_by_both = 3;\n"
        "    return v;\n"
        "}\n";
    const sass::FoldedSource f = sass::fold_instrumentation(text);
    EXPECT_EQ(f.lines, (std::vector<std::string>{"__device__ int f(int* s) {",
                                                 "    const int slot = 4, v = s[0];", "    return v;", "}"}))
        << joined(f.lines);
    const std::string plain =
        "__global__ void k(int* s) {\n    const int unused = 3;\n    if (s) {\n    }\n}\n";
    EXPECT_EQ(sass::fold_instrumentation(plain).lines, lines_of(plain));
}
