// The benchmark harness (bench.hpp): ours, CUB, Thrust and memcpy on the same
// input, timed with CUDA events, checked against a host scan at every size.
#include <cuda_runtime.h>
#include <thrust/execution_policy.h>
#include <thrust/scan.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <ctime>
#include <cub/device/device_scan.cuh>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

#include "bench.hpp"
#include "kernels/capture.cuh"
#include "kernels/cuda_check.hpp"
#include "kernels/device/decoupled_lookback_launch.cuh"
#include "kernels/launch.cuh"

namespace scanviz::bench {
namespace {

constexpr std::string_view kOurs = "device_decoupled_lookback";

// One timed call on a stream, with whatever it owns (temp storage, workspace).
using Runner = std::function<void(cudaStream_t)>;

// The tuning candidates NOTES.md compares: int32 add only, so that the
// comparison costs a handful of instantiations.
struct Candidate {
    std::string id;
    Runner (*make)(const void* in, void* out, size_t n, bool exclusive, kern::LookbackWorkspace& ws);
};

template <class Policy>
Runner make_candidate(const void* in, void* out, size_t n, bool exclusive, kern::LookbackWorkspace& ws) {
    const int* d_in = static_cast<const int*>(in);
    int* d_out = static_cast<int*>(out);
    return [=, &ws](cudaStream_t s) {
        kern::launch_decoupled_lookback<Policy, kern::OpAdd<int>>(d_in, d_out, n, exclusive, ws, s);
    };
}

// A staged tile (shared memory, cp.async) with B blocks per SM asked of ptxas.
template <int Threads, int Items, int Blocks, bool Counter = false>
using StagedPolicy = kern::LookbackPolicy<Threads, Items, 1, Blocks, 32, 256, Counter, true>;

const std::vector<Candidate>& candidates() {
    using kern::LookbackPolicy;
    static const std::vector<Candidate> c = {
        // Run 3 (H100): the committed tuning against the ideas NOTES.md names.
        // @TxI: tile of T threads x I items; k1: one status word per lane per round;
        // s: staged in shared memory (cp.async); bB: __launch_bounds__ asks for B blocks
        // per SM; c: tile index from an atomic counter.
        {"device_decoupled_lookback@256x32k1", make_candidate<LookbackPolicy<256, 32, 1>>},
        {"device_decoupled_lookback@256x32k1c", make_candidate<LookbackPolicy<256, 32, 1, 1, 32, 256, true>>},
        {"device_decoupled_lookback@256x32sb6", make_candidate<StagedPolicy<256, 32, 6>>},
        {"device_decoupled_lookback@256x32sb6c", make_candidate<StagedPolicy<256, 32, 6, true>>},
        {"device_decoupled_lookback@128x32sb12", make_candidate<StagedPolicy<128, 32, 12>>},
        {"device_decoupled_lookback@128x32sb13", make_candidate<StagedPolicy<128, 32, 13>>},
        {"device_decoupled_lookback@128x64sb6", make_candidate<StagedPolicy<128, 64, 6>>},
        {"device_decoupled_lookback@256x24sb8", make_candidate<StagedPolicy<256, 24, 8>>},
        {"device_decoupled_lookback@128x48sb9", make_candidate<StagedPolicy<128, 48, 9>>},
    };
    return c;
}

Runner make_runner(const std::string& id, const BenchConfig& cfg, const void* in, void* out, size_t n,
                   kern::LookbackWorkspace& ws) {
    if (id == kBenchMemcpy) {
        const size_t bytes = n * 4;
        return [=](cudaStream_t s) {
            SCANVIZ_CUDA_CHECK(cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice, s));
        };
    }
    for (const auto& c : candidates()) {
        if (c.id != id) continue;
        if (cfg.type != ValueType::I32 || cfg.op != Op::Add)
            throw std::invalid_argument("tuning candidate '" + id + "' runs int32 add only");
        return c.make(in, out, n, cfg.exclusive, ws);
    }
    return kern::dispatch_value_op(cfg.type, cfg.op, [&](auto scan_op) -> Runner {
        using ScanOp = decltype(scan_op);
        using T = typename ScanOp::value_type;
        const T* d_in = static_cast<const T*>(in);
        T* d_out = static_cast<T*>(out);
        const bool excl = cfg.exclusive;
        constexpr bool kAdd = std::is_same_v<ScanOp, kern::OpAdd<T>>;
        if (id == kOurs) {
            return [=, &ws](cudaStream_t s) {
                kern::launch_decoupled_lookback<kern::LookbackTunedPolicy, ScanOp>(d_in, d_out, n, excl, ws,
                                                                                   s);
            };
        }
        if (id == kBenchCub) {
            // Temp storage sized and allocated once, outside the timed call.
            size_t temp_bytes = 0;
            auto call = [=](void* temp, size_t& bytes, cudaStream_t s) {
                if constexpr (kAdd) {
                    if (excl) return cub::DeviceScan::ExclusiveSum(temp, bytes, d_in, d_out, n, s);
                    return cub::DeviceScan::InclusiveSum(temp, bytes, d_in, d_out, n, s);
                } else {
                    if (excl)
                        return cub::DeviceScan::ExclusiveScan(temp, bytes, d_in, d_out, ScanOp{},
                                                              ScanOp::identity(), n, s);
                    return cub::DeviceScan::InclusiveScan(temp, bytes, d_in, d_out, ScanOp{}, n, s);
                }
            };
            SCANVIZ_CUDA_CHECK(call(nullptr, temp_bytes, nullptr));
            auto temp = std::make_shared<kern::DeviceArray<unsigned char>>(temp_bytes);
            return [=](cudaStream_t s) {
                size_t bytes = temp_bytes;
                SCANVIZ_CUDA_CHECK(call(temp->get(), bytes, s));
            };
        }
        if (id == kBenchThrust) {
            // Thrust as a user calls it: it allocates its own temp storage per call.
            return [=](cudaStream_t s) {
                if (excl)
                    thrust::exclusive_scan(thrust::cuda::par.on(s), d_in, d_in + n, d_out, ScanOp::identity(),
                                           ScanOp{});
                else
                    thrust::inclusive_scan(thrust::cuda::par.on(s), d_in, d_in + n, d_out, ScanOp{});
            };
        }
        throw std::invalid_argument("unknown bench variant '" + id + "'");
    });
}

// Fresh random input on the device: splitmix64 of (seed, index).
// int32/uint32: all 32 bits random (add wraps, as two's complement does);
// float32: uniform in [-1, 1), so prefix sums stay small and a lost element shows.
__global__ void fill_random(uint32_t* p, size_t n, uint64_t seed, bool as_float) {
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
         i += size_t(gridDim.x) * blockDim.x) {
        uint64_t z = seed + (i + 1) * 0x9e3779b97f4a7c15ull;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        z ^= z >> 31;
        p[i] = as_float ? __float_as_uint(static_cast<float>(z >> 40) * (2.0f / 16777216.0f) - 1.0f)
                        : static_cast<uint32_t>(z);
    }
}

