// Issue 3's probe-free SASS equality: the NoProbe instantiation of each scan
// routine compiles to the same SASS as the routine with its probe calls taken
// out of the source.
//
// How: kernels/sass/sass_strip_probes.cmake writes a copy of every kernel
// header with each `probe.name(...)` call replaced by `((void)0)` (the source
// as it would read without probes), and the build compiles every isolation
// kernel twice, against the real headers and against that copy, for the
// architectures in SCANVIZ_SASS_PROBE_CHECK_ARCHS. This test compares the two
// disassemblies instruction by instruction (predicate, opcode, operands;
// addresses included). It also checks that the copy really differs: each
// compared variant's own header had probe calls removed.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "core/sass/sass.hpp"

namespace fs = std::filesystem;
namespace sass = scanviz::sass;

namespace {

std::string read(const fs::path& p) {
    std::ifstream in(p);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace

TEST(SassProbeFree, NoProbeEqualsNoProbeCalls) {
    const fs::path root = fs::path(SCANVIZ_BINARY_DIR) / "sass_noprobe";
    const std::string stripped_list = read(root / "stripped.txt");
    if (!fs::exists(root) || stripped_list.empty())
        GTEST_SKIP()
            << "this build compiles no probe-free copies (no CUDA compiler, or scanviz_sass not built)";
    std::set<std::string> stripped;
    std::istringstream ls(stripped_list);
    for (std::string line; std::getline(ls, line);)
        if (!line.empty()) stripped.insert(line);

    std::set<std::string> compared_variants;
    int archs = 0;
    for (const auto& arch_dir : fs::directory_iterator(root)) {
        if (!arch_dir.is_directory() || arch_dir.path().filename() == "src") continue;
        const std::string arch = arch_dir.path().filename().string();
        bool any_listing = false;
        for (const auto& e : fs::directory_iterator(arch_dir.path())) {
            if (e.path().extension() != ".sass") continue;
            any_listing = true;
            const std::string name = e.path().stem().string();
            const fs::path normal = fs::path(SCANVIZ_BINARY_DIR) / "sass" / arch / (name + ".sass");
            ASSERT_TRUE(fs::exists(normal)) << normal;
            const auto a = sass::parse_listing(read(normal));
            const auto b = sass::parse_listing(read(e.path()));
            ASSERT_EQ(a.functions.size(), b.functions.size()) << arch << " " << name;
            for (const auto& fa : a.functions) {
                const auto* fb = b.find(fa.name);
                ASSERT_NE(fb, nullptr) << arch << " " << fa.name;
                ASSERT_EQ(fa.code.size(), fb->code.size())
                    << arch << " " << fa.name << ": instruction counts differ";
                for (size_t i = 0; i < fa.code.size(); ++i) {
                    EXPECT_EQ(fa.code[i].address, fb->code[i].address);
                    EXPECT_EQ(fa.code[i].text, fb->code[i].text) << arch << " " << fa.name << " at " << i;
                }
            }
            const std::string variant = name.substr(4);  // iso_
            const std::string header = sass::region_file_of(variant);
            EXPECT_TRUE(stripped.count(header)) << header << " had no probe call to strip: the comparison of "
                                                << name << " would prove nothing";
            compared_variants.insert(variant);
        }
        if (any_listing) ++archs;
    }
    if (archs == 0) GTEST_SKIP() << "this build has no disassembler: nothing to compare";
    // At least the warp scans and one block scan (issue 3).
    for (const char* v : {"warp_conditional", "warp_zeropad", "warp_templated", "warp_shfl_ptx",
                          "warp_shfl_intrinsic", "warp_segmented", "warp_legacy_volatile"})
        EXPECT_TRUE(compared_variants.count(v)) << v << " was not compared";
    EXPECT_TRUE(std::any_of(compared_variants.begin(), compared_variants.end(), [](const std::string& v) {
        return v.rfind("block_", 0) == 0;
    })) << "no block scan was compared";
}
