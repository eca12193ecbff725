#pragma once
// What padding reads and fresh output buffers hold (docs/spec-format.md, policy.uninitialized).
#include <cstdint>

#include "core/interp/buffers.h"
#include "core/spec/spec.h"

namespace tl {

// nan: NaN for floats, the dtype's max for integers (true for bool); zero; sentinel: -12345
// for floats (as near as the dtype gets), 0x5A in every byte for integers, true for bool.
template <class T>
T fill_value(Uninitialized u) {
    if (u == Uninitialized::Zero) return T(0);
    if constexpr (std::is_same_v<T, bool>) {
        return true;
    } else if constexpr (is_float_type<T>) {
        return u == Uninitialized::Nan ? from_double<T>(std::numeric_limits<double>::quiet_NaN())
                                       : from_double<T>(-12345.0);
    } else {
        if (u == Uninitialized::Nan) return std::numeric_limits<T>::max();
        return static_cast<T>(static_cast<std::uint64_t>(0x5A5A5A5A5A5A5A5Aull));
    }
}

double fill_value_as_double(DType d, Uninitialized u);

void fill(Buffer& buf, Uninitialized u);
// Fills n elements of dtype d at p.
void fill_raw(void* p, DType d, std::int64_t n, Uninitialized u);

// A different policy whose fill differs from u's for every dtype (bool included): the
// numerics check re-runs with it to see which outputs depend on the fill.
Uninitialized alternate_fill(Uninitialized u);

}  // namespace tl
