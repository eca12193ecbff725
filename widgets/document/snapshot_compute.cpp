#include "widgets/document/snapshot_compute.h"

#include <chrono>
#include <future>
#include <memory>

#include "core/analysis.h"
#include "core/audit.h"
#include "core/instance.h"
#include "core/spec_io.h"

namespace tl::gui {

SnapshotResult compute_snapshot(const Spec& spec, quint64 generation) {
    const auto t0 = std::chrono::steady_clock::now();
    SnapshotResult r;
    r.generation = generation;
    // The editor shows exactly the messages that opening the saved file would give, so the
    // spec is checked through the loader rather than by a second set of rules.
    LoadResult check = load_spec(save_spec(spec), std::string());
    if (!check.errors.empty()) {
        r.diagnostics = std::move(check.errors);
    } else {
        ExplorerSnapshot s;
        s.generation = generation;
        s.spec = std::make_shared<const Spec>(spec);
        // The audit resolves and analyses again on its own: it runs on a second thread
        // meanwhile, so an edit waits for one analysis, not two. Live edits check contract
        // and indexing only; numerics run on demand (Run, Audit).
        auto audit = std::async(std::launch::async, [&spec] {
            AuditOptions options;
            options.stage = AuditStage::Indexing;
            options.sweep = SweepMode::Off;
            return std::make_shared<const AuditResult>(run_audit(spec, options));
        });
        ResolveResult resolved = resolve(spec);
        if (resolved.instance)
            s.analysis = std::make_shared<const Analysis>(
                analyse(*resolved.instance, AnalysisOptions{spec.revisit}));
        else
            r.diagnostics = std::move(resolved.errors);
        s.audit = audit.get();
        r.snapshot = std::move(s);
    }
    r.milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

}  // namespace tl::gui
