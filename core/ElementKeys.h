#pragma once
// How PyTorch's CPU kernels compare elements when they sort, select or count them (sort, topk,
// kthvalue, unique, median, mode, quantile): floating dtypes as double (every float16, bfloat16
// and float32 value is exact there) and integral ones and bool as int64, which gives the same
// answers as the kernels' own scalar_t comparisons. Internal to the core's sorting and
// statistics ops.
#include "DType.h"
#include "Scalar.h"

#include <cmath>
#include <cstdint>
#include <type_traits>

namespace stridescope::ops::keys {

// Calls fn with a value of the key type of `dtype` (double or std::int64_t).
template <typename Fn> decltype(auto) withKeyType(DType dtype, Fn&& fn) {
    if (isFloating(dtype))
        return fn(double{});
    return fn(std::int64_t{});
}

template <typename Key> Key keyOf(const Scalar& v) {
    if constexpr (std::is_same_v<Key, double>)
        return v.floatValue;
    else
        return v.intValue;
}

template <typename Key> bool isNan(Key v) {
    if constexpr (std::is_same_v<Key, double>)
        return std::isnan(v);
    else
        return false;
}

} // namespace stridescope::ops::keys
