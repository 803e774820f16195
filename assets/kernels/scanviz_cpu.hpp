// scanviz_cpu.hpp: the CPU backend of scanviz.cuh (SCANVIZ_CPU), for scanviz's CPU engine.
//
// A learner's kernel is compiled by the host C++ compiler with this header and run for one
// block: every CUDA thread is a fiber (ucontext) and one scheduler runs them all, so
// __shared__ memory is really shared (a function-local static) and barriers really wait.
// Each traced read, store and step end is written as a record (the format is documented in
// scanviz's app/core/learner/records.hpp) to the records file the engine names.
//
// The scheduler and the driver the engine's generated main calls are in scanviz_cpu_main.hpp.
// Schedules (where the scheduler switches fibers: before every traced access and at every
// barrier):
//   lockstep     round robin in thread order: every runnable thread does its k-th traced
//                access before any does its k+1-th, which is what warp-synchronous code
//                relies on;
//   interleaved  at every switch point a seeded random runnable thread goes on, so the lanes
//                of a warp run out of lockstep and a warp-synchronous race shows in the output.
// No barrier is ever added to take a snapshot: the engine rebuilds the state after each step
// from the store records, so a race stays a race.
//
// A thread that has returned counts as arrived at every later barrier (as on the GPU since
// Volta for __syncthreads); a barrier no thread can pass is reported as a deadlock.
#pragma once

#include <sys/mman.h>
#include <ucontext.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __noinline__
#define __shared__ static
#define __restrict__ __restrict
#define __launch_bounds__(...)

struct uint3 {
    unsigned x = 0, y = 0, z = 0;
};
struct dim3 {
    unsigned x = 1, y = 1, z = 1;
};
constexpr int warpSize = 32;

