#include "gpu_engine.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "core/i18n/i18n.hpp"
#include "core/learner/child.hpp"
#include "core/learner/engine_files.hpp"
#include "core/learner/error_text.hpp"
#include "core/learner/plain_cuda.hpp"
#include "cuda_dl.hpp"
#include "child_lines.hpp"

namespace scanviz::learner {
namespace {

namespace fs = std::filesystem;
namespace lf = learner_files;

// Time the child gets on top of the kernel's own limit: the driver's start, NVRTC on a
// first run (about 0.2 to 1 s), the copies.
constexpr double kChildOverheadS = 30.0;

}  // namespace

LearnerGpuEngine gpu_engine() {
    LearnerGpuEngine e;
    std::string why;
    if (!load_nvrtc(&why)) {
        e.why_not = i18n::format(i18n::tr("no GPU engine: %s"), why.c_str());
        return e;
    }
    if (!load_driver(&why)) {
        e.why_not = i18n::format(i18n::tr("no GPU engine: %s"), why.c_str());
        return e;
    }
    const std::string exe = self_exe();
    if (exe.empty()) {
        e.why_not = i18n::tr("no GPU engine: cannot find this program's own path (/proc/self/exe)");
        return e;
    }
    // The device is asked in a child, so that this process never starts the driver for it.
    const ChildResult probe = run_child({exe, kGpuChildFlag, "probe"}, 60.0);
    if (!probe.started || probe.exit_code != 0) {
        const std::string f = child_field(probe.out, "fail");
        const std::string why_probe =
            f.empty() ? (probe.error.empty() ? std::string(i18n::tr("the device probe failed")) : probe.error)
                      : kernel_error_shown(f);
        e.why_not = i18n::format(i18n::tr("no GPU engine: %s"), why_probe.c_str());
        return e;
    }
    e.device = child_field(probe.out, "device");
    const std::string device = e.device;
    e.run = [exe, device](const LearnerRequest& r) {
        EngineOutput out;
        out.device = device;
        const std::string include_dir = lf::include_dir();
        if (include_dir.empty()) {
            out.error = i18n::tr("scanviz.cuh not found: the assets folder is missing");
            return out;
        }
        const fs::path cache = fs::path(lf::default_cache_dir()) / "gpu";
        const std::string run_dir = lf::fresh_dir(cache, "run");
        if (run_dir.empty()) {
            out.error = i18n::format(i18n::tr("cannot write to %s"), cache.c_str());
            return out;
        }
        const fs::path dir = run_dir;
        std::error_code ec;
        const fs::path src = dir / "kernel.cu", run = dir / "run.txt", rec = dir / "records.txt";
        // NVRTC resolves #include "scanviz.cuh" next to the file first, then in include_dir. A plain
        // CUDA file is traced as the CPU engine traces it (plain_cuda.hpp): the same text.
        const PreparedSource prepared = prepare_source(r.source);
        if (!lf::write_file(src, prepared.text) || !lf::write_file(run, lf::run_file(r))) {
            out.error = i18n::format(i18n::tr("cannot write to %s"), dir.c_str());
            return out;
        }
        const std::string shown = fs::path(r.file).filename().string();
        // The launches after the first take about as long as it does.
        const double limit = r.timeout_s * std::max(1, r.launches) + kChildOverheadS;
        const ChildResult cr =
            run_child({exe, kGpuChildFlag, "run", src.string(), include_dir, r.settings.kernel,
                       r.settings.segmented ? "1" : "0", run.string(), rec.string(), lf::seconds(r.timeout_s),
                       cache.string(), shown.empty() ? "kernel.cu" : shown, std::to_string(std::max(1, r.launches))},
                      limit, "", gpu_child_policy(dir.string(), limit));  // contained (contain.hpp)
        out.records = lf::read_file(rec);
        out.log = cr.err;
        std::istringstream more(lf::read_file(rec.string() + ".launches"));
        for (std::string line; std::getline(more, line);) {  // "COUNT v0 v1 ...": a distinct output
            std::istringstream values(line);
            long long count = 0;
            if (!(values >> count) || count < 1) continue;
            std::vector<double> output;
            for (std::string v; values >> v;) output.push_back(v == "nan" ? std::nan("") : std::strtod(v.c_str(), nullptr));
            out.more_outputs.push_back(std::move(output));
            out.more_counts.push_back(count);
        }
        fs::remove_all(dir, ec);
        const std::string fail = child_field(cr.out, "fail");
        if (!cr.started) out.error = cr.error;
        else if (cr.timed_out) out.error = lf::timeout_message(r.timeout_s);
        else if (cr.signal != 0)
            out.error = i18n::format(i18n::tr("the GPU engine's child crashed (%s)"), signal_name(cr.signal).c_str());
        else if (cr.exit_code == 4)
            out.error = fail.empty() ? std::string(i18n::tr("the GPU engine could not run the kernel"))
                                     : with_traced_array_hint(prepared, kernel_error_shown(fail));
        else if (cr.exit_code != 0 && cr.exit_code != 3)
            out.error = i18n::format(i18n::tr("the GPU engine's child exited with code %d"), cr.exit_code);
        return out;
    };
    return e;
}

}  // namespace scanviz::learner
