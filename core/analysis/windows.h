#pragma once
// Block index -> element window for one operand (docs/semantics.md, "Blocks"), with
// saturating arithmetic so that absurd indices give far-away windows, never overflow.
#include <cstdint>

#include "core/spec/instance.h"

namespace tl {

struct DimWindow {
    std::int64_t start = 0, size = 0;            // the full window on this dimension
    std::int64_t clip_start = 0, clip_size = 0;  // intersected with [0, dim)
};

// The window of dimension `d` of `op` for the value `index` the index map returned there.
DimWindow dim_window(const ResolvedOperand& op, int d, std::int64_t index);

// True when the block has no element inside the array or an index is negative.
bool block_out_of_bounds(const ResolvedOperand& op, const std::int64_t* index);

// Elements of the block (squeezed dims count 1) and of its part inside the array.
std::int64_t block_elements_of(const ResolvedOperand& op);
std::int64_t clipped_elements(const ResolvedOperand& op, const std::int64_t* index);

// The valid range of the index on dimension d: [lo, hi] (hi < lo when none is valid).
struct IndexRange {
    std::int64_t lo = 0, hi = -1;
};
IndexRange valid_index_range(const ResolvedOperand& op, int d);

std::int64_t sat_add(std::int64_t a, std::int64_t b);
std::int64_t sat_mul(std::int64_t a, std::int64_t b);

}  // namespace tl
