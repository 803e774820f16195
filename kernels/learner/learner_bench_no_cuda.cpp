// learner_bench.hpp's timing loop in a build without CUDA: the baselines are compiled kernels, so
// --bench and --profile need scanviz built with CUDA; the child says so in one line.
#include "learner_bench.hpp"

namespace scanviz::learner {

namespace {
const char* const kNoCuda =
    "this scanviz was built without CUDA: --bench and --profile need a CUDA build (-DSCANVIZ_CUDA=ON) and a GPU";
}

std::string time_tiles(const TileJob&, const LearnerLaunch&, FILE*) { return kNoCuda; }
std::string launch_once(const TileJob&, const LearnerLaunch&, FILE*) { return kNoCuda; }

}  // namespace scanviz::learner
