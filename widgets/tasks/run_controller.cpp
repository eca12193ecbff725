#include "widgets/tasks/run_controller.h"

#include <algorithm>

#include "core/analysis/analysis.h"
#include "core/audit/rules.h"
#include "widgets/document/spec_document.h"
#include "widgets/kit/job_tracker.h"

namespace tl::gui {

RunController::RunController(SpecDocument* document, JobTracker* task, QObject* parent)
    : QObject(parent), document_(document), task_(task) {}

bool RunController::start() {
    const ExplorerSnapshot snap = document_->snapshot();
    if (task_->running()) {
        emit message(tr("Run: wait for %1 to finish or cancel it").arg(task_->label()));
        return false;
    }
    if (!snap.spec) {
        emit message(tr("Run: nothing to run, the spec does not resolve"));
        return false;
    }
    const bool rejected = snap.audit && snap.audit->contract == StageStatus::Rejected;
    if (const auto why = numerics_blocker(*snap.spec, snap.analysis.get(), rejected)) {
        emit message(tr("Run: not possible, %1").arg(QString::fromStdString(*why)));
        return false;
    }
    const quint64 job = task_->start(
        tr("Running %1").arg(QString::fromStdString(snap.spec->name)), snap.generation,
        [this, snap](JobControl& control) -> JobTracker::Deliver {
            RunOptions options;
            options.cancel = &control.cancel;
            options.progress = [&control](std::int64_t d, std::int64_t t) { control.report(d, t); };
            auto outcome = std::make_shared<Outcome>();
            outcome->generation = snap.generation;
            auto run = std::make_shared<RunResult>();
            outcome->numerics = std::make_shared<NumericsResult>(
                check_numerics(snap.analysis->instance(), *snap.spec, options, run.get()));
            outcome->run = std::move(run);
            return [this, outcome](bool cancelled) { onFinished(*outcome, cancelled); };
        });
    running_ = job != 0;
    return running_;
}

void RunController::onFinished(const Outcome& outcome, bool cancelled) {
    running_ = false;
    if (cancelled || (outcome.numerics && outcome.numerics->cancelled)) {
        emit message(tr("Run cancelled"));
        emit finished(false);
        return;
    }
    const NumericsResult& n = *outcome.numerics;
    if (!n.errors.empty()) {
        emit message(tr("Run failed: %1").arg(QString::fromStdString(join(n.errors, "; "))));
    } else {
        const auto mismatches = std::count_if(
            n.findings.begin(), n.findings.end(),
            [](const Finding& f) { return f.kind == FindingKind::NumericalMismatch; });
        emit message(n.passed() ? tr("Run: every output matches the reference (max abs error %1); "
                                     "interpreted, proves semantics, not speed")
                                      .arg(n.max_abs_error, 0, 'g', 3)
                                : tr("Run: %n numerical mismatch finding(s)", nullptr,
                                     static_cast<int>(mismatches)));
    }
    const bool attached = document_->attachRun(outcome.generation, outcome.run, outcome.numerics);
    if (!attached) emit message(tr("Run result dropped: the spec was edited while it ran"));
    emit finished(attached);
}

}  // namespace tl::gui
