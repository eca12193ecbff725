#pragma once
// Helpers the bodies share: the compute type, typed row loads and stores, option reading.
#include <initializer_list>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>

#include "core/interp/bodies/body.h"
#include "core/interp/bodies/signature.h"
#include "core/kernels/options.h"

namespace tl::interp {

// The type a body computes in: double when any operand is float64, float when any is
// another float (bf16 and f16 accumulate in f32), int64 for integers and bool.
enum class Compute { F32, F64, I64 };
Compute compute_type(std::initializer_list<DType> dtypes);

template <class F>
decltype(auto) dispatch_compute(Compute c, F&& f) {
    switch (c) {
        case Compute::F64:
            return f(TypeTag<double>{});
        case Compute::I64:
            return f(TypeTag<std::int64_t>{});
        case Compute::F32:
            break;
    }
    return f(TypeTag<float>{});
}

template <class A, class T>
inline A load_cast(T v) {
    if constexpr (std::is_same_v<A, T>) {
        return v;
    } else if constexpr (std::is_floating_point_v<A>) {
        if constexpr (std::is_same_v<T, bf16> || std::is_same_v<T, f16>)
            return static_cast<A>(static_cast<float>(v));
        else
            return static_cast<A>(v);
    } else if constexpr (is_float_type<T>) {
        return from_double<A>(to_double(v));
    } else {
        return static_cast<A>(v);
    }
}

template <class T, class A>
inline T store_cast(A v) {
    if constexpr (std::is_same_v<A, T>) {
        return v;
    } else if constexpr (std::is_integral_v<A>) {
        return from_int<T>(v);
    } else if constexpr (std::is_same_v<T, bf16> || std::is_same_v<T, f16>) {
        return T(static_cast<float>(v));
    } else if constexpr (std::is_floating_point_v<T>) {
        return static_cast<T>(v);
    } else {
        return from_double<T>(static_cast<double>(v));
    }
}

// Row r of `v` converted into dst[cols].
template <class A>
void load_row(const BlockView& v, std::int64_t r, A* dst) {
    dispatch_dtype(v.dtype, [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T* src = v.row<T>(r);
        for (std::int64_t c = 0; c < v.cols(); ++c) dst[c] = load_cast<A>(src[c]);
    });
}

template <class A>
void store_row(const BlockView& v, std::int64_t r, const A* src) {
    dispatch_dtype(v.dtype, [&](auto tag) {
        using T = typename decltype(tag)::type;
        T* dst = v.row<T>(r);
        for (std::int64_t c = 0; c < v.cols(); ++c) dst[c] = store_cast<T>(src[c]);
    });
}

// A rank <= 2 view converted into `m` (resized), and back.
template <class A>
void load_matrix(const BlockView& v, RowMat<A>& m) {
    m.resize(v.rows(), v.cols());
    for (std::int64_t r = 0; r < v.rows(); ++r) load_row(v, r, m.data() + r * m.cols());
}

template <class A>
void store_matrix(const BlockView& v, const RowMat<A>& m) {
    for (std::int64_t r = 0; r < v.rows(); ++r) store_row(v, r, m.data() + r * m.cols());
}

// NaN-propagating maximum, as jnp.maximum.
template <class A>
inline A nan_max(A a, A b) {
    if constexpr (std::is_floating_point_v<A>) {
        if (a != a) return a;
        if (b != b) return b;
    }
    return a > b ? a : b;
}

using tl::OptionReader;

// Checks on the operands a body receives; each adds an error naming the operand's JSON path.
bool expect_block_rank(const BodySetup& s, int operand, int rank, std::string_view body,
                       Diagnostics& errors);
bool expect_array_rank(const BodySetup& s, int operand, int rank, std::string_view body,
                       Diagnostics& errors);
bool expect_float_output(const BodySetup& s, std::string_view body, Diagnostics& errors);

}  // namespace tl::interp
