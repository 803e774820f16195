// The tile status word of the decoupled look-back: a flag (not ready / aggregate
// published / inclusive prefix published) and a value, in one 64-bit word (two for
// 8-byte values), read and written with relaxed atomics.
#pragma once

#include <cstdint>

#include "bits.cuh"

namespace scanviz::kern {

// Tile status (what the low two bits of a status word's flag field say).
enum : uint32_t { kTileInvalid = 0, kTileAggregate = 1, kTileInclusive = 2 };

// Memory order: the flag and the value travel in one 64-bit word, written with
// st.relaxed.gpu and read with ld.relaxed.gpu. Nothing else is read through the flag
// (the value is in the same word), so no release/acquire fence is needed; "relaxed"
// (not a plain weak access) keeps the spinning load from being hoisted out of the loop
// and makes the 64-bit word atomic.
//
// Status word: high 32 bits = (epoch << 2) | status, low 32 bits = value.
// The epoch is the launch's number: words left by an earlier launch carry an
// older epoch and read as "not ready", so the status array needs no reset
// (and no second kernel) between launches.
__device__ __forceinline__ uint64_t lb_pack(uint32_t epoch, uint32_t status, uint32_t value_bits) {
    return (static_cast<uint64_t>((epoch << 2) | status) << 32) | value_bits;
}
__device__ __forceinline__ uint32_t lb_status(uint64_t word, uint32_t epoch) {
    const uint32_t flag = static_cast<uint32_t>(word >> 32);
    return (flag >> 2) == (epoch & 0x3fffffffu) ? (flag & 3u) : kTileInvalid;
}

__device__ __forceinline__ uint64_t lb_load_relaxed(const unsigned long long* p) {
    unsigned long long v;
    asm volatile("ld.relaxed.gpu.global.b64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    return v;
}
__device__ __forceinline__ void lb_store_relaxed(unsigned long long* p, uint64_t v) {
    asm volatile("st.relaxed.gpu.global.b64 [%0], %1;" ::"l"(p), "l"(static_cast<unsigned long long>(v))
                 : "memory");
}

// The status of one tile for value type T (LbWord<T>). 4-byte values: the one
// 64-bit word above. 8-byte values do not fit beside a flag in 64 bits: a tile
// owns two 64-bit words, each (epoch << 2 | status) : 32 bits of the value (low
// half, high half), written by one 16-byte store and read by one 16-byte load.
// Each 64-bit half is a relaxed atomic on its own; a reader takes the pair only
// when both halves carry the same flag (the same epoch and status, so the same
// store), else it reads again: a torn read is "not ready", never a wrong value.
// (CUB's tile status for 8-byte values relies on 16-byte accesses being atomic;
// this does not.)
template <class T, bool kWide = (sizeof(T) == 8)>
struct LbWord {
    static_assert(sizeof(T) == 4, "4-byte values");
    using Word = uint64_t;
    static constexpr int kWordsPerTile = 1;
    __device__ static __forceinline__ Word load(const unsigned long long* status, int64_t tile) {
        return lb_load_relaxed(status + tile);
    }
    __device__ static __forceinline__ void store(unsigned long long* status, int64_t tile, uint32_t epoch,
                                                 uint32_t st, T v) {
        lb_store_relaxed(status + tile, lb_pack(epoch, st, lb_to_bits(v)));
    }
    __device__ static __forceinline__ uint32_t status(Word w, uint32_t epoch) { return lb_status(w, epoch); }
    __device__ static __forceinline__ T value(Word w) { return lb_from_bits<T>(static_cast<uint32_t>(w)); }
    // A slot before tile 0: reads as inclusive with the identity (never needed).
    __device__ static __forceinline__ Word identity_word(T id) { return lb_to_bits(id); }
};
template <class T>
struct LbWord<T, true> {
    struct Word {
        uint64_t lo, hi;
    };
    static constexpr int kWordsPerTile = 2;
    __device__ static __forceinline__ Word load(const unsigned long long* status, int64_t tile) {
        Word w;
        asm volatile("ld.relaxed.gpu.global.v2.b64 {%0, %1}, [%2];"
                     : "=l"(w.lo), "=l"(w.hi)
                     : "l"(status + 2 * tile)
                     : "memory");
        return w;
    }
    __device__ static __forceinline__ void store(unsigned long long* status, int64_t tile, uint32_t epoch,
                                                 uint32_t st, T v) {
        const uint64_t b = lb_to_bits64(v);
        const uint64_t lo = lb_pack(epoch, st, static_cast<uint32_t>(b));
        const uint64_t hi = lb_pack(epoch, st, static_cast<uint32_t>(b >> 32));
        asm volatile("st.relaxed.gpu.global.v2.b64 [%0], {%1, %2};" ::"l"(status + 2 * tile), "l"(lo), "l"(hi)
                     : "memory");
    }
    __device__ static __forceinline__ uint32_t status(Word w, uint32_t epoch) {
        return (w.lo >> 32) == (w.hi >> 32) ? lb_status(w.lo, epoch) : kTileInvalid;
    }
    __device__ static __forceinline__ T value(Word w) {
        return lb_from_bits64<T>((w.hi << 32) | (w.lo & 0xffffffffull));
    }
    __device__ static __forceinline__ Word identity_word(T id) {
        const uint64_t b = lb_to_bits64(id);
        return Word{b & 0xffffffffull, b >> 32};
    }
};

}  // namespace scanviz::kern
