// scanviz: n = 32, block = 32
// Hostile (tests/test_contain.cpp): kills its parent, its process group and every process it
// may. Contained, it sees no process of scanviz's and runs as another user: scanviz lives on.
#include <signal.h>
#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include "scanviz.cuh"

__global__ void patricide(const int* in, int* out, int n) {
    if (threadIdx.x == 0) {
        kill(getppid(), SIGKILL);
        kill(-1, SIGKILL);
        kill(0, SIGKILL);
        std::fprintf(stderr, "still here\n");
        std::fflush(stderr);
        _exit(7);  // std::exit would run the engine's destructors on a fiber
    }
    out[threadIdx.x] = in[threadIdx.x];
}
