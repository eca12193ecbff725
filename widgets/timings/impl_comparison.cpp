#include "widgets/timings/impl_comparison.h"

#include <algorithm>
#include <utility>

#include "core/timings/timings_summary.h"
#include "widgets/kit/qstring.h"
#include "widgets/timings/candidate_axis.h"
#include "widgets/timings/candidate_categories.h"
#include "widgets/timings/chart_widget.h"
#include "widgets/timings/timings_style.h"

namespace tl::gui {
namespace {

struct ImplSeries {
    std::string impl, target;
    QVector<ChartPoint> points;
    bool allUnverified = true;
};

// The records compared: every shown record that is not a candidate (nor the open spec's row).
std::vector<std::size_t> comparedRecords(const TimingsView& v) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < v.records.size(); ++i)
        if (v.shown(i) && !v.facts[i].is_candidate && !v.facts[i].planned) out.push_back(i);
    return out;
}

// One series per impl and target, in the order first seen; failed records go to `failed`.
std::vector<ImplSeries> implSeries(const TimingsView& v, const std::vector<std::size_t>& records,
                                   const CandidateCategories& grouped, QVector<ChartPoint>& failed,
                                   std::vector<std::size_t>& drawn) {
    std::vector<ImplSeries> series;
    for (std::size_t i : records) {
        const TimingRecord& r = v.records[i];
        if (grouped.category_of[i] < 0) continue;
        ChartPoint p;
        p.x = grouped.category_of[i];
        p.tooltip = recordTooltip(v, i);
        if (r.status == TimingStatus::Failed) {
            failed.push_back(p);
            drawn.push_back(i);
            continue;
        }
        if (!r.median_s) continue;
        p.y = *r.median_s;
        if (r.min_s && r.max_s) p.lo = *r.min_s, p.hi = *r.max_s;
        const std::string impl = r.impl.value_or("impl unknown"), target = r.target.value_or("");
        auto it = std::find_if(series.begin(), series.end(), [&](const ImplSeries& s) {
            return s.impl == impl && s.target == target;
        });
        if (it == series.end()) it = series.insert(series.end(), ImplSeries{impl, target, {}});
        it->points.push_back(p);
        it->allUnverified = it->allUnverified && v.facts[i].provenance.unverified;
        drawn.push_back(i);
    }
    return series;
}

}  // namespace

bool showImplComparison(ChartWidget& chart, const TimingsView& v) {
    const std::vector<std::size_t> records = comparedRecords(v);
    if (records.empty()) return false;
    std::vector<std::string> kernels;
    for (std::size_t i : records) {
        const std::string& k = v.records[i].kernel.value_or(v.records[i].label);
        if (std::find(kernels.begin(), kernels.end(), k) == kernels.end()) kernels.push_back(k);
    }
    const bool byKernel = kernels.size() > 1;
    CandidateCategories grouped =
        candidate_categories(v.records, records, kMaxCandidateCategories, byKernel);
    order_by_problem(v.records, grouped, byKernel);
    const QString candidate = qs(v.settings.candidate_impl);
    setCategoryAxis(
        chart, v, grouped, byKernel,
        QStringLiteral("no %1 timings: the implementations, problem by problem").arg(candidate),
        QStringLiteral("every record: "), QStringLiteral("problems"));
    // Named by the kernel compared, also when the open spec's kernel is another.
    const QString kernel = kernels.size() == 1 ? qs(kernels.front())
                           : v.kernel.empty()  ? QStringLiteral("all kernels")
                                               : qs(v.kernel);
    chart.setTitle(QStringLiteral("%1: implementations vs time").arg(kernel));

    QVector<ChartPoint> failed;
    std::vector<std::size_t> drawn;
    const std::vector<ImplSeries> series = implSeries(v, records, grouped, failed, drawn);
    bool severalTargets = false;
    for (const auto& s : series) severalTargets = severalTargets || s.target != series[0].target;
    for (std::size_t k = 0; k < series.size(); ++k) {
        const ImplSeries& s = series[k];
        QString name = qs(s.impl);
        if (severalTargets && !s.target.empty()) name += QStringLiteral(" on ") + qs(s.target);
        // A line joins one impl's sizes; across kernels there is nothing to join.
        const SeriesStyle style{seriesColour(k), seriesMarker(k, s.allUnverified),
                                byKernel ? Stroke::None : baselineStroke(k)};
        chart.addSeries(name, style, s.points);
    }
    if (!failed.isEmpty())
        chart.addFailed(QStringLiteral("failed (inf, OOM, invalid)"),
                        {QColor(), Marker::Cross, Stroke::None, 11}, failed);
    chart.setBadges(provenanceBadges(v, drawn));
    if (drawn.empty()) chart.setNote(QStringLiteral("No timings of this kernel to compare"));
    chart.replot();
    return true;
}

}  // namespace tl::gui
