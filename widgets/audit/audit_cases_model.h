#pragma once
// The audit's sweep table, case x check: one row per case (its params, verdict, largest
// error) and one column per finding kind met in any case, marked where the case has it.
#include <QAbstractTableModel>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/audit/audit.h"

namespace tl::gui {

class AuditCasesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Roles { FailingRole = Qt::UserRole + 1 };

    using QAbstractTableModel::QAbstractTableModel;

    void setResult(std::shared_ptr<const AuditResult> result);
    // Out of date: the spec has changed since; every cell is drawn grey.
    void setStale(bool stale);
    const AuditResult* result() const { return result_.get(); }
    const AuditCase* auditCase(int row) const;

    // Column layout: what the case tries, its params, verdict and max abs error, then one
    // column per finding kind.
    static constexpr int kLabelColumn = 0;
    static constexpr int kFirstParamColumn = 1;
    int paramColumns() const { return static_cast<int>(params_.size()); }
    int verdictColumn() const { return kFirstParamColumn + paramColumns(); }
    int errorColumn() const { return verdictColumn() + 1; }
    int firstKindColumn() const { return verdictColumn() + 2; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QString caseTooltip(const AuditCase& c) const;

    std::shared_ptr<const AuditResult> result_;
    std::vector<std::string> params_;  // union of the cases' param names, sorted
    std::vector<FindingKind> kinds_;   // first-seen order
    bool stale_ = false;
};

}  // namespace tl::gui
