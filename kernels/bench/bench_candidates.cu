// The tuning candidates kernels/bench/NOTES.md compares: int32 inclusive/exclusive
// add only, so that the comparison costs a handful of instantiations.
#include "bench_runners.cuh"

namespace scanviz::bench {
namespace {

template <class Policy>
Runner make_candidate(const void* in, void* out, size_t n, bool exclusive, kern::LookbackWorkspace& ws) {
    const int* d_in = static_cast<const int*>(in);
    int* d_out = static_cast<int*>(out);
    return [=, &ws](cudaStream_t s) {
        kern::launch_decoupled_lookback<Policy, kern::OpAdd<int>>(d_in, d_out, n, exclusive, ws, s);
    };
}

template <class Policy>
Runner make_pipelined(const void* in, void* out, size_t n, bool exclusive, kern::LookbackWorkspace& ws) {
    const int* d_in = static_cast<const int*>(in);
    int* d_out = static_cast<int*>(out);
    return [=, &ws](cudaStream_t s) {
        kern::launch_lookback_pipelined<Policy, kern::OpAdd<int>>(d_in, d_out, n, exclusive, ws, s);
    };
}

// A staged tile (shared memory, cp.async) with B blocks per SM asked of ptxas (version 4).
template <int Threads, int Items, int Blocks, bool Counter = false>
using StagedPolicy = kern::LookbackPolicy<Threads, Items, 1, Blocks, 32, 256, Counter, true>;

// Version 5: the pipelined persistent kernel. @pTxV: T threads x V 16-byte vectors per
// thread (tile bytes = 16 T V); sS: S shared-memory stages per block; bB: B blocks per SM
// asked of ptxas (the grid takes what the occupancy calculator says fits); kK: K status
// words per lane per look-back round; cs: streaming stores; ef: evict-first loads.
template <int T, int V, int S, int B, int K = 1, bool Cs = false, bool Ef = false>
using Pipe = kern::PipelinedPolicy<T, V, S, B, K, Cs, Ef>;

}  // namespace

const std::vector<Candidate>& candidates() {
    static const std::vector<Candidate> c = {
        // Version 4 (run 3, H100): staged tiles; `ours` is 128x64sb6.
        {"device_decoupled_lookback@128x48sb9", make_candidate<StagedPolicy<128, 48, 9>>},
        {"device_decoupled_lookback@256x32sb6", make_candidate<StagedPolicy<256, 32, 6>>},
        // Version 5 (issue 14, runs 5 and 6): the pipelined persistent kernel, its two best
        // (kernels/bench/NOTES.md: slower than the staged tiles at every size from 2^22).
        {"device_decoupled_lookback@p256x8s2b3k13", make_pipelined<Pipe<256, 8, 2, 3, 13>>},
        {"device_decoupled_lookback@p256x16s3b1k5", make_pipelined<Pipe<256, 16, 3, 1, 5>>},
    };
    return c;
}

}  // namespace scanviz::bench
