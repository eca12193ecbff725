#pragma once
// The Audit tab: the sweep's verdict and notes, and the case x check table; clicking a
// failing case asks for its params to be loaded into the document.
#include <QDateTime>
#include <QWidget>
#include <map>
#include <memory>
#include <string>

#include "core/audit/audit.h"

class QLabel;
class QTableView;
class QToolButton;

namespace tl::gui {

class AuditCasesModel;

class AuditPanel : public QWidget {
    Q_OBJECT
public:
    explicit AuditPanel(QWidget* parent = nullptr);

    // The button starts the window's Audit action.
    void setAuditAction(QAction* action);
    void showRunning(const QString& spec);
    void showResult(std::shared_ptr<const AuditResult> result);  // null: cancelled
    // Marks the result shown as made for the spec as it was at `at` (greyed, "re-run"), or
    // as current again.
    void setOutOfDate(bool stale, const QDateTime& at);
    // Back to "no audit yet" (a new document).
    void clear();

    AuditCasesModel* model() const { return model_; }
    QTableView* table() const { return table_; }

signals:
    void caseActivated(const std::map<std::string, std::int64_t>& params);

private:
    AuditCasesModel* model_;
    QLabel* summary_;
    QToolButton* start_;
    QTableView* table_;
    QString result_text_;  // the summary of the result shown, without the out-of-date line
};

}  // namespace tl::gui