// Host reference and comparison. Integers exactly (uint32 arithmetic wraps
// like the GPU's int32); float32 against a double-precision scan, within
// 1e-5 of the running sum of |x| (the scale of float summation error).
struct Reference {
    std::vector<uint32_t> out;   // integers: the exact answer
    std::vector<double> fout;    // float: double-precision answer
    std::vector<double> fscale;  // float: running sum of |x|
};

Reference host_scan(const std::vector<uint32_t>& in, ValueType type, Op op, bool exclusive) {
    Reference r;
    const size_t n = in.size();
    if (type == ValueType::F32) {
        r.fout.resize(n);
        r.fscale.resize(n);
        double acc = 0, scale = 0;
        for (size_t i = 0; i < n; ++i) {
            float f;
            std::memcpy(&f, &in[i], 4);
            if (exclusive) r.fout[i] = acc;
            acc += f;
            scale += std::fabs(f);
            if (!exclusive) r.fout[i] = acc;
            r.fscale[i] = scale;
        }
        return r;
    }
    r.out.resize(n);
    auto apply = [&](uint32_t a, uint32_t b) -> uint32_t {
        if (op == Op::Add) return a + b;
        if (type == ValueType::I32) {
            const int32_t x = static_cast<int32_t>(a), y = static_cast<int32_t>(b);
            return static_cast<uint32_t>(op == Op::Max ? std::max(x, y) : std::min(x, y));
        }
        return op == Op::Max ? std::max(a, b) : std::min(a, b);
    };
    uint32_t id = 0;
    if (op == Op::Max) id = type == ValueType::I32 ? 0x80000000u : 0u;
    if (op == Op::Min) id = type == ValueType::I32 ? 0x7fffffffu : 0xffffffffu;
    uint32_t acc = id;
    for (size_t i = 0; i < n; ++i) {
        if (exclusive) r.out[i] = acc;
        acc = apply(acc, in[i]);
        if (!exclusive) r.out[i] = acc;
    }
    return r;
}

