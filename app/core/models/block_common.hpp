// Helpers the block-level reference models share: size checks, the CUB-style
// strategies' threads x items resolution, CUB's raking layout, and the
// per-thread register phases (sequential reduce and sequential scan).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "blelloch_layout.hpp"
#include "model_common.hpp"

namespace scanviz {

inline constexpr int kBlockMaxThreads = 1024;  // threads per block, every CUDA GPU since Fermi
inline constexpr int kBlockWarpThreads = 32;
inline constexpr int kTileMaxItems = 2048;  // largest tile of the CUB-style strategies (readable trace)
inline constexpr int kItemsChoices[] = {1, 2, 4, 8};  // items per thread the kernels are built for
inline constexpr int kDefaultItemsPerThread = 4;

// One element per thread, n in [1, max_n]; spec.threads must be 0 or `threads`.
std::optional<std::string> check_block_n(const RunSpec& spec, int max_n, int threads);

// The CUB-style strategies: 1 <= n <= kTileMaxItems, items per thread one of
// kItemsChoices, 1 <= threads <= 1024, threads * items >= n and <= kTileMaxItems.
std::optional<std::string> check_block_items(const RunSpec& spec);
// Defaults: 4 items per thread (or the fewest that cover n with the given
// threads), threads = ceil(n / items).
void resolve_block_items(RunSpec& spec);

// Slot values of a tile in blocked order: input where i < n, the identity past it.
void init_tile(TraceBuilder& b, int first_slot, int count, const std::vector<double>& input);
// The tile of the in-place pair scans (Brent-Kung, Sklansky; kernels/block/block_pair_tile.cuh):
// m = the next power of two >= n words "XY" in shared memory, m / 2 threads, two elements each.
// Both keep the inclusive steps for both modes: exclusive loads the input shifted right by one,
// the identity first.
struct PairTile {
    int m = 0;        // tile words
    int threads = 0;  // m / 2
    TraceBuilder b;
    int xy = 0;       // first slot of XY
    explicit PairTile(const RunSpec& spec);
    Trace finish() { return b.finish(read_slots(b, xy, b.spec().n)); }
};
// The registry entry both share: Blelloch's tile rules, on the work-and-span charts.
VariantInfo pair_tile_variant(std::string_view id, std::string_view title, std::string_view description,
                              std::string_view source_file, std::vector<std::string_view> phases, ModelFn model);

// x[t] = items[0] op items[1] op ... (a copy, then ITEMS - 1 combines).
void thread_reduce(TraceBuilder& b, int thread, int dst, int first_item, int items);
// Sequential scan of a thread's items seeded with the value in `prefix`:
// inclusive: items[0] = prefix op items[0] (when apply_prefix), items[i] = items[i-1] op items[i];
// exclusive: for each item a Swap (item takes the running value, prefix the running op item).
void thread_scan(TraceBuilder& b, int thread, int first_item, int items, int prefix, bool exclusive,
                 bool apply_prefix);

// cub::BlockRakingLayout for one strip: partials of `threads` threads placed in
// segments of `segment` elements, one segment per raking thread of warp 0, with
// one padding word after each segment when the segment length is even and > 2.
// (kernels/block/block_raking.cuh computes the same on the device.)
struct RakingLayout {
    int threads = 0;
    int segment = 0;         // elements each raking thread reduces
    int raking_threads = 0;  // <= 32
    int pad = 0;             // padding words after each segment (0 or 1)
    int grid = 0;            // words of the raking grid
    explicit RakingLayout(int block_threads);
    int place(int t) const { return t + pad * (t / segment); }
};

}  // namespace scanviz

namespace scanviz {

// The raking strategies (block_raking/model.cpp): one model, memoize chooses
// whether raking threads keep their segment in registers between the sweeps.
Trace raking_model(const RunSpec& spec, bool memoize);

}  // namespace scanviz

namespace scanviz {

// Blelloch (block_blelloch/model.cpp): one model, padded chooses GPU Gems 3's
// conflict-free offset (39.2.3). Tile m = next power of two >= max(n, 2),
// m / 2 threads, n <= kBlellochMaxN.
// The shared-memory layout (kLogNumBanks, blelloch_word, blelloch_words) is
// blelloch_layout.hpp's, the one the kernel compiles.
inline constexpr int kBlellochMaxN = kBlellochMaxTile;
int blelloch_tile(int n);
Trace blelloch_model(const RunSpec& spec, bool padded);
std::optional<std::string> check_blelloch(const RunSpec& spec);
void resolve_blelloch(RunSpec& spec);

}  // namespace scanviz

namespace scanviz {

// Block scans from warp scans (block_warp_scans_smem/model.cpp, block_warp_scans_shfl/model.cpp):
// one element per thread, threads = n rounded up to whole warps (the rest of
// the last warp holds the identity), n <= 1024.
int whole_warps_threads(int n);
std::optional<std::string> check_whole_warps(const RunSpec& spec);
void resolve_whole_warps(RunSpec& spec);

}  // namespace scanviz
