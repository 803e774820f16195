// scanviz: n = 32, block = 32
// Hostile (tests/test_contain.cpp): a fork bomb. Contained, the process limit stops the forks
// and the time limit ends them all (the run's PID namespace goes with its first process).
#include <unistd.h>
#include "scanviz.cuh"

__global__ void bomb(const int* in, int* out, int n) {
    if (threadIdx.x == 0)
        for (;;) fork();
    out[threadIdx.x] = in[threadIdx.x];
}
