#pragma once
// One case of the audit: contract, indexing and numerics on one resolved instance. The
// spec's own params and every sweep case run through here (audit.cpp runs them in parallel).
#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/analysis/analysis.h"
#include "core/audit/audit.h"
#include "core/spec/instance.h"
#include "core/spec/spec.h"
#include "core/target/contract.h"
#include "core/target/target.h"

namespace tl {

struct CaseOutcome {
    StageStatus contract = StageStatus::Skipped;
    StageStatus indexing = StageStatus::Skipped;
    StageStatus numerics = StageStatus::Skipped;
    bool invalid = false;  // the params do not resolve (findings hold the spec_error)
    bool cancelled = false;
    std::vector<Finding> findings;
    std::optional<double> max_abs_error, max_rel_error;
    std::vector<AuditNote> notes;  // "numerics: skipped: ..." for the stages that did not run
    ContractResult contract_result;
    std::optional<Analysis> analysis;  // when the indexing stage ran

    Verdict verdict() const;
};

// The numerics stage done elsewhere (a Python kernel's run): fills the outcome's numerics.
using NumericsStage = std::function<void(const Instance&, const Analysis&, CaseOutcome&)>;

// Runs the stages that `options.stage` asks for on `spec` with `overrides` applied; with
// `numerics`, that replaces the interpreter of built-in bodies.
CaseOutcome run_case(const Spec& spec, const std::map<std::string, std::int64_t>& overrides,
                     const TargetProfile& target, const AuditOptions& options,
                     const NumericsStage* numerics = nullptr);

// The contract stage's check of `inst` on `target`, with the kernel's contract options.
ContractResult check_case_contract(const Spec& spec, const Instance& inst,
                                   const TargetProfile& target);

// run_case on params already resolved (`inst`) and checked (`contract`, from
// check_case_contract): run_audit has both for the spec's own params before its cases run.
CaseOutcome run_resolved_case(const Spec& spec, const Instance& inst, ContractResult contract,
                              const TargetProfile& target, const AuditOptions& options,
                              const NumericsStage* numerics = nullptr);

// A spec_error finding from a diagnostic.
Finding spec_error_finding(const Diagnostic& d);

}  // namespace tl
