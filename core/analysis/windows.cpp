#include "core/analysis/windows.h"

#include <algorithm>
#include <limits>

namespace tl {

namespace {
constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
}  // namespace

std::int64_t sat_add(std::int64_t a, std::int64_t b) {
    std::int64_t r;
    if (__builtin_add_overflow(a, b, &r)) return b > 0 ? kMax : kMin;
    return r;
}

std::int64_t sat_mul(std::int64_t a, std::int64_t b) {
    std::int64_t r;
    if (__builtin_mul_overflow(a, b, &r)) return (a < 0) != (b < 0) ? kMin : kMax;
    return r;
}

DimWindow dim_window(const ResolvedOperand& op, int d, std::int64_t index) {
    const ResolvedBlockDim& b = op.block[static_cast<std::size_t>(d)];
    DimWindow w;
    switch (b.kind) {
        case BlockDim::Kind::Blocked:
            w.start = sat_mul(index, b.size);
            w.size = std::max<std::int64_t>(b.size, 0);
            break;
        case BlockDim::Kind::Squeezed:
            w.start = index;
            w.size = 1;
            break;
        case BlockDim::Kind::Element:
            w.start = sat_add(index, -b.pad_lo);
            w.size = std::max<std::int64_t>(b.size, 0);
            break;
    }
    const std::int64_t dim = op.shape[static_cast<std::size_t>(d)];
    const std::int64_t end = sat_add(w.start, w.size);
    const std::int64_t lo = std::clamp<std::int64_t>(w.start, 0, dim);
    const std::int64_t hi = std::clamp<std::int64_t>(end, 0, dim);
    w.clip_start = lo;
    w.clip_size = hi > lo ? hi - lo : 0;
    return w;
}

bool block_out_of_bounds(const ResolvedOperand& op, const std::int64_t* index) {
    for (int d = 0; d < op.rank(); ++d) {
        if (index[d] < 0 || dim_window(op, d, index[d]).clip_size == 0) return true;
    }
    return false;
}

std::int64_t block_elements_of(const ResolvedOperand& op) {
    std::int64_t n = 1;
    for (int d = 0; d < op.rank(); ++d) {
        const ResolvedBlockDim& b = op.block[static_cast<std::size_t>(d)];
        n = sat_mul(n, b.kind == BlockDim::Kind::Squeezed ? 1 : std::max<std::int64_t>(b.size, 0));
    }
    return n;
}

std::int64_t clipped_elements(const ResolvedOperand& op, const std::int64_t* index) {
    std::int64_t n = 1;
    for (int d = 0; d < op.rank(); ++d) n = sat_mul(n, dim_window(op, d, index[d]).clip_size);
    return n;
}

IndexRange valid_index_range(const ResolvedOperand& op, int d) {
    const ResolvedBlockDim& b = op.block[static_cast<std::size_t>(d)];
    const std::int64_t dim = op.shape[static_cast<std::size_t>(d)];
    if (dim <= 0) return {};
    switch (b.kind) {
        case BlockDim::Kind::Blocked:
            if (b.size <= 0) return {};
            return {0, (dim - 1) / b.size};
        case BlockDim::Kind::Squeezed:
            return {0, dim - 1};
        case BlockDim::Kind::Element:
            // [off - lo, off - lo + b) must meet [0, dim), and off >= 0.
            if (b.size <= 0) return {};
            return {std::max<std::int64_t>(0, b.pad_lo - b.size + 1), dim - 1 + b.pad_lo};
    }
    return {};
}

}  // namespace tl
