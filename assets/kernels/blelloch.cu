// scanviz: n = 64, block = 32, op = add, type = i32, inclusive, input = ramp
// scanviz: like = block_blelloch
//
// Blelloch's work-efficient scan (GPU Gems 3, chapter 39): each thread owns two elements of a
// tile of TILE = 2 * block. The up-sweep builds partial sums up a tree, the last element is
// saved as the total and cleared, the down-sweep swaps and adds back down the tree (that gives
// the exclusive scan); one more step shifts left by one, the total last, for the inclusive one.
// Work about 2n, span 2 log2(n).
#include "scanviz.cuh"

constexpr int TILE = 64;  // a power of two: 2 * threads per block

__global__ void blelloch(const int* in, int* out, int n) {
    SCANVIZ_SHARED(int, s_temp, TILE);
    SCANVIZ_SHARED(int, total, 1);
    const int t = threadIdx.x;
    s_temp[2 * t] = 2 * t < n ? in[2 * t] : 0;  // the identity past n
    s_temp[2 * t + 1] = 2 * t + 1 < n ? in[2 * t + 1] : 0;
    __syncthreads();

    int offset = 1;
    for (int d = TILE / 2; d > 0; d /= 2) {  // up-sweep: sums up the tree
        scanviz::step("up-sweep", offset);
        if (t < d) {
            const int ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
            s_temp[bi] = s_temp[ai] + s_temp[bi];
        }
        __syncthreads();
        offset *= 2;
    }

    scanviz::step("clear last");
    if (t == TILE / 2 - 1) {
        total[0] = s_temp[TILE - 1];
        s_temp[TILE - 1] = 0;
    }
    __syncthreads();

    for (int d = 1; d < TILE; d *= 2) {  // down-sweep: swap and add down the tree
        offset /= 2;
        scanviz::step("down-sweep", offset);
        if (t < d) {
            const int ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
            scanviz::value<int> left = s_temp[ai];
            s_temp[ai] = s_temp[bi];
            s_temp[bi] = left + s_temp[bi];
        }
        __syncthreads();
    }

    // Inclusive: every element takes its right neighbour's exclusive sum, the last the total.
    // Read everything first, meet at the barrier, then write.
    scanviz::step("inclusive shift");
    scanviz::value<int> a = s_temp[2 * t + 1];
    scanviz::value<int> b = 0;
    if (2 * t + 2 < TILE) b = s_temp[2 * t + 2];
    else b = total[0];
    __syncthreads();
    s_temp[2 * t] = a;
    s_temp[2 * t + 1] = b;
    __syncthreads();

    if (2 * t < n) out[2 * t] = s_temp[2 * t];
    if (2 * t + 1 < n) out[2 * t + 1] = s_temp[2 * t + 1];
}
