// The timing loop of scanviz kernel --bench and the baselines it times beside the learner's
// kernel (learner_bench.hpp): the same method as kernels/bench/bench.cu's full-occupancy rows
// (tiles of one block each in one launch, output poisoned and checked against a host scan, 3
// warm-up runs, a write of twice the L2 before each of 25 runs timed with events, the median).
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <cub/block/block_load.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>
#include <string>
#include <vector>

#include "core/models/variants.hpp"
#include "kernels/capture.cuh"
#include "kernels/cuda_check.hpp"
#include "kernels/launch.cuh"
#include "kernels/ops.cuh"
#include "kernels/registry.hpp"
#include "learner_bench.hpp"

namespace scanviz::learner {
namespace {

namespace lb = learner_bench;
using Runner = std::function<void(cudaStream_t)>;

// CUB's BlockScan as a user writes it: a tile of THREADS * ITEMS elements per block, loaded and
// stored vectorized in a blocked arrangement.
template <class ScanOp, int THREADS, int ITEMS>
__global__ void __launch_bounds__(THREADS) cub_block_scan_tiles(const typename ScanOp::value_type* in,
                                                                typename ScanOp::value_type* out, bool exclusive) {
    using T = typename ScanOp::value_type;
    using Load = cub::BlockLoad<T, THREADS, ITEMS, cub::BLOCK_LOAD_VECTORIZE>;
    using Store = cub::BlockStore<T, THREADS, ITEMS, cub::BLOCK_STORE_VECTORIZE>;
    using Scan = cub::BlockScan<T, THREADS>;
    __shared__ union {
        typename Load::TempStorage load;
        typename Store::TempStorage store;
        typename Scan::TempStorage scan;
    } temp;
    const size_t base = static_cast<size_t>(blockIdx.x) * (THREADS * ITEMS);
    T items[ITEMS];
    Load(temp.load).Load(in + base, items);
    __syncthreads();
    if (exclusive)
        Scan(temp.scan).ExclusiveScan(items, items, ScanOp::identity(), ScanOp{});
    else
        Scan(temp.scan).InclusiveScan(items, items, ScanOp{});
    __syncthreads();
    Store(temp.store).Store(out + base, items);
}

template <class ScanOp, int THREADS, int ITEMS>
Runner cub_runner_of(const void* in, void* out, long long tiles, bool exclusive, int* blocks_per_sm) {
    using T = typename ScanOp::value_type;
    const auto kernel = cub_block_scan_tiles<ScanOp, THREADS, ITEMS>;
    SCANVIZ_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks_per_sm, kernel, THREADS, 0));
    return [=](cudaStream_t s) {
        kernel<<<static_cast<unsigned>(tiles), THREADS, 0, s>>>(static_cast<const T*>(in), static_cast<T*>(out),
                                                                exclusive);
    };
}

template <class ScanOp, int THREADS>
Runner cub_items(int items, const void* in, void* out, long long tiles, bool exclusive, int* bps) {
    switch (items) {
        case 1: return cub_runner_of<ScanOp, THREADS, 1>(in, out, tiles, exclusive, bps);
        case 2: return cub_runner_of<ScanOp, THREADS, 2>(in, out, tiles, exclusive, bps);
        case 4: return cub_runner_of<ScanOp, THREADS, 4>(in, out, tiles, exclusive, bps);
        default: return {};
    }
}

// CUB's BlockScan at the file's block and items per thread, or nothing (a shape not built here).
Runner cub_runner(const RunSpec& s, const void* in, void* out, long long tiles, int* bps) {
    if (s.n % s.threads != 0) return {};
    const int items = s.n / s.threads;
    return kern::dispatch_op(s.op, s.type, [&](auto op) -> Runner {
        using Op = decltype(op);
        switch (s.threads) {
            case 32: return cub_items<Op, 32>(items, in, out, tiles, s.exclusive, bps);
            case 64: return cub_items<Op, 64>(items, in, out, tiles, s.exclusive, bps);
            case 128: return cub_items<Op, 128>(items, in, out, tiles, s.exclusive, bps);
            case 256: return cub_items<Op, 256>(items, in, out, tiles, s.exclusive, bps);
            case 512: return cub_items<Op, 512>(items, in, out, tiles, s.exclusive, bps);
            case 1024: return cub_items<Op, 1024>(items, in, out, tiles, s.exclusive, bps);
            default: return {};
        }
    });
}

// splitmix64 of (seed, index), as the bench fills its input: int32 all bits random, float32
// uniform in [-1, 1).
uint32_t input_word(size_t i, bool is_float) {
    uint64_t z = 0x5ca9b1e5ull + (i + 1) * 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    if (!is_float) return static_cast<uint32_t>(z);
    const float f = static_cast<float>(z >> 40) * (2.0f / 16777216.0f) - 1.0f;
    uint32_t w;
    std::memcpy(&w, &f, 4);
    return w;
}

