// The Plan tab: the open spec's tile candidates computed off the GUI thread, the newest spec
// winning over one in flight, measured candidates filled in from imported records, and the
// benchmark script written for them.
#include <gtest/gtest.h>
#include <QAbstractItemModelTester>
#include <QFile>
#include <QFont>
#include <QLabel>
#include <QSettings>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include "core/plan/tile_plan.h"
#include "test_util.h"
#include "timings_test_util.h"
#include "widgets/mainwindow/main_window.h"
#include "widgets/timings/chart_widget.h"
#include "widgets/timings/plan_model.h"
#include "widgets/timings/plan_view.h"
#include "widgets/timings/timings_panel.h"

using namespace tl;
using namespace tl::gui;

namespace {

std::shared_ptr<const Spec> example(std::int64_t m = 300) {
    LoadResult loaded =
        load_spec_file(TILELENS_SOURCE_DIR "/resources/examples/matmul-rect.tilelens.json");
    EXPECT_TRUE(loaded.spec) << join(loaded.errors);
    Spec spec = *loaded.spec;
    for (auto& [name, value] : spec.params)
        if (name == "M") value = m;
    return std::make_shared<const Spec>(spec);
}

int statusColumn(const PlanModel& m) {
    return m.columnCount() - 1;
}

}  // namespace

TEST(PlanView, ShowsThePlansNotesOnTheTab) {
    // The pipelining guide's megacore example without its "parallel" semantics: one of
    // TPU v4's cores runs it, which halves the roof; the tab says so without a hover.
    LoadResult loaded = load_spec_file(TILELENS_SOURCE_DIR
                                       "/resources/examples/real/"
                                       "docs-pipelining-add-megacore.tilelens.json");
    ASSERT_TRUE(loaded.spec) << join(loaded.errors);
    Spec spec = *loaded.spec;
    spec.dimension_semantics.reset();
    PlanView view;
    view.setSpec(std::make_shared<const Spec>(spec));
    ASSERT_TRUE(view.waitForPlan());
    EXPECT_TRUE(view.summaryText().contains(
        QStringLiteral("Note: the spec's own tiling: one of TPU v4's 2 TensorCores")))
        << view.summaryText().toStdString();
    // With the semantics the guide gives it, both cores share the two programs: no note.
    PlanView parallel;
    parallel.setSpec(std::make_shared<const Spec>(*loaded.spec));
    ASSERT_TRUE(parallel.waitForPlan());
    EXPECT_FALSE(parallel.summaryText().contains(QStringLiteral("TensorCores")))
        << parallel.summaryText().toStdString();
}

TEST(PlanView, ListsTheCandidatesOfTheOpenSpec) {
    PlanView view;
    view.setSpec(example());
    ASSERT_TRUE(view.waitForPlan());
    const TilePlan* plan = view.plan();
    ASSERT_NE(plan, nullptr);
    const PlanOutcome direct = plan_tiles(*example());
    ASSERT_TRUE(direct.plan);
    EXPECT_EQ(plan->candidates.size(), direct.plan->candidates.size());
    EXPECT_EQ(view.model()->rowCount(), static_cast<int>(plan->candidates.size()));
    EXPECT_TRUE(view.summaryText().contains(QStringLiteral("pass the contract of tpu-v5e")))
        << view.summaryText().toStdString();
    EXPECT_TRUE(view.summaryText().contains(QStringLiteral("block_tiling")));
    // The spec's own tiling stands out; every row starts unmeasured.
    int bold = 0;
    for (int r = 0; r < view.model()->rowCount(); ++r) {
        bold += view.model()->index(r, 0).data(Qt::FontRole).value<QFont>().bold();
        EXPECT_EQ(view.model()->index(r, statusColumn(*view.model())).data().toString(),
                  QStringLiteral("unmeasured"));
    }
    EXPECT_EQ(bold, 1);
    // The VMEM cell says which scoped limit the tiling was held to (16 MiB on tpu-v5e).
    const int vmem = static_cast<int>(plan->tile_params.size()) + 2;
    ASSERT_EQ(view.model()->headerData(vmem, Qt::Horizontal).toString(), QStringLiteral("VMEM"));
    const QString tip = view.model()->index(0, vmem).data(Qt::ToolTipRole).toString();
    EXPECT_TRUE(
        tip.endsWith(QStringLiteral(" of the 16 MiB scoped VMEM limit this tiling is held to")))
        << tip.toStdString();
}

