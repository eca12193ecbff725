#pragma once
// Editors for the operand table: expression fields that commit on every keystroke (the
// views follow while typing) and underline their errors, combos for role and dtype, a spin
// box for the buffer count. Cells with an error get the same wavy underline when not edited.
#include <QPersistentModelIndex>
#include <QPointer>
#include <QStyledItemDelegate>

namespace tl::gui {

class ErrorLineEdit;
class OperandsModel;

class OperandDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    explicit OperandDelegate(OperandsModel* model, QObject* parent = nullptr);

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                          const QModelIndex& index) const override;
    void setEditorData(QWidget* editor, const QModelIndex& index) const override;
    void setModelData(QWidget* editor, QAbstractItemModel* model,
                      const QModelIndex& index) const override;
    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
    // A text field is as wide as its text (up to the table's width), over the cells to its
    // right: a long index map is edited whole, not through a slot as narrow as its column.
    void updateEditorGeometry(QWidget* editor, const QStyleOptionViewItem& option,
                              const QModelIndex& index) const override;

    ErrorLineEdit* activeEditor() const { return active_; }

private:
    void refreshActiveErrors();

    OperandsModel* model_;
    mutable QPointer<ErrorLineEdit> active_;
    mutable QPersistentModelIndex active_index_;
};

}  // namespace tl::gui
