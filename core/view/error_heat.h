#pragma once
// The error heat map of one output: |out - ref| per element of the displayed slice, pooled
// into at most max_bins x max_bins bins by their worst element, so that one bad element of a
// 16384 x 16384 output still shows when the whole array is on screen.
#include <cstdint>
#include <span>
#include <vector>

#include "core/interp/buffers.h"
#include "core/spec/spec.h"
#include "core/view/geometry.h"

namespace tl::view {

struct ElementError {
    double out = 0, ref = 0, error = 0;  // error: +inf where a NaN met a number
    bool bad = false;                    // outside |out - ref| <= atol + rtol * |ref|
};

struct HeatGrid {
    std::int64_t rows = 0, cols = 0;          // bins
    std::int64_t bin_rows = 1, bin_cols = 1;  // elements per bin along each axis
    ElementRect area;                         // the displayed slice, in elements
    // Per bin: the worst element's error over its tolerance (+inf for NaN against a number);
    // 0 where every element matches exactly. > 1 only where `bad` is set.
    std::vector<float> ratio;
    std::vector<std::uint8_t> bad;  // per bin: some element outside the tolerance
    std::int64_t bad_elements = 0;
    double max_error = 0;  // over the slice; +inf when a NaN met a number

    bool empty() const { return ratio.empty(); }
    float ratio_at(std::int64_t bin_r, std::int64_t bin_c) const {
        return ratio[static_cast<std::size_t>(bin_r * cols + bin_c)];
    }
    bool bad_at(std::int64_t bin_r, std::int64_t bin_c) const {
        return bad[static_cast<std::size_t>(bin_r * cols + bin_c)] != 0;
    }
};

// The error of one element (full-rank index); a zero value for a wrong rank or range.
ElementError element_error(const Buffer& out, const Buffer& ref, const Tolerance& tol,
                           std::span<const std::int64_t> element);

// The heat grid of the slice of `out` at the leading indices `slice` (rank >= 3; empty for
// lower ranks), rows and columns being the last two dimensions (rank 1: one row). Empty when
// the shapes differ.
HeatGrid build_error_heat(const Buffer& out, const Buffer& ref, const Tolerance& tol,
                          std::span<const std::int64_t> slice, std::int64_t max_bins = 2048);

// 0 to 1: how far past the tolerance a ratio is, on a log scale (1e6 x the tolerance and
// NaN against a number are 1).
double heat_intensity(float ratio);

}  // namespace tl::view
