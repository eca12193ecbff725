#pragma once
// The mapping analysis over a whole grid (docs/semantics.md): for every program and
// operand the block the index map returns, its element window, the TPU pipeline's copies
// and write-backs, per-operand traffic, coverage, and the indexing findings.
//
// Conventions:
// - Programs are numbered in iteration order (row-major over the grid, last axis fastest).
// - Windows are element ranges in array coordinates. Blocked dim of size b, index i:
//   [i*b, i*b+b). Squeezed: the index is the element, size 1. Element dim {b, [lo, hi]}: the
//   index is an offset into the array padded by lo, window [off-lo, off-lo+b).
// - A block is out of bounds when an index is negative or its window has no element inside
//   the array; such blocks move no bytes, add no padding and cover nothing.
// - Inputs: a block copy happens at a program whose block index differs from the previous
//   program's (the first program always copies). hbm_bytes = sum over copies of the clipped
//   window's bytes; elements_padded_on_read = sum over copies of (block - clipped) elements;
//   visits = block_copies.
// - Outputs: a visit is a maximal run of consecutive programs with the same block index; each
//   ends with one write-back. block_copies = visits; hbm_bytes = sum over visits of the
//   clipped window's bytes.
// - vmem_bytes = buffer_count x block bytes (product of block sizes, squeezed = 1, x dtype).
// - Coverage counts per cell of the operands' block partition: outputs, write-backs (per
//   visit under revisit "tpu", per distinct block under "ideal"); inputs, block copies.
// - Programs whose index map fails at run time (division by zero, ...) are left out of
//   everything and reported in errors().
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/base/diagnostic.h"
#include "core/base/finding.h"
#include "core/spec/instance.h"

namespace tl {

struct AnalysisOptions {
    Revisit revisit = Revisit::Tpu;
    // GPU targets: every program runs concurrently, so every grid axis counts as parallel for
    // races, whatever dimension_semantics says (docs/semantics.md, "GPU targets").
    bool concurrent_grid = false;
};

// An element window in array coordinates; after clipping, size 0 on a dim when empty.
struct Window {
    std::vector<std::int64_t> start, size;
};

struct OperandTraffic {
    std::int64_t block_copies = 0, hbm_bytes = 0, vmem_bytes = 0, elements_padded_on_read = 0,
                 visits = 0, programs = 0;  // programs: those whose index map evaluated
};

// Counts over the operand's block partition: the cells between consecutive cut points.
struct Coverage {
    std::vector<std::vector<std::int64_t>> breaks;  // per dim, sorted cut points incl. 0 and dim
    std::vector<std::int32_t> counts;               // row-major over the cells
    // The count of the cell holding `element`; 0 outside the array.
    std::int32_t count_at(std::span<const std::int64_t> element) const;
    std::int64_t cells() const { return static_cast<std::int64_t>(counts.size()); }
};

struct AnalysisData;

class Analysis {
public:
    Analysis();  // an empty analysis of an empty instance
    explicit Analysis(std::shared_ptr<const AnalysisData> data);

    const Instance& instance() const;
    std::int64_t programs() const;
    // What the index map returned at `program` (block indices; element offsets for Element
    // dims; the element index for squeezed dims); empty when the map failed there.
    std::span<const std::int64_t> block_index(std::int64_t program, int op) const;
    // The full block window (may extend past the array); all-zero when the map failed.
    Window window(std::int64_t program, int op) const;
    Window clipped(std::int64_t program, int op) const;  // the window intersected with the array
    // Input: copied HBM->VMEM at this program. Output: a write-back follows this program.
    bool is_copy(std::int64_t program, int op) const;
    // Output: 0-based visit number in iteration order; -1 for inputs and failed programs.
    std::int64_t visit_of(std::int64_t program, int op) const;
    // True when the program's block for `op` has no element inside the array.
    bool out_of_bounds(std::int64_t program, int op) const;
    const OperandTraffic& traffic(int op) const;
    const Coverage& coverage(int op) const;
    const std::vector<Finding>& findings() const;
    const Diagnostics& errors() const;  // index-map run-time errors, naming the program
    // Programs (iteration order, ascending) whose window holds `element`; for outputs only
    // those that write it (inside the array). Empty for a wrong rank.
    std::vector<std::int64_t> programs_touching(int op,
                                                std::span<const std::int64_t> element) const;
    std::int64_t total_hbm_bytes() const;
    std::int64_t total_vmem_bytes() const;
    // The grid coordinate of a program (iteration order, last axis fastest).
    std::vector<std::int64_t> program_coords(std::int64_t program) const;
    std::size_t memory_bytes() const;  // heap bytes held, excluding the Instance copy

private:
    std::shared_ptr<const AnalysisData> d_;
};

// Analyses every program of `inst`; never throws on bad index maps (see errors()).
Analysis analyse(const Instance& inst, const AnalysisOptions& opt = {});

}  // namespace tl
