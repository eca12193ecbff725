#include "widgets/timings/chart_widget.h"

#include <qcustomplot.h>

#include <QEvent>
#include <QFontMetrics>
#include <QVBoxLayout>
#include <algorithm>

#include "core/base/format.h"
#include "core/timings/decision.h"
#include "widgets/kit/qstring.h"
#include "widgets/timings/chart_content.h"
#include "widgets/timings/chart_tickers.h"

namespace tl::gui {
namespace {

// A rotated axis label that fits the plot's height: the whole label, then without its
// parenthesis ("time per run"), then its first word; none when even that does not fit (a
// short dock), rather than a label cut at both ends over the title.
QString fittedAxisLabel(const QString& label, const QFont& font, int room) {
    const QFontMetrics fm(font);
    const qsizetype paren = label.indexOf(QStringLiteral(" ("));
    const QString shorter = paren > 0 ? label.left(paren) : label;
    for (const QString& l : {label, shorter, shorter.section(u' ', 0, 0)})
        if (fm.horizontalAdvance(l) <= room) return l;
    return {};
}

constexpr int kPixelsPerValueTick = 32;
// A category label cut to less than this would say nothing: it turns upright instead.
constexpr int kMinLabelSlot = 70;

QString formatValue(ValueFormat f, double v) {
    switch (f) {
        case ValueFormat::Seconds:
            return qs(format_seconds_short(v));
        case ValueFormat::FlopRate:
            return qs(format_si(v, "FLOP/s"));
        case ValueFormat::Intensity:
            return qs(format_si(v, ""));  // the unit is in the axis label
        case ValueFormat::Plain:
            break;
    }
    return QString::number(v, 'g', 4);
}

QCPScatterStyle::ScatterShape shapeOf(Marker m) {
    switch (m) {
        case Marker::None:
            return QCPScatterStyle::ssNone;
        case Marker::Disc:
            return QCPScatterStyle::ssDisc;
        case Marker::Circle:
            return QCPScatterStyle::ssCircle;
        case Marker::Cross:
            return QCPScatterStyle::ssCross;
        case Marker::Diamond:
        case Marker::HollowDiamond:
            return QCPScatterStyle::ssDiamond;
        case Marker::Square:
            return QCPScatterStyle::ssSquare;
        case Marker::Triangle:
        case Marker::HollowTriangle:
            return QCPScatterStyle::ssTriangle;
        case Marker::TriangleDown:
        case Marker::HollowTriangleDown:
            return QCPScatterStyle::ssTriangleInverted;
    }
    return QCPScatterStyle::ssNone;
}

bool filled(Marker m) {
    return m == Marker::Disc || m == Marker::Diamond || m == Marker::Square ||
           m == Marker::Triangle || m == Marker::TriangleDown;
}

Qt::PenStyle penStyle(Stroke s) {
    switch (s) {
        case Stroke::None:
            return Qt::NoPen;
        case Stroke::Solid:
            return Qt::SolidLine;
        case Stroke::Dashed:
            return Qt::DashLine;
        case Stroke::Dotted:
            return Qt::DotLine;
        case Stroke::DashDot:
            return Qt::DashDotLine;
        case Stroke::DashDotDot:
            return Qt::DashDotDotLine;
    }
    return Qt::NoPen;
}

// The polyline of a Steps series: each point a stroke across its category, joined to the next
// category's by a riser, broken (NaN) where the categories between them have no level.
void stepPolyline(const QVector<ChartPoint>& points, QVector<double>& xs, QVector<double>& ys) {
    for (qsizetype i = 0; i < points.size(); ++i) {
        const ChartPoint& p = points[i];
        if (i > 0 && p.x - points[i - 1].x > 1.5) {
            xs << (p.x + points[i - 1].x) / 2;
            ys << std::numeric_limits<double>::quiet_NaN();
        }
        xs << p.x - 0.5 << p.x + 0.5;
        ys << p.y << p.y;
    }
}

// Min-max bars on `graph`'s points (in its order), where a point has them.
void addErrorBars(QCPGraph* graph, const QVector<ChartPoint>& points, const QColor& colour) {
    bool anyBar = false;
    QVector<double> minus, plus;
    for (const auto& p : points) {
        anyBar = anyBar || p.hasBar();
        minus.push_back(p.hasBar() ? p.y - p.lo : 0);
        plus.push_back(p.hasBar() ? p.hi - p.y : 0);
    }
    if (!anyBar) return;
    auto* bars = new QCPErrorBars(graph->keyAxis(), graph->valueAxis());
    bars->removeFromLegend();
    bars->setDataPlottable(graph);
    bars->setData(minus, plus);
    bars->setPen(QPen(colour, 1.4));
    bars->setWhiskerWidth(10);
}

// `text` broken at spaces into lines no wider than `width` pixels.
QString wrapped(const QString& text, const QFontMetrics& metrics, int width) {
    QStringList lines;
    QString line;
    for (const QString& word : text.split(QLatin1Char(' '))) {
        const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
        if (!line.isEmpty() && metrics.horizontalAdvance(longer) > width) {
            lines << line;
            line = word;
        } else {
            line = longer;
        }
    }
    lines << line;
    return lines.join(QLatin1Char('\n'));
}

}  // namespace

ChartWidget::ChartWidget(QWidget* parent)
    : QWidget(parent), plot_(new QCustomPlot(this)), content_(std::make_unique<Content>()) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(plot_);
    setMinimumSize(320, 180);

