#pragma once
// What the timings support (docs/timings.md, "The decision"): the best candidate with its spread, a
// tie note when the best two overlap, the speedup over the baseline, the end-to-end speedup from
// the op's share of the step, and one sentence saying whether the kernel earns its complexity.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/timings/record.h"

namespace tl {

struct DecisionConfig {
    std::optional<std::string> kernel;  // the spec's kernel; unset: the one kernel timed as pallas
    std::optional<std::string> target;  // unset: the one target the usable records share
    std::string candidate_impl = "pallas";
    std::optional<std::string> baseline;  // unset: the fastest other impl of the best's problem
    std::optional<double> share;          // typed in; wins over the files' shares
    double threshold = 0.02;  // the end-to-end saving (fraction of the step) that earns it
};

struct ExcludedRecord {
    std::size_t index = 0;  // into the records given to decide()
    std::string reason;     // "interpret timing: ...", "unverified: ...", ...
};

struct Decision {
    std::string kernel, target;
    std::optional<std::size_t> best;       // the fastest usable candidate (lowest median)
    std::optional<std::size_t> runner_up;  // the second fastest
    std::optional<std::size_t> baseline;   // the baseline record compared against
    std::string baseline_impl;
    // Baselines were measured on the target, but none of the best candidate's problem.
    bool baseline_at_other_sizes = false;
    bool tie = false;               // best and runner-up overlap within their min-max ranges
    std::string tie_note;           // empty when no tie
    std::optional<double> speedup;  // baseline median / best median
    std::optional<double> share;    // the op's fraction of the step
    std::optional<double> end_to_end_speedup;  // 1 / ((1 - p) + p / s)
    std::optional<double> saving;              // fraction of the step saved: p (1 - 1/s)
    std::optional<bool> earns_complexity;      // saving >= threshold; unset without a share
    double threshold = 0.02;
    // Rests on an unverified measurement (the best candidate's or the baseline's): no record
    // of that role says its outputs were checked on the target. Never the final verdict:
    // earns_complexity stays unset and provisional_earns says what it would be.
    bool provisional = false;
    std::optional<bool> provisional_earns;
    std::size_t verified_records = 0;    // usable records of the kernel on the target, verified
    std::size_t unverified_records = 0;  // usable, measured there, but not verified
    std::string sentence;
    std::vector<ExcludedRecord> excluded;  // records of the kernel left out, with why
};

// 1 / ((1 - share) + share / speedup); nullopt when share is outside [0, 1] or the speedup
// is not positive and finite.
std::optional<double> end_to_end_speedup(double share, double speedup);

// Decides from measured, successful records of one kernel on one target; every other record
// of that kernel is listed in `excluded` with the reason. Verified records are used when a
// candidate (or a baseline of the best's problem) has any; with none, unverified ones stand in
// and the decision is provisional. A record whose file says its check failed (verified=false)
// is never used.
Decision decide(const std::vector<TimingRecord>& records, const DecisionConfig& config = {});

}  // namespace tl
