// The audit of a spec whose kernel is a Python file (docs/semantics.md, "Python kernels"):
// each case runs the file in a child process at the case's params, the recorded pallas_call
// becomes a spec that goes through the same contract and indexing stages as a written one,
// and the numerics compare the run's outputs with python.reference.
#include <algorithm>
#include <set>

#include "core/audit/detail/audit_detail.h"
#include "core/audit/detail/python_engine_checks.h"
#include "core/audit/rules.h"
#include "core/pyrun/python_numerics.h"
#include "core/pyrun/recorded_spec.h"
#include "core/spec/instance.h"
#include "core/target/target.h"

namespace tl {
namespace {

bool wants_numerics(const AuditOptions& opt) {
    return opt.stage == AuditStage::All || opt.stage == AuditStage::Numerics;
}

CaseOutcome invalid_case(const std::vector<Finding>& findings, const std::string& why) {
    CaseOutcome c;
    c.invalid = true;
    c.findings = findings;
    c.notes.push_back(skipped_note(NoteTopic::Indexing, why));
    c.notes.push_back(skipped_note(NoteTopic::Numerics, why));
    return c;
}

// The user's code failing is a kernel_error (the case fails); an API the engine cannot run
// is a spec_error that blames nothing in the kernel (docs/report-format.md, "Finding kinds").
Finding failure_finding(const PythonFailure& f, PythonEngine engine) {
    Finding out;
    out.severity = Severity::Error;
    if (f.kind == PythonFailure::Kind::Unsupported) {
        out.kind = FindingKind::SpecError;
        out.message = "TileLens could not check this kernel: " + f.to_string();
        if (engine == PythonEngine::Standins)
            out.message += " (run it with --engine jax, where JAX runs whatever it accepts)";
        return out;
    }
    out.kind = FindingKind::KernelError;
    const std::string what = f.kind == PythonFailure::Kind::Timeout  ? "did not finish in time"
                             : f.kind == PythonFailure::Kind::Memory ? "ran out of memory"
                             : f.kind == PythonFailure::Kind::Crash  ? "crashed the Python process"
                                                                     : "raised an exception";
    out.message = "the kernel file " + what + ": " + f.to_string();
    if (f.kind == PythonFailure::Kind::Timeout)
        out.message += " (raise the limit with --python-timeout, or make the shapes smaller)";
    return out;
}

// A case whose kernel file failed: nothing was recorded to analyse, and the case fails.
CaseOutcome failed_case(const PythonFailure& f, PythonEngine engine) {
    CaseOutcome c = invalid_case({failure_finding(f, engine)}, "the kernel file failed");
    c.invalid = c.findings.front().kind == FindingKind::SpecError;
    return c;
}

// A sweep shape the wrapper itself refuses: an exception raised in the user's code before any
// pallas_call was recorded (a kernel's own "must be a multiple of 128" check). Such shapes are
// outside what the kernel supports, as a broken `requires` would say; they are listed, not
// failed. A NotImplementedError says the same wherever the user's code raises it (kernels
// raise it while tracing the body, for a head_dim they do not support). An exception from the
// stand-ins (a BlockSpec they reject) is not a refusal.
std::optional<std::string> refusal(const PythonRun& run) {
    const auto& f = run.failure;
    if (!f || f->kind != PythonFailure::Kind::Exception) return std::nullopt;
    const bool unsupported = f->message.rfind("NotImplementedError", 0) == 0;
    if (!f->raised_before_recording && !unsupported) return std::nullopt;
    const std::string standins = run.runner.substr(0, run.runner.rfind('/') + 1);
    const auto last = f->traceback.rfind("File \"");
    if (last != std::string::npos && !standins.empty() &&
        f->traceback.compare(last + 6, standins.size(), standins) == 0)
        return std::nullopt;
    return f->to_string();
}

// A sweep case that fails only because an argument's values are fixed by the spec: the sweep
// changes a size, the table (group sizes, lengths) stays as written and no longer fits it, so
// the kernel fails or a table lookup runs off its end. That input is outside the kernel's
// contract, not a bug shown; the case is listed, with how to say which sizes the table fits.
std::optional<std::string> fixed_table_refusal(const Spec& spec, const CaseOutcome& c) {
    std::string tables;
    for (std::size_t i = 0; i < spec.python->args.size(); ++i)
        if (!spec.python->args[i].values.empty())
            tables += (tables.empty() ? "" : ", ") + ("python.args[" + std::to_string(i) + "]");
    if (tables.empty()) return std::nullopt;
    const auto failed = std::find_if(c.findings.begin(), c.findings.end(), [](const Finding& f) {
        return f.kind == FindingKind::KernelError ||
               (f.kind == FindingKind::SpecError &&
                f.message.find("out of range") != std::string::npos);
    });
    if (failed == c.findings.end()) return std::nullopt;
    std::string first = failed->message.substr(0, failed->message.find('\n'));
    if (first.size() > 240) first = first.substr(0, 240) + "...";
    return "the kernel fails with the fixed values of " + tables +
           ", which the sweep does not change with the sizes: " + first +
           "; state the sizes those values fit in `requires`, or list sweep.params";
}

// Mosaic's lowering or libtpu's compile refusing a call TileLens's contract passed rejects
// the case, the compiler's reason first.
void reject_for_compiler(const Json& call, const std::optional<VmemLedger>& ledger,
                         const TargetProfile& target, CaseOutcome& c) {
    auto f = lowering_finding(call, target);
    if (!f && ledger) f = compile_finding(*ledger, target);
    if (!f || c.contract == StageStatus::Rejected) return;
    c.findings.insert(c.findings.begin(), std::move(*f));
    c.contract = StageStatus::Rejected;
}

// Everything one case needs from the child: the recorded spec and the run's arrays.
struct PythonCase {
    std::optional<Spec> recorded;
    PythonRun run;
    std::optional<VmemLedger> ledger;
};

// One case's run of the kernel file: the engine, the target's chip, cores and lowering.
PythonRequest case_request(const Spec& spec, const std::map<std::string, std::int64_t>& params,
                           const TargetProfile& target, const AuditOptions& opt, bool own_case) {
    PythonRequest req;
    req.spec_dir = opt.spec_dir;
    req.params = params;
    req.run = wants_numerics(opt) && spec.python->reference.has_value();
    req.limits = opt.python_limits;
    req.cancel = opt.cancel;
    req.engine = opt.python_engine;
    req.gpu_target = target.kind == TargetKind::Gpu;
    req.target_id = target.id;
    req.cores = target.megacore && target.cores ? *target.cores : 1;
    req.lower_tpu = target.kind == TargetKind::Tpu;
    // Compiling (a second or more for big blocks) is for the ledger of the spec's own params.
    req.compile_tpu = req.lower_tpu && own_case;
    return req;
}

CaseOutcome run_python_case(const Spec& spec, const std::map<std::string, std::int64_t>& params,
                            const TargetProfile& target, const AuditOptions& opt, PythonCase* keep,
                            std::string* refused = nullptr) {
    const PythonRequest req = case_request(spec, params, target, opt, keep != nullptr);
    PythonCase pc;
    pc.run = run_python(spec, req);
    if (pc.run.cancelled) {
        CaseOutcome c;
        c.cancelled = true;
        return c;
    }
    if (!pc.run.errors.empty()) {
        std::vector<Finding> fs;
        for (const auto& d : pc.run.errors) fs.push_back(spec_error_finding(d));
        return invalid_case(fs, "the kernel file could not be run");
    }
    if (const auto why = refused ? refusal(pc.run) : std::nullopt) {
        *refused = "the wrapper refuses these shapes: " + *why;
        return {};
    }
    // A failure after the checked call was recorded still lets its grid and blocks be
    // analysed; the failure is the case's kernel_error.
    const bool analysable =
        pc.run.failure && pc.run.entry && pc.run.failure->kind != PythonFailure::Kind::Unsupported;
    if (pc.run.failure && !analysable) return failed_case(*pc.run.failure, pc.run.engine);
    LoadResult rec = recorded_spec(pc.run.call(), spec);
    if (!rec.spec) {
        std::vector<Finding> fs;
        for (const auto& d : rec.errors) fs.push_back(spec_error_finding(d));
        return invalid_case(fs, "the recorded pallas_call is not a valid spec");
    }
    const PythonRun& run = pc.run;
    const NumericsStage numerics = [&](const Instance& inst, const Analysis& a, CaseOutcome& c) {
        if (run.failure) {
            c.notes.push_back(skipped_note(NoteTopic::Numerics, "the kernel file failed"));
            return;
        }
        if (!req.run) {
            c.notes.push_back(
                skipped_note(NoteTopic::Numerics,
                             "python.reference is not set: add the kernel's reference "
                             "function to compare outputs"));
            return;
        }
        std::vector<std::string> padded;
        for (std::size_t i = 0; i < inst.operands.size(); ++i)
            if (inst.operands[i].role == Role::Input &&
                a.traffic(static_cast<int>(i)).elements_padded_on_read > 0)
                padded.push_back(inst.operands[i].name);
        const PythonNumerics n = compare_python_outputs(inst, run, spec.tolerance, padded);
        if (!n.ran) {
            c.notes.push_back(skipped_note(NoteTopic::Numerics, n.why_not));
            return;
        }
        c.findings.insert(c.findings.end(), n.findings.begin(), n.findings.end());
        for (const auto& note : n.notes) c.notes.push_back({NoteTopic::Numerics, note});
        const std::vector<Finding> checks = engine_findings(run.call());
        c.findings.insert(c.findings.end(), checks.begin(), checks.end());
        c.max_abs_error = n.max_abs_error;
        c.max_rel_error = n.max_rel_error;
        c.numerics =
            has_error(n.findings) || !checks.empty() ? StageStatus::Fail : StageStatus::Pass;
    };
    CaseOutcome c =
        run_case(*rec.spec, {}, recorded_target(target, *rec.spec, run.call()), opt, &numerics);
    triton_store_races(run.call(), c);
    if (run.failure) {
        c.findings.push_back(failure_finding(*run.failure, run.engine));
        c.numerics = StageStatus::Fail;
    }
    pc.ledger = vmem_ledger(run.call(), c.contract_result, target);
    reject_for_compiler(run.call(), pc.ledger, target, c);
    pc.recorded = std::move(rec.spec);
    if (keep) *keep = std::move(pc);
    return c;
}

std::map<std::string, std::int64_t> params_of(const Spec& spec,
                                              const std::map<std::string, std::int64_t>& over) {
    std::map<std::string, std::int64_t> p(spec.params.begin(), spec.params.end());
    for (const auto& [k, v] : over) p[k] = v;
    return p;
}

// The block size that param `name` meets first: an argument dimension written as exactly
// `name`, matched to the recorded input of the same shape and dtype.
std::optional<std::int64_t> block_of(const Spec& spec, const Instance& rec,
                                     const std::string& name) {
    std::set<std::size_t> used;
    std::size_t next_input = 0;
    for (const auto& arg : spec.python->args) {
        if (arg.none) continue;
        for (std::size_t i = next_input; i < rec.operands.size(); ++i) {
            const auto& op = rec.operands[i];
            if (op.role != Role::Input || op.dtype != arg.dtype ||
                op.shape.size() != arg.shape.size() || used.count(i))
                continue;
            used.insert(i);
            for (std::size_t d = 0; d < arg.shape.size(); ++d) {
                const auto* text = std::get_if<std::string>(&arg.shape[d]);
                if (!text || *text != name || d >= op.block.size()) continue;
                if (op.block[d].kind == BlockDim::Kind::Blocked && !op.manual())
                    return op.block[d].size;
            }
            break;
        }
    }
    return std::nullopt;
}

// The hostile shapes of a Python kernel: each param that is a whole dimension of an array
// argument, at the hostile values of the block it meets (others as written), or the
// explicit `sweep.params` lists.
SweepPlan python_sweep(const Spec& spec, const Instance& rec, bool on) {
    SweepPlan plan;
    plan.cases.push_back({{}, "spec"});
    if (!on || spec.sweep.kind == SweepSpec::Kind::Off) return plan;
    const auto own = params_of(spec, {});
    std::set<std::map<std::string, std::int64_t>> seen = {own};
    const auto add = [&](std::map<std::string, std::int64_t> over, std::string label) {
        const auto all = params_of(spec, over);
        if (!seen.insert(all).second) return;
        if (const auto why = unmet_requirement(spec, all)) {
            plan.skipped.emplace_back(label, *why);
            return;
        }
        plan.cases.push_back({std::move(over), std::move(label)});
    };
    if (spec.sweep.kind == SweepSpec::Kind::Params) {
        const auto& lists = spec.sweep.params;
        std::size_t total = 1;
        for (const auto& [name, values] : lists) total *= values.size();
        if (spec.sweep.mode == SweepSpec::Mode::Zip) total = lists.front().second.size();
        for (std::size_t k = 0; k < total && k < 4096; ++k) {
            std::map<std::string, std::int64_t> over;
            std::size_t rest = k;
            for (auto it = lists.rbegin(); it != lists.rend(); ++it) {
                const auto& values = it->second;
                const std::size_t at =
                    spec.sweep.mode == SweepSpec::Mode::Zip ? k : rest % values.size();
                rest /= values.size();
                over[it->first] = values[at];
            }
            std::string label;
            for (const auto& [n, v] : over)
                label += (label.empty() ? "" : ", ") + n + " = " + std::to_string(v);
            add(over, label);
        }
        for (const auto& [name, values] : lists) plan.swept.push_back({name, 0});
        return plan;
    }
    for (const auto& [name, value] : spec.params) {
        const auto b = block_of(spec, rec, name);
        if (!b) continue;
        plan.swept.push_back({name, *b});
        for (const auto v : hostile_values(*b)) add({{name, v}}, name + " = " + std::to_string(v));
    }
    if (plan.swept.empty())
        plan.notes.push_back(
            "no param is a whole dimension of an array argument in python.args, so no hostile "
            "shape was derived; list them in sweep.params");
    return plan;
}

// Takes the cases the wrapper refused out of the plan and the outcomes, with a note each.
void drop_refused(const std::vector<std::string>& refused, SweepPlan& plan,
                  std::vector<CaseOutcome>& outcomes) {
    SweepPlan kept = plan;
    kept.cases.clear();
    std::vector<CaseOutcome> kept_outcomes;
    for (std::size_t i = 0; i < plan.cases.size(); ++i) {
        if (refused[i].empty()) {
            kept.cases.push_back(plan.cases[i]);
            kept_outcomes.push_back(std::move(outcomes[i]));
        } else {
            kept.notes.push_back("not run: " + plan.cases[i].label + " (" + refused[i] + ")");
        }
    }
    plan = std::move(kept);
    outcomes = std::move(kept_outcomes);
}

// How the spec's own case was recorded and checked: the engine, its notes, the ledger's
// absence, index maps read as tables, and why there is no proof.
void own_case_notes(const Spec& spec, const PythonCase& own, bool tpu, AuditResult& r) {
    r.notes.push_back({NoteTopic::Indexing, "the index maps were recorded from " +
                                                spec.python->file + " at each case's params (" +
                                                engine_label(own.run) + ")"});
    engine_notes(own.run, r);
    if (const auto note = missing_ledger_note(own.run.result.value("engine", Json()), tpu,
                                              own.ledger.has_value());
        !note.empty())
        r.notes.push_back({NoteTopic::Contract, note});
    for (const auto& op : own.recorded->operands)
        if (op.extra.contains("x-python") && op.extra["x-python"].contains("index_map"))
            r.notes.push_back({NoteTopic::Indexing,
                               "the index map of '" + op.name +
                                   "' could not be traced into an expression (Python control "
                                   "flow on a program id, or an unsupported operation); it was "
                                   "evaluated for every program and analysed as a table"});
    r.notes.push_back({NoteTopic::Proof,
                       "not run: a Python kernel's grid and blocks are recorded per case, so "
                       "sizes were sampled by the sweep, not proved"});
}

}  // namespace

AuditResult run_python_audit(const Spec& spec, const AuditOptions& opt) {
    const std::string target_id = opt.target.value_or(spec.target_id());
    Diagnostics errors;
    const auto profile = resolve_target(builtin_targets(), target_id, spec.target_overrides,
                                        &errors, opt.target ? "--target" : "target");
    if (const auto why = unmet_requirement(spec, params_of(spec, {})))
        errors.push_back({"", "requires", 0, 0, "the spec's own params break " + *why});
    if (!profile || !errors.empty()) {
        AuditResult r = invalid_spec_result(spec.name, errors);
        r.target = target_id;
        return r;
    }
    PythonCase own;
    CaseOutcome first = run_python_case(spec, params_of(spec, {}), *profile, opt, &own);
    AuditResult r;
    r.spec = spec.name;
    r.target = target_id;
    if (!own.run.interpreter.empty()) {
        r.engine = std::string(engine_name(own.run.engine));
        r.engine_version = own.run.engine_version;
        r.engine_python = own.run.interpreter;
    }
    if (!own.recorded) {
        r.findings = first.findings;
        r.notes = first.notes;
        r.cancelled = first.cancelled;
        r.verdict = first.cancelled ? Verdict::Pass
                    : first.invalid ? Verdict::Invalid
                                    : Verdict::Fail;
        r.contract = StageStatus::Skipped;
        return r;
    }
    r.recorded = std::make_shared<const Spec>(*own.recorded);
    const ResolveResult resolved = resolve(*own.recorded);
    const Instance& inst = *resolved.instance;
    r.programs = inst.programs();
    // The rules are described with the kernel's own vmem_limit_bytes, as they were checked.
    describe_target(recorded_target(*profile, *own.recorded, own.run.call()), inst, r);
    const bool rejected = first.contract == StageStatus::Rejected;
    SweepPlan plan = python_sweep(spec, inst, opt.sweep == SweepMode::Auto && !rejected);
    if (rejected) plan.notes = {"skipped: the target contract rejected the spec"};
    for (const auto& [label, why] : plan.skipped)
        plan.notes.push_back("not run: " + label + " (breaks " + why + ")");
    std::vector<std::string> refused(plan.cases.size());
    std::vector<CaseOutcome> outcomes = run_cases_parallel(
        plan.cases.size(),
        [&](std::size_t i) {
            if (i == 0) return first;
            CaseOutcome c = run_python_case(spec, params_of(spec, plan.cases[i].overrides),
                                            *profile, opt, nullptr, &refused[i]);
            if (const auto why = refused[i].empty() ? fixed_table_refusal(spec, c) : std::nullopt)
                refused[i] = *why;
            return c;
        },
        opt);
    drop_refused(refused, plan, outcomes);
    // Case rows show the spec's params (the recorded spec has none of its own).
    Instance shown = inst;
    shown.params = params_of(spec, {});
    fold_outcomes(plan, shown, *profile, outcomes, r);
    r.vmem_ledger = own.ledger;
    cost_estimate_totals(own.run.call(), r);
    own_case_notes(spec, own, profile->kind == TargetKind::Tpu, r);
    return r;
}

}  // namespace tl
