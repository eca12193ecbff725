#include "widgets/timings/candidates_chart.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "core/base/format.h"
#include "core/timings/timings_summary.h"
#include "widgets/kit/qstring.h"
#include "widgets/timings/baseline_levels.h"
#include "widgets/timings/candidate_axis.h"
#include "widgets/timings/candidate_categories.h"
#include "widgets/timings/chart_widget.h"
#include "widgets/timings/distinct_names.h"
#include "widgets/timings/impl_comparison.h"
#include "widgets/timings/timings_style.h"

namespace tl::gui {
namespace {

struct Group {
    SeriesStyle style;
    QVector<ChartPoint> points;
    bool failed = false;
};

// The series a drawn record belongs to, with its style.
std::pair<QString, SeriesStyle> seriesFor(const TimingsView& v, std::size_t i) {
    const TimingRecord& r = v.records[i];
    const RecordFacts& f = v.facts[i];
    const QColor grey = provenanceColour(Provenance::Interpreted);
    switch (f.provenance.kind) {
        case Provenance::Measured: {
            const QColor c = targetColour(v, r.target);
            const QString target = qs(r.target.value_or("target unknown"));
            if (f.provenance.unverified)
                return {target + QStringLiteral(" (unverified)"), {c, Marker::Circle}};
            return {target, {c, Marker::Disc}};
        }
        case Provenance::Interpreted:
            return {QStringLiteral("interpreted (CPU)"), {grey, Marker::Square, Stroke::None, 8}};
        case Provenance::Estimated:
            return {QStringLiteral("estimated"),
                    {provenanceColour(Provenance::Estimated), Marker::HollowDiamond}};
        case Provenance::Unmeasured:
            break;
    }
    if (f.planned)
        return {QStringLiteral("unmeasured: modelled bound"), {grey, Marker::HollowDiamond}};
    return {QStringLiteral("unmeasured: the file gives no source"), {grey, Marker::Circle}};
}

// The candidates to draw. The open spec's own configuration is drawn only until timings of
// the kernel arrive: its problem size is seldom the one timed, and would crowd the timed ones.
std::vector<std::size_t> shownCandidates(const TimingsView& v) {
    bool anyTimed = false;
    for (std::size_t i = 0; i < v.records.size(); ++i)
        anyTimed = anyTimed || (v.shown(i) && v.facts[i].is_candidate && !v.facts[i].planned);
    std::vector<std::size_t> candidates;
    for (std::size_t i = 0; i < v.records.size(); ++i)
        if (v.shown(i) && v.facts[i].is_candidate && !(anyTimed && v.facts[i].planned))
            candidates.push_back(i);
    return candidates;
}

// The series a candidate's point belongs to: by provenance, or on a chart of several kernels
// by kernel.
std::pair<QString, SeriesStyle> candidateSeriesFor(const TimingsView& v, std::size_t i,
                                                   const std::vector<std::string>& kernels,
                                                   const std::vector<std::string>& kernelNames,
                                                   bool byKernel) {
    auto [name, style] = seriesFor(v, i);
    if (!byKernel) return {name, style};
    // Every kernel its own hue and shape (24 of them) and legend entry; a hollow or grey marker
    // still says provenance.
    const TimingRecord& r = v.records[i];
    const RecordFacts& f = v.facts[i];
    const std::string& kernel = r.kernel.value_or(r.label);
    const auto k = std::size_t(std::find(kernels.begin(), kernels.end(), kernel) - kernels.begin());
    style.colour = seriesColour(k);
    if (f.provenance.kind == Provenance::Measured)
        style.marker = seriesMarker(k, f.provenance.unverified);
    QString suffix;
    if (f.provenance.kind != Provenance::Measured)
        suffix = QStringLiteral(" (") + name + QStringLiteral(")");
    else if (f.provenance.unverified)
        suffix = QStringLiteral(" (unverified)");
    return {qs(k < kernelNames.size() ? kernelNames[k] : kernel) + suffix, style};
}

// The candidates' points: a median with its range, a modelled bound for a planned one, a cross
// for a failed one. Appends each record drawn to `drawn`.
void addCandidatePoints(ChartWidget& chart, const TimingsView& v,
                        const std::vector<int>& categoryOf, const std::vector<std::string>& kernels,
                        const std::vector<std::string>& kernelNames, bool byKernel,
                        std::vector<std::size_t>& drawn) {
    std::vector<std::pair<QString, Group>> groups;  // in first-seen order, legend order
    const auto group = [&](const QString& name, const SeriesStyle& style) -> Group& {
        for (auto& [n, g] : groups)
            if (n == name) return g;
        groups.push_back({name, Group{style, {}, false}});
        return groups.back().second;
    };
    QVector<ChartPoint> failed;
    for (std::size_t i = 0; i < v.records.size(); ++i) {
        if (categoryOf[i] < 0) continue;
        const TimingRecord& r = v.records[i];
        const RecordFacts& f = v.facts[i];
        ChartPoint p;
        p.x = categoryOf[i];
        p.tooltip = recordTooltip(v, i);
        if (r.status == TimingStatus::Failed) {
            failed.push_back(p);
            drawn.push_back(i);
            continue;
        }
        if (f.planned) {
            if (!f.roofline) continue;
            p.y = f.roofline->roofline_s;  // the fastest the roof allows: a bound, not a time
        } else {
            if (!r.median_s) continue;
            p.y = *r.median_s;
            if (r.min_s && r.max_s) p.lo = *r.min_s, p.hi = *r.max_s;
        }
        const auto [name, style] = candidateSeriesFor(v, i, kernels, kernelNames, byKernel);
        group(name, style).points.push_back(p);
        drawn.push_back(i);
    }
    for (const auto& [name, g] : groups) chart.addSeries(name, g.style, g.points);
    if (!failed.isEmpty())
        chart.addFailed(QStringLiteral("failed (inf, OOM, invalid)"),
                        {QColor(), Marker::Cross, Stroke::None, 11}, failed);
}

// Why an empty chart is empty: no candidates, or candidates with neither a time nor a bound.
void noteEmptyCandidateChart(ChartWidget& chart, const TimingsView& v,
                             const std::vector<int>& categoryOf, bool noCategories,
                             bool nothingDrawn) {
    if (!noCategories && nothingDrawn) {
        std::string why;
        for (std::size_t i = 0; i < v.records.size() && why.empty(); ++i)
            if (categoryOf[i] >= 0) why = v.facts[i].roofline_note;
        chart.setNote(QStringLiteral("Nothing to draw yet: no timings, and no modelled bound (%1)")
                          .arg(qs(why.empty() ? "no FLOPs or bytes" : why)));
    }
    if (noCategories)
        chart.setNote(v.records.empty()
                          ? QStringLiteral("Import timing files: File \u25B8 Import timings, the "
                                           "Import button, or drop them here")
                          : QStringLiteral("No candidate timings of this kernel"));
}

}  // namespace

void showCandidates(ChartWidget& chart, const TimingsView& v) {
    chart.clear();
    chart.setAxes(QString(), ValueFormat::Plain,
                  QStringLiteral("time per run (median, min\u2013max)"), ValueFormat::Seconds);
    chart.setLogScale(Qt::Vertical, std::nullopt);
    const std::vector<std::size_t> shown = shownCandidates(v);
    // No candidate timed, but other impls: compare those, size by size (the open spec's
    // modelled bound would stand alone among them).
    const bool timed =
        std::any_of(shown.begin(), shown.end(), [&](std::size_t i) { return !v.facts[i].planned; });
    if (!timed && showImplComparison(chart, v)) return;
    const QString kernel = v.kernel.empty() ? QStringLiteral("all kernels") : qs(v.kernel);
    chart.setTitle(QStringLiteral("%1: candidates vs time").arg(kernel));

    const std::vector<std::string> kernels = shownKernels(v);
    const std::vector<std::string> kernelNames = distinct_abbreviations(kernels, kMaxLegendName);
    const bool byKernel = v.kernel.empty() && kernels.size() > 1;
    const CandidateCategories grouped =
        candidate_categories(v.records, shown, kMaxCandidateCategories, byKernel);
    std::vector<std::size_t> drawn;
    addCandidatePoints(chart, v, grouped.category_of, kernels, kernelNames, byKernel, drawn);
    const std::size_t otherProblems =
        addBaselineLevels(chart, v, grouped, kernels, kernelNames, byKernel, drawn);
    const QString lead =
        otherProblems == 0
            ? QString()
            : QStringLiteral("%1 baseline record(s) of problems no candidate times: not drawn")
                  .arg(otherProblems);
    setCategoryAxis(chart, v, grouped, byKernel, lead, QStringLiteral("problem: "),
                    QStringLiteral("candidates"));
    chart.setBadges(provenanceBadges(v, drawn));
    noteEmptyCandidateChart(chart, v, grouped.category_of, grouped.first_record.empty(),
                            drawn.empty());
    chart.replot();
}

}  // namespace tl::gui
