// The Timings tab as a whole: importing the golden fixtures of every format through the
// panel (by call and by drop), the end-to-end figures equal to core's, the typed share and
// threshold, cancel, and a render in light and dark palettes.
#include <gtest/gtest.h>
#include <QComboBox>
#include <QDir>
#include <QDropEvent>
#include <QFile>
#include <QMimeData>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QUrl>

#include "core/base/format.h"
#include "core/timings/decision.h"
#include "test_util.h"
#include "timings_test_util.h"
#include "widgets/document/explorer_snapshot.h"
#include "widgets/document/spec_document.h"
#include "widgets/mainwindow/main_window.h"
#include "widgets/timings/chart_widget.h"
#include "widgets/timings/chart_window.h"
#include "widgets/timings/end_to_end_panel.h"
#include "widgets/timings/import_job.h"
#include "widgets/timings/plan_view.h"
#include "widgets/timings/timing_format_filters.h"
#include "widgets/timings/timings_panel.h"
#include "widgets/timings/timings_records_model.h"

using namespace tl;
using namespace tl::gui;
using namespace timings_test;
using tl::gui::MainWindow;

namespace {

bool importInto(TimingsPanel& panel, const QStringList& paths) {
    QSignalSpy done(&panel, &TimingsPanel::importFinished);
    panel.importFiles(paths);
    return panel.waitForImport() && done.count() == 1;
}

QStringList goldenFiles() {
    QStringList files;
    const QDir root(QStringLiteral(TILELENS_SOURCE_DIR "/tests/golden/timings"));
    for (const QString& folder : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
        for (const QFileInfo& f : QDir(root.filePath(folder)).entryInfoList(QDir::Files))
            if (!f.fileName().endsWith(QLatin1String(".expected.json")))
                files << f.absoluteFilePath();
    return files;
}

}  // namespace

TEST(TimingsPanel, ImportsEveryGoldenFixtureWithItsWarningsAtFileAndLine) {
    const QStringList files = goldenFiles();
    ASSERT_GE(files.size(), 15);
    std::size_t records = 0, warnings = 0;
    for (const QString& f : files) {
        const ImportResult direct = import_timing_file(f.toStdString());
        records += direct.records.size();
        warnings += direct.warnings.size();
    }
    TimingsPanel panel;
    ASSERT_TRUE(importInto(panel, files));
    EXPECT_EQ(panel.view().records.size(), records);  // no spec open: no planned row
    EXPECT_EQ(panel.recordsModel()->rowCount(), static_cast<int>(records));
    const QStringList lines = panel.warningLines();
    EXPECT_EQ(static_cast<std::size_t>(lines.size()), warnings);
    // ugly.csv warns about the row with "abc" for a median, at its line.
    EXPECT_TRUE(lines.filter(QStringLiteral("ugly.csv:9:")).size() >= 1)
        << lines.join(QLatin1Char('\n')).toStdString();
    EXPECT_TRUE(panel.statusText().contains(QString::number(records)));

    // Importing a file again replaces its records rather than doubling them.
    ASSERT_TRUE(importInto(panel, {files.front()}));
    EXPECT_EQ(panel.view().records.size(), records);
}

TEST(TimingsPanel, ImportsFilesDroppedOnIt) {
    TimingsPanel panel;
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(q(golden("tilelens-csv/example.csv"))),
                  QUrl::fromLocalFile(q(golden("google-benchmark/repetitions.json")))});
    QSignalSpy done(&panel, &TimingsPanel::importFinished);
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&panel, &enter);
    EXPECT_TRUE(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&panel, &drop);
    ASSERT_TRUE(panel.waitForImport());
    ASSERT_EQ(done.count(), 1);
    const std::size_t expected =
        import_timing_file(golden("tilelens-csv/example.csv")).records.size() +
        import_timing_file(golden("google-benchmark/repetitions.json")).records.size();
    EXPECT_EQ(panel.view().records.size(), expected);
}

