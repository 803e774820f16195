// The race lab's measurement: fresh inputs per launch, the check against a
// sequential scan, the example of a wrong output, and the dispatch by variant
// (its kernel registry entry names its race kernels).
#include <algorithm>
#include <fstream>
#include <sstream>
#include <vector>

#include "../registry.hpp"
#include "race_common.cuh"

namespace scanviz::kern::race {
namespace {

__host__ __device__ uint32_t mix(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    x ^= x >> 33;
    return static_cast<uint32_t>(x);
}

// Values up to 2^16: large enough that a stale or early value rarely adds up to the right one.
__global__ void fill_kernel(int* in, int* out, long long count, uint64_t seed, int launch) {
    const long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
    if (i >= count) return;
    in[i] = static_cast<int>(mix(seed * 0x9e3779b97f4a7c15ull + (static_cast<uint64_t>(launch) << 40) + i) &
                             0xffff);
    out[i] = static_cast<int>(0xa5a5a5a5u);
}

// One thread per unit: a sequential inclusive scan compared cell by cell.
__global__ void check_kernel(const int* in, const int* out, int units, int elems, int launch,
                             unsigned long long* wrong, int* example, int* launch_bad) {
    const int u = blockIdx.x * blockDim.x + threadIdx.x;
    if (u >= units) return;
    const int* a = in + static_cast<long long>(u) * elems;
    const int* b = out + static_cast<long long>(u) * elems;
    int sum = 0;
    bool bad = false;
    for (int i = 0; i < elems; ++i) {
        sum += a[i];
        if (b[i] != sum) bad = true;
    }
    if (!bad) return;
    atomicAdd(wrong, 1ull);
    atomicExch(launch_bad, 1);
    if (atomicCAS(example, 0, 1) == 0) {
        example[1] = launch;
        example[2] = u;
        for (int i = 0; i < elems; ++i) {
            example[3 + i] = a[i];
            example[3 + elems + i] = b[i];
        }
    }
}

}  // namespace

Measurement::Measurement(const Shape& shape, const gpu::RaceRunConfig& cfg) : shape_(shape), cfg_(cfg) {
    if (cfg.launches < 1) throw std::invalid_argument("--launches must be at least 1");
    const size_t count = static_cast<size_t>(shape.blocks) * shape.units_per_block * shape.unit_elems;
    SCANVIZ_CUDA_CHECK(cudaMalloc(&d_in_, count * sizeof(int)));
    SCANVIZ_CUDA_CHECK(cudaMalloc(&d_out_, count * sizeof(int)));
    SCANVIZ_CUDA_CHECK(cudaMalloc(&d_wrong_, (2 + cfg.launches) * sizeof(unsigned long long)));
    SCANVIZ_CUDA_CHECK(cudaMemset(d_wrong_, 0, (2 + cfg.launches) * sizeof(unsigned long long)));
    SCANVIZ_CUDA_CHECK(cudaMalloc(&d_example_, (3 + 2 * shape.unit_elems) * sizeof(int)));
    SCANVIZ_CUDA_CHECK(cudaMemset(d_example_, 0, (3 + 2 * shape.unit_elems) * sizeof(int)));
}

Measurement::~Measurement() {
    cudaFree(d_in_);
    cudaFree(d_out_);
    cudaFree(d_wrong_);
    cudaFree(d_example_);
}

void Measurement::before(int launch) {
    const long long count =
        static_cast<long long>(shape_.blocks) * shape_.units_per_block * shape_.unit_elems;
    fill_kernel<<<static_cast<unsigned>((count + 255) / 256), 256>>>(d_in_, d_out_, count, cfg_.seed, launch);
    SCANVIZ_CUDA_CHECK(cudaGetLastError());
}

void Measurement::after(int launch) {
    const int units = shape_.blocks * shape_.units_per_block;
    // launch_bad flags live after the two counters, one int per launch (in the 64-bit slots).
    int* flag = reinterpret_cast<int*>(d_wrong_ + 2 + launch);
    check_kernel<<<(units + 127) / 128, 128>>>(d_in_, d_out_, units, shape_.unit_elems, launch, d_wrong_,
                                               d_example_, flag);
    SCANVIZ_CUDA_CHECK(cudaGetLastError());
}

RaceRow Measurement::finish(const RaceCase& c) {
    SCANVIZ_CUDA_CHECK(cudaDeviceSynchronize());
    std::vector<unsigned long long> counts(2 + cfg_.launches);
    SCANVIZ_CUDA_CHECK(cudaMemcpy(counts.data(), d_wrong_, counts.size() * sizeof(unsigned long long),
                                  cudaMemcpyDeviceToHost));
    std::vector<int> ex(3 + 2 * shape_.unit_elems);
    SCANVIZ_CUDA_CHECK(cudaMemcpy(ex.data(), d_example_, ex.size() * sizeof(int), cudaMemcpyDeviceToHost));
    RaceRow r;
    r.c = c;
    r.unit = shape_.unit;
    r.threads_per_block = shape_.threads;
    r.units_per_launch = shape_.blocks * shape_.units_per_block;
    r.launches = cfg_.launches;
    r.total = static_cast<int64_t>(r.units_per_launch) * cfg_.launches;
    r.wrong = static_cast<int64_t>(counts[0]);
    for (int l = 0; l < cfg_.launches; ++l) r.wrong_launches += counts[2 + l] != 0;
    if (ex[0]) {
        RaceExample e;
        e.launch = ex[1];
        e.unit = ex[2];
        int64_t sum = 0;
        for (int i = 0; i < shape_.unit_elems; ++i) {
            e.input.push_back(ex[3 + i]);
            e.output.push_back(ex[3 + shape_.unit_elems + i]);
            sum = static_cast<int32_t>(static_cast<uint32_t>(sum) + static_cast<uint32_t>(ex[3 + i]));
            e.expected.push_back(sum);
            if (e.output.back() != e.expected.back()) e.differing.push_back(i);
        }
        r.example = std::move(e);
    }
    return r;
}

}  // namespace scanviz::kern::race

