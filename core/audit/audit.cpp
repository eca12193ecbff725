#include "core/audit/audit.h"

#include <algorithm>
#include <atomic>
#include <functional>
#include <mutex>

#include "core/audit/audit_case.h"
#include "core/audit/detail/audit_detail.h"
#include "core/audit/range_proof.h"
#include "core/audit/rules.h"
#include "core/audit/sweep.h"
#include "core/audit/symbolic_proof.h"
#include "core/base/parallel_for.h"
#include "core/kernels/flops.h"

namespace tl {
namespace {

void add_operands(const Analysis& a, AuditResult& r) {
    const Instance& inst = a.instance();
    for (std::size_t i = 0; i < inst.operands.size(); ++i) {
        const auto& op = inst.operands[i];
        const auto& t = a.traffic(static_cast<int>(i));
        r.operands.push_back({op.name, op.role, t.block_copies, t.hbm_bytes, t.vmem_bytes,
                              t.elements_padded_on_read});
    }
}

// Invalid only for the spec's own params: a sweep case that does not resolve is a failure.
Verdict verdict_of(const AuditResult& r) {
    const bool invalid = std::any_of(r.findings.begin(), r.findings.end(), [](const Finding& f) {
        return f.kind == FindingKind::SpecError && f.case_params.empty();
    });
    return audit_verdict(invalid, r.contract, r.findings);
}

// A stage fails over the sweep when it fails (or rejects) in any case.
StageStatus fold_stage(StageStatus own, StageStatus other) {
    if (own == StageStatus::Rejected || own == StageStatus::Fail) return own;
    if (other == StageStatus::Fail || other == StageStatus::Rejected) return StageStatus::Fail;
    return own;
}

}  // namespace

namespace {

// The cores the audit may use: --jobs, or one per core.
int cores(const AuditOptions& opt) {
    return opt.jobs > 0 ? opt.jobs : hardware_threads();
}

int worker_count(std::size_t cases, const AuditOptions& opt) {
    return std::clamp(cores(opt), 1, std::max(1, static_cast<int>(cases)));
}

}  // namespace

int numerics_jobs(std::size_t cases, const AuditOptions& opt) {
    return std::max(1, cores(opt) / worker_count(cases, opt));
}

std::vector<CaseOutcome> run_cases_parallel(std::size_t count,
                                            const std::function<CaseOutcome(std::size_t)>& one,
                                            const AuditOptions& opt) {
    std::vector<CaseOutcome> out(count);
    const int n = static_cast<int>(count);
    std::atomic<int> done{0};
    std::mutex report;
    parallel_for(count, worker_count(count, opt), [&](std::size_t i) {
        if (opt.cancel && opt.cancel->load()) {
            out[i].cancelled = true;
            return;
        }
        out[i] = one(i);
        const int d = ++done;
        if (opt.progress) {
            const std::lock_guard lock(report);
            opt.progress(d, n);
        }
    });
    return out;
}

namespace {

// The params a case row shows: the swept ones (all of them when nothing is swept).
std::map<std::string, std::int64_t> shown_params(const SweepPlan& plan,
                                                 const std::map<std::string, std::int64_t>& all,
                                                 const std::map<std::string, std::int64_t>& over) {
    std::map<std::string, std::int64_t> p;
    for (const auto& s : plan.swept) {
        const auto o = over.find(s.name);
        const auto a = all.find(s.name);
        if (o != over.end())
            p[s.name] = o->second;
        else if (a != all.end())
            p[s.name] = a->second;
    }
    if (plan.swept.empty()) p = all;
    for (const auto& [k, v] : over) p[k] = v;
    return p;
}

AuditCase case_row(const CaseOutcome& c, std::map<std::string, std::int64_t> params,
                   std::string label) {
    AuditCase row;
    row.params = std::move(params);
    row.label = std::move(label);
    row.verdict = c.verdict();
    row.max_abs_error = c.max_abs_error;
    row.max_rel_error = c.max_rel_error;
    for (const auto& f : c.findings)
        if (std::find(row.findings.begin(), row.findings.end(), f.kind) == row.findings.end())
            row.findings.push_back(f.kind);
    return row;
}

// Sizes past this are not analysed one by one to word a symbolic failure.
constexpr std::int64_t kLargestSizeAnalysed = std::int64_t{1} << 20;

std::string symbolic_note(const SymbolicProof& p) {
    const std::string checked = " (one period of " + std::to_string(p.period) +
                                (p.period == 1 ? " size" : " sizes") +
                                " checked, the others follow from how the sizes grow)";
    if (p.holds)
        return "every positive size of " + p.param +
               " proved (others as written): no indexing error for any " + p.param + checked;
    std::string s = "every positive size of " + p.param + " decided: " + p.param + " = " +
                    std::to_string(*p.first_failure) + " is the first that fails";
    if (p.failing_sizes == p.param + " >= 1")
        s += "; it fails at every size (what fails does not depend on " + p.param + ")";
    else if (p.failing_sizes)
        s += "; it fails exactly when " + *p.failing_sizes;
    return s + checked;
}

// Records one proof: its note, its findings (at the first failing size), the stage verdict.
void add_proof(AuditProof ap, const std::string& note, const std::vector<Finding>& findings,
               const SweepPlan& plan, const Instance& inst, AuditResult& r) {
    r.notes.push_back({NoteTopic::Proof, note});
    if (ap.first_failure && r.indexing == StageStatus::Pass) r.indexing = StageStatus::Fail;
    for (const auto& f : findings) {
        if (std::find(ap.findings.begin(), ap.findings.end(), f.kind) == ap.findings.end())
            ap.findings.push_back(f.kind);
        Finding g = f;
        g.case_params = shown_params(plan, inst.params, f.case_params);
        g.message = (ap.scope == "all" ? "every positive size of " : "every size of ") + ap.param +
                    (ap.scope == "all" ? " was decided; " : " from 1 was checked; ") + ap.param +
                    " = " + std::to_string(*ap.first_failure) + " is the first that fails" +
                    (ap.failing_sizes ? " (it fails exactly when " + *ap.failing_sizes + ")" : "") +
                    ": " + f.message;
        r.findings.push_back(std::move(g));
    }
    r.proofs.push_back(std::move(ap));
}

void add_proofs(const Spec& spec, const Instance& inst, const SweepPlan& plan,
                const AuditOptions& opt, AuditResult& r) {
    if (opt.proof_bound <= 0 || spec.sweep.kind != SweepSpec::Kind::Auto ||
        opt.sweep == SweepMode::Off)
        return;
    if (!separable_index_maps(inst)) {
        r.notes.push_back(
            {NoteTopic::Proof,
             "the index maps are not separable (a block index depends on several grid "
             "axes or on scalar prefetch), so sizes were sampled by the sweep, not proved"});
        return;
    }
    RangeProofOptions po;
    po.bound = opt.proof_bound;
    po.revisit = spec.revisit;
    po.concurrent_grid = analysis_options_for(spec).concurrent_grid;
    po.jobs = opt.jobs;
    for (const auto& swept : plan.swept) {
        // Every size symbolically where the spec allows it, else every size up to the bound.
        if (const auto every =
                prove_every_size(spec, swept.name, {po.revisit, po.concurrent_grid})) {
            AuditProof ap{swept.name,           1,  0,     0,
                          every->first_failure, {}, "all", every->failing_sizes};
            std::vector<Finding> findings;
            if (every->first_failure && *every->first_failure <= kLargestSizeAnalysed)
                findings = indexing_errors_at(spec, swept.name, *every->first_failure, po);
            add_proof(ap, symbolic_note(*every), findings, plan, inst, r);
            continue;
        }
        const RangeProof p = prove_ranges(spec, {swept}, po).front();
        AuditProof ap{p.param,         p.from, p.to,    p.requested_to,
                      p.first_failure, {},     "range", std::nullopt};
        std::string range = p.param + " = " + std::to_string(p.from) + ".." + std::to_string(p.to);
        if (p.to < p.requested_to && !p.first_failure)
            range += " (stopped before " + std::to_string(p.requested_to) +
                     ": the grid grows with it past the work budget)";
        if (p.skipped > 0)
            range += " that the spec's requires allow (" + std::to_string(p.skipped) +
                     (p.skipped == 1 ? " size" : " sizes") + " ruled out)";
        const std::string note =
            !p.first_failure ? "every size " + range +
                                   " analysed (others as written): no indexing error; a proof "
                                   "over that range, not a sample"
                             : "every size of " + p.param + " from 1 analysed: " + p.param + " = " +
                                   std::to_string(*p.first_failure) + " is the first that fails";
        add_proof(ap, note, p.findings, plan, inst, r);
    }
}

}  // namespace

void fold_outcomes(const SweepPlan& plan, const Instance& inst, const TargetProfile& profile,
                   std::vector<CaseOutcome>& outcomes, AuditResult& r) {
    // The spec's own params: the stages, traffic and findings without a case.
    CaseOutcome& own = outcomes.front();
    for (const auto& id : own.contract_result.rules_checked)
        r.rules_checked.push_back({id, rule_description(id, profile)});
    r.advice = own.contract_result.advice;
    r.vmem_bytes = own.contract_result.vmem_bytes;
    r.contract = own.contract;
    r.indexing = own.indexing;
    r.numerics = own.numerics;
    r.findings = own.findings;
    r.notes = own.notes;
    if (own.analysis) {
        add_operands(*own.analysis, r);
        r.hbm_bytes = own.analysis->total_hbm_bytes();
        r.analysis = std::move(own.analysis);
    }

    int not_run = 0;
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
        const CaseOutcome& c = outcomes[i];
        r.cancelled = r.cancelled || c.cancelled;
        if (c.cancelled) {  // a case cut short says nothing: no row
            ++not_run;
            continue;
        }
        const auto params = shown_params(plan, inst.params, plan.cases[i].overrides);
        r.cases.push_back(case_row(c, params, plan.cases[i].label));
        if (i == 0) continue;
        r.indexing = fold_stage(r.indexing, c.indexing);
        r.numerics = fold_stage(r.numerics, c.numerics);
        if (r.contract == StageStatus::Pass && c.contract == StageStatus::Rejected)
            r.contract = StageStatus::Fail;
        for (Finding f : c.findings) {
            f.case_params = params;
            r.findings.push_back(std::move(f));
        }
    }
    for (const auto& n : plan.notes) r.notes.push_back({NoteTopic::Sweep, n});
    if (plan.cases.size() > 1)
        r.notes.push_back({NoteTopic::Sweep, std::to_string(plan.cases.size()) +
                                                 " cases (the spec's own params and hostile "
                                                 "shapes)"});
    if (r.cancelled)
        r.notes.push_back({NoteTopic::Sweep, "cancelled; " + std::to_string(not_run) + " of " +
                                                 std::to_string(outcomes.size()) +
                                                 " cases did not run to the end"});
    r.verdict = verdict_of(r);
}

