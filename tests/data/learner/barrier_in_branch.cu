// scanviz: n = 64, block = 64
// Only the first warp reaches the second __syncthreads().
#include "scanviz.cuh"

__global__ void branchy(const int* in, int* out, int n) {
    SCANVIZ_SHARED(int, s, 64);
    const int t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    if (t < 32) {
        s[t] = s[t] + 1;
        __syncthreads();
    }
    out[t] = s[t];
}
