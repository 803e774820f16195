#include "core/learner/child.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

#include "core/i18n/i18n.hpp"

namespace scanviz {
namespace {

constexpr size_t kKeep = 1 << 20;

void keep(std::string& s, const char* data, ssize_t n) {
    if (n > 0 && s.size() < kKeep) s.append(data, std::min(static_cast<size_t>(n), kKeep - s.size()));
}

}  // namespace

std::string signal_name(int sig) {
    switch (sig) {
        case SIGSEGV:
            return "SIGSEGV";
        case SIGBUS:
            return "SIGBUS";
        case SIGABRT:
            return "SIGABRT";
        case SIGFPE:
            return "SIGFPE";
        case SIGILL:
            return "SIGILL";
        case SIGKILL:
            return "SIGKILL";
        case SIGTERM:
            return "SIGTERM";
        default:
            return "signal " + std::to_string(sig);
    }
}

ChildResult run_child(const std::vector<std::string>& argv, double timeout_s, const std::string& dir,
                      const Containment& policy) {
    ChildResult r;
    if (argv.empty()) {
        r.error = "nothing to run";
        return r;
    }
    int out_pipe[2], err_pipe[2], exec_pipe[2], note_pipe[2];
    // Close-on-exec from the start: children started at once from several threads (the checks'
    // runs) must not inherit each other's pipes, or one's end of output waits for the other.
    if (pipe2(out_pipe, O_CLOEXEC) != 0 || pipe2(err_pipe, O_CLOEXEC) != 0 || pipe2(exec_pipe, O_CLOEXEC) != 0 ||
        pipe2(note_pipe, O_CLOEXEC) != 0) {
        r.error = std::string("pipe: ") + std::strerror(errno);
        return r;
    }
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    // Everything the child needs is computed here: after fork it only makes system calls.
    const contain_detail::Prepared prepared = contain_detail::prepare(policy);
    const pid_t pid = fork();
    if (pid < 0) {
        r.error = std::string("fork: ") + std::strerror(errno);
        return r;
    }
    if (pid == 0) {
        setpgid(0, 0);  // its own group: the time limit kills the compiler's children too
        dup2(out_pipe[1], 1);
        dup2(err_pipe[1], 2);
        close(out_pipe[0]);
        close(err_pipe[0]);
        close(exec_pipe[0]);
        close(note_pipe[0]);
        const int devnull = open("/dev/null", O_RDONLY);
        if (devnull >= 0) dup2(devnull, 0);
        struct rlimit core {
            0, 0
        };
        setrlimit(RLIMIT_CORE, &core);
        if (!dir.empty() && chdir(dir.c_str()) != 0) _exit(127);
        contain_detail::Report report;
        contain_detail::apply(prepared, report);  // in a new PID namespace, returns in its first process
        if (!prepared.on && !dir.empty() && chdir(dir.c_str()) != 0) _exit(127);
        ssize_t noted = write(note_pipe[1], &report, sizeof report);
        (void)noted;
        // No descriptor of scanviz's reaches the program (a file another run or the window has
        // open, without close-on-exec): all but 0, 1 and 2 close at exec.
#if defined(CLOSE_RANGE_CLOEXEC)
        if (close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) != 0)
#endif
            for (int fd = 3; fd < 4096; ++fd) fcntl(fd, F_SETFD, FD_CLOEXEC);
        if (prepared.on)
            execvpe(args[0], args.data(), const_cast<char* const*>(prepared.envp.data()));
        else
            execvp(args[0], args.data());
        const int e = errno;
        ssize_t ignored = write(exec_pipe[1], &e, sizeof e);
        (void)ignored;
        _exit(127);
    }
    setpgid(pid, pid);
    close(out_pipe[1]);
    close(err_pipe[1]);
    close(exec_pipe[1]);
    close(note_pipe[1]);
    contain_detail::Report report;
    if (read(note_pipe[0], &report, sizeof report) == static_cast<ssize_t>(sizeof report))
        r.contained = containment_line(report);
    close(note_pipe[0]);
    int exec_errno = 0;
    if (read(exec_pipe[0], &exec_errno, sizeof exec_errno) == static_cast<ssize_t>(sizeof exec_errno)) {
        close(exec_pipe[0]);
        close(out_pipe[0]);
        close(err_pipe[0]);
        waitpid(pid, nullptr, 0);
        r.error = i18n::format(i18n::tr("cannot run %s: %s"), argv[0].c_str(), std::strerror(exec_errno));
        return r;
    }
    close(exec_pipe[0]);
    r.started = true;

    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
    pollfd fds[2] = {{out_pipe[0], POLLIN, 0}, {err_pipe[0], POLLIN, 0}};
    int open_fds = 2;
    char buf[8192];
    while (open_fds > 0) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            r.timed_out = true;
            break;
        }
        const int ready = poll(fds, 2, static_cast<int>(std::min<long long>(left.count(), 100)));
        if (ready < 0 && errno != EINTR) break;
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            const ssize_t n = read(fds[i].fd, buf, sizeof buf);
            if (n <= 0) {
                close(fds[i].fd);
                fds[i].fd = -1;
                --open_fds;
            } else {
                keep(i == 0 ? r.out : r.err, buf, n);
            }
        }
    }
    // The pipes are closed; the process may still run (it closed its outputs, or the limit passed).
    int status = 0;
    for (;;) {
        const pid_t w = waitpid(pid, &status, r.timed_out ? WNOHANG : WNOHANG);
        if (w == pid) break;
        if (r.timed_out || std::chrono::steady_clock::now() >= deadline) {
            r.timed_out = true;
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            break;
        }
        usleep(2000);
    }
    for (auto& f : fds)
        if (f.fd >= 0) close(f.fd);
    if (r.timed_out) return r;
    if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
    return r;
}

}  // namespace scanviz
