// scanviz: n = 32, block = 32
// A loop that never ends: the run is stopped at the time limit. The loop reads its input
// through a volatile pointer each time round, so no compiler may assume that it ends (a
// loop with no side effect may be removed, on the GPU as on the CPU).
#include "scanviz.cuh"

__global__ void endless(const int* in, int* out, int n) {
    const volatile int* v = in;
    while (v[0] != -123456789) {
    }
    out[threadIdx.x] = in[threadIdx.x];
}