TEST(TimingsPanel, ShowsCoresEndToEndFiguresAndDecision) {
    TimingsPanel panel;
    ASSERT_TRUE(importInto(panel, {q(golden("tilelens-csv/example.csv"))}));
    const std::vector<TimingRecord> records =
        import_timing_file(golden("tilelens-csv/example.csv")).records;
    const Decision core = decide(records);
    EndToEndPanel* e2e = panel.endToEnd();
    EXPECT_EQ(e2e->decisionText(), q(core.sentence));
    ASSERT_TRUE(core.end_to_end_speedup);
    EXPECT_TRUE(e2e->figuresText().contains(QStringLiteral("s = 1.17\u00D7")))
        << e2e->figuresText().toStdString();
    EXPECT_TRUE(e2e->figuresText().contains(
        QStringLiteral("= %1\u00D7").arg(*core.end_to_end_speedup, 0, 'g', 4)));
    EXPECT_TRUE(e2e->figuresText().contains(QStringLiteral("(from the files)")));

    // A typed share wins over the files': 30% of the step saves 4.4%, above 2%.
    e2e->setTypedShare(0.30);
    DecisionConfig typed;
    typed.share = 0.30;
    const Decision withShare = decide(records, typed);
    EXPECT_EQ(e2e->decisionText(), q(withShare.sentence));
    EXPECT_TRUE(*withShare.earns_complexity);
    EXPECT_TRUE(e2e->decisionText().contains(QStringLiteral("earns its complexity")));
    EXPECT_TRUE(e2e->figuresText().contains(QStringLiteral("(typed in)")));

    // The threshold is a setting: at 5% the same saving no longer earns it.
    e2e->setThreshold(0.05);
    typed.threshold = 0.05;
    EXPECT_EQ(e2e->decisionText(), q(decide(records, typed).sentence));
    EXPECT_TRUE(e2e->decisionText().contains(QStringLiteral("does not earn")));
    e2e->setTypedShare(std::nullopt);
    EXPECT_TRUE(e2e->figuresText().contains(QStringLiteral("(from the files)")));
}

TEST(TimingsPanel, ListsExcludedRecordsWithTheirReasonAndFollowsTheTargetChoice) {
    TimingsPanel panel;
    ASSERT_TRUE(importInto(panel, {q(sweepCsv())}));
    // Two targets are usable: core asks to choose one.
    EXPECT_TRUE(panel.endToEnd()->decisionText().contains(QStringLiteral("choose one target")));
    panel.setTarget(std::string("tpu-v5p"));
    EXPECT_TRUE(panel.endToEnd()->decisionText().contains(QStringLiteral("on tpu-v5p")));
    EXPECT_EQ(panel.rooflineChart()->title(),
              QStringLiteral("Roofline on tpu-v5p \u00B7 bfloat16"));
    const QStringList reasons = panel.endToEnd()->excludedReasons();
    EXPECT_FALSE(reasons.filter(QStringLiteral("interpret timing")).isEmpty());
    EXPECT_FALSE(reasons.filter(QStringLiteral("unverified")).isEmpty());
    EXPECT_FALSE(reasons.filter(QStringLiteral("measured on tpu-v5e, not tpu-v5p")).isEmpty());
}

TEST(TimingsPanel, TakesFlopsAndBytesFromTheOpenSpec) {
    TimingsPanel panel;
    ASSERT_TRUE(importInto(panel, {q(golden("tilelens-csv/example.csv"))}));
    EXPECT_FALSE(panel.rooflineChart()->note().isEmpty());  // no FLOPs yet
    panel.setSpec(matmulSpec());
    EXPECT_TRUE(panel.rooflineChart()->note().isEmpty())
        << panel.rooflineChart()->note().toStdString();
    const auto& f = panel.view().facts[0];
    ASSERT_TRUE(f.roofline);
    EXPECT_DOUBLE_EQ(*f.roofline->achieved_flops, 2.0 * 4096 * 4096 * 4096 / 0.00112);
    const QString roof =
        panel.recordsModel()->index(0, TimingsRecordsModel::RoofColumn).data().toString();
    EXPECT_EQ(roof, q(format_percent(*f.roofline->fraction_of_roof)));
    panel.clearSpec();
    EXPECT_FALSE(panel.view().facts[0].roofline);
}

