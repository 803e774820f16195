// The Runner's order (core/run/runner.hpp): a forced source; the GPU when a capture
// is lent and has the kernel; the open recording when there is no GPU and it holds
// the spec; the model; and what trace.source and the badge say about each. Then the
// window's JobRunner (app/ui/jobs.hpp, plain C++): progress, cancel, an error carried
// back, a result handed over on poll().
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>

#include "core/models/variants.hpp"
#include "core/run/badge.hpp"
#include "core/run/runner.hpp"
#include "ui/jobs.hpp"

namespace scanviz {
namespace {

RunSpec spec_of(const std::string& variant, Op op = Op::Add) {
    RunSpec s;
    s.variant = variant;
    const VariantInfo* v = find_variant(variant);
    s.n = v ? v->default_n : 32;
    s.op = op;
    if (auto err = validate_and_resolve(s)) throw std::invalid_argument(*err);
    return s;
}

// A recording of one trace (warp_conditional, add), made "on" a fake GPU.
std::shared_ptr<const Recording> fake_recording() {
    auto rec = std::make_shared<Recording>();
    rec->device.name = "NVIDIA Fake 80GB";
    rec->device.sm = "sm_90";
    rec->date = "2026-11-21T10:00:00Z";
    Trace t = run_model(spec_of("warp_conditional"));
    t.source.kind = "gpu";
    t.source.device = "NVIDIA Fake 80GB";
    t.source.sm = "sm_90";
    t.output.back() += 1000;  // tells the recorded trace from the model's
    rec->traces.push_back(t);
    return rec;
}

// A GPU capture that counts its calls and has kernels for warp variants only.
GpuCapture fake_gpu(std::shared_ptr<int> calls, bool fail = false) {
    GpuCapture g;
    g.device = "Fake GPU";
    g.sm = "sm_90";
    g.has_kernel = [](const std::string& v) { return v.rfind("warp_", 0) == 0; };
    g.capture = [calls, fail](const RunSpec& spec) {
        ++*calls;
        if (fail) throw std::runtime_error("cudaErrorLaunchFailure at capture.cu:12");
        Trace t = run_model(spec);
        t.source.kind = "gpu";
        t.source.device = "Fake GPU";
        t.source.sm = "sm_90";
        return t;
    };
    return g;
}

TEST(Runner, ModelWhenNoGpuAndNoRecording) {
    const Runner runner;
    const RunSpec spec = spec_of("warp_conditional");
    EXPECT_EQ(runner.choose(spec), RunSource::Model);
    const Trace t = runner.run(spec);
    EXPECT_EQ(t.source.kind, "model");
    EXPECT_EQ(t.source.note, "");
    EXPECT_EQ(badge_text(t.source), "reference model");
    EXPECT_EQ(t.output, run_model(spec).output);
    EXPECT_EQ(runner.why_not_gpu(spec.variant), "no GPU");
}

TEST(Runner, WhyNotGpuNamesTheReason) {
    GpuCapture none;
    none.why_not = "this scanviz was built without CUDA";
    const Runner runner(none);
    EXPECT_FALSE(runner.gpu_present());
    EXPECT_EQ(runner.why_not_gpu("warp_conditional"), "no GPU: this scanviz was built without CUDA");
    auto calls = std::make_shared<int>(0);
    const Runner gpu(fake_gpu(calls));
    EXPECT_EQ(gpu.why_not_gpu("warp_conditional"), "");
    EXPECT_EQ(gpu.why_not_gpu("block_blelloch"), "no GPU kernel for this variant yet");
}

TEST(Runner, RecordingWhenItHoldsTheSpec) {
    Runner runner;
    const auto rec = fake_recording();
    runner.set_recording(rec);
    const RunSpec held = spec_of("warp_conditional");
    EXPECT_EQ(runner.choose(held), RunSource::Recording);
    const Trace t = runner.run(held);
    EXPECT_EQ(t.source.kind, "recording");
    EXPECT_EQ(t.source.device, "NVIDIA Fake 80GB");
    EXPECT_EQ(t.source.date, "2026-11-21");
    EXPECT_EQ(t.output, rec->traces.front().output);
    EXPECT_EQ(badge_text(t.source), "recorded on NVIDIA Fake 80GB on 2026-11-21");

    // An input it lacks: the model, and the note says so.
    const RunSpec lacked = spec_of("warp_conditional", Op::Max);
    EXPECT_EQ(runner.choose(lacked), RunSource::Model);
    const Trace m = runner.run(lacked);
    EXPECT_EQ(m.source.kind, "model");
    EXPECT_EQ(m.source.note, "this input is not in the recording of NVIDIA Fake 80GB: reference model shown");
    EXPECT_EQ(badge_text(m.source), "reference model (" + m.source.note + ")");
}

TEST(Runner, InjectedGpuWins) {
    auto calls = std::make_shared<int>(0);
    Runner runner(fake_gpu(calls));
    runner.set_recording(fake_recording());  // a device present runs live, even where the recording holds it
    const RunSpec spec = spec_of("warp_conditional");
    EXPECT_EQ(runner.choose(spec), RunSource::Gpu);
    const Trace t = runner.run(spec);
    EXPECT_EQ(*calls, 1);
    EXPECT_EQ(t.source.kind, "gpu");
    EXPECT_EQ(badge_text(t.source), "GPU: Fake GPU (sm_90)");
    EXPECT_EQ(t.output, run_model(spec).output);

    // No kernel for the variant: the model (not the recording), with the recording's note.
    const RunSpec other = spec_of("block_blelloch");
    EXPECT_EQ(runner.choose(other), RunSource::Model);
    const Trace m = runner.run(other);
    EXPECT_EQ(*calls, 1);
    EXPECT_EQ(m.source.kind, "model");
    EXPECT_NE(m.source.note.find("not in the recording"), std::string::npos);
}

TEST(Runner, ForcedSource) {
    auto calls = std::make_shared<int>(0);
    const Runner runner(fake_gpu(calls));
    const RunSpec spec = spec_of("warp_conditional");
    EXPECT_EQ(runner.choose(spec, RunSource::Model), RunSource::Model);
    EXPECT_EQ(runner.run(spec, RunSource::Model).source.kind, "model");
    EXPECT_EQ(*calls, 0);
    EXPECT_EQ(runner.run(spec, RunSource::Gpu).source.kind, "gpu");
    EXPECT_EQ(*calls, 1);
    // The GPU forced where it cannot run, the recording forced where none is open: one line each.
    EXPECT_THROW(runner.run(spec_of("block_blelloch"), RunSource::Gpu), std::runtime_error);
    EXPECT_THROW(Runner().run(spec, RunSource::Gpu), std::runtime_error);
    EXPECT_THROW(runner.run(spec, RunSource::Recording), std::runtime_error);
}

TEST(Runner, FailedCapture) {
    auto calls = std::make_shared<int>(0);
    // The commands: the error goes on.
    const Runner strict(fake_gpu(calls, true));
    const RunSpec spec = spec_of("warp_conditional");
    EXPECT_THROW(strict.run(spec), std::runtime_error);
    // The window: the model, and the note says why.
    const Runner window(fake_gpu(calls, true), OnGpuError::Model);
    const Trace t = window.run(spec);
    EXPECT_EQ(t.source.kind, "model");
    EXPECT_EQ(t.source.note,
              "GPU capture failed (cudaErrorLaunchFailure at capture.cu:12); reference model shown");
    EXPECT_EQ(*calls, 2);
}

TEST(Runner, RunSourceNames) {
    EXPECT_EQ(to_string(RunSource::Auto), "auto");
    EXPECT_EQ(to_string(RunSource::Gpu), "gpu");
    EXPECT_EQ(to_string(RunSource::Recording), "recording");
    EXPECT_EQ(to_string(RunSource::Model), "model");
}

}  // namespace
}  // namespace scanviz