namespace scanviz {
namespace cpu {

constexpr int kMaxProvenance = 4;
constexpr int kMaxThreads = 1024;
constexpr size_t kFiberStack = 256 * 1024;
constexpr long kMaxAccesses = 1000000;  // traced reads and stores in one run: more is an endless loop

struct SlotRef {
    int region = 0;
    int index = 0;
};

struct Provenance {
    int k = 0;
    bool overflow = false;
    SlotRef slots[kMaxProvenance];
    void add(SlotRef s) {
        if (k < kMaxProvenance) slots[k++] = s;
        else overflow = true;
    }
    void append(const Provenance& o) {
        for (int i = 0; i < o.k; ++i) add(o.slots[i]);
        overflow = overflow || o.overflow;
    }
};

enum class Wait { Running, SyncThreads, SyncWarp, Shfl, Vote, Done };
enum class ShflKind { Idx, Up, Down, Xor };

// A fiber's stack: kFiberStack bytes above a guard page that no access may touch, so that a
// thread that overflows its stack faults there (and is named: scanviz_cpu_main.hpp's on_fault)
// instead of writing over another thread's stack. Mapped, not touched until used: 1024 fibers
// cost only what they use.
constexpr size_t kStackGuard = 4096;
struct StackUnmap {
    void operator()(char* p) const { munmap(p, kStackGuard + kFiberStack); }
};

struct Fiber {
    ucontext_t ctx{};
    std::unique_ptr<char, StackUnmap> stack;  // the guard page, then the stack
    uint3 idx{};
    int steps = 0;                 // steps this thread has ended
    bool accessed = false;         // a traced read or store in the current step
    std::string label;             // the current step's label, from step()
    Wait wait = Wait::Running;
    unsigned mask = 0xffffffffu;   // the lanes a syncwarp or shuffle waits for
    int line = 0;                  // where the thread waits
    // the shuffle this thread waits in: what it offers, what it asks for, what it gets
    double offer = 0;
    Provenance offer_prov;
    ShflKind shfl_kind = ShflKind::Idx;
    int shfl_arg = 0;
    int shfl_width = 32;
    double got = 0;
    Provenance got_prov;
};

struct Region {
    int id;
    std::string name;
};

struct Runtime {
    int threads = 0;
    bool interleaved = false;
    uint64_t rng = 1;
    std::vector<Fiber> fibers;
    int cur = -1;
    ucontext_t scheduler{};
    FILE* out = nullptr;
    std::vector<Region> regions;
    int shared_bytes = 0;
    void (*body)(void*) = nullptr;
    void* arg = nullptr;
    dim3 block_dim{};
    long accesses = 0;
};
inline Runtime g;

inline Fiber& me() { return g.fibers[g.cur]; }

[[noreturn]] inline void fail(const std::string& message) {
    std::fprintf(g.out, "error %s\n", message.c_str());
    std::fflush(g.out);
    std::fflush(stdout);
    std::_Exit(3);
}

inline void yield() { swapcontext(&me().ctx, &g.scheduler); }

inline void note_access() {
    yield();
    me().accessed = true;
    if (++g.accesses > kMaxAccesses)
        fail("more than " + std::to_string(kMaxAccesses) + " traced reads and stores: an endless loop?");
}

template <class T>
double as_double(T v) {
    return static_cast<double>(v);
}

inline void write_read(int region, int index) {
    std::fprintf(g.out, "read %d %d %d %d\n", g.cur, me().steps, region, index);
}

inline void write_store(int region, int index, double v, const Provenance& p) {
    std::fprintf(g.out, "store %d %d %d %d %.17g %d", g.cur, me().steps, region, index, v, p.k);
    for (int i = 0; i < p.k; ++i) std::fprintf(g.out, " %d %d", p.slots[i].region, p.slots[i].index);
    std::fputs(p.overflow ? " +\n" : "\n", g.out);
}

inline void end_step(const char* kind) {
    Fiber& f = me();
    std::fprintf(g.out, "barrier %d %d %s%s%s\n", g.cur, f.steps, kind, f.label.empty() ? "" : " ",
                 f.label.c_str());
    f.steps += 1;
    f.accessed = false;
    f.label.clear();
}

// Declares a region once (the first thread that passes its declaration).
inline bool declared(int id) {
    for (const Region& r : g.regions)
        if (r.id == id) return true;
    return false;
}
inline void declare_region(int id, const char* name, bool shared, int count, int elem_bytes) {
    if (declared(id)) return;
    for (const Region& r : g.regions)
        if (r.name == name) fail(std::string("two traced arrays are named ") + name);
    int offset = 0;
    if (shared) {
        offset = (g.shared_bytes + elem_bytes - 1) / elem_bytes * elem_bytes;
        g.shared_bytes = offset + count * elem_bytes;
    }
    g.regions.push_back({id, name});
    std::fprintf(g.out, "region %d %s %d %d %d %s\n", id, shared ? "shared" : "register", count, elem_bytes,
                 offset, name);
}

inline uint64_t next_random() {
    g.rng ^= g.rng << 13;
    g.rng ^= g.rng >> 7;
    g.rng ^= g.rng << 17;
    return g.rng;
}

}  // namespace cpu

// ---- values and their provenance ----

template <class T>
struct value {
    static_assert(std::is_same_v<T, int> || std::is_same_v<T, float>, "scanviz traces int and float");
    T v{};
    cpu::Provenance p;
    value() = default;
    value(T x) : v(x) {}
    template <class U, std::enable_if_t<std::is_arithmetic_v<U> && !std::is_same_v<U, T>, int> = 0>
    value(U x) : v(static_cast<T>(x)) {}
    operator T() const { return v; }
    template <class X>
    value& operator+=(const X& o);
    template <class X>
    value& operator-=(const X& o);
    template <class X>
    value& operator*=(const X& o);
};

template <class T, int N, int ID>
struct shared;

// A traced slot: s[i] of a SCANVIZ_SHARED array, or a SCANVIZ_REG.
template <class T>
struct slot {
    T* elem;  // the element (dereferenced only once the index is in bounds)
    int region;
    int index;
    int size;
    const char* name;

