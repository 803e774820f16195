// Containment of someone else's code: the one module through which a learner's kernel (its
// compile and its run, CPU engine or GPU child) is run. run_child (child.hpp) applies a policy in
// the forked child before exec:
//   - limits (setrlimit): CPU seconds, address space, processes, file size, open files;
//   - namespaces (unshare): user (when not root), mount, network, PID, IPC, where permitted;
//   - in the mount namespace, a new root holding only what the program needs, read-only (the
//     system's /usr, /lib, the loader's /etc files, /dev/null, and the paths the policy names),
//     with the private directory as its only writable place; $HOME and the rest of / are not there;
//   - as root, an unprivileged user (nobody), so that the process limit counts and no signal
//     reaches scanviz.
// What the machine does not permit is left out, and one line says what (ChildResult::contained).
// POSIX only (Linux for the namespaces): the WebAssembly build leaves this file out.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

namespace scanviz {

struct Containment {
    bool on = false;              // false: the child runs as it is (scanviz's own helpers)
    double cpu_s = 0;             // RLIMIT_CPU, seconds (0: none)
    uint64_t address_space = 0;   // RLIMIT_AS, bytes (0: none)
    long processes = 0;           // RLIMIT_NPROC: processes and threads (0: none)
    uint64_t file_size = 0;       // RLIMIT_FSIZE, bytes (0: none)
    long open_files = 0;          // RLIMIT_NOFILE (0: none)
    bool network = false;         // false: a network namespace of its own (no interface up)
    bool namespaces = true;       // false: no network, IPC or PID namespace at all (the GPU child)
    bool new_root = true;         // false: the file system as it is (the GPU child needs the driver's)
    bool unprivileged = true;     // as root: run as nobody
    std::string private_dir;      // its working folder, TMPDIR and only writable place
    std::vector<std::string> read_only;  // more paths it may read (the executable, include folders)
};

// The learner's kernel run: the strict policy (timeout_s bounds its CPU time too).
Containment kernel_run_policy(const std::string& private_dir, const std::string& exe, double timeout_s);
// The compile of a learner's source: the compiler's needs (the include folders, the cached
// backend), its build folder the only writable place.
Containment compile_policy(const std::string& build_dir, const std::vector<std::string>& read_only,
                           double timeout_s);
// The GPU child: limits (CPU time from its wall limit limit_s) and a private folder; the file
// system, the user and the namespaces as they are: in network, IPC and PID namespaces of its own
// the CUDA driver did not start on an H100 ("OS call failed or operation not supported on this
// OS", assets/gpu/gpu_tests_h100_containment_2026-12-08.txt).
Containment gpu_child_policy(const std::string& private_dir, double limit_s);

namespace contain_detail {

// What a child could not apply, as bits with their errno; formatted by containment_line.
enum Part : unsigned {
    kUserNs = 1u << 0,
    kMountNs = 1u << 1,
    kNewRoot = 1u << 2,
    kNetNs = 1u << 3,
    kPidNs = 1u << 4,
    kIpcNs = 1u << 5,
    kUnprivileged = 1u << 6,
    kLimits = 1u << 7,
    kPartCount = 8,
};
struct Report {
    unsigned failed = 0;
    int err[kPartCount] = {};
};

// Everything the child needs, computed before fork (the child only makes system calls).
struct Prepared {
    bool on = false;
    bool root = false;
    uid_t uid = 0;
    gid_t gid = 0;
    std::string uid_map, gid_map;
    std::string new_root;  // the mount point of the new root (in the private folder)
    std::string old_root;  // where the old root goes before it is detached (new_root + "/.old")
    struct Step {
        int kind = 0;  // 0 directory bind, 1 file bind, 2 symbolic link, 3 directory to make
        std::string src, dst, link;
        bool writable = false;
        unsigned long flags = 0;  // the source's nosuid/nodev/noexec, kept
    };
    std::vector<Step> steps;
    std::string private_dir;
    std::vector<std::string> env;  // the environment, TMPDIR set to the private folder
    std::vector<char*> envp;
    long nproc_here = 0;  // this user's processes now (the limit adds them where it counts them all)
    Containment policy;
};
Prepared prepare(const Containment& c);
// In the forked child: applies what it can, fills `report`. Returns the process that goes on to
// exec: in a new PID namespace, this call forks once more, and the first child waits for the
// second and exits as it did (never returning).
void apply(const Prepared& p, Report& report);

}  // namespace contain_detail

// "" when everything was applied, else one line naming what could not be, and why.
std::string containment_line(const contain_detail::Report& r);

}  // namespace scanviz
