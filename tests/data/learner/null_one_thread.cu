// scanviz: n = 32, block = 32
// Thread 5 alone stores through a null pointer: both engines report an illegal memory access
// (the CPU engine names the thread). The null is made from n at run time (n - 32 = 0), as a
// pointer left unset in one branch would be, so no compiler can see it and drop the store.
#include "scanviz.cuh"

__global__ void null_store(const int* in, int* out, int n) {
    int* nowhere = reinterpret_cast<int*>(static_cast<unsigned long long>(n - 32));
    int* dst = threadIdx.x == 5 ? nowhere : out;
    dst[threadIdx.x] = in[threadIdx.x];
}
