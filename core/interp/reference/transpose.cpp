#include "core/interp/reference/reference.h"

namespace tl::reference {

Buffer transpose(const Buffer& x, const ResolvedOperand& out) {
    Buffer r(is_float(out.dtype) ? DType::Float64 : out.dtype, out.shape);
    const std::int64_t rows = x.shape()[0], cols = x.shape()[1];
    const bool ints = !is_float(out.dtype) && !is_float(x.dtype());
    for (std::int64_t i = 0; i < rows; ++i)
        for (std::int64_t j = 0; j < cols; ++j) {
            if (ints)
                r.set_int(j * rows + i, x.get_int(i * cols + j));
            else
                r.set(j * rows + i, x.get(i * cols + j));
        }
    return r;
}

}  // namespace tl::reference
