#include "core/run/runner.hpp"

#include <stdexcept>

#include "core/i18n/i18n.hpp"
#include "core/models/variants.hpp"
#include "core/run/badge.hpp"

namespace scanviz {

std::string_view to_string(RunSource s) {
    switch (s) {
        case RunSource::Auto:
            return "auto";
        case RunSource::Gpu:
            return "gpu";
        case RunSource::Recording:
            return "recording";
        case RunSource::Model:
            return "model";
    }
    return "auto";
}

Runner::Runner(GpuCapture gpu, OnGpuError on_gpu_error) : gpu_(std::move(gpu)), on_gpu_error_(on_gpu_error) {}

bool Runner::gpu_runs(const std::string& variant) const {
    return gpu_.present() && (!gpu_.has_kernel || gpu_.has_kernel(variant));
}

std::string Runner::why_not_gpu(const std::string& variant) const {
    if (!gpu_.present())
        return gpu_.why_not.empty() ? std::string(i18n::tr("no GPU"))
                                    : i18n::format(i18n::tr("no GPU: %s"), gpu_.why_not.c_str());
    if (!gpu_runs(variant)) return i18n::tr("no GPU kernel for this variant yet");
    return {};
}

RunSource Runner::choose(const RunSpec& spec, RunSource force) const {
    if (force != RunSource::Auto) return force;
    if (gpu_runs(spec.variant)) return RunSource::Gpu;
    if (recording_ && !gpu_.present() && recording_->find(spec)) return RunSource::Recording;
    return RunSource::Model;
}

Trace Runner::run(const RunSpec& spec, RunSource force) const {
    switch (choose(spec, force)) {
        case RunSource::Gpu: {
            if (!gpu_runs(spec.variant)) throw std::runtime_error(why_not_gpu(spec.variant));
            if (on_gpu_error_ == OnGpuError::Throw) return gpu_.capture(spec);
            try {
                return gpu_.capture(spec);
            } catch (const std::exception& e) {
                Trace t = run_model(spec);
                t.source.note = i18n::format(i18n::tr("GPU capture failed (%s); reference model shown"), e.what());
                return t;
            }
        }
        case RunSource::Recording: {
            const Trace* recorded = recording_ ? recording_->find(spec) : nullptr;
            if (!recorded)
                throw std::runtime_error(recording_ ? i18n::format(i18n::tr("this input is not in the recording of %s"),
                                                                   recording_->device.name.c_str())
                                                    : std::string(i18n::tr("no recording is open")));
            return as_recorded(*recording_, *recorded);
        }
        case RunSource::Auto:
        case RunSource::Model:
            break;
    }
    Trace t = run_model(spec);
    if (force == RunSource::Auto && recording_)
        t.source.note = i18n::format(i18n::tr("this input is not in the recording of %s: reference model shown"),
                                     recording_->device.name.c_str());
    return t;
}

}  // namespace scanviz
