// scanviz: n = 64, blok = 64
// A misspelt key in the settings header.
#include "scanviz.cuh"

__global__ void fine(const int* in, int* out, int n) { out[threadIdx.x] = in[threadIdx.x]; }
