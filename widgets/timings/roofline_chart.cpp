#include "widgets/timings/roofline_chart.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include "core/base/format.h"
#include "core/target/roofline.h"
#include "core/timings/timings_summary.h"
#include "widgets/kit/qstring.h"
#include "widgets/timings/chart_widget.h"
#include "widgets/timings/timings_style.h"

namespace tl::gui {
namespace {

// The roof from well left of the lowest intensity to well right of the highest, through the
// ridge, so both the memory and the compute roof show.
QVector<ChartPoint> roofPoints(const RoofFigures& roof, double lo, double hi) {
    const double ridge = ridge_intensity(roof.peak_flops, roof.bandwidth);
    lo = std::min(lo, ridge) / 8;
    hi = std::max(hi, ridge) * 8;
    QVector<ChartPoint> points;
    for (double x : {lo, ridge, hi}) {
        ChartPoint p;
        p.x = x;
        p.y = attainable_flops(x, roof.peak_flops, roof.bandwidth);
        points.push_back(p);
    }
    return points;
}

}  // namespace

namespace {

// The series of record i and its FLOP rate in p.y: achieved when measured, else the modelled
// bound; nullopt for a failed record.
std::optional<std::pair<QString, SeriesStyle>> seriesOf(const TimingsView& v, std::size_t i,
                                                        const QColor& hue, ChartPoint& p) {
    const RecordFacts& f = v.facts[i];
    const QString impl = qs(v.records[i].impl.value_or("?"));
    if (!f.roofline->achieved_flops) {
        if (v.records[i].status != TimingStatus::Ok) return std::nullopt;
        p.y = f.roofline->attainable_flops;  // unmeasured: only the bound is known
        return std::pair{
            QStringLiteral("unmeasured: modelled bound"),
            SeriesStyle{provenanceColour(Provenance::Unmeasured), Marker::HollowDiamond}};
    }
    p.y = *f.roofline->achieved_flops;
    const QColor colour = f.is_candidate ? hue : QColor();
    if (f.provenance.kind == Provenance::Measured && !f.provenance.unverified)
        return std::pair{QString(impl + QStringLiteral(" (measured)")),
                         SeriesStyle{colour, f.is_candidate ? Marker::Disc : Marker::Square}};
    if (f.provenance.kind == Provenance::Measured)
        return std::pair{QString(impl + QStringLiteral(" (unverified)")),
                         SeriesStyle{colour, f.is_candidate ? Marker::Circle : Marker::Square}};
    return std::pair{QString(impl + QStringLiteral(" (") + qs(badge_text(f.provenance)) + u')'),
                     SeriesStyle{provenanceColour(f.provenance.kind), Marker::HollowDiamond}};
}

}  // namespace

void showRoofline(ChartWidget& chart, const TimingsView& v) {
    chart.clear();
    chart.setAxes(QStringLiteral("arithmetic intensity (FLOP per HBM byte)"),
                  ValueFormat::Intensity, QStringLiteral("FLOP/s"), ValueFormat::FlopRate);
    chart.setLogScale(Qt::Horizontal, true);
    chart.setLogScale(Qt::Vertical, true);
    const QString target = qs(v.roofline_target);
    if (!v.roof) {
        chart.setTitle(target.isEmpty() ? QStringLiteral("Roofline")
                                        : QStringLiteral("Roofline on %1").arg(target));
        chart.setNote(target.isEmpty()
                          ? QStringLiteral("No target: import timings or open a spec with a target")
                          : QStringLiteral("No roof for %1: the profile lacks a peak or bandwidth "
                                           "figure (set target_overrides in the spec)")
                                .arg(target));
        chart.replot();
        return;
    }
    const RoofFigures& roof = *v.roof;
    chart.setTitle(QStringLiteral("Roofline on %1 \u00B7 %2").arg(target, qs(roof.dtype)));
    chart.setSubtitle(
        QStringLiteral("peak %1 \u00B7 HBM %2 \u00B7 %3")
            .arg(qs(format_si(roof.peak_flops, "FLOP/s")), qs(format_si(roof.bandwidth, "B/s")),
                 roof.overridden ? QStringLiteral("figures from the spec's overrides")
                                 : QStringLiteral("datasheet figures, not measured")));

    struct Group {
        QString name;
        SeriesStyle style;
        QVector<ChartPoint> points;
    };
    std::vector<Group> groups;
    const auto add = [&](const QString& name, const SeriesStyle& style, const ChartPoint& p) {
        for (auto& g : groups)
            if (g.name == name) return g.points.push_back(p);
        groups.push_back({name, style, {p}});
    };
    std::vector<std::size_t> drawn;
    double lo = INFINITY, hi = 0;
    const QColor hue = targetColour(v, v.roofline_target);
    for (std::size_t i = 0; i < v.records.size(); ++i) {
        const RecordFacts& f = v.facts[i];
        if (!v.shown(i) || !f.roofline || !f.roof || f.roof->target != v.roofline_target) continue;
        if (!std::isfinite(f.roofline->intensity)) continue;  // no bytes: off the chart
        ChartPoint p;
        p.x = f.roofline->intensity;
        p.tooltip = recordTooltip(v, i);
        const auto series = seriesOf(v, i, hue, p);
        if (!series) continue;
        add(series->first, series->second, p);
        lo = std::min(lo, p.x);
        hi = std::max(hi, p.x);
        drawn.push_back(i);
    }
    if (drawn.empty()) {
        lo = hi = ridge_intensity(roof.peak_flops, roof.bandwidth);
        chart.setNote(
            QStringLiteral("No FLOPs and bytes for these timings: open the spec they "
                           "time, or give flops and bytes in the file"));
    }
    QVector<ChartPoint> line = roofPoints(roof, lo, hi);
    line[1].tooltip = QStringLiteral("ridge at %1").arg(qs(format_intensity(line[1].x)));
    chart.addLine(QStringLiteral("roof = min(peak, intensity \u00D7 bandwidth)"),
                  {QColor(), Marker::None, Stroke::Solid}, line);
    for (const auto& g : groups) chart.addSeries(g.name, g.style, g.points);
    chart.setBadges(provenanceBadges(v, drawn));
    chart.replot();
}

}  // namespace tl::gui
