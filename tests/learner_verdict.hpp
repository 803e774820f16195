// The verdict of a learner's run in a few words, the same for either engine: what the engines
// must agree on (tests/test_learner_engine.cpp, and tests/gpu/test_gpu_learner.cpp, which runs
// the same files through both). Not the full message: the CPU engine names the faulting thread,
// the GPU driver cannot.
#pragma once

#include <string>

#include "core/learner/check.hpp"
#include "core/learner/engine.hpp"

namespace scanviz::learner_tests {

inline std::string learner_verdict(const LearnerRun& r) {
    if (r.error.find("an illegal memory access was encountered") != std::string::npos) return "illegal memory access";
    if (r.error.find("did not finish in") != std::string::npos) return "did not finish";
    if (!r.error.empty()) return "error: " + r.error;
    std::string regions;
    for (const Region& g : r.trace.layout.regions) regions += (regions.empty() ? "" : ",") + g.name;
    return "traced " + (regions.empty() ? std::string("nothing") : regions) + ", " +
           std::to_string(r.trace.steps.size()) + " steps, output " +
           (output_difference(r.trace).empty() ? "right" : "wrong");
}

}  // namespace scanviz::learner_tests
