#include "gpu_jobs.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <stdexcept>

#include "kernels/sass/sass_paths.hpp"
#include "core/i18n/i18n.hpp"
#include "kernels/bench/bench.hpp"
#include "kernels/device/decoupled_lookback.hpp"
#include "core/learner/engine_cpu.hpp"
#include "core/learner/engine_files.hpp"
#include "kernels/gpu.hpp"
#include "kernels/learner/gpu_engine.hpp"
#include "kernels/learner/learner_sass.hpp"
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

namespace {

std::shared_ptr<const LearnerEngineChoice> choose_learner_engine() {
    auto choice = std::make_shared<LearnerEngineChoice>();
    LearnerGpuEngine gpu = learner::gpu_engine();
    if (gpu.present()) {
        choice->run = gpu.run;
        choice->kind = "gpu";
        choice->device = gpu.device;
    } else {
        choice->run = cpu_engine();
        choice->kind = "cpu";
        choice->why_not_gpu = gpu.why_not;
    }
    return choice;
}

}  // namespace

std::function<LearnerJobResult(JobContext&)> learner_run_job(std::string file, std::string text, double timeout_s,
                                                             std::shared_ptr<const LearnerEngineChoice> engine,
                                                             bool interleaved, int launches) {
    return [file = std::move(file), text = std::move(text), timeout_s, engine, interleaved,
            launches](JobContext& ctx) {
        const auto start = std::chrono::steady_clock::now();
        LearnerJobResult out;
        out.engine = engine;
        if (!out.engine) {
            ctx.progress(0.05, i18n::tr("looking for a GPU engine..."));
            out.engine = choose_learner_engine();
        }
        LearnerRequest& request = out.request;
        request.file = file;
        request.source = text;
        request.timeout_s = timeout_s;
        ParsedSettings parsed = parse_settings(text, file);
        if (parsed.error.empty()) {
            parsed.settings.spec.variant = parsed.settings.like;
            parsed.error = check_settings(parsed.settings, file);
        }
        if (!parsed.error.empty()) {
            out.run.error = parsed.error;
            return out;
        }
        request.settings = parsed.settings;
        request.spec = settings_spec(request.settings);
        request.schedule_seed = request.spec.seed;
        if (interleaved) request.schedule = Schedule::Interleaved;
        ctx.progress(0.2, out.engine->kind == "gpu" ? i18n::tr("compiling and running on the GPU...")
                                                     : i18n::tr("compiling and running on the CPU..."));
        // The interleaved schedule is the CPU engine's: a GPU orders its threads itself.
        const bool on_cpu = interleaved && out.engine->kind == "gpu";
        if (out.engine->kind == "gpu" && !on_cpu) request.launches = std::max(1, launches);
        out.run = on_cpu ? run_learner(cpu_engine(), request, "cpu") : run_learner(out.engine->run, request, out.engine->kind);
        if (!out.run.error.empty() && out.run.error.rfind(file, 0) != 0) out.run.error = file + ": " + out.run.error;
        out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return out;
    };
}

std::function<LearnerChecks(JobContext&)> learner_checks_job(std::shared_ptr<const LearnerJobResult> done,
                                                             std::string sass_arch) {
    return [done, sass_arch](JobContext& ctx) {
        LearnerChecks out;
        ctx.progress(0.1, i18n::tr("checking: other inputs, the model, hazards..."));
        out.lines = check_run(done->engine->run, done->request, done->run, 1, done->engine->kind);
        ctx.progress(0.7, i18n::tr("the SASS of your kernel..."));
        out.sass_arch = sass_arch;
        const LearnerRequest& r = done->request;
        const learner::LearnerSass sass =
            learner::learner_sass(r.source, std::filesystem::path(r.file).filename().string(), r.settings.kernel,
                                  learner_files::include_dir(), sass_arch);
        out.sass_error = sass.error;
        out.sass_instructions = sass.error.empty() ? sass.row.whole.total() : 0;
        out.sass_listing = sass.listing;
        if (sass.error.empty()) {
            if (!r.settings.like.empty()) {
                const auto& p = kern::sass_paths();
                const std::vector<std::string> one_arch{sass.row.arch}, like{r.settings.like};
                try {
                    out.sass_rows = sass::count_table(sass::Locations{p.build_dir, p.snapshot_dir, p.cubins_built},
                                                      one_arch, like);
                } catch (const std::exception&) {
                    out.sass_rows.clear();  // no listing of the twin here: yours alone
                }
            }
            out.sass_rows.push_back(sass.row);
        }
        return out;
    };
}

}  // namespace scanviz::ui
