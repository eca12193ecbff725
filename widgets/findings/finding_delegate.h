#pragma once
// Draws one finding as a small card for a narrow panel: severity and kind on the first line,
// operand and place on the second, the message wrapped below.
#include <QStyledItemDelegate>

namespace tl::gui {

class FindingsModel;

class FindingDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    explicit FindingDelegate(const FindingsModel* model, QObject* parent = nullptr);

    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    QString html(const QModelIndex& index, const QPalette& palette, bool selected) const;

    const FindingsModel* model_;
};

}  // namespace tl::gui
