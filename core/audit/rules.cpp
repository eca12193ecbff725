#include "core/audit/rules.h"

#include <algorithm>
#include <cstdio>

#include "core/target/target.h"

namespace tl {
namespace {

bool is_numerics_note(const AuditNote& note) {
    return note.topic == NoteTopic::Numerics;
}

std::string number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
}

}  // namespace

AnalysisOptions analysis_options_for(const Spec& spec) {
    const TargetProfile* t = builtin_targets().find(spec.target_id());
    return AnalysisOptions{spec.revisit, t != nullptr && runs_grid_concurrently(*t)};
}

bool has_error(const std::vector<Finding>& findings) {
    return std::any_of(findings.begin(), findings.end(),
                       [](const Finding& f) { return f.severity == Severity::Error; });
}

Verdict audit_verdict(bool invalid, StageStatus contract, const std::vector<Finding>& findings) {
    if (invalid) return Verdict::Invalid;
    if (contract == StageStatus::Rejected) return Verdict::Rejected;
    return has_error(findings) ? Verdict::Fail : Verdict::Pass;
}

std::optional<std::string> numerics_blocker(const Spec& spec, const Analysis* analysis,
                                            bool contract_rejected) {
    if (!analysis) return "the params do not resolve";
    if (contract_rejected) return "the target contract rejected the spec";
    if (!analysis->errors().empty()) return "an index map fails at run time (see spec_error)";
    if (!spec.kernel) return "the spec has no kernel body (add \"kernel\" to interpret it)";
    for (const auto& op : spec.operands) {
        if (op.is_manual_dma())
            return "operand '" + op.name + "' is in memory_space \"" +
                   std::string(to_string(*op.memory_space)) +
                   "\": the kernel moves it by hand, which no built-in body models";
        if (dtype_is_storage_only(op.dtype))
            return "operand '" + op.name + "' is " + std::string(to_string(op.dtype)) +
                   ": the interpreter has no float8 or int4 arithmetic (contract and indexing "
                   "checks still apply)";
    }
    return std::nullopt;
}

std::string numerics_skip_why(const NumericsResult& n) {
    if (n.cancelled) return "cancelled";
    return n.errors.empty() ? "the kernel could not run" : join(n.errors, "; ");
}

AuditNote skipped_note(NoteTopic stage, const std::string& why) {
    return {stage, "skipped: " + why};
}

bool case_applies_to(const Spec& audited, const Spec& current) {
    if (audited.params.size() != current.params.size()) return false;
    for (std::size_t i = 0; i < audited.params.size(); ++i)
        if (audited.params[i].first != current.params[i].first) return false;
    // Words for people (name, description) do not change what a case means.
    Spec same_values = audited;
    same_values.params = current.params;
    same_values.name = current.name;
    same_values.description = current.description;
    return same_values == current;
}

AuditResult with_numerics(AuditResult audit, const NumericsResult& numerics) {
    if (audit.verdict == Verdict::Invalid || audit.contract == StageStatus::Rejected) return audit;
    std::erase_if(audit.notes, is_numerics_note);
    if (!numerics.ran) {
        audit.numerics = StageStatus::Skipped;
        audit.notes.push_back(skipped_note(NoteTopic::Numerics, numerics_skip_why(numerics)));
        return audit;
    }
    audit.findings.insert(audit.findings.end(), numerics.findings.begin(), numerics.findings.end());
    audit.numerics = has_error(numerics.findings) ? StageStatus::Fail : StageStatus::Pass;
    audit.verdict = audit_verdict(false, audit.contract, audit.findings);
    audit.notes.push_back(
        {NoteTopic::Numerics, "interpreted on the spec's own params; max abs error " +
                                  number(numerics.max_abs_error) + ", max rel error " +
                                  number(numerics.max_rel_error)});
    return audit;
}

}  // namespace tl
