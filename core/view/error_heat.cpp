#include "core/view/error_heat.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tl::view {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

void row_to_double(const Buffer& b, std::int64_t offset, std::int64_t n, double* dst) {
    dispatch_dtype(b.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T* src = b.data<T>() + offset;
        for (std::int64_t i = 0; i < n; ++i) dst[i] = to_double(src[i]);
    });
}

// |out - ref| over the tolerance; +inf when exactly one is NaN (or an infinity differs).
double ratio_of(double out, double ref, const Tolerance& tol, double* error) {
    const bool on = std::isnan(out), rn = std::isnan(ref);
    if (on || rn) {
        *error = on && rn ? 0 : kInf;
        return *error;
    }
    if (out == ref) {
        *error = 0;
        return 0;
    }
    *error = std::abs(out - ref);
    if (std::isinf(*error)) return kInf;
    const double allowed = tol.atol + tol.rtol * std::abs(ref);
    // Exact comparisons (integers) still get a graded colour: scale by the value's size.
    const double unit = allowed > 0 ? allowed : 1e-6 * std::max(std::abs(ref), 1.0);
    const double r = *error / unit;
    return allowed > 0 ? r : std::max(r, 1.0 + 1e-9);
}

}  // namespace

ElementError element_error(const Buffer& out, const Buffer& ref, const Tolerance& tol,
                           std::span<const std::int64_t> element) {
    ElementError e;
    if (out.shape() != ref.shape() || static_cast<int>(element.size()) != out.rank()) return e;
    for (int d = 0; d < out.rank(); ++d)
        if (element[static_cast<std::size_t>(d)] < 0 ||
            element[static_cast<std::size_t>(d)] >= out.shape()[static_cast<std::size_t>(d)])
            return e;
    const std::int64_t i = out.offset(element);
    e.out = out.get(i);
    e.ref = ref.get(i);
    e.bad = ratio_of(e.out, e.ref, tol, &e.error) > 1;
    return e;
}

HeatGrid build_error_heat(const Buffer& out, const Buffer& ref, const Tolerance& tol,
                          std::span<const std::int64_t> slice, std::int64_t max_bins) {
    HeatGrid h;
    if (out.shape() != ref.shape() || out.empty() || ref.empty()) return h;
    const int r = out.rank();
    const auto& shape = out.shape();
    const std::int64_t rows = r >= 2 ? shape[static_cast<std::size_t>(r - 2)] : 1;
    const std::int64_t cols = r >= 1 ? shape[static_cast<std::size_t>(r - 1)] : 1;
    if (rows <= 0 || cols <= 0) return h;
    std::int64_t base = 0;
    const std::size_t leading = static_cast<std::size_t>(std::max(r - 2, 0));
    if (slice.size() != leading) return h;
    for (std::size_t d = 0; d < leading; ++d) {
        if (slice[d] < 0 || slice[d] >= shape[d]) return h;
        base += slice[d] * out.stride(static_cast<int>(d));
    }
    max_bins = std::max<std::int64_t>(max_bins, 1);
    h.area = {0, 0, rows, cols};
    h.bin_rows = (rows + max_bins - 1) / max_bins;
    h.bin_cols = (cols + max_bins - 1) / max_bins;
    h.rows = (rows + h.bin_rows - 1) / h.bin_rows;
    h.cols = (cols + h.bin_cols - 1) / h.bin_cols;
    h.ratio.assign(static_cast<std::size_t>(h.rows * h.cols), 0.f);
    h.bad.assign(h.ratio.size(), 0);
    std::vector<double> o(static_cast<std::size_t>(cols)), f(static_cast<std::size_t>(cols));
    for (std::int64_t y = 0; y < rows; ++y) {
        row_to_double(out, base + y * cols, cols, o.data());
        row_to_double(ref, base + y * cols, cols, f.data());
        float* bin_ratio = h.ratio.data() + (y / h.bin_rows) * h.cols;
        std::uint8_t* bin_bad = h.bad.data() + (y / h.bin_rows) * h.cols;
        for (std::int64_t x = 0; x < cols; ++x) {
            double err = 0;
            const double q =
                ratio_of(o[static_cast<std::size_t>(x)], f[static_cast<std::size_t>(x)], tol, &err);
            if (q == 0) continue;
            h.max_error = std::max(h.max_error, err);
            const std::int64_t bx = x / h.bin_cols;
            bin_ratio[bx] = std::max(bin_ratio[bx], static_cast<float>(q));
            if (q > 1) {
                bin_bad[bx] = 1;
                ++h.bad_elements;
            }
        }
    }
    return h;
}

double heat_intensity(float ratio) {
    if (!(ratio > 1)) return 0;
    if (std::isinf(ratio)) return 1;
    return std::clamp(std::log10(static_cast<double>(ratio)) / 6.0, 0.0, 1.0);
}

}  // namespace tl::view
