// scanviz: n = 32, block = 32
// Thread 3 alone recurses without end: on the CPU engine it overflows its fiber's stack, which a
// guard page ends, and the run fails naming the thread (it no longer writes over another thread's
// stack). The volatile array keeps each call's frame, so no compiler can make it a loop.
#include "scanviz.cuh"

__device__ int deep(int k) {
    volatile int pad[16];
    pad[0] = k;
    return k < 0 ? 0 : deep(k + 1) + pad[0];
}

__global__ void overflow(const int* in, int* out, int n) {
    const int t = threadIdx.x;
    out[t] = t == 3 ? deep(in[t] < 0 ? -1 : 0) : in[t];
}
