#include "device_common.hpp"

#include <stdexcept>

#include "model_common.hpp"

namespace scanviz {

std::string device_configs_text() {
    std::string s;
    for (const auto& c : kDeviceTileConfigs) {
        if (!s.empty()) s += ", ";
        s += std::to_string(c.threads) + "x" + std::to_string(c.items);
    }
    return s;
}

bool is_device_config(int threads, int items) {
    for (const auto& c : kDeviceTileConfigs)
        if (c.threads == threads && c.items == items) return true;
    return false;
}

int device_tiles(int n, int tile) { return tile > 0 ? (n + tile - 1) / tile : 0; }

namespace {

// Pass 2 is one thread block: a trace needs at most `tile` tiles.
bool fits_one_block_of_sums(int n, DeviceTileConfig c) { return device_tiles(n, c.tile()) <= c.tile(); }

}  // namespace

void resolve_device(RunSpec& spec) {
    if (spec.threads == 0 && spec.items_per_thread == 0) {
        const DeviceTileConfig c = spec.n <= 16384 ? DeviceTileConfig{64, 2}
                                   : spec.n <= kDeviceTraceMaxN ? DeviceTileConfig{64, 4}
                                                                : kDeviceLargeConfig;
        spec.threads = c.threads;
        spec.items_per_thread = c.items;
        return;
    }
    if (spec.threads != 0 && spec.items_per_thread != 0) return;
    // One of the two is given: the first configuration with it that fits, else the last one with it.
    const DeviceTileConfig* pick = nullptr;
    for (const auto& c : kDeviceTileConfigs) {
        const bool matches = spec.threads != 0 ? c.threads == spec.threads : c.items == spec.items_per_thread;
        if (!matches) continue;
        pick = &c;
        if (fits_one_block_of_sums(spec.n, c)) break;
    }
    if (!pick) return;  // the check names the configurations
    spec.threads = pick->threads;
    spec.items_per_thread = pick->items;
}

DeviceTileConfig resolved_device_config(const RunSpec& spec) {
    RunSpec r;  // n, threads and items only: a 2^28-element spec's values are not copied
    r.n = spec.n;
    r.threads = spec.threads;
    r.items_per_thread = spec.items_per_thread;
    resolve_device(r);
    return {r.threads, r.items_per_thread};
}

std::optional<std::string> check_device_run(const RunSpec& spec) {
    if (spec.n < 1) return "variant '" + spec.variant + "' needs n >= 1, got n = " + std::to_string(spec.n);
    const DeviceTileConfig r = resolved_device_config(spec);
    if (!is_device_config(r.threads, r.items))
        return "variant '" + spec.variant + "' runs tiles of threads x items = " + device_configs_text() +
               "; got " + std::to_string(spec.threads) + "x" + std::to_string(spec.items_per_thread);
    return std::nullopt;
}

std::optional<std::string> check_device_trace(const RunSpec& spec) {
    if (spec.n < 1 || spec.n > kDeviceTraceMaxN)
        return "variant '" + spec.variant + "' traces 1 <= n <= " + std::to_string(kDeviceTraceMaxN) +
               " (tile granularity), got n = " + std::to_string(spec.n) +
               "; scanviz validate and scanviz bench run the GPU kernels at larger sizes";
    if (auto err = check_device_run(spec)) return err;
    const DeviceTileConfig c = resolved_device_config(spec);
    if (!fits_one_block_of_sums(spec.n, c))
        return "n = " + std::to_string(spec.n) + " in tiles of " + std::to_string(c.tile()) + " makes " +
               std::to_string(device_tiles(spec.n, c.tile())) + " tiles, but the trace scans the tile sums in one block of " +
               std::to_string(c.tile()) + ": use a larger tile (threads x items)";
    return std::nullopt;
}

DeviceRegions add_device_regions(TraceBuilder& b, const std::vector<double>& input, int tile) {
    DeviceRegions r;
    r.n = static_cast<int>(input.size());
    r.tile = tile;
    r.tiles = device_tiles(r.n, tile);
    r.data = b.add_region(i18n::N_("data"), Space::Global, r.n, 0, tile);
    r.aggregate = b.add_region(i18n::N_("tile aggregate"), Space::Tiles, r.tiles);
    r.prefix = b.add_region(i18n::N_("tile prefix"), Space::Tiles, r.tiles);
    for (int i = 0; i < r.n; ++i) b.init(r.data + i, input[i]);
    for (int t = 0; t < r.tiles; ++t) {
        b.init(r.aggregate + t, b.identity());
        b.init(r.prefix + t, b.identity());
    }
    return r;
}

DeviceTrace::DeviceTrace(const RunSpec& spec)
    : cfg{spec.threads, spec.items_per_thread}, tiles(device_tiles(spec.n, cfg.tile())), b(spec, tiles, tiles),
      r(add_device_regions(b, make_input(spec), cfg.tile())) {}

void DeviceTrace::record_seeded_scan(int t) {
    const int first = r.data + r.tile_begin(t), len = r.tile_len(t);
    std::vector<int> reads;
    if (t > 0) reads.push_back(r.prefix + t);
    for (int s : slot_range(first, len)) reads.push_back(s);
    b.record(tile_operation(OpKind::TileScan, t, std::move(reads), slot_range(first, len)));
}

std::vector<int> slot_range(int first, int count) {
    std::vector<int> v(static_cast<size_t>(count));
    for (int i = 0; i < count; ++i) v[i] = first + i;
    return v;
}

namespace {

constexpr int kWarp = 32;

void check_config(DeviceTileConfig cfg, size_t len) {
    if (cfg.threads <= 0 || cfg.threads % kWarp != 0 || cfg.items <= 0)
        throw std::invalid_argument("tile routine: threads must be a positive multiple of 32");
    if (len > static_cast<size_t>(cfg.tile())) throw std::invalid_argument("tile routine: more values than a tile");
}

// The tile in registers: thread t's items, identity past the end.
std::vector<double> load_tile(const std::vector<double>& vals, DeviceTileConfig cfg, double ident) {
    std::vector<double> x(static_cast<size_t>(cfg.tile()), ident);
    for (size_t i = 0; i < vals.size(); ++i) x[i] = vals[i];
    return x;
}

// Upsweep in registers: partial[t] = x[t*I] op x[t*I+1] op ... (left to right).
std::vector<double> thread_partials(const std::vector<double>& x, Op op, ElemType type, DeviceTileConfig cfg) {
    std::vector<double> p(static_cast<size_t>(cfg.threads));
    for (int t = 0; t < cfg.threads; ++t) {
        double acc = x[static_cast<size_t>(t) * cfg.items];
        for (int i = 1; i < cfg.items; ++i) acc = apply_op(op, type, acc, x[static_cast<size_t>(t) * cfg.items + i]);
        p[t] = acc;
    }
    return p;
}

}  // namespace

std::vector<double> tile_block_scan(const std::vector<double>& vals, Op op, ElemType type, DeviceTileConfig cfg,
                                    bool exclusive, const double* seed, double* aggregate) {
    check_config(cfg, vals.size());
    const double ident = identity(op, type);
    auto x = load_tile(vals, cfg, ident);
    // Seeded scan: the prefix is combined in front of the tile's first element.
    if (seed) x[0] = apply_op(op, type, *seed, x[0]);
    const auto partial = thread_partials(x, op, type, cfg);
    const int warps = cfg.threads / kWarp;

    // kogge-stone: inclusive scan of the partials in each warp (shuffle up:
    // lane takes op(lane - d's value, its own) when lane >= d).
    std::vector<double> incl = partial;
    for (int w = 0; w < warps; ++w) {
        for (int d = 1; d < kWarp; d *= 2) {
            std::vector<double> next(incl.begin() + w * kWarp, incl.begin() + (w + 1) * kWarp);
            for (int lane = d; lane < kWarp; ++lane)
                next[lane] = apply_op(op, type, incl[w * kWarp + lane - d], incl[w * kWarp + lane]);
            std::copy(next.begin(), next.end(), incl.begin() + w * kWarp);
        }
    }
    auto warp_aggregate = [&](int w) { return incl[w * kWarp + kWarp - 1]; };

    std::vector<double> out(vals.size());
    for (int t = 0; t < cfg.threads; ++t) {
        const int w = t / kWarp, lane = t % kWarp;
        // propagate: the thread's exclusive prefix: aggregates of the warps
        // before, left to right, then the lanes before it in its warp.
        double p = ident;
        if (w == 0) {
            if (lane > 0) p = incl[t - 1];
        } else {
            p = warp_aggregate(0);
            for (int k = 1; k < w; ++k) p = apply_op(op, type, p, warp_aggregate(k));
            if (lane > 0) p = apply_op(op, type, p, incl[t - 1]);
        }
        // downsweep: sequential scan in registers seeded with the prefix.
        double run = p;
        for (int i = 0; i < cfg.items; ++i) {
            const size_t k = static_cast<size_t>(t) * cfg.items + i;
            double value;
            if (exclusive) {
                value = run;
                run = apply_op(op, type, run, x[k]);
            } else {
                run = (i == 0 && t == 0) ? x[k] : apply_op(op, type, run, x[k]);
                value = run;
            }
            if (k < out.size()) out[k] = value;
        }
    }
    if (seed && exclusive) out[0] = *seed;
    if (aggregate) {
        double a = warp_aggregate(0);
        for (int w = 1; w < warps; ++w) a = apply_op(op, type, a, warp_aggregate(w));
        *aggregate = a;
    }
    return out;
}

double tile_block_reduce(const std::vector<double>& vals, Op op, ElemType type, DeviceTileConfig cfg) {
    check_config(cfg, vals.size());
    const auto x = load_tile(vals, cfg, identity(op, type));
    auto p = thread_partials(x, op, type, cfg);
    const int warps = cfg.threads / kWarp;
    // Shuffle-down tree in each warp: lane takes op(its own, lane + d's) while lane + d < 32.
    for (int w = 0; w < warps; ++w) {
        for (int d = kWarp / 2; d >= 1; d /= 2) {
            std::vector<double> next(p.begin() + w * kWarp, p.begin() + (w + 1) * kWarp);
            for (int lane = 0; lane + d < kWarp; ++lane)
                next[lane] = apply_op(op, type, p[w * kWarp + lane], p[w * kWarp + lane + d]);
            std::copy(next.begin(), next.end(), p.begin() + w * kWarp);
        }
    }
    double acc = p[0];
    for (int w = 1; w < warps; ++w) acc = apply_op(op, type, acc, p[w * kWarp]);
    return acc;
}

Operation tile_operation(OpKind kind, int tile, std::vector<int> reads, std::vector<int> writes) {
    Operation o;
    o.thread = tile;
    o.kind = kind;
    const int r = static_cast<int>(reads.size());
    o.applications = r > 1 ? r - 1 : 0;
    o.depth = ceil_log2(r > 0 ? r : 1);
    o.reads = std::move(reads);
    o.writes = std::move(writes);
    return o;
}

void step_scan_tile_sums(TraceBuilder& b, const DeviceRegions& r, DeviceTileConfig cfg, std::string_view phase) {
    b.begin_step(phase, -1, BarrierKind::KernelEnd);
    std::vector<double> sums(static_cast<size_t>(r.tiles));
    for (int t = 0; t < r.tiles; ++t) sums[t] = b.value(r.aggregate + t);
    const auto prefix = tile_block_scan(sums, b.op(), b.type(), cfg, /*exclusive=*/true, nullptr, nullptr);
    for (int t = 0; t < r.tiles; ++t) b.poke(0, r.prefix + t, prefix[t]);
    b.record(tile_operation(OpKind::TileScan, 0, slot_range(r.aggregate, r.tiles), slot_range(r.prefix, r.tiles)));
    b.end_step();
}

VariantInfo device_variant(std::string_view id, std::string_view title, std::string_view description,
                           std::string_view source_file, std::vector<std::string_view> phases, ModelFn model) {
    return VariantInfo{
        .id = id,
        .level = Level::Device,
        .title = title,
        .description = description,
        .accepts = kDeviceAccepts,
        .source_file = source_file,
        .phases = std::move(phases),
        .default_n = 1024,
        .has_items_per_thread = true,
        .model = std::move(model),
        .check = check_device_trace,
        .resolve = resolve_device,
    };
}

}  // namespace scanviz
