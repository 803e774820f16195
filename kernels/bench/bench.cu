// The benchmark harness (bench.hpp): ours, CUB, Thrust and memcpy on the same
// input, timed with CUDA events, checked against a host scan at every size.
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <ctime>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "bench.hpp"
#include "bench_runners.cuh"
#include "copy.cuh"
#include "core/models/variants.hpp"
#include "core/trace/host_scan.hpp"
#include "kernels/launch.cuh"
#include "kernels/registry.hpp"

namespace scanviz::bench {
namespace {

std::vector<Candidate>& candidate_registry() {
    static std::vector<Candidate> registry;
    return registry;
}

const Candidate* find_candidate(const std::string& id) {
    for (const auto& c : candidates())
        if (c.id == id) return &c;
    return nullptr;
}

Runner make_runner(const std::string& id, LookbackTuningId tuning, ValueType type, Op op, bool exclusive,
                   const void* in, void* out, size_t n, kern::LookbackWorkspace& ws) {
    if (const kern::KernelEntry* k = kern::find_kernel(id); k && k->launch_whole) {  // a multi-pass scan
        RunSpec spec;
        spec.variant = id;
        spec.op = op;
        spec.type = type == ValueType::F32 ? ElemType::F32 : ElemType::I32;
        spec.exclusive = exclusive;
        const auto launch = k->launch_whole;
        return [=](cudaStream_t s) { launch(spec, in, out, static_cast<long long>(n), s); };
    }
    if (id == kBenchMemcpy) {
        const size_t bytes = n * static_cast<size_t>(value_type_bytes(type));
        return [=](cudaStream_t s) {
            SCANVIZ_CUDA_CHECK(cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice, s));
        };
    }
    if (id == kBenchCopy) {
        const size_t bytes = n * static_cast<size_t>(value_type_bytes(type));
        return [=](cudaStream_t s) { launch_copy(in, out, bytes, s); };
    }
    for (const auto& c : candidates()) {
        if (c.id != id) continue;
        if (type != c.type || op != c.op)
            throw std::invalid_argument("tuning candidate '" + id + "' runs " + std::string(to_string(c.type)) +
                                        " " + std::string(to_string(c.op)) + " only (--types, --ops)");
        return c.make(in, out, n, exclusive, ws);
    }
    return kern::dispatch_value_op(type, op, [&](auto scan_op) {
        return make_op_runner<decltype(scan_op)>(id, tuning, exclusive, in, out, n, ws);
    });
}

// Fresh random input on the device: splitmix64 of (seed, index).
// Integers: all bits random (add wraps, as two's complement does); floats:
// uniform in [-1, 1), so prefix sums stay small and a lost element shows.
__global__ void fill_random(unsigned char* p, size_t n, uint64_t seed, ValueType type) {
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
         i += size_t(gridDim.x) * blockDim.x) {
        uint64_t z = seed + (i + 1) * 0x9e3779b97f4a7c15ull;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        z ^= z >> 31;
        switch (type) {
            case ValueType::F32:
                reinterpret_cast<float*>(p)[i] = static_cast<float>(z >> 40) * (2.0f / 16777216.0f) - 1.0f;
                break;
            case ValueType::F64:
                reinterpret_cast<double*>(p)[i] =
                    static_cast<double>(z >> 11) * (2.0 / 9007199254740992.0) - 1.0;
                break;
            case ValueType::I64:
                reinterpret_cast<uint64_t*>(p)[i] = z;
                break;
            default:
                reinterpret_cast<uint32_t*>(p)[i] = static_cast<uint32_t>(z);
                break;
        }
    }
}

// Host reference, computed alongside the comparison (no copy of the answer is kept).
// Integers exactly (unsigned arithmetic wraps like the GPU's two's complement); max and
// min exactly for floats too; float sums against a double-double (compensated) scan:
// the error of element i is |got - ref| / sum_{j<=i} |x_j| (the scale of summation
// error), and it must stay within kTol (float32 1e-5, float64 1e-12).
struct Check {
    std::string problem;  // empty when right: else the first wrong element
    double max_err = 0;
};

// a + b exactly as hi + lo (Knuth's TwoSum).
inline void two_sum(double a, double b, double& s, double& e) {
    s = a + b;
    const double bb = s - a;
    e = (a - (s - bb)) + (b - bb);
}