// Each tile against a host scan: integers exactly (wrapping), float sums within 1e-5 of the
// running sum of magnitudes. "" or the first wrong element.
std::string check_tiles(const RunSpec& s, const std::vector<uint32_t>& in, const std::vector<uint32_t>& got) {
    const size_t tile = static_cast<size_t>(s.n);
    const bool is_float = s.type == ElemType::F32;
    for (size_t t = 0; t * tile < in.size(); ++t) {
        double acc = 0, scale = 0;
        uint32_t iacc = s.op == Op::Max ? 0x80000000u : s.op == Op::Min ? 0x7fffffffu : 0u;
        for (size_t i = 0; i < tile; ++i) {
            const size_t k = t * tile + i;
            double expect = 0, g = 0;
            bool ok = true;
            if (is_float) {
                float x, gf;
                std::memcpy(&x, &in[k], 4);
                std::memcpy(&gf, &got[k], 4);
                g = gf;
                if (s.exclusive) expect = acc;
                acc += x, scale += std::fabs(x);
                if (!s.exclusive) expect = acc;
                ok = std::fabs(g - expect) <= 1e-5 * std::max(scale, 1.0);
            } else {
                const int32_t x = static_cast<int32_t>(in[k]);
                const uint32_t before = iacc;
                const int32_t a = static_cast<int32_t>(iacc);
                iacc = s.op == Op::Max   ? static_cast<uint32_t>(std::max(a, x))
                       : s.op == Op::Min ? static_cast<uint32_t>(std::min(a, x))
                                         : iacc + static_cast<uint32_t>(x);
                const uint32_t e = s.exclusive ? before : iacc;
                ok = got[k] == e;
                expect = static_cast<int32_t>(e);
                g = static_cast<int32_t>(got[k]);
            }
            if (!ok) {
                char buf[200];
                std::snprintf(buf, sizeof buf, "tile %zu, element %zu: got %.9g, expected %.9g", t, i, g, expect);
                return buf;
            }
        }
    }
    return "";
}

struct Row {
    std::string role, name;
    int threads = 0, blocks_per_sm = 0;
    Runner run;
    std::string skip;
};

std::string shown(const Row& r) { return r.role == lb::kYours ? std::string("your kernel") : r.name; }

// The twin or block_hillis_steele at the tile: the file's block where the variant takes it, else
// the variant's own for the tile.
Row builtin_row(std::string_view role, const std::string& id, const RunSpec& given, const void* in, void* out,
                long long tiles) {
    Row r{std::string(role), id};
    const kern::KernelEntry* k = kern::find_kernel(id);
    if (!k || !k->launch_tiles) {
        r.skip = id + " does not run as independent tiles (scanviz bench has no full-occupancy row for it)";
        return r;
    }
    RunSpec spec = given;
    spec.variant = id;
    spec.items_per_thread = 0;
    auto err = validate_and_resolve(spec);
    if (err) {
        spec = given;
        spec.variant = id;
        spec.threads = 0;
        spec.items_per_thread = 0;
        err = validate_and_resolve(spec);
    }
    if (err) {
        r.skip = *err;
        return r;
    }
    r.threads = spec.threads;
    r.blocks_per_sm = k->tile_blocks_per_sm(spec);
    const auto launch = k->launch_tiles;
    r.run = [=](cudaStream_t s) { launch(spec, in, out, tiles, s); };
    return r;
}

std::vector<Row> rows_of(const TileJob& job, const LearnerLaunch& yours, const void* in, void* out, long long tiles,
                         bool one_launch_error_only) {
    std::vector<Row> rows;
    Row y{std::string(lb::kYours), "yours", job.spec.threads, job.yours_blocks_per_sm};
    y.run = [=](cudaStream_t s) {
        const std::string e = yours(s, in, out, tiles);
        if (!e.empty()) throw gpu::CudaError("your kernel failed on the GPU: " + e);
    };
    rows.push_back(std::move(y));
    if (!job.like.empty()) rows.push_back(builtin_row(lb::kLike, job.like, job.spec, in, out, tiles));
    if (one_launch_error_only) return rows;  // --profile: yours and the twin
    const std::string baseline(learner_baseline_variant());
    if (!baseline.empty() && job.like != baseline)
        rows.push_back(builtin_row(lb::kBaseline, baseline, job.spec, in, out, tiles));
    Row c{std::string(lb::kCub), "cub::BlockScan", job.spec.threads};
    c.run = cub_runner(job.spec, in, out, tiles, &c.blocks_per_sm);
    if (!c.run)
        c.skip = "CUB's BlockScan is built here for 32, 64, 128, 256, 512 or 1024 threads and 1, 2 or 4 elements "
                 "per thread";
    rows.push_back(std::move(c));
    return rows;
}

class Events {
public:
    explicit Events(size_t count) : e_(count) {
        for (auto& e : e_) SCANVIZ_CUDA_CHECK(cudaEventCreate(&e));
    }
    ~Events() {
        for (auto e : e_) cudaEventDestroy(e);
    }
    cudaEvent_t operator[](size_t i) const { return e_[i]; }

private:
    std::vector<cudaEvent_t> e_;
};

}  // namespace

