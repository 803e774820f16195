// The profiler cross-check on the GPU: `scanviz profile` runs ncu over two
// variants, and our bank-conflict counts (from the GPU's own traces) equal
// ncu's: the padded Blelloch (conflict-free but for its inclusive shift) and
// the unpadded one (conflicts in every step past the first). Skipped, with the
// reason, where there is no device or no ncu.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/profile/profile.hpp"
#include "gpu_test_env.hpp"

using namespace scanviz;

namespace {

bool have_ncu() {
    if (std::system("command -v ncu > /dev/null 2>&1") == 0) return true;
    return access("/usr/local/cuda/bin/ncu", X_OK) == 0;
}

TEST(GpuProfile, BankConflictsEqualNcu) {
    SCANVIZ_REQUIRE_GPU();
    if (!have_ncu())
        GTEST_SKIP() << "gpu test skipped: no ncu (Nsight Compute) on PATH or in /usr/local/cuda/bin";
    const std::filesystem::path out = std::filesystem::temp_directory_path() /
                                      ("scanviz-gpu-profile-" + std::to_string(getpid()) + ".json");
    const std::string cmd =
        std::string(SCANVIZ_BINARY_DIR) +
        "/app/scanviz profile --variants block_blelloch_padded,block_blelloch --format json -o " +
        out.string();
    ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
    std::ifstream f(out);
    std::stringstream ss;
    ss << f.rdbuf();
    std::filesystem::remove(out);
    const ProfileTable t = parse_profile_json(ss.str());
    ASSERT_EQ(t.rows.size(), 2u);
    for (const char* v : {"block_blelloch_padded", "block_blelloch"}) {
        const ProfileRow* r = find_row(t, v);
        ASSERT_TRUE(r) << v;
        EXPECT_EQ(r->ours.trace_source, "gpu") << v;
        EXPECT_EQ(r->ours.kernel().ld_conflicts(), r->ncu.ld_conflicts) << v;
        EXPECT_EQ(r->ours.kernel().st_conflicts(), r->ncu.st_conflicts) << v;
    }
    const ProfileRow* padded = find_row(t, "block_blelloch_padded");
    const ProfileRow* plain = find_row(t, "block_blelloch");
    EXPECT_GT(plain->ncu.ld_conflicts + plain->ncu.st_conflicts, 0);  // a conflicting case
    EXPECT_LT(padded->ncu.ld_conflicts + padded->ncu.st_conflicts,
              plain->ncu.ld_conflicts + plain->ncu.st_conflicts);  // the padding works
}

}  // namespace
