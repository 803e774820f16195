// A value's bits (decoupled look-back): what the status words store, what the vector
// loads and stores move, what the probes record.
#pragma once

#include <cstdint>
#include <type_traits>

namespace scanviz::kern {

// Bits of 8-byte values.
template <class T>
__device__ __forceinline__ T lb_from_bits64(uint64_t b) {
    if constexpr (std::is_floating_point_v<T>)
        return __longlong_as_double(static_cast<long long>(b));
    else
        return static_cast<T>(b);
}
template <class T>
__device__ __forceinline__ uint64_t lb_to_bits64(T v) {
    if constexpr (std::is_floating_point_v<T>)
        return static_cast<uint64_t>(__double_as_longlong(v));
    else
        return static_cast<uint64_t>(v);
}

// Bits of 4-byte values (the status word stores the value's bits).
template <class T>
__device__ __forceinline__ T lb_from_bits(uint32_t b) {
    if constexpr (std::is_floating_point_v<T>)
        return __uint_as_float(b);
    else
        return static_cast<T>(b);
}
template <class T>
__device__ __forceinline__ uint32_t lb_to_bits(T v) {
    if constexpr (sizeof(T) == 8)
        return static_cast<uint32_t>(lb_to_bits64(v));  // probes record 32 bits (4-byte types only)
    else if constexpr (std::is_floating_point_v<T>)
        return __float_as_uint(v);
    else
        return static_cast<uint32_t>(v);
}

}  // namespace scanviz::kern
