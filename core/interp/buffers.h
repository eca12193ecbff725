#pragma once
// Typed row-major arrays (rank 0-6) for the interpreter and the references, with the one set
// of dtype conversion rules both use: floats round to nearest, integers truncate toward zero
// and wrap modulo 2^bits, bool is `value != 0`.
#include <Eigen/Core>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <type_traits>
#include <vector>

#include "core/base/dtype.h"

namespace tl {

using bf16 = Eigen::bfloat16;
using f16 = Eigen::half;

template <class T>
struct TypeTag {
    using type = T;
};

// The element type of a dtype; calls f(TypeTag<T>{}). Dispatch once per run or per block,
// never per element.
template <class F>
decltype(auto) dispatch_dtype(DType d, F&& f) {
    switch (d) {
        case DType::Float32:
            return f(TypeTag<float>{});
        case DType::BFloat16:
            return f(TypeTag<bf16>{});
        case DType::Float16:
            return f(TypeTag<f16>{});
        case DType::Float64:
            return f(TypeTag<double>{});
        case DType::Int8:
            return f(TypeTag<std::int8_t>{});
        case DType::Int16:
            return f(TypeTag<std::int16_t>{});
        case DType::Int32:
            return f(TypeTag<std::int32_t>{});
        case DType::UInt8:
            return f(TypeTag<std::uint8_t>{});
        case DType::Bool:
            return f(TypeTag<bool>{});
        case DType::UInt16:
            return f(TypeTag<std::uint16_t>{});
        case DType::UInt32:
            return f(TypeTag<std::uint32_t>{});
        case DType::Float8E4M3FN:
        case DType::Float8E5M2:
        case DType::Int4:
            break;  // storage only: numerics_blocker keeps them from the interpreter
    }
    return f(TypeTag<float>{});
}

template <class T>
constexpr bool is_float_type = std::is_same_v<T, float> || std::is_same_v<T, double> ||
                               std::is_same_v<T, bf16> || std::is_same_v<T, f16>;

// A value of type T from a double: floats round to nearest; integers truncate toward zero
// (NaN gives 0, values past int64 saturate first) and then wrap; bool is v != 0.
template <class T>
inline T from_double(double v) {
    if constexpr (std::is_same_v<T, bool>) {
        return v != 0;
    } else if constexpr (std::is_same_v<T, bf16> || std::is_same_v<T, f16>) {
        return T(static_cast<float>(v));
    } else if constexpr (std::is_floating_point_v<T>) {
        return static_cast<T>(v);
    } else {
        if (std::isnan(v)) return T(0);
        constexpr double lim = 9.2233720368547758e18;
        const std::int64_t i = v >= lim    ? std::numeric_limits<std::int64_t>::max()
                               : v <= -lim ? std::numeric_limits<std::int64_t>::min()
                                           : static_cast<std::int64_t>(v);
        return static_cast<T>(i);  // modular since C++20
    }
}

// A value of type T from an integer: wraps for integers, v != 0 for bool.
template <class T>
inline T from_int(std::int64_t v) {
    if constexpr (std::is_same_v<T, bool>) {
        return v != 0;
    } else if constexpr (is_float_type<T>) {
        return from_double<T>(static_cast<double>(v));
    } else {
        return static_cast<T>(v);
    }
}

template <class T>
inline double to_double(T v) {
    if constexpr (std::is_same_v<T, bf16> || std::is_same_v<T, f16>) {
        return static_cast<double>(static_cast<float>(v));
    } else {
        return static_cast<double>(v);
    }
}

class Buffer {
public:
    Buffer() = default;
    // Zero-filled. Shape entries must be >= 0; rank 0 holds one element.
    Buffer(DType dtype, std::vector<std::int64_t> shape);
    Buffer(const Buffer& other);
    Buffer& operator=(const Buffer& other);
    Buffer(Buffer&&) noexcept = default;
    Buffer& operator=(Buffer&&) noexcept = default;

    DType dtype() const { return dtype_; }
    const std::vector<std::int64_t>& shape() const { return shape_; }
    int rank() const { return static_cast<int>(shape_.size()); }
    std::int64_t size() const { return size_; }
    std::size_t bytes() const { return static_cast<std::size_t>(size_) * elem_bytes(); }
    std::size_t elem_bytes() const { return static_cast<std::size_t>(dtype_bytes(dtype_)); }
    bool empty() const { return !data_; }
    // Elements between consecutive indices of dimension d (row-major).
    std::int64_t stride(int d) const { return strides_[static_cast<std::size_t>(d)]; }

    void* raw() { return data_.get(); }
    const void* raw() const { return data_.get(); }
    template <class T>
    T* data() {
        return reinterpret_cast<T*>(data_.get());
    }
    template <class T>
    const T* data() const {
        return reinterpret_cast<const T*>(data_.get());
    }

    // Element i (row-major) as a double (bool 0/1); per-element dispatch, for tests and
    // reports rather than inner loops.
    double get(std::int64_t i) const;
    std::int64_t get_int(std::int64_t i) const;    // integers exactly; floats truncated
    void set(std::int64_t i, double v);            // by from_double
    void set_int(std::int64_t i, std::int64_t v);  // by from_int
    // Every element as a double / as an int64 (one dispatch for the whole array).
    std::vector<double> to_doubles() const;
    void copy_to_doubles(double* dst) const;  // size() values, one dispatch
    std::vector<std::int64_t> to_ints() const;
    // True when element i holds the same value here and in `other` (NaN equals NaN).
    bool same_value(std::int64_t i, const Buffer& other) const;

    std::int64_t offset(std::span<const std::int64_t> index) const;
    std::vector<std::int64_t> unravel(std::int64_t i) const;

private:
    struct Free {
        std::size_t bytes;  // what was allocated (decides how it is freed)
        void operator()(std::byte* p) const;
    };
    DType dtype_ = DType::Float32;
    std::vector<std::int64_t> shape_, strides_;
    std::int64_t size_ = 0;
    std::unique_ptr<std::byte[], Free> data_;
};

}  // namespace tl