    void check(const char* verb) const {
        if (index < 0 || index >= size) {
            char m[256];
            std::snprintf(m, sizeof m, "out-of-bounds %s: thread %d %s %s[%d] (size %d)",
                          verb[0] == 'w' ? "store" : "read", cpu::g.cur, verb, name, index, size);
            cpu::fail(m);
        }
    }
    value<T> load() const {
        cpu::note_access();
        check("read");
        cpu::write_read(region, index);
        value<T> r(*elem);
        r.p.add({region, index});
        return r;
    }
    void store(const value<T>& x) const {
        cpu::note_access();
        check("wrote");
        *elem = x.v;
        cpu::write_store(region, index, cpu::as_double(x.v), x.p);
    }
    operator value<T>() const { return load(); }
    operator T() const { return load().v; }
    const slot& operator=(const value<T>& x) const {
        store(x);
        return *this;
    }
    const slot& operator=(const slot& o) const {
        store(o.load());
        return *this;
    }
    template <class U, std::enable_if_t<std::is_arithmetic_v<U>, int> = 0>
    const slot& operator=(U x) const {
        store(value<T>(static_cast<T>(x)));
        return *this;
    }
    template <class X>
    const slot& operator+=(const X& o) const;
    template <class X>
    const slot& operator-=(const X& o) const;
    template <class X>
    const slot& operator*=(const X& o) const;
};

template <class T, int N, int ID>
struct shared {
    T data[N];
    slot<T> operator[](int i) { return {data + i, ID, i, N, name()}; }
    static const char*& name() {
        static const char* n = "?";
        return n;
    }
    void declare(const char* n) {
        name() = n;
        cpu::declare_region(ID, n, true, N, static_cast<int>(sizeof(T)));
    }
};

template <class T, int ID>
struct reg {
    T v{};
    const char* name;
    explicit reg(const char* n) : name(n) {
        cpu::declare_region(ID, n, false, cpu::g.threads, static_cast<int>(sizeof(T)));
    }
    reg(const reg&) = delete;
    slot<T> ref() const { return {const_cast<T*>(&v), ID, cpu::g.cur, cpu::g.threads, name}; }
    operator value<T>() const { return ref().load(); }
    operator T() const { return ref().load().v; }
    template <class X>
    reg& operator=(const X& x) {
        ref() = x;
        return *this;
    }
    reg& operator=(const reg& o) {
        ref() = o.ref().load();
        return *this;
    }
    template <class X>
    reg& operator+=(const X& o) {
        ref() += o;
        return *this;
    }
    template <class X>
    reg& operator-=(const X& o) {
        ref() -= o;
        return *this;
    }
    template <class X>
    reg& operator*=(const X& o) {
        ref() *= o;
        return *this;
    }
};

// What a traced operand is: its element type, and how it is loaded (a slot is read once).
template <class X>
struct traced_of {
    static constexpr bool yes = false;
};
template <class T>
struct traced_of<value<T>> {
    static constexpr bool yes = true;
    using type = T;
};
template <class T>
struct traced_of<slot<T>> {
    static constexpr bool yes = true;
    using type = T;
};
template <class T, int ID>
struct traced_of<reg<T, ID>> {
    static constexpr bool yes = true;
    using type = T;
};

// An operand as a value<T>: a traced slot is read (one read record), a plain number has no provenance.
template <class T, class X>
value<T> load(const X& x) {
    if constexpr (std::is_same_v<X, value<T>>) return x;
    else if constexpr (std::is_arithmetic_v<X>) return value<T>(static_cast<T>(x));
    else if constexpr (traced_of<X>::yes) return static_cast<value<typename traced_of<X>::type>>(x);
    else static_assert(traced_of<X>::yes, "not a number scanviz can trace");
}

template <class A, class B>
using either_traced = std::enable_if_t<traced_of<A>::yes || traced_of<B>::yes, int>;

template <class A, class B>
struct elem_of {
    using type = typename std::conditional_t<traced_of<A>::yes, traced_of<A>, traced_of<B>>::type;
};

namespace cpu {
// The element type's own arithmetic: int wraps (two's complement), float rounds to float.
inline int add(int a, int b) { return static_cast<int>(static_cast<unsigned>(a) + static_cast<unsigned>(b)); }
inline int sub(int a, int b) { return static_cast<int>(static_cast<unsigned>(a) - static_cast<unsigned>(b)); }
inline int mul(int a, int b) { return static_cast<int>(static_cast<unsigned>(a) * static_cast<unsigned>(b)); }
inline float add(float a, float b) { return a + b; }
inline float sub(float a, float b) { return a - b; }
inline float mul(float a, float b) { return a * b; }

template <class T, class A, class B, class F>
value<T> combine(const A& a, const B& b, F f) {
    value<T> x = scanviz::load<T>(a);  // left operand first: its reads come first
    value<T> y = scanviz::load<T>(b);
    value<T> r(f(x.v, y.v));
    r.p = x.p;
    r.p.append(y.p);
    return r;
}
}  // namespace cpu

#define SCANVIZ_CPU_BINARY(OP, FN)                                                   \
    template <class A, class B, either_traced<A, B> = 0>                             \
    value<typename elem_of<A, B>::type> operator OP(const A& a, const B& b) {       \
        using T = typename elem_of<A, B>::type;                                      \
        return cpu::combine<T>(a, b, [](T x, T y) { return cpu::FN(x, y); });        \
    }
SCANVIZ_CPU_BINARY(+, add)
SCANVIZ_CPU_BINARY(-, sub)
SCANVIZ_CPU_BINARY(*, mul)
#undef SCANVIZ_CPU_BINARY

#define SCANVIZ_CPU_COMPARE(OP)                                                 \
    template <class A, class B, either_traced<A, B> = 0>                        \
    bool operator OP(const A& a, const B& b) {                                  \
        using T = typename elem_of<A, B>::type;                                 \
        value<T> x = load<T>(a);                                                \
        value<T> y = load<T>(b);                                                \
        return x.v OP y.v;                                                      \
    }
SCANVIZ_CPU_COMPARE(<)
SCANVIZ_CPU_COMPARE(>)
SCANVIZ_CPU_COMPARE(<=)
SCANVIZ_CPU_COMPARE(>=)
SCANVIZ_CPU_COMPARE(==)
SCANVIZ_CPU_COMPARE(!=)
#undef SCANVIZ_CPU_COMPARE

template <class A, class B, either_traced<A, B> = 0>
value<typename elem_of<A, B>::type> max(const A& a, const B& b) {
    using T = typename elem_of<A, B>::type;
    return cpu::combine<T>(a, b, [](T x, T y) { return x < y ? y : x; });
}
template <class A, class B, either_traced<A, B> = 0>
value<typename elem_of<A, B>::type> min(const A& a, const B& b) {
    using T = typename elem_of<A, B>::type;
    return cpu::combine<T>(a, b, [](T x, T y) { return y < x ? y : x; });
}
template <class A, class B, either_traced<A, B> = 0>
value<float> fmaxf(const A& a, const B& b) {
    return cpu::combine<float>(a, b, [](float x, float y) { return std::fmax(x, y); });
}
template <class A, class B, either_traced<A, B> = 0>
value<float> fminf(const A& a, const B& b) {
    return cpu::combine<float>(a, b, [](float x, float y) { return std::fmin(x, y); });
}

template <class T>
template <class X>
value<T>& value<T>::operator+=(const X& o) {
    return *this = *this + o;
}
template <class T>
template <class X>
value<T>& value<T>::operator-=(const X& o) {
    return *this = *this - o;
}
template <class T>
template <class X>
value<T>& value<T>::operator*=(const X& o) {
    return *this = *this * o;
}
template <class T>
template <class X>
const slot<T>& slot<T>::operator+=(const X& o) const {
    store(*this + o);
    return *this;
}
template <class T>
template <class X>
const slot<T>& slot<T>::operator-=(const X& o) const {
    store(*this - o);
    return *this;
}
template <class T>
template <class X>
const slot<T>& slot<T>::operator*=(const X& o) const {
    store(*this * o);
    return *this;
}

// ---- steps ----

inline void step(const char* label) {
    cpu::Fiber& f = cpu::me();
    if (f.accessed || !f.label.empty()) cpu::end_step("label");
    f.label = label;
}
inline void step(const char* phase, int d) { step((std::string(phase) + " d=" + std::to_string(d)).c_str()); }

namespace cpu {

inline void wait_at(Wait w, unsigned mask, int line) {
    Fiber& f = me();
    f.wait = w;
    f.mask = mask;
    f.line = line;
    yield();
}

inline void sync_threads(int line) {
    end_step("syncthreads");
    wait_at(Wait::SyncThreads, 0xffffffffu, line);
}

inline void sync_warp(unsigned mask, int line) {
    end_step("syncwarp");
    wait_at(Wait::SyncWarp, mask | (1u << (g.cur % 32)), line);
}

template <class T>
value<T> shuffle(ShflKind kind, unsigned mask, const value<T>& v, int arg, int width, int line) {
    Fiber& f = me();
    f.offer = as_double(v.v);
    f.offer_prov = v.p;
    f.shfl_kind = kind;
    f.shfl_arg = arg;
    f.shfl_width = width;
    end_step("shfl");
    wait_at(Wait::Shfl, mask | (1u << (g.cur % 32)), line);
    value<T> r(static_cast<T>(me().got));
    r.p = me().got_prov;
    return r;
}

}  // namespace cpu

}  // namespace scanviz

