#include "jobs.hpp"

#include <algorithm>
#include <condition_variable>

namespace scanviz::ui {

struct JobContext::State {
    mutable std::mutex mutex;  // guards everything below but `cancel`
    std::condition_variable finished_cv;
    std::atomic<bool> cancel{false};
    std::string name;
    double fraction = 0;
    std::string text;
    bool running = false;
    bool finished = false;  // the worker is done; poll() hands the result over
    JobRunner::Finish finish;
    std::string error;
};

void JobContext::progress(double fraction, const std::string& text) {
    std::lock_guard<std::mutex> lock(state_->mutex);
    state_->fraction = std::clamp(fraction, 0.0, 1.0);
    state_->text = text;
}

bool JobContext::cancelled() const { return state_->cancel; }

void JobContext::check_cancel() const {
    if (state_->cancel) throw JobCancelled();
}

JobRunner::JobRunner() : state_(std::make_shared<JobContext::State>()) {}

JobRunner::~JobRunner() {
    state_->cancel = true;
    if (worker_.joinable()) worker_.join();
}

bool JobRunner::submit(const std::string& name, Work work, OnError on_error) {
    {
        std::lock_guard<std::mutex> lock(state_->mutex);
        if (state_->running || state_->finished) return false;
        state_->name = name;
        state_->fraction = 0;
        state_->text.clear();
        state_->running = true;
        state_->finish = nullptr;
        state_->error.clear();
    }
    if (worker_.joinable()) worker_.join();
    state_->cancel = false;
    on_error_ = std::move(on_error);
    worker_ = std::thread([state = state_, work = std::move(work)] {
        JobContext ctx(state);
        Finish finish;
        std::string error;
        try {
            ctx.check_cancel();
            finish = work(ctx);
            if (!finish) finish = [] {};
        } catch (const std::exception& e) {
            error = e.what();
            if (error.empty()) error = "the job failed";
        } catch (...) {
            error = "the job failed";
        }
        std::lock_guard<std::mutex> lock(state->mutex);
        state->finish = std::move(finish);
        state->error = std::move(error);
        state->running = false;
        state->finished = true;
        state->finished_cv.notify_all();
    });
    return true;
}

void JobRunner::cancel() { state_->cancel = true; }

bool JobRunner::poll() {
    Finish finish;
    std::string error;
    {
        std::lock_guard<std::mutex> lock(state_->mutex);
        if (!state_->finished) return false;
        state_->finished = false;
        finish = std::move(state_->finish);
        error = std::move(state_->error);
        state_->finish = nullptr;
        state_->name.clear();
        state_->text.clear();
        state_->fraction = 0;
    }
    if (worker_.joinable()) worker_.join();
    OnError on_error = std::move(on_error_);
    on_error_ = nullptr;
    if (!error.empty()) {
        if (on_error) on_error(error);
    } else if (finish) {
        finish();
    }
    return true;
}

void JobRunner::wait() {
    std::unique_lock<std::mutex> lock(state_->mutex);
    state_->finished_cv.wait(lock, [&] { return !state_->running; });
}

bool JobRunner::busy() const {
    std::lock_guard<std::mutex> lock(state_->mutex);
    return state_->running || state_->finished;
}

bool JobRunner::holds(const std::string& name) const {
    std::lock_guard<std::mutex> lock(state_->mutex);
    return (state_->running || state_->finished) && state_->name == name;
}

JobStatus JobRunner::status() const {
    std::lock_guard<std::mutex> lock(state_->mutex);
    JobStatus s;
    if (!state_->running && !state_->finished) return s;
    s.name = state_->name;
    s.fraction = state_->fraction;
    s.text = state_->text;
    s.running = state_->running;
    s.cancelling = state_->running && state_->cancel;
    return s;
}

}  // namespace scanviz::ui
