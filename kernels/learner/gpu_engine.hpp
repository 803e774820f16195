// The GPU engine of a learner's kernel: NVRTC compiles the file against the GPU tracing
// backend (assets/kernels/scanviz_gpu.cuh) for the device's architecture, and a child
// process (this same executable, started with kGpuChildFlag) loads the cubin through the
// driver, runs one block with the record buffer, and writes the records of
// core/learner/records.hpp. The child has a time limit, so an endless loop or a crash on
// the GPU never takes scanviz down; the parent never touches the driver itself.
// NVRTC and the driver are loaded at run time (cuda_dl.hpp): nothing here needs CUDA to
// build or to start.
#pragma once

#include "core/learner/engine.hpp"

namespace scanviz::learner {

// argv[1] of the child: main() hands such a run to gpu_child_main before anything else.
inline constexpr const char* kGpuChildFlag = "--scanviz-gpu-child";

// The engine, when NVRTC, a driver and a device are here (asked once, in a child), else
// one with why_not saying which is missing.
LearnerGpuEngine gpu_engine();

// The child: argv = {exe, kGpuChildFlag, "probe"} prints "device NAME" and "sm sm_XY";
// {exe, kGpuChildFlag, "run", source, include_dir, kernel, segmented (0|1), run file,
// records file, timeout s, cubin cache dir} compiles (or takes the cached cubin), runs and
// writes the records. Exit 0 ok, 3 the run failed (an error record says why), 4 it could
// not run (one line "fail ..." on stdout: no device, a compile error).
int gpu_child_main(int argc, char** argv);

}  // namespace scanviz::learner