TEST(TimingsPanel, TakesTheSpecFromTheExplorersSnapshot) {
    TimingsPanel panel;
    ASSERT_TRUE(importInto(panel, {q(golden("tilelens-csv/example.csv"))}));
    ExplorerSnapshot snapshot;
    snapshot.generation = 7;
    snapshot.spec = std::make_shared<const Spec>(matmulSpec());
    panel.setSnapshot(snapshot);
    ASSERT_TRUE(panel.view().facts[0].roofline);
    EXPECT_DOUBLE_EQ(*panel.view().facts[0].cost.flops, 2.0 * 4096 * 4096 * 4096);
    panel.setSnapshot(ExplorerSnapshot{});  // a snapshot without a spec keeps the last one
    EXPECT_TRUE(panel.view().facts[0].roofline);
}

TEST(TimingsPanel, CancelsALargeImportAndKeepsWhatItHad) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString big = dir.filePath(QStringLiteral("big.trace.json"));
    {
        QFile f(big);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(
            "{\"traceEvents\": [\n"
            "{\"ph\": \"M\", \"pid\": 1, \"name\": \"process_name\", \"args\": {\"name\": "
            "\"/device:TPU:0\"}},\n"
            "{\"ph\": \"M\", \"pid\": 1, \"tid\": 2, \"name\": \"thread_name\", \"args\": "
            "{\"name\": \"XLA Ops\"}}");
        const QByteArray event =
            ",\n{\"ph\": \"X\", \"pid\": 1, \"tid\": 2, \"ts\": 1, \"dur\": 2, \"name\": "
            "\"matmul.1\", \"args\": {}}";
        for (int i = 0; i < 600000; ++i) f.write(event);
        f.write("\n]}\n");
    }
    TimingsPanel panel;
    ASSERT_TRUE(importInto(panel, {q(golden("tilelens-csv/example.csv"))}));
    QSignalSpy done(&panel, &TimingsPanel::importFinished);
    // Cancelled right after it starts: the worker stops at its next progress check.
    panel.importFiles({big});
    panel.cancelImport();
    ASSERT_TRUE(panel.waitForImport());
    EXPECT_EQ(done.count(), 0);
    EXPECT_EQ(panel.view().records.size(), 2u);
    EXPECT_EQ(panel.statusText(), QStringLiteral("import cancelled"));
}

TEST(TimingsPanel, ReportsProgressWhileALargeFileImports) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString big = dir.filePath(QStringLiteral("big.trace.json"));
    {
        QFile f(big);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(
            "{\"traceEvents\": [\n{\"ph\": \"M\", \"pid\": 1, \"name\": \"process_name\", "
            "\"args\": {\"name\": \"/device:TPU:0\"}},\n{\"ph\": \"M\", \"pid\": 1, \"tid\": "
            "2, \"name\": \"thread_name\", \"args\": {\"name\": \"XLA Ops\"}}");
        const QByteArray event =
            ",\n{\"ph\": \"X\", \"pid\": 1, \"tid\": 2, \"ts\": 1, \"dur\": "
            "2, \"name\": \"matmul.1\", \"args\": {}}";
        for (int i = 0; i < 240000; ++i) f.write(event);  // about 20 MB
        f.write("\n]}\n");
    }
    TimingsPanel panel;
    auto* job = panel.findChild<ImportJob*>();
    ASSERT_NE(job, nullptr);
    QSignalSpy progress(job, &ImportJob::progress);
    ASSERT_TRUE(importInto(panel, {big}));
    // Polled a few times a second: some reports fall while the file is being read.
    int midway = 0;
    double last = -1;
    for (const auto& args : progress) {
        EXPECT_EQ(args.at(1).toInt(), 1);  // one file
        EXPECT_EQ(args.at(2).toString(), big);
        EXPECT_GE(args.at(3).toDouble(), last);
        last = args.at(3).toDouble();
        midway += last > 0 && last < 1;
    }
    EXPECT_GE(midway, 1) << progress.count() << " reports";
    EXPECT_DOUBLE_EQ(last, 1.0);
    EXPECT_FALSE(panel.view().records.empty());
    EXPECT_TRUE(panel.statusText().contains(QStringLiteral("from 1 file(s)")))
        << panel.statusText().toStdString();
}

