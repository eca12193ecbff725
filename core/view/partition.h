#pragma once
// The block lines along one displayed dimension: sorted cut points from `lo` to `hi`, either
// listed (the analysis's coverage partition) or regular (every `step` elements, for arrays
// cut too finely to list). Lookups are binary searches, so a 16384-element axis of 1-element
// blocks costs no more to query than one of 4 blocks.
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace tl::view {

class AxisPartition {
public:
    AxisPartition() = default;  // one cell [0, 1)
    // Cuts at lo, at every origin + k * step strictly inside (lo, hi), and at hi.
    static AxisPartition regular(std::int64_t origin, std::int64_t step, std::int64_t lo,
                                 std::int64_t hi);
    // `cuts` (sorted, at least two) must outlive the partition.
    static AxisPartition listed(std::span<const std::int64_t> cuts);

    std::int64_t count() const { return count_; }  // cut points
    std::int64_t cells() const { return count_ > 0 ? count_ - 1 : 0; }
    std::int64_t cut(std::int64_t i) const;
    std::int64_t lo() const { return cut(0); }
    std::int64_t hi() const { return cut(count_ - 1); }
    // Index of the first cut >= x (count() when none).
    std::int64_t lower_bound(std::int64_t x) const;
    // Cut points inside [a, b].
    std::int64_t count_in(std::int64_t a, std::int64_t b) const;
    // The cell holding element x, or -1 outside [lo, hi).
    std::int64_t cell_of(std::int64_t x) const;
    std::pair<std::int64_t, std::int64_t> cell_bounds(std::int64_t cell) const {
        return {cut(cell), cut(cell + 1)};
    }
    // The smallest cell, in elements (for the level of detail of block lines).
    std::int64_t min_cell() const { return min_cell_; }

private:
    std::span<const std::int64_t> listed_;
    std::int64_t lo_ = 0, hi_ = 1, origin_ = 0, step_ = 1, kmin_ = 0;
    std::int64_t count_ = 2, min_cell_ = 1;
};

}  // namespace tl::view
