// scanviz: n = 32, block = 32
// Scans in shared memory and forgets to write out[].
#include "scanviz.cuh"

__global__ void silent(const int* in, int* out, int n) {
    SCANVIZ_SHARED(int, s, 32);
    const int t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
}
