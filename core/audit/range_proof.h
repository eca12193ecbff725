#pragma once
// Beyond sampling: when every index map is separable (each block index depends on one grid
// axis at most, and no scalar-prefetch array), the indexing checks are run for *every* size
// of each swept dimension from 1 to a bound, the other params as written. The result is a
// proof over that range, not a sample, and names the first size that fails.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/audit/sweep.h"
#include "core/base/finding.h"
#include "core/spec/instance.h"
#include "core/spec/spec.h"

namespace tl {

struct RangeProof {
    std::string param;
    std::int64_t from = 1, to = 0;  // every size in [from, to] was analysed
    std::int64_t requested_to = 0;  // the bound asked for; to < requested_to when the
                                    // work budget ran out first
    std::optional<std::int64_t> first_failure;
    std::vector<Finding> findings;  // the errors at the first failing size
    std::int64_t skipped = 0;       // sizes in [from, to] that the spec's requires rule out
};

struct RangeProofOptions {
    std::int64_t bound = 4096;
    // Programs analysed per param at most, over the whole range: a grid that grows with the
    // dimension stops the range early rather than running for minutes.
    std::int64_t program_budget = std::int64_t{1} << 22;
    Revisit revisit = Revisit::Tpu;
    bool concurrent_grid = false;  // a GPU target
    int jobs = 0;                  // threads analysing sizes; 0 = one per core
};

// The indexing errors at one size of `param` (the other params as written): resolution
// failures, index-map failures and error findings, each with case_params set.
std::vector<Finding> indexing_errors_at(const Spec& spec, const std::string& param,
                                        std::int64_t size, const RangeProofOptions& options);

// True when every operand's index map is separable (see above).
bool separable_index_maps(const Instance& inst);

// One proof per swept param. Resolution errors at a size (a grid of floor division reaching
// 0, say) count as that size's failure.
std::vector<RangeProof> prove_ranges(const Spec& spec, const std::vector<SweptParam>& swept,
                                     const RangeProofOptions& options = {});

}  // namespace tl
