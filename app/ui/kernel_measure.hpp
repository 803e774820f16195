// The Your-kernel panel's measurements, your kernel beside ours: "Time it beside ours" runs
// scanviz kernel --bench and "Profile with ncu" runs --profile on the file in the panel, each as a
// job on the window's job runner (never in the frame), and shows the table once it has run.
#pragma once

#include <string>

namespace scanviz::ui {

struct App;

inline constexpr const char* kKernelBenchJob = "your kernel's bench";
inline constexpr const char* kKernelProfileJob = "your kernel's profile";

struct KernelMeasure {
    std::string bench_text, bench_error;      // the last --bench table, or why there is none
    std::string profile_text, profile_error;  // the last --profile table, or why there is none
    std::string measured_path;                // the file they measured

    // The two buttons (disabled while the job runner is busy) and the tables or errors.
    void Draw(App& app, const std::string& path);
    void StartBench(App& app, const std::string& path);
    void StartProfile(App& app, const std::string& path);
};

}  // namespace scanviz::ui
