// A recording: what one GPU machine did, in one file that any machine can open.
//
// File layout (all integers little-endian):
//   offset  0  8 bytes  magic "SCANVIZR"
//   offset  8  u32      format version (kRecordingFormatVersion)
//   offset 12  u32      flags: bit 0 = payload compressed with zstd
//   offset 16  u64      payload size in bytes (the JSON document, uncompressed)
//   offset 24  u64      stored size in bytes (what follows the header)
//   offset 32  ...      the payload, zstd-compressed or not
// The payload is a JSON document {"format": "scanviz-recording", "version": 1, ...}
// holding the device, traces, the validation report, SASS, benchmark results and
// (optional) the race lab's measurements.
// Reading checks every size and count before it trusts it: a truncated,
// corrupt, newer or hostile file gets one std::runtime_error naming the problem.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/bench/bench.hpp"
#include "core/race/table.hpp"
#include "core/profile/profile.hpp"
#include "core/trace/trace.hpp"
#include "core/trace/validation.hpp"

namespace scanviz {

inline constexpr uint32_t kRecordingFormatVersion = 1;
inline constexpr std::string_view kRecordingFormatName = "scanviz-recording";
inline constexpr uint64_t kRecordingMaxPayload = uint64_t(1) << 30;  // 1 GiB of JSON is more than any recording holds

struct RecordedDevice {
    std::string name;        // "NVIDIA H100 80GB HBM3"
    std::string sm;          // "sm_90"
    int sm_count = 0;
    uint64_t memory_bytes = 0;
    std::string driver;      // CUDA driver version, "13.0"
    std::string runtime;     // CUDA runtime version, "13.0"
};

struct Recording {
    RecordedDevice device;
    std::string date;               // ISO 8601, when it was recorded
    std::string scanviz_version;    // the program that made it
    std::string command;            // the command line that made it
    std::vector<Trace> traces;      // every variant's default inputs, plus any listed with --specs
    std::optional<ValidationReport> validation;
    nlohmann::json sass;            // the SASS layer's own document (sass_to_json); null when absent
    std::optional<BenchReport> bench;
    std::optional<RaceTable> race;  // race lab measurements; optional section "race"
    std::optional<ProfileTable> profile;  // ncu beside our figures (scanviz profile); optional section

    // The recorded trace for a spec (same variant, n, threads, items, op, type,
    // exclusive, input and heads), or null.
    const Trace* find(const RunSpec& resolved_spec) const;
    // "recorded on NVIDIA H100 80GB HBM3 (sm_90) on 2026-11-21"
    std::string badge() const;
};

std::vector<uint8_t> encode_recording(const Recording& r, bool compress = true);
Recording decode_recording(const uint8_t* data, size_t size);

void save_recording(const std::string& path, const Recording& r);
Recording load_recording(const std::string& path);

// A short digest of a recording, written beside it when it is made (on the
// GPU machine) and recomputed by tests wherever it is opened: device, date,
// one FNV-1a hash per trace over its JSON form, validation counts, benchmark
// figures and SASS counts. Equal digests mean what was written reads back.
nlohmann::json recording_summary(const Recording& r);

// True when the file starts with the recording magic (to tell recordings from trace JSON).
bool looks_like_recording(const std::string& path);

// Reads a race table: its JSON, or a recording's "race" section (any .svzrec).
RaceTable load_race_table(const std::string& path);

}  // namespace scanviz
