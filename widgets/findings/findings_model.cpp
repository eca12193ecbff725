#include "widgets/findings/findings_model.h"

#include <QBrush>
#include <QColor>
#include <QPalette>

#include "widgets/kit/palette.h"
#include "widgets/kit/qstring.h"

namespace tl::gui {
namespace {
QString join(const std::vector<std::int64_t>& v, QChar open, QChar close) {
    QStringList parts;
    for (auto x : v) parts << QString::number(x);
    return open + parts.join(QStringLiteral(", ")) + close;
}
}  // namespace

QString finding_location(const Finding& f) {
    QStringList parts;
    if (!f.program.empty()) parts << QObject::tr("program %1").arg(join(f.program, u'(', u')'));
    if (!f.element.empty()) parts << QObject::tr("element %1").arg(join(f.element, u'[', u']'));
    if (!f.case_params.empty()) {
        QStringList ps;
        for (const auto& [k, v] : f.case_params) ps << qs(k) + u'=' + QString::number(v);
        parts << QObject::tr("case %1").arg(ps.join(u' '));
    }
    return parts.join(QStringLiteral(" · "));
}

void FindingsModel::setFindings(std::vector<Finding> findings, bool stale) {
    beginResetModel();
    findings_ = std::move(findings);
    stale_ = stale;
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
    if (!f || index.column() >= ColumnCount) return {};
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
            case SeverityColumn:
                return qs(to_string(f->severity));
            case KindColumn: {
                QString kind = qs(to_string(f->kind));
                if (!f->rule.empty()) kind += QStringLiteral(" (") + qs(f->rule) + u')';
                if (!f->cause.empty()) kind += QStringLiteral(" (") + qs(f->cause) + u')';
                return kind;
            }
            case OperandColumn:
                return qs(f->operand);
            case WhereColumn:
                return finding_location(*f);
            case MessageColumn:
                if (role == Qt::ToolTipRole && stale_ && f->kind != FindingKind::SpecError)
                    return tr("Of the last valid state: %1").arg(qs(f->message));
                return qs(f->message);
            default:
                return {};
        }
    }
    if (role == Qt::ForegroundRole) {
        if (stale_ && f->kind != FindingKind::SpecError)
            return QPalette().brush(QPalette::Disabled, QPalette::Text);
        if (index.column() == SeverityColumn) {
            // Errors and warnings in their colours: readable in both themes.
            if (f->severity != Severity::Info) return QBrush(severityColour(f->severity));
        }
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
        case WhereColumn:
            return tr("Where");
        case MessageColumn:
            return tr("Message");
        default:
            return {};
    }
}

}  // namespace tl::gui
