// Every command that writes a file, through the scanviz binary: a folder of the user's
// in place of the file (the thesis case) is refused and left as it was; a full disk
// (/dev/full) and a disk that fills during the write (the file size limit) give one line
// and leave the old file whole; a process killed in the middle of its write leaves the
// old file whole. Commands that need a GPU (record, validate --json, bench --timeline,
// profile --save-ncu) write through the same writer, tested here through their core
// function where one exists (save_recording) and in test_output.cpp for the writer itself.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/lessons/catalog.hpp"
#include "core/recording/recording.hpp"
#include "support/run_scanviz.hpp"
#include "support/temp_files.hpp"

using namespace scanviz;
using namespace scanviz::test;
namespace fs = std::filesystem;

namespace {

fs::path fresh_dir(const std::string& name) { return scanviz::test::fresh_dir("scanviz_test_writers_", name); }
std::string read(const fs::path& p) { return scanviz::test::read_file(p); }

const std::string kSource = SCANVIZ_SOURCE_DIR;

// One writing command: its arguments with {out} where the file it writes goes.
struct Writer {
    const char* name;
    std::string args;
};

std::vector<Writer> writers() {
    return {
        {"trace -o", "trace --variant block_hillis_steele --n 1024 --backend model --format json -o {out}"},
        {"profile -o", "profile --from " + kSource + "/tests/data/ncu/h100_raw_all_variants.csv --format json -o {out}"},
        {"race -o", "race --from " + kSource + "/assets/race/h100_race.json --format csv -o {out}"},
        {"race --save", "race --from " + kSource + "/assets/race/h100_race.json --save {out}"},
    };
}

std::string with_out(std::string args, const std::string& out) {
    return args.replace(args.find("{out}"), 5, "'" + out + "'");
}

std::vector<std::string> listing(const fs::path& dir) {
    std::vector<std::string> out;
    for (const auto& e : fs::recursive_directory_iterator(dir)) out.push_back(fs::relative(e.path(), dir).string());
    std::sort(out.begin(), out.end());
    return out;
}

// Starts scanviz in a child that first waits for `go` and may set a file size limit; its
// output goes to `log`. Returns the child's pid (the scanviz process itself: exec keeps it).
pid_t start_scanviz(const std::string& args, const fs::path& log, int go_fd, rlim_t file_limit) {
    const pid_t child = fork();
    if (child != 0) return child;
    if (go_fd >= 0) {
        char c;
        if (::read(go_fd, &c, 1) != 1) _exit(120);
    }
    if (file_limit > 0) {
        signal(SIGXFSZ, SIG_IGN);  // the write fails with EFBIG instead of killing the process
        const rlimit limit{file_limit, file_limit};
        setrlimit(RLIMIT_FSIZE, &limit);
    }
    const std::string cmd = "exec " + kScanviz + " " + args + " > '" + log.string() + "' 2>&1";
    execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    _exit(121);
}

int wait_exit(pid_t pid) {
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
}

}  // namespace

// The thesis case for files: -o names a folder of the user's. Refused with one line, nothing in it touched.
TEST(Writers, AFolderInPlaceOfTheFileIsRefusedAndKept) {
    for (const Writer& w : writers()) {
        SCOPED_TRACE(w.name);
        const fs::path dir = fresh_dir(std::string("thesis_") + w.name);
        const fs::path thesis = dir / "thesis";
        fs::create_directories(thesis / "figures");
        std::ofstream(thesis / "thesis.tex") << "\\documentclass{article}";
        std::ofstream(thesis / "figures" / "scan.pdf") << "%PDF";
        const CommandRun r = run_scanviz(with_out(w.args, thesis.string()));
        EXPECT_EQ(r.rc, 1) << r.out;
        EXPECT_NE(r.out.find("cannot write '" + thesis.string() + "': it is a folder"), std::string::npos) << r.out;
        EXPECT_EQ(listing(thesis), (std::vector<std::string>{"figures", "figures/scan.pdf", "thesis.tex"}));
        EXPECT_EQ(read(thesis / "thesis.tex"), "\\documentclass{article}");
        fs::remove_all(dir);
    }
}

