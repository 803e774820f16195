// A run as a person types it: the command line's options (scanviz trace) and the web
// page's fields. One parser for both, so a bad value gets the same line in a terminal
// and in a browser.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/trace/run_spec.hpp"

namespace scanviz {

struct SpecText {
    std::string variant;
    std::optional<int> n;  // unset: the count of typed values, else the variant's default
    int threads = 0;       // 0: the variant's default
    int items = 0;         // 0: the variant's default
    std::string op = "add";
    std::string type = "i32";
    bool exclusive = false;
    uint64_t seed = 1;
    std::string input;  // typed values "3,1,4,1,5"; empty: generated (fill)
    std::string fill;   // random (default), ones or ramp
    std::string heads;  // segment heads, 0 or 1 per element; empty: none
};

// The validated, resolved spec; throws std::invalid_argument with one line naming
// the field (`flag` is put before field names: "--" on the command line, "" on a page).
RunSpec spec_from_text(const SpecText& text, const std::string& flag = "--");

}  // namespace scanviz