    QCPLayoutGrid* grid = plot_->plotLayout();
    grid->insertRow(0);  // title
    grid->insertRow(1);  // subtitle
    grid->insertRow(2);  // badges
    QFont titleFont = font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.25);
    titleFont.setBold(true);
    content_->title = new QCPTextElement(plot_, QString(), titleFont);
    content_->subtitle = new QCPTextElement(plot_, QString(), font());
    content_->badgeRow = new QCPLayoutGrid;
    content_->badgeRow->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    content_->badgeRow->setWrap(3);
    content_->badgeRow->setColumnSpacing(14);
    grid->addElement(0, 0, content_->title);
    grid->addElement(1, 0, content_->subtitle);
    grid->addElement(2, 0, content_->badgeRow);
    // The legend goes under the plot, in columns, so the data keeps the full width.
    // An empty legend would cap the column's width at its own, so it shares its row with a
    // spacer that can take any width.
    plot_->axisRect()->insetLayout()->take(plot_->legend);
    auto* legendRow = new QCPLayoutGrid;
    grid->addElement(4, 0, legendRow);
    legendRow->addElement(0, 0, plot_->legend);
    legendRow->addElement(0, 1, new QCPLayoutElement(plot_));
    legendRow->setColumnStretchFactor(1, 0.001);
    plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    plot_->legend->setWrap(3);
    plot_->legend->setVisible(plot_->graphCount() > 0);
    // Under the legend: how many series it had no room for.
    content_->legendMore = new QCPTextElement(plot_, QString(), font());
    grid->addElement(5, 0, content_->legendMore);
    content_->legendMore->setVisible(false);
    for (int row : {0, 1, 2, 4, 5}) grid->setRowStretchFactor(row, 0.001);
    grid->setRowSpacing(2);

    plot_->setMouseTracking(true);
    connect(plot_, &QCustomPlot::mouseMove, this, &ChartWidget::showTooltip);
    connect(plot_, &QCustomPlot::mouseDoubleClick, this, &ChartWidget::doubleClicked);
    applyTheme();
}

ChartWidget::~ChartWidget() = default;

void ChartWidget::clear() {
    content_->series.clear();
    content_->badges.clear();
    content_->categories.clear();
    content_->fullCategories.clear();
    content_->subtitleText.clear();
    content_->noteText.clear();
}

