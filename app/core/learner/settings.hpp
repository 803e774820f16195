// The settings header of a learner's kernel file: the `// scanviz:` comment lines at its
// top, which say how to run it, so that the file alone reproduces a run.
//
//   // scanviz: n = 64, block = 64, op = add, type = i32, inclusive, input = ramp
//   // scanviz: like = block_hillis_steele
//
// Entries are separated by commas, on one or more `// scanviz:` lines among the comment
// lines that open the file. Keys:
//   n          elements scanned (default: the input list's length, else block, else 32);
//              1 <= n <= block * kMaxItemsPerThread
//   block      threads per block (default: n); 1 to 1024; one block per run
//   op         add | max | min                                     (default add)
//   type       i32 | f32                                           (default i32)
//   inclusive | exclusive  (bare words)                             (default inclusive)
//   input      random | ones | ramp | a list "3,1,4,1,5" of n values (default random)
//   seed       the random input's seed                              (default 1)
//   heads      segment heads, a list of n flags 0 or 1 (the segmented signature)
//   like       a built-in variant id (`scanviz list`): the trace is compared with its model
//   kernel     the kernel's name (default: the file's first __global__ function)
// A list goes on after its key across commas: "input = 3,1,4,1, op = max".
#pragma once

#include <string>
#include <string_view>

#include "core/trace/run_spec.hpp"

namespace scanviz {

// How many elements a thread may own: n <= block * kMaxItemsPerThread.
inline constexpr int kMaxItemsPerThread = 4;
inline constexpr int kMaxBlockThreads = 1024;

struct KernelSettings {
    RunSpec spec;            // n, op, type, exclusive, input, seed, values, heads; variant = like
    int block = 0;           // threads per block
    std::string like;        // a built-in variant id, or empty
    std::string kernel;      // the kernel's name
    bool segmented = false;  // heads were given (the kernel takes const int* heads)
};

struct ParsedSettings {
    KernelSettings settings;
    std::string error;  // one line, "FILE:LINE: what"; empty when ok
};

// Reads the header of `source` (the file's text); `file` names it in errors.
ParsedSettings parse_settings(std::string_view source, std::string_view file);

// Checks settings after the command line changed them (n against block, list lengths, like);
// empty when they hold together, else one line naming the value.
std::string check_settings(const KernelSettings& s, std::string_view file);

// The name of the first __global__ function in `source`, or "".
std::string first_kernel_name(std::string_view source);

// How many parameters the __global__ function `name` takes (0 when it is not found).
int kernel_parameters(std::string_view source, std::string_view name);

// The line (1-based) of `source` on which the function `name` is declared __global__, or 0.
int kernel_line(std::string_view source, std::string_view name);

}  // namespace scanviz
