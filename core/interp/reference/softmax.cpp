#include <algorithm>
#include <cmath>

#include "core/interp/reference/reference.h"

namespace tl::reference {

// Softmax of every row of the whole array (over its last dimension).
Buffer softmax(const Buffer& x, const ResolvedOperand& out) {
    const auto v = x.to_doubles();
    const std::int64_t cols = x.shape().empty() ? 1 : x.shape().back();
    const std::int64_t rows = cols > 0 ? x.size() / cols : 0;
    Buffer b(DType::Float64, out.shape);
    for (std::int64_t r = 0; r < rows; ++r) {
        const double* row = v.data() + r * cols;
        const double m = *std::max_element(row, row + cols);
        double s = 0;
        for (std::int64_t c = 0; c < cols; ++c) s += std::exp(row[c] - m);
        for (std::int64_t c = 0; c < cols; ++c) b.set(r * cols + c, std::exp(row[c] - m) / s);
    }
    return b;
}

}  // namespace tl::reference
