#pragma once
// The audit's decisions in one place, so the CLI, the reports and the GUI say the same thing:
// the verdict of a set of findings, why the numerics stage cannot run, and how an interpreted
// run is folded into an audit that did not run it (docs/report-format.md, "Exit codes", and the
// `verdict`, `stages` and `notes` keys of "Report (`--json`)").
#include <optional>
#include <string>
#include <vector>

#include "core/analysis/analysis.h"
#include "core/audit/audit.h"
#include "core/base/finding.h"
#include "core/interp/numerics.h"
#include "core/spec/spec.h"

namespace tl {

bool has_error(const std::vector<Finding>& findings);

// The analysis options a spec implies: its revisit policy, and a concurrent grid on a GPU
// target (looked up in the built-in catalog; an unknown target counts as sequential).
AnalysisOptions analysis_options_for(const Spec& spec);

// invalid > rejected > fail > pass.
Verdict audit_verdict(bool invalid, StageStatus contract, const std::vector<Finding>& findings);

// Why the kernel cannot be interpreted on this instance, as the note's sentence; nullopt
// when it can. `analysis` is null when the params do not resolve; `contract_rejected` when
// the target contract rejected the spec.
std::optional<std::string> numerics_blocker(const Spec& spec, const Analysis* analysis,
                                            bool contract_rejected);

// Why a numerics run that was attempted did not produce a comparison.
std::string numerics_skip_why(const NumericsResult& n);

// The note that records a skipped stage: "numerics: skipped: <why>".
AuditNote skipped_note(NoteTopic stage, const std::string& why);

// Whether a sweep case of an audit of `audited` still means the same for `current`: true when
// the two differ at most in the values of the same params, so loading the case's params
// gives the shape the audit checked. False once an operand, the grid, the kernel, the target
// or the set of params changed: the case then describes a spec that no longer exists. The
// name and description may change.
bool case_applies_to(const Spec& audited, const Spec& current);

// Folds an interpreted run of the spec's own params into an audit that did not interpret it
// (the GUI's Run): numerics status, findings, verdict and the numerics note.
AuditResult with_numerics(AuditResult audit, const NumericsResult& numerics);

}  // namespace tl
