// scanviz: n = 32, block = 32
// Thread 7 alone divides by zero (n - 32 = 0 at run time): the CPU engine fails the run naming the
// thread. (A GPU does not fault on an integer division by zero: its result is undefined.)
#include "scanviz.cuh"

__global__ void divide(const int* in, int* out, int n) {
    const int t = threadIdx.x;
    out[t] = in[t] / (t == 7 ? n - 32 : 1);
}