TEST(PlanView, ItsModelPassesTheModelTesterAcrossResets) {
    PlanView view;
    QAbstractItemModelTester tester(view.model(),
                                    QAbstractItemModelTester::FailureReportingMode::Fatal);
    view.setSpec(example());
    ASSERT_TRUE(view.waitForPlan());
    EXPECT_GT(view.model()->rowCount(), 0);
    // Sort keys are numbers: the roofline column sorts by seconds, not by text.
    const int roofline = view.model()->columnCount() - 3;
    EXPECT_EQ(view.model()->index(0, roofline).data(PlanModel::SortRole).typeId(),
              QMetaType::Double);
    view.setSpec(nullptr);
    ASSERT_TRUE(view.waitForPlan());
    EXPECT_EQ(view.model()->rowCount(), 0);
}

TEST(PlanView, TheNewestSpecWinsOverOneInFlight) {
    PlanView view;
    std::vector<std::int64_t> shown;  // M of every plan the view showed
    QObject::connect(&view, &PlanView::planChanged, [&] {
        if (view.plan()) shown.push_back(view.plan()->fixed.at("M"));
    });
    view.setSpec(example(300));
    view.setSpec(example(1000));
    ASSERT_TRUE(view.waitForPlan());
    ASSERT_NE(view.plan(), nullptr);
    EXPECT_EQ(view.plan()->fixed.at("M"), 1000);
    EXPECT_EQ(shown, std::vector<std::int64_t>{1000}) << "the superseded plan is never shown";
}

TEST(PlanView, ImportedVerifiedTimingsMeasureTheirCandidate) {
    PlanView view;
    view.setSpec(example());
    ASSERT_TRUE(view.waitForPlan());
    TimingRecord r;
    r.file = "bench.csv";
    r.line = 3;
    r.kernel = "matmul-rect";
    r.impl = "pallas";
    r.target = "tpu-v5e";
    r.params = Json{{"M", 300}, {"N", 500}, {"K", 256}, {"bm", 128}, {"bn", 128}, {"bk", 128}};
    r.source = TimingSource::Measured;
    r.verified = true;
    r.median_s = 2e-5;
    view.setRecords({r});
    int measured = 0;
    for (int row = 0; row < view.model()->rowCount(); ++row) {
        const QString status =
            view.model()->index(row, statusColumn(*view.model())).data().toString();
        if (status.startsWith(QStringLiteral("measured"))) {
            ++measured;
            EXPECT_TRUE(status.contains(QStringLiteral("of roof"))) << status.toStdString();
        }
    }
    EXPECT_EQ(measured, 1);
    EXPECT_TRUE(view.summaryText().contains(QStringLiteral("1 measured")));
}

TEST(PlanView, TheInterpretTargetSaysWhyThereIsNoPlan) {
    Spec spec = *example();
    spec.target.reset();
    PlanView view;
    view.setSpec(std::make_shared<const Spec>(spec));
    ASSERT_TRUE(view.waitForPlan());
    EXPECT_EQ(view.plan(), nullptr);
    EXPECT_TRUE(view.summaryText().startsWith(QStringLiteral("No plan")));
    EXPECT_FALSE(view.writeBenchScript(QStringLiteral("/dev/null")).isEmpty());
    view.setTarget("tpu-v5e");  // choosing a target plans for it
    ASSERT_TRUE(view.waitForPlan());
    EXPECT_NE(view.plan(), nullptr);
}

