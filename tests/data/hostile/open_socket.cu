// scanviz: n = 32, block = 32
// Hostile (tests/test_contain.cpp): connects to 127.0.0.1 at $SCANVIZ_HOSTILE_PORT (the test
// listens there). Contained, it has a network of its own with no interface up.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include "scanviz.cuh"

__global__ void call_home(const int* in, int* out, int n) {
    if (threadIdx.x == 0) {
        const char* port = std::getenv("SCANVIZ_HOSTILE_PORT");
        const int s = socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(static_cast<unsigned short>(port ? std::atoi(port) : 9));
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (s >= 0 && connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0)
            std::fprintf(stderr, "connected\n");
        else
            std::fprintf(stderr, "connect: %s\n", std::strerror(errno));
        std::fflush(stderr);
        _exit(7);  // std::exit would run the engine's destructors on a fiber
    }
    out[threadIdx.x] = in[threadIdx.x];
}
