#pragma once
// The example library as a list: the id shown, the description as tooltip and DescriptionRole.
#include <QAbstractListModel>

#include "widgets/examples/example_library.h"

namespace tl::gui {

class ExamplesModel : public QAbstractListModel {
    Q_OBJECT
public:
    enum Roles { DescriptionRole = Qt::UserRole + 1, PathRole };

    explicit ExamplesModel(ExampleLibrary library, QObject* parent = nullptr);

    const ExampleLibrary& library() const { return library_; }
    const Example* example(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

private:
    ExampleLibrary library_;
};

}  // namespace tl::gui