void ChartWidget::setTitle(const QString& title) {
    content_->titleText = title;
}

void ChartWidget::setSubtitle(const QString& subtitle) {
    content_->subtitleText = subtitle;
}

void ChartWidget::setAxes(const QString& xLabel, ValueFormat xFormat, const QString& yLabel,
                          ValueFormat yFormat) {
    content_->xLabel = xLabel;
    content_->yLabel = yLabel;
    content_->xFormat = xFormat;
    content_->yFormat = yFormat;
}

void ChartWidget::setCategories(const QStringList& labels, const QStringList& fullLabels) {
    content_->categories = labels;
    content_->fullCategories = fullLabels.size() == labels.size() ? fullLabels : labels;
}

void ChartWidget::setLogScale(Qt::Orientation axis, std::optional<bool> forced) {
    (axis == Qt::Horizontal ? content_->forcedLogX : content_->forcedLogY) = forced;
}

void ChartWidget::addSeries(const QString& name, const SeriesStyle& style,
                            const QVector<ChartPoint>& points) {
    content_->series.push_back({name, SeriesKind::Points, style, points});
}

void ChartWidget::addLine(const QString& name, const SeriesStyle& style,
                          const QVector<ChartPoint>& points) {
    content_->series.push_back({name, SeriesKind::Line, style, points});
}

void ChartWidget::addHorizontalLine(const QString& name, const SeriesStyle& style, double y,
                                    const QString& tooltip) {
    ChartPoint p;
    p.y = y;
    p.tooltip = tooltip;
    content_->series.push_back({name, SeriesKind::HorizontalLine, style, {p}});
}

void ChartWidget::addSteps(const QString& name, const SeriesStyle& style,
                           const QVector<ChartPoint>& points) {
    QVector<ChartPoint> sorted = points;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const ChartPoint& a, const ChartPoint& b) { return a.x < b.x; });
    content_->series.push_back({name, SeriesKind::Steps, style, sorted});
}

void ChartWidget::addFailed(const QString& name, const SeriesStyle& style,
                            const QVector<ChartPoint>& points) {
    content_->series.push_back({name, SeriesKind::Failed, style, points});
}

void ChartWidget::setBadges(const QVector<ChartBadge>& badges) {
    content_->badges = badges;
}

void ChartWidget::setNote(const QString& note) {
    content_->noteText = note;
}

void ChartWidget::replot() {
    content_->fit();
    build();
}

void ChartWidget::build() {
    Content& c = *content_;
    plot_->clearPlottables();
    plot_->clearItems();
    c.title->setText(c.titleText);
    c.subtitle->setText(c.subtitleText);
    c.subtitle->setVisible(!c.subtitleText.isEmpty());
    c.badgeRow->clear();
    for (const auto& badge : c.badges) {
        auto* el = new QCPTextElement(plot_, badge.text, font());
        el->setTextColor(badge.colour);
        c.badgeRow->addElement(el);
    }
    // An empty grid would cap the plot's width at zero: keep one blank element in it.
    if (c.badges.isEmpty()) c.badgeRow->addElement(new QCPTextElement(plot_, QString(), font()));

    buildAxes();

    const QColor fg = palette().color(QPalette::Text);
    buildSeries();
    const QColor bg = palette().color(QPalette::Base);
    if (!c.noteText.isEmpty()) {
        auto* note = new QCPItemText(plot_);
        note->position->setType(QCPItemPosition::ptAxisRectRatio);
        note->position->setCoords(0.5, 0.5);
        note->setText(wrapped(c.noteText, QFontMetrics(font()), std::max(240, width() * 3 / 4)));
        note->setColor(fg);
        note->setBrush(QBrush(bg));
        note->setPen(QPen(palette().color(QPalette::Mid)));
        note->setPadding(QMargins(8, 6, 8, 6));
        note->setClipToAxisRect(false);
    }
    plot_->legend->setVisible(plot_->graphCount() > 0);
    fitLegend(size());
    applyTheme();
    plot_->replot();
    // A short plot (a low dock) gets fewer value ticks, so their labels never overlap; the
    // plot's height is known only once laid out, hence a second pass when it changes them.
    // A log axis labels each decade it can fit; a linear one needs no more than five labels.
    const int ticks =
        std::clamp(plot_->axisRect()->height() / kPixelsPerValueTick, 2, c.logY ? 12 : 5);
    if (ticks != c.valueTicks) {
        c.valueTicks = ticks;
        plot_->yAxis->ticker()->setTickCount(ticks);
        plot_->replot();
    }
}