TEST(PlanView, WritesTheBenchmarkScript) {
    PlanView view;
    view.setSpec(example());
    ASSERT_TRUE(view.waitForPlan());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bench.py"));
    EXPECT_TRUE(view.writeBenchScript(path).isEmpty());
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    EXPECT_TRUE(text.contains("pallas_call"));
    EXPECT_TRUE(text.contains("block_until_ready"));
    EXPECT_FALSE(view.writeBenchScript(dir.filePath(QStringLiteral("missing/bench.py"))).isEmpty());
}

TEST(PlanView, IsATabOfTheTimingsPanelFollowingItsSpec) {
    TimingsPanel panel;
    panel.setSpec(*example());
    ASSERT_TRUE(panel.planView()->waitForPlan());
    auto* tabs = panel.findChild<QTabWidget*>();
    ASSERT_NE(tabs, nullptr);
    bool found = false;
    for (auto* t : panel.findChildren<QTabWidget*>()) {
        const int at = t->indexOf(panel.planView());
        if (at < 0) continue;
        found = true;
        EXPECT_EQ(t->tabText(at),
                  QStringLiteral("Plan (%1)").arg(panel.planView()->plan()->candidates.size()));
    }
    EXPECT_TRUE(found);
    panel.clearSpec();
    ASSERT_TRUE(panel.planView()->waitForPlan());
    EXPECT_EQ(panel.planView()->plan(), nullptr);
}

TEST(PlanView, IsUsableInAWindowOf1280By720) {
    // The window at its smallest supported size, a spec open and nothing imported yet: the Plan
    // tab shows its summary and several candidates, in a tab as tall as the chart's.
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    MainWindow window(&settings);
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(window.openSpec(QStringLiteral(":/examples/matmul-rect.tilelens.json")));
    ASSERT_TRUE(tl::test::settle(*window.document()));
    auto* panel = window.findChild<TimingsPanel*>();
    ASSERT_NE(panel, nullptr);
    ASSERT_TRUE(panel->planView()->waitForPlan());
    QCoreApplication::processEvents();
    ASSERT_NE(panel->planView()->plan(), nullptr);
    ASSERT_TRUE(panel->planView()->isVisible()) << "the plan is what there is to see";
    // The user chooses the Plan tab: the dock makes room for it, as for an import.
    QTabWidget* tabs = nullptr;
    for (auto* t : panel->findChildren<QTabWidget*>())
        if (t->indexOf(panel->planView()) >= 0) tabs = t;
    ASSERT_NE(tabs, nullptr);
    const int before = panel->planView()->height();
    QTest::mouseClick(tabs->tabBar(), Qt::LeftButton, {},
                      tabs->tabBar()->tabRect(tabs->indexOf(panel->planView())).center());
    QCoreApplication::processEvents();
    EXPECT_GT(panel->planView()->height(), before);
    auto* table = panel->planView()->findChild<QTableView*>(QStringLiteral("planTable"));
    ASSERT_NE(table, nullptr);
    ASSERT_GT(table->model()->rowCount(), 4);
    const int rows = table->viewport()->height() / table->rowHeight(0);
    EXPECT_GE(rows, 4) << "a table of " << table->viewport()->height() << " px";
    auto* summary = panel->planView()->findChild<QLabel*>();
    ASSERT_NE(summary, nullptr);
    EXPECT_GE(summary->height(), 2 * summary->fontMetrics().lineSpacing());
    // The plan has the charts' column at its full height, not a share under the decision.
    EXPECT_GT(panel->planView()->height(), panel->height() * 2 / 3);
    const QString shots = qEnvironmentVariable("TILELENS_SHOT_DIR");
    if (!shots.isEmpty()) window.grab().save(shots + QStringLiteral("/plan-1280x720.png"));
}