namespace scanviz::ui {
namespace {

using namespace std::chrono_literals;

// Polls (as the window does each frame) until the job's result or error is handed over.
void poll_until_done(JobRunner& jobs) {
    for (int i = 0; i < 2000 && !jobs.poll(); ++i) std::this_thread::sleep_for(1ms);
}

TEST(JobRunner, ResultOnPollWithProgress) {
    JobRunner jobs;
    std::atomic<bool> go{false};
    int result = 0;
    std::string error;
    ASSERT_TRUE(jobs.submit<int>(
        "count",
        [&go](JobContext& ctx) {
            ctx.progress(0.5, "half way");
            while (!go) std::this_thread::sleep_for(1ms);
            return 42;
        },
        [&](int r) { result = r; }, [&](const std::string& e) { error = e; }));
    EXPECT_TRUE(jobs.busy());
    EXPECT_TRUE(jobs.holds("count"));
    EXPECT_FALSE(jobs.holds("other"));
    // One job at a time.
    EXPECT_FALSE(jobs.submit<int>("other", [](JobContext&) { return 1; }, [](int) {}, nullptr));
    for (int i = 0; i < 2000 && jobs.status().text.empty(); ++i) std::this_thread::sleep_for(1ms);
    const JobStatus s = jobs.status();
    EXPECT_EQ(s.name, "count");
    EXPECT_TRUE(s.running);
    EXPECT_DOUBLE_EQ(s.fraction, 0.5);
    EXPECT_EQ(s.text, "half way");
    EXPECT_FALSE(jobs.poll());  // not finished: nothing handed over
    go = true;
    jobs.wait();
    EXPECT_EQ(result, 0);  // the result waits for the UI thread's poll
    EXPECT_TRUE(jobs.busy());
    EXPECT_TRUE(jobs.poll());
    EXPECT_EQ(result, 42);
    EXPECT_EQ(error, "");
    EXPECT_FALSE(jobs.busy());
    EXPECT_EQ(jobs.status().name, "");
}

TEST(JobRunner, CancelStopsBetweenSteps) {
    JobRunner jobs;
    std::atomic<int> steps{0};
    bool done = false;
    std::string error;
    ASSERT_TRUE(jobs.submit<int>(
        "steps",
        [&steps](JobContext& ctx) {
            for (int i = 0; i < 100000; ++i) {
                ctx.check_cancel();
                ctx.progress(i / 100000.0, "step " + std::to_string(i));
                ++steps;
                std::this_thread::sleep_for(1ms);
            }
            return 0;
        },
        [&](int) { done = true; }, [&](const std::string& e) { error = e; }));
    for (int i = 0; i < 2000 && steps < 3; ++i) std::this_thread::sleep_for(1ms);
    jobs.cancel();
    poll_until_done(jobs);
    EXPECT_FALSE(done);
    EXPECT_EQ(error, "cancelled");
    EXPECT_LT(steps.load(), 100000);
    // The next job runs (the flag is cleared).
    int r = 0;
    ASSERT_TRUE(jobs.submit<int>("again", [](JobContext& ctx) { return ctx.cancelled() ? -1 : 7; },
                                 [&](int x) { r = x; }, nullptr));
    poll_until_done(jobs);
    EXPECT_EQ(r, 7);
}

TEST(JobRunner, ErrorCarriedBack) {
    JobRunner jobs;
    bool done = false;
    std::string error;
    ASSERT_TRUE(jobs.submit<int>(
        "fails",
        [](JobContext&) -> int { throw std::runtime_error("cudaErrorIllegalAddress in race.cu:40"); },
        [&](int) { done = true; }, [&](const std::string& e) { error = e; }));
    poll_until_done(jobs);
    EXPECT_FALSE(done);
    EXPECT_EQ(error, "cudaErrorIllegalAddress in race.cu:40");
    EXPECT_FALSE(jobs.busy());
}

TEST(JobRunner, DestructorCancelsAndWaits) {
    std::atomic<bool> started{false}, stopped{false};
    {
        JobRunner jobs;
        jobs.submit<int>(
            "long",
            [&started, &stopped](JobContext& ctx) {
                started = true;
                while (!ctx.cancelled()) std::this_thread::sleep_for(1ms);
                stopped = true;
                return 0;
            },
            [](int) {}, nullptr);
        for (int i = 0; i < 2000 && !started; ++i) std::this_thread::sleep_for(1ms);
    }
    EXPECT_TRUE(stopped);
}

}  // namespace
}  // namespace scanviz::ui
