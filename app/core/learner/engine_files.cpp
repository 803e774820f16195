#include "core/learner/engine_files.hpp"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "core/common/assets.hpp"
#include "core/i18n/i18n.hpp"

namespace scanviz::learner_files {
namespace fs = std::filesystem;

std::string read_file(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream os;
    os << in.rdbuf();
    return os.str();
}

std::string read_untrusted_file(const fs::path& p, size_t max_bytes, std::string* why) {
    const int fd = open(p.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        if (why) *why = p.string() + ": " + std::strerror(errno);
        return "";
    }
    struct stat st {};
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        if (why) *why = p.string() + ": not a regular file";
        return "";
    }
    if (static_cast<unsigned long long>(st.st_size) > max_bytes) {
        close(fd);
        if (why) *why = p.string() + ": larger than " + std::to_string(max_bytes) + " bytes";
        return "";
    }
    std::string text(static_cast<size_t>(st.st_size), '\0');
    size_t got = 0;
    while (got < text.size()) {
        const ssize_t n = read(fd, text.data() + got, text.size() - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        got += static_cast<size_t>(n);
    }
    close(fd);
    text.resize(got);
    return text;
}

bool write_file(const fs::path& p, const std::string& text) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out << text;
    return static_cast<bool>(out);
}

uint64_t fnv1a(uint64_t h, std::string_view s) {
    for (unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ull;
    }
    h ^= 0xff;
    h *= 1099511628211ull;
    return h;
}

std::string hex(uint64_t h) {
    char b[17];
    std::snprintf(b, sizeof b, "%016llx", static_cast<unsigned long long>(h));
    return b;
}

std::string seconds(double s) {
    char b[32];
    std::snprintf(b, sizeof b, "%g", s);
    return b;
}

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

std::string fresh_dir(const fs::path& parent, const std::string& stem) {
    std::error_code ec;
    fs::create_directories(parent, ec);
    std::string pattern = (parent / (stem + "-XXXXXX")).string();
    return mkdtemp(pattern.data()) ? pattern : "";
}

bool own_private_dir(const fs::path& dir) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    struct stat st {};
    if (lstat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != getuid()) return false;
    if ((st.st_mode & 077) != 0 && chmod(dir.c_str(), 0700) != 0) return false;
    return true;
}

std::string default_cache_dir() {
    std::error_code ec;
    fs::path tmp = fs::temp_directory_path(ec);
    if (ec) tmp = "/tmp";
    return (tmp / ("scanviz-kernels-" + std::to_string(getuid()))).string();
}

std::string include_dir() {
    const std::string cuh = shipped_file("SCANVIZ_KERNEL_INCLUDE", "kernels/scanviz.cuh");
    return cuh.empty() ? "" : fs::path(cuh).parent_path().string();
}

std::string run_file(const LearnerRequest& r) {
    std::ostringstream os;
    os.precision(17);
    os << r.spec.n << ' ' << r.settings.block << ' ' << to_string(r.schedule) << ' ' << r.schedule_seed << ' '
       << to_string(r.spec.type) << '\n';
    for (double v : make_input(r.spec)) os << v << ' ';
    os << '\n';
    for (uint8_t h : make_heads(r.spec)) os << int(h) << ' ';
    os << '\n';
    return os.str();
}

std::string timeout_message(double timeout_s) {
    return i18n::format(i18n::tr("did not finish in %s s (an endless loop, or a barrier that waits forever?)"),
                        seconds(timeout_s).c_str());
}

}  // namespace scanviz::learner_files
