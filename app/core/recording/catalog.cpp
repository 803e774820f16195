#include "core/recording/catalog.hpp"

#include <algorithm>
#include <exception>
#include <filesystem>

#include "core/recording/recording.hpp"

namespace scanviz {

std::string RecordingEntry::label() const {
    const std::string file = std::filesystem::path(path).filename().string();
    if (!problem.empty()) return file + ": " + problem;
    return device + " (" + sm + "), " + date + ", " + std::to_string(traces) + " traces: " + file;
}

std::vector<RecordingEntry> list_recordings(const std::string& dir) {
    std::vector<RecordingEntry> out;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
        if (!e.is_regular_file() || e.path().extension() != ".svzrec") continue;
        RecordingEntry r;
        r.path = e.path().string();
        try {
            const Recording rec = load_recording(r.path);
            r.device = rec.device.name;
            r.sm = rec.device.sm;
            r.date = rec.date.substr(0, 10);
            r.traces = rec.traces.size();
        } catch (const std::exception& x) {
            r.problem = x.what();
        }
        out.push_back(std::move(r));
    }
    std::sort(out.begin(), out.end(), [](const RecordingEntry& a, const RecordingEntry& b) {
        return std::filesystem::path(a.path).filename() < std::filesystem::path(b.path).filename();
    });
    return out;
}

}  // namespace scanviz
