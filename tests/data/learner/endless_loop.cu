// scanviz: n = 32, block = 32
// A loop that never ends: the run is stopped at the time limit.
#include "scanviz.cuh"

__global__ void endless(const int* in, int* out, int n) {
    volatile int spin = 1;
    while (spin) {
    }
    out[threadIdx.x] = in[threadIdx.x];
}
