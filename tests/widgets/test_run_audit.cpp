// Run and Audit in the background: progress, the result in the snapshot and the tables,
// cancel, and loading an audit case into the document.
#include <gtest/gtest.h>
#include <QLabel>
#include <QProgressBar>
#include <QSettings>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>

#include "test_util.h"
#include "widgets/audit/audit_cases_model.h"
#include "widgets/audit/audit_panel.h"
#include "widgets/document/spec_document.h"
#include "widgets/findings/findings_model.h"
#include "widgets/findings/findings_panel.h"
#include "widgets/kit/job_tracker.h"
#include "widgets/mainwindow/main_window.h"
#include "widgets/tasks/audit_controller.h"
#include "widgets/tasks/run_controller.h"

using namespace tl;
using namespace tl::gui;

namespace {

struct RunAuditHarness {
    QTemporaryDir dir;
    QSettings settings{dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat};
    MainWindow w{&settings};
    explicit RunAuditHarness(const char* example) {
        EXPECT_TRUE(w.openSpec(tl::test::example_file(example)));
        EXPECT_TRUE(tl::test::settle(*w.document()));
    }
    bool idle() {
        return tl::test::wait_until([&] { return !w.task()->running(); }, 120000);
    }
};

}  // namespace

TEST(Run, AttachesTheRunToTheSnapshotAndUpdatesTheFindings) {
    RunAuditHarness t(
        "matmul-floor-grid-rect");  // floor division drops the edge: outputs never written
    ASSERT_TRUE(t.w.runner()->start());
    EXPECT_TRUE(t.w.task()->running());
    EXPECT_FALSE(t.w.actions().run->isEnabled());
    EXPECT_TRUE(t.w.actions().cancel->isEnabled());
    ASSERT_TRUE(t.idle());
    const ExplorerSnapshot& s = t.w.document()->snapshot();
    ASSERT_TRUE(s.run);
    ASSERT_TRUE(s.numerics);
    EXPECT_TRUE(s.numerics->ran);
    EXPECT_EQ(s.audit->numerics, StageStatus::Fail);
    bool listed = false;
    const FindingsModel* m = t.w.findings()->model();
    for (int r = 0; r < m->rowCount(); ++r)
        listed |= m->finding(r)->kind == FindingKind::NumericalMismatch;
    EXPECT_TRUE(listed);
    EXPECT_TRUE(t.w.actions().run->isEnabled());
}

TEST(Run, ACorrectKernelPassesItsNumerics) {
    RunAuditHarness t("matmul-rect");
    ASSERT_TRUE(t.w.runner()->start());
    ASSERT_TRUE(t.idle());
    const ExplorerSnapshot& s = t.w.document()->snapshot();
    ASSERT_TRUE(s.numerics);
    EXPECT_TRUE(s.numerics->passed());
    EXPECT_EQ(s.audit->numerics, StageStatus::Pass);
    EXPECT_EQ(s.audit->verdict, Verdict::Pass);
}

TEST(Run, IsRefusedBeforeLaunchWhenTheContractRejects) {
    RunAuditHarness t("tpu-invalid-block");
    EXPECT_FALSE(t.w.runner()->start());
    EXPECT_FALSE(t.w.task()->running());
}

TEST(Run, ACancelledJobReportsCancelledAndAttachesNothing) {
    RunAuditHarness t("matmul-rect");
    JobTracker* task = t.w.task();
    std::atomic<bool> entered{false};
    // A job that only ends when cancelled stands in for a long run.
    ASSERT_NE(task->start(QStringLiteral("long"), 1,
                          [&](JobControl& c) -> JobTracker::Deliver {
                              entered = true;
                              c.report(1, 10);
                              while (!c.cancelled())
                                  std::this_thread::sleep_for(std::chrono::milliseconds(5));
                              return {};
                          }),
              0u);
    EXPECT_FALSE(t.w.runner()->start()) << "one job at a time";
    ASSERT_TRUE(tl::test::wait_until([&] { return entered.load(); }));
    auto* bar = t.w.findChild<QProgressBar*>(QStringLiteral("jobProgress"));
    ASSERT_TRUE(tl::test::wait_until([&] { return bar->maximum() == 1000; }));
    EXPECT_EQ(bar->value(), 100);
    bool cancelled = false;
    QObject::connect(task, &JobTracker::finished, [&](quint64, bool c, bool) { cancelled = c; });
    t.w.actions().cancel->trigger();
    ASSERT_TRUE(t.idle());
    EXPECT_TRUE(cancelled);
    EXPECT_FALSE(t.w.document()->snapshot().run);
}

