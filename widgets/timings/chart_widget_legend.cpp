// ChartWidget's legend: as many columns as the width holds, and no more rows than a share of
// the height, so that a chart of twenty series keeps its plot; what does not fit is counted
// under the legend, and hovering a mark still names its series.
#include <qcustomplot.h>

#include <algorithm>

#include "widgets/timings/chart_content.h"
#include "widgets/timings/chart_widget.h"

namespace tl::gui {
namespace {

// The legend may take this share of the chart's height; the plot keeps the rest.
constexpr double kLegendHeightShare = 0.25;

}  // namespace

void ChartWidget::fitLegend(QSize size) const {
    Content& c = *content_;
    QCPLegend* legend = plot_->legend;
    legend->clearItems();
    const int n = plot_->graphCount();
    for (int i = 0; i < n; ++i) plot_->graph(i)->addToLegend(legend);
    QSize entry(1, 1);
    for (int i = 0; i < legend->itemCount(); ++i)  // a cell of the legend's grid may be empty
        if (const QCPAbstractLegendItem* item = legend->item(i))
            entry = entry.expandedTo(item->minimumOuterSizeHint());
    const int columns = std::clamp((size.width() - 24) / (entry.width() + legend->columnSpacing()),
                                   1, std::max(n, 1));
    const int rowHeight = entry.height() + legend->rowSpacing();
    const int rowsWanted = (n + columns - 1) / columns;
    int rowsRoom = std::max(1, int(size.height() * kLegendHeightShare) / std::max(rowHeight, 1));
    if (rowsWanted > rowsRoom) rowsRoom = std::max(1, rowsRoom - 1);  // the count takes a row
    const int kept = std::min(n, rowsRoom * columns);
    legend->clearItems();
    legend->setWrap(columns);
    for (int i = 0; i < kept; ++i) plot_->graph(i)->addToLegend(legend);
    c.legendOverflow = n - kept;
    c.legendMore->setText(
        c.legendOverflow > 0
            ? tr("+ %n more series: hover a mark for its name; a larger chart lists all", nullptr,
                 c.legendOverflow)
            : QString());
    c.legendMore->setVisible(c.legendOverflow > 0);
}

QStringList ChartWidget::legendEntries() const {
    QStringList names;
    for (int i = 0; i < plot_->legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot_->legend->item(i)))
            names << item->plottable()->name();
    return names;
}

int ChartWidget::legendOverflow() const {
    return content_->legendOverflow;
}

}  // namespace tl::gui
