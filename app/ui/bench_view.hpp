// Benchmark view: throughput against n (log2 axis) for our single-pass scan,
// CUB, Thrust and the memcpy roof, in GB/s, as a fraction of memcpy or as a
// ratio to CUB, one line per variant and element type (core bench_series) for
// the operator and mode picked; data
// from a live run on the GPU (progress bar, cancel) or from saved results
// (the committed assets/bench/*.csv when no GPU is present).
#pragma once

#include <imgui.h>

#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "app.hpp"
#include "core/bench/bench.hpp"

namespace scanviz::ui {

struct BenchView {
    BenchView();
    ~BenchView();
    BenchView(const BenchView&) = delete;
    BenchView& operator=(const BenchView&) = delete;

    void Draw(App& app);
    // Reads saved results (CSV or JSON); false and `error` set on failure.
    bool Load(const std::string& path);
    // Starts a live run on the GPU in a worker thread (default sizes and variants).
    void StartRun();
    void CancelRun() { cancel_ = true; }
    bool running() const { return running_; }

    BenchReport report;
    bool have_report = false;
    std::string source;  // "live run" or the file it came from
    std::string error;
    BenchMetric metric = BenchMetric::Gbps;
    int op_mode = 0;        // index into bench_op_modes(report)
    std::string path_text;  // the file field

private:
    void DrawChart(const App& app, ImVec2 size);
    void DrawTable();
    void Collect();  // takes a finished live run's results

    std::thread worker_;
    std::atomic<bool> running_{false};
    std::atomic<bool> cancel_{false};
    std::atomic<int> done_{0}, total_{1};
    std::mutex mutex_;  // guards the three below
    std::string progress_what_;
    std::optional<BenchReport> finished_;
    std::string run_error_;
    bool tried_default_ = false;
};

// The committed results, where a build run from the repository finds them
// (SCANVIZ_BENCH_FILE, then assets/bench/h200_bench.csv from the working
// directory and its parents); empty when none is found.
std::string default_bench_file();

}  // namespace scanviz::ui