template <class T>
Check check_scan(const unsigned char* in_bytes, const unsigned char* got_bytes, size_t n, Op op,
                 bool exclusive) {
    const T* in = reinterpret_cast<const T*>(in_bytes);
    const T* got = reinterpret_cast<const T*>(got_bytes);
    Check c;
    auto wrong = [&](size_t i, double g, double e) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "element %zu: got %.17g, expected %.17g", i, g, e);
        c.problem = buf;
    };
    if constexpr (std::is_floating_point_v<T>) {
        if (op == Op::Add) {
            constexpr double kTol = sizeof(T) == 4 ? 1e-5 : 1e-12;
            double hi = 0, lo = 0, scale = 0;
            for (size_t i = 0; i < n; ++i) {
                const double x = static_cast<double>(in[i]);
                if (!exclusive) {
                    double s, e;
                    two_sum(hi, x, s, e);
                    hi = s, lo += e;
                    scale += std::fabs(x);
                }
                const double ref = hi + lo;
                const double g = static_cast<double>(got[i]);
                const double err = std::fabs(g - ref) / (scale > 0 ? scale : 1.0);
                if (!(err <= kTol)) {  // NaN fails too
                    wrong(i, g, ref);
                    c.max_err = std::isfinite(err) ? std::max(c.max_err, err) : err;
                    return c;
                }
                c.max_err = std::max(c.max_err, err);
                if (exclusive) {
                    double s, e;
                    two_sum(hi, x, s, e);
                    hi = s, lo += e;
                    scale += std::fabs(x);
                }
            }
            return c;
        }
    }
    // Exact: integers (wrapping add through the unsigned type) and max/min.
    T acc = host_identity<T>(op);
    for (size_t i = 0; i < n; ++i) {
        const T prev = acc;
        acc = host_combine(op, acc, in[i]);
        const T expect = exclusive ? prev : acc;
        if (std::memcmp(&got[i], &expect, sizeof(T)) != 0) {
            wrong(i, static_cast<double>(got[i]), static_cast<double>(expect));
            return c;
        }
    }
    return c;
}

Check check_output(ValueType type, const unsigned char* in, const unsigned char* got, size_t n, Op op,
                   bool exclusive) {
    switch (type) {
        case ValueType::U32:
            return check_scan<uint32_t>(in, got, n, op, exclusive);
        case ValueType::F32:
            return check_scan<float>(in, got, n, op, exclusive);
        case ValueType::I64:
            return check_scan<int64_t>(in, got, n, op, exclusive);
        case ValueType::F64:
            return check_scan<double>(in, got, n, op, exclusive);
        case ValueType::I32:
        default:
            return check_scan<int32_t>(in, got, n, op, exclusive);
    }
}

// Page-locked host memory, grown as needed and kept: a 2 GiB output comes back in a
// tenth of a second, not a second (the checks, not the timed runs, bound how long a
// benchmark of every type at 2^28 takes).
class PinnedBuffer {
public:
    PinnedBuffer() = default;
    ~PinnedBuffer() {
        if (p_) cudaFreeHost(p_);
    }
    PinnedBuffer(const PinnedBuffer&) = delete;
    PinnedBuffer& operator=(const PinnedBuffer&) = delete;
    const unsigned char* fetch(const void* device, size_t bytes) {
        if (bytes > size_) {
            if (p_) SCANVIZ_CUDA_CHECK(cudaFreeHost(p_));
            p_ = nullptr;
            SCANVIZ_CUDA_CHECK(cudaMallocHost(&p_, bytes));
            size_ = bytes;
        }
        SCANVIZ_CUDA_CHECK(cudaMemcpy(p_, device, bytes, cudaMemcpyDeviceToHost));
        return static_cast<const unsigned char*>(p_);
    }

private:
    void* p_ = nullptr;
    size_t size_ = 0;
};

// Counts the bytes where a and b differ (the two checked runs of one case).
__global__ void count_differences(const uint4* a, const uint4* b, size_t vecs, const unsigned char* ta,
                                  const unsigned char* tb, size_t tail, unsigned long long* count) {
    unsigned long long c = 0;
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < vecs;
         i += size_t(gridDim.x) * blockDim.x) {
        const uint4 x = a[i], y = b[i];
        c += (x.x != y.x) + (x.y != y.y) + (x.z != y.z) + (x.w != y.w);
    }
    if (blockIdx.x == 0 && threadIdx.x == 0)
        for (size_t i = 0; i < tail; ++i) c += ta[i] != tb[i];
    if (c) atomicAdd(count, c);
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

