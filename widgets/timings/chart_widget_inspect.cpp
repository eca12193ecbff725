// ChartWidget's read side: what is drawn (for tests and export names) and hover tooltips.
#include <qcustomplot.h>

#include <QToolTip>
#include <algorithm>
#include <cmath>

#include "widgets/timings/chart_content.h"
#include "widgets/timings/chart_widget.h"

namespace tl::gui {

ValueRange ChartWidget::xRange() const {
    return content_->x;
}
ValueRange ChartWidget::yRange() const {
    return content_->y;
}
bool ChartWidget::isLog(Qt::Orientation axis) const {
    return axis == Qt::Horizontal ? content_->logX : content_->logY;
}
QStringList ChartWidget::categories() const {
    return content_->categories;
}
QStringList ChartWidget::fullCategories() const {
    return content_->fullCategories;
}
QString ChartWidget::title() const {
    return content_->titleText;
}
QString ChartWidget::subtitle() const {
    return content_->subtitleText;
}
QString ChartWidget::note() const {
    return content_->noteText;
}
QVector<ChartBadge> ChartWidget::badges() const {
    return content_->badges;
}

QStringList ChartWidget::seriesNames() const {
    QStringList names;
    for (const auto& s : content_->series) names << s.name;
    return names;
}

std::optional<ChartWidget::SeriesKind> ChartWidget::seriesKind(const QString& name) const {
    for (const auto& s : content_->series)
        if (s.name == name) return s.kind;
    return std::nullopt;
}

std::optional<SeriesStyle> ChartWidget::seriesStyle(const QString& name) const {
    for (const auto& s : content_->series)
        if (s.name == name) return s.style;
    return std::nullopt;
}

QVector<ChartPoint> ChartWidget::seriesPoints(const QString& name) const {
    for (const auto& s : content_->series) {
        if (s.name != name) continue;
        QVector<ChartPoint> points = s.points;
        if (s.kind == SeriesKind::Failed)
            for (auto& p : points) p.y = content_->failedY;
        return points;
    }
    return {};
}

QVector<double> ChartWidget::valueTicks() const {
    return plot_->yAxis->tickVector();
}

QPointF ChartWidget::toPixel(double x, double y) const {
    return {plot_->xAxis->coordToPixel(x), plot_->yAxis->coordToPixel(y)};
}

QString ChartWidget::tooltipAt(const QPoint& pos) const {
    constexpr double kReach = 9;  // pixels
    double best = kReach * kReach;
    QString text;
    const QCPAxis* x = plot_->xAxis;
    const QCPAxis* y = plot_->yAxis;
    for (const auto& s : content_->series) {
        for (const auto& p : s.points) {
            const double py =
                y->coordToPixel(s.kind == SeriesKind::Failed ? content_->failedY : p.y);
            double d2 = 0;
            if (s.kind == SeriesKind::HorizontalLine) {
                d2 = (py - pos.y()) * (py - pos.y());
            } else if (s.kind == SeriesKind::Steps) {
                // Anywhere along the stroke across the point's category.
                const double half = std::abs(x->coordToPixel(p.x + 0.5) - x->coordToPixel(p.x));
                const double dx = std::max(0.0, std::abs(x->coordToPixel(p.x) - pos.x()) - half);
                d2 = dx * dx + (py - pos.y()) * (py - pos.y());
            } else {
                const double px = x->coordToPixel(p.x);
                d2 = (px - pos.x()) * (px - pos.x()) + (py - pos.y()) * (py - pos.y());
            }
            if (d2 < best) {
                best = d2;
                text = p.tooltip.isEmpty() ? s.name : s.name + QStringLiteral("\n") + p.tooltip;
            }
        }
    }
    // Below the plot, over the category labels: the nearest label's full text.
    const QStringList& full = content_->fullCategories;
    if (text.isEmpty() && !full.isEmpty() && pos.y() > plot_->axisRect()->bottom()) {
        const int i = int(std::lround(x->pixelToCoord(pos.x())));
        if (i >= 0 && i < full.size()) text = full[i];
    }
    return text;
}

void ChartWidget::showTooltip(QMouseEvent* event) {
    const QString text = tooltipAt(event->pos());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, plot_);
}

}  // namespace tl::gui
