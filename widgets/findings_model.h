#pragma once
// Table of audit findings: severity, kind, operand, message. Swapped in whole with a reset.
#include <QAbstractTableModel>
#include <vector>

#include "core/finding.h"

namespace tl::gui {

class FindingsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { SeverityColumn, KindColumn, OperandColumn, MessageColumn, ColumnCount };

    using QAbstractTableModel::QAbstractTableModel;

    void setFindings(std::vector<Finding> findings);
    const Finding* finding(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::vector<Finding> findings_;
};

}  // namespace tl::gui
