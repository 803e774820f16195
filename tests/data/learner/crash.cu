// scanviz: n = 32, block = 32
// Writes through a null pointer: the child process crashes, scanviz does not.
#include "scanviz.cuh"

__global__ void crashes(const int* in, int* out, int n) {
    int* nowhere = nullptr;
    nowhere[threadIdx.x] = in[threadIdx.x];
    out[threadIdx.x] = 0;
}
