// The profiler cross-check: for each fixed case (cases.hpp)
// our figures, derived from the case's trace, beside what Nsight Compute
// measured on the uninstrumented kernel.
//
// Like with like: ncu counts the whole kernel, the trace covers the scan.
// So our side has three parts, each computed from the trace:
//   scan   every shared access group of every step (metrics.hpp);
//   tile   where the trace shows the tile staged in shared memory (its
//          initial shared data is the input, its final shared data the
//          output), one store per warp and item to load it and one load per
//          warp and item to write the output, thread t holding elements
//          t, t + threads, ... (the striped load every such kernel does);
//   code   what the compiler made of the source that the trace does not
//          show, where the SASS shows it (a finding per variant, below).
// A bank conflict is ncu's definition: a wavefront beyond the ideal one per
// 32-bit access instruction (two per warp for a 64-bit one).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/profile/ncu_csv.hpp"
#include "core/profile/cases.hpp"
#include "core/trace/trace.hpp"

namespace scanviz {

// Shared-memory traffic of a kernel or a part of one, counted per warp-level
// access instruction.
struct SharedTraffic {
    int64_t ld_requests = 0, ld_wavefronts = 0, ld_ideal = 0;
    int64_t st_requests = 0, st_wavefronts = 0, st_ideal = 0;
    int64_t ld_conflicts() const { return ld_wavefronts - ld_ideal; }
    int64_t st_conflicts() const { return st_wavefronts - st_ideal; }
    SharedTraffic& operator+=(const SharedTraffic& o);
    bool operator==(const SharedTraffic&) const = default;
};

// A difference between the trace and the kernel's code that the SASS shows,
// computed from the trace for the case.
struct CodeEffect {
    std::string name;         // "swap re-reads s[bi]"
    std::string explanation;  // what the compiler did and why
    SharedTraffic delta;      // signed: added to the trace's figures
};

struct OurFigures {
    std::string trace_source;  // "gpu" or "model"
    int warps = 0;             // warps of the block
    SharedTraffic scan, tile;
    std::vector<CodeEffect> effects;
    SharedTraffic kernel() const;  // scan + tile + effects
};

// What ncu measured for one kernel.
struct NcuFigures {
    std::string kernel_name;
    int block_threads = 0, grid_blocks = 0;
    int64_t ld_conflicts = 0, st_conflicts = 0;
    int64_t ld_wavefronts = 0, st_wavefronts = 0;
    int64_t ld_instructions = 0, st_instructions = 0;  // smsp__sass_inst_executed_op_shared_ld/st
    int64_t inst_executed = 0;                         // smsp__inst_executed: warp-level instructions
    int64_t thread_inst_executed = 0;                  // sm__sass_thread_inst_executed
    double duration_ns = 0;                            // gpu__time_duration
};

struct ProfileRow {
    std::string case_name;
    std::string variant;
    int n = 0, threads = 0;
    OurFigures ours;
    NcuFigures ncu;
    bool conflicts_agree() const;  // ours (kernel) equals ncu, loads and stores
    bool traffic_agrees() const;   // requests and wavefronts too
    std::string explanation;       // what is left over, and why (empty where all agrees)
};

struct ProfileTable {
    std::string device;       // "NVIDIA H100 80GB HBM3" (ncu's device__attribute_display_name)
    std::string driver;       // "580.159.04", when known
    std::string ncu_version;  // "2025.3.1.0", when known
    std::string date;         // ISO 8601
    std::string command;      // how the ncu figures were made
    std::string origin;       // "live" (this run) or the file the figures came from
    std::vector<ProfileRow> rows;
};

// The ncu metrics the table needs (what scanviz profile asks ncu for).
std::span<const std::string_view> profile_metrics();

// Our figures for one case, from its trace.
OurFigures our_figures(const Trace& trace);

// One kernel's figures from ncu's report. Throws ncu::CsvError naming a missing metric.
NcuFigures ncu_figures(const ncu::Kernel& kernel);

// Matches ncu's kernels to the cases by kernel name (kernel_name_of), one
// each, and builds the rows. traces[i] is the trace of cases[i]. Throws
// std::runtime_error naming a case ncu did not profile, or a kernel that
// matches no case or two.
std::vector<ProfileRow> compare(std::span<const ProfileCase> cases, std::span<const Trace> traces,
                                const ncu::Report& report);

// What is left over once the tile and the code effects are counted, in words:
// this build's finding for the variant (read from the SASS and ncu's source
// counters), not part of a measurement; a table read back gets this build's.
std::string explain_difference(std::string_view variant);

// The variants a report profiled, in launch order (by kernel name).
std::vector<std::string> variants_in(const ncu::Report& report);

std::string format_text(const ProfileTable& t);
std::string format_csv(const ProfileTable& t);
std::string format_json(const ProfileTable& t);
// Reads what format_json wrote. Throws std::runtime_error naming the problem.
ProfileTable parse_profile_json(std::string_view text);

// One line for a view: "measured by ncu on NVIDIA H100 80GB HBM3 (2025.3.1.0)".
std::string measured_line(const ProfileTable& t);
const ProfileRow* find_row(const ProfileTable& t, std::string_view variant);

// True when the file is a table format_json wrote (a JSON object with "scanviz_profile").
bool looks_like_profile_table(const std::string& path);

// Where the window's ncu figures come from, and the line a view shows for it:
// "measured by ncu on <device> (...), <date>: from the recording" or "ncu: not available (...)".
enum class ProfileOrigin : uint8_t { None, Recording, File };
std::string profile_status(const ProfileTable* t, ProfileOrigin origin, std::string_view file = {});

// One line beside a variant's bank conflicts: ours (kernel) and ncu's, or why there is none.
std::string conflicts_line(const ProfileTable& t, std::string_view variant);

}  // namespace scanviz