TEST(Writers, AFullDiskIsOneLineNamingTheReason) {
    ASSERT_TRUE(fs::exists("/dev/full"));
    for (const Writer& w : writers()) {
        SCOPED_TRACE(w.name);
        const CommandRun r = run_scanviz(with_out(w.args, "/dev/full"));
        EXPECT_EQ(r.rc, 1) << r.out;
        EXPECT_NE(r.out.find("cannot write '/dev/full': No space left on device\n"), std::string::npos) << r.out;
    }
}

// The disk fills during the write (the file size limit stops it after 4 KiB): one line, the old file whole,
// no temporary file left beside it.
TEST(Writers, AWriteThatFailsHalfWayLeavesTheOldFileWhole) {
    for (const Writer& w : writers()) {
        SCOPED_TRACE(w.name);
        const fs::path dir = fresh_dir(std::string("half_") + w.name);
        const fs::path target = dir / "output", log = fs::temp_directory_path() / "scanviz_test_writers_half.log";
        std::ofstream(target) << "the old file";
        const int rc = wait_exit(start_scanviz(with_out(w.args, target.string()), log, -1, 4096));
        EXPECT_EQ(rc, 1) << read(log);
        EXPECT_NE(read(log).find("File too large"), std::string::npos) << read(log);
        EXPECT_EQ(read(target), "the old file");
        EXPECT_EQ(listing(dir), std::vector<std::string>{"output"});
        fs::remove_all(dir);
    }
}

// Killed in the middle of its write: the temporary file is a FIFO whose buffer (4 KiB) the test does not
// drain, so the command is certainly blocked inside its write when it is killed.
TEST(Writers, AProcessKilledDuringItsWriteLeavesTheOldFileWhole) {
    for (const Writer& w : writers()) {
        SCOPED_TRACE(w.name);
        const fs::path dir = fs::canonical(fresh_dir(std::string("killed_") + w.name));
        const fs::path target = dir / "output", log = dir.parent_path() / "scanviz_test_writers_killed.log";
        std::ofstream(target) << "the old file";
        int go[2];
        ASSERT_EQ(pipe(go), 0);
        const pid_t child = start_scanviz(with_out(w.args, target.string()), log, go[0], 0);
        ASSERT_GT(child, 0);
        close(go[0]);
        const std::string tmp = target.string() + ".scanviz-tmp-" + std::to_string(static_cast<long>(child));
        ASSERT_EQ(mkfifo(tmp.c_str(), 0600), 0);
        const int fifo = open(tmp.c_str(), O_RDWR | O_NONBLOCK);  // a reader that never reads
        ASSERT_GE(fifo, 0);
        const int capacity = fcntl(fifo, F_SETPIPE_SZ, 4096);
        ASSERT_GE(capacity, 4096);
        ASSERT_EQ(::write(go[1], "g", 1), 1);
        // Wait until the pipe is full: the command has written and is blocked in its write.
        int queued = 0, status = 0;
        bool exited = false;
        for (int i = 0; i < 6000 && queued < capacity && !exited; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
            ioctl(fifo, FIONREAD, &queued);
            exited = waitpid(child, &status, WNOHANG) == child;
        }
        ASSERT_FALSE(exited) << "the command ended before its write filled 4 KiB: " << read(log);
        ASSERT_EQ(queued, capacity) << "the command never wrote its file";
        kill(child, SIGKILL);
        EXPECT_EQ(wait_exit(child), -SIGKILL);
        close(fifo);
        close(go[1]);
        EXPECT_EQ(read(target), "the old file");
        fs::remove_all(dir);
    }
}

