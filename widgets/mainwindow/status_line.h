#pragma once
// The status bar: the verdict of the spec on screen, its size and analysis time, the error
// count while the spec as edited is invalid, and the progress and cancel of a background job.
#include <QObject>
#include <optional>

#include "core/audit/audit.h"

class QAction;
class QLabel;
class QProgressBar;
class QStatusBar;
class QToolButton;

namespace tl::gui {

class JobTracker;
class SpecDocument;
struct ExplorerSnapshot;

class StatusLine : public QObject {
    Q_OBJECT
public:
    StatusLine(QStatusBar* bar, SpecDocument* document, JobTracker* task, QAction* cancel);

    // The audit's case that is exactly the spec as edited (its params loaded from the sweep
    // table), or nullopt: its verdict, numerics included, joins the live checks' one.
    void setAuditCase(std::optional<AuditCase> audit_case);
    // A temporary message on the left, elided to the room left of the size and the badge (the
    // whole text is the bar's tooltip while it shows), for `ms` milliseconds (0: until replaced).
    void showMessage(const QString& text, int ms);
    // The pixels a message may take: up to the first permanent widget shown.
    int messageRoom() const;

private:
    void render();
    void showDiagnostics();
    void showProgress(qint64 done, qint64 total);

    QStatusBar* bar_;
    SpecDocument* document_;
    JobTracker* task_;
    QLabel* verdict_;
    QLabel* size_;
    QLabel* errors_;
    QLabel* job_;
    QProgressBar* progress_;
    QToolButton* cancel_;
    double last_ms_ = 0;
    std::optional<AuditCase> case_;
};

}  // namespace tl::gui
