// Inside the lessons room: the quantities read from measured or compiled
// tables (the SASS count table by opcode class and by the -base count, Nsight
// Compute's profile table, the race lab's table), and the helpers every
// quantity shares. quantity.hpp lists the kinds; quantity.cpp dispatches here.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "quantity.hpp"

namespace scanviz::lessons::detail {

// A value that cannot be computed; `missing`: because its data is not here.
Value fail(std::string why, bool missing = false);
Value number(double x, int decimals = 0);

// Which of `options` has the least (or most) value; a tie, or an option
// without a value, is no answer (the question would have none, or an unchecked one).
Value pick(const std::vector<std::string>& options, const std::function<Value(const std::string&)>& value_of,
           bool least);

// The SASS count of a variant at the lesson's architecture: the scan region
// (method 'lines') or the whole kernel minus its baseline ('-base'); all
// classes but NOP, or one class ("shared", "control", ... as class_name gives).
// on_arch: that architecture's listing (sass_on), else the lesson's (or the newest).
Value sass_count(const std::string& variant, const std::string& op_class, bool minus_base, const Sources& s,
                 const std::string& on_arch = "");

// The kinds evaluated here.
bool is_measured_kind(std::string_view kind);
// Their arguments' shape: one line naming the problem, or nothing.
std::optional<std::string> check_measured_shape(const std::string& kind, const std::vector<std::string>& args);
Value evaluate_measured(const Quantity& q, const Sources& s);

}  // namespace scanviz::lessons::detail
