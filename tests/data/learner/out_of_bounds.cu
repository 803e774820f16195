// scanviz: n = 64, block = 64
// Each thread writes one element too far: thread 63 writes s[64].
#include "scanviz.cuh"

__global__ void past_the_end(const int* in, int* out, int n) {
    SCANVIZ_SHARED(int, s, 64);
    const int t = threadIdx.x;
    s[t + 1] = in[t];
    __syncthreads();
    out[t] = s[t];
}
