#include "core/common/output.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace scanviz {

std::string temporary_path_for(const std::string& path) {
    return path + ".scanviz-tmp-" + std::to_string(static_cast<long>(::getpid()));
}

namespace {

// Writes all of `bytes` to `fd`; returns 0 or the errno of the failing call.
int write_all(int fd, std::string_view bytes) {
    size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        done += static_cast<size_t>(n);
    }
    return 0;
}

}  // namespace

void write_file_atomically(const std::string& asked, std::string_view bytes) {
    auto fail = [&](const std::string& why) { throw std::runtime_error("cannot write '" + asked + "': " + why); };
    if (asked.empty()) fail("no file name");
    // A link is followed: the file it names is replaced, the link stays.
    std::string path = asked;
    if (char* real = ::realpath(asked.c_str(), nullptr)) {
        path = real;
        std::free(real);
    }
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode)) fail("it is a folder");
        if (!S_ISREG(st.st_mode)) {
            // A device or a pipe (/dev/stdout, /dev/null, a FIFO): nothing to keep whole, and
            // renaming over it would replace the device itself. Write to it directly.
            const int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
            if (fd < 0) fail(std::strerror(errno));
            const int err = write_all(fd, bytes);
            ::close(fd);
            if (err) fail(std::strerror(err));
            return;
        }
    }
    const std::string tmp = temporary_path_for(path);
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) fail(std::strerror(errno));
    auto give_up = [&](int err) {
        ::close(fd);
        ::unlink(tmp.c_str());
        fail(std::strerror(err));
    };
    if (const int err = write_all(fd, bytes)) give_up(err);
    // A full disk may only show at fsync (delayed allocation); /dev/full-like targets at write.
    if (::fsync(fd) != 0 && errno != EINVAL && errno != EROFS) give_up(errno);
    if (::close(fd) != 0) {
        const int err = errno;
        ::unlink(tmp.c_str());
        fail(std::strerror(err));
    }
    // Keep the target's permissions when it exists (the new file was made with the umask's).
    if (::stat(path.c_str(), &st) == 0) ::chmod(tmp.c_str(), st.st_mode & 07777);
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        const int err = errno;
        ::unlink(tmp.c_str());
        fail(std::strerror(err));
    }
}

}  // namespace scanviz