// Empty when right; else the first wrong element.
std::string compare(const Reference& ref, const std::vector<uint32_t>& got, ValueType type) {
    for (size_t i = 0; i < got.size(); ++i) {
        if (type == ValueType::F32) {
            float f;
            std::memcpy(&f, &got[i], 4);
            const double tol = 1e-5 * ref.fscale[i] + 1e-5;
            if (!(std::fabs(f - ref.fout[i]) <= tol))
                return "element " + std::to_string(i) + ": got " + std::to_string(f) + ", expected " +
                       std::to_string(ref.fout[i]);
        } else if (got[i] != ref.out[i]) {
            return "element " + std::to_string(i) + ": got " + std::to_string(got[i]) + ", expected " +
                   std::to_string(ref.out[i]) + " (as uint32 bits)";
        }
    }
    return {};
}

std::string now_iso() {
    char buf[32];
    const std::time_t now = std::time(nullptr);
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
    return buf;
}

class Stream {
public:
    Stream() { SCANVIZ_CUDA_CHECK(cudaStreamCreateWithFlags(&s_, cudaStreamNonBlocking)); }
    ~Stream() { cudaStreamDestroy(s_); }
    Stream(const Stream&) = delete;
    Stream& operator=(const Stream&) = delete;
    cudaStream_t get() const { return s_; }

private:
    cudaStream_t s_{};
};

class Events {
public:
    explicit Events(int count) : e_(static_cast<size_t>(count)) {
        for (auto& e : e_) SCANVIZ_CUDA_CHECK(cudaEventCreate(&e));
    }
    ~Events() {
        for (auto e : e_)
            if (e) cudaEventDestroy(e);
    }
    Events(const Events&) = delete;
    Events& operator=(const Events&) = delete;
    cudaEvent_t operator[](size_t i) const { return e_[i]; }

private:
    std::vector<cudaEvent_t> e_;
};

}  // namespace

std::vector<std::string> bench_variants() {
    std::vector<std::string> v = {std::string(kOurs), std::string(kBenchCub), std::string(kBenchThrust),
                                  std::string(kBenchMemcpy)};
    for (const auto& c : candidates()) v.push_back(c.id);
    return v;
}

std::vector<std::string> default_bench_variants() {
    return {std::string(kOurs), std::string(kBenchCub), std::string(kBenchThrust), std::string(kBenchMemcpy)};
}

