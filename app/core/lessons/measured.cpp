#include "measured.hpp"

#include <algorithm>
#include <cmath>

#include "core/lessons/origin.hpp"
#include "core/models/variants.hpp"

namespace scanviz::lessons::detail {
namespace {

int arch_number(const std::string& arch) {
    try {
        return std::stoi(arch.substr(arch.find('_') + 1));
    } catch (const std::exception&) {
        return 0;
    }
}

std::optional<sass::OpClass> class_named(const std::string& name) {
    for (sass::OpClass c : sass::kAllClasses)
        if (sass::class_name(c) == name) return c;
    return std::nullopt;
}

std::string class_names() {
    std::string out;
    for (sass::OpClass c : sass::kAllClasses) out += (out.empty() ? "" : ", ") + std::string(sass::class_name(c));
    return out;
}

bool known_sass_variant(const std::string& v) { return find_variant(v.substr(0, v.find("__"))) != nullptr; }

// A number printed with as many decimals as it needs (up to one).
Value measured_number(double x) {
    const bool whole = std::fabs(x - std::round(x)) < 1e-9;
    Value v = number(x, whole ? 0 : 1);
    v.tolerance = 0.5;
    return v;
}

const ProfileRow* profile_row(const std::string& variant, const Sources& s, Value* why) {
    if (!s.profile) {
        *why = fail("no Nsight Compute profile table here" +
                        (s.profile_missing.empty() ? std::string() : ": " + s.profile_missing),
                    true);
        return nullptr;
    }
    const ProfileRow* r = find_row(*s.profile, variant);
    if (!r) *why = fail("the profile table (" + from_shown(s.profile_origin) + ") has no row for " + variant, true);
    return r;
}

}  // namespace

Value profile_value(ProfileFigure figure, const std::string& variant, const Sources& s) {
    Value why;
    const ProfileRow* r = profile_row(variant, s, &why);
    if (!r) return why;
    Value v;
    switch (figure) {
        case ProfileFigure::Executed: {
            // ncu's smsp__inst_executed counts warp-level instructions over the launch; per warp of it.
            const int64_t warps = static_cast<int64_t>(std::max(1, r->ncu.grid_blocks)) *
                                  ((std::max(1, r->ncu.block_threads) + 31) / 32);
            v = measured_number(static_cast<double>(r->ncu.inst_executed) / static_cast<double>(warps));
            break;
        }
        case ProfileFigure::KernelNs:
            // Nsight Compute timed one launch of one block per case: no repeated measurements, so no
            // spread to set a difference against. A lesson quotes no such time and asks none.
            return fail("the profile table (" + from_shown(s.profile_origin) + ") times " + variant +
                        " in one launch of one block, with no repeated measurements and no spread: a time "
                        "from it is no figure for a lesson (time many launches: the benchmark view)");
        case ProfileFigure::N:
            v = number(r->n);
            break;
        case ProfileFigure::LoadConflicts:
        case ProfileFigure::StoreConflicts:
            // A count over the launch, not a time: the same on every run of the same input.
            v = number(static_cast<double>(figure == ProfileFigure::LoadConflicts ? r->ncu.ld_conflicts
                                                                                  : r->ncu.st_conflicts));
            break;
        case ProfileFigure::LoadInstructions:
        case ProfileFigure::StoreInstructions:
            v = number(static_cast<double>(figure == ProfileFigure::LoadInstructions ? r->ncu.ld_instructions
                                                                                     : r->ncu.st_instructions));
            break;
    }
    v.origin = profile_origin_shown(s, r->n);
    return v;
}

Value race_value(const std::vector<std::string>& args, const Sources& s) {
    if (!s.race)
        return fail("no race lab table here" + (s.race_missing.empty() ? std::string() : ": " + s.race_missing),
                    true);
    RaceCase c = parse_race_case(args[0] + ":" + args[1] + (args.size() > 2 ? "+diverged" : ""));
    const RaceRow* r = s.race->find(c);
    if (!r) return fail("the race lab table (" + from_shown(s.race_origin) + ") has no case " + c.key(), true);
    if (r->total <= 0) return fail("the race lab table has no measurement for " + c.key(), true);
    const double pct = 100.0 * r->rate();
    // Round so that a case that failed at all never prints as 0 and one that did not as more.
    Value v = number(pct, pct == 0 || pct == 100 ? 0 : 1);
    if (pct > 0 && pct < 0.05) v.decimals = 3;
    v.tolerance = 0.5;
    v.origin = race_origin_shown(s, r->wrong, r->total, r->unit);
    return v;
}

Value fail(std::string why, bool missing) {
    Value v;
    v.ok = false;
    v.why_not = std::move(why);
    v.missing = missing;
    return v;
}

Value number(double x, int decimals) {
    Value v;
    v.ok = true;
    v.kind = ValueKind::Number;
    v.number = x;
    v.decimals = decimals;
    return v;
}

Value pick(const std::vector<std::string>& options, const std::function<Value(const std::string&)>& value_of,
           bool least) {
    std::vector<Value> values;
    for (const auto& o : options) {
        values.push_back(value_of(o));
        if (!values.back().ok) return values.back();
    }
    size_t best = 0;
    for (size_t i = 1; i < values.size(); ++i)
        if (least ? values[i].number < values[best].number : values[i].number > values[best].number) best = i;
    for (size_t i = 0; i < values.size(); ++i)
        if (i != best && values[i].number == values[best].number)
            return fail(options[i] + " and " + options[best] + " have the same figure (" + values[i].text() +
                        "); the comparison has no one answer");
    Value v;
    v.ok = true;
    v.kind = ValueKind::Choice;
    v.choice = options[best];
    v.options = options;
    v.origin = values[best].origin;
    return v;
}

std::string sass_arch(const Sources& s) {
    if (!s.arch.empty()) return s.arch;
    std::vector<std::string> archs;
    for (const auto& r : s.sass_rows)
        if (r.method && std::find(archs.begin(), archs.end(), r.arch) == archs.end()) archs.push_back(r.arch);
    return sass::default_arch(archs);
}

Value sass_arch_value(const Sources& s) {
    if (s.sass_rows.empty())
        return fail("no SASS here" + (s.sass_missing.empty() ? std::string() : ": " + s.sass_missing), true);
    Value v;
    v.ok = true;
    v.kind = ValueKind::Choice;
    v.choice = sass_arch(s);
    v.options = {v.choice};
    return v;
}

Value sass_count(const std::string& variant, const std::string& op_class, bool minus_base, const Sources& s,
                 const std::string& on_arch) {
    if (s.sass_rows.empty())
        return fail("no SASS here" + (s.sass_missing.empty() ? std::string() : ": " + s.sass_missing), true);
    std::optional<sass::OpClass> cls;
    if (!op_class.empty()) {
        cls = class_named(op_class);
        if (!cls) return fail("unknown opcode class '" + op_class + "' (" + class_names() + ")");
    }
    const std::string arch = on_arch.empty() ? sass_arch(s) : on_arch;
    for (const auto& r : s.sass_rows) {
        if (r.arch != arch || r.variant != variant) continue;
        if (!r.method) return fail("no SASS of " + variant + " for " + arch + ": " + r.message, true);
        if (minus_base && !r.minus_base)
            return fail("the listing of " + variant + " for " + arch + " has no baseline kernel (base_" +
                            variant + "): no -base count",
                        true);
        const sass::Counts& counts = minus_base ? *r.minus_base : r.region;
        Value v = number(cls ? counts[*cls] : counts.total());
        v.origin = sass_origin_shown(arch, r.provenance, minus_base);
        return v;
    }
    return fail("the SASS table has no " + variant + " for " + (arch.empty() ? "any architecture" : arch), true);
}

std::optional<std::string> check_variants(std::string_view kind, const std::vector<std::string>& args) {
    for (const auto& a : args)
        if (!find_variant(a)) return std::string(kind) + ": unknown variant '" + a + "' (scanviz list)";
    return std::nullopt;
}

namespace {

// VARIANT [CLASS] from args[first] on.
std::optional<std::string> check_sass_from(std::string_view kind, const std::vector<std::string>& args,
                                           size_t first) {
    const std::string k(kind);
    if (!known_sass_variant(args[first])) return k + ": unknown variant '" + args[first] + "' (scanviz list)";
    if (args.size() > first + 1 && !class_named(args[first + 1]))
        return k + ": unknown opcode class '" + args[first + 1] + "' (" + class_names() + ")";
    return std::nullopt;
}

}  // namespace

std::optional<std::string> check_sass(std::string_view kind, const std::vector<std::string>& args) {
    return check_sass_from(kind, args, 0);
}

std::optional<std::string> check_sass_on(std::string_view kind, const std::vector<std::string>& args) {
    if (args[0].rfind("sm_", 0) != 0 || arch_number(args[0]) <= 0)
        return std::string(kind) + ": '" + args[0] + "' is not an architecture (sm_75 .. sm_120)";
    return check_sass_from(kind, args, 1);
}

std::optional<std::string> check_sass_variants(std::string_view kind, const std::vector<std::string>& args) {
    for (const auto& a : args)
        if (!known_sass_variant(a)) return std::string(kind) + ": unknown variant '" + a + "' (scanviz list)";
    return std::nullopt;
}

std::optional<std::string> check_race(std::string_view kind, const std::vector<std::string>& args) {
    const std::string k(kind);
    if (!find_variant(args[0])) return k + ": unknown variant '" + args[0] + "' (scanviz list)";
    if (args.size() > 2 && args[2] != "diverged")
        return k + ": the third argument is 'diverged' or nothing, not '" + args[2] + "'";
    try {
        parse_race_case(args[0] + ":" + args[1]);
    } catch (const std::exception& e) {
        return k + ": " + e.what();
    }
    return std::nullopt;
}

}  // namespace scanviz::lessons::detail
