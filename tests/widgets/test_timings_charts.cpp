// The timing charts render headless and plot what the records say: ranges hold every median,
// min and max; the baseline line sits at the baseline median; failed candidates are marked;
// the roofline's roof and points are core's figures; exports are written.
#include <gtest/gtest.h>
#include <QFile>
#include <QFontMetrics>
#include <QImage>
#include <QSet>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <memory>

#include "core/base/format.h"
#include "core/target/roofline.h"
#include "core/timings/timings_summary.h"
#include "timings_test_util.h"
#include "widgets/timings/candidate_categories.h"
#include "widgets/timings/candidates_chart.h"
#include "widgets/timings/chart_widget.h"
#include "widgets/timings/roofline_chart.h"
#include "widgets/timings/timings_style.h"

using namespace tl;
using namespace tl::gui;
using namespace timings_test;

namespace {

TimingsView sweepView(TimingsSettings settings = {}) {
    const ImportResult r = importFile(sweepCsv());
    return make_timings_view(r.records, r.warnings, std::make_shared<const Spec>(matmulSpec()),
                             settings);
}

void renderHeadless(ChartWidget& chart) {
    chart.resize(900, 560);
    chart.show();
    const QImage image = chart.grab().toImage();
    ASSERT_FALSE(image.isNull());
}

}  // namespace

TEST(CandidatesChart, RangesHoldEveryTimeAndTheBaselineSitsAtItsMedian) {
    const TimingsView v = sweepView();
    ChartWidget chart;
    showCandidates(chart, v);
    renderHeadless(chart);

    const ValueRange y = chart.yRange();
    int plotted = 0;
    for (const QString& name : chart.seriesNames()) {
        if (chart.seriesKind(name) != ChartWidget::SeriesKind::Points) continue;
        for (const ChartPoint& p : chart.seriesPoints(name)) {
            EXPECT_TRUE(y.contains(p.y)) << name.toStdString() << " " << p.y;
            if (p.hasBar()) {
                EXPECT_TRUE(y.contains(p.lo) && y.contains(p.hi));
                EXPECT_LE(p.lo, p.y);
                EXPECT_GE(p.hi, p.y);
            }
            EXPECT_TRUE(chart.xRange().contains(p.x));
            ++plotted;
        }
    }
    // Every timed candidate of every target; the open spec's own configuration (another
    // problem size) stays in the table and on the roofline.
    int timed = 0;
    for (const auto& r : v.records)
        if (r.impl == "pallas" && r.status == TimingStatus::Ok && r.median_s) ++timed;
    EXPECT_EQ(plotted, timed);

    // The 15 ms interpretation next to 0.5 ms runs: a log axis.
    EXPECT_TRUE(chart.isLog(Qt::Vertical));
    const QString baseline = QStringLiteral("xla on tpu-v5e (median)");
    ASSERT_EQ(chart.seriesKind(baseline), ChartWidget::SeriesKind::HorizontalLine);
    EXPECT_DOUBLE_EQ(chart.seriesPoints(baseline).front().y, 0.00131);
    EXPECT_DOUBLE_EQ(chart.seriesPoints(QStringLiteral("xla on tpu-v5p (median)")).front().y,
                     0.00055);
    EXPECT_TRUE(chart.seriesNames().contains(QStringLiteral("tpu-v5e")));
    EXPECT_TRUE(chart.seriesNames().contains(QStringLiteral("tpu-v5e (unverified)")));
    EXPECT_TRUE(chart.seriesNames().contains(QStringLiteral("interpreted (CPU)")));
    EXPECT_FALSE(chart.seriesNames().contains(QStringLiteral("unmeasured: modelled bound")));
}

