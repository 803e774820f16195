// JobRunner: the one way the window runs long GPU work (a live benchmark, a race
// measurement, a look-back capture). One named job at a time on a worker thread;
// the job reports progress (a fraction and a line of text) and checks a cancel
// flag between its steps; the UI thread polls each frame and is handed the result,
// or the error, there. Views submit jobs (gpu_jobs.hpp makes them) and never start
// threads or kernels themselves. Plain C++ (no ImGui): tests drive it without a window.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

namespace scanviz::ui {

// Thrown by JobContext::check_cancel(): the job stops between two steps; the
// error handed back is "cancelled".
class JobCancelled : public std::runtime_error {
public:
    JobCancelled() : std::runtime_error("cancelled") {}
};

// What a running job sees: where to report progress and whether to stop.
class JobContext {
public:
    // fraction in 0 .. 1 (clamped); text: what it is doing now ("2^20 cub i32").
    void progress(double fraction, const std::string& text);
    bool cancelled() const;
    // Throws JobCancelled when cancel was asked.
    void check_cancel() const;

private:
    friend class JobRunner;
    struct State;
    explicit JobContext(std::shared_ptr<State> state) : state_(std::move(state)) {}
    std::shared_ptr<State> state_;
};

// What the UI shows about the job in hand.
struct JobStatus {
    std::string name;  // empty when none
    double fraction = 0;
    std::string text;
    bool running = false;     // on the worker now
    bool cancelling = false;  // cancel asked, the job has not stopped yet
};

class JobRunner {
public:
    // What the UI thread does with a finished job's result (called by poll()).
    using Finish = std::function<void()>;
    // The work, on the worker thread: returns its Finish (holding the result).
    using Work = std::function<Finish(JobContext&)>;
    // Called by poll() with the job's error (what() of what it threw; "cancelled").
    using OnError = std::function<void(const std::string& error)>;

    JobRunner();
    ~JobRunner();  // cancels the job in hand and waits for it
    JobRunner(const JobRunner&) = delete;
    JobRunner& operator=(const JobRunner&) = delete;

    // Starts `work` on the worker; false (and nothing started) while another job
    // is running or its result has not been polled yet.
    bool submit(const std::string& name, Work work, OnError on_error);
    // The typed form: `work` returns a T, `on_done` takes it on the UI thread.
    template <class T>
    bool submit(const std::string& name, std::function<T(JobContext&)> work, std::function<void(T)> on_done,
                OnError on_error) {
        return submit(
            name,
            [work = std::move(work), on_done = std::move(on_done)](JobContext& ctx) -> Finish {
                auto result = std::make_shared<T>(work(ctx));
                return [on_done, result] { on_done(std::move(*result)); };
            },
            std::move(on_error));
    }

    // Asks the job in hand to stop (it does at its next check).
    void cancel();
    // On the UI thread, each frame: hands a finished job's result or error to its
    // callbacks. True when it handed one.
    bool poll();
    // Blocks until the job in hand has finished (not polled): scripts and tests.
    void wait();

    // A job is running, or finished and waiting for poll().
    bool busy() const;
    // The job in hand is `name` (running or waiting for poll()).
    bool holds(const std::string& name) const;
    JobStatus status() const;

private:
    std::shared_ptr<JobContext::State> state_;
    std::thread worker_;
    OnError on_error_;
};

}  // namespace scanviz::ui
