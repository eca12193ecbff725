#pragma once
// What the Python audit takes from the engine's record of a call beyond the recorded spec
// (docs/python-runner.md, "How the JAX engine records and runs"): JAX's race reports, Mosaic's
// lowering, Triton's stores, the kernel's own VMEM limit and the engine's notes. Not a public
// interface.
#include <optional>
#include <vector>

#include "core/audit/audit.h"
#include "core/audit/audit_case.h"
#include "core/base/finding.h"
#include "core/pyrun/python_run.h"
#include "core/spec/spec.h"
#include "core/target/target.h"

namespace tl {

// Each race JAX's detector reported, as a parallel_race naming the accesses and lines.
std::vector<Finding> engine_findings(const Json& call);

// The target a recorded call is checked on: its own vmem_limit_bytes, Triton's rules for a
// Triton call on a GPU.
TargetProfile recorded_target(const TargetProfile& base, const Spec& recorded, const Json& call);

// Mosaic's lowering refusing the call, as a contract_violation (rule mosaic_lowering).
std::optional<Finding> lowering_finding(const Json& call, const TargetProfile& target);

// A Triton call's races on output blocks the body stores through indexed slices become
// warnings; the indexing stage passes when nothing else failed.
void triton_store_races(const Json& call, CaseOutcome& c);

// The kernel's own pl.CostEstimate as the result's FLOPs and transcendentals, or a note that
// they are unknown and how to give them.
void cost_estimate_totals(const Json& call, AuditResult& r);

// The engine's notes on the run: a JAX outside the tested range, the call's own notes.
void engine_notes(const PythonRun& run, AuditResult& r);

}  // namespace tl
