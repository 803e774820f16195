// scanviz: n = 32, block = 32
// Hostile (tests/test_contain.cpp): allocates 10 GB and fills it. Contained, the address-space
// limit refuses the allocation and the run fails.
#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include "scanviz.cuh"

__global__ void hog(const int* in, int* out, int n) {
    if (threadIdx.x == 0) {
        const size_t size = 10ull << 30;
        char* p = static_cast<char*>(std::malloc(size));
        if (!p) {
            std::fprintf(stderr, "malloc of 10 GB refused\n");
            std::fflush(stderr);
        _exit(7);  // std::exit would run the engine's destructors on a fiber
        }
        std::memset(p, 1, size);
        std::fprintf(stderr, "filled 10 GB\n");
        std::fflush(stderr);
        _exit(7);  // std::exit would run the engine's destructors on a fiber
    }
    out[threadIdx.x] = in[threadIdx.x];
}
