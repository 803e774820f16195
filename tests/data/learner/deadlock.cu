// scanviz: n = 32, block = 32
// Half the warp waits at __syncwarp() for the other half, which waits at __syncthreads().
#include "scanviz.cuh"

__global__ void stuck(const int* in, int* out, int n) {
    const int lane = threadIdx.x;
    if (lane < 16) __syncwarp();
    else __syncthreads();
    out[lane] = in[lane];
}
