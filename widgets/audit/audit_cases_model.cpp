#include "widgets/audit/audit_cases_model.h"

#include <QBrush>
#include <QColor>
#include <algorithm>
#include <set>

#include "widgets/kit/palette.h"
#include "widgets/kit/qstring.h"

namespace tl::gui {
namespace {

bool has(const AuditCase& c, FindingKind kind) {
    return std::find(c.findings.begin(), c.findings.end(), kind) != c.findings.end();
}

}  // namespace

void AuditCasesModel::setResult(std::shared_ptr<const AuditResult> result) {
    beginResetModel();
    result_ = std::move(result);
    params_.clear();
    kinds_.clear();
    if (result_) {
        std::set<std::string> names;
        for (const auto& c : result_->cases)
            for (const auto& [k, v] : c.params) names.insert(k);
        params_.assign(names.begin(), names.end());
        for (const auto& c : result_->cases)
            for (const auto& k : c.findings)
                if (std::find(kinds_.begin(), kinds_.end(), k) == kinds_.end()) kinds_.push_back(k);
    }
    endResetModel();
}

void AuditCasesModel::setStale(bool stale) {
    if (stale == stale_) return;
    stale_ = stale;
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1),
                         {Qt::ForegroundRole});
}

const AuditCase* AuditCasesModel::auditCase(int row) const {
    if (!result_ || row < 0 || row >= rowCount()) return nullptr;
    return &result_->cases[static_cast<std::size_t>(row)];
}

int AuditCasesModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !result_ ? 0 : static_cast<int>(result_->cases.size());
}

int AuditCasesModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() || !result_ ? 0 : firstKindColumn() + static_cast<int>(kinds_.size());
}

QString AuditCasesModel::caseTooltip(const AuditCase& c) const {
    QStringList lines;
    for (const auto& f : result_->findings)
        if (f.case_params == c.params)
            lines << qs(to_string(f.kind)) + QStringLiteral(": ") + qs(f.message);
    if (lines.isEmpty())
        for (const auto k : c.findings) lines << qs(to_string(k));
    if (c.verdict != Verdict::Pass) lines << tr("Click to load this case into the editor");
    return lines.join(u'\n');
}

QVariant AuditCasesModel::data(const QModelIndex& index, int role) const {
    const AuditCase* c = index.isValid() ? auditCase(index.row()) : nullptr;
    if (!c || index.column() >= columnCount()) return {};
    const int col = index.column();
    if (role == FailingRole) return c->verdict != Verdict::Pass;
    if (role == Qt::ToolTipRole) return caseTooltip(*c);
    if (role == Qt::ForegroundRole && stale_) return QBrush(QColor(0x99, 0x99, 0x99));
    if (col == kLabelColumn) return role == Qt::DisplayRole ? QVariant(qs(c->label)) : QVariant();
    if (col < verdictColumn()) {
        if (role != Qt::DisplayRole) return {};
        const auto it = c->params.find(params_[static_cast<std::size_t>(col - kFirstParamColumn)]);
        return it == c->params.end() ? QVariant() : QVariant(static_cast<qlonglong>(it->second));
    }
    if (col == verdictColumn()) {
        if (role == Qt::DisplayRole) return qs(to_string(c->verdict));
        if (role == Qt::ForegroundRole) return QBrush(verdictColour(c->verdict));
        return {};
    }
    if (col == errorColumn()) {
        if (role != Qt::DisplayRole) return {};
        return c->max_abs_error ? QVariant(QString::number(*c->max_abs_error, 'g', 3))
                                : QVariant(QStringLiteral("—"));
    }
    const FindingKind kind = kinds_[static_cast<std::size_t>(col - firstKindColumn())];
    const bool hit = has(*c, kind);
    switch (role) {
        case Qt::DisplayRole:
            return hit ? QStringLiteral("✗ found") : QStringLiteral("✓");
        case Qt::ForegroundRole:
            return hit ? QBrush(verdictColour(Verdict::Fail))
                       : QBrush(verdictColour(Verdict::Pass));
        case Qt::TextAlignmentRole:
            return Qt::AlignCenter;
        default:
            return {};
    }
}

QVariant AuditCasesModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || !result_ || section < 0 || section >= columnCount())
        return {};
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    if (section == kLabelColumn) return tr("case");
    if (section < verdictColumn())
        return qs(params_[static_cast<std::size_t>(section - kFirstParamColumn)]);
    if (section == verdictColumn()) return tr("verdict");
    if (section == errorColumn()) return tr("max abs error");
    return qs(to_string(kinds_[static_cast<std::size_t>(section - firstKindColumn())]));
}

}  // namespace tl::gui