// Scales, tickers, labels and ranges of both axes.
void ChartWidget::buildAxes() {
    const Content& c = *content_;
    QCPAxis* x = plot_->xAxis;
    QCPAxis* y = plot_->yAxis;
    const ValueFormat xf = c.xFormat, yf = c.yFormat;
    if (!c.categories.isEmpty()) {
        x->setScaleType(QCPAxis::stLinear);
        applyCategoryLabels();
    } else if (c.logX) {
        x->setScaleType(QCPAxis::stLogarithmic);
        x->setTicker(QSharedPointer<FormattedLogTicker>::create(
            [xf](double v) { return formatValue(xf, v); }));
        x->setTickLabelRotation(0);
    } else {
        x->setScaleType(QCPAxis::stLinear);
        x->setTicker(
            QSharedPointer<FormattedTicker>::create([xf](double v) { return formatValue(xf, v); }));
        x->setTickLabelRotation(0);
    }
    y->setScaleType(c.logY ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (c.logY)
        y->setTicker(QSharedPointer<FormattedLogTicker>::create(
            [yf](double v) { return formatValue(yf, v); }));
    else
        y->setTicker(
            QSharedPointer<FormattedTicker>::create([yf](double v) { return formatValue(yf, v); }));
    y->ticker()->setTickCount(c.valueTicks);
    x->setLabel(c.xLabel);
    y->setLabel(fittedAxisLabel(c.yLabel, y->labelFont(), plot_->height() - 110));
    x->setRange(c.x.lo, c.x.hi);
    y->setRange(c.y.lo, c.y.hi);
}

// One graph per series, with error bars where points have a min-max range.
void ChartWidget::buildSeries() {
    const Content& c = *content_;
    QCPAxis* x = plot_->xAxis;
    QCPAxis* y = plot_->yAxis;
    const QColor fg = palette().color(QPalette::Text);
    const QColor bg = palette().color(QPalette::Base);
    for (const auto& s : c.series) {
        const QColor colour = s.style.colour.isValid() ? s.style.colour : fg;
        auto* graph = plot_->addGraph(x, y);
        graph->setName(s.name);
        // Points in x order, as the graph keeps them, so that each bar stays with its point.
        QVector<ChartPoint> points = s.points;
        if (s.kind == SeriesKind::Points)
            std::stable_sort(points.begin(), points.end(),
                             [](const ChartPoint& a, const ChartPoint& b) { return a.x < b.x; });
        QVector<double> xs, ys;
        if (s.kind == SeriesKind::HorizontalLine) {
            xs = {c.x.lo, c.x.hi};
            ys = {points.front().y, points.front().y};
        } else if (s.kind == SeriesKind::Steps) {
            stepPolyline(points, xs, ys);
        } else {
            for (const auto& p : points) {
                xs.push_back(p.x);
                ys.push_back(s.kind == SeriesKind::Failed ? c.failedY : p.y);
            }
        }
        // In the order given: a step's riser has two points at one x.
        graph->setData(xs, ys, s.kind == SeriesKind::Steps);
        const bool line = s.kind == SeriesKind::Line || s.kind == SeriesKind::HorizontalLine ||
                          s.kind == SeriesKind::Steps || s.style.line != Stroke::None;
        graph->setLineStyle(line ? QCPGraph::lsLine : QCPGraph::lsNone);
        // A line joining points is thinner than a baseline.
        const double width = s.kind == SeriesKind::Points ? (line ? 1.3 : 1.6) : 2.0;
        graph->setPen(QPen(colour, width, line ? penStyle(s.style.line) : Qt::SolidLine));
        const QBrush brush = filled(s.style.marker) ? QBrush(colour) : QBrush(bg);
        graph->setScatterStyle(
            QCPScatterStyle(shapeOf(s.style.marker), QPen(colour, 1.8), brush, s.style.size));
        if (s.kind == SeriesKind::Points) addErrorBars(graph, points, colour);
    }
}

void ChartWidget::applyCategoryLabels() {
    const QStringList& labels = content_->categories;
    if (labels.isEmpty()) return;
    // Labels go on one line when they fit their slot, else one parameter per line, else
    // upright on one line: never slanted past the plot's edge.
    const QFontMetrics metrics(plot_->xAxis->tickLabelFont());
    const double slot = 0.85 * std::max(width(), 320) / labels.size();
    int longest = 0, longestLine = 0;
    for (const QString& l : labels) {
        longest = std::max(longest, metrics.horizontalAdvance(l));
        for (const QString& part : l.split(QStringLiteral(", ")))
            longestLine = std::max(longestLine, metrics.horizontalAdvance(part));
    }
    const bool stacked = longest > slot && longestLine <= slot;
    // Too long for its slot and not stackable: cut in the middle to the slot when the slot can
    // hold a readable piece, else upright but never taller than a third of the chart. The
    // hover shows the whole label.
    const bool upright = longest > slot && !stacked && slot < kMinLabelSlot;
    const int cut = upright ? std::max(kMinLabelSlot, height() / 3) : int(slot);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int i = 0; i < labels.size(); ++i) {
        QString text = labels[i];
        if (stacked)
            text.replace(QStringLiteral(", "), QStringLiteral("\n"));
        else if (longest > slot)
            text = metrics.elidedText(text, Qt::ElideMiddle, cut);
        ticker->addTick(i, text);
    }
    plot_->xAxis->setTicker(ticker);
    plot_->xAxis->setTickLabelRotation(upright ? 90 : 0);
}

