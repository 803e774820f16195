// scanviz: n = 32, block = 32, op = add, type = i32, inclusive, input = ramp
// scanviz: like = warp_legacy_volatile
//
// The CUDA Handbook's scanWarp as it was first written: no barrier at all. Lane i reads
// s[i - d] and writes s[i] in one statement, which is right only while the 32 lanes run in
// lockstep (every lane's read before any lane's write). Volta and later do not promise that.
// The default lockstep schedule runs it the old way (and it equals warp_legacy_volatile); the
// hazards name every unordered pair; --schedule interleaved lets the lanes run apart and the
// sums go wrong. handbook_scan_warp.cu is the form that holds.
#include "scanviz.cuh"

constexpr int WARP = 32;

__global__ void scan_warp_lockstep(const int* in, int* out, int n) {
    SCANVIZ_SHARED(int, s_partials, WARP);  // the Handbook's is volatile
    const int lane = threadIdx.x & (WARP - 1);
    s_partials[lane] = lane < n ? in[lane] : 0;
    for (int d = 1; d < WARP; d *= 2) {
        scanviz::step("kogge-stone", d);  // no barrier: a step of the lockstep warp
        if (lane >= d) s_partials[lane] = s_partials[lane - d] + s_partials[lane];
    }
    scanviz::step("result");
    if (lane < n) out[lane] = s_partials[lane];
}