// ---- CUDA's names ----

#define threadIdx (::scanviz::cpu::g.fibers[::scanviz::cpu::g.cur].idx)
#define blockDim (::scanviz::cpu::g.block_dim)
#define blockIdx (::uint3{})
#define gridDim (::dim3{})
#define __syncthreads() ::scanviz::cpu::sync_threads(__LINE__)
#define __syncwarp(...) ::scanviz::cpu::sync_warp(::scanviz::cpu::warp_mask(__VA_ARGS__), __LINE__)
#define __threadfence_block() ((void)0)
#define __threadfence() ((void)0)

namespace scanviz::cpu {
inline unsigned warp_mask() { return 0xffffffffu; }
inline unsigned warp_mask(unsigned m) { return m; }

template <class V>
auto shfl_of(ShflKind kind, unsigned mask, const V& v, int arg, int width, int line) {
    if constexpr (traced_of<V>::yes) {
        using T = typename traced_of<V>::type;
        return shuffle<T>(kind, mask, load<T>(v), arg, width, line);
    } else {
        return shuffle<V>(kind, mask, value<V>(v), arg, width, line).v;
    }
}
}  // namespace scanviz::cpu

#define __shfl_sync(mask, v, ...) ::scanviz::cpu::shfl_at(::scanviz::cpu::ShflKind::Idx, __LINE__, mask, v, __VA_ARGS__)
#define __shfl_up_sync(mask, v, ...) ::scanviz::cpu::shfl_at(::scanviz::cpu::ShflKind::Up, __LINE__, mask, v, __VA_ARGS__)
#define __shfl_down_sync(mask, v, ...) \
    ::scanviz::cpu::shfl_at(::scanviz::cpu::ShflKind::Down, __LINE__, mask, v, __VA_ARGS__)
