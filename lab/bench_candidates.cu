// The tuning candidates kernels/bench/NOTES.md compares: int32 inclusive/exclusive
// add only, so that the comparison costs a handful of instantiations.
#include "kernels/bench/bench_runners.cuh"
#include "lookback/decoupled_lookback_experiments_launch.cuh"

namespace scanviz::bench {
namespace {

template <class Policy, class ScanOp = kern::OpAdd<int>>
Runner make_candidate(const void* in, void* out, size_t n, bool exclusive, kern::LookbackWorkspace& ws) {
    using T = typename ScanOp::value_type;
    const T* d_in = static_cast<const T*>(in);
    T* d_out = static_cast<T*>(out);
    return [=, &ws](cudaStream_t s) {
        kern::launch_decoupled_lookback<Policy, ScanOp>(d_in, d_out, n, exclusive, ws, s);
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

// Version 7: the lagged look-back (experiments/decoupled_lookback_lagged.cuh); Lag is the lag in
// percent of the blocks resident on the device.
template <class Policy, int Lag>
Runner make_lagged(const void* in, void* out, size_t n, bool exclusive, kern::LookbackWorkspace& ws) {
    const int* d_in = static_cast<const int*>(in);
    int* d_out = static_cast<int*>(out);
    return [=, &ws](cudaStream_t s) {
        kern::launch_lookback_lagged<Policy, kern::OpAdd<int>>(d_in, d_out, n, exclusive, ws, s, Lag / 100.0);
    };
}

// A staged tile (shared memory, cp.async) with B blocks per SM asked of ptxas (version 4).
// e: the early aggregate (published before the chunk scans).
template <int Threads, int Items, int Blocks, bool Early = false>
struct Staged : kern::LookbackTuningDefaults {
    static constexpr int kThreads = Threads;
    static constexpr int kItemsPerThread = Items;
    static constexpr int kMinBlocks = Blocks;
    static constexpr bool kStaged = true;
    static constexpr bool kEarlyAggregate = Early;
};
template <int Threads, int Items, int Blocks, bool Early = false>
using StagedPolicy = kern::LookbackPolicy<Staged<Threads, Items, Blocks, Early>>;

// Version 8: around 128x48sb9e, one field changed.
using Early128x48b9 = Staged<128, 48, 9, true>;
template <int SleepMinNs, int SleepMaxNs>
struct Sleep : Early128x48b9 {  // the __nanosleep backoff
    static constexpr int kSleepMinNs = SleepMinNs;
    static constexpr int kSleepMaxNs = SleepMaxNs;
};
struct TwoPredsPerLane : Early128x48b9 {  // a window of 64 predecessors
    static constexpr int kLanePreds = 2;
};
struct StreamHints : Early128x48b9 {  // evict-first loads and stores
    static constexpr bool kStreamHints = true;
};

// Version 10: staged, early aggregate, every operator's look-back in groups of 32 tiles.
template <int Threads, int Items, int Blocks>
struct GroupedTuning : Staged<Threads, Items, Blocks, true> {
    static constexpr bool kGroups = true;
};
template <int Threads, int Items, int Blocks>
using Grouped = kern::LookbackPolicy<GroupedTuning<Threads, Items, Blocks>>;

// Issue 24 (H200): around the grouped tiles, one field changed: evict-first hints (h), a
// backoff of 8 to 64 ns (q) or 16 to 128 ns (m).
template <int Threads, int Items, int Blocks>
struct GroupedHints : GroupedTuning<Threads, Items, Blocks> {
    static constexpr bool kStreamHints = true;
};
template <int Threads, int Items, int Blocks>
struct GroupedDynamic : GroupedTuning<Threads, Items, Blocks> {  // over 48 KiB a tile (d)
    static constexpr bool kDynamicSmem = true;
};
template <int Threads, int Items, int Blocks, int SleepMinNs, int SleepMaxNs, bool Hints = false>
struct DynamicTuned : GroupedDynamic<Threads, Items, Blocks> {  // d with the backoff (q) or hints (h)
    static constexpr int kSleepMinNs = SleepMinNs;
    static constexpr int kSleepMaxNs = SleepMaxNs;
    static constexpr bool kStreamHints = Hints;
};
// Issue 24, run 5: sizes around the widest tile for 2^24 and 2^26, and 8-byte tiles of their
// own (the 8-byte tuning was sized by bytes from the 4-byte one, not swept).
template <int Threads, int Items, int Blocks>
using Wide = kern::LookbackPolicy<DynamicTuned<Threads, Items, Blocks, 8, 64>>;  // d, backoff 8..64 (q)
template <int Threads, int Items, int Blocks>
using WideSleepy = kern::LookbackPolicy<GroupedDynamic<Threads, Items, Blocks>>;  // d, backoff 32..256
// Issue 24, run 14: the early aggregate folds each cp.async group of the tile as it lands (wG:
// G load groups).
template <int Threads, int Items, int Blocks, int Groups>
struct LoadGroupsTuned : DynamicTuned<Threads, Items, Blocks, 8, 64> {
    static constexpr int kLoadGroups = Groups;
};
template <int Threads, int Items, int Blocks, int Groups>
using WideGroups = kern::LookbackPolicy<LoadGroupsTuned<Threads, Items, Blocks, Groups>>;
// Issue 24, run 17: exclusive mode's predecessor by shuffle (x), on top of load groups.
template <int Threads, int Items, int Blocks, int Groups>
struct ShuffleExclusiveTuned : LoadGroupsTuned<Threads, Items, Blocks, Groups> {
    static constexpr bool kShuffleExclusive = true;
};
template <int Threads, int Items, int Blocks, int Groups>
using WideShuffle = kern::LookbackPolicy<ShuffleExclusiveTuned<Threads, Items, Blocks, Groups>>;
using I64Add = kern::OpAdd<long long>;
using I64Max = kern::OpMax<long long>;
using F64Max = kern::OpMax<double>;
using F64Add = kern::OpAdd<double>;
using F32Max = kern::OpMax<float>;
using F32Add = kern::OpAdd<float>;
using F32Min = kern::OpMin<float>;

template <int Threads, int Items, int Blocks, int SleepMinNs, int SleepMaxNs>
struct GroupedSleep : GroupedTuning<Threads, Items, Blocks> {
    static constexpr int kSleepMinNs = SleepMinNs;
    static constexpr int kSleepMaxNs = SleepMaxNs;
};

// Version 5: the pipelined persistent kernel. @pTxV: T threads x V 16-byte vectors per
// thread (tile bytes = 16 T V); sS: S shared-memory stages per block; bB: B blocks per SM
// asked of ptxas (the grid takes what the occupancy calculator says fits); kK: K status
// words per lane per look-back round; cs: streaming stores; ef: evict-first loads.
template <int T, int V, int S, int B, int K = 1, bool Cs = false, bool Ef = false>
using Pipe = kern::PipelinedPolicy<T, V, S, B, K, Cs, Ef>;

template <int T, int V, int B, bool H = false>
using Lag = kern::LaggedPolicy<T, V, B, H>;

}  // namespace

// Registered when scanviz_lab starts: `scanviz_lab bench --variants candidates` times them all.
// Candidates of fields no tuning took (tile counter, L2 256-byte prefetch, bulk copies,
// persistent blocks, split tiles, cached chunk scans, exclusive values from step 1b, the fused
// scan) went with the fields; lab/NOTES.md keeps their results.
const CandidateRegistration kLabCandidates({
        // Version 4 (run 3, H100): staged tiles; `ours` was then 128x64sb6.
        {"device_decoupled_lookback@128x64sb6", make_candidate<StagedPolicy<128, 64, 6>>},
        {"device_decoupled_lookback@128x48sb9", make_candidate<StagedPolicy<128, 48, 9>>},
        {"device_decoupled_lookback@256x32sb6", make_candidate<StagedPolicy<256, 32, 6>>},
        {"device_decoupled_lookback@128x64sb6e", make_candidate<StagedPolicy<128, 64, 6, true>>},
        {"device_decoupled_lookback@128x48sb9e", make_candidate<StagedPolicy<128, 48, 9, true>>},
        {"device_decoupled_lookback@256x32sb6e", make_candidate<StagedPolicy<256, 32, 6, true>>},
        // Version 8 (run 7): around the early aggregate's best, 128x48sb9e (now `ours`):
        // sleep 8..64 ns (q) or 64..1024 ns (Q), windows of 64 (k2), 128x40 b11, evict-first
        // loads and stores (h).
        {"device_decoupled_lookback@128x48sb9eq", make_candidate<kern::LookbackPolicy<Sleep<8, 64>>>},
        {"device_decoupled_lookback@128x48sb9eQ", make_candidate<kern::LookbackPolicy<Sleep<64, 1024>>>},
        {"device_decoupled_lookback@128x48k2sb9e", make_candidate<kern::LookbackPolicy<TwoPredsPerLane>>},
        {"device_decoupled_lookback@128x40sb11e", make_candidate<StagedPolicy<128, 40, 11, true>>},
        {"device_decoupled_lookback@128x48sb9eh", make_candidate<kern::LookbackPolicy<StreamHints>>},
        // Version 10 (run 10): every operator looks back in groups of 32 tiles (g), as float
        // add does since run 9 (lb_look_back_grouped).
        {"device_decoupled_lookback@128x48sb9eg", make_candidate<Grouped<128, 48, 9>>},
        {"device_decoupled_lookback@128x64sb6eg", make_candidate<Grouped<128, 64, 6>>},
        {"device_decoupled_lookback@128x40sb11eg", make_candidate<Grouped<128, 40, 11>>},
        {"device_decoupled_lookback@256x32sb6eg", make_candidate<Grouped<256, 32, 6>>},
        // Issue 24 (H200, run 2): bigger tiles (a tile is at most 48 KiB of static shared
        // memory), and the grouped tiles with one field changed.
        {"device_decoupled_lookback@128x80sb5eg", make_candidate<Grouped<128, 80, 5>>},
        {"device_decoupled_lookback@256x40sb5eg", make_candidate<Grouped<256, 40, 5>>},
        {"device_decoupled_lookback@192x40sb7eg", make_candidate<Grouped<192, 40, 7>>},
        {"device_decoupled_lookback@128x56sb7eg", make_candidate<Grouped<128, 56, 7>>},
        {"device_decoupled_lookback@128x48sb9egh", make_candidate<kern::LookbackPolicy<GroupedHints<128, 48, 9>>>},
        {"device_decoupled_lookback@128x64sb6egh", make_candidate<kern::LookbackPolicy<GroupedHints<128, 64, 6>>>},
        {"device_decoupled_lookback@128x80sb5egh", make_candidate<kern::LookbackPolicy<GroupedHints<128, 80, 5>>>},
        {"device_decoupled_lookback@128x64sb6egq",
         make_candidate<kern::LookbackPolicy<GroupedSleep<128, 64, 6, 8, 64>>>},
        {"device_decoupled_lookback@128x64sb6egm",
         make_candidate<kern::LookbackPolicy<GroupedSleep<128, 64, 6, 16, 128>>>},
        // Issue 24 (H200, run 3): tiles over 48 KiB in dynamic shared memory (d), the best of
        // run 2 (128x80sb5eg) with a shorter backoff (q).
        {"device_decoupled_lookback@128x96sb4egd", make_candidate<kern::LookbackPolicy<GroupedDynamic<128, 96, 4>>>},
        {"device_decoupled_lookback@128x104sb4egd", make_candidate<kern::LookbackPolicy<GroupedDynamic<128, 104, 4>>>},
        {"device_decoupled_lookback@256x48sb4egd", make_candidate<kern::LookbackPolicy<GroupedDynamic<256, 48, 4>>>},
        {"device_decoupled_lookback@128x128sb3egd", make_candidate<kern::LookbackPolicy<GroupedDynamic<128, 128, 3>>>},
        {"device_decoupled_lookback@256x64sb3egd", make_candidate<kern::LookbackPolicy<GroupedDynamic<256, 64, 3>>>},
        {"device_decoupled_lookback@128x80sb5egq",
         make_candidate<kern::LookbackPolicy<GroupedSleep<128, 80, 5, 8, 64>>>},
        // Issue 24 (H200, run 4): bigger tiles still (128x128sb3egd led run 3), and the
        // leaders with a shorter backoff (q) or evict-first hints (h).
        {"device_decoupled_lookback@128x144sb3egd", make_candidate<kern::LookbackPolicy<GroupedDynamic<128, 144, 3>>>},
        {"device_decoupled_lookback@256x72sb3egd", make_candidate<kern::LookbackPolicy<GroupedDynamic<256, 72, 3>>>},
        {"device_decoupled_lookback@128x192sb2egd", make_candidate<kern::LookbackPolicy<GroupedDynamic<128, 192, 2>>>},
        {"device_decoupled_lookback@256x96sb2egd", make_candidate<kern::LookbackPolicy<GroupedDynamic<256, 96, 2>>>},
        {"device_decoupled_lookback@128x128sb3egdq",
         make_candidate<kern::LookbackPolicy<DynamicTuned<128, 128, 3, 8, 64>>>},
        {"device_decoupled_lookback@128x144sb3egdq",
         make_candidate<kern::LookbackPolicy<DynamicTuned<128, 144, 3, 8, 64>>>},
        {"device_decoupled_lookback@128x128sb3egdh",
         make_candidate<kern::LookbackPolicy<DynamicTuned<128, 128, 3, 32, 256, true>>>},
        {"device_decoupled_lookback@128x104sb4egdh",
         make_candidate<kern::LookbackPolicy<DynamicTuned<128, 104, 4, 32, 256, true>>>},
        // Issue 24 (H200, run 5): int32 tiles sized so that 2^24 fills whole waves of resident
        // tiles (128x112 b3: 1171 tiles, 2.96 waves of 396), and 8-byte tiles swept on their own
        // (id suffix: the one type and operator the candidate runs).
        {"device_decoupled_lookback@128x112sb3egdq", make_candidate<Wide<128, 112, 3>>},
        {"device_decoupled_lookback@128x120sb3egdq", make_candidate<Wide<128, 120, 3>>},
        {"device_decoupled_lookback@128x136sb3egdq", make_candidate<Wide<128, 136, 3>>},
        {"device_decoupled_lookback@256x72sb3egdq", make_candidate<Wide<256, 72, 3>>},
        {"device_decoupled_lookback@128x84sb4egdq", make_candidate<Wide<128, 84, 4>>},
        {"device_decoupled_lookback@128x104sb4egdq", make_candidate<Wide<128, 104, 4>>},
        {"device_decoupled_lookback@128x72sb3egdq.i64max", make_candidate<Wide<128, 72, 3>, I64Max>,
         ValueType::I64, Op::Max},
        {"device_decoupled_lookback@128x72sb3egd.i64max", make_candidate<WideSleepy<128, 72, 3>, I64Max>,
         ValueType::I64, Op::Max},
        {"device_decoupled_lookback@256x36sb3egdq.i64max", make_candidate<Wide<256, 36, 3>, I64Max>,
         ValueType::I64, Op::Max},
        {"device_decoupled_lookback@128x64sb3egdq.i64max", make_candidate<Wide<128, 64, 3>, I64Max>,
         ValueType::I64, Op::Max},
        {"device_decoupled_lookback@128x48sb4egdq.i64max", make_candidate<Wide<128, 48, 4>, I64Max>,
         ValueType::I64, Op::Max},
        {"device_decoupled_lookback@256x24sb4egdq.i64max", make_candidate<Wide<256, 24, 4>, I64Max>,
         ValueType::I64, Op::Max},
        {"device_decoupled_lookback@128x40sb5egdq.i64max", make_candidate<Wide<128, 40, 5>, I64Max>,
         ValueType::I64, Op::Max},
        {"device_decoupled_lookback@128x32sb6eg.i64max", make_candidate<Grouped<128, 32, 6>, I64Max>,
         ValueType::I64, Op::Max},
        {"device_decoupled_lookback@128x72sb3egdq.f64max", make_candidate<Wide<128, 72, 3>, F64Max>,
         ValueType::F64, Op::Max},
        {"device_decoupled_lookback@256x36sb3egdq.f64max", make_candidate<Wide<256, 36, 3>, F64Max>,
         ValueType::F64, Op::Max},
        {"device_decoupled_lookback@128x48sb4egdq.f64max", make_candidate<Wide<128, 48, 4>, F64Max>,
         ValueType::F64, Op::Max},
        {"device_decoupled_lookback@128x72sb3egdq.f64add", make_candidate<Wide<128, 72, 3>, F64Add>,
         ValueType::F64, Op::Add},
        {"device_decoupled_lookback@256x36sb3egdq.f64add", make_candidate<Wide<256, 36, 3>, F64Add>,
         ValueType::F64, Op::Add},
        {"device_decoupled_lookback@128x48sb4egdq.f64add", make_candidate<Wide<128, 48, 4>, F64Add>,
         ValueType::F64, Op::Add},
        // Issue 24 (H200, run 6): more 8-byte tiles of 256 threads or more (256x24 b4 and 256x36
        // b3 led run 5).
        {"device_decoupled_lookback@256x20sb5egdq.i64max", make_candidate<Wide<256, 20, 5>, I64Max>,
         ValueType::I64, Op::Max},
        {"device_decoupled_lookback@384x16sb4egdq.i64max", make_candidate<Wide<384, 16, 4>, I64Max>,
         ValueType::I64, Op::Max},
        {"device_decoupled_lookback@512x12sb4egdq.i64max", make_candidate<Wide<512, 12, 4>, I64Max>,
         ValueType::I64, Op::Max},
        {"device_decoupled_lookback@256x32sb3egdq.i64max", make_candidate<Wide<256, 32, 3>, I64Max>,
         ValueType::I64, Op::Max},
        // Issue 24 (H200, run 10): float32 max and min at 2^28 ran 3-4% under int32 add on the
        // H200 with the widest tile (a float compare-and-select is two dependent instructions
        // where int32 max is one): tiles with more threads for the same bytes, and 192 x 96.
        {"device_decoupled_lookback@128x144sb3egdq.f32max", make_candidate<Wide<128, 144, 3>, F32Max>,
         ValueType::F32, Op::Max},
        {"device_decoupled_lookback@256x72sb3egdq.f32max", make_candidate<Wide<256, 72, 3>, F32Max>,
         ValueType::F32, Op::Max},
        {"device_decoupled_lookback@192x96sb3egdq.f32max", make_candidate<Wide<192, 96, 3>, F32Max>,
         ValueType::F32, Op::Max},
        {"device_decoupled_lookback@128x104sb4egdq.f32max", make_candidate<Wide<128, 104, 4>, F32Max>,
         ValueType::F32, Op::Max},
        {"device_decoupled_lookback@256x52sb4egdq.f32max", make_candidate<Wide<256, 52, 4>, F32Max>,
         ValueType::F32, Op::Max},
        {"device_decoupled_lookback@256x72sb3egdq.f32min", make_candidate<Wide<256, 72, 3>, F32Min>,
         ValueType::F32, Op::Min},
        {"device_decoupled_lookback@192x96sb3egdq", make_candidate<Wide<192, 96, 3>>},
        // Issue 24 (run 11): float64 add's 256 x 24, the baseline of that run's persistent blocks.
        {"device_decoupled_lookback@256x24sb4egdq.f64add", make_candidate<Wide<256, 24, 4>, F64Add>,
         ValueType::F64, Op::Add},
        // Issue 24 (run 14): load groups (wG), the early aggregate folding each as it lands.
        {"device_decoupled_lookback@128x144sb3egdqw4", make_candidate<WideGroups<128, 144, 3, 4>>},
        {"device_decoupled_lookback@128x144sb3egdqw12", make_candidate<WideGroups<128, 144, 3, 12>>},
        {"device_decoupled_lookback@128x104sb4egdqw13", make_candidate<WideGroups<128, 104, 4, 13>>},
        {"device_decoupled_lookback@128x48sb9egdqw4", make_candidate<WideGroups<128, 48, 9, 4>>},
        {"device_decoupled_lookback@256x24sb4egdqw4.f64add", make_candidate<WideGroups<256, 24, 4, 4>, F64Add>,
         ValueType::F64, Op::Add},
        {"device_decoupled_lookback@256x24sb4egdqw12.f64add", make_candidate<WideGroups<256, 24, 4, 12>, F64Add>,
         ValueType::F64, Op::Add},
        // Issue 24 (run 17): exclusive mode's predecessor by shuffle (x).
        {"device_decoupled_lookback@128x144sb3egdqw12x", make_candidate<WideShuffle<128, 144, 3, 12>>},
        {"device_decoupled_lookback@256x24sb4egdqw12x.f64add", make_candidate<WideShuffle<256, 24, 4, 12>, F64Add>,
         ValueType::F64, Op::Add},
        {"device_decoupled_lookback@256x24sb4egdqw12.i64add", make_candidate<WideGroups<256, 24, 4, 12>, I64Add>,
         ValueType::I64, Op::Add},
        {"device_decoupled_lookback@256x24sb4egdqw12x.i64add", make_candidate<WideShuffle<256, 24, 4, 12>, I64Add>,
         ValueType::I64, Op::Add},
        // Issue 24 (run 19): float32 add's 128 x 144, the baseline of that run's cached chunk scans.
        {"device_decoupled_lookback@128x144sb3egdqw12x.f32add", make_candidate<WideShuffle<128, 144, 3, 12>, F32Add>,
         ValueType::F32, Op::Add},
        // Issue 24 (run 21): 8-byte add in other shapes, with the policy's fields (w, x): the
        // int32 tile's own shape (128 x 72 8-byte items is its 72 KiB), more threads or more
        // bytes in flight per SM than 256 x 24 b4 (192 KiB).
        {"device_decoupled_lookback@128x72sb3egdqw12x.f64add",
         make_candidate<WideShuffle<128, 72, 3, 12>, F64Add>, ValueType::F64, Op::Add},
        {"device_decoupled_lookback@128x72sb3egdqw12x.i64add",
         make_candidate<WideShuffle<128, 72, 3, 12>, I64Add>, ValueType::I64, Op::Add},
        {"device_decoupled_lookback@256x36sb3egdqw9x.f64add",
         make_candidate<WideShuffle<256, 36, 3, 9>, F64Add>, ValueType::F64, Op::Add},
        {"device_decoupled_lookback@256x36sb3egdqw9x.i64add",
         make_candidate<WideShuffle<256, 36, 3, 9>, I64Add>, ValueType::I64, Op::Add},
        {"device_decoupled_lookback@192x32sb4egdqw8x.f64add",
         make_candidate<WideShuffle<192, 32, 4, 8>, F64Add>, ValueType::F64, Op::Add},
        {"device_decoupled_lookback@192x32sb4egdqw8x.i64add",
         make_candidate<WideShuffle<192, 32, 4, 8>, I64Add>, ValueType::I64, Op::Add},
        {"device_decoupled_lookback@224x28sb4egdqw7x.f64add",
         make_candidate<WideShuffle<224, 28, 4, 7>, F64Add>, ValueType::F64, Op::Add},
        {"device_decoupled_lookback@224x28sb4egdqw7x.i64add",
         make_candidate<WideShuffle<224, 28, 4, 7>, I64Add>, ValueType::I64, Op::Add},
        {"device_decoupled_lookback@384x16sb4egdqw8x.f64add",
         make_candidate<WideShuffle<384, 16, 4, 8>, F64Add>, ValueType::F64, Op::Add},
        {"device_decoupled_lookback@384x16sb4egdqw8x.i64add",
         make_candidate<WideShuffle<384, 16, 4, 8>, I64Add>, ValueType::I64, Op::Add},
        // Issue 24 (run 21): the 2^24 band's tile, the baseline of that run's fused scan.
        {"device_decoupled_lookback@128x104sb4egdqw13x", make_candidate<WideShuffle<128, 104, 4, 13>>},
        // Version 5 (issue 14, runs 5 and 6): the pipelined persistent kernel, its two best
        // (kernels/bench/NOTES.md: slower than the staged tiles at every size from 2^22).
        {"device_decoupled_lookback@p256x8s2b3k13", make_pipelined<Pipe<256, 8, 2, 3, 13>>},
        {"device_decoupled_lookback@p256x16s3b1k5", make_pipelined<Pipe<256, 16, 3, 1, 5>>},
        // Version 7: lagged look-back. @lTxVbB[h]dL: T threads x V 16-byte vectors, B blocks
        // per SM asked of ptxas, h: L2 eviction hints, lag L% of the resident blocks.
        // Run 5: lags of 50-200% re-read from DRAM, not L2 (ncu); smaller lags here.
        {"device_decoupled_lookback@l128x16b6d50", make_lagged<Lag<128, 16, 6>, 50>},
        {"device_decoupled_lookback@l128x16b6d25", make_lagged<Lag<128, 16, 6>, 25>},
        {"device_decoupled_lookback@l128x16b6d10", make_lagged<Lag<128, 16, 6>, 10>},
        {"device_decoupled_lookback@l128x16b6d4", make_lagged<Lag<128, 16, 6>, 4>},
        {"device_decoupled_lookback@l128x16b6hd25", make_lagged<Lag<128, 16, 6, true>, 25>},
        {"device_decoupled_lookback@l128x16b6hd10", make_lagged<Lag<128, 16, 6, true>, 10>},
        {"device_decoupled_lookback@l256x8b4hd10", make_lagged<Lag<256, 8, 4, true>, 10>},
});

}  // namespace scanviz::bench
