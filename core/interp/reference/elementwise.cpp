#include <cmath>

#include "core/interp/reference/reference.h"

namespace tl::reference {

namespace {

template <class V>
V apply(const std::string& body, V a, V b, double alpha) {
    if (body == "add") return a + b;
    if (body == "sub") return a - b;
    if (body == "mul") return a * b;
    if (body == "max") {
        if constexpr (std::is_floating_point_v<V>)
            if (std::isnan(a) || std::isnan(b)) return std::nan("");
        return a > b ? a : b;
    }
    if (body == "scale") return static_cast<V>(alpha * static_cast<double>(a));
    return a;  // copy
}

}  // namespace

Buffer elementwise(const std::string& body, const Json& options,
                   const std::vector<const Buffer*>& inputs, const ResolvedOperand& out) {
    double alpha = 1;
    if (body == "scale" && options.contains("alpha") && options["alpha"].is_number())
        alpha = options["alpha"].get<double>();
    const Buffer& x = *inputs[0];
    const Buffer& y = *inputs[inputs.size() > 1 ? 1 : 0];
    // A fractional factor makes scale a float computation even on integers.
    if (integer_result(inputs, out) && body != "scale") {
        Buffer r(out.dtype, out.shape);
        const auto xs = x.to_ints(), ys = y.to_ints();
        for (std::int64_t i = 0; i < r.size(); ++i) {
            const auto u = static_cast<std::size_t>(i);
            r.set_int(i, apply<std::int64_t>(body, xs[u], ys[u], alpha));
        }
        return r;
    }
    const bool float_out = is_float(out.dtype);
    Buffer r(float_out ? DType::Float64 : out.dtype, out.shape);
    const auto xs = x.to_doubles(), ys = y.to_doubles();
    for (std::int64_t i = 0; i < r.size(); ++i) {
        const auto u = static_cast<std::size_t>(i);
        r.set(i, apply<double>(body, xs[u], ys[u], alpha));
    }
    return r;
}

}  // namespace tl::reference
