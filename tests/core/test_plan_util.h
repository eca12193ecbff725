#pragma once
// Holding the planner's time model against published measurements: the candidate of a spec's
// own tiling, and a modelled time checked to be within 1.5x of a measured one (printed, so a
// test run lists every ratio).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

#include "core/plan/tile_plan.h"

namespace tl::test {

// The modelled candidate of the spec's own tiling; nullopt, with a failure, when there is none.
inline std::optional<PlanCandidate> own_candidate(const Spec& spec) {
    // The planner examines the spec's own tiling past any budget: a budget of one skips the
    // other candidates, which these callers do not read.
    PlanOptions one;
    one.max_combinations = 1;
    const PlanOutcome out = plan_tiles(spec, one);
    if (!out.plan) {
        ADD_FAILURE() << spec.name << ": no plan";
        return std::nullopt;
    }
    for (const auto& c : out.plan->candidates)
        if (c.is_spec && c.modelled_s) return c;
    ADD_FAILURE() << spec.name << ": the spec's own tiling is not a modelled candidate";
    return std::nullopt;
}

// "v5e matmul 4096x4096x4096 (512, 1024, 1024) x1"
inline std::string matmul_row(const std::string& target, std::int64_t m, std::int64_t n,
                              std::int64_t k, std::int64_t bm, std::int64_t bn, std::int64_t bk,
                              std::int64_t runs = 1) {
    return target + " matmul " + std::to_string(m) + "x" + std::to_string(n) + "x" +
           std::to_string(k) + " (" + std::to_string(bm) + ", " + std::to_string(bn) + ", " +
           std::to_string(bk) + ") x" + std::to_string(runs);
}

// Prints `what` with both times and their ratio; fails when they are more than 1.5x apart.
inline void expect_within_one_and_a_half(const std::string& what, double modelled,
                                         double measured) {
    const double ratio = modelled / measured;
    std::printf("%s: modelled %.6g s, measured %.6g s, ratio %.3f\n", what.c_str(), modelled,
                measured, ratio);
    EXPECT_GT(ratio, 1 / 1.5) << what;
    EXPECT_LT(ratio, 1.5) << what;
}

}  // namespace tl::test
