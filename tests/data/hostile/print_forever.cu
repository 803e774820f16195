// scanviz: n = 32, block = 32
// Hostile (tests/test_contain.cpp): prints without end. Contained, scanviz keeps its first
// megabyte and the time limit ends it.
#include <cstdio>
#include "scanviz.cuh"

__global__ void chatter(const int* in, int* out, int n) {
    if (threadIdx.x == 0)
        for (;;) std::printf("scanviz hostile output, again and again\n");
    out[threadIdx.x] = in[threadIdx.x];
}
