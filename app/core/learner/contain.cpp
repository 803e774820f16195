#include "core/learner/contain.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <set>

#include "core/i18n/i18n.hpp"

extern char** environ;

namespace scanviz {

namespace {

constexpr uint64_t kGiB = 1ull << 30, kMiB = 1ull << 20;
constexpr uid_t kNobody = 65534;

// What every program needs to start: the system's programs and libraries, the loader's files,
// the alternatives (c++ -> g++), and a few devices.
const char* const kSystemPaths[] = {
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc/alternatives", "/etc/ld.so.cache",
    "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/dev/null", "/dev/zero", "/dev/urandom", "/dev/random",
};

}  // namespace

Containment kernel_run_policy(const std::string& private_dir, const std::string& exe, double timeout_s) {
    Containment c;
    c.on = true;
    c.cpu_s = std::ceil(timeout_s) + 1;
    c.address_space = 4 * kGiB;  // the fibers' stacks of a 1024-thread block, and room
    c.processes = 16;
    c.file_size = 256 * kMiB;
    c.open_files = 64;
    c.private_dir = private_dir;
    c.read_only = {exe};
    return c;
}

Containment compile_policy(const std::string& build_dir, const std::vector<std::string>& read_only,
                           double timeout_s) {
    Containment c;
    c.on = true;
    c.cpu_s = std::ceil(timeout_s) + 1;
    c.address_space = 4 * kGiB;  // cc1plus with the precompiled header
    c.processes = 32;            // the driver, cc1plus, as, collect2, ld
    c.file_size = 512 * kMiB;
    c.open_files = 256;
    c.private_dir = build_dir;
    c.read_only = read_only;
    return c;
}

Containment gpu_child_policy(const std::string& private_dir, double timeout_s) {  // timeout_s: the wall limit
    Containment c;
    c.on = true;
    c.cpu_s = std::ceil(timeout_s) + 1;  // the child's whole wall limit (its launches and their overhead)
    c.file_size = 512 * kMiB;
    c.open_files = 1024;
    c.new_root = false;      // the driver's libraries and /dev/nvidia*
    c.namespaces = false;    // the driver does not start in them (contain.hpp)
    c.unprivileged = false;  // the device nodes' owner
    c.private_dir = private_dir;
    return c;
}

namespace contain_detail {

namespace {

long processes_of(uid_t uid) {
    long n = 0;
    DIR* d = opendir("/proc");
    if (!d) return 0;
    while (dirent* e = readdir(d)) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        struct stat st {};
        const std::string p = std::string("/proc/") + e->d_name;
        if (stat(p.c_str(), &st) == 0 && st.st_uid == uid) {
            // Threads count too.
            const std::string t = p + "/task";
            if (DIR* td = opendir(t.c_str())) {
                while (dirent* te = readdir(td))
                    if (te->d_name[0] >= '0' && te->d_name[0] <= '9') ++n;
                closedir(td);
            } else {
                ++n;
            }
        }
    }
    closedir(d);
    return n;
}

unsigned long kept_flags(const std::string& path) {
    struct statvfs v {};
    if (statvfs(path.c_str(), &v) != 0) return 0;
    unsigned long f = 0;
    if (v.f_flag & ST_NOSUID) f |= MS_NOSUID;
    if (v.f_flag & ST_NODEV) f |= MS_NODEV;
    if (v.f_flag & ST_NOEXEC) f |= MS_NOEXEC;
    return f;
}

}  // namespace

Prepared prepare(const Containment& c) {
    Prepared p;
    p.policy = c;
    p.on = c.on;
    if (!c.on) return p;
    p.uid = getuid();
    p.gid = getgid();
    p.root = p.uid == 0;
    p.uid_map = std::to_string(p.uid) + " " + std::to_string(p.uid) + " 1\n";
    p.gid_map = std::to_string(p.gid) + " " + std::to_string(p.gid) + " 1\n";
    p.private_dir = c.private_dir;
    if (c.processes > 0) p.nproc_here = processes_of(p.root ? kNobody : p.uid);
    if (c.new_root && !c.private_dir.empty()) {
        p.new_root = c.private_dir + "/.root";
        p.old_root = p.new_root + "/.old";
        std::set<std::string> dirs;  // the folders to make in the new root, parents first (sorted)
        auto parents = [&](const std::string& path) {
            for (size_t slash = path.find('/', 1); slash != std::string::npos; slash = path.find('/', slash + 1))
                dirs.insert(path.substr(0, slash));
        };
        std::vector<std::string> paths(std::begin(kSystemPaths), std::end(kSystemPaths));
        for (const std::string& r : c.read_only) {
            // Its real path, left out when a system path holds it already (/usr/bin/true).
            std::error_code ec;
            const std::string real = std::filesystem::weakly_canonical(r, ec).string();
            if (ec || real.empty()) continue;
            bool covered = false;
            for (const char* sys : kSystemPaths) {
                const std::string s = sys;
                struct stat st {};
                if (lstat(sys, &st) == 0 && !S_ISLNK(st.st_mode) && (real == s || real.rfind(s + "/", 0) == 0))
                    covered = true;
            }
            if (!covered) paths.push_back(real);
        }
        std::vector<Prepared::Step> binds;
        for (const std::string& path : paths) {
            if (path.empty() || path[0] != '/') continue;
            struct stat st {};
            if (lstat(path.c_str(), &st) != 0) continue;
            Prepared::Step s;
            s.src = path;
            s.dst = p.new_root + path;
            parents(path);
            if (S_ISLNK(st.st_mode)) {
                char buf[4096];
                const ssize_t n = readlink(path.c_str(), buf, sizeof buf - 1);
                if (n <= 0) continue;
                s.kind = 2;
                s.link.assign(buf, static_cast<size_t>(n));
            } else {
                s.kind = S_ISDIR(st.st_mode) ? 0 : 1;
                s.flags = kept_flags(path);
            }
            binds.push_back(s);
        }
        Prepared::Step priv;
        priv.kind = 0;
        priv.src = c.private_dir;
        priv.dst = p.new_root + c.private_dir;
        priv.writable = true;
        priv.flags = kept_flags(c.private_dir);
        parents(c.private_dir);
        for (const std::string& d : dirs) {
            Prepared::Step s;
            s.kind = 3;
            s.dst = p.new_root + d;
            p.steps.push_back(s);
        }
        for (auto& b : binds) p.steps.push_back(b);
        p.steps.push_back(priv);
    }
    for (char** e = environ; e && *e; ++e)
        if (std::strncmp(*e, "TMPDIR=", 7) != 0) p.env.emplace_back(*e);
    if (!c.private_dir.empty()) p.env.push_back("TMPDIR=" + c.private_dir);
    for (std::string& e : p.env) p.envp.push_back(e.data());
    p.envp.push_back(nullptr);
    return p;
}

namespace {

void fail(Report& r, Part part, int e) {
    for (unsigned i = 0; i < kPartCount; ++i)
        if (part == (1u << i) && !(r.failed & part)) {
            r.failed |= part;
            r.err[i] = e;
        }
}

bool write_all(const char* path, const std::string& text) {
    const int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return false;
    const bool ok = write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
    close(fd);
    return ok;
}

bool set_limit(int resource, rlim_t value) {
    struct rlimit l {
        value, value
    };
    return setrlimit(resource, &l) == 0;
}

// The new root: a read-only tmpfs holding binds of what the program needs; the private folder
// the one writable bind. Returns 0, or the errno of the step that failed.
int make_new_root(const Prepared& p) {
    const char* root = p.new_root.c_str();
    if (mkdir(root, 0755) != 0 && errno != EEXIST) return errno;
    if (mount("scanviz", root, "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755,size=1m") != 0) return errno;
    for (const Prepared::Step& s : p.steps) {
        const char* dst = s.dst.c_str();
        switch (s.kind) {
            case 3:
                if (mkdir(dst, 0755) != 0 && errno != EEXIST) return errno;
                break;
            case 2:
                if (symlink(s.link.c_str(), dst) != 0 && errno != EEXIST) return errno;
                break;
            default: {
                if (s.kind == 0) {
                    if (mkdir(dst, 0755) != 0 && errno != EEXIST) return errno;
                } else {
                    const int fd = open(dst, O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
                    if (fd < 0) return errno;
                    close(fd);
                }
                // The private folder without what is mounted in it (the new root itself).
                const unsigned long rec = s.writable ? 0 : MS_REC;
                if (mount(s.src.c_str(), dst, nullptr, MS_BIND | rec, nullptr) != 0) return errno;
                const unsigned long ro = s.writable ? 0 : MS_RDONLY;
                if (mount(nullptr, dst, nullptr, MS_REMOUNT | MS_BIND | MS_NOSUID | ro | s.flags, nullptr) != 0)
                    return errno;
            }
        }
    }
    if (mkdir(p.old_root.c_str(), 0700) != 0) return errno;
    if (syscall(SYS_pivot_root, root, p.old_root.c_str()) != 0) return errno;
    if (chdir("/") != 0) return errno;
    if (umount2("/.old", MNT_DETACH) != 0) return errno;
    rmdir("/.old");
    if (mount(nullptr, "/", nullptr, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV, nullptr) != 0)
        return errno;
    return 0;
}

}  // namespace

void apply(const Prepared& p, Report& r) {
    if (!p.on) return;
    const Containment& c = p.policy;
    bool user_ns = false;
    if (!p.root) {
        if (unshare(CLONE_NEWUSER) != 0) {
            fail(r, kUserNs, errno);
        } else {
            user_ns = true;
            write_all("/proc/self/setgroups", "deny");
            if (!write_all("/proc/self/uid_map", p.uid_map) || !write_all("/proc/self/gid_map", p.gid_map))
                fail(r, kUserNs, errno);
        }
    }
    if (c.namespaces && !c.network && unshare(CLONE_NEWNET) != 0) fail(r, kNetNs, errno);
    if (c.namespaces && unshare(CLONE_NEWIPC) != 0) fail(r, kIpcNs, errno);
    if (c.new_root && !p.new_root.empty()) {
        if (unshare(CLONE_NEWNS) != 0) {
            fail(r, kMountNs, errno);
        } else if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) {
            fail(r, kMountNs, errno);
        } else if (const int e = make_new_root(p); e != 0) {
            fail(r, kNewRoot, e);
        }
    }
    if (!p.private_dir.empty() && chdir(p.private_dir.c_str()) != 0) _exit(127);
    bool first_in_pid_ns = false;
    // In a new PID namespace the next child is its first process: when it ends, every process it
    // started ends with it, and it sees no process of scanviz's to signal.
    if (!c.namespaces) {
        // none asked for (the GPU child)
    } else if (unshare(CLONE_NEWPID) != 0) {
        fail(r, kPidNs, errno);
    } else {
        const pid_t inner = fork();
        if (inner == 0) {
            first_in_pid_ns = true;
        } else if (inner < 0) {
            fail(r, kPidNs, errno);
        } else {
            close(0);
            close(1);
            close(2);
            for (int fd = 3; fd < 1024; ++fd) close(fd);
            int status = 0;
            while (waitpid(inner, &status, 0) < 0 && errno == EINTR) {
            }
            if (WIFEXITED(status)) _exit(WEXITSTATUS(status));
            const int sig = WIFSIGNALED(status) ? WTERMSIG(status) : SIGKILL;
            signal(sig, SIG_DFL);
            kill(getpid(), sig);
            _exit(128 + sig);
        }
    }
    if (c.unprivileged && p.root && !(r.failed & (kMountNs | kNewRoot)) && !p.private_dir.empty()) {
        // The private folder becomes nobody's (the bind is the same folder outside).
        if (chown(p.private_dir.c_str(), kNobody, kNobody) != 0 || setgroups(0, nullptr) != 0 ||
            setresgid(kNobody, kNobody, kNobody) != 0 || setresuid(kNobody, kNobody, kNobody) != 0)
            fail(r, kUnprivileged, errno);
    } else if (c.unprivileged && p.root) {
        fail(r, kUnprivileged, EPERM);  // nobody could not reach the files outside a new root
    }
    bool limits = true;
    if (c.cpu_s > 0) limits &= set_limit(RLIMIT_CPU, static_cast<rlim_t>(c.cpu_s));
    if (c.address_space > 0) limits &= set_limit(RLIMIT_AS, c.address_space);
    if (c.file_size > 0) limits &= set_limit(RLIMIT_FSIZE, c.file_size);
    if (c.open_files > 0) limits &= set_limit(RLIMIT_NOFILE, static_cast<rlim_t>(c.open_files));
    if (c.processes > 0) {
        // Counted per user: in a user namespace of its own only its processes count; else every
        // process of this user does. As root the limit does not hold (nobody's does).
        const long n = c.processes + (user_ns ? 0 : p.nproc_here);  // p.nproc_here: nobody's, as root
        limits &= set_limit(RLIMIT_NPROC, static_cast<rlim_t>(n));
    }
    if (!limits) fail(r, kLimits, errno);
    if (first_in_pid_ns) {
        // Its own process group, so that kill(0, ...) does not reach the first child (of the same
        // user where a user namespace maps it); it dies with that child (the time limit kills the
        // first child's group), and the namespace with it. Set last: a change of user clears it,
        // and until setpgid the time limit reaches it through the group.
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        setpgid(0, 0);
    }
}

}  // namespace contain_detail

std::string containment_line(const contain_detail::Report& r) {
    using namespace contain_detail;
    if (r.failed == 0) return "";
    const char* names[kPartCount] = {
        i18n::N_("a user namespace"), i18n::N_("a mount namespace"), i18n::N_("a read-only root of its own"),
        i18n::N_("a network namespace"), i18n::N_("a PID namespace"), i18n::N_("an IPC namespace"),
        i18n::N_("an unprivileged user"), i18n::N_("the limits"),
    };
    std::string parts;
    for (unsigned i = 0; i < kPartCount; ++i) {
        if (!(r.failed & (1u << i))) continue;
        if (!parts.empty()) parts += ", ";
        const char* e = r.err[i] ? strerrorname_np(r.err[i]) : nullptr;
        parts += i18n::tr(names[i]);
        if (e) parts += std::string(" (") + e + ")";
    }
    const bool files = r.failed & (kUserNs | kMountNs | kNewRoot);
    return i18n::format(files ? i18n::tr("containment: could not apply %s; limits and a private working folder only")
                              : i18n::tr("containment: could not apply %s; the rest applied"),
                        parts.c_str());
}

}  // namespace scanviz
