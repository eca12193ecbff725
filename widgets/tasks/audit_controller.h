#pragma once
// Audit: runs contract, indexing and numerics over the hostile-shape sweep of the newest
// valid spec in the background, with progress and cancel.
#include <QDateTime>
#include <QObject>
#include <memory>

#include "core/audit/audit.h"

namespace tl::gui {

class JobTracker;
class SpecDocument;

class AuditController : public QObject {
    Q_OBJECT
public:
    AuditController(SpecDocument* document, JobTracker* task, QObject* parent = nullptr);

    bool start(SweepMode sweep = SweepMode::Auto);
    // The newest finished audit (null before the first).
    std::shared_ptr<const AuditResult> result() const { return result_; }
    // The spec that audit ran on, to tell whether its cases still apply to the document.
    std::shared_ptr<const Spec> auditedSpec() const { return audited_; }
    // When the audited spec was taken from the document.
    QDateTime auditedAt() const { return audited_at_; }
    // Forgets the last audit (a new document); a running one still reports when it ends.
    void clear();

signals:
    void message(const QString& text);
    void auditStarted(const QString& spec);
    // `result` may be partial when the audit was cancelled (r.cancelled says so).
    void finished(std::shared_ptr<const tl::AuditResult> result);

private:
    void onFinished(std::shared_ptr<const AuditResult> result, std::shared_ptr<const Spec> spec,
                    const QDateTime& at, bool cancelled);

    SpecDocument* document_;
    JobTracker* task_;
    std::shared_ptr<const AuditResult> result_;
    std::shared_ptr<const Spec> audited_;
    QDateTime audited_at_;
};

}  // namespace tl::gui
