// scanviz_gpu.cuh: the GPU backend of scanviz.cuh (SCANVIZ_GPU_TRACE), for scanviz's GPU engine.
//
// NVRTC compiles a learner's kernel with this header for the device's architecture, and
// the engine runs it for one block. Every traced read, store and step end is appended to a
// record buffer in global memory (one atomicAdd per record keeps each thread's records in
// its program order); the engine turns the buffer into the text records of scanviz's
// app/core/learner/records.hpp. No barrier is added to take a snapshot: the state after
// each step is rebuilt from the store records, so the kernel runs with exactly the
// synchronisation its author wrote, and a race stays a race.
//
// The API is scanviz.cuh's. NVRTC has no C++ standard library here, so the few traits
// this file needs are its own.
#pragma once

// ---- the record buffer the engine sets up (cuModuleGetGlobal) ----

struct scanviz_record {
    int kind;      // 0 region, 1 read, 2 store, 3 barrier, 4 error
    int thread;
    int step;
    int region;    // region id (its line); barrier: the label's number argument
    int index;     // slot; region: count; barrier: what ended the step (see below)
    int k;         // store: provenance slots (8 = overflowed); region: element bytes; error: what
    int aux;       // region: 1 shared, 0 register; error: the index; barrier: 1 = has a label
    int pad;
    double value;  // store: the value; region: byte offset
    unsigned long long text;  // region: its name; barrier: its label (generic addresses of literals)
    int src[8];    // store: provenance, (region, index) pairs
};

// The engine finds these by name and sets them before the launch (one translation unit:
// the learner's file, which includes this header once).
extern "C" {
__device__ scanviz_record* scanviz_records;
__device__ unsigned int scanviz_capacity;
__device__ unsigned int scanviz_count;
__device__ int scanviz_steps[1024];
__device__ int scanviz_accessed[1024];
__device__ unsigned long long scanviz_label[1024];
__device__ int scanviz_label_arg[1024];
}

namespace scanviz {
namespace gpu {

enum { kRegion = 0, kRead = 1, kStore = 2, kBarrier = 3, kError = 4 };
enum { kSyncThreads = 0, kSyncWarp = 1, kShfl = 2, kLabel = 3, kEnd = 4 };
enum { kMaxProvenance = 4, kOverflow = 8 };

template <class A, class B> struct same { static constexpr bool yes = false; };
template <class A> struct same<A, A> { static constexpr bool yes = true; };
template <bool C, class T = int> struct enable_if {};
template <class T> struct enable_if<true, T> { using type = T; };
template <bool C, class A, class B> struct conditional { using type = A; };
template <class A, class B> struct conditional<false, A, B> { using type = B; };
template <class T> struct arithmetic { static constexpr bool yes = false; };
template <> struct arithmetic<int> { static constexpr bool yes = true; };
template <> struct arithmetic<unsigned> { static constexpr bool yes = true; };
template <> struct arithmetic<float> { static constexpr bool yes = true; };
template <> struct arithmetic<double> { static constexpr bool yes = true; };
template <> struct arithmetic<long long> { static constexpr bool yes = true; };

struct Provenance {
    int k = 0;
    int slots[2 * kMaxProvenance] = {};
    __device__ void add(int region, int index) {
        if (k >= kMaxProvenance) { k = kOverflow; return; }
        slots[2 * k] = region;
        slots[2 * k + 1] = index;
        ++k;
    }
    __device__ void append(const Provenance& o) {
        if (o.k == kOverflow) { k = kOverflow; return; }
        for (int i = 0; i < o.k && k != kOverflow; ++i) add(o.slots[2 * i], o.slots[2 * i + 1]);
    }
};

__device__ inline int me() { return static_cast<int>(threadIdx.x); }

__device__ inline scanviz_record* next() {
    const unsigned at = atomicAdd(&scanviz_count, 1u);
    return at < scanviz_capacity ? scanviz_records + at : nullptr;
}

__device__ inline void write_read(int region, int index) {
    scanviz_accessed[me()] = 1;
    if (scanviz_record* r = next()) {
        r->kind = kRead; r->thread = me(); r->step = scanviz_steps[me()]; r->region = region; r->index = index;
    }
}

__device__ inline void write_store(int region, int index, double v, const Provenance& p) {
    scanviz_accessed[me()] = 1;
    if (scanviz_record* r = next()) {
        r->kind = kStore; r->thread = me(); r->step = scanviz_steps[me()]; r->region = region; r->index = index;
        r->value = v; r->k = p.k;
        for (int i = 0; i < 2 * kMaxProvenance; ++i) r->src[i] = p.slots[i];
    }
}

__device__ inline void write_error(int what, int region, int index) {
    if (scanviz_record* r = next()) {
        r->kind = kError; r->thread = me(); r->step = scanviz_steps[me()]; r->region = region; r->k = what;
        r->aux = index;
    }
}

__device__ inline void end_step(int kind) {
    const int t = me();
    if (scanviz_record* r = next()) {
        r->kind = kBarrier; r->thread = t; r->step = scanviz_steps[t]; r->index = kind;
        r->aux = scanviz_label[t] != 0ull; r->text = scanviz_label[t]; r->region = scanviz_label_arg[t];
    }
    scanviz_steps[t] += 1;
    scanviz_accessed[t] = 0;
    scanviz_label[t] = 0ull;
    scanviz_label_arg[t] = -1;
}

__device__ inline void declare_region(int id, const char* name, bool shared, int count, int elem_bytes,
                                      unsigned byte_offset) {
    if (me() != 0) return;  // the engine keeps one region record per id
    if (scanviz_record* r = next()) {
        r->kind = kRegion; r->thread = 0; r->region = id; r->index = count; r->k = elem_bytes;
        r->aux = shared ? 1 : 0; r->value = static_cast<double>(byte_offset);
        r->text = reinterpret_cast<unsigned long long>(name);
    }
}

}  // namespace gpu

// ---- values and their provenance ----

template <class T>
struct value {
    T v;
    gpu::Provenance p;
    __device__ value() : v() {}
    __device__ value(T x) : v(x) {}
    template <class U, typename gpu::enable_if<gpu::arithmetic<U>::yes && !gpu::same<U, T>::yes>::type = 0>
    __device__ value(U x) : v(static_cast<T>(x)) {}
    __device__ operator T() const { return v; }
    template <class X> __device__ value& operator+=(const X& o);
    template <class X> __device__ value& operator-=(const X& o);
    template <class X> __device__ value& operator*=(const X& o);
};

// A traced slot: s[i] of a SCANVIZ_SHARED array, or a SCANVIZ_REG.
template <class T>
struct slot {
    T* elem;
    int region;
    int index;
    int size;

