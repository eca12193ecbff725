#include "widgets/tasks/audit_controller.h"

#include "widgets/document/spec_document.h"
#include "widgets/tasks/background_task.h"

namespace tl::gui {

AuditController::AuditController(SpecDocument* document, BackgroundTask* task, QObject* parent)
    : QObject(parent), document_(document), task_(task) {
    connect(task_, &BackgroundTask::finished, this, &AuditController::onFinished);
}

bool AuditController::start() {
    if (task_->running()) {
        emit message(tr("Audit: wait for %1 to finish or cancel it").arg(task_->label()));
        return false;
    }
    const std::shared_ptr<const Spec> spec = document_->snapshot().spec;
    if (!spec) {
        emit message(tr("Audit: no valid spec to audit"));
        return false;
    }
    if (!document_->diagnostics().empty())
        emit message(tr("Audit: the spec as edited has errors; auditing its last valid state"));
    auto pending = std::make_shared<std::shared_ptr<AuditResult>>();
    const bool started = task_->start(
        tr("Auditing %1").arg(QString::fromStdString(spec->name)),
        [spec, pending](TaskControl& control) {
            AuditOptions options;
            options.stage = AuditStage::All;
            options.sweep = SweepMode::Auto;
            options.cancel = &control.cancel;
            options.progress = [&control](std::int64_t d, std::int64_t t) { control.report(d, t); };
            *pending = std::make_shared<AuditResult>(run_audit(*spec, options));
        });
    if (!started) return false;
    pending_ = pending;
    pending_spec_ = spec;
    emit auditStarted(QString::fromStdString(spec->name));
    return true;
}

void AuditController::onFinished(bool cancelled) {
    if (!pending_) return;  // another controller's job
    const auto pending = std::move(pending_);
    pending_.reset();
    if (!*pending) {
        emit message(tr("Audit cancelled"));
        emit finished(nullptr);
        return;
    }
    // A cancelled sweep still returns the cases that ran to the end: they are shown.
    result_ = *pending;
    audited_ = std::move(pending_spec_);
    const AuditResult& r = *result_;
    const QString summary =
        tr("Audit of %1 on %2: %3, %n case(s)", nullptr, static_cast<int>(r.cases.size()))
            .arg(QString::fromStdString(r.spec), QString::fromStdString(r.target),
                 QString::fromStdString(std::string(to_string(r.verdict))));
    emit message(cancelled || r.cancelled ? tr("Audit cancelled; %1 ran").arg(summary) : summary);
    emit finished(result_);
}

}  // namespace tl::gui
