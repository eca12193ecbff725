#pragma once
// The Timings tab's colours and badges, one set for charts, table and panel (docs/timings.md,
// "Colours and marks": Okabe-Ito hues, shapes as well as colours so greyscale still reads).
#include <QColor>
#include <QString>
#include <QVector>
#include <string>
#include <vector>

#include "core/timings/provenance.h"
#include "widgets/timings/chart_widget.h"

namespace tl {
struct TimingsView;
}  // namespace tl

namespace tl::gui {

// The Okabe-Ito hue of series `index` (they repeat after six).
QColor seriesColour(std::size_t index);

// Series `index`'s marker (disc, triangle, triangle down), hollow for unverified measurements:
// next series differ in shape as well as hue, and hue and shape together tell 18 series apart.
Marker seriesMarker(std::size_t index, bool hollow);

// The dash of baseline impl `index` (dashed, dotted, dash-dot, dash-dot-dot): two baselines in
// one hue are still two lines.
Stroke baselineStroke(std::size_t index);

// One hue per measured target of `view`, in the order they are listed; the next hue for a
// record that names no target.
QColor targetColour(const TimingsView& view, const std::optional<std::string>& target);
QColor provenanceColour(Provenance p);

// Badges for the records `indices` of `view`: one per provenance drawn, plus warnings for
// unverified and failed records.
QVector<ChartBadge> provenanceBadges(const TimingsView& view,
                                     const std::vector<std::size_t>& indices);

// "file.csv:12" (the file's name only; empty when the record has no file).
QString recordLocation(const std::string& file, int line);

// A multi-line description of record `i` for tooltips: name, times, runs, method,
// provenance, where it came from, and why the decision leaves it out.
QString recordTooltip(const TimingsView& view, std::size_t i);

}  // namespace tl::gui
