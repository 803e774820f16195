// scanviz: n = 32, block = 32
// Hostile (tests/test_contain.cpp): sleeps for ever. Contained, the time limit ends it.
#include <unistd.h>
#include "scanviz.cuh"

__global__ void nap(const int* in, int* out, int n) {
    if (threadIdx.x == 0)
        for (;;) sleep(1000);
    out[threadIdx.x] = in[threadIdx.x];
}
