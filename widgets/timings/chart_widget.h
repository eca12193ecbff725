#pragma once
// TileLens's chart widget: series with min-max bars, lines, failed markers, provenance
// badges, a title, unit-aware axes that turn logarithmic when the data span is wide, hover
// tooltips, and export to PNG, SVG and PDF. The plotting library stays behind this class:
// callers describe what to draw, never how.
#include <QColor>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QVector>
#include <QWidget>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>

#include "widgets/timings/chart_scale.h"

class QCustomPlot;
class QMouseEvent;

namespace tl::gui {

enum class ValueFormat { Plain, Seconds, FlopRate, Intensity };
enum class Marker {
    None,
    Disc,
    Circle,
    Cross,
    Diamond,
    HollowDiamond,
    Square,
    Triangle,
    HollowTriangle,
    TriangleDown,
    HollowTriangleDown
};
enum class Stroke { None, Solid, Dashed, Dotted, DashDot, DashDotDot };

// A series of points is joined by a line when `line` is set.
struct SeriesStyle {
    QColor colour;
    Marker marker = Marker::Disc;
    Stroke line = Stroke::None;
    double size = 9;  // marker size in pixels
    friend bool operator==(const SeriesStyle&, const SeriesStyle&) = default;
};

struct ChartPoint {
    double x = 0, y = 0;
    double lo = std::numeric_limits<double>::quiet_NaN();  // bar from lo to hi, when both set
    double hi = std::numeric_limits<double>::quiet_NaN();
    QString tooltip;
    bool hasBar() const { return !std::isnan(lo) && !std::isnan(hi); }
};

struct ChartBadge {
    QString text;
    QColor colour;
    QString tooltip;
};

class ChartWidget : public QWidget {
    Q_OBJECT
public:
    enum class Format { Png, Svg, Pdf };
    enum class SeriesKind { Points, Line, HorizontalLine, Steps, Failed };

    explicit ChartWidget(QWidget* parent = nullptr);
    ~ChartWidget() override;

    // Removes every series, line, badge, category and note; keeps title and axes.
    void clear();
    void setTitle(const QString& title);
    void setAxes(const QString& xLabel, ValueFormat xFormat, const QString& yLabel,
                 ValueFormat yFormat);
    // A categorical x axis: point i sits at x = i. Empty: a numeric x axis. `fullLabels`, when
    // given, are what a hover over a (shortened) label shows.
    void setCategories(const QStringList& labels, const QStringList& fullLabels = {});
    // A caption under the title (e.g. the problem size shared by every candidate).
    void setSubtitle(const QString& subtitle);
    // Unset: logarithmic when the data span is wide (wants_log_scale). Categories are never log.
    void setLogScale(Qt::Orientation axis, std::optional<bool> forced);

    // Markers, with a min-max bar where a point has lo and hi.
    void addSeries(const QString& name, const SeriesStyle& style,
                   const QVector<ChartPoint>& points);
    // A polyline through `points` (a roof).
    void addLine(const QString& name, const SeriesStyle& style, const QVector<ChartPoint>& points);
    // A line across the whole x range at `y` (a baseline).
    void addHorizontalLine(const QString& name, const SeriesStyle& style, double y,
                           const QString& tooltip);
    // A level over each category: point i a horizontal stroke across category x at y, joined
    // to the next category's (a baseline measured at several problem sizes).
    void addSteps(const QString& name, const SeriesStyle& style, const QVector<ChartPoint>& points);
    // Points without a value, drawn in a band above the data at the given x positions.
    void addFailed(const QString& name, const SeriesStyle& style,
                   const QVector<ChartPoint>& points);
    void setBadges(const QVector<ChartBadge>& badges);
    // A message drawn across the plot, e.g. why there is nothing to show.
    void setNote(const QString& note);

    // Fits the axes to the data and draws. Call after describing the content.
    void replot();

    // What is drawn (valid after replot()), for tests and tooltips.
    ValueRange xRange() const;
    ValueRange yRange() const;
    bool isLog(Qt::Orientation axis) const;
    QStringList seriesNames() const;
    // The points of a series as drawn: failed points carry their drawn y; a horizontal line
    // gives one point at its y.
    QVector<ChartPoint> seriesPoints(const QString& name) const;
    std::optional<SeriesKind> seriesKind(const QString& name) const;
    std::optional<SeriesStyle> seriesStyle(const QString& name) const;
    // The legend's entries as drawn, and how many series did not fit in it (a short chart with
    // many series lists the first ones and says how many more there are).
    QStringList legendEntries() const;
    int legendOverflow() const;
    QStringList categories() const;
    QStringList fullCategories() const;  // the labels' full texts (the labels when none given)
    QString title() const;
    QString subtitle() const;
    QString note() const;
    QVector<ChartBadge> badges() const;
    // The value axis's label as drawn: shortened, or empty, when the plot is too low for it.
    QString valueAxisLabel() const;
    // The labelled value-axis ticks as drawn, in data units.
    QVector<double> valueTicks() const;
    // Where data coordinates (x, y) are drawn, in widget pixels.
    QPointF toPixel(double x, double y) const;
    // The tooltip of the point nearest `pos` (widget pixels) within a few pixels, or "".
    QString tooltipAt(const QPoint& pos) const;

    // Writes the chart at `size` (the widget's size when empty). PNG is rendered at twice
    // the resolution; SVG and PDF are vector. Written atomically; false with `error` set.
    bool exportTo(const QString& path, Format format, QString* error, QSize size = {}) const;
    static std::optional<Format> formatForPath(const QString& path);
    // Asks `parent`'s user for a file name and writes the chart there (PNG, SVG or PDF by the
    // name's suffix, else by the chosen filter); a failure is shown in a message box.
    void exportWithDialog(QWidget* parent);

signals:
    // A double click on the chart (the Timings tab opens it in a window of its own).
    void doubleClicked();

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    struct Content;
    void build();
    void buildAxes();
    void buildSeries();
    void applyTheme();
    void applyCategoryLabels();
    // Lays the legend out for `size` (the screen's, or an export's): const as exportTo() is.
    void fitLegend(QSize size) const;
    void showTooltip(QMouseEvent* event);

    QCustomPlot* plot_;
    std::unique_ptr<Content> content_;
};

}  // namespace tl::gui
