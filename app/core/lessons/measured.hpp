// Inside the lessons room: the figures the quantities read from measured or
// compiled tables (the SASS count table by opcode class and by the -base count,
// Nsight Compute's profile table, the race lab's table), the checks of their
// arguments, and the helpers every quantity shares. The kinds that use them are
// entries of the table in quantity.cpp.
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

// The architecture sass_count reads (the SASS view's; sass::default_arch when none is set).
std::string sass_arch(const Sources& s);
Value sass_arch_value(const Sources& s);

// Argument checks (KindInfo::check): one line naming the problem, or nothing.
// Every argument is a variant.
std::optional<std::string> check_variants(std::string_view kind, const std::vector<std::string>& args);
// VARIANT [CLASS]: a variant (or an isolation kernel of one, "v__form") and an opcode class.
std::optional<std::string> check_sass(std::string_view kind, const std::vector<std::string>& args);
// ARCH VARIANT [CLASS]
std::optional<std::string> check_sass_on(std::string_view kind, const std::vector<std::string>& args);
// A B [C ...]: each a variant or an isolation kernel of one.
std::optional<std::string> check_sass_variants(std::string_view kind, const std::vector<std::string>& args);
// VARIANT BARRIER [diverged]: a case of the race lab.
std::optional<std::string> check_race(std::string_view kind, const std::vector<std::string>& args);

// A figure of the variant's row in the profile table.
enum class ProfileFigure : uint8_t {
    Executed,
    KernelNs,
    N,
    LoadConflicts,
    StoreConflicts,
    LoadInstructions,
    StoreInstructions
};
Value profile_value(ProfileFigure figure, const std::string& variant, const Sources& s);

// Percent of warps (blocks) wrong in the race lab's case VARIANT BARRIER [diverged].
Value race_value(const std::vector<std::string>& args, const Sources& s);

}  // namespace scanviz::lessons::detail
