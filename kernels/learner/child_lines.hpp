// What the GPU engine's parent needs to talk to its child: the path of this program (the child is
// scanviz itself, started with kGpuChildFlag) and a field of the child's stdout ("device NAME",
// "sm sm_XY", "fail LINE"). Shared by the engine's runs (gpu_engine.cpp) and the bench's
// (learner_bench.cpp).
#pragma once

#include <filesystem>
#include <sstream>
#include <string>

namespace scanviz::learner {

inline std::string self_exe() {
    std::error_code ec;
    const std::filesystem::path p = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? "" : p.string();
}

// The rest of the first line of `out` that starts with `key` and a space; "" when none does.
inline std::string child_field(const std::string& out, const std::string& key) {
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);)
        if (line.rfind(key + " ", 0) == 0) return line.substr(key.size() + 1);
    return "";
}

}  // namespace scanviz::learner