TEST(TimingsPanel, RendersLegiblyInLightAndDarkPalettes) {
    TimingsPanel panel;
    ASSERT_TRUE(importInto(panel, {q(sweepCsv()), q(golden("chrome-trace/step.trace.json"))}));
    panel.setSpec(matmulSpec());
    panel.setTarget(std::string("tpu-v5e"));
    panel.resize(1500, 620);
    const QString shots = qEnvironmentVariable("TILELENS_SHOT_DIR");
    for (const bool dark : {false, true}) {
        QPalette pal = panel.palette();
        if (dark) {
            pal.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
            pal.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
            pal.setColor(QPalette::Text, QColor(0xe6, 0xe6, 0xe6));
            pal.setColor(QPalette::WindowText, QColor(0xe6, 0xe6, 0xe6));
            pal.setColor(QPalette::ButtonText, QColor(0xe6, 0xe6, 0xe6));
            pal.setColor(QPalette::Button, QColor(0x3a, 0x3a, 0x3a));
        }
        panel.setPalette(pal);
        panel.show();
        const QImage image = panel.grab().toImage();
        ASSERT_FALSE(image.isNull());
        // The chart's background follows the palette, and the target's hue is drawn on it.
        ChartWidget* chart = panel.candidatesChart();
        const QImage plot = chart->grab().toImage();
        const QColor corner = plot.pixelColor(3, 3);
        EXPECT_EQ(corner, pal.color(QPalette::Base)) << (dark ? "dark" : "light");
        int blue = 0;
        for (int y = 0; y < plot.height(); ++y)
            for (int x = 0; x < plot.width(); ++x)
                if (plot.pixelColor(x, y) == QColor(0x00, 0x72, 0xB2)) ++blue;
        EXPECT_GT(blue, 20) << (dark ? "dark" : "light");
        if (!shots.isEmpty()) {
            const QString suffix =
                dark ? QStringLiteral("-dark.png") : QStringLiteral("-light.png");
            image.save(shots + QStringLiteral("/timings-panel") + suffix);
            plot.save(shots + QStringLiteral("/timings-candidates") + suffix);
            // The roofline is drawn at its size once its tab is on screen.
            auto* tabs =
                qobject_cast<QTabWidget*>(panel.rooflineChart()->parentWidget()->parentWidget());
            ASSERT_NE(tabs, nullptr);
            tabs->setCurrentWidget(panel.rooflineChart());
            panel.grab().toImage().save(shots + QStringLiteral("/timings-panel-roofline") + suffix);
            panel.rooflineChart()->grab().toImage().save(
                shots + QStringLiteral("/timings-roofline") + suffix);
            tabs->setCurrentWidget(panel.candidatesChart());
            // The Plan tab beside the records.
            ASSERT_TRUE(panel.planView()->waitForPlan());
            for (auto* t : panel.findChildren<QTabWidget*>())
                if (t->indexOf(panel.planView()) >= 0) t->setCurrentWidget(panel.planView());
            panel.grab().toImage().save(shots + QStringLiteral("/timings-panel-plan") + suffix);
        }
    }
}

