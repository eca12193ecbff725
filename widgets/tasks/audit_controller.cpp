#include "widgets/tasks/audit_controller.h"

#include "widgets/document/spec_document.h"
#include "widgets/kit/job_tracker.h"

namespace tl::gui {

AuditController::AuditController(SpecDocument* document, JobTracker* task, QObject* parent)
    : QObject(parent), document_(document), task_(task) {}

bool AuditController::start(SweepMode sweep) {
    if (task_->running()) {
        emit message(tr("Audit: wait for %1 to finish or cancel it").arg(task_->label()));
        return false;
    }
    const std::shared_ptr<const Spec> spec = document_->snapshot().spec;
    if (!spec) {
        emit message(tr("Audit: no valid spec to audit"));
        return false;
    }
    if (spec->python && !document_->pythonAllowed()) {
        emit message(
            tr("Audit: the kernel file has not been allowed to run (Run ▸ Allow Running "
               "the Kernel File)"));
        return false;
    }
    if (!document_->diagnostics().empty())
        emit message(tr("Audit: the spec as edited has errors; auditing its last valid state"));
    const quint64 job = task_->start(
        tr("Auditing %1").arg(QString::fromStdString(spec->name)), document_->generation(),
        [this, spec, sweep, dir = document_->baseDir().toStdString(),
         engine = document_->pythonEngine(),
         at = QDateTime::currentDateTime()](JobControl& control) -> JobTracker::Deliver {
            AuditOptions options;
            options.stage = AuditStage::All;
            options.sweep = sweep;
            options.spec_dir = dir;
            options.python_engine = engine;
            options.cancel = &control.cancel;
            options.progress = [&control](std::int64_t d, std::int64_t t) { control.report(d, t); };
            auto result = std::make_shared<const AuditResult>(run_audit(*spec, options));
            return [this, result, spec, at](bool cancelled) {
                onFinished(result, spec, at, cancelled);
            };
        });
    if (job == 0) return false;
    emit auditStarted(QString::fromStdString(spec->name));
    return true;
}

void AuditController::clear() {
    result_.reset();
    audited_.reset();
    audited_at_ = {};
}

void AuditController::onFinished(std::shared_ptr<const AuditResult> result,
                                 std::shared_ptr<const Spec> spec, const QDateTime& at,
                                 bool cancelled) {
    // A cancelled sweep still returns the cases that ran to the end: they are shown.
    result_ = std::move(result);
    audited_ = std::move(spec);
    audited_at_ = at;
    const AuditResult& r = *result_;
    const QString summary =
        tr("Audit of %1 on %2: %3, %n case(s)", nullptr, static_cast<int>(r.cases.size()))
            .arg(QString::fromStdString(r.spec), QString::fromStdString(r.target),
                 QString::fromStdString(std::string(to_string(r.verdict))));
    emit message(cancelled || r.cancelled ? tr("Audit cancelled; %1 ran").arg(summary) : summary);
    emit finished(result_);
}

}  // namespace tl::gui
