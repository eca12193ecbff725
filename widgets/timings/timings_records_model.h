#pragma once
// The table of timing records beside the charts. Holds one immutable TimingsView, swapped in
// whole with a model reset. Qt::UserRole gives each cell's sort key (numbers as numbers).
#include <QAbstractTableModel>
#include <memory>

namespace tl {
struct TimingsView;
}  // namespace tl

namespace tl::gui {

class TimingsRecordsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        ProvenanceColumn,
        KernelColumn,
        ImplColumn,
        TargetColumn,
        CandidateColumn,
        RunsColumn,
        MedianColumn,
        MinColumn,
        MaxColumn,
        MethodColumn,
        FlopsColumn,
        BytesColumn,
        IntensityColumn,
        AchievedColumn,
        RoofColumn,
        DecisionColumn,
        SourceColumn,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole;

    using QAbstractTableModel::QAbstractTableModel;

    void setView(std::shared_ptr<const TimingsView> view);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant display(std::size_t row, int column) const;
    QVariant sortKey(std::size_t row, int column) const;

    std::shared_ptr<const TimingsView> view_;
};

}  // namespace tl::gui
