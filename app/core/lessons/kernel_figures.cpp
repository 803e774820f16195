#include "kernel_figures.hpp"

#include <algorithm>
#include <cmath>
#include <regex>
#include <set>
#include <sstream>

#include "core/race/hazards.hpp"
#include "measured.hpp"

namespace scanviz::lessons::detail {
namespace {

// The hazards of the kernel on screen, or why there are none to count.
std::optional<HazardReport> hazards_of(const Quantity& q, const StepData& d, Value* why) {
    if (!d.accesses) {
        *why = fail(q.kind + " reads a learner kernel's hazards: the step shows a variant (kernel = FILE)");
        return std::nullopt;
    }
    try {
        return analyze_hazards(*d.accesses, RaceWhatIf{});
    } catch (const std::exception& e) {
        *why = fail(q.kind + ": the hazard analysis failed: " + e.what());
        return std::nullopt;
    }
}

// The step of the trace on screen (0-based) that an access-trace step is: the first step with
// its label at or after the last one matched (the access trace also holds the load prologue,
// which the trace on screen folds into its initial state). -1: none (the prologue, the end).
std::vector<int> shown_steps_of(const Trace& accesses, const Trace& shown) {
    std::vector<int> map(accesses.steps.size() + 1, -1);
    size_t from = 0;
    for (size_t a = 0; a < accesses.steps.size(); ++a)
        for (size_t s = from; s < shown.steps.size(); ++s)
            if (shown.steps[s].label == accesses.steps[a].label) {
                map[a] = static_cast<int>(s);
                from = s + 1;
                break;
            }
    return map;
}

Value cells(std::set<int> set) {
    Value v;
    v.ok = true;
    v.kind = ValueKind::Cells;
    v.cells.assign(set.begin(), set.end());
    return v;
}

}  // namespace

Value kernel_hazards(const Quantity& q, const StepData& d) {
    Value why;
    const auto rep = hazards_of(q, d, &why);
    return rep ? number(rep->count()) : why;
}

Value kernel_hazard_steps(const Quantity& q, const StepData& d) {
    Value why;
    const auto rep = hazards_of(q, d, &why);
    if (!rep) return why;
    const auto map = shown_steps_of(*d.accesses, *d.trace);
    std::set<int> steps;
    for (const Hazard& h : rep->hazards)
        for (const Access* a : {&h.read, &h.write})
            if (a->step >= 0 && a->step < static_cast<int>(map.size()) && map[static_cast<size_t>(a->step)] >= 0)
                steps.insert(map[static_cast<size_t>(a->step)] + 1);
    return cells(std::move(steps));
}

Value kernel_hazard_lanes(const Quantity& q, const StepData& d) {
    Value why;
    const auto rep = hazards_of(q, d, &why);
    if (!rep) return why;
    if (d.step < 0 || d.step >= static_cast<int>(d.trace->steps.size()))
        return fail(q.kind + " needs a step of the trace; the initial state is shown (at = 1 .. steps)");
    const auto map = shown_steps_of(*d.accesses, *d.trace);
    std::set<int> lanes;
    for (const Hazard& h : rep->hazards) {
        const int s = h.read.step;
        if (s >= 0 && s < static_cast<int>(map.size()) && map[static_cast<size_t>(s)] == d.step)
            lanes.insert(h.read.thread);
    }
    return cells(std::move(lanes));
}

Value wrong_outputs(const Quantity& q, const StepData& d) {
    const Trace& t = *d.trace;
    if (!t.heads.empty()) return fail(q.kind + " reads a scan without segment heads");
    const auto want = sequential_scan(t.input, t.spec.op, t.spec.type, t.spec.exclusive);
    if (t.output.size() != want.size())
        return fail(q.kind + ": the run has " + std::to_string(t.output.size()) + " outputs, the scan " +
                    std::to_string(want.size()));
    double magnitude = 0;
    int wrong = 0;
    for (size_t i = 0; i < want.size(); ++i) {
        magnitude += std::fabs(t.input[i]);
        const double tol = t.spec.type == ElemType::F32 ? 1e-5 * std::max(1.0, magnitude) : 0.0;
        if (!(std::fabs(t.output[i] - want[i]) <= tol)) ++wrong;
    }
    return number(wrong);
}

std::optional<std::string> check_kernel_file(std::string_view kind, const std::vector<std::string>& args) {
    const std::string& f = args.at(0);
    if (f.find('/') != std::string::npos || f.size() < 4 || f.substr(f.size() - 3) != ".cu")
        return std::string(kind) + ": '" + f + "' is not the file name of a shipped example (NAME.cu)";
    return std::nullopt;
}

Value recorded_gpu(const Quantity& q, const Sources& s, RecordedFigure what) {
    if (s.recorded_kernels.empty())
        return fail(q.kind + ": no recorded GPU run of learner kernels here" +
                        (s.recorded_kernels_missing.empty() ? "" : " (" + s.recorded_kernels_missing + ")"),
                    true);
    // The section of `scanviz kernel assets/kernels/FILE --engine gpu --launches N`, to the next "===".
    std::istringstream in(s.recorded_kernels);
    const std::string head = "=== scanviz kernel assets/kernels/" + q.args[0] + " --engine gpu --launches ";
    bool inside = false;
    std::string device;
    const bool wrong = what == RecordedFigure::WrongBlocks;
    static const std::regex right(R"(every output right in (\d+) blocks on the GPU)");
    static const std::regex some(R"(wrong output in (\d+) of (\d+) blocks on the GPU)");
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("===", 0) == 0) {
            if (inside) break;
            inside = line.rfind(head, 0) == 0;
            if (inside && what == RecordedFigure::Launches) {
                Value v = number(std::stod("0" + line.substr(head.size())));
                v.origin = s.recorded_kernels_origin;
                return v;
            }
            continue;
        }
        if (!inside) continue;
        if (line.rfind("source   GPU ", 0) == 0) device = line.substr(13, line.find(" (") - 13);
        std::smatch m;
        Value v;
        if (std::regex_search(line, m, right))
            v = number(wrong ? 0.0 : std::stod(m[1].str()));
        else if (std::regex_search(line, m, some))
            v = number(std::stod(m[wrong ? 1 : 2].str()));
        else
            continue;
        v.origin = s.recorded_kernels_origin + (device.empty() ? "" : ", " + device);
        return v;
    }
    return fail(q.kind + ": the recorded GPU run (" + s.recorded_kernels_origin + ") has no run of " + q.args[0] +
                    " with --launches",
                true);
}

}  // namespace scanviz::lessons::detail
