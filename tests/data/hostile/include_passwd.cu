// scanviz: n = 32, block = 32
// Hostile (tests/test_contain.cpp): includes /etc/passwd, so that the compiler's errors show its
// lines. Contained, the compile sees no /etc/passwd: one error line, none of the file's text.
#include "scanviz.cuh"
#include "/etc/passwd"

__global__ void peek(const int* in, int* out, int n) { out[threadIdx.x] = in[threadIdx.x]; }
