// What both engines share on disk: the run file a kernel's child process reads, the folder
// it is cached in, where the shipped include is, and small file helpers.
// POSIX only: the WebAssembly build leaves this file out.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "core/learner/engine.hpp"

namespace scanviz::learner_files {

std::string read_file(const std::filesystem::path& p);
// A file the learner's code could have written (its records, in its own writable folder): read
// only when it is a regular file reached without a symbolic link, without blocking (a FIFO is
// refused), and at most max_bytes of it. "" and `why` set otherwise.
std::string read_untrusted_file(const std::filesystem::path& p, size_t max_bytes, std::string* why);
bool write_file(const std::filesystem::path& p, const std::string& text);
// FNV-1a over `s`, then a separator byte, so that ("ab", "c") and ("a", "bc") differ.
uint64_t fnv1a(uint64_t h, std::string_view s);
inline constexpr uint64_t kFnvBasis = 1469598103934665603ull;
std::string hex(uint64_t h);
std::string seconds(double s);  // "2", "0.5"
std::string first_line(const std::string& s);

// A new folder under `parent` that no other process uses ("" when it cannot be made).
std::string fresh_dir(const std::filesystem::path& parent, const std::string& stem);

// <temp>/scanviz-kernels-<uid>: compiled kernels, by hash.
std::string default_cache_dir();
// Makes `dir` if need be; true when it is this user's folder and closed to others (made so
// when it was open). Kernels are run from the cache, so another user must not be able to put
// an executable there.
bool own_private_dir(const std::filesystem::path& dir);
// The folder of the shipped scanviz.cuh and its backends, or "" when the assets are missing.
std::string include_dir();

// The run file a kernel's child reads (scanviz_cpu.hpp's run_main; the GPU child the same):
// "n threads schedule seed type", then the n input values, then the n head flags.
std::string run_file(const LearnerRequest& r);

// "did not finish in 2 s (an endless loop, or a barrier that waits forever?)"
std::string timeout_message(double timeout_s);

}  // namespace scanviz::learner_files