    // An access outside the array is not made: it is recorded as an error, which ends the run.
    __device__ bool inside(int what) const {
        if (index >= 0 && index < size) return true;
        gpu::write_error(what, region, index);
        return false;
    }
    __device__ value<T> load() const {
        value<T> r;
        if (!inside(0)) return r;
        gpu::write_read(region, index);
        r.v = *elem;
        r.p.add(region, index);
        return r;
    }
    __device__ void store(const value<T>& x) const {
        if (!inside(1)) return;
        *elem = x.v;
        gpu::write_store(region, index, static_cast<double>(x.v), x.p);
    }
    __device__ operator value<T>() const { return load(); }
    __device__ operator T() const { return load().v; }
    __device__ const slot& operator=(const value<T>& x) const { store(x); return *this; }
    __device__ const slot& operator=(const slot& o) const { store(o.load()); return *this; }
    template <class U, typename gpu::enable_if<gpu::arithmetic<U>::yes>::type = 0>
    __device__ const slot& operator=(U x) const { store(value<T>(static_cast<T>(x))); return *this; }
    template <class X> __device__ const slot& operator+=(const X& o) const;
    template <class X> __device__ const slot& operator-=(const X& o) const;
    template <class X> __device__ const slot& operator*=(const X& o) const;
};

template <class T, int N, int ID>
struct shared {
    T data[N];
    __device__ slot<T> operator[](int i) { return {data + (i >= 0 && i < N ? i : 0), ID, i, N}; }
    __device__ void declare(const char* name) {
        gpu::declare_region(ID, name, true, N, static_cast<int>(sizeof(T)),
                            static_cast<unsigned>(__cvta_generic_to_shared(data)));
    }
};

template <class T, int ID>
struct reg {
    T v;
    __device__ explicit reg(const char* name) : v() {
        gpu::declare_region(ID, name, false, static_cast<int>(blockDim.x), static_cast<int>(sizeof(T)), 0u);
    }
    reg(const reg&) = delete;
    __device__ slot<T> ref() const { return {const_cast<T*>(&v), ID, gpu::me(), static_cast<int>(blockDim.x)}; }
    __device__ operator value<T>() const { return ref().load(); }
    __device__ operator T() const { return ref().load().v; }
    template <class X> __device__ reg& operator=(const X& x) { ref() = x; return *this; }
    __device__ reg& operator=(const reg& o) { ref() = o.ref().load(); return *this; }
    template <class X> __device__ reg& operator+=(const X& o) { ref() += o; return *this; }
    template <class X> __device__ reg& operator-=(const X& o) { ref() -= o; return *this; }
    template <class X> __device__ reg& operator*=(const X& o) { ref() *= o; return *this; }
};

template <class X> struct traced_of { static constexpr bool yes = false; };
template <class T> struct traced_of<value<T>> { static constexpr bool yes = true; using type = T; };
template <class T> struct traced_of<slot<T>> { static constexpr bool yes = true; using type = T; };
template <class T, int ID> struct traced_of<reg<T, ID>> { static constexpr bool yes = true; using type = T; };

template <class T, class X>
__device__ value<T> load(const X& x) {
    if constexpr (gpu::same<X, value<T>>::yes) return x;
    else if constexpr (gpu::arithmetic<X>::yes) return value<T>(static_cast<T>(x));
    else return static_cast<value<typename traced_of<X>::type>>(x);
}

template <class A, class B>
using either_traced = typename gpu::enable_if<traced_of<A>::yes || traced_of<B>::yes>::type;

template <class A, class B>
struct elem_of {
    using type = typename gpu::conditional<traced_of<A>::yes, traced_of<A>, traced_of<B>>::type::type;
};

namespace gpu {
template <class T, class A, class B, class F>
__device__ value<T> combine(const A& a, const B& b, F f) {
    value<T> x = scanviz::load<T>(a);  // left operand first: its reads come first
    value<T> y = scanviz::load<T>(b);
    value<T> r(f(x.v, y.v));
    r.p = x.p;
    r.p.append(y.p);
    return r;
}
struct Add { template <class T> __device__ T operator()(T x, T y) const { return x + y; } };
struct Sub { template <class T> __device__ T operator()(T x, T y) const { return x - y; } };
struct Mul { template <class T> __device__ T operator()(T x, T y) const { return x * y; } };
struct Max { template <class T> __device__ T operator()(T x, T y) const { return x < y ? y : x; } };
struct Min { template <class T> __device__ T operator()(T x, T y) const { return y < x ? y : x; } };
struct FMax { __device__ float operator()(float x, float y) const { return ::fmaxf(x, y); } };
struct FMin { __device__ float operator()(float x, float y) const { return ::fminf(x, y); } };
}  // namespace gpu

#define SCANVIZ_GPU_BINARY(OP, F)                                                  \
    template <class A, class B, either_traced<A, B> = 0>                           \
    __device__ value<typename elem_of<A, B>::type> operator OP(const A& a, const B& b) { \
        return gpu::combine<typename elem_of<A, B>::type>(a, b, gpu::F{});         \
    }
SCANVIZ_GPU_BINARY(+, Add)
SCANVIZ_GPU_BINARY(-, Sub)
SCANVIZ_GPU_BINARY(*, Mul)
#undef SCANVIZ_GPU_BINARY

#define SCANVIZ_GPU_COMPARE(OP)                                   \
    template <class A, class B, either_traced<A, B> = 0>          \
    __device__ bool operator OP(const A& a, const B& b) {         \
        using T = typename elem_of<A, B>::type;                   \
        return load<T>(a).v OP load<T>(b).v;                      \
    }
SCANVIZ_GPU_COMPARE(<)
SCANVIZ_GPU_COMPARE(>)
SCANVIZ_GPU_COMPARE(<=)
SCANVIZ_GPU_COMPARE(>=)
SCANVIZ_GPU_COMPARE(==)
SCANVIZ_GPU_COMPARE(!=)
#undef SCANVIZ_GPU_COMPARE

template <class A, class B, either_traced<A, B> = 0>
__device__ value<typename elem_of<A, B>::type> max(const A& a, const B& b) {
    return gpu::combine<typename elem_of<A, B>::type>(a, b, gpu::Max{});
}
template <class A, class B, either_traced<A, B> = 0>
__device__ value<typename elem_of<A, B>::type> min(const A& a, const B& b) {
    return gpu::combine<typename elem_of<A, B>::type>(a, b, gpu::Min{});
}
template <class A, class B, either_traced<A, B> = 0>
__device__ value<float> fmaxf(const A& a, const B& b) { return gpu::combine<float>(a, b, gpu::FMax{}); }
template <class A, class B, either_traced<A, B> = 0>
__device__ value<float> fminf(const A& a, const B& b) { return gpu::combine<float>(a, b, gpu::FMin{}); }

template <class T> template <class X>
__device__ value<T>& value<T>::operator+=(const X& o) { return *this = *this + o; }
template <class T> template <class X>
__device__ value<T>& value<T>::operator-=(const X& o) { return *this = *this - o; }
template <class T> template <class X>
__device__ value<T>& value<T>::operator*=(const X& o) { return *this = *this * o; }
template <class T> template <class X>
__device__ const slot<T>& slot<T>::operator+=(const X& o) const { store(*this + o); return *this; }
template <class T> template <class X>
__device__ const slot<T>& slot<T>::operator-=(const X& o) const { store(*this - o); return *this; }
template <class T> template <class X>
__device__ const slot<T>& slot<T>::operator*=(const X& o) const { store(*this * o); return *this; }

// ---- steps ----

__device__ inline void step(const char* label, int d = -1) {
    const int t = gpu::me();
    if (scanviz_accessed[t] || scanviz_label[t] != 0ull) gpu::end_step(gpu::kLabel);
    scanviz_label[t] = reinterpret_cast<unsigned long long>(label);
    scanviz_label_arg[t] = d;
}

namespace gpu {

__device__ inline void sync_threads() {
    end_step(kSyncThreads);
    __syncthreads();
}
__device__ inline void sync_warp(unsigned mask = 0xffffffffu) {
    end_step(kSyncWarp);
    __syncwarp(mask);
}

enum ShflKind { Idx, Up, Down, Xor };

__device__ inline int shfl_int(ShflKind kind, unsigned mask, int v, int arg, int width) {
    switch (kind) {
        case Up: return __shfl_up_sync(mask, v, static_cast<unsigned>(arg), width);
        case Down: return __shfl_down_sync(mask, v, static_cast<unsigned>(arg), width);
        case Xor: return __shfl_xor_sync(mask, v, arg, width);
        default: return __shfl_sync(mask, v, arg, width);
    }
}
__device__ inline float shfl_float(ShflKind kind, unsigned mask, float v, int arg, int width) {
    return __int_as_float(shfl_int(kind, mask, __float_as_int(v), arg, width));
}

// The exchange moves the value and its provenance alike: a lane the hardware gives its own
// value also keeps its own provenance.
template <class T>
__device__ value<T> shuffle(ShflKind kind, unsigned mask, const value<T>& v, int arg, int width) {
    end_step(kShfl);
    value<T> r;
    if constexpr (same<T, float>::yes) r.v = shfl_float(kind, mask, v.v, arg, width);
    else r.v = shfl_int(kind, mask, v.v, arg, width);
    r.p.k = shfl_int(kind, mask, v.p.k, arg, width);
    for (int i = 0; i < 2 * kMaxProvenance; ++i) r.p.slots[i] = shfl_int(kind, mask, v.p.slots[i], arg, width);
    return r;
}

template <class V>
__device__ auto shfl_at(ShflKind kind, unsigned mask, const V& v, int arg, int width = 32) {
    if constexpr (traced_of<V>::yes) {
        using T = typename traced_of<V>::type;
        return shuffle<T>(kind, mask, load<T>(v), arg, width);
    } else {
        return shuffle<V>(kind, mask, value<V>(v), arg, width).v;
    }
}

}  // namespace gpu
}  // namespace scanviz

// ---- CUDA's names: barriers and shuffles end steps ----

#define __syncthreads() ::scanviz::gpu::sync_threads()
#define __syncwarp(...) ::scanviz::gpu::sync_warp(__VA_ARGS__)
#define __shfl_sync(mask, v, ...) ::scanviz::gpu::shfl_at(::scanviz::gpu::Idx, mask, v, __VA_ARGS__)
#define __shfl_up_sync(mask, v, ...) ::scanviz::gpu::shfl_at(::scanviz::gpu::Up, mask, v, __VA_ARGS__)
#define __shfl_down_sync(mask, v, ...) ::scanviz::gpu::shfl_at(::scanviz::gpu::Down, mask, v, __VA_ARGS__)
#define __shfl_xor_sync(mask, v, ...) ::scanviz::gpu::shfl_at(::scanviz::gpu::Xor, mask, v, __VA_ARGS__)

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
