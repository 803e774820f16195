// scanviz: n = 32, block = 32
// A kernel with a syntax error on line 8: the CPU engine names that line.
#include "scanviz.cuh"

__global__ void broken(const int* in, int* out, int n) {
    SCANVIZ_SHARED(int, s, 32);
    const int t = threadIdx.x;
    s[t] = in[t] +;
    __syncthreads();
    out[t] = s[t];
}
