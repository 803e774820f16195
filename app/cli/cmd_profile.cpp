// scanviz profile: the profiler cross-check (issue 13). Runs Nsight Compute
// (ncu) over the uninstrumented kernel of every warp and block variant for
// fixed cases, and writes our figures (from the trace and the SASS) beside ncu's.
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "commands.hpp"
#include "core/profile_cases.hpp"
#include "kernels/gpu.hpp"

namespace scanviz::cli {
namespace {

struct ProfileArgs {
    std::vector<std::string> variants;
    bool launch = false;  // maintenance: launch the cases' kernels once each (what ncu profiles)
};

// The child ncu runs: each case's uninstrumented kernel once, in case order.
int launch_cases(const ProfileArgs& a) {
    std::string why;
    if (!gpu::find_device(&why)) throw std::runtime_error("profile --launch: no GPU to run on (" + why + ")");
    for (const ProfileCase& c : profile_cases(a.variants)) {
        if (!gpu::has_kernel(c.spec.variant))
            throw std::runtime_error("this build has no GPU kernel for '" + c.spec.variant + "'");
        gpu::run(c.spec);
        std::fprintf(stderr, "launched %s\n", c.name.c_str());
    }
    return 0;
}

}  // namespace

void add_profile_command(CLI::App& app, CommandResult& result) {
    auto args = std::make_shared<ProfileArgs>();
    CLI::App* cmd = app.add_subcommand(
        "profile", "Check our bank conflicts and instruction counts against Nsight Compute (ncu)");
    cmd->add_option("--variants", args->variants, "Only these variants (comma separated)")->delimiter(',');
    cmd->add_flag("--launch", args->launch,
                  "Maintenance: launch each case's uninstrumented kernel once (the process ncu profiles)")
        ->group("");
    cmd->callback([args, &result] { result.exit_code = launch_cases(*args); });
}

}  // namespace scanviz::cli
