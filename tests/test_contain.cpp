// Containment (core/learner/contain.hpp) of a learner's code: the policy applied by run_child, the
// line saying what a machine did not permit, and the hostile submissions of tests/data/hostile/ on
// the CPU engine: each is stopped and reported as one error line, and nothing outside its
// temporary folder changes (a secret in a temporary $HOME stays unread, no file appears where it
// tried to write, no connection reaches a listener on 127.0.0.1, this test process lives on).
// Where this machine permits no namespaces, the checks that need them say so and are skipped.
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <dirent.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "core/learner/child.hpp"
#include "core/learner/contain.hpp"
#include "core/learner/engine_cpu.hpp"
#include "learner_request.hpp"

using namespace scanviz;
namespace fs = std::filesystem;

namespace {

const std::string kExamples = std::string(SCANVIZ_SOURCE_DIR) + "/assets/kernels/";
const std::string kHostile = std::string(SCANVIZ_SOURCE_DIR) + "/tests/data/hostile/";
const std::string kCache = std::string(SCANVIZ_BINARY_DIR) + "/contain_kernels";

std::string read_text(const fs::path& p) {
    std::ifstream in(p);
    std::ostringstream os;
    os << in.rdbuf();
    return os.str();
}

fs::path temp_dir(const std::string& stem) {
    std::string pattern = (fs::temp_directory_path() / (stem + "-XXXXXX")).string();
    EXPECT_NE(mkdtemp(pattern.data()), nullptr);
    return pattern;
}

// What this machine does not permit ("" when everything): the line a contained run gives.
const std::string& not_applied_here() {
    static const std::string line = [] {
        const fs::path dir = temp_dir("scanviz-contain-probe");
        const ChildResult r = run_child({"true"}, 10, "", kernel_run_policy(dir.string(), "/usr/bin/true", 10));
        std::error_code ec;
        fs::remove_all(dir, ec);
        return r.contained;
    }();
    return line;
}

// The processes running a program from under `dir` (the fork bomb's copies).
long processes_running_from(const fs::path& dir) {
    long n = 0;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator("/proc", ec)) {
        const std::string name = e.path().filename().string();
        if (name.empty() || !std::isdigit(static_cast<unsigned char>(name[0]))) continue;
        const fs::path exe = fs::read_symlink(e.path() / "exe", ec);
        if (!ec && exe.string().rfind(dir.string() + "/", 0) == 0) ++n;
    }
    return n;
}

}  // namespace

TEST(Containment, LineNamesWhatWasNotApplied) {
    contain_detail::Report r;
    EXPECT_EQ(containment_line(r), "");
    r.failed = contain_detail::kNetNs;
    r.err[3] = EPERM;
    EXPECT_EQ(containment_line(r), "containment: could not apply a network namespace (EPERM); the rest applied");
    r.failed |= contain_detail::kUserNs;
    r.err[0] = EPERM;
    const std::string line = containment_line(r);
    EXPECT_NE(line.find("a user namespace (EPERM), a network namespace (EPERM)"), std::string::npos) << line;
    EXPECT_NE(line.find("limits and a private working folder only"), std::string::npos) << line;
    EXPECT_EQ(line.find('\n'), std::string::npos);
}

TEST(Containment, AChildSeesItsFolderWritableAndNothingElse) {
    if (!not_applied_here().empty()) GTEST_SKIP() << not_applied_here();
    const fs::path dir = temp_dir("scanviz-contain-view");
    const fs::path elsewhere = temp_dir("scanviz-contain-elsewhere");  // a folder beside it, not in its view
    const std::string script =
        "echo ok > here.txt && test \"$(pwd)\" = \"" + dir.string() + "\" && test \"$TMPDIR\" = \"" + dir.string() +
        "\" && ! test -e \"" + elsewhere.string() + "\" && ! test -e /etc/passwd && ! touch /usr/x 2>/dev/null && "
        "! touch ../outside.txt 2>/dev/null && echo uid=$(id -u)";
    const ChildResult r = run_child({"/bin/sh", "-c", script}, 10, "", kernel_run_policy(dir.string(), "/bin/sh", 10));
    ASSERT_TRUE(r.started) << r.error;
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_EQ(r.contained, "");
    EXPECT_EQ(read_text(dir / "here.txt"), "ok\n");
    EXPECT_FALSE(fs::exists(dir.parent_path() / "outside.txt"));
    if (getuid() == 0) EXPECT_NE(r.out.find("uid=65534"), std::string::npos) << r.out;
    std::error_code ec;
    fs::remove_all(dir, ec);
    fs::remove_all(elsewhere, ec);
}

TEST(Containment, TheGpuChildKeepsTheFileSystemAndItsNamespaces) {
    const fs::path dir = temp_dir("scanviz-contain-gpu");
    // The driver's files, the user and the namespaces stay as they are (the CUDA driver does not start
    // in network, IPC and PID namespaces of its own); the child works in its folder, CPU time limited.
    const std::string script = "test \"$(pwd)\" = \"" + dir.string() +
                               "\" && test -r /etc/passwd && test \"$(readlink /proc/self/ns/net)\" = \"" +
                               fs::read_symlink("/proc/self/ns/net").string() + "\" && ulimit -t";
    const ChildResult r = run_child({"/bin/bash", "-c", script}, 10, "", gpu_child_policy(dir.string(), 10));
    ASSERT_TRUE(r.started) << r.error;
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_EQ(r.contained, "");
    EXPECT_EQ(r.out, "11\n");  // CPU seconds = the wall limit + 1
    std::error_code ec;
    fs::remove_all(dir, ec);
}

