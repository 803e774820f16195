// scanviz_cpu_main.hpp: the scheduler of the CPU backend and the driver that scanviz's CPU
// engine calls from the main it generates for a learner's kernel:
//
//   #include "kernel.cu"              (which includes scanviz.cuh, so scanviz_cpu.hpp)
//   #include "scanviz_cpu_main.hpp"
//   int main(int argc, char** argv) { return ::scanviz::cpu::run_main(&kernel_name, argc, argv); }
//
// The scheduler runs every fiber (lockstep: round robin in thread order, switching before each
// traced access; interleaved: a seeded random runnable thread at each switch), releases a
// barrier once every thread it waits for has arrived (a returned thread counts as arrived),
// and reports a barrier no thread can pass as a deadlock.
#pragma once

#include <signal.h>

#include <algorithm>

#include "scanviz_cpu.hpp"
// ---- the scheduler ----

namespace scanviz::cpu {

inline void fiber_main() {
    g.body(g.arg);
    end_step("end");
    me().wait = Wait::Done;
    swapcontext(&me().ctx, &g.scheduler);
}

inline bool arrived(int t, Wait w) {
    Wait x = g.fibers[t].wait;
    return x == w || x == Wait::Done;
}

// The source lane of lane `lane` in a shuffle, or -1 for "its own value".
inline int shfl_source(const Fiber& f, int lane) {
    const int w = f.shfl_width < 1 ? 32 : f.shfl_width;
    const int base = lane / w * w;
    int src = lane;
    switch (f.shfl_kind) {
        case ShflKind::Idx: src = base + ((f.shfl_arg % w) + w) % w; break;
        case ShflKind::Up: src = lane - base >= f.shfl_arg ? lane - f.shfl_arg : -1; break;
        case ShflKind::Down: src = lane - base + f.shfl_arg < w ? lane + f.shfl_arg : -1; break;
        case ShflKind::Xor: src = lane ^ f.shfl_arg; if (src / w != lane / w) src = -1; break;
    }
    return src < 0 || src > 31 ? -1 : src;
}

// Releases the threads whose barrier every thread it waits for has reached; false if none.
inline bool release() {
    bool any = false;
    const int n = g.threads;
    bool all = true;
    for (int t = 0; t < n; ++t) all = all && arrived(t, Wait::SyncThreads);
    if (all) {
        for (Fiber& f : g.fibers)
            if (f.wait == Wait::SyncThreads) f.wait = Wait::Running, any = true;
        if (any) return true;
    }
    for (int warp = 0; warp * 32 < n; ++warp) {
        for (Wait kind : {Wait::SyncWarp, Wait::Shfl, Wait::Vote}) {
            unsigned waiting = 0, need = 0;
            for (int lane = 0; lane < 32 && warp * 32 + lane < n; ++lane) {
                const Fiber& f = g.fibers[warp * 32 + lane];
                if (f.wait == kind) waiting |= 1u << lane, need |= f.mask;
            }
            if (!waiting) continue;
            bool ok = true;
            for (int lane = 0; lane < 32; ++lane) {
                if (!(need >> lane & 1u)) continue;
                const int t = warp * 32 + lane;
                if (t < n && !arrived(t, kind)) ok = false;
            }
            if (!ok) continue;
            for (int lane = 0; lane < 32; ++lane) {
                if (!(waiting >> lane & 1u)) continue;
                Fiber& f = g.fibers[warp * 32 + lane];
                if (kind == Wait::Shfl) {
                    const int src = shfl_source(f, lane);
                    const int st = warp * 32 + src;
                    const bool live = src >= 0 && st < n && (waiting >> src & 1u) && (f.mask >> src & 1u);
                    f.got = live ? g.fibers[st].offer : f.offer;
                    f.got_prov = live ? g.fibers[st].offer_prov : f.offer_prov;
                } else if (kind == Wait::Vote) {
                    unsigned ballot = 0;  // the lanes of the mask that voted, and voted true
                    for (int l = 0; l < 32; ++l)
                        if ((f.mask & waiting) >> l & 1u && g.fibers[warp * 32 + l].offer != 0) ballot |= 1u << l;
                    f.got = static_cast<double>(ballot);
                    f.shfl_arg = static_cast<int>(f.mask & waiting);
                }
            }
            for (int lane = 0; lane < 32; ++lane)
                if (waiting >> lane & 1u) g.fibers[warp * 32 + lane].wait = Wait::Running;
            any = true;
        }
    }
    return any;
}

inline std::string thread_ranges(const std::vector<int>& ts) {
    std::string s;
    for (size_t i = 0; i < ts.size();) {
        size_t j = i;
        while (j + 1 < ts.size() && ts[j + 1] == ts[j] + 1) ++j;
        if (!s.empty()) s += ", ";
        s += std::to_string(ts[i]);
        if (j > i) s += "-" + std::to_string(ts[j]);
        i = j + 1;
    }
    return s;
}

[[noreturn]] inline void deadlock() {
    std::string m = "barrier not reached by every thread:";
    const char* names[] = {"running", "__syncthreads()", "__syncwarp()", "a shuffle", "a warp vote", "finished"};
    bool first = true;
    for (Wait w : {Wait::SyncThreads, Wait::SyncWarp, Wait::Shfl, Wait::Vote, Wait::Done}) {
        std::vector<int> lines;
        for (const Fiber& f : g.fibers)
            if (f.wait == w && w != Wait::Done) {
                bool seen = false;
                for (int l : lines) seen = seen || l == f.line;
                if (!seen) lines.push_back(f.line);
            }
        if (w == Wait::Done) lines.push_back(0);
        for (int line : lines) {
            std::vector<int> ts;
            for (int t = 0; t < g.threads; ++t)
                if (g.fibers[t].wait == w && (w == Wait::Done || g.fibers[t].line == line)) ts.push_back(t);
            if (ts.empty()) continue;
            m += first ? " threads " : "; threads ";
            first = false;
            m += thread_ranges(ts);
            m += w == Wait::Done ? " finished" : std::string(" wait at ") + names[int(w)] + " on line " + std::to_string(line);
        }
    }
    fail(m);
}

// A fault in a thread (a store or load through a null or wild pointer, an integer division by
// zero) ends the run with an error record naming the thread, in the GPU engine's words where it
// has them ("an illegal memory access was encountered"): the thread running is the scheduler's
// current fiber. A fault outside every thread (the scheduler, the driver) crashes as before.
// The handler runs on its own stack, so that a fiber's overflowed stack can still report.
inline void on_fault(int sig, siginfo_t* info, void*) {
    if (g.cur < 0) {
        signal(sig, SIG_DFL);
        return;  // the faulting instruction runs again and ends the process as it would have
    }
    char m[200];
    const char* at = static_cast<const char*>(info->si_addr);
    const Fiber& f = g.fibers[static_cast<size_t>(g.cur)];
    if (sig != SIGFPE && f.stack && at >= f.stack.get() && at < f.stack.get() + kStackGuard)
        std::snprintf(m, sizeof m,
                      "the kernel failed on the CPU: thread %d overflowed its stack of %d KiB (a recursion that "
                      "does not end?)",
                      g.cur, static_cast<int>(kFiberStack / 1024));
    else if (sig == SIGFPE)
        std::snprintf(m, sizeof m, "the kernel failed on the CPU: an integer division by zero (thread %d)", g.cur);
    else
        std::snprintf(m, sizeof m,
                      "the kernel failed on the CPU: an illegal memory access was encountered (thread %d, address "
                      "0x%llx)",
                      g.cur, static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(info->si_addr)));
    fail(m);
}

