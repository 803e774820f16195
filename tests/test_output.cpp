// Writing a user's file: the old one stays whole until the new one is complete
// (core/common/output.hpp). A full disk, a write past the size limit and a
// process killed in the middle of its write all leave the target as it was.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "core/common/output.hpp"
#include "support/temp_files.hpp"

using namespace scanviz;
namespace fs = std::filesystem;

namespace {

fs::path fresh_dir(const std::string& name) { return scanviz::test::fresh_dir("scanviz_test_output_", name); }
std::string read(const fs::path& p) { return scanviz::test::read_file(p); }

int entries(const fs::path& dir) {
    int n = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++n;
    return n;
}

}  // namespace

TEST(Output, WritesAndReplacesLeavingNothingBeside) {
    const fs::path dir = fresh_dir("replace");
    const fs::path target = dir / "table.csv";
    write_file_atomically(target.string(), "first\n");
    EXPECT_EQ(read(target), "first\n");
    fs::permissions(target, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    write_file_atomically(target.string(), "second\n");
    EXPECT_EQ(read(target), "second\n");
    EXPECT_EQ(fs::status(target).permissions() & fs::perms::all,
              fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    EXPECT_EQ(entries(dir), 1);
    fs::remove_all(dir);
}

TEST(Output, ALinkStaysALinkAndItsFileIsReplaced) {
    const fs::path dir = fresh_dir("link");
    write_file_atomically((dir / "real.json").string(), "old");
    fs::create_symlink(dir / "real.json", dir / "link.json");
    write_file_atomically((dir / "link.json").string(), "new");
    EXPECT_TRUE(fs::is_symlink(dir / "link.json"));
    EXPECT_EQ(read(dir / "real.json"), "new");
    fs::remove_all(dir);
}

TEST(Output, AFolderOrAMissingFolderIsRefusedWithOneLine) {
    const fs::path dir = fresh_dir("refused");
    try {
        write_file_atomically(dir.string(), "x");
        FAIL() << "wrote over a folder";
    } catch (const std::runtime_error& e) {
        EXPECT_EQ(std::string(e.what()), "cannot write '" + dir.string() + "': it is a folder");
    }
    try {
        write_file_atomically((dir / "no" / "such.csv").string(), "x");
        FAIL() << "wrote into a folder that does not exist";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("No such file or directory"), std::string::npos) << e.what();
    }
    EXPECT_EQ(entries(dir), 0);
    fs::remove_all(dir);
}

// A full disk: /dev/full fails every write with ENOSPC. A device is written as it is
// (renaming over it would replace the device), and the error names the reason.
TEST(Output, AFullDiskIsReportedNamingTheReason) {
    ASSERT_TRUE(fs::exists("/dev/full")) << "this test needs /dev/full";
    try {
        write_file_atomically("/dev/full", std::string(1 << 16, 'x'));
        FAIL() << "a write to /dev/full succeeded";
    } catch (const std::runtime_error& e) {
        EXPECT_EQ(std::string(e.what()), "cannot write '/dev/full': No space left on device");
    }
    EXPECT_TRUE(fs::is_character_file("/dev/full"));
}

// A write that fails half way (the file size limit stands in for a disk that fills up
// during the write): the old file is whole and no temporary file is left.
TEST(Output, AWriteThatFailsHalfWayLeavesTheOldFileWhole) {
    const fs::path dir = fresh_dir("half");
    const fs::path target = dir / "recording.svzrec";
    write_file_atomically(target.string(), "the old recording");
    const int rc = scanviz::test::exit_code_with_full_disk([&] {
        try {
            write_file_atomically(target.string(), std::string(1 << 20, 'n'));
        } catch (const std::runtime_error& e) {
            return std::string(e.what()).find("File too large") != std::string::npos ? 7 : 8;
        }
        return 9;
    });
    ASSERT_GE(rc, 0) << "the child died";
    EXPECT_EQ(rc, 7) << "7: failed naming the reason; 8: another message; 9: no failure";
    EXPECT_EQ(read(target), "the old recording");
    EXPECT_EQ(entries(dir), 1);
    fs::remove_all(dir);
}

// A process killed in the middle of its write: the temporary file is a FIFO here, so the
// child is certainly mid-write (blocked, its first bytes read by the test) when it dies.
TEST(Output, AProcessKilledDuringItsWriteLeavesTheOldFileWhole) {
    const fs::path dir = fresh_dir("killed");
    const fs::path target = dir / "site.json";
    write_file_atomically(target.string(), "the old file");
    int go[2];
    ASSERT_EQ(pipe(go), 0);
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        close(go[1]);
        char c;
        if (read(go[0], &c, 1) != 1) _exit(3);
        try {
            write_file_atomically(target.string(), std::string(8 << 20, 'n'));
        } catch (...) {
        }
        _exit(0);
    }
    close(go[0]);
    // The child's temporary file, made a FIFO before it starts writing.
    const std::string tmp = target.string() + ".scanviz-tmp-" + std::to_string(static_cast<long>(child));
    ASSERT_EQ(mkfifo(tmp.c_str(), 0600), 0);
    ASSERT_EQ(write(go[1], "g", 1), 1);
    std::ifstream fifo(tmp, std::ios::binary);
    char first[4096];
    fifo.read(first, sizeof first);
    EXPECT_EQ(fifo.gcount(), static_cast<std::streamsize>(sizeof first));
    kill(child, SIGKILL);
    int status = 0;
    waitpid(child, &status, 0);
    close(go[1]);
    EXPECT_TRUE(WIFSIGNALED(status));
    EXPECT_EQ(read(target), "the old file");
    fs::remove_all(dir);
}
