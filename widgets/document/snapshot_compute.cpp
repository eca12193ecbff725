#include "widgets/document/snapshot_compute.h"

#include <chrono>
#include <memory>

#include "core/analysis/analysis.h"
#include "core/audit/audit.h"
#include "core/audit/rules.h"
#include "core/spec/instance.h"
#include "core/spec/spec_io.h"

namespace tl::gui {

namespace {

// The audit's own analysis, shared with the audit that holds it rather than copied.
std::shared_ptr<const Analysis> audit_analysis(const std::shared_ptr<const AuditResult>& audit) {
    if (!audit->analysis) return nullptr;
    return std::shared_ptr<const Analysis>(audit, &*audit->analysis);
}

// A Python kernel's spec: recorded (and analysed) by running the file, when allowed.
void compute_python(std::shared_ptr<const Spec> spec, const SnapshotContext& context,
                    SnapshotResult& r) {
    if (!context.run_python) {
        r.diagnostics.push_back(
            {"", "python.file", 0, 0,
             "not run yet: TileLens runs a kernel file only once you allow it (Run ▸ Allow "
             "Running the Kernel File)"});
        return;
    }
    AuditOptions options;
    options.stage = AuditStage::Indexing;
    options.sweep = SweepMode::Off;
    options.spec_dir = context.spec_dir;
    options.python_engine = context.engine;
    auto audit = std::make_shared<const AuditResult>(run_audit(*spec, options));
    if (!audit->recorded || !audit->analysis) {
        for (const auto& f : audit->findings)
            if (f.kind == FindingKind::SpecError)
                r.diagnostics.push_back({"", "python", 0, 0, f.message});
        return;
    }
    ExplorerSnapshot s;
    s.generation = r.generation;
    s.spec = std::move(spec);
    s.recorded = audit->recorded;
    s.analysis = audit_analysis(audit);
    s.audit = std::move(audit);
    r.snapshot = std::move(s);
}

// A spec written by hand: resolved once, for the audit and, should the contract reject it
// (the audit then analyses nothing), for the analysis the views still draw.
void compute_plain(std::shared_ptr<const Spec> spec, SnapshotResult& r) {
    ExplorerSnapshot s;
    s.generation = r.generation;
    // Live edits check contract and indexing only; numerics run on demand (Run, Audit).
    // The audit's own analysis is what the views draw: one analysis per edit.
    AuditOptions options;
    options.stage = AuditStage::Indexing;
    options.sweep = SweepMode::Off;
    ResolveResult resolved = resolve(*spec);
    auto audit = std::make_shared<const AuditResult>(run_audit(*spec, resolved, options));
    s.analysis = audit_analysis(audit);
    if (!s.analysis && resolved.instance)
        s.analysis = std::make_shared<const Analysis>(
            analyse(*resolved.instance, analysis_options_for(*spec)));
    else if (!s.analysis)
        r.diagnostics = std::move(resolved.errors);
    s.spec = std::move(spec);
    s.audit = std::move(audit);
    r.snapshot = std::move(s);
}

}  // namespace

SnapshotResult compute_snapshot(const Spec& spec, quint64 generation,
                                const SnapshotContext& context) {
    return compute_snapshot(std::make_shared<const Spec>(spec), generation, context);
}

SnapshotResult compute_snapshot(std::shared_ptr<const Spec> spec, quint64 generation,
                                const SnapshotContext& context) {
    const auto t0 = std::chrono::steady_clock::now();
    SnapshotResult r;
    r.generation = generation;
    // The editor shows exactly the messages that opening the saved file would give, so the
    // spec is checked through the loader rather than by a second set of rules.
    LoadResult check = load_spec(save_spec(*spec), std::string());
    if (!check.errors.empty())
        r.diagnostics = std::move(check.errors);
    else if (spec->python)
        compute_python(std::move(spec), context, r);
    else
        compute_plain(std::move(spec), r);
    r.milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

}  // namespace tl::gui
