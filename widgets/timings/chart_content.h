#pragma once
// What a ChartWidget draws, kept apart from the plotting library's objects so the ranges can
// be fitted (and tested) from the description alone. Internal to ChartWidget's files.
#include <vector>

#include "widgets/timings/chart_widget.h"

class QCPTextElement;
class QCPLayoutGrid;

namespace tl::gui {

struct ChartWidget::Content {
    struct Series {
        QString name;
        SeriesKind kind = SeriesKind::Points;
        SeriesStyle style;
        QVector<ChartPoint> points;
    };

    QString titleText, subtitleText, noteText, xLabel, yLabel;
    ValueFormat xFormat = ValueFormat::Plain, yFormat = ValueFormat::Plain;
    QStringList categories, fullCategories;
    std::optional<bool> forcedLogX, forcedLogY;
    std::vector<Series> series;
    QVector<ChartBadge> badges;

    // Fitted by fit().
    ValueRange x, y;
    bool logX = false, logY = false;
    double failedY = 0;  // where failed points are drawn
    int valueTicks = 5;  // fewer on a short plot: see ChartWidget::build()

    // Layout elements owned by the plot.
    QCPTextElement* title = nullptr;
    QCPTextElement* subtitle = nullptr;
    QCPLayoutGrid* badgeRow = nullptr;
    QCPTextElement* legendMore = nullptr;
    int legendOverflow = 0;  // series left out of the legend for want of room

    // Chooses log or linear for each axis and fits the ranges to every value drawn.
    void fit();
};

}  // namespace tl::gui
