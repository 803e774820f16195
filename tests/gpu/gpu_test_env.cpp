#include "gpu_test_env.hpp"

#include <cstdio>

#include <string_view>

#include "kernels/gpu.hpp"
#include "kernels/learner/gpu_engine.hpp"

namespace scanviz::testing {

const std::string& no_device_reason() {
    static const std::string reason = [] {
        std::string why;
        if (!gpu::find_device(&why)) return why.empty() ? std::string("no CUDA device") : why;
        return std::string();
    }();
    return reason;
}

}  // namespace scanviz::testing

int main(int argc, char** argv) {
    // The learner's GPU engine runs its child as this same program (/proc/self/exe).
    if (argc > 1 && std::string_view(argv[1]) == scanviz::learner::kGpuChildFlag)
        return scanviz::learner::gpu_child_main(argc, argv);
    ::testing::InitGoogleTest(&argc, argv);
    std::string why;
    if (auto dev = scanviz::gpu::find_device(&why))
        std::printf("gpu tests on %s (%s, %d SMs)\n", dev->name.c_str(), dev->sm().c_str(), dev->sm_count);
    else
        std::printf("gpu tests: %s; every gpu test will be skipped\n", why.c_str());
    return RUN_ALL_TESTS();
}
