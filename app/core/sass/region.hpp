// Instruction counts of a function, and the scan region: the instructions of
// the scan routine itself within its isolation kernel.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/sass/classify.hpp"
#include "core/sass/listing.hpp"

namespace scanviz::sass {

// Counts per class over the function's instructions.
Counts count(const Function& f);

// The scan region: the instructions of the scan routine itself.
enum class RegionMethod : uint8_t {
    SourceLines,  // instructions whose line, or a line of their inline chain, is in the routine's file
    KernelMinusBaseline,  // no line information tied any instruction to the routine: per class, kernel minus
                          // baseline
};
std::string_view method_name(RegionMethod m);  // "lines", "minus-base"

struct Region {
    RegionMethod method = RegionMethod::SourceLines;
    Counts counts;
    std::vector<int> instructions;  // indices into the kernel's code (SourceLines only)
};
bool in_file(const Instruction& ins, std::string_view file);
// Per class, kernel minus baseline, at least 0 (the cross-check of a SourceLines region).
Counts minus_baseline(const Function& kernel, const Function& baseline);
// region_file: the routine's own source file, relative ("kernels/warp/warp_zeropad/warp_zeropad.cuh").
// baseline may be null; then a kernel with no instruction from region_file
// gets an empty SourceLines region.
Region scan_region(const Function& kernel, const Function* baseline, std::string_view region_file);

}  // namespace scanviz::sass
