// Scan operators as device functors, and the one place that maps a RunSpec's
// (Op, ElemType) to a template instantiation.
#pragma once

#include <climits>
#include <cuda/std/limits>

#include "core/trace/run_spec.hpp"

namespace scanviz::kern {

template <class T>
struct OpAdd {
    using value_type = T;
    __host__ __device__ __forceinline__ T operator()(T a, T b) const { return a + b; }
    __host__ __device__ __forceinline__ static T identity() { return T(0); }
};
template <class T>
struct OpMax {
    using value_type = T;
    __host__ __device__ __forceinline__ T operator()(T a, T b) const { return a > b ? a : b; }
    __host__ __device__ __forceinline__ static T identity() { return cuda::std::numeric_limits<T>::lowest(); }
};
template <class T>
struct OpMin {
    using value_type = T;
    __host__ __device__ __forceinline__ T operator()(T a, T b) const { return a < b ? a : b; }
    __host__ __device__ __forceinline__ static T identity() { return cuda::std::numeric_limits<T>::max(); }
};

// Calls f(OpX<T>{}) for the spec's operator and type: int32 add/max/min, float32 add.
template <class F>
decltype(auto) dispatch_op(Op op, ElemType type, F&& f) {
    if (type == ElemType::F32) return f(OpAdd<float>{});
    switch (op) {
        case Op::Max: return f(OpMax<int>{});
        case Op::Min: return f(OpMin<int>{});
        case Op::Add: default: return f(OpAdd<int>{});
    }
}

}  // namespace scanviz::kern
