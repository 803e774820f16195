// Runs the scanviz binary of this build with arguments, for the tests that
// check a command's exit status and what it printed.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace scanviz::test {

struct CommandRun {
    int rc = -1;      // the exit status; -1 when it did not exit normally
    std::string out;  // stdout and stderr together
};

// SCANVIZ_BINARY_DIR is set for every test target (tests/CMakeLists.txt).
inline const std::string kScanviz = std::string(SCANVIZ_BINARY_DIR) + "/app/scanviz";

inline CommandRun run_scanviz(const std::string& args) {
    CommandRun r;
    FILE* p = popen((kScanviz + " " + args + " 2>&1").c_str(), "r");
    if (!p) return r;
    std::array<char, 4096> buf{};
    size_t got = 0;
    while ((got = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), got);
    const int status = pclose(p);
    r.rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

}  // namespace scanviz::test