AuditResult invalid_spec_result(const std::string& spec_label, const Diagnostics& errors) {
    AuditResult r;
    r.spec = spec_label;
    r.target = "interpret";
    for (const auto& d : errors) r.findings.push_back(spec_error_finding(d));
    if (r.findings.empty()) {
        Diagnostic d;
        d.message = "the spec could not be read";
        r.findings.push_back(spec_error_finding(d));
    }
    r.verdict = Verdict::Invalid;
    for (const auto topic : {NoteTopic::Contract, NoteTopic::Indexing, NoteTopic::Numerics})
        r.notes.push_back(skipped_note(topic, "the spec is invalid"));
    return r;
}

AuditResult run_audit(const Spec& spec, const AuditOptions& opt) {
    if (spec.python) return run_python_audit(spec, opt);
    return run_audit(spec, resolve(spec), opt);
}

AuditResult run_audit(const Spec& spec, const ResolveResult& resolved, const AuditOptions& opt) {
    if (spec.python) return run_python_audit(spec, opt);
    const std::string target_id = opt.target.value_or(spec.target_id());
    Diagnostics errors = resolved.errors;
    // An override from the command line is blamed on the flag, not on the file.
    const auto profile = resolve_target(builtin_targets(), target_id, spec.target_overrides,
                                        &errors, opt.target ? "--target" : "target");
    if (!resolved.instance || !profile || !errors.empty()) {
        AuditResult r = invalid_spec_result(spec.name, errors);
        r.target = target_id;
        return r;
    }
    const Instance& inst = *resolved.instance;

    AuditResult r;
    r.spec = spec.name;
    r.target = target_id;
    r.programs = inst.programs();
    if (spec.kernel) {
        r.flops = kernel_flops(spec.kernel->body, inst);
        r.transcendentals = kernel_transcendentals(spec.kernel->body, inst);
        if (const auto why = flops_unknown_reason(spec.kernel->body, inst); !why.empty())
            r.notes.push_back({NoteTopic::Indexing, "FLOPs: unknown: " + why +
                                                        "; the roofline and the time model "
                                                        "leave compute out"});
    }
    describe_target(*profile, inst, r);

    // Nothing is launched for a spec the target rejects: no sweep either.
    ContractResult contract = check_case_contract(spec, inst, *profile);
    const bool rejected = contract.rejected();
    SweepPlan plan = plan_sweep(spec, inst, opt.sweep == SweepMode::Auto && !rejected);
    if (rejected) plan.notes = {"skipped: the target contract rejected the spec"};
    // Inside a case, jobs is the threads its numerics may use.
    AuditOptions case_opt = opt;
    case_opt.jobs = numerics_jobs(plan.cases.size(), opt);
    std::vector<CaseOutcome> outcomes = run_cases_parallel(
        plan.cases.size(),
        [&](std::size_t i) {
            // Case 0 is the spec's own params: resolved and checked above.
            if (i == 0 && plan.cases[i].overrides.empty())
                return run_resolved_case(spec, inst, std::move(contract), *profile, case_opt);
            return run_case(spec, plan.cases[i].overrides, *profile, case_opt);
        },
        opt);

    fold_outcomes(plan, inst, *profile, outcomes, r);
    const CaseOutcome& own = outcomes.front();
    if (own.contract != StageStatus::Rejected && own.indexing != StageStatus::Skipped)
        add_proofs(spec, inst, plan, opt, r);
    r.verdict = verdict_of(r);
    return r;
}

}  // namespace tl
