#pragma once
// The mapping analysis in closed form for separable index maps (docs/semantics.md,
// "Closed form"): every result of every index map reads at most one grid axis. Then a block
// is a tuple of per-axis parts, the programs are the full product of the axes, and copies,
// traffic, padding, revisits and coverage are sums and unions over each axis alone: the cost
// is the sum of the grid sizes, not their product.
//
// It answers what the planner needs: the traffic of every operand (equal to analyse()'s) and
// whether the indexing checks are clean. `clean` is conservative: true only when analyse()
// would report no error finding and no error; false when it would, or when this form cannot
// tell (an output whose index map puts two dimensions on one axis, revisit "any", ...).
#include <cstdint>
#include <optional>
#include <vector>

#include "core/analysis/analysis.h"
#include "core/spec/instance.h"

namespace tl {

struct SeparableOperand {
    OperandTraffic traffic;
    std::int64_t distinct_blocks = 0;  // blocks the grid visits
    std::int64_t revisits = 0;         // visits beyond the first of each block
    bool out_of_bounds = false;        // some visited block has no element in the array
    // Outputs (unknown, and false, when two dimensions share a grid axis):
    bool covered = false;             // every element lies in some in-bounds block
    bool overlapping = false;         // distinct blocks share elements
    bool race = false;                // programs differing on a parallel axis write one block
    std::int64_t coverage_cells = 0;  // cells of the block partition analyse() builds
};

struct SeparableAnalysis {
    std::int64_t programs = 0;
    std::vector<SeparableOperand> ops;
    bool clean = false;

    std::int64_t total_hbm_bytes() const;
    std::int64_t total_vmem_bytes() const;
};

// nullopt when some index map is not separable, reads a scalar-prefetch table, fails at some
// program, or the grid is empty or past the analysis limit: use analyse() then.
std::optional<SeparableAnalysis> analyse_separable(const Instance& inst,
                                                   const AnalysisOptions& opt = {});

}  // namespace tl
