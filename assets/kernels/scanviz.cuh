// scanviz.cuh: the one header a learner's scan kernel includes.
//
// The same kernel file builds three ways:
//   - plain CUDA (`nvcc -c kernel.cu`, no define): the macros below turn into
//     ordinary __shared__ arrays and registers, value<T> is T and step() does
//     nothing, so the kernel is an ordinary CUDA kernel;
//   - SCANVIZ_CPU: scanviz's CPU engine compiles it with the host C++ compiler
//     against scanviz_cpu.hpp (each CUDA thread a fiber, records written as it runs);
//   - SCANVIZ_GPU_TRACE: scanviz's GPU engine compiles it with NVRTC against
//     scanviz_gpu.cuh (the same records, written by the real GPU).
//
// The API every backend provides (the record format it produces is documented
// in scanviz's app/core/learner/records.hpp):
//
//   SCANVIZ_SHARED(T, name, N);   a traced __shared__ array of N elements of T.
//                                 Region id = the line it is declared on, its name = name.
//   SCANVIZ_REG(T, name);         a traced per-thread register (its slot = the thread).
//                                 Declare it, then assign it: `SCANVIZ_REG(int, x); x = in[i];`
//   scanviz::value<T>             a traced temporary: the value and its provenance (the slots
//                                 its value came from, in operand order, at most 4).
//   scanviz::step("label");       names the thread's current step. When that step already has a
//   scanviz::step("phase", d);    traced read or store of this thread, or a name, step() first
//                                 ends it there (a cut without a barrier), so a loop of step()
//                                 calls cuts one step per iteration in every thread alike. The
//                                 second form names it "phase d=<d>", the label scanviz's models
//                                 use. Like a barrier, call it in every thread or in none.
//
//   Reading a traced slot (s[i], x) records a read and yields a value<T> whose provenance is
//   that slot. + - * and max/min (also fmaxf/fminf) on traced operands, or one traced and one
//   plain, give a value<T> with the operands' provenance in operand order; += -= *= too.
//   Comparisons give a plain bool. Storing into a traced slot records the store: the slot,
//   the value and its provenance. A value made from a plain T has no provenance.
//
//   __syncthreads(), __syncwarp(mask) end a step. __shfl_up_sync, __shfl_down_sync,
//   __shfl_xor_sync, __shfl_sync (mask, v, x[, width]) on a traced value give the source
//   lane's value with the source lane's provenance (for a SCANVIZ_REG: its register slot);
//   a source lane that is outside the width segment, outside the mask or inactive gives the
//   caller's own value. Each shuffle ends a step too (its operand is read in the step it ends,
//   its result used in the next), so, like a barrier, every thread takes it or none: a shuffle
//   inside a branch is refused as a barrier inside a branch. Warp votes (__ballot_sync, __any_sync,
//   __all_sync) and atomics on plain memory work as in CUDA and record nothing.
//
// What the traced backends do not follow: a pointer or reference into a traced array (index
// it instead), `auto` for a traced read (it keeps the slot, not the value: write
// scanviz::value<T>), extern (dynamic) shared memory, more than one block, and a block of more
// than one dimension (threadIdx.x only).
//
// A plain CUDA file (one that does not include this header) is traced as if it did: scanviz
// supplies the include and writes each one-dimensional `__shared__ int s[N];` (int or float,
// volatile allowed) as `SCANVIZ_SHARED(int, s, N);` on the same line (app/core/learner/plain_cuda.hpp).
// A run that traces no array says so, and how to trace one.
//
// A kernel has one of two signatures, T = int (i32) or float (f32):
//   __global__ void NAME(const T* in, T* out, int n)
//   __global__ void NAME(const T* in, const int* heads, T* out, int n)   (segmented)
// and the file starts with `// scanviz:` lines that say how to run it, e.g.
//   // scanviz: n = 64, block = 64, op = add, type = i32, inclusive, input = ramp
#pragma once

#if defined(SCANVIZ_CPU)
#include "scanviz_cpu.hpp"
#elif defined(SCANVIZ_GPU_TRACE)
#include "scanviz_gpu.cuh"
#else

namespace scanviz {
template <class T>
using value = T;
__device__ inline void step(const char*) {}
__device__ inline void step(const char*, int) {}
}  // namespace scanviz

#define SCANVIZ_SHARED(T, name, N) __shared__ T name[N]
#define SCANVIZ_REG(T, name) T name

#if defined(SCANVIZ_MANY_BLOCKS)
// scanviz's GPU engine counts wrong outputs over many blocks at once, as a scan inside a larger
// one runs: the kernel becomes a device function, and a kernel that scanviz appends to the file
// calls it in every block on that block's own copy of the input.
#undef __global__
#define __global__ __device__
#endif

#endif