std::string case_name(const std::string& id, ValueType type, Op op, bool exclusive, size_t n) {
    std::string s = id + " " + std::string(to_string(type));
    if (!is_copy_row(id)) s += " " + std::string(to_string(op)) + (exclusive ? " exclusive" : " inclusive");
    return s + " n=" + std::to_string(n);
}

}  // namespace

const std::vector<Candidate>& candidates() { return candidate_registry(); }

CandidateRegistration::CandidateRegistration(std::vector<Candidate> list) {
    for (auto& c : list) candidate_registry().push_back(std::move(c));
}

std::vector<std::string> bench_variants() {
    std::vector<std::string> v = default_bench_variants();
    for (const auto& c : candidates()) v.push_back(c.id);
    return v;
}

std::vector<std::string> default_bench_variants() {
    std::vector<std::string> v = {std::string(our_scan()), std::string(kBenchCub), std::string(kBenchThrust),
                                  std::string(kBenchMemcpy), std::string(kBenchCopy)};
    for (auto& t : multipass_bench_variants()) v.push_back(std::move(t));
    for (auto& t : tile_bench_variants()) v.push_back(std::move(t));
    return v;
}

std::vector<std::string> multipass_bench_variants() {
    std::vector<std::string> v;
    for (const auto& k : kern::registered_kernels())
        if (k.launch_whole) v.emplace_back(k.id);
    return v;
}

std::vector<std::string> tile_bench_variants() {
    std::vector<std::string> v;
    for (const auto& k : kern::registered_kernels())
        if (k.launch_tiles) v.emplace_back(k.id);
    return v;
}

LookbackDeviceFacts current_device_facts() {
    int dev = 0;
    SCANVIZ_CUDA_CHECK(cudaGetDevice(&dev));
    cudaDeviceProp prop{};
    SCANVIZ_CUDA_CHECK(cudaGetDeviceProperties(&prop, dev));
    int mem_khz = 0, optin = 0, per_sm = 0, reserved = 0;
    SCANVIZ_CUDA_CHECK(cudaDeviceGetAttribute(&mem_khz, cudaDevAttrMemoryClockRate, dev));
    SCANVIZ_CUDA_CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
    SCANVIZ_CUDA_CHECK(cudaDeviceGetAttribute(&per_sm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, dev));
    SCANVIZ_CUDA_CHECK(cudaDeviceGetAttribute(&reserved, cudaDevAttrReservedSharedMemoryPerBlock, dev));
    LookbackDeviceFacts f;
    f.name = prop.name;
    f.sms = prop.multiProcessorCount;
    f.l2_bytes = prop.l2CacheSize;
    // Peak DRAM bandwidth: two transfers per memory clock over the bus.
    f.dram_gbps = 2.0 * mem_khz * 1e3 * (prop.memoryBusWidth / 8.0) / 1e9;
    f.smem_per_block_optin = optin;
    f.smem_per_sm = per_sm;
    f.smem_reserved_per_block = reserved;
    return f;
}