TEST(TimingsPanel, SitsInTheMainWindowAndFollowsTheOpenSpec) {
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    MainWindow window(&settings);
    auto* panel = window.findChild<TimingsPanel*>();
    ASSERT_NE(panel, nullptr);
    auto* tabs = window.findChild<QTabWidget*>(QStringLiteral("bottomTabs"));
    ASSERT_NE(tabs, nullptr);
    const int tab = tabs->indexOf(panel);
    ASSERT_GE(tab, 0);
    EXPECT_EQ(tabs->tabText(tab), QStringLiteral("Timings"));
    ASSERT_TRUE(window.openSpec(QStringLiteral(":/examples/matmul-rect.tilelens.json")));
    ASSERT_TRUE(tl::test::settle(*window.document()));
    // The open spec shows as an unmeasured candidate on its target.
    ASSERT_EQ(panel->view().records.size(), 1u);
    EXPECT_TRUE(panel->view().facts[0].planned);
    EXPECT_EQ(panel->view().records[0].target, std::optional<std::string>("tpu-v5e"));
    const QString shots = qEnvironmentVariable("TILELENS_SHOT_DIR");
    if (!shots.isEmpty()) {
        window.resize(1400, 900);
        window.show();
        QCoreApplication::processEvents();
        window.grab().save(shots + QStringLiteral("/main-window-timings.png"));
    }
}

TEST(TimingsPanel, TheImportDialogsFormatChoiceReadsAFileDetectionMisses) {
    // One filter detects; one per importer names its format, as --format does.
    const TimingFormatFilters filters = timingFormatFilters();
    ASSERT_EQ(filters.filters.size(), filters.formats.size());
    EXPECT_TRUE(filters.formatOf(filters.filters.front()).isEmpty());
    // The detecting filter shows the names the real tools write: jax.profiler's .xplane.pb and
    // an Nsight Compute run saved as .txt among them.
    for (const char* pattern : {"*.csv", "*.json", "*.gz", "*.pb", "*.txt"})
        EXPECT_TRUE(filters.filters.front().contains(QLatin1String(pattern))) << pattern;
    for (const auto& importer : timing_importers()) {
        const QString id = QString::fromStdString(std::string(importer->format_id()));
        const qsizetype at = filters.formats.indexOf(id);
        ASSERT_GE(at, 0) << id.toStdString();
        EXPECT_EQ(filters.formatOf(filters.filters[at]), id);
        // A filter's name holds no parentheses but its patterns', or the dialog misreads it.
        EXPECT_EQ(filters.filters[at].count(u'('), 1) << filters.filters[at].toStdString();
    }

    // An Nsight Compute table saved as .txt after 100 KB of program output: detection reads the
    // first 64 KiB and sees no header there, the chosen format reads it.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("profile.txt"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    QByteArray text;
    for (int i = 0; i < 4000; ++i) text += "program output line " + QByteArray::number(i) + "\n";
    text +=
        "\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n"
        "\"0\",\"matmul_kernel\",\"gpu__time_duration.sum\",\"usecond\",\"12.5\"\n";
    file.write(text);
    file.close();

    TimingsPanel detected;
    ASSERT_TRUE(importInto(detected, {path}));
    EXPECT_TRUE(detected.view().records.empty());

    TimingsPanel named;
    QSignalSpy done(&named, &TimingsPanel::importFinished);
    named.importFiles({path}, filters.formats[filters.formats.indexOf(QStringLiteral("ncu-csv"))]);
    ASSERT_TRUE(named.waitForImport());
    ASSERT_EQ(named.view().records.size(), 1u) << named.warningLines().join(u'\n').toStdString();
    EXPECT_EQ(named.view().records[0].kernel, "matmul_kernel");
    EXPECT_NEAR(*named.view().records[0].median_s, 12.5e-6, 1e-15);
}

