// The host's sequential scan step, for checking a GPU's output exactly: the
// operator's identity and one combine, integer add wrapping through the
// unsigned type (as the kernels' integer add does). The bench harness and the
// GPU tests check every element with it.
#pragma once

#include <limits>
#include <type_traits>

#include "core/trace/run_spec.hpp"

namespace scanviz {

template <class T>
constexpr T host_identity(Op op) {
    if (op == Op::Max) return std::numeric_limits<T>::lowest();
    if (op == Op::Min) return std::numeric_limits<T>::max();
    return T(0);
}

template <class T>
constexpr T host_combine(Op op, T a, T b) {
    if (op == Op::Max) return a > b ? a : b;
    if (op == Op::Min) return a < b ? a : b;
    if constexpr (std::is_integral_v<T>) {
        using U = std::make_unsigned_t<T>;
        return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
    } else {
        return a + b;
    }
}

}  // namespace scanviz
