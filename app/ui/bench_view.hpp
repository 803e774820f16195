// Benchmark view: throughput against n (log2 axis) for our single-pass scan,
// CUB, Thrust and the memcpy roof, in GB/s, as a fraction of memcpy or as a
// ratio to CUB, one line per variant and element type (core bench_series) for
// the operator and mode picked; data
// from a live run on the GPU (a job of the App's JobRunner: progress bar, cancel) or from saved results
// (the committed assets/bench/*.csv when no GPU is present).
#pragma once

#include <imgui.h>

#include <string>

#include "app.hpp"
#include "core/bench/bench.hpp"

namespace scanviz::ui {

struct BenchView {
    void Draw(App& app);
    // Reads saved results (CSV or JSON); false and `error` set on failure.
    bool Load(const std::string& path);
    // Submits a live run on the GPU (default sizes and variants) to app.jobs; false
    // when another job is in hand. The results replace the chart when it finishes.
    bool StartRun(App& app);
    void CancelRun(App& app);
    bool running(const App& app) const;

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
    void DrawTileTable();  // the block and warp variants at full occupancy (tile rows)
    bool Listed(const BenchResult& r) const;  // shown now (a lesson lists only its question's rows)
    const std::vector<std::string>* lesson_rows_ = nullptr;  // Settings::bench_rows while a lesson is open
    long long lesson_size_ = 0;  // Settings::bench_size while a lesson is open
    bool show_cub_ = true;       // the "x CUB" column (a lesson shows it for a question about CUB)

    bool tried_default_ = false;
    // The recording whose results the view shows (an opened recording's bench replaces the
    // default file's; a file opened or a live run afterwards stays until another recording opens).
    const void* shown_recording_ = nullptr;
};

// The committed results: $SCANVIZ_BENCH_FILE, else assets/bench/h100_bench.csv
// in the assets folder (core/common/assets.hpp); empty when none is found.
std::string default_bench_file();

}  // namespace scanviz::ui
