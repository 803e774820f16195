// Isolation kernels of block_brent_kung for the SASS view (kernels/block/block_pair_iso.cuh):
// iso_block_brent_kung runs the routine of kernels/block/block_brent_kung/block_brent_kung.cuh on a tile of 256 int32
// (inclusive add, 128 threads); base_block_brent_kung is the same kernel without it.
#include "kernels/block/block_pair_iso.cuh"
#include "kernels/block/block_brent_kung/block_brent_kung.cuh"

namespace scanviz::kern {

extern "C" __global__ void __launch_bounds__(kPairIsoThreads) iso_block_brent_kung(const int* in, int* out) {
    block_pair_iso<BrentKungScan, true>(in, out);
}

extern "C" __global__ void __launch_bounds__(kPairIsoThreads) base_block_brent_kung(const int* in, int* out) {
    block_pair_iso<BrentKungScan, false>(in, out);
}

}  // namespace scanviz::kern