inline void catch_faults() {
    static char alt[64 * 1024];
    stack_t ss{};
    ss.ss_sp = alt;
    ss.ss_size = sizeof alt;
    sigaltstack(&ss, nullptr);
    struct sigaction sa {};
    sa.sa_sigaction = on_fault;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    for (int sig : {SIGSEGV, SIGBUS, SIGFPE}) sigaction(sig, &sa, nullptr);
}

// Runs the kernel body for one block of `threads` threads (x only).
inline void launch(int threads, bool interleaved, uint64_t seed, void (*body)(void*), void* arg) {
    if (threads < 1 || threads > kMaxThreads) fail("block must be 1 to 1024 threads");
    g.threads = threads;
    g.interleaved = interleaved;
    g.rng = seed * 2654435761u + 88172645463325252ull;
    g.body = body;
    g.arg = arg;
    g.block_dim = dim3{static_cast<unsigned>(threads), 1, 1};
    g.fibers.resize(threads);
    for (int t = 0; t < threads; ++t) {
        Fiber& f = g.fibers[t];
        f.idx = uint3{static_cast<unsigned>(t), 0, 0};
        void* m = mmap(nullptr, kStackGuard + kFiberStack, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (m == MAP_FAILED || mprotect(m, kStackGuard, PROT_NONE) != 0) fail("cannot map the threads' stacks");
        f.stack.reset(static_cast<char*>(m));
        getcontext(&f.ctx);
        f.ctx.uc_stack.ss_sp = f.stack.get() + kStackGuard;
        f.ctx.uc_stack.ss_size = kFiberStack;
        f.ctx.uc_link = nullptr;
        makecontext(&f.ctx, fiber_main, 0);
    }
    std::vector<int> order(threads);
    for (;;) {
        int runnable = 0;
        for (int t = 0; t < threads; ++t)
            if (g.fibers[t].wait == Wait::Running) order[runnable++] = t;
        if (runnable == 0) {
            bool done = true;
            for (const Fiber& f : g.fibers) done = done && f.wait == Wait::Done;
            if (done) break;
            if (!release()) deadlock();
            continue;
        }
        if (g.interleaved) {
            // one seeded random runnable thread goes on to its next switch point
            g.cur = order[next_random() % runnable];
            swapcontext(&g.scheduler, &g.fibers[g.cur].ctx);
        } else {
            for (int i = 0; i < runnable; ++i) {
                g.cur = order[i];
                swapcontext(&g.scheduler, &g.fibers[g.cur].ctx);
            }
        }
    }
    g.cur = -1;
}

}  // namespace scanviz::cpu

