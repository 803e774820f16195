// scanviz: n = 32, block = 32, input = ramp
// A student's homework as it is: plain CUDA, a plain __shared__ array, no scanviz.cuh. Both
// engines trace `s` as if it were declared SCANVIZ_SHARED(int, s, 32) (plain_cuda.hpp).
#include <cuda_runtime.h>

#define BLOCK 32

__global__ void scan(const int* in, int* out, int n) {
    __shared__ int s[BLOCK];
    const int t = threadIdx.x;
    s[t] = t < n ? in[t] : 0;
    __syncthreads();
    for (int d = 1; d < BLOCK; d *= 2) {
        const int x = t >= d ? s[t - d] : 0;
        __syncthreads();
        s[t] += x;
        __syncthreads();
    }
    if (t < n) out[t] = s[t];
}
