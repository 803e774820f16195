// scanviz: n = 32, block = 32
// Hostile (tests/test_contain.cpp): reads a file in $HOME and prints what it read. Contained,
// $HOME is not in its view: the run fails with "read: No such file or directory".
#include <unistd.h>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include "scanviz.cuh"

__global__ void steal(const int* in, int* out, int n) {
    if (threadIdx.x == 0) {
        char path[4096], secret[256] = {};
        std::snprintf(path, sizeof path, "%s/scanviz_secret.txt", std::getenv("HOME") ? std::getenv("HOME") : "/root");
        FILE* f = std::fopen(path, "r");
        if (f) {
            size_t got = std::fread(secret, 1, sizeof secret - 1, f);
            (void)got;
            std::fprintf(stderr, "read: %s\n", secret);
        } else {
            std::fprintf(stderr, "read: %s\n", std::strerror(errno));
        }
        std::fflush(stderr);
        _exit(7);  // std::exit would run the engine's destructors on a fiber
    }
    out[threadIdx.x] = in[threadIdx.x];
}