TEST(Audit, FillsTheCaseTableAndAFailingCaseLoadsIntoTheDocument) {
    RunAuditHarness t("reduction-wrong-axis");
    ASSERT_TRUE(t.w.auditor()->start());
    ASSERT_TRUE(t.idle());
    ASSERT_TRUE(t.w.auditor()->result());
    const AuditCasesModel* cases = t.w.auditPanel()->model();
    ASSERT_GE(cases->rowCount(), 1);
    int failing = -1;
    for (int r = 0; r < cases->rowCount() && failing < 0; ++r)
        if (cases->auditCase(r)->verdict != Verdict::Pass) failing = r;
    ASSERT_GE(failing, 0) << "the wrong reduction axis fails";
    // Load a case whose params differ from the document's, as a sweep case does.
    auto result = std::make_shared<AuditResult>(*t.w.auditor()->result());
    result->cases[static_cast<std::size_t>(failing)].params["M"] = 7;
    t.w.auditPanel()->showResult(result);
    QTableView* table = t.w.auditPanel()->table();
    emit table->clicked(cases->index(failing, 0));
    std::int64_t m = 0;
    for (const auto& [n, v] : t.w.document()->spec().params)
        if (n == "M") m = v;
    EXPECT_EQ(m, 7);
    t.w.document()->undoStack()->undo();
    for (const auto& [n, v] : t.w.document()->spec().params)
        if (n == "M") m = v;
    EXPECT_EQ(m, 256);
}

TEST(Audit, ACaseOfAnEarlierSpecIsNotLoadedIntoTheEditedOne) {
    RunAuditHarness t("reduction-wrong-axis");
    ASSERT_TRUE(t.w.auditor()->start());
    ASSERT_TRUE(t.idle());
    const AuditCasesModel* cases = t.w.auditPanel()->model();
    int failing = -1;
    for (int r = 0; r < cases->rowCount() && failing < 0; ++r)
        if (cases->auditCase(r)->verdict != Verdict::Pass) failing = r;
    ASSERT_GE(failing, 0);
    auto result = std::make_shared<AuditResult>(*t.w.auditor()->result());
    result->cases[static_cast<std::size_t>(failing)].params["M"] = 7;
    t.w.auditPanel()->showResult(result);
    QTableView* table = t.w.auditPanel()->table();
    const auto m_of = [&] {
        for (const auto& [n, v] : t.w.document()->spec().params)
            if (n == "M") return v;
        return std::int64_t{-1};
    };
    // Loading a case changes only param values: the next case still applies.
    emit table->clicked(cases->index(failing, 0));
    ASSERT_EQ(m_of(), 7);
    // A new target makes the audit's cases describe a spec that no longer exists.
    Spec edited = t.w.document()->spec();
    edited.target = "gpu-triton";
    t.w.document()->edit(edited, {SpecChange::Part::Target, -1, {}}, QStringLiteral("target"));
    result->cases[static_cast<std::size_t>(failing)].params["M"] = 9;
    t.w.auditPanel()->showResult(result);
    emit table->clicked(cases->index(failing, 0));
    EXPECT_EQ(m_of(), 7) << "the stale case was applied";
    EXPECT_TRUE(t.w.statusBar()->currentMessage().contains(QStringLiteral("earlier version")))
        << t.w.statusBar()->currentMessage().toStdString();
}

TEST(Audit, SweepsHostileShapesAndAFailingShapeOpensInTheEditor) {
    RunAuditHarness t("matmul-floor-grid-rect");
    ASSERT_TRUE(t.w.auditor()->start());
    ASSERT_TRUE(t.idle());
    const AuditCasesModel* cases = t.w.auditPanel()->model();
    ASSERT_GT(cases->rowCount(), 1) << "the spec's own params and hostile shapes";
    // A failing case other than the spec's own params.
    const auto& own = t.w.document()->spec().params;
    int row = -1;
    for (int r = 1; r < cases->rowCount() && row < 0; ++r) {
        const AuditCase* c = cases->auditCase(r);
        if (c->verdict == Verdict::Pass) continue;
        for (const auto& [n, v] : own)
            if (c->params.count(n) && c->params.at(n) != v) row = r;
    }
    ASSERT_GE(row, 0);
    const auto params = cases->auditCase(row)->params;
    emit t.w.auditPanel()->table()->clicked(cases->index(row, 0));
    for (const auto& [n, v] : t.w.document()->spec().params) {
        if (params.count(n)) {
            EXPECT_EQ(v, params.at(n)) << n;
        }
    }
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    EXPECT_NE(t.w.document()->snapshot().audit->verdict, Verdict::Pass);
}