namespace scanviz::gpu {
namespace {

// The variant's entry in the kernel registry, which names its race kernels;
// throws where it has none (the variant is not in the race lab).
const kern::KernelEntry& race_entry(const std::string& variant) {
    const kern::KernelEntry* e = kern::find_kernel(variant);
    if (!e || !e->race) throw std::invalid_argument("'" + variant + "' is not in the race lab");
    return *e;
}

}  // namespace

RaceRow measure_race(const RaceCase& c, const RaceRunConfig& cfg) {
    if (!is_race_variant(c.variant))
        throw std::invalid_argument("'" + c.variant + "' is not in the race lab");
    if (c.diverged && !race_is_warp(c.variant))
        throw std::invalid_argument("--diverged applies to the warp scans only, not to '" + c.variant + "'");
    if (c.one_buffer && !race_has_one_buffer(c.variant))
        throw std::invalid_argument("'" + c.variant + "' has no one-buffer form (only " + race_one_buffer_variants() +
                                    ")");
    return race_entry(c.variant).race(c, cfg);
}

int race_kernel_barriers(const std::string& variant) { return race_entry(variant).race_barriers; }

std::string driver_description() {
    int v = 0;
    SCANVIZ_CUDA_CHECK(cudaDriverGetVersion(&v));
    std::string cuda = "CUDA " + std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
    std::ifstream f("/proc/driver/nvidia/version");
    std::string line;
    if (f && std::getline(f, line)) {
        // "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  580.159.04  Release Build ...":
        // the first word made of digits and at least two dots.
        std::istringstream ws(line);
        for (std::string word; ws >> word;) {
            const bool digits_and_dots = word.find_first_not_of("0123456789.") == std::string::npos;
            if (digits_and_dots && std::count(word.begin(), word.end(), '.') >= 2)
                return word + " (" + cuda + ")";
        }
    }
    return cuda;
}

}  // namespace scanviz::gpu
