// A child process with a time limit: fork, exec, capture stdout and stderr, kill the whole
// process group when the limit passes. The CPU engine runs the compiler and every learner
// kernel this way, so nothing a learner writes can hang or crash scanviz itself.
// POSIX only: the WebAssembly build leaves this file out.
#pragma once

#include <string>
#include <vector>

#include "core/learner/contain.hpp"

namespace scanviz {

struct ChildResult {
    bool started = false;    // false: the program could not be run (error says why)
    bool timed_out = false;  // killed at the time limit
    int exit_code = -1;      // when it exited
    int signal = 0;          // when a signal ended it (SIGSEGV, ...)
    std::string out, err;    // what it wrote (each kept to its first megabyte)
    std::string error;
    std::string contained;   // "" when the policy was applied whole, else the line saying what was not
};

// Runs argv[0] (looked up on PATH when it has no '/') with the arguments, in `dir` when not
// empty, for at most timeout_s seconds, contained by `policy` (contain.hpp; by default not: the
// runs of scanviz's own helpers). A learner's code runs only with a policy on.
ChildResult run_child(const std::vector<std::string>& argv, double timeout_s, const std::string& dir = "",
                      const Containment& policy = {});

// "SIGSEGV", "SIGABRT", ..., or "signal N".
std::string signal_name(int signal);

}  // namespace scanviz