BenchReport run_bench(const BenchConfig& cfg, const ProgressFn& progress) {
    if (cfg.runs < 1) throw std::invalid_argument("bench: runs must be >= 1");
    const auto known = bench_variants();
    for (const auto& v : cfg.variants)
        if (std::find(known.begin(), known.end(), v) == known.end())
            throw std::invalid_argument("unknown bench variant '" + v + "'");
    if (cfg.type == ValueType::F32 && cfg.op != Op::Add)
        throw std::invalid_argument("float32 scans take only add");

    int dev = 0;
    SCANVIZ_CUDA_CHECK(cudaGetDevice(&dev));
    cudaDeviceProp prop{};
    SCANVIZ_CUDA_CHECK(cudaGetDeviceProperties(&prop, dev));
    int driver = 0, runtime = 0;
    SCANVIZ_CUDA_CHECK(cudaDriverGetVersion(&driver));
    SCANVIZ_CUDA_CHECK(cudaRuntimeGetVersion(&runtime));
    BenchReport rep;
    rep.meta.device = prop.name;
    rep.meta.driver = "CUDA " + std::to_string(driver / 1000) + "." + std::to_string((driver % 1000) / 10);
    rep.meta.runtime = std::to_string(runtime / 1000) + "." + std::to_string((runtime % 1000) / 10);
    rep.meta.date = now_iso();

    Stream stream;
    const cudaStream_t s = stream.get();
    // Written before every timed run: twice the L2, so no run finds the last one's data in L2.
    const size_t flush_bytes = 2 * static_cast<size_t>(std::max(prop.l2CacheSize, 1 << 20));
    kern::DeviceArray<unsigned char> flush(flush_bytes);
    kern::LookbackWorkspace ws;
    Events ev(2 * cfg.runs);

    const int total = static_cast<int>(cfg.sizes.size() * cfg.variants.size());
    int done = 0;
    for (size_t si = 0; si < cfg.sizes.size(); ++si) {
        const int64_t n64 = cfg.sizes[si];
        if (n64 <= 0) throw std::invalid_argument("bench: sizes must be positive");
        const size_t n = static_cast<size_t>(n64);
        size_t free_bytes = 0, total_bytes = 0;
        SCANVIZ_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
        if (2 * n * 4 + (64u << 20) > free_bytes)
            throw std::invalid_argument("bench: n = " + std::to_string(n) + " needs " +
                                        std::to_string(2 * n * 4) + " bytes; the device has " +
                                        std::to_string(free_bytes) + " free");
        kern::DeviceArray<uint32_t> d_in(n), d_out(n);
        // Fresh input for this size; every variant scans the same one.
        fill_random<<<1024, 256, 0, s>>>(d_in.get(), n, cfg.seed * 0x100000001b3ull + si * 7919 + 1,
                                         cfg.type == ValueType::F32);
        SCANVIZ_CUDA_CHECK(cudaGetLastError());
        SCANVIZ_CUDA_CHECK(cudaStreamSynchronize(s));
        const auto h_in = d_in.download();
        const Reference ref = host_scan(h_in, cfg.type, cfg.op, cfg.exclusive);

        for (const auto& id : cfg.variants) {
            if (progress) progress(done, total, id + " n=" + std::to_string(n));
            Runner run = make_runner(id, cfg, d_in.get(), d_out.get(), n, ws);
            // Checked run: output poisoned first, so an unwritten element cannot look right.
            auto checked_run = [&](const char* when) {
                SCANVIZ_CUDA_CHECK(cudaMemsetAsync(d_out.get(), kern::kPoisonByte, n * 4, s));
                run(s);
                SCANVIZ_CUDA_CHECK(cudaGetLastError());
                SCANVIZ_CUDA_CHECK(cudaStreamSynchronize(s));
                const auto got = d_out.download();
                const std::string bad = id == kBenchMemcpy
                                            ? (got == h_in ? "" : "the copy differs from the input")
                                            : compare(ref, got, cfg.type);
                if (!bad.empty())
                    throw std::runtime_error("bench: " + id + " at n = " + std::to_string(n) + " is wrong " +
                                             when + ": " + bad);
            };
            checked_run("on its first run");
            for (int w = 0; w < cfg.warmup; ++w) run(s);
            for (int r = 0; r < cfg.runs; ++r) {
                SCANVIZ_CUDA_CHECK(cudaMemsetAsync(flush.get(), r & 0xff, flush_bytes, s));
                SCANVIZ_CUDA_CHECK(cudaEventRecord(ev[2 * r], s));
                run(s);
                SCANVIZ_CUDA_CHECK(cudaEventRecord(ev[2 * r + 1], s));
            }
            SCANVIZ_CUDA_CHECK(cudaGetLastError());
            SCANVIZ_CUDA_CHECK(cudaStreamSynchronize(s));
            // Once more after the timed runs: a launch that reuses the workspace (status words of
            // earlier launches still there) must be as right as the first.
            checked_run("after the timed runs");
            std::vector<double> ms(static_cast<size_t>(cfg.runs));
            for (int r = 0; r < cfg.runs; ++r) {
                float t = 0;
                SCANVIZ_CUDA_CHECK(cudaEventElapsedTime(&t, ev[2 * r], ev[2 * r + 1]));
                ms[static_cast<size_t>(r)] = t;
            }
            std::sort(ms.begin(), ms.end());
            BenchResult row;
            row.variant = id;
            row.n = n64;
            row.type = cfg.type;
            row.op = cfg.op;
            row.exclusive = cfg.exclusive;
            row.bytes = static_cast<int64_t>(2 * n * 4);
            row.runs = cfg.runs;
            row.median_ms =
                cfg.runs % 2 ? ms[ms.size() / 2] : 0.5 * (ms[ms.size() / 2 - 1] + ms[ms.size() / 2]);
            row.min_ms = ms.front();
            row.checked = true;
            rep.rows.push_back(std::move(row));
            ++done;
        }
    }
    if (progress) progress(done, total, "done");
    compute_ratios(rep.rows);
    return rep;
}

}  // namespace scanviz::bench
