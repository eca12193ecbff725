#pragma once
// The indexing proof for every positive size of one param at once (docs/semantics.md,
// "Proofs for every size"). It applies when each index-map result is an affine function of
// one grid index (or a constant) that does not use the param, the blocks are blocked or
// squeezed, and every grid size, shape and block size is quasi-linear in the param (`cdiv`,
// `//`, `%`, sums and multiples). Each indexing error is then a conjunction of linear
// inequalities in those sizes, and a quasi-linear size is known for every value from one
// period and its slope: checking one period decides every size, names the first that fails
// and, when the failures are periodic or a threshold, says which.
#include <cstdint>
#include <optional>
#include <string>

#include "core/spec/spec.h"

namespace tl {

struct SymbolicProof {
    std::string param;
    bool holds = false;                         // no indexing error at any positive size
    std::optional<std::int64_t> first_failure;  // the smallest failing size
    std::optional<std::string> failing_sizes;   // e.g. "N % 128 != 0", when it is that simple
    std::int64_t period = 1;                    // sizes checked: one period of every size
};

struct SymbolicProofOptions {
    Revisit revisit = Revisit::Tpu;
    bool concurrent_grid = false;  // a GPU target: every grid axis runs concurrently
};

// nullopt when the spec is outside the form above: the range proof answers then.
std::optional<SymbolicProof> prove_every_size(const Spec& spec, const std::string& param,
                                              const SymbolicProofOptions& options = {});

}  // namespace tl
