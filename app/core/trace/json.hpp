// A Trace as JSON, out and in: {"format": "scanviz-trace", "version": 1, ...}.
//
// Writing keeps every field of Trace, RunSpec, Layout, Step, Operation and
// TraceSource; numbers are written so that reading them back gives the same
// double bit for bit (shortest round-trip decimal; inf and nan as strings).
// Reading validates everything before it builds a Trace: the format name, the
// version (newer than this build: refused), every field's presence and type,
// and that the counts agree (state lengths = layout slots, slot indices inside
// the layout, mask length = ceil(threads / 32), input and output = n values).
// Any problem throws std::runtime_error with one line naming it and where it is.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>

#include "core/trace/trace.hpp"

namespace scanviz {

inline constexpr std::string_view kTraceFormatName = "scanviz-trace";

nlohmann::json trace_to_json(const Trace& trace);
Trace trace_from_json(const nlohmann::json& j);

// Text form: `indent` < 0 writes one line.
std::string trace_to_json_text(const Trace& trace, int indent = 1);
// Parses text; malformed JSON throws std::runtime_error("not valid JSON: ...").
Trace trace_from_json_text(std::string_view text);

// Files: errors name the file ("cannot read 'x.json': No such file or directory").
void save_trace_file(const std::string& path, const Trace& trace);
Trace load_trace_file(const std::string& path);

// Also used for RunSpec alone (recordings, bundles).
nlohmann::json run_spec_to_json(const RunSpec& spec);
RunSpec run_spec_from_json(const nlohmann::json& j);

}  // namespace scanviz
