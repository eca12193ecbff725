#include "widgets/timings/timings_style.h"

#include <QFileInfo>
#include <QStringList>
#include <algorithm>
#include <map>
#include <set>

#include "core/base/format.h"
#include "core/timings/decision.h"
#include "core/timings/timings_summary.h"
#include "widgets/kit/palette.h"
#include "widgets/kit/qstring.h"
#include "widgets/timings/chart_scale.h"

namespace tl::gui {

QColor seriesColour(std::size_t index) {
    using namespace okabe_ito;
    static constexpr QRgb hues[] = {kBlue,          kVermillion, kBluishGreen,
                                    kReddishPurple, kSkyBlue,    kOrange};
    return QColor(hues[index % std::size(hues)]);
}

Marker seriesMarker(std::size_t index, bool hollow) {
    // Squares are interpreted figures and diamonds modelled ones (docs/timings.md, "Colours and
    // marks"): measured series turn between discs and triangles.
    static constexpr Marker filled[] = {Marker::Disc, Marker::Triangle, Marker::TriangleDown};
    static constexpr Marker open[] = {Marker::Circle, Marker::HollowTriangle,
                                      Marker::HollowTriangleDown};
    // The shape turns with each series and once more with each round of hues: two series share
    // a hue only six apart, and then not a shape.
    const std::size_t shape = (index + index / 6) % std::size(filled);
    return hollow ? open[shape] : filled[shape];
}

Stroke baselineStroke(std::size_t index) {
    static constexpr Stroke dashes[] = {Stroke::Dashed, Stroke::Dotted, Stroke::DashDot,
                                        Stroke::DashDotDot};
    return dashes[index % std::size(dashes)];
}

QColor targetColour(const TimingsView& view, const std::optional<std::string>& target) {
    const auto& known = view.measured_targets;
    const auto it = target ? std::find(known.begin(), known.end(), *target) : known.end();
    return seriesColour(static_cast<std::size_t>(it - known.begin()));
}

QColor provenanceColour(Provenance p) {
    switch (p) {
        case Provenance::Measured:
            return QColor(okabe_ito::kBluishGreen);
        case Provenance::Estimated:
            return QColor(okabe_ito::kReddishPurple);
        case Provenance::Interpreted:
        case Provenance::Unmeasured:
            break;
    }
    return QColor(0x8C, 0x8C, 0x8C);
}

QVector<ChartBadge> provenanceBadges(const TimingsView& view,
                                     const std::vector<std::size_t>& indices) {
    // One badge per kind, in a fixed order; a measured one lists its targets.
    std::map<Provenance, std::set<std::string>> kinds;
    int unverified = 0, failed = 0;
    for (std::size_t i : indices) {
        const ProvenanceInfo& p = view.facts[i].provenance;
        auto& targets = kinds[p.kind];
        if (p.kind == Provenance::Measured) targets.insert(p.target.value_or("target unknown"));
        unverified += p.unverified ? 1 : 0;
        failed += view.records[i].status == TimingStatus::Failed ? 1 : 0;
    }
    QVector<ChartBadge> out;
    for (const auto& [kind, targets] : kinds) {
        ChartBadge b;
        ProvenanceInfo info;
        info.kind = kind;
        std::string text = badge_text(info);
        if (kind == Provenance::Measured) {
            std::string list;
            for (const auto& t : targets) list += (list.empty() ? "" : ", ") + t;
            text = "measured (" + list + ")";
        }
        b.text = QStringLiteral("\u25CF ") + qs(text);
        b.colour = provenanceColour(kind);
        b.tooltip = qs(badge_explanation(info));
        out.push_back(b);
    }
    if (unverified > 0)
        out.push_back({QStringLiteral("\u26A0 %1 unverified").arg(unverified), warningColour(),
                       QStringLiteral("the output was not checked on the target: "
                                      "excluded from the decision")});
    if (failed > 0)
        out.push_back({QStringLiteral("\u2715 %1 failed").arg(failed), errorColour(),
                       QStringLiteral("inf, out of memory or invalid: drawn above the times")});
    return out;
}

QString recordLocation(const std::string& file, int line) {
    if (file.empty()) return {};
    const QString name = QFileInfo(qs(file)).fileName();
    return line > 0 ? QStringLiteral("%1:%2").arg(name).arg(line) : name;
}

QString recordTooltip(const TimingsView& view, std::size_t i) {
    const TimingRecord& r = view.records[i];
    const RecordFacts& f = view.facts[i];
    QStringList lines;
    const std::string params = params_text(r.params);
    lines << qs(r.impl.value_or("?") + ": " + (params.empty() ? r.label : params));
    if (r.status == TimingStatus::Failed) {
        lines << QStringLiteral("failed: no time (inf, out of memory or invalid)");
    } else if (r.median_s) {
        QString t = QStringLiteral("median %1").arg(qs(format_seconds(*r.median_s)));
        if (r.min_s && r.max_s)
            t += QStringLiteral(", min %1, max %2")
                     .arg(qs(format_seconds(*r.min_s)), qs(format_seconds(*r.max_s)));
        lines << t;
    }
    if (r.n)
        lines
            << QStringLiteral("%1 run(s), %2").arg(*r.n).arg(qs(std::string(to_string(r.method))));
    lines << qs(badge_explanation(f.provenance));
    if (f.roofline) {
        lines << QStringLiteral("intensity %1; roof %2")
                     .arg(qs(format_intensity(f.roofline->intensity)),
                          qs(format_si(f.roofline->attainable_flops, "FLOP/s")));
        if (f.roofline->achieved_flops)
            lines << QStringLiteral("achieved %1 = %2 of the roof")
                         .arg(qs(format_si(*f.roofline->achieved_flops, "FLOP/s")),
                              qs(format_percent(*f.roofline->fraction_of_roof)));
        else
            lines << QStringLiteral("modelled bound %1")
                         .arg(qs(format_seconds(f.roofline->roofline_s)));
    }
    if (f.excluded) lines << QStringLiteral("not in the decision: ") + qs(*f.excluded);
    const QString where = recordLocation(r.file, r.line);
    if (!where.isEmpty()) lines << where;
    return lines.join(QLatin1Char('\n'));
}

}  // namespace tl::gui
