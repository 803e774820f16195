// Scratch folders and whole-file reads for the tests that write files (outputs, writers).
#pragma once

#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>
#include <string>

namespace scanviz::test {

// An empty folder under the temporary directory: `prefix` + `name`, the name's characters
// other than letters and digits made '_' (a test's name can be passed as it is).
inline std::filesystem::path fresh_dir(const std::string& prefix, const std::string& name) {
    std::string clean = name;
    for (char& c : clean)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    const std::filesystem::path d = std::filesystem::temp_directory_path() / (prefix + clean);
    std::filesystem::remove_all(d);
    std::filesystem::create_directories(d);
    return d;
}

// The file's bytes ("" when it cannot be read).
inline std::string read_file(const std::filesystem::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

// Runs `body` in a child process whose files may not grow past 4 KiB (a disk that fills up
// during the write) and returns the child's exit code: body's value, 9 if it threw nothing
// and returned nothing else, -signal when it died.
inline int exit_code_with_full_disk(const std::function<int()>& body) {
    const pid_t child = fork();
    if (child < 0) return -1000;
    if (child == 0) {
        signal(SIGXFSZ, SIG_IGN);
        const rlimit limit{4096, 4096};
        setrlimit(RLIMIT_FSIZE, &limit);
        _exit(body());
    }
    int status = 0;
    waitpid(child, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
}

}  // namespace scanviz::test
