#include "widgets/editor/operand_delegate.h"

#include <QApplication>
#include <QComboBox>
#include <QPainter>
#include <QSpinBox>

#include "core/base/dtype.h"
#include "widgets/document/spec_document.h"
#include "widgets/editor/error_line_edit.h"
#include "widgets/editor/operands_model.h"
#include "widgets/editor/undo_routing.h"
#include "widgets/editor/wavy_line.h"
#include "widgets/kit/palette.h"

namespace tl::gui {

OperandDelegate::OperandDelegate(OperandsModel* model, QObject* parent)
    : QStyledItemDelegate(parent), model_(model) {
    connect(model_, &OperandsModel::errorsChanged, this, &OperandDelegate::refreshActiveErrors);
}

QWidget* OperandDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                                       const QModelIndex& index) const {
    auto* self = const_cast<OperandDelegate*>(this);
    switch (index.column()) {
        case OperandsModel::RoleColumn: {
            auto* combo = new QComboBox(parent);
            combo->addItems({QStringLiteral("input"), QStringLiteral("output")});
            connect(combo, &QComboBox::activated, self,
                    [self, combo] { emit self->commitData(combo); });
            return combo;
        }
        case OperandsModel::DTypeColumn: {
            auto* combo = new QComboBox(parent);
            for (auto d :
                 {DType::Float32, DType::BFloat16, DType::Float16, DType::Float64, DType::Int8,
                  DType::Int16, DType::Int32, DType::UInt8, DType::Bool, DType::Float8E4M3FN,
                  DType::Float8E5M2, DType::Int4, DType::UInt16, DType::UInt32})
                combo->addItem(QString::fromUtf8(to_string(d).data(),
                                                 static_cast<qsizetype>(to_string(d).size())));
            connect(combo, &QComboBox::activated, self,
                    [self, combo] { emit self->commitData(combo); });
            return combo;
        }
        case OperandsModel::MemoryColumn:
        case OperandsModel::RevisitColumn:
        case OperandsModel::DiscardColumn:
        case OperandsModel::DataColumn: {
            auto* combo = new QComboBox(parent);
            const int c = index.column();
            if (c == OperandsModel::MemoryColumn)
                combo->addItems({QString(), QStringLiteral("vmem"), QStringLiteral("smem"),
                                 QStringLiteral("any"), QStringLiteral("hbm")});
            else if (c == OperandsModel::RevisitColumn)
                combo->addItems({QStringLiteral("immediate"), QStringLiteral("any")});
            else if (c == OperandsModel::DiscardColumn)
                combo->addItems({QStringLiteral("no"), QStringLiteral("yes")});
            else
                combo->addItems({QStringLiteral("random"), QStringLiteral("zeros"),
                                 QStringLiteral("ones"), QStringLiteral("iota")});
            connect(combo, &QComboBox::activated, self,
                    [self, combo] { emit self->commitData(combo); });
            return combo;
        }
        case OperandsModel::BuffersColumn: {
            auto* spin = new QSpinBox(parent);
            spin->setRange(1, 2);
            route_undo_to_document(spin);
            connect(spin, &QSpinBox::valueChanged, self,
                    [self, spin] { emit self->commitData(spin); });
            return spin;
        }
        default: {
            auto* edit = new ErrorLineEdit(OperandsModel::fieldPath(index.row(), index.column()),
                                           OperandsModel::isList(index.column()), parent);
            edit->setObjectName(QStringLiteral("operandCellEditor"));
            // A cell opened again is a new edit, its own undo step.
            model_->document()->endEditStep();
            // Every keystroke is an edit, so views and findings follow while typing.
            connect(edit, &QLineEdit::textEdited, self,
                    [self, edit] { emit self->commitData(edit); });
            active_ = edit;
            active_index_ = index;
            (void)option;
            return edit;
        }
    }
}

void OperandDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const {
    const QVariant value = index.data(Qt::EditRole);
    if (auto* edit = qobject_cast<ErrorLineEdit*>(editor)) {
        edit->setTextIfDifferent(value.toString(), model_->sameMeaning(index, edit->text()));
        edit->setErrors(model_->errors(index));
    } else if (auto* combo = qobject_cast<QComboBox*>(editor)) {
        const int i = combo->findText(value.toString());
        if (i >= 0 && i != combo->currentIndex()) combo->setCurrentIndex(i);
    } else if (auto* spin = qobject_cast<QSpinBox*>(editor)) {
        const QSignalBlocker block(spin);
        spin->setValue(value.toInt());
    }
}

void OperandDelegate::setModelData(QWidget* editor, QAbstractItemModel* model,
                                   const QModelIndex& index) const {
    if (auto* edit = qobject_cast<ErrorLineEdit*>(editor)) {
        if (!model_->sameMeaning(index, edit->text())) model->setData(index, edit->text());
    } else if (auto* combo = qobject_cast<QComboBox*>(editor)) {
        model->setData(index, combo->currentText());
    } else if (auto* spin = qobject_cast<QSpinBox*>(editor)) {
        model->setData(index, spin->value());
    }
}

void OperandDelegate::updateEditorGeometry(QWidget* editor, const QStyleOptionViewItem& option,
                                           const QModelIndex&) const {
    QRect r = option.rect;
    if (auto* edit = qobject_cast<ErrorLineEdit*>(editor)) {
        const QFontMetrics fm = edit->fontMetrics();
        const int room = edit->parentWidget() ? edit->parentWidget()->width() : r.width();
        const int text = fm.horizontalAdvance(edit->text()) + 6 * fm.averageCharWidth();
        r.setWidth(std::min(std::max(r.width(), text), room));
        if (r.right() >= room) r.moveRight(room - 1);
        r.setLeft(std::max(r.left(), 0));
        r.setHeight(std::max(r.height(), edit->sizeHint().height()));
    }
    editor->setGeometry(r);
}

void OperandDelegate::refreshActiveErrors() {
    if (active_ && active_index_.isValid()) active_->setErrors(model_->errors(active_index_));
}

void OperandDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                            const QModelIndex& index) const {
    QStyledItemDelegate::paint(painter, option, index);
    const QList<FieldError> errors = model_->errors(index);
    if (errors.isEmpty()) return;
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    const QRect text_rect = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget);
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
    const QFontMetrics fm(opt.font);
    const QString text = index.data(Qt::EditRole).toString();
    const int baseline = text_rect.center().y() + fm.ascent() / 2 + 3;
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setClipRect(option.rect);
    for (const auto& e : errors) {
        const int x0 = text_rect.left() + margin + fm.horizontalAdvance(text.left(e.start));
        int x1 = text_rect.left() + margin + fm.horizontalAdvance(text.left(e.start + e.length));
        if (x1 - x0 < 6) x1 = x0 + 6;
        draw_wavy_line(*painter, x0, x1, baseline, errorColour());
    }
    painter->restore();
}

}  // namespace tl::gui
