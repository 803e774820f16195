// scanviz_cpu.hpp: the CPU backend of scanviz.cuh (SCANVIZ_CPU), for scanviz's CPU engine.
//
// A learner's kernel is compiled by the host C++ compiler with this header and run for one
// block: every CUDA thread is a fiber (ucontext) and one scheduler runs them all, so
// __shared__ memory is really shared (a function-local static) and barriers really wait.
// Each traced read, store and step end is written as a record (the format is documented in
// scanviz's app/core/learner/records.hpp) to the records file the engine names.
//
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

struct Fiber {
    ucontext_t ctx{};
    std::unique_ptr<char[]> stack;  // not touched until used: 1024 fibers cost only what they use
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

#define SCANVIZ_SHARED(T, name, N)                    \
    __shared__ ::scanviz::shared<T, N, __LINE__> name; \
    name.declare(#name)
#define SCANVIZ_REG(T, name) ::scanviz::reg<T, __LINE__> name(#name)

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
        f.stack.reset(new char[kFiberStack]);
        getcontext(&f.ctx);
        f.ctx.uc_stack.ss_sp = f.stack.get();
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
    const T* in = nullptr;
    const int* heads = nullptr;
    T* out = nullptr;
    int n = 0;
};

template <class T>
void launch_body(void* p) {
    auto* l = static_cast<Launch<T>*>(p);
    if (l->segmented) l->segmented(l->in, l->heads, l->out, l->n);
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

template <class T>
int run_main(void (*kernel)(const T*, const int*, T*, int), int argc, char** argv) {
    Launch<T> l;
    l.segmented = kernel;
    return run(l, argc, argv);
}

}  // namespace scanviz::cpu
