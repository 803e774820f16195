// Probe policies: every kernel is templated on one.
//
//   NoProbe     every call is an empty inline function: the instantiation
//               compiles to the same SASS as the kernel without probe calls
//               (tests/gpu checks this on the disassembly).
//   TraceProbe  writes each step's operations and the state after it into a
//               TraceBuffer sized before launch. It adds barriers around its
//               snapshot so that the state it copies is consistent; the values
//               the kernel computes do not change.
//
// Kernel code calls, per thread and step:
//   probe.combine(dst, a, b) / probe.copy(dst, src) / probe.set(dst) / probe.swap(a, b)
//   probe.reg(slot, value)               a register's value into its slot
//   probe.shared(s, first_slot, words)   a shared array into slots (all threads of the scope)
//   probe.end_step(phase, param, barrier)
// Slots and phases mean what they mean in the variant's reference model
// (app/core/models/<variant>.cpp): phase is the index in its phase list.
#pragma once

#include <cstdint>

#include "core/trace/trace.hpp"

namespace scanviz::kern {

// Op kinds as stored on the device (values of scanviz::OpKind).
enum : int32_t {
    kOpCombine = static_cast<int32_t>(OpKind::Combine),
    kOpCopy = static_cast<int32_t>(OpKind::Copy),
    kOpFlag = static_cast<int32_t>(OpKind::Flag),
    kOpWait = static_cast<int32_t>(OpKind::Wait),
    kOpSwap = static_cast<int32_t>(OpKind::Swap),
};

enum : int32_t {
    kSyncWarp = static_cast<int32_t>(BarrierKind::SyncWarp),
    kSyncThreads = static_cast<int32_t>(BarrierKind::SyncThreads),
    kLockstep = static_cast<int32_t>(BarrierKind::Lockstep),
    kKernelEnd = static_cast<int32_t>(BarrierKind::KernelEnd),
    kShflSync = static_cast<int32_t>(BarrierKind::ShflSync),
};

struct OpRecord {
    int32_t kind;
    int32_t nreads, nwrites;
    int32_t reads[2];
    int32_t writes[2];
};

struct StepRecord {
    int32_t phase, param, barrier;
};

// Device pointers into one allocation; sizes fixed before launch.
struct TraceBuffer {
    int32_t max_steps = 0, threads = 0, slots = 0, max_ops = 0;
    int32_t* step_count = nullptr;   // [1]
    int32_t* overflow = nullptr;     // [1] set when a thread recorded more than max_ops in a step
    StepRecord* steps = nullptr;     // [max_steps]
    int32_t* op_count = nullptr;     // [max_steps][threads]
    OpRecord* ops = nullptr;         // [max_steps][threads][max_ops]
    uint32_t* state = nullptr;       // [max_steps + 1][slots]; row 0 = before the first step
};

__device__ __forceinline__ uint32_t to_bits(int v) { return static_cast<uint32_t>(v); }
__device__ __forceinline__ uint32_t to_bits(unsigned v) { return v; }
__device__ __forceinline__ uint32_t to_bits(float v) { return __float_as_uint(v); }

struct NoProbe {
    static constexpr bool kOn = false;
    __device__ __forceinline__ void combine(int, int, int) {}
    __device__ __forceinline__ void copy(int, int) {}
    __device__ __forceinline__ void set(int) {}
    __device__ __forceinline__ void swap(int, int) {}
    template <class T> __device__ __forceinline__ void reg(int, T) {}
    template <class T> __device__ __forceinline__ void shared(const T*, int, int) {}
    __device__ __forceinline__ void end_step(int, int, int) {}
    __device__ __forceinline__ void initial() {}
};

// scope_threads: the threads that take part in a snapshot (32 for a warp
// scan, blockDim.x for a block scan); block_scope picks __syncthreads().
struct TraceProbe {
    static constexpr bool kOn = true;
    TraceBuffer buf;
    int thread;
    bool block_scope;
    int step = 0;   // 0 = the initial state row is being written
    int nops = 0;

    __device__ TraceProbe(const TraceBuffer& b, int thread_index, bool block)
        : buf(b), thread(thread_index), block_scope(block) {}

    __device__ __forceinline__ void sync() const {
        if (block_scope) __syncthreads();
        else __syncwarp();
    }
    __device__ void record(int32_t kind, int nr, int r0, int r1, int nw, int w0, int w1) {
        if (step < 1 || step > buf.max_steps) return;
        if (nops >= buf.max_ops) {
            atomicExch(buf.overflow, 1);
            return;
        }
        OpRecord& o = buf.ops[(static_cast<size_t>(step - 1) * buf.threads + thread) * buf.max_ops + nops];
        o.kind = kind;
        o.nreads = nr;
        o.nwrites = nw;
        o.reads[0] = r0;
        o.reads[1] = r1;
        o.writes[0] = w0;
        o.writes[1] = w1;
        ++nops;
    }
    __device__ void combine(int dst, int a, int b) { record(kOpCombine, 2, a, b, 1, dst, -1); }
    __device__ void copy(int dst, int src) { record(kOpCopy, 1, src, -1, 1, dst, -1); }
    __device__ void set(int dst) { record(kOpCopy, 0, -1, -1, 1, dst, -1); }
    __device__ void swap(int a, int b) { record(kOpSwap, 2, a, b, 2, a, b); }

    template <class T>
    __device__ void reg(int slot, T v) {
        if (step > buf.max_steps) return;
        buf.state[static_cast<size_t>(step) * buf.slots + slot] = to_bits(v);
    }
    // Copies `words` elements of a shared array into slots [first_slot, ...):
    // every thread of the scope calls it; they share the copy.
    template <class T>
    __device__ void shared(const T* s, int first_slot, int words) {
        if (step > buf.max_steps) return;
        const int n = block_scope ? static_cast<int>(blockDim.x) : 32;
        const int r = block_scope ? static_cast<int>(threadIdx.x) : (static_cast<int>(threadIdx.x) & 31);
        sync();
        for (int i = r; i < words; i += n)
            buf.state[static_cast<size_t>(step) * buf.slots + first_slot + i] = to_bits(s[i]);
        sync();
    }
    // Closes the state row written so far (row 0: before the first step).
    __device__ void initial() {
        step = 1;
        nops = 0;
    }
    __device__ void end_step(int phase, int param, int barrier) {
        if (step >= 1 && step <= buf.max_steps) {
            buf.op_count[static_cast<size_t>(step - 1) * buf.threads + thread] = nops;
            if (thread == 0) {
                buf.steps[step - 1] = StepRecord{phase, param, barrier};
                *buf.step_count = step;
            }
        }
        ++step;
        nops = 0;
    }
};

}  // namespace scanviz::kern
