#include "widgets/timings/timings_records_model.h"

#include <QBrush>

#include "core/base/format.h"
#include "core/timings/decision.h"
#include "core/timings/timings_summary.h"
#include "widgets/kit/palette.h"
#include "widgets/kit/qstring.h"
#include "widgets/timings/chart_scale.h"
#include "widgets/timings/timings_style.h"

namespace tl::gui {
namespace {

QString opt(const std::optional<std::string>& s) {
    return s ? qs(*s) : QString();
}
QVariant seconds(const std::optional<double>& s) {
    return s ? QVariant(qs(format_seconds(*s))) : QVariant();
}
QVariant number(const std::optional<double>& v) {
    return v ? QVariant(*v) : QVariant();
}

}  // namespace

void TimingsRecordsModel::setView(std::shared_ptr<const TimingsView> view) {
    beginResetModel();
    view_ = std::move(view);
    endResetModel();
}

int TimingsRecordsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !view_ ? 0 : static_cast<int>(view_->records.size());
}

int TimingsRecordsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TimingsRecordsModel::display(std::size_t row, int column) const {
    const TimingRecord& r = view_->records[row];
    const RecordFacts& f = view_->facts[row];
    const bool failed = r.status == TimingStatus::Failed;
    switch (column) {
        case ProvenanceColumn: {
            // "measured (tpu-v5e), verified (attested)": the note is in the tooltip.
            const std::string check = verification_text(f.provenance);
            return qs(badge_text(f.provenance) + (check.empty() ? "" : ", " + check));
        }
        case KernelColumn:
            return opt(r.kernel);
        case ImplColumn:
            return opt(r.impl);
        case TargetColumn:
            return opt(r.target);
        case CandidateColumn: {
            const std::string p = params_text(r.params);
            return qs(p.empty() ? r.label : p);
        }
        case RunsColumn:
            return r.n ? QVariant(QString::number(*r.n)) : QVariant();
        case MedianColumn:
            return failed ? QVariant(QStringLiteral("failed")) : seconds(r.median_s);
        case MinColumn:
            return seconds(r.min_s);
        case MaxColumn:
            return seconds(r.max_s);
        case MethodColumn:
            return f.planned ? QString() : qs(std::string(to_string(r.method)));
        case FlopsColumn:
            return f.cost.flops ? QVariant(qs(format_si(*f.cost.flops, "FLOP"))) : QVariant();
        case BytesColumn:
            return f.cost.bytes ? QVariant(qs(format_si(*f.cost.bytes, "B"))) : QVariant();
        case IntensityColumn:
            return f.roofline ? QVariant(qs(format_intensity(f.roofline->intensity))) : QVariant();
        case AchievedColumn:
            return f.roofline && f.roofline->achieved_flops
                       ? QVariant(qs(format_si(*f.roofline->achieved_flops, "FLOP/s")))
                       : QVariant();
        case RoofColumn:
            return f.roofline && f.roofline->fraction_of_roof
                       ? QVariant(qs(format_percent(*f.roofline->fraction_of_roof)))
                       : QVariant();
        case DecisionColumn:
            // A provisional decision's picks say so (docs/timings.md, "The decision").
            if (f.best)
                return view_->decision.provisional ? QStringLiteral("best candidate (provisional)")
                                                   : QStringLiteral("best candidate");
            if (f.baseline)
                return view_->decision.provisional ? QStringLiteral("baseline (provisional)")
                                                   : QStringLiteral("baseline");
            if (f.excluded) return QString(QStringLiteral("excluded: ") + qs(*f.excluded));
            return QString();
        case SourceColumn:
            return f.planned ? QStringLiteral("open spec") : recordLocation(r.file, r.line);
        default:
            return {};
    }
}

QVariant TimingsRecordsModel::sortKey(std::size_t row, int column) const {
    const TimingRecord& r = view_->records[row];
    const RecordFacts& f = view_->facts[row];
    switch (column) {
        case RunsColumn:
            return r.n ? QVariant(static_cast<qlonglong>(*r.n)) : QVariant();
        case MedianColumn:
            // Failed candidates sort after every time: they are the slowest of all.
            return r.status == TimingStatus::Failed ? QVariant(INFINITY) : number(r.median_s);
        case MinColumn:
            return number(r.min_s);
        case MaxColumn:
            return number(r.max_s);
        case FlopsColumn:
            return number(f.cost.flops);
        case BytesColumn:
            return number(f.cost.bytes);
        case IntensityColumn:
            return f.roofline ? QVariant(f.roofline->intensity) : QVariant();
        case AchievedColumn:
            return f.roofline ? number(f.roofline->achieved_flops) : QVariant();
        case RoofColumn:
            return f.roofline ? number(f.roofline->fraction_of_roof) : QVariant();
        case SourceColumn:
            return QStringLiteral("%1:%2").arg(qs(r.file)).arg(r.line, 8, 10, QLatin1Char('0'));
        default:
            return display(row, column);
    }
}

QVariant TimingsRecordsModel::data(const QModelIndex& index, int role) const {
    if (!view_ || !index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const auto row = static_cast<std::size_t>(index.row());
    const RecordFacts& f = view_->facts[row];
    switch (role) {
        case Qt::DisplayRole:
            return display(row, index.column());
        case SortRole:
            return sortKey(row, index.column());
        case Qt::ToolTipRole:
            if (index.column() == DecisionColumn && f.excluded) return qs(*f.excluded);
            return recordTooltip(*view_, row);
        case Qt::DecorationRole:
            if (index.column() != ProvenanceColumn) return {};
            return f.provenance.unverified ? warningColour() : provenanceColour(f.provenance.kind);
        case Qt::ForegroundRole:
            if (index.column() == MedianColumn &&
                view_->records[row].status == TimingStatus::Failed)
                return QBrush(errorColour());
            return {};
        case Qt::TextAlignmentRole:
            if (index.column() >= RunsColumn && index.column() <= MaxColumn)
                return QVariant(Qt::AlignRight | Qt::AlignVCenter);
            if (index.column() >= FlopsColumn && index.column() <= RoofColumn)
                return QVariant(Qt::AlignRight | Qt::AlignVCenter);
            return {};
        default:
            return {};
    }
}

QVariant TimingsRecordsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    static const char* const names[] = {
        QT_TR_NOOP("Provenance"), QT_TR_NOOP("Kernel"),    QT_TR_NOOP("Impl"),
        QT_TR_NOOP("Target"),     QT_TR_NOOP("Candidate"), QT_TR_NOOP("Runs"),
        QT_TR_NOOP("Median"),     QT_TR_NOOP("Min"),       QT_TR_NOOP("Max"),
        QT_TR_NOOP("Method"),     QT_TR_NOOP("FLOPs"),     QT_TR_NOOP("HBM bytes"),
        QT_TR_NOOP("Intensity"),  QT_TR_NOOP("Achieved"),  QT_TR_NOOP("% of roof"),
        QT_TR_NOOP("Decision"),   QT_TR_NOOP("Source")};
    static_assert(std::size(names) == ColumnCount);
    if (section < 0 || section >= ColumnCount) return {};
    return tr(names[section]);
}

}  // namespace tl::gui