BenchReport run_bench(const BenchConfig& cfg, const ProgressFn& progress) {
    if (cfg.runs < 1) throw std::invalid_argument("bench: runs must be >= 1");
    if (cfg.types.empty() || cfg.ops.empty() || cfg.modes.empty() || cfg.sizes.empty() ||
        cfg.variants.empty())
        throw std::invalid_argument("bench: nothing to run (no type, op, mode, size or variant)");
    const auto known = bench_variants();
    for (const auto& v : cfg.variants)
        if (std::find(known.begin(), known.end(), v) == known.end())
            throw std::invalid_argument("unknown bench variant '" + v + "'");

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
    const LookbackDeviceFacts facts = current_device_facts();
    const LookbackPolicyChoice choice = choose_lookback_policy(facts, cfg.policy);
    rep.meta.policy = describe(choice);

    Stream stream;
    const cudaStream_t s = stream.get();
    {  // The multi-pass scans take their tile sums from the stream-ordered pool: keep what a run frees
       // for the next, so that no timed run pays for an allocation.
        cudaMemPool_t pool{};
        SCANVIZ_CUDA_CHECK(cudaDeviceGetDefaultMemPool(&pool, dev));
        uint64_t keep = UINT64_MAX;
        SCANVIZ_CUDA_CHECK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep));
    }
    // Written before every timed run: twice the L2, so no run finds the last one's data in L2.
    const size_t flush_bytes = 2 * static_cast<size_t>(std::max(prop.l2CacheSize, 1 << 20));
    kern::DeviceArray<unsigned char> flush(flush_bytes);
    kern::LookbackWorkspace ws;
    Events ev(2 * cfg.runs);

    // The cases, in order: per size, per type, per op and mode, each variant (memcpy once per
    // size and type).
    struct Case {
        size_t si;  // index in cfg.sizes; cfg.sizes.size() for the tile rows (cfg.tile_elements)
        ValueType type;
        Op op;
        bool exclusive;
        std::string id;
        int tile = 0;         // a tile row: its tile size (0: a whole-array row)
        RunSpec tile_spec{};  // a tile row: the variant's resolved run on one tile (n = the tile)
    };
    const auto tile_ids = tile_bench_variants();
    const auto whole_ids = multipass_bench_variants();
    auto is_tile_variant = [&](const std::string& id) {
        return std::find(tile_ids.begin(), tile_ids.end(), id) != tile_ids.end();
    };
    std::vector<Case> cases;
    for (size_t si = 0; si < cfg.sizes.size(); ++si)
        for (const ValueType type : cfg.types) {
            bool memcpy_done = false, copy_done = false;
            for (const Op op : cfg.ops)
                for (const bool ex : cfg.modes)
                    for (const auto& id : cfg.variants) {
                        if (is_tile_variant(id)) continue;  // below, at cfg.tile_elements
                        if (is_copy_row(id)) {  // once per size and type
                            bool& done_once = id == kBenchMemcpy ? memcpy_done : copy_done;
                            if (done_once) continue;
                            done_once = true;
                        }
                        // The multi-pass scans run int32 (add, max, min) and float32 add.
                        if (std::find(whole_ids.begin(), whole_ids.end(), id) != whole_ids.end() &&
                            !(type == ValueType::I32 || (type == ValueType::F32 && op == Op::Add)))
                            continue;
                        // A tuning candidate runs its one type and operator, and is left out of the others.
                        if (const Candidate* cand = find_candidate(id);
                            cand && (cand->type != type || cand->op != op))
                            continue;
                        cases.push_back({si, type, op, ex, id});
                    }
        }
    // The block and warp variants at full occupancy: int32 (every op) and float32 (add), per tile.
    const size_t tile_si = cfg.sizes.size();
    bool any_tile = false;
    for (const ValueType type : cfg.types) {
        if (type != ValueType::I32 && type != ValueType::F32) continue;
        bool memcpy_done = std::find(cfg.sizes.begin(), cfg.sizes.end(), cfg.tile_elements) != cfg.sizes.end();
        for (const Op op : cfg.ops) {
            if (type == ValueType::F32 && op != Op::Add) continue;
            for (const bool ex : cfg.modes)
                for (const auto& id : cfg.variants) {
                    if (!is_tile_variant(id)) continue;
                    const bool warp = find_variant(id)->level == Level::Warp;
                    for (const int tile : warp ? std::vector<int>{32} : cfg.tiles) {
                        RunSpec spec;
                        spec.variant = id;
                        spec.n = tile;
                        spec.op = op;
                        spec.type = type == ValueType::F32 ? ElemType::F32 : ElemType::I32;
                        spec.exclusive = ex;
                        if (validate_and_resolve(spec)) continue;  // a tile this variant does not take
                        if (cfg.tile_elements % tile != 0)
                            throw std::invalid_argument("bench: " + std::to_string(cfg.tile_elements) +
                                                        " elements are not a whole number of tiles of " +
                                                        std::to_string(tile));
                        if (!memcpy_done &&
                            std::find(cfg.variants.begin(), cfg.variants.end(), kBenchMemcpy) != cfg.variants.end()) {
                            cases.push_back({tile_si, type, op, ex, std::string(kBenchMemcpy)});
                            memcpy_done = true;
                        }
                        cases.push_back({tile_si, type, op, ex, id, tile, spec});
                        any_tile = true;
                    }
                }
        }
    }
    for (const auto& id : cfg.variants)
        if (is_tile_variant(id) && !any_tile)
            throw std::invalid_argument("bench: " + id +
                                        " runs int32 or float32 add at full occupancy: add i32 or f32 to --types");
    for (const auto& id : cfg.variants) {
        const Candidate* cand = find_candidate(id);
        if (cand && std::none_of(cases.begin(), cases.end(), [&](const Case& c) { return c.id == id; }))
            throw std::invalid_argument("tuning candidate '" + id + "' runs " + std::string(to_string(cand->type)) +
                                        " " + std::string(to_string(cand->op)) +
                                        " only: add them to --types and --ops");
    }

    const int total = static_cast<int>(cases.size());
    int done = 0;
    size_t cur_si = static_cast<size_t>(-1);
    ValueType cur_type{};
    kern::DeviceArray<unsigned char> d_in, d_out, d_first;
    kern::DeviceArray<uint64_t> d_count(1);
    std::vector<unsigned char> h_in;
    PinnedBuffer pinned;
    for (const Case& c : cases) {
        const bool tiled = c.tile > 0;
        const int64_t n64 = c.si == tile_si ? cfg.tile_elements : cfg.sizes[c.si];
        if (n64 <= 0) throw std::invalid_argument("bench: sizes must be positive");
        const size_t n = static_cast<size_t>(n64);
        const size_t bytes = n * static_cast<size_t>(value_type_bytes(c.type));
        if (c.si != cur_si || c.type != cur_type) {
            // Fresh input for this size and type; every op, mode and variant scans the same one.
            d_in = {}, d_out = {}, d_first = {};
            size_t free_bytes = 0, total_bytes = 0;
            SCANVIZ_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
            if (3 * bytes + (64u << 20) > free_bytes)
                throw std::invalid_argument("bench: n = " + std::to_string(n) + " of " +
                                            std::string(to_string(c.type)) + " needs " +
                                            std::to_string(3 * bytes) + " bytes; the device has " +
                                            std::to_string(free_bytes) + " free");
            d_in = kern::DeviceArray<unsigned char>(bytes);
            d_out = kern::DeviceArray<unsigned char>(bytes);
            d_first = kern::DeviceArray<unsigned char>(bytes);
            fill_random<<<1024, 256, 0, s>>>(d_in.get(), n, cfg.seed * 0x100000001b3ull + c.si * 7919 + 1,
                                             c.type);
            SCANVIZ_CUDA_CHECK(cudaGetLastError());
            SCANVIZ_CUDA_CHECK(cudaStreamSynchronize(s));
            const unsigned char* p = pinned.fetch(d_in.get(), bytes);
            h_in.assign(p, p + bytes);
            cur_si = c.si;
            cur_type = c.type;
        }
        const std::string what = case_name(c.id, c.type, c.op, c.exclusive, n) +
                                 (tiled ? " in tiles of " + std::to_string(c.tile_spec.n) : "");
        if (progress) progress(done, total, what);
        Runner run;
        const kern::KernelEntry* kernel = tiled ? kern::find_kernel(c.id) : nullptr;
        if (tiled) {
            const RunSpec spec = c.tile_spec;
            const long long tiles = static_cast<long long>(n64 / spec.n);
            const void* in = d_in.get();
            void* out = d_out.get();
            run = [=](cudaStream_t st) { kernel->launch_tiles(spec, in, out, tiles, st); };
        } else {
            const LookbackTuningId tuning =
                lookback_tuning_for(*choice.policy, n64, value_type_bytes(c.type), facts.l2_bytes,
                                    is_float(c.type) && (c.op == Op::Max || c.op == Op::Min));
            run = make_runner(c.id, tuning, c.type, c.op, c.exclusive, d_in.get(), d_out.get(), n, ws);
        }
        // Checked run: output poisoned first, so an unwritten element cannot look right.
        SCANVIZ_CUDA_CHECK(cudaMemsetAsync(d_out.get(), kern::kPoisonByte, bytes, s));
        run(s);
        SCANVIZ_CUDA_CHECK(cudaGetLastError());
        SCANVIZ_CUDA_CHECK(cudaStreamSynchronize(s));
        double max_err = 0;
        {
            const unsigned char* got = pinned.fetch(d_out.get(), bytes);
            std::string bad;
            if (is_copy_row(c.id)) {
                bad = std::memcmp(got, h_in.data(), bytes) == 0 ? "" : "the copy differs from the input";
            } else if (tiled) {  // each tile is a scan of its own
                const size_t tile = static_cast<size_t>(c.tile_spec.n);
                const size_t tile_bytes = tile * static_cast<size_t>(value_type_bytes(c.type));
                for (size_t t = 0; t < n / tile && bad.empty(); ++t) {
                    const Check k = check_output(c.type, h_in.data() + t * tile_bytes, got + t * tile_bytes, tile,
                                                 c.op, c.exclusive);
                    if (!k.problem.empty()) bad = "tile " + std::to_string(t) + ", " + k.problem;
                    max_err = std::max(max_err, k.max_err);
                }
            } else {
                const Check k = check_output(c.type, h_in.data(), got, n, c.op, c.exclusive);
                bad = k.problem;
                max_err = k.max_err;
            }
            if (!bad.empty())
                throw std::runtime_error("bench: " + what + " is wrong on its first run: " + bad);
        }
        SCANVIZ_CUDA_CHECK(cudaMemcpyAsync(d_first.get(), d_out.get(), bytes, cudaMemcpyDeviceToDevice, s));
        for (int w = 0; w < cfg.warmup; ++w) run(s);
        for (int r = 0; r < cfg.runs; ++r) {
            SCANVIZ_CUDA_CHECK(cudaMemsetAsync(flush.get(), r & 0xff, flush_bytes, s));
            SCANVIZ_CUDA_CHECK(cudaEventRecord(ev[2 * r], s));
            run(s);
            SCANVIZ_CUDA_CHECK(cudaEventRecord(ev[2 * r + 1], s));
        }
        SCANVIZ_CUDA_CHECK(cudaGetLastError());
        // Once more after the timed runs, output poisoned again: a launch that reuses the
        // workspace (status words of earlier launches still there) must give the first
        // run's bits (integers: the right answer again; floats: the same order of additions).
        SCANVIZ_CUDA_CHECK(cudaMemsetAsync(d_out.get(), kern::kPoisonByte, bytes, s));
        run(s);
        SCANVIZ_CUDA_CHECK(cudaMemsetAsync(d_count.get(), 0, sizeof(unsigned long long), s));
        count_differences<<<1024, 256, 0, s>>>(
            reinterpret_cast<const uint4*>(d_first.get()), reinterpret_cast<const uint4*>(d_out.get()),
            bytes / 16, d_first.get() + bytes / 16 * 16, d_out.get() + bytes / 16 * 16, bytes % 16,
            reinterpret_cast<unsigned long long*>(d_count.get()));
        SCANVIZ_CUDA_CHECK(cudaGetLastError());
        SCANVIZ_CUDA_CHECK(cudaStreamSynchronize(s));
        unsigned long long differing = 0;
        SCANVIZ_CUDA_CHECK(cudaMemcpy(&differing, d_count.get(), sizeof differing, cudaMemcpyDeviceToHost));
        // Integers and max/min have one right answer: a difference is an error, not a float order.
        const bool exact = !is_float(c.type) || c.op != Op::Add || is_copy_row(c.id);
        if (differing && exact)
            throw std::runtime_error("bench: " + what + " is wrong after the timed runs: " +
                                     std::to_string(differing) + " words differ from its first run");
        std::vector<double> ms(static_cast<size_t>(cfg.runs));
        for (int r = 0; r < cfg.runs; ++r) {
            float t = 0;
            SCANVIZ_CUDA_CHECK(cudaEventElapsedTime(&t, ev[2 * r], ev[2 * r + 1]));
            ms[static_cast<size_t>(r)] = t;
        }
        std::sort(ms.begin(), ms.end());
        BenchResult row;
        row.variant = c.id;
        row.n = n64;
        row.type = c.type;
        row.op = c.op;
        row.exclusive = c.exclusive;
        row.bytes = static_cast<int64_t>(2 * bytes);
        row.runs = cfg.runs;
        row.median_ms = cfg.runs % 2 ? ms[ms.size() / 2] : 0.5 * (ms[ms.size() / 2 - 1] + ms[ms.size() / 2]);
        row.min_ms = ms.front();
        row.max_ms = ms.back();
        if (tiled) {
            row.tile = c.tile_spec.n;
            row.threads = c.tile_spec.threads;
            row.blocks_per_sm = kernel->tile_blocks_per_sm(c.tile_spec);
        }
        row.checked = true;
        row.max_err = max_err;
        row.repeatable = differing == 0 ? 1 : 0;
        rep.rows.push_back(std::move(row));
        ++done;
    }
    if (progress) progress(done, total, "done");
    compute_ratios(rep.rows);
    return rep;
}

}  // namespace scanviz::bench
