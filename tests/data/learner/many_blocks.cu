// scanviz: n = 128, block = 32
// Written for a grid of blocks, each thread one element: scanviz runs one block, so only
// out[0..31] is written. The run says so, and the largest n this block allows (32).
#include "scanviz.cuh"

__global__ void copy(const int* in, int* out, int n) {
    SCANVIZ_SHARED(int, s, 32);
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = i < n ? in[i] : 0;
    __syncthreads();
    if (i < n) out[i] = s[threadIdx.x];
}
