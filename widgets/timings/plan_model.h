#pragma once
// The measurement plan as a table: one row per tile candidate that passes the target's
// contract, with its modelled figures and whether a verified timing measured it. Holds one
// immutable plan, swapped in whole. SortRole gives numbers as numbers.
#include <QAbstractTableModel>
#include <memory>

#include "core/plan/tile_plan.h"

namespace tl::gui {

class PlanModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int SortRole = Qt::UserRole;

    using QAbstractTableModel::QAbstractTableModel;

    void setPlan(std::shared_ptr<const TilePlan> plan);
    const TilePlan* plan() const { return plan_.get(); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    // Columns: rank, one per tile param, then the fixed ones below.
    enum Fixed {
        Programs,
        Vmem,
        Traffic,
        Roofline,
        Bound,
        Modelled,
        LimitedBy,
        Status,
        FixedCount
    };
    int tileColumns() const;

    std::shared_ptr<const TilePlan> plan_;
};

}  // namespace tl::gui
