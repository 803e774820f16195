// The recordings a folder holds (assets/recordings: one per card scanviz was run on), each
// with the card it came from, for the window's recording picker and `scanviz record --list`.
#pragma once

#include <string>
#include <vector>

namespace scanviz {

struct RecordingEntry {
    std::string path;
    std::string device;   // "NVIDIA H200"
    std::string sm;       // "sm_90"
    std::string date;     // "2026-11-24"
    size_t traces = 0;
    std::string problem;  // why it cannot be opened (empty when it can)
    // "NVIDIA H200 (sm_90), 2026-11-24, 108 traces: h200.svzrec"
    std::string label() const;
};

// Every *.svzrec in `dir`, by file name; one that does not load is listed with its problem.
std::vector<RecordingEntry> list_recordings(const std::string& dir);

}  // namespace scanviz