TEST(Containment, LimitsHold) {
    const fs::path dir = temp_dir("scanviz-contain-limits");
    // The file-size limit: a write past it ends the process (SIGXFSZ).
    Containment p = kernel_run_policy(dir.string(), "/usr/bin/head", 10);
    p.file_size = 1 << 20;
    const ChildResult big = run_child({"/bin/sh", "-c", "head -c 4000000 /dev/zero > big.bin"}, 10, "", p);
    ASSERT_TRUE(big.started) << big.error;
    EXPECT_FALSE(big.exit_code == 0 && big.signal == 0);
    std::error_code ec;
    EXPECT_LE(fs::file_size(dir / "big.bin", ec), 1u << 20);
    // The limits the child reads back are the policy's.
    const ChildResult lim =
        run_child({"/bin/bash", "-c", "ulimit -t; ulimit -v; ulimit -n; ulimit -u"}, 10, "",
                  kernel_run_policy(dir.string(), "/bin/bash", 5));
    ASSERT_TRUE(lim.started) << lim.error;
    std::istringstream in(lim.out);
    std::string cpu, as, files, procs;
    in >> cpu >> as >> files >> procs;
    EXPECT_EQ(cpu, "6");
    EXPECT_EQ(as, std::to_string(4ull << 20));  // KiB
    EXPECT_EQ(files, "64");
    EXPECT_NE(procs, "unlimited");
    fs::remove_all(dir, ec);
}

class ContainHostile : public ::testing::TestWithParam<std::pair<const char*, const char*>> {};

TEST_P(ContainHostile, IsStoppedAndChangesNothingOutsideItsFolder) {
    const auto [file, expected] = GetParam();
    const fs::path home = temp_dir("scanviz-contain-home");
    const std::string secret = "scanviz-secret-" + std::to_string(getpid());
    {
        std::ofstream(home / "scanviz_secret.txt") << secret << "\n";
    }
    const char* old_home = std::getenv("HOME");
    const std::string saved_home = old_home ? old_home : "";
    setenv("HOME", home.c_str(), 1);
    // A listener on 127.0.0.1 the socket submission is told of.
    const int listener = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    ASSERT_GE(listener, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(bind(listener, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
    ASSERT_EQ(listen(listener, 4), 0);
    socklen_t len = sizeof a;
    getsockname(listener, reinterpret_cast<sockaddr*>(&a), &len);
    setenv("SCANVIZ_HOSTILE_PORT", std::to_string(ntohs(a.sin_port)).c_str(), 1);

    CpuEngineOptions o;
    o.include_dir = kExamples;
    const fs::path cache = fs::path(kCache) / fs::path(file).stem();  // its own: tests run at once
    o.cache_dir = cache.string();
    const LearnerRequest req = learner_tests::learner_request(kHostile + file, 3);
    const EngineOutput out = cpu_engine(o)(req);

    if (saved_home.empty())
        unsetenv("HOME");
    else
        setenv("HOME", saved_home.c_str(), 1);
    // Stopped, and reported as one line.
    EXPECT_FALSE(out.error.empty()) << file;
    EXPECT_EQ(out.error.find('\n'), std::string::npos) << out.error;
    EXPECT_LE(out.log.size(), 1u << 20);
    const bool contained = not_applied_here().empty();
    if (contained) {
        EXPECT_TRUE(std::regex_search(out.error, std::regex(expected))) << file << ": " << out.error;
    }
    // Nothing outside its folder changed, whatever this machine permits.
    EXPECT_EQ(out.error.find(secret), std::string::npos) << out.error;
    EXPECT_EQ(out.log.find(secret), std::string::npos);
    EXPECT_EQ(out.error.find("root:x:0"), std::string::npos) << out.error;
    EXPECT_EQ(read_text(home / "scanviz_secret.txt"), secret + "\n");
    EXPECT_EQ(std::distance(fs::directory_iterator(home), fs::directory_iterator{}), 1) << "a file appeared in $HOME";
    EXPECT_FALSE(fs::exists("/tmp/scanviz_hostile_pwned.txt"));
    for (const auto& e : fs::recursive_directory_iterator(cache))
        EXPECT_EQ(e.path().filename().string().find("pwned"), std::string::npos) << e.path();
    sockaddr_in peer{};
    socklen_t peer_len = sizeof peer;
    const int accepted = accept(listener, reinterpret_cast<sockaddr*>(&peer), &peer_len);
    EXPECT_LT(accepted, 0) << "a connection reached the listener";
    if (accepted >= 0) close(accepted);
    close(listener);
    // The fork bomb's processes ended with the run.
    for (int i = 0; i < 50 && processes_running_from(cache) > 0; ++i) usleep(100000);
    EXPECT_EQ(processes_running_from(cache), 0);
    if (!contained) GTEST_SKIP() << "what the submission saw was not checked: " << not_applied_here();
    std::error_code ec;
    fs::remove_all(home, ec);
}

INSTANTIATE_TEST_SUITE_P(
    Submissions, ContainHostile,
    ::testing::Values(std::pair{"read_home.cu", "exited with code 7: read: No such file or directory$"},
                      std::pair{"write_outside.cu", "exited with code 7: wrote 0 of 3$"},
                      std::pair{"fork_bomb.cu", "did not finish in 3 s"},
                      std::pair{"allocate_10gb.cu", "exited with code 7: malloc of 10 GB refused$"},
                      std::pair{"print_forever.cu", "did not finish in 3 s"},
                      std::pair{"sleep_forever.cu", "did not finish in 3 s"},
                      std::pair{"open_socket.cu", "exited with code 7: connect: Network is unreachable$"},
                      std::pair{"kill_parent.cu", "exited with code 7: still here$"},
                      std::pair{"include_passwd.cu", "include_passwd.cu:5: /etc/passwd: No such file or directory$"}),
    [](const auto& info) {
        std::string n = info.param.first;
        return n.substr(0, n.find('.'));
    });