// ---- the engine's driver: the generated main calls run_main(&kernel, argc, argv) ----
//
// argv[1]: the run file, "n threads schedule seed type" on its first line (schedule lockstep
// or interleaved, type i32 or f32), then the n input values, then (segmented) n head flags;
// argv[2]: the records file to write.

namespace scanviz::cpu {

template <class T>
struct Launch {
    void (*plain)(const T*, T*, int) = nullptr;
    void (*segmented)(const T*, const int*, T*, int) = nullptr;
    // A kernel as a textbook declares it (`float* X, float* Y, unsigned int N`): called through this.
    void (*other)(void* fn, const T* in, T* out, int n) = nullptr;
    void* other_fn = nullptr;
    const T* in = nullptr;
    const int* heads = nullptr;
    T* out = nullptr;
    int n = 0;
};

template <class T>
void launch_body(void* p) {
    auto* l = static_cast<Launch<T>*>(p);
    if (l->segmented) l->segmented(l->in, l->heads, l->out, l->n);
    else if (l->other) l->other(l->other_fn, l->in, l->out, l->n);
    else l->plain(l->in, l->out, l->n);
}

// What out[] holds before the kernel runs, to see which elements it wrote.
template <class T>
T unwritten() {
    T v;
    const uint32_t bits = 0x7fc0deadu;  // an int nobody scans to, a float NaN
    std::memcpy(&v, &bits, sizeof v);
    return v;
}

template <class T>
int run(Launch<T> l, int argc, char** argv) {
    if (argc < 3) return 2;
    g.out = std::fopen(argv[2], "w");
    if (!g.out) return 2;
    static char buffer[1 << 16];
    std::setvbuf(g.out, buffer, _IOFBF, sizeof buffer);
    std::fprintf(g.out, "scanviz-records 1\n");
    FILE* f = std::fopen(argv[1], "r");
    if (!f) fail("cannot read the run file");
    int n = 0, threads = 0;
    char schedule[32] = {0}, type[8] = {0};
    unsigned long long seed = 1;
    if (std::fscanf(f, "%d %d %31s %llu %7s", &n, &threads, schedule, &seed, type) != 5 || n < 1 || n > 1 << 16)
        fail("a bad run file");
    if constexpr (!std::is_same_v<T, int> && !std::is_same_v<T, float>) fail("the kernel scans neither int nor float");
    const bool is_int = std::is_same_v<T, int>;
    if ((std::strcmp(type, "i32") == 0) != is_int)
        fail(std::string("the kernel scans ") + (is_int ? "int (type = i32)" : "float (type = f32)") +
             " but the settings say type = " + type);
    // Room past n, so that a kernel that forgets `if (i < n)` is told so instead of crashing.
    const size_t room = static_cast<size_t>(std::max(n, threads * 4) + 64);
    std::vector<T> in(room, unwritten<T>()), out(room, unwritten<T>());
    std::vector<int> heads(room, 0);
    for (int i = 0; i < n; ++i) {
        double v = 0;
        if (std::fscanf(f, "%lf", &v) != 1) fail("a bad run file: too few input values");
        in[static_cast<size_t>(i)] = static_cast<T>(v);
    }
    if (l.segmented)
        for (int i = 0; i < n; ++i)
            if (std::fscanf(f, "%d", &heads[static_cast<size_t>(i)]) != 1) fail("a bad run file: too few heads");
    std::fclose(f);
    l.in = in.data();
    l.heads = heads.data();
    l.out = out.data();
    l.n = n;
    catch_faults();
    launch(threads, std::strcmp(schedule, "interleaved") == 0, seed, launch_body<T>, &l);
    const T none = unwritten<T>();
    for (size_t i = static_cast<size_t>(n); i < room; ++i)
        if (std::memcmp(&out[i], &none, sizeof(T)) != 0)
            fail("out-of-bounds store: the kernel wrote out[" + std::to_string(i) + "] (n = " + std::to_string(n) +
                 "; a check `if (i < n)` is missing?)");
    bool any = false;
    for (int i = 0; i < n; ++i) {
        if (std::memcmp(&out[static_cast<size_t>(i)], &none, sizeof(T)) == 0) continue;
        any = true;
        std::fprintf(g.out, "output %d %.17g\n", i, static_cast<double>(out[static_cast<size_t>(i)]));
    }
    if (!any) fail("the kernel wrote no output");
    std::fclose(g.out);
    return 0;
}

template <class T>
int run_main(void (*kernel)(const T*, T*, int), int argc, char** argv) {
    Launch<T> l;
    l.plain = kernel;
    return run(l, argc, argv);
}

// The textbooks' forms: the input not const (PMPP's `float* X`), the size unsigned (`unsigned int N`).
template <class In, class T, class N>
int run_other(void (*kernel)(In*, T*, N), int argc, char** argv) {
    Launch<T> l;
    l.other_fn = reinterpret_cast<void*>(kernel);
    l.other = [](void* fn, const T* in, T* out, int n) {
        reinterpret_cast<void (*)(In*, T*, N)>(fn)(const_cast<T*>(in), out, static_cast<N>(n));
    };
    return run(l, argc, argv);
}
template <class T>
int run_main(void (*kernel)(T*, T*, int), int argc, char** argv) { return run_other(kernel, argc, argv); }
template <class T>
int run_main(void (*kernel)(T*, T*, unsigned), int argc, char** argv) { return run_other(kernel, argc, argv); }
template <class T>
int run_main(void (*kernel)(const T*, T*, unsigned), int argc, char** argv) { return run_other(kernel, argc, argv); }

template <class T>
int run_main(void (*kernel)(const T*, const int*, T*, int), int argc, char** argv) {
    Launch<T> l;
    l.segmented = kernel;
    return run(l, argc, argv);
}

}  // namespace scanviz::cpu

// The CPU engine compiles the driver and the scheduler once (with the precompiled backend, beside
// it: engine_cpu.cpp) and links them with each kernel, whose compile then makes only the kernel:
// with SCANVIZ_CPU_SEPARATE_BACKEND the kernel's file instantiates no run<T>.
#if defined(SCANVIZ_CPU_SEPARATE_BACKEND)
namespace scanviz::cpu {
extern template int run<int>(Launch<int>, int, char**);
extern template int run<float>(Launch<float>, int, char**);
}  // namespace scanviz::cpu
#endif
