#include "block_common.hpp"

#include <algorithm>

#include "core/i18n/i18n.hpp"

namespace scanviz {

std::optional<std::string> check_block_n(const RunSpec& spec, int max_n, int threads) {
    const std::string v = "variant '" + spec.variant + "'";
    if (spec.n < 1 || spec.n > max_n)
        return v + " scans one block: n must be 1 to " + std::to_string(max_n) + ", got " +
               std::to_string(spec.n);
    if (spec.threads != 0 && spec.threads != threads)
        return v + " runs " + std::to_string(threads) + " threads for n = " + std::to_string(spec.n) +
               ", got --threads " + std::to_string(spec.threads);
    if (spec.items_per_thread > 1)
        return v + " takes one element per thread (no --items), got " + std::to_string(spec.items_per_thread);
    return std::nullopt;
}

namespace {
bool items_allowed(int items) {
    return std::find(std::begin(kItemsChoices), std::end(kItemsChoices), items) != std::end(kItemsChoices);
}
}  // namespace

std::optional<std::string> check_block_items(const RunSpec& spec) {
    const std::string v = "variant '" + spec.variant + "'";
    if (spec.n < 1 || spec.n > kTileMaxItems)
        return v + " scans one tile: n must be 1 to " + std::to_string(kTileMaxItems) + ", got " +
               std::to_string(spec.n);
    if (spec.items_per_thread != 0 && !items_allowed(spec.items_per_thread))
        return v + ": items per thread must be 1, 2, 4 or 8, got " + std::to_string(spec.items_per_thread);
    if (spec.threads != 0 && (spec.threads < 1 || spec.threads > kBlockMaxThreads))
        return v + ": threads must be 1 to " + std::to_string(kBlockMaxThreads) + ", got " +
               std::to_string(spec.threads);
    RunSpec r = spec;
    resolve_block_items(r);
    if (r.threads > kBlockMaxThreads)
        return v + ": n = " + std::to_string(spec.n) + " needs " + std::to_string(r.threads) +
               " threads of " + std::to_string(r.items_per_thread) + " items, more than " +
               std::to_string(kBlockMaxThreads);
    const int tile = r.threads * r.items_per_thread;
    if (tile < spec.n)
        return v + ": " + std::to_string(r.threads) + " threads x " + std::to_string(r.items_per_thread) +
               " items = " + std::to_string(tile) + " cannot hold n = " + std::to_string(spec.n);
    if (tile > kTileMaxItems)
        return v + ": " + std::to_string(r.threads) + " threads x " + std::to_string(r.items_per_thread) +
               " items = " + std::to_string(tile) + " is more than the largest tile, " +
               std::to_string(kTileMaxItems);
    return std::nullopt;
}

void resolve_block_items(RunSpec& spec) {
    if (spec.items_per_thread == 0) {
        if (spec.threads == 0) {
            spec.items_per_thread = kDefaultItemsPerThread;
        } else {
            spec.items_per_thread = kItemsChoices[std::size(kItemsChoices) - 1];
            for (int i : kItemsChoices)
                if (i * spec.threads >= spec.n) {
                    spec.items_per_thread = i;
                    break;
                }
        }
    }
    if (spec.threads == 0)
        spec.threads = std::max(1, (spec.n + spec.items_per_thread - 1) / spec.items_per_thread);
}

void init_tile(TraceBuilder& b, int first_slot, int count, const std::vector<double>& input) {
    for (int i = 0; i < count; ++i)
        b.init(first_slot + i, i < static_cast<int>(input.size()) ? input[i] : b.identity());
}

PairTile::PairTile(const RunSpec& spec)
    : m(blelloch_tile(spec.n)), threads(m / 2), b(spec, threads),
      xy(b.add_region("XY", Space::Shared, m, 0, kNumBanks)) {
    const std::vector<double> input = make_input(spec);
    const int n = static_cast<int>(input.size());
    for (int e = 0; e < m; ++e) {
        const int from = spec.exclusive ? e - 1 : e;
        b.init(xy + e, from >= 0 && from < n ? input[from] : b.identity());
    }
}

VariantInfo pair_tile_variant(std::string_view id, std::string_view title, std::string_view description,
                              std::string_view source_file, std::vector<std::string_view> phases, ModelFn model) {
    return VariantInfo{
        .id = id,
        .level = Level::Block,
        .title = title,
        .description = description,
        .accepts = i18n::N_("1 <= n <= 2048 (tile: next power of two, threads = tile / 2)"),
        .source_file = source_file,
        .phases = std::move(phases),
        .default_n = 64,
        .model = std::move(model),
        .check = check_blelloch,
        .resolve = resolve_blelloch,
        .work_span_default = true,
    };
}

void thread_reduce(TraceBuilder& b, int thread, int dst, int first_item, int items) {
    b.copy(thread, dst, first_item);
    for (int i = 1; i < items; ++i) b.combine(thread, dst, dst, first_item + i);
}

void thread_scan(TraceBuilder& b, int thread, int first_item, int items, int prefix, bool exclusive,
                 bool apply_prefix) {
    if (exclusive) {
        for (int i = 0; i < items; ++i) b.swap_combine(thread, first_item + i, prefix);
        return;
    }
    if (apply_prefix) b.combine(thread, first_item, prefix, first_item);
    for (int i = 1; i < items; ++i) b.combine(thread, first_item + i, first_item + i - 1, first_item + i);
}

RakingLayout::RakingLayout(int block_threads) : threads(block_threads) {
    const int max_raking = std::min(threads, kBlockWarpThreads);
    segment = (threads + max_raking - 1) / max_raking;
    raking_threads = (threads + segment - 1) / segment;
    pad = (segment % 2 == 0 && segment > 2) ? 1 : 0;
    grid = raking_threads * (segment + pad);
}

}  // namespace scanviz

namespace scanviz {

int whole_warps_threads(int n) {
    return std::max(1, (n + kBlockWarpThreads - 1) / kBlockWarpThreads) * kBlockWarpThreads;
}

std::optional<std::string> check_whole_warps(const RunSpec& spec) {
    return check_block_n(spec, kBlockMaxThreads, whole_warps_threads(spec.n));
}

void resolve_whole_warps(RunSpec& spec) {
    spec.threads = whole_warps_threads(spec.n);
    spec.items_per_thread = 1;
}

}  // namespace scanviz
