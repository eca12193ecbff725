#include "core/interp/reference/reference.h"

namespace tl::reference {

Buffer rowsum(const Buffer& x, const ResolvedOperand& out) {
    const std::int64_t rows = x.shape()[0], cols = x.shape()[1];
    if (integer_result({&x}, out)) {
        const auto v = x.to_ints();
        Buffer b(out.dtype, out.shape);
        for (std::int64_t r = 0; r < rows; ++r) {
            std::int64_t s = 0;
            for (std::int64_t c = 0; c < cols; ++c) s += v[static_cast<std::size_t>(r * cols + c)];
            b.set_int(r, s);
        }
        return b;
    }
    const auto v = x.to_doubles();
    Buffer b(is_float(out.dtype) ? DType::Float64 : out.dtype, out.shape);
    for (std::int64_t r = 0; r < rows; ++r) {
        double s = 0;
        for (std::int64_t c = 0; c < cols; ++c) s += v[static_cast<std::size_t>(r * cols + c)];
        b.set(r, s);
    }
    return b;
}

}  // namespace tl::reference
