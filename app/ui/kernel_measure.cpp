#include "kernel_measure.hpp"

#include <imgui.h>

#include <filesystem>

#include "app.hpp"
#include "core/i18n/i18n.hpp"
#include "core/learner/learner_bench.hpp"
#include "core/learner/settings.hpp"
#include "kernels/learner/gpu_engine.hpp"
#include "kernels/learner/learner_bench.hpp"

namespace scanviz::ui {
namespace {

struct Measured {
    std::string text, error;
};

// The request --bench and --profile take for the file's text: its header, as scanviz kernel reads it.
bool request_of(const std::string& path, const std::string& text, LearnerRequest& r, std::string& error) {
    ParsedSettings p = parse_settings(text, std::filesystem::path(path).filename().string());
    if (!p.error.empty()) {
        error = p.error;
        return false;
    }
    if (std::string err = check_settings(p.settings, path); !err.empty()) {
        error = err;
        return false;
    }
    r.file = path;
    r.source = text;
    r.settings = p.settings;
    r.spec = settings_spec(r.settings);
    return true;
}

// On the worker thread: the GPU engine's presence, then the child (a time limit of its own).
Measured measure(const std::string& path, const std::string& text, bool profile) {
    Measured m;
    LearnerRequest r;
    if (!request_of(path, text, r, m.error)) return m;
    const LearnerGpuEngine gpu = learner::gpu_engine();
    if (!gpu.present()) {
        m.error = gpu.why_not;
        return m;
    }
    if (profile) {
        const std::string ncu = learner::find_ncu();
        if (ncu.empty()) {
            m.error = i18n::tr("--profile: no ncu (Nsight Compute) on PATH or in /usr/local/cuda/bin");
            return m;
        }
        const learner::ProfileChildResult p = learner::run_learner_profile(r, ncu);
        if (p.error.empty()) m.text = learner_bench::format_profile_text(p.result);
        m.error = p.error;
        return m;
    }
    const learner::BenchChildResult b = learner::run_learner_bench(r);
    if (!b.error.empty()) {
        m.error = b.error;
        return m;
    }
    auto t = learner_bench::parse_bench_output(b.out, &m.error);
    if (t) {
        t->file = std::filesystem::path(path).filename().string();
        m.text = learner_bench::format_bench_text(*t);
    }
    return m;
}

void start(App& app, const char* job, const std::string& path, bool profile, std::string& text, std::string& error,
           std::string& measured_path) {
    const std::string source = app.learner.text;
    app.jobs.submit<Measured>(
        job, [path, source, profile](JobContext&) { return measure(path, source, profile); },
        [&text, &error, &measured_path, path](Measured m) {
            text = std::move(m.text);
            error = std::move(m.error);
            measured_path = path;
        },
        [&error](const std::string& e) { error = e; });
}

}  // namespace

void KernelMeasure::StartBench(App& app, const std::string& path) {
    start(app, kKernelBenchJob, path, false, bench_text, bench_error, measured_path);
}

void KernelMeasure::StartProfile(App& app, const std::string& path) {
    start(app, kKernelProfileJob, path, true, profile_text, profile_error, measured_path);
}

void KernelMeasure::Draw(App& app, const std::string& path) {
    const bool busy = app.jobs.busy();
    ImGui::BeginDisabled(busy || path.empty());
    if (ImGui::Button(i18n::tr("Time it beside ours"))) StartBench(app, path);
    ImGui::SameLine();
    if (ImGui::Button(i18n::tr("Profile with ncu"))) StartProfile(app, path);
    ImGui::EndDisabled();
    if (app.jobs.holds(kKernelBenchJob) || app.jobs.holds(kKernelProfileJob)) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s", i18n::tr("measuring on the GPU..."));
    }
    if (measured_path != path) return;  // the tables of another file are not this one's
    for (const auto* part : {&bench_text, &profile_text})
        if (!part->empty()) ImGui::TextUnformatted(part->c_str());
    ImGui::PushTextWrapPos(0.0f);
    for (const auto* e : {&bench_error, &profile_error})
        if (!e->empty()) ImGui::TextColored(ImVec4(0.9f, 0.35f, 0.3f, 1.0f), "%s", e->c_str());
    ImGui::PopTextWrapPos();
}

}  // namespace scanviz::ui
