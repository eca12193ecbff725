#pragma once
// Pieces of run_audit shared between its files; not a public interface.
#include <cstddef>
#include <functional>
#include <vector>

#include "core/audit/audit.h"
#include "core/audit/audit_case.h"
#include "core/audit/sweep.h"
#include "core/spec/instance.h"
#include "core/target/target.h"

namespace tl {

// The datasheet figures the measurement plan lists, and the ones the roofline uses.
void describe_target(const TargetProfile& t, const Instance& inst, AuditResult& r);

// Runs `one(i)` for i < count on AuditOptions::jobs threads; results land at their index. A
// cancel marks the cases not started yet as cancelled. An exception `one` throws starts no
// further case and is rethrown here (parallel_for).
std::vector<CaseOutcome> run_cases_parallel(std::size_t count,
                                            const std::function<CaseOutcome(std::size_t)>& one,
                                            const AuditOptions& opt);

// The threads each of `cases` cases may give its numerics when run_cases_parallel runs them:
// all of AuditOptions::jobs for a single case, one each when the cases keep every worker
// busy, so the two never ask for more threads than there are cores.
int numerics_jobs(std::size_t cases, const AuditOptions& opt);

// The spec's own case (outcomes.front()) and the sweep's cases folded into `r`: stages,
// findings with their case params, the sweep table, notes and the verdict. The own case's
// analysis moves into `r`.
void fold_outcomes(const SweepPlan& plan, const Instance& inst, const TargetProfile& profile,
                   std::vector<CaseOutcome>& outcomes, AuditResult& r);

// The audit of a spec with a `python` key (core/audit/python_audit.cpp).
AuditResult run_python_audit(const Spec& spec, const AuditOptions& opt);

}  // namespace tl
