#include "core/audit/audit_case.h"

#include <algorithm>
#include <cmath>

#include "core/audit/rules.h"
#include "core/interp/numerics.h"

namespace tl {
namespace {

bool wanted(const AuditOptions& opt, AuditStage s) {
    return opt.stage == AuditStage::All || static_cast<int>(s) <= static_cast<int>(opt.stage);
}

void skip_after(CaseOutcome& c, AuditStage from, const std::string& why) {
    if (from == AuditStage::Indexing) c.notes.push_back(skipped_note(NoteTopic::Indexing, why));
    c.notes.push_back(skipped_note(NoteTopic::Numerics, why));
}

void run_numerics(const Spec& spec, const Instance& inst, const AuditOptions& opt, CaseOutcome& c) {
    RunOptions run;
    run.cancel = opt.cancel;
    run.threads = opt.jobs;  // the case's share of the cores (numerics_jobs)
    const NumericsResult n = check_numerics(inst, spec, run);
    if (!n.ran) {
        c.cancelled = n.cancelled;
        c.notes.push_back(skipped_note(NoteTopic::Numerics, numerics_skip_why(n)));
        return;
    }
    c.findings.insert(c.findings.end(), n.findings.begin(), n.findings.end());
    c.max_abs_error = n.max_abs_error;
    c.max_rel_error = n.max_rel_error;
    c.numerics = has_error(n.findings) ? StageStatus::Fail : StageStatus::Pass;
}

}  // namespace

Finding spec_error_finding(const Diagnostic& d) {
    Finding f;
    f.kind = FindingKind::SpecError;
    f.severity = Severity::Error;
    f.message = d.to_string();
    return f;
}

Verdict CaseOutcome::verdict() const {
    return audit_verdict(invalid, contract, findings);
}

ContractResult check_case_contract(const Spec& spec, const Instance& inst,
                                   const TargetProfile& target) {
    const ContractOptions copt =
        spec.kernel ? contract_options(spec.kernel->options) : ContractOptions{};
    return check_contract(inst, target, copt);
}

CaseOutcome run_case(const Spec& spec, const std::map<std::string, std::int64_t>& overrides,
                     const TargetProfile& target, const AuditOptions& opt,
                     const NumericsStage* numerics) {
    const ResolveResult resolved = resolve(spec, overrides);
    if (!resolved.instance || !resolved.errors.empty()) {
        CaseOutcome c;
        c.invalid = true;
        for (const auto& d : resolved.errors) c.findings.push_back(spec_error_finding(d));
        skip_after(c, AuditStage::Indexing, "the params do not resolve");
        return c;
    }
    const Instance& inst = *resolved.instance;
    return run_resolved_case(spec, inst, check_case_contract(spec, inst, target), target, opt,
                             numerics);
}

CaseOutcome run_resolved_case(const Spec& spec, const Instance& inst, ContractResult contract,
                              const TargetProfile& target, const AuditOptions& opt,
                              const NumericsStage* numerics) {
    CaseOutcome c;
    c.contract_result = std::move(contract);
    const auto& violations = c.contract_result.violations;
    c.findings.insert(c.findings.end(), violations.begin(), violations.end());
    c.contract = has_error(violations) ? StageStatus::Rejected : StageStatus::Pass;
    if (c.contract == StageStatus::Rejected) {
        skip_after(c, AuditStage::Indexing, "the target contract rejected the spec");
        return c;
    }
    if (!wanted(opt, AuditStage::Indexing)) {
        skip_after(c, AuditStage::Indexing, "--stage contract");
        return c;
    }

    c.analysis = analyse(inst, AnalysisOptions{spec.revisit, runs_grid_concurrently(target)});
    const Analysis& a = *c.analysis;
    c.findings.insert(c.findings.end(), a.findings().begin(), a.findings().end());
    for (const auto& d : a.errors()) c.findings.push_back(spec_error_finding(d));
    c.indexing =
        has_error(a.findings()) || !a.errors().empty() ? StageStatus::Fail : StageStatus::Pass;
    if (!wanted(opt, AuditStage::Numerics)) {
        c.notes.push_back(skipped_note(NoteTopic::Numerics, "--stage indexing"));
        return c;
    }
    if (numerics) {
        (*numerics)(inst, a, c);
        return c;
    }
    if (const auto why = numerics_blocker(spec, &a, false)) {
        c.notes.push_back(skipped_note(NoteTopic::Numerics, *why));
        return c;
    }
    run_numerics(spec, inst, opt, c);
    return c;
}

}  // namespace tl
