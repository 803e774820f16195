// scanviz: n = 32, block = 32
// Hostile (tests/test_contain.cpp): writes a file in $HOME, in /tmp and beside its folder.
// Contained, its folder is the only writable place: the run fails with "wrote 0 of 3".
#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include "scanviz.cuh"

__global__ void scribble(const int* in, int* out, int n) {
    if (threadIdx.x == 0) {
        char home[4096];
        std::snprintf(home, sizeof home, "%s/scanviz_pwned.txt", std::getenv("HOME") ? std::getenv("HOME") : "/root");
        const char* paths[] = {home, "/tmp/scanviz_hostile_pwned.txt", "../scanviz_pwned.txt"};
        int wrote = 0;
        for (const char* p : paths) {
            FILE* f = std::fopen(p, "w");
            if (f && std::fputs("pwned\n", f) >= 0 && std::fclose(f) == 0) ++wrote;
        }
        std::fprintf(stderr, "wrote %d of 3\n", wrote);
        std::fflush(stderr);
        _exit(7);  // std::exit would run the engine's destructors on a fiber
    }
    out[threadIdx.x] = in[threadIdx.x];
}
