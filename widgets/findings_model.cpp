#include "widgets/findings_model.h"

#include <QBrush>
#include <QColor>

namespace tl::gui {
namespace {
QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}
}  // namespace

void FindingsModel::setFindings(std::vector<Finding> findings) {
    beginResetModel();
    findings_ = std::move(findings);
    endResetModel();
}

const Finding* FindingsModel::finding(int row) const {
    if (row < 0 || row >= static_cast<int>(findings_.size())) return nullptr;
    return &findings_[static_cast<std::size_t>(row)];
}

int FindingsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(findings_.size());
}

int FindingsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FindingsModel::data(const QModelIndex& index, int role) const {
    const Finding* f = index.isValid() ? finding(index.row()) : nullptr;
    if (!f) return {};
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
            case SeverityColumn:
                return qs(to_string(f->severity));
            case KindColumn:
                return f->rule.empty() ? qs(f->kind) : qs(f->kind + " (" + f->rule + ")");
            case OperandColumn:
                return qs(f->operand);
            case MessageColumn:
                return qs(f->message);
            default:
                return {};
        }
    }
    if (role == Qt::ForegroundRole && index.column() == SeverityColumn) {
        // Okabe-Ito vermillion for errors, orange for warnings: readable in both themes.
        if (f->severity == Severity::Error) return QBrush(QColor(0xD5, 0x5E, 0x00));
        if (f->severity == Severity::Warning) return QBrush(QColor(0xE6, 0x9F, 0x00));
    }
    return {};
}

QVariant FindingsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
        case SeverityColumn:
            return tr("Severity");
        case KindColumn:
            return tr("Kind");
        case OperandColumn:
            return tr("Operand");
        case MessageColumn:
            return tr("Message");
        default:
            return {};
    }
}

}  // namespace tl::gui