namespace {

QString summary_of(const MainWindow& w) {
    return w.findChild<QLabel*>(QStringLiteral("auditSummary"))->text();
}

QColor verdict_colour_of(const AuditCasesModel* cases, int row) {
    return cases->index(row, cases->verdictColumn())
        .data(Qt::ForegroundRole)
        .value<QBrush>()
        .color();
}

}  // namespace

TEST(Audit, TheTableIsMarkedOutOfDateAfterAnEditAndCurrentAgainAfterUndo) {
    RunAuditHarness t("matmul-rect");
    ASSERT_TRUE(t.w.auditor()->start());
    ASSERT_TRUE(t.idle());
    const AuditCasesModel* cases = t.w.auditPanel()->model();
    ASSERT_GE(cases->rowCount(), 1);
    const QColor pass = verdict_colour_of(cases, 0);
    EXPECT_FALSE(summary_of(t.w).contains(QStringLiteral("re-run")));
    Spec edited = t.w.document()->spec();
    edited.grid[0] = std::string("M // bm");
    t.w.document()->edit(edited, {SpecChange::Part::Grid, -1, QStringLiteral("grid")},
                         QStringLiteral("grid"));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    EXPECT_TRUE(summary_of(t.w).contains(QStringLiteral("as it was at")))
        << summary_of(t.w).toStdString();
    EXPECT_TRUE(summary_of(t.w).contains(QStringLiteral("re-run")))
        << summary_of(t.w).toStdString();
    EXPECT_NE(verdict_colour_of(cases, 0), pass) << "the stale verdicts are greyed";
    t.w.document()->undoStack()->undo();
    EXPECT_FALSE(summary_of(t.w).contains(QStringLiteral("re-run")))
        << summary_of(t.w).toStdString();
    EXPECT_EQ(verdict_colour_of(cases, 0), pass);
}

TEST(Audit, AnotherDocumentDoesNotShowThePreviousDocumentsSweep) {
    RunAuditHarness t("matmul-rect");
    ASSERT_TRUE(t.w.auditor()->start());
    ASSERT_TRUE(t.idle());
    ASSERT_GE(t.w.auditPanel()->model()->rowCount(), 1);
    ASSERT_TRUE(t.w.openSpec(tl::test::example_file("transpose")));
    EXPECT_EQ(t.w.auditPanel()->model()->rowCount(), 0);
    EXPECT_FALSE(summary_of(t.w).contains(QStringLiteral("matmul-rect")))
        << summary_of(t.w).toStdString();
}

TEST(Audit, ALoadedSweepCaseShowsItsAuditVerdictOnTheBadge) {
    RunAuditHarness t("matmul-rect");
    ASSERT_TRUE(t.w.auditor()->start());
    ASSERT_TRUE(t.idle());
    // A case that only the numerics fail: the live checks (contract, indexing) pass it.
    auto result = std::make_shared<AuditResult>(*t.w.auditor()->result());
    ASSERT_GE(result->cases.size(), 2u);
    AuditCase& c = result->cases[1];
    c.params["M"] = 7;
    c.verdict = Verdict::Fail;
    c.findings = {FindingKind::NumericalMismatch};
    t.w.auditPanel()->showResult(result);
    const AuditCasesModel* cases = t.w.auditPanel()->model();
    emit t.w.auditPanel()->table()->clicked(cases->index(1, 0));
    ASSERT_TRUE(tl::test::settle(*t.w.document()));
    for (const auto& [n, v] : t.w.document()->spec().params)
        if (n == "M") {
            ASSERT_EQ(v, 7);
        }
    EXPECT_EQ(t.w.document()->snapshot().audit->verdict, Verdict::Pass);
    EXPECT_EQ(t.w.findChild<QLabel*>(QStringLiteral("verdict"))->text(), QStringLiteral("FAIL"));
}
