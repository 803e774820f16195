#include "core/sass/region.hpp"

#include <algorithm>
#include <string>

#include "core/sass/text.hpp"

namespace scanviz::sass {

Counts count(const Function& f) {
    Counts c;
    for (const auto& ins : f.code) c.add(ins.cls);
    return c;
}

std::string_view method_name(RegionMethod m) {
    return m == RegionMethod::SourceLines ? "lines" : "minus-base";
}

bool in_file(const Instruction& ins, std::string_view file) {
    return std::any_of(ins.frames.begin(), ins.frames.end(),
                       [&](const SourceLoc& l) { return l.file == file; });
}

Counts minus_baseline(const Function& kernel, const Function& baseline) {
    Counts out;
    const Counts k = count(kernel), b = count(baseline);
    for (OpClass c : kAllClasses) out.add(c, std::max(0, k[c] - b[c]));
    return out;
}

Region scan_region(const Function& kernel, const Function* baseline, std::string_view region_file) {
    Region r;
    const std::string file = normalize_path(region_file);
    for (size_t i = 0; i < kernel.code.size(); ++i) {
        if (in_file(kernel.code[i], file)) {
            r.instructions.push_back(static_cast<int>(i));
            r.counts.add(kernel.code[i].cls);
        }
    }
    if (r.instructions.empty() && baseline) {
        r.method = RegionMethod::KernelMinusBaseline;
        r.counts = minus_baseline(kernel, *baseline);
    }
    return r;
}

}  // namespace scanviz::sass
