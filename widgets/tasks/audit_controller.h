#pragma once
// Audit: runs contract, indexing and numerics over the hostile-shape sweep of the newest
// valid spec in the background, with progress and cancel.
#include <QObject>
#include <memory>

#include "core/audit/audit.h"

namespace tl::gui {

class BackgroundTask;
class SpecDocument;

class AuditController : public QObject {
    Q_OBJECT
public:
    AuditController(SpecDocument* document, BackgroundTask* task, QObject* parent = nullptr);

    bool start();
    bool running() const { return pending_ != nullptr; }
    // The newest finished audit (null before the first).
    std::shared_ptr<const AuditResult> result() const { return result_; }
    // The spec that audit ran on, to tell whether its cases still apply to the document.
    std::shared_ptr<const Spec> auditedSpec() const { return audited_; }

signals:
    void message(const QString& text);
    void auditStarted(const QString& spec);
    // `result` is null when cancelled before any case ran; else it may be partial (cancelled).
    void finished(std::shared_ptr<const tl::AuditResult> result);

private:
    void onFinished(bool cancelled);

    SpecDocument* document_;
    BackgroundTask* task_;
    std::shared_ptr<std::shared_ptr<AuditResult>> pending_;  // set while our job runs
    std::shared_ptr<const Spec> pending_spec_;
    std::shared_ptr<const AuditResult> result_;
    std::shared_ptr<const Spec> audited_;
};

}  // namespace tl::gui
