// scanviz: n = 32, block = 32
// Writes far outside any allocation in every thread: the run fails with an illegal memory access
// (naming the first thread on the CPU), and scanviz carries on. The address is computed from n, so no
// compiler can see a null pointer and drop the store.
#include "scanviz.cuh"

__global__ void crashes(const int* in, int* out, int n) {
    int* nowhere = reinterpret_cast<int*>(0x10ull + static_cast<unsigned long long>(n) * 0x100000000000ull);
    nowhere[threadIdx.x] = in[threadIdx.x];
    out[threadIdx.x] = 0;
}
