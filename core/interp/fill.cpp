#include "core/interp/fill.h"

#include <algorithm>

namespace tl {

double fill_value_as_double(DType d, Uninitialized u) {
    return dispatch_dtype(d, [&](auto tag) {
        using T = typename decltype(tag)::type;
        return to_double(fill_value<T>(u));
    });
}

void fill_raw(void* p, DType d, std::int64_t n, Uninitialized u) {
    dispatch_dtype(d, [&](auto tag) {
        using T = typename decltype(tag)::type;
        std::fill_n(static_cast<T*>(p), n, fill_value<T>(u));
    });
}

void fill(Buffer& buf, Uninitialized u) {
    fill_raw(buf.raw(), buf.dtype(), buf.size(), u);
}

Uninitialized alternate_fill(Uninitialized u) {
    // nan -> zero, zero -> sentinel, sentinel -> zero: each pair differs for floats,
    // integers and bool alike (nan and sentinel are both `true` for bool).
    return u == Uninitialized::Zero ? Uninitialized::Sentinel : Uninitialized::Zero;
}

}  // namespace tl