TEST(TimingsPanel, AfterClearAndImportTheKernelTheChartAndTheDecisionFollowTheNewData) {
    TimingsPanel panel;
    ASSERT_TRUE(importInto(panel, {q(golden("tilelens-csv/example.csv"))}));
    panel.setKernel(std::string("matmul"));
    panel.setTarget(std::string("tpu-v5e"));
    EXPECT_EQ(panel.view().kernel, "matmul");

    panel.clearRecords();
    ASSERT_TRUE(importInto(panel, {q(sizesJson())}));
    // "automatic" means it: the new file's kernel, not the cleared one's.
    EXPECT_FALSE(panel.view().settings.kernel);
    EXPECT_FALSE(panel.view().settings.target);
    EXPECT_EQ(panel.view().kernel, "benchmark_transpose");
    EXPECT_TRUE(panel.candidatesChart()->title().startsWith(QStringLiteral("benchmark_transpose")))
        << panel.candidatesChart()->title().toStdString();
    EXPECT_EQ(panel.candidatesChart()->seriesPoints(QStringLiteral("cupy")).size(), 4);
    EXPECT_EQ(panel.endToEnd()->decisionText(),
              QStringLiteral("no pallas timings: nothing to decide"));
    for (auto* box : panel.findChildren<QComboBox*>()) {
        if (box->toolTip().startsWith(QStringLiteral("The kernel to chart"))) {
            EXPECT_EQ(box->currentIndex(), 0) << "the kernel filter says automatic";
        }
    }

    // A kernel chosen among records an import no longer holds goes back to automatic too.
    panel.setKernel(std::string("benchmark_transpose"));
    panel.clearRecords();
    EXPECT_FALSE(panel.view().settings.kernel);
    ASSERT_TRUE(importInto(panel, {q(golden("tilelens-csv/example.csv"))}));
    EXPECT_EQ(panel.view().kernel, "matmul");
    EXPECT_EQ(panel.endToEnd()->decisionText(),
              q(decide(import_timing_file(golden("tilelens-csv/example.csv")).records).sentence));
}

TEST(TimingsPanel, TheRecordCountDescribesEverythingLoaded) {
    TimingsPanel panel;
    ASSERT_TRUE(importInto(panel, {q(golden("tilelens-csv/example.csv"))}));
    EXPECT_EQ(panel.statusText(), QStringLiteral("2 record(s) from 1 file(s)"));
    ASSERT_TRUE(importInto(panel, {q(sizesJson())}));
    const QString status = panel.statusText();
    EXPECT_TRUE(status.startsWith(QStringLiteral("10 record(s) from 2 file(s)")))
        << status.toStdString();
    EXPECT_TRUE(status.contains(QStringLiteral("the last import read 8 record(s) from 1 file(s)")))
        << status.toStdString();
    // A file imported again replaces its records: still ten from two files.
    ASSERT_TRUE(importInto(panel, {q(sizesJson())}));
    EXPECT_TRUE(panel.statusText().startsWith(QStringLiteral("10 record(s) from 2 file(s)")))
        << panel.statusText().toStdString();
}

TEST(TimingsPanel, OpensTheChartsAtFullSizeInAWindowOfTheirOwn) {
    TimingsPanel panel;
    ASSERT_TRUE(importInto(panel, {q(sweepCsv())}));
    panel.resize(1280, 230);  // the Timings tab in its dock, in a window of 720
    panel.show();
    ChartWindow* window = panel.chartWindow();
    ASSERT_NE(window, nullptr);
    EXPECT_FALSE(window->isVisible());
    // A double click on the chart opens it, as the Full view button does.
    emit panel.candidatesChart()->doubleClicked();
    ASSERT_TRUE(window->isVisible());
    EXPECT_TRUE(window->isWindow());
    EXPECT_EQ(window->currentChart(), 0);
    ChartWidget* full = window->candidatesChart();
    EXPECT_EQ(full->seriesNames(), panel.candidatesChart()->seriesNames());
    EXPECT_EQ(full->categories(), panel.candidatesChart()->categories());
    EXPECT_GT(full->height(), 2 * panel.candidatesChart()->height());

    // It follows the tab: another target chosen, another import.
    panel.setTarget(std::string("tpu-v5p"));
    EXPECT_EQ(window->rooflineChart()->title(),
              QStringLiteral("Roofline on tpu-v5p \u00B7 bfloat16"));
    panel.clearRecords();
    ASSERT_TRUE(importInto(panel, {q(sizesJson())}));
    EXPECT_EQ(full->title(), panel.candidatesChart()->title());
    EXPECT_EQ(full->seriesPoints(QStringLiteral("millipyde")).size(), 4);
    window->close();
}