QString ChartWidget::valueAxisLabel() const {
    return plot_->yAxis->label();
}

void ChartWidget::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    // Lay the plot out for the new size now, so a grab right after a resize (before the event
    // loop runs) draws at the right size.
    plot_->setViewport(QRect(QPoint(0, 0), event->size()));
    build();  // labels and notes are fitted to the width
}

void ChartWidget::applyTheme() {
    const QColor fg = palette().color(QPalette::Text);
    const QColor bg = palette().color(QPalette::Base);
    QColor grid = fg;
    grid.setAlphaF(0.18f);
    QColor subGrid = fg;
    subGrid.setAlphaF(0.07f);
    plot_->setBackground(bg);
    for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis, plot_->xAxis2, plot_->yAxis2}) {
        axis->setBasePen(QPen(fg));
        axis->setTickPen(QPen(fg));
        axis->setSubTickPen(QPen(fg));
        axis->setTickLabelColor(fg);
        axis->setLabelColor(fg);
        axis->grid()->setPen(QPen(grid, 1, Qt::SolidLine));
        axis->grid()->setSubGridPen(QPen(subGrid, 1, Qt::DotLine));
        axis->grid()->setSubGridVisible(axis->scaleType() == QCPAxis::stLogarithmic);
        axis->grid()->setZeroLinePen(QPen(grid));
    }
    plot_->legend->setBrush(QBrush(bg));
    plot_->legend->setBorderPen(Qt::NoPen);
    plot_->legend->setTextColor(fg);
    content_->title->setTextColor(fg);
    content_->subtitle->setTextColor(fg);
    content_->legendMore->setTextColor(fg);
}

void ChartWidget::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) build();
}

}  // namespace tl::gui
