#include "widgets/timings/plan_model.h"

#include <QBrush>
#include <QFont>
#include <cstdio>

#include "core/base/format.h"
#include "core/timings/decision.h"
#include "widgets/kit/qstring.h"

namespace tl::gui {
namespace {

// The same "544 KiB" as the CLI's plan table.
QString bytesText(std::int64_t bytes) {
    return qs(format_bytes_short(bytes));
}

}  // namespace

void PlanModel::setPlan(std::shared_ptr<const TilePlan> plan) {
    beginResetModel();
    plan_ = std::move(plan);
    endResetModel();
}

int PlanModel::tileColumns() const {
    return plan_ ? static_cast<int>(plan_->tile_params.size()) : 0;
}

int PlanModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !plan_ ? 0 : static_cast<int>(plan_->candidates.size());
}

int PlanModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : 1 + tileColumns() + FixedCount;
}

QVariant PlanModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    if (section == 0) return tr("#");
    if (section <= tileColumns()) return qs(plan_->tile_params[std::size_t(section - 1)].name);
    switch (section - 1 - tileColumns()) {
        case Programs:
            return tr("Programs");
        case Vmem:
            return tr("VMEM");
        case Traffic:
            return tr("HBM traffic");
        case Roofline:
            return tr("Roofline bound");
        case Bound:
            return tr("Bound");
        case Modelled:
            return tr("Modelled");
        case LimitedBy:
            return tr("Limited by");
        case Status:
            return tr("Status");
        default:
            return {};
    }
}

QVariant PlanModel::data(const QModelIndex& index, int role) const {
    if (!plan_ || !index.isValid()) return {};
    const std::size_t row = static_cast<std::size_t>(index.row());
    if (row >= plan_->candidates.size()) return {};
    const PlanCandidate& c = plan_->candidates[row];
    const int col = index.column();
    if (role == Qt::FontRole && c.is_spec) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    const bool vmemColumn = col == 1 + tileColumns() + Vmem;
    if (role == Qt::ToolTipRole && vmemColumn && c.vmem_limit_bytes > 0)
        return tr("%1 of the %2 scoped VMEM limit this tiling is held to")
            .arg(bytesText(c.vmem_bytes), bytesText(c.vmem_limit_bytes));
    if (role == Qt::ToolTipRole && c.is_spec) return tr("The open spec's own tile sizes");
    const bool sort = role == SortRole;
    if (role != Qt::DisplayRole && !sort) return {};
    if (col == 0) return static_cast<int>(row) + 1;
    if (col <= tileColumns()) {
        const auto& name = plan_->tile_params[std::size_t(col - 1)].name;
        return QVariant::fromValue<qlonglong>(c.params.at(name));
    }
    switch (col - 1 - tileColumns()) {
        case Programs:
            return QVariant::fromValue<qlonglong>(c.programs);
        case Vmem:
            return sort ? QVariant::fromValue<qlonglong>(c.vmem_bytes) : bytesText(c.vmem_bytes);
        case Traffic:
            return sort ? QVariant::fromValue<qlonglong>(c.hbm_bytes) : bytesText(c.hbm_bytes);
        case Roofline:
            if (!c.roofline_s) return sort ? QVariant(1e300) : QVariant(QStringLiteral("-"));
            return sort ? QVariant(*c.roofline_s) : QVariant(qs(format_seconds(*c.roofline_s)));
        case Bound:
            return c.bound.empty() ? QStringLiteral("-") : qs(c.bound);
        case Modelled:
            if (!c.modelled_s) return sort ? QVariant(1e300) : QVariant(QStringLiteral("-"));
            return sort ? QVariant(*c.modelled_s) : QVariant(qs(format_seconds(*c.modelled_s)));
        case LimitedBy:
            return c.limited_by.empty() ? QStringLiteral("-") : qs(c.limited_by);
        case Status: {
            if (!c.measured()) return sort ? QVariant(1e300) : QVariant(tr("unmeasured"));
            if (sort) return *c.measured_s;
            QString s = (c.verified ? tr("measured %1") : tr("measured (unverified) %1"))
                            .arg(qs(format_seconds(*c.measured_s)));
            if (c.fraction_of_roof)
                s += tr(" (%1 of roof)").arg(qs(format_percent(*c.fraction_of_roof)));
            return s;
        }
        default:
            return {};
    }
}

}  // namespace tl::gui