#define __shfl_xor_sync(mask, v, ...) ::scanviz::cpu::shfl_at(::scanviz::cpu::ShflKind::Xor, __LINE__, mask, v, __VA_ARGS__)

namespace scanviz::cpu {
template <class V>
auto shfl_at(ShflKind kind, int line, unsigned mask, const V& v, int arg, int width = 32) {
    return shfl_of(kind, mask, v, arg, width, line);
}
}  // namespace scanviz::cpu

// Warp votes: they wait for the lanes of the mask like a shuffle, exchange no traced value and
// end no step.
namespace scanviz::cpu {
inline unsigned vote(unsigned mask, bool predicate, int line, unsigned* voters = nullptr) {
    Fiber& f = me();
    f.offer = predicate ? 1 : 0;
    wait_at(Wait::Vote, mask | (1u << (g.cur % 32)), line);
    if (voters) *voters = static_cast<unsigned>(me().shfl_arg);
    return static_cast<unsigned>(me().got);
}
inline bool vote_all(unsigned mask, bool predicate, int line) {
    unsigned voters = 0;
    return vote(mask, predicate, line, &voters) == voters;
}
// The lanes of this thread's warp that have not returned.
inline unsigned active_mask() {
    unsigned m = 0;
    const int warp = g.cur / 32;
    for (int l = 0; l < 32 && warp * 32 + l < g.threads; ++l)
        if (g.fibers[warp * 32 + l].wait != Wait::Done) m |= 1u << l;
    return m;
}
}  // namespace scanviz::cpu
#define __ballot_sync(mask, predicate) ::scanviz::cpu::vote((mask), static_cast<bool>(predicate), __LINE__)
#define __any_sync(mask, predicate) (::scanviz::cpu::vote((mask), static_cast<bool>(predicate), __LINE__) != 0u)
#define __all_sync(mask, predicate) ::scanviz::cpu::vote_all((mask), static_cast<bool>(predicate), __LINE__)
#define __activemask() ::scanviz::cpu::active_mask()

