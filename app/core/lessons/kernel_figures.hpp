// The figures of a learner's kernel (a lesson step with kernel = NAME): its hazards, as the
// Your-kernel panel lists them (race/hazards.hpp on the run's access trace), its wrong outputs,
// and what a recorded GPU run of it found (Sources::recorded_kernels). Never typed in.
#pragma once

#include <string>
#include <vector>

#include "quantity.hpp"

namespace scanviz::lessons::detail {

// hazards: how many pairs of accesses no barrier orders.
Value kernel_hazards(const Quantity& q, const StepData& d);
// hazard_steps: the steps (as the step counter numbers them, 1 .. steps) that hold a hazard's accesses.
Value kernel_hazard_steps(const Quantity& q, const StepData& d);
// hazard_lanes: at the step shown, the threads whose read (a WAW: whose first write) is at risk.
Value kernel_hazard_lanes(const Quantity& q, const StepData& d);
// wrong_outputs: output elements of the run shown that differ from the sequential scan.
Value wrong_outputs(const Quantity& q, const StepData& d);
// gpu_launches FILE / gpu_blocks FILE / gpu_wrong_blocks FILE: the launches the recorded GPU run of
// FILE made (--launches), the blocks they ran, and how many gave a wrong output.
enum class RecordedFigure { Launches, Blocks, WrongBlocks };
Value recorded_gpu(const Quantity& q, const Sources& s, RecordedFigure what);
std::optional<std::string> check_kernel_file(std::string_view kind, const std::vector<std::string>& args);

}  // namespace scanviz::lessons::detail