// record -o needs a GPU; its file is written by save_recording (then the summary beside it, the same way).
TEST(Writers, ARecordingIsRefusedInPlaceOfAFolderAndKeptWholeOnAFailedWrite) {
    const Recording rec = load_recording(kSource + "/assets/recordings/default.svzrec");
    const fs::path dir = fresh_dir("recording");
    fs::create_directories(dir / "thesis");
    std::ofstream(dir / "thesis" / "thesis.tex") << "mine";
    try {
        save_recording((dir / "thesis").string(), rec);
        FAIL() << "a recording was written over a folder";
    } catch (const std::runtime_error& e) {
        EXPECT_EQ(std::string(e.what()), "cannot write '" + (dir / "thesis").string() + "': it is a folder");
    }
    EXPECT_EQ(read(dir / "thesis" / "thesis.tex"), "mine");
    const fs::path target = dir / "old.svzrec";
    std::ofstream(target) << "the old recording";
    const int rc = exit_code_with_full_disk([&] {
        try {
            save_recording(target.string(), rec);
        } catch (const std::runtime_error& e) {
            return std::string(e.what()).find("File too large") != std::string::npos ? 7 : 8;
        }
        return 9;
    });
    EXPECT_EQ(rc, 7) << "7: failed naming the reason; 8: another message; 9: no failure";
    EXPECT_EQ(read(target), "the old recording");
    fs::remove_all(dir);
}

// The lesson progress file (written by the window after each step and answer): a folder in its place is
// reported and kept, a full disk is reported, the old progress survives a write that fails half way.
TEST(Writers, TheLessonProgressFileNeverLosesTheOldOne) {
    const fs::path dir = fresh_dir("progress");
    lessons::Progress progress;
    progress["kogge_stone_warp"] = {3, {1, 2}};
    fs::create_directories(dir / "folder" / "lessons.progress");
    std::ofstream(dir / "folder" / "lessons.progress" / "mine.txt") << "mine";
    const auto folder_error = lessons::save_progress((dir / "folder" / "lessons.progress").string(), progress);
    ASSERT_TRUE(folder_error);
    EXPECT_NE(folder_error->find("it is a folder"), std::string::npos) << *folder_error;
    EXPECT_EQ(read(dir / "folder" / "lessons.progress" / "mine.txt"), "mine");

    fs::create_symlink("/dev/full", dir / "full.progress");
    const auto full_error = lessons::save_progress((dir / "full.progress").string(), progress);
    ASSERT_TRUE(full_error);
    EXPECT_NE(full_error->find("No space left on device"), std::string::npos) << *full_error;

    const fs::path target = dir / "lessons.progress";
    ASSERT_FALSE(lessons::save_progress(target.string(), progress));
    const std::string old = read(target);
    for (int k = 0; k < 2000; ++k) progress["lesson_" + std::to_string(k)] = {k, {1, 2, 3}};
    const int rc = exit_code_with_full_disk([&] {
        const auto e = lessons::save_progress(target.string(), progress);
        return e && e->find("File too large") != std::string::npos ? 7 : 8;
    });
    EXPECT_EQ(rc, 7);
    EXPECT_EQ(read(target), old);
    EXPECT_EQ(lessons::parse_progress(read(target)).at("kogge_stone_warp").step, 3);
    fs::remove_all(dir);
}

// publish writes a whole folder: it fills a sibling folder and renames it into place, so a write that fails
// half way (and a process killed at any moment) leaves the old site as it was.
TEST(Writers, PublishLeavesTheOldSiteWholeWhenItsWriteFails) {
    const fs::path dir = fresh_dir("publish");
    const fs::path site = dir / "site";
    ASSERT_EQ(run_scanviz("publish -o " + site.string()).rc, 0);
    const auto before = listing(site);
    const std::string index = read(site / "index.html");
    const fs::path log = dir / "publish.log";
    const int rc = wait_exit(start_scanviz("publish --force -o " + site.string(), log, -1, 8192));
    EXPECT_EQ(rc, 1) << read(log);
    EXPECT_EQ(listing(site), before);
    EXPECT_EQ(read(site / "index.html"), index);
    // Killed part way through (publish takes seconds): the old site is whole.
    const pid_t child = start_scanviz("publish --force -o " + site.string(), log, -1, 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    kill(child, SIGKILL);
    wait_exit(child);
    EXPECT_EQ(listing(site), before);
    EXPECT_EQ(read(site / "index.html"), index);
    fs::remove_all(dir);
}