// CUDA's bit intrinsics and atomics on plain memory (one scheduler runs every thread, so an
// atomic is an ordinary read-modify-write between two switch points).
inline int __popc(unsigned x) { return __builtin_popcount(x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz(static_cast<unsigned>(x)); }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline unsigned __brev(unsigned x) {
    unsigned r = 0;
    for (int i = 0; i < 32; ++i) r |= ((x >> i) & 1u) << (31 - i);
    return r;
}
template <class T>
T atomicAdd(T* p, T v) {
    const T old = *p;
    *p = old + v;
    return old;
}
template <class T>
T atomicMax(T* p, T v) {
    const T old = *p;
    *p = old < v ? v : old;
    return old;
}
template <class T>
T atomicMin(T* p, T v) {
    const T old = *p;
    *p = v < old ? v : old;
    return old;
}
template <class T>
T atomicExch(T* p, T v) {
    const T old = *p;
    *p = v;
    return old;
}
template <class T>
T atomicCAS(T* p, T compare, T v) {
    const T old = *p;
    if (old == compare) *p = v;
    return old;
}

// Plain max/min for untraced values, as CUDA's device code has them.
inline int max(int a, int b) { return a < b ? b : a; }
inline int min(int a, int b) { return b < a ? b : a; }
inline float max(float a, float b) { return std::fmax(a, b); }
inline float min(float a, float b) { return std::fmin(a, b); }

// A volatile array (`volatile __shared__ int s[32]`, the legacy warp-synchronous form) is traced
// as its element type: every traced access is a real load or store already.
namespace scanviz {
template <class T>
struct unvolatile {
    using type = T;
};
template <class T>
struct unvolatile<volatile T> {
    using type = T;
};
template <class T>
using unvolatile_t = typename unvolatile<T>::type;
}  // namespace scanviz

#define SCANVIZ_SHARED(T, name, N)                                             \
    __shared__ ::scanviz::shared<::scanviz::unvolatile_t<T>, N, __LINE__> name; \
    name.declare(#name)
#define SCANVIZ_REG(T, name) ::scanviz::reg<T, __LINE__> name(#name)