TEST(CandidatesChart, HoveringAPointShowsItsTimesProvenanceAndShareOfTheRoof) {
    ChartWidget chart;
    showCandidates(chart, sweepView());
    renderHeadless(chart);
    const int column = int(chart.categories().indexOf(QStringLiteral("bm=512, bn=512, bk=512")));
    ASSERT_GE(column, 0);
    const QString tip = chart.tooltipAt(chart.toPixel(column, 0.00112).toPoint());
    EXPECT_TRUE(tip.startsWith(QStringLiteral("tpu-v5e\n"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("median 1.12 ms, min 1.09 ms, max 1.21 ms")));
    EXPECT_TRUE(tip.contains(QStringLiteral("of the roof")));
    EXPECT_TRUE(tip.contains(QStringLiteral("sweep.csv:")));
    // Far from every point: nothing.
    EXPECT_TRUE(chart.tooltipAt(QPoint(2, 2)).isEmpty());
}

TEST(CandidatesChart, ShowsTheOpenSpecsBoundAsUnmeasuredBeforeAnyImport) {
    const auto spec = std::make_shared<const Spec>(matmulSpec());
    const TimingsView v = make_timings_view({}, {}, spec, {});
    ChartWidget chart;
    showCandidates(chart, v);
    const auto bound = chart.seriesPoints(QStringLiteral("unmeasured: modelled bound"));
    ASSERT_EQ(bound.size(), 1);
    EXPECT_DOUBLE_EQ(bound[0].y, v.facts[0].roofline->roofline_s);
    EXPECT_TRUE(chart.yRange().contains(bound[0].y));
    ASSERT_FALSE(chart.badges().isEmpty());
    EXPECT_TRUE(chart.badges().front().text.contains(QStringLiteral("unmeasured")));
}

TEST(ChartWidget, AShortPlotGetsFewerValueTicksThatDoNotCrowd) {
    ChartWidget chart;
    chart.setTitle(QStringLiteral("t"));
    chart.setAxes(QStringLiteral("x"), ValueFormat::Plain, QStringLiteral("time"),
                  ValueFormat::Seconds);
    chart.setLogScale(Qt::Vertical, false);
    QVector<ChartPoint> points;
    for (int i = 0; i < 5; ++i) {
        ChartPoint p;
        p.x = i;
        p.y = 1e-6 * (1 + i);
        points.push_back(p);
    }
    chart.addSeries(QStringLiteral("s"), {}, points);
    chart.replot();
    chart.show();
    chart.resize(600, 560);
    chart.grab();
    const auto tall = chart.valueTicks().size();
    EXPECT_GE(tall, 4);
    chart.resize(600, 180);  // the chart's minimum, in a low dock
    chart.grab();
    const QVector<double> ticks = chart.valueTicks();
    ASSERT_GE(ticks.size(), 2);
    EXPECT_LT(ticks.size(), tall);
    const int labelHeight = QFontMetrics(chart.font()).height();
    for (qsizetype i = 1; i < ticks.size(); ++i)
        EXPECT_GE(std::abs(chart.toPixel(0, ticks[i]).y() - chart.toPixel(0, ticks[i - 1]).y()),
                  labelHeight)
            << "ticks " << ticks[i - 1] << " and " << ticks[i];
}

TEST(ChartWidget, TheRotatedAxisLabelIsShortenedToThePlotsHeightNotCut) {
    ChartWidget chart;
    chart.setAxes(QStringLiteral("x"), ValueFormat::Plain,
                  QStringLiteral("time per run (median, min\u2013max)"), ValueFormat::Seconds);
    ChartPoint p;
    p.y = 1e-6;
    chart.addSeries(QStringLiteral("s"), {}, {p});
    chart.replot();
    chart.show();
    chart.resize(600, 560);
    EXPECT_EQ(chart.valueAxisLabel(), QStringLiteral("time per run (median, min\u2013max)"));
    chart.resize(600, 250);
    EXPECT_EQ(chart.valueAxisLabel(), QStringLiteral("time per run"));
    chart.resize(600, 120);
    EXPECT_TRUE(chart.valueAxisLabel() == QStringLiteral("time") ||
                chart.valueAxisLabel().isEmpty());
}

TEST(CandidatesChart, MarksFailedCandidatesAboveEveryTime) {
    const TimingsView v = sweepView();
    ChartWidget chart;
    showCandidates(chart, v);
    const auto failed = chart.seriesPoints(QStringLiteral("failed (inf, OOM, invalid)"));
    ASSERT_EQ(failed.size(), 1);
    EXPECT_EQ(chart.seriesKind(QStringLiteral("failed (inf, OOM, invalid)")),
              ChartWidget::SeriesKind::Failed);
    EXPECT_TRUE(chart.yRange().contains(failed[0].y));
    EXPECT_EQ(chart.categories()[int(failed[0].x)], QStringLiteral("bm=2048, bn=2048, bk=2048"));
    for (const auto& r : v.records)
        if (r.max_s && std::isfinite(*r.max_s)) {
            EXPECT_GT(failed[0].y, *r.max_s);
        }
    // The badges say what is drawn, the failure included.
    QStringList badges;
    for (const auto& b : chart.badges()) badges << b.text;
    const QString joined = badges.join(QLatin1Char('|'));
    EXPECT_TRUE(joined.contains(QStringLiteral("measured (tpu-v5e, tpu-v5p)")));
    EXPECT_TRUE(joined.contains(QStringLiteral("interpreted")));
    EXPECT_TRUE(joined.contains(QStringLiteral("1 unverified")));
    EXPECT_TRUE(joined.contains(QStringLiteral("1 failed")));
    EXPECT_EQ(chart.subtitle(), QStringLiteral("problem: M=4096, N=4096, K=4096"));
}

TEST(CandidatesChart, StaysLinearForANarrowRange) {
    const ImportResult r = importFile(golden("tilelens-csv/example.csv"));
    ChartWidget chart;
    showCandidates(chart, make_timings_view(r.records, r.warnings, nullptr, {}));
    EXPECT_FALSE(chart.isLog(Qt::Vertical));
    EXPECT_EQ(chart.yRange().lo, 0);
    EXPECT_TRUE(chart.yRange().contains(0.00121));
    EXPECT_TRUE(chart.note().isEmpty());
}

TEST(RooflineChart, DrawsCoresRoofAndPlacesCandidatesAtTheirAchievedRate) {
    const TimingsView v = sweepView();
    ChartWidget chart;
    showRoofline(chart, v);
    renderHeadless(chart);
    ASSERT_TRUE(v.roof);
    EXPECT_EQ(v.roof->target, "tpu-v5e");
    EXPECT_TRUE(chart.isLog(Qt::Horizontal));
    EXPECT_TRUE(chart.isLog(Qt::Vertical));

    const auto roof =
        chart.seriesPoints(QStringLiteral("roof = min(peak, intensity \u00D7 bandwidth)"));
    ASSERT_EQ(roof.size(), 3);
    for (const auto& p : roof)
        EXPECT_DOUBLE_EQ(p.y, attainable_flops(p.x, v.roof->peak_flops, v.roof->bandwidth));
    EXPECT_DOUBLE_EQ(roof[1].x, ridge_intensity(197e12, 819e9));
    EXPECT_DOUBLE_EQ(roof[1].y, 197e12);

    const auto measured = chart.seriesPoints(QStringLiteral("pallas (measured)"));
    ASSERT_FALSE(measured.isEmpty());
    for (const auto& p : measured) {
        EXPECT_TRUE(chart.xRange().contains(p.x));
        EXPECT_TRUE(chart.yRange().contains(p.y));
    }
    // The 512x512 candidate: 2·4096³ FLOP in 1.12 ms.
    bool found = false;
    for (const auto& p : measured)
        found = found || std::fabs(p.y - 2.0 * 4096 * 4096 * 4096 / 0.00112) < 1;
    EXPECT_TRUE(found);
    EXPECT_FALSE(chart.seriesPoints(QStringLiteral("xla (measured)")).isEmpty());
    EXPECT_FALSE(chart.seriesPoints(QStringLiteral("unmeasured: modelled bound")).isEmpty());
    EXPECT_TRUE(chart.tooltipAt(QPoint(-100, -100)).isEmpty());
}

TEST(RooflineChart, SaysWhyThereIsNoRoof) {
    const ImportResult r = importFile(golden("tilelens-csv/example.csv"));
    ChartWidget chart;
    TimingsSettings settings;
    settings.target = "interpret";
    showRoofline(chart, make_timings_view(r.records, {}, nullptr, settings));
    EXPECT_TRUE(chart.note().contains(QStringLiteral("No roof for interpret")))
        << chart.note().toStdString();

    showRoofline(chart, make_timings_view(r.records, {}, nullptr, {}));
    EXPECT_TRUE(chart.note().contains(QStringLiteral("open the spec")))
        << chart.note().toStdString();
}

TEST(ChartExport, WritesNonEmptyPngSvgAndPdf) {
    ChartWidget chart;
    showCandidates(chart, sweepView());
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString png = dir.filePath(QStringLiteral("c.png"));
    const QString svg = dir.filePath(QStringLiteral("c.svg"));
    const QString pdf = dir.filePath(QStringLiteral("c.pdf"));
    QString error;
    ASSERT_TRUE(chart.exportTo(png, *ChartWidget::formatForPath(png), &error, QSize(800, 500)))
        << error.toStdString();
    ASSERT_TRUE(chart.exportTo(svg, *ChartWidget::formatForPath(svg), &error, QSize(800, 500)));
    ASSERT_TRUE(chart.exportTo(pdf, *ChartWidget::formatForPath(pdf), &error, QSize(800, 500)));

    const QImage image(png);
    EXPECT_EQ(image.size(), QSize(1600, 1000));  // twice the size, for slides
    QFile svgFile(svg), pdfFile(pdf);
    ASSERT_TRUE(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgText = svgFile.readAll();
    EXPECT_TRUE(svgText.contains("<svg"));
    EXPECT_TRUE(svgText.contains("tpu-v5e"));  // text stays text in a vector export
    ASSERT_TRUE(pdfFile.open(QIODevice::ReadOnly));
    EXPECT_TRUE(pdfFile.readAll().startsWith("%PDF"));

    EXPECT_FALSE(ChartWidget::formatForPath(QStringLiteral("c.jpg")));
    EXPECT_FALSE(chart.exportTo(dir.filePath(QStringLiteral("missing/dir/c.png")),
                                ChartWidget::Format::Png, &error));
    EXPECT_FALSE(error.isEmpty());
}

TEST(CandidatesChart, KeepsTheFastestCandidatesWhenThereAreTooManyToLabel) {
    std::vector<TimingRecord> records;
    for (int i = 0; i < 100; ++i) {
        TimingRecord r;
        r.kernel = "matmul";
        r.impl = "pallas";
        r.target = "tpu-v5e";
        r.source = TimingSource::Measured;
        r.verified = true;
        r.params = Json{{"M", 4096}, {"bm", 8 * (i + 1)}};
        r.median_s = 1e-3 * (100 - i);  // the later candidates are the faster ones
        records.push_back(r);
    }
    ChartWidget chart;
    showCandidates(chart, make_timings_view(records, {}, nullptr, {}));
    ASSERT_EQ(chart.categories().size(), int(kMaxCandidateCategories));
    EXPECT_EQ(chart.categories().front(), QStringLiteral("bm=488"));  // candidate 61 of 100
    EXPECT_EQ(chart.categories().back(), QStringLiteral("bm=800"));
    EXPECT_TRUE(chart.subtitle().contains(QStringLiteral("the 40 fastest of 100 candidates")));
    EXPECT_EQ(chart.seriesPoints(QStringLiteral("tpu-v5e")).size(), 40);
}

namespace {

// Twenty-style benchmarks of different kernels that share `arg0=1`, as a Google Benchmark run
// of unrelated functions gives them (no impl: every one a candidate).
std::vector<TimingRecord> threeKernels() {
    std::vector<TimingRecord> records;
    const char* names[] = {
        "Int8RowMajorTensorConversionFixture<Int32Type>/ConvertToSparseCOOTensorInt32", "BM_Sort",
        "BM_Hash"};
    double t = 1e-6;
    for (const char* name : names) {
        TimingRecord r;
        r.kernel = name;
        r.label = std::string(name) + "/1";
        r.params = Json{{"arg0", 1}};
        r.n = 3;
        r.median_s = r.min_s = r.max_s = t;
        r.method = TimingMethod::WallclockSynced;
        r.source = TimingSource::Measured;
        r.line = 1;
        records.push_back(r);
        t *= 30;
    }
    return records;
}

}  // namespace

TEST(CandidatesChart, EveryKernelIsItsOwnSeriesAndCategoriesWhenNoneIsChosen) {
    const TimingsView v = make_timings_view(threeKernels(), {}, nullptr, {});
    ASSERT_TRUE(v.kernel.empty());
    ChartWidget chart;
    showCandidates(chart, v);
    renderHeadless(chart);
    // Three categories, not one "arg0=1" holding all three kernels.
    ASSERT_EQ(chart.categories().size(), 3);
    int series = 0;
    for (const QString& name : chart.seriesNames()) {
        if (chart.seriesKind(name) != ChartWidget::SeriesKind::Points) continue;
        ++series;
        EXPECT_EQ(chart.seriesPoints(name).size(), 1) << name.toStdString();
        EXPECT_LE(name.size(), 40) << name.toStdString();
    }
    EXPECT_EQ(series, 3);
    // The long templated name is shortened on the axis; the hover keeps it whole.
    const QStringList full = chart.fullCategories();
    ASSERT_EQ(full.size(), 3);
    EXPECT_TRUE(full[0].startsWith(QStringLiteral(
        "Int8RowMajorTensorConversionFixture<Int32Type>/ConvertToSparseCOOTensorInt32")))
        << full[0].toStdString();
    EXPECT_LE(chart.categories()[0].size(), 32);
    EXPECT_LT(chart.categories()[0].size(), full[0].size());
    EXPECT_TRUE(chart.categories()[1].startsWith(QStringLiteral("BM_Sort")) ||
                chart.categories()[1].startsWith(QStringLiteral("Sort")))
        << chart.categories()[1].toStdString();
}

TEST(ChartWidget, ALogAxisLabelsEveryDecadeAndEndsOnDecades) {
    ChartWidget chart;
    chart.setAxes(QString(), ValueFormat::Plain, QStringLiteral("time"), ValueFormat::Seconds);
    chart.setLogScale(Qt::Vertical, true);
    QVector<ChartPoint> points;
    for (double y : {3e-6, 4e-5, 2e-3, 0.7}) {
        ChartPoint p;
        p.x = double(points.size());
        p.y = y;
        points.push_back(p);
    }
    chart.addSeries(QStringLiteral("s"), {}, points);
    chart.replot();
    chart.resize(700, 600);
    chart.show();
    chart.grab();
    // The range runs from the decade below the lowest point to the decade above the highest.
    EXPECT_DOUBLE_EQ(chart.yRange().lo, 1e-6);
    EXPECT_DOUBLE_EQ(chart.yRange().hi, 1.0);
    const QVector<double> ticks = chart.valueTicks();
    QVector<double> decades;
    for (double t : ticks)
        if (t >= chart.yRange().lo * 0.999 && t <= chart.yRange().hi * 1.001) decades.push_back(t);
    ASSERT_EQ(decades.size(), 7) << "every decade from 1 us to 1 s";
    for (qsizetype i = 0; i < decades.size(); ++i)
        EXPECT_DOUBLE_EQ(decades[i], std::pow(10.0, double(i) - 6));
    // Exact powers of ten: the top label reads "1 s", never "1000 ms".
    EXPECT_EQ(format_seconds_short(decades.back()), "1 s");
    EXPECT_EQ(format_seconds_short(decades[3]), "1 ms");
}

namespace {

TimingRecord timedRecord(const char* impl, Json params, double median) {
    TimingRecord r;
    r.kernel = "transpose";
    r.impl = impl;
    r.target = "tpu-v5e";
    r.params = std::move(params);
    r.n = 20;
    r.median_s = median;
    r.min_s = median * 0.95;
    r.max_s = median * 1.05;
    r.source = TimingSource::Measured;
    r.verified = true;
    r.line = 1;
    return r;
}

// Every pair of series differs in hue, marker or stroke: no two legend entries look alike.
void expectDistinctStyles(const ChartWidget& chart) {
    const QStringList names = chart.seriesNames();
    for (qsizetype a = 0; a < names.size(); ++a)
        for (qsizetype b = a + 1; b < names.size(); ++b)
            EXPECT_FALSE(*chart.seriesStyle(names[a]) == *chart.seriesStyle(names[b]))
                << names[a].toStdString() << " and " << names[b].toStdString();
}

}  // namespace

TEST(CandidatesChart, ComparesImplementationsSizeBySizeWhenNoCandidateIsTimed) {
    // Two libraries at four sizes, no pallas record: each library a line through its medians
    // at every size, never one line at its fastest size.
    const ImportResult r = importFile(sizesJson());
    ASSERT_EQ(r.records.size(), 8u);
    const TimingsView v = make_timings_view(r.records, r.warnings, nullptr, {});
    ChartWidget chart;
    showCandidates(chart, v);
    renderHeadless(chart);
    EXPECT_TRUE(chart.title().contains(QStringLiteral("implementations vs time")))
        << chart.title().toStdString();
    EXPECT_EQ(chart.categories(),
              (QStringList{QStringLiteral("input_size=500"), QStringLiteral("input_size=1000"),
                           QStringLiteral("input_size=2000"), QStringLiteral("input_size=4000")}));
    EXPECT_TRUE(chart.subtitle().contains(QStringLiteral("rounds=100, warmup_rounds=25")));
    for (const QString& impl : {QStringLiteral("cupy"), QStringLiteral("millipyde")}) {
        ASSERT_EQ(chart.seriesKind(impl), ChartWidget::SeriesKind::Points) << impl.toStdString();
        const QVector<ChartPoint> points = chart.seriesPoints(impl);
        ASSERT_EQ(points.size(), 4);
        for (const ChartPoint& p : points) {
            // The point sits over its own size, at that record's median, inside the axis.
            const auto it = std::find_if(r.records.begin(), r.records.end(), [&](const auto& x) {
                return x.impl == impl.toStdString() && x.median_s == p.y;
            });
            ASSERT_NE(it, r.records.end());
            EXPECT_EQ(chart.categories()[int(p.x)],
                      QStringLiteral("input_size=%1").arg(it->params.at("input_size").get<int>()));
            EXPECT_TRUE(chart.yRange().contains(p.lo) && chart.yRange().contains(p.hi));
        }
    }
    for (const QString& name : chart.seriesNames())
        EXPECT_NE(chart.seriesKind(name), ChartWidget::SeriesKind::HorizontalLine);
    // Each library its own hue, marker and dash.
    const SeriesStyle cupy = *chart.seriesStyle(QStringLiteral("cupy"));
    const SeriesStyle millipyde = *chart.seriesStyle(QStringLiteral("millipyde"));
    EXPECT_NE(cupy.colour, millipyde.colour);
    EXPECT_NE(cupy.marker, millipyde.marker);
    EXPECT_NE(cupy.line, millipyde.line);
    EXPECT_NE(cupy.line, Stroke::None);
}

TEST(CandidatesChart, ABaselineStandsAtTheMedianOfTheSameProblemSize) {
    // Candidates at N=500 and N=1000; XLA at 250 (faster than anything, but no candidate's
    // size), 500 and 1000.
    const std::vector<TimingRecord> records{
        timedRecord("pallas", {{"N", 500}, {"bm", 128}}, 0.6e-3),
        timedRecord("pallas", {{"N", 500}, {"bm", 256}}, 0.7e-3),
        timedRecord("pallas", {{"N", 1000}, {"bm", 128}}, 2.0e-3),
        timedRecord("pallas", {{"N", 1000}, {"bm", 256}}, 2.2e-3),
        timedRecord("xla", {{"N", 250}}, 0.1e-3),
        timedRecord("xla", {{"N", 500}}, 0.8e-3),
        timedRecord("xla", {{"N", 1000}}, 2.5e-3)};
    ChartWidget chart;
    showCandidates(chart, make_timings_view(records, {}, nullptr, {}));
    renderHeadless(chart);
    const QString baseline = QStringLiteral("xla on tpu-v5e (median)");
    ASSERT_EQ(chart.seriesKind(baseline), ChartWidget::SeriesKind::Steps);
    const QVector<ChartPoint> levels = chart.seriesPoints(baseline);
    ASSERT_EQ(levels.size(), 4);  // one level over each candidate
    for (const ChartPoint& p : levels) {
        const bool small = chart.fullCategories()[int(p.x)].contains(QStringLiteral("N=500"));
        EXPECT_DOUBLE_EQ(p.y, small ? 0.8e-3 : 2.5e-3)
            << chart.fullCategories()[int(p.x)].toStdString();
    }
    EXPECT_TRUE(chart.subtitle().contains(
        QStringLiteral("1 baseline record(s) of problems no candidate times: not drawn")))
        << chart.subtitle().toStdString();
    // Hovering the level over a candidate names the record it stands for.
    const int column = int(levels[0].x);
    const QString tip = chart.tooltipAt(chart.toPixel(column + 0.3, levels[0].y).toPoint());
    EXPECT_TRUE(tip.startsWith(baseline)) << tip.toStdString();
}

TEST(CandidatesChart, EverySeriesHasItsOwnHueMarkerOrDash) {
    // Two baseline impls on one target: two dashes, not two identical blue lines.
    const ImportResult sweep = importFile(sweepCsv());
    std::vector<TimingRecord> records = sweep.records;
    TimingRecord triton = records[6];  // the xla baseline on tpu-v5e
    ASSERT_EQ(triton.impl, "xla");
    triton.impl = "triton";
    triton.median_s = 0.0012;
    records.push_back(triton);
    ChartWidget chart;
    showCandidates(chart, make_timings_view(records, {}, nullptr, {}));
    const auto xla = chart.seriesStyle(QStringLiteral("xla on tpu-v5e (median)"));
    const auto tri = chart.seriesStyle(QStringLiteral("triton on tpu-v5e (median)"));
    ASSERT_TRUE(xla && tri);
    EXPECT_NE(xla->line, tri->line);
    EXPECT_NE(xla->colour, tri->colour);
    expectDistinctStyles(chart);

    // Eight kernels, one series each: the hues repeat after six, the markers do not.
    std::vector<TimingRecord> kernels;
    for (int k = 0; k < 8; ++k) {
        TimingRecord r = timedRecord("pallas", {{"bm", 128}}, 1e-3 * (k + 1));
        r.kernel = "kernel_" + std::to_string(k);
        kernels.push_back(r);
    }
    ChartWidget many;
    showCandidates(many, make_timings_view(kernels, {}, nullptr, {}));
    ASSERT_EQ(many.seriesNames().size(), 8);
    expectDistinctStyles(many);
}

TEST(CandidatesChart, KernelsThatDifferOnlyAtTheirEndAreToldApart) {
    std::vector<TimingRecord> records;
    for (const char* kernel : {"ampere_bf16_s16816gemm_bf16_128x64_ldg8_f2f_stages_64x4_tn",
                               "ampere_bf16_s16816gemm_bf16_128x64_ldg8_f2f_stages_64x4_nn"}) {
        TimingRecord r = timedRecord("pallas", {{"bm", 128}}, 1e-3 + double(records.size()) * 1e-4);
        r.kernel = kernel;
        records.push_back(r);
    }
    ChartWidget chart;
    showCandidates(chart, make_timings_view(records, {}, nullptr, {}));
    renderHeadless(chart);
    const QStringList categories = chart.categories();
    ASSERT_EQ(categories.size(), 2);
    EXPECT_NE(categories[0], categories[1]);
    QStringList points;
    for (const QString& name : chart.seriesNames())
        if (chart.seriesKind(name) == ChartWidget::SeriesKind::Points) points << name;
    ASSERT_EQ(points.size(), 2);
    EXPECT_NE(points[0], points[1]);
    EXPECT_TRUE(points[0].endsWith(QStringLiteral("_tn")) ||
                points[1].endsWith(QStringLiteral("_tn")))
        << points.join(u' ').toStdString();
}

TEST(ChartWidget, ALegendOfManySeriesLeavesThePlotItsRoom) {
    ChartWidget chart;
    chart.setAxes(QString(), ValueFormat::Plain, QStringLiteral("time"), ValueFormat::Seconds);
    QStringList categories;
    for (int i = 0; i < 22; ++i) {
        ChartPoint p;
        p.x = i;
        p.y = 1e-6 * (i + 1);
        chart.addSeries(QStringLiteral("a kernel with a long name #%1").arg(i),
                        {seriesColour(std::size_t(i)), seriesMarker(std::size_t(i), false)}, {p});
        categories << QString::number(i);
    }
    chart.setCategories(categories);
    chart.replot();
    chart.show();
    // The Timings tab in a dock of a window of 720: 22 entries do not fit, the plot keeps its
    // height and the legend says how many it left out.
    chart.resize(700, 300);
    chart.grab();
    EXPECT_GT(chart.legendOverflow(), 0);
    EXPECT_EQ(chart.legendEntries().size() + chart.legendOverflow(), 22);
    const double plotHeight =
        chart.toPixel(0, chart.yRange().lo).y() - chart.toPixel(0, chart.yRange().hi).y();
    EXPECT_GT(plotHeight, chart.height() / 3.0) << plotHeight;
    const QString shots = qEnvironmentVariable("TILELENS_SHOT_DIR");
    if (!shots.isEmpty()) chart.grab().save(shots + QStringLiteral("/legend-700x300.png"));
    // At full size every series has its entry.
    chart.resize(1400, 900);
    chart.grab();
    EXPECT_EQ(chart.legendOverflow(), 0);
    EXPECT_EQ(chart.legendEntries().size(), 22);
}
