#pragma once
// Table of findings: severity, kind, operand, where (program, element), message. Swapped in
// whole with a reset.
#include <QAbstractTableModel>
#include <vector>

#include "core/base/finding.h"

namespace tl::gui {

class FindingsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        SeverityColumn,
        KindColumn,
        OperandColumn,
        WhereColumn,
        MessageColumn,
        ColumnCount
    };

    using QAbstractTableModel::QAbstractTableModel;

    // `stale`: the findings are of the last valid state, not of the spec as edited (drawn
    // greyed); spec errors (kind "spec_error") are never stale.
    void setFindings(std::vector<Finding> findings, bool stale = false);
    const Finding* finding(int row) const;
    bool stale() const { return stale_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::vector<Finding> findings_;
    bool stale_ = false;
};

// "program (1, 2, 0) · element [256, 0]", or "" when the finding names neither.
QString finding_location(const Finding& f);

}  // namespace tl::gui