std::string time_tiles(const TileJob& job, const LearnerLaunch& yours, FILE* out) try {
    const int tile = job.spec.n;
    const long long tiles = lb::kElements / tile;
    const size_t n = static_cast<size_t>(tiles) * static_cast<size_t>(tile), bytes = n * 4;
    int dev = 0;
    SCANVIZ_CUDA_CHECK(cudaGetDevice(&dev));
    cudaDeviceProp prop{};
    SCANVIZ_CUDA_CHECK(cudaGetDeviceProperties(&prop, dev));
    std::fprintf(out, "device %s\n", prop.name);
    const bool is_float = job.spec.type == ElemType::F32;
    std::vector<uint32_t> h_in(n), h_out(n);
    for (size_t i = 0; i < n; ++i) h_in[i] = input_word(i, is_float);
    kern::DeviceArray<uint32_t> d_in(n), d_out(n);
    const size_t flush_bytes = 2 * static_cast<size_t>(std::max(prop.l2CacheSize, 1 << 20));
    kern::DeviceArray<unsigned char> flush(flush_bytes);
    SCANVIZ_CUDA_CHECK(cudaMemcpy(d_in.get(), h_in.data(), bytes, cudaMemcpyHostToDevice));
    cudaStream_t s{};
    SCANVIZ_CUDA_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    Events ev(2 * lb::kRuns);
    for (const Row& r : rows_of(job, yours, d_in.get(), d_out.get(), tiles, false)) {
        if (!r.run) {
            std::fprintf(out, "skip %s %s %s\n", r.role.c_str(), r.name.c_str(), r.skip.c_str());
            continue;
        }
        // Checked run: output poisoned first, so an unwritten element cannot look right.
        SCANVIZ_CUDA_CHECK(cudaMemsetAsync(d_out.get(), kern::kPoisonByte, bytes, s));
        r.run(s);
        SCANVIZ_CUDA_CHECK(cudaGetLastError());
        SCANVIZ_CUDA_CHECK(cudaStreamSynchronize(s));
        SCANVIZ_CUDA_CHECK(cudaMemcpy(h_out.data(), d_out.get(), bytes, cudaMemcpyDeviceToHost));
        if (const std::string bad = check_tiles(job.spec, h_in, h_out); !bad.empty())
            return shown(r) + " gives a wrong output at full occupancy (" + bad +
                   "): only a right kernel is timed";
        for (int w = 0; w < lb::kWarmup; ++w) r.run(s);
        for (int k = 0; k < lb::kRuns; ++k) {
            SCANVIZ_CUDA_CHECK(cudaMemsetAsync(flush.get(), k & 0xff, flush_bytes, s));
            SCANVIZ_CUDA_CHECK(cudaEventRecord(ev[2 * k], s));
            r.run(s);
            SCANVIZ_CUDA_CHECK(cudaEventRecord(ev[2 * k + 1], s));
        }
        SCANVIZ_CUDA_CHECK(cudaGetLastError());
        SCANVIZ_CUDA_CHECK(cudaStreamSynchronize(s));
        std::fprintf(out, "row %s %s %d %d %d %lld", r.role.c_str(), r.name.c_str(), tile, r.threads, r.blocks_per_sm,
                     static_cast<long long>(n));
        for (int k = 0; k < lb::kRuns; ++k) {
            float ms = 0;
            SCANVIZ_CUDA_CHECK(cudaEventElapsedTime(&ms, ev[2 * k], ev[2 * k + 1]));
            std::fprintf(out, " %.6f", ms);
        }
        std::fputc('\n', out);
        std::fflush(out);
    }
    cudaStreamDestroy(s);
    return "";
} catch (const std::exception& e) {
    return e.what();
}

std::string launch_once(const TileJob& job, const LearnerLaunch& yours, FILE* out) try {
    const size_t n = static_cast<size_t>(job.spec.n);
    const bool is_float = job.spec.type == ElemType::F32;
    std::vector<uint32_t> h_in(n);
    for (size_t i = 0; i < n; ++i) h_in[i] = input_word(i, is_float);
    kern::DeviceArray<uint32_t> d_in(n), d_out(n);
    SCANVIZ_CUDA_CHECK(cudaMemcpy(d_in.get(), h_in.data(), n * 4, cudaMemcpyHostToDevice));
    for (const Row& r : rows_of(job, yours, d_in.get(), d_out.get(), 1, true)) {
        if (!r.run) return r.name + ": " + r.skip;
        r.run(nullptr);
        SCANVIZ_CUDA_CHECK(cudaGetLastError());
        SCANVIZ_CUDA_CHECK(cudaDeviceSynchronize());
        std::fprintf(out, "launched %s %s\n", r.role.c_str(), r.name.c_str());
    }
    return "";
} catch (const std::exception& e) {
    return e.what();
}

}  // namespace scanviz::learner
