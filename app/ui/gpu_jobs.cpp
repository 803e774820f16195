#include "gpu_jobs.hpp"

#include <algorithm>
#include <stdexcept>

#include "kernels/bench/bench.hpp"
#include "kernels/device/decoupled_lookback.hpp"
#include "kernels/gpu.hpp"
#include "kernels/race/race.hpp"

namespace scanviz::ui {

std::function<BenchReport(JobContext&)> bench_job() {
    return [](JobContext& ctx) {
        bench::BenchConfig cfg;
        cfg.sizes = parse_bench_sizes("2^10..2^28");
        cfg.variants = bench::default_bench_variants();
        BenchReport r = bench::run_bench(cfg, [&ctx](int done, int total, const std::string& what) {
            ctx.check_cancel();  // stops the run between two of its cases
            ctx.progress(static_cast<double>(done) / std::max(total, 1), what);
        });
        r.meta.command = "scanviz window: benchmark view, live run";
        return r;
    };
}

std::function<LiveRaceRow(JobContext&)> race_job(const RaceCase& c, int launches) {
    return [c, launches](JobContext& ctx) {
        ctx.progress(0, c.key() + ": " + std::to_string(launches) + " launches");
        LiveRaceRow live;
        live.row = gpu::measure_race(c, gpu::RaceRunConfig{launches, 0, 1});
        std::string why;
        if (auto dev = gpu::find_device(&why)) {
            live.device = dev->name;
            live.sm = dev->sm();
            live.runtime = dev->runtime;
        }
        live.driver = gpu::driver_description();
        ctx.progress(1, c.key());
        return live;
    };
}

std::function<LookbackTimeline(JobContext&)> lookback_job(int64_t n) {
    return [n](JobContext& ctx) {
        ctx.progress(0, "n = " + std::to_string(n));
        LookbackTimeline t = gpu::capture_lookback_timeline(n, 1);
        const std::string problem = check_timeline(t);
        if (!problem.empty()) throw std::runtime_error("captured timeline: " + problem);
        ctx.progress(1, "n = " + std::to_string(n));
        return t;
    };
}

}  // namespace scanviz::ui
