#include "core/view/partition.h"

#include <algorithm>

namespace tl::view {

namespace {
std::int64_t floor_div(std::int64_t a, std::int64_t b) {
    const std::int64_t q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}
}  // namespace

AxisPartition AxisPartition::regular(std::int64_t origin, std::int64_t step, std::int64_t lo,
                                     std::int64_t hi) {
    AxisPartition p;
    p.lo_ = lo;
    p.hi_ = std::max(hi, lo);
    p.origin_ = origin;
    p.step_ = std::max<std::int64_t>(step, 1);
    p.kmin_ = floor_div(lo - origin, p.step_) + 1;  // first k with origin + k*step > lo
    const std::int64_t kmax = -floor_div(-(p.hi_ - origin), p.step_) - 1;  // last < hi
    const std::int64_t interior = std::max<std::int64_t>(kmax - p.kmin_ + 1, 0);
    p.count_ = p.hi_ > p.lo_ ? interior + 2 : 1;
    p.min_cell_ = std::min(p.step_, std::max<std::int64_t>(p.hi_ - p.lo_, 1));
    if (interior > 0) {
        p.min_cell_ = std::min(
            {p.min_cell_, origin + p.kmin_ * p.step_ - lo, p.hi_ - (origin + kmax * p.step_)});
    }
    return p;
}

AxisPartition AxisPartition::listed(std::span<const std::int64_t> cuts) {
    AxisPartition p;
    p.listed_ = cuts;
    p.count_ = static_cast<std::int64_t>(cuts.size());
    p.min_cell_ = cuts.size() >= 2 ? cuts.back() - cuts.front() : 1;
    for (std::size_t i = 1; i < cuts.size(); ++i)
        p.min_cell_ = std::min(p.min_cell_, cuts[i] - cuts[i - 1]);
    return p;
}

std::int64_t AxisPartition::cut(std::int64_t i) const {
    if (!listed_.empty()) return listed_[static_cast<std::size_t>(i)];
    if (i <= 0) return lo_;
    if (i >= count_ - 1) return hi_;
    return origin_ + (kmin_ + i - 1) * step_;
}

std::int64_t AxisPartition::lower_bound(std::int64_t x) const {
    std::int64_t a = 0, b = count_;
    while (a < b) {
        const std::int64_t m = a + (b - a) / 2;
        if (cut(m) < x)
            a = m + 1;
        else
            b = m;
    }
    return a;
}

std::int64_t AxisPartition::count_in(std::int64_t a, std::int64_t b) const {
    if (b < a) return 0;
    return lower_bound(b + 1) - lower_bound(a);
}

std::int64_t AxisPartition::cell_of(std::int64_t x) const {
    if (count_ < 2 || x < lo() || x >= hi()) return -1;
    return lower_bound(x + 1) - 1;
}

}  // namespace tl::view
